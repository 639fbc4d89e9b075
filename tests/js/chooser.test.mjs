// The move chooser (static/js/chooser.js) against the legal moves of real positions of every game:
// every legal move can be clicked, nothing else can, and a click means what the table says it means.

import assert from "node:assert/strict";
import { describe, test } from "node:test";

import { candidates, choose, firstKeys, followers, keepMove, keyKind, moveThrough, movePath, nextKeys, nextKind, pickCount, pickMove, withPaths } from "../../src/mozaika/web/static/js/chooser.js";
import { sortTiles } from "../../src/mozaika/web/static/js/boards/tiles.js";
import { gameData, themeOf, turns, variantName } from "./gamedata.mjs";

/** A seat's legal moves as the table holds them: with their paths, read from their fields. */
function movesOf(legal) {
  const fields = new Map(legal.map((move) => [move.text, move.fields]));
  return withPaths(legal.map((move) => move.text), (text) => fields.get(text));
}

/** Every move the clicks can complete, trying every click that continues a move (forward only). */
function completions(moves, chosen = [], found = []) {
  for (const key of nextKeys(moves, chosen)) {
    const picked = choose(moves, chosen, key);
    assert.ok(picked, `${key} continues ${chosen.join(" ")} but cannot be chosen`);
    if (picked.complete) found.push(picked.complete);
    else completions(moves, picked.chosen, found);
  }
  return found;
}

for (const variant of gameData().variants) {
  describe(`chooser: ${variantName(variant)}`, () => {
    const all = [...turns(variant)];
    // Every click any position of the game offers: most are not legal in a given position.
    const everyKey = new Set(all.flatMap((turn) => turn.moves.flatMap((move) => movePath(move.fields, move.text))));

    test("a move's path is read from its fields: one path per move, and no two moves share one", () => {
      for (const turn of all) {
        const paths = movesOf(turn.moves).map((move) => move.path.join(" "));
        assert.equal(new Set(paths).size, paths.length, `two moves share a path in ${JSON.stringify(turn.position.round)}`);
        for (const path of paths) assert.ok(!path.includes("text:"), `a move without readable fields: ${path}`);
      }
    });

    test("clicking along each legal move's path completes exactly that move", () => {
      for (const turn of all) {
        const moves = movesOf(turn.moves);
        for (const move of moves) {
          let chosen = [];
          let complete = null;
          for (const key of move.path) {
            const picked = choose(moves, chosen, key);
            assert.ok(picked, `${move.text}: ${key} after ${chosen.join(" ")} is refused`);
            chosen = picked.chosen;
            complete = picked.complete;
            if (complete) break;
          }
          assert.equal(complete, move.text, `${move.text} (${move.path.join(" ")})`);
          // The move completes as soon as it is the only one left, never before.
          assert.equal(candidates(moves, chosen).length, 1);
          assert.ok(chosen.length === 1 || candidates(moves, chosen.slice(0, -1)).length > 1);
        }
      }
    });

    test("every sequence of clicks completes a legal move, and every legal move is reachable", () => {
      for (const turn of all) {
        const moves = movesOf(turn.moves);
        const found = completions(moves);
        assert.deepEqual([...found].sort(), turn.moves.map((move) => move.text).sort());
      }
    });

    test("a click that neither continues nor begins a move is refused; an illegal move never completes", () => {
      for (const [index, turn] of all.entries()) {
        const moves = movesOf(turn.moves);
        const legal = new Set(turn.moves.map((move) => move.text));
        const first = firstKeys(moves);
        for (const key of everyKey) {
          if (!first.has(key)) assert.equal(choose(moves, [], key), null, `${key} is not a legal first click`);
        }
        // The moves of the next positions: along their paths, any completed move is a legal one here.
        for (const other of all.slice(index + 1, index + 4)) {
          for (const move of other.moves) {
            if (legal.has(move.text)) continue;
            let chosen = [];
            for (const key of movePath(move.fields, move.text)) {
              const picked = choose(moves, chosen, key);
              if (!picked) break;
              if (picked.complete) {
                assert.ok(legal.has(picked.complete), `${picked.complete} completed, not legal`);
                break;
              }
              chosen = picked.chosen;
            }
          }
        }
      }
    });

    test("clicking the last chosen key takes it back; a first key starts afresh", () => {
      for (const turn of all) {
        const moves = movesOf(turn.moves);
        for (const start of [...firstKeys(moves)].filter((key) => candidates(moves, [key]).length > 1)) {
          const picked = choose(moves, [], start);
          assert.deepEqual(picked, { chosen: [start], complete: null });
          assert.deepEqual(choose(moves, [start], start), { chosen: [], complete: null });
          for (const other of firstKeys(moves)) {
            if (other === start) continue;
            const restarted = choose(moves, [start], other);
            assert.deepEqual(restarted.chosen, nextKeys(moves, [start]).has(other) ? [start, other] : [other]);
          }
        }
      }
    });

    test("what may follow a click, and the move a click leads to, agree with the moves", () => {
      for (const turn of all) {
        const moves = movesOf(turn.moves);
        for (const key of firstKeys(moves)) {
          const after = followers(moves, [], key);
          assert.deepEqual(after, nextKeys(moves, [key]));
          assert.equal(moveThrough(moves, [], key).path[0], key);
          if (after.size) assert.equal(nextKind(moves, [key]), keyKind([...after][0]));
          else assert.equal(nextKind(moves, [key]), null);
        }
      }
    });
  });
}

