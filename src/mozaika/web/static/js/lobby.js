// The lobby: signing in, creating a table, and the lists of tables (yours, open, finished).

import { Live, get, post } from "./api.js";
import { clockField, lobbyClock } from "./clock.js";
import { communityCards } from "./community.js";
import { h, replace, toast } from "./dom.js";
import { gameCards, invitePage } from "./front.js";
import { games } from "./games.js";
import { explain, t } from "./i18n.js";
import { remindersCard } from "./reminders.js";
import { pairingCard } from "./pairing.js";
import { navigate } from "./router.js";
import { seatName } from "./seats.js";
import { playAsGuest, register, session, signIn } from "./session.js";
import { LEVELS, rememberInvites } from "./waiting.js";
import { renderTopBar } from "./topbar.js";

/** The three ways in: an account (sign in or register) or a guest name. `done` runs once signed in. */
export function authCard(done, { guest = true } = {}) {
  const field = (name, label, attributes = {}) =>
    h("label", {}, h("span", {}, label), h("input", { name, required: true, ...attributes }));
  // A form's own words for what its answers mean (a 401 from signing in is a wrong password).
  const attempt = (action, meanings = {}) => async (event) => {
    event.preventDefault();
    const form = event.target;
    const data = Object.fromEntries(new FormData(form));
    const button = form.querySelector("button");
    button.disabled = true;
    try {
      await action(data);
      renderTopBar();
      await done();
    } catch (error) {
      form.querySelector(".form-error").textContent = meanings[error.code] ? t(meanings[error.code]) : explain(error);
      button.disabled = false;
    }
  };
  return h("section", { class: "auth card" },
    h("form", { id: "signin-form", onSubmit: attempt((data) => signIn(data.username, data.password), { not_signed_in: "wrong_credentials" }) },
      h("h2", {}, t("sign_in")),
      field("username", t("username"), { autocomplete: "username", maxlength: 64 }),
      field("password", t("password"), { type: "password", autocomplete: "current-password", maxlength: 256 }),
      h("p", { class: "form-error", role: "alert" }),
      h("button", { class: "primary", type: "submit" }, t("sign_in"))),
    h("form", { id: "register-form", onSubmit: attempt((data) => register(data.username, data.password, data.name || null), { conflict: "username_taken" }) },
      h("h2", {}, t("register")),
      field("username", t("username"), { autocomplete: "username", pattern: "[A-Za-z0-9][A-Za-z0-9_.\\-]{1,31}", maxlength: 32, title: t("username_rule") }),
      field("password", t("password"), { type: "password", autocomplete: "new-password", minlength: 8, maxlength: 256 }),
      h("label", {}, h("span", {}, t("display_name_optional")), h("input", { name: "name", maxlength: 32 })),
      h("p", { class: "form-error", role: "alert" }),
      h("button", { class: "primary", type: "submit" }, t("register"))),
    guest && h("form", { id: "guest-form", onSubmit: attempt((data) => playAsGuest(data.name)) },
      h("h2", {}, t("play_as_guest")),
      field("name", t("your_name"), { maxlength: 32 }),
      h("p", { class: "muted" }, t("guest_note")),
      h("p", { class: "form-error", role: "alert" }),
      h("button", { type: "submit" }, t("play_as_guest"))));
}

export async function lobbyPage(root, query) {
  const next = query.get("next");
  const cards = await gameCards({ compact: Boolean(session.me) });
  if (!session.me) {
    replace(root, h("div", { class: "lobby" },
      h("section", { class: "welcome" }, h("h1", {}, t("welcome_title")), h("p", {}, t("welcome_text"))),
      cards,
      authCard(() => navigate(next && next.startsWith("/") ? next : "/")),
      ...await communityCards()));
    return undefined;
  }
  const catalogue = await games();
  const lists = h("div", { class: "lists" });
  const form = createForm(catalogue);
  const pairing = await pairingCard();
  replace(root, h("div", { class: "lobby" }, h("h1", { class: "visually-hidden" }, t("lobby")), cards,
    h("div", { class: "lobby-side" }, pairing.card, form, session.me.guest ? "" : remindersCard()), lists));
  let timer = null;
  const refresh = () => {
    clearTimeout(timer);
    timer = setTimeout(() => fillLists(lists, catalogue), 150);
  };
  await fillLists(lists, catalogue);
  const live = new Live("/lobby/live", {
    onEvent: (event) => (event.type === "pairing" || event.type === "paired" ? pairing.onEvent(event) : refresh()),
    onStatus: (status) => status === "online" && pairing.resync(),
  });
  return () => {
    live.close();
    clearTimeout(timer);
    pairing.leave();
  };
}

