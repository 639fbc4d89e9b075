// The table page: the game as it stands, live; the player's moves by clicking; the log, chat and result.
// The frame (heading, play area, side) is built once; an incoming move redraws the heading and the
// play area only, and the side panel adds its new lines, so the chat draft and open panels stay.

import { Live, get, post } from "./api.js";
import { loadMutes, privateGame } from "./community.js";
import { MoveInput } from "./move-input.js";
import { markTurn, clearTurn, placeSound, turnSound } from "./attention.js";
import { withPaths } from "./chooser.js";
import { Clocks, notifyTurn } from "./clock.js";
import { h, replace, toast } from "./dom.js";
import { EventQueue, RoundGains, tableFacts, takeStep } from "./events.js";
import { adapterFor } from "./games.js";
import { explain, t, term } from "./i18n.js";
import { capture, finish, land, play, settled } from "./motion.js";
import { fieldsOf } from "./moves.js";
import { prefs } from "./prefs.js";
import { confirmDialog, handOverIn, notePresence, resignedSeats, takePresence } from "./people.js";
import { playerName, seatName } from "./seats.js";
import { rulesPanel } from "./rules.js";
import { SidePanel } from "./sidepanel.js";
import { actions, bonusNotes, heading, isMyTurn, keepFocus, playArea, pointAt, showTargets } from "./table-view.js";
import { waitingRoom } from "./waiting.js";

export async function tablePage(root, tableId) {
  const page = new TablePage(root, tableId);
  try {
    await page.load();
  } catch (error) {
    if (error.code !== "forbidden") throw error;
    page.close();
    privateGame(root);
    return undefined;
  }
  return () => page.close();
}

class TablePage {
  constructor(root, tableId) {
    this.root = root;
    this.tableId = tableId;
    this.entries = [];
    // The move being chosen by clicks (move-input.js): the viewer's legal moves, none while one is sent.
    this.input = new MoveInput(() => this.myMoves());
    this.pending = null;
    this.busy = false;
    this.hints = null;
    this.live = null;
    this.side = null;
    this.connection = "online";
    this.expanded = new Set();
    this.rounds = new RoundGains();
    this.wasMyTurn = false;
    this.clocks = new Clocks();
    this.events = new EventQueue({
      show: (step) => this.show(step),
      take: (event) => this.take(event),
      catchUp: (since) => get(`/tables/${this.tableId}/log?since=${since}`),
      // While events wait their turn the page says so: what tests and scripts wait on.
      busy: (waiting) => {
        if (waiting) this.frame.dataset.busy = "true";
        else delete this.frame.dataset.busy;
      },
      failed: (error) => toast(explain(error), "error"),
    });
    this.waiting = {};
    this.onKey = (event) => this.key(event);
    this.onPreferences = () => this.render();
    this.onVisible = () => markTurn(this.isMyTurn());
    document.addEventListener("keydown", this.onKey);
    window.addEventListener("preferences", this.onPreferences);
    document.addEventListener("visibilitychange", this.onVisible);
    // "Away for 3 min" counts on, and an away player's seat may be handed over once long enough.
    this.presenceTimer = setInterval(() => {
      if (!this.frame?.dataset.busy && this.table?.seats.some((seat) => seat.online === false)) this.render();
    }, 20000);
  }

