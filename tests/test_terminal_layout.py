"""The full-screen client's layout: laid out afresh on every resize, a clear word when the window is too small,
four players at 80x24 with every choice in view, and a table that does not jump between moves."""

from __future__ import annotations

import asyncio
import random
import re

import pytest
from rich.console import Console, ConsoleOptions, RenderableType, RenderResult
from rich.measure import Measurement
from textual.widget import Widget
from textual.widgets import Static

import mozaika
from layoutkit import frame_of, viewer_turns
from mozaika.i18n import Messages
from mozaika.notation.records import Record
from mozaika.richview import position_family
from mozaika.richview.boards import family_for
from mozaika.terminal.drawn import DrawnOnce
from mozaika.terminal.layout import OthersForm, lines_of, middle_drawing, others_drawing, plan_table
from mozaika.terminal.replay import ReplayApp
from mozaika.terminal.screens import Notice
from mozaika.terminal.widgets import StepLine

from terminalkit import (
    ARTIFACTS,
    GAMES,
    game_name,
    last_round,
    new_app,
    play_whole_game,
    settle,
    type_notation,
    unwrapped_and_visible,
)

PENALTIES = "-1 -1 -2 -2 -2 -3 -3"
"""Azul's floor with its penalties (A-5), as a board drawn in full shows it."""


def screen_text(app: Widget) -> str:
    """What the terminal shows, as text."""
    console = Console(width=400, record=True)
    svg = app.app.export_screenshot()
    console.print(re.sub(r"<[^>]+>", "", svg))
    return re.sub(r"&#160;|\xa0", " ", console.export_text())


def test_every_resize_lays_the_table_out_for_the_new_size() -> None:
    """80x24 -> 60x20 -> 120x40: each size gets its own layout at once (none lags a resize behind)."""

    async def play() -> None:
        app = new_app("azul", {}, 2, seed=4)
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(app, pilot)
            plan = app.table_screen.plan
            assert plan is not None and (plan.width, plan.height) == (80, 24)
            assert plan.others is OthersForm.FULL
            await pilot.resize_terminal(60, 20)
            await pilot.pause()
            plan = app.table_screen.plan
            assert plan is not None and (plan.width, plan.height) == (60, 20) and plan.needed is None
            assert plan.others is OthersForm.COMPACT
            assert unwrapped_and_visible(app) == []
            assert screen_text(app).count(PENALTIES) == 1  # yours in full, the other compact
            await pilot.resize_terminal(120, 40)
            await pilot.pause()
            plan = app.table_screen.plan
            assert plan is not None and (plan.width, plan.height) == (120, 40)
            assert plan.others is OthersForm.FULL
            assert unwrapped_and_visible(app) == []
            assert screen_text(app).count(PENALTIES) == 2  # both floors, with their penalties
            ARTIFACTS.mkdir(parents=True, exist_ok=True)
            app.save_screenshot(str(ARTIFACTS / "resized-120x40.svg"))
            # Nonsense, then ? and q: each key acts.
            await pilot.press("7")
            assert app.table_screen.query_one(StepLine).choices.problem.startswith("No move begins with 7")
            await pilot.press("question_mark")
            await settle(app, pilot)
            assert app.message_text.plain.startswith("Hint:")
            await pilot.press("q")
            await settle(app, pilot)
            assert app.screen.__class__.__name__ == "Question"

    asyncio.run(play())


def test_a_window_too_small_says_which_size_the_table_needs() -> None:
    async def play() -> None:
        app = new_app("azul", {}, 2, seed=4)
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(app, pilot)
            await pilot.resize_terminal(44, 14)
            await pilot.pause()
            plan = app.table_screen.plan
            assert plan is not None and plan.needed is not None
            columns, rows = plan.needed
            assert columns > 44 and rows > 14
            shown = screen_text(app)
            assert "This window is 44×14" in shown and f"{columns}×{rows}" in shown
            ARTIFACTS.mkdir(parents=True, exist_ok=True)
            app.save_screenshot(str(ARTIFACTS / "too-small-44x14.svg"))
            await pilot.resize_terminal(columns, rows)
            await pilot.pause()
            plan = app.table_screen.plan
            assert plan is not None and plan.needed is None, "the size it asked for is enough"
            assert unwrapped_and_visible(app) == []
            assert app.waiting_for_human

    asyncio.run(play())


