"""The HTTP API fuzzed from its own OpenAPI schema: every answer is documented, and none is a crash."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

import pytest
import schemathesis
from fastapi import FastAPI
from fastapi.testclient import TestClient
from hypothesis import HealthCheck, settings
from schemathesis.specs.openapi.checks import positive_data_acceptance

from mozaika.server import Settings, create_app
from mozaika.server.database import migrate

import serverkit  # noqa: F401  (its servers hash passwords cheaply)


@dataclass(frozen=True)
class Served:
    """The application under test, a guest's token and a table of that guest's."""

    app: FastAPI
    guest: str
    table: str


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Served]:
    folder = tmp_path_factory.mktemp("fuzz")
    # Schemathesis starts the application (its lifespan) for every operation: no table here ever
    # meets a bot, so the bot workers start only if one is needed.
    app = create_app(
        Settings(database_url=f"sqlite:///{folder / 'fuzz.db'}", bot_workers=1, start_bot_workers_early=False)
    )
    migrate(app.state.services.db.engine)
    with TestClient(app) as client:
        guest = client.post("/api/guests", json={"name": "Fuzzer"}).json()["token"]
        table = client.post(
            "/api/tables", json={"game": "azul", "players": 2}, headers={"Authorization": f"Bearer {guest}"}
        ).json()["table"]["id"]
    yield Served(app, guest, table)


@pytest.fixture(scope="module")
def api_schema(served: Served) -> Any:
    return schemathesis.openapi.from_asgi("/openapi.json", served.app)


# Loaded when the test runs, not when it is collected: building the tests of every operation
# takes seconds, which each test process would otherwise spend whether it runs them or not.
schema = schemathesis.pytest.from_fixture("api_schema")


@schema.parametrize()
@settings(max_examples=10, deadline=None, suppress_health_check=list(HealthCheck))
def test_the_api_answers_every_request_as_documented(case: schemathesis.Case, served: Served) -> None:
    path = case.path_parameters
    if path is not None and len(str(path.get("table_id", "x" * 17))) <= 16:
        # A schema-valid id becomes a real table's, so that requests reach the game logic;
        # a schema-violating one (the only constraint is the length) stays, to be refused.
        path["table_id"] = served.table
    # Every documented check but one: a schema cannot say every rule of a game (which options a
    # game has, which seat is open), so a schema-valid request may rightly be refused with a 4xx.
    response = case.call_and_validate(
        headers={"Authorization": f"Bearer {served.guest}"}, excluded_checks=[positive_data_acceptance]
    )
    assert response.status_code < 500
