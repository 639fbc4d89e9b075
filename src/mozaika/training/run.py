"""A training run: generations of self-play, learning and measuring, kept in a folder that resumes.

Each generation the search plays ``games`` games against itself (judged by the newest network
once there is one), the learner fits the network to the positions of the last ``window``
generations, and the master level with the new network plays the expert over ``eval_deals``
deals.  Everything a run makes is in its folder (docs/training.md):

- ``settings.json``: the run's settings and seeds, enough to run it again;
- ``journal.jsonl``: a line per generation (positions, errors, the strength against the expert);
- ``samples/gen-NNN.npz``, ``networks/gen-NNN.safetensors`` and ``network.safetensors`` (the newest);
- ``checkpoints/gen-NNN.pt``: the learner after each generation, from which a stopped run goes on
  (a generation stopped half-way is played again whole, from the last one finished);
- ``strength.png``: the strength against the expert over the run.
"""

from __future__ import annotations

import json
import platform
import time
from collections.abc import Callable, Iterable, Iterator
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any, TypeVar

import mozaika
from mozaika.arena.stats import wilson_interval
from mozaika.catalogue import game_spec
from mozaika.distributed import WorkPool, open_pool
from mozaika.training.learner import Learner
from mozaika.training.measure import DuelResult, duel_tasks, play_duel
from mozaika.training.report import Generation, plot_strength, read_journal
from mozaika.training.samples import Samples
from mozaika.training.selfplay import SelfPlayResult, SelfPlayTask, play_games

T = TypeVar("T")

Progress = Callable[[str, int, int], None]
"""Told of the work as it goes: what is being done, how much of it is done, of how much."""


@dataclass(frozen=True)
class TrainSettings:
    """What a run does; saved with it, and read back when it resumes."""

    game: str = "azul"
    players: int = 2
    hours: float | None = None
    """Stop starting generations after this long (all sittings of the run together)."""
    generations: int | None = None
    """Stop after this many generations (with ``hours``, whichever comes first)."""
    seed: int = 0
    games: int = 1000
    """Self-play games a generation."""
    iterations: int = 800
    """Search iterations a self-play move."""
    eval_deals: int = 100
    """Deals of master against expert after each generation (a game per rotation of the seats)."""
    eval_iterations: int = 1000
    """Search iterations a move in those games, the same for both sides."""
    hidden: tuple[int, ...] = (64, 32)
    epochs: int = 4
    window: int = 3
    """Generations of positions the learner trains on (the newest)."""
    own_weight: float = 0.15
    """The master's weight of its own points beside its lead (saved in the network's file)."""
    games_per_task: int = 20
    options: dict[str, Any] = field(default_factory=dict)

    def check(self) -> None:
        spec = game_spec(self.game)
        if self.players not in spec.players:
            raise ValueError(f"{spec.title} is played by {min(spec.players)}-{max(spec.players)} players")
        if spec.learning is None:
            raise ValueError(f"{spec.title} has no observations for a network to read")
        if self.hours is None and self.generations is None:
            raise ValueError("say how long to train: hours, generations or both")
        if min(self.games, self.iterations, self.eval_deals, self.eval_iterations, self.epochs, self.window) < 1:
            raise ValueError("games, iterations, deals, epochs and the window are at least 1")
        spec.resolve_options(self.options)

    def to_json(self) -> dict[str, Any]:
        return {**asdict(self), "hidden": list(self.hidden)}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> TrainSettings:
        return cls(**{**data, "hidden": tuple(data["hidden"])})


