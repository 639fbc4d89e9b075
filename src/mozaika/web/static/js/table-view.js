// The table page's pieces, drawn from what the page knows (a *scene*) and the page's actions (`on`):
// the heading, the play area with every board, and the prompt and buttons of the move being chosen.
// They hold no state: the page (table.js) keeps it and draws them again when it changes.
//
// A scene: `table` (the table's view, kept up to date by the events), `game` (the board adapter),
// `me` (the viewer's seat or null), `names`, `connection`, `moves` (the viewer's legal moves with
// their paths, none while a move is being sent), `input` (the move being chosen: move-input.js) and its
// `chosen` clicks, `pending` (a complete move awaiting confirmation), `busy`, `hints`,
// `gains` (the last round's points by seat), `expanded` (the opponents' boards opened on a phone),
// `clocks`.

import { controlLabel, formatLeft, notificationButton } from "./clock.js";
import { firstKeys, followers, nextKeys } from "./chooser.js";
import { spectatorsButton } from "./community.js";
import { clickable, h } from "./dom.js";
import { t, term } from "./i18n.js";
import { moving } from "./motion.js";
import { promptItems } from "./move-prompt.js";
import { boardPanel } from "./panel.js";
import { resultPanel } from "./result.js";
import { leavingButtons, peopleItems, presenceBadge } from "./people.js";
import { botName, playerName } from "./seats.js";
import { zoomControl } from "./zoom.js";

// The score sources that are end-game bonuses (A-12, S-13), shown as the game ends.
const BONUS_SOURCES = ["rows", "columns", "colours", "stars", "numbers"];

const seatedAt = (me) => me !== null && me !== undefined;

/** Whether the game waits for this player, whose time ran out (a friendly table against bots). */
function paused(table, me) {
  const seat = table.seats?.[me];
  return Boolean(seat && seat.kind === "player" && seat.timed_out);
}

/** Whether the viewer plays here (or played, until their time ran out). */
function seated(table, me) {
  return seatedAt(me) || table.seats.some((seat) => seat.can_return);
}

/** Whether the viewer may move now: on turn with moves, and not paused. */
export function isMyTurn(table, me) {
  return table.status === "running" && (table.to_move || []).includes(me) && (table.legal_moves || []).length > 0 && !paused(table, me);
}

/** Whether the viewer may take their last move back (the server says who may: the rule lives there). */
function canUndo(table, me) {
  if (!table.undo || table.status !== "running" || !seatedAt(me)) return false;
  return Boolean(table.can_undo);
}

/** The heading's parts: the game and its options, the connection, the status line, and the page's buttons. */
export function heading(scene, on) {
  const { table, me } = scene;
  // Leaving a game is rare and final: small buttons at the end of the heading, not among the moves.
  return [
    h("h1", { dataset: { title: t(`game.${table.game}`) } }, t(`game.${table.game}`), " ", h("small", {}, optionWords(table))),
    h("span", { class: "connection", "data-status": scene.connection, title: t("connection") }),
    statusLine(scene),
    seated(table, me) && table.status !== "finished" ? notificationButton() : "",
    spectatorsButton(table, scene.tableId, (changed) => on.spectatorsChanged(changed)),
    table.status === "running" || table.status === "finished" ? zoomControl() : "",
    ...leavingButtons(table, me, on),
  ];
}

function optionWords(table) {
  const words = Object.entries(table.options).map(([name, value]) => t(`option.${name}.${value}`));
  if (table.clock) words.push(controlLabel(table.clock.control));
  return words.join(" · ");
}

function statusLine({ table, game, names, me }) {
  const parts = [];
  if (table.status === "running") {
    parts.push(h("span", { class: "round" }, t("round_n", { n: table.round })));
    if (game.lastRound(table.position)) parts.push(h("strong", { class: "last-round", role: "alert" }, t("last_round")));
    const movers = table.to_move.map((seat) => (seat === me ? t("you") : names[seat]));
    const yours = table.to_move.includes(me);
    if (table.idle_ended) parts.push(h("span", { class: "idle-ended" }, t("idle_ended_status")));
    else if (paused(table, me)) parts.push(h("span", { class: "turn paused" }, t("clock.paused_status")));
    else parts.push(h("span", { class: `turn${yours ? " yours" : ""}` }, yours ? t("your_turn") : t("turn_of", { names: movers.join(", ") })));
  } else {
    // The status begins the line: a capital, though the lobby says it mid-sentence ("· finished").
    const words = t(`status.${table.status}`);
    parts.push(h("span", { class: `status status-${table.status}` }, words.charAt(0).toLocaleUpperCase() + words.slice(1)));
  }
  return h("p", { class: "status-line" }, parts);
}

/** At the end of the game, each end-game bonus (from the result) as a note to float over its board. */
export function bonusNotes(table) {
  return table.result.players.flatMap((player) => BONUS_SOURCES.filter((source) => player.sources[source] > 0)
    .map((source) => ({ seat: player.seat, part: "svg.board", text: `+${player.sources[source]} ${term(table.game, `source.${source}`)}` })));
}

