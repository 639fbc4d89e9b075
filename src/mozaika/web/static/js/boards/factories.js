// The factories in their circle, with the centre in the middle: shared by every game.

import { s } from "../dom.js";
import { marker, sortTiles, tile } from "./tiles.js";

const TILE = 28;
const GAP = 4;
const FACTORY = 50;

function contents(game, letters, cx, cy, shape, key, ui, wild) {
  const theme = game.theme;
  const group = s("g", {});
  const tiles = sortTiles(theme, letters);
  const columns = tiles.length <= 4 ? 2 : 3;
  const rows = Math.ceil(tiles.length / columns);
  // Five or six tiles (a special factory's extra ones) are drawn smaller, so that they stay on the plate.
  const size = columns > 2 ? TILE - 6 : TILE;
  const step = size + GAP;
  tiles.forEach((letter, index) => {
    const column = index % columns;
    const row = Math.floor(index / columns);
    const inRow = Math.min(columns, tiles.length - row * columns);
    const x = cx + (column - (inRow - 1) / 2) * step;
    const y = cy + (row - (rows - 1) / 2) * step;
    const element = tile(theme, letter, x, y, size, shape, { dataset: { cell: `${key}:${index}` } });
    if (letter === wild) element.classList.add("wild");
    ui.key(element, `src:${key}:${letter}`, game.sourceLabel(key, letter));
    group.append(element);
  });
  return group;
}

// What each special factory does, drawn in its disc (Master Chocolatier, M-1..M-4), in a box of
// about ±1 around the disc's centre: SN1 a praline more, SN2 pulls its colour from both sides,
// SN3 keeps its leftovers, SN4 splits them both ways, SN5 is a floor space without penalty.
const DISC_SIGNS = {
  1: (colour) => [s("path", { class: "disc-line", d: "M-0.95,0 H-0.15 M-0.55,-0.4 V0.4" }), s("circle", { class: "disc-praline", cx: 0.42, cy: 0, r: 0.42, ...colour })],
  2: (colour) => [
    s("path", { class: "disc-line", d: "M-1.05,0 H-0.62 M-0.8,-0.2 L-0.6,0 L-0.8,0.2 M1.05,0 H0.62 M0.8,-0.2 L0.6,0 L0.8,0.2" }),
    s("circle", { class: "disc-praline", cx: 0, cy: 0, r: 0.42, ...colour }),
  ],
  3: () => [s("path", { class: "disc-line", d: "M0.62,-0.3 A0.68,0.68 0 1,0 0.66,0.22 M0.25,-0.38 L0.64,-0.32 L0.7,-0.72" })],
  4: () => [s("path", { class: "disc-line", d: "M0,0.85 V0.05 L-0.62,-0.55 M0,0.05 L0.62,-0.55 M-0.62,-0.15 V-0.58 H-0.2 M0.62,-0.15 V-0.58 H0.2" })],
  5: () => [
    s("rect", { class: "disc-line", x: -0.68, y: -0.68, width: 1.36, height: 1.36, rx: 0.18 }),
    s("path", { class: "disc-line", d: "M-0.38,0 L-0.1,0.3 L0.4,-0.32" }),
  ],
};
const DISC = 15;

/** A special factory's disc on its own, drawn small (the rules panel's list of them). */
export function discIcon(game, text, size = 28) {
  return s("svg", { class: `disc disc-icon disc-${text[0]}`, viewBox: "-16 -16 32 32", width: size, height: size, "aria-hidden": "true" },
    s("circle", { class: "disc-face", cx: 0, cy: 0, r: DISC }), discSign(game, text, 0, 0, DISC));
}

function disc(game, text, cx, cy, position, index) {
  const note = game.discNote(text, position, index);
  const group = s("g", { class: `disc disc-${text[0]}`, dataset: { disc: text } });
  group.append(s("circle", { class: "disc-face", cx, cy, r: DISC }));
  group.append(discSign(game, text, cx, cy, DISC));
  return explained(group, note);
}

/** A disc's drawn sign, centred on (cx, cy) in a disc of `radius`. */
export function discSign(game, text, cx, cy, radius) {
  const colour = text.slice(1);
  const fill = colour ? { fill: game.theme.hex[game.theme.letters.indexOf(colour)] } : {};
  return s("g", { class: "disc-sign", transform: `translate(${cx} ${cy}) scale(${radius * 0.62})` }, (DISC_SIGNS[text[0]] || (() => []))(fill));
}

/**
 * A disc that says what it does: its words on hover (its title), to a screen reader (its name), and in a
 * small note on a tap or Enter (touch screens have no hover for the title).
 */
export function explained(group, note) {
  Object.entries({ tabindex: "0", role: "button", "aria-label": note }).forEach(([name, value]) => group.setAttribute(name, value));
  group.prepend(s("title", {}, note));
  const show = (event) => {
    event.stopPropagation();
    event.preventDefault();
    showDiscNote(group, note);
  };
  group.addEventListener("click", show);
  group.addEventListener("keydown", (event) => {
    if (event.key === "Enter" || event.key === " ") show(event);
  });
  return group;
}

