"""Summer Pavilion rules, one test (or more) per rule id of docs/rules.md, section S, and the seed's examples."""

from __future__ import annotations

import itertools
import random
from typing import Any

import pytest

import mozaika
from mozaika import IllegalChanceError, IllegalMoveError, PositionError
from mozaika.notation import positions
from mozaika.pavilion import PavilionState, SupplyDraw, moves
from mozaika.pavilion.geometry import (
    CLOCKWISE,
    COLOURED_NUMBERS,
    COLOURLESS_NUMBERS,
    FEATURES,
    STAR_LETTERS,
    slot_of,
    star_of,
)
from mozaika.pavilion.theme import WILD_BY_ROUND

ORANGE, RED, BLUE, YELLOW, GREEN, PURPLE = range(6)


def state_of(position: mozaika.State) -> PavilionState:
    assert isinstance(position, PavilionState)
    return position


def board_data(position: mozaika.State, seat: int = 0) -> dict[str, object]:
    return position.to_dict()["boards"][seat]  # type: ignore[no-any-return]


def placing(hand: str, stars: dict[str, str] | None = None, score: int = 5, **parts: Any) -> PavilionState:
    """Seat 0 to place in round 1 (wild purple), holding ``hand``; seat 1 has passed with nothing."""
    parts.setdefault("phase", "placement")
    hands, scores, passed = [hand, ""], [score, 5], [False, True]
    return state_of(
        positions.build("pavilion", players=2, stars=[stars, None], hands=hands, scores=scores, passed=passed, **parts)
    )


# --- S-1..S-3: the board ------------------------------------------------------------------


def test_s1_board_geometry() -> None:
    """S-1: seven stars of six spaces; on the coloured side each space carries its slot number."""
    assert len(COLOURED_NUMBERS) == 42 and STAR_LETTERS == ("O", "R", "B", "Y", "G", "P", "C")
    assert COLOURED_NUMBERS[:6] == (1, 2, 3, 4, 5, 6) and COLOURED_NUMBERS[36:] == (1, 2, 3, 4, 5, 6)
    assert CLOCKWISE == (PURPLE, ORANGE, RED, BLUE, YELLOW, GREEN)


def test_s1_an_outer_star_takes_only_its_colour() -> None:
    """S-1, S-8: the blue star takes blue tiles; the centre star takes any colour it lacks."""
    state = placing("BBBRRR", stars={"C": "R....."})
    assert {str(move) for move in state.legal_moves() if str(move)[0] == "B"} == {"B1B", "B2B", "B3B"}
    with pytest.raises(IllegalMoveError, match="takes only blue") as error:
        state.play("B1R")
    assert error.value.rule == "S-8"
    with pytest.raises(IllegalMoveError, match="already holds red"):
        state.play("C2R")
    state.play("C2B")


def test_s2_tiles_touch_only_within_a_star_around_the_ring() -> None:
    """S-2: slots 6 and 1 of a star touch; tiles of neighbouring stars never do."""
    state = placing("RRRRRR", stars={"R": ".....R", "O": "O....."})
    state.play("R1R")
    assert state.scores[0] == 5 + 2  # slot 1 joins slot 6 of the same star
    other = placing("BBBBBB", stars={"R": "R.....", "C": "B....."})
    other.play("B1B")
    assert other.scores[0] == 5 + 1  # the red star's slot 1 and the centre are other stars


