// Quick pairing: "Play a person" on the game cards and in the lobby. The request's state (waiting,
// for how long, how many others wait for the same game, and a cancel button), the live counts of
// who waits for what, and the table opened as soon as the server pairs the request: from the
// request's own answer, or from the lobby connection's `paired` event.

import { api, get, post } from "./api.js";
import { presetLabel } from "./clock.js";
import { h, replace, toast } from "./dom.js";
import { games } from "./games.js";
import { explain, t } from "./i18n.js";
import { navigate } from "./router.js";
import { playAsGuest, session } from "./session.js";
import { renderTopBar } from "./topbar.js";

/** The clocks offered: requests match only when identical, so a few common ones. */
const CLOCKS = ["fast", "normal", "slow", "24h", "none"];
const DEFAULT_CLOCK = "normal";
const CHANGED = "mozaika:pairing";

/** Whether this page made the request now waiting: a `paired` state opens the table only then
 * (an earlier pairing, whose game may be over, stays where it is). */
let asked = false;

/** Asks the server for a person to play; opens the table at once when the answer is a pairing. */
async function ask(wish) {
  const answer = await post("/pairing", wish);
  asked = true;
  settle(answer);
  return answer;
}

/** Acts on a request's state: a pairing this page asked for opens its table; others tell the panel. */
function settle(state) {
  const open = state.status === "paired" && asked;
  if (state.status !== "waiting") asked = false;
  document.dispatchEvent(new CustomEvent(CHANGED, { detail: open ? state : { ...state, status: state.status === "paired" ? "none" : state.status } }));
  if (open) navigate(`/tables/${state.table}`);
}

/** "Play a person" on a game card: a guest when nobody is signed in, then two players with the usual clock. */
export function playPersonButton(gameId) {
  const button = h("button", { type: "button", class: "play-person", dataset: { game: gameId }, onClick: async () => {
    button.disabled = true;
    try {
      const guest = !session.me;
      if (guest) {
        // Two strangers both called "Guest" could not tell their boards apart: a number tells them.
        await playAsGuest(`${t("front.guest_name")} ${100 + Math.floor(Math.random() * 900)}`);
        renderTopBar();
      }
      const answer = await ask({ game: gameId, players: 2, options: {}, clock: DEFAULT_CLOCK, rated: false });
      if (answer.status === "waiting" && guest) await navigate("/", true);  // the lobby, with the request waiting
      else if (answer.status === "waiting") document.getElementById("pairing")?.scrollIntoView({ block: "nearest" });
    } catch (error) {
      toast(explain(error), "error");
    }
    button.disabled = false;
  } }, t("pairing.play_person"));
  return button;
}

/**
 * The lobby's "Play a person" card. Returns the card and `onEvent` for the lobby connection's
 * pairing events, and `leave` for when the page goes (a request still waiting is taken back).
 */
