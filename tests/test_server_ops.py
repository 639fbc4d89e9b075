"""Operations: /healthz, /readyz, /metrics (who may read them, what they count), request ids and the
logs' masking of secrets."""

from __future__ import annotations

import json
import logging
import random
import re
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st
from prometheus_client.parser import text_string_to_metric_families
from sqlalchemy.exc import OperationalError

import mozaika
from mozaika.server import Settings, create_app
from mozaika.server.errors import TooManyRequestsError
from mozaika.server.ops.logs import JsonLines, Redacting, redact, request_id
from mozaika.server.ratelimit import RateLimiter, RateLimits
from mozaika.server.settings import Limits

from asgiclient import TestClient
from serverkit import migrated_sqlite_database, two_player_table

LOOPBACK = ("127.0.0.1", 50000)
ELSEWHERE = ("203.0.113.7", 50000)
"""An address of the documentation range: not loopback, not in any configured network."""


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[TestClient]:
    folder = tmp_path_factory.mktemp("ops")
    settings = Settings(
        database_url=migrated_sqlite_database(folder),
        bot_workers=1,
        start_bot_workers_early=False,
        allowed_hosts=("testserver",),
        limits=Limits(refused_sign_in_seconds=0.0),
        metrics_from=("198.51.100.0/24",),
        metrics_token="scrape-secret-1",
    )
    with TestClient(create_app(settings, now=time.time), client=LOOPBACK) as client:
        yield client


def samples(text: str) -> dict[tuple[str, tuple[tuple[str, str], ...]], float]:
    """Every sample of a Prometheus exposition, by its name and labels."""
    found = {}
    for family in text_string_to_metric_families(text):
        for sample in family.samples:
            found[(sample.name, tuple(sorted(sample.labels.items())))] = sample.value
    return found


def test_healthz_answers_without_a_session(server: TestClient) -> None:
    answer = server.get("/healthz")
    assert answer.status_code == 200
    assert answer.json()["status"] == "ok"


def test_readyz_checks_the_database_and_the_bot_workers(server: TestClient) -> None:
    answer = server.get("/readyz")
    assert answer.status_code == 200, answer.text
    assert answer.json() == {
        "status": "ready",
        "checks": {"server": "ok", "database": "ok", "redis": "not configured", "bot_workers": "ok"},
        "rate_limits": "memory",
        "version": mozaika.__version__,  # to loopback only
    }
    outsider = TestClient(server.app, client=ELSEWHERE)
    assert "version" not in outsider.get("/readyz").json() and "version" not in outsider.get("/healthz").json()


def test_readyz_refuses_while_the_server_stops(server: TestClient) -> None:
    service = server.app.state.services  # type: ignore[attr-defined]
    service.draining = True
    try:
        answer = server.get("/readyz")
    finally:
        service.draining = False
    assert answer.status_code == 503
    assert answer.json()["checks"]["server"] == "shutting down"
    assert server.get("/healthz").status_code == 200  # the process still answers


def test_readyz_says_when_redis_cannot_be_reached(tmp_path: Path) -> None:
    settings = Settings(
        database_url=migrated_sqlite_database(tmp_path),
        redis_url="redis://127.0.0.1:9/0",  # the discard port: nothing answers there
        start_bot_workers_early=False,
        allowed_hosts=("testserver",),
    )
    with TestClient(create_app(settings)) as client:
        answer = client.get("/readyz")
    assert answer.status_code == 503
    assert answer.json()["checks"]["redis"] == "failing"
    assert answer.json()["checks"]["database"] == "ok"


def test_metrics_count_moves_with_their_latency(server: TestClient) -> None:
    before = samples(server.get("/metrics").text)
    table_id, alice, bob = two_player_table(server)
    seats = [alice, bob]
    rng = random.Random(42)
    played = 0
    for _ in range(5):
        view = alice.table(table_id)
        mover = seats[view["to_move"][0]]
        mine = mover.table(table_id)
        assert mover.move(table_id, rng.choice(mine["legal_moves"]), mine["seq"]).status_code == 200
        played += 1
    after = samples(server.get("/metrics").text)
    moves = ("mozaika_moves_total", (("by", "player"),))
    count = ("mozaika_move_seconds_count", (("by", "player"),))
    assert after[moves] - before.get(moves, 0.0) == played
    assert after[count] - before.get(count, 0.0) == played
    assert after[("mozaika_tables", (("status", "running"),))] >= 1
    assert ("mozaika_websockets_open", ()) in after
    assert ("mozaika_db_pool_checked_out", ()) in after
    assert ("mozaika_bot_queue_depth", ()) in after
    assert ("mozaika_password_checks", ()) in after
    assert ("mozaika_reviews", (("status", "queued"),)) in after


def test_metrics_count_open_websockets(server: TestClient) -> None:
    table_id, alice, _bob = two_player_table(server)
    with server.websocket_connect(f"/api/tables/{table_id}/live", headers=alice.headers) as live:
        assert live.receive_json()["type"] == "hello"
        during = samples(server.get("/metrics").text)[("mozaika_websockets_open", ())]
    after = samples(server.get("/metrics").text)[("mozaika_websockets_open", ())]
    assert during == after + 1


