"""Azul rules, one test (or more) per rule id of docs/rules.md, sections F and A."""

from __future__ import annotations

import hashlib
import random
from collections import Counter

import pytest

import mozaika
from mozaika import IllegalChanceError, IllegalMoveError, OptionError
from mozaika.azul import AzulState
from mozaika.azul.theme import AZUL_THEME
from mozaika.azul.wall import FLOOR_LOSS, coloured_colour, placement_points
from mozaika.core.drawing import apply_draw, draw_bits, sample_draw
from mozaika.notation import positions

from examples import coloured_wall

BLUE, YELLOW, RED, BLACK, WHITE = range(5)


def moves_text(state: mozaika.State) -> set[str]:
    return {str(move) for move in state.legal_moves()}


# --- F: common rules -----------------------------------------------------------------


@pytest.mark.parametrize(("players", "factories"), [(2, 5), (3, 7), (4, 9)])
def test_f1_factory_count_and_fill(players: int, factories: int) -> None:
    """F-1: 5, 7, 9 factories for 2, 3, 4 players, each filled with 4 tiles."""
    state = mozaika.new_game("azul", players=players, seed=11)
    position = state.to_dict()
    assert len(position["factories"]) == factories
    assert all(len(factory) == 4 for factory in position["factories"])
    assert sum(position["bag"].values()) == 100 - 4 * factories


@pytest.mark.parametrize("players", [0, 1, 5, "2", True])
def test_f1_wrong_player_count_is_refused(players: object) -> None:
    """F-1: only 2, 3 or 4 players."""
    with pytest.raises(OptionError, match="F-1"):
        mozaika.new_game("azul", players=players, seed=1)  # type: ignore[arg-type]


def test_f1_factories_form_a_circle_numbered_from_one() -> None:
    """F-1: factories are numbered 1..5 in the notation; there is no factory 6 with 2 players."""
    state = mozaika.new_game("azul", players=2, seed=3)
    sources = {str(move)[0] for move in state.legal_moves()}
    assert sources <= {"1", "2", "3", "4", "5", "C"}
    with pytest.raises(mozaika.NotationError, match="no factory 6"):
        state.parse_move("6B1")


def test_f2_draw_is_uniform_over_tiles_not_colours() -> None:
    """F-2: one blue among 99 white tiles is drawn about 1% of the time, not 50%."""
    rng = random.Random(5)
    bits = draw_bits([1])
    blue = sum(
        sample_draw([1, 0, 0, 0, 99], [0] * 5, [1], rng.getrandbits(bits)).groups[0] == (BLUE,) for _ in range(4000)
    )
    assert 10 <= blue <= 80


def test_f2_every_pair_of_tiles_is_equally_likely() -> None:
    """F-2: drawing 2 of 2 blue and 2 yellow tiles gives BB, BY, YY one, four and one times in six."""
    rng = random.Random(6)
    bits = draw_bits([2])
    pairs = Counter(sample_draw([2, 2, 0, 0, 0], [0] * 5, [2], rng.getrandbits(bits)).groups[0] for _ in range(6000))
    assert set(pairs) == {(BLUE, BLUE), (BLUE, YELLOW), (YELLOW, YELLOW)}
    assert 850 <= pairs[BLUE, BLUE] <= 1150 and 850 <= pairs[YELLOW, YELLOW] <= 1150  # 1000 expected


def test_f2_lid_refills_the_bag_mid_draw() -> None:
    """F-2: when the bag runs out, the lid goes into the bag and the draw continues."""
    bag = [2, 0, 0, 0, 0]
    lid = [0, 0, 0, 0, 30]
    draw = sample_draw(bag, lid, [4, 4], random.Random(1).getrandbits(draw_bits([4, 4])))
    tiles = sorted(tile for group in draw.groups for tile in group)
    assert tiles == [BLUE, BLUE, *[WHITE] * 6]
    assert BLUE in draw.groups[0]  # the bag's tiles are drawn first
    apply_draw(bag, lid, [4, 4], draw.groups, what="factory", names=AZUL_THEME.names_en)
    assert bag == [0, 0, 0, 0, 24] and lid == [0] * 5


