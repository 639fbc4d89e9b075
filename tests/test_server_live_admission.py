"""Live connections are bounded: so many per client address, so many anonymous watchers per table
(``server/live/admission.py``); one past a bound is refused with an error frame and close code 4429."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from starlette.websockets import WebSocketDisconnect

from mozaika.server.live.admission import CLOSE_TOO_MANY
from mozaika.server.settings import Limits

from asgiclient import TestClient
from serverkit import Player, running_app, two_player_table


def refused(client: TestClient, path: str, **options: Any) -> dict[str, Any]:
    """The error frame a refused live connection gets, after checking it is then closed with 4429."""
    with client.websocket_connect(path, **options) as live:
        frame: dict[str, Any] = live.receive_json()
        with pytest.raises(WebSocketDisconnect) as closed:
            live.receive_json()
    assert closed.value.code == CLOSE_TOO_MANY
    return frame


def test_one_address_holds_only_so_many_live_connections(tmp_path: Path) -> None:
    limits = Limits(refused_sign_in_seconds=0.0, live_per_address=2)
    with running_app(tmp_path, limits=limits) as client:
        table_id, alice, _ = two_player_table(client)
        with (
            client.websocket_connect("/api/lobby/live"),
            client.websocket_connect(f"/api/tables/{table_id}/live", headers=alice.headers) as table,
        ):
            assert table.receive_json()["type"] == "hello"
            frame = refused(client, f"/api/tables/{table_id}/live", headers=alice.headers)
            assert frame["error"]["code"] == "rate_limited" and "at most 2" in frame["error"]["message"]
            assert refused(client, "/api/lobby/live")["type"] == "error"
            # Another address is served meanwhile.
            elsewhere = TestClient(client.app, client=("198.51.100.77", 50000))
            with elsewhere.websocket_connect(f"/api/tables/{table_id}/live") as watching:
                assert watching.receive_json()["type"] == "hello"
        with client.websocket_connect(f"/api/tables/{table_id}/live") as again:  # the places were given back
            assert again.receive_json()["type"] == "hello"


def test_a_table_takes_only_so_many_anonymous_watchers_and_signed_in_ones_still_come(tmp_path: Path) -> None:
    limits = Limits(refused_sign_in_seconds=0.0, anonymous_watchers_per_table=1)
    with running_app(tmp_path, limits=limits) as client:
        table_id, alice, _ = two_player_table(client)
        with client.websocket_connect(f"/api/tables/{table_id}/live") as first:
            assert first.receive_json()["type"] == "hello"
            frame = refused(client, f"/api/tables/{table_id}/live")
            assert "sign in to watch" in frame["error"]["message"]
            kibitz = Player.guest(client, "Kibic")
            with client.websocket_connect(f"/api/tables/{table_id}/live", headers=kibitz.headers) as signed_in:
                assert signed_in.receive_json()["type"] == "hello"
            with client.websocket_connect(f"/api/tables/{table_id}/live", headers=alice.headers) as player:
                assert player.receive_json()["type"] == "hello"
            other_table, _, _ = two_player_table(client)
            with client.websocket_connect(f"/api/tables/{other_table}/live") as elsewhere:
                assert elsewhere.receive_json()["type"] == "hello"
