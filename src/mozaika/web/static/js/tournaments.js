// Swiss tournaments: the list with a form to hold one, and a tournament's page with live standings
// and every round's tables to watch.

import { Live, get, post } from "./api.js";
import { clockField } from "./clock.js";
import { playerLink } from "./community.js";
import { h, replace, toast } from "./dom.js";
import { games } from "./games.js";
import { explain, language, t } from "./i18n.js";
import { variantLabel } from "./leaderboard.js";
import { authCard } from "./lobby.js";
import { navigate } from "./router.js";
import { session } from "./session.js";
import { followTournament } from "./tournament-follow.js";

const ALWAYS_TIMED = { checked: true, addEventListener: () => {} };
/** What the clock field reads as "rated": a tournament always has a clock, so "none" is never offered. */

function when(moment) {
  if (!moment) return "";
  return new Intl.DateTimeFormat(language(), { dateStyle: "medium", timeStyle: "short" }).format(new Date(moment));
}

function points(value) {
  if (value === null || value === undefined) return "";
  return new Intl.NumberFormat(language(), { maximumFractionDigits: 2 }).format(value);
}

function clockLabel(clock) {
  const presets = { fast: "2+10", normal: "5+20", slow: "10+40" };
  if (clock in presets) return `${t(`clock.${clock}`)} ${presets[clock]}`;
  if (clock.endsWith("h")) return t("tournament.clock_turn", { hours: Number(clock.slice(0, -1)) });
  return clock;
}

function variantOf(tournament) {
  return variantLabel(Object.entries(tournament.options).map(([name, value]) => `${name}=${value}`).join(","));
}

function facts(tournament) {
  return [
    t(`game.${tournament.game}`),
    variantOf(tournament),
    t("tournament.table_size", { count: tournament.players }),
    t("tournament.rounds_n", { count: tournament.round_count }),
    clockLabel(tournament.clock),
    tournament.rated ? t("tournament.rated") : t("tournament.friendly"),
  ].filter(Boolean).join(" · ");
}

export async function tournamentsPage(root) {
  const catalogue = await games();
  const listing = await get("/tournaments");
  const canHold = session.me && !session.me.guest;
  const section = (id, title, entries, empty) => h("section", { class: "card tournament-list", id, "aria-labelledby": `${id}-title` },
    h("h2", { id: `${id}-title` }, title),
    entries.length ? h("ul", {}, entries.map(row)) : h("p", { class: "muted" }, empty));
  replace(root, h("div", { class: "tournaments-page" },
    h("header", { class: "tournaments-head" },
      h("h1", {}, t("tournaments")),
      h("p", { class: "muted" }, t("tournament.intro"))),
    h("div", { class: "tournaments-columns" },
      h("div", { class: "tournaments-lists" },
        section("running-tournaments", t("tournament.running"), listing.running, t("tournament.none_running")),
        section("upcoming-tournaments", t("tournament.upcoming"), listing.upcoming, t("tournament.none_upcoming")),
        section("finished-tournaments", t("tournament.finished"), listing.finished, t("tournament.none_finished"))),
      canHold ? holdForm(catalogue) : h("section", { class: "card" }, h("h2", {}, t("tournament.hold")), h("p", { class: "muted" }, t("tournament.accounts_only"))))));
}

function row(tournament) {
  const state = tournament.status === "upcoming"
    ? (tournament.starts_at ? t("tournament.starts", { when: when(tournament.starts_at) }) : t("tournament.starts_by_creator"))
    : tournament.status === "running"
      ? t("tournament.round_of", { round: tournament.round, rounds: tournament.round_count })
      : t(`tournament.status.${tournament.status}`);
  return h("li", { class: "tournament-row" },
    h("a", { href: `/tournaments/${tournament.id}`, "data-link": "" }, h("strong", {}, tournament.name)),
    h("span", { class: "muted" }, facts(tournament)),
    h("span", { class: "tournament-state" }, state, " · ", t("tournament.entrants", { count: tournament.entrants })),
    tournament.joined ? h("span", { class: "badge you" }, t("tournament.joined")) : "");
}