def test_s3_there_are_six_windows_six_statues_six_pillars() -> None:
    """S-3: 18 features: windows (3 tiles), statues (2), pillars (1), with the spaces the rules list."""
    kinds = [feature.kind for feature in FEATURES]
    assert kinds.count("window") == kinds.count("statue") == kinds.count("pillar") == 6
    statues = {
        (STAR_LETTERS[feature.star], STAR_LETTERS[star_of(feature.spaces[2])])
        for feature in FEATURES
        if feature.kind == "statue"
    }
    assert statues == {("O", "R"), ("R", "B"), ("B", "Y"), ("Y", "G"), ("G", "P"), ("P", "O")}
    pillars = {
        STAR_LETTERS[feature.star]: tuple(slot_of(index) for index in feature.spaces[2:])
        for feature in FEATURES
        if feature.kind == "pillar"
    }
    assert pillars == {"O": (6, 1), "R": (1, 2), "B": (2, 3), "Y": (3, 4), "G": (4, 5), "P": (5, 6)}
    assert {feature.tiles for feature in FEATURES if feature.kind == "window"} == {3}


def _fill_feature_but_one(feature_number: int) -> tuple[dict[str, str], str, str]:
    """Stars with every space of the feature filled except the last, that space's move, and a hand."""
    feature = FEATURES[feature_number]
    stars = {letter: list("......") for letter in STAR_LETTERS}
    centre_colours = iter([RED, BLUE, YELLOW, GREEN, ORANGE])
    *first, last = feature.spaces
    for index in first:
        star = star_of(index)
        colour = star if star < 6 else next(centre_colours)
        stars[STAR_LETTERS[star]][slot_of(index) - 1] = "ORBYGP"[colour]
    star = star_of(last)
    colour = star if star < 6 else next(centre_colours)
    letter = "ORBYGP"[colour]
    move = f"{STAR_LETTERS[star]}{slot_of(last)}{letter}"
    return {name: "".join(slots) for name, slots in stars.items()}, move, letter * 6


@pytest.mark.parametrize("feature_number", range(18), ids=[feature.name for feature in FEATURES])
def test_s3_s10_each_feature_pays_when_its_last_space_is_filled_and_never_twice(feature_number: int) -> None:
    """S-3, S-10: filling a feature's last space owes its tiles from the supply, once."""
    stars, move, hand = _fill_feature_but_one(feature_number)
    state = placing(hand, stars=stars, round=2)  # wild green: a purple tile is paid in purple (S-8)
    state.play(move)
    tiles = FEATURES[feature_number].tiles
    assert state.to_dict()["phase"] == "bonus" and state.pending_bonus == [tiles]
    pick = state.legal_moves()[0]
    assert len(pick.tiles) == tiles  # type: ignore[attr-defined]
    state.play(pick)
    assert state.pending_bonus == [] and sum(state.supply) == 10  # refilled to ten (S-10)
    # Filling a space next to the completed feature, in no other feature that could complete, pays nothing.
    feature = FEATURES[feature_number]
    star = feature.star
    slot = {"window": 4, "statue": 3, "pillar": 1}[feature.kind]
    hand = state.boards[0].hand
    hand[star] += 6
    state.boards[0].hand = hand  # set whole: a hand read from a native position is a copy
    state.play(f"{STAR_LETTERS[star]}{slot}{'ORBYGP'[star]}")
    assert state.pending_bonus == [] and state.to_dict()["phase"] == "placement"


def test_s10_two_features_completed_by_one_placement_both_pay() -> None:
    """S-10: slot 2 of the orange star finishes its statue and its pillar: 2 tiles, then 1 (ruling R-11)."""
    stars = {"O": "O.O...", "R": "..RR..", "C": "B....R"}  # statue O1,O2+R3,R4; pillar O2,O3+C6,C1
    state = placing("OOOOOO", stars=stars, round=2)
    state.play("O2O")
    assert state.pending_bonus == [2, 1]
    assert {len(move.tiles) for move in state.legal_moves()} == {2}  # type: ignore[attr-defined]
    state.play("pick:RR")
    assert state.pending_bonus == [1] and state.to_dict()["phase"] == "bonus"
    state.play("pick:B")
    hand = board_data(state)["hand"]
    assert isinstance(hand, str) and hand.count("R") == 2 and "B" in hand
    assert state.to_dict()["phase"] == "placement"


