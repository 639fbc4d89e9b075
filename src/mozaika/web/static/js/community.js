// The community in the lobby: games in progress to watch, friends and their open tables, and the
// tables you were invited to by name. Also play again at a game's end, and muting players in chat.

import { get, post } from "./api.js";
import { h, replace, toast } from "./dom.js";
import { explain, language, t } from "./i18n.js";
import { icon } from "./icons.js";
import { navigate } from "./router.js";
import { seatName } from "./seats.js";
import { session } from "./session.js";

/** Where a player's page is: their username, or ~id for a guest. */
export function profilePath(profile) {
  return `/players/${encodeURIComponent(profile)}`;
}

/** A link to a player's page (plain text when the seat has no player). */
export function playerLink(name, profile) {
  return profile ? h("a", { href: profilePath(profile), "data-link": "", class: "player-link" }, name) : h("span", {}, name);
}

/** The lobby's community cards: invitations first (when there are any), friends, then games in progress. */
export async function communityCards() {
  const signedIn = Boolean(session.me);
  const [playing, friends, invitations] = await Promise.all([
    get("/tables?status=playing"),
    signedIn ? get("/friends").catch(() => []) : [],
    signedIn ? get("/invitations").catch(() => []) : [],
  ]);
  const cards = [];
  if (invitations.length) cards.push(invitationsCard(invitations));
  if (signedIn) cards.push(friendsCard(friends));
  cards.push(playingCard(playing));
  return cards;
}

function invitationsCard(invitations) {
  return h("section", { class: "card table-list invitations", id: "invitations" },
    h("h2", {}, t("invitations")),
    h("ul", {}, invitations.map((invitation) => h("li", {},
      h("strong", {}, t(`game.${invitation.game}`)),
      h("span", { class: "muted" }, t("invited_by", { name: invitation.from })),
      h("button", { type: "button", class: "primary", onClick: () => takeSeat(invitation.table) }, t("join"))))));
}

async function takeSeat(tableId) {
  try {
    await post(`/tables/${tableId}/join`, {});
  } catch (error) {
    if (error.code !== "conflict") toast(explain(error), "error");
  }
  navigate(`/tables/${tableId}`);
}

function friendsCard(friends) {
  // Presence is told only of players who follow you too (null otherwise): following needs no consent.
  const presence = (friend) => friend.online === null ? "presence_private" : friend.online ? "online" : "offline";
  const rows = friends.map((friend) => h("li", { class: friend.online ? "online" : "" },
    friend.online === null ? null
      : h("span", { class: `presence${friend.online ? " on" : ""}`, title: t(presence(friend)) }),
    playerLink(friend.name, friend.profile),
    h("small", { class: "muted" }, t(presence(friend))),
    friend.open_tables.map((table) => h("a", { href: `/tables/${table.table}`, "data-link": "", class: "button small" },
      `${t(`game.${table.game}`)} · ${t("join")}`))));
  return h("section", { class: "card table-list friends", id: "friends" },
    h("h2", {}, t("friends")),
    rows.length ? h("ul", {}, rows) : h("p", { class: "muted" }, t("no_friends_yet")));
}

function playingCard(tables) {
  // The server lists people's games first (two people or more), then one person's against bots.
  const rows = tables.map((table) => h("li", { class: table.people > 1 ? "people" : "against-bots" },
    h("a", { href: `/tables/${table.id}`, "data-link": "" }, h("strong", {}, t(`game.${table.game}`))),
    h("span", { class: "muted" }, table.seats.map((seat, index) => (seat.rating ? `${seatName(seat, index)} (${seat.rating.label})` : seatName(seat, index))).join(", ")),
    h("span", { class: "spectators", title: t("spectators_n", { count: table.spectators ?? 0 }), "aria-label": t("spectators_n", { count: table.spectators ?? 0 }) },
      icon("eye"), " ", new Intl.NumberFormat(language()).format(table.spectators ?? 0)),
    h("a", { href: `/tables/${table.id}`, "data-link": "", class: "button small watch" }, t("watch"))));
  return h("section", { class: "card table-list playing", id: "games-in-progress" },
    h("h2", {}, t("games_in_progress")),
    rows.length ? h("ul", {}, rows) : h("p", { class: "muted" }, t("no_games_in_progress")));
}

