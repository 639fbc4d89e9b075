// The replay viewer: any finished game from its first step, step by step or playing by itself at a
// chosen speed, forward and back, or straight to a round; on the table's one-screen layout.

import { get } from "./api.js";
import { privateGame } from "./community.js";
import { h, replace } from "./dom.js";
import { adapterFor } from "./games.js";
import { t } from "./i18n.js";
import { icon } from "./icons.js";
import { describeEntry } from "./log.js";
import { capture, finish, play } from "./motion.js";
import { boardPanel } from "./panel.js";
import { resultPanel } from "./result.js";
import { rulesPanel } from "./rules.js";
import { playerName } from "./seats.js";

const SPEEDS = [0.5, 1, 2, 4];
const STEP_MS = 1200;

/** The record's steps and the positions after each, fetched once and kept. */
class ReplaySource {
  constructor(tableId, record) {
    this.tableId = tableId;
    this.steps = record.steps;
    this.positions = new Map();
    this.roundStarts = this.steps.flatMap((text, index) => (text.startsWith("fill:") ? [index + 1] : []));
  }

  at(step) {
    if (!this.positions.has(step)) this.positions.set(step, get(`/tables/${this.tableId}/replay/${step}`));
    return this.positions.get(step);
  }
}

export async function replayPage(root, tableId, query) {
  let table, record;
  try {
    [table, record] = await Promise.all([get(`/tables/${tableId}`), get(`/tables/${tableId}/record`)]);
  } catch (error) {
    if (error.code !== "forbidden") throw error;
    privateGame(root);
    return undefined;
  }
  const game = await adapterFor(table);
  // Each seat by its player's name: the step's words say which moves a stand-in played.
  const names = table.seats.map(playerName);
  const source = new ReplaySource(tableId, record);
  const total = source.steps.length;
  const asked = query.has("step") ? Number(query.get("step")) : 0;
  let step = Number.isFinite(asked) ? Math.min(Math.max(Math.trunc(asked), 0), total) : 0;
  let timer = null;
  let speed = 1;
  // The step last asked for, ahead of the one shown while positions are read: quick key presses
  // each count from it, and are shown one after another, none dropped.
  let aim = step;
  let shown = Promise.resolve();

  const main = h("div", { class: "table-main" });
  const slider = h("input", { type: "range", min: 0, max: total, value: step, "aria-label": t("step"), id: "replay-slider" });
  const label = h("p", { class: "replay-step", "aria-live": "polite" });
  const analyse = h("a", { class: "button analyse-here", "data-link": "" }, t("analyse_here"));
  // `current` says whether the step is still wanted once it is read: a pause or a jump made
  // meanwhile wins over the step the playing replay was reading.
  const show = async (target, animate = false, current = () => true) => {
    const wanted = Math.min(Math.max(target, 0), total);
    const [now, before] = await Promise.all([source.at(wanted), wanted ? source.at(wanted - 1) : null]);
    if (!current()) return;
    if (wanted !== step && !animate && timer === null) finish();
    step = wanted;
    slider.value = step;
    history.replaceState({}, "", `/replay/${tableId}?step=${step}`);
    analyse.href = `/analysis?table=${tableId}&step=${step}`;
    // A step is a chance outcome when no one was to move before it; a move is the first mover's.
    const words = before
      ? describeEntry(game, { kind: before.to_move.length ? "move" : "chance", seat: before.to_move[0], text: source.steps[step - 1], stand_in: now.stand_in }, names)
      : t("replay_start");
    replace(label, h("span", { class: "replay-count" }, t("step_of", { step, steps: total })), " · ", t("round_n", { n: now.round }), " · ", words);
    const ui = { me: null, names, keeping: null, key: () => {}, toggleKeep: () => {} };
    const seen = animate ? capture(main) : null;
    replace(main, h("section", { class: "play watching" },
      h("div", { class: "shared-wrap" }, game.shared(now.position, ui)),
      h("div", { class: "actions replay-bar" }, label),
      h("div", { class: "boards" },
        h("div", { class: "board-mine" }, boardPanel(game, now.position, 0, ui)),
        h("div", { class: "board-others" }, names.slice(1).map((_, index) => boardPanel(game, now.position, index + 1, ui, { classes: ["other", "expanded"] }))))));
    if (seen) play(seen, main);
    if (step === total) stop();
  };

  const playButton = h("button", { type: "button", class: "play-button", title: t("play"), "aria-label": t("play"), onClick: () => (timer === null ? start() : stop()) }, icon("play"));
  const start = () => {
    if (step === total) {
      aim = 0;
      show(0);
    }
    replace(playButton, icon("pause"));
    playButton.setAttribute("aria-label", t("pause"));
    playButton.title = t("pause");
    const playing = {};
    const tick = async () => {
      aim = Math.min(step + 1, total);
      await show(step + 1, true, () => timer === playing.timer);
      if (timer === playing.timer) timer = playing.timer = setTimeout(tick, STEP_MS / speed);
    };
    timer = playing.timer = setTimeout(tick, STEP_MS / speed / 2);
  };
  const stop = () => {
    clearTimeout(timer);
    timer = null;
    replace(playButton, icon("play"));
    playButton.setAttribute("aria-label", t("play"));
    playButton.title = t("play");
  };
  const jump = (target) => {
    stop();
    aim = Math.min(Math.max(target, 0), total);
    const wanted = aim;
    shown = shown.then(() => show(wanted), () => show(wanted));
    return shown;
  };
  slider.addEventListener("input", () => jump(Number(slider.value)));
  const button = (name, title, target) => h("button", { type: "button", class: `icon-button ${name}-button`, title, "aria-label": title, onClick: () => jump(target()) }, icon(name));
  const speedSelect = h("select", { class: "replay-speed", "aria-label": t("speed"), onChange: (event) => {
    speed = Number(event.target.value);
  } }, SPEEDS.map((value) => h("option", { value, selected: value === speed }, `${value}×`)));
  const controls = h("div", { class: "replay-controls" },
    button("first", t("first_step"), () => 0),
    button("previous", t("previous_step"), () => aim - 1),
    playButton,
    button("next", t("next_step"), () => aim + 1),
    button("last", t("last_step"), () => total),
    slider,
    speedSelect,
    h("nav", { class: "round-jump", "aria-label": t("jump_to_round") },
      h("span", {}, t("jump_to_round")), source.roundStarts.map((start, index) => h("button", { type: "button", class: "small", onClick: () => jump(start) }, String(index + 1))), analyse));
  const onKey = (event) => {
    if (event.target.matches("input[type=text], textarea, select")) return;
    if (event.key === "ArrowLeft") jump(aim - 1);
    else if (event.key === "ArrowRight") jump(aim + 1);
    else if (event.key === "Home") jump(0);
    else if (event.key === "End") jump(total);
    else if (event.key === " " && !event.target.matches("button")) (timer === null ? start : stop)();
    else return;
    event.preventDefault();
  };
  document.addEventListener("keydown", onKey);
  const summary = h("section", { class: "side replay-side" },
    table.result ? resultPanel(table, names, tableId, { replayLink: false }) : "", rulesPanel(game, table));
  replace(root, h("div", { class: `table-page replay-page game-${table.game} players-${table.players}` },
    h("header", { class: "table-head" }, h("h1", {}, t("replay_of", { game: t(`game.${table.game}`) })), h("a", { href: `/tables/${tableId}`, "data-link": "" }, t("to_table")), controls),
    main, summary));
  await show(step);
  return () => {
    stop();
    document.removeEventListener("keydown", onKey);
  };
}