def test_f2_partial_fill_when_bag_and_lid_are_empty() -> None:
    """F-2: with bag and lid exhausted, factories stay partly filled or empty."""
    state = positions.build("azul", players=2, auto_chance=False, factories=[""] * 5, lid={"B": 0}, phase="chance")
    state.bag = [3, 2, 0, 0, 1]  # the other 94 tiles are out of play for this test
    outcome = state.sample_chance()
    assert [len(group) for group in outcome.factories] == [4, 2, 0, 0, 0]  # type: ignore[attr-defined]


def test_f2_impossible_fills_are_refused_and_change_nothing() -> None:
    """F-2: malformed fills, fills with too many tiles of a colour and short fills are refused."""
    state = mozaika.new_game("azul", players=3, seed=1, auto_chance=False)
    before = state.to_dict()
    with pytest.raises(mozaika.NotationError, match="7 factories"):
        state.apply_chance("fill:BBBB/BBBB/BBBB/BBBB/BBBB")
    with pytest.raises(IllegalChanceError, match="24 blue tiles but the bag holds 20"):
        state.apply_chance("fill:BBBB/BBBB/BBBB/BBBB/BBBB/BBBB/YYYY")
    with pytest.raises(IllegalChanceError, match="must take 28 tiles"):
        state.apply_chance("fill:BBBB/BBB/YYYY/RRRR/KKKK/WWWW/YYYY")
    assert state.to_dict() == before
    state.apply_chance("fill:BBBB/BBBB/BBBB/BBBB/BBBB/YYYY/RRRR")
    assert state.to_dict()["bag"]["B"] == 0


def test_f2_bag_tiles_are_drawn_before_the_lid() -> None:
    """F-2: the factories filled before the bag ran out hold only bag tiles."""
    bag, lid = [1, 0, 0, 0, 0], [0, 0, 0, 0, 10]
    with pytest.raises(IllegalChanceError, match="F-2"):
        apply_draw(
            bag, lid, [4, 4], ((WHITE,) * 4, (BLUE, WHITE, WHITE, WHITE)), what="factory", names=AZUL_THEME.names_en
        )
    apply_draw(bag, lid, [4, 4], ((BLUE, WHITE, WHITE, WHITE), (WHITE,) * 4), what="factory", names=AZUL_THEME.names_en)
    assert bag == [0, 0, 0, 0, 3]


def test_f3_turn_order_is_clockwise_and_the_game_is_a_function_of_seed_and_moves() -> None:
    """F-3: seats move 0, 1, 0, ...; same seed and moves give the same game."""
    first = mozaika.new_game("azul", players=3, seed=42)
    second = mozaika.new_game("azul", players=3, seed=42)
    assert first == second
    order = []
    for _ in range(3):
        order.append(first.to_move[0])
        move = first.legal_moves()[0]
        first.play(move)
        second.play(str(move))
    assert order == [0, 1, 2]
    assert first == second


def test_f3_a_seed_decides_the_deal_as_docs_api_md_describes() -> None:
    """F-3: the first fill of a seeded game, drawn by hand as docs/api.md says, is the engine's."""
    seed = 1234
    number = int.from_bytes(hashlib.shake_256(b"mozaika chance 1234 0").digest(20 + 8), "little")  # 20 tiles
    tiles = [colour for colour in range(5) for _ in range(20)]  # the bag's tiles, listed by colour
    drawn = []
    for left in range(100, 80, -1):
        number, index = divmod(number, left)
        drawn.append(tiles[index])
        tiles[index] = tiles[left - 1]
    expected = tuple(tuple(sorted(drawn[start : start + 4])) for start in range(0, 20, 4))
    state = mozaika.new_game("azul", players=2, seed=seed)
    assert state.history[0].factories == expected  # type: ignore[attr-defined]


