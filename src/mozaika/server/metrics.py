"""The server's metrics in Prometheus's format, made with the official client library.

Each application has a registry of its own (tests run several in one process).  What is
counted as it happens (moves, their latency, bot searches, rate-limit refusals) is kept in
counters and histograms; what is a state (open WebSockets, tables by status, queues, the
database pool) is read when Prometheus asks, by :class:`StateCollector`.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass, field

from prometheus_client import CollectorRegistry, Counter, Histogram, disable_created_metrics, generate_latest
from prometheus_client.core import GaugeMetricFamily, Metric
from prometheus_client.registry import Collector

from mozaika.bots import LEVELS
from mozaika.server.ratelimit import ACTIONS

disable_created_metrics()  # type: ignore[no-untyped-call]  # the ``*_created`` series double the output and no alert reads them

MOVERS = ("player", "bot")
CONTENT_TYPE = "text/plain; version=0.0.4; charset=utf-8"
MOVE_BUCKETS = (0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0)
"""A move is stored in milliseconds; past a second a player notices."""
SEARCH_BUCKETS = (0.05, 0.1, 0.25, 0.5, 1.0, 2.0, 4.0, 8.0, 16.0, 32.0)
"""A bot's search takes from a few milliseconds (beginner) to seconds (expert)."""


@dataclass(frozen=True)
class Reading:
    """One state read at scrape time: its name, help text, labels and how to read its samples."""

    name: str
    documentation: str
    read: Callable[[], list[tuple[tuple[str, ...], float]]]
    labels: tuple[str, ...] = ()


class StateCollector(Collector):
    """Gauges read when Prometheus asks: a reading that fails is left out, the others are served."""

    def __init__(self) -> None:
        self.readings: list[Reading] = []

    def collect(self) -> Iterator[Metric]:
        for reading in self.readings:
            try:
                samples = reading.read()
            except Exception:  # e.g. the database is down: /readyz says so; the other gauges still count
                continue
            family = GaugeMetricFamily(reading.name, reading.documentation, labels=list(reading.labels))
            for labels, value in samples:
                family.add_metric(list(labels), value)
            yield family


@dataclass
class Metrics:
    """The instruments of one server process."""

    registry: CollectorRegistry = field(default_factory=lambda: CollectorRegistry(auto_describe=True))
    state: StateCollector = field(default_factory=StateCollector)

    def __post_init__(self) -> None:
        registry = self.registry
        self.moves = Counter("mozaika_moves", "Moves played and stored, by who played them.", ["by"], registry=registry)
        self.move_seconds = Histogram(
            "mozaika_move_seconds",
            "Time from a move's arrival to its commit: checked, stored and set going to the watchers.",
            ["by"],
            buckets=MOVE_BUCKETS,
            registry=registry,
        )
        self.bot_search_seconds = Histogram(
            "mozaika_bot_search_seconds",
            "Time a bot's move took to search in a worker, waiting for the worker included, by level.",
            ["level"],
            buckets=SEARCH_BUCKETS,
            registry=registry,
        )
        self.rate_limit_refusals = Counter(
            "mozaika_rate_limit_refusals", "Requests refused by a rate limit, by action.", ["action"], registry=registry
        )
        registry.register(self.state)
        # Every series exists from the start, at zero: a rate over a series that appears only with its
        # first event would miss that event, and a fresh server would show no moves at all.
        self._played = {by: (self.moves.labels(by), self.move_seconds.labels(by)) for by in MOVERS}
        for level in LEVELS:
            self.bot_search_seconds.labels(level)
        for action in ACTIONS:
            self.rate_limit_refusals.labels(action)

    def gauge(
        self,
        name: str,
        documentation: str,
        read: Callable[[], list[tuple[tuple[str, ...], float]]],
        labels: tuple[str, ...] = (),
    ) -> None:
        """Read ``read()`` as the gauge ``name`` at every scrape."""
        self.state.readings.append(Reading(name, documentation, read, labels))

    def single(self, name: str, documentation: str, read: Callable[[], float]) -> None:
        """A gauge without labels."""
        self.gauge(name, documentation, lambda: [((), float(read()))])

    def played(self, by: str, seconds: float) -> None:
        # Every move counts here: each mover's two series are looked up once, not at every move.
        moves, seconds_taken = self._played[by]
        moves.inc()
        seconds_taken.observe(seconds)

    def exposition(self) -> bytes:
        """Every metric, in the text format Prometheus reads."""
        return generate_latest(self.registry)
