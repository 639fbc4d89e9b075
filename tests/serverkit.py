"""Helpers for the server tests: an app on a fresh database, and clients that act as one player each."""

from __future__ import annotations

import atexit
import json
import os
import random
import shutil
import tempfile
import time
import uuid
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from email import message_from_bytes, policy
from pathlib import Path
from typing import Any

import pytest
from aiosmtpd.controller import Controller
from argon2 import PasswordHasher
from sqlalchemy import create_engine, text

from mozaika.server import Settings, create_app
from mozaika.server.players import credentials
from mozaika.server.settings import Limits
from mozaika.server.storage.database import Database, migrate
from mozaika.server.storage.models import Base

from asgiclient import TestClient
from serverprocess import free_port

SERVED_HASHER = credentials._HASHER
"""The password hasher servers use (``test_passwords_are_hashed_at_argon2id_s_recommended_cost`` checks it)."""
# The servers these tests run in their own process hash passwords at argon2's lowest cost: the
# tests check what is hashed and verified, not how slowly (a real hash takes a core 0.2 s).
credentials._HASHER = PasswordHasher(time_cost=1, memory_cost=8, parallelism=1)

POSTGRES = os.environ.get("MOZAIKA_TEST_POSTGRES_URL")
REDIS = os.environ.get("MOZAIKA_TEST_REDIS_URL")
SERVICES_REQUIRED = os.environ.get("MOZAIKA_REQUIRE_SERVICES") == "1"
"""CI sets this, so that a missing PostgreSQL or Redis fails the run instead of skipping tests."""


def require_services() -> tuple[str, str]:
    """The PostgreSQL and Redis URLs of the test services, or skip (fail on CI) without them."""
    if POSTGRES is None or REDIS is None:
        if SERVICES_REQUIRED:
            pytest.fail("MOZAIKA_TEST_POSTGRES_URL and MOZAIKA_TEST_REDIS_URL must be set (.ci/run sets them)")
        pytest.skip("needs MOZAIKA_TEST_POSTGRES_URL and MOZAIKA_TEST_REDIS_URL (PostgreSQL and Redis on loopback)")
    return POSTGRES, REDIS


@contextmanager
def postgres_database() -> Iterator[str]:
    """A new, empty PostgreSQL database (dropped afterwards)."""
    server, _ = require_services()
    import psycopg

    name = f"mozaika_test_{uuid.uuid4().hex[:10]}"
    admin = server.replace("postgresql+psycopg://", "postgresql://")
    with psycopg.connect(admin, autocommit=True) as connection:
        connection.execute(f'CREATE DATABASE "{name}"')
    try:
        yield f"{server.rpartition('/')[0]}/{name}"
    finally:
        with psycopg.connect(admin, autocommit=True) as connection:
            try:  # FORCE: the sessions of servers just stopped may not have ended yet
                connection.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
            except psycopg.errors.InsufficientPrivilege:
                # An autovacuum worker was in the database, which FORCE may end only for a superuser;
                # a plain DROP ends it itself, but waits only five seconds for another session to go,
                # which a loaded machine can outlast: it is asked again until the session has gone.
                for attempt in range(12):
                    try:
                        connection.execute(f'DROP DATABASE IF EXISTS "{name}"')
                        break
                    except psycopg.errors.ObjectInUse:
                        if attempt == 11:
                            raise


_shared_postgres: list[str] = []


def emptied_postgres_database() -> str:
    """This test process's own PostgreSQL database, emptied: cheaper than a new database per test."""
    if not _shared_postgres:
        databases = postgres_database()
        _shared_postgres.append(databases.__enter__())
        atexit.register(databases.__exit__, None, None, None)
        return _shared_postgres[0]
    engine = create_engine(_shared_postgres[0])
    try:
        with engine.begin() as connection:
            names = [table.name for table in reversed(Base.metadata.sorted_tables)]
            connection.execute(text(f"TRUNCATE {', '.join(names)} RESTART IDENTITY CASCADE"))
    finally:
        engine.dispose()
    return _shared_postgres[0]


