"""Invariants over many random games (hypothesis): F-4, A-7, A-12, S-13, JSON and record round trips.

Every property runs for Azul (both walls), Master Chocolatier with the special
factories (both boxes, M-1..M-5), Chocolatier without them, and Summer Pavilion
(both sides), 2-4 players.
"""

from __future__ import annotations

import json
import random
from collections import Counter
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import mozaika
from mozaika.azul import AzulState
from mozaika.catalogue import move_fields
from mozaika.notation.records import Record, replay
from mozaika.pavilion import PavilionState

Game = tuple[str, int, dict[str, Any], int]
"""A game to play: id, players, options, seed."""

OPTIONS = {
    "azul": st.fixed_dictionaries({"wall": st.sampled_from(["coloured", "grey"])}),
    "chocolatier": st.fixed_dictionaries(
        {"box": st.sampled_from(["coloured", "brown"]), "special_factories": st.just(True)}
    ),
    "chocolatier-plain": st.fixed_dictionaries(
        {"box": st.sampled_from(["coloured", "brown"]), "special_factories": st.just(False)}
    ),
    "pavilion": st.fixed_dictionaries({"board": st.sampled_from(["coloured", "colourless"])}),
}
TILES = {"azul": [20] * 5, "chocolatier": [20] * 5, "pavilion": [22] * 6}
"""Every tile of the game, by colour (F-4: 100 or 132)."""
LOWEST_SCORE = {"azul": 0, "chocolatier": 0, "pavilion": 1}
"""A-7: Azul scores never drop below 0; S-5, S-11: Summer Pavilion's never below 1."""
FAMILIES = pytest.mark.parametrize("family", list(OPTIONS))


def games(family: str) -> st.SearchStrategy[Game]:
    return st.tuples(st.just(family.removesuffix("-plain")), st.integers(2, 4), OPTIONS[family], st.integers(0, 2**32))


def start(game: Game) -> Any:
    game_id, players, options, seed = game
    state = mozaika.new_game(game_id, players=players, seed=seed, **options)
    assert isinstance(state, AzulState | PavilionState)
    return state


def random_game(game: Game, check: bool = True) -> Any:
    state = start(game)
    rng = random.Random(game[3])
    steps = 0
    while not state.is_over:
        legal = state.legal_moves()
        assert legal, "a legal move exists until the game ends (A-3)"
        assert set(state.to_move) == {getattr(move, "seat", state.to_move[0]) for move in legal}
        state.play(rng.choice(legal))
        steps += 1
        assert steps < 2000, "every game ends"
        if check:
            assert state.counts_in_play() == TILES[game[0]], "tiles are conserved (F-4)"
            assert min(state.scores) >= LOWEST_SCORE[game[0]], "scores stay in range (A-7, S-5, S-11)"
    if game[0] == "pavilion":
        assert state.round == 6, "Summer Pavilion ends after round 6 (S-13)"
    return state


def partly_played(game: Game, stop: int, check_notation: bool = False) -> tuple[mozaika.State, random.Random]:
    """A game after ``stop`` random steps (or its end), and the generator that chose them."""
    state = start(game)
    rng = random.Random(game[3])
    for _ in range(stop):
        if state.is_over:
            break
        if check_notation:
            for move in state.legal_moves():
                assert state.parse_move(str(move)) == move
        state.play(rng.choice(state.legal_moves()))
    return state, rng


@FAMILIES
@settings(max_examples=30, deadline=None)
@given(data=st.data())
def test_random_games_conserve_tiles_and_end(family: str, data: st.DataObject) -> None:
    """F-4, A-3, A-7, A-12, M-5, S-13: conservation after every step, scores in range, moves exist, games end."""
    game = data.draw(games(family))
    state = random_game(game)
    assert state.is_over and state.winners
    assert all(score >= LOWEST_SCORE[game[0]] for score in state.scores)


@FAMILIES
@settings(max_examples=20, deadline=None)
@given(data=st.data(), stop=st.integers(0, 400))
def test_json_round_trip_mid_game(family: str, data: st.DataObject, stop: int) -> None:
    """A position read back from JSON is the same position, and plays on identically (F-3)."""
    state, rng = partly_played(data.draw(games(family)), stop)
    copy = mozaika.from_json(state.to_json())
    assert copy == state and copy.to_json() == state.to_json()
    assert [str(m) for m in copy.legal_moves()] == [str(m) for m in state.legal_moves()]
    twin = state.copy()
    while not state.is_over:
        move = rng.choice(state.legal_moves())
        state.play(move)
        copy.play(str(move))
        twin.play(move)
    assert copy.scores == state.scores == twin.scores


