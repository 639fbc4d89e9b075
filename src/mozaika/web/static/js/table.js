// The table page: the game as it stands, live; the player's moves by clicking; the log, chat and result.

import { Live, get, post } from "./api.js";
import { clickable, copyText, h, replace, toast } from "./dom.js";
import { CHOICE_KINDS, adapterFor, promptFor } from "./games.js";
import { explain, t } from "./i18n.js";
import { prefs } from "./prefs.js";
import { describeEntry } from "./log.js";
import { boardPanel } from "./panel.js";
import { resultPanel } from "./result.js";
import { navigate } from "./router.js";
import { sortTiles } from "./boards/tiles.js";
import { seatName } from "./seats.js";
import { session } from "./session.js";

const invitesKey = (tableId) => `mozaika.invites.${tableId}`;

export function rememberInvites(tableId, invites) {
  localStorage.setItem(invitesKey(tableId), JSON.stringify(invites));
}

function rememberedInvites(tableId) {
  try {
    return JSON.parse(localStorage.getItem(invitesKey(tableId)) || "{}");
  } catch {
    return {};
  }
}

export async function tablePage(root, tableId) {
  const page = new TablePage(root, tableId);
  await page.load();
  return () => page.close();
}

class TablePage {
  constructor(root, tableId) {
    this.root = root;
    this.tableId = tableId;
    this.entries = [];
    this.chosen = [];
    this.keeping = null;
    this.pending = null;
    this.busy = false;
    this.hints = null;
    this.cells = null;
    this.live = null;
    this.connection = "online";
    this.onKey = (event) => this.key(event);
    this.onPreferences = () => this.render(false);
    document.addEventListener("keydown", this.onKey);
    window.addEventListener("preferences", this.onPreferences);
  }

  close() {
    this.live?.close();
    document.removeEventListener("keydown", this.onKey);
    window.removeEventListener("preferences", this.onPreferences);
  }

  // --- loading and live events ------------------------------------------------------------

  async load() {
    this.table = await get(`/tables/${this.tableId}`);
    this.game = await adapterFor(this.table);
    this.me = this.table.you;
    this.canUndo = Boolean(this.table.can_undo);
    if (this.table.status === "running" || this.table.status === "finished") {
      const log = await get(`/tables/${this.tableId}/log?since=0`);
      this.entries = log.entries;
      this.applyStep(log, false);
    }
    this.chat = await get(`/tables/${this.tableId}/chat`).catch(() => []);
    this.render(false);
    this.connect();
  }

  connect() {
    this.live?.close();
    const since = this.table.status === "open" || this.table.status === "cancelled" ? undefined : this.table.seq;
    this.live = new Live(`/tables/${this.tableId}/live`, {
      since,
      onEvent: (event) => this.event(event),
      onStatus: (status) => {
        this.connection = status;
        this.root.querySelector(".connection")?.setAttribute("data-status", status);
      },
    });
  }

  async event(event) {
    if (event.type === "step") {
      const fresh = event.entries.filter((entry) => entry.seq > (this.entries.at(-1)?.seq ?? 0));
      this.entries.push(...fresh);
      const changed = event.seq !== this.table.seq || event.status !== this.table.status;
      this.applyStep(event, true);
      if (changed) this.render(true);
    } else if (event.type === "table") {
      const before = this.table.status;
      this.table = await get(`/tables/${this.tableId}`);
      this.me = this.table.you;
      if (before === "open" && this.table.status === "running") {
        await this.load();
        return;
      }
      this.render(false);
    } else if (event.type === "chat") {
      this.chat.push(event.message);
      this.renderChat();
    } else if (event.type === "hello") {
      this.table = event.table;
      this.render(false);
    }
  }

  /** Takes in a step event (or the log's answer, which has the same shape). */
  applyStep(step, live) {
    const moved = step.seq !== this.table.seq;
    Object.assign(this.table, {
      seq: step.seq,
      status: step.status,
      round: step.round ?? this.table.round,
      to_move: step.to_move ?? this.table.to_move,
      scores: step.scores ?? this.table.scores,
      position: step.position ?? this.table.position,
      result: step.result ?? this.table.result,
    });
    if (step.legal_moves) {
      this.table.legal_moves = this.me !== null && this.me !== undefined ? step.legal_moves[String(this.me)] || [] : [];
    }
    if (moved || !live) {
      this.chosen = [];
      this.keeping = null;
      this.pending = null;
      this.hints = null;
      this.busy = false;
    }
    const last = this.entries.at(-1);
    if (live && moved) {
      if (last?.kind === "undo") this.refreshUndo();
      else this.canUndo = Boolean(this.table.undo && this.table.status === "running" && last?.kind === "move" && last.seat === this.me);
    }
  }