@contextmanager
def running_app(folder: Path, database: str = "sqlite", **settings: Any) -> Iterator[TestClient]:
    """The server, started (migrated, bots ready) on an empty database: SQLite in ``folder``, or PostgreSQL."""
    if database == "postgresql":
        with running_app_on(emptied_postgres_database(), **settings) as client:
            yield client
    else:
        with running_app_on(migrated_sqlite_database(folder), **settings) as client:
            yield client


_migrated_sqlite: list[Path] = []


def migrated_sqlite_database(folder: Path) -> str:
    """A new SQLite database in ``folder`` with the schema made: a copy of one this process migrated once.

    The server migrates its database as it starts; on a copy it finds nothing to do.
    Migrating an empty database is tested on its own (``test_migrations_create_exactly_the_models_schema``).
    """
    copy = folder / "mozaika.db"
    copy_migrated_sqlite(copy)
    return f"sqlite:///{copy}"


def copy_migrated_sqlite(path: Path) -> None:
    """Makes ``path`` a copy of an SQLite database this process migrated once (to the newest migration)."""
    if not _migrated_sqlite:
        template = Path(tempfile.mkdtemp(prefix="mozaika-schema-")) / "mozaika.db"
        database = Database(f"sqlite:///{template}")
        migrate(database.engine)
        database.dispose()
        atexit.register(shutil.rmtree, template.parent, ignore_errors=True)
        _migrated_sqlite.append(template)
    shutil.copyfile(_migrated_sqlite[0], path)


class FakeTime:
    """A clock the test moves by hand: the server's timed games read it instead of the wall clock."""

    def __init__(self, start: float = 1_800_000_000.0) -> None:
        self.now = start

    def __call__(self) -> float:
        return self.now

    def advance(self, seconds: float) -> None:
        self.now += seconds


@contextmanager
def running_app_on(url: str, *, now: FakeTime | None = None, **settings: Any) -> Iterator[TestClient]:
    # Most tests never meet a bot: their workers start at the first bot move, if any.
    # No finished game is reviewed unless a test asks for it (review_every_game=True): a review starts a
    # bot worker process, seconds of a core that most tests never read. Those that do get a small budget.
    options = {
        "bot_workers": 1,
        "start_bot_workers_early": False,
        "review_every_game": False,
        "review_iterations": 8,
        "allowed_hosts": ("testserver",),  # the name the test client sends in Host
        "limits": Limits(refused_sign_in_seconds=0.0),  # no test waits for a guesser's slowdown
        "stand_in_pace_seconds": 0.0,  # nor for a stand-in's pace, but those that test it (test_server_stand_in.py)
        **settings,
    }
    app = create_app(Settings(database_url=url, **options), now=now or time.time)
    with TestClient(app) as client:
        yield client


class Player:
    """One person at the server: their session token goes in every request's Authorization header."""

    def __init__(self, client: TestClient, token: str | None = None, name: str = "") -> None:
        self.client = client
        self.token = token
        self.name = name

    @classmethod
    def guest(cls, client: TestClient, name: str) -> Player:
        response = client.post("/api/guests", json={"name": name})
        assert response.status_code == 201, response.text
        client.cookies.clear()
        return cls(client, response.json()["token"], name)

    @classmethod
    def account(cls, client: TestClient, username: str, password: str = "correct horse") -> Player:
        response = client.post("/api/accounts", json={"username": username, "password": password})
        assert response.status_code == 201, response.text
        client.cookies.clear()
        return cls(client, response.json()["token"], username)

    @property
    def headers(self) -> dict[str, str]:
        return {"Authorization": f"Bearer {self.token}"} if self.token else {}

    def get(self, url: str, **options: Any) -> Any:
        return self.client.get(url, headers=self.headers, **options)

    def post(self, url: str, json: Any = None, **options: Any) -> Any:
        return self.client.post(url, json=json, headers={**self.headers, **options.pop("headers", {})}, **options)

    def create(self, game: str = "azul", players: int = 2, **body: Any) -> dict[str, Any]:
        response = self.post("/api/tables", {"game": game, "players": players, **body})
        assert response.status_code == 201, response.text
        created: dict[str, Any] = response.json()
        return created

    def table(self, table_id: str) -> dict[str, Any]:
        response = self.get(f"/api/tables/{table_id}")
        assert response.status_code == 200, response.text
        view: dict[str, Any] = response.json()
        return view

    def move(self, table_id: str, move: str, seq: int) -> Any:
        return self.post(f"/api/tables/{table_id}/moves", {"move": move, "seq": seq})


