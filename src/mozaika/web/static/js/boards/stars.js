// Azul: Summer Pavilion: seven stars with their printed numbers and bonus features, the supply,
// the round track with each round's wild colour, and every player's hand.

import { h, s } from "../dom.js";
import { colourName, t } from "../i18n.js";
import { factoryCircle } from "./factories.js";
import { BoardFamily } from "./family.js";
import { sortTiles, symbolOf, tileIcon } from "./tiles.js";
import { fieldsOf, sourceKey } from "../moves.js";

const R = 24; // a rhombus's edge
const D = 3.75 * R; // from the centre star to an outer star: room for a pillar between them

/** The drawing of a bonus feature (S-3) centred at x, y: a pillar, a statue or a window. */
function featureShape(kind, x, y) {
  if (kind === "pillar") return [s("rect", { x: x - 6.5, y: y - 11, width: 13, height: 22, rx: 2.5 })];
  if (kind === "window") return [s("path", { d: `M${x - 8},${y + 9} V${y - 2} A8,8 0 0,1 ${x + 8},${y - 2} V${y + 9} Z` })];
  return [s("circle", { cx: x, cy: y - 4, r: 6.5 }), s("rect", { x: x - 8, y: y + 3, width: 16, height: 8, rx: 1.5 })];
}

const FEATURE_KINDS = ["pillar", "statue", "window"];

const polar = (angle, distance) => [distance * Math.cos((angle * Math.PI) / 180), -distance * Math.sin((angle * Math.PI) / 180)];

/** A tile icon that is a tile of the game (in the supply or a hand): it has a place, so it can fly. */
function placed(icon, cell) {
  icon.querySelector(".tile").dataset.cell = cell;
  return icon;
}

export class StarsGame extends BoardFamily {
  constructor(entry, table) {
    super(entry);
    this.colourless = table.options.board === "colourless";
    this.numbers = this.layout.numbers[this.colourless ? "colourless" : "coloured"];
    this.shape = "diamond";
    this.centres = this.starCentres();
  }

  starCentres() {
    // The outer stars clockwise from the left (S-1); the centre star in the middle.
    const centres = { C: [0, 0] };
    this.layout.clockwise.forEach((star, index) => {
      centres[star] = polar(180 - 60 * index, D);
    });
    return centres;
  }

  starAngle(star) {
    return star === "C" ? 180 : 180 - 60 * this.layout.clockwise.indexOf(star);
  }

  /** The direction a slot (1-6) points to: slots 2 and 3 of an outer star face the centre star. */
  slotAngle(star, slot) {
    return this.starAngle(star) + 270 - 60 * (slot - 1);
  }

  rhombus(star, slot) {
    const [x, y] = this.centres[star];
    const angle = this.slotAngle(star, slot);
    const corner = (a, d) => {
      const [dx, dy] = polar(a, d);
      return `${(x + dx).toFixed(1)},${(y + dy).toFixed(1)}`;
    };
    const [cx, cy] = polar(angle, R * 0.87);
    return { d: `M${x},${y} L${corner(angle - 30, R)} L${corner(angle, R * Math.sqrt(3))} L${corner(angle + 30, R)} Z`, cx: x + cx, cy: y + cy };
  }

  spaceIndex(star, slot) {
    return this.layout.stars.indexOf(star) * this.layout.slots + slot - 1;
  }

  starName(star) {
    return star === "C" ? t("star_centre") : t("star_of", { colour: colourName(this.theme, star) });
  }

  /** The star as the object of "on": "na červenou hvězdu" in Czech. */
  starOnto(star) {
    return star === "C" ? t("star_centre_onto") : t("star_onto", { colour: colourName(this.theme, star, "accusative") });
  }

  names(letters) {
    return [...letters].map((letter) => colourName(this.theme, letter)).join(", ");
  }

  describe(text) {
    const move = fieldsOf(text);
    if (move?.kind === "take") return this.sourceLabel(sourceKey(move), move.colour);
    if (move?.kind === "place") {
      const placed = t("placed", { star: this.starOnto(move.star), slot: move.slot, colour: colourName(this.theme, move.colour, "masculine") });
      return move.wilds ? `${placed} (${t("wild_paid", { count: move.wilds })})` : placed;
    }
    if (move?.kind === "pick") return t("bonus_pick", { tiles: this.names(move.tiles) });
    if (move?.kind === "pass") return move.keep ? t("pass_keep", { tiles: this.names(move.keep) }) : t("pass_nothing");
    return text;
  }

  choice(key, position, chosen) {
    const icons = (letters) => [...letters].map((letter) => tileIcon(this.theme, letter, this.shape));
    if (key.startsWith("pick:")) {
      return h("span", { class: "choice-face" }, icons(key.slice(5)), h("span", { class: "visually-hidden" }, this.names(key.slice(5))));
    }
    if (key.startsWith("pay:")) {
      const [, colour, wildText] = key.split(":");
      const wilds = Number(wildText);
      const wild = position.wild;
      const [, star, slot] = chosen.find((step) => step.startsWith("space:")).split(":");
      const number = this.numbers[this.spaceIndex(star, Number(slot))];
      const own = Math.max(0, number - 1 - wilds);
      return h("span", { class: "choice-face" },
        icons(colour), " + ", icons(colour.repeat(own)), icons(wild.repeat(wilds)),
        h("span", { class: "choice-words" }, wilds ? t("wild_paid", { count: wilds }) : t("no_wild")));
    }
    return h("span", {}, key);
  }