  close() {
    clearInterval(this.presenceTimer);
    clearTimeout(this.handOverTimer);
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
    notePresence(this.table.seats);
    this.clocks.update(this.table.clock);
    this.game = await adapterFor(this.table);
    this.me = this.table.you;
    this.rounds.open(this.table);
    if (["running", "finished", "aborted"].includes(this.table.status)) {
      const log = await get(`/tables/${this.tableId}/log?since=0`);
      this.entries = log.entries;
      this.applyStep(log, false);
    }
    this.events.reset(this.table.seq);
    if (!this.side) {
      this.side = new SidePanel(this.tableId);
      const [lines] = await Promise.all([get(`/tables/${this.tableId}/chat`).catch(() => []), loadMutes()]);
      this.side.showChat(lines);
      this.side.element.append(rulesPanel(this.game, this.table, () => this.table));
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

  /** Events wait their turn in the queue (events.js), each shown once the one before has landed; the chat never waits. */
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
    // The creator closed the invite-only table to spectators: the page says so instead of reconnecting.
    if (event.type === "error" && event.error?.code === "forbidden") {
      this.close();
      privateGame(this.root);
      return;
    }
    // The clocks are right as the message arrives, whatever waits before its move is shown.
    if (event.type === "step") this.clocks.update(event.clock);
    this.events.push(event);
  }

  /** The creator opened the table to spectators or closed it: the heading's button says which. */
  spectatorsChanged(table) {
    this.table = { ...this.table, spectators_open: table.spectators_open };
    this.render();
  }

  /** Any event but a step or a chat line, in its turn. */
  async take(event) {
    if (event.type === "table") {
      const before = this.table.status;
      const fetched = await get(`/tables/${this.tableId}`);
      notePresence(fetched.seats);
      if (before === "open" && fetched.status === "running") {
        await this.load();
        return;
      }
      this.table = { ...this.table, ...tableFacts(fetched, this.table) };
      this.me = this.table.you;
      this.clocks.update(this.table.clock);
      this.render();
    } else if (event.type === "presence") {
      takePresence(this.table, event);
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

  /** Shows a step that continues the log shown (its entries are the new ones), with its motion. */
  async show(step) {
    this.entries.push(...step.entries);
    const changed = step.seq !== this.table.seq || step.status !== this.table.status;
    this.applyStep(step, true);
    if (changed) {
      this.render({ animate: true });
      await settled();
    }
  }

  /** Takes in a step event (or the log's answer, which has the same shape). */
  applyStep(step, live) {
    const round = this.table.round;
    const moved = takeStep(this.table, step, this.me);
    if (step.online) takePresence(this.table, step);
    if (moved || !live) {
      this.input.reset();
      this.pending = null;
      this.hints = null;
      this.busy = false;
    }
    this.rounds.step(this.table, round, live);
  }

  // --- what the player may do ---------------------------------------------------------------

  isMyTurn() {
    return isMyTurn(this.table, this.me);
  }

  /** The viewer's legal moves with their paths (chooser.js); none while a move is being sent. */
  myMoves() {
    if (this.table.status !== "running" || this.busy) return [];
    return withPaths(this.table.legal_moves || [], fieldsOf);
  }

  pick(key) {
    if (this.pending) this.pending = null;
    const complete = this.input.click(key);
    if (complete === false) return;
    if (complete) {
      this.complete(complete);
      return;
    }
    // A step forward hands the focus to the first place the tiles may go next, so that a keyboard
    // goes on from there (not back through every tile to the lines).
    const forward = this.input.chosen.at(-1) === key;
    this.render({ focusKey: key, focusTarget: forward });
    if (this.input.chosen.length) showTargets(this.main);
  }

  complete(text) {
    if (prefs.confirmMoves) {
      this.pending = text;
      this.input.reset();
      this.input.chosen = this.game.path(text);
      this.render();
      this.root.querySelector(".confirm-move")?.focus();
    } else {
      this.submit(text);
    }
  }

  cancel() {
    this.input.reset();
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
      this.input.reset();
      toast(explain(error), "error");
      if (error.code === "stale") await this.load();
      else this.render();
    }
  }

  /** Does what a button of the page asks of the server; a refusal is said in a toast. */
  async ask(request) {
    try {
      await request();
    } catch (error) {
      toast(explain(error), "error");
    }
  }

  undo() {
    return this.ask(() => post(`/tables/${this.tableId}/undo`, { seq: this.table.seq }));
  }

  /** Resigning leaves the seat to the stand-in, which plays it to the end; the player may watch on. */
  async resign() {
    const question = this.table.rated ? t("resign.question_rated") : t("resign.question");
    if (!(await confirmDialog(t("resign.title"), question, t("resign.confirm")))) return;
    await this.ask(async () => {
      await post(`/tables/${this.tableId}/abandon`);
      toast(t("resign.done"));
      await this.load();
    });
  }

  /** Proposes to abort (or, the other player having proposed it, agrees): the game ends unrated and uncounted. */
  async proposeAbort() {
    const other = this.names()[1 - this.me];
    if (!(await confirmDialog(t("abort.title"), t("abort.question", { name: other }), t("abort.propose")))) return;
    await this.abort();
  }

  abort() {
    return this.ask(async () => {
      const answer = await post(`/tables/${this.tableId}/abort`);
      await this.take({ type: "table", summary: answer.table });
    });
  }

  declineAbort() {
    return this.ask(async () => {
      const answer = await post(`/tables/${this.tableId}/abort/decline`);
      await this.take({ type: "table", summary: answer.table });
    });
  }

  handOver(seat) {
    return this.ask(async () => {
      await post(`/tables/${this.tableId}/hand-over`, { seat });
      toast(t("presence.handed_over", { name: this.names()[seat] }));
    });
  }

  /** After a timeout against bots: the bot plays the seat to the end, and the player watches. */
  letTheBotFinish() {
    return this.ask(async () => {
      await post(`/tables/${this.tableId}/abandon`);
      await this.load();
    });
  }

  takeBack() {
    return this.ask(async () => {
      await post(`/tables/${this.tableId}/return`);
      toast(this.table.clock ? t("clock.taken_back") : t("presence.taken_back"));
      await this.load();
    });
  }

  async hint() {
    const button = this.root.querySelector(".hint-button");
    if (button) button.disabled = true;
    await this.ask(async () => {
      const found = await get(`/tables/${this.tableId}/hint`);
      if (found.seq === this.table.seq) this.hints = found.moves;
    });
    this.renderActions();
  }

  /** Redraws after a tile of the hand or the supply was chosen (`change`), the focus kept on it. */
  redraw(change, focus) {
    change();
    this.render();
    this.root.querySelector(focus)?.focus();
  }

  key(event) {
    if (event.key === "Escape" && (this.input.chosen.length || this.pending)) {
      event.preventDefault();
      this.cancel();
    }
  }

  // --- drawing ----------------------------------------------------------------------------------

  names() {
    return this.table.seats.map(seatName);
  }

  /** What the view functions draw (table-view.js): the page's state as it is now. */
  scene() {
    const input = this.input.sync();
    return {
      table: this.table, game: this.game, me: this.me, names: this.names(), connection: this.connection, tableId: this.tableId,
      moves: input.moves, input, chosen: input.chosen, pending: this.pending, busy: this.busy, hints: this.hints,
      gains: this.rounds.gains, expanded: this.expanded, clocks: this.clocks,
    };
  }

  /** Redraws the heading and the play area (the side only adds what is new). */
  render({ animate = false, focusKey = null, focusTarget = false } = {}) {
    land();
    const focused = focusKey || document.activeElement?.closest?.(".table-main [data-key]")?.dataset?.key;
    const active = document.activeElement;
    const scrolled = window.scrollY;
    const before = animate ? capture(this.main) : null;
    const table = this.table;
    const scene = this.scene();
    replace(this.head, heading(scene, this));
    replace(this.main, table.status === "open" || table.status === "cancelled"
      ? waitingRoom(table, this.tableId, scene.names, this.me, (full) => (full ? this.load() : this.render()), this.waiting)
      : playArea(scene, this));
    // The state as attributes too: what automated players and tests wait on.
    Object.assign(this.frame.dataset, { seq: table.seq, status: table.status, yourTurn: String(this.isMyTurn()), round: table.round ?? 0 });
    this.frame.className = `table-page game-${table.game} players-${table.players}`;
    this.side.showEntries(this.game, this.entries, this.table.seats.map(playerName), resignedSeats(this.table));
    // The moment an away player's seat may be handed over, the button appears.
    clearTimeout(this.handOverTimer);
    const wait = handOverIn(table, this.me);
    if (wait !== null) this.handOverTimer = setTimeout(() => this.render(), wait * 1000 + 200);
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
    if (this.bringResultIntoView()) return;
    if (window.scrollY !== scrolled) window.scrollTo({ top: scrolled });
    // A part kept across redraws (the invitation form) was moved, and moving it loses the focus.
    if (active !== document.activeElement && active?.isConnected && this.main.contains(active)) active.focus({ preventScroll: true });
    keepFocus(this.main, focused, focusTarget);
  }

  /**
   * On a phone the page scrolls: once the game is over, its result's heading is brought to the top of
   * the window (once), wherever the player was looking when the last move came.
   */
  bringResultIntoView() {
    if (this.table.status !== "finished" || !this.table.result || this.resultBrought) return false;
    this.resultBrought = true;
    if (!window.matchMedia("(max-width: 900px)").matches) return false;
    this.main.querySelector("#result-title")?.scrollIntoView({ block: "start" });
    return true;
  }

  /** The end-game bonuses, floated once, as the game ends. */
  bonusNotes() {
    if (this.table.status !== "finished" || !this.table.result || this.bonusesShown) return [];
    this.bonusesShown = true;
    return bonusNotes(this.table);
  }

  hover(key, on) {
    pointAt(this.main, this.scene(), key, on);
  }

  renderActions() {
    const box = this.main.querySelector(".actions");
    if (box) replace(box, actions(this.scene(), this));
  }
}
