"""Live play over the table WebSocket: broadcasts, resuming, refusals, and fuzzed messages."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from starlette.websockets import WebSocketDisconnect

from serverkit import Player, running_app, two_player_table


@pytest.fixture
def client(tmp_path: Path):  # type: ignore[no-untyped-def]
    with running_app(tmp_path) as client:
        yield client


def live(player: Player, table_id: str, since: int | None = None) -> Any:
    query = f"?since={since}" if since is not None else ""
    return player.client.websocket_connect(f"/api/tables/{table_id}/live{query}", headers=player.headers)


def test_every_watcher_receives_each_move_and_the_new_position(client) -> None:  # type: ignore[no-untyped-def]
    table_id, alice, bob = two_player_table(client)
    watcher = Player.guest(client, "Watcher")
    with live(alice, table_id) as alice_socket, live(watcher, table_id) as watcher_socket:
        hello = alice_socket.receive_json()
        assert hello["type"] == "hello" and hello["table"]["you"] == 0
        assert watcher_socket.receive_json()["table"]["you"] is None
        move, seq = hello["table"]["legal_moves"][0], hello["table"]["seq"]
        assert alice.post(f"/api/tables/{table_id}/moves", {"move": move, "seq": seq, "view": False}).json() == {
            "seq": seq + 1
        }
        for socket in (alice_socket, watcher_socket):
            event = socket.receive_json()
            assert event["type"] == "step" and event["seq"] == seq + 1
            assert event["entries"] == [{"seq": seq + 1, "kind": "move", "seat": 0, "text": move, "stand_in": False}]
            assert event["to_move"] == [1] and event["position"] == bob.table(table_id)["position"]
            assert event["legal_moves"] == {"1": bob.table(table_id)["legal_moves"]}
        view = bob.table(table_id)
        bob.move(table_id, view["legal_moves"][0], view["seq"])
        assert watcher_socket.receive_json()["seq"] == seq + 2


def test_a_reconnecting_client_receives_exactly_what_it_missed(client) -> None:  # type: ignore[no-untyped-def]
    table_id, alice, bob = two_player_table(client)
    seen = alice.table(table_id)["seq"]
    played = []
    for player in (alice, bob, alice):
        view = player.table(table_id)
        player.move(table_id, view["legal_moves"][0], view["seq"])
        played.append(view["legal_moves"][0])
    with live(bob, table_id, since=seen) as socket:
        missed = socket.receive_json()
    assert missed["type"] == "step" and missed["seq"] == seen + 3
    assert [entry["text"] for entry in missed["entries"]] == played
    assert missed["position"] == alice.table(table_id)["position"]


def test_refused_messages_get_a_reason_and_the_connection_stays_usable(client) -> None:  # type: ignore[no-untyped-def]
    table_id, alice, _ = two_player_table(client)
    with live(alice, table_id) as socket:
        seq = socket.receive_json()["table"]["seq"]
        for message, code in [
            ("not json", "bad_request"),
            ("[1, 2]", "bad_request"),
            (json.dumps({"type": "dance"}), "bad_request"),
            (json.dumps({"type": "move", "move": "1B1", "seq": seq}), "bad_request"),
            (json.dumps({"type": "undo", "seq": seq}), "bad_request"),
            (json.dumps({"type": "chat", "text": "a\u0000b"}), "invalid_request"),
            (json.dumps({"type": "chat", "text": "\u202eevil"}), "invalid_request"),
            ("[" * 1500, "bad_request"),
            (json.dumps({"type": "chat", "text": "x" * 5000}), "too_large"),
        ]:
            socket.send_text(message)
            reply = socket.receive_json()
            assert reply["type"] == "error" and reply["error"]["code"] == code, (message, reply)
        socket.send_bytes(b'{"type": "ping"}')
        reply = socket.receive_json()
        assert reply["type"] == "error" and "binary" in reply["error"]["message"]
        socket.send_json({"type": "ping"})
        assert socket.receive_json() == {"type": "pong"}
        socket.send_json({"type": "chat", "text": "<i>hi</i>"})
        chat = socket.receive_json()
        assert chat["type"] == "chat" and chat["message"]["text"] == "<i>hi</i>"
    assert alice.table(table_id)["seq"] == seq


def test_moves_are_requests_and_a_refused_one_says_why(client) -> None:  # type: ignore[no-untyped-def]
    """One way to send a move: the request the browser sends (the socket says so, and changes nothing)."""
    table_id, alice, _ = two_player_table(client)
    seq = alice.table(table_id)["seq"]
    for body, code in [
        ({"move": "1B1"}, "invalid_request"),
        ({"move": "1B1", "seq": True}, "invalid_request"),
        ({"move": "1B1", "seq": seq, "view": "no"}, "invalid_request"),
        ({"move": "zz", "seq": seq}, "illegal_move"),
        ({"move": "1B1", "seq": seq - 1}, "stale"),
    ]:
        reply = alice.post(f"/api/tables/{table_id}/moves", body).json()
        assert reply["error"]["code"] == code, (body, reply)
    with live(alice, table_id) as socket:
        socket.receive_json()
        socket.send_json({"type": "move", "move": alice.table(table_id)["legal_moves"][0], "seq": seq})
        refused = socket.receive_json()["error"]
        assert refused["code"] == "bad_request" and f"POST /api/tables/{table_id}/moves" in refused["message"]
    assert alice.table(table_id)["seq"] == seq


def test_a_watcher_cannot_move(client) -> None:  # type: ignore[no-untyped-def]
    table_id, alice, _ = two_player_table(client)
    watcher = Player.guest(client, "Watcher")
    with live(watcher, table_id) as socket:
        table = socket.receive_json()["table"]
        move = alice.table(table_id)["legal_moves"][0]
        assert watcher.move(table_id, move, table["seq"]).json()["error"]["code"] == "forbidden"
    assert alice.table(table_id)["seq"] == table["seq"]


def test_a_socket_for_an_unknown_table_is_refused(client) -> None:  # type: ignore[no-untyped-def]
    player = Player.guest(client, "Lost")
    with live(player, "nosuchtable") as socket:
        assert socket.receive_json()["error"]["code"] == "not_found"


@pytest.mark.parametrize(
    ("address", "code"),
    [
        ("/api/tables/{table}/live?since=abc", "invalid_request"),
        ("/api/tables/{table}/live?since=-1", "invalid_request"),
        ("/api/tables/{table}/live?sinse=3", "bad_request"),
        ("/api/tables/{table}/live?since=0&extra=1", "bad_request"),
        ("/api/tables/ab%00/live", "invalid_request"),
    ],
)
def test_a_handshake_s_bad_parameters_get_a_clear_error_frame(client, address: str, code: str) -> None:  # type: ignore[no-untyped-def]
    table_id, alice, _ = two_player_table(client)
    with client.websocket_connect(address.format(table=table_id), headers=alice.headers) as socket:
        reply = socket.receive_json()
        assert reply["type"] == "error" and reply["error"]["code"] == code, reply
        with pytest.raises(WebSocketDisconnect) as closed:
            socket.receive_json()
    assert closed.value.code == 4400


def test_the_lobby_socket_ignores_what_a_watcher_sends(client) -> None:  # type: ignore[no-untyped-def]
    alice = Player.guest(client, "Alice")
    with client.websocket_connect("/api/lobby/live") as socket:
        socket.send_bytes(b"\x00\x01")
        socket.send_text("[" * 1500)
        table_id = alice.create()["table"]["id"]
        assert socket.receive_json()["summary"]["id"] == table_id


def test_the_lobby_socket_announces_new_tables(client) -> None:  # type: ignore[no-untyped-def]
    alice = Player.guest(client, "Alice")
    with client.websocket_connect("/api/lobby/live") as socket:
        table_id = alice.create()["table"]["id"]
        event = socket.receive_json()
    assert event["type"] == "table" and event["summary"]["id"] == table_id and event["summary"]["status"] == "open"


messages = st.one_of(
    st.text(max_size=300),
    st.dictionaries(
        st.sampled_from(["type", "move", "seq", "text", "extra"]),
        st.one_of(
            st.sampled_from(["move", "undo", "chat", "ping", "1B1", "pick:RR", "fill:BBBB"]),
            st.integers(-5, 500),
            st.text(max_size=60),
            st.none(),
            st.lists(st.integers(), max_size=3),
        ),
        max_size=4,
    ).map(json.dumps),
)


def test_fuzzed_messages_never_break_the_connection_or_change_the_table(tmp_path: Path) -> None:
    with running_app(tmp_path) as client:
        table_id, alice, bob = two_player_table(client)
        before = alice.table(table_id)

        @settings(
            max_examples=150,
            deadline=None,
            suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
        )
        @given(batch=st.lists(messages, min_size=1, max_size=5))
        def check(batch: list[str]) -> None:
            with live(bob, table_id) as socket:  # bob is not to move: nothing he sends can be played
                socket.receive_json()
                for message in batch:
                    socket.send_text(message)
                    reply = socket.receive_json()
                    assert reply["type"] in ("error", "pong", "chat"), reply
                    if reply["type"] == "error":
                        assert reply["error"]["code"] and reply["error"]["message"]
                socket.send_json({"type": "ping"})
                assert socket.receive_json()["type"] in ("pong", "chat")

        check()
        after = alice.table(table_id)
        assert (after["seq"], after["position"]) == (before["seq"], before["position"])