def test_f4_tiles_are_conserved_through_a_whole_game() -> None:
    """F-4: bag + lid + factories + centre + boards always hold 20 tiles of each colour."""
    state = mozaika.new_game("azul", players=4, seed=9)
    rng = random.Random(9)
    while not state.is_over:
        assert isinstance(state, AzulState)
        assert state.counts_in_play() == [20] * 5
        state.play(rng.choice(state.legal_moves()))
    assert isinstance(state, AzulState)
    assert state.counts_in_play() == [20] * 5


# --- A: Azul ---------------------------------------------------------------------------


def test_a1_setup() -> None:
    """A-1: scores 0, seat 0 holds the marker and starts, factories are filled."""
    state = mozaika.new_game("azul", players=2, seed=4)
    assert state.scores == [0, 0]
    assert state.to_move == (0,)
    assert state.round == 1
    assert state.to_dict()["marker_in_centre"] is True


def test_a2_round_is_offer_then_tiling_then_preparation() -> None:
    """A-2: after the last tile is taken, walls are tiled and factories refilled."""
    state = positions.build("azul", players=2, seed=2, factories=["BBBB", "", "", "", ""])
    state.play("1B4")
    position = state.to_dict()
    assert state.round == 2
    assert position["boards"][0]["wall"][3] == "...B."
    assert position["boards"][0]["lines"][3] == ""
    assert all(len(factory) == 4 for factory in position["factories"])


def test_a3_factory_take_moves_the_rest_to_the_centre() -> None:
    """A-3 (a): take all of one colour from a factory; the rest goes to the centre."""
    state = positions.build("azul", players=2, factories=["BBYR", "KKKK", "", "", ""])
    state.play("1B2")
    position = state.to_dict()
    assert position["factories"][0] == ""
    assert sorted(position["centre"]) == ["R", "Y"]
    assert position["boards"][0]["lines"][1] == "BB"
    assert state.to_move == (1,)


def test_a3_first_centre_take_gets_the_marker_on_the_floor_first() -> None:
    """A-3 (b): the first player to take from the centre takes the marker, leftmost on the floor."""
    state = positions.build("azul", players=2, factories=["KKKK", "", "", "", ""], centre="YYYRR")
    state.play("CY1")  # 1 yellow on line 1, 2 overflow after the marker
    position = state.to_dict()
    assert position["boards"][0]["floor"] == "1YY"
    assert position["marker_in_centre"] is False and position["marker_holder"] == 0
    state.play("CRF")
    assert state.to_dict()["boards"][1]["floor"] == "RR"  # no second marker


def test_a3_a_player_must_take_tiles_if_any_remain() -> None:
    """A-3: while tiles remain there is always a legal move (the floor at least)."""
    full_lines = ["B", "YY", "RRR", "KKKK", "WWWWW"]
    state = positions.build("azul", players=2, lines=[full_lines, ""], factories=["BYRK", "", "", "", ""])
    assert moves_text(state) == {"1BF", "1YF", "1RF", "1KF"}


def test_a4_the_two_yellow_tiles_example() -> None:
    """A-4, rulebook example: 2 yellow tiles cannot go to lines 2 or 3 (wall has yellow) nor 4 (blue)."""
    state = positions.build(
        "azul",
        players=2,
        walls=["...../..Y../...Y./...../.....", ""],  # Lucka's wall: yellow in rows 2 and 3
        lines=["-/-/-/B/-", ""],  # and a blue tile on line 4
        factories="YYKK/-/-/-/-",
    )
    yellow = {text for text in moves_text(state) if text.startswith("1Y")}
    assert yellow == {"1Y1", "1Y5", "1YF"}
    for refused, reason in [("1Y2", "wall row 2 already holds yellow"), ("1Y4", "line 4 already holds blue")]:
        with pytest.raises(IllegalMoveError, match=reason) as error:
            state.play(refused)
        assert error.value.rule == "A-4"
    state.play("1Y1")  # (A): one on line 1, the other to the floor
    assert state.to_dict()["boards"][0]["lines"][0] == "Y"
    assert state.to_dict()["boards"][0]["floor"] == "Y"


