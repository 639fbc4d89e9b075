// The table's live events (static/js/events.js) with the logs of real games: steps are shown in
// order and once each, a gap is filled from the log, and the table view takes each step in.

import assert from "node:assert/strict";
import { describe, test } from "node:test";

import { EventQueue, RoundGains, StepQueue, tableFacts, takeStep } from "../../src/mozaika/web/static/js/events.js";
import { gameData, variantName } from "./gamedata.mjs";

/** The seqs of the entries of the steps shown, in the order shown. */
const shownSeqs = (steps) => steps.flatMap((step) => step.entries.map((entry) => entry.seq));

/** The log's answer to `?since=N` after the game's `steps`: the entries after N, the table as it stands at the last step. */
function logSince(steps, since, upto = steps.at(-1).seq) {
  const last = steps.find((step) => step.seq === upto);
  return { ...last, entries: steps.flatMap((step) => step.entries).filter((entry) => entry.seq > since && entry.seq <= upto) };
}

/** A seeded shuffle of the steps within windows of `width` (what several connections could deliver). */
function jumbled(steps, width, seed) {
  let state = seed;
  const random = () => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return state / 2147483648;
  };
  const out = [];
  for (let start = 0; start < steps.length; start += width) {
    const window = steps.slice(start, start + width);
    for (let index = window.length - 1; index > 0; index -= 1) {
      const other = Math.floor(random() * (index + 1));
      [window[index], window[other]] = [window[other], window[index]];
    }
    out.push(...window);
  }
  return out;
}

for (const variant of gameData().variants) {
  const steps = variant.steps;
  const every = shownSeqs(steps);

  describe(`step queue: ${variantName(variant)}`, () => {
    test("the game's log is numbered from 1 without a gap (what the queue relies on)", () => {
      assert.deepEqual(every, every.map((_, index) => index + 1));
      assert.equal(steps.at(-1).seq, every.length);
    });

    test("steps in order are each shown at once, with their own entries", () => {
      const queue = new StepQueue(0);
      for (const step of steps) {
        assert.deepEqual(queue.arrive(step), [step]);
        assert.equal(queue.missing(), null);
      }
      assert.equal(queue.seq, steps.at(-1).seq);
    });

    test("a step that arrives twice is shown once", () => {
      const queue = new StepQueue(0);
      const shown = steps.flatMap((step) => [...queue.arrive(step), ...queue.arrive(step)]);
      assert.deepEqual(shownSeqs(shown), every);
    });

    test("steps out of order are shown in order, each once, holding back what comes after a gap", () => {
      for (const seed of [1, 2, 3]) {
        const queue = new StepQueue(0);
        const shown = [];
        for (const step of jumbled(steps, 4, seed)) {
          shown.push(...queue.arrive(step));
          // Whatever is held waits for the entry after the last one shown.
          assert.equal(queue.missing(), queue.held.length ? shown.at(-1)?.seq ?? 0 : null);
        }
        assert.deepEqual(shownSeqs(shown), every);
        assert.deepEqual(shown.map((step) => step.seq), steps.map((step) => step.seq));
      }
    });

    test("a lost step makes the queue ask for the log from the last entry shown; the log's answer fills the gap", () => {
      const lost = Math.floor(steps.length / 2);
      const queue = new StepQueue(0);
      const shown = [];
      for (const [index, step] of steps.entries()) {
        if (index !== lost) shown.push(...queue.arrive(step));
      }
      const since = steps[lost - 1]?.seq ?? 0;
      assert.equal(queue.missing(), since);
      assert.deepEqual(shownSeqs(shown), every.filter((seq) => seq <= since));
      shown.push(...queue.arrive(logSince(steps, since)));
      assert.equal(queue.missing(), null);
      assert.deepEqual(shownSeqs(shown), every);
      // The steps held behind the gap are covered by the log's answer: never shown again.
      assert.equal(shown.at(-1).seq, steps.at(-1).seq);
    });

    test("a step repeating entries already shown (a resumed connection) brings only the new ones", () => {
      const middle = steps[Math.floor(steps.length / 2)].seq;
      const queue = new StepQueue(0);
      const first = queue.arrive(logSince(steps, 0, middle));
      const second = queue.arrive(logSince(steps, Math.max(0, middle - 5)));
      assert.deepEqual(shownSeqs([...first, ...second]), every);
    });

    test("a step at the sequence number shown (a connection's first word) is taken in with no entries; an older one is left out", () => {
      const middle = steps[Math.floor(steps.length / 2)];
      const queue = new StepQueue(middle.seq);
      assert.deepEqual(queue.arrive({ ...middle, entries: [] }), [{ ...middle, entries: [] }]);
      assert.deepEqual(queue.arrive(steps[0]), []);
      assert.equal(queue.missing(), null);
      queue.reset(0);
      assert.deepEqual(queue.arrive(steps[0]), [steps[0]]);
    });

    test("the table view takes in each step; the round's points are the scores' change since the round before began", () => {
      for (const me of [0, null]) {
        const table = { seq: 0, status: "running", round: 1 };
        const rounds = new RoundGains();
        let roundStart = null;
        for (const step of steps) {
          const legal = Object.fromEntries(step.to_move.map((seat) => [String(seat), [`move-of-${seat}`]]));
          const before = table.round;
          assert.equal(takeStep(table, { ...step, legal_moves: legal, may_undo: [1] }, me), true);
          rounds.step(table, before, true);
          assert.equal(table.seq, step.seq);
          assert.deepEqual(table.scores, step.scores);
          assert.deepEqual(table.legal_moves, me !== null && step.to_move.includes(me) ? [`move-of-${me}`] : []);
          assert.equal(table.can_undo, me === 1);
          // The first step sets where the round began; a new round, or the end, shows the change since.
          if (roundStart === null) {
            roundStart = [...step.scores];
            assert.equal(rounds.gains, null);
          } else if (step.round !== before || step.status === "finished") {
            assert.deepEqual(rounds.gains, step.scores.map((score, seat) => score - roundStart[seat]));
            roundStart = [...step.scores];
          }
        }
        // The same step again moves nothing on.
        assert.equal(takeStep(table, steps.at(-1), me), false);
      }
    });
  });
}

