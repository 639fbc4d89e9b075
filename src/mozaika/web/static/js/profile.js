// A player's page: statistics per game and variant, the rating's history as a graph, the points
// lost per move by the reviews, and recent games with their replays and reviews.

import { get, post } from "./api.js";
import { h, replace, s, toast } from "./dom.js";
import { explain, language, t } from "./i18n.js";
import { session } from "./session.js";
import { variantLabel } from "./leaderboard.js";

const number = (value, digits = 1) =>
  new Intl.NumberFormat(language(), { maximumFractionDigits: digits, minimumFractionDigits: 0 }).format(value);
const when = (moment) => new Intl.DateTimeFormat(language(), { dateStyle: "medium" }).format(new Date(moment));

export async function profilePage(root, key) {
  let page;
  try {
    page = await get(`/players/${encodeURIComponent(key)}`);
  } catch (error) {
    replace(root, h("section", { class: "card profile missing" }, h("h1", {}, t("player_not_found")), h("p", {}, explain(error))));
    return;
  }
  replace(root, h("div", { class: "profile-page" },
    header(page, () => profilePage(root, key)),
    h("section", { class: "card profile-boards" },
      h("h2", {}, t("statistics")),
      page.statistics.boards.length ? page.statistics.boards.map(boardCard) : h("p", { class: "muted" }, t("no_games_yet"))),
    recentCard(page.recent_games)));
}

function header(page, reload) {
  const action = (path, label, cls) => h("button", { type: "button", class: cls, onClick: async () => {
    try {
      await post(`/players/${encodeURIComponent(page.profile)}/${path}`);
      await reload();
    } catch (error) {
      toast(explain(error), "error");
    }
  } }, label);
  const buttons = session.me && !page.you ? [
    page.following ? action("unfollow", t("unfollow"), "unfollow") : action("follow", t("follow"), "primary follow"),
    page.muted ? action("unmute", t("unmute"), "unmute") : action("mute", t("mute"), "mute"),
  ] : [];
  return h("section", { class: "card profile-head" },
    h("div", {},
      h("h1", {}, page.name),
      h("p", { class: "muted" },
        page.guest ? t("guest") : `@${page.username}`, " · ",
        t("member_since", { date: when(page.member_since) }), " · ",
        t("games_played_n", { count: page.statistics.games }),
        page.rating.rated_games ? [" · ", t("rating"), " ", ratingLabel(page.rating)] : "")),
    h("div", { class: "buttons" }, buttons));
}

function boardCard(board) {
  const stat = (label, value, cls = "") => h("div", { class: `stat ${cls}` }, h("span", { class: "stat-value" }, value), h("span", { class: "stat-label" }, label));
  const trend = board.loss_trend === null ? "" : board.loss_trend < 0 ? t("loss_trend_better") : board.loss_trend > 0 ? t("loss_trend_worse") : t("loss_trend_same");
  return h("article", { class: "profile-board" },
    h("h3", {}, t(`game.${board.game}`), " ", h("small", { class: "muted" }, variantLabel(board.variant))),
    h("div", { class: "stats" },
      stat(t("games_played"), number(board.played, 0)),
      stat(t("games_won"), number(board.won, 0)),
      stat(t("average_score"), number(board.average_score)),
      stat(t("best_score"), number(board.best_score, 0)),
      stat(t("rating"), board.rating ? ratingLabel(board.rating) : "–", "rating"),
      stat(t("points_lost_per_move"), board.average_loss === null ? "–" : number(board.average_loss, 2), "loss")),
    board.average_loss === null ? "" : h("p", { class: "muted loss-trend" },
      t("loss_recent", { value: number(board.recent_average_loss, 2), games: board.reviewed_games }), " ", trend),
    board.rating_history.length ? ratingGraph(board.rating_history, `${t(`game.${board.game}`)}, ${variantLabel(board.variant)}`) : "");
}

