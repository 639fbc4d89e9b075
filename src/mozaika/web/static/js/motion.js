// Motion that explains a move: tiles fly from where they were to where they are now, points float
// up over the boards, and the scores count to their new value. Off under prefers-reduced-motion;
// a click anywhere finishes whatever is moving.
//
// Two kinds of motion: what shows the position (tiles flying, scores counting) and what only
// remarks on it (points floating away). The next event waits for the first kind alone, so a
// remark never holds the game back; it goes on floating over whatever comes next.

const FLIGHT_MS = 520;
const TILING_STAGGER_MS = 200;
const reduced = window.matchMedia("(prefers-reduced-motion: reduce)");
let running = [];
let landing = [];

/** Whether the page should move at all (not when asked for less motion, nor in a background tab). */
export function moving() {
  return !reduced.matches && !document.hidden;
}

// While a button of the pointer is down, the page must not change under it: the click that
// follows belongs to what was pressed.
let pressed = false;
let released = [];
document.addEventListener("pointerdown", () => {
  pressed = true;
}, true);
for (const kind of ["pointerup", "pointercancel"]) {
  document.addEventListener(kind, () => setTimeout(() => {
    pressed = false;
    released.forEach((resolve) => resolve());
    released = [];
  }), true);
}

const LONGEST_WAIT_MS = 6000;
const later = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Resolves once what moves now has landed (or a click ended it) and the pointer is not
 * pressed; never later than a few seconds, so that the game never waits on the page (a
 * release that went unseen, an animation that a hidden page never runs).
 */
export async function settled() {
  const inFlight = landing.filter((animation) => animation.playState !== "finished");
  if (inFlight.length) {
    const landed = Promise.all(inFlight.map((animation) => animation.finished.catch(() => {})));
    await Promise.race([landed, later(LONGEST_WAIT_MS)]);
  }
  if (pressed) await Promise.race([new Promise((resolve) => released.push(resolve)), later(LONGEST_WAIT_MS)]);
}

/** Where every tile on the page is now: by its cell, its colour and its place on the screen. */
export function capture(root) {
  const tiles = [...root.querySelectorAll("[data-cell]")].filter((element) => element.dataset.cell).map((element) => ({
    cell: element.dataset.cell,
    colour: element.dataset.colour,
    rect: element.getBoundingClientRect(),
  }));
  const scores = new Map([...root.querySelectorAll(".board-panel[data-seat] .score")].map((element) => [element.closest(".board-panel").dataset.seat, Number(element.dataset.value)]));
  return { tiles, scores };
}

const centreOf = (rect) => [rect.left + rect.width / 2, rect.top + rect.height / 2];
const isWall = (cell) => /^b\d+:w/.test(cell);

/**
 * Moves the page from `before` (a capture) to how it is drawn now: each tile that appeared
 * flies from the nearest place a tile of its colour left; tiles tiled to a wall go one after
 * another; score changes float up and count.
 */
export function play(before, root, notes = []) {
  land();
  if (!before || !moving()) return;
  const noted = new Map(notes.filter((note) => note.cell).map((note) => [note.cell, note.text]));
  const left = before.tiles.filter((old) => !root.querySelector(`[data-cell="${CSS.escape(old.cell)}"][data-colour="${CSS.escape(old.colour)}"]`));
  const arrived = [...root.querySelectorAll("[data-cell]")].filter((element) => {
    const old = before.tiles.find((tile) => tile.cell === element.dataset.cell);
    return element.dataset.cell && (!old || old.colour !== element.dataset.colour);
  });
  // Nearest same-coloured pairs first: a centre tile that only shifted keeps its own path.
  const pairs = [];
  arrived.forEach((element, index) => {
    const [x, y] = centreOf(element.getBoundingClientRect());
    left.forEach((old, from) => {
      if (old.colour !== element.dataset.colour) return;
      const [ox, oy] = centreOf(old.rect);
      pairs.push({ index, from, distance: Math.hypot(x - ox, y - oy) });
    });
  });
  pairs.sort((a, b) => a.distance - b.distance);
  const origin = new Map();
  const used = new Set();
  for (const pair of pairs) {
    if (origin.has(pair.index) || used.has(pair.from)) continue;
    origin.set(pair.index, left[pair.from].rect);
    used.add(pair.from);
  }
  let tiled = 0;
  let last = 0;
  const drop = (element, delay) => animate(element, [{ opacity: 0, transform: "translateY(-10px) scale(1.2)" }, { opacity: 1, transform: "none" }], delay, 380);
  const fromBag = [];
  arrived.forEach((element, index) => {
    const from = origin.get(index);
    if (!from && !isWall(element.dataset.cell)) {
      fromBag.push(element);
      return;
    }
    if (!from) {
      // A wall tile whose line was never shown (filled by the same step): it appears in turn.
      const delay = tiled++ * TILING_STAGGER_MS;
      last = Math.max(last, drop(element, delay));
      if (noted.has(element.dataset.cell)) floatOver(element, noted.get(element.dataset.cell), delay + 300);
      return;
    }
    const delay = isWall(element.dataset.cell) ? tiled++ * TILING_STAGGER_MS : 0;
    last = Math.max(last, fly(element, from, delay));
    if (noted.has(element.dataset.cell)) floatOver(element, noted.get(element.dataset.cell), delay + FLIGHT_MS * 0.8);
    if (isWall(element.dataset.cell)) element.classList.add("tiled");
  });
  // The floors' penalties once the walls are tiled, then the counters.
  const parts = notes.filter((item) => item.part);
  parts.forEach((note, index) => {
    const part = root.querySelector(`.board-panel[data-seat="${note.seat}"] ${note.part}`);
    if (part) floatOver(part, note.text, last + index * 450);
  });
  if (parts.length) last += 500 + parts.length * 450;
  // The new factory fill drops in once the walls are tiled.
  for (const element of fromBag) last = Math.max(last, drop(element, tiled * TILING_STAGGER_MS + 150));
  for (const [seat, was] of before.scores) {
    const panel = root.querySelector(`.board-panel[data-seat="${seat}"]`);
    const score = panel?.querySelector(".score");
    if (!score || Number(score.dataset.value) === was) continue;
    countTo(score, was, Number(score.dataset.value), last);
  }
}

