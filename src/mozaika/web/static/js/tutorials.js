// Each game's tutorial (GET /api/learn/<game>), asked for once per page load: the rules panel's
// figures and the front door's drawings are positions of its lessons, as the engine made them.

import { get } from "./api.js";

const asked = new Map();

/** The tutorial of `game`, or null when the server has none (the caller draws without it). */
export function tutorialOf(game) {
  if (!asked.has(game)) asked.set(game, get(`/learn/${encodeURIComponent(game)}`).catch(() => null));
  return asked.get(game);
}

/** The position after a lesson's last step, as the engine made it, and the seat the learner played. */
export function lessonEnd(lesson) {
  const step = lesson.steps[lesson.steps.length - 1];
  return { view: step.results[step.moves[0]], seat: lesson.learner };
}
