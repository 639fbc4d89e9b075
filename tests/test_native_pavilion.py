"""Summer Pavilion's native core held to the Python engine (docs/engine.md): on seeded games of
both board sides and every player count, the same legal moves in the same order, the same
position after every step, the same chance outcomes, byte-identical records and the same
playouts; bad input gets the Python engine's own errors, and no flat position crashes the core.

The benchmarks run the same comparison over thousands of games (``benchmarks/native_check.py``).
"""

from __future__ import annotations

import contextlib
import json
import os
import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mozaika import from_json, new_game
from mozaika.core import engine as engines
from mozaika.core.errors import MozaikaError
from mozaika.core.protocol import State
from mozaika.notation.positions import build, from_line, to_line
from mozaika.notation.records import Record, replay
from mozaika.pavilion import moves
from mozaika.pavilion.moves import PLACES, TAKES
from mozaika.pavilion.native import NativePavilionState, core_tables
from mozaika.pavilion.state import PavilionState

pytestmark = pytest.mark.skipif(
    not engines.is_built() and not os.environ.get("MOZAIKA_REQUIRE_NATIVE"),
    reason="the native core is not built here (MOZAIKA_REQUIRE_NATIVE=1 makes this a failure)",
)

VARIANTS = [(players, board) for board in ("coloured", "colourless") for players in (2, 3, 4)]
GAMES_PER_VARIANT = 8

EVERY_MOVE = [
    *TAKES.values(),
    *(place for by_colour in PLACES for by_wilds in by_colour for place in by_wilds),
    *(move for _, move in moves._KEEPS),
    *(move for size in (1, 2, 3) for _, move in moves._PICK_SIZES[size]),
    moves.Pass((0, 0, 0, 0, 0)),
    moves.Pick((0, 1, 2, 3)),
]
"""Every take, placement, pass and pick the notation can name, and some it cannot."""


def pair(players: int, board: str, seed: int, auto_chance: bool = True) -> tuple[State, State]:
    """The same new game on the Python engine and on the native core."""
    with engines.using("python"):
        python = new_game("pavilion", players=players, seed=seed, auto_chance=auto_chance, board=board)
    with engines.using("native"):
        native = new_game("pavilion", players=players, seed=seed, auto_chance=auto_chance, board=board)
    assert type(python) is PavilionState and type(native) is NativePavilionState
    return python, native


def texts(steps: list[Any]) -> list[str]:
    return [str(step) for step in steps]


def illegal_outcome(state: State | None, action: Any) -> tuple[str, str, str] | None:
    try:
        action(state)
    except MozaikaError as error:
        return type(error).__name__, str(error), getattr(error, "rule", "")
    return None


def play_randomly(states: tuple[State, ...], rng: random.Random, steps: int) -> None:
    for _ in range(steps):
        if states[0].is_over:
            return
        legal = states[0].legal_moves()
        move = legal[rng.randrange(len(legal))]
        for state in states:
            state.play(move)


@pytest.mark.parametrize(("players", "board"), VARIANTS)
def test_seeded_games_agree_step_by_step(players: int, board: str) -> None:
    """S-1..S-17: every legal-move list (order included, each seat too), every position, every record."""
    for number in range(GAMES_PER_VARIANT):
        seed = 1000 * players + number
        python, native = pair(players, board, seed)
        rng = random.Random(seed)
        while not python.is_over:
            legal = python.legal_moves()
            assert texts(native.legal_moves()) == texts(legal)
            assert native.to_move == python.to_move and native.is_chance == python.is_chance
            for seat in range(players):
                assert texts(native.legal_moves(seat)) == texts(python.legal_moves(seat))
            move = legal[int(rng.random() * len(legal))]
            python.play(move)
            native.play(str(move) if number % 2 else move)
            assert native.to_json() == python.to_json()
        assert native.is_over and native.scores == python.scores and native.winners == python.winners
        assert native.score_breakdown() == python.score_breakdown()
        assert texts(native.history) == texts(python.history)
        names = [f"P{seat}" for seat in range(players)]
        assert Record.from_state(native, names).to_json() == Record.from_state(python, names).to_json()
        assert to_line(native) == to_line(python)


