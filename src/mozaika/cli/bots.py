"""``mozaika arena`` and ``mozaika analyze``: measuring bots, and asking them for hints."""

from __future__ import annotations

import json
import sys
import time
from contextlib import nullcontext
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn
from rich.table import Table

from mozaika.catalogue.registry import from_json, game_spec
from mozaika.cli.common import errors, fail, guarded, parse_options, print_table, read_file
from mozaika.core.errors import PositionError
from mozaika.notation.positions import from_line

if TYPE_CHECKING:
    from mozaika.arena import GameResult
    from mozaika.core.protocol import State


def arena_command(
    bots: Annotated[
        str,
        typer.Option(
            help="Comma-separated bots, one per seat (2-4), e.g. expert,greedy: a bot or level, a trained"
            " network's file (net.safetensors: the master level with it) or a Python callable (module:function,"
            " a policy or a factory of bots); a budget of a bot's own after @: expert@20000 (iterations),"
            " expert@0.5s."
        ),
    ],
    game: Annotated[str, typer.Option(help="azul, chocolatier or pavilion.")] = "azul",
    option: Annotated[
        list[str] | None,
        typer.Option("--option", "-o", metavar="NAME=VALUE", help="A game option NAME=VALUE, e.g. wall=grey."),
    ] = None,
    games: Annotated[int, typer.Option(help="Games to play (rounded up to whole rotations of the seats).")] = 20,
    time_limit: Annotated[float | None, typer.Option("--time", help="Seconds per move for every bot.")] = None,
    iterations: Annotated[int | None, typer.Option(help="Search iterations per move for every search bot.")] = None,
    seed: Annotated[int, typer.Option(help="The first deal's seed; deals are seed, seed+1, …")] = 0,
    jobs: Annotated[
        int | None, typer.Option(help="Processes to use (default: every core); with --ray, the local Ray's CPUs.")
    ] = None,
    ray: Annotated[
        bool,
        typer.Option(
            "--ray",
            help="Play the games on Ray (pip install 'mozaika[distributed]'): a local Ray, or the cluster at"
            " --ray-address.",
        ),
    ] = False,
    ray_address: Annotated[
        str | None,
        typer.Option(
            "--ray-address",
            metavar="ADDRESS",
            help="The Ray cluster to play on (implies --ray): auto (the one this machine is in), HOST:6379,"
            " ray://HOST:10001.",
        ),
    ] = None,
    journal: Annotated[
        Path | None,
        typer.Option(
            help="Write each game to this file (JSON lines) as it ends; if it holds games of this match,"
            " play only the rest (a stopped run goes on, or grows with a larger --games)."
        ),
    ] = None,
    no_play: Annotated[
        bool,
        typer.Option(
            "--no-play",
            help="With --journal: report the games the journal holds, playing none (where a long run stands).",
        ),
    ] = False,
    as_json: Annotated[bool, typer.Option("--json", help="Print machine-readable results.")] = False,
) -> None:
    """Play bots against each other, seats rotated and chance mirrored, and measure their strength."""
    # Imported here, not above: ``mozaika --help`` and the other commands need neither the bots nor the arena.
    from mozaika.arena import Match, run_match
    from mozaika.arena.entrants import check_entrant
    from mozaika.arena.journal import journal_text, journal_writer, open_journal, read_journal
    from mozaika.bots import Budget
    from mozaika.distributed import open_pool

    names = tuple(name.strip() for name in bots.split(",") if name.strip())
    options = parse_options(option or [])
    spec = guarded(lambda: game_spec(game))
    if len(names) not in spec.players:
        fail(f"{spec.title} is played by 2-4 players: name one bot per seat, not {len(names)}")
    if "" not in sys.path and str(Path.cwd()) not in sys.path:
        sys.path.insert(0, str(Path.cwd()))  # module:function, as `python -m` finds a module: here first
    for name in names:
        # An unknown bot, a network file missing or for another game, a callable that is none.
        guarded(partial(check_entrant, name, game=game, players=len(names)))
    guarded(lambda: spec.resolve_options(options))
    if games < 1:
        fail("--games must be at least 1")
    if no_play and journal is None:
        fail("--no-play reports the games of a journal: name it with --journal FILE")
    match = Match(game, names, games, seed, options, time_limit, iterations)
    guarded(lambda: Budget(seconds=time_limit, iterations=iterations))  # a budget that is none
    total = match.deals * len(names)
    if no_play and journal is not None:
        text = guarded(lambda: journal_text(journal))
        held = [result for result in guarded(lambda: read_journal(text, match)) if result.index < total]
        if not held:
            fail(f"{journal} holds no game of this match yet")
        _report(held, game, spec.resolve_options(options), names, seed, time_limit, iterations, as_json)
        return
    played = guarded(lambda: open_journal(journal, match)) if journal else []
    already = sum(1 for result in played if result.index < total)
    use_ray = ray or ray_address is not None
    pool = guarded(lambda: open_pool(ray_address, jobs, use_ray=True)) if use_ray else None
    if pool is not None:
        errors.print(f"arena: playing on {pool.describe()}", highlight=False, markup=False)
    tally = _Tally(match.labels, total, already)  # after Ray has started: its start is no game's time
    with (
        pool or nullcontext(),
        journal_writer(journal) as record,
        Progress(
            TextColumn("[bold]arena"),
            BarColumn(),
            MofNCompleteColumn(),
            TimeRemainingColumn(),
            console=errors,
            transient=True,
            disable=not errors.is_terminal,
        ) as progress,
    ):
        task = progress.add_task("games", total=total, completed=already)

        def advance(result: GameResult) -> None:
            record(result)
            tally.add(result)
            if errors.is_terminal:
                progress.advance(task)
            else:
                errors.print(tally.line(), highlight=False, markup=False)

        results = guarded(lambda: run_match(match, jobs=jobs, pool=pool, progress=advance, played=played))
    _report(results, game, spec.resolve_options(options), names, seed, time_limit, iterations, as_json)


