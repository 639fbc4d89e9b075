// Choosing a move by clicks, as data: no page, no server. A move is made of the clicks of its
// *path* (its source tiles, then where they go, then a choice such as a payment), read from the
// move's fields (docs/notation.md, "Moves as data"), never from its notation. Given the legal
// moves and the clicks made so far, these functions say what may be clicked next and which move
// a click completes; the table and the tutorials draw what they say.

import { passKeeping, sourceKey } from "./moves.js";

/**
 * The clicks that make a move with these fields (`text`, its notation, only names a move the
 * client cannot read): a take is its source's tiles (`src:2:B`), then, on a wall board, the
 * pattern line or the floor (`line:3`, `floor`) and for Master Chocolatier's SN4 the split of the
 * leftovers (`split:PK>W`); a wall column is one cell (`cell:<seat>:<line>:<column>`); a Summer
 * Pavilion placement is its space, then its payment (`space:B:6`, `pay:B:3`); a bonus pick is
 * one choice (`pick:BY`); a pass is `pass`, then the tiles kept (`keep:OG`).
 */
export function movePath(fields, text) {
  if (fields?.kind === "take") {
    const keys = [`src:${sourceKey(fields)}:${fields.colour}`];
    if ("line" in fields) keys.push(fields.line === "floor" ? "floor" : `line:${fields.line}`);
    if ("to_previous" in fields) keys.push(`split:${fields.to_previous}>${fields.to_next}`);
    return keys;
  }
  if (fields?.kind === "column") return [`cell:${fields.player - 1}:${fields.line}:${fields.column}`];
  if (fields?.kind === "place") return [`space:${fields.star}:${fields.slot}`, `pay:${fields.colour}:${fields.wilds}`];
  if (fields?.kind === "pick") return [`pick:${fields.tiles || "-"}`];
  if (fields?.kind === "pass") return ["pass", `keep:${fields.keep}`];
  return [`text:${text}`];
}

/** The moves named by `texts`, each with its path: `{text, path}` (`fieldsOf` gives a text's fields). */
export function withPaths(texts, fieldsOf) {
  return texts.map((text) => ({ text, path: movePath(fieldsOf(text), text) }));
}

/** The kind of a click (`src`, `line`, `pay`, `keep`...): what it asks the player. */
export function keyKind(key) {
  return key.split(":")[0];
}

/** The moves that begin with the clicks `chosen`. */
export function candidates(moves, chosen) {
  return moves.filter((move) => chosen.every((key, index) => move.path[index] === key));
}

/** The clicks that continue `chosen` towards some move. */
export function nextKeys(moves, chosen) {
  return new Set(candidates(moves, chosen).map((move) => move.path[chosen.length]).filter(Boolean));
}

/** The clicks that begin a move: clicking one of them starts a move afresh. */
export function firstKeys(moves) {
  return new Set(moves.map((move) => move.path[0]));
}

/** What the next click chooses (the kind of the clicks that continue `chosen`), or null when nothing does. */
export function nextKind(moves, chosen) {
  const [key] = nextKeys(moves, chosen);
  return key === undefined ? null : keyKind(key);
}

/** The clicks that would follow `key`, were it clicked after `chosen` (what pointing at it shows). */
export function followers(moves, chosen, key) {
  const depth = chosen.length;
  return new Set(candidates(moves, chosen).filter((move) => move.path[depth] === key).map((move) => move.path[depth + 1]).filter(Boolean));
}

/** A move that `key` after `chosen` leads to (the first one), or undefined. */
export function moveThrough(moves, chosen, key) {
  return candidates(moves, chosen).find((move) => move.path[chosen.length] === key);
}

/**
 * A click at a table: the clicks chosen afterwards and the move they complete, or null where
 * the click means nothing now. Clicking the last chosen key again takes it back; a key that
 * continues the move is added; a key that begins a move starts afresh with it. The move is
 * complete as soon as only one legal move begins with the chosen clicks (a payment with no
 * alternative is never asked for).
 */
export function choose(moves, chosen, key) {
  let next;
  if (chosen.at(-1) === key) next = chosen.slice(0, -1);
  else if (nextKeys(moves, chosen).has(key)) next = [...chosen, key];
  else if (firstKeys(moves).has(key)) next = [key];
  else return null;
  const left = candidates(moves, next);
  return { chosen: next, complete: left.length === 1 && next.length ? left[0].text : null };
}

/**
 * Summer Pavilion's pass: the move that keeps the tiles chosen by their place in the hand
 * (`keeping`, indices into `sortedHand`, the hand as drawn), among the moves continuing `chosen`.
 */
export function keepMove(moves, chosen, sortedHand, keeping) {
  return passKeeping(sortedHand, keeping, candidates(moves, chosen));
}

/** Summer Pavilion's bonus pick (S-12): how many tiles of the supply the picks continuing `chosen` take. */
export function pickCount(moves, chosen) {
  const picks = candidates(moves, chosen).map((move) => move.path[chosen.length]).filter((key) => key?.startsWith("pick:"));
  return Math.max(0, ...picks.map((key) => key.slice(5).replace("-", "").length));
}

/**
 * Summer Pavilion: the bonus pick among the moves continuing `chosen` that takes the tiles chosen by
 * their place in the supply (`picking`, indices into `sortedSupply`, the supply as drawn).
 */
export function pickMove(moves, chosen, sortedSupply, picking) {
  const sorted = (letters) => [...letters].sort().join("");
  const wanted = sorted([...picking].map((index) => sortedSupply[index]).join(""));
  return candidates(moves, chosen).find((move) => {
    const key = move.path[chosen.length];
    return key?.startsWith("pick:") && sorted(key.slice(5).replace("-", "")) === wanted;
  });
}
