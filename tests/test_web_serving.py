"""What the server gives the browser client: its page and files, the boards' printed data, hints,
and the text catalogues every word on the page comes from."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

import mozaika.server
from mozaika.azul.wall import coloured_colour
from mozaika.bots import LEVELS
from mozaika.catalogue.registry import game_ids, game_spec
from mozaika.cli.app import app as cli
from mozaika.pavilion.geometry import FEATURES, SPACES
from mozaika.server import Settings, create_app
from mozaika.web import PAGE_PATHS, STATIC

from serverkit import Player, running_app


def test_every_address_the_client_shows_gets_the_page_and_the_api_keeps_its_errors(tmp_path: Path) -> None:
    with running_app(tmp_path) as client:
        for path in ("/", "/tables/abc123", "/join/abc123?invite=secret", "/replay/abc123"):
            response = client.get(path)
            assert response.status_code == 200, path
            assert response.headers["content-type"].startswith("text/html")
            assert '<script type="module" src="/static/js/main.js">' in response.text
        script = client.get("/static/js/main.js")
        assert script.status_code == 200
        assert "javascript" in script.headers["content-type"]
        assert client.get("/static/i18n/cs.json").json()["sign_in"] == "Přihlásit"
        assert client.get("/static/js/missing.js").status_code == 404
        missing = client.get("/api/nothing-here")
        assert missing.status_code == 404 and missing.json()["error"]["code"] == "not_found"
        documented = client.get("/openapi.json").json()["paths"]
        assert not any(path in documented for path in PAGE_PATHS), "pages are not part of the API"


def test_the_catalogue_carries_each_printed_board() -> None:
    from mozaika.server.tables import game_catalogue

    boards = {entry["id"]: entry["board"] for entry in game_catalogue()}
    assert set(boards) == set(game_ids())
    azul = boards["azul"]
    letters = game_spec("azul").theme.letters  # type: ignore[union-attr]
    assert azul["kind"] == "wall"
    assert azul["wall_pattern"] == [
        "".join(letters[coloured_colour(row, column)] for column in range(5)) for row in range(5)
    ]
    assert azul["floor_penalties"] == [-1, -1, -2, -2, -2, -3, -3]
    assert boards["chocolatier"]["discs"] == ["1", "2B", "2N", "2P", "2K", "2W", "3", "4", "5"]  # M-1
    pavilion = boards["pavilion"]
    assert pavilion["kind"] == "stars"
    assert len(pavilion["features"]) == len(FEATURES) == 18  # S-3
    assert all(len(numbers) == SPACES for numbers in pavilion["numbers"].values())  # S-1, S-15
    assert len(pavilion["wild_by_round"]) == 6  # S-4
    assert json.loads(json.dumps(boards)) == boards, "plain JSON data"


def _hint_table(client: Any, **body: Any) -> tuple[str, Player, Player]:
    alice, bob = Player.account(client, "alice"), Player.account(client, "bob")
    table_id = alice.create("azul", 2, **body)["table"]["id"]
    bob.post(f"/api/tables/{table_id}/join", json={})
    alice.post(f"/api/tables/{table_id}/start")
    return table_id, alice, bob


def test_a_hint_lists_legal_moves_for_the_player_on_turn_only(tmp_path: Path) -> None:
    with running_app(tmp_path, hint_seconds=0.2) as client:
        table_id, alice, bob = _hint_table(client)
        view = alice.table(table_id)
        hint = alice.get(f"/api/tables/{table_id}/hint").json()
        assert hint["seat"] == 0 and hint["seq"] == view["seq"]
        assert 1 <= len(hint["moves"]) <= 5
        assert {move["move"] for move in hint["moves"]} <= set(view["legal_moves"])
        assert all(move["visits"] is not None for move in hint["moves"]), "the expert searches"
        not_yours = bob.get(f"/api/tables/{table_id}/hint")
        assert not_yours.status_code == 409 and "not your turn" in not_yours.json()["error"]["message"]
        watcher = Player.guest(client, "Watcher")
        assert watcher.get(f"/api/tables/{table_id}/hint").status_code == 403
        assert alice.table(table_id)["seq"] == view["seq"], "a hint changes nothing"


def test_rated_games_have_no_hints(tmp_path: Path) -> None:
    with running_app(tmp_path) as client:
        table_id, alice, _ = _hint_table(client, rated=True)
        assert alice.table(table_id)["hints"] is False
        refused = alice.get(f"/api/tables/{table_id}/hint")
        assert refused.status_code == 403 and "rated" in refused.json()["error"]["message"]


def test_the_server_opens_a_browser_only_when_asked(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    calls: list[dict[str, Any]] = []
    monkeypatch.setattr(mozaika.server, "serve", lambda settings, **options: calls.append(options))
    database = f"sqlite:///{tmp_path / 'cli.db'}"
    runner = CliRunner()
    quiet = runner.invoke(cli, ["serve", "--port", "8123", "--database", database])
    opened = runner.invoke(cli, ["serve", "--port", "8124", "--database", database, "--open"])
    assert quiet.exit_code == 0 and opened.exit_code == 0, quiet.output + opened.output
    assert "http://127.0.0.1:8123" in quiet.output
    assert calls[0]["open_url"] is None
    assert calls[1]["open_url"] == "http://127.0.0.1:8124"

    ready: list[bool] = []
    from asgiclient import TestClient

    application = create_app(
        Settings(database_url=database, start_bot_workers_early=False), on_ready=lambda: ready.append(True)
    )
    assert ready == []
    with TestClient(application):
        assert ready == [True], "the browser opens once the server has started"


# --- the text catalogues ---------------------------------------------------------------------------

CATALOGUES = {language: json.loads((STATIC / "i18n" / f"{language}.json").read_text()) for language in ("en", "cs")}
SCRIPTS = "\n".join(path.read_text() for path in sorted((STATIC / "js").rglob("*.js")))


def _placeholders(entry: str | dict[str, str]) -> set[str]:
    texts = entry.values() if isinstance(entry, dict) else [entry]
    return {name for text in texts for name in re.findall(r"\{(\w+)\}", text)}


def test_both_languages_have_every_text_with_the_same_placeholders() -> None:
    english, czech = CATALOGUES["en"], CATALOGUES["cs"]
    assert set(english) == set(czech)
    for key, entry in english.items():
        assert _placeholders(entry) == _placeholders(czech[key]), key
        if isinstance(entry, dict):
            assert {"one", "other"} <= set(entry), key
            assert {"one", "few", "other"} <= set(czech[key]), f"{key}: Czech needs its 'few' form"


def test_every_text_the_scripts_ask_for_is_in_the_catalogue() -> None:
    asked = set(re.findall(r"\bt\(\s*\"([^\"]+)\"", SCRIPTS))
    asked |= set(re.findall(r"\"(prompt\.\w+)\"", SCRIPTS))
    asked |= set(re.findall(r"\bterm\((?:[^,()]*,\s*)?\"([^\"]+)\"", SCRIPTS))  # a game's own word, or the common one
    missing = sorted(key for key in asked if key not in CATALOGUES["en"])
    assert not missing, missing
    # A game's own word ("výloha", "nabídka") stands in for a common text of a real game.
    for key in CATALOGUES["en"]:
        if "@" in key:
            common, game = key.split("@")
            assert common in CATALOGUES["en"] and game in game_ids(), key
    # Keys built from data: every value the server can send has its text.
    english = CATALOGUES["en"]
    for game in game_ids():
        spec = game_spec(game)
        assert f"game.{game}" in english
        for option in spec.options:
            assert f"option.{option.name}" in english
            for value in option.values:
                assert f"option.{option.name}.{str(value).lower() if isinstance(value, bool) else value}" in english
    for level in LEVELS:
        assert f"level.{level}" in english
    for status in ("open", "running", "finished", "cancelled"):
        assert f"status.{status}" in english
    for kind in ("window", "statue", "pillar"):
        assert f"feature.{kind}" in english
    for disc in range(1, 6):
        assert f"disc.{disc}" in english


def test_each_game_s_guide_names_texts_and_lessons_that_exist(tmp_path: Path) -> None:
    """The client teaches a game from its guide in ``GET /api/games`` (its short rules, the variants' rules,
    its scoring figures and showcase): every rule has its text in both languages, every lesson is one of
    the game's tutorial, and each option value a variant names is one of the option's values."""
    from mozaika.lessons import TUTORIALS

    with running_app(tmp_path) as client:
        entries = client.get("/api/games").json()
    assert {entry["id"] for entry in entries} == set(game_ids())
    for entry in entries:
        game, guide = entry["id"], entry["guide"]
        assert guide is not None and guide["rules"], game
        options = {option["name"]: option["values"] for option in entry["options"]}
        names = list(guide["rules"])
        for option, values in guide["variant_rules"].items():
            written = {str(value).lower() if isinstance(value, bool) else str(value) for value in options[option]}
            assert set(values) <= written, (game, option)
            names += [name for added in values.values() for name in added]
        for name in names:
            assert f"rules.{game}.{name}" in CATALOGUES["en"] and f"rules.{game}.{name}" in CATALOGUES["cs"], name
        lessons = {lesson.id for lesson in TUTORIALS[game].lessons}
        assert set(guide["figures"]) <= lessons and guide["showcase"] in lessons, game


@pytest.mark.parametrize("game", ["azul", "chocolatier", "pavilion"])
def test_every_score_source_and_statistic_has_a_name(game: str) -> None:
    import random

    from mozaika import new_game
    from mozaika.server.tables.results import final_result

    state = new_game(game, players=2, seed=1)
    state.playout(random.Random(1))
    result = final_result(state, [{"moves": 0, "rounds_as_first_player": 0, "thinking_seconds": 0.0}] * 2)
    for player in result["players"]:
        for source in player["sources"]:
            assert f"source.{source}" in CATALOGUES["en"], source
        for name in player["statistics"]:
            assert f"stat.{name}" in CATALOGUES["en"], name


def test_a_bot_worker_loads_neither_the_web_framework_nor_the_database() -> None:
    """What a worker imports to play a move: the bots and the games, so that it starts fast and stays small."""
    import subprocess
    import sys

    probe = (
        "import sys, mozaika\n"
        "from mozaika.server.bots.work import choose_move\n"
        "choose_move(mozaika.new_game('azul', players=2, seed=1).to_json(), 0, 'easy', 1)\n"
        "heavy = {'fastapi', 'starlette', 'sqlalchemy', 'alembic'}\n"
        "print(sorted({name.split('.')[0] for name in sys.modules} & heavy))"
    )
    loaded = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True).stdout
    assert loaded.strip() == "[]"


def test_a_bot_and_a_hint_decide_for_their_own_seat_when_several_choose_at_once() -> None:
    """A-10: grey-wall columns are chosen by every player at once; the bot of seat 2 chooses seat 2's."""
    import random

    from mozaika import new_game
    from mozaika.server.bots.work import analyse_position, choose_move

    state = new_game("azul", players=2, seed=4, wall="grey")
    rng = random.Random(4)
    while len(state.to_move) < 2:
        state.play(rng.choice(state.legal_moves()))
    assert state.to_move == (0, 1)
    position = state.to_json()
    for seat in (0, 1):
        legal = {str(move) for move in state.legal_moves(seat)}
        assert choose_move(position, seat, "easy", 1) in legal
        assert {found["move"] for found in analyse_position(position, seat, "easy", 0.1, 5)} <= legal
