// Tiles as SVG: a colour from the game's theme and, in colour-blind mode, a symbol per colour.

import { s } from "../dom.js";

// One symbol per colour index, drawn in a unit box centred on 0,0 (radius about 1).
const SYMBOLS = [
  "M0,-0.9 A0.9,0.9 0 1,1 0,0.9 A0.9,0.9 0 1,1 0,-0.9 Z", // disc
  "M0,-1 L0.95,0.75 L-0.95,0.75 Z", // triangle
  "M-0.8,-0.8 H0.8 V0.8 H-0.8 Z", // square
  "M0,-1 L1,0 L0,1 L-1,0 Z", // diamond
  "M-0.3,-1 H0.3 V-0.3 H1 V0.3 H0.3 V1 H-0.3 V0.3 H-1 V-0.3 H-0.3 Z", // cross
  "M0,-1 L0.29,-0.4 L0.95,-0.31 L0.47,0.15 L0.59,0.81 L0,0.5 L-0.59,0.81 L-0.47,0.15 L-0.95,-0.31 L-0.29,-0.4 Z", // star
];

/** Whether text on this background should be dark. */
export function isLight(hex) {
  const value = parseInt(hex.slice(1), 16);
  const [r, g, b] = [(value >> 16) & 255, (value >> 8) & 255, value & 255];
  return 0.299 * r + 0.587 * g + 0.114 * b > 150;
}

/** The colour-blind symbol of a colour, centred at cx, cy (hidden unless colour-blind mode is on). */
export function symbolOf(theme, letter, cx, cy, size) {
  const index = theme.letters.indexOf(letter);
  return symbol(index, cx, cy, size, theme.hex[index] || "#999");
}

function symbol(index, cx, cy, size, hex) {
  return s("path", {
    class: "symbol",
    d: SYMBOLS[index % SYMBOLS.length],
    transform: `translate(${cx} ${cy}) scale(${size * 0.22})`,
    fill: isLight(hex) ? "#222" : "#fff",
    "fill-opacity": 0.85,
  });
}

/**
 * A tile (or praline, or rhombus) of colour `letter` centred at cx, cy.
 * shape: "square" (Azul), "praline" (Master Chocolatier), "diamond" (Summer Pavilion).
 */
export function tile(theme, letter, cx, cy, size, shape = "square", extra = {}) {
  const index = theme.letters.indexOf(letter);
  const hex = theme.hex[index] || "#999";
  const group = s("g", { class: `tile tile-${letter}`, ...extra, dataset: { colour: letter, ...(extra.dataset || {}) } });
  const half = size / 2;
  if (shape === "praline") {
    group.append(
      s("circle", { class: "tile-face", cx, cy, r: half * 0.95, fill: hex }),
      s("ellipse", { class: "shine", cx: cx - half * 0.3, cy: cy - half * 0.35, rx: half * 0.35, ry: half * 0.2, fill: "#fff", "fill-opacity": 0.25 }),
    );
  } else if (shape === "diamond") {
    group.append(
      s("path", { class: "tile-face", d: `M${cx},${cy - half} L${cx + half * 0.8},${cy} L${cx},${cy + half} L${cx - half * 0.8},${cy} Z`, fill: hex }),
    );
  } else {
    group.append(
      s("rect", { class: "tile-face", x: cx - half, y: cy - half, width: size, height: size, rx: size * 0.14, fill: hex }),
      s("path", { class: "shine", d: `M${cx - half + 3},${cy - half + 3} h${size - 6} l-4,4 h${-size + 14} v${size - 14} l-4,4 Z`, fill: "#fff", "fill-opacity": 0.18 }),
    );
  }
  group.append(symbol(index, cx, cy, size, hex));
  return group;
}

/** The first-player marker ("1"). */
export function marker(cx, cy, size, shape = "square", cell = "marker") {
  const half = size / 2;
  const face =
    shape === "praline"
      ? s("circle", { cx, cy, r: half * 0.95 })
      : s("rect", { x: cx - half, y: cy - half, width: size, height: size, rx: size * 0.14 });
  face.setAttribute("class", "marker-face");
  return s(
    "g",
    { class: "tile first-marker", dataset: { colour: "1", cell } },
    face,
    s("text", { x: cx, y: cy + size * 0.17, "text-anchor": "middle", "font-size": size * 0.5, class: "marker-text" }, "1"),
  );
}

/** An empty space: the pattern it asks for, faint. */
export function space(cx, cy, size, hex, shape = "square", extra = {}) {
  const half = size / 2;
  const attributes = { class: "space", fill: hex || "none", ...extra };
  if (shape === "praline") return s("circle", { cx, cy, r: half * 0.95, ...attributes });
  if (shape === "diamond") {
    return s("path", { d: `M${cx},${cy - half} L${cx + half * 0.8},${cy} L${cx},${cy + half} L${cx - half * 0.8},${cy} Z`, ...attributes });
  }
  return s("rect", { x: cx - half, y: cy - half, width: size, height: size, rx: size * 0.14, ...attributes });
}

/** Sorts tile letters by the theme's colour order. */
export function sortTiles(theme, letters) {
  return [...letters].sort((a, b) => theme.letters.indexOf(a) - theme.letters.indexOf(b));
}

/** A tile as a small inline SVG, for text (log lines, choices, hints). */
export function tileIcon(theme, letter, shape = "square", size = 18) {
  return s("svg", { class: "tile-icon", viewBox: `0 0 ${size} ${size}`, width: size, height: size, "aria-hidden": "true" },
    tile(theme, letter, size / 2, size / 2, size - 2, shape));
}