class TrainingRun:
    """A run's folder, and the work of its generations."""

    def __init__(self, out: Path, settings: TrainSettings) -> None:
        self.out = out
        self.settings = settings
        self.journal_path = out / "journal.jsonl"

    @classmethod
    def open(cls, out: Path, settings: TrainSettings | None) -> TrainingRun:
        """A new run in ``out``, or the run already there (its settings; ``settings`` may extend its time)."""
        saved = out / "settings.json"
        if saved.exists():
            kept = TrainSettings.from_json(json.loads(saved.read_text())["settings"])
            if settings is not None:
                if (settings.game, settings.players) != (kept.game, kept.players):
                    raise ValueError(f"{out} holds a run of {kept.game} with {kept.players} players")
                kept = TrainSettings.from_json(
                    {**kept.to_json(), "hours": settings.hours, "generations": settings.generations}
                )
            return cls(out, kept)
        if settings is None:
            raise ValueError(f"{out} holds no training run")
        settings.check()
        out.mkdir(parents=True, exist_ok=True)
        return cls(out, settings)

    @property
    def history(self) -> list[Generation]:
        return read_journal(self.journal_path)

    def train(
        self,
        pool: WorkPool[Any],
        progress: Progress | None = None,
        finished: Callable[[Generation], None] | None = None,
    ) -> list[Generation]:
        """Run generations until the settings' hours or generations are spent; the journal of the run.

        ``finished`` hears of each generation as it ends.
        """
        settings = self.settings
        self._save_settings(pool)
        learner = Learner(settings.game, settings.players, self._inputs(), hidden=settings.hidden, seed=settings.seed)
        history = self.history
        if history:
            learner.restore(self._checkpoint(len(history) - 1))
        while not self._done(history):
            history.append(self._generation(len(history), learner, pool, history, progress))
            if finished:
                finished(history[-1])
            plot_strength(
                history,
                self.out / "strength.png",
                f"{game_spec(settings.game).title}, {settings.players} players",
                settings.players,
            )
        return history

    def _done(self, history: list[Generation]) -> bool:
        settings = self.settings
        spent = sum(generation.seconds for generation in history) / 3600
        return (settings.generations is not None and len(history) >= settings.generations) or (
            settings.hours is not None and spent >= settings.hours
        )

    def _generation(
        self, number: int, learner: Learner, pool: WorkPool[Any], history: list[Generation], progress: Progress | None
    ) -> Generation:
        settings = self.settings
        began = time.monotonic()
        newest = self.out / "network.safetensors"
        network = self._network(number - 1).read_bytes() if number > 0 else None
        first = settings.seed * 10_000_000 + number * 100_000
        tasks = [
            SelfPlayTask(
                settings.game,
                settings.players,
                min(settings.games_per_task, settings.games - start),
                first + start,
                settings.iterations,
                network,
                options=tuple(sorted(settings.options.items())),
            )
            for start in range(0, settings.games, settings.games_per_task)
        ]
        played: list[SelfPlayResult] = list(
            _tracked(pool.map_unordered(play_games, tasks), len(tasks), f"generation {number}: self-play", progress)
        )
        played.sort(key=lambda result: result.seed)
        samples = Samples.join([result.samples for result in played])
        (self.out / "samples").mkdir(exist_ok=True)
        samples.save(self.out / "samples" / f"gen-{number:03}.npz")
        if progress:
            progress(f"generation {number}: learning", 0, 1)
        held_out = len(samples) // 20  # the newest games' last positions: never trained on
        kept = [
            Samples.load(self.out / "samples" / f"gen-{old:03}.npz")
            for old in range(max(0, number - settings.window + 1), number)
        ]
        training = Samples.join([*kept, Samples(samples.observations[:-held_out], samples.gains[:-held_out])])
        held = Samples(samples.observations[-held_out:], samples.gains[-held_out:])
        loss = learner.fit(training, epochs=settings.epochs)
        error = learner.error(held)
        trained = learner.network(self._metadata(number, history, len(training), time.monotonic() - began))
        self._network(number).parent.mkdir(exist_ok=True)
        trained.save(self._network(number))
        trained.save(newest)
        tasks_of_duels = duel_tasks(
            settings.game,
            settings.players,
            trained.to_bytes(),
            settings.eval_deals,
            settings.seed * 10_000_000 + 9_000_000,
            settings.eval_iterations,
            tuple(sorted(settings.options.items())),
        )
        duels: list[DuelResult] = list(
            _tracked(
                pool.map_unordered(play_duel, tasks_of_duels),
                len(tasks_of_duels),
                f"generation {number}: master against expert",
                progress,
            )
        )
        share = sum(duel.share for duel in duels)
        low, high = wilson_interval(share, len(duels))
        generation = Generation(
            number=number,
            seconds=time.monotonic() - began,
            games=settings.games,
            positions=len(samples),
            trained_on=len(training),
            loss=loss,
            held_out_error=error,
            duels=len(duels),
            master_share=share / len(duels),
            interval=(low, high),
            mean_margin=sum(duel.margin for duel in duels) / len(duels),
        )
        self._checkpoint(number).parent.mkdir(exist_ok=True)
        learner.save(self._checkpoint(number), {"generation": number})
        with self.journal_path.open("a") as journal:
            journal.write(json.dumps(generation.to_json()) + "\n")
        return generation

    def _network(self, number: int) -> Path:
        return self.out / "networks" / f"gen-{number:03}.safetensors"

    def _checkpoint(self, number: int) -> Path:
        return self.out / "checkpoints" / f"gen-{number:03}.pt"

    def _inputs(self) -> int:
        learning = game_spec(self.settings.game).learning
        assert learning is not None  # checked with the settings
        return learning.observation_size

    def _metadata(self, number: int, history: list[Generation], positions: int, seconds: float) -> dict[str, str]:
        """What the network's file says of it; ``seconds``: this generation's time so far."""
        settings = self.settings
        hours = (sum(generation.seconds for generation in history) + seconds) / 3600
        return {
            "search.own_weight": repr(settings.own_weight),
            "generation": str(number),
            "trained": f"self-play, {len(history) + 1} generations of {settings.games} games"
            f" at {settings.iterations} iterations a move; {positions} positions in the last fit",
            "hours": f"{hours:.2f}",
            "mozaika": mozaika.__version__,
        }

    def _save_settings(self, pool: WorkPool[Any]) -> None:
        record = {
            "settings": self.settings.to_json(),
            "pool": pool.describe(),
            "python": platform.python_version(),
            "mozaika": mozaika.__version__,
            "seeds": {
                "self-play": "seed * 10,000,000 + generation * 100,000 + game",
                "measure": "seed * 10,000,000 + 9,000,000 + deal",
                "learner": "seed",
            },
        }
        (self.out / "settings.json").write_text(json.dumps(record, indent=2) + "\n")


def train(
    out: Path,
    settings: TrainSettings | None,
    *,
    workers: int | None = None,
    address: str | None = None,
    use_ray: bool | None = None,
    progress: Progress | None = None,
    finished: Callable[[Generation], None] | None = None,
) -> list[Generation]:
    """Open (or resume) the run in ``out`` and train it on a work pool (:func:`mozaika.distributed.open_pool`)."""
    run = TrainingRun.open(out, settings)
    with open_pool(address, workers, use_ray=use_ray) as pool:
        if progress:
            progress(f"working on {pool.describe()}", 0, 0)
        return run.train(pool, progress, finished)


def _tracked(results: Iterator[T], total: int, what: str, progress: Progress | None) -> Iterable[T]:
    if progress:
        progress(what, 0, total)
    for done, result in enumerate(results, 1):
        if progress:
            progress(what, done, total)
        yield result