def test_a4_option_b_both_on_line_five() -> None:
    """A-4, rulebook example (B): both yellow tiles on line 5."""
    state = positions.build("azul", players=2, factories=["YYKK", "", "", "", ""])
    state.play("1Y5")
    assert state.to_dict()["boards"][0]["lines"][4] == "YY"
    assert state.to_dict()["boards"][0]["floor"] == ""


def test_a4_full_line_is_not_a_destination() -> None:
    """A-4 with ruling R-1: a full pattern line is not offered (the floor is the same move)."""
    state = positions.build("azul", players=2, lines=[["B", "", "", "", ""], ""], factories=["BBBB", "", "", "", ""])
    assert "1B1" not in moves_text(state)
    with pytest.raises(IllegalMoveError, match="already full"):
        state.play("1B1")


@pytest.mark.parametrize(("tiles", "loss"), [(0, 0), (1, 1), (2, 2), (3, 4), (4, 6), (5, 8), (6, 11), (7, 14)])
def test_a5_floor_penalties(tiles: int, loss: int) -> None:
    """A-5: -1, -1, -2, -2, -2, -3, -3."""
    assert FLOOR_LOSS[tiles] == loss


def test_a5_seed_example_four_tiles_and_the_marker_lose_eight() -> None:
    """A-5, rulebook example: Karel has 4 tiles and the marker on the floor: -8."""
    state = positions.build("azul", players=2, floors=["", "1BBRR"], scores=[0, 20], factories="KKKK/-/-/-/-", turn=1)
    state.play("1K5")
    assert state.scores[1] == 12
    state = positions.build("azul", players=2, floors=["1BBRR", ""], scores=[20, 0], factories="KKKK/-/-/-/-")
    state.play("1KF")  # two more fit (7 spaces, -14), the other two go to the lid
    assert state.scores[0] == 20 - 14
    assert state.to_dict()["lid"]["K"] == 4


def test_a5_tiles_beyond_seven_go_to_the_lid() -> None:
    """A-5: an eighth floor tile goes to the lid and costs nothing."""
    state = positions.build("azul", players=2, floors=["RRRRRR", ""], factories=["BBBB", "YYYY", "", "", ""])
    state.play("1BF")
    assert state.to_dict()["boards"][0]["floor"] == "RRRRRRB"
    assert state.to_dict()["lid"]["B"] == 3


def test_a5_marker_on_a_full_floor_costs_nothing_more() -> None:
    """A-5: the marker still goes to the player with a full floor, with no extra penalty."""
    state = positions.build(
        "azul", players=2, floors=["RRRRRRR", ""], scores=[30, 0], factories=["KKKK", "", "", "", ""], centre="YY"
    )
    state.play("CY2")
    position = state.to_dict()
    assert position["marker_holder"] == 0 and position["boards"][0]["floor"] == "RRRRRRR"
    state.play("1KF")
    assert state.scores[0] == 30 - 14 + 1  # yellow line 2 complete: 1 point; floor -14
    assert state.to_move == (0,)  # the marker's holder starts the next round


def test_a6_offer_ends_when_only_the_marker_is_left() -> None:
    """A-6: the marker alone in the centre does not keep the offer going."""
    state = positions.build("azul", players=2, factories=["BBBB", "", "", "", ""])
    assert state.to_dict()["marker_in_centre"]
    state.play("1BF")
    assert state.round == 2


def test_a7_end_of_round_example() -> None:
    """A-7, rulebook example: lines 2 and 4 complete are tiled (1 point each), 3 and 5 stay."""
    state = positions.build("azul", players=2, lines=["-/RR/BB/BBB/KK", ""], factories="BYYY/-/-/-/-")
    state.play("1B4")  # line 4 complete; yellow to the centre
    state.play("CYF")
    after = state.to_dict()["boards"][0]
    assert after["lines"] == ["", "", "BB", "", "KK"]
    assert after["wall"][1] == coloured_wall({(2, 4)})[1] == "...R."
    assert after["wall"][3] == coloured_wall({(4, 4)})[3] == "...B."
    assert state.scores[0] == 2  # 1 + 1: neither tile has a neighbour
    assert state.to_dict()["lid"]["R"] == 1 and state.to_dict()["lid"]["B"] == 3


