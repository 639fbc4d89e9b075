// The analysis board: any position of any game, set up, edited, played through as a tree of moves,
// analysed by the expert, and shared as a link. The server keeps nothing: positions travel as lines.

import { post } from "./api.js";
import { MoveInput } from "./move-input.js";
import { promptItems } from "./move-prompt.js";
import { EditTools } from "./analysis-edit.js";
import { clickable, copyText, h, replace, toast } from "./dom.js";
import { adapterFor, games } from "./games.js";
import { explain, number, t } from "./i18n.js";
import { boardPanel } from "./panel.js";
import { rulesPanel } from "./rules.js";
import { tileIcon } from "./boards/tiles.js";

export async function analysisPage(root, query) {
  const board = new AnalysisBoard(root);
  await board.begin(query);
  // A new language redraws the board in place: the move tree and the expert's answers stay.
  return Object.assign(() => board.leave(), { relabel: () => board.render() });
}

/** Where an address points the board: a shared line, a finished game's step, or a new game. */
function startRequest(query) {
  if (query.get("line")) return { line: query.get("line") };
  if (query.get("table")) {
    const step = query.get("step");
    return { table: query.get("table"), ...(step !== null && step !== "" ? { step: Number(step) } : {}) };
  }
  return { game: query.get("game") || "azul", players: Number(query.get("players")) || 2 };
}

class AnalysisBoard {
  constructor(root) {
    this.root = root;
    this.nodes = [];
    this.current = 0;
    // The move being chosen by clicks, as at a table (move-input.js): the moves of whoever is on turn.
    this.input = new MoveInput(() => (this.edit?.active || this.view?.over ? [] : this.moves()));
    this.expert = new Map();
    this.asking = false;
    this.edit = new EditTools(this);
    this.onKey = (event) => this.key(event);
    document.addEventListener("keydown", this.onKey);
  }

  leave() {
    document.removeEventListener("keydown", this.onKey);
  }

  async begin(query) {
    try {
      await this.open(await post("/analysis/start", startRequest(query)));
    } catch (error) {
      toast(explain(error), "error");
      await this.open(await post("/analysis/start", { game: "azul", players: 2 }));
    }
  }

  /** A new tree whose root is this position. */
  async open(view) {
    this.game = await adapterFor({ game: view.game, options: view.options });
    // The players' names come with a finished game's position (or a record's), and stay for the whole tree.
    this.playerNames = view.names || null;
    this.nodes = [{ id: 0, parent: null, move: null, view, children: [] }];
    this.current = 0;
    this.input.reset();
    this.render();
  }

  get node() {
    return this.nodes[this.current];
  }

  get view() {
    return this.node.view;
  }

  go(id) {
    if (id === null || id === undefined || !this.nodes[id]) return;
    this.current = id;
    this.input.reset();
    this.render();
  }

  /** Plays a move from the current position: an existing branch is followed, a new one becomes a variation. */
  async play(text) {
    const from = this.node;
    const known = from.children.map((id) => this.nodes[id]).find((child) => child.move === text);
    if (known) {
      this.go(known.id);
      return;
    }
    try {
      const view = await post("/analysis/play", { line: from.view.line, move: text });
      const child = { id: this.nodes.length, parent: from.id, move: text, view, children: [] };
      this.nodes.push(child);
      from.children.push(child.id);
      this.go(child.id);
    } catch (error) {
      toast(explain(error), "error");
      this.input.reset();
      this.render();
    }
  }

  /** Throws away a variation (the branch from this node on) and goes to its parent. */
  dropBranch(id) {
    const node = this.nodes[id];
    if (node.parent === null) return;
    const parent = this.nodes[node.parent];
    parent.children = parent.children.filter((child) => child !== id);
    this.go(parent.id);
  }

  async ask() {
    const line = this.view.line;
    this.asking = true;
    this.render();
    try {
      this.expert.set(line, await post("/analysis/best", { line }));
    } catch (error) {
      toast(explain(error), "error");
    }
    this.asking = false;
    if (this.view.line === line) this.render();
  }

  key(event) {
    if (event.target.matches("input, textarea, select")) return;
    const node = this.node;
    if (event.key === "ArrowLeft") this.go(node.parent);
    else if (event.key === "ArrowRight") this.go(node.children[0]);
    else if (event.key === "Escape" && this.input.chosen.length) {
      this.input.reset();
      this.render();
    } else return;
    event.preventDefault();
  }