/** The words of a special factory's disc in a small note under it, until the next tap or Escape. */
function showDiscNote(anchor, text) {
  const holder = anchor.closest(".shared-wrap, .board-panel") || document.body;
  holder.querySelector(".disc-note")?.remove();
  const note = document.createElement("p");
  note.className = "disc-note";
  note.setAttribute("role", "status");
  note.textContent = text;
  holder.append(note);
  const box = anchor.getBoundingClientRect();
  const frame = holder.getBoundingClientRect();
  const left = Math.min(Math.max(box.left + box.width / 2 - frame.left, note.offsetWidth / 2 + 4), frame.width - note.offsetWidth / 2 - 4);
  note.style.left = `${left}px`;
  note.style.top = `${box.bottom - frame.top + 6}px`;
  const close = (event) => {
    if (event.type === "keydown" && event.key !== "Escape") return;
    note.remove();
    document.removeEventListener("pointerdown", close, true);
    document.removeEventListener("keydown", close, true);
  };
  document.addEventListener("pointerdown", close, true);
  document.addEventListener("keydown", close, true);
}

/** The step between tiles in the centre and its columns: the whole pool stays inside its circle. */
function centreGrid(count, radius) {
  const columns = Math.max(1, Math.ceil(Math.sqrt(count)));
  const rows = Math.max(1, Math.ceil(count / columns));
  // The grid's corners lie on the circle at most: its diagonal is the circle's diameter.
  const step = Math.min(TILE + GAP, (2 * radius * 0.94) / Math.hypot(columns, rows));
  return { columns, rows, step };
}

/**
 * The factory display: `position.factories` (strings of letters) around `position.centre`.
 * Tiles carry the keys `src:<factory number>:<colour>` and `src:C:<colour>`.
 */
export function factoryCircle(game, position, ui, { shape = "square", wild = null } = {}) {
  const theme = game.theme;
  const count = position.factories.length;
  const radius = Math.max((FACTORY + 8) / Math.sin(Math.PI / count), FACTORY + 100);
  const size = 2 * (radius + FACTORY + 4);
  const middle = size / 2;
  const svg = s("svg", { class: `factories game-${game.id}`, viewBox: `0 0 ${size} ${size}`, role: "group", "aria-label": game.term("factories") });
  position.factories.forEach((letters, index) => {
    const angle = -Math.PI / 2 + (2 * Math.PI * index) / count;
    const cx = middle + radius * Math.cos(angle);
    const cy = middle + radius * Math.sin(angle);
    const number = index + 1;
    const group = s("g", { class: "factory", dataset: { factory: number } });
    group.append(s("circle", { class: "factory-plate", cx, cy, r: FACTORY }));
    // The number sits on the rim, on the side away from the centre: never under the centre's tiles.
    const out = angle + Math.PI / 4;
    const nx = cx + FACTORY * Math.cos(out);
    const ny = cy + FACTORY * Math.sin(out);
    group.append(s("g", { class: "factory-number" },
      s("circle", { cx: nx, cy: ny, r: 10 }),
      s("text", { x: nx, y: ny + 4.5, "text-anchor": "middle" }, String(number))));
    group.append(contents(game, letters, cx, cy, shape, String(number), ui, wild));
    const special = position.special_factories?.[index];
    // The special factory's disc sits on the rim a quarter turn from the number, also facing out.
    const side = angle - Math.PI / 4;
    // It stands a little out of the rim, clear of the tiles however they lie.
    const reach = FACTORY + 6;
    if (special) group.append(disc(game, special, cx + reach * Math.cos(side), cy + reach * Math.sin(side), position, index));
    svg.append(group);
  });
  const inner = radius - FACTORY - 8;
  const centre = s("g", { class: "centre" });
  centre.append(s("circle", { class: "centre-plate", cx: middle, cy: middle, r: inner }));
  const tiles = sortTiles(theme, position.centre);
  const all = position.marker_in_centre ? ["1", ...tiles] : tiles;
  const { columns, rows, step } = centreGrid(all.length, inner);
  const tileSize = step - GAP * (step / (TILE + GAP));
  all.forEach((letter, index) => {
    const row = Math.floor(index / columns);
    const inRow = Math.min(columns, all.length - row * columns);
    const x = middle + ((index % columns) - (inRow - 1) / 2) * step;
    const y = middle + (row - (rows - 1) / 2) * step;
    if (letter === "1") {
      centre.append(marker(x, y, tileSize, shape === "praline" ? "praline" : "square", "C:marker"));
      return;
    }
    const element = tile(theme, letter, x, y, tileSize, shape, { dataset: { cell: `C:${letter}:${index}` } });
    if (letter === wild) element.classList.add("wild");
    ui.key(element, `src:C:${letter}`, game.sourceLabel("C", letter));
    centre.append(element);
  });
  if (!all.length) {
    centre.append(s("text", { class: "centre-label", x: middle, y: middle + 5, "text-anchor": "middle" }, game.term("centre")));
  }
  svg.append(centre);
  return svg;
}
