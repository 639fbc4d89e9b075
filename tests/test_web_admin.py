"""The administrators' page in the browser, and reporting a chat line from a table."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import httpx

from browserkit import Person
from serverprocess import ServerProcess, http_client

SOURCE = Path(__file__).parent.parent / "src"
SIZES = [(1366, 768), (1920, 1080), (390, 844)]


def grant(server: ServerProcess, username: str) -> None:
    database = server.command[server.command.index("--database") + 1]
    environment = {**os.environ, "PYTHONPATH": f"{SOURCE}{os.pathsep}{os.environ.get('PYTHONPATH', '')}"}
    done = subprocess.run(
        [sys.executable, "-m", "mozaika", "admin", "grant", username, "--database", database],
        capture_output=True,
        text=True,
        env=environment,
        check=False,
    )
    assert done.returncode == 0, done.stdout + done.stderr


def account(server: ServerProcess, username: str) -> httpx.Client:
    client = http_client(server.url)
    response = client.post("/api/accounts", json={"username": username, "password": "correct horse battery"})
    assert response.status_code == 201, response.text
    return client


def test_players_report_a_line_and_the_administrator_removes_it(
    people: list[Person], browser: Any, server: ServerProcess
) -> None:
    account(server, "spravce").close()
    grant(server, "spravce")
    troll = account(server, "trollik")
    vera_api = account(server, "vera")
    table_id = vera_api.post("/api/tables", json={"game": "azul", "players": 2}).json()["table"]["id"]
    vera_api.close()
    assert troll.post(f"/api/tables/{table_id}/join", json={}).status_code == 200
    line = troll.post(f"/api/tables/{table_id}/chat", json={"text": "Jste všichni hlupáci"}).json()
    vera = Person(browser, server.url)
    people.append(vera)
    vera.open("/")
    vera.sign_in("vera")
    vera.page.wait_for_selector("#create-form")
    vera.open(f"/tables/{table_id}")
    vera.page.click(".chat-panel summary")
    vera.page.once("dialog", lambda dialog: dialog.accept("urážky"))
    vera.page.click(f'.chat li[data-message="{line["id"]}"] .report')
    vera.page.wait_for_selector(".toast")

    admin = Person(browser, server.url, width=1366, height=768)
    people.append(admin)
    admin.open("/")
    admin.sign_in("spravce")
    admin.page.wait_for_selector("#create-form")
    admin.page.click(".admin-link")  # the top bar shows administrators their page
    admin.page.wait_for_url("**/admin")
    report = admin.page.locator(f'.admin-report[data-message="{line["id"]}"]')
    report.wait_for()
    assert "urážky" in report.inner_text()
    admin.page.fill("#admin-query", "troll")
    admin.page.click(".admin-search button[type=submit]")
    admin.page.locator(".admin-player", has_text="trollik").wait_for()
    for language in ("en", "cs"):
        admin.page.evaluate(
            """(language) => localStorage.setItem("mozaika.preferences",
                   JSON.stringify({...JSON.parse(localStorage.getItem("mozaika.preferences") || "{}"), language}))""",
            language,
        )
        admin.open("/admin")
        admin.page.locator(".admin-report").first.wait_for()
        for width, height in SIZES:
            admin.resize(width, height)
            admin.screenshot(f"admin-{language}-{width}x{height}")
    admin.resize(1366, 768)
    admin.page.once("dialog", lambda dialog: dialog.accept())
    report.locator("button.danger").click()
    report.wait_for(state="detached")
    vera.page.locator(f'.chat li[data-message="{line["id"]}"]').wait_for(state="detached")  # gone live
    admin.page.locator(".admin-audit-table td", has_text="zpráva odstraněna").first.wait_for()
    troll.close()


def test_the_administration_page_is_refused_to_players(
    people: list[Person], browser: Any, server: ServerProcess
) -> None:
    account(server, "hrac").close()
    player = Person(browser, server.url)
    people.append(player)
    player.open("/")
    player.sign_in("hrac")
    player.page.wait_for_selector("#create-form")
    assert player.page.locator(".admin-link").count() == 0
    player.open("/admin")
    refused = player.page.locator(".admin-refused")
    refused.wait_for()
    assert "administrators" in refused.inner_text()
    assert player.page.locator(".admin-player").count() == 0
    player.screenshot("admin-refused-en")
