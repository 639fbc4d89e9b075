"""Azul and Master Chocolatier positions in one line, and built from a partial description.

The line's keys for the wall family are specified in ``docs/notation.md``
("Positions in one line"); :func:`mozaika.notation.positions.build` documents the parts the
builder takes.  Both produce the position dictionary of ``docs/api.md``, which
:func:`mozaika.from_json` then checks against every rule.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from mozaika.azul.board import Board
from mozaika.azul.table import PHASE_NAMES, TILES_PER_COLOUR
from mozaika.azul.theme import MARKER_LETTER
from mozaika.azul.wall import SIZE, coloured_colour
from mozaika.core import lineformat
from mozaika.core.errors import NotationError, PositionError
from mozaika.core.lineformat import FamilyKit, Tokens
from mozaika.core.offer import FACTORIES
from mozaika.core.theme import Theme

NO_LINE = SIZE
"""``tiling_line`` when no pattern line is being tiled."""
STATS = Board.STATS
ANY_PRINTED = "X"
"""On the coloured wall, a tile of whatever colour is printed there (A-9)."""

PARTS = frozenset(
    {
        "walls",
        "lines",
        "floors",
        "scores",
        "factories",
        "centre",
        "lid",
        "marker",
        "turn",
        "starter",
        "round",
        "phase",
        "waiting",
        "discs",
        "sn5_holder",
        "sn5_praline",
    }
)


class WallKit(FamilyKit):
    """The position kit of Azul and Master Chocolatier (walls, pattern lines, floors)."""

    tiles_per_colour = TILES_PER_COLOUR

    def places(self, data: Mapping[str, Any]) -> Iterable[tuple[str, str]]:
        yield from self.offer_places(data)
        yield "in the lid", "".join(letter * count for letter, count in data["lid"].items())
        yield "on the SN5 disc", data.get("sn5_praline") or ""
        for seat, board in enumerate(data["boards"]):
            yield f"on player {seat + 1}'s wall", "".join(board["wall"])
            yield f"on player {seat + 1}'s pattern lines", "".join(board["lines"])
            yield f"on player {seat + 1}'s floor", board["floor"]

    # --- the line -------------------------------------------------------------------

    def write_tokens(self, data: Mapping[str, Any], theme: Theme) -> list[str]:
        tokens = [*lineformat.head_tokens(data, data["phase"]), *lineformat.counts_token("lid", data["lid"], theme)]
        discs = data.get("special_factories")
        if discs and any(disc is not None for disc in discs):
            tokens.append("d:" + "/".join(lineformat.group_text(disc or "") for disc in discs))
        if data.get("sn5_holder") is not None or data.get("sn5_praline"):
            holder = data.get("sn5_holder")
            tokens.append(
                f"sn5:{'-' if holder is None else lineformat.seat_text(holder)}{data.get('sn5_praline') or ''}"
            )
        return tokens + lineformat.board_tokens(data["boards"], _board_text)

    def read_tokens(self, tokens: Tokens, players: int, options: Mapping[str, Any], theme: Theme) -> dict[str, Any]:
        factory_count = FACTORIES[players]
        data = lineformat.read_head(tokens, players, factory_count, theme)
        data["phase"] = lineformat.phase_name(data["phase"], PHASE_NAMES)
        data["lid"] = lineformat.read_counts_token(tokens, "lid", theme)
        if "special_factories" in options:
            discs = tokens.take("d", "/".join(["-"] * factory_count)).split("/")
            if len(discs) != factory_count:
                raise NotationError(f"d: must list {factory_count} discs separated by '/'")
            data["special_factories"] = [None if disc == "-" else disc for disc in discs]
            sn5 = tokens.take("sn5", "-")
            data["sn5_holder"] = None if sn5[:1] == "-" else lineformat.read_seat(sn5[:1], "sn5:", players)
            data["sn5_praline"] = lineformat.read_group(sn5[1:] or "-", theme, "sn5:")
        data["boards"] = lineformat.read_boards(tokens, players, lambda text, seat: _read_board(text, seat, theme))
        return data

    # --- the builder ----------------------------------------------------------------

    def build(self, players: int, options: Mapping[str, Any], theme: Theme, parts: dict[str, Any]) -> dict[str, Any]:
        lineformat.check_parts(parts, PARTS, "a wall game's position")
        grey = options.get("wall", options.get("box")) in ("grey", "brown")
        factory_count = FACTORIES[players]
        walls = [
            _wall_rows(wall, grey, seat, theme)
            for seat, wall in enumerate(lineformat.per_player(parts, "walls", players, ""))
        ]
        lines = [
            _line_groups(entry, seat) for seat, entry in enumerate(lineformat.per_player(parts, "lines", players, ""))
        ]
        floors = [str(floor or "").upper() for floor in lineformat.per_player(parts, "floors", players, "")]
        scores = [int(score) for score in lineformat.per_player(parts, "scores", players, 0)]
        holder_on_floor = [seat for seat, floor in enumerate(floors) if MARKER_LETTER in floor]
        head = lineformat.build_head(parts, factory_count, holder_on_floor[0] if holder_on_floor else "centre")
        waiting: Mapping[int, int] = parts.get("waiting") or {}

        on_table = any(head["factories"]) or bool(head["centre"])
        most_in_a_row = max((SIZE - row.count(".") for wall in walls for row in wall), default=0)
        phase = parts.get("phase") or _default_phase(on_table, waiting, walls)
        tiled = phase in ("tiling", "over")
        round_ = parts.get("round")
        earliest = max(most_in_a_row if tiled else most_in_a_row + 1, 1)
        if round_ is None:
            round_ = earliest
        elif round_ < earliest:
            seat, row = next(
                (seat, index)
                for seat, wall in enumerate(walls)
                for index, cells in enumerate(wall)
                if SIZE - cells.count(".") == most_in_a_row
            )
            raise PositionError(
                f"player {seat + 1}'s wall row {row + 1} holds {most_in_a_row} tiles, but each wall tiling "
                f"adds at most one tile to a row: that is round {earliest} or later, not round {round_} (A-7)"
            )
        data: dict[str, Any] = {
            "round": round_,
            "phase": phase,
            **head,
            "boards": [
                {
                    "score": scores[seat],
                    "lines": lines[seat],
                    "wall": walls[seat],
                    "floor": floors[seat],
                    "tiling_line": waiting.get(seat, NO_LINE),
                    "waiting": seat in waiting,
                    "stats": dict.fromkeys(STATS, 0),
                }
                for seat in range(players)
            ],
        }
        if "special_factories" in options:
            data["special_factories"] = list(parts.get("discs") or [None] * factory_count)
            data["sn5_holder"] = parts.get("sn5_holder")
            data["sn5_praline"] = str(parts.get("sn5_praline") or "").upper()
        data["lid"] = _lid(parts.get("lid"), data, theme, self)
        return data


def _board_text(board: Mapping[str, Any]) -> str:
    fields = [
        str(board["score"]),
        lineformat.groups_text(board["lines"]),
        lineformat.rows_text(board["wall"]),
        lineformat.group_text(board["floor"]),
    ]
    if board["tiling_line"] != NO_LINE:
        fields.append(f"t{board['tiling_line'] + 1}")
    if board["waiting"]:
        fields.append("w")
    return ",".join([*fields, *lineformat.stats_field(board["stats"], STATS)])


def _read_board(text: str, seat: int, theme: Theme) -> dict[str, Any]:
    where = f"player {seat + 1}"
    fields = lineformat.board_fields(text, seat, "score,lines,wall,floor")
    board: dict[str, Any] = {
        "score": lineformat.whole(fields[0], f"{where}'s score"),
        "lines": lineformat.read_groups(fields[1], SIZE, theme, f"{where}'s pattern line"),
        "wall": lineformat.read_rows(fields[2], SIZE, SIZE, theme, f"{where}'s wall"),
        "floor": lineformat.read_group(fields[3], theme, f"{where}'s floor", extra=MARKER_LETTER),
        "tiling_line": NO_LINE,
        "waiting": False,
        "stats": dict.fromkeys(STATS, 0),
    }

    def read_flag(extra: str) -> bool:
        if extra[:1] == "t":
            board["tiling_line"] = lineformat.whole(extra[1:], f"{where}'s tiling line") - 1
        elif extra == "w":
            board["waiting"] = True
        else:
            return False
        return True

    lineformat.read_board_extras(fields[4:], seat, board, STATS, read_flag)
    return board


def _wall_rows(entry: Any, grey: bool, seat: int, theme: Theme) -> list[str]:
    rows = lineformat.split_groups(entry, SIZE, f"player {seat + 1}'s wall")
    out = []
    for row, cells in enumerate(rows):
        cells = cells or "." * SIZE
        if len(cells) != SIZE:
            raise PositionError(f"player {seat + 1}'s wall row {row + 1} must have {SIZE} cells ('.' for empty)")
        if ANY_PRINTED in cells and grey:
            raise PositionError(
                f"player {seat + 1}'s grey wall has no printed colours: write each tile's colour (A-10)"
            )
        out.append(
            "".join(
                theme.letter(coloured_colour(row, column)) if cell == ANY_PRINTED else cell
                for column, cell in enumerate(cells)
            )
        )
    return out


def _line_groups(entry: Any, seat: int) -> list[str]:
    return lineformat.split_groups(entry, SIZE, f"player {seat + 1}'s pattern lines")


def _default_phase(on_table: bool, waiting: Mapping[int, int], walls: list[list[str]]) -> str:
    if waiting:
        return "tiling"
    if on_table:
        return "offer"
    if any("." not in row for wall in walls for row in wall):
        return "over"
    return "chance"


def _lid(given: Any, data: dict[str, Any], theme: Theme, kit: WallKit) -> dict[str, int]:
    """The lid as given, or the tiles the walls imply went there: a tile on row r came with r - 1 others (A-7)."""
    if given is not None:
        return lineformat.given_counts(given, theme)
    placed = kit.placed({**data, "lid": {}}, theme)
    lid = dict.fromkeys(theme.letters, 0)
    for board in data["boards"]:
        for row, cells in enumerate(board["wall"]):
            for cell in cells:
                if cell in lid:
                    lid[cell] += row
    return {letter: max(0, min(lid[letter], TILES_PER_COLOUR - placed[letter])) for letter in theme.letters}


WALL_KIT = WallKit()
