// One player's board under its heading: the name, any badges, the score and its last change.

import { h } from "./dom.js";
import { t } from "./i18n.js";
import { icon } from "./icons.js";

/**
 * `name`: the heading's name (the seat's name in `ui.names` unless given); `gain`: the points of the last round (shown beside the score); `toggle`: for an opponent's
 * board on a phone, a summary line that opens the board on a tap ({ open, onToggle }).
 */
export function boardPanel(game, position, seat, ui, { name = ui.names[seat], badges = [], classes = [], gain = null, toggle = null } = {}) {
  const score = position.boards[seat].score;
  const heading = h("header", { class: "board-head" },
    h("span", { class: "player-name" }, name),
    badges,
    gain !== null && gain !== undefined ? h("span", { class: `round-gain ${gain < 0 ? "loss" : ""}`, title: t("last_round_gain") }, gain >= 0 ? `+${gain}` : `−${-gain}`) : "",
    h("span", { class: "score", "aria-label": t("score"), dataset: { value: score } }, String(score)),
    toggle ? h("button", { type: "button", class: "board-toggle", "aria-expanded": String(toggle.open), "aria-label": t("show_board", { name }), onClick: toggle.onToggle }, icon("chevron")) : "");
  const all = ["board-panel", ...classes, toggle?.open ? "expanded" : ""].filter(Boolean);
  return h("article", { class: all.join(" "), dataset: { seat } },
    heading, game.board(position, seat, ui), game.details(position, seat, ui));
}
