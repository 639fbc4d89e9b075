// Editing the analysis board's position by clicking: a colour (or the marker, or the eraser) from the
// palette, then the place it goes. Every edit is checked by the server's position builder, which fills
// in the bag, the lid, the round and the phase, or says which rule the position breaks.

import { post } from "./api.js";
import { h } from "./dom.js";
import { colourName, explain, t } from "./i18n.js";
import { tileIcon } from "./boards/tiles.js";

const ERASER = "erase";
const MARKER = "1";
const FLOOR_SPACES = 7;

export class EditTools {
  constructor(board) {
    this.board = board;
    this.active = false;
    this.tool = null;
    this.problem = "";
  }

  get game() {
    return this.board.game;
  }

  get stars() {
    // Summer Pavilion's board kind (GET /api/games): stars, spaces, hands and a supply to edit.
    return this.game.layout?.kind === "stars";
  }

  toggle() {
    this.active = !this.active;
    this.problem = "";
    this.tool ??= this.game.theme.letters[0];
    this.board.input.reset();
    this.board.render();
  }

  prompt() {
    if (this.tool === ERASER) return t("edit_prompt_erase");
    if (this.tool === MARKER) return t("edit_prompt_marker");
    return t(this.stars ? "edit_prompt_stars" : "edit_prompt", { colour: colourName(this.game.theme, this.tool) });
  }

  panel() {
    const view = this.board.view;
    const toggle = h("button", { type: "button", class: `edit-toggle${this.active ? " primary" : ""}`, "aria-pressed": String(this.active), dataset: { focus: "edit" }, onClick: () => this.toggle() },
      this.active ? t("edit_done") : t("edit_position"));
    if (!this.active) return h("section", { class: "panel edit" }, h("h2", {}, t("edit_title")), toggle);
    const shape = this.game.shape || "square";
    const tools = [...this.game.theme.letters.map((letter) => ({ value: letter, face: tileIcon(this.game.theme, letter, shape, 26), label: colourName(this.game.theme, letter) }))];
    if (!this.stars) tools.push({ value: MARKER, face: h("span", { class: "marker-tool" }, "1"), label: t("first_player_marker") });
    tools.push({ value: ERASER, face: h("span", { class: "eraser-tool" }, "⌫"), label: t("eraser") });
    const palette = h("div", { class: "palette", role: "radiogroup", "aria-label": t("palette") }, tools.map((tool) =>
      h("button", { type: "button", role: "radio", class: `palette-tool${tool.value === this.tool ? " chosen" : ""}`, "aria-checked": String(tool.value === this.tool), title: tool.label, "aria-label": tool.label, dataset: { tool: tool.value, focus: `tool-${tool.value}` },
        onClick: () => { this.tool = tool.value; this.board.render(); } }, tool.face)));
    const names = this.board.names();
    const scores = h("div", { class: "edit-scores" }, names.map((name, seat) =>
      h("label", {}, name, " ", h("input", { type: "number", min: 0, max: 999, value: view.scores[seat], class: "score-input", dataset: { seat, focus: `score-${seat}` },
        onChange: (event) => this.change((position) => { position.boards[seat].score = Number(event.target.value) || 0; }) }))));
    const turn = h("label", {}, t("on_turn"), " ", h("select", { class: "turn-select", dataset: { focus: "turn" }, onChange: (event) => this.change(() => {}, { turn: Number(event.target.value) }) },
      names.map((name, seat) => h("option", { value: seat, selected: view.to_move[0] === seat }, name))));
    const extra = [turn];
    if (this.stars) {
      extra.push(h("label", {}, t("edit_round"), " ", h("select", { class: "round-select", onChange: (event) => this.change((position) => { position.round = Number(event.target.value); }) },
        this.game.layout.wild_by_round.map((_, index) => h("option", { value: index + 1, selected: view.round === index + 1 }, String(index + 1))))));
    }
    const clear = h("button", { type: "button", class: "clear-board", onClick: () => this.change((position) => this.clear(position)) }, t("clear_position"));
    return h("section", { class: "panel edit" }, h("h2", {}, t("edit_title")), toggle, palette, scores, h("div", { class: "edit-extra" }, extra), clear,
      this.problem ? h("p", { class: "form-error edit-problem", role: "alert" }, this.problem) : h("p", { class: "muted" }, t(this.stars ? "edit_help_stars" : "edit_help")));
  }

  /** Clicks on the play area: the palette's tool is applied where the click landed. */
  attach(area) {
    area.addEventListener("click", (event) => {
      const seat = event.target.closest(".board-panel")?.dataset.seat;
      const action = this.actionAt(event.target, seat === undefined ? null : Number(seat));
      if (action) this.change(action);
    });
  }

