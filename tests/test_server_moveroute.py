"""The move's lane answers a well-formed move past FastAPI (api/moveroute.py) and leaves every
other request to FastAPI, whose handler plays it through the same function (``play_move``): a
client cannot tell which way its request went."""

from __future__ import annotations

import json
import threading
from collections.abc import Callable, Iterator
from datetime import timedelta
from pathlib import Path
from typing import Any

import pytest

from mozaika.server.api import moveroute
from mozaika.server.middleware import SESSION_COOKIE
from mozaika.server.players import accounts
from mozaika.server.settings import RateLimits
from mozaika.server.tables import seating

from asgiclient import TestClient
from serverkit import Player, running_app

Request = dict[str, Any]
"""What a case sends: ``body`` (bytes, or JSON), ``headers``, ``path`` (after the table's address), ``as`` (who)."""


@pytest.fixture
def client(database: str, tmp_path: Path) -> Iterator[TestClient]:
    """The server, without rate limits: the cases open many tables."""
    with running_app(tmp_path, database, rate_limits=RateLimits(enabled=False)) as client:
        yield client


def started_table(alice: Player, bob: Player) -> tuple[str, str]:
    """A started table of Alice and Bob: its id, and Alice's seat token."""
    created = alice.create("azul", 2)
    table_id: str = created["table"]["id"]
    assert bob.post(f"/api/tables/{table_id}/join", {}).status_code == 200
    assert alice.post(f"/api/tables/{table_id}/start").status_code == 200
    return table_id, created["seat_token"]


def legal(view: dict[str, Any]) -> str:
    return str(view["legal_moves"][0])


CASES: dict[str, Callable[[dict[str, Any]], Request]] = {
    "a legal move, no answer": lambda v: {"body": {"move": legal(v), "seq": v["seq"], "view": False}},
    "a legal move, the table in the answer": lambda v: {"body": {"move": legal(v), "seq": v["seq"], "view": True}},
    "a legal move, the answer by default": lambda v: {"body": {"move": legal(v), "seq": v["seq"]}},
    "a legal move, by the session cookie": lambda v: {
        "body": {"move": legal(v), "seq": v["seq"], "view": False},
        "as": "cookie",
    },
    "a stale sequence number": lambda v: {"body": {"move": legal(v), "seq": v["seq"] + 5, "view": False}},
    "a move of no game": lambda v: {"body": {"move": "9Z9", "seq": v["seq"], "view": False}},
    "the other seat's move": lambda v: {"body": {"move": legal(v), "seq": v["seq"], "view": False}, "as": "bob"},
    "no session": lambda v: {"body": {"move": legal(v), "seq": v["seq"]}, "as": "nobody"},
    "the seat's token, no session": lambda v: {"body": {"move": legal(v), "seq": v["seq"]}, "as": "seat"},
    "a forged seat token": lambda v: {
        "body": {"move": legal(v), "seq": v["seq"]},
        "as": "nobody",
        "headers": {"X-Seat-Token": "forged"},
    },
    "an unknown session": lambda v: {"body": {"move": legal(v), "seq": v["seq"]}, "as": "stranger"},
    "an unknown session and a bad body": lambda v: {"body": {"seq": "x"}, "as": "stranger"},
    "no move": lambda v: {"body": {"seq": v["seq"]}},
    "an empty move": lambda v: {"body": {"move": "", "seq": v["seq"]}},
    "a sequence number as text": lambda v: {"body": {"move": legal(v), "seq": str(v["seq"])}},
    "a negative sequence number": lambda v: {"body": {"move": legal(v), "seq": -1}},
    "a view that is not true or false": lambda v: {"body": {"move": legal(v), "seq": v["seq"], "view": "yes"}},
    "a field too many": lambda v: {"body": {"move": legal(v), "seq": v["seq"], "undo": True}},
    "a list for a body": lambda v: {"body": [legal(v), v["seq"]]},
    "a body that is not JSON": lambda v: {"body": b'{"move": '},
    "an empty body": lambda v: {"body": b""},
    "a body nested too deeply": lambda v: {"body": b"[" * 1500 + b"]" * 1500},
    "no content type": lambda v: {
        "body": json.dumps({"move": legal(v), "seq": v["seq"]}).encode(),
        "headers": {"Content-Type": ""},
    },
    "JSON with its charset": lambda v: {
        "body": json.dumps({"move": legal(v), "seq": v["seq"], "view": False}).encode(),
        "headers": {"Content-Type": "application/json; charset=utf-8"},
    },
    "a query string": lambda v: {"body": {"move": legal(v), "seq": v["seq"]}, "path": "?view=false"},
    "a table id of the wrong shape": lambda v: {"body": {"move": legal(v), "seq": v["seq"]}, "table": "no!such"},
    "a table that does not exist": lambda v: {"body": {"move": legal(v), "seq": v["seq"]}, "table": "nosuchtable"},
    "a body of no declared length": lambda v: {"body": {"move": legal(v), "seq": v["seq"]}, "chunked": True},
    "a byte order mark before the body": lambda v: {
        "body": b"\xef\xbb\xbf" + json.dumps({"move": legal(v), "seq": v["seq"], "view": False}).encode()
    },
    "a foreign page's request": lambda v: {
        "body": {"move": legal(v), "seq": v["seq"]},
        "headers": {"Origin": "https://elsewhere.example"},
    },
    "an unknown host": lambda v: {"body": {"move": legal(v), "seq": v["seq"]}, "headers": {"Host": "evil.example"}},
}