function holdForm(catalogue) {
  const gameSelect = h("select", { name: "game", id: "tournament-game" },
    catalogue.map((game) => h("option", { value: game.id }, t(`game.${game.id}`))));
  const players = h("select", { name: "players", id: "tournament-players" });
  const options = h("div", { class: "options" });
  const clock = clockField(ALWAYS_TIMED);
  const game = () => catalogue.find((entry) => entry.id === gameSelect.value);
  const fill = () => {
    replace(players, game().players.map((count) => h("option", { value: count, selected: count === 2 }, t("tournament.table_size", { count }))));
    replace(options, game().options.map((option) =>
      h("label", {}, h("span", {}, t(`option.${option.name}`)),
        h("select", { name: `option.${option.name}`, dataset: { option: option.name } },
          option.values.map((value, index) => h("option", { value: JSON.stringify(value), selected: index === 0 }, t(`option.${option.name}.${value}`)))))));
  };
  gameSelect.addEventListener("change", fill);
  fill();
  const form = h("form", { class: "card tournament-form", id: "tournament-form", onSubmit: async (event) => {
    event.preventDefault();
    const button = form.querySelector("button[type=submit]");
    button.disabled = true;
    const data = new FormData(form);
    const chosen = {};
    for (const select of options.querySelectorAll("select")) chosen[select.dataset.option] = JSON.parse(select.value);
    const body = {
      name: data.get("name").trim(), game: gameSelect.value, players: Number(players.value), options: chosen,
      clock: clock.clockValue(), format: "swiss", rounds: Number(data.get("rounds")), rated: data.get("rated") === "on",
    };
    if (data.get("starts_at")) body.starts_at = new Date(data.get("starts_at")).toISOString();
    try {
      const created = await post("/tournaments", body);
      followTournament(created.id);
      navigate(`/tournaments/${created.id}`);
    } catch (error) {
      toast(explain(error), "error");
      button.disabled = false;
    }
  } },
  h("h2", {}, t("tournament.hold")),
  h("div", { class: "form-grid" },
    h("label", { class: "wide" }, h("span", {}, t("tournament.name")), h("input", { name: "name", id: "tournament-name", required: true, maxlength: 64 })),
    h("label", {}, h("span", {}, t("game")), gameSelect),
    h("label", {}, h("span", {}, t("tournament.at_a_table")), players),
    options,
    clock,
    h("label", {}, h("span", {}, t("tournament.rounds")), h("input", { type: "number", name: "rounds", id: "tournament-rounds", min: 1, max: 20, value: 5, required: true })),
    h("label", {}, h("span", {}, t("tournament.starts_at")), h("input", { type: "datetime-local", name: "starts_at", id: "tournament-starts" }))),
  h("p", { class: "muted" }, t("tournament.starts_at_note")),
  h("label", { class: "check" }, h("input", { type: "checkbox", name: "rated", id: "tournament-rated", checked: true }), " ", t("rated")),
  h("button", { class: "primary", type: "submit" }, t("tournament.create")));
  return form;
}

export async function tournamentPage(root, id) {
  let page = await get(`/tournaments/${id}`);
  let timer = null;
  const draw = () => replace(root, view(page, act));
  const refresh = async () => {
    try {
      page = await get(`/tournaments/${id}`);
      draw();
    } catch (error) {
      toast(explain(error), "error");
    }
  };
  const act = async (action) => {
    try {
      page = await post(`/tournaments/${id}/${action}`);
      if (action === "join" || action === "start") followTournament(id);
      draw();
    } catch (error) {
      toast(explain(error), "error");
    }
  };
  draw();
  const live = new Live(`/tournaments/${id}/live`, { onEvent: () => {
    clearTimeout(timer);
    timer = setTimeout(refresh, 100);
  } });
  const leave = () => {
    live.close();
    clearTimeout(timer);
  };
  leave.relabel = draw;
  return leave;
}

