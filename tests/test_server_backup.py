"""Backups that are checked: ``mozaika backup`` while the server plays, ``mozaika restore`` into a
new server with every game identical, and ``mozaika check-db`` finding a corrupted row."""

from __future__ import annotations

import json
import os
import random
import shutil
import subprocess
import sys
import threading
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import create_engine, text
from typer.testing import CliRunner

from mozaika.cli.app import app as cli

from serverkit import Player, play_random_moves, postgres_database, running_app_on, two_player_table
from serverkit import migrated_sqlite_database as fresh_sqlite
from serverprocess import HttpPlayer, ServerProcess

runner = CliRunner()
SOURCE = Path(__file__).parent.parent / "src"


def mozaika(*arguments: str) -> subprocess.CompletedProcess[str]:
    """The ``mozaika`` command of this checkout, in a process of its own."""
    environment = {**os.environ, "PYTHONPATH": f"{SOURCE}{os.pathsep}{os.environ.get('PYTHONPATH', '')}"}
    return subprocess.run(
        [sys.executable, "-m", "mozaika", *arguments], capture_output=True, text=True, env=environment, check=False
    )


def play_on(players: list[HttpPlayer], table_id: str, stop: threading.Event) -> None:
    rng = random.Random(11)
    while not stop.is_set():
        view = players[0].get(f"/api/tables/{table_id}")
        if view["status"] != "running":
            return
        mover = players[view["to_move"][0]]
        mine = mover.get(f"/api/tables/{table_id}")
        mover.post(f"/api/tables/{table_id}/moves", {"move": rng.choice(mine["legal_moves"]), "seq": mine["seq"]})


def games(player: HttpPlayer, table_ids: list[str]) -> dict[str, dict[str, Any]]:
    return {table_id: player.get(f"/api/tables/{table_id}/log?since=0") for table_id in table_ids}


def test_a_backup_taken_during_play_restores_every_game_identically(tmp_path: Path) -> None:
    database = f"sqlite:///{tmp_path / 'live.db'}"
    server = ServerProcess(database, tmp_path / "live.log", None, 1).start()
    stop = threading.Event()
    try:
        alice, bob = HttpPlayer(server, "Alice"), HttpPlayer(server, "Bob")
        people = alice.post("/api/tables", {"game": "pavilion", "players": 2}).json()["table"]["id"]
        bob.post(f"/api/tables/{people}/join", {})
        alice.post(f"/api/tables/{people}/start")
        seats = [{"kind": "me"}, {"kind": "bot", "level": "beginner"}]
        bots = alice.post("/api/tables", {"game": "azul", "players": 2, "seats": seats}).json()["table"]["id"]
        alice.post(f"/api/tables/{bots}/start")
        alice.post(f"/api/tables/{bots}/abandon")  # the bots play on through the backup
        playing = threading.Thread(target=play_on, args=([alice, bob], people, stop))
        playing.start()
        while alice.get(f"/api/tables/{people}")["seq"] < 20:
            assert playing.is_alive(), "the players stopped"
        copy = tmp_path / "backup.db"
        made = mozaika("backup", str(copy), "--database", database)
        assert made.returncode == 0, made.stdout + made.stderr
        assert "0 mismatches" in made.stdout
        stop.set()
        playing.join(60)
        originals = games(alice, [people, bots])
    finally:
        stop.set()
        server.stop()

    restored_url = f"sqlite:///{tmp_path / 'restored.db'}"
    put_back = mozaika("restore", str(copy), "--database", restored_url)
    assert put_back.returncode == 0, put_back.stdout + put_back.stderr
    checked = mozaika("check-db", "--database", restored_url)
    assert checked.returncode == 0, checked.stdout
    restored_server = ServerProcess(restored_url, tmp_path / "restored.log", None, 1).start()
    try:
        watcher = HttpPlayer(restored_server, "Watcher")
        restored = games(watcher, [people, bots])
    finally:
        restored_server.stop()
    assert restored[people]["seq"] >= 20
    for table_id, game in restored.items():
        # The copy is one moment of the game: the game as it went on holds exactly that moment's log first.
        assert game["entries"] == originals[table_id]["entries"][: len(game["entries"])]


@pytest.fixture(scope="module")
def finished_and_running_once(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, str, str]:
    """A database with a finished game and a running timed game, its server stopped (a running one
    would set right a corrupted clock at its next look): made once, as the tests only read copies."""
    folder = tmp_path_factory.mktemp("finished-and-running")
    url = fresh_sqlite(folder)
    with running_app_on(url) as client:
        finished, alice, bob = two_player_table(client)
        play_random_moves(finished, [alice, bob], random.Random(3))
        timed, carol, dave = two_player_table(client, "chocolatier", clock="5+3")
        play_random_moves(timed, [carol, dave], random.Random(4), limit=9)
    return folder, finished, timed