describe("chooser: the paths docs/web.md gives as examples", () => {
  test("2B3 is tiles src:2:B, then line:3; B6B+3 is space:B:6, then pay:B:3", () => {
    assert.deepEqual(movePath({ kind: "take", source: 2, colour: "B", line: 3 }, "2B3"), ["src:2:B", "line:3"]);
    assert.deepEqual(movePath({ kind: "place", star: "B", slot: 6, colour: "B", wilds: 3 }, "B6B+3"), ["space:B:6", "pay:B:3"]);
  });

  test("a move whose fields are unknown is one click named by its text", () => {
    assert.deepEqual(movePath(null, "fill:ABCD"), ["text:fill:ABCD"]);
  });
});

describe("chooser: Summer Pavilion's pass keeps the tiles chosen in the hand (S-11)", () => {
  const variants = gameData().variants.filter((variant) => variant.game === "pavilion");

  test("every pass is found from its kept tiles, and any other choice of tiles finds none", () => {
    let passes = 0;
    for (const variant of variants) {
      const theme = themeOf(variant.game);
      for (const turn of turns(variant)) {
        const moves = movesOf(turn.moves);
        const passing = turn.moves.filter((move) => move.fields.kind === "pass");
        if (passing.length < 2) continue;
        passes += passing.length;
        assert.equal(nextKind(moves, ["pass"]), "keep");
        const hand = sortTiles(theme, turn.position.boards[turn.seat].hand);
        const kept = new Map(passing.map((move) => [[...move.fields.keep].sort().join(""), move.text]));
        // Every choice of tiles in the hand (by place): a pass exactly when some pass keeps those letters.
        for (let mask = 0; mask < 1 << hand.length; mask += 1) {
          const keeping = new Set(hand.map((_, index) => index).filter((index) => mask & (1 << index)));
          const letters = [...keeping].map((index) => hand[index]).sort().join("");
          assert.equal(keepMove(moves, ["pass"], hand, keeping)?.text, kept.get(letters));
        }
      }
    }
    assert.ok(passes > 0, "the games reached passes with a choice of tiles to keep");
  });
});

describe("chooser: Summer Pavilion's bonus tiles are chosen in the supply (S-12)", () => {
  const variants = gameData().variants.filter((variant) => variant.game === "pavilion");

  test("every pick is found from its tiles chosen in the supply, and only a whole pick is", () => {
    let picks = 0;
    for (const variant of variants) {
      const theme = themeOf(variant.game);
      for (const turn of turns(variant)) {
        const moves = movesOf(turn.moves);
        const picking = turn.moves.filter((move) => move.fields.kind === "pick");
        if (!picking.length) continue;
        picks += picking.length;
        assert.equal(nextKind(moves, []), "pick");
        const count = Math.max(...picking.map((move) => (move.fields.tiles || "").length));
        assert.equal(pickCount(moves, []), count);
        const supply = sortTiles(theme, turn.position.supply);
        const taken = new Map(picking.map((move) => [[...(move.fields.tiles || "")].sort().join(""), move.text]));
        // Every choice of tiles in the supply (by place) up to 8 tiles: a pick exactly when it takes those letters.
        const places = Math.min(supply.length, 8);
        for (let mask = 0; mask < 1 << places; mask += 1) {
          const chosen = new Set(supply.slice(0, places).map((_, index) => index).filter((index) => mask & (1 << index)));
          const letters = [...chosen].map((index) => supply[index]).sort().join("");
          assert.equal(pickMove(moves, [], supply, chosen)?.text, taken.get(letters));
          if (chosen.size !== count) assert.equal(pickMove(moves, [], supply, chosen), undefined);
        }
      }
    }
    assert.ok(picks > 0, "the games reached bonus picks");
  });
});