  shared(position, ui) {
    const wild = position.wild;
    const supply = h("div", { class: `supply-box${ui.picking ? " picking" : ""}` },
      h("span", { class: "supply-title" }, this.term("supply")),
      h("div", { class: "tile-row", role: "group", "aria-label": this.term("supply") },
        sortTiles(this.theme, position.supply).map((letter, index) => this.supplyTile(letter, index, ui))));
    const track = h("ol", { class: "round-track", "aria-label": t("round_track") },
      this.layout.wild_by_round.map((letter, index) =>
        h("li", { class: index + 1 === position.round ? "current" : index + 1 < position.round ? "past" : "" },
          h("span", { class: "round-number" }, String(index + 1)),
          tileIcon(this.theme, letter, this.shape, 24),
          h("span", { class: "visually-hidden" }, t("round_wild", { round: index + 1, colour: colourName(this.theme, letter) })))));
    const wildNote = h("p", { class: "wild-note" }, tileIcon(this.theme, wild, this.shape, 20), " ",
      t("wild_now", { colour: colourName(this.theme, wild) }));
    return h("div", { class: "shared" },
      factoryCircle(this, position, ui, { shape: this.shape, wild }),
      h("div", { class: "pavilion-side" }, track, wildNote, supply, this.featureLegend()));
  }

  /**
   * A tile of the supply; while the viewer picks bonus tiles (S-12) a button that chooses it (marked while
   * chosen), the pick being made with a confirmation once enough are chosen.
   */
  supplyTile(letter, index, ui) {
    const icon = placed(tileIcon(this.theme, letter, this.shape, 30), `S:${letter}:${index}`);
    if (!ui.picking) return icon;
    const chosen = ui.picking.has(index);
    const full = !chosen && ui.picking.size >= ui.pickCount;
    const button = h("button", { class: `supply-tile${chosen ? " picked" : ""}`, type: "button", "aria-pressed": String(chosen), disabled: full || null, dataset: { pick: letter, index } }, icon);
    button.setAttribute("aria-label", colourName(this.theme, letter));
    button.addEventListener("click", () => ui.togglePick(index));
    return button;
  }

  /** What covering a pillar, a statue or a window pays (S-3), once for every board. */
  featureLegend() {
    const rewards = new Map(this.layout.features.map((feature) => [feature.kind, feature.tiles]));
    return h("p", { class: "feature-legend" }, h("span", { class: "legend-title" }, t("bonus_legend")),
      FEATURE_KINDS.filter((kind) => rewards.has(kind)).map((kind) => {
        const words = t(`feature.${kind}`, { count: rewards.get(kind) });
        return h("span", { class: "feature-legend-item", title: words },
          s("svg", { class: `feature-icon feature ${kind}`, viewBox: "-10 -13 20 26", width: 16, height: 21, "aria-hidden": "true" }, featureShape(kind, 0, 0)),
          h("span", { "aria-hidden": "true" }, `+${rewards.get(kind)}`), h("span", { class: "visually-hidden" }, words));
      }));
  }

  lastRound(position) {
    return position.round === this.layout.wild_by_round.length;
  }

  board(position, seat, ui) {
    const board = position.boards[seat];
    const extent = D + R * Math.sqrt(3) + R * 1.3;
    const svg = s("svg", { class: `board board-stars${this.colourless ? " colourless" : ""}`, viewBox: `${-extent} ${-extent} ${2 * extent} ${2 * extent}`, role: "group" });
    svg.setAttribute("aria-label", t("board_of", { name: ui.names[seat] }));
    svg.append(s("circle", { class: "board-plate", cx: 0, cy: 0, r: extent - 2 }));
    const filled = new Set();
    for (const star of this.layout.stars) {
      [...board.stars[star]].forEach((letter, index) => letter !== "." && filled.add(this.spaceIndex(star, index + 1)));
    }
    for (const star of this.layout.stars) svg.append(this.star(board, seat, star, ui));
    svg.append(this.features(filled)); // over the stars, so that no reward is hidden
    return svg;
  }

