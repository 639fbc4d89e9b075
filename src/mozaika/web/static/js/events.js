// A table's step events in order, as data: no page, no connection. Each step event (or the log's
// answer to `?since=N`, which has the same shape) brings the log entries after some sequence
// number and the table as it stands at its own `seq`. The log only grows (an undo is an entry
// too), so a step is shown once, after the one it continues: an old one (a dropped connection's
// last words, read after a reload) is left out, one that skips entries waits until the log has
// been read for what it skipped.

export class StepQueue {
  /** `seq`: the sequence number of the last entry shown. */
  constructor(seq = 0) {
    this.reset(seq);
  }

  /** Starts again after the table was read afresh (with its log up to `seq`). */
  reset(seq) {
    this.seq = seq;
    this.held = [];
  }

  /**
   * Takes in an arriving step; gives the steps now ready to be shown, in order, each with only
   * the entries not shown yet. A step at the sequence number shown (the first message of a
   * connection, a change of the clocks or of who may undo) is ready with no entries.
   */
  arrive(step) {
    if (step.seq < this.seq) return [];
    this.held.push(step);
    this.held.sort((a, b) => a.seq - b.seq);
    const ready = [];
    for (let next = this.nextReady(); next; next = this.nextReady()) {
      this.held.splice(this.held.indexOf(next), 1);
      ready.push({ ...next, entries: next.entries.filter((entry) => entry.seq > this.seq) });
      this.seq = next.seq;
      // What the step just shown covers needs showing no more.
      this.held = this.held.filter((step) => step.seq > this.seq);
    }
    return ready;
  }

  /** The held step that continues the entries shown: every entry after `seq` up to its own is in it. */
  nextReady() {
    return this.held.find((step) => step.seq === this.seq || step.entries.some((entry) => entry.seq === this.seq + 1));
  }

  /** Where the log must be read from (`?since=N`) for the steps held back by a gap; null when none waits. */
  missing() {
    return this.held.length ? this.seq : null;
  }
}

/**
 * A table's live events, taken one after another: each waits until the one before is shown
 * (its motion landed), so that quick replies (a bot's) are seen move by move. Steps go through a
 * StepQueue: in order, once each, and a gap is filled from the log before anything after it.
 * What it does with them is the page's: `show(step)` shows a step (awaited), `take(event)` any
 * other event, `catchUp(since)` reads the log after `since` (the log's answer, a step),
 * `busy(waiting)` says whether events wait their turn, `failed(error)` says what went wrong.
 */
export class EventQueue {
  constructor({ show, take, catchUp, busy, failed }) {
    Object.assign(this, { show, take, catchUp, busy, failed });
    this.steps = new StepQueue();
    this.chain = Promise.resolve();
    this.waiting = 0;
  }

  /** Starts again after the table was read afresh (with its log up to `seq`). */
  reset(seq) {
    this.steps.reset(seq);
  }

  /** Queues an event; resolves once it has been taken. */
  push(event) {
    this.waiting += 1;
    this.busy(true);
    this.chain = this.chain.then(() => this.handle(event)).catch((error) => this.failed(error)).finally(() => {
      this.waiting -= 1;
      if (!this.waiting) this.busy(false);
    });
    return this.chain;
  }

  async handle(event) {
    if (event.type !== "step") {
      await this.take(event);
      return;
    }
    for (const step of this.steps.arrive(event)) await this.show(step);
    // A step that skips entries waits for the log to be read from the last one shown.
    const since = this.steps.missing();
    if (since === null) return;
    for (const step of this.steps.arrive(await this.catchUp(since))) await this.show(step);
  }
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

/**
 * Takes a step event (or the log's answer, which has the same shape) into `table`, the page's
 * table view, for the viewer at seat `me` (null: a watcher). Gives whether it moved the game on
 * (a new sequence number), which ends any move the viewer was choosing.
 */
export function takeStep(table, step, me) {
  const moved = step.seq !== table.seq;
  Object.assign(table, {
    seq: step.seq,
    status: step.status,
    round: step.round ?? table.round,
    to_move: step.to_move ?? table.to_move,
    scores: step.scores ?? table.scores,
    position: step.position ?? table.position,
    result: step.result ?? table.result,
  });
  const seated = me !== null && me !== undefined;
  // Who may take a move back is the server's to say (the undo rule lives there only).
  if (step.may_undo) table.can_undo = seated && step.may_undo.includes(me);
  if (step.legal_moves) table.legal_moves = seated ? step.legal_moves[String(me)] || [] : [];
  return moved;
}

/** The last round's points beside each score: what changed since the round before began. */
export class RoundGains {
  constructor() {
    this.start = null;
    this.gains = null;
  }

  /** A table opened mid-game (or after a reload): from the scores each round began with (`round_starts`). */
  open(table) {
    const starts = table.round_starts;
    if (!starts?.length || !table.scores) return;
    const finished = table.status === "finished";
    const from = finished ? starts.at(-1) : starts.at(-2);
    const to = finished ? table.scores : starts.at(-1);
    this.gains = from ? to.map((score, seat) => score - from[seat]) : null;
    this.start = finished ? [...table.scores] : [...starts.at(-1)];
  }

  /**
   * After a step taken into `table` (`live`: as it happened, not read with the whole log):
   * a new round, or the end, shows the points gained since the round before began.
   */
  step(table, roundBefore, live) {
    const scores = table.scores;
    if (!scores || !(!this.start || (live && table.round !== roundBefore) || table.status === "finished")) return;
    if (this.start && live) this.gains = scores.map((score, seat) => score - this.start[seat]);
    this.start = [...scores];
  }
}