export async function pairingCard() {
  const catalogue = await games();
  const gameSelect = h("select", { name: "game", id: "pair-game" },
    catalogue.map((game) => h("option", { value: game.id }, t(`game.${game.id}`))));
  const players = h("select", { name: "players", id: "pair-players" });
  const clock = h("select", { name: "clock", id: "pair-clock" },
    CLOCKS.map((name) => h("option", { value: name, selected: name === DEFAULT_CLOCK }, presetLabel(name))));
  const rated = h("input", { type: "checkbox", name: "rated", id: "pair-rated", disabled: session.me.guest });
  const fillPlayers = () => {
    const game = catalogue.find((entry) => entry.id === gameSelect.value);
    const chosen = Number(players.value) || 2;
    replace(players, game.players.map((count) => h("option", { value: count, selected: count === chosen }, t("players_n", { count }))));
  };
  const syncClock = () => {
    clock.querySelector('option[value="none"]').disabled = rated.checked;
    if (rated.checked && clock.value === "none") clock.value = DEFAULT_CLOCK;
  };
  gameSelect.addEventListener("change", fillPlayers);
  rated.addEventListener("change", syncClock);
  fillPlayers();

  const status = h("div", { class: "pairing-status", role: "status", "aria-live": "polite" });
  const queues = h("div", { class: "pairing-queues" });
  const submit = h("button", { class: "primary", type: "submit", id: "pair-submit" }, t("pairing.play_person"));
  const form = h("form", { class: "pairing-form", onSubmit: async (event) => {
    event.preventDefault();
    submit.disabled = true;
    try {
      await ask({ game: gameSelect.value, players: Number(players.value), options: {}, clock: clock.value, rated: rated.checked });
    } catch (error) {
      toast(explain(error), "error");
    }
    submit.disabled = false;
  } },
  h("div", { class: "form-grid" },
    h("label", {}, h("span", {}, t("game")), gameSelect),
    h("label", {}, h("span", {}, t("players")), players),
    h("label", {}, h("span", {}, t("clock")), clock)),
  h("div", { class: "checks" },
    h("label", { class: "check" }, rated, " ", t("rated"), session.me.guest ? h("small", { class: "muted" }, ` (${t("pairing.rated_accounts")})`) : "")),
  submit);
  const card = h("section", { class: "card pairing", id: "pairing", "aria-labelledby": "pairing-title" },
    h("h2", { id: "pairing-title" }, t("pairing.title")),
    h("p", { class: "muted pairing-note" }, t("pairing.note")),
    form, status, queues);

  let state = { status: "none" };
  let ticker = null;
  const showState = (next) => {
    state = next;
    clearInterval(ticker);
    const waiting = state.status === "waiting";
    form.hidden = waiting;
    card.dataset.status = state.status;
    if (!waiting) {
      replace(status);
      return;
    }
    const shown = Date.now() - state.waited * 1000;
    const line = h("p", { class: "pairing-waiting" });
    const tick = () => {
      const seconds = Math.max(0, Math.floor((Date.now() - shown) / 1000));
      replace(line, h("span", { class: "spinner", "aria-hidden": "true" }),
        t("pairing.waiting", { wish: describe(state.request), time: `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, "0")}` }));
    };
    tick();
    ticker = setInterval(tick, 1000);
    replace(status, line,
      h("p", { class: "muted pairing-others" }, state.others ? t("pairing.others", { count: state.others }) : t("pairing.nobody_else")),
      h("button", { type: "button", id: "pair-cancel", onClick: async () => {
        try {
          settle(await api("DELETE", "/pairing"));
        } catch (error) {
          toast(explain(error), "error");
        }
      } }, t("pairing.cancel")));
  };
  const showQueues = (list) => {
    replace(queues,
      h("h3", {}, t("pairing.queues")),
      list.length
        ? h("ul", {}, list.map((queue) => h("li", { dataset: { game: queue.game, players: queue.players } },
          h("span", {}, describe(queue)), " ",
          h("strong", { class: "badge" }, t("pairing.waiting_count", { count: queue.waiting })),
          state.status === "waiting" ? "" : h("button", { type: "button", class: "small", onClick: () =>
            ask({ game: queue.game, players: queue.players, options: queue.options, clock: queue.clock, rated: queue.rated })
              .catch((error) => toast(explain(error), "error")),
          "aria-label": t("pairing.join_label", { wish: describe(queue) }) }, t("pairing.join")))))
        : h("p", { class: "muted" }, t("pairing.nobody")));
  };
  let lastQueues = [];
  const changed = (event) => {
    showState(event.detail);
    showQueues(lastQueues);
    // The counts with this change in them at once, rather than at the server's next look.
    get("/pairing/queues").then((found) => {
      lastQueues = found.queues;
      showQueues(lastQueues);
    }).catch(() => {});
  };
  document.addEventListener(CHANGED, changed);
  const [mine, waitingNow] = await Promise.all([get("/pairing"), get("/pairing/queues")]);
  lastQueues = waitingNow.queues;
  showState(mine.status === "paired" ? { status: "none" } : mine);
  showQueues(lastQueues);
  if (mine.status === "paired" && asked) settle(mine);  // paired while the lobby was loading

  return {
    card,
    onEvent(event) {
      if (event.type === "pairing") {
        lastQueues = event.queues;
        showQueues(lastQueues);
      } else if (event.type === "paired") {
        settle({ status: "paired", table: event.table, seat: event.seat });
      }
    },
    /** The lobby connection is back: whatever happened meanwhile is in the request's state. */
    async resync() {
      if (state.status !== "waiting") return;
      try {
        settle(await get("/pairing"));
      } catch {
        // the next reconnection tries again
      }
    },
    leave() {
      clearInterval(ticker);
      document.removeEventListener(CHANGED, changed);
      // Another page of the site takes the request back; the lobby drawn again (a new language) keeps it.
      if (state.status === "waiting" && location.pathname !== "/") {
        asked = false;
        api("DELETE", "/pairing").catch(() => {});  // leaving the lobby takes the request back
      }
    },
  };
}

/** A request in words: "Azul · 2 players · Normal 5+20", with its options and "rated" when they apply. */
function describe(wish) {
  const options = Object.entries(wish.options || {})
    .filter(([name, value]) => !isDefault(wish.game, name, value))
    .map(([name, value]) => t(`option.${name}.${value}`));
  const clock = /^\d+\+\d+$/.test(wish.clock) ? wish.clock : presetLabel(wish.clock);
  return [t(`game.${wish.game}`), ...options, t("players_n", { count: wish.players }), clock, wish.rated ? t("rated") : ""]
    .filter(Boolean).join(" · ");
}

let defaults = {};
games().then((catalogue) => {
  defaults = Object.fromEntries(catalogue.map((game) => [game.id, Object.fromEntries(game.options.map((option) => [option.name, option.values[0]]))]));
});

function isDefault(game, name, value) {
  return defaults[game]?.[name] === value;
}