/** What a page of a game the reader may not watch shows: why, and the way back to the lobby. */
export function privateGame(root) {
  replace(root, h("section", { class: "card private-game" },
    h("h1", {}, t("private_game")),
    h("p", {}, t("private_game_text")),
    h("p", {}, h("a", { href: "/", "data-link": "", class: "button primary" }, t("private_game_lobby")))));
}

/** For the creator of an invite-only table: let anyone watch it, or only its people again. */
export function spectatorsButton(table, tableId, done) {
  if (!table.invite_only || !table.owner_you) return "";
  const open = table.spectators_open;
  return h("button", { type: "button", class: `small spectators-button${open ? " on" : ""}`, "aria-pressed": String(open), title: t(open ? "spectators_open_title" : "spectators_closed_title"),
    onClick: async () => {
      try {
        const changed = await post(`/tables/${tableId}/spectators`, { open: !open });
        toast(t(changed.table.spectators_open ? "spectators_opened" : "spectators_closed"));
        done(changed.table);
      } catch (error) {
        toast(explain(error), "error");
      }
    } }, icon("eye"), " ", t("spectators_button"));
}

/** Under a finished game's result: play it again (the same table, everyone invited back). */
export function playAgainButton(table, tableId) {
  // A player who left the game to a bot holds no seat any more, but may still set it up again.
  const played = (table.you !== null && table.you !== undefined)
    || table.seats?.some((seat) => seat.replaced && seat.profile && (seat.profile === session.me?.profile || seat.name === session.me?.name));
  if (!session.me || table.status !== "finished" || !played) return null;
  const start = h("input", { type: "checkbox", checked: true, class: "autostart" });
  const button = h("button", { type: "button", class: "primary play-again", onClick: async () => {
    button.disabled = true;
    try {
      const again = await post(`/tables/${tableId}/play-again`, { autostart: start.checked });
      if (again.seat === undefined && again.table.seats.some((seat) => seat.kind === "invited")) {
        await post(`/tables/${again.table.id}/join`, {}).catch(() => null);
      }
      navigate(`/tables/${again.table.id}`);
    } catch (error) {
      toast(explain(error), "error");
      button.disabled = false;
    }
  } }, table.rematch ? t("join_rematch") : t("play_again"));
  return h("div", { class: "play-again-box" }, button,
    table.rematch ? "" : h("label", { class: "check" }, start, " ", t("start_when_full")));
}

let muted = null;

/** The ids of the players whose chat the signed-in player hides (asked once a page). */
export async function loadMutes() {
  muted = new Set(session.me ? (await get("/mutes").catch(() => [])).map((player) => player.player) : []);
  return muted;
}

export function isMuted(playerId) {
  return muted !== null && muted.has(playerId);
}

/** A button that mutes the line's author (for the signed-in player only); `done` runs after. */
export function muteButton(line, done) {
  if (!session.me || line.player === undefined || line.player === session.me.id) return "";
  return h("button", { type: "button", class: "link mute", title: t("mute_player", { name: line.name }), "aria-label": t("mute_player", { name: line.name }), onClick: async () => {
    try {
      await post(`/players/${encodeURIComponent(line.profile)}/mute`);
      (muted ??= new Set()).add(line.player);
      toast(t("muted_player", { name: line.name }));
      done();
    } catch (error) {
      toast(explain(error), "error");
    }
  } }, icon("mute"));
}

/** In the waiting room: invite a player by name (shown in their lobby, mailed where they asked). */
export function invitePlayerForm(tableId) {
  const input = h("input", { name: "player", required: true, maxlength: 64, placeholder: t("username"), "aria-label": t("invite_player") });
  const form = h("form", { class: "invite-player", onSubmit: async (event) => {
    event.preventDefault();
    try {
      const made = await post(`/tables/${tableId}/invitations`, { player: input.value.trim() });
      toast(t("invitation_sent", { name: made.name }));
      input.value = "";
    } catch (error) {
      toast(explain(error), "error");
    }
  } }, h("label", {}, h("span", {}, t("invite_player")), input), h("button", { type: "submit" }, t("invite")));
  return form;
}