@pytest.mark.parametrize("game", ["azul", "chocolatier", "pavilion"])
def test_four_players_at_80x24_keep_every_choice_in_view(game: str) -> None:
    """The step line scrolls with the cursor: the choice under it is always drawn, whatever the window."""

    async def play() -> None:
        options = {"special_factories": True} if game == "chocolatier" else {}
        app = new_app(game, options, 4, seed=4)
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(app, pilot)
            assert unwrapped_and_visible(app) == []
            step = app.table_screen.query_one(StepLine)
            labels = step.choices.labels
            assert len(labels) > 5
            for index in range(len(labels) + 1):
                shown = "\n".join(line.plain for line in step.lines(step.content_size.width))
                assert f"[{labels[index % len(labels)]}]" in shown, (index, shown)
                assert step.region.bottom <= app.size.height - 1
                await pilot.press("right")

    asyncio.run(play())


def test_four_players_at_80x24_a_whole_game_fits() -> None:
    """From the last round of a seeded random game to the end (the whole games through the pilot are
    test_terminal_app.py's): the fullest boards of four players fit 80x24 at every turn."""
    start = last_round("azul", {}, 4, seed=5)

    async def play() -> None:
        app = new_app("azul", {}, 4, seed=5, from_round=start)
        async with app.run_test(size=(80, 24)) as pilot:
            summaries, problems = await play_whole_game(app, pilot, seed=5, shots=ARTIFACTS / "azul-4p-80x24")
            assert problems == []
            assert app.table.state.is_over
            assert summaries == app.table.state.round - start + 1

    asyncio.run(play())


def test_b_shows_every_board_in_full() -> None:
    async def play() -> None:
        app = new_app("azul", {}, 4, seed=4)
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(app, pilot)
            plan = app.table_screen.plan
            assert plan is not None and plan.others is OthersForm.SHORT
            await pilot.press("b")
            await settle(app, pilot)
            assert isinstance(app.screen, Notice)
            page = Console(width=78, record=True)
            page.print(app.screen.body)
            assert page.export_text().count(PENALTIES) == 4, "every board, in full"
            box = app.screen.query_one("VerticalScroll")
            assert box.max_scroll_y == 0, "two boards side by side, two rows: the whole page in 80x24"
            assert box.region.bottom <= app.size.height - 1, "the prompt stays in view"
            await pilot.press("escape")
            await settle(app, pilot)
            assert app.waiting_for_human

    asyncio.run(play())


@pytest.mark.parametrize(
    ("game", "options"), [("chocolatier", {"special_factories": True}), ("azul", {"wall": "grey"})]
)
def test_the_table_does_not_jump_between_moves(game: str, options: dict[str, object]) -> None:
    """Within a round the boards stay where they are: the table's middle never shrinks, your board never resizes."""

    async def play() -> None:
        app = new_app(game, options, 2, seed=6)
        async with app.run_test(size=(80, 24)) as pilot:
            rounds: dict[int, list[tuple[int, int, int]]] = {}
            for _ in range(400):
                await settle(app, pilot)
                if app.table.state.round > 3:
                    break
                if isinstance(app.screen, Notice):
                    if app.finished:
                        break
                    await pilot.press("enter")
                    continue
                if not app.waiting_for_human or app.chooser is None:
                    continue
                screen = app.table_screen
                mine = screen.query_one("#mine")
                shared = screen.query_one("#shared")
                rounds.setdefault(app.table.state.round, []).append(
                    (shared.region.height, mine.region.y, mine.region.width)
                )
                await type_notation(app, pilot, sorted(app.chooser.moves)[0])
            assert len(rounds) >= 2
            for seen in rounds.values():
                heights = [height for height, _, _ in seen]
                assert heights == sorted(heights), "the table's middle only grows within a round"
            assert len({width for seen in rounds.values() for _, _, width in seen}) == 1, "your board keeps its width"
            for seen in rounds.values():
                tops = [top for _, top, _ in seen]
                assert tops == sorted(tops), "your board moves down only as the middle grows, never up and down"

    asyncio.run(play())