def two_player_table(client: TestClient, game: str = "azul", **body: Any) -> tuple[str, Player, Player]:
    """A started table of two guests, Alice (seat 1) and Bob (seat 2)."""
    alice, bob = Player.guest(client, "Alice"), Player.guest(client, "Bob")
    table_id = alice.create(game, 2, **body)["table"]["id"]
    assert bob.post(f"/api/tables/{table_id}/join", {}).status_code == 200
    assert alice.post(f"/api/tables/{table_id}/start").status_code == 200
    return table_id, alice, bob


def play_random_moves(table_id: str, seats: list[Player], rng: random.Random, limit: int | None = None) -> int:
    """Each seat's holder plays random legal moves until the game ends (or ``limit`` moves); returns the count."""
    played = 0
    view = seats[0].table(table_id)
    while view["status"] == "running" and (limit is None or played < limit):
        mover = seats[view["to_move"][0]]
        mine = mover.table(table_id)
        response = mover.move(table_id, rng.choice(mine["legal_moves"]), mine["seq"])
        assert response.status_code == 200, response.text
        view = response.json()["table"]  # the table after the move: who moves next
        played += 1
    return played


def rewind_clocks(database: str, table_id: str, seconds: float) -> None:
    """Move the table's stored clocks ``seconds`` into the past, as if the seats on turn had been thinking
    that much longer: a server then finds their deadlines where a wall clock would have brought them."""
    engine = create_engine(database)
    try:
        with engine.begin() as connection:
            stored = connection.execute(text("SELECT clock FROM game_tables WHERE id = :id"), {"id": table_id}).scalar()
            clock = json.loads(stored) if isinstance(stored, str) else stored
            for seat in clock["seats"]:
                if seat["since"] is not None:
                    seat["since"] -= seconds
            connection.execute(
                text("UPDATE game_tables SET clock = :clock, clock_due = clock_due - :seconds WHERE id = :id"),
                {"clock": json.dumps(clock), "seconds": seconds, "id": table_id},
            )
    finally:
        engine.dispose()


def wait_for(predicate: Callable[[], Any], timeout: float = 120.0, what: str = "the condition") -> Any:
    """The first true value ``predicate`` gives, asked every 0.05 s for at most ``timeout`` seconds."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        value = predicate()
        if value:
            return value
        time.sleep(0.05)
    raise AssertionError(f"timed out waiting for {what}")


class Inbox:
    """An SMTP server's mailbox for the tests: every letter it received, with its envelope."""

    def __init__(self) -> None:
        self.letters: list[Any] = []
        self.recipients: list[list[str]] = []
        """Each letter's envelope recipients, in order."""

    async def handle_DATA(self, _server: Any, _session: Any, envelope: Any) -> str:  # noqa: N802 (aiosmtpd's name)
        self.letters.append(message_from_bytes(envelope.content, policy=policy.default))
        self.recipients.append(list(envelope.rcpt_tos))
        return "250 OK"


@contextmanager
def mail_server() -> Iterator[tuple[Inbox, str]]:
    """An SMTP server on loopback, and the ``--smtp`` URL that sends to it."""
    inbox = Inbox()
    port = free_port()
    controller = Controller(inbox, hostname="127.0.0.1", port=port)
    controller.start()
    try:
        yield inbox, f"smtp://127.0.0.1:{port}?from=mozaika@example.org"
    finally:
        controller.stop()


def confirm_from_letter(player: Player, letter: Any) -> dict[str, Any]:
    """Open the link of a confirmation letter as its reader's browser does, and confirm the address."""
    body = letter.get_content()
    token = body.split("/confirm-email#", 1)[1].split()[0]
    answer = player.client.post("/api/email/confirm", json={"token": token})
    assert answer.status_code == 200, answer.text
    confirmed: dict[str, Any] = answer.json()
    return confirmed
