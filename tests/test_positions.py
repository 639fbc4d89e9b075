"""Positions in one line (``docs/notation.md``) and the position builder (F-4, A-7, A-9, S-4)."""

from __future__ import annotations

import random
import string
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import mozaika
from mozaika import PositionError
from mozaika.notation.positions import build

from examples import ALL_VARIANTS, scoring_example

PRINTABLE = set(string.printable) - set("\t\n\r\x0b\x0c")


def random_position(game: str, options: dict[str, Any], players: int, seed: int, steps: int) -> mozaika.State:
    """A game of random moves stopped after ``steps`` steps, chance pending or not."""
    state = mozaika.new_game(game, players=players, seed=seed, auto_chance=False, **options)
    rng = random.Random(seed)
    for _ in range(steps):
        if state.is_over:
            break
        if state.is_chance:
            state.apply_chance(state.sample_chance(rng))
        else:
            state.play(rng.choice(state.legal_moves()))
    return state


@st.composite
def reached_positions(draw: st.DrawFn) -> mozaika.State:
    """A position of any game and variant, 2-4 players, after up to 400 random steps."""
    game, options = draw(st.sampled_from(ALL_VARIANTS))
    return random_position(
        game, options, draw(st.integers(2, 4)), draw(st.integers(0, 2**32)), draw(st.integers(0, 400))
    )


@settings(max_examples=120, deadline=None)
@given(state=reached_positions())
def test_the_position_line_round_trips_every_game_and_variant(state: mozaika.State) -> None:
    """to_line / from_line give back the very same position, in short printable ASCII."""
    line = mozaika.to_line(state)
    assert set(line) <= PRINTABLE and line.isascii() and "\n" not in line
    assert len(line) < 500, "a position line fits a chat message"
    back = mozaika.from_line(line, auto_chance=False)
    assert back == state
    assert back.to_dict() == state.to_dict()
    assert mozaika.to_line(back) == line
    assert [str(move) for move in back.legal_moves()] == [str(move) for move in state.legal_moves()]


def test_a_finished_game_round_trips() -> None:
    state = mozaika.new_game("azul", players=3, seed=4)
    state.playout(random.Random(4))
    assert mozaika.from_line(mozaika.to_line(state)) == state


def test_the_scoring_example_reads_as_the_rulebook_does() -> None:
    """A-8, rulebook example: the yellow tile joins 4 tiles across and 3 down: 7 points."""
    state = scoring_example()
    assert state.round == 4, "row 3 holds 3 tiles: three tilings came before (A-7)"
    line = mozaika.to_line(state)
    assert line == (
        "azul r:4 p:offer t:2 s:1 m:2 f:-/-/-/-/- c:W lid:5.0.1.2.2 "
        "1:0,-/-/YYY/-/-,5/3R1/KWB2/3B1/5,- 2:0,-/-/-/-/-,5/5/5/5/5,1"
    )
    assert mozaika.from_line(line) == state
    state.play("CW1")  # the last tile: the wall tiling follows
    assert state.scores[0] == 4 + 3


def test_the_builder_fills_in_bag_lid_round_and_marker() -> None:
    state = build("azul", players=2, walls=["X..../...../...../...../.....", ""], factories="BBYR/KKWW/-/-/-")
    data = state.to_dict()
    assert data["round"] == 2 and data["phase"] == "offer"
    assert data["lid"] == {"B": 0, "Y": 0, "R": 0, "K": 0, "W": 0}, "a row-1 tile leaves nothing in the lid"
    assert data["bag"]["B"] == 20 - 1 - 2
    assert data["marker_in_centre"] and data["turn"] == 0
    later = build("azul", players=2, walls=["...../...X./...../...../.....", ""], floors=["", "1R"], centre="B")
    assert later.to_dict()["lid"]["R"] == 1, "the red tile of row 2 came with one more red tile (A-7)"
    assert later.to_dict()["marker_holder"] == 1 and not later.to_dict()["marker_in_centre"]


