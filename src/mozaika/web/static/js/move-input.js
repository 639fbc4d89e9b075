// Choosing a move by clicks, once for every page that plays (a table, the tutorials, the analysis board):
// the clicks chosen so far, Summer Pavilion's tiles kept in the hand (S-11) and bonus tiles picked in the
// supply (S-12), and the prompt with its buttons. The page says what its legal moves are and what it does
// with a complete move, and draws the boards; the rules of clicking are chooser.js's.

import { choose, keepMove, moveThrough, nextKeys, nextKind, pickCount, pickMove } from "./chooser.js";
import { h } from "./dom.js";
import { CHOICE_KINDS, choicePrompt } from "./games.js";
import { t } from "./i18n.js";
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

  /**
   * The prompt of the move being chosen and its buttons: a choice's list (a split, a payment, a pick; the
   * pick's kept for the keyboard), the confirmation of the tiles kept or picked, *Pass*, *Cancel*.
   * `on`: `key(key)` a click, `complete(text)` a move made, `cancel()`; `hand` and `supply`: the position's.
   */
  items(game, position, hand, on) {
    const next = [...this.nextKeys()];
    const kind = this.nextKind();
    const items = [h("p", { class: "prompt" }, choicePrompt(game, game.id, next, kind, this.chosen, { picking: this.picking, pickCount: this.pickCount() }))];
    if (kind && CHOICE_KINDS.has(kind)) {
      const listed = kind === "pick" && this.picking;
      items.push(h("div", { class: `choices${listed ? " pick-list keyboard-only" : ""}`, role: "group", "aria-label": listed ? t("pick_list") : null },
        next.map((key) => {
          const move = moveThrough(this.moves, this.chosen, key);
          return h("button", { class: "choice", type: "button", dataset: { key }, title: move ? game.describe(move.text) : key, onClick: () => on.key(key) },
            game.choice(key, position, this.chosen));
        })));
    }
    if (kind === "pick" && this.picking) {
      const found = this.pickedTiles(game, position.supply);
      items.push(h("button", { class: "primary pick-confirm", type: "button", disabled: !found, onClick: () => found && on.complete(found.text) },
        t("pick_confirm", { count: this.pickCount() })));
    }
    if (kind === "keep" && this.keeping) {
      const found = this.keptPass(game, hand);
      items.push(h("button", { class: "primary keep-confirm", type: "button", disabled: !found, onClick: () => found && on.complete(found.text) },
        t("pass_keeping", { count: this.keeping.size })));
    }
    if (!this.chosen.length && next.includes("pass")) {
      items.push(h("button", { class: "pass-button", type: "button", dataset: { key: "pass" }, onClick: () => on.key("pass") }, t("pass")));
    }
    if (this.chosen.length) items.push(h("button", { type: "button", class: "cancel", onClick: () => on.cancel() }, t("cancel")));
    return items;
  }
}