function createForm(catalogue) {
  const gameSelect = h("select", { name: "game", id: "new-game" },
    catalogue.map((game) => h("option", { value: game.id }, t(`game.${game.id}`))));
  const players = h("select", { name: "players", id: "new-players" });
  const options = h("div", { class: "options" });
  const seats = h("div", { class: "seat-plan" });
  const rated = h("input", { type: "checkbox", name: "rated", id: "new-rated", disabled: session.me.guest });
  const undo = h("input", { type: "checkbox", name: "undo", id: "new-undo", checked: true });
  const clock = clockField(rated);
  rated.addEventListener("change", () => {
    undo.checked = !rated.checked;
    undo.disabled = rated.checked;
    for (const select of seats.querySelectorAll("select")) {
      for (const option of select.options) option.disabled = rated.checked && option.value.startsWith("bot:");
      if (rated.checked && select.value.startsWith("bot:")) select.value = "invite";
    }
  });

  const game = () => catalogue.find((entry) => entry.id === gameSelect.value);
  const fillPlayers = () => {
    const chosen = Number(players.value) || 2;
    replace(players, game().players.map((count) => h("option", { value: count, selected: count === chosen }, t("players_n", { count }))));
    replace(options, game().options.map((option) =>
      h("label", {}, h("span", {}, t(`option.${option.name}`)),
        h("select", { name: `option.${option.name}`, dataset: { option: option.name } },
          option.values.map((value, index) => h("option", { value: JSON.stringify(value), selected: index === 0 }, t(`option.${option.name}.${value}`)))))));
    fillSeats();
  };
  const fillSeats = () => {
    const count = Number(players.value);
    const rows = [h("p", { class: "seat-row" }, h("span", {}, t("seat_n", { n: 1 })), h("strong", {}, t("you")))];
    for (let index = 1; index < count; index += 1) {
      rows.push(h("label", { class: "seat-row" }, h("span", {}, t("seat_n", { n: index + 1 })),
        h("select", { name: `seat.${index}`, dataset: { seat: index } },
          h("option", { value: "invite" }, t("seat_kind.invited")),
          h("option", { value: "open" }, t("seat_kind.open")),
          LEVELS.map((level) => h("option", { value: `bot:${level}`, selected: level === "medium" && index === 1 && count === 2 }, `${t("bot")} (${t(`level.${level}`)})`)))));
    }
    replace(seats, rows);
  };
  gameSelect.addEventListener("change", fillPlayers);
  players.addEventListener("change", fillSeats);
  fillPlayers();

  const form = h("form", { class: "create card", id: "create-form", onSubmit: async (event) => {
    event.preventDefault();
    const button = form.querySelector("button[type=submit]");
    button.disabled = true;
    const chosenOptions = {};
    for (const select of options.querySelectorAll("select")) chosenOptions[select.dataset.option] = JSON.parse(select.value);
    const plan = [{ kind: "me" }];
    for (const select of seats.querySelectorAll("select")) {
      const [kind, level] = select.value.split(":");
      plan.push(level ? { kind, level } : { kind });
    }
    try {
      const created = await post("/tables", {
        game: gameSelect.value, players: Number(players.value), options: chosenOptions, seats: plan,
        rated: rated.checked, undo: rated.checked ? false : undo.checked, clock: clock.clockValue(),
      });
      const id = created.table.id;
      rememberInvites(id, created.invites);
      if (plan.every((seat) => seat.kind === "me" || seat.kind === "bot")) await post(`/tables/${id}/start`);
      navigate(`/tables/${id}`);
    } catch (error) {
      toast(explain(error), "error");
      button.disabled = false;
    }
  } },
  h("h2", {}, t("new_table")),
  h("div", { class: "form-grid" },
    h("label", {}, h("span", {}, t("game")), gameSelect),
    h("label", {}, h("span", {}, t("players")), players),
    options,
    clock),
  h("fieldset", {}, h("legend", {}, t("seats")), seats),
  h("div", { class: "checks" },
    h("label", { class: "check" }, rated, " ", t("rated"), session.me.guest ? h("small", { class: "muted" }, ` (${t("rated_accounts_only")})`) : ""),
    h("label", { class: "check" }, undo, " ", t("allow_undo"))),
  h("button", { class: "primary", type: "submit" }, t("create_table")));
  return form;
}