def test_the_builder_ends_the_game_with_a_complete_row() -> None:
    state = build("azul", players=2, walls=["XXXXX/...../...../...../.....", ""], scores=[20, 9])
    assert state.is_over and state.winners == [0]


def test_the_builder_on_summer_pavilion() -> None:
    state = build("pavilion", players=2, stars=[{"O": "O.....", "C": ".R...."}, {}], hands=["BBYY", "GG"], turn=1)
    data = state.to_dict()
    assert data["phase"] == "placement" and len(data["supply"]) == 10
    assert sum(data["bag"].values()) + len(data["supply"]) + 8 == 132, "every tile is accounted for (F-4)"
    assert mozaika.from_line(mozaika.to_line(state)) == state


def test_the_builder_on_special_factories() -> None:
    state = build(
        "chocolatier",
        players=2,
        special_factories=True,
        factories=["BBNP", "KKWW", "NPPP", "BNKW", "NNNN"],
        discs=["3", None, "5", None, None],
    )
    assert state.to_dict()["special_factories"] == ["3", None, "5", None, None]
    assert "d:3/-/5/-/-" in mozaika.to_line(state)


@pytest.mark.parametrize(
    ("parts", "message"),
    [
        (
            {"factories": "BBBB/BBBB/BBBB/BBBB/BBBB", "centre": "B"},
            r"21 blue tiles \(4 on factory 1,.*1 in the centre\).*F-4",
        ),
        (
            {"walls": ["...../...../XXX../...../.....", ""], "round": 2},
            r"wall row 3 holds 3 tiles.*round 4 or later.*A-7",
        ),
        ({"walls": ["Y..../...../...../...../.....", ""]}, r"printed blue, not yellow \(A-9\)"),
        ({"lines": ["-/YB/-/-/-", ""]}, r"line 2 mixes colours \(A-4\)"),
        ({"lines": ["-/-/-/-/-", ""], "floors": ["1", "1"]}, r"more than one floor \(A-3\)"),
        ({"scores": [3]}, r"one entry per player"),
        ({"towers": []}, r"no part 'towers'"),
    ],
)
def test_the_builder_says_why_a_position_is_impossible(parts: dict[str, Any], message: str) -> None:
    with pytest.raises(PositionError, match=message):
        build("azul", players=2, **parts)


def test_the_builder_refuses_too_many_pavilion_tiles() -> None:
    with pytest.raises(PositionError, match=r"23 orange tiles.*Summer Pavilion has 22.*F-4"):
        build("pavilion", players=2, hands=["O" * 20, "OOO"])


