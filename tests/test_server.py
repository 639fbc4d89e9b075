"""The game server through its HTTP API: players, tables, moves, undo, bots, results and safety."""

from __future__ import annotations

import json
import logging
import random
from contextlib import ExitStack
from dataclasses import replace
from pathlib import Path

import pytest
from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from alembic.script import ScriptDirectory
from argon2 import extract_parameters, profiles
from hypothesis import given
from hypothesis import strategies as st
from sqlalchemy import text

from mozaika.notation.records import Record, replay
from mozaika.server.storage.database import NEWEST_REVISION, Database, alembic_config, migrate, revision_of
from mozaika.server.storage.models import Base
from mozaika.server.tables.gamelog import (
    CHANCE,
    MOVE,
    UNDO,
    Entry,
    PositionCache,
    effective_steps,
    moves_to_take_back,
    public_position,
)

from serverkit import (
    SERVED_HASHER,
    Player,
    play_random_moves,
    postgres_database,
    running_app,
    two_player_table,
    wait_for,
)


def database_rows(client, query: str) -> list[tuple]:  # type: ignore[no-untyped-def]
    with client.app.state.services.db.engine.connect() as connection:
        return [tuple(row) for row in connection.execute(text(query))]


# --- the schema ---------------------------------------------------------------------------


@pytest.mark.parametrize("database", ["sqlite", "postgresql"])
def test_migrations_create_exactly_the_models_schema(database: str, tmp_path: Path) -> None:
    with ExitStack() as stack:
        url = stack.enter_context(postgres_database()) if database == "postgresql" else f"sqlite:///{tmp_path}/s.db"
        db = Database(url)
        stack.callback(db.dispose)
        assert revision_of(db.engine) is None
        migrate(db.engine)
        assert revision_of(db.engine) == NEWEST_REVISION
        migrate(db.engine)  # a second start finds nothing to do
        with db.engine.connect() as connection:
            differences = compare_metadata(MigrationContext.configure(connection), Base.metadata)
        assert differences == []


def test_the_newest_revision_the_server_knows_is_alembic_s_head() -> None:
    """A server whose database is at NEWEST_REVISION skips Alembic: it must be the last migration written."""
    assert ScriptDirectory.from_config(alembic_config()).get_heads() == [NEWEST_REVISION], (
        "a new migration: make it NEWEST_REVISION in mozaika/server/storage/database.py"
    )


@pytest.mark.parametrize("database", ["sqlite", "postgresql"])
def test_upgrading_an_old_database_keeps_every_row(database: str, tmp_path: Path) -> None:
    """Altering a table (SQLite rebuilds it) must not delete the rows that refer to it."""
    rows = {
        "players": "INSERT INTO players (id, name, username, rating_mu, rating_sigma, rated_games, created_at)"
        " VALUES (1, 'Jana', 'jana', 25, 8.3, 0, :at)",
        "sessions": "INSERT INTO sessions (token_hash, player_id, created_at) VALUES ('t', 1, :at)",
        "game_tables": "INSERT INTO game_tables (id, game, players, options, seed, status, owner_id, rated,"
        " undo_allowed, seq, to_move, result, created_at, updated_at)"
        " VALUES ('old', 'azul', 2, '{}', 7, 'running', 1, false, true, 1, '[0]', NULL, :at, :at)",
        "seats": 'INSERT INTO seats (table_id, "index", kind, player_id, bot_level, token_hash, invite_hash, replaced)'
        " VALUES ('old', 0, 'player', 1, NULL, NULL, NULL, false), ('old', 1, 'bot', NULL, 'easy', NULL, NULL, false)",
        "log_entries": "INSERT INTO log_entries (table_id, seq, kind, seat, text, created_at)"
        " VALUES ('old', 1, 'chance', NULL, 'fill:BBYR/KKWW/RRRY/BWKY/YYYY', :at)",
        "chat_messages": "INSERT INTO chat_messages (table_id, player_id, name, text, created_at)"
        " VALUES ('old', 1, 'Jana', 'ahoj', :at)",
    }
    # A game finished before profiles existed: its result is counted on the player's page.
    finished = [
        "INSERT INTO game_tables (id, game, players, options, seed, status, owner_id, rated, undo_allowed, seq,"
        " to_move, result, created_at, updated_at) VALUES ('done', 'azul', 2, '{\"wall\": \"grey\"}', 8,"
        " 'finished', 1, false, true, 0, '[]', '{\"scores\": [31, 40], \"winners\": [1], \"rounds\": 5}', :at, :at)",
        'INSERT INTO seats (table_id, "index", kind, player_id, bot_level, token_hash, invite_hash, replaced)'
        " VALUES ('done', 0, 'player', 1, NULL, NULL, NULL, false),"
        " ('done', 1, 'bot', NULL, 'easy', NULL, NULL, false)",
    ]
    with ExitStack() as stack:
        url = stack.enter_context(postgres_database()) if database == "postgresql" else f"sqlite:///{tmp_path}/s.db"
        db = Database(url)
        stack.callback(db.dispose)
        migrate(db.engine, "0001")
        assert revision_of(db.engine) == "0001"
        with db.engine.begin() as connection:
            for insert in [*rows.values(), *finished]:
                connection.execute(text(insert), {"at": "2026-01-01 00:00:00+00:00"})
        migrate(db.engine)
        with db.engine.connect() as connection:
            counts = {name: connection.execute(text(f"SELECT count(*) FROM {name}")).scalar() for name in rows}
            results = connection.execute(
                text("SELECT table_id, seat, player_id, game, variant, score, place, won, rated FROM game_results")
            ).all()
    assert counts == {"players": 1, "sessions": 1, "game_tables": 2, "seats": 4, "log_entries": 1, "chat_messages": 1}
    [(table_id, seat, player_id, game, variant, score, place, won, rated)] = results
    assert (table_id, seat, player_id, game, variant, score, place) == ("done", 0, 1, "azul", "wall=grey", 31, 1)
    assert not won and not rated


