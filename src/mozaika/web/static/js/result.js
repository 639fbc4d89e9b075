// The end of a game: who won, where every point came from, and how each player played.
// One panel for the table's end and the replay's side; `afterResult` hooks let a page add to it.

import { h } from "./dom.js";
import { number, t, term } from "./i18n.js";
import { playerName } from "./seats.js";

/** A statistic as the reader writes numbers ("0.7" in English, "0,7" in German), a whole number without decimals. */
const statistic = (value) => (typeof value === "number" ? number(value, Number.isInteger(value) ? 0 : 1) : String(value));

const extensions = [];

/** Adds a part under every result panel: `make(table, names, tableId)` returns an element or nothing. */
export function afterResult(make) {
  extensions.push(make);
}

export function resultPanel(table, names, tableId, { replayLink = true } = {}) {
  const result = table.result;
  const players = result.players || [];
  const sources = [...new Set(players.flatMap((player) => Object.keys(player.sources)))];
  const statistics = [...new Set(players.flatMap((player) => Object.keys(player.statistics || {})))];
  const winners = new Set(result.winners);
  const resigned = new Set(result.resigned || []);
  const header = h("tr", {}, h("th", { scope: "col" }, h("span", { class: "visually-hidden" }, t("result_points"))), players.map((player) =>
    h("th", { class: winners.has(player.seat) ? "winner" : "", dataset: { seat: player.seat } },
      h("span", { class: "seat-name" }, seatHeading(table, names, player.seat), winners.has(player.seat) ? `\u00a0${t("winner_mark")}` : ""),
      resigned.has(player.seat) ? h("small", { class: "resigned" }, t("result.resigned")) : "",
      player.stand_in_moves ? h("small", { class: "stand-in-moves" }, t("result.stand_in_moves", { count: player.stand_in_moves })) : "")));
  const row = (label, values, kind = "") => h("tr", { class: kind }, h("th", { scope: "row" }, label), values.map((value) => h("td", {}, value)));
  const body = [
    ...sources.map((source) => row(term(table.game, `source.${source}`), players.map((player) => signed(player.sources[source] ?? 0, source)))),
    row(t("total"), players.map((player) => h("strong", { class: "final-score", dataset: { seat: player.seat } }, String(player.score))), "total"),
    ...statistics.map((name) => row(term(table.game, `stat.${name}`), players.map((player) => statistic(player.statistics[name])), "stat")),
  ];
  if (result.ratings?.length) {
    body.push(row(t("leaderboard_rating"), players.map((player) => {
      const rating = result.ratings[player.seat];
      const shown = rating.provisional ? h("abbr", { title: t("rating_provisional") }, rating.label) : rating.label;
      return h("span", { class: "rating-change" }, shown, ` (${number(rating.display_change, 0, { sign: true })})`);
    })));
  }
  const winnerNames = result.winners.map((seat) => (table.seats?.[seat] ? playerName(table.seats[seat], seat) : names[seat])).join(", ");
  return h("section", { class: "result card", "aria-labelledby": "result-title" },
    h("h2", { id: "result-title" }, t("game_over"), " — ", t("won_by", { names: winnerNames, count: result.winners.length })),
    result.idle_ended ? h("p", { class: "idle-ended notice" }, t("result.idle_ended")) : "",
    resigned.size ? h("p", { class: "resigned-note" }, t("result.resigned_note", {
      names: [...resigned].map((seat) => (table.seats?.[seat] ? playerName(table.seats[seat], seat) : names[seat])).join(", "),
      count: resigned.size,
    })) : "",
    // Scrolled sideways where the page is narrow: the keyboard can scroll it too.
    h("div", { class: "table-scroll", tabindex: "0", role: "region", "aria-label": t("result_points") }, h("table", { class: "breakdown" }, h("thead", {}, header), h("tbody", {}, body))),
    h("p", { class: "buttons" },
      replayLink ? h("a", { class: "button", href: `/replay/${tableId}`, "data-link": "" }, t("watch_replay")) : "",
      h("a", { class: "button", href: `/api/tables/${tableId}/record`, download: `mozaika-${tableId}.json` }, t("download_record")),
      h("a", { class: "button", href: `/analysis?table=${tableId}`, "data-link": "" }, t("analyse_final"))),
    extensions.map((make) => make(table, names, tableId)));
}

/**
 * A seat's column heading: its player first (a stand-in's moves are counted beneath), and "(you)" beside
 * the reader's own seat, theirs even where a stand-in played it to the end.
 */
function seatHeading(table, names, index) {
  const seat = table.seats?.[index];
  if (!seat) return names[index];
  const name = playerName(seat, index);
  return seat.you || seat.played_for_you ? t("result.you", { name }) : name;
}

function signed(value, source) {
  // Counts (tiles sent to the floor) are not points: no sign for them.
  if (source === "tiles_to_floor" || source === "bonus_tiles") return String(value);
  return value > 0 ? `+${value}` : String(value);
}