def test_at_one_keyboard_the_boards_keep_their_places_whoever_moves() -> None:
    """Hot-seat: the board of the person to move is drawn in full where it always is, not swapped to the left."""

    async def play() -> None:
        app = new_app("azul", {}, 2, seed=4, opponent="human")
        async with app.run_test(size=(80, 24)) as pilot:
            places: dict[int, set[int]] = {0: set(), 1: set()}
            for _ in range(6):
                await settle(app, pilot)
                assert app.waiting_for_human and app.chooser is not None
                screen = app.table_screen
                mover = app.chooser.seat
                places[mover].add(screen.query_one("#mine").region.x)
                other = screen.query_one("#before" if mover == 1 else "#others")
                places[1 - mover].add(other.region.x)
                assert unwrapped_and_visible(app) == []
                await type_notation(app, pilot, sorted(app.chooser.moves)[0])
            assert len(places[0]) == 1 and len(places[1]) == 1
            assert places[0] != places[1]

    asyncio.run(play())


def test_replay_at_80_columns_shows_the_step_whole_with_four_players() -> None:
    """The step line says who made the move, in notation and in words, and stays whole (two lines at most)."""
    state = mozaika.new_game("azul", players=4, seed=5)
    rng = random.Random(5)
    while not state.is_over:
        state.play(rng.choice(state.legal_moves()))
    record = Record.from_state(state, ["Anna Nováková", "Bohumil", "Cyril", "Dana"])

    async def step() -> None:
        app = ReplayApp(record, Messages("en"))
        async with app.run_test(size=(80, 24)) as pilot:
            assert app.index == 0
            await pilot.press(*["right"] * 5)
            await pilot.pause()
            line = app.query_one("#step", Static)
            said = str(line.render())
            mover = app.made[5]
            assert mover is not None
            name = record.players[mover[0]]
            assert said.startswith(f"step 5/{len(record.steps)}: {name} plays {record.steps[4]}: ")
            assert re.search(r": (factory \d|centre), \w+, to (pattern line \d|the floor)$", said)
            assert (line.region.width - 2) * line.region.height >= len(said)  # its padding; whole, wrapped
            assert line.region.height <= 2
            boards = app.query_one("#boards", Static)
            assert boards.region.bottom <= app.size.height - 1

    asyncio.run(step())


def drawings_of_a_game(game: str, options: dict[str, object]) -> list[RenderableType]:
    """What the table screen draws at every tenth turn of the first seat in a seeded four-player game, the
    first round's to the last's: the middle, your board and the other boards in the form the plan chooses at
    100x30, and the legend beside them."""
    text = Messages("en")
    console = Console(width=400)
    names = ["Player 1", "random 2", "random 3", "random 4"]
    drawings: list[RenderableType] = []
    for turn, state in enumerate(viewer_turns(game, options, 4, seed=5)):
        if turn % 10:
            continue
        frame = frame_of(state, names, text)
        plan = plan_table(frame, 100, 30, console)
        family = position_family(frame.position)
        mine = family.board(frame.position, 0, frame.view, compact=False)
        drawings += [middle_drawing(family.shared(frame.position, frame.view), plan.middle_legend), mine]
        drawings += [others_drawing(plan), *plan.legend]
    return drawings


@pytest.mark.parametrize(("game", "options"), GAMES[::2], ids=[game_name(*entry) for entry in GAMES[::2]])
def test_the_layout_counts_as_many_lines_as_rich_renders(game: str, options: dict[str, object]) -> None:
    """``lines_of`` counts a drawing's lines from its segments: as many as Rich's ``render_lines`` gives, at
    every width from far too narrow to wider than any window."""
    console = Console(width=400)
    for drawing in drawings_of_a_game(game, options):
        for width in (1, 24, 61, 200):
            options_at = console.options.update_width(width)
            assert lines_of(console, drawing, width) == len(console.render_lines(drawing, options_at, pad=False))