def test_a7_score_never_below_zero_and_marker_returns() -> None:
    """A-7: the floor penalty cannot take the score below 0; the marker returns to its holder."""
    state = positions.build("azul", players=2, scores=[3, 0], factories=["KKKK", "", "", "", ""], centre="BBB")
    state.play("CBF")
    state.play("1KF")
    assert state.scores == [0, 0]
    breakdown = state.score_breakdown()  # type: ignore[attr-defined]
    assert breakdown[0]["floor"] == -3
    assert state.to_move == (0,)


def test_a8_seed_example_seven_points() -> None:
    """A-8, rulebook example: 4 horizontally and 3 vertically give 7."""
    state = positions.build(
        "azul",
        players=2,
        walls=["...../...X./XXX../...X./.....", ""],  # X: the colour printed there
        lines=["-/-/YYY/-/-", ""],  # yellow completes line 3: it goes to row 3, column 4
        centre="W",
        floors=["", "1"],
        turn=1,
    )
    state.play("CW1")  # the last tile is taken: the wall tiling follows
    assert state.to_dict()["boards"][0]["wall"][2] == "KWBY."
    assert state.scores[0] == 4 + 3


def test_a8_single_runs() -> None:
    """A-8: alone 1 point; horizontal run only; vertical run only."""
    assert placement_points(1 << 12, 2, 2) == 1
    row = sum(1 << (5 * 1 + column) for column in (1, 2, 3))
    assert placement_points(row, 1, 3) == 3
    column = sum(1 << (5 * row + 4) for row in (0, 1, 2))
    assert placement_points(column, 2, 4) == 3


def test_a8_placement_scores_through_the_engine() -> None:
    """A-8: yellow joining a horizontal run of 4 and a vertical pair scores 4 + 2."""
    wall = coloured_wall({(1, 1), (1, 3), (1, 4), (2, 2)})
    assert wall[0] == "B.RK." and wall[1] == ".B..."
    state = positions.build(
        "azul",
        players=2,
        walls=[wall, ""],
        lines=[["Y", "", "", "", ""], ""],
        factories=["", "", "", "", "KKKK"],
    )
    state.play("5K5")
    assert state.to_dict()["boards"][0]["wall"][0] == "BYRK."
    assert state.scores[0] == 6


def test_a9_coloured_wall_pattern() -> None:
    """A-9: row 1 is blue yellow red black white; each next row shifts one to the right."""
    assert [AZUL_THEME.letters[coloured_colour(0, column)] for column in range(5)] == list("BYRKW")
    assert [AZUL_THEME.letters[coloured_colour(1, column)] for column in range(5)] == list("WBYRK")
    assert [AZUL_THEME.letters[coloured_colour(4, column)] for column in range(5)] == list("YRKWB")


def test_a10_grey_wall_choices_are_independent_moves() -> None:
    """A-10: on the grey wall, each player chooses columns; players choose independently."""
    state = positions.build("azul", players=2, wall="grey", lines=["B/YY/-/-/-", "R/-/-/-/-"], factories="KKKK/-/-/-/-")
    state.play("1K5")
    assert state.to_move == (0, 1)
    assert len(state.legal_moves(0)) == 5 and len(state.legal_moves(1)) == 5
    state.play("P2:1>3")  # player 2 need not wait for player 1
    assert state.to_move == (0,)
    with pytest.raises(IllegalMoveError, match="player 2 has no column to choose"):
        state.play("P2:1>1")
    with pytest.raises(IllegalMoveError, match="must place pattern line 1 next"):
        state.play("P1:2>1")
    state.play("P1:1>3")
    assert state.to_move == (0,) and len(state.legal_moves()) == 5
    state.play("2>2")  # one player choosing: the seat may be left out
    assert state.round == 2
    assert state.to_dict()["boards"][0]["wall"][:2] == ["..B..", ".Y..."]
    assert state.scores == [1 + 1, 1]  # diagonal tiles are not neighbours


