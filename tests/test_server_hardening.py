"""The server against abuse: sign-in floods, hint floods, table and chat floods, hidden characters,
invite-only seats, strict fields, and clean refusals (each with the reason and nothing changed)."""

from __future__ import annotations

import asyncio
import os
import random
import sys
import threading
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest
from argon2 import PasswordHasher
from sqlalchemy import text
from starlette.websockets import WebSocketDisconnect

import mozaika
from mozaika.server.players import credentials
from mozaika.server.players.passwords import HASHING_NICENESS, PasswordChecks
from mozaika.server.ratelimit import RateLimits
from mozaika.server.storage.database import Database, migrate
from mozaika.server.storage.models import utc_now

from serverkit import Player, play_random_moves, running_app, running_app_on, two_player_table, wait_for


class OwnedLock:
    """The database's own write lock, remembering which thread holds it.

    It wraps the lock rather than replacing it: a thread of the server already writing when the
    test puts it in place still holds the one lock, and nobody starts a transaction beside it.
    """

    def __init__(self, lock: Any) -> None:
        self._lock = lock
        self.owner: int | None = None

    def __enter__(self) -> None:
        self._lock.__enter__()
        self.owner = threading.get_ident()

    def __exit__(self, *details: object) -> None:
        self.owner = None
        self._lock.__exit__(*details)


class WatchedHasher(PasswordHasher):
    """The servers' test hasher, noting how many hashes run at once and what else held then.

    With ``together``, each hash waits until that many run at once, or until ``expected`` hashes
    have begun in all: the most the server lets run together is then reached for certain, with
    no sleep hoping the threads overlap.
    """

    def __init__(self, during: Any = None) -> None:
        super().__init__(time_cost=1, memory_cost=8, parallelism=1)
        self.during = during
        self.together = self.expected = 0
        self.running = self.most = self.calls = 0
        self._changed = threading.Condition()

    def _watched(self, work: Any) -> Any:
        with self._changed:
            self.running += 1
            self.calls += 1
            self.most = max(self.most, self.running)
            self._changed.notify_all()
            # (The timeout only keeps a broken server from hanging the suite.)
            self._changed.wait_for(lambda: self.running >= self.together or self.calls >= self.expected, timeout=30)
        try:
            if self.during is not None:
                self.during()
            return work()
        finally:
            with self._changed:
                self.running -= 1

    def hash(self, password: str | bytes, *, salt: bytes | None = None) -> str:
        return str(self._watched(lambda: super(WatchedHasher, self).hash(password, salt=salt)))

    def verify(self, hash: str | bytes, password: str | bytes) -> bool:
        return bool(self._watched(lambda: super(WatchedHasher, self).verify(hash, password)))


@pytest.fixture
def hasher(monkeypatch: pytest.MonkeyPatch) -> WatchedHasher:
    watched = WatchedHasher()
    monkeypatch.setattr(credentials, "_HASHER", watched)
    monkeypatch.setattr(credentials, "_UNKNOWN_USER_HASH", [])
    return watched


# --- 1. sign-in: no stalled tables, a bounded number of hashes, rate limits -----------------------


def test_passwords_are_hashed_outside_every_transaction(client, hasher: WatchedHasher) -> None:  # type: ignore[no-untyped-def]
    """On SQLite a transaction holds the one write lock every move waits for: no hash may run inside one."""
    database = client.app.state.services.db
    writing = OwnedLock(database._writing)
    database._writing = writing  # the same lock, noting which thread holds it
    held: list[bool] = []
    hasher.during = lambda: held.append(writing.owner == threading.get_ident())
    Player.account(client, "jana")
    assert client.post("/api/sessions", json={"username": "jana", "password": "wrong password"}).status_code == 401
    assert client.post("/api/sessions", json={"username": "jana", "password": "correct horse"}).status_code == 200
    assert held == [False, False, False]


