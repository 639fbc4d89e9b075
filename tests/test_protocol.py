"""The game protocol: notation, chance, copies, positions and their validation."""

from __future__ import annotations

import json
import os
import pickle
import random
import subprocess
import sys

import pytest

import mozaika
from mozaika import IllegalMoveError, NotationError, OptionError, PositionError
from mozaika.notation import positions


def test_moves_have_a_readable_notation() -> None:
    """Take moves read source, colour, destination; names in English or Czech are accepted."""
    state = positions.build("azul", players=2, factories=["BBYR", "", "", "", ""], centre="KK")
    assert str(state.parse_move("1B3")) == "1B3"
    assert state.parse_move(" 1 blue 3 ") == state.parse_move("1b3") == state.parse_move("1 modrá 3")
    assert str(state.parse_move("c-černá-f")) == "CKF"
    assert state.parse_move("1-B-F") == state.parse_move("1BF")


@pytest.mark.parametrize(
    ("text", "message"),
    [("1G3", "unknown colour 'G'"), ("6B1", "no factory 6"), ("1B6", "not an Azul move"), ("", "not an Azul move")],
)
def test_bad_notation_is_explained(text: str, message: str) -> None:
    state = positions.build("azul", players=2, factories=["BBYR", "", "", "", ""])
    with pytest.raises(NotationError, match=message):
        state.parse_move(text)


def test_illegal_moves_name_the_rule_and_change_nothing() -> None:
    """A-3: the source must hold the colour; the position is unchanged after the error."""
    state = positions.build("azul", players=2, factories=["BBYR", "", "", "", ""])
    before = state.to_json()
    with pytest.raises(IllegalMoveError, match=r"factory 1 holds no black tile \(A-3\)") as error:
        state.play("1K1")
    assert error.value.rule == "A-3"
    with pytest.raises(IllegalMoveError, match="the centre holds no blue tile"):
        state.play("CB1")
    assert state.to_json() == before


def test_chance_can_be_explicit_and_resampled() -> None:
    """Chance is a step of its own: pinned by a record, or re-sampled by a search bot."""
    state = mozaika.new_game("azul", players=2, seed=5, auto_chance=False)
    assert state.is_chance and state.to_move == () and state.legal_moves() == []
    with pytest.raises(NotationError, match="chance event is pending"):
        state.parse_move("1B1")
    state.apply_chance("fill:BBBB/YYYY/RRRR/KKKK/WWWW")
    assert not state.is_chance
    assert {str(move)[:2] for move in state.legal_moves()} == {"1B", "2Y", "3R", "4K", "5W"}
    seeded = mozaika.new_game("azul", players=2, seed=5)
    assert str(seeded.history[0]) == str(mozaika.new_game("azul", players=2, seed=5).history[0])
    other = mozaika.new_game("azul", players=2, seed=5, auto_chance=False)
    outcomes = {str(other.sample_chance(random.Random(i))) for i in range(20)}
    assert len(outcomes) > 1


def test_reseed_changes_future_chance_only() -> None:
    state = mozaika.new_game("azul", players=2, seed=8)
    first = state.copy()
    second = state.copy()
    second.reseed(9)
    for copy in (first, second):
        while copy.round == 1:
            copy.play(copy.legal_moves()[-1])
    assert first.history[:-1] == second.history[:-1]
    assert first.history[-1] != second.history[-1]


def test_copy_is_independent() -> None:
    state = mozaika.new_game("azul", players=2, seed=1)
    copy = state.copy()
    copy.play(copy.legal_moves()[0])
    assert copy != state and len(state.history) == 1 and len(copy.history) == 2


def _slot_values(record: object) -> dict[str, object]:
    names = {name for klass in type(record).__mro__ for name in getattr(klass, "__slots__", ())}
    return {name: getattr(record, name) for name in names if hasattr(record, name)}


@pytest.mark.parametrize(
    ("game", "options"), [("azul", {}), ("chocolatier", {"special_factories": True}), ("pavilion", {})]
)
def test_a_copy_shares_no_mutable_part_with_its_original(game: str, options: dict[str, object]) -> None:
    """Every list of a position and of its boards is the copy's own (so a search's copies never disturb the root)."""
    state = mozaika.new_game(game, players=3, seed=4, **options)
    for _ in range(5):
        state.play(state.legal_moves()[0])
    copy = state.copy()
    assert copy.to_dict() == state.to_dict()
    pairs = [(state, copy), *zip(state.boards, copy.boards, strict=True)]
    for original, twin in pairs:
        assert original is not twin
        mine, theirs = _slot_values(original), _slot_values(twin)
        assert mine.keys() == theirs.keys()
        for name, value in mine.items():
            if isinstance(value, list):
                assert theirs[name] is not value, f"{type(original).__name__}.{name} is shared by a copy"
                for inner, twin_inner in zip(value, theirs[name], strict=True):
                    assert not isinstance(inner, list) or inner is not twin_inner, name


