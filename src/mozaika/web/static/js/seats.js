// How a seat is named on the page: its player's name, or "Bot <name> (level)" in the reader's language.

import { t } from "./i18n.js";

export function botName(level, name = "") {
  return `${t("bot")}${name ? ` ${name}` : ""} (${t(`level.${level}`)})`;
}

export function seatName(seat, index) {
  const name = playerName(seat, index);
  // A player who left: the bot that took the seat plays under their name.
  return seat.replaced ? `${name} / ${botName(seat.level)}` : name;
}

/**
 * The seat's player, even where a stand-in (the bot that took over when they left or ran out of time)
 * plays it now: the log and the result say which moves the stand-in played. A bot seated from the start
 * is "Bot <name> (level)".
 */
export function playerName(seat, index) {
  if (seat.kind === "bot" && !seat.replaced) return botName(seat.level, seat.bot_name);
  return seat.name || t("seat_n", { n: index + 1 });
}
