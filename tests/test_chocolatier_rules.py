"""Master Chocolatier: the praline theme, the brown box and the special factories (docs/rules.md, section M)."""

from __future__ import annotations

import random
from typing import Any

import pytest

import mozaika
from mozaika import IllegalChanceError, IllegalMoveError, OptionError, PositionError
from mozaika.azul.moves import TakeMove
from mozaika.azul.wall import FLOOR_LOSS
from mozaika.chocolatier import ChocolatierState, SpecialFill, SplitTake
from mozaika.chocolatier.discs import DISCS
from mozaika.notation import positions

BLUE, BROWN, PINK, BLACK, WHITE = range(5)


def start(fill: str, players: int = 2, box: str = "coloured") -> ChocolatierState:
    """A new game with special factories whose first fill is ``fill``."""
    state = mozaika.new_game("chocolatier", players=players, seed=1, box=box, special_factories=True, auto_chance=False)
    state.apply_chance(fill)
    assert isinstance(state, ChocolatierState)
    return state


def factories(state: mozaika.State) -> list[str]:
    return list(state.to_dict()["factories"])


def position(**parts: Any) -> ChocolatierState:
    """A 2-player Chocolatier position with special factories unless told otherwise (see positions.build)."""
    parts.setdefault("players", 2)
    parts.setdefault("special_factories", True)
    state = positions.build("chocolatier", **parts)
    assert isinstance(state, ChocolatierState)
    return state


# --- the game, its options and its theme ---------------------------------------------


def test_m5_without_special_factories_chocolatier_is_azul() -> None:
    """M-5: with the same seed and the same choices, Chocolatier plays exactly like Azul (A-1..A-13)."""
    for players, (wall, box) in [(2, ("coloured", "coloured")), (3, ("grey", "brown")), (4, ("coloured", "coloured"))]:
        azul = mozaika.new_game("azul", players=players, seed=players, wall=wall)
        chocolatier = mozaika.new_game("chocolatier", players=players, seed=players, box=box)
        rng = random.Random(players)
        while not azul.is_over:
            azul_moves, praline_moves = azul.legal_moves(), chocolatier.legal_moves()
            assert len(azul_moves) == len(praline_moves)
            choice = rng.randrange(len(azul_moves))
            azul.play(azul_moves[choice])
            chocolatier.play(praline_moves[choice])
        assert chocolatier.is_over
        assert chocolatier.scores == azul.scores and chocolatier.winners == azul.winners
        assert len(chocolatier.history) == len(azul.history)


def test_m5_brown_box_is_the_grey_wall_rule() -> None:
    """M-5, A-10: in the brown box a complete line's praline goes to a column its owner chooses."""
    state = position(
        box="brown", special_factories=False, lines=[["N", "", "", "", ""], ""], factories=["W", "", "", "", ""]
    )
    state.play("1W2")
    assert state.to_move == (0,)
    assert {str(move) for move in state.legal_moves()} == {f"P1:1>{column}" for column in range(1, 6)}


def test_options_are_checked() -> None:
    """The options are the box (coloured or brown) and the special factories (true or false)."""
    with pytest.raises(OptionError, match="box"):
        mozaika.new_game("chocolatier", players=2, box="grey")
    with pytest.raises(OptionError, match="special_factories"):
        mozaika.new_game("chocolatier", players=2, special_factories="yes")
    state = mozaika.new_game("chocolatier", players=3, seed=2)
    assert state.options == {"box": "coloured", "special_factories": False}
    assert state.to_dict()["special_factories"] == [None] * 7


def test_praline_names_in_english_and_czech() -> None:
    """The five pralines have their own names; the notation reads letters and names in both languages."""
    state = mozaika.new_game("chocolatier", players=2, seed=4)
    assert isinstance(state, ChocolatierState)
    move = state.legal_moves()[0]
    assert isinstance(move, TakeMove)
    source, destination = str(move)[0], str(move)[-1]
    for name in (state.theme.name(move.colour), state.theme.name(move.colour, "cs")):
        assert state.parse_move(f"{source} {name} {destination}") == move
    assert state.theme.names_en == ("blue", "brown", "pink", "black", "white")
    assert state.theme.colour("hneda") == BROWN and state.theme.colour("růžová") == PINK
    with pytest.raises(mozaika.NotationError, match="unknown colour 'Y'"):
        state.parse_move("1Y1")