# --- players --------------------------------------------------------------------------------


@pytest.mark.each_database
def test_an_account_signs_in_with_its_password_only(client, caplog) -> None:  # type: ignore[no-untyped-def]
    caplog.set_level(logging.DEBUG)
    Player.account(client, "Jana", "tajne heslo 1")
    assert client.post("/api/sessions", json={"username": "jana", "password": "wrong password"}).status_code == 401
    signed = client.post("/api/sessions", json={"username": "JANA", "password": "tajne heslo 1"})
    assert signed.status_code == 200
    me = client.get("/api/me", headers={"Authorization": f"Bearer {signed.json()['token']}"}).json()
    assert me == {"id": me["id"], "name": "Jana", "guest": False, "profile": "jana"}
    # The password is stored only as an argon2 hash and never logged.
    [(stored,)] = database_rows(client, "SELECT password_hash FROM players WHERE username = 'jana'")
    assert stored.startswith("$argon2") and "tajne heslo 1" not in stored
    assert "tajne heslo 1" not in caplog.text


def test_passwords_are_hashed_at_argon2id_s_recommended_cost() -> None:
    """A served password costs an attacker argon2id at RFC 9106's low-memory profile (64 MiB, 3 passes)."""
    served = extract_parameters(SERVED_HASHER.hash("tajne heslo 1"))
    assert served == profiles.RFC_9106_LOW_MEMORY
    assert SERVED_HASHER.verify(SERVED_HASHER.hash("tajne heslo 1"), "tajne heslo 1")


@pytest.mark.each_database
def test_a_taken_username_and_a_short_password_are_refused(client) -> None:  # type: ignore[no-untyped-def]
    Player.account(client, "petr")
    again = client.post("/api/accounts", json={"username": "Petr", "password": "another one"})
    assert again.status_code == 409 and "taken" in again.json()["error"]["message"]
    short = client.post("/api/accounts", json={"username": "eva", "password": "short"})
    assert short.status_code == 422 and "password" in short.json()["error"]["message"]
    assert client.post("/api/accounts", json={"username": "no spaces", "password": "long enough"}).status_code == 422


def test_the_session_cookie_identifies_a_browser_and_signing_out_ends_it(client) -> None:  # type: ignore[no-untyped-def]
    assert client.post("/api/guests", json={"name": "  Guest   Player "}).status_code == 201
    assert client.get("/api/me").json()["name"] == "Guest Player"
    assert client.delete("/api/sessions/current").status_code == 204
    assert client.get("/api/me").status_code == 401


def test_an_ended_session_token_is_refused(client) -> None:  # type: ignore[no-untyped-def]
    player = Player.guest(client, "Ida")
    client.delete("/api/sessions/current", headers=player.headers)
    refused = player.get("/api/me")
    assert refused.status_code == 401 and refused.json()["error"]["code"] == "not_signed_in"


# --- tables ---------------------------------------------------------------------------------


@pytest.mark.each_database
def test_a_table_fills_then_starts_and_the_lobby_shows_it(client) -> None:  # type: ignore[no-untyped-def]
    alice, bob, carl = (Player.guest(client, name) for name in ("Alice", "Bob", "Carl"))
    created = alice.create("azul", 3)
    table_id = created["table"]["id"]
    assert created["seat"] == 0 and created["table"]["status"] == "open"
    assert bob.post(f"/api/tables/{table_id}/start").status_code == 403  # only the creator starts
    assert alice.post(f"/api/tables/{table_id}/start").status_code == 409  # seats 2 and 3 are empty
    assert bob.post(f"/api/tables/{table_id}/join", {"seat": 2}).json()["seat"] == 2
    assert bob.post(f"/api/tables/{table_id}/join", {}).status_code == 409  # one seat each
    assert carl.post(f"/api/tables/{table_id}/join", {"seat": 2}).status_code == 409  # taken
    assert carl.post(f"/api/tables/{table_id}/join", {}).json()["seat"] == 1
    open_tables = [table["id"] for table in alice.get("/api/tables", params={"status": "open"}).json()]
    assert table_id in open_tables
    started = alice.post(f"/api/tables/{table_id}/start").json()["table"]
    assert started["status"] == "running" and started["round"] == 1
    assert [seat["name"] for seat in started["seats"]] == ["Alice", "Carl", "Bob"]
    mine = alice.get("/api/tables", params={"mine": "true"}).json()
    assert mine[0]["id"] == table_id and mine[0]["your_turn"] is True  # seat 1 moves first (F-3)
    assert bob.get("/api/tables", params={"mine": "true"}).json()[0]["your_turn"] is False
    assert carl.post(f"/api/tables/{table_id}/leave").status_code == 409  # too late: abandon instead


def test_leaving_frees_a_seat_and_the_creator_leaving_cancels_the_table(client) -> None:  # type: ignore[no-untyped-def]
    alice, bob = Player.guest(client, "Alice"), Player.guest(client, "Bob")
    table_id = alice.create()["table"]["id"]
    bob.post(f"/api/tables/{table_id}/join", {})
    assert bob.post(f"/api/tables/{table_id}/leave").json()["table"]["seats"][1]["kind"] == "open"
    assert alice.post(f"/api/tables/{table_id}/leave").json()["table"]["status"] == "cancelled"
    assert bob.post(f"/api/tables/{table_id}/join", {}).status_code == 409


