// Leaderboards: per game and variant, players by conservative rating, a page at a time, your place marked.

import { get } from "./api.js";
import { h, replace } from "./dom.js";
import { explain, language, t } from "./i18n.js";
import { navigate } from "./router.js";
import { games } from "./games.js";
import { playerLink } from "./community.js";
import { ratingLabel } from "./profile.js";

const SIZE = 25;

/** A variant's words: "wall=grey" -> the option's translated value(s). */
export function variantLabel(variant) {
  if (!variant) return "";
  return variant.split(",").map((pair) => {
    const [name, value] = pair.split("=");
    return t(`option.${name}.${value}`);
  }).join(", ");
}

export async function leaderboardPage(root, game, query) {
  const catalogue = await games();
  const chosen = game || catalogue[0].id;
  const page = Math.max(1, Number(query.get("page")) || 1);
  const variant = query.get("variant");
  const ask = new URLSearchParams({ page: String(page), size: String(SIZE) });
  if (variant) ask.set("variant", variant);
  let board;
  try {
    board = await get(`/leaderboard/${encodeURIComponent(chosen)}?${ask}`);
  } catch (error) {
    replace(root, h("section", { class: "card leaderboard missing" }, h("h1", {}, t("leaderboards")), h("p", {}, explain(error))));
    return;
  }
  const go = (changes) => navigate(`/leaderboard/${board.game}?${new URLSearchParams({ variant: board.variant, page: "1", ...changes })}`);
  const format = (value) => new Intl.NumberFormat(language(), { maximumFractionDigits: 1 }).format(value);
  const row = (entry) => h("tr", { class: entry.you ? "you" : "" },
    h("td", { class: "place" }, format(entry.place)),
    h("td", {}, playerLink(entry.name, entry.profile), entry.you ? h("span", { class: "badge you" }, t("you")) : ""),
    h("td", { class: "number" }, ratingLabel(entry)),
    h("td", { class: "number" }, format(entry.rated_games)));
  const rows = board.entries.map(row);
  if (board.you && !board.entries.some((entry) => entry.you)) {
    rows.push(h("tr", { class: "gap" }, h("td", { colspan: 4 }, "…")), row(board.you));
  }
  replace(root, h("section", { class: "card leaderboard" },
    h("h1", {}, t("leaderboards")),
    h("div", { class: "leaderboard-choice" },
      h("label", {}, h("span", {}, t("game")), h("select", { id: "leaderboard-game", onChange: (event) => navigate(`/leaderboard/${event.target.value}`) },
        catalogue.map((entry) => h("option", { value: entry.id, selected: entry.id === board.game }, t(`game.${entry.id}`))))),
      h("label", {}, h("span", {}, t("variant")), h("select", { id: "leaderboard-variant", onChange: (event) => go({ variant: event.target.value }) },
        board.variants.map((name) => h("option", { value: name, selected: name === board.variant }, variantLabel(name)))))),
    h("p", { class: "muted" }, board.min_rated_games > 1 ? [t("leaderboard_rule", { count: board.min_rated_games }), " "] : "",
      t("leaderboard_provisional", { count: board.provisional_games })),
    board.entries.length || board.you
      ? h("table", { class: "ranking" },
        h("thead", {}, h("tr", {}, h("th", {}, t("place")), h("th", {}, t("player")), h("th", { class: "number" }, t("rating")), h("th", { class: "number" }, t("rated_games")))),
        h("tbody", {}, rows))
      : h("p", { class: "muted" }, t("leaderboard_empty")),
    h("nav", { class: "pages buttons", "aria-label": t("pages") },
      h("button", { type: "button", class: "previous", disabled: board.page <= 1, onClick: () => go({ page: String(board.page - 1) }) }, t("previous_page")),
      h("span", { class: "muted" }, t("page_of", { page: format(board.page), pages: format(board.pages) })),
      h("button", { type: "button", class: "next", disabled: board.page >= board.pages, onClick: () => go({ page: String(board.page + 1) }) }, t("next_page")))));
}