  async refreshUndo() {
    const view = await get(`/tables/${this.tableId}`);
    this.canUndo = Boolean(view.can_undo);
    this.renderActions();
  }

  // --- what the player may do ---------------------------------------------------------------

  isMyTurn() {
    return this.table.status === "running" && (this.table.to_move || []).includes(this.me) && (this.table.legal_moves || []).length > 0;
  }

  myMoves() {
    if (this.table.status !== "running" || this.busy) return [];
    return (this.table.legal_moves || []).map((text) => ({ text, path: this.game.path(text) }));
  }

  candidates() {
    return this.myMoves().filter((move) => this.chosen.every((key, index) => move.path[index] === key));
  }

  nextKeys() {
    const depth = this.chosen.length;
    return new Set(this.candidates().map((move) => move.path[depth]).filter(Boolean));
  }

  firstKeys() {
    return new Set(this.myMoves().map((move) => move.path[0]));
  }

  pick(key) {
    if (this.pending) this.pending = null;
    if (this.chosen.at(-1) === key) {
      this.chosen.pop();
    } else if (this.nextKeys().has(key)) {
      this.chosen.push(key);
    } else if (this.firstKeys().has(key)) {
      this.chosen = [key];
    } else {
      return;
    }
    this.keeping = this.nextKind() === "keep" ? new Set() : null;
    const left = this.candidates();
    if (left.length === 1 && this.chosen.length) {
      this.complete(left[0].text);
      return;
    }
    this.render(false, key);
  }

  nextKind() {
    const keys = [...this.nextKeys()];
    return keys.length ? keys[0].split(":")[0] : null;
  }

  complete(text) {
    if (prefs.confirmMoves) {
      this.pending = text;
      this.chosen = this.game.path(text);
      this.keeping = null;
      this.render(false);
      this.root.querySelector(".confirm-move")?.focus();
    } else {
      this.submit(text);
    }
  }

  cancel() {
    this.chosen = [];
    this.keeping = null;
    this.pending = null;
    this.render(false);
  }

  async submit(text) {
    this.busy = true;
    this.pending = null;
    this.render(false);
    try {
      await post(`/tables/${this.tableId}/moves`, { move: text, seq: this.table.seq });
    } catch (error) {
      this.busy = false;
      this.chosen = [];
      toast(explain(error), "error");
      if (error.code === "stale") await this.load();
      else this.render(false);
    }
  }

  async undo() {
    try {
      await post(`/tables/${this.tableId}/undo`, { seq: this.table.seq });
    } catch (error) {
      toast(explain(error), "error");
    }
  }

  async abandon() {
    if (!window.confirm(t("abandon_question"))) return;
    try {
      await post(`/tables/${this.tableId}/abandon`);
      navigate("/");
    } catch (error) {
      toast(explain(error), "error");
    }
  }

  async hint() {
    const button = this.root.querySelector(".hint-button");
    if (button) button.disabled = true;
    try {
      const found = await get(`/tables/${this.tableId}/hint`);
      if (found.seq === this.table.seq) this.hints = found.moves;
    } catch (error) {
      toast(explain(error), "error");
    }
    this.renderActions();
  }

  toggleKeep(index, letter) {
    if (this.keeping.has(index)) this.keeping.delete(index);
    else this.keeping.add(index);
    this.render(false);
    this.root.querySelector(`.hand-tile[data-index="${index}"]`)?.focus();
  }

  /** The pass whose kept tiles are those chosen in the hand (as the hand is drawn: sorted by colour). */
  keepMove() {
    const hand = sortTiles(this.game.theme, this.table.position.boards[this.me].hand);
    const sorted = (letters) => [...letters].sort().join("");
    const wanted = sorted([...this.keeping].map((index) => hand[index]).join(""));
    return this.candidates().find((move) => sorted(move.path[1].slice(5)) === wanted);
  }

  key(event) {
    if (event.key === "Escape" && (this.chosen.length || this.pending)) {
      event.preventDefault();
      this.cancel();
    }
  }

  // --- drawing ----------------------------------------------------------------------------------

  names() {
    return this.table.seats.map(seatName);
  }

