"""The native core held to the Python engine (docs/engine.md): on seeded games of every variant and
player count, the same legal moves in the same order, the same position after every step, the same
chance outcomes, byte-identical records and the same playouts; bad input gets the Python engine's
own errors; and the engine is chosen as ``MOZAIKA_ENGINE`` says.

The benchmarks run the same comparison over thousands of games (``benchmarks/native_check.py``).
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import random
from typing import Any

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from mozaika import from_json, new_game
from mozaika.azul.native import NativeAzulState
from mozaika.azul.state import AzulState
from mozaika.azul.table import CHANCE, DRAFT
from mozaika.chocolatier.moves import SpecialFill, SplitTake
from mozaika.chocolatier.native import NativeChocolatierState
from mozaika.chocolatier.state import ChocolatierState
from mozaika.cli.app import app
from mozaika.core import engine as engines
from mozaika.core.errors import MozaikaError
from mozaika.core.protocol import ChanceOutcome, State
from mozaika.notation.positions import from_line, to_line
from mozaika.notation.records import Record, replay

pytestmark = pytest.mark.skipif(
    not engines.is_built() and not os.environ.get("MOZAIKA_REQUIRE_NATIVE"),
    reason="the native core is not built here (MOZAIKA_REQUIRE_NATIVE=1 makes this a failure)",
)

SETS = {
    "coloured": {"azul": {"wall": "coloured"}, "chocolatier": {"box": "coloured"}},
    "grey": {"azul": {"wall": "grey"}, "chocolatier": {"box": "brown"}},
    "special": {"chocolatier": {"special_factories": True}},
    "special-grey": {"chocolatier": {"box": "brown", "special_factories": True}},
}
"""The variants the native core holds: each game's coloured wall, its grey wall (A-10, the brown box),
and Master Chocolatier's special factories (M-1..M-5) on either."""
VARIANTS = [(game, players, variant) for variant in SETS for game in SETS[variant] for players in (2, 3, 4)]
GAMES_PER_VARIANT = 10
NATIVE = {"azul": NativeAzulState, "chocolatier": NativeChocolatierState}
PYTHON = {"azul": AzulState, "chocolatier": ChocolatierState}


def pair(game: str, players: int, variant: str, seed: int, auto_chance: bool = True) -> tuple[State, State]:
    """The same new game on the Python engine and on the native core."""
    options = SETS[variant][game]
    with engines.using("python"):
        python = new_game(game, players=players, seed=seed, auto_chance=auto_chance, **options)
    with engines.using("native"):
        native = new_game(game, players=players, seed=seed, auto_chance=auto_chance, **options)
    assert type(python) is PYTHON[game] and type(native) is NATIVE[game]
    return python, native


def texts(steps: list[Any]) -> list[str]:
    return [str(step) for step in steps]


def test_the_native_core_is_built_where_it_is_required() -> None:
    assert engines.is_built()


@pytest.mark.parametrize(("game", "players", "variant"), VARIANTS)
def test_seeded_games_agree_step_by_step(game: str, players: int, variant: str) -> None:
    """F-1..F-4, A-1..A-13: every legal-move list (order included), every position, every record."""
    for number in range(GAMES_PER_VARIANT):
        seed = 1000 * players + number
        python, native = pair(game, players, variant, seed)
        rng = random.Random(seed)
        while not python.is_over:
            moves = python.legal_moves()
            assert texts(native.legal_moves()) == texts(moves)
            assert native.to_move == python.to_move and native.is_chance == python.is_chance
            for seat in range(players):
                assert texts(native.legal_moves(seat)) == texts(python.legal_moves(seat))
            move = moves[int(rng.random() * len(moves))]
            python.play(move)
            native.play(str(move))
            assert native.to_json() == python.to_json()
        assert native.is_over and native.scores == python.scores and native.winners == python.winners
        assert native.score_breakdown() == python.score_breakdown()
        assert texts(native.history) == texts(python.history)
        names = [f"P{seat}" for seat in range(players)]
        assert Record.from_state(native, names).to_json() == Record.from_state(python, names).to_json()
        assert to_line(native) == to_line(python)