def test_a10_grey_wall_row_and_column_rule() -> None:
    """A-10: each colour at most once per column: blue cannot join column 1 again."""
    wall = ["B....", ".....", ".....", ".....", "....."]
    state = positions.build(
        "azul",
        players=2,
        wall="grey",
        walls=[wall, ""],
        lines=[["", "BB", "", "", ""], ""],
        factories=["KKKK", "", "", "", ""],
    )
    state.play("1K5")
    assert {str(move) for move in state.legal_moves()} == {"P1:2>2", "P1:2>3", "P1:2>4", "P1:2>5"}
    with pytest.raises(IllegalMoveError, match="A-10"):
        state.play("P1:2>1")


def test_a10_blocked_line_falls_to_the_floor() -> None:
    """A-10: if no column of the row may take the colour, all tiles of the line go to the floor."""
    wall = ["W....", ".YRKB", ".....", ".....", "....."]  # row 2's only free column already has white
    state = positions.build(
        "azul",
        players=2,
        wall="grey",
        walls=[wall, ""],
        lines=[["", "WW", "", "", ""], ""],
        scores=[5, 0],
        factories=["KKKK", "", "", "", ""],
    )
    assert state.round == 5  # row 2 holds four tiles: four tilings came before
    state.play("1K5")
    assert state.round == 6
    assert state.scores[0] == 5 - 2  # two white tiles on the floor
    assert state.to_dict()["boards"][0]["lines"][1] == ""
    assert state.score_breakdown()[0]["tiles_to_floor"] == 2  # type: ignore[attr-defined]


def test_a11_marker_holder_starts_the_next_round() -> None:
    """A-11: the marker's holder starts; the marker returns to the centre."""
    state = positions.build("azul", players=2, factories=["BBBB", "", "", "", ""], centre="YY", turn=0)
    state.play("1BF")  # seat 0
    state.play("CY2")  # seat 1 takes the marker
    assert state.round == 2 and state.to_move == (1,)
    assert state.to_dict()["marker_in_centre"] is True


def test_a11_nobody_took_the_marker_so_the_same_starter_starts() -> None:
    """A-11: if the centre was never used, the player who started this round starts again."""
    state = positions.build("azul", players=2, factories=["BBBB", "YYYY", "", "", ""], turn=1, starter=1)
    state.play("1BF")
    state.play("2YF")
    assert state.round == 2 and state.to_move == (1,)


def test_a12_end_of_game_bonuses() -> None:
    """A-12: the game ends after the tiling that completes a row; +2 row, +7 column, +10 colour."""
    cells = {(1, c) for c in range(1, 5)} | {(r, 1) for r in range(2, 6)} | {(2, 2), (3, 3), (4, 4), (5, 5)}
    wall = coloured_wall(cells)  # row 1 lacks white; column 1 complete; blue on the whole diagonal
    state = positions.build(
        "azul", players=2, walls=[wall, ""], lines=["W/-/-/-/-", ""], scores=[10, 0], factories="KKKK/-/-/-/-"
    )
    state.play("1K5")
    assert state.is_over
    breakdown = state.score_breakdown()  # type: ignore[attr-defined]
    assert breakdown[0]["placement"] == 5  # the white tile completes a run of 5, alone in its column
    assert (breakdown[0]["rows"], breakdown[0]["columns"], breakdown[0]["colours"]) == (2, 7, 10)
    assert state.scores == [10 + 5 + 2 + 7 + 10, 0]
    assert state.winners == [0]
    assert state.legal_moves() == [] and state.to_move == ()


def test_a13_tie_break_by_complete_rows_then_shared() -> None:
    """A-13: equal scores go to the player with more complete rows; still equal, both win."""
    one_row = coloured_wall({(1, c) for c in range(1, 6)})
    two_rows = coloured_wall({(1, c) for c in range(1, 6)} | {(2, c) for c in range(1, 6)})
    state = positions.build(
        "azul", players=2, walls=[one_row, two_rows], scores=[42, 40], factories=["KKKK", "", "", "", ""]
    )
    state.play("1K5")
    assert state.is_over and state.scores == [44, 44]
    assert state.winners == [1]
    state = positions.build(
        "azul", players=2, walls=[one_row, one_row], scores=[40, 40], factories=["KKKK", "", "", "", ""]
    )
    state.play("1K5")
    assert state.scores == [42, 42]
    assert state.winners == [0, 1]


