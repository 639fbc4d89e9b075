"""The ``mozaika`` command: play, records, self-play, benchmarks, the arena, position analysis and the server."""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path
from typing import Annotated, Any

import typer

from mozaika import __version__
from mozaika.catalogue.registry import game_ids, new_game
from mozaika.cli.bots import analyze_command, arena_command
from mozaika.cli.common import console, fail, guarded, parse_options, read_file, wide_console, write_atomically
from mozaika.cli.learn import learn_command
from mozaika.cli.ops import admin_app, backup_command, check_db_command, restore_command
from mozaika.cli.play import play_command
from mozaika.cli.review import review_command
from mozaika.cli.serve import serve_command
from mozaika.cli.train import train_command
from mozaika.core.engine import EngineUnavailableError, native_core
from mozaika.core.engine import available as available_engines
from mozaika.core.engine import describe as describe_engine
from mozaika.core.engine import using as using_engine
from mozaika.i18n import LANGUAGE_HELP, LANGUAGES, Messages, default_language
from mozaika.notation.records import Record, replay

REPLAY_WIDTH = 160
"""Four full boards side by side, for ``mozaika replay`` into a pipe or a file."""

app = typer.Typer(
    name="mozaika",
    help="Mozaika: play, record and study Azul, Azul: Master Chocolatier and Azul: Summer Pavilion.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
    rich_markup_mode=None,
)


@app.callback(invoke_without_command=True)
def main(
    version: Annotated[bool, typer.Option("--version", help="Print the version and exit.")] = False,
) -> None:
    try:
        engine_line = describe_engine()
        native_core()  # MOZAIKA_ENGINE=native where the core is not built: stop here, before any game
    except EngineUnavailableError as error:
        fail(str(error))
    if version:
        console.print(f"mozaika {__version__} ({engine_line})", highlight=False, soft_wrap=True)
        raise typer.Exit()


@app.command("replay", short_help="Re-play a game record, checking every step.")
def replay_command(
    file: Annotated[Path, typer.Argument(help="A game record (docs/records.md).")],
    as_json: Annotated[bool, typer.Option("--json", help="Print a machine-readable result.")] = False,
    lang: Annotated[str | None, typer.Option(help=LANGUAGE_HELP)] = None,
) -> None:
    """Re-play a game record, checking every step: on a terminal step through it (arrow keys), else print the end."""
    from mozaika.richview import position_view  # here: the other commands need not load the drawings

    record = guarded(lambda: Record.from_json(read_file(file, "a game record")))
    state = guarded(lambda: replay(record))
    position = state.to_dict()
    if as_json:
        result = {
            "game": record.game,
            "options": state.options,
            "players": record.players,
            "steps": len(record.steps),
            "round": state.round,
            "over": state.is_over,
            "scores": state.scores,
            "winners": state.winners,
            "boards": [
                {"name": name, **{key: value for key, value in board.items() if key != "stats"}}
                for name, board in zip(record.players, position["boards"], strict=True)
            ],
        }
        sys.stdout.write(json.dumps(result, ensure_ascii=False, indent=1) + "\n")
        return
    language = lang or default_language()
    if language not in LANGUAGES:
        fail(f"unknown language {language!r}; choose one of {', '.join(LANGUAGES)}")
    text = Messages(language).for_game(record.game)
    if sys.stdin.isatty() and sys.stdout.isatty():
        from mozaika.terminal.replay import ReplayApp

        ReplayApp(record, text).run()
        return
    # Off a terminal: plain text, wide enough that no board line wraps.
    wide = wide_console(REPLAY_WIDTH)
    wide.print(position_view(position, record.players, text))
    for seat, name in enumerate(record.players):
        wide.print(f"{name}: {state.scores[seat]}")
    if state.is_over:
        winners = [record.players[seat] for seat in state.winners]
        wide.print(text("winners" if len(winners) > 1 else "winner", names=", ".join(winners)))
    else:
        wide.print(text("the_game_is_not_over", steps=len(record.steps), round=state.round))


@app.command("selfplay", short_help="Play a game between random players and write its record.")
def selfplay_command(
    out: Annotated[Path, typer.Option("--out", help="Where to write the game record.")],
    game: Annotated[str, typer.Option(help="azul, chocolatier or pavilion.")] = "azul",
    players: Annotated[int, typer.Option(help="2, 3 or 4.")] = 2,
    seed: Annotated[int | None, typer.Option(help="Decides chance and the random players' choices.")] = None,
    option: Annotated[
        list[str] | None,
        typer.Option(
            "--option",
            "-o",
            metavar="NAME=VALUE",
            help="A game option NAME=VALUE: wall=grey, box=brown, special_factories=true, board=colourless.",
        ),
    ] = None,
) -> None:
    """Play a game between random players and write its record."""
    options = parse_options(option or [])
    if game not in game_ids():
        fail(f"unknown game {game!r}; the games are: {', '.join(game_ids())}")
    state = guarded(lambda: new_game(game, players=players, seed=seed, **options))
    chooser = random.Random(state.seed)
    while not state.is_over:
        moves = state.legal_moves()
        state.play(moves[chooser.randrange(len(moves))])
    record = Record.from_state(state, [f"Random {seat + 1}" for seat in range(players)])
    guarded(lambda: write_atomically(out, record.to_json() + "\n"))
    console.print(
        f"{game}, {players} players, seed {state.seed}: {len(record.steps)} steps, "
        f"scores {state.scores}; record written to {out}",
        highlight=False,
        soft_wrap=True,
    )


