"""What a request must be to be served: addressed to a name the server goes by, from its own page
(scheme included), with a session cookie that lasts as long as the session."""

from __future__ import annotations

from pathlib import Path

import pytest
from starlette.websockets import WebSocketDisconnect

from mozaika.server.middleware import SESSION_COOKIE

from asgiclient import TestClient
from serverkit import Player, running_app, two_player_table


@pytest.mark.parametrize("host", ["evil.example", "evil.example:8000", "127.0.0.1.evil.example", ""])
def test_a_request_addressed_to_another_name_is_refused(client: TestClient, host: str) -> None:
    """DNS rebinding: a page on evil.example whose name resolves to this server gets 421, and acts on nothing."""
    refused = client.post("/api/guests", json={"name": "Eve"}, headers={"Host": host})
    assert refused.status_code == 421 and refused.json()["error"]["code"] == "unknown_host"
    assert client.get("/", headers={"Host": host}).status_code == 421


@pytest.mark.parametrize("host", ["127.0.0.1:8000", "[::1]:8000", "localhost:8000", "192.168.1.20", "testserver"])
def test_addresses_localhost_and_the_server_s_own_names_are_served(client: TestClient, host: str) -> None:
    assert client.post("/api/guests", json={"name": "Ann"}, headers={"Host": host}).status_code == 201


def test_the_public_address_s_name_and_the_allowed_hosts_are_served(tmp_path: Path) -> None:
    with running_app(
        tmp_path, public_url="https://mozaika.example.org", allowed_hosts=("testserver", "games.example.net")
    ) as client:
        for host in ("mozaika.example.org", "games.example.net:443"):
            assert client.get("/api/games", headers={"Host": host}).status_code == 200
        assert client.get("/api/games", headers={"Host": "other.example.org"}).status_code == 421


def test_a_live_connection_to_another_name_is_refused(client: TestClient) -> None:
    table_id, alice, _ = two_player_table(client)
    headers = {**alice.headers, "Host": "evil.example"}
    with client.websocket_connect(f"/api/tables/{table_id}/live", headers=headers) as socket:
        reply = socket.receive_json()
        assert reply["type"] == "error"
        with pytest.raises(WebSocketDisconnect):
            socket.receive_json()


def test_a_page_of_the_same_host_over_another_scheme_is_another_site(client: TestClient) -> None:
    """An https page may not act on an http server of the same name (nor the other way round)."""
    table_id, alice, _ = two_player_table(client)
    refused = alice.post(f"/api/tables/{table_id}/chat", {"text": "hi"}, headers={"Origin": "https://testserver"})
    assert refused.status_code == 403
    assert (
        alice.post(f"/api/tables/{table_id}/chat", {"text": "hi"}, headers={"Origin": "http://testserver"}).status_code
        == 201
    )


def test_the_session_cookie_lasts_as_long_as_an_unused_session(tmp_path: Path) -> None:
    with running_app(tmp_path, session_idle_days=30.0) as client:
        answer = client.post("/api/guests", json={"name": "Ann"})
        cookie = answer.headers["set-cookie"]
        assert f"Max-Age={30 * 24 * 3600}" in cookie and "HttpOnly" in cookie and "Secure" not in cookie


def test_the_session_cookie_is_secure_over_https(tmp_path: Path) -> None:
    with running_app(tmp_path) as plain:
        secure_client = TestClient(plain.app, base_url="https://testserver")
        cookie = secure_client.post("/api/guests", json={"name": "Ann"}).headers["set-cookie"]
        assert "Secure" in cookie


def test_a_session_in_use_gets_its_cookie_again_so_that_it_never_outlives_the_session(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from datetime import timedelta

    from mozaika.server.players import accounts

    with running_app(tmp_path) as client:
        client.post("/api/guests", json={"name": "Ann"})
        assert "set-cookie" not in client.get("/api/me").headers  # used within the hour: nothing to renew
        later = accounts.utc_now() + timedelta(hours=2)
        monkeypatch.setattr(accounts, "utc_now", lambda: later)
        renewed = client.get("/api/me")
        assert renewed.status_code == 200 and "Max-Age=" in renewed.headers["set-cookie"]
        bearer = Player(client, client.cookies.get(SESSION_COOKIE))
        client.cookies.clear()
        monkeypatch.setattr(accounts, "utc_now", lambda: later + timedelta(hours=2))
        assert "set-cookie" not in bearer.get("/api/me").headers  # a bearer token has no cookie to renew


def test_a_body_nested_too_deeply_to_read_is_refused_like_any_bad_body(client: TestClient) -> None:
    nested = ("[" * 1500 + "]" * 1500).encode()
    refused = client.post("/api/guests", content=nested, headers={"Content-Type": "application/json"})
    assert refused.status_code == 422 and refused.json()["error"]["code"] == "invalid_request"


@pytest.mark.parametrize("since", ["1.0", "01", " 1", "+1", "1e3", "\u0661"])
def test_a_log_position_is_a_whole_number_written_one_way(client: TestClient, since: str) -> None:
    table_id, alice, _ = two_player_table(client)
    refused = alice.get(f"/api/tables/{table_id}/log", params={"since": since})
    assert refused.status_code == 422, refused.text
    assert alice.get(f"/api/tables/{table_id}/log", params={"since": "1"}).status_code == 200


@pytest.mark.parametrize("clock", ["\u0661+\u0660", "12H", "1+0 ", " 5+3", "Normal"])
def test_a_table_s_clock_is_written_one_way(client: TestClient, clock: str) -> None:
    ann = Player.guest(client, "Ann")
    refused = ann.client.post("/api/tables", json={"game": "azul", "players": 2, "clock": clock}, headers=ann.headers)
    assert refused.status_code == 400 and "a clock is one of" in refused.json()["error"]["message"]


def test_the_analysis_board_s_steps_are_counted_by_address(tmp_path: Path) -> None:
    """Setting up, editing and playing through positions is open to anyone: a flood meets a 429."""
    from mozaika.server.ratelimit import RateLimits

    with running_app(tmp_path, rate_limits=RateLimits(analysis_board_per_address="3/minute")) as client:
        answers = [client.post("/api/analysis/start", json={"game": "azul"}).status_code for _ in range(3)]
        line = client.post("/api/analysis/start", json={"game": "azul"})
        assert answers == [200, 200, 200] and line.status_code == 429 and int(line.headers["Retry-After"]) > 0
