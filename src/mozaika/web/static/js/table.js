// The table page: the game as it stands, live; the player's moves by clicking; the log, chat and result.
// The frame (heading, play area, side) is built once; an incoming move redraws the heading and the
// play area only, and the side panel adds its new lines, so the chat draft and open panels stay.

import { Live, get, post } from "./api.js";
import { loadMutes } from "./community.js";
import { markTurn, clearTurn, placeSound, turnSound } from "./attention.js";
import { Clocks, controlLabel, formatLeft, notificationButton, notifyTurn } from "./clock.js";
import { clickable, h, replace, toast } from "./dom.js";
import { CHOICE_KINDS, adapterFor, promptFor } from "./games.js";
import { explain, t, term } from "./i18n.js";
import { capture, finish, land, moving, play, settled } from "./motion.js";
import { passKeeping } from "./moves.js";
import { boardPanel } from "./panel.js";
import { prefs } from "./prefs.js";
import { resultPanel } from "./result.js";
import { navigate } from "./router.js";
import { sortTiles } from "./boards/tiles.js";
import { playerName, seatName } from "./seats.js";
import { zoomControl } from "./zoom.js";
import { rulesPanel } from "./rules.js";
import { SidePanel } from "./sidepanel.js";
import { waitingRoom } from "./waiting.js";

// The score sources that are end-game bonuses (A-12, S-13), shown as the game ends.
const BONUS_SOURCES = ["rows", "columns", "colours", "stars", "numbers"];

export async function tablePage(root, tableId) {
  const page = new TablePage(root, tableId);
  await page.load();
  return () => page.close();
}

// What a table's view says of the game and its clocks: they change only with the log (steps, or a load).
const GAME_FIELDS = ["seq", "status", "round", "to_move", "your_turn", "scores", "winners", "position", "legal_moves", "can_undo", "result", "clock"];

/**
 * The parts of a freshly read table view that a `table` event may change: seats, names and
 * options always; the game only when the view shows the very position the page shows. A view
 * read while a move was played is ahead of the log the page has told, and the step event that
 * brings the move's entries follows it: the position and the log must change together.
 */