@app.command("bench", short_help="Measure the engines and the search bot.")
def bench_command(
    seconds: Annotated[float, typer.Option(help="How long to run each case.")] = 3.0,
    warmup: Annotated[float, typer.Option(help="Untimed play before each case, to fill the move tables.")] = 1.0,
    game: Annotated[str | None, typer.Option(help="Only this game.")] = None,
    search: Annotated[bool, typer.Option(help="Also measure the search bot: MCTS iterations/s per game.")] = True,
    as_json: Annotated[bool, typer.Option("--json", help="Print machine-readable results.")] = False,
    engine: Annotated[
        str | None, typer.Option(help="Only this engine: native or python (default: each one built, side by side).")
    ] = None,
) -> None:
    """Measure the engines (random playouts on one core, games/s and moves/s) and the search bot.

    After an untimed warm-up, each case runs twice: through the protocol
    (legal_moves, then play) and through the engine's own playout (the same games
    without building move lists); on the native core and on the Python engines side
    by side.  Every row names its engine.
    """
    # Imported here, not above: the other commands need neither the benchmarks nor the bots.
    from mozaika.bots.speed import search_speed
    from mozaika.cli.benchview import bench_progress, bench_table
    from mozaika.tools.benchmarking import DEFAULT_CASES, BenchCase, engines_for, run_cases

    if not seconds > 0:  # (also refuses nan)
        fail(f"--seconds must be a positive number of seconds, not {seconds:g}")
    if not warmup >= 0:
        fail(f"--warmup must be zero or a positive number of seconds, not {warmup:g}")
    cases: list[BenchCase] = [case for case in DEFAULT_CASES if game is None or case.game == game]
    if not cases:
        fail(f"no benchmark for {game!r}")
    if engine is not None and engine not in available_engines():
        fail(f"no engine {engine!r} here: the engines are {', '.join(available_engines())} (docs/engine.md)")
    engines = available_engines() if engine is None else (engine,)
    runs = [(case, name) for case in cases for name in engines_for(case.game, engines, case.options)]
    games = dict.fromkeys(case.game for case in cases) if search else {}
    searches = [(game_id, name) for game_id in games for name in engines_for(game_id, engines)]
    rows: list[dict[str, Any]] = []
    with bench_progress() as progress:
        task = progress.add_task("", total=len(runs) * (2 * seconds + warmup) + len(searches) * seconds)
        if runs:
            progress.update(task, description=f"{runs[0][0].label} · {runs[0][1]}")
        for index, result in enumerate(run_cases(cases, seconds=seconds, warmup=warmup, engines=engines)):
            rows.append(result.to_dict())
            progress.advance(task, seconds + (warmup if index % 2 == 0 else 0))
            if index + 1 < 2 * len(runs):  # the case measured next
                case, name = runs[(index + 1) // 2]
                progress.update(task, description=f"{case.label} · {name}")
        for game_id, name in searches:
            progress.update(task, description=f"{game_id} · {name} · search")
            with using_engine(name):
                speed = search_speed(game_id, seconds=seconds)
            rows.append(speed.to_dict())
            progress.advance(task, seconds)
    if as_json:
        sys.stdout.write(json.dumps(rows, indent=1) + "\n")
    else:
        console.print(bench_table(rows))


app.command("play", short_help="Play at the terminal: you against the bots, or friends at one keyboard.")(play_command)
app.command("learn", short_help="Learn to play a game, lesson by lesson, at the terminal.")(learn_command)
app.command("arena", short_help="Play bots against each other and measure their strength.")(arena_command)
app.command("train", short_help="Train a value network for the master level by self-play.")(train_command)
app.command("analyze", short_help="The best moves in a position, with their values: a hint.")(analyze_command)
app.command("review", short_help="Review a game: the points each player lost per move.")(review_command)
app.command("serve", short_help="Run the game server: online tables for every game.")(serve_command)
app.command("backup", short_help="Copy the server's database while it runs, and check the copy.")(backup_command)
app.command("restore", short_help="Put a backup back in place of the server's database.")(restore_command)
app.command("check-db", short_help="Replay every stored game and compare it with the stored table.")(check_db_command)
app.add_typer(admin_app, name="admin", short_help="Grant or revoke the administrator's role.")


def run() -> None:
    app()
