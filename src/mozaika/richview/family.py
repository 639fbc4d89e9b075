"""What every board family shares: how a move's notation splits into the steps a player chooses.

A family draws one kind of board (``walls``: Azul and Master Chocolatier;
``stars``: Summer Pavilion) from positions as :meth:`State.to_dict` writes them,
and from the game's printed board (``GameSpec.board``). The text clients never
ask which game they show: they ask the family.

A move is chosen step by step: its notation is cut into *tokens* (``2B3`` is
source ``2``, colour ``B``, line ``3``), and :class:`Choosing` holds the tokens
chosen so far and the legal moves they still lead to, so that a board can
highlight where the chosen tiles may go.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from rich.console import RenderableType
from rich.style import Style
from rich.text import Text

from mozaika.i18n import Messages
from mozaika.registry import game_spec
from mozaika.richview.palette import Painter

Position = dict[str, Any]
Path = tuple[str, ...]


@dataclass(frozen=True)
class Choosing:
    """The steps of a move chosen so far by the seat at the keyboard, and the legal moves they lead to."""

    seat: int
    chosen: Path = ()
    candidates: tuple[Path, ...] = ()

    @property
    def depth(self) -> int:
        return len(self.chosen)

    @property
    def next_tokens(self) -> list[str]:
        """The tokens that may come next, in the order of the legal moves."""
        depth = self.depth
        seen: dict[str, None] = {}
        for path in self.candidates:
            if len(path) > depth and path[:depth] == self.chosen:
                seen.setdefault(path[depth], None)
        return list(seen)


@dataclass
class View:
    """How a board is drawn: for whom, in which words, and what the keyboard is choosing."""

    text: Messages
    choosing: Choosing | None = None
    clickable: bool = False
    names: list[str] = field(default_factory=list)


CLICK_KEY = "choose"
"""The style meta key that tells the full-screen client which move text a click chooses."""


def click(style: Style | None, typed: str, view: View) -> Style:
    """A style that, in the full-screen client, chooses the move text ``typed`` when clicked."""
    base = style or Style()
    if not view.clickable:
        return base
    return base + Style.from_meta({CLICK_KEY: typed})


class BoardFamily:
    """The drawings and the move steps of one kind of board; subclasses draw walls or stars."""

    kind = ""

    def __init__(self, game_id: str, options: dict[str, Any]) -> None:
        self.game_id = game_id
        self.options = options
        spec = game_spec(game_id)
        self.layout: dict[str, Any] = dict(spec.board or {})
        self.painter = Painter(game_id)

    # --- moves as steps -----------------------------------------------------------------

    def tokens(self, notation: str) -> Path:
        """The steps of a move, whose concatenation is its notation."""
        return (notation,)

    def step_title(self, position: Position, choosing: Choosing, text: Messages) -> str:
        """What the next step chooses (``Choose a source``)."""
        return text("choose_move")

    def option_label(self, position: Position, choosing: Choosing, token: str, text: Messages) -> str:
        """A next step as a player reads it (``line 3 · 1 to the floor``)."""
        return token

    # --- drawings ---------------------------------------------------------------------

    def shared(self, position: Position, view: View) -> RenderableType:
        """What lies between the players."""
        raise NotImplementedError

    def board(self, position: Position, seat: int, view: View, *, compact: bool) -> RenderableType:
        """One player's board, in full or compact."""
        raise NotImplementedError

    def legend(self, position: Position, text: Messages, *, every: bool = False) -> list[Text]:
        """Lines explaining what the boards show beyond tiles (special factories, bonuses); ``every``: all of them."""
        return []

    def round_tiles(self, before: Position, after: Position, seat: int, text: Messages) -> Text:
        """The tiles a player laid this round, with what each scored where the family knows it."""
        return Text()

    def score_parts(self, stats: dict[str, int]) -> dict[str, int]:
        """A board's points by source (the ``part_*`` messages), from its ``stats``."""
        return {}

    # --- helpers ----------------------------------------------------------------------

    def source_name(self, token: str, text: Messages) -> str:
        return text("centre") if token.upper() == "C" else text("factory", number=token)

    def colour_name(self, letter: str, text: Messages) -> str:
        return self.painter.colour_name(letter, text.language)
