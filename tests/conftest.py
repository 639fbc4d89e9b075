import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))

from serverkit import running_app


def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    # Server tests marked each_database run on SQLite and on PostgreSQL (the same code and
    # migrations); the others, which do not depend on the database, on SQLite only.
    if "client" in metafunc.fixturenames and "database" in metafunc.fixturenames:
        marked = metafunc.definition.get_closest_marker("each_database") is not None
        metafunc.parametrize("database", ["sqlite", "postgresql"] if marked else ["sqlite"])


@pytest.fixture
def client(database: str, tmp_path: Path):  # type: ignore[no-untyped-def]
    """The server on an empty database (a module may define a ``client`` of its own)."""
    with running_app(tmp_path, database) as client:
        yield client
