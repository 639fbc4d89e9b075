"""The native core lets other threads run while it works (docs/engine.md, "Threads").

A native search, a vector step and a playout need no Python, so they release the GIL: two
threads searching use two cores.  Checked without timing: the search's clock is a C-level
callable reading a list another Python thread appends to, and the search's time budget ends
only when that thread has run; were the GIL held for the whole search, the other thread could
never run and the search would use its whole iteration budget instead.
"""

from __future__ import annotations

import os
import random
import sys
import threading

import pytest

from mozaika import new_game
from mozaika.core import engine as engines
from mozaika.core.native_state import NativeState

pytestmark = pytest.mark.skipif(
    not engines.is_built() and not os.environ.get("MOZAIKA_REQUIRE_NATIVE"),
    reason="the native core is not built here (MOZAIKA_REQUIRE_NATIVE=1 makes this a failure)",
)

BUDGET = 1_000_000
"""The iteration budget the search would spend, were the other thread never to run."""

SETTINGS = (1.0, 0.0, 0.0, 1.0, 16.0)
"""exploration, widening, foresight, own weight and margin (the expert level's kind of settings)."""


def searched_while(game: str, options: dict[str, object]) -> tuple[int, list[int]]:
    """The iterations of a native search whose time budget ends once another thread has appended to a
    list, told to go just before the search; and the list."""
    with engines.using("native"):
        state = new_game(game, players=2, seed=7, **options)
    assert isinstance(state, NativeState)
    seat = state.to_move[0]
    moves = state.legal_moves(seat)
    generator = random.Random(1).getstate()[1]
    progress: list[int] = []
    go = threading.Event()

    def work() -> None:
        go.wait()
        progress.append(1)

    worker = threading.Thread(target=work)
    worker.start()
    # The clock reads len(progress): 0 until the worker has run, then 1, past the budget of 1 second
    # that started at 0.  list.__len__ is C code: reading it gives no other thread a turn, and with a
    # long switch interval the interpreter hands the GIL over only where it is released.
    clock = progress.__len__
    interval = sys.getswitchinterval()
    sys.setswitchinterval(60.0)
    try:
        go.set()
        answer = state.native_search(moves, seat, generator, (*SETTINGS, BUDGET, 1.0, 0.0, clock))
    finally:
        sys.setswitchinterval(interval)
        go.set()
        worker.join()
    assert answer is not None
    _children, iterations, _generator = answer
    return int(iterations), progress


@pytest.mark.parametrize(
    ("game", "options"), [("azul", {}), ("chocolatier", {"special_factories": True}), ("pavilion", {})]
)
def test_another_thread_runs_while_a_native_search_does(game: str, options: dict[str, object]) -> None:
    iterations, progress = searched_while(game, options)
    assert progress == [1]
    assert 1 <= iterations < BUDGET  # ended by the worker's turn, during the search


def test_a_playout_gives_the_generator_back_where_random_leaves_it() -> None:
    """A playout draws the generator's twister in place (without the GIL): the generator ends where
    the Python engine's playout leaves it, and still works afterwards."""
    results = []
    for engine in ("native", "python"):
        with engines.using(engine):
            state = new_game("azul", players=2, seed=11)
        rng = random.Random(5)
        state.playout(rng)
        results.append((state.to_json(), rng.getstate(), rng.random()))
    assert results[0] == results[1]


PLAYOUTS = 20_000
"""The playouts played before giving up, were the other thread never to run: a few seconds at most,
far within the long switch interval."""


@pytest.mark.parametrize(
    ("game", "options"), [("azul", {}), ("chocolatier", {"special_factories": True}), ("pavilion", {})]
)
def test_another_thread_runs_while_a_native_playout_does(game: str, options: dict[str, object]) -> None:
    """A playout (Master Chocolatier's special factories included) releases the GIL: with a long switch
    interval, the worker told to go gets its turn only where a playout lets it, so the main thread
    plays playouts (pure Python and C between them, which never hand the GIL over) until it has run."""
    with engines.using("native"):
        start = new_game(game, players=2, seed=3, **options)
    assert isinstance(start, NativeState)
    progress: list[int] = []
    go = threading.Event()

    def work() -> None:
        go.wait()
        progress.append(1)

    worker = threading.Thread(target=work)
    worker.start()
    interval = sys.getswitchinterval()
    sys.setswitchinterval(60.0)
    played = 0
    try:
        go.set()
        while not progress and played < PLAYOUTS:
            state = start.copy()
            state.playout(random.Random(played))
            assert state.is_over
            played += 1
    finally:
        sys.setswitchinterval(interval)
        go.set()
        worker.join()
    assert progress == [1]
    assert 1 <= played < PLAYOUTS  # the worker ran during a playout