@pytest.mark.parametrize(
    ("body", "status", "words"),
    [
        ({"game": "chess", "players": 2}, 400, "no game 'chess'"),
        ({"game": "azul", "players": 5}, 422, "players"),
        ({"game": "azul", "players": 2, "options": {"wall": "purple"}}, 400, "wall='purple'"),
        ({"game": "azul", "players": 2, "options": {"walls": "grey"}}, 400, "no option 'walls'"),
        ({"game": "azul", "players": 2, "seats": [{"kind": "open"}, {"kind": "open"}]}, 400, '"me"'),
        ({"game": "azul", "players": 2, "seats": [{"kind": "me"}, {"kind": "bot"}]}, 400, "level"),
        ({"game": "azul", "players": 2, "seats": [{"kind": "me"}] * 3}, 400, "3 seats"),
        ({"game": "azul", "players": 2, "rated": True, "undo": True}, 400, "undo"),
    ],
)
def test_a_table_that_cannot_be_made_is_refused_with_the_reason(client, body, status, words) -> None:  # type: ignore[no-untyped-def]
    account = Player.account(client, "maker")
    response = account.post("/api/tables", body)
    assert response.status_code == status, response.text
    assert words in response.json()["error"]["message"]
    assert account.get("/api/tables", params={"mine": "true"}).json() == []


def test_creating_a_table_needs_a_player_and_rated_tables_need_accounts(client) -> None:  # type: ignore[no-untyped-def]
    anonymous = client.post("/api/tables", json={"game": "azul", "players": 2})
    assert anonymous.status_code == 401 and anonymous.json()["error"]["code"] == "not_signed_in"
    guest = Player.guest(client, "Quest")
    assert guest.post("/api/tables", {"game": "azul", "players": 2, "rated": True}).status_code == 403


# --- playing ----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("game", "options"),
    [("azul", {}), ("azul", {"wall": "grey"}), ("chocolatier", {"special_factories": True}), ("pavilion", {})],
)
@pytest.mark.each_database
def test_a_whole_game_is_played_over_http_and_its_record_replays_to_the_same_result(client, game, options) -> None:  # type: ignore[no-untyped-def]
    table_id, alice, bob = two_player_table(client, game, options=options)
    play_random_moves(table_id, [alice, bob], random.Random(5))
    view = alice.table(table_id)
    assert view["status"] == "finished" and view["legal_moves"] == []
    record = Record.from_dict(alice.get(f"/api/tables/{table_id}/record").json())
    assert record.players == ["Alice", "Bob"] and record.options == view["options"]
    final = replay(record)
    result = alice.get(f"/api/tables/{table_id}/result").json()
    assert result["scores"] == final.scores == view["scores"]
    assert result["winners"] == final.winners
    for player in result["players"]:
        sources = {
            name: value for name, value in player["sources"].items() if name not in ("tiles_to_floor", "bonus_tiles")
        }
        assert sum(sources.values()) == player["score"]  # every point has a source
        assert player["statistics"]["moves"] > 0
    assert sum(player["statistics"]["rounds_as_first_player"] for player in result["players"]) == result["rounds"]
    last = alice.get(f"/api/tables/{table_id}/replay/{len(record.steps)}").json()
    assert last["scores"] == final.scores and last["position"]["boards"] == final.to_dict()["boards"]
    first = alice.get(f"/api/tables/{table_id}/replay/0").json()
    assert first["text"] is None and first["round"] == 1
    assert alice.get(f"/api/tables/{table_id}/replay/{len(record.steps) + 1}").status_code == 404


def test_summer_pavilion_statistics_count_the_bonus_tiles(client) -> None:  # type: ignore[no-untyped-def]
    table_id, alice, bob = two_player_table(client, "pavilion")
    play_random_moves(table_id, [alice, bob], random.Random(11))
    record = Record.from_dict(alice.get(f"/api/tables/{table_id}/record").json())
    picked = [0, 0]
    state = record.start()
    for step in record.steps:
        if state.is_chance:
            state.apply_chance(step)
            continue
        if step.startswith("pick:"):  # S-10
            picked[state.to_move[0]] += len(step) - len("pick:")
        state.play(step)
    result = alice.get(f"/api/tables/{table_id}/result").json()
    assert [player["sources"]["bonus_tiles"] for player in result["players"]] == picked


def test_the_record_and_result_wait_for_the_end_of_the_game(client) -> None:  # type: ignore[no-untyped-def]
    table_id, alice, _ = two_player_table(client)
    for path in ("record", "result", "replay/1"):
        response = alice.get(f"/api/tables/{table_id}/{path}")
        assert response.status_code == 409, path


@pytest.mark.each_database
def test_the_public_view_hides_every_secret(client) -> None:  # type: ignore[no-untyped-def]
    alice = Player.guest(client, "Alice")
    created = alice.create("azul", 3, seats=[{"kind": "me"}, {"kind": "invite"}, {"kind": "open"}])
    table_id, invite = created["table"]["id"], created["invites"]["1"]
    [(seed,)] = database_rows(client, f"SELECT seed FROM game_tables WHERE id = '{table_id}'")
    spectator = Player.guest(client, "Watcher")
    seen = json.dumps(spectator.table(table_id)) + json.dumps(spectator.get("/api/tables").json())
    for secret in (invite, created["seat_token"], alice.token, str(seed), "token_hash", "invite_hash"):
        assert secret not in seen