function animate(element, keyframes, delay, duration) {
  element.classList.add("arrived");
  element.style.transformBox = "fill-box";
  element.style.transformOrigin = "center";
  const animation = element.animate(keyframes, { duration, delay, easing: "cubic-bezier(.2,.7,.3,1)", fill: "backwards" });
  running.push(animation);
  landing.push(animation);
  return delay + duration;
}

/** Flies an element from a screen rectangle to where it is drawn (in its own SVG's units). */
function fly(element, from, delay) {
  const to = element.getBoundingClientRect();
  const svg = element.ownerSVGElement;
  const scale = svg?.getScreenCTM()?.a || 1;
  const [fx, fy] = centreOf(from);
  const [tx, ty] = centreOf(to);
  const grow = to.width ? from.width / to.width : 1;
  const start = `translate(${(fx - tx) / scale}px, ${(fy - ty) / scale}px) scale(${grow})`;
  return animate(element, [{ transform: start }, { transform: "translate(0, 0) scale(1.12)", offset: 0.85 }, { transform: "none" }], delay, FLIGHT_MS);
}

/** Points floating up from an element of the board, after `delay`. */
function floatOver(element, text, delay) {
  const box = element.getBoundingClientRect();
  const float = document.createElement("span");
  float.className = `point-float ${text.startsWith("−") ? "loss" : "gain"}`;
  float.textContent = text;
  float.dataset.seat = element.closest(".board-panel")?.dataset.seat ?? "";
  float.style.left = `${box.left + box.width / 2 + window.scrollX}px`;
  float.style.top = `${box.top + window.scrollY}px`;
  document.body.append(float);
  const rise = float.animate([
    { opacity: 0, transform: "translate(-50%, 0)" },
    { opacity: 1, transform: "translate(-50%, -12px)", offset: 0.2 },
    { opacity: 1, transform: "translate(-50%, -20px)", offset: 0.75 },
    { opacity: 0, transform: "translate(-50%, -30px)" },
  ], { duration: 1300, delay, fill: "both" });
  rise.onfinish = () => float.remove();
  rise.oncancel = () => float.remove();
  running.push(rise);
}

/** Counts a score from `was` to its value, with the difference floating up beside it. */
function countTo(score, was, now, delay) {
  const gain = now - was;
  const float = document.createElement("span");
  float.className = `score-float ${gain >= 0 ? "gain" : "loss"}`;
  float.textContent = gain >= 0 ? `+${gain}` : `−${-gain}`;
  score.parentElement.append(float);
  const rise = float.animate([{ opacity: 0, transform: "translateY(8px)" }, { opacity: 1, transform: "translateY(0)", offset: 0.2 }, { opacity: 1, transform: "translateY(-6px)", offset: 0.8 }, { opacity: 0, transform: "translateY(-16px)" }], { duration: 1600, delay, fill: "both" });
  rise.onfinish = () => float.remove();
  rise.oncancel = () => float.remove();
  running.push(rise);
  // The counter ticks through the numbers between, on a clock that finish() ends too.
  score.textContent = String(was);
  const clock = score.animate([{ opacity: 1 }, { opacity: 1 }], { duration: 700, delay });
  running.push(clock);
  landing.push(clock);
  const step = () => {
    const time = clock.currentTime ?? 0;
    if (!score.isConnected || clock.playState === "finished" || clock.playState === "idle") {
      score.textContent = String(now);
      return;
    }
    const fraction = Math.min(1, Math.max(0, (time - delay) / 700));
    score.textContent = String(Math.round(was + gain * fraction));
    requestAnimationFrame(step);
  };
  clock.onfinish = () => {
    score.textContent = String(now);
  };
  requestAnimationFrame(step);
}

function end(animations) {
  for (const animation of animations) {
    try {
      animation.finish();
    } catch {
      // An animation of an element already gone has nothing to finish.
    }
  }
}

/** Ends every motion at once (a click, or leaving the page). */
export function finish() {
  end(running);
  running = [];
  landing = [];
}

/** Lands what shows the position (before the next update is drawn); the remarks float on. */
export function land() {
  end(landing);
  landing = [];
  running = running.filter((animation) => animation.playState !== "finished");
}

document.addEventListener("pointerdown", () => {
  if (running.some((animation) => animation.playState === "running" || animation.playState === "pending")) finish();
}, true);
