// Azul and Azul: Master Chocolatier: pattern lines, the wall (or the praline box), the floor line.

import { h, s } from "../dom.js";
import { colourName, t } from "../i18n.js";
import { discSign, explained, factoryCircle } from "./factories.js";
import { BoardFamily, neighbours } from "./family.js";
import { marker, space, tile, tileIcon } from "./tiles.js";
import { fieldsOf, sourceKey } from "../moves.js";

/** Where a take's tiles go, as the board's keys write it: a pattern line's number, or F for the floor. */
const lineKey = (move) => (move.line === "floor" ? "F" : String(move.line));

const CELL = 40;
const SIZE = 36;
const LINES_RIGHT = 210;
const WALL_LEFT = 232;
const FLOOR_TOP = 226;


export class WallGame extends BoardFamily {
  constructor(entry, table) {
    super(entry);
    this.options = table.options;
    this.grey = table.options.wall === "grey" || table.options.box === "brown";
    this.shape = entry.id === "chocolatier" ? "praline" : "square";
  }

  describe(text) {
    const move = fieldsOf(text);
    if (move?.kind === "take") {
      const where = move.line === "floor" ? this.term("floor") : this.term("line_n", { n: move.line });
      let words = `${this.sourceLabel(sourceKey(move), move.colour)} → ${where}`;
      if ("to_previous" in move) words += ` (${this.describeSplit(move.to_previous, move.to_next)})`;
      return words;
    }
    if (move?.kind === "column") return t("column_choice", { line: move.line, column: move.column });
    return text;
  }

  describeSplit(before, after) {
    const names = (letters) => [...letters].map((letter) => colourName(this.theme, letter)).join(", ") || "—";
    return t("split", { before: names(before), after: names(after) });
  }

  /**
   * A chooser button's face for a choice key (SN4's split): each side names the neighbouring factory
   * its pralines go to (M-3), with their icons.
   */
  choice(key, position = null, chosen = []) {
    const [before, after] = key.slice("split:".length).split(">");
    const icons = (letters) => [...letters].map((letter) => tileIcon(this.theme, letter, this.shape));
    const source = chosen.find((step) => step.startsWith("src:"))?.split(":")[1];
    if (!position || !source || source === "C") {
      return h("span", { class: "choice-face" },
        h("span", { class: "split-side" }, "◀ ", icons(before), before ? "" : "—"),
        h("span", { class: "split-side" }, icons(after), after ? "" : "—", " ▶"),
        h("span", { class: "visually-hidden" }, this.describeSplit(before, after)));
    }
    const [previous, next] = neighbours(position, Number(source) - 1).map((index) => index + 1);
    const side = (number, letters, arrow) => h("span", { class: "split-side" },
      arrow === "◀" ? "◀ " : "", h("span", { class: "split-to" }, this.term("split_to", { n: number })), " ", icons(letters), letters ? "" : "—", arrow === "▶" ? " ▶" : "");
    return h("span", { class: "choice-face" },
      h("span", { "aria-hidden": "true", class: "choice-face" }, side(previous, before, "◀"), side(next, after, "▶")),
      h("span", { class: "visually-hidden" }, this.describeSplitTo(previous, before, next, after)));
  }

  describeSplitTo(previous, before, next, after) {
    const names = (letters) => [...letters].map((letter) => colourName(this.theme, letter)).join(", ") || "—";
    return this.term("split_named", { previous, before: names(before), next, after: names(after) });
  }

  shared(position, ui) {
    return h("div", { class: "shared" }, factoryCircle(this, position, ui, { shape: this.shape }));
  }

  lastRound(position) {
    // the game ends after the round in which someone completes a wall row.
    return position.boards.some((board) =>
      board.wall.some((row, index) => {
        const placed = [...row].filter((cell) => cell !== ".").length;
        const line = board.lines[index];
        if (placed !== 4 || line.length !== index + 1) return false;
        return this.grey || this.layout.wall_pattern[index][row.indexOf(".")] === line[0];
      }),
    );
  }

  board(position, seat, ui) {
    const board = position.boards[seat];
    const svg = s("svg", { class: `board board-wall game-${this.id}`, viewBox: `0 0 ${WALL_LEFT + 5 * CELL + 6} ${FLOOR_TOP + 64}`, role: "group" });
    svg.setAttribute("aria-label", t("board_of", { name: ui.names[seat] }));
    svg.append(s("rect", { class: "board-plate", x: 1, y: 1, width: WALL_LEFT + 5 * CELL + 4, height: FLOOR_TOP + 62, rx: 14 }));
    for (let row = 0; row < 5; row += 1) svg.append(this.patternLine(board, seat, row, ui));
    for (let row = 0; row < 5; row += 1) svg.append(this.wallRow(board, seat, row, ui));
    svg.append(this.floor(position, board, seat, ui));
    return svg;
  }