# --- M-1: the discs and the fill --------------------------------------------------------


@pytest.mark.parametrize("players", [2, 3, 4])
def test_m1_every_round_has_one_special_factory_per_player(players: int) -> None:
    """M-1: each round, as many special factories as players, with distinct discs, re-drawn every round."""
    state = mozaika.new_game("chocolatier", players=players, seed=8, special_factories=True)
    rng = random.Random(8)
    seen: set[tuple[object, ...]] = set()
    rounds = 0
    while not state.is_over:
        if state.round > rounds:
            rounds = state.round
            discs = [disc for disc in state.discs if disc is not None]  # type: ignore[attr-defined]
            assert len(discs) == players and len(set(discs)) == players
            assert all(disc in DISCS for disc in discs)
            seen.add(tuple(state.discs))  # type: ignore[attr-defined]
        state.play(rng.choice(state.legal_moves()))
    assert len(seen) == rounds > 1
    assert state.to_dict()["special_factories"] == [None] * len(state.to_dict()["factories"])


def test_m1_the_assignment_is_a_chance_outcome_that_search_can_resample() -> None:
    """M-1: the discs and the fill are one explicit outcome: pinned by its text, re-sampled by a generator."""
    state = mozaika.new_game("chocolatier", players=2, seed=5, special_factories=True, auto_chance=False)
    outcomes = {str(state.sample_chance(random.Random(k))) for k in range(12)}
    assert len(outcomes) > 6
    for text in outcomes:
        outcome = state.parse_chance(text)
        assert isinstance(outcome, SpecialFill) and str(outcome) == text
    pinned = "fill:BBNP*3/KKWW/NPPP/BNKW*4/NNNN"
    state.apply_chance(pinned)
    assert [str(step) for step in state.history] == [pinned]
    assert state.to_dict()["special_factories"] == ["3", None, None, "4", None]


@pytest.mark.parametrize(
    "fill",
    [
        "fill:BBNP/KKWW/PPPN/BWKN/NNNN",  # no special factory
        "fill:BBNP*3/KKWW*3/PPPN/BWKN/NNNN",  # the same disc twice
        "fill:BBNP*3/KKWW*4/PPPN*5/BWKN/NNNN",  # three for two players
        "fill:BBNP*1/KKWW*4/PPPN/BWKN/NNNN",  # SN1 without its extra praline
    ],
)
def test_m1_impossible_assignments_are_refused(fill: str) -> None:
    """M-1: exactly one disc per player, all different, and SN1 draws its extra praline."""
    state = mozaika.new_game("chocolatier", players=2, seed=5, special_factories=True, auto_chance=False)
    before = state.to_json()
    with pytest.raises(IllegalChanceError, match="M-1"):
        state.apply_chance(fill)
    assert state.to_json() == before


def test_m1_sn1_draws_one_extra_praline() -> None:
    """M-1: after the fill, SN1 gets one more praline from the bag."""
    state = start("fill:BBNP/KKWW*1+K/PPPN/BWKN*3/NNNN")
    assert factories(state) == ["BBNP", "KKKWW", "NPPP", "BNKW", "NNNN"]
    assert sum(state.to_dict()["bag"].values()) == 100 - 21


def test_m1_sn1_with_bag_and_lid_empty_gets_nothing_more() -> None:
    """M-1, F-2: when the fill empties bag and lid, SN1's extra draw finds nothing."""
    state = position(auto_chance=False, phase="chance")
    state.bag = [4, 4, 4, 4, 4]  # the other 80 pralines are out of play for this test
    state.lid = [0] * 5
    outcome = state.sample_chance(random.Random(3))
    assert isinstance(outcome, SpecialFill) and outcome.extra == ()
    with pytest.raises(IllegalChanceError, match="SN1 must draw no extra praline"):
        state.apply_chance("fill:BBBB*1+K/NNNN*3/PPPP/KKKK/WWWW")
    state.apply_chance("fill:BBBB*1/NNNN*3/PPPP/KKKK/WWWW")
    assert factories(state) == ["BBBB", "NNNN", "PPPP", "KKKK", "WWWW"]
    assert state.bag == [0] * 5


