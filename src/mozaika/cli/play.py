"""``mozaika play``: a game at the terminal, people and bots in any mix, full-screen or line by line."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Annotated

import typer

from mozaika.catalogue.registry import game_spec, new_game
from mozaika.cli.common import console, errors, fail, guarded, parse_options, read_file, wide_console
from mozaika.core.clocks import parse_time_control
from mozaika.i18n import LANGUAGE_HELP, LANGUAGES, Messages, default_language
from mozaika.notation.records import Record

DEFAULT_OPPONENT = "medium"
PIPE_WIDTH = 160
"""Four full boards side by side, for ``--plain`` into a pipe or a file."""


def play_command(
    game: Annotated[str, typer.Option(help="azul, chocolatier or pavilion.")] = "azul",
    option: Annotated[
        list[str] | None,
        typer.Option(
            "--option",
            "-o",
            metavar="NAME=VALUE",
            help="A game option NAME=VALUE: wall=grey, box=brown, special_factories=true…",
        ),
    ] = None,
    players: Annotated[int | None, typer.Option(help="2, 3 or 4 (default: one per --seat, or 2).")] = None,
    seat: Annotated[
        list[str] | None,
        typer.Option(
            metavar="WHO", help="Who sits in each seat, in turn order: human, or a bot level (beginner … master)."
        ),
    ] = None,
    lang: Annotated[str | None, typer.Option(help=LANGUAGE_HELP)] = None,
    seed: Annotated[int | None, typer.Option(help="Decides the deals and the bots' choices.")] = None,
    resume: Annotated[Path | None, typer.Option(help="Continue a game saved with 's'.")] = None,
    clock: Annotated[
        str | None,
        typer.Option(
            help="Play on time: minutes+seconds per move (5+20), a preset (fast, normal, slow) or turn-based "
            "(12h, 24h, 72h). A person whose time runs out is replaced by the medium bot."
        ),
    ] = None,
    plain: Annotated[
        bool, typer.Option("--plain", help="Line by line, for screen readers and pipes (the default off a terminal).")
    ] = False,
) -> None:
    """Play at the terminal: you against the bots, or friends at one keyboard (mozaika play alone: Azul vs medium)."""
    # Imported here, not above: ``mozaika --help`` and the other commands need neither the bots nor the clients.
    from mozaika.bots import bot_names
    from mozaika.terminal import GameTable, Session, seats_from_names

    language = lang or default_language()
    if language not in LANGUAGES:
        fail(f"unknown language {language!r}; choose one of {', '.join(LANGUAGES)}")
    text = Messages(language)
    control = guarded(lambda: parse_time_control(clock)) if clock is not None else None
    if resume is not None:
        record = guarded(lambda: Record.from_json(read_file(resume, "a saved game")))
        timed = {"control": control} if clock is not None else {}  # else the record's own clock, if any
        table = guarded(lambda: GameTable.resume(record, text, **timed))
        resumed = text("resumed", path=resume, round=table.state.round, steps=len(record.steps))
    else:
        spec = guarded(lambda: game_spec(game))
        names = list(seat or [])
        for name in names:
            if name != "human" and name not in bot_names():
                fail(f"a seat is 'human' or a bot level ({', '.join(bot_names())}), not {name!r}")
        if not names:
            names = ["human"] + [DEFAULT_OPPONENT] * ((players or 2) - 1)
        if players is not None and players != len(names):
            fail(f"--players {players} but {len(names)} seats were given")
        if len(names) not in spec.players:
            fail(f"{spec.title} is played by 2, 3 or 4 players, not {len(names)} (F-1)")
        options = parse_options(option or [])
        state = guarded(lambda: new_game(game, players=len(names), seed=seed, **options))
        table = GameTable(state, seats_from_names(names, state.seed, text), control=control)
        resumed = ""
    if plain or not (sys.stdin.isatty() and sys.stdout.isatty()):
        # Into a pipe or a file nothing wraps: four boards side by side stay on their lines.
        out = console if console.is_terminal else wide_console(PIPE_WIDTH)
        if resumed:
            out.print(resumed, highlight=False)
        if Session(table, out, text).run() == "input ended":
            errors.print(text("input_ended"), highlight=False)
            raise typer.Exit(1)
        return
    from mozaika.terminal.app import PlayApp

    app = PlayApp(table, text, greeting=resumed)
    app.run()
    console.print(app.farewell())  # the game's last screen stays in the scrollback