async function fillLists(box, catalogue) {
  const [mine, lobby, finished, community] = await Promise.all([
    get("/tables?mine=true"),
    get("/tables?status=open"),
    get("/tables?status=finished"),
    communityCards(),
  ]);
  const active = mine.filter((table) => table.status === "open" || table.status === "running");
  const done = mine.filter((table) => table.status === "finished").slice(0, YOUR_FINISHED);
  const joinable = lobby.filter((table) => table.you === null && table.seats.some((seat) => seat.kind === "open"));
  replace(box,
    yourGames(active, done, catalogue),
    listCard("open-tables", t("open_tables"), joinable, (table) => tableRow(table, catalogue, "", true)),
    ...community,
    listCard("finished-tables", t("finished_games"), withAborted(finished, mine).slice(0, 30), (table) => finishedRow(table)));
}

/** The finished games, and among them the caller's games aborted by agreement, the latest first. */
function withAborted(finished, mine) {
  const aborted = mine.filter((table) => table.status === "aborted");
  return [...finished, ...aborted].sort((a, b) => b.updated_at.localeCompare(a.updated_at));
}

const YOUR_FINISHED = 10;

/** Your games: those being played or waiting (your turns first, as the server lists them), then your last finished ones. */
function yourGames(active, done, catalogue) {
  return h("section", { class: "card table-list", id: "your-tables" },
    h("h2", {}, t("your_games")),
    active.length || !done.length
      ? h("ul", { class: "your-active" }, active.length ? active.map((table) => tableRow(table, catalogue, table.your_turn ? t("your_turn") : "")) : h("li", { class: "muted" }, t("nothing_here")))
      : "",
    done.length ? [h("h3", { class: "list-heading" }, t("your_finished_games")), h("ul", { class: "your-finished" }, done.map((table) => finishedRow(table)))] : "");
}

function listCard(id, title, tables, row) {
  return h("section", { class: "card table-list", id },
    h("h2", {}, title),
    tables.length ? h("ul", {}, tables.map(row)) : h("p", { class: "muted" }, t("nothing_here")));
}

function seatNames(table) {
  return table.seats.map((seat, index) => (seat.kind === "open" || seat.kind === "invited" ? "…" : ratedName(seat, index))).join(", ");
}

/** A seat's player, with their rating at a rated table (as the server labels it: "1500?" while provisional). */
export function ratedName(seat, index) {
  return seat.rating ? `${seatName(seat, index)} (${seat.rating.label})` : seatName(seat, index);
}

function tableRow(table, catalogue, badge, joinable = false) {
  const options = Object.entries(table.options).map(([name, value]) => t(`option.${name}.${value}`)).join(", ");
  return h("li", { class: table.your_turn ? "your-turn" : "" },
    h("a", { href: `/tables/${table.id}`, "data-link": "" }, h("strong", {}, t(`game.${table.game}`)), " ", h("small", {}, options)),
    h("span", { class: "muted" }, ` ${seatNames(table)} · ${t(`status.${table.status}`)}`),
    badge ? h("span", { class: "badge turn-badge" }, badge) : "",
    lobbyClock(table),
    joinable ? h("button", { type: "button", onClick: async () => {
      try {
        await post(`/tables/${table.id}/join`, {});
        navigate(`/tables/${table.id}`);
      } catch (error) {
        toast(explain(error), "error");
      }
    } }, t("join")) : "");
}

/** A finished game: each player with the final score, the winners marked. */
function finishedRow(table) {
  if (table.status === "aborted") {
    return h("li", { class: "finished-row aborted" },
      h("a", { href: `/tables/${table.id}`, "data-link": "" }, h("strong", {}, t(`game.${table.game}`))),
      h("span", { class: "finals" }, seatNames(table)),
      h("span", { class: "badge aborted-badge" }, t("status.aborted")));
  }
  const winners = new Set(table.winners || []);
  const players = table.seats.map((seat, index) => h("span", { class: `final${winners.has(index) ? " winner" : ""}` },
    seatName(seat, index), " ", h("b", {}, String(table.scores?.[index] ?? "")), winners.has(index) ? h("span", { class: "winner-mark", title: t("winner") }, ` ${t("winner_mark")}`) : ""));
  return h("li", { class: "finished-row" },
    h("a", { href: `/tables/${table.id}`, "data-link": "" }, h("strong", {}, t(`game.${table.game}`))),
    h("span", { class: "finals" }, players),
    h("a", { href: `/replay/${table.id}`, "data-link": "", class: "button small" }, t("replay")),
    table.idle_ended ? h("small", { class: "muted idle-ended" }, t("idle_ended_short")) : "");
}

export async function joinPage(root, tableId, query) {
  const invite = query.get("invite");
  const join = async () => {
    try {
      await post(`/tables/${tableId}/join`, invite ? { invite } : {});
    } catch (error) {
      if (error.code !== "conflict") {
        toast(explain(error), "error");
      }
    }
    navigate(`/tables/${tableId}`, true);
  };
  if (session.me) {
    await join();
    return;
  }
  await invitePage(root, tableId, join, authCard);
}