function view(page, act) {
  const you = page.you;
  const myTable = you?.table && page.rounds.at(-1)?.tables.find((table) => table.table === you.table);
  const actions = [];
  if (!session.me && page.status === "upcoming") {
    actions.push(h("p", { class: "muted" }, t("tournament.sign_in_to_join")));
  } else if (session.me && !session.me.guest) {
    if (page.status === "upcoming" && !page.joined) actions.push(h("button", { type: "button", class: "primary", id: "tournament-join", onClick: () => act("join") }, t("join")));
    if (page.status === "upcoming" && you?.creator) actions.push(h("button", { type: "button", class: "primary", id: "tournament-start", disabled: page.entrants < 2, onClick: () => act("start") }, t("tournament.start_now")));
    if ((page.status === "upcoming" || page.status === "running") && you?.state === "active") actions.push(h("button", { type: "button", id: "tournament-leave", onClick: () => act("leave") }, page.status === "running" ? t("tournament.withdraw") : t("tournament.leave")));
  }
  const status = page.status === "running"
    ? t("tournament.round_of", { round: page.round, rounds: page.round_count })
    : page.status === "upcoming"
      ? (page.starts_at ? t("tournament.starts", { when: when(page.starts_at) }) : t("tournament.starts_by_creator"))
      : t(`tournament.status.${page.status}`);
  return h("div", { class: "tournament-page" },
    h("header", { class: "card tournament-header" },
      h("div", {},
        h("p", { class: "crumbs" }, h("a", { href: "/tournaments", "data-link": "" }, t("tournaments"))),
        h("h1", {}, page.name),
        h("p", { class: "muted" }, facts(page)),
        h("p", { class: "tournament-status" }, h("span", { class: `badge status-${page.status}` }, status), " ",
          t("tournament.entrants", { count: page.entrants }), " · ", t("tournament.by", { name: page.creator.name })),
        page.status === "finished" && page.standings.length
          ? h("p", { class: "tournament-winner" }, t("tournament.winner", { name: page.standings[0].name }))
          : ""),
      h("div", { class: "buttons" }, actions)),
    myTable && myTable.status === "running"
      ? h("p", { class: "card your-table", role: "status" }, t("tournament.your_table", { board: myTable.board }), " ",
        h("a", { href: `/tables/${myTable.table}`, "data-link": "", class: "button primary", id: "tournament-your-table" }, t("tournament.play")))
      : you?.bye && page.status === "running" ? h("p", { class: "card your-table", role: "status" }, t("tournament.your_bye")) : "",
    !session.me && page.status === "upcoming" ? authCard(() => navigate(`/tournaments/${page.id}`), { guest: false }) : "",
    h("div", { class: "tournament-columns" },
      standingsCard(page),
      h("div", { class: "tournament-rounds" }, page.rounds.length
        ? [...page.rounds].reverse().map((round) => roundCard(round, page))
        : h("section", { class: "card" }, h("h2", {}, t("tournament.rounds")), h("p", { class: "muted" }, t("tournament.not_started"))))));
}