@pytest.mark.parametrize(("game", "players", "variant"), VARIANTS)
def test_playouts_are_the_same_games(game: str, players: int, variant: str) -> None:
    """A playout with the same generator plays the same game on both engines, step for step."""
    for number in range(GAMES_PER_VARIANT):
        python, native = pair(game, players, variant, 50_000 + number)
        for _ in range(number % 23):  # from the start, and from positions a few moves in
            if not python.is_over:
                move = python.legal_moves()[0]
                python.play(move)
                native.play(move)
        python_rng, native_rng = random.Random(number), random.Random(number)
        python.playout(python_rng)
        native.playout(native_rng)
        assert native.to_json() == python.to_json()
        assert texts(native.history) == texts(python.history)
        assert native_rng.random() == python_rng.random()  # the same numbers were drawn


@pytest.mark.parametrize(("game", "players", "variant"), VARIANTS)
def test_chance_sampled_and_given_is_the_same(game: str, players: int, variant: str) -> None:
    """F-2: outcomes sampled from another generator, and outcomes given as text, apply alike."""
    for number in range(6):
        python, native = pair(game, players, variant, 70_000 + number, auto_chance=False)
        rng = random.Random(number)
        while not python.is_over:
            if python.is_chance:
                outcome = python.sample_chance(random.Random(rng.random()))
                python.apply_chance(outcome)
                native.apply_chance(str(outcome) if number % 2 else outcome)
            else:
                moves = python.legal_moves()
                move = moves[rng.randrange(len(moves))]
                python.play(move)
                native.play(move)
            assert native.to_json() == python.to_json()
        seeded_python, seeded_native = pair(game, players, variant, number, auto_chance=False)
        assert str(seeded_native.sample_chance()) == str(seeded_python.sample_chance())


def test_copies_are_independent_and_equal() -> None:
    python, native = pair("azul", 2, "grey", 5)
    copy = native.copy()
    assert copy == native and copy.to_json() == python.to_json()
    move = native.legal_moves()[3]
    copy.play(move)
    assert native.to_json() == python.to_json()
    python.play(move)
    assert copy.to_json() == python.to_json()
    assert texts(copy.history) == texts(python.history)


def test_positions_read_back_onto_the_native_core() -> None:
    python, native = pair("azul", 3, "coloured", 8)
    for move in ("1B1", "2R2"):
        for state in (python, native):
            if move in texts(state.legal_moves()):
                state.play(move)
    with engines.using("native"):
        assert type(from_json(python.to_json())) is NativeAzulState
        assert type(from_line(to_line(python))) is NativeAzulState
        assert from_json(python.to_json()).to_json() == python.to_json()
    with engines.using("python"):
        assert type(from_json(native.to_json())) is AzulState


def illegal_outcome(state: State, action: Any) -> tuple[str, str, str] | None:
    try:
        action(state)
    except MozaikaError as error:
        return type(error).__name__, str(error), getattr(error, "rule", "")
    return None


def test_every_illegal_move_gets_the_python_engines_error() -> None:
    """A-2..A-10: the message, the class and the rule id are the reference's, and nothing changes."""
    for game, players, variant in (("azul", 2, "coloured"), ("azul", 3, "grey"), ("chocolatier", 4, "special-grey")):
        python, native = pair(game, players, variant, 321)
        every = python.copy()
        assert isinstance(every, AzulState)
        takes: list[Any] = list(every.table.moves.values())
        walls = list(every.table.wall_moves.values())
        rng = random.Random(players)
        step = 0
        while not python.is_over:
            step += 1
            # Every take and column choice at every fifth step, and at each grey-wall tiling.
            before = native.to_json()  # the position every try must leave as it was
            for move in takes + walls if step % 5 == 0 or python.to_move != (python.turn,) else ():
                expected = illegal_outcome(python.copy(), lambda state, move=move: state.play(move))
                found = illegal_outcome(native.copy(), lambda state, move=move: state.play(move))
                assert found == expected, move
            # Nothing a try did reached the position it was copied from (any change would last to here):
            # read once a step, as test_native_pavilion.py does, not after each of a thousand tries.
            assert native.to_json() == before
            moves = python.legal_moves()
            move = moves[rng.randrange(len(moves))]
            python.play(move)
            native.play(move)


