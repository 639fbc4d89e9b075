"""What every ``mozaika`` command shares: the consoles, clear failures, options, safe file writes."""

from __future__ import annotations

import io
import re
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any, NoReturn, TextIO, TypeVar, cast

import typer
from rich.console import Console, RenderableType

from mozaika.core.errors import MozaikaError
from mozaika.tools.files import write_atomically

console = Console()
errors = Console(stderr=True, soft_wrap=True)
PIPE_TABLE_WIDTH = 200
TRAILING_SPACES = re.compile(r"[ \t]+$", re.MULTILINE)


class Unpadded(io.TextIOBase):
    """A text stream that drops the spaces Rich pads each line with: a file or a pipe gets only what shows."""

    def __init__(self, stream: TextIO) -> None:
        super().__init__()
        self.stream = stream

    def write(self, text: str) -> int:
        self.stream.write(TRAILING_SPACES.sub("", text))
        return len(text)

    def flush(self) -> None:
        self.stream.flush()


def print_table(table: RenderableType) -> None:
    """A table on the terminal, or whole into a pipe or a file (an 80-column default would wrap its rows)."""
    (console if console.is_terminal else wide_console(PIPE_TABLE_WIDTH)).print(table)


def wide_console(width: int) -> Console:
    """A console for a pipe or a file: lines up to ``width`` columns, nothing wrapped sooner, no padding."""
    return Console(width=width, file=cast(TextIO, Unpadded(sys.stdout)), highlight=False)


T = TypeVar("T")


def fail(message: str) -> NoReturn:
    """Print one clear message and stop with exit status 2 (bad input)."""
    errors.print(f"[bold red]error:[/] {message}", highlight=False, markup=True)
    raise typer.Exit(2)


def guarded(action: Callable[[], T]) -> T:
    try:
        return action()
    except MozaikaError as error:
        fail(str(error))
    except OSError as error:
        fail(f"{error.filename or ''}: {error.strerror or error}")


def read_file(path: Path, what: str) -> str:
    """The text of the file at ``path``, or one clear line (exit 2) that says why it cannot be ``what``.

    Every command that reads a file comes here, so that a folder, a missing file or bytes that are
    not text (a binary file, another encoding) stop it the same way, never with a traceback.
    """
    if path.is_dir():
        fail(f"{path}: a folder, not {what}")
    try:
        data = path.read_bytes()
    except OSError as error:
        fail(f"{path}: {error.strerror or error}")
    if not data.strip():
        fail(f"{path}: an empty file, not {what}")
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as error:
        fail(f"{path}: not {what}: not UTF-8 text (byte {error.start} is {data[error.start]:#04x})")


def parse_options(pairs: list[str]) -> dict[str, Any]:
    options: dict[str, Any] = {}
    for pair in pairs:
        key, sep, value = pair.partition("=")
        if not sep or not key:
            fail(f"an option is written NAME=VALUE (e.g. wall=grey), not {pair!r}")
        options[key.strip()] = {"true": True, "false": False}.get(value.strip().lower(), value.strip())
    return options


__all__ = [
    "console",
    "errors",
    "fail",
    "guarded",
    "parse_options",
    "print_table",
    "read_file",
    "wide_console",
    "write_atomically",
]