class Counted:
    """A drawing that counts how often it is rendered."""

    def __init__(self, drawing: RenderableType) -> None:
        self.drawing = drawing
        self.renders = 0

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        self.renders += 1
        yield self.drawing

    def __rich_measure__(self, console: Console, options: ConsoleOptions) -> Measurement:
        return Measurement.get(console, options, self.drawing)


@pytest.mark.parametrize(("game", "options"), GAMES[1::2], ids=[game_name(*entry) for entry in GAMES[1::2]])
def test_a_drawing_rendered_once_draws_what_the_drawing_draws(game: str, options: dict[str, object]) -> None:
    """``DrawnOnce`` gives the segments of the drawing it wraps and measures as it does; asked again at the same
    width, with the height Textual then gives (the lines counted, or more where a part keeps a minimum height),
    it renders nothing again, as the drawings of the table never stretch to a height they are given."""
    console = Console(width=400)
    for drawing in drawings_of_a_game(game, options):
        for width in (30, 70):
            at = console.options.update_width(width)
            alone = list(console.render(drawing, at))
            lines = lines_of(console, drawing, width)
            for height in (lines, lines + 5):
                assert list(console.render(drawing, at.update(height=height))) == alone
            counted = Counted(drawing)
            once = DrawnOnce(counted)
            assert list(console.render(once, at)) == alone
            assert list(console.render(once, at.update(height=lines + 5))) == alone
            assert counted.renders == 1
            assert Measurement.get(console, at, once) == Measurement.get(console, at, drawing)
            list(console.render(once, at.update_width(width + 1)))
            assert counted.renders == 2, "at another width, the drawing is rendered afresh"


def test_the_parts_draw_the_boards_the_plan_rendered_and_a_step_draws_its_highlights_afresh(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """To lay a new position out, the plan renders your board; Textual then measures the part and draws it:
    all three use the lines rendered once. A step of a move highlights other tiles: your board is drawn anew."""
    family_class = type(family_for("azul", {}))
    board = family_class.board
    drawn: list[Counted] = []

    def counted_board(self: object, *arguments: object, **options: object) -> Counted:
        drawing = Counted(board(self, *arguments, **options))  # type: ignore[arg-type]
        drawn.append(drawing)
        return drawing

    monkeypatch.setattr(family_class, "board", counted_board)

    async def play() -> None:
        app = new_app("azul", {}, 2, seed=8)
        async with app.run_test(size=(100, 30)) as pilot:
            await settle(app, pilot)
            screen = app.table_screen
            mine = screen.query_one("#mine", Widget).render()
            assert isinstance(mine, DrawnOnce) and mine is screen.plan.drawings["mine"]
            assert isinstance(mine.drawing, Counted) and mine.drawing.renders == 1
            assert screen.query_one("#mine", Widget).region.height > 0
            measured = screen.plan
            await pilot.click("#shared", offset=(4, 1))  # a factory's first tile: the lines it may go to light up
            await settle(app, pilot)
            assert app.chooser is not None and app.chooser.typed
            assert screen.plan.frame is not measured.frame
            highlighted = screen.query_one("#mine", Widget).render()
            assert isinstance(highlighted, DrawnOnce) and highlighted is not mine
            assert isinstance(highlighted.drawing, Counted) and highlighted.drawing.renders == 1
            # A step back: the sizes measured for this position serve, the drawings do not.
            stepped, typed = screen.plan, app.chooser.typed
            await pilot.press("escape")
            await settle(app, pilot)
            assert app.chooser is not None and len(app.chooser.typed) < len(typed)
            assert screen.plan.sized_for == stepped.sized_for and screen.plan.drawings == {}
            again = screen.query_one("#mine", Widget).render()
            assert isinstance(again, DrawnOnce) and again not in (mine, highlighted)
            assert isinstance(again.drawing, Counted) and again.drawing.renders == 1

    asyncio.run(play())