  patternLine(board, seat, row, ui) {
    const y = 10 + row * CELL + SIZE / 2;
    const content = board.lines[row];
    const group = s("g", { class: "pattern-line" });
    const width = (row + 1) * CELL;
    const area = s("rect", { class: "line-area", x: LINES_RIGHT - width - 2, y: y - SIZE / 2 - 2, width: width + 2, height: SIZE + 4, rx: 6 });
    group.append(area);
    for (let index = 0; index <= row; index += 1) {
      const cx = LINES_RIGHT - index * CELL - SIZE / 2;
      group.append(space(cx, y, SIZE, null, this.shape));
      if (index < content.length) {
        group.append(tile(this.theme, content[index], cx, y, SIZE, this.shape, { dataset: { cell: `b${seat}:l${row}:${index}` } }));
      }
    }
    if (seat === ui.me) ui.key(group, `line:${row + 1}`, this.term("line_n", { n: row + 1 }));
    if (board.waiting && board.tiling_line === row) group.classList.add("waiting");
    return group;
  }

  wallRow(board, seat, row, ui) {
    const y = 10 + row * CELL + SIZE / 2;
    const group = s("g", { class: "wall-row" });
    for (let column = 0; column < 5; column += 1) {
      const cx = WALL_LEFT + column * CELL + SIZE / 2;
      const placed = board.wall[row][column];
      const printed = this.grey ? null : this.layout.wall_pattern[row][column];
      if (placed !== ".") {
        group.append(tile(this.theme, placed, cx, y, SIZE, this.shape, { dataset: { cell: `b${seat}:w${row}:${column}` } }));
        continue;
      }
      const cell = s("g", { class: "wall-cell" });
      if (printed) {
        cell.append(tile(this.theme, printed, cx, y, SIZE, this.shape, { class: `tile tile-${printed} printed` }));
      } else {
        cell.append(space(cx, y, SIZE, null, this.shape, { class: "space grey" }));
      }
      ui.key(cell, `cell:${seat}:${row + 1}:${column + 1}`, t("wall_cell", { line: row + 1, column: column + 1 }));
      group.append(cell);
    }
    return group;
  }

  floor(position, board, seat, ui) {
    const group = s("g", { class: "floor" });
    // The penalties stand over the floor, outside the part that is clicked: its name says them
    // (as a screen reader reads it), and the numbers drawn are not read a second time.
    const numbers = s("g", { class: "floor-penalties", "aria-hidden": "true" });
    const penalties = this.layout.floor_penalties;
    const top = FLOOR_TOP + 18;
    const area = s("rect", { class: "line-area", x: 6, y: top - 4, width: penalties.length * 44 + 4, height: SIZE + 8, rx: 6 });
    group.append(area);
    penalties.forEach((penalty, index) => {
      const cx = 10 + index * 44 + SIZE / 2;
      numbers.append(s("text", { class: "penalty", x: cx, y: top - 7, "text-anchor": "middle" }, String(penalty)));
      group.append(space(cx, top + SIZE / 2, SIZE, null, "square", { class: "space floor-space" }));
      const letter = board.floor[index];
      if (letter === "1") group.append(marker(cx, top + SIZE / 2, SIZE, this.shape, `b${seat}:marker`));
      else if (letter) group.append(tile(this.theme, letter, cx, top + SIZE / 2, SIZE, this.shape, { dataset: { cell: `b${seat}:f${index}` } }));
    });
    let held = "";
    if (position.sn5_holder === seat) {
      const cx = 10 + penalties.length * 44 + SIZE / 2 + 6;
      const disc = s("g", { class: "disc sn5" }, s("circle", { class: "disc-face", cx, cy: top + SIZE / 2, r: SIZE / 2 }));
      if (position.sn5_praline) disc.append(tile(this.theme, position.sn5_praline, cx, top + SIZE / 2, SIZE * 0.8, "praline"));
      else disc.append(discSign(this, "5", cx, top + SIZE / 2, SIZE / 2));
      // Beside the floor, not in it: the floor's name is what its click does.
      held = explained(disc, this.term("disc.5_held"));
    }
    if (seat === ui.me) ui.key(group, "floor", `${this.term("floor")} (${penalties.join(" ")})`);
    return s("g", {}, numbers, group, held);
  }