  // --- choosing a move by clicking, as at a table ------------------------------------------------

  /** The legal moves with the clicks that make each (chooser.js, as at a table). */
  moves() {
    return Object.values(this.view.legal_moves).flat().map((text) => ({ text, path: this.game.path(text) }));
  }

  nextKeys() {
    return this.input.nextKeys();
  }

  /** A click, read as at a table: the move is played once the clicks name one legal move. */
  pick(key) {
    const complete = this.input.click(key);
    if (complete === false) return;
    if (complete) {
      this.input.reset();
      this.play(complete);
    }
    this.render();
  }

  /** Redraws after a tile of the hand or the supply was chosen (`change`), the focus kept on it. */
  redraw(change, focus) {
    change();
    this.render();
    this.root.querySelector(focus)?.focus();
  }

  /** What a drawing needs: ``seat``'s keys, live where they continue the move being chosen (``shared``: the factories). */
  uiFor(seat, targets, shared = false) {
    const editing = this.edit.active;
    const moving = shared || this.view.to_move.includes(seat);
    const tiles = this.input.tiles((change, focus) => this.redraw(change, focus));
    return {
      me: seat,
      names: this.names(),
      ...tiles,
      keeping: !shared && seat === this.view.to_move[0] ? tiles.keeping : null,
      picking: shared ? tiles.picking : null,
      key: (element, key, label) => {
        element.dataset.key = key;
        if (editing) return;
        if (!moving) return;
        if (this.input.chosen.includes(key)) element.classList.add("chosen");
        if (!targets.has(key)) return;
        element.classList.add("target");
        clickable(element, label, () => this.pick(key));
      },
    };
  }

  names() {
    return Array.from({ length: this.view.players }, (_, seat) => this.playerNames?.[seat] || t("player_n", { n: seat + 1 }));
  }

  // --- drawing ------------------------------------------------------------------------------------

  render() {
    const view = this.view;
    this.input.sync();
    history.replaceState({}, "", `/analysis?line=${encodeURIComponent(view.line)}`);
    const focused = document.activeElement?.dataset?.focus;
    const page = h("div", {
      class: `analysis-page game-${view.game} players-${view.players}`,
      dataset: { line: view.line, node: this.current, editing: String(this.edit.active), toMove: view.to_move.join(",") },
    },
    h("header", { class: "table-head" },
      h("h1", {}, t("analysis_board"), " ", h("small", {}, t(`game.${view.game}`), " · ", this.optionWords())),
      this.statusLine()),
    this.playArea(),
    h("aside", { class: "side analysis-side" }, this.expertPanel(), this.movesPanel(), this.edit.panel(), this.sharePanel(), this.setupPanel(), rulesPanel(this.game, view)));
    replace(this.root, page);
    if (focused) this.root.querySelector(`[data-focus="${focused}"]`)?.focus();
  }

  optionWords() {
    return Object.entries(this.view.options).map(([name, value]) => t(`option.${name}.${value}`)).join(" · ");
  }

  statusLine() {
    const view = this.view;
    const names = this.names();
    const parts = [h("span", { class: "round" }, t("round_n", { n: view.round }))];
    if (view.over) {
      parts.push(h("strong", {}, t("game_over"), " — ", t("won_by", { names: view.winners.map((seat) => names[seat]).join(", "), count: view.winners.length })));
    } else if (!view.to_move.length) {
      parts.push(h("span", { class: "turn" }, t("waiting_for_fill")),
        h("button", { type: "button", class: "small deal", onClick: () => this.start({ line: view.line }) }, t("deal_tiles")));
    } else {
      parts.push(h("span", { class: "turn yours" }, t("turn_of", { names: view.to_move.map((seat) => names[seat]).join(", ") })));
    }
    return h("p", { class: "status-line" }, parts);
  }

  playArea() {
    const view = this.view;
    const position = view.position;
    const targets = this.edit.active || view.over ? new Set() : this.nextKeys();
    const mover = view.to_move[0] ?? 0;
    const shared = h("div", { class: "shared-wrap" }, this.game.shared(position, this.uiFor(mover, targets, true)));
    const boards = h("div", { class: "boards" }, this.names().map((_, seat) => {
      const first = position.marker_holder === seat && !position.marker_in_centre;
      const badges = first ? [h("span", { class: "badge first", title: t("first_player_marker") }, "1")] : [];
      const classes = view.to_move.includes(seat) && !view.over ? ["on-turn"] : [];
      return boardPanel(this.game, position, seat, this.uiFor(seat, targets), { badges, classes });
    }));
    const area = h("section", { class: "play" }, shared, this.actions(), boards);
    if (this.edit.active) this.edit.attach(area);
    return area;
  }