def test_an_invite_link_claims_its_seat_once(client) -> None:  # type: ignore[no-untyped-def]
    alice, bob, eve = (Player.guest(client, name) for name in ("Alice", "Bob", "Eve"))
    created = alice.create("azul", 2, seats=[{"kind": "me"}, {"kind": "invite"}])
    table_id, invite = created["table"]["id"], created["invites"]["1"]
    assert eve.post(f"/api/tables/{table_id}/join", {}).status_code == 409  # the seat is not open
    assert eve.post(f"/api/tables/{table_id}/join", {"invite": "guessed"}).status_code == 403
    assert bob.post(f"/api/tables/{table_id}/join", {"invite": invite}).json()["seat"] == 1
    used = eve.post(f"/api/tables/{table_id}/join", {"invite": invite})
    assert used.status_code == 403 and "not valid" in used.json()["error"]["message"]


@pytest.mark.each_database
def test_the_creator_can_make_new_invite_links_and_the_old_ones_stop_working(client) -> None:  # type: ignore[no-untyped-def]
    alice, bob, eve = (Player.guest(client, name) for name in ("Alice", "Bob", "Eve"))
    created = alice.create("azul", 3, seats=[{"kind": "me"}, {"kind": "invite"}, {"kind": "invite"}])
    table_id, old = created["table"]["id"], created["invites"]
    refused = eve.post(f"/api/tables/{table_id}/invites")
    assert refused.status_code == 403 and "creator" in refused.json()["error"]["message"]
    assert bob.post(f"/api/tables/{table_id}/join", {"invite": old["1"]}).json()["seat"] == 1
    renewed = alice.post(f"/api/tables/{table_id}/invites").json()["invites"]
    assert set(renewed) == {"2"}, "only the seat still waiting for its player gets a link"
    assert renewed["2"] != old["2"]
    assert eve.post(f"/api/tables/{table_id}/join", {"invite": old["2"]}).status_code == 403
    assert eve.post(f"/api/tables/{table_id}/join", {"invite": renewed["2"]}).json()["seat"] == 2
    alice.post(f"/api/tables/{table_id}/start")
    assert alice.post(f"/api/tables/{table_id}/invites").status_code == 409


def test_no_one_acts_for_a_seat_they_do_not_hold(client) -> None:  # type: ignore[no-untyped-def]
    table_id, alice, bob = two_player_table(client)
    view = alice.table(table_id)
    move, seq = view["legal_moves"][0], view["seq"]
    spectator = Player.guest(client, "Mallory")
    assert spectator.move(table_id, move, seq).status_code == 403
    assert client.post(f"/api/tables/{table_id}/moves", json={"move": move, "seq": seq}).status_code == 401
    out_of_turn = bob.move(table_id, move, seq)
    assert out_of_turn.status_code == 409 and "not your turn" in out_of_turn.json()["error"]["message"]
    forged = client.post(
        f"/api/tables/{table_id}/moves", json={"move": move, "seq": seq}, headers={"X-Seat-Token": "forged"}
    )
    assert forged.status_code == 403
    assert spectator.table(table_id)["legal_moves"] == []  # watchers see the game, not a seat's choices
    assert alice.table(table_id)["seq"] == seq


def test_a_seat_token_acts_for_its_seat_without_a_session(tmp_path: Path) -> None:
    with running_app(tmp_path) as client:
        alice, bob = Player.guest(client, "Alice"), Player.guest(client, "Bob")
        created = alice.create()
        table_id = created["table"]["id"]
        bob.post(f"/api/tables/{table_id}/join", {})
        alice.post(f"/api/tables/{table_id}/start")
        view = alice.table(table_id)
        response = client.post(
            f"/api/tables/{table_id}/moves",
            json={"move": view["legal_moves"][0], "seq": view["seq"]},
            headers={"X-Seat-Token": created["seat_token"]},
        )
        assert response.status_code == 200
        assert response.json()["seq"] == view["seq"] + 1


@pytest.mark.each_database
def test_stale_and_repeated_submissions_change_nothing(client) -> None:  # type: ignore[no-untyped-def]
    table_id, alice, _ = two_player_table(client)
    view = alice.table(table_id)
    move, seq = view["legal_moves"][0], view["seq"]
    assert alice.move(table_id, move, seq).status_code == 200
    log_before = database_rows(client, f"SELECT seq, kind, text FROM log_entries WHERE table_id = '{table_id}'")
    repeated = alice.move(table_id, move, seq)  # a double click
    assert repeated.status_code == 409 and repeated.json()["error"]["code"] == "stale"
    assert repeated.json()["error"]["details"] == {"seq": seq + 1}
    assert alice.move(table_id, move, seq + 5).status_code == 409  # from the future
    log_after = database_rows(client, f"SELECT seq, kind, text FROM log_entries WHERE table_id = '{table_id}'")
    assert log_after == log_before


@pytest.mark.parametrize(
    ("move", "status", "words"),
    [("9B1", 422, "not a move"), ("1Z1", 422, "not a move"), ("", 422, "move"), ("x" * 201, 422, "move")],
)
def test_malformed_moves_are_refused_with_the_reason(client, move, status, words) -> None:  # type: ignore[no-untyped-def]
    table_id, alice, _ = two_player_table(client)
    seq = alice.table(table_id)["seq"]
    response = alice.move(table_id, move, seq)
    assert response.status_code == status and words in response.json()["error"]["message"]
    assert alice.table(table_id)["seq"] == seq


