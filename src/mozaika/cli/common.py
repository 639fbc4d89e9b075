"""What every ``mozaika`` command shares: the consoles, clear failures, options, safe file writes."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, NoReturn, TypeVar

import typer
from rich.console import Console

from mozaika.core.errors import MozaikaError
from mozaika.tools.files import write_atomically

console = Console()
errors = Console(stderr=True, soft_wrap=True)

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


def parse_options(pairs: list[str]) -> dict[str, Any]:
    options: dict[str, Any] = {}
    for pair in pairs:
        key, sep, value = pair.partition("=")
        if not sep or not key:
            fail(f"an option is written NAME=VALUE (e.g. wall=grey), not {pair!r}")
        options[key.strip()] = {"true": True, "false": False}.get(value.strip().lower(), value.strip())
    return options


__all__ = ["console", "errors", "fail", "guarded", "parse_options", "write_atomically"]
