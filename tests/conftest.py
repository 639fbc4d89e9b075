"""What the test modules share: the helper modules on the path, and a browser at a live server."""

import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

sys.path.insert(0, str(Path(__file__).parent))

from browserkit import Person, chromium
from serverprocess import ServerProcess


@pytest.fixture(scope="module")
def starting_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    """A ``mozaika serve`` of the module's own, starting while Chromium does."""
    folder: Path = tmp_path_factory.mktemp("web")
    process = ServerProcess(f"sqlite:///{folder / 'web.db'}", folder / "server.log", bot_workers=1).launch()
    yield process
    process.stop()


@pytest.fixture(scope="module")
def browser(starting_server: ServerProcess) -> Iterator[Any]:
    with chromium() as found:
        yield found


@pytest.fixture(scope="module")
def server(starting_server: ServerProcess, browser: Any) -> ServerProcess:
    return starting_server.wait_until_ready()


@pytest.fixture
def people(browser: Any, server: ServerProcess) -> Iterator[list[Person]]:
    """The people a test opens pages for; none of their pages may have raised an error."""
    made: list[Person] = []
    yield made
    for someone in made:
        assert not someone.errors, f"the page raised: {someone.errors}"
        someone.close()