/** The factories (or the result) and every board, the viewer's first; the actions box is filled by actions(). */
export function playArea(scene, on) {
  const { table, game, me, chosen } = scene;
  const position = table.position;
  const targets = scene.pending ? new Set() : nextKeys(scene.moves, chosen);
  const switchable = scene.pending ? new Set() : firstKeys(scene.moves);
  const focusable = new Set();
  const ui = {
    me,
    names: scene.names,
    ...scene.input.tiles((change, focus) => on.redraw(change, focus)),
    key: (element, key, label) => {
      element.dataset.key = key;
      const live = targets.has(key) || (chosen.length && switchable.has(key) && chosen[0] !== key);
      if (chosen.includes(key)) element.classList.add("chosen");
      if (!live) return;
      element.classList.add(targets.has(key) ? "target" : "switch");
      clickable(element, label, () => on.pick(key));
      if (focusable.has(key)) element.setAttribute("tabindex", "-1");
      focusable.add(key);
      element.addEventListener("mouseenter", () => on.hover(key, true));
      element.addEventListener("mouseleave", () => on.hover(key, false));
      element.addEventListener("focus", () => on.hover(key, true));
      element.addEventListener("blur", () => on.hover(key, false));
    },
  };
  const panels = boardOrder(table, me).map((seat) => seatPanel(scene, on, seat, ui));
  const boards = h("div", { class: "boards" },
    h("div", { class: "board-mine" }, panels[0]),
    h("div", { class: "board-others" }, panels.slice(1)));
  const finished = table.status === "finished" && table.result;
  const shared = finished
    ? h("div", { class: "shared-wrap result-wrap" }, resultPanel(table, scene.names, scene.tableId))
    : h("div", { class: "shared-wrap" }, game.shared(position, ui));
  // While a turn starts with a choice of sources, outlining them all says nothing: the highlight
  // stays quiet (what cannot be taken is dimmed) and the pointer's choice shows strongly.
  const quiet = !chosen.length && targets.size > 0 && [...targets].every((key) => key.startsWith("src:"));
  return h("section", { class: ["play", seatedAt(me) ? "seated" : "watching", quiet ? "quiet" : "", finished ? "finished" : ""].filter(Boolean).join(" ") },
    shared, h("div", { class: "actions", "aria-live": "polite" }), boards);
}

/** The seats in the order their boards are drawn: the viewer's first, then the others in turn order. */
function boardOrder(table, me) {
  const seats = table.seats.map((seat) => seat.index);
  if (!seatedAt(me)) return seats;
  return [...seats.slice(me), ...seats.slice(0, me)];
}

function seatPanel(scene, on, seat, ui) {
  const { table, me, expanded } = scene;
  const position = table.position;
  const turn = table.status === "running" && table.to_move.includes(seat);
  const first = position.marker_holder === seat && !position.marker_in_centre;
  const occupant = table.seats[seat];
  // A stand-in plays under its player's name; the badge says which bot it is.
  const standIn = occupant?.replaced ? h("span", { class: "badge stand-in", title: t("board.stand_in_title") }, t("board.stand_in", { bot: botName(occupant.level) })) : "";
  const badges = [
    seat === me || occupant?.played_for_you ? h("span", { class: "badge you" }, t("you")) : "",
    table.status === "running" ? presenceBadge(occupant, seat === me || occupant?.played_for_you) : "",
    standIn,
    first ? h("span", { class: "badge first", title: t("first_player_marker") }, "1") : "",
    table.status === "running" && table.seats[seat]?.kind === "player" ? scene.clocks.badge(seat) : "",
  ];
  const mine = seat === me;
  const classes = [turn ? "on-turn" : "", mine ? "mine" : "other"].filter(Boolean);
  const toggle = mine ? null : {
    open: expanded.has(seat),
    onToggle: (event) => {
      if (expanded.has(seat)) expanded.delete(seat);
      else expanded.add(seat);
      const panel = event.currentTarget.closest(".board-panel");
      panel.classList.toggle("expanded", expanded.has(seat));
      event.currentTarget.setAttribute("aria-expanded", String(expanded.has(seat)));
    },
  };
  // The preview of a choice is said in the heading of the player's board: nothing moves when it appears.
  if (mine) badges.push(h("span", { class: "preview", "aria-live": "polite" }));
  const name = occupant ? playerName(occupant, seat) : scene.names[seat];
  return boardPanel(scene.game, position, seat, ui, { name, badges, classes, gain: scene.gains?.[seat], toggle });
}