  /**
   * Where the chosen tiles would go if `key` (a pattern line or the floor) were chosen now: ghost
   * tiles to draw on the player's board, and the words for it (what overflows, what it costs).
   */
  preview(position, seat, chosen, key) {
    const source = /^src:([1-9C]):([A-Z])$/.exec(chosen[0] || "");
    if (!source || !(key.startsWith("line:") || key === "floor")) return null;
    const [, from, letter] = source;
    const { line, floor, toLid } = this.landing(position, seat, from, letter, key === "floor" ? "F" : key.slice(5));
    const ghosts = s("g", { class: "ghosts" });
    const words = [];
    if (line) {
      const y = 10 + line.row * CELL + SIZE / 2;
      for (let index = line.start; index < line.start + line.placed; index += 1) {
        ghosts.append(tile(this.theme, letter, LINES_RIGHT - index * CELL - SIZE / 2, y, SIZE, this.shape, { class: "tile ghost" }));
      }
      words.push(this.term("preview.line", { count: line.placed, n: line.row + 1 }));
    }
    const top = FLOOR_TOP + 18;
    for (const { item, slot } of floor) {
      const cx = 10 + slot * 44 + SIZE / 2;
      ghosts.append(item === "1" ? marker(cx, top + SIZE / 2, SIZE, this.shape, "") : tile(this.theme, item, cx, top + SIZE / 2, SIZE, this.shape));
      ghosts.lastChild.classList.add("ghost");
    }
    const points = floor.reduce((sum, { penalty }) => sum + penalty, 0);
    if (floor.length) words.push(this.term("preview.floor", { count: floor.length, points }));
    if (toLid) words.push(this.term("preview.lid", { count: toLid }));
    return { ghosts, words: words.join(" · "), cost: points };
  }

  /**
   * Where the tiles of a take land: how many go on the pattern line, the floor's slots
   * they and the first-player marker from the centre fill with their penalties,
   * whether one lies on the SN5 disc (M-4), and how many go to the lid.
   */
  landing(position, seat, from, letter, destination) {
    const board = position.boards[seat];
    let count = this.sourceCount(position, from, letter);
    let line = null;
    if (destination !== "F") {
      const row = Number(destination) - 1;
      const placed = Math.min(row + 1 - board.lines[row].length, count);
      line = { row, start: board.lines[row].length, placed };
      count -= placed;
    }
    const falling = [...(from === "C" && position.marker_in_centre ? ["1"] : []), ...letter.repeat(count)];
    let free = position.sn5_holder === seat && !position.sn5_praline;
    const floor = [];
    let disc = false;
    let toLid = 0;
    let slot = board.floor.length;
    for (const item of falling) {
      if (item !== "1" && free) {
        free = false;
        disc = true;
        continue;
      }
      const penalty = this.layout.floor_penalties[slot];
      if (penalty === undefined) {
        toLid += 1;
        continue;
      }
      floor.push({ item, slot, penalty });
      slot += 1;
    }
    return { line, floor, disc, toLid };
  }

  /**
   * What the wall tiling between two positions (and the take `move` before it, an entry of
   * the log) scored, to show as it happens: each new wall
   * tile's points (A-8: the row's and the column's contiguous tiles it joins, rows from the top)
   * and each floor's penalty, as notes by cell or by board.
   */
  tilingNotes(before, after, move = null) {
    const notes = [];
    // The step that ends a round holds its last take too: the floor it left is the one scored.
    const fields = move && fieldsOf(move.text);
    const take = fields?.kind === "take" ? fields : null;
    const fell = take ? this.landing(before, move.seat, sourceKey(take), take.colour, lineKey(take)).floor.length : 0;
    after.boards.forEach((board, seat) => {
      const old = before.boards[seat];
      if (!old) return;
      const wall = old.wall.map((row) => [...row]);
      for (let row = 0; row < wall.length; row += 1) {
        for (let column = 0; column < wall[row].length; column += 1) {
          if (wall[row][column] !== "." || board.wall[row][column] === ".") continue;
          wall[row][column] = board.wall[row][column];
          notes.push({ cell: `b${seat}:w${row}:${column}`, text: `+${this.placementPoints(wall, row, column)}` });
        }
      }
      const onFloor = old.floor.length + (take && move.seat === seat ? fell : 0);
      const penalty = this.layout.floor_penalties.slice(0, onFloor).reduce((sum, value) => sum + value, 0);
      if (penalty && !board.floor.length) notes.push({ seat, part: ".floor", text: `−${-penalty}` });
    });
    return notes;
  }

  /** a placed tile scores its contiguous run in the row and in the column (1 if alone). */
  placementPoints(wall, row, column) {
    const run = (dr, dc) => {
      let count = 0;
      for (let r = row + dr, c = column + dc; wall[r]?.[c] && wall[r][c] !== "."; r += dr, c += dc) count += 1;
      return count;
    };
    const across = run(0, -1) + run(0, 1);
    const down = run(-1, 0) + run(1, 0);
    if (!across && !down) return 1;
    return (across ? across + 1 : 0) + (down ? down + 1 : 0);
  }

  /** Words under a board: nothing more for this family (the score is in the board's heading). */
  details() {
    return null;
  }
}
