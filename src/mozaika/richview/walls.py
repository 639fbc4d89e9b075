"""Azul and Master Chocolatier in a terminal: factories and centre, pattern lines, the wall, the floor.

The wall shows its printed colour pattern (small letters, dim) under the placed
tiles (capitals on their colour); the grey wall (Azul's, Master Chocolatier's
brown box) prints no colours but numbers its columns, which a player chooses
(A-10). The floor shows its penalties (A-5) above its spaces.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rich.console import Group, RenderableType
from rich.style import Style
from rich.text import Text

from mozaika.azul.wall import placement_points
from mozaika.core.protocol import Move
from mozaika.i18n import Messages
from mozaika.richview.family import DISC_STYLE, BoardFamily, Choosing, Path, Position, View, click
from mozaika.richview.palette import TARGET_STYLE

SIZE = 5
SN5_MARK = " SN5"
"""The SN5 disc held, after the floor of a board in short (or its title, where the floor has no room)."""
CELL = 3
"""A tile is two cells wide, with one cell between tiles."""


class WallFamily(BoardFamily):
    kind = "wall"
    short_width = 12
    """Five cells of pattern line, the box line and the wall's five; the floor line with seven tiles and
    their -14 too."""

    @property
    def grey(self) -> bool:
        """A wall without printed colours: Azul's grey wall, Master Chocolatier's brown box."""
        return self.options.get("wall") == "grey" or self.options.get("box") == "brown"

    # --- moves as steps -----------------------------------------------------------------

    def tokens(self, move: Move) -> Path:
        fields = move.fields()
        if fields["kind"] != "take":
            return (str(move),)
        source = "C" if fields["source"] == "centre" else str(fields["source"])
        destination = "F" if fields["line"] == "floor" else str(fields["line"])
        if "to_previous" not in fields:
            return source, fields["colour"], destination
        split = (f"<{fields['to_previous']}" if fields["to_previous"] else "") + (
            f">{fields['to_next']}" if fields["to_next"] else ""
        )
        return source, fields["colour"], destination, split

    def step_title(self, position: Position, choosing: Choosing, text: Messages) -> str:
        tokens = choosing.next_tokens
        following = choosing.move_after(tokens[0]) if tokens else None
        if following is not None and following["kind"] == "column":
            return text("choose_column")
        return text(("choose_source", "choose_colour", "choose_line", "choose_split")[min(choosing.depth, 3)])

    def option_label(self, position: Position, choosing: Choosing, token: str, text: Messages) -> str:
        move = choosing.move_after(token)
        if move is not None and move["kind"] == "column":
            return text("column_choice", line=move["line"], column=move["column"])
        depth = choosing.depth
        if depth == 0:
            return self.source_name(token, text)
        if depth == 1:
            count = self._tiles(position, choosing.chosen[0]).count(token)
            return f"{self.colour_name(token, text)} ×{count}"
        if depth == 2:
            return self._destination_label(position, choosing, token, text)
        return self._split_label(position, choosing, choosing.move_after(token) or {}, text)

    def move_words(self, position: Position, move: Move, text: Messages, *, brief: bool = False) -> tuple[str, str]:
        fields = move.fields()
        if fields["kind"] == "column":
            return text("group_wall"), text("column_choice", line=fields["line"], column=fields["column"])
        if fields["kind"] != "take":
            return str(move), ""
        source = self._source_of(fields)
        taken = f"{self.source_name(source, text)}, {self.colour_name(fields['colour'], text)}"
        if brief:  # in a list of moves under their source and colour
            where = text("floor") if fields["line"] == "floor" else text("line", number=fields["line"])
        else:
            where = text("words_floor") if fields["line"] == "floor" else text("words_line", number=fields["line"])
        if "to_previous" in fields and (fields["to_previous"] or fields["to_next"]):
            choosing = Choosing(seat=0, chosen=(source, fields["colour"], where))
            where += ", " + text("words_rest", split=self._split_label(position, choosing, fields, text))
        return taken, where

    def shortcut(self, choosing: Choosing, token: str) -> str | None:
        move = choosing.move_after(token)
        return str(move["column"]) if move is not None and move["kind"] == "column" else None

    def _tiles(self, position: Position, source: str) -> str:
        return str(position["centre"] if source == "C" else position["factories"][int(source) - 1])

    def _destination_label(self, position: Position, choosing: Choosing, token: str, text: Messages) -> str:
        source, colour = choosing.chosen[:2]
        count = self._tiles(position, source).count(colour)
        if token == "F":
            return text("to_floor", count=count)
        line = int(token) - 1
        free = line + 1 - len(position["boards"][choosing.seat]["lines"][line])
        overflow = max(0, count - free)
        label = text("line", number=token)
        return f"{label} · {text('overflow', count=overflow)}" if overflow else label

    def _split_label(self, position: Position, choosing: Choosing, move: dict[str, Any], text: Messages) -> str:
        """Where SN4's leftovers go (M-3): each neighbour by its number, with the pralines it gets."""
        previous, following = self.neighbours(position, int(choosing.chosen[0]) - 1)
        leftovers = self._tiles(position, choosing.chosen[0])

        def sent(colours: str) -> str:
            if not colours:
                return text("nothing")
            return ", ".join(f"{self.colour_name(letter, text)} ×{leftovers.count(letter)}" for letter in colours)

        return text(
            "split_choice",
            to_previous=sent(move.get("to_previous", "")),
            previous=self.source_name(str(previous + 1), text),
            to_next=sent(move.get("to_next", "")),
            next=self.source_name(str(following + 1), text),
        )

    def neighbours(self, position: Position, index: int) -> tuple[int, int]:
        """The factories before and after factory ``index`` (0-based) in the circle, skipping a taken SN5 (M-3)."""
        count = len(position["factories"])
        specials = position.get("special_factories") or []
        removed = next(
            (
                at
                for at, disc in enumerate(specials)
                if disc and disc[0] == "5" and position.get("sn5_holder") is not None
            ),
            None,
        )
        previous, following = (index - 1) % count, (index + 1) % count
        if previous == removed:
            previous = (previous - 1) % count
        if following == removed:
            following = (following + 1) % count
        return previous, following

    def source_targets(self, position: Position, choosing: Choosing | None) -> set[str]:
        if choosing is None or choosing.depth != 3 or not self._split_tokens(choosing):
            return set()
        return {str(number + 1) for number in self.neighbours(position, int(choosing.chosen[0]) - 1)}

    @staticmethod
    def _split_tokens(choosing: Choosing) -> list[str]:
        return [path[3] for path in choosing.candidates if len(path) > 3 and path[:3] == choosing.chosen]

    # --- what lies between the players ------------------------------------------------

    def shared(self, position: Position, view: View) -> RenderableType:
        return self.sources(position, view)

    # --- a player's board ------------------------------------------------------------

    def board(self, position: Position, seat: int, view: View, *, compact: bool) -> RenderableType:
        board = position["boards"][seat]
        choosing = view.choosing if view.choosing is not None and view.choosing.seat == seat else None
        targets = set(choosing.next_tokens) if choosing is not None else set()
        if compact:
            return self._compact(position, seat)
        rows: list[Text] = []
        if self.grey:
            header = Text(" " * (2 + SIZE * CELL) + "│ ", style="dim")
            header.append("  ".join(str(column + 1) for column in range(SIZE)), style="dim")
            rows.append(header)
        for row in range(SIZE):
            rows.append(self._row(board, row, choosing, targets, view))
        rows.extend(self._floor(position, seat, targets, view))
        return Group(*rows)

    def _row(self, board: Position, row: int, choosing: Choosing | None, targets: set[str], view: View) -> Text:
        label = str(row + 1)
        target = choosing is not None and choosing.depth == 2 and label in targets
        typed = "".join(choosing.chosen) + label if choosing is not None else ""
        line = Text.assemble((label, click(TARGET_STYLE, typed, view) if target else Style(bold=True)))
        line.append(" ")
        content = board["lines"][row]
        capacity = row + 1
        line.append(" " * (SIZE - capacity) * CELL)
        for index in range(capacity):
            filled = index - (capacity - len(content))
            if filled >= 0:
                line.append_text(self.painter.tile(content[filled]))
            else:
                style = TARGET_STYLE if target else None
                line.append_text(self.painter.empty(2, style=click(style, typed, view) if target else None))
            line.append(" ")
        line.append("│ ", style="dim")
        pattern = self.layout["wall_pattern"][row]
        columns = self._column_targets(board, row, choosing, targets)
        for column in range(SIZE):
            placed = board["wall"][row][column]
            if column:
                line.append(" ")
            if placed != ".":
                line.append_text(self.painter.tile(placed))
            elif column in columns:
                line.append_text(self.painter.empty(2, face="▸", style=click(TARGET_STYLE, columns[column], view)))
            elif self.grey:
                line.append_text(self.painter.empty(2))
            else:
                line.append_text(self.painter.printed(pattern[column]))
        if board.get("waiting") and board.get("tiling_line") == row:
            line.append(" ◀", style="bold")
        elif self.grey:
            line.append("  ")  # room for the mark, so the board keeps its width when a column is chosen
        return line

    def _column_targets(
        self, board: Position, row: int, choosing: Choosing | None, targets: set[str]
    ) -> dict[int, str]:
        """The wall spaces of ``row`` the grey wall lets this player choose now, with the move of each."""
        if choosing is None:
            return {}
        found = {}
        for token in targets:
            move = choosing.move_after(token)
            if move is not None and move["kind"] == "column" and move["line"] == row + 1:
                found[move["column"] - 1] = token
        return found

    def _floor(self, position: Position, seat: int, targets: set[str], view: View) -> list[Text]:
        board = position["boards"][seat]
        penalties: list[int] = self.layout["floor_penalties"]
        header = Text("  ")
        header.append(" ".join(f"{penalty:<2}" for penalty in penalties), style="dim")
        choosing = view.choosing
        target = choosing is not None and choosing.seat == seat and choosing.depth == 2 and "F" in targets
        floor = Text.assemble(("F", TARGET_STYLE if target else Style(bold=True)))
        floor.append(" ")
        typed = "".join(choosing.chosen) + "F" if choosing is not None else ""
        for index in range(len(penalties)):
            if index < len(board["floor"]):
                floor.append_text(self.painter.tile(board["floor"][index]))
            else:
                style = TARGET_STYLE if target else None
                floor.append_text(self.painter.empty(2, style=click(style, typed, view) if target else None))
            floor.append(" ")
        lost = sum(penalties[: len(board["floor"])])
        if lost:
            floor.append(f"{lost}", style="bold red")
        if position.get("sn5_holder") == seat:
            floor.append(" SN5 ", style=DISC_STYLE)
            praline = position.get("sn5_praline") or ""
            floor.append_text(self.painter.tile(praline) if praline else self.painter.empty(2))
        return [header, floor]

    def _compact(self, position: Position, seat: int) -> RenderableType:
        rows = self._short_rows(position, seat)
        if position.get("sn5_holder") == seat:
            rows[-1].append(SN5_MARK, style=DISC_STYLE)
        return Group(*rows)

    def _short_rows(self, position: Position, seat: int) -> list[Text]:
        """The pattern lines and the wall a cell a tile (the wall's printed colours as small letters), then the
        floor and what it costs now: never wider than :attr:`short_width`."""
        board = position["boards"][seat]
        rows = []
        for row in range(SIZE):
            content = board["lines"][row]
            line = Text.assemble((" " * (SIZE - row - 1) + "·" * (row + 1 - len(content)), "dim"))
            line.append_text(self.painter.row(content, 1, gap=""))
            line.append("│", style="dim")
            for column in range(SIZE):
                placed = board["wall"][row][column]
                if placed != ".":
                    line.append_text(self.painter.tile(placed, 1))
                elif self.grey:
                    line.append_text(self.painter.empty(1))
                else:
                    line.append_text(self.painter.printed(self.layout["wall_pattern"][row][column], 1))
            rows.append(line)
        floor = Text.assemble(("F", "bold"))
        tiles = board["floor"]
        lost = sum(self.layout["floor_penalties"][: len(tiles)])
        # The floor holds at most seven: "F" with them and the worst penalty (-14) still fits the short width.
        floor.append(" " if len(tiles) < len(self.layout["floor_penalties"]) else "")
        floor.append_text(self.painter.row(tiles, 1, gap="") if tiles else Text("—", style="dim"))
        if lost:
            floor.append(f" {lost}", style="bold red")
        rows.append(floor)
        return rows

    def short(self, position: Position, seat: int, text: Messages, width: int = 0) -> list[Text]:
        rows = self._short_rows(position, seat)
        if position.get("sn5_holder") == seat and rows[-1].cell_len + len(SN5_MARK) <= max(width, self.short_width):
            rows[-1].append(SN5_MARK, style=DISC_STYLE)
        return rows

    def short_marks(self, position: Position, seat: int, width: int) -> str:
        held = position.get("sn5_holder") == seat
        floor = self._short_rows(position, seat)[-1] if held else None
        return SN5_MARK if floor is not None and floor.cell_len + len(SN5_MARK) > max(width, self.short_width) else ""

    # --- words ------------------------------------------------------------------------

    def legend(self, position: Position, text: Messages, *, every: bool = False) -> list[Text]:
        """What each special factory on the table does (M-1..M-5), each SN2 with its own colour and SN4 with
        its neighbours; ``every``: also what the discs not on the table do, when the game has them."""
        specials = position.get("special_factories") or []
        entries: dict[str, Text] = {}
        pulled = [disc for disc in specials if disc is not None and disc[0] == "2" and len(disc) > 1]
        for index, disc in enumerate(specials):
            if disc is None or disc[0] in entries:
                continue
            kind = disc[0]
            if kind == "2" and pulled:
                # Every SN2 on the table, each with its own colour (as its factory shows it).
                label = Text(" ").join(self.disc_label(each) for each in pulled)
                one = self.colour_name(pulled[0][1], text)
                words = text("disc_2", colour=one) if len(pulled) == 1 else text("disc_2_each")
            elif kind == "4":
                label = self.disc_label(disc)
                previous, following = self.neighbours(position, index)
                words = text("disc_4_at", previous=previous + 1, next=following + 1)
            else:
                label = self.disc_label(disc)
                words = text(f"disc_{kind}", colour=text("its_colour"))
            label.rstrip()
            entries[kind] = label + Text(" " + words)
        missing = set("12345") if every and self.options.get("special_factories") else set()
        if position.get("sn5_holder") is not None:
            missing.add("5")
        for kind in missing - set(entries):
            entries[kind] = Text.assemble(
                (f"SN{kind}", DISC_STYLE), " " + text(f"disc_{kind}", colour=text("its_colour"))
            )
        return [entries[kind] for kind in sorted(entries)]

    def round_tiles(
        self, before: Position, after: Position, seat: int, text: Messages, steps: Sequence[Any] = ()
    ) -> Text:
        """The tiles moved to the wall, top row first (A-7), each with the points it scored (A-8)."""
        old, new = before["boards"][seat]["wall"], after["boards"][seat]["wall"]
        occupied = sum(
            1 << (SIZE * row + column) for row in range(SIZE) for column in range(SIZE) if old[row][column] != "."
        )
        line = Text()
        for row in range(SIZE):
            for column in range(SIZE):
                if old[row][column] == "." and new[row][column] != ".":
                    occupied |= 1 << (SIZE * row + column)
                    if line:
                        line.append(" ")
                    line.append_text(self.painter.tile(new[row][column], 1))
                    line.append(f"→{row + 1}(+{placement_points(occupied, row, column)})")
        return line

    def score_parts(self, stats: dict[str, int]) -> dict[str, int]:
        return {
            "placement": stats["placement_points"],
            "floor": -stats["floor_points"],
            "rows": stats["bonus_rows"],
            "columns": stats["bonus_columns"],
            "colours": stats["bonus_colours"],
        }