  render(animate, focusKey = null) {
    const focused = focusKey || document.activeElement?.dataset?.key;
    const table = this.table;
    const head = h("header", { class: "table-head" },
      h("h1", {}, table.title, " ", h("small", {}, this.optionWords())),
      h("span", { class: "connection", "data-status": this.connection, title: t("connection") }),
      this.statusLine());
    const content = [head];
    if (table.status === "open" || table.status === "cancelled") {
      content.push(this.waitingRoom());
    } else {
      content.push(this.playArea());
    }
    content.push(h("section", { class: "side" }, this.logPanel(), this.chatPanel()));
    // The state as attributes too: what automated players and tests wait on.
    const dataset = { seq: table.seq, status: table.status, yourTurn: String(this.isMyTurn()), round: table.round ?? 0 };
    replace(this.root, h("div", { class: `table-page game-${table.game}`, dataset }, content));
    this.renderActions();
    if (animate) this.animate();
    else this.cells = this.snapshot();
    if (focused) this.root.querySelector(`[data-key="${CSS.escape(focused)}"][tabindex="0"]`)?.focus();
  }

  optionWords() {
    return Object.entries(this.table.options)
      .map(([name, value]) => t(`option.${name}.${value}`))
      .join(" · ");
  }

  statusLine() {
    const table = this.table;
    const parts = [];
    if (table.status === "running") {
      parts.push(h("span", { class: "round" }, t("round_n", { n: table.round })));
      if (this.game.lastRound(table.position)) parts.push(h("strong", { class: "last-round", role: "alert" }, t("last_round")));
      const names = this.names();
      const movers = table.to_move.map((seat) => (seat === this.me ? t("you") : names[seat]));
      const yours = table.to_move.includes(this.me);
      parts.push(h("span", { class: `turn${yours ? " yours" : ""}` }, yours ? t("your_turn") : t("turn_of", { names: movers.join(", ") })));
    } else {
      parts.push(h("span", { class: `status status-${table.status}` }, t(`status.${table.status}`)));
    }
    return h("p", { class: "status-line" }, parts);
  }

  playArea() {
    const table = this.table;
    const position = table.position;
    const targets = this.pending ? new Set() : this.nextKeys();
    const switchable = this.pending ? new Set() : this.firstKeys();
    const focusable = new Set();
    const game = this.game;
    const ui = {
      me: this.me,
      names: this.names(),
      keeping: this.keeping,
      toggleKeep: (index, letter) => this.toggleKeep(index, letter),
      key: (element, key, label) => {
        element.dataset.key = key;
        const live = targets.has(key) || (this.chosen.length && switchable.has(key) && this.chosen[0] !== key);
        if (this.chosen.includes(key)) element.classList.add("chosen");
        if (!live) return;
        element.classList.add(targets.has(key) ? "target" : "switch");
        clickable(element, label, () => this.pick(key));
        if (focusable.has(key)) element.setAttribute("tabindex", "-1");
        focusable.add(key);
        element.addEventListener("mouseenter", () => this.hover(key, true));
        element.addEventListener("mouseleave", () => this.hover(key, false));
        element.addEventListener("focus", () => this.hover(key, true));
        element.addEventListener("blur", () => this.hover(key, false));
      },
    };
    const order = this.boardOrder();
    const boards = h("div", { class: "boards" },
      order.map((seat) => this.boardPanel(position, seat, ui)));
    const area = h("section", { class: "play" }, h("div", { class: "shared-wrap" }, game.shared(position, ui)), h("div", { class: "actions", "aria-live": "polite" }), boards);
    if (table.status === "finished" && table.result) {
      area.prepend(resultPanel(table, this.names(), this.tableId));
    }
    return area;
  }

  boardOrder() {
    const seats = this.table.seats.map((seat) => seat.index);
    if (this.me === null || this.me === undefined) return seats;
    return [...seats.slice(this.me), ...seats.slice(0, this.me)];
  }

  boardPanel(position, seat, ui) {
    const table = this.table;
    const info = table.seats[seat];
    const turn = table.status === "running" && table.to_move.includes(seat);
    const first = position.marker_holder === seat && !position.marker_in_centre;
    const badges = [
      info.replaced ? h("span", { class: "badge" }, t("bot"), " · ", t(`level.${info.level}`)) : "",
      seat === this.me ? h("span", { class: "badge you" }, t("you")) : "",
      first ? h("span", { class: "badge first", title: t("first_player_marker") }, "1") : "",
    ];
    const classes = [turn ? "on-turn" : "", seat === this.me ? "mine" : ""].filter(Boolean);
    return boardPanel(this.game, position, seat, ui, { badges, classes });
  }