export function tableFacts(fetched, shown) {
  if (fetched.seq === shown.seq || shown.status === "open" || shown.status === "cancelled") return fetched;
  return Object.fromEntries(Object.entries(fetched).filter(([name]) => !GAME_FIELDS.includes(name)));
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
    this.live = null;
    this.side = null;
    this.connection = "online";
    this.expanded = new Set();
    this.roundStart = null;
    this.gains = null;
    this.wasMyTurn = false;
    this.clocks = new Clocks();
    this.queue = Promise.resolve();
    this.waiting = 0;
    this.levels = {};
    this.onKey = (event) => this.key(event);
    this.onPreferences = () => this.render();
    this.onVisible = () => markTurn(this.isMyTurn());
    document.addEventListener("keydown", this.onKey);
    window.addEventListener("preferences", this.onPreferences);
    document.addEventListener("visibilitychange", this.onVisible);
  }

  close() {
    this.live?.close();
    finish();
    clearTurn();
    this.clocks.stop();
    document.removeEventListener("keydown", this.onKey);
    window.removeEventListener("preferences", this.onPreferences);
    document.removeEventListener("visibilitychange", this.onVisible);
  }

  // --- loading and live events ------------------------------------------------------------

  async load() {
    this.table = await get(`/tables/${this.tableId}`);
    this.clocks.update(this.table.clock);
    this.game = await adapterFor(this.table);
    this.me = this.table.you;
    this.startGains(this.table);
    if (this.table.status === "running" || this.table.status === "finished") {
      const log = await get(`/tables/${this.tableId}/log?since=0`);
      this.entries = log.entries;
      this.applyStep(log, false);
    }
    if (!this.side) {
      this.side = new SidePanel(this.tableId);
      const [lines] = await Promise.all([get(`/tables/${this.tableId}/chat`).catch(() => []), loadMutes()]);
      this.side.showChat(lines);
      this.side.element.append(rulesPanel(this.game, this.table));
    }
    this.head = h("header", { class: "table-head" });
    this.main = h("div", { class: "table-main" });
    this.frame = h("div", { class: "table-page" }, this.head, this.main, this.side.element);
    replace(this.root, this.frame);
    this.render();
    this.wasMyTurn = this.isMyTurn();
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
        this.head.querySelector(".connection")?.setAttribute("data-status", status);
      },
    });
  }

  /**
   * Events are taken one after another, each once the motion of the one before has landed,
   * so that quick replies (a bot's) are seen move by move; the chat never waits.
   */
  event(event) {
    if (event.type === "chat") {
      this.side.addChat(event.message);
      return;
    }
    if (event.type === "chat_removed") {
      this.side.removeChat(event.message);
      return;
    }
    // The server is restarting: the connection comes back by itself and catches up from the log.
    if (event.type === "restarting") return;
    // The clocks are right as the message arrives, whatever waits before its move is shown.
    if (event.type === "step") this.clocks.update(event.clock);
    // While events wait their turn the page says so: what tests and scripts wait on.
    this.waiting += 1;
    this.frame.dataset.busy = "true";
    this.queue = this.queue.then(() => this.take(event)).catch((error) => toast(explain(error), "error")).finally(() => {
      this.waiting -= 1;
      if (!this.waiting) delete this.frame.dataset.busy;
    });
  }

  async take(event) {
    if (event.type === "step") {
      const fresh = event.entries.filter((entry) => entry.seq > (this.entries.at(-1)?.seq ?? 0));
      this.entries.push(...fresh);
      const changed = event.seq !== this.table.seq || event.status !== this.table.status;
      this.applyStep(event, true);
      if (changed) {
        this.render({ animate: true });
        await settled();
      }
    } else if (event.type === "table") {
      const before = this.table.status;
      const fetched = await get(`/tables/${this.tableId}`);
      if (before === "open" && fetched.status === "running") {
        await this.load();
        return;
      }
      this.table = { ...this.table, ...tableFacts(fetched, this.table) };
      this.me = this.table.you;
      this.clocks.update(this.table.clock);
      this.render();
    } else if (event.type === "timeout") {
      if (!event.paused) toast(event.seat === this.me ? t("clock.your_time_ran_out") : t("clock.timed_out", { name: event.name }), "error");
    } else if (event.type === "hello") {
      // Said to a page that connected while the table was open: a game begun meanwhile is read
      // with its log, like any game the page opens.
      if (event.table.status === "running" || event.table.status === "finished") {
        await this.load();
        return;
      }
      this.table = { ...this.table, ...event.table };
      this.clocks.update(this.table.clock);
      this.render();
    }
  }

  /** Takes in a step event (or the log's answer, which has the same shape). */
  applyStep(step, live) {
    const moved = step.seq !== this.table.seq;
    const round = this.table.round;
    Object.assign(this.table, {
      seq: step.seq,
      status: step.status,
      round: step.round ?? this.table.round,
      to_move: step.to_move ?? this.table.to_move,
      scores: step.scores ?? this.table.scores,
      position: step.position ?? this.table.position,
      result: step.result ?? this.table.result,
    });
    // Who may take a move back is the server's to say (the undo rule lives there only).
    if (step.may_undo) this.table.can_undo = this.me !== null && this.me !== undefined && step.may_undo.includes(this.me);
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
    // The last round's points beside each score: what changed since the round before began.
    const scores = this.table.scores;
    if (scores && (!this.roundStart || (live && this.table.round !== round) || step.status === "finished")) {
      if (this.roundStart && live) this.gains = scores.map((score, seat) => score - this.roundStart[seat]);
      this.roundStart = [...scores];
    }
  }

  /** Opened mid-game (or after a reload): the last round's points, from the scores each round began with. */
  startGains(table) {
    const starts = table.round_starts;
    if (!starts?.length || !table.scores) return;
    const finished = table.status === "finished";
    const from = finished ? starts.at(-1) : starts.at(-2);
    const to = finished ? table.scores : starts.at(-1);
    this.gains = from ? to.map((score, seat) => score - from[seat]) : null;
    this.roundStart = finished ? [...table.scores] : [...starts.at(-1)];
  }

  canUndo() {
    const table = this.table;
    if (!table.undo || table.status !== "running" || this.me === null || this.me === undefined) return false;
    return Boolean(table.can_undo);
  }

  // --- what the player may do ---------------------------------------------------------------

  isMyTurn() {
    return this.table.status === "running" && (this.table.to_move || []).includes(this.me) && (this.table.legal_moves || []).length > 0 && !this.paused();
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
    // A step forward hands the focus to the first place the tiles may go next, so that a keyboard
    // goes on from there (not back through every tile to the lines).
    const forward = this.chosen.at(-1) === key;
    this.render({ focusKey: key, focusTarget: forward });
    this.showTargets();
  }

  /** On a phone, once tiles are chosen, the board where they go comes into view. */
  showTargets() {
    if (!this.chosen.length || !window.matchMedia("(max-width: 900px)").matches) return;
    const board = this.main.querySelector(".board-panel.mine svg.board");
    const box = board?.getBoundingClientRect();
    if (box && (box.bottom > window.innerHeight || box.top < 0)) {
      board.scrollIntoView({ block: "end", behavior: moving() ? "smooth" : "auto" });
    }
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
      this.render();
      this.root.querySelector(".confirm-move")?.focus();
    } else {
      this.submit(text);
    }
  }

  cancel() {
    this.chosen = [];
    this.keeping = null;
    this.pending = null;
    this.render();
  }

  async submit(text) {
    this.busy = true;
    this.pending = null;
    this.renderActions();
    try {
      // The move comes back as a step event, like everyone else's: the answer need not hold the table.
      await post(`/tables/${this.tableId}/moves`, { move: text, seq: this.table.seq, view: false });
    } catch (error) {
      this.busy = false;
      this.chosen = [];
      toast(explain(error), "error");
      if (error.code === "stale") await this.load();
      else this.render();
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

  toggleKeep(index) {
    if (this.keeping.has(index)) this.keeping.delete(index);
    else this.keeping.add(index);
    this.render();
    this.root.querySelector(`.hand-tile[data-index="${index}"]`)?.focus();
  }

  /** The pass whose kept tiles are those chosen in the hand (as the hand is drawn: sorted by colour). */
  keepMove() {
    return passKeeping(sortTiles(this.game.theme, this.table.position.boards[this.me].hand), this.keeping, this.candidates());
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

  /** Whether the viewer plays here (or played, until their time ran out). */
  seated() {
    return (this.me !== null && this.me !== undefined) || this.table.seats.some((seat) => seat.can_return);
  }

  /** Whether the game waits for this player, whose time ran out (a friendly table against bots). */
  paused() {
    const seat = this.table.seats?.[this.me];
    return Boolean(seat && seat.kind === "player" && seat.timed_out);
  }

  /** After a timeout against bots: the bot plays the seat to the end, and the player watches. */
  async letTheBotFinish() {
    try {
      await post(`/tables/${this.tableId}/abandon`);
      await this.load();
    } catch (error) {
      toast(explain(error), "error");
    }
  }

  async takeBack() {
    try {
      await post(`/tables/${this.tableId}/return`);
      toast(t("clock.taken_back"));
      await this.load();
    } catch (error) {
      toast(explain(error), "error");
    }
  }

  /** Redraws the heading and the play area (the side only adds what is new). */
  render({ animate = false, focusKey = null, focusTarget = false } = {}) {
    land();
    const focused = focusKey || document.activeElement?.closest?.(".table-main [data-key]")?.dataset?.key;
    const scrolled = window.scrollY;
    const before = animate ? capture(this.main) : null;
    const table = this.table;
    // Leaving a game is rare and final: a small button at the end of the heading, not among the moves.
    const leaving = table.status === "running" && this.me !== null && this.me !== undefined && !table.seats[this.me]?.replaced;
    replace(this.head,
      h("h1", { dataset: { title: t(`game.${table.game}`) } }, t(`game.${table.game}`), " ", h("small", {}, this.optionWords())),
      h("span", { class: "connection", "data-status": this.connection, title: t("connection") }),
      this.statusLine(),
      this.seated() && table.status !== "finished" ? notificationButton() : "",
      table.status === "running" || table.status === "finished" ? zoomControl() : "",
      leaving ? h("button", { type: "button", class: "small abandon-button", onClick: () => this.abandon() }, t("abandon")) : "");
    replace(this.main, table.status === "open" || table.status === "cancelled"
      ? waitingRoom(table, this.tableId, this.names(), this.me, (full) => (full ? this.load() : this.render()), this.levels)
      : this.playArea());
    // The state as attributes too: what automated players and tests wait on.
    Object.assign(this.frame.dataset, { seq: table.seq, status: table.status, yourTurn: String(this.isMyTurn()), round: table.round ?? 0 });
    this.frame.className = `table-page game-${table.game} players-${table.players}`;
    this.side.showEntries(this.game, this.entries, this.table.seats.map(playerName));
    this.renderActions();
    if (before) {
      const move = this.entries.slice(this.shownEntries).find((entry) => entry.kind === "move");
      const notes = this.shown && this.game.tilingNotes ? this.game.tilingNotes(this.shown, table.position, move) : [];
      play(before, this.main, [...notes, ...this.bonusNotes()]);
      if (this.entries.at(-1)?.kind === "move" || this.entries.at(-1)?.kind === "chance") placeSound();
    }
    this.shown = table.position;
    this.shownEntries = this.entries.length;
    const mine = this.isMyTurn();
    if (mine && !this.wasMyTurn && animate) {
      turnSound();
      notifyTurn(t("notify.title", { game: term(table.game, `game.${table.game}`) }), t("notify.body"), `turn-${this.tableId}`);
    }
    this.wasMyTurn = mine;
    markTurn(mine);
    if (window.scrollY !== scrolled) window.scrollTo({ top: scrolled });
    const target = focusTarget ? this.main.querySelector('.choices .choice, [data-key].target[tabindex="0"]') : null;
    if (target) target.focus({ preventScroll: true });
    else if (focused && this.main.contains(document.activeElement) === false) {
      this.main.querySelector(`[data-key="${CSS.escape(focused)}"][tabindex="0"]`)?.focus({ preventScroll: true });
    }
  }

  /** At the end of the game, each end-game bonus (from the result) floats over its board in turn. */
  bonusNotes() {
    if (this.table.status !== "finished" || !this.table.result || this.bonusesShown) return [];
    this.bonusesShown = true;
    return this.table.result.players.flatMap((player) => BONUS_SOURCES.filter((source) => player.sources[source] > 0)
      .map((source) => ({ seat: player.seat, part: "svg.board", text: `+${player.sources[source]} ${term(this.table.game, `source.${source}`)}` })));
  }

  optionWords() {
    const words = Object.entries(this.table.options).map(([name, value]) => t(`option.${name}.${value}`));
    if (this.table.clock) words.push(controlLabel(this.table.clock.control));
    return words.join(" · ");
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
      if (this.paused()) parts.push(h("span", { class: "turn paused" }, t("clock.paused_status")));
      else parts.push(h("span", { class: `turn${yours ? " yours" : ""}` }, yours ? t("your_turn") : t("turn_of", { names: movers.join(", ") })));
    } else {
      // The status begins the line: a capital, though the lobby says it mid-sentence ("· finished").
      const words = t(`status.${table.status}`);
      parts.push(h("span", { class: `status status-${table.status}` }, words.charAt(0).toLocaleUpperCase() + words.slice(1)));
    }
    return h("p", { class: "status-line" }, parts);
  }

  playArea() {
    const table = this.table;
    const position = table.position;
    const targets = this.pending ? new Set() : this.nextKeys();
    const switchable = this.pending ? new Set() : this.firstKeys();
    const focusable = new Set();
    const ui = {
      me: this.me,
      names: this.names(),
      keeping: this.keeping,
      toggleKeep: (index) => this.toggleKeep(index),
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
    const panels = order.map((seat) => this.boardPanel(position, seat, ui));
    const mine = this.me !== null && this.me !== undefined;
    const boards = h("div", { class: "boards" },
      h("div", { class: "board-mine" }, panels[0]),
      h("div", { class: "board-others" }, panels.slice(1)));
    const finished = table.status === "finished" && table.result;
    const shared = finished
      ? h("div", { class: "shared-wrap result-wrap" }, resultPanel(table, this.names(), this.tableId))
      : h("div", { class: "shared-wrap" }, this.game.shared(position, ui));
    // While a turn starts with a choice of sources, outlining them all says nothing: the highlight
    // stays quiet (what cannot be taken is dimmed) and the pointer's choice shows strongly.
    const quiet = !this.chosen.length && targets.size > 0 && [...targets].every((key) => key.startsWith("src:"));
    return h("section", { class: ["play", mine ? "seated" : "watching", quiet ? "quiet" : "", finished ? "finished" : ""].filter(Boolean).join(" ") },
      shared, h("div", { class: "actions", "aria-live": "polite" }), boards);
  }

  boardOrder() {
    const seats = this.table.seats.map((seat) => seat.index);
    if (this.me === null || this.me === undefined) return seats;
    return [...seats.slice(this.me), ...seats.slice(0, this.me)];
  }

  boardPanel(position, seat, ui) {
    const table = this.table;
    const turn = table.status === "running" && table.to_move.includes(seat);
    const first = position.marker_holder === seat && !position.marker_in_centre;
    const badges = [
      seat === this.me ? h("span", { class: "badge you" }, t("you")) : "",
      first ? h("span", { class: "badge first", title: t("first_player_marker") }, "1") : "",
      table.status === "running" && table.seats[seat]?.kind === "player" ? this.clocks.badge(seat) : "",
    ];
    const mine = seat === this.me;
    const classes = [turn ? "on-turn" : "", mine ? "mine" : "other"].filter(Boolean);
    const toggle = mine ? null : {
      open: this.expanded.has(seat),
      onToggle: (event) => {
        if (this.expanded.has(seat)) this.expanded.delete(seat);
        else this.expanded.add(seat);
        const panel = event.currentTarget.closest(".board-panel");
        panel.classList.toggle("expanded", this.expanded.has(seat));
        event.currentTarget.setAttribute("aria-expanded", String(this.expanded.has(seat)));
      },
    };
    // The preview of a choice is said in the heading of the player's board: nothing moves when it appears.
    if (mine) badges.push(h("span", { class: "preview", "aria-live": "polite" }));
    return boardPanel(this.game, position, seat, ui, { badges, classes, gain: this.gains?.[seat], toggle });
  }

  hover(key, on) {
    for (const element of this.main.querySelectorAll(`[data-key="${CSS.escape(key)}"]`)) element.classList.toggle("hover", on);
    const depth = this.chosen.length;
    const next = new Set(this.candidates().filter((move) => move.path[depth] === key).map((move) => move.path[depth + 1]).filter(Boolean));
    for (const element of this.main.querySelectorAll("[data-key]")) {
      if (next.has(element.dataset.key)) element.classList.toggle("could", on);
    }
    this.preview(key, on);
  }

  /** Where the tiles would go and what it costs (or what a special factory does), while pointed at. */
  preview(key, on) {
    const line = this.main.querySelector(".board-panel.mine .preview");
    for (const ghost of this.main.querySelectorAll(".ghosts")) ghost.remove();
    if (!line) return;
    line.textContent = "";
    if (!on || this.me === null || this.me === undefined) return;
    const position = this.table.position;
    const source = /^src:([1-9C]):/.exec(key);
    if (source) {
      line.textContent = this.game.specialNote(position, source[1]);
      return;
    }
    const shown = this.game.preview(position, this.me, this.chosen, key);
    if (!shown) return;
    line.textContent = shown.words;
    if (shown.ghosts) this.main.querySelector(".board-panel.mine svg.board")?.append(shown.ghosts);
  }

  renderActions() {
    const box = this.main.querySelector(".actions");
    if (!box) return;
    const table = this.table;
    const items = [];
    const mine = table.status === "running" && table.to_move.includes(this.me) && !this.paused();
    if (this.busy) {
      items.push(h("p", { class: "prompt" }, t("sending")));
    } else if (this.pending) {
      items.push(h("p", { class: "prompt" }, t("confirm_prompt", { move: this.game.describe(this.pending) })),
        h("button", { class: "primary confirm-move", type: "button", onClick: () => this.submit(this.pending) }, t("confirm")),
        h("button", { type: "button", onClick: () => this.cancel() }, t("cancel")));
    } else if (mine) {
      const next = [...this.nextKeys()];
      const kind = this.nextKind();
      items.push(h("p", { class: "prompt" }, term(table.game, promptFor(next[0] || ""))));
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
    } else if (table.status === "running" && this.paused()) {
      items.push(h("p", { class: "prompt timed-out" }, t("clock.paused", { bank: formatLeft(table.clock.control.bank || table.clock.control.per_move, table.clock.control.kind === "realtime") })),
        h("button", { type: "button", class: "primary take-back-button", onClick: () => this.takeBack() }, t("clock.fresh_bank")),
        h("button", { type: "button", class: "let-bot-finish", onClick: () => this.letTheBotFinish() }, t("clock.let_bot_finish")));
    } else if (table.status === "running" && table.seats.some((seat) => seat.can_return)) {
      items.push(h("p", { class: "prompt timed-out" }, t("clock.your_time_ran_out")),
        h("button", { type: "button", class: "primary take-back-button", onClick: () => this.takeBack() }, t("clock.take_back")));
    } else if (table.status === "running") {
      items.push(h("p", { class: "prompt muted" }, this.me === null || this.me === undefined ? t("watching") : t("waiting_for_others")));
    }
    if (this.canUndo() && !this.busy) {
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
}
