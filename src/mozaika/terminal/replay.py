"""``mozaika replay FILE`` on a terminal: the recorded game step by step, on the same boards as ``mozaika play``.

← → step back and forth, ↑ ↓ jump a round, Home and End go to the start and the
end, q quits. Off a terminal the command prints the final position instead.
"""

from __future__ import annotations

from typing import Any, ClassVar

from rich.console import Group
from rich.text import Text
from textual import events
from textual.app import App, ComposeResult
from textual.binding import Binding, BindingType
from textual.widgets import Static

from mozaika.core.protocol import Move
from mozaika.i18n import Messages
from mozaika.notation.records import Record
from mozaika.richview import View, fitting_boards, heading, position_family


def positions_of(record: Record) -> list[dict[str, Any]]:
    """The position before the first step and after each step of a record (the record is checked as it goes)."""
    return [position for position, _ in replayed(record)]


def replayed(record: Record) -> list[tuple[dict[str, Any], tuple[int, Move] | None]]:
    """Each position of a record, the one before the first step first, with the seat that made the step
    leading to it and its move (None for the start and for chance: the bag's draws)."""
    state = record.start()
    positions: list[tuple[dict[str, Any], tuple[int, Move] | None]] = [(state.to_dict(), None)]
    for step in record.steps:
        made: tuple[int, Move] | None = None
        if state.is_chance:
            state.apply_chance(step)
        else:
            move = state.parse_move(step)
            # Several seats may decide at once (the grey wall's columns): the one whose move it is.
            made = (next(seat for seat in state.to_move if move in state.legal_moves(seat)), move)
            state.play(move)
        positions.append((state.to_dict(), made))
    return positions


class ReplayApp(App[None]):
    """Steps through a recorded game."""

    TITLE = "Mozaika"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("right,l", "step(1)", show=False),
        Binding("left,h", "step(-1)", show=False),
        Binding("down,pagedown", "round(1)", show=False),
        Binding("up,pageup", "round(-1)", show=False),
        Binding("home", "go(0)", show=False),
        Binding("end", "go(-1)", show=False),
        Binding("q,escape", "quit", show=False),
    ]
    CSS = """
    Screen { overflow: hidden hidden; }
    #heading { height: 1; padding: 0 1; background: $panel; }
    #step { height: auto; max-height: 2; padding: 0 1; }
    #shared { height: auto; border: round $primary 60%; border-title-align: left; padding: 0 1; }
    #boards { height: 1fr; }
    #keys { dock: bottom; height: 1; padding: 0 1; background: $boost; }
    """

    def __init__(self, record: Record, text: Messages) -> None:
        super().__init__()
        self.record = record
        self.text = text.for_game(record.game)
        steps = replayed(record)
        self.positions = [position for position, _ in steps]
        self.made = [made for _, made in steps]
        self.index = 0
        """The step shown: the game opens at its start, before the first step."""

    def compose(self) -> ComposeResult:
        yield Static(id="heading")
        yield Static(id="step")
        yield Static(id="shared")
        yield Static(id="boards")
        yield Static(Text(self.text("replay_keys")), id="keys")

    def on_mount(self) -> None:
        self.query_one("#shared", Static).border_title = self.text("table")
        self.redraw()

    def on_resize(self, event: events.Resize) -> None:
        self.redraw(event.size.width)

    def redraw(self, width: int | None = None) -> None:
        position = self.positions[self.index]
        names = self.record.players
        family = position_family(position)
        view = View(text=self.text, names=names)
        self.query_one("#heading", Static).update(heading(position, names, self.text))
        said = self.text("replay_step", step=self.index, steps=len(self.record.steps), move=self.step_words())
        self.query_one("#step", Static).update(Text(said, style="bold"))
        self.query_one("#shared", Static).update(family.shared(position, view))
        seats = list(range(len(names)))
        panels = fitting_boards(position, seats, names, view, (), width or self.size.width, self.console)
        legend = family.legend(position, self.text)
        self.query_one("#boards", Static).update(Group(panels, *legend))

    def step_words(self) -> str:
        """The step that led to the position shown: who made which move, in notation and in words."""
        if not self.index:
            return "—"
        step = self.record.steps[self.index - 1]
        made = self.made[self.index]
        if made is None:
            return self.text("replay_chance", move=step)
        mover, move = made
        before = self.positions[self.index - 1]
        words = position_family(before).spoken(before, move, self.text)
        return self.text("played_words", name=self.record.players[mover], move=step, words=words).rstrip(".")

    def action_step(self, step: int) -> None:
        self.index = max(0, min(len(self.positions) - 1, self.index + step))
        self.redraw()

    def action_round(self, step: int) -> None:
        """To the first step of the next (or this, then the previous) round."""
        rounds = [position["round"] for position in self.positions]
        current = rounds[self.index]
        if step > 0:
            later = [index for index, number in enumerate(rounds) if number > current]
            self.index = later[0] if later else len(rounds) - 1
        else:
            start = rounds.index(current)
            target = start if self.index > start else rounds.index(rounds[max(0, start - 1)])
            self.index = target
        self.redraw()

    def action_go(self, index: int) -> None:
        self.index = index % len(self.positions)
        self.redraw()