def test_an_illegal_move_is_refused_with_the_rule_it_breaks(client) -> None:  # type: ignore[no-untyped-def]
    table_id, alice, _ = two_player_table(client)
    view = alice.table(table_id)
    factories = view["position"]["factories"]
    missing = next(colour for colour in "BYRKW" if colour not in factories[0])
    response = alice.move(table_id, f"1{missing}1", view["seq"])  # a colour the factory does not hold
    assert response.status_code == 422 and response.json()["error"]["code"] == "illegal_move"
    assert "(A-3)" in response.json()["error"]["message"]
    assert alice.table(table_id)["seq"] == view["seq"]


def test_oversized_and_malformed_bodies_are_refused(client) -> None:  # type: ignore[no-untyped-def]
    table_id, alice, _ = two_player_table(client)
    big = alice.post(f"/api/tables/{table_id}/chat", {"text": "x" * 70_000})
    assert big.status_code == 413 and big.json()["error"]["code"] == "too_large"
    broken = client.post(
        f"/api/tables/{table_id}/moves",
        content=b"{not json",
        headers={**alice.headers, "content-type": "application/json"},
    )
    assert broken.status_code == 422 and broken.json()["error"]["code"] == "invalid_request"
    assert client.get("/api/no/such/thing").json()["error"]["code"] == "not_found"


def test_a_wrong_method_is_refused_with_the_methods_the_address_takes(client) -> None:  # type: ignore[no-untyped-def]
    table_id, alice, _ = two_player_table(client)
    for method, url, allowed in [
        ("DELETE", "/api/tables", "GET, POST"),
        ("PUT", "/api/games", "GET"),
        ("GET", f"/api/tables/{table_id}/moves", "POST"),
    ]:
        refused = client.request(method, url, headers=alice.headers)
        assert refused.status_code == 405, (method, url)
        assert refused.json()["error"]["code"] == "method_not_allowed"
        assert refused.headers["Allow"] == allowed, (method, url)


# --- undo ---------------------------------------------------------------------------------------


@pytest.mark.each_database
def test_a_move_can_be_taken_back_until_the_next_player_acts(client) -> None:  # type: ignore[no-untyped-def]
    table_id, alice, bob = two_player_table(client)
    before = alice.table(table_id)
    alice.move(table_id, before["legal_moves"][0], before["seq"])
    after = alice.table(table_id)
    assert after["can_undo"] is True and bob.table(table_id)["can_undo"] is False
    assert bob.post(f"/api/tables/{table_id}/undo", {"seq": after["seq"]}).status_code == 409
    undone = alice.post(f"/api/tables/{table_id}/undo", {"seq": after["seq"]})
    assert undone.status_code == 200
    restored = alice.table(table_id)
    assert restored["position"] == before["position"] and restored["seq"] == after["seq"] + 1
    assert alice.post(f"/api/tables/{table_id}/undo", {"seq": restored["seq"]}).status_code == 409  # nothing left
    # Once the next player has moved, the move stands.
    alice.move(table_id, restored["legal_moves"][0], restored["seq"])
    view = bob.table(table_id)
    bob.move(table_id, view["legal_moves"][0], view["seq"])
    assert alice.post(f"/api/tables/{table_id}/undo", {"seq": view["seq"] + 1}).status_code == 409


@given(st.lists(st.tuples(st.sampled_from([MOVE, CHANCE, UNDO]), st.integers(0, 2)), max_size=40), st.booleans())
def test_undo_read_backwards_takes_back_what_stands_since_the_players_last_move(
    steps: list[tuple[str, int]], bots: bool
) -> None:
    """Read from the end of the log, an undo by seat 0 takes back its last standing move, and with
    every other seat a bot's, the bots' moves after it; nothing when a draw or a person came between."""
    entries: list[Entry] = []
    standing = 0
    for kind, seat in steps:
        if kind == UNDO and not standing:
            continue  # an undo cancels a step that stands
        standing += -1 if kind == UNDO else 1
        entries.append(Entry(len(entries) + 1, kind, None if kind == CHANCE else seat, str(len(entries))))
    bot_seats = frozenset({1, 2}) if bots else frozenset()
    expected: list[Entry] = []
    for step in reversed(effective_steps(entries)):
        if step.kind != MOVE or (step.seat != 0 and step.seat not in bot_seats):
            expected = []
            break
        expected.append(step)
        if step.seat == 0:
            break
    else:
        expected = []
    assert moves_to_take_back(reversed(entries), 0, bot_seats) == expected


def test_the_log_is_read_backwards_page_by_page(client) -> None:  # type: ignore[no-untyped-def]
    table_id, alice, bob = two_player_table(client)
    play_random_moves(table_id, [alice, bob], random.Random(3), 5)
    view = alice.table(table_id)
    mover = [alice, bob][view["to_move"][0]]
    mover.move(table_id, mover.table(table_id)["legal_moves"][0], view["seq"])
    assert mover.post(f"/api/tables/{table_id}/undo", {"seq": view["seq"] + 1}).status_code == 200
    services = client.app.state.services
    with services.db.reading() as session:
        forwards = services.tables.store.entries(session, table_id)
        for page in (1, 2, 3, 8, 100):
            assert list(services.tables.store.entries_newest_first(session, table_id, page)) == forwards[::-1]
    assert [entry.kind for entry in forwards[-2:]] == [MOVE, UNDO]


