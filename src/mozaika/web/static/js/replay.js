// The replay viewer: any finished game, step by step, forward and back, or straight to a round.

import { get } from "./api.js";
import { h, replace } from "./dom.js";
import { adapterFor } from "./games.js";
import { t } from "./i18n.js";
import { describeEntry } from "./log.js";
import { boardPanel } from "./panel.js";
import { resultPanel } from "./result.js";

export async function replayPage(root, tableId, query) {
  const table = await get(`/tables/${tableId}`);
  const record = await get(`/tables/${tableId}/record`);
  const game = await adapterFor(table);
  const names = record.players;
  const steps = record.steps;
  const roundStarts = steps.flatMap((text, index) => (text.startsWith("fill:") ? [index + 1] : []));
  const positions = new Map();
  const position = async (step) => {
    if (!positions.has(step)) positions.set(step, get(`/tables/${tableId}/replay/${step}`));
    return positions.get(step);
  };
  let step = Math.min(Math.max(Number(query.get("step")) || steps.length, 0), steps.length);
  const view = h("div", { class: "replay-view" });
  const slider = h("input", { type: "range", min: 0, max: steps.length, value: step, "aria-label": t("step"), id: "replay-slider" });
  const label = h("p", { class: "replay-step", "aria-live": "polite" });
  const analyse = h("a", { class: "button analyse-here", "data-link": "" }, t("analyse_here"));
  const go = async (target) => {
    step = Math.min(Math.max(target, 0), steps.length);
    slider.value = step;
    history.replaceState({}, "", `/replay/${tableId}?step=${step}`);
    analyse.href = `/analysis?table=${tableId}&step=${step}`;
    const [now, before] = await Promise.all([position(step), step ? position(step - 1) : null]);
    // A step is a chance outcome when no one was to move before it; a move is the first mover's.
    const words = before
      ? describeEntry(game, { kind: before.to_move.length ? "move" : "chance", seat: before.to_move[0], text: steps[step - 1] }, names)
      : t("replay_start");
    replace(label, t("step_of", { step, steps: steps.length }), " — ", t("round_n", { n: now.round }), " — ", words);
    const ui = { me: null, names, keeping: null, key: () => {}, toggleKeep: () => {} };
    replace(view,
      h("div", { class: "shared-wrap" }, game.shared(now.position, ui)),
      h("div", { class: "boards" }, names.map((_, seat) => boardPanel(game, now.position, seat, ui))));
  };
  slider.addEventListener("input", () => go(Number(slider.value)));
  const button = (text, title, target) => h("button", { type: "button", title, "aria-label": title, onClick: () => go(target()) }, text);
  const controls = h("div", { class: "replay-controls" },
    button("⏮", t("first_step"), () => 0),
    button("◀", t("previous_step"), () => step - 1),
    slider,
    button("▶", t("next_step"), () => step + 1),
    button("⏭", t("last_step"), () => steps.length));
  const rounds = h("nav", { class: "round-jump", "aria-label": t("jump_to_round") },
    h("span", {}, t("jump_to_round")), roundStarts.map((start, index) => h("button", { type: "button", class: "small", onClick: () => go(start) }, String(index + 1))), analyse);
  const onKey = (event) => {
    if (event.target.matches("input[type=text], textarea")) return;
    if (event.key === "ArrowLeft") go(step - 1);
    else if (event.key === "ArrowRight") go(step + 1);
    else if (event.key === "Home") go(0);
    else if (event.key === "End") go(steps.length);
    else return;
    event.preventDefault();
  };
  document.addEventListener("keydown", onKey);
  const summary = table.result ? resultPanel(table, names, tableId) : "";
  replace(root, h("div", { class: `replay-page game-${table.game}` },
    h("header", { class: "table-head" }, h("h1", {}, t("replay_of", { game: t(`game.${table.game}`) })), h("a", { href: `/tables/${tableId}`, "data-link": "" }, t("to_table"))),
    controls, rounds, label, view, summary));
  await go(step);
  return () => document.removeEventListener("keydown", onKey);
}
