"""What every board family shares: how a move's notation splits into the steps a player chooses.

A family draws one kind of board (``walls``: Azul and Master Chocolatier;
``stars``: Summer Pavilion) from positions as :meth:`State.to_dict` writes them,
and from the game's printed board (``GameSpec.board``). The text clients never
ask which game they show: they ask the family.

A move is chosen step by step: its parts (``Move.fields``) are written as *tokens*
whose concatenation is its notation (``2B3`` is source ``2``, colour ``B``, line
``3``), and :class:`Choosing` holds the tokens chosen so far and the legal moves they still lead to, so that a board can
highlight where the chosen tiles may go.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from rich.columns import Columns
from rich.console import Group, RenderableType
from rich.style import Style
from rich.text import Text

from mozaika.catalogue.registry import game_spec
from mozaika.core.protocol import Move
from mozaika.i18n import Messages
from mozaika.richview.palette import CHOSEN_STYLE, MARKER, TARGET_STYLE, Painter

Position = dict[str, Any]
DISC_STYLE = "bold #d7af00"
DISC_COLOUR = "#d7af00"
"""Master Chocolatier's special factories: the gold side of the discs."""
Path = tuple[str, ...]
FACTORY_TILES = 4
"""A factory's tiles when it is filled (F-2)."""
MOST_ON_SPECIAL = 9
"""The most pralines a factory may hold with special factories: an SN2 that pulled from both neighbours (M-1),
then received SN4's three leftover colours (M-3)."""
DISC_WIDTH = 5
"""A special factory's disc by its number: ``SN2`` and SN2's colour, and a space."""