describe("a table event's view", () => {
  const shown = { seq: 7, status: "running", position: { round: 2 }, seats: ["A", "B"] };

  test("at the position shown, it is taken whole", () => {
    const fetched = { seq: 7, status: "running", position: { round: 2 }, seats: ["A", "C"] };
    assert.deepEqual(tableFacts(fetched, shown), fetched);
  });

  test("ahead of the log shown, only the seats and options are taken: the position waits for its step", () => {
    const fetched = { seq: 9, status: "finished", position: { round: 3 }, scores: [1, 2], seats: ["A", "C"], options: {} };
    assert.deepEqual(tableFacts(fetched, shown), { seats: ["A", "C"], options: {} });
  });

  test("an open table takes the view whole", () => {
    const fetched = { seq: 9, status: "running", seats: ["A", "C"] };
    assert.deepEqual(tableFacts(fetched, { ...shown, status: "open" }), fetched);
  });
});

describe("round gains of a table opened mid-game", () => {
  test("the last round's points come from the scores the rounds began with", () => {
    const rounds = new RoundGains();
    rounds.open({ status: "running", scores: [9, 4], round_starts: [[0, 0], [3, 5], [7, 6]] });
    assert.deepEqual(rounds.gains, [4, 1]);
    const finished = new RoundGains();
    finished.open({ status: "finished", scores: [20, 2], round_starts: [[0, 0], [7, 6]] });
    assert.deepEqual(finished.gains, [13, -4]);
  });
});

describe("the event queue", () => {
  const { steps } = gameData().variants[0];

  const caughtUp = steps[3].seq;

  /** A queue whose page records what it is asked, and shows a step only when the test lets it (at once: `immediate`). */
  function page({ immediate = false } = {}) {
    const done = [];
    const calls = [];
    const entries = [];
    const queue = new EventQueue({
      show: (step) => {
        calls.push(["show", step.seq]);
        entries.push(...step.entries.map((entry) => entry.seq));
        if (immediate) return Promise.resolve();
        return new Promise((resolve) => done.push(resolve));
      },
      take: async (event) => {
        calls.push(["take", event.type]);
      },
      catchUp: async (since) => {
        calls.push(["catchUp", since]);
        return logSince(steps, since, caughtUp);
      },
      busy: (waiting) => calls.push(["busy", waiting]),
      failed: (error) => calls.push(["failed", error.message]),
    });
    return { queue, calls, done, entries };
  }

  test("each event waits until the step before it is shown (its motion landed)", async () => {
    const { queue, calls, done } = page();
    queue.reset(0);
    const last = [queue.push(steps[0]), queue.push({ type: "timeout" }), queue.push(steps[1])].at(-1);
    await new Promise((resolve) => setImmediate(resolve));
    assert.deepEqual(calls, [["busy", true], ["busy", true], ["busy", true], ["show", steps[0].seq]]);
    done.shift()();
    await new Promise((resolve) => setImmediate(resolve));
    assert.deepEqual(calls.slice(4), [["take", "timeout"], ["show", steps[1].seq]]);
    done.shift()();
    await last;
    assert.deepEqual(calls.at(-1), ["busy", false]);
  });

  test("a gap is filled from the log before anything after it is shown", async () => {
    const { queue, calls, entries } = page({ immediate: true });
    queue.reset(steps[0].seq);
    await queue.push(steps[2]);
    assert.deepEqual(calls, [["busy", true], ["catchUp", steps[0].seq], ["show", caughtUp], ["busy", false]]);
    assert.deepEqual(entries, shownSeqs(steps).filter((seq) => seq > steps[0].seq && seq <= caughtUp));
    // What the log brought is not shown again when its steps arrive late (the last one, at the
    // sequence number shown, brings nothing new).
    await queue.push(steps[1]);
    await queue.push(steps[3]);
    assert.deepEqual(calls.filter(([kind]) => kind === "show"), [["show", caughtUp], ["show", caughtUp]]);
    assert.deepEqual(entries, shownSeqs(steps).filter((seq) => seq > steps[0].seq && seq <= caughtUp));
  });

  test("a failure is said and the queue goes on", async () => {
    const { queue, calls } = page();
    queue.take = async () => {
      throw new Error("no table");
    };
    await queue.push({ type: "table" });
    queue.take = async (event) => calls.push(["take", event.type]);
    await queue.push({ type: "hello" });
    assert.deepEqual(calls, [["busy", true], ["failed", "no table"], ["busy", false], ["busy", true], ["take", "hello"], ["busy", false]]);
  });
});