@given(st.lists(st.text(alphabet="C123456789BYRKWF>P:- ", min_size=1, max_size=6), max_size=40))
def test_any_text_played_does_what_it_does_on_the_python_engine(texts_played: list[str]) -> None:
    python, native = pair("azul", 2, "grey", 99)
    for text in texts_played:
        expected = illegal_outcome(python, lambda state, text=text: state.play(text))
        assert illegal_outcome(native, lambda state, text=text: state.play(text)) == expected
        assert native.to_json() == python.to_json()


@given(st.text(max_size=300))
def test_any_position_line_is_read_alike(line: str) -> None:
    for candidate in (line, "azul " + line, "azul-grey 1: 2: " + line):
        with engines.using("python"):
            expected = illegal_outcome(None, lambda _state, text=candidate: from_line(text))  # type: ignore[arg-type]
        with engines.using("native"):
            assert illegal_outcome(None, lambda _state, text=candidate: from_line(text)) == expected  # type: ignore[arg-type]


@given(st.data())
def test_any_changed_position_is_read_alike(data: st.DataObject) -> None:
    python, _ = pair("azul", 2, "coloured", 4)
    position = json.loads(python.to_json())
    key = data.draw(st.sampled_from(sorted(position)))
    value = data.draw(st.one_of(st.integers(-(2**70), 2**70), st.text(max_size=5), st.none(), st.booleans()))
    position[key] = value
    with engines.using("python"):
        expected = illegal_outcome(None, lambda _state: from_json(position))  # type: ignore[arg-type]
    with engines.using("native"):
        assert illegal_outcome(None, lambda _state: from_json(position)) == expected  # type: ignore[arg-type]
        if expected is None:
            assert from_json(position).to_json() == from_json(json.dumps(position)).to_json()


def test_a_position_the_core_cannot_hold_stays_on_the_python_engine() -> None:
    python, _ = pair("azul", 2, "coloured", 4)
    position = json.loads(python.to_json())
    position["boards"][0]["score"] = 2**80  # far beyond any game's score: the Python engine holds it
    with engines.using("native"):
        state = from_json(position)
    assert type(state) is AzulState and state.scores[0] == 2**80


def test_fields_can_be_set_on_a_native_position() -> None:
    python, native = pair("chocolatier", 2, "coloured", 12)
    for state in (python, native):
        state.bag = [3, 2, 0, 0, 1]
        state.boards[1].score = 7
    assert native.to_json() == python.to_json()
    assert texts(native.legal_moves()) == texts(python.legal_moves())


def test_records_replay_alike() -> None:
    python, native = pair("azul", 4, "grey", 77)
    rng = random.Random(1)
    while not python.is_over:
        moves = python.legal_moves()
        move = moves[rng.randrange(len(moves))]
        python.play(move)
        native.play(move)
    record = Record.from_json(Record.from_state(python, ["A", "B", "C", "D"]).to_json())
    with engines.using("python"):
        expected = replay(record)
    with engines.using("native"):
        replayed = replay(record)
    assert type(replayed) is NativeAzulState
    assert replayed.to_json() == expected.to_json()
    assert texts(replayed.history) == texts(expected.history)


@settings(max_examples=300)
@given(
    st.integers(0, 2**64 - 1),
    st.integers(0, 21).flatmap(lambda n: st.tuples(st.just(n), st.integers(0, n))),
    st.integers(1, 384),
)
def test_the_cores_random_is_pythons(seed: int, population: tuple[int, int], bits: int) -> None:
    """M-1: the discs are placed by random.Random seeded from the chance bits; the core's port draws alike."""
    size, chosen = population
    expected = random.Random(seed)
    drawn = (expected.sample(range(size), chosen), expected.getrandbits(bits))
    assert engines.built_core().python_random(seed, size, chosen, bits) == drawn


