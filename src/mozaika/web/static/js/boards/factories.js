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
  tiles.forEach((letter, index) => {
    const column = index % columns;
    const row = Math.floor(index / columns);
    const inRow = Math.min(columns, tiles.length - row * columns);
    const x = cx + (column - (inRow - 1) / 2) * (TILE + GAP);
    const y = cy + (row - (rows - 1) / 2) * (TILE + GAP);
    const element = tile(theme, letter, x, y, TILE, shape, { dataset: { cell: `${key}:${index}` } });
    if (letter === wild) element.classList.add("wild");
    ui.key(element, `src:${key}:${letter}`, game.sourceLabel(key, letter));
    group.append(element);
  });
  return group;
}

function disc(game, text, cx, cy) {
  const colour = text.slice(1);
  const group = s("g", { class: "disc" }, s("title", {}, game.discNote(text)));
  group.append(s("circle", { cx, cy, r: 13 }));
  group.append(s("text", { x: cx, y: cy + 4, "text-anchor": "middle" }, `SN${text[0]}`));
  if (colour) group.append(tile(game.theme, colour, cx + 14, cy - 10, 12, "praline"));
  return group;
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
    if (special) group.append(disc(game, special, cx + FACTORY * Math.cos(side), cy + FACTORY * Math.sin(side)));
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
