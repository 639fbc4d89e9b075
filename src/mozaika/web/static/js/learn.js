// The tutorials (/learn/<game>): each lesson is a position on the real table, a short text, and the
// moves the learner makes by clicking, as at a table. The lessons come from GET /api/learn/<game>
// with the engine's position before each step and after each accepted move: the page checks a move
// against the step, animates what the engine did (scoring included) and explains it; any other move
// gets the step's hint, and the learner tries again.

import { get } from "./api.js";
import { clickable, h, replace } from "./dom.js";
import { adapterFor, CHOICE_KINDS, games } from "./games.js";
import { explain, language, t } from "./i18n.js";
import { withPaths } from "./chooser.js";
import { fieldsOf, rememberMoves } from "./moves.js";
import { capture, finish, play, settled } from "./motion.js";
import { boardPanel } from "./panel.js";
import { MoveInput } from "./move-input.js";
import { promptItems } from "./move-prompt.js";
import { rulesPanel } from "./rules.js";

export async function learnPage(root, game, query) {
  let tutorial;
  try {
    tutorial = await get(`/learn/${encodeURIComponent(game)}`);
  } catch (error) {
    replace(root, h("section", { class: "panel learn-missing" }, h("h1", {}, t("learn.title_plain")), h("p", {}, explain(error)),
      h("p", {}, h("a", { href: "/", "data-link": "" }, t("learn.to_lobby")))));
    return null;
  }
  for (const lesson of tutorial.lessons) {
    for (const step of lesson.steps) {
      rememberMoves(step.view.move_fields);
      for (const result of Object.values(step.results)) rememberMoves(result.move_fields);
    }
  }
  const page = new Tutorial(root, tutorial);
  await page.begin(query.get("lesson"));
  return () => finish();
}

/** What the learner has finished, kept in this browser only. */
const progress = {
  key: (game) => `mozaika.learn.${game}`,
  read(game) {
    try {
      return new Set(JSON.parse(localStorage.getItem(this.key(game)) || "[]"));
    } catch {
      return new Set();
    }
  },
  write(game, done) {
    try {
      localStorage.setItem(this.key(game), JSON.stringify([...done]));
    } catch {
      // Private windows may refuse storage: the tutorial still works, it just forgets.
    }
  },
};

class Tutorial {
  constructor(root, tutorial) {
    this.root = root;
    this.tutorial = tutorial;
    this.done = progress.read(tutorial.game);
    this.index = 0;
    // The move being chosen by clicks, as at a table (move-input.js): the learner's moves, none once done.
    this.input = new MoveInput(() => this.candidates());
  }

  async begin(asked) {
    // The other games taught here: those the catalogue gives a guide (GET /api/games).
    this.otherGames = (await games()).filter((entry) => entry.guide && entry.id !== this.tutorial.game).map((entry) => entry.id);
    const view = this.tutorial.lessons[0].steps[0].view;
    this.game = await adapterFor({ game: this.tutorial.game, options: view.options });
    const byId = this.tutorial.lessons.findIndex((lesson) => lesson.id === asked);
    const firstUndone = this.tutorial.lessons.findIndex((lesson) => !this.done.has(lesson.id));
    this.open(byId >= 0 ? byId : Math.max(firstUndone, 0));
  }

  get lesson() {
    return this.tutorial.lessons[this.index];
  }

  get step() {
    return this.lesson.steps[this.stepIndex];
  }

  async open(index) {
    finish();
    this.index = index;
    this.stepIndex = 0;
    this.view = this.lesson.steps[0].view;
    this.input.reset();
    this.outcome = "asking";
    this.hint = null;
    // Each lesson may have its own options (a variant): its drawing follows them.
    this.game = await adapterFor({ game: this.tutorial.game, options: this.view.options });
    history.replaceState({}, "", `/learn/${this.tutorial.game}?lesson=${encodeURIComponent(this.lesson.id)}`);
    this.render();
    this.root.querySelector(".lesson-card h2")?.focus({ preventScroll: true });
  }

  words(texts) {
    return texts[language()] ?? texts.en;
  }

  names() {
    return Array.from({ length: this.view.players }, (_, seat) => (seat === this.lesson.learner ? t("learn.you") : t("learn.opponent")));
  }

  // --- choosing a move by clicking, as at a table ------------------------------------------------

  candidates() {
    if (this.outcome === "done") return [];
    return withPaths(this.view.legal_moves[String(this.lesson.learner)] || [], fieldsOf);
  }