def test_undo_cannot_take_back_a_move_after_which_tiles_were_drawn(client) -> None:  # type: ignore[no-untyped-def]
    table_id, alice, bob = two_player_table(client)
    rng = random.Random(2)
    while True:  # play to the last take of round 1: the next fill is drawn right after it
        view = alice.table(table_id)
        mover = [alice, bob][view["to_move"][0]]
        mine = mover.table(table_id)
        mover.move(table_id, rng.choice(mine["legal_moves"]), mine["seq"])
        now = alice.table(table_id)
        if now["round"] == 2:
            break
    assert mover.table(table_id)["can_undo"] is False
    refused = mover.post(f"/api/tables/{table_id}/undo", {"seq": now["seq"]})
    assert refused.status_code == 409 and "drawn" in refused.json()["error"]["message"]


def test_undo_against_bots_takes_back_their_replies_until_the_player_moves_again(tmp_path: Path) -> None:
    with running_app(tmp_path) as client:
        alice = Player.guest(client, "Alice")
        seats = [{"kind": "me"}, {"kind": "bot", "level": "beginner"}, {"kind": "bot", "level": "easy"}]
        table_id = alice.create("azul", 3, seats=seats)["table"]["id"]
        alice.post(f"/api/tables/{table_id}/start")
        before = alice.table(table_id)
        alice.move(table_id, before["legal_moves"][0], before["seq"])
        replied = wait_for(lambda: (view := alice.table(table_id))["your_turn"] and view)  # both bots have moved
        assert replied["seq"] == before["seq"] + 3 and replied["can_undo"] is True
        undone = alice.post(f"/api/tables/{table_id}/undo", {"seq": replied["seq"]})
        assert undone.status_code == 200
        after = undone.json()["table"]
        assert after["position"] == before["position"] and after["legal_moves"] == before["legal_moves"]
        assert after["can_undo"] is False
        log = alice.get(f"/api/tables/{table_id}/log?since={replied['seq']}").json()["entries"]
        assert [(entry["kind"], entry["seat"]) for entry in log] == [("undo", 0)] * 3


def test_undo_with_a_person_among_the_others_stops_at_their_move(client) -> None:  # type: ignore[no-untyped-def]
    alice, bob = Player.guest(client, "Alice"), Player.guest(client, "Bob")
    seats = [{"kind": "me"}, {"kind": "open"}, {"kind": "bot", "level": "beginner"}]
    table_id = alice.create("azul", 3, seats=seats)["table"]["id"]
    bob.post(f"/api/tables/{table_id}/join", {})
    alice.post(f"/api/tables/{table_id}/start")
    view = alice.table(table_id)
    mover = [alice, bob][view["to_move"][0]]
    mover.move(table_id, mover.table(table_id)["legal_moves"][0], view["seq"])
    other = bob if mover is alice else alice
    now = other.table(table_id)
    other.move(table_id, now["legal_moves"][0], now["seq"])
    assert mover.table(table_id)["can_undo"] is False
    assert mover.post(f"/api/tables/{table_id}/undo", {"seq": now["seq"] + 1}).status_code == 409


def test_bots_of_one_level_at_a_table_have_names_of_their_own(client) -> None:  # type: ignore[no-untyped-def]
    """Three easy bots at a 4-player table are told apart, at the table and in the lobby."""
    alice = Player.guest(client, "Alice")
    bots = [{"kind": "bot", "level": "easy"}] * 3
    table = alice.create("azul", 4, seats=[{"kind": "me"}, *bots])["table"]
    names = [seat["name"] for seat in table["seats"]]
    assert names[0] == "Alice"
    assert len(set(names)) == 4, names
    for seat in table["seats"][1:]:
        assert seat["name"] == f"Bot {seat['bot_name']} (easy)"
    assert table["seats"][0]["bot_name"] is None
    lobby = alice.get("/api/tables").json()
    assert [[seat["name"] for seat in listed["seats"]] for listed in lobby if listed["id"] == table["id"]] == [names]


@pytest.mark.parametrize("game", ["azul", "pavilion"])
def test_a_table_says_the_scores_each_round_began_with(client, game: str) -> None:  # type: ignore[no-untyped-def]
    """A client opened mid-game shows the last round's points: the view carries each round's starting scores,
    which the game's own replay agrees with (A-1, S-4: Summer Pavilion starts at 5)."""
    table_id, alice, bob = two_player_table(client, game)
    rng = random.Random(5)
    view = alice.table(table_id)
    starts_seen = [list(view["scores"])]
    while view["status"] == "running" and view["round"] < 3:
        play_random_moves(table_id, [alice, bob], rng, limit=1)
        view = alice.table(table_id)
        if view["round"] > len(starts_seen):
            starts_seen.append(list(view["scores"]))
    assert view["round_starts"] == starts_seen
    assert len(view["round_starts"]) == view["round"]