@settings(max_examples=60)
@given(st.integers(0, 2**64 - 1), st.integers(0, 1500), st.integers(1, 384))
def test_the_cores_random_is_pythons_through_its_blocks(seed: int, skip: int, bits: int) -> None:
    """M-1: a twister seeded in the core twists its first words as they are drawn; drawn on past them,
    past its first block of 624 words and into the next, it still draws Python's numbers."""
    expected = random.Random(seed)
    sample = expected.sample(range(21), 5)
    for _ in range(skip):
        expected.getrandbits(32)
    drawn = (sample, expected.getrandbits(bits))
    assert engines.built_core().python_random(seed, 21, 5, bits, skip) == drawn


@settings(max_examples=150)
@given(st.lists(st.binary(max_size=135), min_size=1, max_size=9), st.integers(1, 136))
@example([b"mozaika chance 7 0"] * 4, 28)
@example([b"x" * 7, b"y" * 8, b"z" * 9, b""], 40)
@example([b"a" * 135, b"b" * 134, b"c" * 128, b"d" * 127, b"e" * 136 * 0], 41)
@example([bytes(range(135))], 136)
def test_the_cores_shake256_four_at_a_time_is_hashlibs(messages: list[bytes], size: int) -> None:
    """F-3: a vector step hashes its games' chance events four at a time (side by side with AVX2, where
    the processor has it); whatever the batch, the messages' lengths and the digest's size (one row of
    lanes or more), each digest is hashlib's SHAKE-256 of its own message."""
    expected = [hashlib.shake_256(message).digest(size) for message in messages]
    assert engines.built_core().shake256_digests(messages, size) == expected


@pytest.mark.parametrize(
    ("messages", "size", "error"),
    [
        ([b"a"], 0, ValueError),
        ([b"a"], 137, ValueError),
        ([b"a" * 136], 8, ValueError),
        ([b"a", "text"], 8, TypeError),
        (b"abcd", 8, TypeError),
        (7, 8, TypeError),
    ],
)
def test_the_cores_shake256_refuses_what_it_does_not_hash(messages: Any, size: int, error: type) -> None:
    with pytest.raises(error, match=r"size|bytes|sequence"):
        engines.built_core().shake256_digests(messages, size)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_a_round_start_with_special_factories_is_the_python_engines_outcome(players: int) -> None:
    """M-1: the core samples the discs, the fill and SN1's extra praline itself; the outcomes in the
    history are the Python engine's, with the draw they came from (bag and lid before and after)."""
    extras = 0
    for seed in range(25):
        python, native = pair("chocolatier", players, "special-grey" if seed % 2 else "special", seed)
        python.playout(random.Random(seed))
        native.playout(random.Random(seed))
        steps = zip(native.history, python.history, strict=True)
        fills = [(ours, theirs) for ours, theirs in steps if isinstance(ours, ChanceOutcome)]
        assert fills and all(type(ours) is type(theirs) is SpecialFill for ours, theirs in fills)
        for ours, theirs in fills:
            assert isinstance(ours, SpecialFill) and isinstance(theirs, SpecialFill)
            assert (ours.factories, ours.discs, ours.extra, ours.groups) == (
                theirs.factories,
                theirs.discs,
                theirs.extra,
                theirs.groups,
            )
            assert ours.draw is not None and theirs.draw is not None
            assert (ours.draw.groups, ours.draw.origin, ours.draw.result) == (
                theirs.draw.groups,
                theirs.draw.origin,
                theirs.draw.result,
            )
            extras += bool(ours.extra)
    assert extras >= 10  # SN1's extra praline came up


