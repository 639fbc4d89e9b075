// The factories in their circle, with the centre in the middle: shared by every game.

import { s } from "../dom.js";
import { t, colourName } from "../i18n.js";
import { marker, sortTiles, tile } from "./tiles.js";

const TILE = 28;
const GAP = 4;
const FACTORY = 50;
const CENTRE_COLUMNS = 6;

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

function disc(text, cx, cy, theme) {
  const kind = text[0];
  const colour = text.slice(1);
  const group = s("g", { class: "disc" }, s("title", {}, t(`disc.${kind}`, { colour: colour ? colourName(theme, colour) : "" })));
  group.append(s("circle", { cx, cy, r: 13 }));
  group.append(s("text", { x: cx, y: cy + 5, "text-anchor": "middle" }, `SN${kind}`));
  if (colour) group.append(tile(theme, colour, cx + 14, cy - 10, 12, "praline"));
  return group;
}

/**
 * The factory display: `position.factories` (strings of letters) around `position.centre`.
 * Tiles carry the keys `src:<factory number>:<colour>` and `src:C:<colour>`.
 */
export function factoryCircle(game, position, ui, { shape = "square", wild = null } = {}) {
  const theme = game.theme;
  const count = position.factories.length;
  const radius = Math.max((FACTORY + 6) / Math.sin(Math.PI / count), FACTORY + 100);
  const size = 2 * (radius + FACTORY + 8);
  const middle = size / 2;
  const svg = s("svg", { class: `factories game-${game.id}`, viewBox: `0 0 ${size} ${size}`, role: "group", "aria-label": t("factories") });
  position.factories.forEach((letters, index) => {
    const angle = -Math.PI / 2 + (2 * Math.PI * index) / count;
    const cx = middle + radius * Math.cos(angle);
    const cy = middle + radius * Math.sin(angle);
    const number = index + 1;
    const group = s("g", { class: "factory", dataset: { factory: number } });
    group.append(s("circle", { class: "factory-plate", cx, cy, r: FACTORY }));
    group.append(s("text", { class: "factory-number", x: cx + FACTORY * 0.72, y: cy + FACTORY * 0.95 }, String(number)));
    group.append(contents(game, letters, cx, cy, shape, String(number), ui, wild));
    const special = position.special_factories?.[index];
    if (special) group.append(disc(special, cx - FACTORY * 0.72, cy - FACTORY * 0.72, theme));
    svg.append(group);
  });
  const centre = s("g", { class: "centre" });
  centre.append(s("circle", { class: "centre-plate", cx: middle, cy: middle, r: radius - FACTORY - 10 }));
  const tiles = sortTiles(theme, position.centre);
  const all = position.marker_in_centre ? ["1", ...tiles] : tiles;
  const rows = Math.ceil(all.length / CENTRE_COLUMNS);
  all.forEach((letter, index) => {
    const row = Math.floor(index / CENTRE_COLUMNS);
    const inRow = Math.min(CENTRE_COLUMNS, all.length - row * CENTRE_COLUMNS);
    const x = middle + ((index % CENTRE_COLUMNS) - (inRow - 1) / 2) * (TILE + GAP);
    const y = middle + (row - (rows - 1) / 2) * (TILE + GAP);
    if (letter === "1") {
      centre.append(marker(x, y, TILE, shape === "praline" ? "praline" : "square"));
      return;
    }
    const element = tile(theme, letter, x, y, TILE, shape, { dataset: { cell: `C:${letter}:${index}` } });
    if (letter === wild) element.classList.add("wild");
    ui.key(element, `src:C:${letter}`, game.sourceLabel("C", letter));
    centre.append(element);
  });
  if (!all.length) {
    centre.append(s("text", { class: "centre-label", x: middle, y: middle + 5, "text-anchor": "middle" }, t("centre")));
  }
  svg.append(centre);
  return svg;
}