  nextKind() {
    return this.input.nextKind();
  }

  /** A click, read as at a table: a complete move is checked against the step. */
  pick(key) {
    const complete = this.input.click(key);
    if (complete === false) return;
    if (complete) {
      this.check(complete);
      return;
    }
    this.render();
    this.bringNextIntoView();
  }

  /**
   * On a phone the page scrolls: after a click, the part the step needs next is brought into view (the
   * hand to keep tiles from, the supply to pick tiles in, the buttons of a choice, or the first place that
   * may be clicked).
   */
  bringNextIntoView() {
    if (!window.matchMedia("(max-width: 900px)").matches) return;
    const kind = this.nextKind();
    const selector = kind === "keep" ? ".board-panel.mine .hand-box"
      : kind === "pick" && this.input.picking ? ".learn-play .supply-box"
        : CHOICE_KINDS.has(kind) ? ".lesson-card .choices" : ".learn-play .target";
    const next = this.root.querySelector(selector);
    const box = next?.getBoundingClientRect();
    if (box && (box.top < 0 || box.bottom > innerHeight)) next.scrollIntoView({ block: "center" });
  }

  cancel() {
    this.input.reset();
    this.render();
  }

  /**
   * Redraws after a tile of the hand or the supply was chosen, the focus kept on it; on a phone, once the
   * tiles to pick are all chosen, their confirmation (in the lesson's card, above) is brought into view.
   */
  redraw(change, focus) {
    change();
    this.render();
    this.root.querySelector(focus)?.focus({ preventScroll: true });
    const confirm = this.root.querySelector(".pick-confirm:not([disabled])");
    if (confirm && window.matchMedia("(max-width: 900px)").matches) confirm.scrollIntoView({ block: "center" });
  }

  /** The engine's verdict from the lesson's data: an accepted move shows its result, any other the hint. */
  check(text) {
    this.input.reset();
    const step = this.step;
    if (!step.moves.includes(text)) {
      this.hint = { move: text, words: this.words(step.hint) };
      this.render();
      const hint = this.root.querySelector(".lesson-hint");
      hint?.focus({ preventScroll: true });
      // On a phone the board is below the lesson: the hint is brought into sight.
      hint?.scrollIntoView({ block: "nearest" });
      return;
    }
    this.hint = null;
    const main = this.root.querySelector(".learn-play");
    const seen = main ? capture(main) : null;
    this.view = step.results[text];
    if (this.stepIndex + 1 < this.lesson.steps.length) {
      this.stepIndex += 1;
      this.view = this.step.view;
    } else {
      this.outcome = "done";
      this.done.add(this.lesson.id);
      progress.write(this.tutorial.game, this.done);
    }
    this.render();
    const after = this.root.querySelector(".learn-play");
    if (seen && after) play(seen, after);
    if (this.outcome !== "done") this.bringNextIntoView();
    if (this.outcome === "done") {
      this.root.querySelector(".lesson-next")?.focus({ preventScroll: true });
      // Once the move has been seen on the board, the explanation is brought into sight.
      const index = this.index;
      settled().then(() => {
        if (this.index === index) this.root.querySelector(".lesson-explained")?.scrollIntoView({ block: "nearest" });
      });
    }
  }

  uiFor(seat, targets, shared = false) {
    const moving = shared || seat === this.lesson.learner;
    const tiles = this.input.tiles((change, focus) => this.redraw(change, focus));
    return {
      me: this.lesson.learner,
      names: this.names(),
      ...tiles,
      keeping: seat === this.lesson.learner ? tiles.keeping : null,
      picking: shared ? tiles.picking : null,
      key: (element, key, label) => {
        element.dataset.key = key;
        if (!moving) return;
        if (this.input.chosen.includes(key)) element.classList.add("chosen");
        if (!targets.has(key)) return;
        element.classList.add("target");
        clickable(element, label, () => this.pick(key));
      },
    };
  }

  // --- drawing ------------------------------------------------------------------------------------

