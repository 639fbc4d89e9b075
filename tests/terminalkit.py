"""Driving the full-screen terminal client with Textual's pilot, as a person at the keyboard would."""

from __future__ import annotations

import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from rich.columns import Columns
from rich.console import Console, Group
from rich.measure import Measurement
from textual.pilot import Pilot
from textual.widget import Widget

import mozaika
from mozaika.core.protocol import State
from mozaika.i18n import Messages
from mozaika.terminal import GameTable, seats_from_names
from mozaika.terminal.app import PlayApp
from mozaika.terminal.drawn import DrawnOnce
from mozaika.terminal.layout import lines_of
from mozaika.terminal.screens import Notice

ARTIFACTS = Path(__file__).resolve().parent.parent / "build" / "test-artifacts" / "terminal"

GAMES: list[tuple[str, dict[str, Any]]] = [
    ("azul", {}),
    ("azul", {"wall": "grey"}),
    ("chocolatier", {"special_factories": True}),
    ("chocolatier", {"box": "brown"}),
    ("pavilion", {}),
    ("pavilion", {"board": "colourless"}),
]


def game_name(game: str, options: dict[str, Any]) -> str:
    return "-".join([game, *(f"{key}-{value}" for key, value in options.items())]).replace("True", "on")


def new_app(
    game: str,
    options: dict[str, Any],
    players: int,
    seed: int,
    *,
    opponent: str = "random",
    language: str = "en",
    from_round: int = 1,
) -> PlayApp:
    """A game against ``opponent`` bots, the person in the first seat; with ``from_round``, the game
    played on by random legal moves (seeded by ``seed``) to the start of that round, without the app."""
    state = mozaika.new_game(game, players=players, seed=seed, **options)
    moves = random.Random(seed)
    while state.round < from_round:
        assert not state.is_over, f"the game ended before round {from_round}"
        legal = state.legal_moves()
        state.play(legal[moves.randrange(len(legal))])
    text = Messages(language)
    seats = seats_from_names(["human"] + [opponent] * (players - 1), state.seed, text)
    return PlayApp(GameTable(state, seats, hint_bot="greedy"), text)


def random_game(game: str, options: dict[str, Any], players: int, seed: int) -> Iterator[State]:
    """Each position of a whole game, to its end, random legal moves seeded by ``seed`` (one state,
    yielded before each move and once over)."""
    state = mozaika.new_game(game, players=players, seed=seed, **options)
    moves = random.Random(seed)
    yield state
    while not state.is_over:
        legal = state.legal_moves()
        state.play(legal[moves.randrange(len(legal))])
        yield state


def last_round(game: str, options: dict[str, Any], players: int, seed: int) -> int:
    """The round in which the game that :func:`new_app` begins with these arguments ends, when random
    legal moves play it on to its end: ``from_round`` at it starts that game at its last round (or, as the
    app's players move otherwise, near its end)."""
    *_, over = random_game(game, options, players, seed)
    return over.round


def table_after_turns(turns: int) -> GameTable:
    """Azul, a person against the random bot, after ``turns`` turns of each (the person takes the first move listed)."""
    text = Messages("en")
    state = mozaika.new_game("azul", players=2, seed=8)
    table = GameTable(state, seats_from_names(["human", "random"], state.seed, text))
    for _ in range(turns):
        table.play(table.state.legal_moves()[0], 0)
        table.play_bot(1)
    return table


async def settle(app: PlayApp, pilot: Pilot[None]) -> None:
    """Wait until the table is on screen and the game started (after a refresh: a loaded machine may take
    a while), then until bots and hints have moved and the screen shows the result."""
    while not app.begun:
        await pilot.pause(0.01)
    await app.workers.wait_for_complete()
    await pilot.pause()


async def choose_by_keys(app: PlayApp, pilot: Pilot[None], notation: str) -> None:
    """Make a move step by step with the arrow keys and Enter, as the step line offers each step."""
    chooser = app.chooser
    assert chooser is not None
    path = chooser.paths[notation]
    for token in path:
        assert app.chooser is chooser
        options = app.chooser.options()
        assert token in options, (notation, token, options)
        index = options.index(token)
        for _ in range(index):
            await pilot.press("right")
        await pilot.press("enter")
        await pilot.pause()
        if app.chooser is not chooser:
            return
    raise AssertionError(f"{notation} was not played after all its steps")


