"""Summer Pavilion positions in one line, and built from a partial description.

The line's keys for the star family are specified in ``docs/notation.md``
("Positions in one line"); :func:`mozaika.notation.positions.build` documents the parts the
builder takes.  Both produce the position dictionary of ``docs/api.md``, which
:func:`mozaika.from_json` then checks against every rule.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from mozaika.core.errors import NotationError, PositionError
from mozaika.core.lineformat import (
    FamilyKit,
    Tokens,
    check_parts,
    counts_text,
    counts_token,
    given_counts,
    group_text,
    head_tokens,
    per_player,
    phase_name,
    read_counts_token,
    read_group,
    read_head,
    read_rows,
    read_stats,
    rows_text,
    seat_text,
    split_groups,
    stats_field,
    whole,
)
from mozaika.core.offer import FACTORIES
from mozaika.core.theme import Theme
from mozaika.pavilion.board import START_SCORE
from mozaika.pavilion.geometry import SLOTS, STAR_LETTERS
from mozaika.pavilion.table import CHANCE_NAMES, PHASE_NAMES, SUPPLY_SIZE, TILES_PER_COLOUR

STATS = ("placement_points", "marker_points", "discard_points", "star_bonus", "number_bonus", "bonus_tiles")
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
        for index, factory in enumerate(data["factories"]):
            yield f"on factory {index + 1}", factory
        yield "in the centre", data["centre"]
        yield "in the supply", data["supply"]
        yield "in the tower", "".join(letter * count for letter, count in data["tower"].items())
        for seat, board in enumerate(data["boards"]):
            yield f"on player {seat + 1}'s stars", "".join(board["stars"].values())
            yield f"in player {seat + 1}'s hand", board["hand"]

    # --- the line -------------------------------------------------------------------

    def write_tokens(self, data: Mapping[str, Any], theme: Theme) -> list[str]:
        phase = data["phase"] if data["chance"] is None else f"{data['phase']}.{data['chance']}"
        tokens = [*head_tokens(data, phase), f"sup:{group_text(data['supply'])}"]
        if data["pending_bonus"]:
            tokens.append("bonus:" + counts_text(data["pending_bonus"]))
        tokens += counts_token("tower", data["tower"], theme)
        for seat, board in enumerate(data["boards"]):
            tokens.append(f"{seat_text(seat)}:{_board_text(board)}")
        return tokens

    def read_tokens(self, tokens: Tokens, players: int, options: Mapping[str, Any], theme: Theme) -> dict[str, Any]:
        data = read_head(tokens, players, FACTORIES[players], theme)
        phase, _, chance = data["phase"].partition(".")
        data["phase"] = phase_name(phase, PHASE_NAMES)
        if chance and chance not in CHANCE_NAMES:
            raise NotationError(f"p:chance. must be followed by one of {', '.join(CHANCE_NAMES)}, not {chance!r}")
        data["chance"] = chance or None
        data["supply"] = read_group(tokens.take("sup"), theme, "the supply")
        bonus = tokens.take("bonus", "")
        data["pending_bonus"] = [whole(part, "bonus:") for part in bonus.split(".")] if bonus else []
        data["tower"] = read_counts_token(tokens, "tower", theme)
        data["boards"] = [_read_board(tokens.take(seat_text(seat)), seat, theme) for seat in range(players)]
        return data

    # --- the builder ----------------------------------------------------------------

    def build(self, players: int, options: Mapping[str, Any], theme: Theme, parts: dict[str, Any]) -> dict[str, Any]:
        check_parts(parts, PARTS, "a Summer Pavilion position")
        stars = [_stars(entry, seat) for seat, entry in enumerate(per_player(parts, "stars", players, None))]
        hands = [str(hand or "").upper() for hand in per_player(parts, "hands", players, "")]
        passed = [bool(flag) for flag in per_player(parts, "passed", players, False)]
        scores = [int(score) for score in per_player(parts, "scores", players, START_SCORE)]
        factories = split_groups(parts.get("factories"), FACTORIES[players], "factories")
        centre = str(parts.get("centre") or "").upper()
        on_table = any(factories) or bool(centre)
        phase = parts.get("phase") or ("acquisition" if on_table else "placement")
        marker = parts.get("marker", "centre")
        starter = parts.get("starter", 0)
        data: dict[str, Any] = {
            "round": parts.get("round", 1),
            "phase": phase,
            "chance": parts.get("chance", "fill" if phase == "chance" else None),
            "turn": parts.get("turn", starter),
            "starter": starter,
            "marker_in_centre": marker == "centre",
            "marker_holder": None if marker in ("centre", None) else marker,
            "factories": factories,
            "centre": centre,
            "pending_bonus": list(parts.get("pending_bonus") or []),
            "tower": given_counts(parts.get("tower"), theme),
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
        group_text(board["hand"]),
        rows_text(board["stars"][letter] for letter in STAR_LETTERS),
    ]
    if board["passed"]:
        fields.append("passed")
    return ",".join([*fields, *stats_field(board["stats"], STATS)])


def _read_board(text: str, seat: int, theme: Theme) -> dict[str, Any]:
    where = f"player {seat + 1}"
    fields = text.split(",")
    if len(fields) < 3:
        raise NotationError(f"{where} must be written score,hand,stars (not {text!r})")
    rows = read_rows(fields[2], len(STAR_LETTERS), SLOTS, theme, f"{where}'s stars")
    board: dict[str, Any] = {
        "score": whole(fields[0], f"{where}'s score"),
        "hand": read_group(fields[1], theme, f"{where}'s hand"),
        "passed": False,
        "stars": dict(zip(STAR_LETTERS, rows, strict=True)),
        "stats": dict.fromkeys(STATS, 0),
    }
    for extra in fields[3:]:
        if extra == "passed":
            board["passed"] = True
        elif extra[:1] == "@":
            board["stats"] = read_stats(extra[1:], STATS, where)
        else:
            raise NotationError(f"{where} has an unknown field {extra!r}")
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
    left = dict.fromkeys(theme.letters, TILES_PER_COLOUR)
    for _, letters in kit.places({**data, "supply": ""}):
        for letter in letters:
            if letter in left:
                left[letter] -= 1
    supply = ""
    while len(supply) < SUPPLY_SIZE and any(count > 0 for count in left.values()):
        for letter in theme.letters:
            if left[letter] > 0 and len(supply) < SUPPLY_SIZE:
                supply += letter
                left[letter] -= 1
    return "".join(sorted(supply, key=theme.letters.index))


STAR_KIT = StarKit()
