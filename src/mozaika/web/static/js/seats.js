// How a seat is named on the page: its player's name, or "Bot (level)" in the reader's language.

import { t } from "./i18n.js";

export function botName(level) {
  return `${t("bot")} (${t(`level.${level}`)})`;
}

export function seatName(seat, index) {
  if (seat.kind === "bot" && !seat.replaced) return botName(seat.level);
  const name = seat.name || t("seat_n", { n: index + 1 });
  // A player who left: the bot that took the seat plays under their name.
  return seat.replaced ? `${name} / ${botName(seat.level)}` : name;
}