  /** The prompt while a move is being chosen, its choices, and every legal move in a list. */
  actions() {
    const view = this.view;
    if (this.edit.active) return h("div", { class: "actions" }, h("p", { class: "prompt" }, this.edit.prompt()));
    if (view.over) return h("div", { class: "actions" });
    const hand = view.position.boards[view.to_move[0]]?.hand ?? "";
    const items = promptItems(this.input, this.game, view.position, hand, {
      key: (key) => this.pick(key),
      complete: (text) => {
        this.input.reset();
        this.play(text);
        this.render();
      },
      cancel: () => {
        this.input.reset();
        this.render();
      },
    });
    const all = this.moves();
    items.push(h("select", { class: "all-moves", "aria-label": t("all_moves"), dataset: { focus: "all-moves" }, onChange: (event) => event.target.value && this.play(event.target.value) },
      h("option", { value: "" }, t("all_moves_n", { count: all.length })),
      all.map((move) => h("option", { value: move.text }, `${move.text} — ${this.game.describe(move.text)}`))));
    return h("div", { class: "actions", "aria-live": "polite" }, items);
  }

  expertPanel() {
    const view = this.view;
    const found = this.expert.get(view.line);
    const names = this.names();
    const content = [h("h2", {}, t("expert_title"))];
    if (view.over) {
      content.push(h("p", { class: "muted" }, t("expert_game_over")));
    } else {
      content.push(h("button", { type: "button", class: "primary ask-expert", disabled: this.asking, dataset: { focus: "ask" }, onClick: () => this.ask() },
        this.asking ? t("expert_thinking") : t("ask_expert")));
    }
    if (found && !view.over) {
      content.push(h("p", { class: "muted expert-note" }, t("expert_note", { name: names[found.seat] })));
      content.push(h("ol", { class: "expert-moves" }, found.moves.map((entry) =>
        h("li", {},
          h("button", { type: "button", class: "link expert-move", dataset: { move: entry.move }, onClick: () => this.play(entry.move) }, this.game.describe(entry.move)),
          h("span", { class: "expert-value" }, t("expert_value", { value: Math.round(entry.value * 100) })),
          entry.expected ? h("span", { class: "expert-points", title: t("expert_points") }, entry.expected.map((points, seat) =>
            h("span", { class: seat === found.seat ? "mover" : "", title: names[seat] }, t("player_points", { name: names[seat], points: number(points, 1) })))) : ""))));
    }
    return h("section", { class: "panel expert" }, content);
  }

  movesPanel() {
    const node = this.node;
    const button = (text, label, target, focus) => h("button", { type: "button", title: label, "aria-label": label, disabled: target === undefined || target === null, dataset: { focus }, onClick: () => this.go(target) }, text);
    let root = node;
    while (root.parent !== null) root = this.nodes[root.parent];
    const controls = h("div", { class: "replay-controls" },
      button("«", t("to_start"), node.id === 0 ? null : 0, "start"),
      button("◀", t("move_back"), node.parent, "back"),
      button("▶", t("move_forward"), node.children[0], "forward"),
      node.parent !== null ? h("button", { type: "button", class: "small drop-branch", title: t("drop_variation"), onClick: () => this.dropBranch(node.id) }, t("drop_variation")) : "");
    const tree = this.nodes[0].children.length
      ? h("ol", { class: "move-tree" }, this.lineItems(this.nodes[0], 1))
      : h("p", { class: "muted" }, t("no_moves_yet"));
    return h("section", { class: "panel moves" }, h("h2", {}, t("moves_title")), controls, tree);
  }

  /** The main line from a node, each variation as a nested list right after the move it replaces. */
  lineItems(from, number) {
    const items = [];
    let node = from;
    let count = number;
    while (node.children.length) {
      const [main, ...others] = node.children.map((id) => this.nodes[id]);
      items.push(this.moveItem(main, count));
      for (const other of others) {
        items.push(h("li", { class: "variation" }, h("ol", { class: "move-tree", start: count }, this.moveItem(other, count), this.lineItems(other, count + 1))));
      }
      node = main;
      count += 1;
    }
    return items;
  }

