// The game log in words: who did what, in the reader's language.

import { t, term } from "./i18n.js";

/**
 * One log entry in words, `names` by seat (their players', `playerName`). `cancelled` is the entry an
 * undo takes back: where it was another seat's (a bot's reply, taken back with the player's move),
 * the words say whose.
 */
export function describeEntry(game, entry, names, cancelled = null) {
  const who = entry.seat === null || entry.seat === undefined ? "" : names[entry.seat];
  if (entry.kind === "undo") {
    const move = game.describe(entry.text);
    if (cancelled && cancelled.seat !== entry.seat && cancelled.seat !== null) {
      return t("log.undo_reply", { name: who, owner: names[cancelled.seat], move });
    }
    return t("log.undo", { name: who, move });
  }
  if (entry.kind === "chance") {
    if (entry.text.startsWith("supply:")) return t("log.supply", { count: entry.text.length - 7 });
    return term(game.id, "log.chance");
  }
  // A move the stand-in played for the seat's player (who left or ran out of time) says so.
  const mover = entry.stand_in ? t("log.stand_in", { name: who }) : who;
  return `${mover}: ${game.describe(entry.text)}`;
}
