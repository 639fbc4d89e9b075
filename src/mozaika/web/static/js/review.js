// The game review under a finished game's result and replay: points lost per move, the biggest
// mistakes with the better move, and the expected score difference over the game as a graph.

import { get, post } from "./api.js";
import { h, replace, s } from "./dom.js";
import { adapterFor } from "./games.js";
import { explain, number, t } from "./i18n.js";

const POLL_MS = 2000;
const LINE_COLOURS = ["#1f62b5", "#c7352e", "#2f7d3b", "#8e44ad"];

/** A card that fills itself in: the review when it is done, its progress while it is being made. */
export function reviewPanel(tableId, names) {
  const card = h("section", { class: "review card", "aria-labelledby": "review-title", dataset: { status: "loading" } },
    h("h2", { id: "review-title" }, t("review_title")), h("p", { class: "muted" }, "…"));
  const show = async () => {
    if (!card.isConnected && card.dataset.status !== "loading") return;
    let found;
    try {
      found = await get(`/tables/${tableId}/review`);
    } catch (error) {
      replace(card, h("h2", { id: "review-title" }, t("review_title")), h("p", { class: "form-error" }, explain(error)));
      return;
    }
    const body = [h("h2", { id: "review-title" }, t("review_title"))];
    if (found.status === "done") {
      const game = await adapterFor(await get(`/tables/${tableId}`));
      body.push(...reviewBody(found.review, names, tableId, (move) => `${game.describe(move)} (${move})`));
    }
    else if (found.status === "none" || found.status === "failed") {
      if (found.status === "failed") body.push(h("p", { class: "form-error" }, t("review_failed")));
      body.push(h("button", { type: "button", class: "request-review", onClick: async () => {
        await post(`/tables/${tableId}/review`);
        card.dataset.status = "queued";
        show();
      } }, t("review_request")));
    } else {
      body.push(h("p", { class: "review-progress" }, found.total
        ? t("review_progress", { done: found.done, total: found.total })
        : t("review_queued")),
      h("progress", { max: found.total || 1, value: found.done }));
      setTimeout(show, POLL_MS);
    }
    replace(card, body);
    // Said once the card shows it (a done review is drawn only after the game is read).
    card.dataset.status = found.status;
  };
  show();
  return card;
}

function reviewBody(review, names, tableId, describe) {
  const players = h("table", { class: "breakdown review-players" },
    h("thead", {}, h("tr", {}, h("th", { scope: "col" }, h("span", { class: "visually-hidden" }, t("review_figure"))), review.players.map((_, seat) => h("th", {}, names[seat])))),
    h("tbody", {},
      h("tr", {}, h("th", { scope: "row" }, t("review_average_loss")),
        review.players.map((player) => h("td", { class: "average-loss" }, number(player.average_loss, 2)))),
      h("tr", { class: "stat" }, h("th", { scope: "row" }, t("review_decisions")),
        review.players.map((player) => h("td", {}, String(player.decisions))))));
  const mistakes = review.mistakes.length
    ? h("ol", { class: "mistakes" }, review.mistakes.map((mistake) => h("li", { class: "mistake" },
      h("span", { class: "mistake-head" }, t("review_move_of", { number: mistake.number, round: mistake.round, name: names[mistake.seat] })),
      " ",
      h("span", { class: "played" }, t("review_played", { move: describe(mistake.played) })),
      " ",
      h("span", { class: "better" }, t("review_better", { move: describe(mistake.best) })),
      " ",
      h("strong", { class: "loss" }, t("review_lost", { points: number(mistake.loss, 1) })),
      h("span", { class: "mistake-links" },
        h("a", { href: `/replay/${tableId}?step=${mistake.step}`, "data-link": "" }, t("review_show")),
        " · ",
        h("a", { class: "analyse-mistake", href: `/analysis?line=${encodeURIComponent(mistake.line)}`, "data-link": "" }, t("analyse_here"))))))
    : h("p", {}, t("review_no_mistakes"));
  return [
    h("p", { class: "muted review-note" }, t("review_note")),
    h("div", { class: "table-scroll" }, players),
    h("h3", {}, t("review_mistakes")),
    mistakes,
    h("h3", {}, t("review_graph")),
    leadGraph(review, names),
  ];
}

/** Each player's expected lead after every decision, as an inline SVG (two players: one line, either side of 0). */
export function leadGraph(review, names) {
  const width = 640;
  const height = 200;
  const pad = { left: 36, right: 10, top: 14, bottom: 22 };
  const leads = review.leads;
  const two = names.length === 2;
  const series = two ? [leads.map((lead) => lead[0])] : names.map((_, seat) => leads.map((lead) => lead[seat]));
  const highest = Math.max(4, ...series.flat().map(Math.abs));
  const top = Math.ceil(highest / 5) * 5;
  const x = (index) => pad.left + (leads.length <= 1 ? 0 : (index / (leads.length - 1)) * (width - pad.left - pad.right));
  const y = (value) => pad.top + ((top - value) / (2 * top)) * (height - pad.top - pad.bottom);
  const svg = s("svg", { class: "lead-graph", viewBox: `0 0 ${width} ${height}`, role: "img" });
  svg.setAttribute("aria-label", t("review_graph_label"));
  svg.append(s("rect", { class: "graph-plate", x: pad.left, y: pad.top, width: width - pad.left - pad.right, height: height - pad.top - pad.bottom }));
  let round = null;
  review.moves.forEach((move, index) => {
    if (move.round === round) return;
    round = move.round;
    svg.append(s("line", { class: "round-tick", x1: x(index), x2: x(index), y1: pad.top, y2: height - pad.bottom }),
      s("text", { class: "graph-label", x: x(index) + 3, y: height - 6 }, t("round_short", { n: round })));
  });
  for (const value of [top, 0, -top]) {
    svg.append(s("line", { class: value ? "grid" : "zero", x1: pad.left, x2: width - pad.right, y1: y(value), y2: y(value) }),
      s("text", { class: "graph-label", x: pad.left - 4, y: y(value) + 4, "text-anchor": "end" }, number(value, 0, { sign: true })));
  }
  series.forEach((values, index) => {
    const points = values.map((value, step) => `${x(step).toFixed(1)},${y(value).toFixed(1)}`);
    if (two) {
      svg.append(s("polygon", { class: "lead-area", points: [`${x(0)},${y(0)}`, ...points, `${x(values.length - 1)},${y(0)}`].join(" ") }));
    }
    svg.append(s("polyline", { class: "lead-line", points: points.join(" "), stroke: LINE_COLOURS[index], dataset: { seat: index } }));
  });
  const legend = two
    ? [h("span", { class: "legend-item" }, "▲ ", t("review_ahead", { name: names[0] })), h("span", { class: "legend-item" }, "▼ ", t("review_ahead", { name: names[1] }))]
    : names.map((name, seat) => h("span", { class: "legend-item" },
      s("svg", { class: "swatch", viewBox: "0 0 12 12", width: 12, height: 12, "aria-hidden": "true" }, s("rect", { width: 12, height: 12, rx: 2, fill: LINE_COLOURS[seat] })), name));
  return h("figure", { class: "lead-figure" }, svg, h("figcaption", {}, t("review_graph_caption"), " ", legend));
}