function standingsCard(page) {
  const me = session.me?.id;
  const mine = (line) => [line.id === me ? "you" : "", line.state !== "active" ? "out" : ""].join(" ").trim() || undefined;
  const name = (line) => [playerLink(line.name, line.profile),
    line.state !== "active" ? h("span", { class: "badge out-badge" }, t(`tournament.state.${line.state}`)) : ""];
  if (page.status === "upcoming" || page.status === "cancelled") {
    return h("section", { class: "card standings" },
      h("h2", {}, t("tournament.players")),
      h("ol", { class: "entrants" }, page.standings.map((line) => h("li", { class: mine(line) }, name(line)))));
  }
  const rounds = Array.from({ length: page.round_count }, (_, index) => index + 1);
  return h("section", { class: "card standings" },
    h("h2", { id: "standings-title" }, t("tournament.standings")),
    h("div", { class: "standings-scroll", tabindex: "0", role: "region", "aria-labelledby": "standings-title" },
      h("table", { class: "ranking standings-table" },
        h("thead", {}, h("tr", {},
          h("th", { class: "place", scope: "col" }, h("abbr", { title: t("place") }, "#")),
          h("th", { scope: "col" }, t("player")),
          h("th", { class: "number", scope: "col" }, t("tournament.points")),
          rounds.map((number) => h("th", { class: "number round-column", scope: "col" }, h("abbr", { title: t("tournament.round_n", { round: number }) }, t("tournament.round_short", { round: number })))),
          h("th", { class: "number", scope: "col" }, h("abbr", { title: t("tournament.buchholz_title") }, t("tournament.buchholz"))),
          h("th", { class: "number", scope: "col" }, h("abbr", { title: t("tournament.score_title") }, t("tournament.score"))))),
        h("tbody", {}, page.standings.map((line) => {
          const results = Object.fromEntries(line.results.map((result) => [result.round, result.points]));
          return h("tr", { class: mine(line) },
            h("td", { class: "place" }, String(line.rank)),
            h("td", {}, name(line)),
            h("td", { class: "number strong" }, points(line.points)),
            rounds.map((number) => h("td", { class: "number round-column" }, number in results ? points(results[number]) : "")),
            h("td", { class: "number" }, points(line.buchholz)),
            h("td", { class: "number" }, String(line.score)));
        })))));
}

function roundCard(round, page) {
  const me = session.me?.id;
  const current = round.round === page.round && page.status === "running";
  return h("section", { class: `card round-card${current ? " current" : ""}`, "aria-labelledby": `round-${round.round}` },
    h("h2", { id: `round-${round.round}` }, t("tournament.round_n", { round: round.round }),
      " ", h("span", { class: "badge" }, round.over ? t("tournament.round_over") : t("tournament.round_playing"))),
    h("ol", { class: "round-tables" }, round.tables.map((table) => h("li", { class: `round-table${table.players.some((p) => p.id === me) ? " mine" : ""}` },
      h("div", { class: "round-table-head" },
        h("strong", {}, t("tournament.table_n", { board: table.board })),
        h("span", { class: "muted" }, t(`status.${table.status}`)),
        table.status === "running"
          ? h("a", { href: `/tables/${table.table}`, "data-link": "", class: "button small" }, table.players.some((p) => p.id === me) ? t("tournament.play") : t("watch"))
          : table.status === "finished"
            ? h("span", { class: "links" },
              h("a", { href: `/tables/${table.table}`, "data-link": "", class: "button small" }, t("tournament.result")),
              h("a", { href: `/replay/${table.table}`, "data-link": "", class: "button small" }, t("replay")))
            : ""),
      h("ul", { class: "round-players" }, table.players.map((player) => h("li", { class: player.place === 0 ? "winner" : undefined },
        playerLink(player.name, player.profile),
        player.score !== null ? h("span", { class: "final-score" }, String(player.score)) : "",
        player.points !== null ? h("span", { class: "badge" }, t("tournament.points_n", { points: points(player.points) })) : "",
        player.missed ? h("span", { class: "badge out-badge" }, t("tournament.missed")) : "")))))),
    round.bye ? h("p", { class: "bye" }, t("tournament.bye", { name: round.bye.name })) : "");
}

/** Under a tournament game's result: which tournament and round it was, and the way to its standings. */
export function tournamentNote(table, tableId) {
  const box = h("p", { class: "tournament-note" });
  get(`/tables/${tableId}/tournament`).then((found) => {
    replace(box, t("tournament.game_of", { round: found.round, name: found.name }), " ",
      found.status === "running" && found.round < found.round_count && table.you !== null && table.you !== undefined
        ? t("tournament.next_opens_here") : "", " ",
      h("a", { href: `/tournaments/${found.tournament}`, "data-link": "", class: "button small" }, t("tournament.standings")));
  }).catch(() => box.remove());
  return box;
}