  hover(key, on) {
    for (const element of this.root.querySelectorAll(`[data-key="${CSS.escape(key)}"]`)) element.classList.toggle("hover", on);
    const depth = this.chosen.length;
    const next = new Set(this.candidates().filter((move) => move.path[depth] === key).map((move) => move.path[depth + 1]).filter(Boolean));
    for (const element of this.root.querySelectorAll("[data-key]")) {
      if (next.has(element.dataset.key)) element.classList.toggle("could", on);
    }
  }

  renderActions() {
    const box = this.root.querySelector(".actions");
    if (!box) return;
    const table = this.table;
    const items = [];
    const mine = table.status === "running" && table.to_move.includes(this.me);
    if (this.busy) {
      items.push(h("p", { class: "prompt" }, t("sending")));
    } else if (this.pending) {
      items.push(h("p", { class: "prompt" }, t("confirm_prompt", { move: this.game.describe(this.pending) })),
        h("button", { class: "primary confirm-move", type: "button", onClick: () => this.submit(this.pending) }, t("confirm")),
        h("button", { type: "button", onClick: () => this.cancel() }, t("cancel")));
    } else if (mine) {
      const next = [...this.nextKeys()];
      const kind = this.nextKind();
      items.push(h("p", { class: "prompt" }, t(promptFor(next[0] || ""))));
      if (kind && CHOICE_KINDS.has(kind)) {
        items.push(h("div", { class: "choices", role: "group" },
          next.map((key) => h("button", { class: "choice", type: "button", dataset: { key }, onClick: () => this.pick(key), title: this.describeKey(key) },
            this.game.choice(key, table.position, this.chosen)))));
      }
      if (kind === "keep") {
        const found = this.keepMove();
        items.push(h("button", { class: "primary keep-confirm", type: "button", disabled: !found, onClick: () => found && this.complete(found.text) },
          t("pass_keeping", { count: this.keeping.size })));
      }
      if (!this.chosen.length && next.includes("pass")) {
        items.push(h("button", { class: "pass-button", type: "button", dataset: { key: "pass" }, onClick: () => this.pick("pass") }, t("pass")));
      }
      if (this.chosen.length) items.push(h("button", { type: "button", class: "cancel", onClick: () => this.cancel() }, t("cancel")));
      if (table.hints) items.push(h("button", { type: "button", class: "hint-button", onClick: () => this.hint() }, t("hint")));
    } else if (table.status === "running") {
      items.push(h("p", { class: "prompt muted" }, this.me === null || this.me === undefined ? t("watching") : t("waiting_for_others")));
    }
    if (table.status === "running" && this.me !== null && this.me !== undefined && !table.seats[this.me]?.replaced) {
      items.push(h("button", { type: "button", class: "abandon-button", onClick: () => this.abandon() }, t("abandon")));
    }
    if (this.canUndo && table.status === "running" && !this.busy) {
      items.push(h("button", { type: "button", class: "undo-button", onClick: () => this.undo() }, t("undo")));
    }
    if (this.hints && mine) {
      items.push(h("ol", { class: "hints" }, this.hints.map((hint) =>
        h("li", {}, h("button", { type: "button", class: "link", onClick: () => this.complete(hint.move) }, this.game.describe(hint.move)),
          " ", h("span", { class: "muted" }, hint.visits === null ? t("hint_points", { value: hint.value }) : t("hint_value", { value: Math.round(hint.value * 100), visits: hint.visits }))))));
    }
    replace(box, items);
  }

  describeKey(key) {
    const move = this.candidates().find((candidate) => candidate.path[this.chosen.length] === key);
    return move ? this.game.describe(move.text) : key;
  }

  // --- animation: tiles that were not there before arrive --------------------------------------

  snapshot() {
    const cells = new Map();
    for (const element of this.root.querySelectorAll("[data-cell]")) cells.set(element.dataset.cell, element.dataset.colour);
    return cells;
  }

  animate() {
    const before = this.cells;
    const now = this.snapshot();
    if (before) {
      for (const element of this.root.querySelectorAll("[data-cell]")) {
        if (element.closest(".factories")) continue;
        if (before.get(element.dataset.cell) !== element.dataset.colour) element.classList.add("arrived");
      }
    }
    this.cells = now;
  }

  // --- before the game ---------------------------------------------------------------------------

