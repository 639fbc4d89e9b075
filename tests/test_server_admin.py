"""Moderation: the administrator's role, muting, banning, closing tables, removing and reporting chat
lines, the audit log, and 403 for everyone else."""

from __future__ import annotations

import random
import time
from collections.abc import Iterator
from typing import Any

import pytest
from typer.testing import CliRunner

from mozaika.cli.app import app as cli
from mozaika.server import Settings, create_app
from mozaika.server.settings import Limits

from asgiclient import TestClient
from serverkit import Player, migrated_sqlite_database, play_random_moves, two_player_table

runner = CliRunner()


@pytest.fixture(scope="module")
def admin_database(tmp_path_factory: pytest.TempPathFactory) -> str:
    return migrated_sqlite_database(tmp_path_factory.mktemp("admin"))


@pytest.fixture(scope="module")
def client(admin_database: str) -> Iterator[TestClient]:
    settings = Settings(
        database_url=admin_database,
        bot_workers=1,
        start_bot_workers_early=False,
        allowed_hosts=("testserver",),
        limits=Limits(refused_sign_in_seconds=0.0),
        replacement_bot="beginner",
    )
    with TestClient(create_app(settings, now=time.time)) as running:
        yield running


@pytest.fixture(scope="module")
def admin(client: TestClient, admin_database: str) -> Player:
    root = Player.account(client, "root")
    granted = runner.invoke(cli, ["admin", "grant", "root", "--database", admin_database])
    assert granted.exit_code == 0, granted.output
    return root


def player_id(admin: Player, name: str) -> int:
    found = admin.get(f"/api/admin/players?q={name}").json()
    return int(next(player["id"] for player in found if player["name"] == name))


ADMIN_ROUTES = [
    ("GET", "/api/admin/players?q=a", None),
    ("POST", "/api/admin/players/1/mute", {"muted": True}),
    ("POST", "/api/admin/players/1/ban", {"banned": True}),
    ("POST", "/api/admin/tables/nosuchtable/close", None),
    ("DELETE", "/api/admin/chat/1", None),
    ("GET", "/api/admin/reports", None),
    ("GET", "/api/admin/audit", None),
]


@pytest.mark.parametrize(("method", "path", "body"), ADMIN_ROUTES)
def test_admin_routes_are_refused_to_everyone_else(
    client: TestClient, admin: Player, method: str, path: str, body: Any
) -> None:
    audited = len(admin.get("/api/admin/audit").json())
    for who in (Player(client), Player.guest(client, "Gustav"), Player.account(client, f"plain{len(path)}{method}")):
        answer = client.request(method, path, json=body, headers=who.headers)
        assert answer.status_code == 403, (who.name, answer.text)
        assert answer.json()["error"]["code"] == "forbidden"
    assert len(admin.get("/api/admin/audit").json()) == audited  # nothing was done


def test_me_says_who_is_an_administrator(client: TestClient, admin: Player) -> None:
    assert admin.get("/api/me").json()["admin"] is True
    assert "admin" not in Player.account(client, "ordinary").get("/api/me").json()
    assert "admin" not in Player.guest(client, "Host").get("/api/me").json()


def test_granting_an_unknown_account_fails(admin_database: str) -> None:
    refused = runner.invoke(cli, ["admin", "grant", "nobody-here", "--database", admin_database])
    assert refused.exit_code != 0
    assert "no account" in refused.output


def test_admins_find_players_by_name(client: TestClient, admin: Player) -> None:
    Player.account(client, "kvetoslava")
    Player.guest(client, "Květa z klubu")
    found = admin.get("/api/admin/players?q=kvet").json()
    assert [player["username"] for player in found] == ["kvetoslava"]
    found = admin.get("/api/admin/players?q=květa").json()
    assert [player["name"] for player in found] == ["Květa z klubu"]
    assert found[0]["guest"] is True
    assert admin.get("/api/admin/players?q=%25").json() == []  # a wildcard is a character, not a pattern


