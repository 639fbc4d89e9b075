"""Summer Pavilion in a terminal: factories, centre, supply and wild colour; seven stars, their costs and features.

A star is a row of its six spaces, slot 1 first (S-1). An empty space shows its
printed number, what placing a tile there costs in tiles of its colour (S-8); a
placed tile shows its letter on its colour. After each outer star come the
features it shares with its neighbours and what each pays from the supply when
its spaces are covered (S-10): the pillar ``┃`` (between the star and the centre
star), the statue ``▲`` (between the star and the next one) and the window
``⌂`` (its own slots 5 and 6), then the points for completing the star (S-15).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rich.console import Group, RenderableType
from rich.style import Style
from rich.text import Text

from mozaika.catalogue.registry import from_json
from mozaika.core.protocol import Move
from mozaika.i18n import Messages
from mozaika.richview.family import BoardFamily, Choosing, Path, Position, View, click
from mozaika.richview.palette import TARGET_STYLE

SYMBOLS = {"pillar": "┃", "statue": "▲", "window": "⌂"}
DONE_STYLE = Style(bold=True, color="#00af00")


class StarsFamily(BoardFamily):
    kind = "stars"
    short_width = 12
    """A star's label and six spaces, a cell each; the hand's counts wrap within it."""

    @property
    def colourless(self) -> bool:
        return self.options.get("board") == "colourless"

    @property
    def numbers(self) -> list[int]:
        numbers: list[int] = self.layout["numbers"]["colourless" if self.colourless else "coloured"]
        return numbers

    def cost(self, star: str, slot: int) -> int:
        return self.numbers[list(self.layout["stars"]).index(star) * int(self.layout["slots"]) + slot - 1]

    # --- moves as steps -----------------------------------------------------------------

    def tokens(self, move: Move) -> Path:
        fields = move.fields()
        kind = fields["kind"]
        if kind == "take":
            return "C" if fields["source"] == "centre" else str(fields["source"]), fields["colour"]
        if kind == "place":
            wilds = f"+{fields['wilds']}" if fields["wilds"] else ""
            return fields["star"], str(fields["slot"]), fields["colour"], wilds
        if kind == "pass":
            return "pass", f":{fields['keep']}" if fields["keep"] else ""
        return (str(move),)

    def _shape(self, choosing: Choosing) -> str:
        """Which kind of move the candidates are at this step: take, place, pass or pick."""
        for path in choosing.candidates:
            if path[: choosing.depth] != choosing.chosen:
                continue
            if len(path) == 2 and path[0] == "pass":
                return "pass"
            if len(path) == 2:
                return "take"
            if len(path) == 4:
                return "place"
        return "pick"

    def step_title(self, position: Position, choosing: Choosing, text: Messages) -> str:
        shape = self._shape(choosing)
        if choosing.depth == 0:
            return text(
                {"take": "choose_source", "place": "choose_star", "pick": "choose_bonus"}.get(shape, "choose_star")
            )
        if shape == "take":
            return text("choose_colour")
        if shape == "pass":
            return text("choose_keep")
        return text(("choose_space", "choose_colour", "choose_payment")[min(choosing.depth, 3) - 1])

    def option_label(self, position: Position, choosing: Choosing, token: str, text: Messages) -> str:
        depth = choosing.depth
        if depth == 0:
            if token.startswith("pick:"):
                return text("bonus_pick", tiles=" ".join(token[5:]))
            if token == "pass":
                return text("pass")
            if any(len(path) == 2 and path[0] == token for path in choosing.candidates):
                return self.source_name(token, text)
            return self.star_name(token, text)
        shape = self._shape(choosing)
        if shape == "pass":
            return text("keep", tiles=" ".join(token[1:])) if token else text("keep_nothing")
        if shape == "take":
            source = choosing.chosen[0]
            tiles = str(position["centre"] if source == "C" else position["factories"][int(source) - 1])
            count = tiles.count(token) if token != position["wild"] else 1
            label = f"{self.colour_name(token, text)} ×{count}"
            if token != position["wild"] and position["wild"] in tiles:
                label += f" + {text('one_wild')}"
            return label
        if depth == 1:
            return text("space", slot=token, cost=self.cost(choosing.chosen[0], int(token)))
        if depth == 2:
            return self.colour_name(token, text)
        return text("wilds", count=int(token[1:])) if token else text("no_wild")

    def move_words(self, position: Position, move: Move, text: Messages, *, brief: bool = False) -> tuple[str, str]:
        fields = move.fields()
        kind = fields["kind"]
        if kind == "take":
            source = self._source_of(fields)
            tiles = str(position["centre"] if source == "C" else position["factories"][int(source) - 1])
            colour = self.colour_name(fields["colour"], text)
            wild = position["wild"]
            if fields["colour"] != wild and wild in tiles:
                colour += " " + text("words_and_wild")
            return self.source_name(source, text), colour
        if kind == "place":
            star, slot = fields["star"], fields["slot"]
            where = f"{self.star_name(star, text)}, {text('space', slot=slot, cost=self.cost(star, slot))}"
            paid = self.colour_name(fields["colour"], text)
            if fields["wilds"]:
                paid += ", " + text("wilds", count=fields["wilds"])
            return where, paid
        if kind == "pass":
            keep = fields["keep"]
            return text("pass"), text("keep", tiles=" ".join(keep)) if keep else text("keep_nothing")
        if kind == "pick":
            return text("group_pick"), text("bonus_pick", tiles=" ".join(fields["tiles"]))
        return str(move), ""

    def star_name(self, star: str, text: Messages) -> str:
        return text("centre_star") if star == "C" else text("star", name=self.colour_name(star, text))

    # --- what lies between the players ------------------------------------------------

    def shared(self, position: Position, view: View) -> RenderableType:
        text = view.text
        wild = position["wild"]
        track = Text(text("wild", colour=self.colour_name(wild, text)) + " ")
        track.append_text(self.painter.tile(wild))
        track.append("   ")
        track.append(f"{text('rounds')} ", style="dim")
        for number, letter in enumerate(self.layout["wild_by_round"], start=1):
            current = number == position["round"]
            track.append(f"{number}", style="bold reverse" if current else "dim")
            track.append_text(
                self.painter.tile(letter, 1) if number >= position["round"] else Text(letter.lower(), style="dim")
            )
            track.append(" ")
        supply = Text(f"{text('supply')} ")
        supply.append_text(
            self.painter.row(self.painter.sort(position["supply"]), 1, gap=" ") if position["supply"] else Text("—")
        )
        return Group(self.sources(position, view), track, supply)

    def takes_now(self, choosing: Choosing) -> bool:
        return self._shape(choosing) == "take"

    # --- a player's board ------------------------------------------------------------

    def board(self, position: Position, seat: int, view: View, *, compact: bool) -> RenderableType:
        board = position["boards"][seat]
        choosing = view.choosing if view.choosing is not None and view.choosing.seat == seat else None
        filled = self._filled(board)
        rows = [self._star(board, star, choosing, filled, view, compact) for star in self.layout["stars"]]
        hand = self._hand(position, board, view.text, compact)
        if not compact and hand.cell_len > max(row.cell_len for row in rows):
            # A long hand is counted by colour, so that the board keeps its width and its lines.
            hand = self._hand_counted(position, board, view.text)
        rows.append(hand)
        return Group(*rows)

    def _filled(self, board: Position) -> set[int]:
        slots = self.layout["slots"]
        return {
            self.layout["stars"].index(star) * slots + index
            for star, spaces in board["stars"].items()
            for index, letter in enumerate(spaces)
            if letter != "."
        }

    def _star(
        self, board: Position, star: str, choosing: Choosing | None, filled: set[int], view: View, compact: bool
    ) -> Text:
        width = 1 if compact else 2
        star_colour = None if self.colourless or star == "C" else self.painter.colours.get(star)
        picking_star = choosing is not None and choosing.depth == 0 and star in choosing.next_tokens
        label_style = Style(bold=True, color=star_colour)
        if picking_star:
            label_style = label_style + TARGET_STYLE
        line = Text.assemble((star, click(label_style, star, view) if picking_star else label_style))
        line.append(" ")
        slots = set(choosing.next_tokens) if choosing is not None and choosing.chosen == (star,) else set()
        for slot in range(1, self.layout["slots"] + 1):
            letter = board["stars"][star][slot - 1]
            if slot > 1 and not compact:
                line.append(" ")
            if letter != ".":
                line.append_text(self.painter.tile(letter, width))
                continue
            cost = str(self.cost(star, slot))
            style = Style(color=star_colour) if star_colour else Style(dim=True)
            if str(slot) in slots:
                style = click(style + TARGET_STYLE, f"{star}{slot}", view)
            line.append(cost if compact else f"{cost} ", style=style)
        if compact:
            return line
        for feature in self.layout["features"]:
            if feature["star"] == star:
                done = all(space in filled for space in feature["spaces"])
                line.append(f" {SYMBOLS[feature['kind']]}{feature['tiles']}", style=DONE_STYLE if done else "dim")
        complete = "." not in board["stars"][star]
        bonus = self.layout["star_bonus"][star]
        line.append(f"  ★{bonus}", style=DONE_STYLE if complete else "dim")
        return line

    def _hand(self, position: Position, board: Position, text: Messages, compact: bool) -> Text:
        wild = position["wild"]
        hand = self.painter.sort(board["hand"])
        placing = position.get("phase") == "placement"
        label = text("kept") if board.get("passed") and placing else text("hand")
        line = Text.assemble((f"{text('hand_short')} " if compact else f"{label}: ", "bold"))
        own = "".join(letter for letter in hand if letter != wild)
        wilds = hand.count(wild)
        if not hand:
            line.append("—", style="dim")
        line.append_text(self.painter.row(own, 1, gap="" if compact else " "))
        if wilds:
            line.append(" ✱" if own else "✱", style="bold")
            line.append_text(self.painter.row(wild * wilds, 1, gap="" if compact else " "))
        if board.get("passed") and placing and not compact:
            line.append(f"  ({text('passed')})", style="dim")
        return line

    def _hand_counted(self, position: Position, board: Position, text: Messages) -> Text:
        """The hand as each colour's count: ``Hand: O3 R1 ✱P2``."""
        placing = position.get("phase") == "placement"
        label = text("kept") if board.get("passed") and placing else text("hand")
        line = Text(f"{label}:", style="bold")
        for unit in self._counts(position, board):
            line.append(" ")
            line.append_text(unit)
        return line

    def _counts(self, position: Position, board: Position) -> list[Text]:
        """Each colour in the hand with its count, ``✱`` before the wild colour's."""
        wild = position["wild"]
        hand = board["hand"]
        units: list[Text] = []
        for letter in self.painter.sort("".join(dict.fromkeys(hand))):
            unit = Text("✱", style="bold") if letter == wild else Text()
            unit.append_text(self.painter.tile(letter, 1))
            unit.append(str(hand.count(letter)))
            units.append(unit)
        return units

    def short(self, position: Position, seat: int, text: Messages, width: int = 0) -> list[Text]:
        """A row of costs and tiles a star, then the hand as each colour's count (``✱`` before the wild
        colour's), on as many lines as :attr:`short_width` needs."""
        board = position["boards"][seat]
        filled = self._filled(board)
        rows = [self._star(board, star, None, filled, View(text), True) for star in self.layout["stars"]]
        units = self._counts(position, board)
        line = Text(text("hand_short"), style="bold")
        if not units:
            line.append(" —", style="dim")
        for unit in units:
            if line.cell_len + 1 + unit.cell_len > max(width, self.short_width):
                rows.append(line)
                line = unit
                continue
            line.append(" ")
            line.append_text(unit)
        rows.append(line)
        return rows

    # --- words ------------------------------------------------------------------------

    def legend(self, position: Position, text: Messages, *, every: bool = False) -> list[Text]:
        rewards = {feature["kind"]: feature["tiles"] for feature in self.layout["features"]}
        line = Text()
        for kind in ("pillar", "statue", "window"):
            line.append(f"{SYMBOLS[kind]} ", style="bold")
            line.append(text(f"feature_{kind}", count=rewards[kind]) + "  ")
        numbers = self.layout["number_bonus"]
        bonus = Text(text("star_bonus_legend") + "  ")
        bonus.append(text("number_bonus_legend", **{f"n{key}": value for key, value in numbers.items()}))
        wild = Text(f"✱ {text('wild_legend', colour=self.colour_name(position['wild'], text))}")
        return [line, bonus, wild]

    def round_tiles(
        self, before: Position, after: Position, seat: int, text: Messages, steps: Sequence[Any] = ()
    ) -> Text:
        """The tiles placed this round, in the order they were placed, each with the points it scored (S-9).

        A tile's points depend on the tiles already in its star, so they are read from the
        round's steps replayed; without them, the tiles are listed with their spaces only.
        """
        line = Text()
        for letter, space, points in self._placements(before, after, seat, steps):
            if line:
                line.append(" ")
            line.append_text(self.painter.tile(letter, 1))
            line.append(space if points is None else f"{space}(+{points})")
        return line

    def _placements(
        self, before: Position, after: Position, seat: int, steps: Sequence[Any]
    ) -> list[tuple[str, str, int | None]]:
        if not steps:
            old, new = before["boards"][seat]["stars"], after["boards"][seat]["stars"]
            return [
                (now, f"{star}{slot}", None)
                for star in self.layout["stars"]
                for slot, (was, now) in enumerate(zip(old[star], new[star], strict=True), start=1)
                if was == "." and now != "."
            ]
        state = from_json(before)
        state.auto_chance = False
        placed: list[tuple[str, str, int | None]] = []
        for step in steps:
            if state.is_chance:
                state.apply_chance(step)
                continue
            mover = state.to_move[0]
            fields = step.fields()
            earned = state.to_dict()["boards"][mover]["stats"]["placement_points"]
            state.play(step)
            if mover == seat and fields["kind"] == "place":
                points = state.to_dict()["boards"][mover]["stats"]["placement_points"] - earned
                placed.append((fields["colour"], f"{fields['star']}{fields['slot']}", points))
        return placed

    def score_parts(self, stats: dict[str, int]) -> dict[str, int]:
        return {
            "placement": stats["placement_points"],
            "marker": -stats["marker_points"],
            "discards": -stats["discard_points"],
            "stars": stats["star_bonus"],
            "numbers": stats["number_bonus"],
        }
