// How a seat is named on the page: its player's name, or its bot level in the reader's language.

import { t } from "./i18n.js";

export function seatName(seat, index) {
  if (seat.kind === "bot" && !seat.replaced) return `${t("bot")} (${t(`level.${seat.level}`)})`;
  return seat.name || t("seat_n", { n: index + 1 });
}