@pytest.mark.parametrize("players", [2, 3, 4])
def test_a_playout_with_special_factories_is_the_python_engines_game(players: int) -> None:
    """M-1..M-5: a seeded playout with the special factories, played in C (its round starts and SN4's
    split takes recorded as numbers), reads back as the Python engine's history, object for object,
    and ends in the same position."""
    splits = 0
    for seed in range(12):
        python, native = pair("chocolatier", players, "special-grey" if seed % 3 == 2 else "special", 7_000 + seed)
        python.playout(random.Random(seed))
        native.playout(random.Random(seed))
        ours, theirs = native.history, python.history
        assert ours == theirs
        assert [type(step) for step in ours] == [type(step) for step in theirs]
        for mine, reference in zip(ours, theirs, strict=True):
            if isinstance(mine, SpecialFill):
                assert isinstance(reference, SpecialFill) and mine.draw is not None and reference.draw is not None
                assert (mine.draw.groups, mine.draw.origin, mine.draw.result) == (
                    reference.draw.groups,
                    reference.draw.origin,
                    reference.draw.result,
                )
        assert native.to_json() == python.to_json()
        assert to_line(native) == to_line(python)
        splits += sum(isinstance(step, SplitTake) for step in ours)
    assert splits >= 5  # SN4's split takes came up


def test_every_split_of_sn4_gets_the_python_engines_answer() -> None:
    """M-3: takes from SN4 with every split of the leftovers, legal or not, judged alike."""
    found = 0
    for seed in range(40):
        python, native = pair("chocolatier", 2, "special", seed)
        assert isinstance(python, ChocolatierState)
        split_from = next((index for index, disc in enumerate(python.discs) if disc and disc.kind == 4), None)
        if split_from is None or not python.masks[split_from]:
            continue
        found += 1
        for move in python.legal_moves():
            if move.source != split_from:  # type: ignore[attr-defined]
                continue
            for to_previous in range(32):
                for to_next in (0, 31 ^ to_previous, 1, 6):
                    split = python._split_move(move, to_previous, to_next)  # type: ignore[arg-type]
                    expected = illegal_outcome(python.copy(), lambda state, split=split: state.play(split))
                    assert illegal_outcome(native.copy(), lambda state, split=split: state.play(split)) == expected
    assert found >= 5


def test_the_engine_is_chosen_by_the_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(engines.VARIABLE, "python")
    assert type(new_game("azul", players=2, seed=1)) is AzulState
    monkeypatch.setenv(engines.VARIABLE, "native")
    assert type(new_game("azul", players=2, seed=1)) is NativeAzulState
    monkeypatch.setenv(engines.VARIABLE, "fastest")
    with pytest.raises(engines.EngineUnavailableError, match="choose one of auto, native, python"):
        new_game("azul", players=2, seed=1)