@pytest.mark.parametrize(("players", "board"), VARIANTS)
def test_playouts_are_the_same_games(players: int, board: str) -> None:
    """A playout with the same generator plays the same game on both engines, step for step."""
    for number in range(GAMES_PER_VARIANT):
        python, native = pair(players, board, 50_000 + number)
        play_randomly((python, native), random.Random(number), 17 * number)  # from the start, and further on
        python_rng, native_rng = random.Random(number), random.Random(number)
        python.playout(python_rng)
        native.playout(native_rng)
        assert native.to_json() == python.to_json()
        assert texts(native.history) == texts(python.history)
        assert native_rng.random() == python_rng.random()  # the same numbers were drawn


@pytest.mark.parametrize(("players", "board"), VARIANTS)
def test_chance_sampled_and_given_is_the_same(players: int, board: str) -> None:
    """S-4, S-10, S-12, F-2: supplies, fills and refills sampled from another generator, or given as text."""
    for number in range(3):
        python, native = pair(players, board, 70_000 + number, auto_chance=False)
        rng = random.Random(number)
        while not python.is_over:
            if python.is_chance:
                assert str(native.sample_chance()) == str(python.sample_chance())
                outcome = python.sample_chance(random.Random(rng.random()))
                python.apply_chance(outcome)
                native.apply_chance(str(outcome) if number % 2 else outcome)
            else:
                legal = python.legal_moves()
                move = legal[rng.randrange(len(legal))]
                python.play(move)
                native.play(move)
            assert native.to_json() == python.to_json()
        assert texts(native.history) == texts(python.history)


def outcome_of(state: State, action: Any) -> tuple[str, str]:
    """What an action does: the error it raises (its class and message, the rule's id included), or the
    position it leaves."""
    try:
        action(state)
    except Exception as error:  # the Python engine's own errors, whatever their class
        return type(error).__name__, str(error) + getattr(error, "rule", "")
    return "done", state.to_json()


def test_any_chance_outcome_does_what_it_does_on_the_python_engine() -> None:
    """F-2, S-4, S-10, S-12: draws the bag cannot give, or of the wrong kind, are refused alike; others apply alike."""
    python, native = pair(3, "colourless", 4, auto_chance=False)
    rng = random.Random(3)
    while True:
        if python.is_chance or python.is_over:
            sampled = str(python.sample_chance()) if python.is_chance else "fill:OOOO/-/-/-/-/-/-"
            tried = ["supply:O", "supply:PPPPPPPPPPPP", "fill:OOOO", sampled.replace("/", "/O", 1), "pick:R"]
            tried += [sampled.replace("O", "R", 1), sampled.replace("Y", "", 1), sampled + "G", sampled]
            for text in tried:
                expected = outcome_of(python.copy(), lambda state, text=text: state.apply_chance(text))
                assert outcome_of(native.copy(), lambda state, text=text: state.apply_chance(text)) == expected
            if python.is_over:
                break
            for state in (python, native):
                state.apply_chance(sampled)
        else:
            play_randomly((python, native), rng, 1)
        assert native.to_json() == python.to_json()


@pytest.mark.parametrize("seed", [0, 7, 2**31, 2**63 - 1, 2**63, 2**64 + 5, 10**30])
def test_chance_follows_seeds_of_any_size(seed: int) -> None:
    """F-3: the core digests the seed itself where it fits in 64 bits, and asks hashlib beyond: the same draws."""
    python, native = pair(4, "coloured", seed)
    assert native.to_json() == python.to_json()
    for state in (python, native):
        state.reseed(seed + 1)
    python.playout(random.Random(seed))
    native.playout(random.Random(seed))
    assert native.to_json() == python.to_json()
    assert texts(native.history) == texts(python.history)


def test_copies_are_independent_and_equal() -> None:
    python, native = pair(2, "coloured", 5)
    play_randomly((python, native), random.Random(1), 40)
    copy = native.copy()
    assert copy == native and copy.to_json() == python.to_json()
    move = native.legal_moves()[-1]
    copy.play(move)
    assert native.to_json() == python.to_json()
    python.play(move)
    assert copy.to_json() == python.to_json()
    assert texts(copy.history) == texts(python.history)