  /** A move of the tree in words, with who played it and the tiles it took (its notation on hover). */
  moveItem(node, count) {
    const current = node.id === this.current;
    const seat = this.nodes[node.parent].view.to_move[0];
    const colour = this.game.moveColour?.(node.move);
    return h("li", { value: count, class: current ? "current" : "" },
      h("button", { type: "button", class: "link tree-move", dataset: { node: node.id, move: node.move }, "aria-current": current ? "true" : null, title: node.move, onClick: () => this.go(node.id) },
        h("span", { class: "tree-mover" }, this.names()[seat]), " ",
        colour ? tileIcon(this.game.theme, colour, this.game.shape, 16) : "",
        " ", this.game.describe(node.move)));
  }

  sharePanel() {
    const line = this.view.line;
    const link = `${location.origin}/analysis?line=${encodeURIComponent(line)}`;
    const copy = async (text) => toast((await copyText(text)) ? t("copied") : t("copy_failed"));
    return h("section", { class: "panel share" },
      h("h2", {}, t("share_title")),
      h("label", { for: "position-line" }, t("position_line")),
      h("textarea", { id: "position-line", class: "position-line", readonly: true, rows: 3, spellcheck: "false" }, line),
      h("p", { class: "buttons" },
        h("button", { type: "button", class: "copy-link", onClick: () => copy(link) }, t("copy_link")),
        h("button", { type: "button", class: "copy-line", onClick: () => copy(line) }, t("copy_line"))),
      h("a", { class: "share-link", href: link }, t("link_to_position")));
  }

  setupPanel() {
    const form = h("form", { class: "setup-new", onSubmit: async (event) => {
      event.preventDefault();
      const data = new FormData(event.target);
      const options = {};
      for (const [name, value] of data.entries()) if (name.startsWith("option.")) options[name.slice(7)] = JSON.parse(value);
      await this.start({ game: data.get("game"), players: Number(data.get("players")), options });
    } });
    games().then((catalogue) => this.fillNewGameForm(form, catalogue));
    const pasted = h("form", { class: "setup-paste", onSubmit: async (event) => {
      event.preventDefault();
      const text = new FormData(event.target).get("pasted").trim();
      if (!text) return;
      if (text.startsWith("{")) {
        let record;
        try {
          record = JSON.parse(text);
        } catch {
          toast(t("not_a_record"), "error");
          return;
        }
        await this.start(record.format === "mozaika-record" ? { record } : { line: "" });
      } else {
        await this.start({ line: text });
      }
    } },
    h("label", { for: "pasted" }, t("paste_label")),
    h("textarea", { id: "pasted", name: "pasted", rows: 3, spellcheck: "false", placeholder: "azul r:1 p:offer …" }),
    h("button", { type: "submit", class: "open-pasted" }, t("open_pasted")));
    return h("details", { class: "panel setup" },
      h("summary", {}, t("setup_title")), form, pasted);
  }

  fillNewGameForm(form, catalogue) {
    const select = h("select", { name: "game", id: "setup-game" }, catalogue.map((game) => h("option", { value: game.id, selected: game.id === this.view.game }, t(`game.${game.id}`))));
    const players = h("select", { name: "players", id: "setup-players" }, [2, 3, 4].map((n) => h("option", { value: n, selected: n === this.view.players }, t("players_n", { count: n }))));
    const options = h("div", { class: "options" });
    const showOptions = () => {
      const game = catalogue.find((entry) => entry.id === select.value);
      replace(options, game.options.map((option) => h("label", {}, t(`option.${option.name}`), " ",
        h("select", { name: `option.${option.name}` }, option.values.map((value) => h("option", { value: JSON.stringify(value) }, t(`option.${option.name}.${value}`)))))));
    };
    select.addEventListener("change", showOptions);
    showOptions();
    replace(form, h("label", {}, t("game"), " ", select), h("label", {}, t("players"), " ", players), options,
      h("button", { type: "submit", class: "new-position" }, t("new_game_position")));
  }

  async start(request) {
    try {
      await this.open(await post("/analysis/start", request));
    } catch (error) {
      toast(explain(error), "error");
    }
  }
}