def test_the_creator_seats_a_bot_in_a_waiting_seat(client) -> None:  # type: ignore[no-untyped-def]
    alice, bob = Player.guest(client, "Alice"), Player.guest(client, "Bob")
    created = alice.create("azul", 3, seats=[{"kind": "me"}, {"kind": "invite"}, {"kind": "open"}])
    table_id = created["table"]["id"]
    assert bob.post(f"/api/tables/{table_id}/bots", {"seat": 1, "level": "easy"}).status_code == 403
    assert alice.post(f"/api/tables/{table_id}/bots", {"seat": 0, "level": "easy"}).status_code == 409
    assert alice.post(f"/api/tables/{table_id}/bots", {"seat": 2, "level": "grandmaster"}).status_code == 400
    seated = alice.post(f"/api/tables/{table_id}/bots", {"seat": 1, "level": "easy"}).json()["table"]["seats"][1]
    assert (seated["kind"], seated["level"], seated["bot_name"]) == ("bot", "easy", "Bruno")
    assert seated["name"] == "Bot Bruno (easy)"
    invite = created["invites"]["1"]
    assert bob.post(f"/api/tables/{table_id}/join", {"invite": invite}).status_code == 403, "the invite is void"
    alice.post(f"/api/tables/{table_id}/bots", {"seat": 2, "level": "medium"})
    assert alice.post(f"/api/tables/{table_id}/start").status_code == 200
    assert alice.post(f"/api/tables/{table_id}/bots", {"seat": 2, "level": "easy"}).status_code == 409


def test_the_lobby_lists_finished_games_with_their_scores_and_winners(client) -> None:  # type: ignore[no-untyped-def]
    table_id, alice, bob = two_player_table(client)
    play_random_moves(table_id, [alice, bob], random.Random(5))
    listed = next(table for table in alice.get("/api/tables?status=finished").json() if table["id"] == table_id)
    result = alice.get(f"/api/tables/{table_id}/result").json()
    assert listed["scores"] == [player["score"] for player in sorted(result["players"], key=lambda p: p["seat"])]
    assert listed["winners"] == result["winners"]


def test_tables_without_undo_refuse_it(client) -> None:  # type: ignore[no-untyped-def]
    table_id, alice, _ = two_player_table(client, undo=False)
    view = alice.table(table_id)
    alice.move(table_id, view["legal_moves"][0], view["seq"])
    assert alice.post(f"/api/tables/{table_id}/undo", {"seq": view["seq"] + 1}).status_code == 403


# --- bots, abandoning, ratings, chat -----------------------------------------------------------


def test_bots_play_their_seats_and_a_leaver_is_replaced_by_a_bot(tmp_path: Path) -> None:
    with running_app(tmp_path, replacement_bot="easy") as client:
        alice = Player.guest(client, "Alice")
        table_id = alice.create(
            "azul", 3, seats=[{"kind": "me"}, {"kind": "bot", "level": "beginner"}, {"kind": "bot", "level": "easy"}]
        )["table"]["id"]
        alice.post(f"/api/tables/{table_id}/start")
        view = alice.table(table_id)
        alice.move(table_id, view["legal_moves"][0], view["seq"])
        wait_for(lambda: alice.table(table_id)["your_turn"])  # both bots have moved
        abandoned = alice.post(f"/api/tables/{table_id}/abandon").json()["table"]
        assert abandoned["seats"][0] == {
            "index": 0,
            "kind": "bot",
            "name": "Alice",
            "level": "easy",
            "bot_name": None,
            "account": None,
            "replaced": True,
            "timed_out": False,
            "profile": abandoned["seats"][0]["profile"],
            "you": False,
            "played_for_you": True,  # the stand-in plays Alice's seat on
            "can_return": False,
            "away": False,  # she resigned: she was not away
            "online": False,  # no live connection (this test plays over HTTP only)
            "away_seconds": abandoned["seats"][0]["away_seconds"],
        }
        assert abandoned["seats"][0]["away_seconds"] >= 0
        assert abandoned["seats"][0]["profile"].startswith("~")  # a guest's page, while the guest exists
        final = wait_for(lambda: (view := alice.table(table_id))["status"] == "finished" and view)
        assert final["result"]["winners"]
        assert Record.from_dict(alice.get(f"/api/tables/{table_id}/record").json()).players == [
            "Alice / Bot (easy)",
            "Bot Bruno (beginner)",
            "Bot Cyril (easy)",
        ]


@pytest.mark.each_database
def test_rated_games_change_the_accounts_ratings(client) -> None:  # type: ignore[no-untyped-def]
    jana, petr = Player.account(client, "jana"), Player.account(client, "petr")
    table_id = jana.create("azul", 2, rated=True)["table"]["id"]
    petr.post(f"/api/tables/{table_id}/join", {})
    jana.post(f"/api/tables/{table_id}/start")
    play_random_moves(table_id, [jana, petr], random.Random(3))
    result = jana.get(f"/api/tables/{table_id}/result").json()
    ratings, winners = result["ratings"], result["winners"]
    for seat, name in enumerate(["jana", "petr"]):
        # Everyone starts at mu 25; one game makes everyone surer (sigma falls), and moves
        # the winner up and the loser down, unless they shared the victory.
        assert ratings[seat]["sigma"] < 25 / 3
        if len(winners) == 1:
            assert (ratings[seat]["mu"] > 25) == (seat in winners)
        page = client.get(f"/api/players/{name}").json()
        # The result reports the rating of the game and variant, the one the leaderboard ranks by.
        board = page["statistics"]["boards"][0]
        assert (board["game"], board["variant"]) == ("azul", "wall=coloured")
        assert board["rating"]["rated_games"] == 1 and board["rating"]["ordinal"] == ratings[seat]["after"]
        assert page["rating"]["rated_games"] == 1  # the overall rating moved too
        assert page["recent_games"][0]["won"] is (seat in winners) and page["finished_games"] == 1
    assert client.get("/api/players/nobody").status_code == 404


