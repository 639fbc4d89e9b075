// Real game data for the tests of the client's pure modules: positions of seeded games with their
// legal moves and fields, and each game's log as step events (tests/js/gamedata.py makes them from
// the Python engine). Read from the file MOZAIKA_JS_DATA names (tests/test_web_units.py writes
// one), or made here by running the script with the repository's sources.

import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { delimiter } from "node:path";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("../..", import.meta.url));
let data = null;

export function gameData() {
  if (data) return data;
  if (process.env.MOZAIKA_JS_DATA) {
    data = JSON.parse(readFileSync(process.env.MOZAIKA_JS_DATA, "utf8"));
  } else {
    const sources = [fileURLToPath(new URL("../../src", import.meta.url)), process.env.PYTHONPATH].filter(Boolean).join(delimiter);
    const made = execFileSync(process.env.PYTHON || "python3", ["tests/js/gamedata.py"], {
      cwd: root,
      env: { ...process.env, PYTHONPATH: sources },
      maxBuffer: 64 * 1024 * 1024,
    });
    data = JSON.parse(made.toString("utf8"));
  }
  return data;
}

/** A variant's name in a test's title: "pavilion 3p {board: colourless}". */
export function variantName(variant) {
  const options = Object.entries(variant.options).map(([name, value]) => `${name}: ${value}`).join(", ");
  return `${variant.game} ${variant.players}p${options ? ` {${options}}` : ""}`;
}

/** Every seat on turn in every position of a variant: `{position, seat, moves: [{text, fields}]}`. */
export function* turns(variant) {
  for (const position of variant.positions) {
    for (const [seat, moves] of Object.entries(position.legal)) yield { position: position.position, seat: Number(seat), moves };
  }
}

/** The theme of a game, from the catalogue (its letters in the order tiles are drawn). */
export function themeOf(game) {
  return gameData().catalogue.find((entry) => entry.id === game).theme;
}