@FAMILIES
@settings(max_examples=20, deadline=None)
@given(data=st.data())
def test_record_replays_to_the_same_scores(family: str, data: st.DataObject) -> None:
    """A self-play record re-played step by step gives the same final position and scores."""
    state = random_game(data.draw(games(family)), check=False)
    record = Record.from_state(state)
    again = replay(Record.from_json(record.to_json()))
    assert again.scores == state.scores and again.winners == state.winners
    assert again.to_dict()["boards"] == state.to_dict()["boards"]


@FAMILIES
@settings(max_examples=20, deadline=None)
@given(data=st.data(), stop=st.integers(0, 300))
def test_notation_round_trips(family: str, data: st.DataObject, stop: int) -> None:
    """Every legal move and chance outcome reads back from its own notation."""
    state, _ = partly_played(data.draw(games(family)), stop, check_notation=True)
    for step in state.history:
        if isinstance(step, mozaika.ChanceOutcome):
            assert state.parse_chance(str(step)) == step


def written_from_fields(fields: dict[str, Any]) -> str:
    """A move's notation as docs/notation.md spells it, from its fields alone."""
    kind = fields["kind"]
    if kind == "take":
        source = "C" if fields["source"] == "centre" else str(fields["source"])
        text = source + fields["colour"]
        if "line" in fields:  # Azul's families: the destination follows
            text += "F" if fields["line"] == "floor" else str(fields["line"])
        if fields.get("to_previous"):
            text += "<" + fields["to_previous"]
        if fields.get("to_next"):
            text += ">" + fields["to_next"]
        return text
    if kind == "column":
        return f"P{fields['player']}:{fields['line']}>{fields['column']}"
    if kind == "place":
        paid = f"+{fields['wilds']}" if fields["wilds"] else ""
        return f"{fields['star']}{fields['slot']}{fields['colour']}{paid}"
    if kind == "pick":
        return "pick:" + (fields["tiles"] or "-")
    assert kind == "pass", kind
    return "pass:" + fields["keep"] if fields["keep"] else "pass"


@FAMILIES
@settings(max_examples=15, deadline=None)
@given(data=st.data(), stop=st.integers(0, 300))
def test_every_legal_move_says_its_parts_as_plain_data(family: str, data: st.DataObject, stop: int) -> None:
    """A move's fields are JSON and say exactly what its notation says (A-3, A-10, M-3, S-5, S-8, S-10, S-11)."""
    state, _ = partly_played(data.draw(games(family)), stop)
    for move in state.legal_moves():
        fields = move.fields()
        assert json.loads(json.dumps(fields)) == fields
        assert written_from_fields(fields) == str(move)
        # Read from its notation alone, without the position (what the server does for the log).
        assert move_fields(state.game_id, state.options, str(move)) == fields


@FAMILIES
@settings(max_examples=20, deadline=None)
@given(data=st.data())
def test_engine_playout_plays_legal_games(family: str, data: st.DataObject) -> None:
    """The fast playout makes only legal moves: its history replays as a record, step by step."""
    game = data.draw(games(family))
    state = start(game)
    state.playout(random.Random(game[3]))
    assert state.is_over and state.counts_in_play() == TILES[game[0]]
    again = replay(Record.from_state(state))
    assert again.scores == state.scores


def test_azul_playout_chooses_every_legal_move_equally_often() -> None:
    """The fast playout's decisions are uniform over ``legal_moves()`` (rule A-3 lists them all), like the
    protocol loop it stands in for: its first choice from one position, over many generators."""
    state = mozaika.new_game("azul", players=2, seed=21)
    for _ in range(3):
        state.play(state.legal_moves()[0])
    legal = state.legal_moves()
    before = len(state.history)
    samples = 25 * len(legal)
    firsts: Counter[str] = Counter()
    for seed in range(samples):
        game = state.copy()
        game.playout(random.Random(seed))
        firsts[str(game.history[before])] += 1
    assert set(firsts) == {str(move) for move in legal}
    # 25 expected each, with a binomial spread of about 5: 4 standard deviations either side.
    assert all(5 <= count <= 45 for count in firsts.values()), firsts