def test_requiring_a_core_that_is_not_built_stops_with_status_2(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(engines, "_built", lambda: None)
    result = CliRunner().invoke(app, ["--version"], env={engines.VARIABLE: "native"})
    assert result.exit_code == 2
    assert "the native core is not built" in result.output
    result = CliRunner().invoke(app, ["--version"], env={engines.VARIABLE: ""})
    assert result.exit_code == 0 and "engine: python (the native core is not built)" in result.output


def test_the_version_names_the_engine() -> None:
    result = CliRunner().invoke(app, ["--version"], env={engines.VARIABLE: ""})
    assert result.exit_code == 0 and "engine: native" in result.output
    result = CliRunner().invoke(app, ["--version"], env={engines.VARIABLE: "python"})
    assert "engine: python (forced by MOZAIKA_ENGINE=python)" in result.output


def test_every_benchmark_row_names_its_engine() -> None:
    result = CliRunner().invoke(app, ["bench", "--seconds", "0.05", "--warmup", "0", "--game", "azul", "--json"])
    assert result.exit_code == 0, result.output
    rows = json.loads(result.output)
    assert rows and all(row["engine"] in ("native", "python") for row in rows)
    assert {row["engine"] for row in rows} == {"native", "python"}
    assert {(row["method"], row["engine"]) for row in rows} >= {("playout", "native"), ("search", "python")}


def test_the_core_holds_no_fill_that_would_bury_tiles() -> None:
    """A-11: the factories are filled only once the table is empty; the core refuses a position waiting
    for a fill with tiles still on the table (a fill would overwrite them, and with them the game's end)."""
    _, native = pair("azul", 3, "grey", 29)
    assert isinstance(native, NativeAzulState) and native.phase == DRAFT
    values = list(native._core.dump())
    assert values[2] == DRAFT  # the flat form's phase (mozaika.azul.native_form)
    values[2] = CHANCE
    with pytest.raises(ValueError, match="factories wait to be filled with tiles still on the table"):
        type(native._core).load(native._core.tables, tuple(values))


FUZZED_VARIANTS = [("azul", "coloured"), ("azul", "grey"), ("chocolatier", "special"), ("chocolatier", "special-grey")]


@given(st.data())
def test_no_flat_position_crashes_the_core(data: st.DataObject) -> None:
    """Whatever values reach ``WallCore.load`` directly, the core refuses them or plays on without crashing."""
    game, variant = data.draw(st.sampled_from(FUZZED_VARIANTS))
    _, native = pair(game, data.draw(st.sampled_from([2, 3, 4])), variant, data.draw(st.integers(0, 50)))
    rng = random.Random(data.draw(st.integers(0, 1000)))
    for _ in range(data.draw(st.integers(0, 60))):
        if native.is_over:
            break
        moves = native.legal_moves()
        native.play(moves[rng.randrange(len(moves))])
    assert isinstance(native, NativeAzulState | NativeChocolatierState)
    values = list(native._core.dump())
    for _ in range(data.draw(st.integers(1, 4))):
        values[data.draw(st.integers(0, len(values) - 1))] = data.draw(
            st.one_of(st.integers(-3, 45), st.integers(-(2**65), 2**65))
        )
    values = values[: data.draw(st.integers(0, len(values) + 2))] if data.draw(st.booleans()) else values
    core_type = type(native._core)
    try:
        core = core_type.load(native._core.tables, tuple(values))
    except ValueError:
        return
    for seat in (None, 0, 1, 5, -1):
        moves = core.legal_moves(seat) or []
        for move in moves:
            core.copy().play(move)
    with contextlib.suppress(RuntimeError):
        core.copy().playout(native.seed, rng.random)
    core.dump()


SELFPLAY_VARIANTS = [
    ("azul", ["wall=coloured"]),
    ("azul", ["wall=grey"]),
    ("chocolatier", ["box=coloured"]),
    ("chocolatier", ["box=brown"]),
    ("chocolatier", ["special_factories=true"]),
    ("pavilion", ["board=coloured"]),
    ("pavilion", ["board=colourless"]),
]


@pytest.mark.parametrize(("game", "options"), SELFPLAY_VARIANTS)
def test_selfplay_records_are_byte_identical_on_both_engines(tmp_path: Any, game: str, options: list[str]) -> None:
    """``mozaika selfplay`` with a seed writes the same record, byte for byte, whichever engine plays."""
    for players in (2, 3, 4):
        written = {}
        for engine in ("python", "native"):
            out = tmp_path / f"{engine}-{players}.json"
            arguments = ["selfplay", "--out", str(out), "--game", game, "--players", str(players), "--seed", "7"]
            result = CliRunner().invoke(
                app, [*arguments, *(f"--option={option}" for option in options)], env={engines.VARIABLE: engine}
            )
            assert result.exit_code == 0, result.output
            written[engine] = out.read_bytes()
        assert written["native"] == written["python"]


@pytest.mark.parametrize("seed", [0, 2**32 - 1, 2**63 - 1, 2**64, 2**64 + 1, 2**100 + 7])
@pytest.mark.parametrize(("game", "players", "variant"), [("azul", 3, "grey"), ("chocolatier", 4, "special")])
def test_seeds_of_every_size_deal_alike(seed: int, game: str, players: int, variant: str) -> None:
    """F-3: the chance entropy of a seed (SHAKE-256, in C for seeds of up to 64 bits) is the Python engine's."""
    python, native = pair(game, players, variant, seed)
    python.playout(random.Random(seed))
    native.playout(random.Random(seed))
    assert native.to_json() == python.to_json()
    assert texts(native.history) == texts(python.history)
