"""The pieces every game's one-line position notation is made of (``docs/notation.md``).

A position line is a list of space-separated tokens: first the game and its
non-default options (``azul+grey``), then ``key:value`` tokens.  Each game family
(:class:`PositionKit`) writes and reads its own keys; this module holds what they
share: the token reader, run-length rows (``1Y3`` for ``.Y...``), counts
(``2.1.4.0.0``) and the tile balance that puts every tile not placed elsewhere in
the bag (F-4).  Pure Python, no I/O.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from typing import Any, Protocol

from mozaika.core.errors import NotationError, PositionError
from mozaika.core.theme import Theme

EMPTY_TEXT = "-"
"""How an empty group of tiles (a factory, a hand, a floor) is written."""


class PositionKit(Protocol):
    """What a game family provides for position lines and the position builder."""

    def write_tokens(self, data: Mapping[str, Any], theme: Theme) -> list[str]:
        """The ``key:value`` tokens of a position (everything but the game, its options and the seed)."""
        ...

    def read_tokens(self, tokens: Tokens, players: int, options: Mapping[str, Any], theme: Theme) -> dict[str, Any]:
        """A position dictionary (bag excluded) from the tokens of :meth:`write_tokens`."""
        ...

    def build(self, players: int, options: Mapping[str, Any], theme: Theme, parts: dict[str, Any]) -> dict[str, Any]:
        """A position dictionary (bag excluded) from a partial description (``mozaika.notation.positions.build``)."""
        ...

    def places(self, data: Mapping[str, Any]) -> Iterable[tuple[str, str]]:
        """Every group of tiles outside the bag as (where, letters), for the tile balance (F-4)."""
        ...

    def per_colour(self) -> int:
        """How many tiles of each colour the game has (F-4)."""
        ...

    def bag_key(self) -> str:
        """The position field that holds the bag."""
        ...


class FamilyKit(ABC):
    """What the kits share: a game of ``tiles_per_colour`` tiles of each colour, its bag in ``bag``,
    factories and a centre."""

    tiles_per_colour: int

    def per_colour(self) -> int:
        return self.tiles_per_colour

    def bag_key(self) -> str:
        return "bag"

    @abstractmethod
    def places(self, data: Mapping[str, Any]) -> Iterable[tuple[str, str]]:
        """Every group of tiles outside the bag as (where, letters), for the tile balance (F-4)."""

    @staticmethod
    def offer_places(data: Mapping[str, Any]) -> Iterator[tuple[str, str]]:
        """The tiles on the factories and in the centre, as :meth:`places` lists them."""
        for index, factory in enumerate(data["factories"]):
            yield f"on factory {index + 1}", factory
        yield "in the centre", data["centre"]

    def placed(self, data: Mapping[str, Any], theme: Theme) -> dict[str, int]:
        """How many tiles of each letter :meth:`places` finds outside the bag."""
        placed = dict.fromkeys(theme.letters, 0)
        for _, letters in self.places(data):
            for letter in letters:
                if letter in placed:
                    placed[letter] += 1
        return placed


class Tokens:
    """The ``key:value`` tokens of a position line, read once each; unknown or repeated keys are errors."""

    def __init__(self, texts: Sequence[str]) -> None:
        self.values: dict[str, str] = {}
        for text in texts:
            key, colon, value = text.partition(":")
            if not colon or not key:
                raise NotationError(f"the position line has {text!r} where a key:value token belongs")
            if key in self.values:
                raise NotationError(f"the position line gives {key!r} twice")
            self.values[key] = value

    def take(self, key: str, default: str | None = None) -> str:
        value = self.values.pop(key, None)
        if value is None:
            if default is None:
                raise NotationError(f"the position line lacks {key}:")
            return default
        return value

    def number(self, key: str, default: int | None = None) -> int:
        return whole(self.take(key, None if default is None else str(default)), key)

    def finish(self) -> None:
        if self.values:
            raise NotationError(f"the position line has an unknown key {next(iter(self.values))!r}")


def whole(text: str, what: str) -> int:
    """A non-negative whole number written in decimal."""
    if not text.isdigit() or not text.isascii():
        raise NotationError(f"{what} must be a whole number, not {text!r}")
    return int(text)


def seat_text(seat: int) -> str:
    """Seats are numbered from 1 in the notation."""
    return str(seat + 1)


def read_seat(text: str, what: str, players: int) -> int:
    seat = whole(text, what) - 1
    if not 0 <= seat < players:
        raise NotationError(f"{what} must be a player 1..{players}, not {text!r}")
    return seat


def group_text(letters: str) -> str:
    return letters or EMPTY_TEXT


def read_group(text: str, theme: Theme, what: str, extra: str = "") -> str:
    """Colour letters (upper-cased, checked), or ``-`` for none; ``extra`` are further allowed characters."""
    if text == EMPTY_TEXT:
        return ""
    letters = text.upper()
    for letter in letters:
        if letter not in theme.letters and letter not in extra:
            raise NotationError(f"{what}: {letter!r} is not a colour letter ({''.join(theme.letters)})")
    return letters


def groups_text(groups: Iterable[str]) -> str:
    return "/".join(group_text(group) for group in groups)


def read_groups(text: str, count: int, theme: Theme, what: str) -> list[str]:
    parts = text.split("/")
    if len(parts) != count:
        raise NotationError(f"{what} must list {count} groups separated by '/', not {len(parts)}")
    return [read_group(part, theme, f"{what} {index + 1}") for index, part in enumerate(parts)]


def row_text(cells: str) -> str:
    """A row of cells (letters and '.') with runs of empty cells written as their length: ``.Y...`` is ``1Y3``."""
    out: list[str] = []
    run = 0
    for cell in cells:
        if cell == ".":
            run += 1
            continue
        if run:
            out.append(str(run))
            run = 0
        out.append(cell)
    if run:
        out.append(str(run))
    return "".join(out)


def read_row(text: str, size: int, theme: Theme, what: str) -> str:
    cells: list[str] = []
    for char in text:
        if char.isdigit() and char.isascii():
            cells.append("." * int(char))
        else:
            cells.append(read_group(char, theme, what))
    row = "".join(cells)
    if len(row) != size:
        raise NotationError(f"{what} must have {size} cells, not {len(row)} ({text!r})")
    return row


def rows_text(rows: Iterable[str]) -> str:
    return "/".join(row_text(row) for row in rows)


def read_rows(text: str, count: int, size: int, theme: Theme, what: str) -> list[str]:
    parts = text.split("/")
    if len(parts) != count:
        raise NotationError(f"{what} must have {count} rows separated by '/', not {len(parts)}")
    return [read_row(part, size, theme, f"{what} row {index + 1}") for index, part in enumerate(parts)]


def counts_text(counts: Sequence[int]) -> str:
    return ".".join(str(count) for count in counts)


def read_counts(text: str, size: int, what: str) -> list[int]:
    parts = text.split(".")
    if len(parts) != size:
        raise NotationError(f"{what} must be {size} numbers separated by '.', not {text!r}")
    return [whole(part, what) for part in parts]


def counted_letters(counts: Mapping[str, int], theme: Theme) -> str:
    """The counts of a JSON count object (a bag, a lid) in colour order, as ``2.1.4.0.0``."""
    return counts_text([counts[letter] for letter in theme.letters])


def head_tokens(data: Mapping[str, Any], phase: str) -> list[str]:
    """The tokens every game starts with: round, phase, who is on turn, who started, the marker, the table."""
    holder = data["marker_holder"]
    marker = "c" if data["marker_in_centre"] else "-" if holder is None else seat_text(holder)
    tokens = [
        f"r:{data['round']}",
        f"p:{phase}",
        f"t:{seat_text(data['turn'])}",
        f"s:{seat_text(data['starter'])}",
        f"m:{marker}",
        f"f:{groups_text(data['factories'])}",
    ]
    if data["centre"]:
        tokens.append(f"c:{data['centre']}")
    return tokens


def read_head(tokens: Tokens, players: int, factories: int, theme: Theme) -> dict[str, Any]:
    """The fields of :func:`head_tokens` (the phase as written, for the game to read)."""
    marker = tokens.take("m")
    return {
        "round": tokens.number("r"),
        "phase": tokens.take("p"),
        "turn": read_seat(tokens.take("t"), "t:", players),
        "starter": read_seat(tokens.take("s"), "s:", players),
        "marker_in_centre": marker == "c",
        "marker_holder": None if marker in ("c", "-") else read_seat(marker, "m:", players),
        "factories": read_groups(tokens.take("f"), factories, theme, "factory"),
        "centre": read_group(tokens.take("c", "-"), theme, "the centre"),
    }


def board_tokens(boards: Iterable[Mapping[str, Any]], board_text: Callable[[Mapping[str, Any]], str]) -> list[str]:
    """One ``1:...`` token per player, its board written by ``board_text``."""
    return [f"{seat_text(seat)}:{board_text(board)}" for seat, board in enumerate(boards)]


def read_boards(tokens: Tokens, players: int, read_board: Callable[[str, int], dict[str, Any]]) -> list[dict[str, Any]]:
    """The boards of :func:`board_tokens`, each read by ``read_board(text, seat)``."""
    return [read_board(tokens.take(seat_text(seat)), seat) for seat in range(players)]


def board_fields(text: str, seat: int, layout: str) -> list[str]:
    """The comma-separated fields of a player's board, at least as many as ``layout`` names."""
    fields = text.split(",")
    if len(fields) < layout.count(",") + 1:
        raise NotationError(f"player {seat + 1} must be written {layout} (not {text!r})")
    return fields