def test_s10_a_centre_slot_completes_two_pillars() -> None:
    """S-3, S-10: centre slot 1 belongs to the orange and the red pillar; filling it last pays both."""
    stars = {"O": ".OO...", "R": ".RR...", "C": ".B...G"}  # orange pillar O2,O3+C6,C1; red R2,R3+C1,C2
    state = placing("YY", stars=stars, round=2)
    state.play("C1Y")
    assert state.pending_bonus == [1, 1]


def test_s10_bonus_takes_fewer_when_the_supply_runs_short_and_bag_and_tower_are_empty() -> None:
    """S-10, F-2: the supply is refilled from the bag, the tower refilling an empty bag; else it stays short."""
    stars = {"O": ".OO...", "C": ".....R"}  # the orange pillar lacks centre slot 1, which costs one tile
    state = placing("BB", stars=stars, round=2, supply="R")
    state.bag = [0] * 6  # the other tiles are out of play for this test
    state.tower = [0] * 6
    state.play("C1B")
    assert [str(move) for move in state.legal_moves()] == ["pick:R"]
    state.play("pick:R")
    assert state.supply == [0] * 6 and state.to_dict()["phase"] == "placement"
    again = placing("BBYY", stars={"O": ".OO...", "C": ".....R", "B": ".BB..."}, round=2, supply="")
    again.bag = [0] * 6
    again.tower = [0] * 6
    again.play("C1B")  # the pillar is owed a tile, but the supply is empty: nothing to pick
    assert again.to_dict()["phase"] == "placement" and again.pending_bonus == []


def test_s10_supply_refill_is_a_chance_event_and_the_tower_refills_the_bag() -> None:
    """S-10, F-2: after a pick the supply is refilled to ten; an empty bag takes the tower first."""
    state = placing("BB", stars={"O": ".OO...", "C": ".....R"}, round=2, auto_chance=False)
    state.bag = [0] * 6
    state.tower = [0, 0, 0, 0, 5, 0]
    state.play("C1B")
    state.play("pick:O")
    assert state.is_chance and state.to_dict()["chance"] == "refill"
    outcome = state.sample_chance(random.Random(1))
    assert isinstance(outcome, SupplyDraw) and outcome.tiles == (GREEN,)
    with pytest.raises(IllegalChanceError, match="F-2"):
        state.apply_chance("supply:RRR")
    state.apply_chance(outcome)
    assert sum(state.supply) == 10 and state.tower == [0] * 6 and state.bag == [0, 0, 0, 0, 4, 0]


# --- S-4..S-7: setup, acquisition, placement order -----------------------------------------


@pytest.mark.parametrize("players", [2, 3, 4])
def test_s4_setup(players: int) -> None:
    """S-4: scores 5, a supply of 10, full factories, the marker in the centre, round 1 with wild purple."""
    state = state_of(mozaika.new_game("pavilion", players=players, seed=3))
    data = state.to_dict()
    assert state.scores == [5] * players and len(data["supply"]) == 10
    assert [len(factory) for factory in data["factories"]] == [4] * {2: 5, 3: 7, 4: 9}[players]
    assert data["marker_in_centre"] and state.round == 1 and data["wild"] == "P"
    assert [str(step).split(":")[0] for step in state.history] == ["supply", "fill"]
    assert WILD_BY_ROUND == (PURPLE, GREEN, ORANGE, YELLOW, BLUE, RED)


def test_s5_red_from_a_factory_without_wild() -> None:
    """S-5, seed example: two red tiles taken, the two yellow go to the centre."""
    state = state_of(positions.build("pavilion", players=2, factories="RRYY/OBBG/-/-/-"))
    state.play("1R")
    assert board_data(state)["hand"] == "RR" and state.to_dict()["centre"] == "YY"


