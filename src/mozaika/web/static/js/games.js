// The catalogue of games (from GET /api/games) and the drawing family of each: one adapter per board kind.

import { get } from "./api.js";
import { t, term } from "./i18n.js";
import { StarsGame } from "./boards/stars.js";
import { WallGame } from "./boards/wall.js";

const FAMILIES = { wall: WallGame, stars: StarsGame };
let catalogue = null;

export async function games() {
  if (!catalogue) catalogue = await get("/games");
  return catalogue;
}

/** The adapter that draws a table's game and turns its moves into clicks and words. */
export async function adapterFor(table) {
  const entry = (await games()).find((game) => game.id === table.game);
  const Family = FAMILIES[entry.board.kind];
  return new Family(entry, table);
}

/** What each kind of click step asks the player (a catalogue key). */
export function promptFor(key) {
  const kind = key.split(":")[0];
  return {
    src: "prompt.tiles",
    line: "prompt.destination",
    floor: "prompt.destination",
    cell: "prompt.column",
    split: "prompt.split",
    space: "prompt.space",
    pass: "prompt.space",
    pay: "prompt.payment",
    pick: "prompt.bonus",
    keep: "prompt.keep",
  }[kind] || "prompt.move";
}

/** Steps chosen from a list of buttons rather than on the board. */
export const CHOICE_KINDS = new Set(["split", "pay", "pick"]);

/**
 * What the next click asks, in words: a payment names the space chosen and what it costs, a bonus pick
 * how many tiles to choose in the supply.
 */
export function choicePrompt(game, gameId, next, kind, chosen, { picking = null, pickCount = 0 } = {}) {
  if (kind === "pay" && game.paymentPrompt) return game.paymentPrompt(chosen) || term(gameId, promptFor(next[0] || ""));
  if (kind === "pick" && picking) return t("prompt.bonus_count", { count: pickCount });
  return term(gameId, promptFor(next[0] || ""));
}