def test_positions_read_back_onto_the_native_core() -> None:
    python, native = pair(3, "colourless", 8)
    play_randomly((python, native), random.Random(8), 30)
    with engines.using("native"):
        assert type(from_json(python.to_json())) is NativePavilionState
        assert type(from_line(to_line(python))) is NativePavilionState
        assert from_json(python.to_json()).to_json() == python.to_json()
        assert from_line(to_line(python)).to_json() == from_json(python.to_json()).to_json()
    with engines.using("python"):
        assert type(from_json(native.to_json())) is PavilionState


def test_every_illegal_move_gets_the_python_engines_error() -> None:
    """S-5, S-8, S-10, S-11, S-16: the message, the class and the rule id are the reference's, and nothing changes."""
    for players, board in ((2, "coloured"), (4, "colourless")):
        python, native = pair(players, board, 321)
        rng = random.Random(players)
        step = 0
        while not python.is_over:
            step += 1
            if step % 9 == 0 or python.to_dict()["phase"] == "bonus":
                before = native.to_json()
                for move in EVERY_MOVE:
                    expected = illegal_outcome(python.copy(), lambda state, move=move: state.play(move))
                    found = illegal_outcome(native.copy(), lambda state, move=move: state.play(move))
                    assert found == expected, move
                assert native.to_json() == before
            play_randomly((python, native), rng, 1)


def test_moves_the_core_does_not_hold_are_the_python_engines() -> None:
    """A pass or pick of odd tiles, a take of no colour, a space off the board: the Python engine judges
    them, and a move it plays is played."""
    python, native = pair(2, "coloured", 9)
    odd: list[Any] = [moves.Take(0, -1), moves.Take(12, 0), moves.Place(41, 0, 7), moves.Place(3, 3, -1)]
    odd += [moves.Pass((7,)), moves.Pass((True,)), moves.Pass((1, 0)), moves.Pick(()), moves.Pick((9,)), "pass:OOOOO"]
    rng = random.Random(5)
    while not python.is_over:
        for move in odd:
            expected = outcome_of(python.copy(), lambda state, move=move: state.play(move))
            assert outcome_of(native.copy(), lambda state, move=move: state.play(move)) == expected, move
        play_randomly((python, native), rng, 3)


def test_every_pass_and_pick_is_listed_in_the_python_engines_order() -> None:
    """S-10, S-11: a hand that may keep any four tiles; supplies that allow every pick of 1, 2 and 3 tiles."""

    def both(**parts: Any) -> list[State]:
        found = []
        for engine in ("python", "native"):
            with engines.using(engine):
                found.append(build("pavilion", players=2, phase="placement", passed=[False, True], **parts))
        assert type(found[1]) is NativePavilionState
        return found

    python, native = both(hands=["OOOORRRRBBBBYYYYGGGGPPPP", ""])
    assert texts(native.legal_moves()) == texts(python.legal_moves())
    assert len(python.legal_moves()) > 210
    features = [({"O": ".OO...", "C": ".....R"}, "C1B", "BB"), ({"O": "O.....", "R": "..RR.."}, "O2O", "OO")]
    features.append(({"O": "....O."}, "O6O", "OOOOOO"))
    for stars, move, hand in features:
        for supply in ("OOORRRBBBY", "ORBYGPPP", "GGPPPPPPPP", "RB"):
            states = both(round=2, stars=[stars, None], hands=[hand, ""], supply=supply)
            for state in states:
                state.play(move)
            assert texts(states[1].legal_moves()) == texts(states[0].legal_moves())
            assert states[0].to_dict()["phase"] == "bonus"
    assert len(core_tables()[2]) == 210 and len(core_tables()[3]) == 83


@settings(max_examples=60)
@given(st.lists(st.text(alphabet="C1234567ORBYGP+:pasickl- ", min_size=1, max_size=8), max_size=40))
def test_any_text_played_does_what_it_does_on_the_python_engine(texts_played: list[str]) -> None:
    python, native = pair(2, "colourless", 99)
    rng = random.Random(len(texts_played))
    for text in texts_played:
        expected = illegal_outcome(python, lambda state, text=text: state.play(text))
        assert illegal_outcome(native, lambda state, text=text: state.play(text)) == expected
        assert native.to_json() == python.to_json()
        if expected is not None and rng.random() < 0.3:
            play_randomly((python, native), rng, 1)