  star(board, seat, star, ui) {
    const group = s("g", { class: `star star-${star}` });
    const tint = !this.colourless && star !== "C" ? this.theme.hex[this.theme.letters.indexOf(star)] : null;
    for (let slot = 1; slot <= this.layout.slots; slot += 1) {
      const { d, cx, cy } = this.rhombus(star, slot);
      const letter = board.stars[star][slot - 1];
      const number = this.numbers[this.spaceIndex(star, slot)];
      if (letter !== ".") {
        const index = this.theme.letters.indexOf(letter);
        const hex = this.theme.hex[index];
        const placed = s("g", { class: "tile placed", dataset: { colour: letter, cell: `b${seat}:${star}${slot}` } },
          s("path", { class: "tile-face", d, fill: hex }));
        placed.append(symbolOf(this.theme, letter, cx, cy, R * 0.9));
        group.append(placed);
        continue;
      }
      const empty = s("g", { class: "slot" },
        s("path", { class: "slot-face", d, fill: tint || "#efe6d2", "fill-opacity": tint ? 0.28 : 1 }),
        s("text", { class: "slot-number", x: cx, y: cy + 4.5, "text-anchor": "middle" }, String(number)));
      if (seat === ui.me) {
        ui.key(empty, `space:${star}:${slot}`, t("space_label", { star: this.starName(star), slot, number }));
      }
      group.append(empty);
    }
    // The star's outline: on the colourless side, where no tint tells the stars apart, it is what
    // shows each star (drawn on top, clear of the pointer).
    group.append(s("path", { class: "star-outline", d: this.outline(star) }));
    return group;
  }

  /** The six-pointed outline of a star: each slot's tip, then the corner it shares with the next slot. */
  outline(star) {
    const [x, y] = this.centres[star];
    const points = [];
    for (let slot = 1; slot <= this.layout.slots; slot += 1) {
      const angle = this.slotAngle(star, slot);
      for (const [a, d] of [[angle, R * Math.sqrt(3)], [angle - 30, R]]) {
        const [dx, dy] = polar(a, d);
        points.push(`${(x + dx).toFixed(1)},${(y + dy).toFixed(1)}`);
      }
    }
    return `M${points.join(" L")} Z`;
  }

  features(filled) {
    const group = s("g", { class: "features" });
    for (const feature of this.layout.features) {
      const done = feature.spaces.every((index) => filled.has(index));
      const angle = this.starAngle(feature.star);
      let x;
      let y;
      if (feature.kind === "pillar") [x, y] = polar(angle, D / 2);
      else if (feature.kind === "window") [x, y] = polar(angle, D + R * 1.95);
      else [x, y] = polar(angle - 30, D * Math.cos(Math.PI / 6));
      const icon = s("g", { class: `feature ${feature.kind}${done ? " done" : ""}` },
        s("title", {}, t(`feature.${feature.kind}`, { count: feature.tiles })));
      // Sized to read at 11 px or more where a board is drawn smallest (four players at 1366x768).
      // What each kind pays stands once in the legend beside the supply: printed by every icon,
      // it covered the numbers of the spaces around it.
      icon.append(...featureShape(feature.kind, x, y));
      group.append(icon);
    }
    return group;
  }

  /** The prompt for a payment once a space is chosen: the space named, with what it costs. */
  paymentPrompt(chosen) {
    const space = chosen.find((step) => step.startsWith("space:"));
    if (!space) return null;
    const [, star, slot] = space.split(":");
    const number = this.numbers[this.spaceIndex(star, Number(slot))];
    const at = star === "C" ? t("star_centre_at") : t("star_at", { colour: colourName(this.theme, star, "genitive") });
    return t("prompt.payment_for", { star: at, slot, count: number });
  }

  /** What a space costs, said when the pointer is over it: its number in tiles of one colour, wild tiles standing in. */
  preview(position, seat, chosen, key) {
    const found = /^space:([A-Z]):([1-6])$/.exec(key);
    if (!found) return null;
    const [, star, slot] = found;
    const number = this.numbers[this.spaceIndex(star, Number(slot))];
    const colour = !this.colourless && star !== "C" ? colourName(this.theme, star, "genitive") : null;
    const words = colour
      ? t("preview.space_colour", { count: number, colour, wild: colourName(this.theme, position.wild) })
      : t("preview.space_any", { count: number, wild: colourName(this.theme, position.wild) });
    return { ghosts: null, words };
  }

  details(position, seat, ui) {
    const board = position.boards[seat];
    const wild = position.wild;
    const hand = sortTiles(this.theme, board.hand);
    // Passing is a placement-phase state: in the next round's drafting the kept tiles are the hand.
    const passed = board.passed && position.phase === "placement";
    const label = passed ? t("kept") : t("hand");
    const row = h("div", { class: "tile-row hand", role: "group", "aria-label": label });
    hand.forEach((letter, index) => {
      const icon = placed(tileIcon(this.theme, letter, this.shape, 26), `b${seat}:h${index}`);
      if (letter === wild) icon.classList.add("wild");
      const keep = seat === ui.me && ui.keeping;
      if (keep) {
        const button = h("button", { class: `hand-tile${ui.keeping.has(index) ? " kept" : ""}`, type: "button", "aria-pressed": String(ui.keeping.has(index)), dataset: { keep: letter, index } }, icon);
        button.setAttribute("aria-label", colourName(this.theme, letter));
        button.addEventListener("click", () => ui.toggleKeep(index, letter));
        row.append(button);
      } else {
        row.append(icon);
      }
    });
    if (!hand.length) row.append(h("span", { class: "muted" }, "—"));
    return h("div", { class: "hand-box" },
      h("span", { class: "hand-label" }, label, passed ? h("span", { class: "badge" }, t("passed")) : ""),
      row);
  }
}
