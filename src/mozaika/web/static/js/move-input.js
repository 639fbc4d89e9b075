// Choosing a move by clicks, once for every page that plays (a table, the tutorials, the analysis board):
// the clicks chosen so far, Summer Pavilion's tiles kept in the hand (S-11) and bonus tiles picked in the
// supply (S-12). The page says what its legal moves are and what it does with a complete move, and draws
// the boards and the prompt (move-prompt.js); the rules of clicking are chooser.js's. No page, no server:
// tests/js/move-input.test.mjs plays real games' moves through it.

import { choose, keepMove, nextKeys, nextKind, pickCount, pickMove } from "./chooser.js";
import { sortTiles } from "./boards/tiles.js";

export class MoveInput {
  /** `moves()`: the legal moves that may be chosen now, each `{text, path}` (chooser.withPaths). */
  constructor(moves) {
    this.movesOf = moves;
    this.reset();
  }

  reset() {
    this.chosen = [];
    this.keeping = null;
    this.picking = null;
  }

  get moves() {
    return this.movesOf();
  }

  nextKeys() {
    return nextKeys(this.moves, this.chosen);
  }

  nextKind() {
    return nextKind(this.moves, this.chosen);
  }

  /**
   * A click on `key`: the move it completes (its text), null while the move goes on, or false where the
   * click means nothing now (chooser.choose: the last click again takes it back, a first click restarts).
   */
  click(key) {
    const picked = choose(this.moves, this.chosen, key);
    if (!picked) return false;
    this.chosen = picked.chosen;
    this.keeping = this.nextKind() === "keep" ? new Set() : null;
    this.sync();
    return picked.complete;
  }

  /** Follows the moves: the bonus tiles are chosen in the supply while a pick is asked for, and kept until it is made. */
  sync() {
    const asked = this.nextKind() === "pick" && pickCount(this.moves, this.chosen) > 0;
    if (!asked) this.picking = null;
    else if (!this.picking) this.picking = new Set();
    return this;
  }

  pickCount() {
    return this.picking ? pickCount(this.moves, this.chosen) : 0;
  }

  toggleKeep(index) {
    if (!this.keeping) return;
    if (this.keeping.has(index)) this.keeping.delete(index);
    else this.keeping.add(index);
  }

  /** Chooses or puts back a tile of the supply, no more than the pick takes. */
  togglePick(index) {
    if (!this.picking) return;
    if (this.picking.has(index)) this.picking.delete(index);
    else if (this.picking.size < this.pickCount()) this.picking.add(index);
  }

  /** The pass keeping the tiles chosen in `hand` (its letters; drawn sorted by colour), if one does. */
  keptPass(game, hand) {
    return keepMove(this.moves, this.chosen, sortTiles(game.theme, hand), this.keeping);
  }

  /** The bonus pick taking the tiles chosen in `supply` (drawn sorted by colour), once there are enough. */
  pickedTiles(game, supply) {
    if (!this.picking || this.picking.size !== this.pickCount()) return null;
    return pickMove(this.moves, this.chosen, sortTiles(game.theme, supply), this.picking);
  }

  /** What a board's drawing needs to offer the hand's and the supply's tiles (with `toggle*` redrawing the page). */
  tiles(redraw) {
    return {
      keeping: this.keeping,
      toggleKeep: (index) => redraw(() => this.toggleKeep(index), `.hand-tile[data-index="${index}"]`),
      picking: this.picking,
      pickCount: this.pickCount(),
      togglePick: (index) => redraw(() => this.togglePick(index), `.supply-tile[data-index="${index}"]`),
    };
  }
}
