// One player's board under its heading: the name, any badges, the score.

import { h } from "./dom.js";
import { t } from "./i18n.js";

export function boardPanel(game, position, seat, ui, { badges = [], classes = [] } = {}) {
  const heading = h("header", { class: "board-head" },
    h("span", { class: "player-name" }, ui.names[seat]),
    badges,
    h("span", { class: "score", "aria-label": t("score") }, String(position.boards[seat].score)));
  return h("article", { class: ["board-panel", ...classes].join(" "), dataset: { seat } },
    heading, game.board(position, seat, ui), game.details(position, seat, ui));
}