def test_a_muted_player_cannot_chat_until_unmuted(client: TestClient, admin: Player) -> None:
    table_id, alice, bob = two_player_table(client)
    bob_id = player_id(admin, "Bob")
    muted = admin.post(f"/api/admin/players/{bob_id}/mute", {"muted": True})
    assert muted.status_code == 200 and muted.json()["muted"] is True
    refused = bob.post(f"/api/tables/{table_id}/chat", {"text": "spam"})
    assert refused.status_code == 403
    with client.websocket_connect(f"/api/tables/{table_id}/live", headers=bob.headers) as live:
        live.receive_json()
        live.send_json({"type": "chat", "text": "spam again"})
        assert live.receive_json()["error"]["code"] == "forbidden"
    assert alice.post(f"/api/tables/{table_id}/chat", {"text": "hello"}).status_code == 201
    assert admin.post(f"/api/admin/players/{bob_id}/mute", {"muted": False}).json()["muted"] is False
    assert bob.post(f"/api/tables/{table_id}/chat", {"text": "sorry"}).status_code == 201
    actions = [(entry["action"], entry["target"]) for entry in admin.get("/api/admin/audit").json()[:2]]
    assert actions == [("unmute", f"player:{bob_id}"), ("mute", f"player:{bob_id}")]


def test_a_ban_ends_sessions_and_frees_seats_to_bots(client: TestClient, admin: Player) -> None:
    mallory = Player.account(client, "mallory", "mallory password")
    alice = Player.guest(client, "Alice")
    running = alice.create()["table"]["id"]
    assert mallory.post(f"/api/tables/{running}/join", {}).status_code == 200
    assert alice.post(f"/api/tables/{running}/start").status_code == 200
    hers = mallory.create()["table"]["id"]
    waiting = alice.create(players=3)["table"]["id"]
    assert mallory.post(f"/api/tables/{waiting}/join", {}).status_code == 200
    mallory_id = player_id(admin, "mallory")

    with client.websocket_connect(f"/api/tables/{running}/live", headers=mallory.headers) as live:
        live.receive_json()
        banned = admin.post(f"/api/admin/players/{mallory_id}/ban", {"banned": True})
        assert banned.status_code == 200, banned.text
        live.send_json({"type": "chat", "text": "still here"})  # a connection opened before the ban
        while (answer := live.receive_json())["type"] != "error":
            pass
        assert answer["error"]["code"] == "forbidden"
    assert sorted(banned.json()["tables"]) == sorted([running, hers, waiting])
    assert mallory.get("/api/me").status_code == 401  # the session has ended
    again = client.post("/api/sessions", json={"username": "mallory", "password": "mallory password"})
    assert again.status_code == 403
    seat = alice.table(running)["seats"][1]
    assert seat["kind"] == "bot"
    assert alice.table(hers)["status"] == "cancelled"
    assert [seat["kind"] for seat in alice.table(waiting)["seats"]] == ["player", "open", "open"]
    entry = admin.get("/api/admin/audit").json()[0]
    assert entry["action"] == "ban" and entry["admin"] == "root" and entry["details"]["sessions_ended"] == 1

    assert admin.post(f"/api/admin/players/{mallory_id}/ban", {"banned": False}).status_code == 200
    assert client.post("/api/sessions", json={"username": "mallory", "password": "mallory password"}).is_success
    client.cookies.clear()


def test_an_admin_cannot_ban_themselves(admin: Player) -> None:
    assert admin.post(f"/api/admin/players/{player_id(admin, 'root')}/ban", {"banned": True}).status_code == 400


def test_closing_a_running_game_cancels_it_without_a_result(client: TestClient, admin: Player) -> None:
    table_id, alice, bob = two_player_table(client)
    play_random_moves(table_id, [alice, bob], random.Random(2), limit=4)
    closed = admin.post(f"/api/admin/tables/{table_id}/close")
    assert closed.status_code == 200, closed.text
    assert closed.json() == {"table": table_id, "status": "cancelled"}
    view = alice.table(table_id)
    assert view["status"] == "cancelled"
    assert alice.move(table_id, "1B1", view["seq"]).status_code == 409
    assert admin.post(f"/api/admin/tables/{table_id}/close").status_code == 409  # closed already
    assert admin.get("/api/admin/audit").json()[0]["target"] == f"table:{table_id}"