@settings(max_examples=60)
@given(st.data())
def test_any_changed_position_is_read_alike(data: st.DataObject) -> None:
    python, _ = pair(2, "coloured", 4)
    play_randomly((python,), random.Random(data.draw(st.integers(0, 9))), data.draw(st.integers(0, 80)))
    position = json.loads(python.to_json())
    key = data.draw(st.sampled_from(sorted(position)))
    value = data.draw(
        st.one_of(st.integers(-(2**70), 2**70), st.text(alphabet="ORBYGP.x-", max_size=12), st.none(), st.booleans())
    )
    if data.draw(st.booleans()) and position["boards"]:
        board = position["boards"][0]
        board[data.draw(st.sampled_from(sorted(board)))] = value
    else:
        position[key] = value
    with engines.using("python"):
        expected = illegal_outcome(None, lambda _state: from_json(position))
    with engines.using("native"):
        assert illegal_outcome(None, lambda _state: from_json(position)) == expected
        if expected is None:
            assert from_json(position).to_json() == from_json(json.dumps(position)).to_json()


def test_a_position_the_core_cannot_hold_stays_on_the_python_engine() -> None:
    python, _ = pair(2, "coloured", 4)
    position = json.loads(python.to_json())
    position["boards"][0]["score"] = 2**80  # far beyond any game's score: the Python engine holds it
    with engines.using("native"):
        state = from_json(position)
    assert type(state) is PavilionState and state.scores[0] == 2**80
    position = json.loads(python.to_json())
    position["chance_index"] = 2**63 - 1  # a count of chance events the core could not go on counting
    with engines.using("native"):
        assert type(from_json(position)) is PavilionState


def test_fields_can_be_set_on_a_native_position() -> None:
    python, native = pair(2, "colourless", 12)
    for state in (python, native):
        assert isinstance(state, PavilionState)
        state.supply = [3, 2, 0, 0, 1, 4]
        state.boards[1].score = 7
        state.boards[0].hand = [1, 1, 1, 1, 1, 2]
    assert native.to_json() == python.to_json()
    assert texts(native.legal_moves()) == texts(python.legal_moves())


def test_records_replay_alike() -> None:
    python, native = pair(4, "colourless", 77)
    play_randomly((python, native), random.Random(1), 10_000)
    record = Record.from_json(Record.from_state(python, ["A", "B", "C", "D"]).to_json())
    with engines.using("python"):
        expected = replay(record)
    with engines.using("native"):
        replayed = replay(record)
    assert type(replayed) is NativePavilionState
    assert replayed.to_json() == expected.to_json()
    assert texts(replayed.history) == texts(expected.history)


def test_the_engine_is_chosen_by_the_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(engines.VARIABLE, "python")
    assert type(new_game("pavilion", players=2, seed=1)) is PavilionState
    monkeypatch.setenv(engines.VARIABLE, "native")
    assert type(new_game("pavilion", players=2, seed=1, board="colourless")) is NativePavilionState
    assert new_game("pavilion", players=2, seed=1).engine == "native"


@settings(max_examples=80)
@given(st.data())
def test_no_flat_position_crashes_the_core(data: st.DataObject) -> None:
    """Whatever values reach ``PavilionCore.load`` directly, the core refuses them or plays on without crashing."""
    board = data.draw(st.sampled_from(["coloured", "colourless"]))
    _, native = pair(data.draw(st.sampled_from([2, 3, 4])), board, data.draw(st.integers(0, 50)))
    rng = random.Random(data.draw(st.integers(0, 1000)))
    play_randomly((native,), rng, data.draw(st.integers(0, 150)))
    assert isinstance(native, NativePavilionState)
    values = list(native._core.dump())
    for _ in range(data.draw(st.integers(1, 4))):
        values[data.draw(st.integers(0, len(values) - 1))] = data.draw(
            st.one_of(st.integers(-3, 12), st.integers(-(2**65), 2**65))
        )
    values = values[: data.draw(st.integers(0, len(values) + 2))] if data.draw(st.booleans()) else values
    core_type = type(native._core)
    try:
        core = core_type.load(native._core.tables, tuple(values))
    except ValueError:
        return
    for seat in (None, 0, 1, 5, -1):
        for move in core.legal_moves(seat) or []:
            core.copy().play(move)
    with contextlib.suppress(RuntimeError):
        core.copy().playout(native.seed, rng.random)
    for move in EVERY_MOVE[::7]:
        core.copy().play(move)
    core.dump()
