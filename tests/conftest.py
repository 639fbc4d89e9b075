"""What the test modules share: the helper modules on the path, and a browser at a live server."""

import asyncio
import functools
import gc
import os
import sys
from collections.abc import Iterator
from contextlib import ExitStack, contextmanager
from pathlib import Path
from typing import Any

# Bytecode caches (__pycache__, ignored by git), even where PYTHONDONTWRITEBYTECODE is set: each
# test process and each of the ~200 Python processes the tests start would otherwise compile every
# module it imports again, and pytest rewrite every test module again (a test process's collection
# took 11 s of CPU without them, 7.5 s with them).
sys.dont_write_bytecode = False
os.environ.pop("PYTHONDONTWRITEBYTECODE", None)

import pytest  # noqa: E402 (these imports after the setting above: their caches too)
import typer.main  # noqa: E402
import typer.testing  # noqa: E402
from hypothesis import HealthCheck, settings  # noqa: E402

sys.path.insert(0, str(Path(__file__).parent))

from mozaika.core import engine as engines  # noqa: E402

from browserkit import Person, chromium  # noqa: E402
from serverprocess import ServerProcess  # noqa: E402
from tabkit import Chromium  # noqa: E402

# Typer's test runner builds the Click form of the command from the commands' signatures at every
# ``invoke`` (20 ms of a core, and the tests invoke the command some 250 times a run).  The command
# never changes in a run: each app's Click form is built once.
typer.testing._get_command = functools.cache(typer.main.get_command)