def read_board_extras(
    extras: Iterable[str], seat: int, board: dict[str, Any], stats: Sequence[str], read_flag: Callable[[str], bool]
) -> None:
    """The optional fields after a board's own: ``@`` statistics, or a flag the family reads (``read_flag``)."""
    where = f"player {seat + 1}"
    for extra in extras:
        if extra[:1] == "@":
            board["stats"] = read_stats(extra[1:], stats, where)
        elif not read_flag(extra):
            raise NotationError(f"{where} has an unknown field {extra!r}")


def phase_name(text: str, names: Sequence[str]) -> str:
    if text not in names:
        raise NotationError(f"p: must be one of {', '.join(names)}, not {text!r}")
    return text


def counts_token(key: str, counts: Mapping[str, int], theme: Theme) -> list[str]:
    """``key:2.1.4.0.0`` for a count object (the lid, the tower), nothing when it is empty."""
    return [f"{key}:{counted_letters(counts, theme)}"] if any(counts.values()) else []


def read_counts_token(tokens: Tokens, key: str, theme: Theme) -> dict[str, int]:
    counts = read_counts(tokens.take(key, counts_text([0] * len(theme.letters))), len(theme.letters), f"{key}:")
    return dict(zip(theme.letters, counts, strict=True))


def stats_field(stats: Mapping[str, int], names: Sequence[str]) -> list[str]:
    """A board's score parts so far as ``@9.4.8.0.0.0``, nothing when they are all 0."""
    values = [stats.get(name, 0) for name in names]
    return ["@" + counts_text(values)] if any(values) else []