def test_m1_sn1_extra_praline_comes_from_the_lid_when_the_bag_is_empty() -> None:
    """M-1, F-2: the bag is refilled from the lid for SN1's extra draw."""
    state = position(auto_chance=False, phase="chance")
    state.bag = [4, 4, 4, 4, 4]
    state.lid = [0, 0, 0, 3, 0]
    sampled = [state.sample_chance(random.Random(k)) for k in range(20)]
    with_sn1 = [outcome for outcome in sampled if "*1" in str(outcome)]
    assert with_sn1 and all(outcome.extra == (BLACK,) for outcome in with_sn1)  # type: ignore[attr-defined]
    state.apply_chance("fill:BBBB*1+K/NNNN*3/PPPP/KKKK/WWWW")
    assert factories(state)[0] == "BBBBK"
    assert state.bag == [0, 0, 0, 2, 0] and state.lid == [0] * 5


@pytest.mark.parametrize(
    ("fill", "expected"),
    [
        # SN2 (blue) on factory 2: both neighbours hold blue, one does, neither does.
        ("fill:BNPK/NNPP*2B/BBKW/BWWK/NPKW*3", ["NPK", "BBNNPP", "BKW", "BKWW", "NPKW"]),
        ("fill:NPKW/NNPP*2B/BBKW/BWWK/NPKW*3", ["NPKW", "BNNPP", "BKW", "BKWW", "NPKW"]),
        ("fill:NPKW/NNPP*2B/NKKW/BWWK/NPKW*3", ["NPKW", "NNPP", "NKKW", "BKWW", "NPKW"]),
        # On factory 1 the neighbours are factories 5 and 2 (the circle wraps).
        ("fill:NNPP*2B/BNPK/NKKW/KWWW*3/BBWW", ["BBNNPP", "NPK", "NKKW", "KWWW", "BWW"]),
    ],
)
def test_m1_sn2_pulls_its_colour_from_each_neighbour(fill: str, expected: list[str]) -> None:
    """M-1: SN2 moves one praline of its colour, if present, from each neighbouring factory onto itself."""
    assert factories(start(fill)) == expected


def test_m1_special_factories_act_in_circle_order() -> None:
    """M-1: SN1 and SN2 resolve in circle order, so SN2 sees SN1's extra praline only if SN1 came first."""
    assert factories(start("fill:BBBB*2K/NNNN*1+K/PPPP/WWWW/BPWW")) == ["BBBB", "NNNNK", "PPPP", "WWWW", "BPWW"]
    assert factories(start("fill:NNNN*1+K/BBBB*2K/PPPP/WWWW/BPWW")) == ["NNNN", "BBBBK", "PPPP", "WWWW", "BPWW"]


# --- M-2: SN3 ---------------------------------------------------------------------------


def test_m2_sn3_keeps_its_leftovers_and_is_taken_from_three_times() -> None:
    """M-2: a take from SN3 leaves the other pralines on it; it can be taken from again and again."""
    state = start("fill:BNPK*3/KKWW/PPPN/BWKN*4/NNNN")
    state.play("1B1")
    assert factories(state)[0] == "NPK" and state.to_dict()["centre"] == ""
    state.play("1N1")
    assert factories(state)[0] == "PK"
    state.play("1P2")
    assert factories(state)[0] == "K" and state.to_dict()["centre"] == ""
    assert state.to_dict()["marker_in_centre"] is True
    assert {str(move)[:2] for move in state.legal_moves()} >= {"1K"}


# --- M-3: SN4 ---------------------------------------------------------------------------


def test_m3_sn4_splits_its_leftovers_between_its_neighbours() -> None:
    """M-3: the taker sends each leftover colour, whole, to the previous or the next factory."""
    state = start("fill:BBNN/NPKW*4/WWWW/BBKK/NPPP*3")
    state.play("2N1<PK>W")
    assert factories(state)[:3] == ["BBNNPK", "", "WWWWW"]
    assert state.to_dict()["centre"] == ""
    assert state.history[-1] == SplitTake(1, BROWN, 0, state.theme, 1 << PINK | 1 << BLACK, 1 << WHITE)