def test_a_reported_line_is_listed_and_can_be_removed(client: TestClient, admin: Player) -> None:
    table_id, alice, bob = two_player_table(client)
    line = bob.post(f"/api/tables/{table_id}/chat", {"text": "you are all idiots"}).json()
    assert bob.post(f"/api/tables/{table_id}/chat/{line['id']}/report", {}).status_code == 400  # one's own line
    for _ in range(2):  # a second report by the same player counts once
        reported = alice.post(f"/api/tables/{table_id}/chat/{line['id']}/report", {"reason": "insults"})
        assert reported.status_code == 201, reported.text
    assert alice.post(f"/api/tables/nosuch/chat/{line['id']}/report", {}).status_code == 404
    listed = admin.get("/api/admin/reports").json()
    mine = next(entry for entry in listed if entry["message"]["id"] == line["id"])
    assert mine["reports"] == 1 and mine["reasons"] == ["insults"] and mine["table"] == table_id

    with client.websocket_connect(f"/api/tables/{table_id}/live") as live:
        assert live.receive_json()["type"] == "hello"
        removed = client.delete(f"/api/admin/chat/{line['id']}", headers=admin.headers)
        assert removed.status_code == 200, removed.text
        assert live.receive_json() == {"type": "chat_removed", "table": table_id, "message": line["id"]}
    assert all(said["id"] != line["id"] for said in alice.get(f"/api/tables/{table_id}/chat").json())
    assert all(entry["message"]["id"] != line["id"] for entry in admin.get("/api/admin/reports").json())
    entry = admin.get("/api/admin/audit").json()[0]
    assert entry["action"] == "remove_chat" and entry["details"]["text"] == "you are all idiots"
    assert client.delete(f"/api/admin/chat/{line['id']}", headers=admin.headers).status_code == 404


def test_the_command_line_grant_is_in_the_audit_log(admin: Player) -> None:
    entries = admin.get("/api/admin/audit").json()
    grant = next(entry for entry in entries if entry["action"] == "grant")
    assert grant["admin"] == "the server's command line"
    assert grant["details"] == {"username": "root"}


def test_revoked_admins_are_refused(client: TestClient, admin_database: str) -> None:
    former = Player.account(client, "former")
    assert runner.invoke(cli, ["admin", "grant", "former", "--database", admin_database]).exit_code == 0
    assert former.get("/api/admin/audit").status_code == 200
    assert runner.invoke(cli, ["admin", "revoke", "former", "--database", admin_database]).exit_code == 0
    assert former.get("/api/admin/audit").status_code == 403


def from_address(client: TestClient, address: str) -> TestClient:
    """Another browser, at another address, on the same server."""
    return TestClient(client.app, client=(address, 50000))


def test_a_ban_follows_its_address_no_guest_and_no_new_account_there(client: TestClient, admin: Player) -> None:
    home = from_address(client, "198.51.100.31")
    assert Player.account(home, "eve-banned", "eve's password").get("/api/me").status_code == 200
    eve_id = player_id(admin, "eve-banned")
    assert admin.post(f"/api/admin/players/{eve_id}/ban", {"banned": True}).status_code == 200
    minted = home.post("/api/guests", json={"name": "Not Eve"})
    assert minted.status_code == 403 and "banned" in minted.json()["error"]["message"]
    registered = home.post("/api/accounts", json={"username": "eve-again", "password": "another password"})
    assert registered.status_code == 403
    assert from_address(client, "198.51.100.32").post("/api/guests", json={"name": "Someone else"}).status_code == 201
    entry = admin.get("/api/admin/audit").json()[0]
    assert entry["action"] == "ban" and entry["details"]["addresses"] == 1
    assert admin.post(f"/api/admin/players/{eve_id}/ban", {"banned": False}).status_code == 200
    assert home.post("/api/guests", json={"name": "Eve, reformed"}).status_code == 201  # the ban let go


def test_a_mute_follows_its_account_s_browser_and_address_and_stops_invitations(
    client: TestClient, admin: Player
) -> None:
    home = from_address(client, "198.51.100.41")
    troll = Player.account(home, "troll", "troll's password")
    table_id, alice, _ = two_player_table(from_address(client, "198.51.100.42"))
    troll_id = player_id(admin, "troll")
    assert admin.post(f"/api/admin/players/{troll_id}/mute", {"muted": True}).status_code == 200
    waiting = troll.create(players=3)["table"]["id"]
    invited = troll.post(f"/api/tables/{waiting}/invitations", {"player": "root"})
    assert invited.status_code == 403 and "muted" in invited.json()["error"]["message"]
    # A guest minted in the muted account's browser, or at its address in another, is muted too.
    for browser in (home, from_address(client, "198.51.100.41")):
        answer = browser.post("/api/guests", json={"name": "Innocent guest"})
        assert answer.status_code == 201
        guest = Player(browser, answer.json()["token"], "Innocent guest")
        assert guest.post(f"/api/tables/{table_id}/chat", {"text": "spam"}).status_code == 403
    assert alice.post(f"/api/tables/{table_id}/chat", {"text": "hello"}).status_code == 201
    assert admin.post(f"/api/admin/players/{troll_id}/mute", {"muted": False}).status_code == 200
    fresh = from_address(client, "198.51.100.41").post("/api/guests", json={"name": "Later guest"})
    assert Player(client, fresh.json()["token"]).post(f"/api/tables/{table_id}/chat", {"text": "hi"}).status_code == 201