def test_s5_green_with_one_of_two_wilds() -> None:
    """S-5, seed example: the green tile and exactly one of the two purple (wild) tiles."""
    state = state_of(positions.build("pavilion", players=2, factories="YGPP/OBBG/-/-/-"))  # round 1: purple is wild
    state.play("1G")
    assert board_data(state)["hand"] == "GP" and state.to_dict()["centre"] == "YP"


def test_s5_yellow_from_the_centre_with_the_marker_costs_four() -> None:
    """S-5, seed example: three yellow and one wild from the centre, first there: the marker and -4."""
    state = state_of(positions.build("pavilion", players=2, scores=[10, 5], centre="YYYPP", factories="OBBG/-/-/-/-"))
    state.play("CY")
    assert board_data(state)["hand"] == "YYYP" and state.scores[0] == 10 - 4
    assert state.to_dict()["marker_holder"] == 0 and state.to_dict()["centre"] == "P"


def test_s5_the_marker_penalty_stops_at_one_and_is_allowed_at_one() -> None:
    """S-5: the score never drops below 1, and a player at 1 may still take the marker."""
    state = state_of(positions.build("pavilion", players=2, scores=[1, 5], centre="YYY", factories="OBBG/-/-/-/-"))
    state.play("CY")
    assert state.scores[0] == 1


def test_s5_a_factory_of_wild_tiles_gives_one() -> None:
    """S-5: from a factory holding only wild tiles, take one; the rest goes to the centre."""
    state = state_of(
        positions.build("pavilion", players=2, factories=["PPPP", "OBBG", "", "", ""], phase="acquisition")
    )
    assert "1P" in {str(move) for move in state.legal_moves()}
    state.play("1P")
    assert board_data(state)["hand"] == "P" and state.to_dict()["centre"] == "PPP"


def test_s5_the_wild_colour_cannot_be_chosen_when_another_colour_is_there() -> None:
    """S-5: with other colours present, the wild colour is not a choice."""
    state = state_of(positions.build("pavilion", players=2, factories=["YGPP", "", "", "", ""], phase="acquisition"))
    assert {str(move) for move in state.legal_moves()} == {"1Y", "1G"}
    with pytest.raises(IllegalMoveError, match="wild colour") as error:
        state.play("1P")
    assert error.value.rule == "S-5"


def test_s5_taking_from_the_centre_moves_nothing() -> None:
    """S-5: from the centre, only the chosen colour (and one wild) is taken; the rest stays."""
    state = state_of(
        positions.build(
            "pavilion",
            players=2,
            factories=["OBBG", "", "", "", ""],
            centre="RRBY",
            phase="acquisition",
            marker=1,
        )
    )
    state.play("CR")
    assert state.to_dict()["centre"] == "BY" and state.scores[0] == 5  # the marker was already taken


def test_s6_s7_acquisition_ends_when_the_table_is_empty_and_the_marker_holder_places_first() -> None:
    """S-6, S-7: the last take starts the placement phase; the marker's holder places first."""
    state = state_of(
        positions.build(
            "pavilion",
            players=2,
            factories=["RRYY", "", "", "", ""],
            phase="acquisition",
            marker=1,
        )
    )
    state.play("1R")
    assert state.to_dict()["phase"] == "acquisition"  # the yellow tiles went to the centre
    state.play("CY")
    assert state.to_dict()["phase"] == "placement" and state.to_move == (1,)


def test_s7_without_the_marker_the_starter_places_first_and_passed_players_are_skipped() -> None:
    """S-7: nobody took the marker, so the starter places first; a player who passed takes no more turns."""
    state = state_of(
        positions.build(
            "pavilion",
            players=3,
            turn=2,
            starter=2,
            factories=["RR", "", "", "", "", "", ""],
            phase="acquisition",
        )
    )
    state.play("1R")
    assert state.to_move == (2,)
    state.play("pass")
    assert state.to_move == (0,)
    state.play("pass")
    assert state.to_move == (1,)
    state.play("pass")
    assert state.round == 2 and state.to_dict()["phase"] == "acquisition"  # every player passed


