// How a seat is named on the page: its player's name, or "Bot <name> (level)" in the reader's language.

import { t } from "./i18n.js";

export function botName(level, name = "") {
  return `${t("bot")}${name ? ` ${name}` : ""} (${t(`level.${level}`)})`;
}

export function seatName(seat, index) {
  if (seat.kind === "bot" && !seat.replaced) return botName(seat.level, seat.bot_name);
  const name = seat.name || t("seat_n", { n: index + 1 });
  // A player who left: the bot that took the seat plays under their name.
  return seat.replaced ? `${name} / ${botName(seat.level)}` : name;
}
