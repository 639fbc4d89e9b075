// What every board family shares: the game's catalogue entry, and how sources of tiles are named.

import { colourName, term } from "../i18n.js";
import { movePath } from "../chooser.js";
import { fieldsOf } from "../moves.js";

export class BoardFamily {
  constructor(entry) {
    this.id = entry.id;
    this.theme = entry.theme;
    this.layout = entry.board;
    // What the clients show to teach the game (its rules, figures, showcase): GET /api/games.
    this.guide = entry.guide || null;
  }

  /** A text in this game's own words (see term()). */
  term(key, params = {}) {
    return term(this.id, key, params);
  }

  /** The clicks that make a move (its path, from its fields: see chooser.js). */
  path(text) {
    return movePath(fieldsOf(text), text);
  }

  /** The colour a move takes or places (for its tile icon), if it names one. */
  moveColour(text) {
    return fieldsOf(text)?.colour || null;
  }

  sourceName(source) {
    return source === "C" ? this.term("centre") : this.term("factory_n", { n: source });
  }

  /** How a group of tiles in a factory or the centre is announced: "factory 2: blue". */
  sourceLabel(source, letter) {
    return `${this.sourceName(source)}: ${colourName(this.theme, letter)}`;
  }

  /** How many tiles of `letter` a source holds in `position` (what taking them would bring). */
  sourceCount(position, source, letter) {
    const tiles = source === "C" ? position.centre : position.factories[Number(source) - 1] || "";
    return [...tiles].filter((tile) => tile === letter).length;
  }

  /**
   * What a special factory's disc ("2B": SN2 pulling blue) does this round, in words, with its colour and,
   * for SN4, the two factories the leftovers may go to (Master Chocolatier, M-1..M-4).
   */
  discNote(disc, position = null, index = null) {
    const colour = disc.slice(1);
    const [previous, next] = position && index !== null ? neighbours(position, index).map((at) => at + 1) : [null, null];
    if (disc[0] === "4" && previous !== null) return this.term("disc.4", { previous, next });
    if (disc[0] === "4") return this.term("disc.4_any");
    if (disc[0] === "2" && !colour) return this.term("disc.2_any");
    return this.term(`disc.${disc[0]}`, { colour: colour ? colourName(this.theme, colour, "accusative") : "" });
  }

  /** What the special factory a source is does, said when the pointer is over its tiles. */
  specialNote(position, source) {
    const special = source === "C" ? null : position.special_factories?.[Number(source) - 1];
    return special ? this.discNote(special, position, Number(source) - 1) : "";
  }
}

/**
 * The factories before and after factory `index` (0-based) in the circle, skipping a taken SN5, which has
 * left the circle (M-3): where SN4's leftovers may go.
 */
export function neighbours(position, index) {
  const count = position.factories.length;
  const specials = position.special_factories || [];
  const removed = position.sn5_holder === null || position.sn5_holder === undefined ? -1 : specials.findIndex((disc) => disc && disc[0] === "5");
  let previous = (index - 1 + count) % count;
  let following = (index + 1) % count;
  if (previous === removed) previous = (previous - 1 + count) % count;
  if (following === removed) following = (following + 1) % count;
  return [previous, following];
}
