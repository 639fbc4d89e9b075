"""Invariants over many random games (hypothesis): F-4, A-7, A-12, JSON and record round trips."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

import mozaika
from mozaika.azul import AzulState
from mozaika.records import Record, replay

games = st.tuples(st.integers(2, 4), st.sampled_from(["coloured", "grey"]), st.integers(0, 2**32))


def random_game(players: int, wall: str, seed: int, check: bool = True) -> AzulState:
    state = mozaika.new_game("azul", players=players, seed=seed, wall=wall)
    assert isinstance(state, AzulState)
    rng = random.Random(seed)
    steps = 0
    while not state.is_over:
        legal = state.legal_moves()
        assert legal, "a legal move exists until the game ends (A-3)"
        assert set(state.to_move) == {getattr(move, "seat", state.to_move[0]) for move in legal}
        state.play(rng.choice(legal))
        steps += 1
        assert steps < 2000, "every game ends"
        if check:
            assert state.counts_in_play() == [20] * 5, "tiles are conserved (F-4)"
            assert min(state.scores) >= 0, "scores are never negative (A-7)"
    return state


def partly_played(
    game: tuple[int, str, int], stop: int, check_notation: bool = False
) -> tuple[mozaika.State, random.Random]:
    """A game after ``stop`` random steps (or its end), and the generator that chose them."""
    players, wall, seed = game
    state = mozaika.new_game("azul", players=players, seed=seed, wall=wall)
    rng = random.Random(seed)
    for _ in range(stop):
        if state.is_over:
            break
        if check_notation:
            for move in state.legal_moves():
                assert state.parse_move(str(move)) == move
        state.play(rng.choice(state.legal_moves()))
    return state, rng


@settings(max_examples=40, deadline=None)
@given(games)
def test_random_games_conserve_tiles_and_end(game: tuple[int, str, int]) -> None:
    """F-4, A-3, A-7, A-12: conservation after every step, scores >= 0, moves exist, games end."""
    state = random_game(*game)
    assert state.is_over and state.winners
    assert all(score >= 0 for score in state.scores)


@settings(max_examples=25, deadline=None)
@given(games, st.integers(0, 400))
def test_json_round_trip_mid_game(game: tuple[int, str, int], stop: int) -> None:
    """A position read back from JSON is the same position, and plays on identically (F-3)."""
    state, rng = partly_played(game, stop)
    copy = mozaika.State.from_json(state.to_json())
    assert copy == state and copy.to_json() == state.to_json()
    assert [str(m) for m in copy.legal_moves()] == [str(m) for m in state.legal_moves()]
    twin = state.copy()
    while not state.is_over:
        move = rng.choice(state.legal_moves())
        state.play(move)
        copy.play(str(move))
        twin.play(move)
    assert copy.scores == state.scores == twin.scores


@settings(max_examples=25, deadline=None)
@given(games)
def test_record_replays_to_the_same_scores(game: tuple[int, str, int]) -> None:
    """A self-play record re-played step by step gives the same final position and scores."""
    state = random_game(*game, check=False)
    record = Record.from_state(state)
    again = replay(Record.from_json(record.to_json()))
    assert again.scores == state.scores and again.winners == state.winners
    assert again.to_dict()["boards"] == state.to_dict()["boards"]


@settings(max_examples=25, deadline=None)
@given(games, st.integers(0, 300))
def test_notation_round_trips(game: tuple[int, str, int], stop: int) -> None:
    """Every legal move and chance outcome reads back from its own notation."""
    state, _ = partly_played(game, stop, check_notation=True)
    for step in state.history:
        if isinstance(step, mozaika.ChanceOutcome):
            assert state.parse_chance(str(step)) == step


@settings(max_examples=25, deadline=None)
@given(games)
def test_engine_playout_plays_legal_games(game: tuple[int, str, int]) -> None:
    """The fast playout makes only legal moves: its history replays as a record, step by step."""
    players, wall, seed = game
    state = mozaika.new_game("azul", players=players, seed=seed, wall=wall)
    assert isinstance(state, AzulState)
    state.playout(random.Random(seed))
    assert state.is_over and state.counts_in_play() == [20] * 5
    again = replay(Record.from_state(state))
    assert again.scores == state.scores
