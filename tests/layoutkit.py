"""The table's layout checked without Textual: every position of a seeded game, planned as the table screen plans it.

The pilot's whole games (test_terminal_app.py) draw the real screen but, for their cost, most of them
start at the last round. This check is cheap enough for every position of a whole game: it builds the
:class:`~mozaika.terminal.layout.Frame` as the app's ``redraw`` does, plans it as the table screen's
``_lay_out`` does (the middle's height kept across a round), and adds up what the screen stacks.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from rich.console import Console, Group
from rich.text import Text

import mozaika
from mozaika.core.protocol import State
from mozaika.i18n import Messages
from mozaika.richview import View, position_family
from mozaika.terminal import GameTable, seats_from_names
from mozaika.terminal.choosing import MoveChooser
from mozaika.terminal.layout import (
    BORDER,
    FIXED_LINES,
    LEGEND_PADDING,
    OTHERS_INDENT,
    PADDED,
    Frame,
    Plan,
    lines_of,
    others_drawing,
    plan_table,
)

from terminalkit import random_game, widest


def viewer_turns(game: str, options: dict[str, Any], players: int, seed: int) -> Iterator[State]:
    """Each position of a whole seeded random game where the first seat is to move."""
    return (state for state in random_game(game, options, players, seed) if 0 in state.to_move)


def frame_of(state: State, names: list[str], text: Messages) -> Frame:
    """The frame the app's ``redraw`` hands the table screen: while the first seat chooses its move, with
    its choices; while the bots move, the position alone."""
    position = state.to_dict()
    choosing = None
    if 0 in state.to_move:
        choosing = MoveChooser(position_family(position), state.legal_moves(0), 0).choosing()
    view = View(text, choosing, clickable=True, names=names)
    return Frame(position, tuple(names), tuple(state.to_move), 0, view, seat_order=False)


def factory_places(console: Console, plan: Plan) -> dict[int, tuple[int, int]]:
    """Where each factory's number stands in the table's middle as drawn for ``plan``: (line, column)."""
    numbers = {str(number + 1) for number in range(len(plan.frame.position["factories"]))}
    options = console.options.update_width(plan.width - PADDED)
    places: dict[int, tuple[int, int]] = {}
    for row, line in enumerate(console.render_lines(plan.drawings["shared"], options, pad=False)):
        column = 0
        for segment in line:
            number = segment.text.strip()
            style = segment.style
            if number in numbers and style is not None and style.bold and style.bgcolor is None:
                places.setdefault(int(number), (row, column + segment.text.index(number)))
            column += segment.cell_length
    return places


def layout_problems(
    game: str,
    options: dict[str, Any],
    players: int,
    size: tuple[int, int],
    seed: int,
    *,
    first: int | None = None,
    every_frame: bool = False,
) -> list[str]:
    """What would not fit a window of ``size`` at any turn of the first seat (a person against bots) in a
    whole seeded game (or its ``first`` turns only; ``every_frame``: also while the bots move): each
    problem named with the round and the step. Within a round the factories must keep their places and
    the middle its height."""
    width, height = size
    text = Messages("en")
    console = Console(width=400)
    state = mozaika.new_game(game, players=players, seed=seed, **options)
    names = GameTable(state, seats_from_names(["human"] + ["random"] * (players - 1), state.seed, text)).names
    problems: list[str] = []
    floor_round, shared_floor = 0, 0
    places: dict[int, tuple[int, int]] = {}
    frames = random_game(game, options, players, seed) if every_frame else viewer_turns(game, options, players, seed)
    for turn, state in enumerate(frames):
        if first is not None and turn >= first:
            break
        if state.is_chance:
            continue
        frame = frame_of(state, names, text)
        if frame.position["round"] != floor_round:  # the screen measures the middle afresh each round
            floor_round, shared_floor, places = frame.position["round"], 0, {}
        plan = plan_table(frame, width, height, console, shared_floor=shared_floor)
        where = f"round {frame.position['round']}, step {len(state.history)}"
        if plan.needed is not None:
            problems.append(f"{where}: the window {width}x{height} is too small, {plan.needed} needed")
            continue
        if shared_floor and plan.shared_height != shared_floor:
            problems.append(f"{where}: the middle grew from {shared_floor} to {plan.shared_height} lines")
        shared_floor = plan.shared_height
        now = factory_places(console, plan)
        if len(now) != len(frame.position["factories"]):
            problems.append(f"{where}: factories {sorted(now)} found in the middle")
        moved = {number: (places[number], place) for number, place in now.items() if places.get(number, place) != place}
        if moved:
            problems.append(f"{where}: factories moved (line, column): {moved}")
        places.update(now)
        problems += fitting(console, plan, width, height, where, text)
    return problems


def fitting(console: Console, plan: Plan, width: int, height: int, where: str, text: Messages) -> list[str]:
    """What of ``plan`` would wrap or fall off a window of ``width`` x ``height``."""
    problems = []
    # Across: the other boards left of yours, yours, and right of it (``#others``' padding before them).
    right = others_drawing(plan)
    if plan.boards_key:
        right = Group(right, Text(text("boards_key")))
    # The drawings the plan rendered for this frame: what the table's parts draw.
    mine = plan.drawings["mine"]
    mine_width = widest(console, mine) + PADDED
    before_width = widest(console, others_drawing(plan, before=True)) if plan.before_seats else 0
    right_room = width - before_width - mine_width - OTHERS_INDENT
    if widest(console, right) > right_room:
        problems.append(f"{where}: the other boards need {widest(console, right)} columns, have {right_room}")
    # Down: the heading, the middle, the boards' row, the step, the message and the prompt.
    shared = lines_of(console, plan.drawings["shared"], width - PADDED) + BORDER
    if shared > plan.shared_height:
        problems.append(f"{where}: the middle needs {shared} lines, has {plan.shared_height}")
    mine_height = lines_of(console, mine, mine_width - PADDED) + BORDER
    side_height = lines_of(console, right, right_room) + sum(
        lines_of(console, line, width - before_width - mine_width - LEGEND_PADDING) for line in plan.legend
    )
    before_height = lines_of(console, others_drawing(plan, before=True), before_width) if plan.before_seats else 0
    boards = max(mine_height, side_height, before_height)
    if FIXED_LINES + plan.shared_height + boards > height:
        problems.append(
            f"{where}: {FIXED_LINES} fixed lines, the middle's {plan.shared_height} and the boards' {boards}"
            f" take more than {height} lines"
        )
    return problems