async def type_notation(app: PlayApp, pilot: Pilot[None], notation: str) -> None:
    """Type a move's notation into the prompt, then Enter if the typing alone did not decide it."""
    prompt = app.table_screen.query_one("#prompt")
    prompt.value = notation  # type: ignore[attr-defined]
    await pilot.pause()
    if app.chooser is not None and app.chooser.typed.upper() == notation.upper():
        await pilot.press("enter")
        await pilot.pause()


def widest(console: Console, drawing: Any) -> int:
    """The widest piece of a drawing that cannot flow onto another line (a line of text, a board)."""
    if isinstance(drawing, Group):
        return max((widest(console, part) for part in drawing.renderables), default=0)
    if isinstance(drawing, Columns):
        return max((widest(console, part) for part in drawing.renderables), default=0)
    return Measurement.get(console, console.options, drawing).maximum


def unwrapped_and_visible(app: PlayApp) -> list[str]:
    """What a player would frown at: a drawing wider than its place (it would wrap) or a part off the screen."""
    problems = []
    console = Console(width=400)
    screen = app.table_screen
    for name in ("#heading", "#shared", "#mine", "#others", "#step"):
        widget = screen.query_one(name, Widget)
        content = widget.content_region
        drawing = widget.render()
        if isinstance(drawing, DrawnOnce):
            drawing = drawing.drawing  # measured in its parts, as the plan measures it
        if isinstance(drawing, str):
            continue
        needed = widest(console, drawing)
        if needed > content.width:
            problems.append(f"{name} needs {needed} columns, has {content.width}")
        # A step of a move repaints the parts where they are: each must still have the lines its drawing takes.
        lines = lines_of(console, drawing, content.width)
        if lines > content.height:
            problems.append(f"{name} needs {lines} lines, has {content.height}")
        if widget.region.bottom > app.size.height - 1:
            problems.append(f"{name} ends at line {widget.region.bottom} of {app.size.height}")
    prompt = screen.query_one("#prompt")
    if prompt.region.bottom != app.size.height:
        problems.append("the prompt is not on the last line")
    return problems


async def play_whole_game(
    app: PlayApp, pilot: Pilot[None], seed: int, *, check_layout: bool = True, shots: Path | None = None
) -> tuple[int, list[str]]:
    """Play the person's seat to the end (random legal moves, by keys and by notation in turn).

    Returns how many round summaries were shown, and every layout problem seen. With ``shots`` (a path
    without suffix), the first two round summaries shown and the result are saved there as SVG screenshots.
    """
    chooser = random.Random(seed)
    summaries = 0
    problems: list[str] = []
    first_round = app.table.state.round
    for _ in range(3000):
        await settle(app, pilot)
        if isinstance(app.screen, Notice):
            if shots is not None and (summaries in (0, 1) or app.finished):
                name = "result" if app.finished else f"round-{first_round + summaries}"
                app.save_screenshot(str(shots.with_name(f"{shots.name}-{name}.svg")))
            if app.finished:
                return summaries, problems
            summaries += 1
            await pilot.press("enter")
            continue
        if not app.waiting_for_human:
            continue
        if check_layout:
            problems += unwrapped_and_visible(app)
        if (
            shots is not None
            and app.table.state.round == max(2, first_round)
            and not (shots.parent / f"{shots.name}-play.svg").exists()
        ):
            app.save_screenshot(str(shots.with_name(f"{shots.name}-play.svg")))
        assert app.chooser is not None
        moves = sorted(app.chooser.moves)
        notation = moves[chooser.randrange(len(moves))]
        if chooser.random() < 0.3:
            await choose_by_keys(app, pilot, notation)
        else:
            await type_notation(app, pilot, notation)
    raise AssertionError("the game did not end")