# --- S-8, S-9: placing and scoring ---------------------------------------------------------


def test_s8_example_a_seven_blue_on_blue_six_scores_one() -> None:
    """S-8, S-9, seed example A: one blue placed, five paid to the tower, one kept; 1 point."""
    state = placing("BBBBBBB")
    state.play("B6B")
    assert board_data(state)["hand"] == "B" and state.scores[0] == 5 + 1 and state.tower[BLUE] == 5


def test_s8_example_b_three_red_on_red_three_scores_one() -> None:
    """S-8, S-9, seed example B."""
    state = placing("RRR")
    state.play("R3R")
    assert board_data(state)["hand"] == "" and state.scores[0] == 6 and state.tower[RED] == 2


def test_s8_example_c_three_wild_and_three_blue_on_blue_six_score_three() -> None:
    """S-8, S-9, seed example C: the wild tiles pay; the new tile makes a run of three."""
    state = placing("BBBPPP", stars={"B": "...BB."})
    six = {str(move) for move in state.legal_moves() if str(move).startswith("B6")}
    assert six == {"B6B+3"}  # three blue alone cannot pay for 6: all three wild tiles must help
    state.play("B6B+3")
    assert board_data(state)["hand"] == "" and state.scores[0] == 5 + 3
    assert state.tower[BLUE] == 2 and state.tower[PURPLE] == 3


def test_s8_example_d_orange_four_keeping_the_green_tile() -> None:
    """S-8, S-9, seed example D: one orange and three wild on orange 4 for 3 points; green stays in hand."""
    state = placing("OGPPP", stars={"O": "..O.O."})
    state.play("O4O+3")
    assert board_data(state)["hand"] == "G" and state.scores[0] == 5 + 3


def test_s8_example_e_purple_two_in_the_purple_round() -> None:
    """S-8, S-9, seed example E: purple is wild in round 1, so purple 2 is paid with two purple tiles."""
    state = placing("RRGGGGPP", stars={"P": "P.P..."})
    state.play("P2P")
    assert board_data(state)["hand"] == "RRGGGG" and state.scores[0] == 5 + 3
    with pytest.raises(IllegalMoveError, match="wild colour"):
        placing("RRGGGGPP").play("P2P+1")


def test_s8_a_tile_of_the_colour_must_be_held_and_the_cost_paid() -> None:
    """S-8: at least one tile of the placed colour; the rest of the number in that colour or wild."""
    state = placing("PPPPP")
    assert not [move for move in state.legal_moves() if str(move).startswith("B")]
    with pytest.raises(IllegalMoveError, match="no blue tile"):
        state.play("B1B")
    short = placing("BBPP")
    with pytest.raises(IllegalMoveError, match="not enough"):
        short.play("B5B+2")
    with pytest.raises(IllegalMoveError, match="at most 2 wild"):
        short.play("B3B+3")
    with pytest.raises(IllegalMoveError, match="already filled"):
        placing("BB", stars={"B": "B....."}).play("B1B")


def test_s9_a_run_through_the_new_tile_and_a_completed_star_scores_six() -> None:
    """S-9: the contiguous arc through the new tile; 6 when it completes the star."""
    state = placing("YYYYYY", stars={"Y": "YY.YYY"})
    state.play("Y3Y")
    assert state.scores[0] == 5 + 6
    ring = placing("YYYYYY", stars={"Y": "Y...YY"})
    ring.play("Y4Y")
    assert ring.scores[0] == 5 + 4  # slots 4, 5, 6 and 1 are contiguous around the ring


# --- S-11, S-12: passing and the next round ----------------------------------------------


def test_s11_example_f_pass_keeping_four_green_and_discarding_two_red() -> None:
    """S-11, seed example F: four green kept for the next round, two red discarded for -2."""
    state = placing("RRGGGG", score=12)
    state.play("pass:GGGG")
    assert state.scores[0] == 10 and board_data(state)["hand"] == "GGGG" and state.tower[RED] == 2