def test_a_copied_part_must_be_a_slot_of_its_class() -> None:
    from mozaika.core.copies import Copyable

    with pytest.raises(TypeError, match="copies 'hands' as lists, but it is not one of its own slots"):

        class Misspelt(Copyable, lists=("hands",)):
            __slots__ = ("hand",)


def test_moves_are_values_of_their_own_kind() -> None:
    """Equal moves are the same decision: same kind and same parts; equal moves hash alike."""
    from mozaika.azul.moves import TakeMove
    from mozaika.chocolatier.moves import SplitTake
    from mozaika.core.theme import Theme
    from mozaika.pavilion.moves import Pass, Pick

    theme = mozaika.game_spec("azul").theme
    assert isinstance(theme, Theme)
    take = TakeMove(0, 1, 2, theme)
    assert take == TakeMove(0, 1, 2, theme) and hash(take) == hash(TakeMove(0, 1, 2, theme))
    assert take != TakeMove(0, 1, 3, theme)
    assert take != SplitTake(0, 1, 2, theme, 0, 0)
    assert Pick((1, 2)) == Pick((1, 2)) and Pick((1, 2)) != Pass((1, 2))
    assert len({Pick(()), Pass(()), Pick(())}) == 2


def test_unknown_game_and_option() -> None:
    with pytest.raises(OptionError, match="unknown game 'chess'"):
        mozaika.new_game("chess", players=2)
    with pytest.raises(OptionError, match="wall='purple' is not one of"):
        mozaika.new_game("azul", players=2, wall="purple")
    with pytest.raises(OptionError, match="no option 'walls'"):
        mozaika.new_game("azul", players=2, walls="grey")


def test_positions_that_break_the_rules_are_refused() -> None:
    """F-4, A-4, A-5, A-9: impossible positions are rejected with the rule."""
    good = positions.build("azul", players=2, factories=["BBYR", "", "", "", ""]).to_dict()
    cases = []
    extra = json.loads(json.dumps(good))
    extra["bag"]["B"] += 1
    cases.append((extra, "F-4"))
    mixed = json.loads(json.dumps(good))
    mixed["boards"][0]["lines"][2] = "BY"
    mixed["bag"]["Y"] -= 1
    mixed["bag"]["B"] -= 1
    cases.append((mixed, "mixes colours"))
    wrong_wall = json.loads(json.dumps(good))
    wrong_wall["boards"][0]["wall"][0] = "Y...."
    wrong_wall["bag"]["Y"] -= 1
    cases.append((wrong_wall, "A-9"))
    floor = json.loads(json.dumps(good))
    floor["boards"][0]["floor"] = "BBBBBBBB"
    floor["bag"]["B"] -= 8
    cases.append((floor, "A-5"))
    for data, message in cases:
        with pytest.raises(PositionError, match=message):
            mozaika.from_json(data)
    with pytest.raises(PositionError, match="not valid JSON"):
        mozaika.from_json("{")
    with pytest.raises(PositionError, match="game"):
        mozaika.from_json("{}")


def test_ruling_r2_no_tile_left_ends_the_game() -> None:
    """Ruling R-2: if a round starts with no tile at all to offer, the game ends there."""
    state = positions.build("azul", players=2, lines=[["B", "", "", "", ""], ""], factories=["", "", "", "", "B"])
    state.bag = [0] * 5  # every other tile is out of play for this test
    state.play("5B2")
    assert state.is_over


MOVES_OF_SOME_GAMES = """
import pickle, random, sys, mozaika
moves = []
for game, options in [("azul", {}), ("azul", {"wall": "grey"}), ("chocolatier", {"special_factories": True}),
                      ("pavilion", {}), ("pavilion", {"board": "colourless"})]:
    state = mozaika.new_game(game, players=2, seed=5, **options)
    rng = random.Random(5)
    while not state.is_over:
        legal = state.legal_moves(state.to_move[0])
        moves += legal
        state.play(rng.choice(legal))
if __name__ == "__main__":
    sys.stdout.buffer.write(pickle.dumps(moves))
"""


def test_a_move_pickled_in_another_process_is_the_same_move_here() -> None:
    """Moves travel between processes (arena and bot workers): equal there means equal, and hashed alike, here."""
    here: dict[str, list[mozaika.Move]] = {}
    exec(MOVES_OF_SOME_GAMES, here)  # the same games, played in this process
    for hash_seed in ("1", "2"):
        environment = {**os.environ, "PYTHONHASHSEED": hash_seed}
        command = [sys.executable, "-c", MOVES_OF_SOME_GAMES]
        there = pickle.loads(subprocess.run(command, capture_output=True, check=True, env=environment).stdout)
        assert len(there) == len(here["moves"]) > 1000
        for made_here, made_there in zip(here["moves"], there, strict=True):
            assert made_there == made_here and hash(made_there) == hash(made_here), str(made_here)