def test_ruling_r6_grey_game_ends_when_no_row_can_be_completed() -> None:
    """Ruling R-6 (A-10, A-12): when no grey wall can ever complete a row, the game ends."""
    dead = ["Y.WBK", "KR.WY", "BWRY.", "RYB.W", "W.YKB"]  # every row's free space already has its colour in the column
    alive = ["Y.WBK", "KR.WY", "BWRY.", "RYB.W", "....."]
    state = positions.build(
        "azul", players=2, wall="grey", walls=[dead, alive], scores=[9, 0], factories=["BBBB", "", "", "", ""]
    )
    state.play("1BF")
    assert not state.is_over  # the second wall's last row can still be completed
    state = positions.build(
        "azul", players=2, wall="grey", walls=[dead, dead], scores=[9, 0], factories=["BBBB", "", "", "", ""]
    )
    state.play("1BF")
    assert state.is_over
    # A-12 bonuses still count: column 1 complete (+7), all yellow and all white (+20).
    assert state.scores == [9 - 6 + 27, 27]


def _red_is_locked_position(*, red_in_bag: int) -> AzulState:
    """Both coloured walls hold every colour but red in every row; red sits in pattern lines 2-5.

    With ``red_in_bag`` 0 all twenty red tiles are in those lines, none complete, so no
    line can ever be completed: no wall can change again.
    """
    red = AZUL_THEME.letters.index("R")
    cells = {(row + 1, column + 1) for row in range(5) for column in range(5) if coloured_colour(row, column) != red}
    wall = coloured_wall(cells)
    lines = [["", "R", "RR", "RRR", "RRRR"], ["", "R", "RR", "RRR", "RRRR"[red_in_bag:]]]
    state = positions.build(
        "azul", players=2, walls=[wall, wall], lines=lines, scores=[10, 10], factories="BBBB/-/-/-/-"
    )
    assert isinstance(state, AzulState)
    return state


def test_ruling_r15_game_ends_when_no_pattern_line_can_ever_be_completed() -> None:
    """Ruling R-15 (A-6, A-12): tiles locked in pattern lines that can never fill end the game."""
    state = _red_is_locked_position(red_in_bag=0)
    assert state.bag[AZUL_THEME.letters.index("R")] == 0
    state.play("1BF")  # blue fits no line (every row holds blue), so it goes to the floor: -6
    assert state.is_over
    # no row or column is complete; each of the four other colours is complete on both walls (+10 each).
    assert state.scores == [10 - 6 + 40, 10 + 40]
    assert [board.bonus_colours for board in state.boards] == [40, 40]


def test_ruling_r15_one_free_tile_that_can_complete_a_line_keeps_the_game_going() -> None:
    """Ruling R-15: with one red tile free, the second player's line 2 (one red) can still be completed."""
    state = _red_is_locked_position(red_in_bag=1)
    assert state.bag[AZUL_THEME.letters.index("R")] == 1
    before = state.round
    state.play("1BF")
    assert not state.is_over and state.round == before + 1


def test_a_grey_wall_column_choice_is_made_by_the_player_it_names() -> None:
    """A-10: at the grey wall's tiling several players choose at once; each choice is its own player's."""
    state = mozaika.new_game("azul", players=3, seed=4, wall="grey")
    rng = random.Random(4)
    checked = 0
    while not state.is_over and checked < 20:
        moves = state.legal_moves()
        if len(state.to_move) > 1:
            for move in moves:
                assert state.mover(move) == move.fields()["player"] - 1
                checked += 1
        elif moves:
            assert all(state.mover(move) == state.to_move[0] for move in moves)
        state.play(moves[rng.randrange(len(moves))])
    assert checked, "the game reached a tiling where several players chose at once"
