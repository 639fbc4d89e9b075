// The game log in words: who did what, in the reader's language.

import { t } from "./i18n.js";

export function describeEntry(game, entry, names) {
  const who = entry.seat === null || entry.seat === undefined ? "" : names[entry.seat];
  if (entry.kind === "undo") return t("log.undo", { name: who, move: game.describe(entry.text) });
  if (entry.kind === "chance") {
    if (entry.text.startsWith("supply:")) return t("log.supply", { count: entry.text.length - 7 });
    return t("log.chance");
  }
  return `${who}: ${game.describe(entry.text)}`;
}