/** A rating as the server shows it ("1538", or "1538?" while provisional, explained on hovering). */
export function ratingLabel(rating) {
  return rating.provisional
    ? h("abbr", { class: "rating provisional", title: t("rating_provisional") }, rating.label)
    : h("span", { class: "rating" }, rating.label);
}

let graphs = 0;

/**
 * The shown rating after each rated game, as a line: a few labelled levels, each game a point (hollow
 * while provisional), the last one marked. Screen readers get its title and description, and the
 * numbers themselves in a table under it.
 */
export function ratingGraph(points, board) {
  const width = 600, height = 160, pad = { left: 58, right: 12, top: 14, bottom: 24 };
  const values = points.map((point) => point.display);
  let low = Math.min(...values), high = Math.max(...values);
  if (high - low < 20) { low -= 10; high += 10; }
  const x = (index) => pad.left + (index * (width - pad.left - pad.right)) / Math.max(1, points.length - 1);
  const y = (value) => pad.top + ((high - value) * (height - pad.top - pad.bottom)) / (high - low);
  const levels = [high, (high + low) / 2, low];
  const line = points.map((point, index) => `${index ? "L" : "M"}${x(index).toFixed(1)},${y(point.display).toFixed(1)}`).join(" ");
  const last = points.length - 1;
  const id = `rating-graph-${graphs += 1}`;
  const description = t("rating_graph_description", { board, first: points[0].label, last: points[last].label, low: Math.min(...values), high: Math.max(...values) });
  const graph = s("svg", { class: "rating-graph", viewBox: `0 0 ${width} ${height}`, role: "img", "aria-labelledby": `${id}-title ${id}-desc` },
    s("title", { id: `${id}-title` }, t("rating_graph", { count: points.length })),
    s("desc", { id: `${id}-desc` }, description),
    levels.map((level) => [
      s("line", { x1: pad.left, x2: width - pad.right, y1: y(level), y2: y(level), class: "grid" }),
      // Written as every rating is (1538, no grouping).
      s("text", { x: pad.left - 6, y: y(level) + 4, "text-anchor": "end" }, String(Math.round(level))),
    ]),
    s("path", { d: line, class: "line" }),
    points.map((point, index) => s("circle", { cx: x(index), cy: y(point.display), r: index === last ? 4.5 : 3, class: `point${point.provisional ? " provisional" : ""}${index === last ? " last" : ""}` })),
    s("text", { x: pad.left, y: height - 4 }, when(points[0].at)),
    s("text", { x: width - pad.right, y: height - 4, "text-anchor": "end" }, when(points[last].at)));
  const numbers = h("table", { class: "visually-hidden rating-numbers" },
    h("caption", {}, t("rating_graph", { count: points.length })),
    h("thead", {}, h("tr", {}, h("th", { scope: "col" }, t("date")), h("th", { scope: "col" }, t("rating")))),
    h("tbody", {}, points.map((point) => h("tr", {}, h("td", {}, when(point.at)), h("td", {}, point.label)))));
  return h("figure", { class: "rating-figure" }, graph, numbers);
}

function recentCard(games) {
  return h("section", { class: "card table-list recent-games" },
    h("h2", {}, t("recent_games")),
    games.length ? h("ul", {}, games.map((game) => h("li", { class: game.won ? "won" : "" },
      h("strong", {}, t(`game.${game.game}`)), h("small", { class: "muted" }, variantLabel(game.variant)),
      h("span", {}, t("place_of", { place: game.place, players: game.players })),
      h("b", {}, number(game.score, 0)),
      game.rated ? h("span", { class: "badge" }, t("rated")) : "",
      h("small", { class: "muted" }, when(game.finished_at)),
      h("span", { class: "links" },
        h("a", { href: game.replay, "data-link": "", class: "button small" }, t("replay")),
        h("a", { href: game.review, class: "button small" }, t("review")))))) : h("p", { class: "muted" }, t("no_games_yet")));
}
