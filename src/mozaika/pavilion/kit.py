"""Summer Pavilion positions in one line, and built from a partial description.

The line's keys for the star family are specified in ``docs/notation.md``
("Positions in one line"); :func:`mozaika.notation.positions.build` documents the parts the
builder takes.  Both produce the position dictionary of ``docs/api.md``, which
:func:`mozaika.from_json` then checks against every rule.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from mozaika.core import lineformat
from mozaika.core.errors import NotationError, PositionError
from mozaika.core.lineformat import FamilyKit, Tokens
from mozaika.core.offer import FACTORIES
from mozaika.core.theme import Theme
from mozaika.pavilion.board import START_SCORE, PavilionBoard
from mozaika.pavilion.geometry import SLOTS, STAR_LETTERS
from mozaika.pavilion.table import CHANCE_NAMES, PHASE_NAMES, SUPPLY_SIZE, TILES_PER_COLOUR

STATS = PavilionBoard.STATS
PARTS = frozenset(
    {
        "stars",
        "hands",
        "passed",
        "scores",
        "factories",
        "centre",
        "supply",
        "tower",
        "pending_bonus",
        "marker",
        "turn",
        "starter",
        "round",
        "phase",
        "chance",
    }
)


class StarKit(FamilyKit):
    """The position kit of Summer Pavilion (stars, hands, the supply)."""

    tiles_per_colour = TILES_PER_COLOUR

    def places(self, data: Mapping[str, Any]) -> Iterable[tuple[str, str]]:
        yield from self.offer_places(data)
        yield "in the supply", data["supply"]
        yield "in the tower", "".join(letter * count for letter, count in data["tower"].items())
        for seat, board in enumerate(data["boards"]):
            yield f"on player {seat + 1}'s stars", "".join(board["stars"].values())
            yield f"in player {seat + 1}'s hand", board["hand"]

    # --- the line -------------------------------------------------------------------

    def write_tokens(self, data: Mapping[str, Any], theme: Theme) -> list[str]:
        phase = data["phase"] if data["chance"] is None else f"{data['phase']}.{data['chance']}"
        tokens = [*lineformat.head_tokens(data, phase), f"sup:{lineformat.group_text(data['supply'])}"]
        if data["pending_bonus"]:
            tokens.append("bonus:" + lineformat.counts_text(data["pending_bonus"]))
        return (
            tokens
            + lineformat.counts_token("tower", data["tower"], theme)
            + lineformat.board_tokens(data["boards"], _board_text)
        )

    def read_tokens(self, tokens: Tokens, players: int, options: Mapping[str, Any], theme: Theme) -> dict[str, Any]:
        data = lineformat.read_head(tokens, players, FACTORIES[players], theme)
        phase, _, chance = data["phase"].partition(".")
        data["phase"] = lineformat.phase_name(phase, PHASE_NAMES)
        if chance and chance not in CHANCE_NAMES:
            raise NotationError(f"p:chance. must be followed by one of {', '.join(CHANCE_NAMES)}, not {chance!r}")
        data["chance"] = chance or None
        data["supply"] = lineformat.read_group(tokens.take("sup"), theme, "the supply")
        bonus = tokens.take("bonus", "")
        data["pending_bonus"] = [lineformat.whole(part, "bonus:") for part in bonus.split(".")] if bonus else []
        data["tower"] = lineformat.read_counts_token(tokens, "tower", theme)
        data["boards"] = lineformat.read_boards(tokens, players, lambda text, seat: _read_board(text, seat, theme))
        return data

    # --- the builder ----------------------------------------------------------------

    def build(self, players: int, options: Mapping[str, Any], theme: Theme, parts: dict[str, Any]) -> dict[str, Any]:
        lineformat.check_parts(parts, PARTS, "a Summer Pavilion position")
        stars = [_stars(entry, seat) for seat, entry in enumerate(lineformat.per_player(parts, "stars", players, None))]
        hands = [str(hand or "").upper() for hand in lineformat.per_player(parts, "hands", players, "")]
        passed = [bool(flag) for flag in lineformat.per_player(parts, "passed", players, False)]
        scores = [int(score) for score in lineformat.per_player(parts, "scores", players, START_SCORE)]
        head = lineformat.build_head(parts, FACTORIES[players], "centre")
        on_table = any(head["factories"]) or bool(head["centre"])
        phase = parts.get("phase") or ("acquisition" if on_table else "placement")
        data: dict[str, Any] = {
            "round": parts.get("round", 1),
            "phase": phase,
            "chance": parts.get("chance", "fill" if phase == "chance" else None),
            **head,
            "pending_bonus": list(parts.get("pending_bonus") or []),
            "tower": lineformat.given_counts(parts.get("tower"), theme),
            "boards": [
                {
                    "score": scores[seat],
                    "hand": hands[seat],
                    "passed": passed[seat],
                    "stars": stars[seat],
                    "stats": dict.fromkeys(STATS, 0),
                }
                for seat in range(players)
            ],
        }
        supply = parts.get("supply")
        data["supply"] = _default_supply(data, theme, self) if supply is None else str(supply).upper()
        return data


def _board_text(board: Mapping[str, Any]) -> str:
    fields = [
        str(board["score"]),
        lineformat.group_text(board["hand"]),
        lineformat.rows_text(board["stars"][letter] for letter in STAR_LETTERS),
    ]
    if board["passed"]:
        fields.append("passed")
    return ",".join([*fields, *lineformat.stats_field(board["stats"], STATS)])


def _read_board(text: str, seat: int, theme: Theme) -> dict[str, Any]:
    where = f"player {seat + 1}"
    fields = lineformat.board_fields(text, seat, "score,hand,stars")
    rows = lineformat.read_rows(fields[2], len(STAR_LETTERS), SLOTS, theme, f"{where}'s stars")
    board: dict[str, Any] = {
        "score": lineformat.whole(fields[0], f"{where}'s score"),
        "hand": lineformat.read_group(fields[1], theme, f"{where}'s hand"),
        "passed": False,
        "stars": dict(zip(STAR_LETTERS, rows, strict=True)),
        "stats": dict.fromkeys(STATS, 0),
    }

    def read_flag(extra: str) -> bool:
        board["passed"] = board["passed"] or extra == "passed"
        return extra == "passed"

    lineformat.read_board_extras(fields[3:], seat, board, STATS, read_flag)
    return board


def _stars(entry: Any, seat: int) -> dict[str, str]:
    """A player's stars: a mapping of star letter to six slots ('.' empty); missing stars are empty."""
    given = {str(letter).upper(): str(slots).upper() for letter, slots in (entry or {}).items()}
    unknown = sorted(set(given) - set(STAR_LETTERS))
    if unknown:
        raise PositionError(f"player {seat + 1} has no star {unknown[0]!r}; the stars are {' '.join(STAR_LETTERS)}")
    return {letter: given.get(letter, "." * SLOTS) for letter in STAR_LETTERS}


def _default_supply(data: Mapping[str, Any], theme: Theme, kit: StarKit) -> str:
    """Ten tiles (S-4), taken in colour order round-robin from those not placed elsewhere."""
    placed = kit.placed({**data, "supply": ""}, theme)
    left = {letter: TILES_PER_COLOUR - placed[letter] for letter in theme.letters}
    supply = ""
    while len(supply) < SUPPLY_SIZE and any(count > 0 for count in left.values()):
        for letter in theme.letters:
            if left[letter] > 0 and len(supply) < SUPPLY_SIZE:
                supply += letter
                left[letter] -= 1
    return "".join(sorted(supply, key=theme.letters.index))


STAR_KIT = StarKit()
