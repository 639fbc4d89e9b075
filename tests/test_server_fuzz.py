"""The HTTP API fuzzed from its own OpenAPI schema: every answer is documented, and none is a crash.

Each answer is checked against the schema: its status is one the operation documents
(``status_code_conformance``) and its body has the documented shape
(``response_schema_conformance``: the answers' models, ``mozaika.server.answers``).
So that the success answers are checked too, not only the refusals, a request for a
table reaches a real one: the reads of a finished game's result, record, replay, log
and review a finished table, a table's view a running one, and everything else an
open table of the fuzzer's own.
"""

from __future__ import annotations

import random
import re
import tempfile
from dataclasses import dataclass
from pathlib import Path

import pytest
import schemathesis
from hypothesis import HealthCheck, settings
from schemathesis.specs.openapi.checks import positive_data_acceptance

from mozaika.server import Settings, create_app
from mozaika.server.api.schemas import TABLE_ID
from mozaika.server.players.accounts import Caller
from mozaika.server.tables import TableRequest

from serverkit import copy_migrated_sqlite  # serverkit also has the servers hash passwords cheaply

FOLDER = Path(tempfile.mkdtemp(prefix="mozaika-fuzz-"))
# The schema made: a copy of the database this test process migrates once for all its servers.
copy_migrated_sqlite(FOLDER / "fuzz.db")
# Schemathesis starts the application (its lifespan) for every operation: no table here ever
# meets a bot, so the bot workers start only if one is needed, and no finished game is reviewed.
APP = create_app(
    Settings(
        database_url=f"sqlite:///{FOLDER / 'fuzz.db'}",
        bot_workers=1,
        start_bot_workers_early=False,
        review_every_game=False,
        allowed_hosts=("testserver",),  # the name the test client sends in Host
    )
)


def _played_table(first: Caller, second: Caller, moves: int | None) -> str:
    """A started table of two guests who then play ``moves`` random moves (None: to the end)."""
    tables = APP.state.services.tables
    table_id: str = tables.seating.create(first, TableRequest("azul", 2)).data["table"]["id"]
    tables.seating.join(table_id, second, None, None)
    step = tables.seating.start(table_id, first).events[-1]
    rng = random.Random(44)
    while step["status"] == "running" and (moves is None or moves > 0):
        seat, legal = next(iter(step["legal_moves"].items()))
        step = tables.moves.play(
            table_id, (first, second)[int(seat)], rng.choice(legal), step["seq"], view=False
        ).events[-1]
        moves = None if moves is None else moves - 1
    return table_id


@dataclass(frozen=True)
class FuzzerTables:
    """The fuzzer's session, and the tables its requests go to."""

    guest: str
    """The fuzzer's session token."""
    open: str
    """An open table of the fuzzer's own."""
    running: str
    finished: str


@pytest.fixture(scope="module")
def fuzzer() -> FuzzerTables:
    """Made once, as the module's first test starts: not at collection, which every test process does.

    Made through the application's services, as Schemathesis may hold the application started.
    """
    first, guest = APP.state.services.accounts.guest("Fuzzer")
    table: str = APP.state.services.tables.seating.create(first, TableRequest("azul", 2)).data["table"]["id"]
    other = APP.state.services.accounts.guest("Partner")[0]
    return FuzzerTables(guest, table, _played_table(first, other, 3), _played_table(first, other, None))


FINISHED_READS = {"record", "replay", "result", "log", "review"}
"""The reads (after /api/tables/{table_id}/) answered for a finished game."""

schema = schemathesis.openapi.from_asgi("/openapi.json", APP)


def _real_table(case: schemathesis.Case, fuzzer: FuzzerTables) -> str:
    """The table a request about a table goes to: one where it can succeed, when it reads."""
    if case.method.upper() == "GET":
        after = case.path.removeprefix("/api/tables/{table_id}").strip("/").split("/")[0]
        if after in FINISHED_READS:
            return fuzzer.finished
        if after == "":
            return fuzzer.running
    return fuzzer.open


@schema.parametrize()
@settings(max_examples=10, deadline=None, suppress_health_check=list(HealthCheck))
def test_the_api_answers_every_request_as_documented(case: schemathesis.Case, fuzzer: FuzzerTables) -> None:
    path = case.path_parameters
    if path is not None and re.fullmatch(TABLE_ID, str(path.get("table_id", ""))):
        # A schema-valid id becomes a real table's, so that requests reach the game logic;
        # a schema-violating one stays, to be refused.
        path["table_id"] = _real_table(case, fuzzer)
    # Every documented check but one (among them the answers' statuses and shapes): a schema cannot
    # say every rule of a game (which options a game has, which seat is open), so a schema-valid
    # request may rightly be refused with a 4xx.
    # Signing out ends a session of its own: the fuzzer's must last to the end.
    ending = case.method.upper() == "DELETE" and case.path.startswith("/api/sessions")
    token = APP.state.services.accounts.guest("Leaver")[1] if ending else fuzzer.guest
    response = case.call_and_validate(
        headers={"Authorization": f"Bearer {token}"}, excluded_checks=[positive_data_acceptance]
    )
    assert response.status_code < 500