def test_s11_at_most_four_kept_score_at_least_one_and_nothing_kept_in_round_six() -> None:
    """S-11: up to four tiles kept; the rest cost 1 each but never below 1; round 6 keeps nothing."""
    state = placing("RRRRRGG", score=2)
    with pytest.raises(IllegalMoveError, match="at most 4"):
        state.play("pass:RRRRG")
    state.play("pass:RRRR")
    assert state.scores[0] == 1
    last = placing("RRGG", round=6)
    assert [str(move) for move in last.legal_moves() if str(move).startswith("pass")] == ["pass"]
    with pytest.raises(IllegalMoveError, match="last round"):
        last.play("pass:G")


def test_s11_every_choice_of_kept_tiles_is_a_move() -> None:
    """S-11: the player chooses which tiles to keep: every sub-collection of at most four tiles."""
    state = placing("RRGB")
    passes = {str(move) for move in state.legal_moves() if str(move).startswith("pass")}
    assert passes == {"pass", "pass:R", "pass:B", "pass:G", "pass:RR", "pass:RB", "pass:RG", "pass:BG"} | {
        "pass:RRB",
        "pass:RRG",
        "pass:RBG",
        "pass:RRBG",
    }


def test_s12_next_round_the_marker_holder_starts_and_kept_tiles_return() -> None:
    """S-12: round track, factories refilled, marker back in the centre, kept tiles in hand."""
    state = state_of(positions.build("pavilion", players=2, hands=["GGRR", "O"], marker=1, turn=1, phase="placement"))
    state.play("pass:O")
    state.play("pass:GGR")
    data = state.to_dict()
    assert state.round == 2 and data["wild"] == "G" and data["marker_in_centre"]
    assert data["phase"] == "acquisition" and state.to_move == (1,) and data["starter"] == 1
    assert [board["hand"] for board in data["boards"]] == ["RGG", "O"]
    assert all(len(factory) == 4 for factory in data["factories"])


def test_s12_nobody_took_the_marker_so_the_same_player_starts_again() -> None:
    """S-12: without a marker holder, the previous starter starts again."""
    state = state_of(positions.build("pavilion", players=2, turn=1, starter=1, phase="placement"))
    state.play("pass")
    state.play("pass")
    assert state.to_move == (1,)


# --- S-13, S-14: the end ----------------------------------------------------------------


def test_s13_game_ends_after_round_six_with_star_and_number_bonuses() -> None:
    """S-13: completed stars pay their colour's bonus, the centre 12; all 1s 4, all 2s 8, …"""
    ones = {"O": "O.....", "R": "R.....", "B": "B.....", "Y": "Y.....", "G": "G.....", "P": "P....."}
    stars = {**ones, "R": "RRRRRR", "C": "ORBYGP"}
    state = placing("", stars=stars, round=6, score=20)
    state.play("pass")
    assert state.is_over
    breakdown = state.score_breakdown()[0]
    assert breakdown["stars"] == 14 + 12 and breakdown["numbers"] == 4
    assert state.scores[0] == 20 + 14 + 12 + 4


def test_s13_every_number_bonus() -> None:
    """S-13: every 2 filled: 8; every 3: 12; every 4: 16."""
    stars = {letter: f".{letter}{letter}{letter}.." for letter in "ORBYGP"} | {"C": ".RBY.."}
    state = placing("", stars=stars, round=6)
    state.play("pass")
    assert state.score_breakdown()[0]["numbers"] == 8 + 12 + 16


def test_s14_ties_share_the_victory() -> None:
    """S-14: equal best scores both win."""
    state = state_of(
        positions.build("pavilion", players=2, scores=[30, 30], passed=[False, True], round=6, phase="placement")
    )
    state.play("pass")
    assert state.is_over and state.winners == [0, 1]


# --- S-15..S-17: the colourless side -------------------------------------------------------