def test_metrics_are_refused_to_other_addresses(server: TestClient) -> None:
    # Clients of the same running application, from other addresses (not started again: no ``with``).
    outsider = TestClient(server.app, client=ELSEWHERE)
    refused = outsider.get("/metrics")
    assert refused.status_code == 403
    assert refused.json()["error"]["code"] == "forbidden"
    assert "mozaika_" not in refused.text
    assert outsider.get("/metrics", headers={"Authorization": "Bearer wrong"}).status_code == 403
    assert outsider.get("/metrics", headers={"Authorization": "Bearer scrape-secret-1"}).status_code == 200
    assert outsider.get("/healthz").status_code == 200
    prometheus = TestClient(server.app, client=("198.51.100.20", 50000))
    assert prometheus.get("/metrics").status_code == 200


def test_with_redis_unreachable_the_limits_are_counted_in_memory_and_redis_is_tried_again_later() -> None:
    limiter = RateLimiter(RateLimits(chat_per_player="2/minute"), "redis://127.0.0.1:9/0", namespace="test")
    now = [100.0]
    limiter.clock = lambda: now[0]
    assert limiter.storage == "redis"
    limiter.hit("chat_per_player", "player:1")  # Redis fails: counted here instead, and Redis left alone
    assert limiter.storage == "memory while redis fails"
    limiter.hit("chat_per_player", "player:1")
    with pytest.raises(TooManyRequestsError, match="too many attempts"):
        limiter.hit("chat_per_player", "player:1")  # the limit holds while Redis is away
    now[0] += 9
    assert limiter.storage == "memory while redis fails"
    now[0] += 2  # 11 s later: Redis is tried again with the next count


def test_rate_limit_refusals_are_told_by_action() -> None:
    limiter = RateLimiter(RateLimits(chat_per_player="1/minute"), None, namespace="test")
    refused: list[str] = []
    limiter.on_refusal = refused.append
    limiter.hit("chat_per_player", "player:1")
    with pytest.raises(Exception, match="too many attempts"):
        limiter.hit("chat_per_player", "player:1")
    assert refused == ["chat_per_player"]


def test_every_answer_carries_a_request_id(server: TestClient) -> None:
    fresh = server.get("/api/games").headers["x-request-id"]
    assert re.fullmatch(r"[0-9a-f]{32}", fresh)
    assert server.get("/api/games").headers["x-request-id"] != fresh
    handed_on = server.get("/healthz", headers={"X-Request-Id": "nginx-5f2a9c0d"}).headers["x-request-id"]
    assert handed_on == "nginx-5f2a9c0d"
    forged = server.get("/healthz", headers={"X-Request-Id": "a b\x7f<script>"}).headers["x-request-id"]
    assert re.fullmatch(r"[0-9a-f]{32}", forged)
    assert server.get("/no/such/page").headers["x-request-id"]  # refusals too


def test_a_json_line_names_its_request() -> None:
    record = logging.LogRecord("mozaika.server", logging.INFO, __file__, 1, "moved %s", ("2B3",), None)
    marker = request_id.set("req-12345678")
    try:
        Redacting().filter(record)
        line = json.loads(JsonLines().format(record))
    finally:
        request_id.reset(marker)
    assert line["request_id"] == "req-12345678"
    assert line["message"] == "moved 2B3"
    assert line["level"] == "info"


@pytest.mark.parametrize(
    ("said", "secret"),
    [
        ("letter to jana.novak+azul@example.org failed", "jana.novak+azul@example.org"),
        ("GET /api/x?invite=Zx81_aQ-token&since=3", "Zx81_aQ-token"),
        ('{"username": "jana", "password": "correct horse"}', "correct"),
        ("Authorization: Bearer s3cr3t.t0ken", "s3cr3t.t0ken"),
        ("connecting to smtp://mailer:hunter22@mail.example.org:587", "hunter22"),
        ("seat_token=abcdef123456", "abcdef123456"),
    ],
)
def test_secrets_are_masked_in_log_lines(said: str, secret: str) -> None:
    assert secret not in redact(said)


@given(st.emails())
def test_no_e_mail_address_survives_the_mask(address: str) -> None:
    assert address not in redact(f"reminder to {address} not sent")


def test_a_database_that_does_not_answer_gets_503_with_retry_after_not_a_traceback(
    server: TestClient, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    """As during a PostgreSQL restart: the connection is gone, the request may be tried again."""
    table_id, alice, _ = two_player_table(server)
    service = server.app.state.services  # type: ignore[attr-defined]

    def restarting(*_args: Any, **_kwargs: Any) -> Any:
        raise OperationalError("SELECT 1", {}, Exception("terminating connection due to administrator command"))

    monkeypatch.setattr(service.tables.views, "view", restarting)
    caplog.set_level(logging.WARNING)
    answer = alice.get(f"/api/tables/{table_id}")
    assert answer.status_code == 503 and answer.headers["retry-after"] == "2"
    assert answer.json()["error"]["code"] == "unavailable" and "try again" in answer.json()["error"]["message"]
    assert "Traceback" not in caplog.text and "the database did not answer" in caplog.text
    # A move takes its own lane (api/moveroute.py): answered the same way, and not handed on as a crash.
    monkeypatch.undo()
    view = alice.table(table_id)
    monkeypatch.setattr(service.tables.moves, "play", restarting)
    moved = alice.post(f"/api/tables/{table_id}/moves", {"move": view["legal_moves"][0], "seq": view["seq"]})
    assert moved.status_code == 503 and moved.headers["retry-after"] == "2"
    assert "Traceback" not in caplog.text
    monkeypatch.undo()
    assert alice.get(f"/api/tables/{table_id}").status_code == 200