/** What goes in the actions box: the prompt of the move being chosen and its buttons, or what the viewer waits for. */
export function actions(scene, on) {
  const { table, game, me } = scene;
  const items = [];
  const mine = table.status === "running" && table.to_move.includes(me) && !paused(table, me);
  if (scene.busy) {
    items.push(h("p", { class: "prompt" }, t("sending")));
  } else if (scene.pending) {
    items.push(h("p", { class: "prompt" }, t("confirm_prompt", { move: game.describe(scene.pending) })),
      h("button", { class: "primary confirm-move", type: "button", onClick: () => on.submit(scene.pending) }, t("confirm")),
      h("button", { type: "button", onClick: () => on.cancel() }, t("cancel")));
  } else if (mine) {
    const hand = table.position.boards[me]?.hand ?? "";
    items.push(...promptItems(scene.input, game, table.position, hand, { key: (key) => on.pick(key), complete: (text) => on.complete(text), cancel: () => on.cancel() }));
    if (table.hints) items.push(h("button", { type: "button", class: "hint-button", onClick: () => on.hint() }, t("hint")));
  } else if (table.status === "running" && paused(table, me)) {
    const control = table.clock.control;
    items.push(h("p", { class: "prompt timed-out" }, t("clock.paused", { bank: formatLeft(control.bank || control.per_move, control.kind === "realtime") })),
      h("button", { type: "button", class: "primary take-back-button", onClick: () => on.takeBack() }, t("clock.fresh_bank")),
      h("button", { type: "button", class: "let-bot-finish", onClick: () => on.letTheBotFinish() }, t("clock.let_bot_finish")));
  } else if (table.status === "running" && table.seats.some((seat) => seat.can_return)) {
    const away = table.seats.some((seat) => seat.can_return && seat.away);
    items.push(h("p", { class: "prompt timed-out" }, away ? t("presence.played_while_away") : t("clock.your_time_ran_out")),
      h("button", { type: "button", class: "primary take-back-button", onClick: () => on.takeBack() }, t("clock.take_back")));
  } else if (table.status === "running") {
    items.push(h("p", { class: "prompt muted" }, seatedAt(me) ? t("waiting_for_others") : t("watching")));
  } else if (table.status === "aborted") {
    items.push(h("p", { class: "prompt aborted-note" }, t("abort.ended")));
  }
  items.push(...peopleItems(table, me, scene.names, on));
  if (canUndo(table, me) && !scene.busy) {
    items.push(h("button", { type: "button", class: "undo-button", onClick: () => on.undo() }, t("undo")));
  }
  if (scene.hints && mine) {
    items.push(h("ol", { class: "hints" }, scene.hints.map((hint) =>
      h("li", {}, h("button", { type: "button", class: "link", onClick: () => on.complete(hint.move) }, game.describe(hint.move)),
        " ", h("span", { class: "muted" }, hint.visits === null ? t("hint_points", { value: hint.value }) : t("hint_value", { value: Math.round(hint.value * 100), visits: hint.visits }))))));
  }
  return items;
}

/**
 * While `key` is pointed at (or has the focus; `on`), in the drawn play area `main`: its places
 * lit, the places that could follow it marked, and the preview of where the tiles would go and
 * what it costs (or what a special factory does), said in the heading of the viewer's board.
 */
export function pointAt(main, scene, key, on) {
  for (const element of main.querySelectorAll(`[data-key="${CSS.escape(key)}"]`)) element.classList.toggle("hover", on);
  const next = followers(scene.moves, scene.chosen, key);
  for (const element of main.querySelectorAll("[data-key]")) {
    if (next.has(element.dataset.key)) element.classList.toggle("could", on);
  }
  const line = main.querySelector(".board-panel.mine .preview");
  for (const ghost of main.querySelectorAll(".ghosts")) ghost.remove();
  if (!line) return;
  line.textContent = "";
  if (!on || !seatedAt(scene.me)) return;
  const position = scene.table.position;
  const source = /^src:([1-9C]):/.exec(key);
  if (source) {
    line.textContent = scene.game.specialNote(position, source[1]);
    return;
  }
  const shown = scene.game.preview(position, scene.me, scene.chosen, key);
  if (!shown) return;
  line.textContent = shown.words;
  if (shown.ghosts) main.querySelector(".board-panel.mine svg.board")?.append(shown.ghosts);
}

/** On a phone, once tiles are chosen, the board where they go comes into view. */
export function showTargets(main) {
  if (!window.matchMedia("(max-width: 900px)").matches) return;
  const board = main.querySelector(".board-panel.mine svg.board");
  const box = board?.getBoundingClientRect();
  if (box && (box.bottom > window.innerHeight || box.top < 0)) {
    board.scrollIntoView({ block: "end", behavior: moving() ? "smooth" : "auto" });
  }
}

/**
 * After the play area `main` was drawn again: the focus goes to the first place the move may go
 * on (`forward`, after a step forward, so that a keyboard goes on from there), or back to the
 * place with the key it was on (`focused`) where it was lost with the old drawing.
 */
export function keepFocus(main, focused, forward) {
  const target = forward ? main.querySelector('.choices .choice, [data-key].target[tabindex="0"]') : null;
  if (target) target.focus({ preventScroll: true });
  else if (focused && main.contains(document.activeElement) === false) {
    main.querySelector(`[data-key="${CSS.escape(focused)}"][tabindex="0"]`)?.focus({ preventScroll: true });
  }
}