def test_s15_colourless_numbers() -> None:
    """S-15: outer slots carry 3, 2, 1, 4, 5, 6; the centre's every slot 3."""
    assert COLOURLESS_NUMBERS[:6] == (3, 2, 1, 4, 5, 6) and set(COLOURLESS_NUMBERS[36:]) == {3}
    state = state_of(
        positions.build(
            "pavilion",
            players=2,
            board="colourless",
            hands=["RRRR", ""],
            passed=[False, True],
            phase="placement",
        )
    )
    state.play("C1R")
    assert board_data(state)["hand"] == "R" and state.tower[RED] == 2


def test_s16_colourless_stars_are_one_colour_or_six_colours() -> None:
    """S-16: a second tile decides: the same colour makes a one-colour star, another a six-colour star."""
    hand = "RRRRRRBBBBBBYYYYYY"
    one = state_of(
        positions.build(
            "pavilion",
            players=2,
            board="colourless",
            stars=[{"O": "R....."}, None],
            hands=[hand, ""],
            passed=[False, True],
            phase="placement",
        )
    )
    assert {str(move)[2] for move in one.legal_moves() if str(move).startswith("O2")} == {"R", "B", "Y"}
    one.play("O2R")
    assert {str(move)[2] for move in one.legal_moves() if str(move).startswith("O4")} == {"R"}
    with pytest.raises(IllegalMoveError, match="one-colour star of red") as error:
        one.play("O4B")
    assert error.value.rule == "S-16"
    six = state_of(
        positions.build(
            "pavilion",
            players=2,
            board="colourless",
            stars=[{"O": "RB...."}, None],
            hands=[hand, ""],
            passed=[False, True],
            phase="placement",
        )
    )
    assert {str(move)[2] for move in six.legal_moves() if str(move).startswith("O4")} == {"Y"}
    with pytest.raises(IllegalMoveError, match="must all differ"):
        six.play("O4R")


def test_s17_colourless_star_bonuses() -> None:
    """S-17: a one-colour star scores its colour's bonus (purple 20), a six-colour star 12."""
    stars = {"O": "PPPPPP", "R": "ORBYGP", "C": "GGGGGG"}
    state = state_of(
        positions.build(
            "pavilion",
            players=2,
            board="colourless",
            stars=[stars, None],
            passed=[False, True],
            round=6,
            phase="placement",
        )
    )
    state.play("pass")
    assert state.score_breakdown()[0]["stars"] == 20 + 12 + 18


def test_positions_are_checked() -> None:
    """F-4, S-8, S-16: impossible positions are refused with the rule."""
    with pytest.raises(PositionError, match="S-8"):
        positions.build("pavilion", players=2, stars=[{"B": "R....."}, None], phase="placement")
    with pytest.raises(PositionError, match="S-16"):
        positions.build(
            "pavilion",
            players=2,
            board="colourless",
            stars=[{"B": "RRB..."}, None],
            phase="placement",
        )
    with pytest.raises(PositionError, match="at least 1"):
        positions.build("pavilion", players=2, scores=[0, 5], phase="placement")


def test_s11_the_passes_remembered_by_hand_stay_bounded_and_right() -> None:
    """S-11: a long run meets ever new hands; the memory of their passes stays bounded and each
    answer is every sub-collection of at most ``keep_most`` tiles of the hand."""
    rng = random.Random(11)
    for _ in range(moves.PASSES_REMEMBERED + 500):
        hand = [rng.randrange(40) for _ in range(6)]
        keep_most = rng.randrange(5)
        found = moves.passes(hand, keep_most)
        assert len(moves._PASSES_BY_HAND) <= moves.PASSES_REMEMBERED
    assert {move.kept for move in found} == {
        kept
        for size in range(keep_most + 1)
        for kept in itertools.combinations_with_replacement(range(6), size)
        if all(kept.count(colour) <= hand[colour] for colour in range(6))
    }