  actionAt(target, seat) {
    const tool = this.tool;
    const erase = tool === ERASER;
    const colour = erase || tool === MARKER ? null : tool;
    const placed = target.closest("[data-cell]");
    const keyed = target.closest("[data-key]");
    const cell = placed?.dataset.cell || "";
    if (seat !== null && !this.stars) {
      let found = /^b\d+:w(\d):(\d)$/.exec(cell);
      if (found && erase) return (position) => setCell(position.boards[seat].wall, Number(found[1]), Number(found[2]), ".");
      found = /^cell:\d+:(\d):(\d)$/.exec(keyed?.dataset.key || "");
      if (found && colour) {
        const [row, column] = [Number(found[1]) - 1, Number(found[2]) - 1];
        const printed = this.game.grey ? colour : this.game.layout.wall_pattern[row][column];
        return (position) => setCell(position.boards[seat].wall, row, column, printed);
      }
      const line = /^line:(\d)$/.exec(keyed?.dataset.key || "") || /^b\d+:l(\d):/.exec(cell);
      if (line) {
        const row = Number(line[1]) - (line[0].startsWith("line") ? 1 : 0);
        return (position) => {
          const lines = position.boards[seat].lines;
          if (erase) lines[row] = lines[row].slice(0, -1);
          else if (colour && lines[row].length <= row) lines[row] += colour;
        };
      }
      if (target.closest(".floor")) {
        return (position) => {
          const board = position.boards[seat];
          if (erase) board.floor = board.floor.slice(0, -1);
          else if (board.floor.length < FLOOR_SPACES && !(tool === MARKER && board.floor.includes(MARKER))) {
            if (tool === MARKER) for (const other of position.boards) other.floor = other.floor.replace(MARKER, "");
            board.floor = tool === MARKER ? MARKER + board.floor : board.floor + tool;
          }
        };
      }
    }
    if (seat !== null && this.stars) {
      const found = /^b\d+:([A-Z])(\d)$/.exec(cell);
      if (found && erase) return (position) => { position.boards[seat].stars[found[1]] = setChar(position.boards[seat].stars[found[1]], Number(found[2]) - 1, "."); };
      const space = /^space:([A-Z]):(\d)$/.exec(keyed?.dataset.key || "");
      if (space && colour) return (position) => { position.boards[seat].stars[space[1]] = setChar(position.boards[seat].stars[space[1]], Number(space[2]) - 1, colour); };
      if (target.closest(".hand-box")) return (position) => { position.boards[seat].hand = edited(position.boards[seat].hand, tool, tileColour(target)); };
    }
    const factory = target.closest("[data-factory]");
    if (factory) {
      const index = Number(factory.dataset.factory) - 1;
      return (position) => { position.factories[index] = edited(position.factories[index], tool, tileColour(target)); };
    }
    if (target.closest(".centre")) return (position) => { position.centre = edited(position.centre, tool, tileColour(target)); };
    if (target.closest(".supply-box")) return (position) => { position.supply = edited(position.supply, tool, tileColour(target)); };
    return null;
  }

  clear(position) {
    position.factories = position.factories.map(() => "");
    position.centre = "";
    for (const board of position.boards) {
      if (this.stars) {
        for (const star of Object.keys(board.stars)) board.stars[star] = ".".repeat(board.stars[star].length);
        board.hand = "";
      } else {
        board.wall = board.wall.map((row) => ".".repeat(row.length));
        board.lines = board.lines.map(() => "");
        board.floor = "";
        board.score = 0;
      }
    }
  }

  /** Applies an edit to a copy of the position and asks the builder for the position it makes. */
  async change(edit, extra = {}) {
    const view = this.board.view;
    const position = structuredClone(view.position);
    edit(position);
    const parts = { ...(this.stars ? starParts(position) : wallParts(position)), turn: view.to_move[0] ?? position.turn, ...extra };
    try {
      const built = await post("/analysis/edit", { game: view.game, players: view.players, options: view.options, parts });
      this.problem = "";
      await this.board.open(built);
    } catch (error) {
      this.problem = explain(error);
      this.board.render();
    }
  }
}

function wallParts(position) {
  const boards = position.boards;
  const parts = {
    walls: boards.map((board) => board.wall),
    lines: boards.map((board) => board.lines),
    floors: boards.map((board) => board.floor),
    scores: boards.map((board) => board.score),
    factories: position.factories,
    centre: position.centre,
    starter: position.starter,
  };
  if (position.special_factories) {
    Object.assign(parts, { discs: position.special_factories, sn5_holder: position.sn5_holder, sn5_praline: position.sn5_praline });
  }
  return parts;
}

function starParts(position) {
  const boards = position.boards;
  return {
    stars: boards.map((board) => board.stars),
    hands: boards.map((board) => board.hand),
    passed: boards.map((board) => board.passed),
    scores: boards.map((board) => board.score),
    factories: position.factories,
    centre: position.centre,
    supply: position.supply,
    pending_bonus: position.pending_bonus,
    round: position.round,
    starter: position.starter,
    marker: position.marker_in_centre ? "centre" : position.marker_holder,
  };
}

function setChar(text, index, letter) {
  return text.slice(0, index) + letter + text.slice(index + 1);
}

function setCell(wall, row, column, letter) {
  wall[row] = setChar(wall[row], column, letter);
}

/** The colour of the tile clicked, if a tile was clicked. */
function tileColour(target) {
  return target.closest("[data-colour]")?.dataset.colour || null;
}

/** A group of tiles with the tool applied: a tile added, or one of the clicked colour (else the last) erased. */
function edited(letters, tool, clicked) {
  if (tool === MARKER) return letters;
  if (tool !== ERASER) return letters + tool;
  const index = clicked ? letters.lastIndexOf(clicked) : letters.length - 1;
  return index < 0 ? letters : letters.slice(0, index) + letters.slice(index + 1);
}
