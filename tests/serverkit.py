"""Helpers for the server tests: an app on a fresh database, and clients that act as one player each."""

from __future__ import annotations

import random
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from fastapi.testclient import TestClient

from mozaika.server import Settings, create_app


@contextmanager
def running_app(folder: Path, **settings: Any) -> Iterator[TestClient]:
    """The server on a new SQLite database in ``folder``, started (migrated, bots ready)."""
    app = create_app(Settings(database_url=f"sqlite:///{folder / 'mozaika.db'}", bot_workers=1, **settings))
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
    while limit is None or played < limit:
        view = seats[0].table(table_id)
        if view["status"] != "running":
            break
        mover = seats[view["to_move"][0]]
        mine = mover.table(table_id)
        response = mover.move(table_id, rng.choice(mine["legal_moves"]), mine["seq"])
        assert response.status_code == 200, response.text
        played += 1
    return played