# Property tests judge what the code does, never how fast a (possibly loaded) machine does it:
# no per-example deadline and no health check that times the generation of examples.
settings.register_profile("mozaika", deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.load_profile("mozaika")


BOTH_ENGINES = frozenset(
    {
        "test_arena",
        "test_azul_rules",
        "test_bots",
        "test_chocolatier_rules",
        "test_family_properties",
        "test_pavilion_rules",
        "test_positions",
        "test_protocol",
        "test_records_cli",
        "test_review",
        "test_rl",
        "test_rule_coverage",
    }
)
"""The engine, bot and RL test modules: each runs on the native core and on the Python engines
(docs/engine.md), where the native core is built."""


@pytest.fixture(autouse=True)
def engine(request: pytest.FixtureRequest) -> Iterator[str | None]:
    """The engine new games are created on: a module of :data:`BOTH_ENGINES` runs once per engine."""
    chosen = getattr(request, "param", None)
    if chosen is None:
        yield None
        return
    with engines.using(chosen):
        yield chosen


SLOWEST_FIRST = (
    "test_deploy_nginx",  # one test, the longest: a whole game through nginx, each server restarted
    "test_web_table",  # the browser tests: Chromium at a real server, games played by clicking
    "test_terminal_app",  # a whole game of each game in the full-screen client, the rest from the last round
    "test_web",
    "test_server_process",  # real server processes, killed and restarted
    "test_web_readability",
    "test_web_axe",  # every page in both themes, on a laptop and a phone
    "test_web_endings",  # four-player games played to their end
    "test_web_community",
    "test_terminal_learn",
    "test_native_core",
    "test_web_clocks",
    "test_server_backup",
    "test_web_learn",
    "test_server_clock_processes",
    "test_web_analysis",
)
"""The modules whose tests take longest, longest first: the run starts with them.

``pytest -n auto`` runs the tests in this order, each worker from its own part of the list and then
taking over half of what another has left (``--dist worksteal`` in pyproject.toml): begun early, a long
test cannot hold up the end of the run while the other workers idle.  Every test still runs, once.
"""


def pytest_xdist_auto_num_workers(config: pytest.Config) -> int | None:
    """``pytest -n auto``: a worker more than the machine has cores.

    Many tests wait on something other than their own process: a server process starting, Chromium
    drawing a page, a live server's clock running out.  With one worker a core, the cores idled for
    about a fifth of the run; the worker more fills those waits.  ``PYTEST_XDIST_AUTO_NUM_WORKERS``,
    where set, still decides (pytest-xdist reads it).
    """
    if os.environ.get("PYTEST_XDIST_AUTO_NUM_WORKERS"):
        return None
    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 1
    return cores + 1


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    def rank(item: pytest.Item) -> int:
        module = item.module.__name__.rpartition(".")[2] if isinstance(item, pytest.Function) else ""
        return SLOWEST_FIRST.index(module) if module in SLOWEST_FIRST else len(SLOWEST_FIRST)

    items.sort(key=rank)  # stable: within a module, the order of the file


@pytest.hookimpl(trylast=True)
def pytest_collection_finish() -> None:
    """What collection left (every module, test and parametrisation, some 400,000 objects) is moved
    out of the cyclic garbage collector's sight: each full collection during the run would walk all
    of it again (in the terminal, server and native-core tests, the collector took 9 s of 70 s of CPU,
    and 4.5 s with this).

    The collector then runs at a tenth of Python's default pace: the tests' garbage is almost all freed
    by reference counting, and a collection every 700 new objects took 6 s of the 70 (3 s at this pace).
    """
    gc.collect()
    gc.freeze()
    gc.set_threshold(10_000, 20, 20)


def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    if "engine" in metafunc.fixturenames and metafunc.module.__name__.rpartition(".")[2] in BOTH_ENGINES:
        metafunc.parametrize("engine", engines.available(), indirect=True)
    # Server tests marked each_database run on SQLite and on PostgreSQL (the same code and
    # migrations); the others, which do not depend on the database, on SQLite only.
    if "client" in metafunc.fixturenames and "database" in metafunc.fixturenames:
        marked = metafunc.definition.get_closest_marker("each_database") is not None
        metafunc.parametrize("database", ["sqlite", "postgresql"] if marked else ["sqlite"])


async def idle_event_loop(min_sleep: float = 0.0, max_sleep: float = 1.0) -> None:
    """Textual's ``wait_for_idle`` without sleeping for nothing: it returns once the event loop has nothing to run.

    Textual's own version sleeps in steps of 20 ms until a step passes without the process using the CPU:
    every key a test presses waits at least 40 ms, and on a loaded machine each wait may run for a second.
    The app under test runs on the test's event loop: this one runs the loop until no callback is ready
    and no timer falls due within such a step (Textual's screen updates and layouts run on timers), waiting
    only for those timers.  The work the app gives to threads, the tests wait for on their own (``settle``).
    """
    loop = asyncio.get_running_loop()
    ready, scheduled = getattr(loop, "_ready", None), getattr(loop, "_scheduled", None)
    if ready is None or scheduled is None:  # not asyncio's own event loop: Textual's way
        await asyncio.sleep(0.02)
        return
    give_up = loop.time() + max_sleep
    while loop.time() < give_up:
        await asyncio.sleep(0)
        if ready:
            continue
        due = min((timer.when() for timer in scheduled if not timer.cancelled()), default=None)
        if due is None or due > loop.time() + 0.02:
            return
        await asyncio.sleep(max(0.0, due - loop.time()))


@pytest.fixture(autouse=True)
def textual_waits_for_the_loop_not_the_clock(monkeypatch: pytest.MonkeyPatch) -> None:
    """Where a test drives a Textual app, the pilot waits on the event loop instead of sleeping (idle_event_loop)."""
    for name in ("textual.pilot", "textual.app"):
        module = sys.modules.get(name)
        if module is not None and hasattr(module, "wait_for_idle"):
            monkeypatch.setattr(module, "wait_for_idle", idle_event_loop)


@pytest.fixture
def client(database: str, tmp_path: Path):  # type: ignore[no-untyped-def]
    """The server on an empty database (a module may define a ``client`` of its own)."""
    # Imported here, not with this file: serverkit brings the whole server (seconds of a core), which the
    # test modules that use it import themselves, and which ``pytest -n``'s controlling process never needs.
    from serverkit import running_app

    with running_app(tmp_path, database) as client:
        yield client


@pytest.fixture(scope="session")
def starting_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    """A ``mozaika serve`` for the browser tests, starting while Chromium does.

    One for each test process, shared by the modules that use it: each test signs up people of its own
    and makes its own tables.  A module that needs other settings defines a ``starting_server`` of its own.
    """
    folder: Path = tmp_path_factory.mktemp("web")
    # The browser tests sign up dozens of people from one address, far past the per-address
    # limits (which tests/test_server_hardening.py checks): they run without them.  Nor do their
    # finished games need the review every game gets (up to 30 s of a core's search each): the
    # modules that show reviews start servers of their own.
    database, log = f"sqlite:///{folder / 'web.db'}", folder / "server.log"
    process = ServerProcess(database, log, None, 1, "--no-rate-limits", "--no-review-every-game").launch()
    yield process
    process.stop()


class SharedChromium:
    """This test process's Chromium (tabkit.Chromium): opened by the first browser test and kept open
    to the end, with the pages earlier people gave back.

    Starting Playwright's driver and Chromium costs a couple of seconds of a core, and a test process
    goes from browser modules to others and back several times (``--dist worksteal``).  Playwright's
    synchronous API keeps its event loop marked as this thread's running one while it is open; a test
    that needs no browser starts event loops of its own (``asyncio.run``, the terminal's pilot), so it
    runs with that loop set aside (:meth:`set_aside`).
    """

    def __init__(self) -> None:
        self._open: tuple[ExitStack, Chromium] | None = None

    def open(self) -> Chromium:
        if self._open is None:
            running = ExitStack()
            self._open = (running, running.enter_context(chromium()))
        return self._open[1]

    @contextmanager
    def set_aside(self) -> Iterator[None]:
        """This thread without a running event loop, Playwright's put back afterwards: Playwright's
        driver waits meanwhile (its messages wait in the pipe until the next browser test's call)."""
        playwright_loop = asyncio._get_running_loop()
        asyncio._set_running_loop(None)
        try:
            yield
        finally:
            asyncio._set_running_loop(playwright_loop)

    def close(self) -> None:
        was_open, self._open = self._open, None
        if was_open is not None:
            was_open[0].close()


SHARED_CHROMIUM = SharedChromium()


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_protocol(item: pytest.Item) -> Iterator[None]:
    if "browser" in getattr(item, "fixturenames", ()):
        yield
    else:
        with SHARED_CHROMIUM.set_aside():
            yield


def pytest_sessionfinish() -> None:
    SHARED_CHROMIUM.close()
    # As the run ends, pytest collects the garbage five times over, for the exceptions finalizers raise
    # (which it reports). One collection here frees what the tests left in cycles, reported alike; what
    # is still alive then lives to the end, moved out of the collector's sight, so that pytest's five
    # passes do not walk all of it again (a second of a core in each test process).
    gc.collect()
    gc.freeze()


@pytest.fixture
def browser() -> Chromium:
    """Chromium (tabkit.Chromium): every person gets a context of their own in it, new or cleared
    after an earlier person (tabkit.Tab: a test cannot tell the two apart)."""
    return SHARED_CHROMIUM.open()


@pytest.fixture(scope="module")
def server(starting_server: ServerProcess) -> ServerProcess:
    return starting_server.wait_until_ready()


@pytest.fixture
def people(browser: Any, server: ServerProcess) -> Iterator[list[Person]]:
    """The people a test opens pages for; none of their pages may have raised an error."""
    made: list[Person] = []
    yield made
    for someone in made:
        assert not someone.errors, f"the page raised: {someone.errors}"
        someone.close()
