// The "Rules" panel of every table, replay, analysis board and tutorial: the short rules of the game
// and of the variant being played, with the scoring figures drawn as live boards by the game's own
// drawings (the positions of the tutorial's scoring lessons, as the engine scored them). Which rules
// and which lessons come from the game's guide in the catalogue (GET /api/games).

import { h, replace } from "./dom.js";
import { language, t } from "./i18n.js";
import { discIcon } from "./boards/factories.js";
import { boardPanel } from "./panel.js";
import { lessonEnd, tutorialOf } from "./tutorials.js";

/** The keys of the rules that apply to a game with these options, from its guide (GET /api/games). */
export function ruleKeys(game, options = {}) {
  const guide = game.guide;
  if (!guide) return [];
  const keys = guide.rules.map((name) => `rules.${game.id}.${name}`);
  for (const [option, values] of Object.entries(guide.variant_rules || {})) {
    const extra = values[String(options[option])];
    if (extra) keys.push(...extra.map((name) => `rules.${game.id}.${name}`));
  }
  return keys;
}

/** Which games' panels the reader left open: a page drawn again keeps the panel as it was. */
const leftOpen = new Set();

/** The panel: closed at first (the board comes first), open once the reader opened it. */
export function rulesPanel(game, view, now = () => view) {
  const open = leftOpen.has(game.id);
  const figures = h("div", { class: "rules-figures" });
  // A table's panel is made once: the special factories it lists are those of the round as it is opened.
  const legend = h("div", { class: "disc-legend-wrap" }, discLegend(game, view));
  const panel = h("details", { class: "panel rules-panel", open: open || null },
    h("summary", {}, t("rules.title")),
    h("p", { class: "muted rules-game" }, t(`game.${game.id}`), optionWords(view.options)),
    h("ul", { class: "rules-list" }, ruleKeys(game, view.options).map((key) => h("li", { dataset: { rule: key } }, t(key)))),
    legend,
    figures);
  const draw = async () => {
    if (figures.childElementCount) return;
    const found = await tutorialOf(game.id);
    if (!found) return;
    replace(figures, (game.guide?.figures || []).map((id) => figure(game, found.lessons.find((lesson) => lesson.id === id))).filter(Boolean));
  };
  panel.addEventListener("toggle", () => {
    if (panel.open) leftOpen.add(game.id);
    else leftOpen.delete(game.id);
    if (panel.open) draw();
    if (panel.open) replace(legend, discLegend(game, now()));
  });
  if (open) draw();
  return panel;
}

/**
 * Master Chocolatier's special factories, each disc drawn as on the table with what it does in words: those
 * of this round first (with their colour and neighbours), then the others the game may draw (M-1..M-4).
 */
function discLegend(game, view) {
  if (!game.discNote || !view.options?.special_factories) return "";
  const position = view.position;
  const here = (position?.special_factories || []).map((disc, index) => (disc ? { disc, index } : null)).filter(Boolean);
  const kinds = new Set(here.map(({ disc }) => disc[0]));
  const others = ["1", "2", "3", "4", "5"].filter((kind) => !kinds.has(kind)).map((disc) => ({ disc, index: null }));
  return h("div", { class: "disc-legend" }, h("h3", {}, t("rules.special_discs")),
    h("ul", {}, [...here, ...others].map(({ disc, index }) => h("li", { dataset: { disc } },
      discIcon(game, disc),
      h("span", {}, index === null ? "" : h("strong", {}, `${capitalised(game.term("factory_n", { n: index + 1 }))}: `),
        game.discNote(disc, index === null ? null : position, index))))));
}

function capitalised(words) {
  return words.charAt(0).toUpperCase() + words.slice(1);
}

function optionWords(options = {}) {
  const words = Object.entries(options).map(([name, value]) => t(`option.${name}.${value}`)).filter((word) => !word.startsWith("option."));
  return words.length ? ` · ${words.join(" · ")}` : "";
}

/** A scoring lesson's last position, drawn by the game's board, with the lesson's explanation below. */
function figure(game, lesson) {
  if (!lesson) return null;
  const { view: after } = lessonEnd(lesson);
  const names = Array.from({ length: 4 }, () => t("rules.example"));
  const ui = { me: null, names, keeping: null, key: () => {}, toggleKeep: () => {} };
  return h("figure", { class: "rules-figure", dataset: { lesson: lesson.id } },
    boardPanel(game, after.position, lesson.learner, ui, { classes: ["figure-board"] }),
    h("figcaption", {}, lesson.explanation[language()] ?? lesson.explanation.en));
}
