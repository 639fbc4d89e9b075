"""``mozaika train``: a value network for the master level, trained by self-play (docs/training.md)."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from mozaika.cli.common import console, fail, guarded, parse_options
from mozaika.training.report import Generation


def train_command(
    out: Annotated[Path, typer.Option(help="The run's folder: a new run, or one to go on with.")],
    game: Annotated[str, typer.Option(help="azul, chocolatier or pavilion.")] = "azul",
    players: Annotated[int, typer.Option(help="Players at the table (2-4): a network is trained for one.")] = 2,
    hours: Annotated[float | None, typer.Option(help="Stop starting generations after this many hours.")] = None,
    generations: Annotated[int | None, typer.Option(help="Stop after this many generations.")] = None,
    workers: Annotated[int | None, typer.Option(help="Games at once (default: every CPU of the pool).")] = None,
    ray_address: Annotated[
        str | None, typer.Option(help="A Ray cluster's address (ray://HOST:10001 or HOST:6379); default: a local Ray.")
    ] = None,
    no_ray: Annotated[bool, typer.Option("--no-ray", help="Local processes even where Ray is installed.")] = False,
    games: Annotated[int, typer.Option(help="Self-play games a generation.")] = 1000,
    iterations: Annotated[int, typer.Option(help="Search iterations a self-play move.")] = 800,
    eval_deals: Annotated[int, typer.Option(help="Deals of master against expert after each generation.")] = 100,
    eval_iterations: Annotated[int, typer.Option(help="Search iterations a move in those games.")] = 1000,
    hidden: Annotated[str, typer.Option(help="The hidden layers' widths, e.g. 64,32.")] = "64,32",
    epochs: Annotated[int, typer.Option(help="Passes over the positions a generation.")] = 4,
    window: Annotated[int, typer.Option(help="Generations of positions the learner trains on.")] = 3,
    own_weight: Annotated[float, typer.Option(help="The master's weight of its own points beside its lead.")] = 0.15,
    seed: Annotated[int, typer.Option(help="The run's seed: its games, its measures and the learner's start.")] = 0,
    option: Annotated[
        list[str] | None,
        typer.Option("--option", "-o", metavar="NAME=VALUE", help="A game option NAME=VALUE, e.g. wall=grey."),
    ] = None,
) -> None:
    """Train a value network by self-play: generations of games, learning and measuring against the expert.

    A run's folder keeps its settings and seeds, a journal line per generation, the networks and
    a checkpoint: run the command again on the folder to go on (with more --hours or --generations).
    The newest network is OUT/network.safetensors: play it with ``mozaika arena --bots
    OUT/network.safetensors,expert`` or ``make_bot("master", network=...)``.
    """
    try:
        from mozaika.training.run import TrainSettings, train
    except ImportError as missing:
        fail(
            f"{missing}"
            if "mozaika[train]" in str(missing)
            else f"training needs: pip install 'mozaika[train]' ({missing})"
        )
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

    if hours is None and generations is None:
        fail("say how long to train: --hours, --generations or both")
    try:
        widths = tuple(int(width) for width in hidden.split(","))
    except ValueError:
        fail(f"--hidden is widths separated by commas, e.g. 64,32, not {hidden!r}")
    exists = (out / "settings.json").exists()
    settings = TrainSettings(
        game=game,
        players=players,
        hours=hours,
        generations=generations,
        seed=seed,
        games=games,
        iterations=iterations,
        eval_deals=eval_deals,
        eval_iterations=eval_iterations,
        hidden=widths,
        epochs=epochs,
        window=window,
        own_weight=own_weight,
        options=parse_options(option or []),
    )
    if not exists:
        try:
            guarded(settings.check)  # an unknown game or option
        except ValueError as error:
            fail(str(error))
    with Progress(
        TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn(), console=console
    ) as bar:
        task = bar.add_task("starting", total=None)

        def progress(what: str, done: int, total: int) -> None:
            if total == 0:
                bar.console.print(what, highlight=False)
                return
            bar.update(task, description=what, completed=done, total=total)

        def finished(generation: Generation) -> None:
            bar.console.print(describe(generation), highlight=False)

        history = guarded(
            lambda: train(
                out,
                settings,
                workers=workers,
                address=ray_address,
                use_ray=False if no_ray else None,
                progress=progress,
                finished=finished,
            )
        )
    best = max(history, key=lambda generation: generation.master_share)
    console.print(
        f"{len(history)} generations; the strongest against the expert: generation {best.number}"
        f" ({100 * best.master_share:.1f}%).",
        highlight=False,
    )
    console.print(f"network: {out / 'network.safetensors'}; plot: {out / 'strength.png'}", highlight=False)


def describe(generation: Generation) -> str:
    low, high = generation.interval
    return (
        f"generation {generation.number}: {generation.positions} positions, held-out error"
        f" {generation.held_out_error:.1f} points², master {100 * generation.master_share:.1f}%"
        f" [{100 * low:.1f}, {100 * high:.1f}] of {generation.duels} games against expert"
        f" ({generation.seconds / 60:.1f} min)"
    )
