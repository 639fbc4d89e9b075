// The prompt of the move being chosen and its buttons, for every page that plays (a table, the
// tutorials, the analysis board), drawn from its move input (move-input.js).

import { moveThrough } from "./chooser.js";
import { h } from "./dom.js";
import { CHOICE_KINDS, choicePrompt } from "./games.js";
import { t } from "./i18n.js";

/**
 * The prompt of the move being chosen by `input` and its buttons: a choice's list (a split, a payment, a
 * pick; the pick's kept for the keyboard, its tiles being clicked in the supply), the confirmation of the
 * tiles kept or picked, *Pass*, *Cancel*. `on`: `key(key)` a click, `complete(text)` a move made,
 * `cancel()`; `hand`: the tiles of the hand of the player choosing (letters).
 */
export function promptItems(input, game, position, hand, on) {
  const next = [...input.nextKeys()];
  const kind = input.nextKind();
  const chosen = input.chosen;
  const items = [h("p", { class: "prompt" }, choicePrompt(game, game.id, next, kind, chosen, { picking: input.picking, pickCount: input.pickCount() }))];
  if (kind && CHOICE_KINDS.has(kind)) {
    const listed = kind === "pick" && input.picking;
    items.push(h("div", { class: `choices${listed ? " pick-list keyboard-only" : ""}`, role: "group", "aria-label": listed ? t("pick_list") : null },
      next.map((key) => {
        const move = moveThrough(input.moves, chosen, key);
        return h("button", { class: "choice", type: "button", dataset: { key }, title: move ? game.describe(move.text) : key, onClick: () => on.key(key) },
          game.choice(key, position, chosen));
      })));
  }
  if (kind === "pick" && input.picking) {
    const found = input.pickedTiles(game, position.supply);
    items.push(h("button", { class: "primary pick-confirm", type: "button", disabled: !found, onClick: () => found && on.complete(found.text) },
      t("pick_confirm", { count: input.pickCount() })));
  }
  if (kind === "keep" && input.keeping) {
    const found = input.keptPass(game, hand);
    items.push(h("button", { class: "primary keep-confirm", type: "button", disabled: !found, onClick: () => found && on.complete(found.text) },
      t("pass_keeping", { count: input.keeping.size })));
  }
  if (!chosen.length && next.includes("pass")) {
    items.push(h("button", { class: "pass-button", type: "button", dataset: { key: "pass" }, onClick: () => on.key("pass") }, t("pass")));
  }
  if (chosen.length) items.push(h("button", { type: "button", class: "cancel", onClick: () => on.cancel() }, t("cancel")));
  return items;
}