def test_at_most_a_few_passwords_are_hashed_at_once(client, hasher: WatchedHasher) -> None:  # type: ignore[no-untyped-def]
    attempts = 2 * credentials.HASHES_AT_ONCE + 1
    hasher.together, hasher.expected = credentials.HASHES_AT_ONCE, attempts + 1

    def sign_in(number: int) -> None:
        client.post("/api/sessions", json={"username": f"nobody{number}", "password": "wrong password"})

    threads = [threading.Thread(target=sign_in, args=(number,)) for number in range(attempts)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert hasher.calls == attempts + 1  # each attempt, and the stand-in hash made once
    assert hasher.most == credentials.HASHES_AT_ONCE  # as many as may, and never more


def test_a_guess_past_the_limits_waits_before_its_429(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A refused guess sleeps on the event loop (costing nothing) before its answer, slowing a flood."""
    import types

    from mozaika.server.api import accounts as accounts_api
    from mozaika.server.settings import Limits

    waits: list[float] = []

    async def sleep(seconds: float) -> None:
        waits.append(seconds)

    monkeypatch.setattr(accounts_api, "asyncio", types.SimpleNamespace(sleep=sleep))
    with running_app(tmp_path, limits=Limits(refused_sign_in_seconds=1.5)) as client:
        Player.account(client, "jana")
        codes = [
            client.post("/api/sessions", json={"username": "jana", "password": "a guess"}).status_code
            for _ in range(11)
        ]
    assert codes == [401] * 10 + [429] and waits == [1.5]  # ten guesses a minute for one account


def test_a_flood_of_sign_ins_waits_in_its_own_bounded_queue_and_the_rest_is_answered_at_once(  # type: ignore[no-untyped-def]
    client, hasher: WatchedHasher
) -> None:
    """While every password thread is busy and the queue full, another sign-in gets 503 with Retry-After
    at once, and the lobby and the games are served all the same (they never wait for a hash)."""
    Player.account(client, "jana")  # the stand-in hash for unknown usernames is made here too
    checks = client.app.state.services.password_checks
    release = threading.Event()
    hasher.during = lambda: release.wait(120)
    answers: list[int] = []

    def sign_in() -> None:
        answers.append(client.post("/api/sessions", json={"username": "jana", "password": "a guess"}).status_code)

    admitted = [threading.Thread(target=sign_in) for _ in range(checks.capacity)]
    for thread in admitted:
        thread.start()
    wait_for(
        lambda: checks.admitted == checks.capacity and hasher.running == checks.at_once,
        what="every password thread busy and the queue full",
    )
    refused = client.post("/api/sessions", json={"username": "jana", "password": "one more guess"})
    assert refused.status_code == 503 and refused.json()["error"]["code"] == "busy"
    assert int(refused.headers["Retry-After"]) >= 1
    assert client.get("/api/tables").status_code == 200  # the lobby does not wait behind the hashes
    assert hasher.running == checks.at_once
    release.set()
    for thread in admitted:
        thread.join()
    assert answers == [401] * checks.capacity


@pytest.mark.skipif(sys.platform != "linux", reason="threads have CPU priorities of their own on Linux only")
def test_passwords_are_hashed_at_a_lower_cpu_priority_than_the_event_loop_runs_at() -> None:
    """On a machine that a sign-in flood keeps busy, the moves and pages get the cores first (issue 38, 3)."""
    checks = PasswordChecks(at_once=1, waiting=0)

    def own_priority() -> int:
        return os.getpriority(os.PRIO_PROCESS, threading.get_native_id())

    async def both() -> tuple[int, int]:
        return own_priority(), await checks.run(own_priority)

    loop_priority, hashing_priority = asyncio.run(both())
    assert hashing_priority == min(loop_priority + HASHING_NICENESS, 19)


def test_an_unknown_username_costs_a_password_check_like_a_known_one(client, hasher: WatchedHasher) -> None:  # type: ignore[no-untyped-def]
    Player.account(client, "jana")
    calls = hasher.calls
    assert client.post("/api/sessions", json={"username": "jana", "password": "wrong password"}).status_code == 401
    known = hasher.calls - calls
    client.post("/api/sessions", json={"username": "nobody", "password": "wrong password"})  # makes the stand-in
    calls = hasher.calls
    assert client.post("/api/sessions", json={"username": "nobody2", "password": "wrong password"}).status_code == 401
    assert hasher.calls - calls == known == 1


def test_guessing_a_password_is_stopped_with_429_and_retry_after(client) -> None:  # type: ignore[no-untyped-def]
    Player.account(client, "jana")
    wrong = {"username": "jana", "password": "wrong password"}
    for _ in range(10):
        assert client.post("/api/sessions", json=wrong).status_code == 401
    refused = client.post("/api/sessions", json=wrong)
    assert refused.status_code == 429 and refused.json()["error"]["code"] == "rate_limited"
    assert 1 <= int(refused.headers["Retry-After"]) <= 60
    # The account's sign-in waits, even with the right password; other accounts are not held up.
    assert client.post("/api/sessions", json={"username": "jana", "password": "correct horse"}).status_code == 429
    Player.account(client, "petr")
    assert client.post("/api/sessions", json={"username": "petr", "password": "correct horse"}).status_code == 200


def test_one_address_trying_many_usernames_is_stopped(client) -> None:  # type: ignore[no-untyped-def]
    codes = [
        client.post("/api/sessions", json={"username": f"user{n}", "password": "wrong password"}).status_code
        for n in range(21)
    ]
    assert codes == [401] * 20 + [429]


def test_registrations_and_guests_from_one_address_are_limited(client) -> None:  # type: ignore[no-untyped-def]
    codes = [client.post("/api/guests", json={"name": f"Guest {n}"}).status_code for n in range(31)]
    assert codes == [201] * 30 + [429]
    codes = [
        client.post("/api/accounts", json={"username": f"user{n}", "password": "correct horse"}).status_code
        for n in range(21)
    ]
    assert codes == [201] * 20 + [429]


def test_rate_limits_can_be_turned_off_for_load_tests(tmp_path: Path) -> None:
    with running_app(tmp_path, rate_limits=RateLimits(enabled=False)) as client:
        codes = {client.post("/api/guests", json={"name": f"Guest {n}"}).status_code for n in range(40)}
    assert codes == {201}


def test_every_write_counts_towards_its_session_and_address_but_moves_do_not(tmp_path: Path) -> None:
    limits = RateLimits(write_per_session="3/minute", write_per_address="10/minute")
    with running_app(tmp_path, rate_limits=limits) as client:
        # Alice's session writes twice (create, start), Bob's once (join); with the guests, seven for the address.
        table_id, alice, bob = two_player_table(client)
        play_random_moves(table_id, [alice, bob], random.Random(3), limit=12)  # moves are not counted
        assert alice.post(f"/api/players/{bob.name}/mute").status_code in (200, 404)
        refused = alice.post(f"/api/players/{bob.name}/unmute")
        assert refused.status_code == 429 and int(refused.headers["retry-after"]) >= 1
        assert refused.json()["error"]["code"] == "rate_limited"
        # Another session at the same address writes on, until the address's own limit (its eighth write).
        carol = Player.guest(client, "Carol")
        codes = [carol.post("/api/tables", {"game": "azul", "players": 2}).status_code for _ in range(3)]
        assert codes == [201, 201, 429]
        # Reads are never counted.
        assert alice.get(f"/api/tables/{table_id}").status_code == 200


# --- 2. hints: once per position, rate-limited ----------------------------------------------------


def test_a_position_is_analysed_once_however_often_its_hint_is_asked(client, monkeypatch: pytest.MonkeyPatch) -> None:  # type: ignore[no-untyped-def]
    services = client.app.state.services
    searched: list[str] = []

    async def analyse(position: str, seat: int, bot: str, seconds: float, top: int = 5) -> list[dict[str, Any]]:
        searched.append(position)
        return [{"move": "1B1", "value": 0.5, "visits": 10}]

    monkeypatch.setattr(services.bots, "analyse", analyse)
    table_id, alice, bob = two_player_table(client)
    answers = [alice.get(f"/api/tables/{table_id}/hint").json() for _ in range(5)]
    assert len(searched) == 1 and all(answer == answers[0] for answer in answers)
    view = alice.table(table_id)
    assert alice.move(table_id, view["legal_moves"][0], view["seq"]).status_code == 200
    assert bob.get(f"/api/tables/{table_id}/hint").status_code == 200  # a new position: a new search
    assert len(searched) == 2


def test_hints_are_rate_limited_per_player(client, monkeypatch: pytest.MonkeyPatch) -> None:  # type: ignore[no-untyped-def]
    services = client.app.state.services

    async def analyse(position: str, seat: int, bot: str, seconds: float, top: int = 5) -> list[dict[str, Any]]:
        return []

    monkeypatch.setattr(services.bots, "analyse", analyse)
    table_id, alice, _ = two_player_table(client)
    codes = [alice.get(f"/api/tables/{table_id}/hint").status_code for _ in range(31)]
    assert codes == [200] * 30 + [429]


def test_the_analysis_boards_expert_is_rate_limited_per_address(client, monkeypatch: pytest.MonkeyPatch) -> None:  # type: ignore[no-untyped-def]
    services = client.app.state.services

    async def analyse(position: str, seat: int, bot: str, seconds: float, top: int = 5) -> list[dict[str, Any]]:
        return []

    monkeypatch.setattr(services.bots, "analyse", analyse)
    line = mozaika.to_line(mozaika.new_game("azul", players=2, seed=1))
    answers = [client.post("/api/analysis/best", json={"line": line}) for _ in range(31)]
    assert [answer.status_code for answer in answers] == [200] * 30 + [429]
    assert int(answers[-1].headers["Retry-After"]) >= 1


# --- 6. floods of tables and chat -------------------------------------------------------------


def test_a_player_may_hold_only_so_many_waiting_tables_and_bot_tables(tmp_path: Path) -> None:
    with running_app(tmp_path, rate_limits=RateLimits(table_per_player="100/minute")) as client:
        check_table_quotas(client)


def check_table_quotas(client) -> None:  # type: ignore[no-untyped-def]
    alice = Player.guest(client, "Alice")
    for _ in range(10):
        alice.create()
    refused = alice.post("/api/tables", {"game": "azul", "players": 2})
    assert refused.status_code == 409 and "waiting for players" in refused.json()["error"]["message"]
    bob = Player.guest(client, "Bob")
    bots = {"game": "azul", "players": 2, "seats": [{"kind": "me"}, {"kind": "bot", "level": "beginner"}]}
    for _ in range(5):
        table_id = bob.create(**{key: value for key, value in bots.items() if key not in ("game", "players")})
        assert bob.post(f"/api/tables/{table_id['table']['id']}/start").status_code == 200
        assert bob.post(f"/api/tables/{table_id['table']['id']}/abandon").status_code == 200
    refused = bob.post("/api/tables", bots)
    assert refused.status_code == 409 and "with bots" in refused.json()["error"]["message"]
    assert len([t for t in client.get("/api/tables").json() if t["owner"] == "Bob"]) == 5


def test_seating_a_bot_in_a_waiting_room_counts_towards_the_bot_table_quota(tmp_path: Path) -> None:
    with running_app(tmp_path, rate_limits=RateLimits(table_per_player="100/minute")) as client:
        carol = Player.guest(client, "Carol")
        waiting = [carol.create()["table"]["id"] for _ in range(6)]
        for table_id in waiting[:5]:
            assert carol.post(f"/api/tables/{table_id}/bots", {"seat": 1, "level": "easy"}).status_code == 200
        refused = carol.post(f"/api/tables/{waiting[5]}/bots", {"seat": 1, "level": "easy"})
        assert refused.status_code == 409 and "with bots" in refused.json()["error"]["message"]
        three = carol.create(players=3)["table"]["id"]
        carol.post(f"/api/tables/{waiting[0]}/leave")
        assert carol.post(f"/api/tables/{three}/bots", {"seat": 1, "level": "easy"}).status_code == 200
        assert carol.post(f"/api/tables/{three}/bots", {"seat": 2, "level": "easy"}).status_code == 200, (
            "a second bot at a table that has one adds no bot table"
        )


def test_creating_tables_is_rate_limited(client) -> None:  # type: ignore[no-untyped-def]
    alice = Player.guest(client, "Alice")
    codes = []
    for _ in range(11):
        response = alice.post("/api/tables", {"game": "azul", "players": 2})
        codes.append(response.status_code)
        if response.status_code == 201:
            alice.post(f"/api/tables/{response.json()['table']['id']}/leave")  # cancelled: no quota held
    assert codes == [201] * 10 + [429]


def test_chat_is_rate_limited_per_player(client) -> None:  # type: ignore[no-untyped-def]
    table_id, alice, bob = two_player_table(client)
    codes = [alice.post(f"/api/tables/{table_id}/chat", {"text": f"line {n}"}).status_code for n in range(21)]
    assert codes == [201] * 20 + [429]
    assert bob.post(f"/api/tables/{table_id}/chat", {"text": "still here"}).status_code == 201


# --- 4. hidden characters ------------------------------------------------------------------------


@pytest.mark.each_database
@pytest.mark.parametrize("text", ["a\u0000b", "bell\u0007", "esc\u001b[31m", "\u202eevil", "tab\there", "x\u2066y"])
def test_control_characters_and_bidi_overrides_are_refused_everywhere(client, text: str) -> None:  # type: ignore[no-untyped-def]
    table_id, alice, _ = two_player_table(client)
    for path, body in [
        (f"/api/tables/{table_id}/chat", {"text": text}),
        ("/api/guests", {"name": text}),
        ("/api/accounts", {"username": text, "password": "correct horse"}),
        ("/api/accounts", {"username": "jana", "password": "correct horse", "name": text}),
        ("/api/sessions", {"username": text, "password": "correct horse"}),
        ("/api/tables", {"game": text, "players": 2}),
        ("/api/tables", {"game": "azul", "players": 2, "options": {"wall": text}}),
        (f"/api/tables/{table_id}/moves", {"move": text, "seq": 1}),
        (f"/api/tables/{table_id}/join", {"invite": text}),
    ]:
        response = alice.post(path, body)
        assert response.status_code == 422, (path, body, response.text)
        assert response.json()["error"]["code"] == "invalid_request"
    assert client.get(f"/api/tables/{table_id}/chat").json() == []


@pytest.mark.each_database
def test_hidden_characters_in_addresses_are_refused_not_looked_up(client) -> None:  # type: ignore[no-untyped-def]
    for address in ["/api/players/ab%00", "/api/tables/ab%00", "/api/tables/ab%00/chat", "/api/players/%E2%80%AEx"]:
        response = client.get(address)
        assert response.status_code == 422, (address, response.text)


def test_a_chat_line_may_hold_line_breaks(client) -> None:  # type: ignore[no-untyped-def]
    table_id, alice, _ = two_player_table(client)
    assert alice.post(f"/api/tables/{table_id}/chat", {"text": "one\ntwo"}).status_code == 201
    assert client.get(f"/api/tables/{table_id}/chat").json()[0]["text"] == "one\ntwo"


# --- 11. invited seats ---------------------------------------------------------------------------


def test_an_invited_seat_stays_invite_only_after_its_player_leaves(client) -> None:  # type: ignore[no-untyped-def]
    alice, bob, stranger = Player.guest(client, "Alice"), Player.guest(client, "Bob"), Player.guest(client, "Eve")
    created = alice.create("azul", 2, seats=[{"kind": "me"}, {"kind": "invite"}])
    table_id, invite = created["table"]["id"], created["invites"]["1"]
    assert bob.post(f"/api/tables/{table_id}/join", {"invite": invite}).status_code == 200
    assert bob.post(f"/api/tables/{table_id}/leave").status_code == 200
    assert alice.table(table_id)["seats"][1]["kind"] == "invited"
    assert stranger.post(f"/api/tables/{table_id}/join", {}).status_code == 409
    assert stranger.post(f"/api/tables/{table_id}/join", {"seat": 1}).status_code == 409
    assert bob.post(f"/api/tables/{table_id}/join", {"invite": invite}).status_code == 200  # the link still works


# --- 12. strict fields -----------------------------------------------------------------------


@pytest.mark.parametrize("seq", [True, "1", 1.0])
def test_sequence_numbers_are_whole_numbers_not_booleans_or_strings(client, seq: Any) -> None:  # type: ignore[no-untyped-def]
    table_id, alice, _ = two_player_table(client)
    view = alice.table(table_id)
    assert view["seq"] == 1
    response = alice.post(f"/api/tables/{table_id}/moves", {"move": view["legal_moves"][0], "seq": seq})
    assert response.status_code == 422
    assert alice.post(f"/api/tables/{table_id}/undo", {"seq": seq}).status_code == 422
    assert alice.post("/api/tables", {"game": "azul", "players": True}).status_code == 422
    assert alice.table(table_id)["seq"] == 1


def test_a_waiting_bot_move_goes_to_the_next_free_worker_before_waiting_hints() -> None:
    from mozaika.server.bots.priority import BOT_MOVE, HINT, PriorityGate

    async def scenario() -> list[str]:
        gate = PriorityGate(1)
        order: list[str] = []
        release = asyncio.Event()

        async def work(name: str, priority: int) -> None:
            async with gate.slot(priority):
                order.append(name)
                if name == "first hint":
                    await release.wait()

        tasks = [asyncio.create_task(work("first hint", HINT))]
        await asyncio.sleep(0)
        for name, priority in [("hint 2", HINT), ("hint 3", HINT), ("bot", BOT_MOVE)]:
            tasks.append(asyncio.create_task(work(name, priority)))
            await asyncio.sleep(0)
        assert gate.waiting == 3
        release.set()
        await asyncio.gather(*tasks)
        return order

    assert asyncio.run(scenario()) == ["first hint", "bot", "hint 2", "hint 3"]


def test_a_bots_move_never_waits_for_a_hint_or_a_review_and_they_search_at_a_lower_cpu_priority() -> None:
    """The moves lane has its own processes; the background lane's run niced, so the cores go to the games."""
    import os

    from mozaika.server.bots.lanes import BACKGROUND_NICENESS
    from mozaika.server.bots.player import BotPlayer
    from mozaika.server.bots.priority import BOT_MOVE, HINT, REVIEW

    async def scenario() -> tuple[int, int, int, int]:
        bots = BotPlayer(None, None, workers=1, leases=None, background_workers=1)  # type: ignore[arg-type]
        await bots.start(early=False)
        try:
            async with bots.background.free.slot(HINT):  # a hint is searching in the only background worker
                review = asyncio.create_task(bots._in_worker(REVIEW, os.getpid))
                move_worker = await asyncio.wait_for(bots._in_worker(BOT_MOVE, os.getpid), 120)
                assert not review.done()  # the review waits for the hint; the bot's move did not
            background_worker = await asyncio.wait_for(review, 120)
            moves_niceness = await bots._in_worker(BOT_MOVE, os.nice, 0)
            background_niceness = await bots._in_worker(HINT, os.nice, 0)
            return move_worker, background_worker, moves_niceness, background_niceness
        finally:
            await bots.stop()

    move_worker, background_worker, moves_niceness, background_niceness = asyncio.run(scenario())
    assert os.getpid() not in (move_worker, background_worker) and move_worker != background_worker
    assert background_niceness == min(19, moves_niceness + BACKGROUND_NICENESS)


def test_a_waiter_that_gives_up_passes_its_turn_on() -> None:
    from mozaika.server.bots.priority import BOT_MOVE, PriorityGate

    async def scenario() -> bool:
        gate = PriorityGate(1)
        async with gate.slot(BOT_MOVE):
            quitter = asyncio.create_task(gate.slot(BOT_MOVE).__aenter__())
            await asyncio.sleep(0)
            quitter.cancel()
            await asyncio.sleep(0)
        async with gate.slot(BOT_MOVE):
            return gate.waiting == 0

    assert asyncio.run(scenario())


# --- 8. bodies without a declared length ----------------------------------------------------------


def test_a_large_body_without_content_length_is_refused_as_too_large(client) -> None:  # type: ignore[no-untyped-def]
    alice = Player.guest(client, "Alice")

    def chunks() -> Any:
        yield b'{"game": "azul", "players": 2, "options": {"wall": "'
        for _ in range(70):
            yield b"x" * 1024
        yield b'"}}'

    headers = {**alice.headers, "Content-Type": "application/json"}
    response = client.post("/api/tables", content=chunks(), headers=headers)
    assert response.status_code == 413 and response.json()["error"]["code"] == "too_large"

    def small() -> Any:
        yield b'{"game": "azul", '
        yield b'"players": 2}'

    assert client.post("/api/tables", content=small(), headers=headers).status_code == 201


# --- 9. sessions end when unused, and everywhere at once -------------------------------------------


@pytest.mark.each_database
def test_a_session_unused_for_longer_than_the_idle_time_has_ended(client) -> None:  # type: ignore[no-untyped-def]
    alice = Player.account(client, "alice")
    assert alice.get("/api/me").status_code == 200
    with client.app.state.services.db.engine.begin() as connection:
        connection.execute(
            text("UPDATE sessions SET last_seen_at = :moment"), {"moment": utc_now() - timedelta(days=31)}
        )
    ended = alice.get("/api/me")
    assert ended.status_code == 401 and "unused" in ended.json()["error"]["message"]
    assert alice.get("/api/me").status_code == 401  # and it stays ended
    assert client.post("/api/sessions", json={"username": "alice", "password": "correct horse"}).status_code == 200


@pytest.mark.each_database
def test_a_used_session_stays_and_notes_its_use_once_an_hour(client) -> None:  # type: ignore[no-untyped-def]
    alice = Player.account(client, "alice")
    with client.app.state.services.db.engine.begin() as connection:
        connection.execute(
            text("UPDATE sessions SET last_seen_at = :moment"), {"moment": utc_now() - timedelta(days=29)}
        )
    assert alice.get("/api/me").status_code == 200
    with client.app.state.services.db.engine.connect() as connection:
        seen = connection.execute(text("SELECT last_seen_at FROM sessions")).scalar_one()
    seen = seen if isinstance(seen, datetime) else datetime.fromisoformat(seen)
    assert utc_now() - seen.replace(tzinfo=UTC) < timedelta(minutes=5)


def test_signing_out_everywhere_ends_every_session_of_the_player(client) -> None:  # type: ignore[no-untyped-def]
    phone = Player.account(client, "alice")
    laptop = Player(
        client, client.post("/api/sessions", json={"username": "alice", "password": "correct horse"}).json()["token"]
    )
    client.cookies.clear()
    bob = Player.account(client, "bob")
    response = client.delete("/api/sessions", headers=laptop.headers)
    assert response.status_code == 200 and response.json() == {"ended": 2}
    assert phone.get("/api/me").status_code == 401 and laptop.get("/api/me").status_code == 401
    assert bob.get("/api/me").status_code == 200
    assert client.delete("/api/sessions", headers=laptop.headers).status_code == 401


# --- 10. origins, content types and security headers ------------------------------------------------


def test_another_site_s_page_cannot_act_or_listen_for_a_signed_in_player(client) -> None:  # type: ignore[no-untyped-def]
    table_id, alice, _ = two_player_table(client)
    evil = {"Origin": "https://evil.example"}
    refused = alice.post(f"/api/tables/{table_id}/abandon", headers=evil)
    assert refused.status_code == 403 and "evil.example" in refused.json()["error"]["message"]
    assert alice.table(table_id)["status"] == "running"
    with client.websocket_connect(f"/api/tables/{table_id}/live", headers={**alice.headers, **evil}) as socket:
        reply = socket.receive_json()
        assert reply["type"] == "error" and reply["error"]["code"] == "forbidden"
        with pytest.raises(WebSocketDisconnect):
            socket.receive_json()
    # The server's own pages, and clients that are not browsers (no Origin), are served.
    own = {"Origin": "http://testserver"}
    assert alice.post(f"/api/tables/{table_id}/chat", {"text": "hi"}, headers=own).status_code == 201
    with client.websocket_connect(f"/api/tables/{table_id}/live", headers={**alice.headers, **own}) as socket:
        assert socket.receive_json()["type"] == "hello"


def test_an_allowed_origin_may_act(tmp_path: Path) -> None:
    with running_app(tmp_path, allowed_origins=("https://play.example",)) as client:
        headers = {"Origin": "https://play.example"}
        assert client.post("/api/guests", json={"name": "Alice"}, headers=headers).status_code == 201
        assert client.post("/api/guests", json={"name": "Eve"}, headers={"Origin": "null"}).status_code == 403


@pytest.mark.parametrize(
    "media", ["text/plain", "application/x-www-form-urlencoded", "multipart/form-data; boundary=x"]
)
def test_state_changing_requests_take_json_only(client, media: str) -> None:  # type: ignore[no-untyped-def]
    table_id, alice, _ = two_player_table(client)
    refused = client.post(
        f"/api/tables/{table_id}/abandon", content=b"", headers={**alice.headers, "Content-Type": media}
    )
    assert refused.status_code == 415 and refused.json()["error"]["code"] == "unsupported_media_type"
    assert alice.table(table_id)["status"] == "running"


def test_every_answer_carries_the_security_headers(client) -> None:  # type: ignore[no-untyped-def]
    for address in ["/", "/api/games", "/static/js/main.js", "/api/tables/nosuchtable"]:
        headers = client.get(address).headers
        policy = headers["Content-Security-Policy"]
        assert "script-src 'self'" in policy and "frame-ancestors 'none'" in policy and "unsafe-inline" not in policy
        assert headers["X-Frame-Options"] == "DENY"
        assert headers["X-Content-Type-Options"] == "nosniff"
        assert headers["Referrer-Policy"] == "no-referrer"
    assert "frame-ancestors 'none'" in client.get("/docs").headers["Content-Security-Policy"]


def test_the_sessions_open_at_the_upgrade_that_brings_expiry_stay_open(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'old.db'}"
    database = Database(url)
    try:
        migrate(database.engine, "0001")
        long_ago = utc_now() - timedelta(days=90)
        with database.engine.begin() as connection:
            connection.execute(
                text(
                    "INSERT INTO players (id, name, username, rating_mu, rating_sigma, rated_games, created_at)"
                    " VALUES (1, 'Jana', 'jana', 25, 8.3, 0, :at)"
                ),
                {"at": long_ago},
            )
            connection.execute(
                text("INSERT INTO sessions (token_hash, player_id, created_at) VALUES (:key, 1, :at)"),
                {"key": credentials.token_hash("an old token"), "at": long_ago},
            )
    finally:
        database.dispose()
    with running_app_on(url) as client:
        assert client.get("/api/me", headers={"Authorization": "Bearer an old token"}).json()["name"] == "Jana"


def test_hints_asked_at_once_for_one_position_share_one_search() -> None:
    from mozaika.server.analysis.hints import Hints
    from mozaika.server.settings import Settings
    from mozaika.server.tables import HintRequest

    class SlowBots:
        searches = 0

        async def analyse(
            self, position: str, seat: int, bot: str, seconds: float, top: int = 5
        ) -> list[dict[str, Any]]:
            SlowBots.searches += 1
            await asyncio.sleep(0.01)
            return [{"move": "1B1", "value": 0.5, "visits": 1}]

    async def scenario() -> list[list[dict[str, Any]]]:
        hints = Hints(SlowBots(), Settings(database_url="sqlite://"))  # type: ignore[arg-type]
        asked = HintRequest("table", 0, 7, "{}", "azul", {})
        impatient = asyncio.create_task(hints.moves(asked))
        await asyncio.sleep(0)
        impatient.cancel()  # one caller gives up: the others still get the search's answer
        return await asyncio.gather(*(hints.moves(asked) for _ in range(10)))

    answers = asyncio.run(scenario())
    assert SlowBots.searches == 1 and all(answer == answers[0] for answer in answers)