def _report(
    results: list[GameResult],
    game: str,
    options: dict[str, Any],
    names: tuple[str, ...],
    seed: int,
    time_limit: float | None,
    iterations: int | None,
    as_json: bool,
) -> None:
    """Print an arena's results: per bot, wins with their interval, scores, rating and move times."""
    from mozaika.arena import summarise

    summaries = summarise(results)
    if as_json:
        document: dict[str, Any] = {
            "game": game,
            "options": options,
            "bots": list(names),
            "games": len(results),
            "seed": seed,
            "budget": {"seconds": time_limit, "iterations": iterations},
            "summary": [
                {
                    "bot": summary.name,
                    "games": summary.games,
                    "wins": summary.wins,
                    "win_rate": round(summary.win_rate, 4),
                    "win_rate_95": [round(bound, 4) for bound in summary.interval],
                    "mean_score": round(summary.mean_score, 2),
                    "score_spread": round(summary.score_spread, 2),
                    "rating": round(summary.rating, 2),
                    "mu": round(summary.mu, 2),
                    "sigma": round(summary.sigma, 2),
                    "seconds_per_move": round(summary.seconds_per_move, 4),
                    "slowest_move": round(summary.slowest_move, 4),
                }
                for summary in summaries
            ],
            "results": [
                {
                    "deal": result.deal,
                    "seats": list(result.seats),
                    "scores": list(result.scores),
                    "winners": list(result.winners),
                }
                for result in results
            ],
        }
        sys.stdout.write(json.dumps(document, indent=1) + "\n")
        return
    budget = ", ".join(
        part
        for part in (f"{time_limit:g} s a move" if time_limit else "", f"{iterations} iterations" if iterations else "")
        if part
    )
    table = Table(title=f"{game_spec(game).title}, {len(results)} games" + (f" ({budget})" if budget else ""))
    for column in ("bot", "games", "wins", "win rate [95% CI]", "score (sd)", "rating (mu ± sigma)", "s/move"):
        table.add_column(column, justify="left" if column == "bot" else "right")
    for summary in summaries:
        low, high = summary.interval
        table.add_row(
            summary.name,
            str(summary.games),
            f"{summary.wins:g}",
            f"{summary.win_rate:.1%} [{low:.1%}, {high:.1%}]",
            f"{summary.mean_score:.1f} ({summary.score_spread:.1f})",
            f"{summary.rating:.1f} ({summary.mu:.1f} ± {summary.sigma:.1f})",
            f"{summary.seconds_per_move:.3f}",
        )
    print_table(table)


class _Tally:
    """The running results, for the progress lines printed when standard error is not a terminal."""

    def __init__(self, labels: tuple[str, ...], total: int, already: int) -> None:
        self.labels = labels
        self.total = total
        self.already = already
        self.finished = 0
        self.wins = dict.fromkeys(labels, 0.0)
        self.points = dict.fromkeys(labels, 0)
        self.games = dict.fromkeys(labels, 0)
        self.started = time.monotonic()

    def add(self, result: GameResult) -> None:
        self.finished += 1
        for seat, label in enumerate(result.seats):
            self.games[label] += 1
            self.points[label] += result.scores[seat]
            if seat in result.winners:
                self.wins[label] += 1 / len(result.winners)

    def line(self) -> str:
        """E.g. ``arena: 12 of 200 games; this run: expert 10.5 wins of 12, 61.3 a game, ...; 3m05s, ~48m left``."""
        elapsed = time.monotonic() - self.started
        left = elapsed / self.finished * (self.total - self.already - self.finished)
        standings = ", ".join(
            f"{label} {self.wins[label]:g} wins of {games}, {self.points[label] / games:.1f} a game"
            for label, games in self.games.items()
            if games
        )
        resumed = f" ({self.already} from the journal)" if self.already else ""
        return (
            f"arena: {self.already + self.finished} of {self.total} games{resumed}; this run: {standings};"
            f" {_duration(elapsed)} so far, about {_duration(left)} left"
        )