@pytest.fixture
def finished_and_running(finished_and_running_once: tuple[Path, str, str], tmp_path: Path) -> tuple[str, str, str]:
    """A copy of that database of this test's own (each test corrupts it in its own way)."""
    folder, finished, timed = finished_and_running_once
    for stored in folder.glob("mozaika.db*"):  # the database, and any write-ahead log beside it
        shutil.copyfile(stored, tmp_path / stored.name)
    return f"sqlite:///{tmp_path / 'mozaika.db'}", finished, timed


def check(url: str) -> Any:
    return runner.invoke(cli, ["check-db", "--database", url])


def test_check_db_finds_a_sound_database_sound(finished_and_running: tuple[str, str, str]) -> None:
    url, _, _ = finished_and_running
    result = check(url)
    assert result.exit_code == 0, result.output
    assert "2 tables" in result.output
    assert "every game matches its log" in result.output


@pytest.mark.parametrize(
    ("which", "corruption", "said"),
    [
        ("finished", "UPDATE log_entries SET text = 'XX' WHERE table_id = :table AND seq = 5", "cannot be replayed"),
        ("finished", "DELETE FROM log_entries WHERE table_id = :table AND seq = 7", "not numbered"),
        ("finished", "UPDATE game_tables SET result = :result WHERE id = :table", "stored scores"),
        ("running", "UPDATE game_tables SET to_move = '[0, 1]' WHERE id = :table", "seats to move"),
        ("running", "UPDATE game_tables SET seq = seq - 1 WHERE id = :table", "log entries"),
        ("running", "UPDATE game_tables SET status = 'finished' WHERE id = :table", "goes on"),
        ("running", "UPDATE game_tables SET clock_due = 1 WHERE id = :table", "fall due"),
    ],
)
def test_check_db_reports_a_corrupted_row_by_its_table(
    finished_and_running: tuple[str, str, str], which: str, corruption: str, said: str
) -> None:
    url, finished, timed = finished_and_running
    table = finished if which == "finished" else timed
    engine = create_engine(url)
    try:
        with engine.begin() as connection:
            stored = json.loads(
                connection.execute(
                    text("SELECT result FROM game_tables WHERE id = :table"), {"table": finished}
                ).scalar_one()
            )
            wrong = {**stored, "scores": [score + 1 for score in stored["scores"]]}
            connection.execute(text(corruption), {"table": table, "result": json.dumps(wrong)})
    finally:
        engine.dispose()
    result = check(url)
    assert result.exit_code == 2, result.output
    reported = [line for line in result.output.splitlines() if line.startswith("mismatch")]
    assert len(reported) >= 1
    assert all(table in line for line in reported)  # the other table is sound
    assert said in result.output


def test_backup_refuses_to_overwrite_and_restore_refuses_a_foreign_file(tmp_path: Path) -> None:
    url = fresh_sqlite(tmp_path)
    existing = tmp_path / "taken.db"
    existing.write_text("already here")
    refused = runner.invoke(cli, ["backup", str(existing), "--database", url])
    assert refused.exit_code != 0
    assert "exists already" in refused.output
    assert existing.read_text() == "already here"
    foreign = runner.invoke(cli, ["restore", str(existing), "--database", f"sqlite:///{tmp_path / 'new.db'}"])
    assert foreign.exit_code != 0
    assert "not a sound SQLite database" in foreign.output


def test_postgresql_is_backed_up_with_pg_dump_and_restored(tmp_path: Path) -> None:
    with postgres_database() as source, postgres_database() as target:
        with running_app_on(source) as client:
            table_id, alice, bob = two_player_table(client)
            play_random_moves(table_id, [alice, bob], random.Random(5), limit=15)
            before = alice.get(f"/api/tables/{table_id}/log?since=0").json()
        dump = tmp_path / "mozaika.dump"
        made = runner.invoke(cli, ["backup", str(dump), "--database", source])
        assert made.exit_code == 0, made.output
        put_back = runner.invoke(cli, ["restore", str(dump), "--database", target])
        assert put_back.exit_code == 0, put_back.output
        assert check(target).exit_code == 0
        with running_app_on(target) as client:
            after = Player(client).get(f"/api/tables/{table_id}/log?since=0").json()
        assert after["entries"] == before["entries"]
        assert after["position"] == before["position"]


