// Moves as data (docs/notation.md, "Moves as data"): the server sends each move's fields beside every
// answer and event that names moves (`move_fields`: notation -> fields), so that the boards read a
// move's parts instead of parsing its notation. A text names the same move in every game that has it.

const known = new Map();

/** Keeps the fields of the moves an answer or an event names. */
export function rememberMoves(fields) {
  if (!fields) return;
  for (const [text, value] of Object.entries(fields)) known.set(text, value);
}

/** The fields of a move the server has named, or null. */
export function fieldsOf(text) {
  return known.get(text) ?? null;
}

/**
 * Summer Pavilion: the pass among `moves` (each `{text, path}`) whose kept tiles are those chosen
 * by their place in the hand (`keeping`), the hand being drawn sorted by colour (`sortedHand`).
 */
export function passKeeping(sortedHand, keeping, moves) {
  const sorted = (letters) => [...letters].sort().join("");
  const wanted = sorted([...keeping].map((index) => sortedHand[index]).join(""));
  return moves.find((move) => sorted(move.path[1].slice(5)) === wanted);
}

/** A take's source as the board's keys write it: a factory's number, or C for the centre. */
export function sourceKey(move) {
  return move.source === "centre" ? "C" : String(move.source);
}
