// What every board family shares: the game's catalogue entry, and how sources of tiles are named.

import { colourName, term } from "../i18n.js";
import { movePath } from "../chooser.js";
import { fieldsOf } from "../moves.js";

export class BoardFamily {
  constructor(entry) {
    this.id = entry.id;
    this.theme = entry.theme;
    this.layout = entry.board;
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

  /** What a special factory's disc ("2B": SN2 pulling blue) does, in words (Master Chocolatier, M-1..M-4). */
  discNote(disc) {
    const colour = disc.slice(1);
    return this.term(`disc.${disc[0]}`, { colour: colour ? colourName(this.theme, colour, "genitive") : "" });
  }

  /** What the special factory a source is does, said when the pointer is over its tiles. */
  specialNote(position, source) {
    const special = source === "C" ? null : position.special_factories?.[Number(source) - 1];
    return special ? this.discNote(special) : "";
  }
}