  waitingRoom() {
    const table = this.table;
    const invites = rememberedInvites(this.tableId);
    const names = this.names();
    const seated = this.me !== null && this.me !== undefined;
    const full = table.seats.every((seat) => seat.kind === "bot" || seat.kind === "player");
    const owner = table.owner_you;
    const rows = table.seats.map((seat, index) => {
      const cells = [h("td", {}, String(index + 1)), h("td", {}, seat.name ? names[index] : h("span", { class: "muted" }, t(`seat_kind.${seat.kind}`)))];
      let action = "";
      if (seat.kind === "invited" && invites[index]) {
        const link = `${location.origin}/join/${this.tableId}?invite=${invites[index]}`;
        action = h("span", { class: "invite" },
          h("input", { class: "invite-link", readonly: true, value: link, "aria-label": t("invite_link"), dataset: { seat: index } }),
          h("button", { type: "button", onClick: async () => toast((await copyText(link)) ? t("copied") : link) }, t("copy")));
      } else if (seat.kind === "open" && !seated && table.status === "open") {
        action = h("button", { type: "button", class: "primary", onClick: () => this.join(index) }, t("join"));
      }
      cells.push(h("td", {}, action));
      return h("tr", {}, cells);
    });
    const buttons = [];
    const linkless = table.seats.some((seat) => seat.kind === "invited" && !invites[seat.index]);
    if (table.status === "open" && owner && linkless) {
      // Only the browser that created the table holds its links: elsewhere, new ones replace them.
      buttons.push(h("button", { type: "button", class: "new-invites", onClick: () => this.newInvites() }, t("new_invite_links")));
    }
    if (table.status === "open" && owner) {
      buttons.push(h("button", { type: "button", class: "primary start-button", disabled: !full, onClick: () => this.start() }, t("start")));
    }
    if (table.status === "open" && seated) {
      buttons.push(h("button", { type: "button", onClick: () => this.leave() }, owner ? t("cancel_table") : t("leave")));
    }
    return h("section", { class: "waiting-room card" },
      h("h2", {}, table.status === "cancelled" ? t("status.cancelled") : t("waiting_for_players")),
      h("table", { class: "seats" }, h("tbody", {}, rows)),
      h("div", { class: "buttons" }, buttons));
  }

  async newInvites() {
    try {
      const made = await post(`/tables/${this.tableId}/invites`);
      rememberInvites(this.tableId, { ...rememberedInvites(this.tableId), ...made.invites });
      this.render(false);
    } catch (error) {
      toast(explain(error), "error");
    }
  }

  async join(index) {
    if (!session.me) {
      navigate(`/?next=/tables/${this.tableId}`);
      return;
    }
    try {
      await post(`/tables/${this.tableId}/join`, { seat: index });
      await this.load();
    } catch (error) {
      toast(explain(error), "error");
    }
  }

  async start() {
    try {
      await post(`/tables/${this.tableId}/start`);
    } catch (error) {
      toast(explain(error), "error");
    }
  }

  async leave() {
    try {
      await post(`/tables/${this.tableId}/leave`);
      navigate("/");
    } catch (error) {
      toast(explain(error), "error");
    }
  }

  // --- the log and the chat ----------------------------------------------------------------------

  logPanel() {
    const names = this.names();
    const list = h("ol", { class: "log", "aria-label": t("game_log") });
    let round = 0;
    for (const entry of this.entries) {
      if (entry.kind === "chance" && entry.text.startsWith("fill:")) {
        round += 1;
        list.append(h("li", { class: "log-round" }, t("round_n", { n: round })));
        continue;
      }
      list.append(h("li", { class: `log-${entry.kind}` }, describeEntry(this.game, entry, names)));
    }
    const panel = h("details", { class: "panel log-panel", open: true }, h("summary", {}, t("game_log")), list);
    requestAnimationFrame(() => {
      list.scrollTop = list.scrollHeight;
    });
    return panel;
  }

  chatPanel() {
    const list = h("ol", { class: "chat" });
    const input = h("input", { name: "text", maxlength: 500, autocomplete: "off", "aria-label": t("chat_message"), placeholder: t("chat_placeholder") });
    const form = h("form", { class: "chat-form", onSubmit: async (event) => {
      event.preventDefault();
      const text = input.value.trim();
      if (!text) return;
      try {
        await post(`/tables/${this.tableId}/chat`, { text });
        input.value = "";
      } catch (error) {
        toast(explain(error), "error");
      }
    } }, input, h("button", { type: "submit" }, t("send")));
    const panel = h("details", { class: "panel chat-panel" }, h("summary", {}, t("chat")), list, session.me ? form : h("p", { class: "muted" }, t("sign_in_to_chat")));
    this.chatList = list;
    this.renderChat();
    return panel;
  }

  renderChat() {
    if (!this.chatList) return;
    replace(this.chatList, (this.chat || []).map((line) => h("li", {}, h("b", {}, line.name), " ", line.text)));
    this.chatList.scrollTop = this.chatList.scrollHeight;
  }
}