def send(client: TestClient, table_id: str, seat_token: str, players: dict[str, Player], request: Request) -> Any:
    body = request["body"]
    content = body if isinstance(body, bytes) else json.dumps(body).encode()
    headers = {"Content-Type": "application/json", **request.get("headers", {})}
    if headers["Content-Type"] == "":
        del headers["Content-Type"]
    who = request.get("as", "alice")
    client.cookies.clear()
    if who == "cookie":
        client.cookies.set(SESSION_COOKIE, players["alice"].token or "")
    elif who == "seat":
        headers["X-Seat-Token"] = seat_token
    elif who == "stranger":
        headers["Authorization"] = "Bearer not-a-session-of-this-server"
    elif who not in ("nobody", "seat"):
        headers.update(players[who].headers)
    address = f"/api/tables/{request.get('table', table_id)}/moves{request.get('path', '')}"
    answer = client.post(address, content=iter([content]) if request.get("chunked") else content, headers=headers)
    client.cookies.clear()
    return answer


def seen_by_client(answer: Any, table_id: str) -> tuple[int, str, bool, Any, list[tuple[str, str]]]:
    """What a client reads of an answer, with the table's id written the same for every table: its
    status, type, whether it sets the cookie, its body, and its other headers (the request id's name only)."""
    body = json.loads(answer.text.replace(table_id, "TABLE"))
    if isinstance(body, dict) and isinstance(body.get("table"), dict):  # its players and moments are each table's own
        body["table"] = sorted(body["table"]), game_as_seen(body["table"])
    own = {"content-type", "set-cookie", "content-length", "date"}
    headers = sorted(
        (name, "" if name == "x-request-id" else value) for name, value in answer.headers.items() if name not in own
    )
    return answer.status_code, answer.headers["content-type"], "set-cookie" in answer.headers, body, headers


def game_as_seen(view: dict[str, Any]) -> dict[str, Any]:
    """A table's game as a player sees it (not its id, its players' or its moments)."""
    return {key: view.get(key) for key in ("seq", "status", "to_move", "round", "scores", "position", "legal_moves")}