def test_m3_every_split_is_a_legal_move_and_the_notation_shows_it() -> None:
    """M-3: with k leftover colours there are 2**k splits; each move's text names its split."""
    state = start("fill:BBNN/NPKW*4/WWWW/BBKK/NPPP*3")
    to_line_one = [str(move) for move in state.legal_moves() if str(move).startswith("2N1")]
    assert len(to_line_one) == 2**3 == len(set(to_line_one))
    assert {"2N1<PKW", "2N1>PKW", "2N1<PK>W", "2N1<W>PK"} <= set(to_line_one)
    for text in to_line_one:
        assert str(state.parse_move(text)) == text
    assert state.parse_move("2 brown 1 > PK < W") == state.parse_move("2N1<W>PK")


@pytest.mark.parametrize(
    ("move", "message"),
    [
        ("2N1", "say where SN4's leftovers go"),
        ("2N1<PK", "each leftover colour"),
        ("2N1<PKB>W", "each leftover colour"),
        ("3W1<K", "only a take from SN4"),
        ("5P1>N", "only a take from SN4"),
    ],
)
def test_m3_a_wrong_split_is_refused(move: str, message: str) -> None:
    """M-3: the split must cover the leftovers exactly, and only SN4 has one."""
    state = start("fill:BBNN/NPKW*4/WWWW/BBKK/NPPP*3")
    before = state.to_json()
    with pytest.raises(IllegalMoveError, match=message) as error:
        state.play(move)
    assert error.value.rule == "M-3" and state.to_json() == before


def test_m3_an_empty_neighbour_still_receives() -> None:
    """M-3: a neighbour emptied earlier in the round gets leftovers like any other."""
    state = start("fill:BBNN/NPKW*4/WWWW/BBKK/NPPP*3")
    state.play("3W1")
    assert factories(state)[2] == ""
    state.play("2P1<N>KW")
    assert factories(state)[:3] == ["BBNNN", "", "KW"]


def test_m3_a_taken_sn5_is_skipped_for_the_next_factory() -> None:
    """M-3, M-4: once SN5 has left the circle, SN4's neighbour on that side is the factory beyond it."""
    state = start("fill:BBNN/NPKW*4/WWWW*5/BBKK/NPPP")
    state.play("3W1")
    assert state.to_dict()["sn5_holder"] == 0
    state.play("2P1<N>KW")
    assert factories(state) == ["BBNNN", "", "", "BBKKKW", "NPPP"]


# --- M-4: SN5 ---------------------------------------------------------------------------


def test_m4_sn5_absorbs_one_praline_of_the_overflow_and_the_rest_is_penalised() -> None:
    """M-4: the taker keeps SN5; this move's first overflowing praline lies on it, penalty-free."""
    state = position(scores=[10, 10], factories=["KKKB", "", "", "", ""], discs=["5", "3", None, None, None])
    state.play("1K1")
    data = state.to_dict()
    assert data["sn5_holder"] == 0 and data["sn5_praline"] == "K"
    assert data["boards"][0]["floor"] == "K" and data["centre"] == "B"
    state.play("CBF")  # ends the round
    data = state.to_dict()
    assert data["boards"][0]["score"] == 10 + 1 - 1  # one praline on the floor: -1, not -2
    assert data["sn5_holder"] is None and data["sn5_praline"] == ""
    assert data["lid"]["K"] == 2  # the floor's praline and the disc's (M-4)
    assert state.counts_in_play() == [20] * 5


def test_m4_the_first_player_marker_never_goes_onto_sn5() -> None:
    """M-4: the marker takes a floor space; the disc waits for the next praline."""
    state = position(scores=[10, 10], factories=["BKKK", "NNNN", "", "", ""], discs=["5", "3", None, None, None])
    state.play("1B1")  # SN5 to player 1; black to the centre
    assert state.to_dict()["sn5_praline"] == ""
    state.play("2N2")
    state.play("CK2")  # the marker, then three black on line 2: one overflows onto the disc
    data = state.to_dict()
    assert data["boards"][0]["floor"] == "" and data["boards"][0]["score"] == 10 + 1 + 1 - 1