def tampered(tmp_path: Path, name: str, statement: str) -> Path:
    """A real backup of a fresh database, changed afterwards by ``statement``."""
    backup = tmp_path / "good.db"
    if not backup.exists():
        made = runner.invoke(cli, ["backup", str(backup), "--database", fresh_sqlite(tmp_path)])
        assert made.exit_code == 0, made.output
    changed = tmp_path / name
    shutil.copyfile(backup, changed)
    engine = create_engine(f"sqlite:///{changed}")
    try:
        with engine.begin() as connection:
            connection.execute(text(statement))
    finally:
        engine.dispose()
    return changed


SLIPPED_IN = {
    "a trigger": (
        "CREATE TRIGGER promote AFTER INSERT ON chat_messages"
        " BEGIN UPDATE players SET role = 'admin' WHERE id = NEW.player_id; END",
        "trigger 'promote'",
    ),
    "a view": ("CREATE VIEW everyone AS SELECT * FROM players", "view 'everyone'"),
    "an index": ("CREATE INDEX by_name ON players (name)", "index 'by_name'"),
    "a table": ("CREATE TABLE notes (text TEXT)", "table 'notes'"),
    "a changed table": ("ALTER TABLE players ADD COLUMN secret TEXT", "table 'players' is not as the migrations"),
    "a future schema": ("UPDATE alembic_version SET version_num = '9999_future'", "'9999_future'"),
    "no schema version": ("DELETE FROM alembic_version", "records no schema version"),
}


@pytest.mark.parametrize("kind", sorted(SLIPPED_IN))
def test_restore_takes_only_what_backup_makes_and_check_db_finds_the_rest(tmp_path: Path, kind: str) -> None:
    statement, named = SLIPPED_IN[kind]
    backup = tampered(tmp_path, "tampered.db", statement)
    target = tmp_path / "restored.db"
    refused = runner.invoke(cli, ["restore", str(backup), "--database", f"sqlite:///{target}"])
    assert refused.exit_code == 2, refused.output
    assert named in refused.output
    assert not target.exists()
    # A database changed so in place is not sound either (check-db looks at the schema too).
    checked = check(f"sqlite:///{backup}")
    assert checked.exit_code == 2 and (named in checked.output or "schema version" in checked.output), checked.output


def test_restore_refuses_a_backup_whose_games_do_not_replay(tmp_path: Path) -> None:
    url = fresh_sqlite(tmp_path)
    with running_app_on(url) as client:
        table_id, alice, bob = two_player_table(client)
        play_random_moves(table_id, [alice, bob], random.Random(8), limit=10)
    backup = tmp_path / "backup.db"
    assert runner.invoke(cli, ["backup", str(backup), "--database", url]).exit_code == 0
    engine = create_engine(f"sqlite:///{backup}")
    with engine.begin() as connection:
        connection.execute(text("UPDATE log_entries SET text = 'XX' WHERE table_id = :t AND seq = 4"), {"t": table_id})
    engine.dispose()
    refused = runner.invoke(cli, ["restore", str(backup), "--database", f"sqlite:///{tmp_path / 'new.db'}"])
    assert refused.exit_code == 2 and table_id in refused.output and "do not match their logs" in refused.output


def test_a_postgresql_dump_with_a_function_and_a_trigger_is_refused(tmp_path: Path) -> None:
    with postgres_database() as source, postgres_database() as target:
        with running_app_on(source):
            pass
        engine = create_engine(source)
        with engine.begin() as connection:
            connection.execute(
                text(
                    "CREATE FUNCTION promote() RETURNS trigger LANGUAGE plpgsql AS"
                    " $$ BEGIN UPDATE players SET role = 'admin' WHERE id = NEW.player_id; RETURN NEW; END $$"
                )
            )
            connection.execute(
                text("CREATE TRIGGER promote AFTER INSERT ON chat_messages FOR EACH ROW EXECUTE FUNCTION promote()")
            )
        engine.dispose()
        checked = check(source)
        assert checked.exit_code == 2
        assert "trigger 'promote'" in checked.output and "function 'promote'" in checked.output
        dump = tmp_path / "mozaika.dump"
        assert runner.invoke(cli, ["backup", str(dump), "--database", source]).exit_code == 0
        refused = runner.invoke(cli, ["restore", str(dump), "--database", target])
        assert refused.exit_code == 2, refused.output
        assert "function public.promote" in refused.output and "trigger public" in refused.output
        untouched = check(target)  # nothing was restored: the target has no schema at all
        assert untouched.exit_code == 2 and "schema version None" in untouched.output