@pytest.mark.each_database
def test_chat_is_plain_text_and_length_limited(client) -> None:  # type: ignore[no-untyped-def]
    table_id, alice, bob = two_player_table(client)
    assert alice.post(f"/api/tables/{table_id}/chat", {"text": "<b>ahoj</b> & hi"}).status_code == 201
    assert bob.post(f"/api/tables/{table_id}/chat", {"text": "x" * 501}).status_code == 422
    assert bob.post(f"/api/tables/{table_id}/chat", {"text": "   "}).status_code == 400
    assert client.post(f"/api/tables/{table_id}/chat", json={"text": "anonymous"}).status_code == 401
    lines = client.get(f"/api/tables/{table_id}/chat").json()
    assert [(line["name"], line["text"]) for line in lines] == [("Alice", "<b>ahoj</b> & hi")]


def test_the_api_is_documented(client) -> None:  # type: ignore[no-untyped-def]
    schema = client.get("/openapi.json").json()
    assert "/api/tables/{table_id}/moves" in schema["paths"]
    assert client.get("/docs").status_code == 200
    games = client.get("/api/games").json()
    assert sorted(game["id"] for game in games) == ["azul", "chocolatier", "pavilion"]


def test_abandoning_a_rated_game_loses_it_for_rating_whatever_the_bot_scores(tmp_path: Path) -> None:
    with running_app(tmp_path, replacement_bot="beginner") as client:
        jana, petr = Player.account(client, "jana"), Player.account(client, "petr")
        table_id = jana.create("azul", 2, rated=True)["table"]["id"]
        petr.post(f"/api/tables/{table_id}/join", {})
        jana.post(f"/api/tables/{table_id}/start")
        assert jana.post(f"/api/tables/{table_id}/abandon").status_code == 200
        # Petr throws every take on the floor: the bot playing on for Jana wins the game...

        def petrs_turn_or_the_end() -> dict | None:
            seen = petr.table(table_id)
            return seen if seen["status"] == "finished" or seen["your_turn"] else None

        while (view := wait_for(petrs_turn_or_the_end))["status"] == "running":
            floor = [move for move in view["legal_moves"] if move.endswith("F")] or view["legal_moves"]
            assert petr.move(table_id, floor[0], view["seq"]).status_code == 200
        result = petr.get(f"/api/tables/{table_id}/result").json()
        assert result["winners"] == [0], "the bot should have outscored a player who threw every tile away"
        # ...but Jana left it: for the ratings she lost it, and Petr won it.
        jana_rating, petr_rating = result["ratings"]
        assert jana_rating["mu"] < 25 < petr_rating["mu"]
        assert client.get("/api/players/jana").json()["rating"]["rated_games"] == 1


@pytest.mark.each_database
def test_a_position_is_that_of_the_sequence_number_read_even_when_the_log_has_gone_on(client) -> None:  # type: ignore[no-untyped-def]
    """Another process may commit moves between reading a table and reading its log: a position
    read for the table's sequence number holds no later entry, and the cache is not misled."""
    table_id, alice, bob = two_player_table(client)
    before = alice.table(table_id)
    play_random_moves(table_id, [alice, bob], random.Random(5), 3)
    services = client.app.state.services
    store = services.tables.store
    store.positions = PositionCache()  # as in a process that has not seen the moves
    with services.db.reading() as session:
        then = replace(store.read(session, table_id, lock=False), seq=before["seq"])
        assert public_position(store.position(session, then)) == before["position"]
    now = alice.table(table_id)  # brought up to date from the cached position and the log
    store.positions = PositionCache()
    assert now["position"] == alice.table(table_id)["position"]  # the same as a replay of the whole log


def test_the_entries_missed_end_at_the_sequence_number_they_are_sent_with(client, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """As if another process committed moves between reading the table and reading its log."""
    table_id, alice, bob = two_player_table(client)
    before = alice.table(table_id)["seq"]
    play_random_moves(table_id, [alice, bob], random.Random(6), 2)
    store = client.app.state.services.tables.store
    read = store.read
    monkeypatch.setattr(store, "read", lambda *args, **kw: replace(read(*args, **kw), seq=before))
    missed = alice.get(f"/api/tables/{table_id}/log?since=0").json()
    assert missed["seq"] == before and [entry["seq"] for entry in missed["entries"]] == list(range(1, before + 1))


@pytest.mark.parametrize(
    ("game", "body"), [("azul", {}), ("chocolatier", {"options": {"special_factories": True}}), ("pavilion", {})]
)
def test_every_move_a_client_is_sent_comes_with_its_fields(client, game: str, body: dict) -> None:  # type: ignore[no-untyped-def]
    """The legal moves and the log's moves carry their parts (docs/notation.md, "Moves as data"): no client parses."""
    table_id, alice, bob = two_player_table(client, game, **body)
    players = [alice, bob]
    for _ in range(3):
        mover = players[alice.table(table_id)["to_move"][0]]
        view = mover.table(table_id)
        assert set(view["move_fields"]) == set(view["legal_moves"])
        move = view["legal_moves"][-1]
        assert view["move_fields"][move]["kind"] in ("take", "place", "column", "pick", "pass")
        assert mover.move(table_id, move, view["seq"]).status_code == 200
    log = alice.get(f"/api/tables/{table_id}/log?since=0").json()
    moves = [entry["text"] for entry in log["entries"] if entry["kind"] == "move"]
    assert len(moves) == 3 and all(text in log["move_fields"] for text in moves)
    chances = [entry["text"] for entry in log["entries"] if entry["kind"] == "chance"]
    assert not any(text in log["move_fields"] for text in chances), "chance outcomes are not moves"