def test_m4_sn5_receives_only_one_praline_per_round() -> None:
    """M-4: once the disc holds a praline, further overflow goes to the floor and is penalised."""
    state = position(scores=[10, 10], factories=["KKKB", "NNNN", "", "", ""], discs=["5", "3", None, None, None])
    state.play("1KF")
    data = state.to_dict()
    assert data["sn5_praline"] == "K" and data["boards"][0]["floor"] == "KK"
    state.play("2N1")
    state.play("CBF")  # the marker and a blue join the two black pralines on the floor; the round ends
    assert state.scores[0] == 10 - FLOOR_LOSS[4]


def test_m4_brown_box_overflow_at_tiling_lands_on_an_empty_disc() -> None:
    """M-4, A-10 (ruling R-9): a line with no allowed column falls to the floor; its first praline onto SN5."""
    wall = ["BN...", "..W..", "...W.", "....W", "....."]  # every free column of row 1 already has white
    state = position(
        auto_chance=False,
        box="brown",
        walls=[wall, ""],
        scores=[5, 0],
        factories=["W", "", "", "", ""],
        lid={},  # empty, so that it shows what this tiling puts there
        discs=["3", "5", None, None, None],
        sn5_holder=0,
    )
    before = state.round
    state.play("1W1")  # the last praline: the round is tiled at once
    data = state.to_dict()
    assert data["phase"] == "chance" and data["round"] == before + 1
    assert data["boards"][0]["score"] == 5 and data["boards"][0]["stats"]["floor_points"] == 0
    assert data["lid"]["W"] == 1 and data["sn5_holder"] is None


def test_sn5_positions_are_checked() -> None:
    """M-4: a held SN5 must come from an SN5 factory that has been emptied; no disc between rounds."""
    with pytest.raises(PositionError, match="M-4"):
        position(factories=["KKKB", "", "", "", ""], discs=["3", "4", None, None, None], sn5_holder=1)
    with pytest.raises(PositionError, match="M-1"):
        position(auto_chance=False, phase="chance", discs=["3", "4", None, None, None])
    with pytest.raises(PositionError, match="M-1"):
        position(factories=["KKKB", "", "", "", ""], discs=["3", None, None, None, None])


def test_ruling_r15_a_brown_box_game_whose_pralines_only_cycle_ends() -> None:
    """Ruling R-15 (A-10, A-12): found in random play, where this round used to repeat forever.

    Every pink praline lies in a pattern line that can never be filled, and every row
    lacks pink or has no allowed column left for what it lacks (A-10): the pralines
    still moving only fill lines whose pralines then fall to the floor.  The game
    ends with this round.
    """
    walls = [
        "PNB.K/.KNWB/KBW../B.PNW/.....",
        "KWP.B/NKB.W/.NWBK/...../...N.",
        ".WBPK/...../W.PNB/NK.BW/.....",
        "NPK.B/WBNK./KWB.N/BK.W./...N.",
    ]
    lines = ["W/-/N/-/NNNN", "-/-/-/PPP/PPP", "-/P/KK/-/PPPP", "-/P/-/NNN/PP"]
    floors = ["WWW", "WK", "1BKKKK", "WWBBBB"]
    for seed in range(20):
        state = position(
            players=4,
            box="brown",
            walls=walls,
            lines=lines,
            floors=floors,
            lid={},
            factories=[""] * 9,
            centre="BK",
            marker=2,
            turn=1,
            starter=1,
            discs=["2W", "2P", "5", None, None, None, None, "4", None],
            sn5_holder=1,
            sn5_praline="W",
        )
        # Every praline is on a board, a floor, the SN5 disc or in the centre.
        assert sum(state.bag) + sum(state.lid) == 0
        rng = random.Random(seed)
        stuck = state.round
        while not state.is_over:
            assert state.round == stuck, "the game went on past the round in which it was stuck"
            legal = state.legal_moves(state.to_move[0])
            state.play(rng.choice(legal))