  render() {
    this.input.sync();
    const lessons = this.tutorial.lessons;
    const page = h("div", {
      class: `learn-page game-${this.tutorial.game} players-${this.view.players}`,
      dataset: { lesson: this.lesson.id, index: this.index, step: this.stepIndex, outcome: this.outcome, line: this.view.line },
    },
    h("header", { class: "learn-head" },
      h("h1", {}, this.words(this.tutorial.title)),
      h("p", { class: "learn-progress" },
        h("span", {}, t("learn.lesson_of", { n: this.index + 1, count: lessons.length })),
        h("progress", { max: lessons.length, value: this.done.size, "aria-label": t("learn.done_of", { done: this.done.size, count: lessons.length }) }),
        h("span", { class: "muted" }, t("learn.done_of", { done: this.done.size, count: lessons.length })))),
    this.card(),
    this.playArea(),
    h("aside", { class: "side learn-side" }, this.lessonList(), rulesPanel(this.game, this.view)));
    replace(this.root, page);
  }

  card() {
    const lesson = this.lesson;
    const items = [
      h("h2", { tabindex: "-1" }, this.words(lesson.title)),
      h("p", { class: "lesson-text" }, this.words(lesson.text)),
    ];
    if (this.hint) {
      items.push(h("div", { class: "lesson-hint", role: "alert", tabindex: "-1" },
        h("strong", {}, t("learn.not_quite", { move: this.game.describe(this.hint.move) })), " ", this.hint.words));
    }
    if (this.outcome === "done") {
      const last = this.index + 1 >= this.tutorial.lessons.length;
      items.push(h("div", { class: "lesson-explained", role: "status" }, h("strong", {}, t("learn.well_done")), " ", this.words(lesson.explanation)));
      items.push(h("p", { class: "lesson-buttons" },
        last
          ? [h("strong", { class: "learn-finished" }, t("learn.finished")), " ", h("a", { class: "button primary lesson-play", href: "/", "data-link": "" }, t("learn.play_now"))]
          : h("button", { type: "button", class: "primary lesson-next", onClick: () => this.open(this.index + 1) }, t("learn.next_lesson")),
        h("button", { type: "button", class: "lesson-again", onClick: () => this.open(this.index) }, t("learn.again"))));
    } else {
      items.push(this.prompt());
    }
    return h("section", { class: "panel lesson-card", "aria-live": "polite" }, items);
  }

  /** What the next click chooses, and the step's choices made from buttons (a split, a payment, a pick). */
  prompt() {
    const hand = this.view.position.boards[this.lesson.learner].hand;
    const items = promptItems(this.input, this.game, this.view.position, hand, { key: (key) => this.pick(key), complete: (text) => this.check(text), cancel: () => this.cancel() });
    if (this.lesson.steps.length > 1) items.push(h("p", { class: "muted step-count" }, t("learn.step_of", { n: this.stepIndex + 1, count: this.lesson.steps.length })));
    return h("div", { class: "actions" }, items);
  }

  playArea() {
    const view = this.view;
    const position = view.position;
    const targets = this.input.nextKeys();
    const shared = h("div", { class: "shared-wrap" }, this.game.shared(position, this.uiFor(this.lesson.learner, targets, true)));
    const seats = [this.lesson.learner, ...this.names().map((_, seat) => seat).filter((seat) => seat !== this.lesson.learner)];
    const boards = h("div", { class: "boards" }, seats.map((seat) => {
      const first = position.marker_holder === seat && !position.marker_in_centre;
      const badges = first ? [h("span", { class: "badge first", title: t("first_player_marker") }, "1")] : [];
      const classes = seat === this.lesson.learner ? ["mine", "on-turn"] : ["other"];
      return boardPanel(this.game, position, seat, this.uiFor(seat, targets), { badges, classes });
    }));
    return h("section", { class: "play learn-play" }, shared, boards);
  }

  lessonList() {
    return h("nav", { class: "panel lesson-list", "aria-label": t("learn.lessons") },
      h("h2", {}, t("learn.lessons")),
      h("ol", {}, this.tutorial.lessons.map((lesson, index) => h("li", { class: [index === this.index ? "current" : "", this.done.has(lesson.id) ? "done" : ""].join(" ").trim() },
        h("button", { type: "button", class: "link lesson-link", dataset: { lesson: lesson.id }, "aria-current": index === this.index ? "step" : null, onClick: () => this.open(index) },
          this.done.has(lesson.id) ? h("span", { class: "tick", "aria-label": t("learn.done") }, "✓ ") : "",
          this.words(lesson.title))))),
      h("p", { class: "other-tutorials" }, this.otherGames.map((game) =>
        h("a", { href: `/learn/${game}`, "data-link": "" }, t("learn.learn_game", { game: t(`game.${game}`) })))));
  }
}
