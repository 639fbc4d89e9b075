// The front door: the three games as cards (a drawing of each game's board, a line on what it is,
// the player counts and the variants, "Play now" and "Learn to play"), and the invite page that says
// who invites you to which game, with "Play as a guest" first.

import { get, post } from "./api.js";
import { h, replace, toast } from "./dom.js";
import { adapterFor, games } from "./games.js";
import { explain, t } from "./i18n.js";
import { playPersonButton } from "./pairing.js";
import { navigate } from "./router.js";
import { playAsGuest, session } from "./session.js";
import { renderTopBar } from "./topbar.js";
import { lessonEnd, tutorialOf } from "./tutorials.js";

/** The lesson whose final position shows each game's board at its best, as the engine made it. */
/** "Play now": a friendly table against a bot that plays sensibly but gives a newcomer a game. */
const PLAY_NOW_BOT = "easy";

/** The cards of every game in the catalogue; `compact` for someone signed in, whose tables come next. */
export async function gameCards({ compact = false } = {}) {
  const catalogue = await games();
  return h("section", { class: `game-cards${compact ? " compact" : ""}`, "aria-label": t("front.games") }, catalogue.map((entry) => gameCard(entry)));
}

function gameCard(entry) {
  const drawing = h("div", { class: "game-drawing", "aria-hidden": "true" });
  drawBoard(drawing, entry.id);
  const counts = entry.players.length > 1 ? `${entry.players[0]}–${entry.players[entry.players.length - 1]}` : String(entry.players[0]);
  const variants = entry.options.flatMap((option) => option.values.slice(1).map((value) => t(`option.${option.name}.${value}`)));
  const play = h("button", { type: "button", class: "primary play-now", dataset: { game: entry.id }, onClick: () => playNow(entry.id, play) }, t("front.play_now"));
  return h("article", { class: "game-card", dataset: { game: entry.id } },
    drawing,
    h("div", { class: "game-card-text" },
      h("h2", {}, t(`game.${entry.id}`)),
      h("p", { class: "game-line" }, t(`front.line.${entry.id}`)),
      h("p", { class: "game-facts" },
        h("span", {}, t("front.players", { count: counts })),
        variants.length ? h("span", {}, t("front.variants", { variants: variants.join(", ") })) : ""),
      h("p", { class: "game-buttons" },
        play,
        playPersonButton(entry.id),
        h("a", { class: "button learn-to-play", href: `/learn/${entry.id}`, "data-link": "" }, t("front.learn")))));
}

/** Draws the learner's board of the game's showcase lesson with the game's own drawing. */
export async function drawBoard(box, gameId, seat = null) {
  const tutorial = await tutorialOf(gameId);
  // The lesson the game's guide names (GET /api/games) shows the game at a glance.
  const showcase = (await games()).find((entry) => entry.id === gameId)?.guide?.showcase;
  const lesson = tutorial?.lessons.find((found) => found.id === showcase);
  if (!lesson) return;
  const { view, seat: learner } = lessonEnd(lesson);
  const game = await adapterFor({ game: gameId, options: view.options });
  const ui = { me: null, names: [], keeping: null, key: () => {}, toggleKeep: () => {} };
  replace(box, game.board(view.position, seat ?? learner, ui));
}

/** One click: a guest if needed, a table against a bot, started. */
async function playNow(gameId, button) {
  button.disabled = true;
  try {
    if (!session.me) {
      await playAsGuest(t("front.guest_name"));
      renderTopBar();
    }
    const created = await post("/tables", {
      game: gameId, players: 2, options: {}, rated: false, undo: true,
      seats: [{ kind: "me" }, { kind: "bot", level: PLAY_NOW_BOT }],
    });
    const id = created.table.id;
    await post(`/tables/${id}/start`);
    navigate(`/tables/${id}`);
  } catch (error) {
    toast(explain(error), "error");
    button.disabled = false;
  }
}

/**
 * The invite page for someone not signed in: who invites them to which game, with the game's
 * drawing; "Play as a guest" first (one name and one click), signing in after.
 */
export async function invitePage(root, tableId, join, authCard) {
  let invitation = null;
  try {
    invitation = await get(`/tables/${encodeURIComponent(tableId)}/invitation`);
  } catch (error) {
    if (error.status !== 404) toast(explain(error), "error");
  }
  const signedIn = async () => {
    renderTopBar();
    await join();
  };
  const error = h("p", { class: "form-error", role: "alert" });
  const guest = h("form", { id: "guest-form", class: "invite-guest", onSubmit: async (event) => {
    event.preventDefault();
    const button = guest.querySelector("button");
    button.disabled = true;
    try {
      await playAsGuest(new FormData(guest).get("name"));
      await signedIn();
    } catch (failure) {
      error.textContent = explain(failure);
      button.disabled = false;
    }
  } },
  h("label", {}, h("span", {}, t("your_name")), h("input", { name: "name", required: true, maxlength: 32, autocomplete: "nickname" })),
  h("button", { type: "submit", class: "primary" }, t("play_as_guest")),
  error);
  const drawing = h("div", { class: "game-drawing invite-drawing", "aria-hidden": "true" });
  const heading = invitation
    ? t("front.invited_by", { host: invitation.host, game: t(`game.${invitation.game}`) })
    : t("invited_title");
  const details = invitation ? [
    h("p", { class: "game-facts" },
      t("front.table_players", { count: invitation.players }),
      Object.entries(invitation.options).map(([name, value]) => ` · ${t(`option.${name}.${value}`)}`)),
    invitation.status === "open" ? "" : h("p", { class: "muted" }, t(`status.${invitation.status}`)),
  ] : [h("p", {}, t("invited_text"))];
  if (invitation) drawBoard(drawing, invitation.game);
  replace(root, h("div", { class: "invite-page" },
    h("section", { class: "card invite-card" },
      h("div", { class: "invite-head" },
        drawing,
        h("div", {}, h("h1", {}, heading), details)),
      guest,
      h("p", { class: "muted guest-note" }, t("guest_note"))),
    h("p", { class: "invite-or" }, t("front.or_sign_in")),
    authCard(signedIn, { guest: false })));
}
