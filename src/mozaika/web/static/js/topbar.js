// The bar at the top: language, colour-blind tiles, move confirmation, sound, and who is signed in.
// On a phone the settings fold into one button, so that the bar stays one row.

import { h, replace } from "./dom.js";
import { icon } from "./icons.js";
import { LANGUAGES, t, useLanguage } from "./i18n.js";
import { prefs, setPreference } from "./prefs.js";
import { relabel, show } from "./router.js";
import { keepLanguage, session, signOut } from "./session.js";
import { followMyTournaments } from "./tournament-follow.js";

export function renderTopBar() {
  followMyTournaments();
  const bar = document.getElementById("top-actions");
  const language = h("select", { id: "language", "aria-label": t("language"), onChange: async (event) => {
    setPreference("language", event.target.value);
    await Promise.all([useLanguage(event.target.value), keepLanguage(event.target.value)]);
    renderTopBar();
    await relabel();
    document.body.dataset.drawnIn = event.target.value;  // the page has drawn itself in the language
  } }, Object.entries(LANGUAGES).map(([code, name]) => h("option", { value: code, selected: code === prefs.language }, name)));
  const theme = h("select", { id: "theme", "aria-label": t("theme"), title: t("theme"), onChange: (event) => setPreference("theme", event.target.value) },
    ["auto", "light", "dark"].map((value) => h("option", { value, selected: value === prefs.theme }, t(`theme.${value}`))));
  const toggle = (id, name, label) => h("label", { class: "toggle" },
    h("input", { type: "checkbox", id, checked: prefs[name], onChange: (event) => setPreference(name, event.target.checked) }), " ", label);
  const who = session.me
    ? [session.me.admin ? h("a", { href: "/admin", "data-link": "", class: "admin-link", title: t("admin.title") }, t("admin.link")) : null,
      h("a", { class: "who", href: `/players/${encodeURIComponent(session.me.profile)}`, "data-link": "", title: t("your_profile") }, session.me.name, session.me.guest ? ` (${t("guest")})` : ""),
      h("button", { type: "button", class: "small", onClick: async () => {
        await signOut();
        renderTopBar();
        await show();
      } }, t("sign_out"))]
    : [];
  const settings = h("div", { class: "settings", id: "settings" },
    toggle("colour-blind", "colourBlind", t("colour_blind")),
    toggle("confirm-moves", "confirmMoves", t("confirm_moves")),
    toggle("sound", "sound", t("sound")),
    theme,
    language);
  const opener = h("button", { type: "button", class: "small settings-button", "aria-expanded": "false", "aria-controls": "settings", "aria-label": t("settings"), title: t("settings"), onClick: () => {
    const open = settings.classList.toggle("open");
    opener.setAttribute("aria-expanded", String(open));
  } }, icon("gear"));
  replace(bar,
    h("a", { href: "/", "data-link": "" }, t("lobby")),
    h("a", { href: "/analysis", "data-link": "", class: "analysis-link", title: t("analysis_board") },
      h("span", { class: "long-label" }, t("analysis_board")), h("span", { class: "short-label" }, t("analysis_board_short"))),
    h("a", { href: "/tournaments", "data-link": "", class: "tournaments-link", title: t("tournaments") },
      h("span", { class: "long-label" }, t("tournaments")),
      h("span", { class: "short-label" }, icon("trophy"), h("span", { class: "visually-hidden" }, t("tournaments")))),
    h("a", { href: "/leaderboard", "data-link": "", class: "leaderboard-link", title: t("leaderboards") },
      h("span", { class: "long-label" }, t("leaderboards")), h("span", { class: "short-label" }, t("leaderboards_short"))),
    opener,
    settings,
    who);
}