@pytest.mark.parametrize(
    ("line", "message"),
    [
        ("", "empty"),
        ("chess r:1", "unknown game"),
        ("azul+purple r:1", "no option value 'purple'"),
        ("azul r:1 p:offer t:1 s:1 m:c f:-/-/-/-/- 1:0,-/-/-/-/-,5/5/5/5/5,-", "2, 3 or 4 boards"),
        ("azul r:1 p:dance t:1 s:1 m:c f:B/-/-/-/- 1:0,-/-/-/-/-,5/5/5/5/5,- 2:0,-/-/-/-/-,5/5/5/5/5,-", "p: must be"),
        ("azul r:1 p:offer t:1 s:1 m:c f:Q/-/-/-/- 1:0,-/-/-/-/-,5/5/5/5/5,- 2:0,-/-/-/-/-,5/5/5/5/5,-", "'Q' is not"),
        ("azul r:1 p:offer t:1 s:1 m:c f:B/-/-/-/- 1:0,-/-/-/-/-,6/5/5/5/5,- 2:0,-/-/-/-/-,5/5/5/5/5,-", "5 cells"),
        (
            "azul r:1 p:offer t:1 s:1 m:c f:B/-/-/-/- x:1 1:0,-/-/-/-/-,5/5/5/5/5,- 2:0,-/-/-/-/-,5/5/5/5/5,-",
            "unknown key",
        ),
        ("azul r:1 p:offer t:1 s:1 m:c f:B/-/-/-/- 1:0,-/-/-/-/-,5/5/5/5/5,- 2:0,-/-/-/-/-,5/5/5/5/5,- 2:0", "twice"),
        ("azul r:1 p:offer t:1 s:1 m:c f:-/-/-/-/- 1:0,-/-/-/-/-,5/5/5/5/5,- 2:0,-/-/-/-/-,5/5/5/5/5,-", "A-6"),
        (  # a bonus pick (S-10) owed from an empty supply: it owes nothing, so nobody picks
            "pavilion r:5 p:bonus t:2 s:2 m:1 f:-/-/-/-/- sup:- bonus:3 tower:14.13.13.18.11.14"
            " 1:1,RRR,2O3/6/6/6/6/6/6,passed,@1.0.5.0.0.0 2:3,RBGGGPP,1O2OO/R5/6/1Y4/6/1P4/6,@7.3.6.0.0.0 seed:0.6",
            r"empty supply.*S-10, R-12",
        ),
    ],
)
def test_a_bad_position_line_is_refused_clearly(line: str, message: str) -> None:
    with pytest.raises(PositionError, match=message):
        mozaika.from_line(line)


def parts_of(state: mozaika.State) -> dict[str, Any]:
    """Every part of a position, as the builder takes them."""
    data = state.to_dict()
    boards = data["boards"]
    common = {
        "scores": [board["score"] for board in boards],
        "factories": data["factories"],
        "centre": data["centre"],
        "turn": data["turn"],
        "starter": data["starter"],
        "round": data["round"],
        "phase": data["phase"],
        "marker": "centre" if data["marker_in_centre"] else data["marker_holder"],
        **data["options"],
    }
    if state.game_id == "pavilion":
        return {
            **common,
            "stars": [board["stars"] for board in boards],
            "hands": [board["hand"] for board in boards],
            "passed": [board["passed"] for board in boards],
            "supply": data["supply"],
            "tower": data["tower"],
            "pending_bonus": data["pending_bonus"],
            "chance": data["chance"],
        }
    parts = {
        **common,
        "walls": [board["wall"] for board in boards],
        "lines": [board["lines"] for board in boards],
        "floors": [board["floor"] for board in boards],
        "lid": data["lid"],
        "waiting": {seat: board["tiling_line"] for seat, board in enumerate(boards) if board["waiting"]},
    }
    if "special_factories" in data:
        parts.update(discs=data["special_factories"], sn5_holder=data["sn5_holder"], sn5_praline=data["sn5_praline"])
    return parts


def comparable(state: mozaika.State) -> dict[str, Any]:
    """The position on the table: without the seed, the chance count and the score's parts so far."""
    data = state.to_dict()
    for name in ("seed", "chance_index", "auto_chance"):
        data.pop(name)
    for board in data["boards"]:
        board.pop("stats")
        if state.game_id != "pavilion" and not board["waiting"]:
            board.pop("tiling_line")  # a finished tiling leaves its last line number behind
    return data


@settings(max_examples=120, deadline=None)
@given(state=reached_positions())
def test_the_builder_accepts_every_position_a_game_reaches(state: mozaika.State) -> None:
    """Every part given, the builder makes the very position (F-4: the bag is what is left)."""
    built = build(state.game_id, players=state.players, auto_chance=False, **parts_of(state))
    assert comparable(built) == comparable(state)


@pytest.mark.parametrize(("game", "misspelt"), [("azul", "wals"), ("chocolatier", "floor"), ("pavilion", "star")])
def test_a_part_the_builder_does_not_know_is_refused_not_ignored(game: str, misspelt: str) -> None:
    with pytest.raises(PositionError, match=rf"has no part '{misspelt}'; its parts are: "):
        build(game, players=2, **{misspelt: []})
