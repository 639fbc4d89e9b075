"""An arena's journal: every finished game as a line of JSON, so a long run can stop and go on.

The first line says which match the games belong to (game, options, bots, budget,
first seed); each further line is one finished game.  A match that reads a journal
plays only the games it lacks, so a run that was stopped, or a run asked for more
games than the journal holds, goes on where it was (``mozaika arena --journal``,
``benchmarks/ladder.py --journals``).
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from mozaika.arena.matches import Match, pairing_at
from mozaika.arena.stats import GameResult
from mozaika.core.errors import MozaikaError
from mozaika.tools.files import write_atomically

FORMAT = "mozaika-arena-journal"
VERSION = 1


class JournalError(MozaikaError, ValueError):
    """A journal that is not one, or that belongs to another match."""


def match_header(match: Match) -> dict[str, Any]:
    """What identifies a match's games: everything but how many of them are played."""
    return {
        "format": FORMAT,
        "version": VERSION,
        "game": match.game,
        "options": dict(sorted(match.options.items())),
        "bots": list(match.bots),
        "seed": match.seed,
        "seconds": match.seconds,
        "iterations": match.iterations,
    }


def header_line(match: Match) -> str:
    return json.dumps(match_header(match)) + "\n"


def result_line(result: GameResult) -> str:
    """One game as a line of the journal."""
    return (
        json.dumps(
            {
                "index": result.index,
                "deal": result.deal,
                "seats": list(result.seats),
                "scores": list(result.scores),
                "winners": list(result.winners),
                "moves": list(result.moves),
                "seconds": [round(seconds, 6) for seconds in result.seconds],
                "slowest": [round(seconds, 6) for seconds in result.slowest],
            }
        )
        + "\n"
    )


def read_journal(text: str, match: Match) -> list[GameResult]:
    """The games of ``match`` that a journal holds, in schedule order.

    A last line cut short (a run killed while writing it) is a game not played;
    any other line that cannot be read, or a journal of another match, is refused
    with a :class:`JournalError` that says which line and why.
    """
    lines = text.splitlines()
    if not lines:
        return []
    try:
        header = json.loads(lines[0])
    except json.JSONDecodeError as error:
        raise JournalError(f"line 1: not an arena journal ({error.msg})") from None
    if not isinstance(header, dict) or header.get("format") != FORMAT:
        raise JournalError("line 1: not an arena journal (it should name the format " + repr(FORMAT) + ")")
    if header.get("version") != VERSION:
        raise JournalError(f"line 1: journal version {header.get('version')!r} is not {VERSION}")
    expected = match_header(match)
    differences = [key for key in expected if header.get(key) != expected[key]]
    if differences:
        said = ", ".join(f"{key} {header.get(key)!r} (this match: {expected[key]!r})" for key in differences)
        raise JournalError(f"the journal belongs to another match: {said}")
    if not text.endswith("\n"):
        lines[-1] = _unless_cut_short(lines[-1])
    games = {pairing_index: result for pairing_index, result in _results(lines, match)}
    return [games[index] for index in sorted(games)]


def _unless_cut_short(line: str) -> str:
    """A last line without its newline, or nothing if it was cut short while being written."""
    try:
        json.loads(line)
    except json.JSONDecodeError:
        return ""
    return line


def _results(lines: list[str], match: Match) -> Iterator[tuple[int, GameResult]]:
    players = len(match.bots)
    for number, line in enumerate(lines[1:], start=2):
        if not line.strip():
            continue
        try:
            data = json.loads(line)
            result = GameResult(
                index=int(data["index"]),
                deal=int(data["deal"]),
                seats=tuple(str(seat) for seat in data["seats"]),
                scores=tuple(int(score) for score in data["scores"]),
                winners=tuple(int(winner) for winner in data["winners"]),
                moves=tuple(int(count) for count in data["moves"]),
                seconds=tuple(float(seconds) for seconds in data["seconds"]),
                slowest=tuple(float(seconds) for seconds in data["slowest"]),
            )
        except json.JSONDecodeError as error:
            raise JournalError(f"line {number}: not a game (malformed JSON: {error.msg})") from None
        except (KeyError, TypeError, ValueError) as error:
            raise JournalError(f"line {number}: not a game ({type(error).__name__}: {error})") from None
        if result.index < 0:
            raise JournalError(f"line {number}: a game's index is never negative, not {result.index}")
        pairing = pairing_at(match, result.index)
        sizes = {len(result.scores), len(result.moves), len(result.seconds), len(result.slowest)}
        if (result.deal, result.seats) != (pairing.deal, pairing.seats):
            raise JournalError(
                f"line {number}: game {result.index} of this match is deal {pairing.deal} with seats "
                f"{', '.join(pairing.seats)}, not deal {result.deal} with {', '.join(result.seats)}"
            )
        if sizes != {players} or not result.winners or not set(result.winners) <= set(range(players)):
            raise JournalError(f"line {number}: game {result.index} does not give {players} seats their results")
        yield result.index, result


def journal_text(path: Path) -> str:
    """What the journal at ``path`` holds (nothing if there is none yet), or why it is no journal."""
    if not path.exists():
        return ""
    if path.is_dir():
        raise JournalError(f"{path}: a folder, not an arena journal")
    try:
        return path.read_bytes().decode("utf-8")
    except UnicodeDecodeError as error:
        raise JournalError(f"{path}: not an arena journal: not UTF-8 text (at byte {error.start})") from None


def open_journal(path: Path, match: Match) -> list[GameResult]:
    """The games a journal already holds for ``match`` (none if it does not exist yet); starts it if new.

    A journal whose last line was cut short (a run killed mid-write) is written
    anew without that line, so that the games appended next start on a line of
    their own.
    """
    text = journal_text(path)
    played = read_journal(text, match)
    if not text.strip() or not text.endswith("\n"):
        write_atomically(path, header_line(match) + "".join(result_line(result) for result in played))
    return played


@contextmanager
def journal_writer(path: Path | None) -> Iterator[Callable[[GameResult], None]]:
    """A function that appends a finished game to the journal at ``path`` (and flushes it), or ignores it."""
    if path is None:
        yield lambda result: None
        return
    with path.open("a", encoding="utf-8") as stream:

        def record(result: GameResult) -> None:
            stream.write(result_line(result))
            stream.flush()

        yield record