def read_stats(text: str, names: Sequence[str], where: str) -> dict[str, int]:
    return dict(zip(names, read_counts(text, len(names), f"{where}'s statistics"), strict=True))


def check_parts(parts: Mapping[str, Any], known: Iterable[str], position: str) -> None:
    """Refuse a part the builder does not know (a misspelt name would otherwise be ignored)."""
    unknown = sorted(set(parts) - set(known))
    if unknown:
        raise PositionError(f"{position} has no part {unknown[0]!r}; its parts are: {', '.join(sorted(known))}")


def per_player(parts: Mapping[str, Any], name: str, players: int, empty: Any) -> list[Any]:
    """A builder part given per player (``scores=[12, 7]``), or ``empty`` for everyone when left out."""
    given = parts.get(name)
    if given is None:
        return [empty] * players
    if isinstance(given, str) or not isinstance(given, Sequence) or len(given) != players:
        raise PositionError(f"{name} must list one entry per player ({players})")
    return list(given)


def build_head(parts: Mapping[str, Any], factories: int, marker: Any) -> dict[str, Any]:
    """What a builder fills alike in every game: turn and starter, the marker (``marker`` when not given), the table."""
    marker = parts.get("marker", marker)
    starter = parts.get("starter", 0)
    return {
        "turn": parts.get("turn", starter),
        "starter": starter,
        "marker_in_centre": marker == "centre",
        "marker_holder": None if marker in ("centre", None) else marker,
        "factories": split_groups(parts.get("factories"), factories, "factories"),
        "centre": str(parts.get("centre") or "").upper(),
    }


def split_groups(entry: Any, count: int, what: str) -> list[str]:
    """Groups of letters given as a list or as one string with '/' between them (``-`` or nothing: empty)."""
    if entry is None or entry == "":
        return [""] * count
    items = entry.split("/") if isinstance(entry, str) else [str(item) for item in entry]
    if len(items) != count:
        raise PositionError(f"{what} must have {count} entries, not {len(items)}")
    return ["" if item == "-" else item.upper() for item in items]


def given_counts(given: Any, theme: Theme) -> dict[str, int]:
    """Tile counts given as letters (``"BBR"``) or as a mapping of letter to count; nothing given: none."""
    if given is None:
        return dict.fromkeys(theme.letters, 0)
    if isinstance(given, str):
        return {letter: given.upper().count(letter) for letter in theme.letters}
    return {letter: int(given.get(letter, 0)) for letter in theme.letters}


def balance(kit: PositionKit, data: dict[str, Any], theme: Theme, game_title: str) -> dict[str, Any]:
    """Put every tile not placed elsewhere in the bag (F-4), or say which colour is over-counted, and where."""
    per_colour = kit.per_colour()
    found: dict[str, list[tuple[str, int]]] = {letter: [] for letter in theme.letters}
    for where, letters in kit.places(data):
        for letter in theme.letters:
            count = letters.count(letter)
            if count:
                found[letter].append((where, count))
    bag: dict[str, int] = {}
    for colour, letter in enumerate(theme.letters):
        total = sum(count for _, count in found[letter])
        if total > per_colour:
            parts = ", ".join(f"{count} {where}" for where, count in found[letter])
            raise PositionError(
                f"the position holds {total} {theme.name(colour)} tiles ({parts}), "
                f"but {game_title} has {per_colour} of each colour: tiles must be conserved (F-4)"
            )
        bag[letter] = per_colour - total
    data[kit.bag_key()] = bag
    return data
