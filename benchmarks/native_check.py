"""The native core against the Python engine over thousands of seeded games (docs/engine.md).

Each game of every variant the core holds is played on both engines with the same random
moves: the legal-move lists (in order), the position after every step, the histories and
the records must be identical; then the same seeds are played out (``playout``) on both.
Prints one line per variant and exits 1 at the first difference.

Usage: python benchmarks/native_check.py [--games N] [--first SEED] [--game NAME ...]
"""

from __future__ import annotations

import argparse
import random
import sys
import time

from mozaika import new_game
from mozaika.core.engine import using
from mozaika.core.protocol import State
from mozaika.notation.records import Record

VARIANTS = [
    *(("azul", players, {"wall": wall}) for wall in ("coloured", "grey") for players in (2, 3, 4)),
    *(("chocolatier", players, {"box": box}) for box in ("coloured", "brown") for players in (2, 3, 4)),
    *(
        ("chocolatier", players, {"box": box, "special_factories": True})
        for box in ("coloured", "brown")
        for players in (2, 3, 4)
    ),
    *(("pavilion", players, {"board": board}) for board in ("coloured", "colourless") for players in (2, 3, 4)),
]


def both(game: str, players: int, seed: int, options: dict[str, object]) -> tuple[State, State]:
    with using("python"):
        python = new_game(game, players=players, seed=seed, **options)
    with using("native"):
        native = new_game(game, players=players, seed=seed, **options)
    return python, native


def differences(game: str, players: int, options: dict[str, object], seed: int) -> str | None:
    """Where the two engines part on this seed, or None."""
    python, native = both(game, players, seed, options)
    rng = random.Random(seed)
    step = 0
    while not python.is_over:
        moves = python.legal_moves()
        if [str(move) for move in native.legal_moves()] != [str(move) for move in moves]:
            return f"seed {seed}, step {step}: the legal moves differ"
        move = moves[int(rng.random() * len(moves))]
        python.play(move)
        native.play(move)
        step += 1
        if native.to_json() != python.to_json():
            return f"seed {seed}, step {step} ({move}): the positions differ"
    names = [f"P{seat + 1}" for seat in range(players)]
    if Record.from_state(native, names).to_json() != Record.from_state(python, names).to_json():
        return f"seed {seed}: the records differ"
    python, native = both(game, players, seed, options)
    python.playout(random.Random(seed))
    native.playout(random.Random(seed))
    if native.to_json() != python.to_json() or [str(s) for s in native.history] != [str(s) for s in python.history]:
        return f"seed {seed}: the playouts differ"
    return None


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2000, help="seeded games per variant")
    parser.add_argument("--first", type=int, default=0, help="the first seed")
    parser.add_argument(
        "--game",
        action="append",
        choices=sorted({game for game, _, _ in VARIANTS}),
        help="check only this game's variants (repeat for several; default: every game)",
    )
    arguments = parser.parse_args()
    for game, players, options in VARIANTS:
        if arguments.game and game not in arguments.game:
            continue
        start = time.perf_counter()
        for seed in range(arguments.first, arguments.first + arguments.games):
            found = differences(game, players, options, seed)
            if found:
                print(f"{game} {players}p {options}: {found}")
                sys.exit(1)
        label = f"{game} {players}p " + " ".join(f"{key}={value}" for key, value in options.items())
        print(f"{label:<28} {arguments.games} games identical ({time.perf_counter() - start:.0f} s)", flush=True)


if __name__ == "__main__":
    main()