WELL_FORMED = {
    "a legal move, no answer", "a legal move, the table in the answer", "a legal move, the answer by default",
    "a legal move, by the session cookie", "a stale sequence number", "a move of no game", "the other seat's move",
    "no session", "the seat's token, no session", "a forged seat token", "an unknown session",
    "JSON with its charset", "a table that does not exist",
}  # fmt: skip
REFUSED_BEFORE_PLAY = {"a foreign page's request", "an unknown host"}
"""Cases the lane takes, whose move the application's middlewares refuse before it is played."""
"""The cases the lane answers (its middlewares may refuse some): the others have something FastAPI's handler reports."""


EXPECTED_STATUS = {
    "a legal move, no answer": 200, "the seat's token, no session": 200, "a forged seat token": 403,
    "a foreign page's request": 403, "an unknown host": 421, "a body of no declared length": 200,
    "a byte order mark before the body": 200,
}  # fmt: skip
"""Cases whose answer is known: the same answer both ways would not be enough if both were wrong."""


@pytest.mark.each_database
@pytest.mark.parametrize("renewing", [False, True], ids=["session in use", "session noted again"])
def test_every_request_to_the_move_route_is_answered_as_fastapi_answers_it(
    client: TestClient, database: str, monkeypatch: pytest.MonkeyPatch, renewing: bool
) -> None:
    """Each case goes to two tables dealt the same game: once as the server takes it, once forced
    through FastAPI's handler. Both answers (headers included), and the tables afterwards, are the same;
    a move is played by the route's one handler either way."""
    monkeypatch.setattr(seating, "new_seed", lambda: 20_260_417)
    short_way, well_formed, now = moveroute._identified_play, moveroute._well_formed, accounts.utc_now
    trips: list[str] = []
    in_worker_thread: list[bool] = []

    def counted(*arguments: Any) -> Any:
        trips.append(arguments[3])
        in_worker_thread.append(threading.current_thread().name.startswith("AnyIO worker"))
        return short_way(*arguments)

    def never_well_formed(_body: bytes) -> None:
        return None

    taken: list[bytes] = []

    def counted_well_formed(body: bytes) -> Any:
        submission = well_formed(body)
        if submission is not None:
            taken.append(body)
        return submission

    monkeypatch.setattr(moveroute, "_identified_play", counted)
    alice, bob = Player.guest(client, "Alice"), Player.guest(client, "Bob")
    ahead = timedelta()
    for name, case in CASES.items():
        answers, tables, played = [], [], []
        for forced in (False, True):
            table_id, seat_token = started_table(alice, bob)
            request = case(alice.table(table_id))
            monkeypatch.setattr(moveroute, "_well_formed", never_well_formed if forced else counted_well_formed)
            if renewing:  # the sessions were last used two hours ago: this request notes them again
                ahead += timedelta(hours=2)
                later = now() + ahead
                monkeypatch.setattr(accounts, "utc_now", lambda later=later: later)
            trips.clear()
            taken.clear()
            answer = send(client, table_id, seat_token, {"alice": alice, "bob": bob}, request)
            monkeypatch.setattr(accounts, "utc_now", now)
            monkeypatch.setattr(moveroute, "_well_formed", well_formed)
            played.append(len(trips))
            lane = not forced and name in WELL_FORMED | REFUSED_BEFORE_PLAY
            assert len(taken) == lane, f"{name}: the lane took {taken}"
            answers.append(seen_by_client(answer, table_id))
            tables.append(game_as_seen(alice.table(table_id)))
        assert answers[0] == answers[1], name
        assert played[0] == played[1] <= 1, f"{name}: moves played {played}"
        if name in WELL_FORMED:
            assert played == [1, 1], name
        if name in EXPECTED_STATUS:
            assert answers[0][0] == EXPECTED_STATUS[name], name
        assert tables[0] == tables[1], name
        if renewing and name == "a legal move, by the session cookie":
            assert answers[0][2], "a session held in the cookie and noted again gets its cookie again"
    # On SQLite, with its writer free, a move is played on the event loop; on PostgreSQL in a worker thread.
    assert in_worker_thread and set(in_worker_thread) == {database != "sqlite"}
