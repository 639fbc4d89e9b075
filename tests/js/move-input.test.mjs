// The move input (static/js/move-input.js), which a table, the tutorials and the analysis board share,
// against the legal moves of real positions of every game: each legal move is made by its clicks, a pass
// by the tiles kept in the hand (S-11), a bonus pick by the tiles chosen in the supply (S-12).

import assert from "node:assert/strict";
import { describe, test } from "node:test";

import { withPaths } from "../../src/mozaika/web/static/js/chooser.js";
import { MoveInput } from "../../src/mozaika/web/static/js/move-input.js";
import { sortTiles } from "../../src/mozaika/web/static/js/boards/tiles.js";
import { gameData, themeOf, turns, variantName } from "./gamedata.mjs";

function movesOf(legal) {
  const fields = new Map(legal.map((move) => [move.text, move.fields]));
  return withPaths(legal.map((move) => move.text), (text) => fields.get(text));
}

/** The indices, in the tiles as drawn (sorted), of the letters `wanted`: each place once. */
function places(drawn, wanted) {
  const taken = new Set();
  for (const letter of wanted) {
    const index = drawn.findIndex((found, at) => found === letter && !taken.has(at));
    assert.ok(index >= 0, `${letter} is among ${drawn.join("")}`);
    taken.add(index);
  }
  return [...taken];
}

for (const variant of gameData().variants) {
  describe(`move input: ${variantName(variant)}`, () => {
    const game = { theme: themeOf(variant.game) };

    test("every legal move is made the way the page offers it, and nothing else is", () => {
      for (const turn of turns(variant)) {
        const moves = movesOf(turn.moves);
        for (const move of moves) {
          const input = new MoveInput(() => moves).sync();
          let made = null;
          if (move.path[0].startsWith("pick:") && input.picking) {
            // S-12: the tiles are chosen in the supply; no more than the pick takes.
            const supply = sortTiles(game.theme, turn.position.supply);
            const wanted = move.path[0].slice(5).replace("-", "");
            for (const index of places(supply, wanted)) input.togglePick(index);
            const extra = supply.findIndex((_, at) => !input.picking.has(at));
            if (extra >= 0) {
              input.togglePick(extra);
              assert.equal(input.picking.size, wanted.length, "no more tiles than the pick takes");
            }
            made = input.pickedTiles(game, turn.position.supply)?.text;
          } else {
            for (const key of move.path) {
              if (input.keeping) {
                // S-11: a pass keeps the tiles chosen in the hand.
                const hand = turn.position.boards[turn.seat].hand;
                for (const index of places(sortTiles(game.theme, hand), key.slice(5))) input.toggleKeep(index);
                made = input.keptPass(game, hand)?.text;
                break;
              }
              made = input.click(key);
              assert.notEqual(made, false, `${key} of ${move.text} can be clicked`);
              if (made) break;
            }
          }
          const same = moves.filter((other) => other.path.join(" ") === move.path.join(" ")).map((other) => other.text);
          assert.ok(same.includes(made), `${move.text}: made ${made}`);
        }
        assert.equal(new MoveInput(() => moves).click("src:X:Z"), false, "a click that fits no move means nothing");
      }
    });
  });
}