def _duration(seconds: float) -> str:
    minutes, seconds = divmod(round(seconds), 60)
    hours, minutes = divmod(minutes, 60)
    return f"{hours}h{minutes:02d}m" if hours else f"{minutes}m{seconds:02d}s"


def read_position(given: str) -> State:
    """A position from a file (JSON or a position line) or from a position line given as it is."""
    if not given.strip():
        raise PositionError("no position given: name a file, or give a position line (docs/notation.md)")
    path = Path(given)
    looks_like_line = " " in given.strip()
    if not looks_like_line and path.is_dir():
        raise PositionError(f"{given}: a folder, not a position file")
    text = given if looks_like_line or not path.is_file() else read_file(path, "a position")
    if text.lstrip().startswith("{"):
        if _is_record(text):
            raise PositionError(
                f"{given} holds a game record, not a position: `mozaika replay` steps through it and"
                " `mozaika review` reviews it"
            )
        return from_json(text)
    if not looks_like_line and text is given:
        raise PositionError(f"{given}: no such file, and not a position line (docs/notation.md)")
    return from_line(text.strip())


def _is_record(text: str) -> bool:
    """Whether JSON text is a game record (``docs/records.md``) rather than a position."""
    try:
        document = json.loads(text)
    except json.JSONDecodeError:
        return False  # the position reader says what is wrong with it
    return isinstance(document, dict) and "steps" in document and "boards" not in document


def analyze_command(
    position: Annotated[
        str,
        typer.Argument(
            help="A position: a file holding JSON (State.to_json) or a position line, or a position line itself"
            " (quoted: 'azul r:1 p:offer ...')."
        ),
    ],
    bot: Annotated[str, typer.Option(help="The bot or level that analyses.")] = "expert",
    time_limit: Annotated[float | None, typer.Option("--time", help="Seconds to think.")] = None,
    iterations: Annotated[int | None, typer.Option(help="Search iterations.")] = None,
    seed: Annotated[int | None, typer.Option(help="Makes an iteration-budget analysis reproducible.")] = None,
    top: Annotated[int, typer.Option(help="How many moves to list.")] = 10,
    as_json: Annotated[bool, typer.Option("--json", help="Print machine-readable results.")] = False,
) -> None:
    """The best moves in a position, with their values (and visits for the search bots): a hint."""
    from mozaika.bots import BotError, make_bot

    state = guarded(lambda: read_position(position))
    if not state.to_move:
        fail("there is no move to analyse: " + ("the game is over" if state.is_over else "a chance event is pending"))
    try:
        analyst = make_bot(bot, seconds=time_limit, iterations=iterations, seed=seed)
    except BotError as error:
        fail(str(error))
    ranked = analyst.analyse(state)[:top]
    seat = state.to_move[0]
    if as_json:
        document = {
            "game": state.game_id,
            "seat": seat,
            "bot": bot,
            "moves": [
                {
                    "move": str(entry.move),
                    "value": round(entry.value, 4),
                    "visits": entry.visits,
                    "expected_points": None if entry.points is None else [round(points, 2) for points in entry.points],
                }
                for entry in ranked
            ],
        }
        sys.stdout.write(json.dumps(document, indent=1) + "\n")
        return
    meaning = "expected result (0-1)" if any(entry.visits for entry in ranked) else "points"
    table = Table(title=f"{state.game_id}, player {seat + 1} to move: {bot}")
    table.add_column("#", justify="right")
    table.add_column("move")
    table.add_column(f"value: {meaning}", justify="right")
    table.add_column("visits", justify="right")
    with_points = any(entry.points for entry in ranked)
    if with_points:
        table.add_column(
            "expected points: " + " / ".join(f"P{seat + 1}" for seat in range(state.players)), justify="right"
        )
    for rank, entry in enumerate(ranked, start=1):
        visits = "" if entry.visits is None else str(entry.visits)
        row = [str(rank), str(entry.move), f"{entry.value:.3f}", visits]
        if with_points:
            row.append(" / ".join(f"{points:.1f}" for points in entry.points or ()))
        table.add_row(*row)
    print_table(table)