@dataclass(frozen=True)
class Choosing:
    """The steps of a move chosen so far by the seat at the keyboard, and the legal moves they lead to."""

    seat: int
    chosen: Path = ()
    candidates: tuple[Path, ...] = ()
    fields: tuple[dict[str, Any], ...] = ()
    """Each candidate move's fields (``Move.fields``), in the order of :attr:`candidates`."""

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

    def move_after(self, token: str) -> dict[str, Any] | None:
        """The fields of the first candidate move whose next step is ``token``."""
        depth = self.depth
        for path, fields in zip(self.candidates, self.fields, strict=False):
            if len(path) > depth and path[:depth] == self.chosen and path[depth] == token:
                return fields
        return None


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

    def tokens(self, move: Move) -> Path:
        """The steps of a move, whose concatenation is its notation."""
        return (str(move),)

    def step_title(self, position: Position, choosing: Choosing, text: Messages) -> str:
        """What the next step chooses (``Choose a source``)."""
        return text("choose_move")

    def option_label(self, position: Position, choosing: Choosing, token: str, text: Messages) -> str:
        """A next step as a player reads it (``line 3 · 1 to the floor``)."""
        return token

    def shortcut(self, choosing: Choosing, token: str) -> str | None:
        """A short key for a next step whose notation is long (a grey wall's column: its number), if any."""
        return None

    def move_words(self, position: Position, move: Move, text: Messages, *, brief: bool = False) -> tuple[str, str]:
        """A move in words, for a screen reader: what it takes or where it places (``factory 1, yellow``), and
        what it does with it (``to pattern line 1``); the two joined with a comma read the whole move. ``brief``:
        the second part as a list of moves under the first says it (``line 1``)."""
        return str(move), ""

    def spoken(self, position: Position, move: Move, text: Messages) -> str:
        """The whole move in words: ``factory 1, yellow, to pattern line 1``."""
        return ", ".join(part for part in self.move_words(position, move, text) if part)

    # --- drawings ---------------------------------------------------------------------

    def shared(self, position: Position, view: View) -> RenderableType:
        """What lies between the players."""
        raise NotImplementedError

    def board(self, position: Position, seat: int, view: View, *, compact: bool) -> RenderableType:
        """One player's board, in full or compact."""
        raise NotImplementedError

    short_width = 0
    """The columns a board in :meth:`short` form takes at most."""

    def short(self, position: Position, seat: int, text: Messages, width: int = 0) -> list[Text]:
        """A board in short, for a window with little room: its lines, none wider than :attr:`short_width` (nor
        ``width``, where it is wider)."""
        return []

    def short_marks(self, position: Position, seat: int, width: int) -> str:
        """What the title of a board in short adds after the score where its lines have no room for it in
        ``width`` columns (Master Chocolatier: the SN5 disc held)."""
        return ""

    def symbols_help(self, text: Messages) -> str:
        """What the boards' signs mean (the marker ``1``, an empty space ``·``, a printed colour)."""
        return text(f"help_symbols_{self.kind}")

    def legend(self, position: Position, text: Messages, *, every: bool = False) -> list[Text]:
        """Lines explaining what the boards show beyond tiles (special factories, bonuses); ``every``: all of them."""
        return []

    def round_tiles(
        self, before: Position, after: Position, seat: int, text: Messages, steps: Sequence[Any] = ()
    ) -> Text:
        """The tiles a player laid this round, each with what it scored (``steps``: the round's steps, in order).

        Each tile and its points are one unit that never breaks across lines.
        """
        return Text()

    def score_parts(self, stats: dict[str, int]) -> dict[str, int]:
        """A board's points by source (the ``part_*`` messages), from its ``stats``."""
        return {}

    # --- the factories and the centre (every game of the family deals them alike) ------

    def takes_now(self, choosing: Choosing) -> bool:
        """Whether the steps chosen are those of a take from a factory or the centre."""
        return True

    def factory_cells(self, position: Position, view: View) -> list[Text]:
        """Each factory, all of one width (a special factory's disc after its number), so that they keep their
        columns as they empty or fill within a round."""
        factories = position["factories"]
        specials = position.get("special_factories") or [None] * len(factories)
        number_width = len(str(len(factories)))
        disc_width = DISC_WIDTH if self.options.get("special_factories") else 0
        slot = self.factory_slot
        targets = self.source_targets(position, view.choosing)
        cells: list[Text] = []
        for index, (tiles, disc) in enumerate(zip(factories, specials, strict=True)):
            source = str(index + 1)
            style = self._source_style(source, view.choosing)
            if source in targets:
                style = Style(bold=True) + TARGET_STYLE
            cell = Text.assemble((f"{source:>{number_width}}", style), " ")
            if disc is not None:  # by its number: a disc at the cell's end would seem the next factory's
                label = self.disc_label(disc)
                label.rstrip()
                cell.append_text(label + Text(" "))
            cell.append_text(self._source_tiles(source, tiles, view, slot))
            cell.pad_right(max(0, number_width + 1 + disc_width + slot - cell.cell_len))
            cells.append(cell)
        return cells

    @property
    def factory_slot(self) -> int:
        """The columns a factory's tiles take: four tiles two cells wide, or (when a special factory may hold
        more, M-1, M-3) as many one cell wide."""
        return max(FACTORY_TILES * 2, self.most_on_factory)

    @property
    def most_on_factory(self) -> int:
        return MOST_ON_SPECIAL if self.options.get("special_factories") else FACTORY_TILES

    def disc_label(self, disc: str) -> Text:
        """A special factory's disc as its factory shows it: ``SN2`` and, for SN2, its colour as a tile."""
        label = Text.assemble((f"SN{disc[0]}", DISC_STYLE))
        label.append_text(self.painter.tile(disc[1], 1) if len(disc) > 1 else Text(" "))
        return label

    def source_targets(self, position: Position, choosing: Choosing | None) -> set[str]:
        """Factories the move being chosen sends tiles to (SN4's neighbours), highlighted as targets."""
        return set()

    def centre_cell(self, position: Position, view: View) -> Text:
        """The centre with the first-player marker, on a line of its own under the factories."""
        centre = Text.assemble(("C", self._source_style("C", view.choosing)), f" {view.text('centre')} ")
        tiles = position["centre"] + (MARKER if position.get("marker_in_centre") else "")
        return centre + self._source_tiles("C", tiles, view)

    def sources(self, position: Position, view: View) -> Group:
        """The factories in a grid of fixed columns, and the centre under them."""
        grid = Columns(self.factory_cells(position, view), padding=(0, 1), expand=True)  # the room left between them
        return Group(grid, self.centre_cell(position, view))

    def _source_style(self, source: str, choosing: Choosing | None) -> Style:
        if choosing is None or not self.takes_now(choosing):
            return Style(bold=True)
        if choosing.chosen[:1] == (source,):
            return Style(bold=True) + CHOSEN_STYLE + TARGET_STYLE
        if choosing.depth == 0 and source in choosing.next_tokens:
            return Style(bold=True, underline=True)
        return Style(bold=True)

    def _source_tiles(self, source: str, tiles: str, view: View, slot: int = 0) -> Text:
        """A source's tiles in colour order, two cells wide (one, where more than fit the ``slot``); in the
        full-screen client a click on one takes its colour."""
        if not tiles:
            return Text("—", style="dim")
        choosing = view.choosing
        width = 1 if slot and len(tiles) * 2 > slot else 2
        text = Text()
        for letter in self.painter.sort(tiles):
            style = None
            if choosing is not None and letter != MARKER:
                chosen = choosing.chosen[:2] == (source, letter)
                style = click(CHOSEN_STYLE if chosen else None, source + letter, view)
            text.append_text(self.painter.tile(letter, width, style))
        return text

    # --- helpers ----------------------------------------------------------------------

    def _source_of(self, fields: dict[str, Any]) -> str:
        return "C" if fields["source"] == "centre" else str(fields["source"])

    def source_name(self, token: str, text: Messages) -> str:
        return text("centre") if token.upper() == "C" else text("factory", number=token)

    def colour_name(self, letter: str, text: Messages) -> str:
        """The colour's name: the catalogue's (``colour.blue``) in a language the game's theme has none in."""
        if text.language in ("en", "cs"):
            return self.painter.colour_name(letter, text.language)
        english = self.painter.colour_name(letter, "en")
        return text.optional(f"colour.{english}") or english
