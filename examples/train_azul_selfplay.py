"""Train an Azul policy by self-play through the vector environment, and measure it against ``greedy``.

Usage: python examples/train_azul_selfplay.py [CPU_MINUTES] [--games N] [--evaluate GAMES] [--final GAMES] [--seed S]

The policy is linear-softmax over features of each take, read off the observation
vectors of all the games at once with numpy (docs/rl.md lays the vector out): the tiles
taken, those placed and those falling to the floor, the floor points lost, whether the
take finishes its pattern line and what the tile then scores on the wall (rule A-8,
with the row, column and colour it advances towards the end bonuses, A-12), what a
partly filled line is worth, the first-player marker, and what the take leaves in the
centre for the next player.  It learns by REINFORCE from the final margin alone, one
policy playing every seat of 256 games stepped together (``rl.vector_env``).  Every
so often it plays ``greedy`` (the ``easy`` level) in 2-player games through the AEC
environment, choosing its most likely move, seats alternating, and prints its win rate
against CPU time spent learning; at the end it plays ``--final`` games more (other deals)
and prints the win rate with its 95% interval.
"""

from __future__ import annotations

import argparse
import time

import numpy as np
import numpy.typing as npt

from mozaika import rl
from mozaika.arena import wilson_interval
from mozaika.bots import make_bot

FLOOR_LOSS = np.array([0, 1, 2, 4, 6, 8, 11, 14, 14, 14, 14, 14, 14, 14, 14, 14, 14, 14, 14, 14, 14, 14, 14])
BOARD, LINES, WALL, FLOOR = 66, 67, 97, 222  # the mover's board in the observation (docs/rl.md)
OPPONENT = BOARD + 159
TAKES = 300
FEATURES = 15
NAMES = (
    "bias",
    "placed",
    "to floor",
    "floor points lost",
    "finishes line",
    "wall points",
    "partial line",
    "partial line points",
    "takes marker",
    "straight to floor",
    "row after",
    "column after",
    "colour after",
    "most left in centre",
    "line started",
)

# Each take's source (0-8 factories, 9 the centre), colour and line (5: the floor), by action index.
_SOURCE, _REST = np.divmod(np.arange(TAKES), 30)
_COLOUR, _LINE = np.divmod(_REST, 6)
_ROWS = np.minimum(_LINE, 4)
_COLUMNS = (_ROWS + _COLOUR) % 5  # the coloured wall


def _runs(filled: npt.NDArray[np.bool_]) -> npt.NDArray[np.float64]:
    """What a tile would score in each wall space (A-8), given the filled spaces, (N, 5, 5)."""
    # Run lengths through each space, counting from it along each direction while spaces are filled.
    across = np.ones(filled.shape)
    down = np.ones(filled.shape)
    for axis, total in ((2, across), (1, down)):
        for direction in (1, -1):
            going = np.ones(filled.shape, bool)
            for step in range(1, 5):
                neighbour = np.roll(filled, direction * step, axis=axis)
                index = np.arange(5)
                valid = (index - direction * step >= 0) & (index - direction * step < 5)
                valid = valid[None, :, None] if axis == 1 else valid[None, None, :]
                going &= neighbour & valid
                total += going
    points = np.where(across > 1, across, 0) + np.where(down > 1, down, 0)
    return np.where(points == 0, 1, points)


def take_features(observations: npt.NDArray[np.float32]) -> npt.NDArray[np.float64]:
    """Every take's features, (N, 300, FEATURES), for the seat each observation is of."""
    games = len(observations)
    factories = np.rint(observations[:, 5:50].reshape(games, 9, 5) * 4)
    centre = np.rint(observations[:, 50:55] * 20)
    marker = observations[:, 55]
    sources = np.concatenate([factories, centre[:, None, :]], axis=1)  # (N, 10, 5)
    taken = sources[:, _SOURCE, _COLOUR]  # (N, 300)
    lines = observations[:, LINES : LINES + 30].reshape(games, 5, 6)
    sizes = np.arange(1, 6)
    in_line = np.rint(lines[:, :, 0] * sizes)  # tiles on each pattern line
    space = np.where(_LINE < 5, (sizes - in_line)[:, _ROWS], 0)
    placed = np.minimum(taken, space)
    takes_marker = (_SOURCE == 9) * marker[:, None]
    overflow = taken - placed + takes_marker
    floor = np.rint(observations[:, FLOOR] * 7)
    lost = FLOOR_LOSS[np.minimum(floor[:, None] + overflow, 22).astype(int)] - FLOOR_LOSS[floor.astype(int)][:, None]
    finishes = (placed == space) & (_LINE < 5) & (taken > 0)
    filled = observations[:, WALL : WALL + 125].reshape(games, 5, 5, 5).sum(axis=3) > 0
    points = _runs(filled)[:, _ROWS, _COLUMNS]
    after = (in_line[:, _ROWS] + placed) / (_ROWS + 1)
    partial = np.where(finishes | (_LINE == 5), 0.0, placed / (_ROWS + 1))
    row_after = filled.sum(axis=2)[:, _ROWS] + 1
    column_after = filled.sum(axis=1)[:, _COLUMNS] + 1
    colours = observations[:, WALL : WALL + 125].reshape(games, 25, 5).sum(axis=1)
    colour_after = colours[:, _COLOUR] + 1
    # What the next player finds in the centre: a factory's other tiles join it; a centre take empties its colour.
    leftovers = factories.sum(axis=2)[:, np.minimum(_SOURCE, 8)] - taken
    centre_after = np.where(_SOURCE == 9, centre.max(axis=1)[:, None], centre.max(axis=1)[:, None] + leftovers)
    started = (in_line[:, _ROWS] > 0) & (_LINE < 5)
    table = np.stack(
        np.broadcast_arrays(
            np.ones_like(taken),
            placed / 5,
            overflow / 5,
            lost / 5,
            finishes,
            finishes * points / 10,
            partial,
            partial * after * points / 10,
            takes_marker,
            (_LINE == 5) * 1.0,
            finishes * row_after / 5,
            finishes * column_after / 5,
            finishes * colour_after / 5,
            centre_after / 10,
            started * 1.0,
        ),
        axis=2,
    )
    return table


def policy(
    weights: npt.NDArray[np.float64], table: npt.NDArray[np.float64], masks: npt.NDArray[np.int8]
) -> npt.NDArray[np.float64]:
    """Each take's probability, (N, 300): a softmax of the features' worth over the legal takes."""
    logits = table @ weights
    logits = np.where(masks[:, :TAKES] > 0, logits, -np.inf)
    logits -= logits.max(axis=1, keepdims=True)
    odds = np.exp(logits)
    return odds / odds.sum(axis=1, keepdims=True)  # type: ignore[no-any-return]


def win_rate(weights: npt.NDArray[np.float64], games: int, seed: int) -> float:
    """The policy's share of wins (shared victories half) against ``greedy`` in 2-player games."""
    wins = 0.0
    for game in range(games):
        env = rl.env("azul", players=2)
        env.reset(seed=seed + game)
        learner = f"player_{game % 2}"
        greedy = make_bot("greedy", seed=seed + game)
        for agent in env.agent_iter():
            observation, _, termination, truncation, _ = env.last()
            if termination or truncation:
                env.step(None)
                continue
            if agent == learner:
                masks = observation["action_mask"][None, :]
                chances = policy(weights, take_features(observation["observation"][None, :]), masks)
                env.step(int(chances[0].argmax()))
            else:
                env.step(rl.action_index(greedy.choose(env.game)))
        winners = env.game.winners
        seat = game % 2
        wins += (1.0 / len(winners)) if seat in winners else 0.0
    return wins / games


def train(minutes: float, games: int, evaluate: int, final: int, seed: int, learning_rate: float = 0.05) -> None:
    vector = rl.vector_env("azul", games, players=2)
    rng = np.random.default_rng(seed)
    weights = np.zeros(FEATURES)
    traces = np.zeros((games, 2, FEATURES))  # each game's and seat's summed gradient of log-probability
    observations, _ = vector.reset(seed=seed)
    spent = 0.0
    checkpoints = [minutes * share for share in (0.0, 0.1, 0.25, 0.5, 0.75, 1.0)]
    print(f"{'CPU minutes':>11}  {'win rate against greedy':>24}  ({evaluate} games, seats alternating)")
    for checkpoint in checkpoints:
        start = time.process_time()
        update = np.zeros(FEATURES)
        finished = 0
        while spent + (time.process_time() - start) / 60 < checkpoint:
            masks = observations["action_mask"]
            table = take_features(observations["observation"])
            chances = policy(weights, table, masks)
            picks = (chances.cumsum(axis=1) > rng.random((games, 1))).argmax(axis=1)
            expected = np.einsum("na,naf->nf", chances, table)
            chosen = table[np.arange(games), picks]
            observations, _, terminated, _, info = vector.step(picks)
            traces[np.arange(games), info["seat"]] += chosen - expected
            for game in np.flatnonzero(terminated):
                update += np.einsum("s,sf->f", info["rewards"][game] / 20, traces[game])
                traces[game] = 0
                finished += 1
            if finished >= games:
                weights += learning_rate * update / finished
                update[:] = 0
                finished = 0
        spent += (time.process_time() - start) / 60
        rate = win_rate(weights, evaluate, seed=10_000)
        print(f"{spent:>11.1f}  {rate:>23.1%}", flush=True)
    print("weights:", ", ".join(f"{name} {value:+.2f}" for name, value in zip(NAMES, weights, strict=True)))
    if final:
        rate = win_rate(weights, final, seed=20_000)
        low, high = wilson_interval(rate * final, final)
        print(f"final: win rate against greedy {rate:.1%} [{low:.1%}, {high:.1%}] over {final} more games")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("minutes", nargs="?", type=float, default=5.0, help="CPU minutes of learning")
    parser.add_argument("--games", type=int, default=256, help="games stepped together")
    parser.add_argument("--evaluate", type=int, default=200, help="games against greedy at each checkpoint")
    parser.add_argument("--final", type=int, default=1000, help="games against greedy after learning")
    parser.add_argument("--seed", type=int, default=0)
    arguments = parser.parse_args()
    train(arguments.minutes, arguments.games, arguments.evaluate, arguments.final, arguments.seed)


if __name__ == "__main__":
    main()
