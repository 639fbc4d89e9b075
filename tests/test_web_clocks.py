"""Clocks in the browser: they count down beside the boards, turn red in the last 30 seconds, and an
opponent who runs out of time is replaced by the bot, live; the lobby lists the time left.

Debian's Chromium, driven by Playwright, against a real ``mozaika serve``.  Instead of waiting
two minutes for a bank to run out, the test moves the table's stored clocks back (the server
then finds the deadline passed by itself, within a second).  Screenshots of the table with
its clocks go to ``build/test-artifacts/``.
"""

from __future__ import annotations

import re
import uuid
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from browserkit import Person
from serverkit import Inbox, mail_server, rewind_clocks, wait_for
from serverprocess import ServerProcess

# The page's notifications are recorded, and the test says when the tab is in the background.
NOTIFICATIONS = """
window.notices = [];
window.Notification = class {
  static permission = "granted";
  static requestPermission() { return Promise.resolve("granted"); }
  constructor(title, options) { window.notices.push({ title, body: options.body }); }
  close() {}
};
Object.defineProperty(document, "hidden", { configurable: true, get: () => window.inBackground === true });
"""


@pytest.fixture(scope="module")
def database(tmp_path_factory: pytest.TempPathFactory) -> tuple[str, Path]:
    folder: Path = tmp_path_factory.mktemp("clocks")
    return f"sqlite:///{folder / 'clocks.db'}", folder


@pytest.fixture(scope="module")
def mailbox() -> Iterator[tuple[Inbox, str]]:
    """Where this module's server mails to: an SMTP server on loopback."""
    with mail_server() as found:
        yield found


@pytest.fixture(scope="module")
def starting_server(database: tuple[str, Path], mailbox: tuple[Inbox, str]) -> Iterator[ServerProcess]:
    """This module's server (the shared fixtures in conftest.py start Chromium beside it)."""
    url, folder = database
    options = ("--replacement-bot", "beginner", "--smtp", mailbox[1])
    process = ServerProcess(url, folder / "server.log", None, 1, *options).launch()
    yield process
    process.stop()


def newcomer(people: list[Person], browser: Any, server: ServerProcess, *, width: int, height: int) -> Person:
    someone = Person(browser, server.url, width=width, height=height)
    people.append(someone)
    return someone


def guest(people: list[Person], browser: Any, server: ServerProcess, name: str) -> Person:
    """A guest in the lobby of a laptop's window."""
    someone = newcomer(people, browser, server, width=1366, height=768)
    someone.open("/")
    someone.guest(name)
    someone.page.wait_for_selector("#create-form")
    return someone


def clock_text(someone: Person, seat: int) -> str:
    return someone.page.locator(f'.board-panel[data-seat="{seat}"] .clock').inner_text()


def clock_seconds(someone: Person, seat: int) -> int:
    """The time a clock shows (m:ss), in seconds."""
    minutes, seconds = clock_text(someone, seat).split(":")
    return int(minutes) * 60 + int(seconds)


def bank(view: dict[str, Any], seat: int) -> float:
    return float(view["clock"]["seats"][seat]["remaining"])


def test_a_clock_counts_down_and_the_opponents_timeout_hands_the_seat_to_a_bot(
    people: list[Person], browser: Any, server: ServerProcess, database: tuple[str, Path]
) -> None:
    alice = newcomer(people, browser, server, width=1366, height=768)
    alice.context.add_init_script(NOTIFICATIONS)
    alice.open("/")
    alice.guest("Alice")
    alice.page.wait_for_selector("#create-form")
    alice.page.select_option("#new-clock", "custom")  # a custom clock: minutes and seconds per move
    assert alice.page.locator("#new-clock-minutes").is_visible()
    alice.page.select_option("#new-clock", "fast")
    assert not alice.page.locator("#new-clock-minutes").is_visible()
    table_id = alice.create_table("azul", ["open"])
    assert "Fast 2+10" in alice.page.locator(".table-head h1").inner_text()

    bob = newcomer(people, browser, server, width=390, height=844)
    bob.page.goto(f"/join/{table_id}")
    bob.page.wait_for_selector("#guest-form")
    bob.guest("Bob")
    bob.page.wait_for_url(re.compile(rf".*/tables/{table_id}$"))
    alice.page.wait_for_selector(".start-button:not([disabled])")
    alice.page.click(".start-button")

    # Alice's clock runs and counts down; Bob's waits at his whole bank.
    alice.page.wait_for_selector('.board-panel[data-seat="0"] .clock.running')
    assert clock_text(alice, 1) == "2:00"
    shown = clock_text(alice, 0)
    alice.page.wait_for_function(
        "shown => document.querySelector('.board-panel[data-seat=\"0\"] .clock').innerText !== shown", arg=shown
    )
    assert clock_seconds(alice, 0) < 120, "her clock counts down"
    before = alice.table()
    alice.play(before["legal_moves"][0])
    alice.page.wait_for_selector('.board-panel[data-seat="1"] .clock.running')
    assert not alice.page.locator('.board-panel[data-seat="0"] .clock.running').count()
    after = alice.table()
    # Her turn ended between the two reads; the increment of 10 s was added to what was left then
    # (however long a loaded machine took to make the move).
    used_between = after["clock"]["now"] - before["clock"]["now"]
    assert bank(before, 0) + 10 - used_between - 0.01 <= bank(after, 0) <= bank(before, 0) + 10 + 0.01
    assert clock_seconds(alice, 0) == int(bank(after, 0)), "the page shows the bank the server keeps"
    bob.page.wait_for_selector(".board-panel.mine .clock.running")
    bob.screenshot("clock-table-390x844")

    # Bob has 25 seconds left: his clock turns red on both pages.
    rewind_clocks(database[0], table_id, 95.0)
    alice.page.reload()
    alice.page.wait_for_selector('.board-panel[data-seat="1"] .clock.running.low')
    assert 0 < clock_seconds(alice, 1) <= 25
    alice.screenshot("clock-table-1366x768")
    bob.page.reload()
    bob.page.wait_for_selector(".board-panel.mine .clock.low")
    bob.screenshot("clock-table-low-390x844")

    # His time runs out: the server hands his seat to the bot, which plays his turn; Alice, in another tab, is told.
    alice.page.evaluate("window.inBackground = true")
    rewind_clocks(database[0], table_id, 30.0)
    alice.page.wait_for_selector(".toast", state="attached")
    assert "Bob ran out of time" in alice.page.locator(".toast").first.inner_text()
    alice.wait_for_turn_or_end()
    seat = alice.table()["seats"][1]
    assert (seat["kind"], seat["timed_out"], seat["level"]) == ("bot", True, "beginner")
    # His board keeps his name, and says which bot plays it now.
    head = alice.page.locator('.board-panel[data-seat="1"] .board-head')
    assert head.locator(".player-name").inner_text() == "Bob"
    assert head.locator(".badge.stand-in").inner_text() == "played by Bot (beginner)"
    assert not alice.page.locator('.board-panel[data-seat="1"] .clock').count(), "a bot has no clock"
    assert alice.page.evaluate("window.notices") == [
        {"title": "Your turn: Azul", "body": "Mozaika: your move at the table."}
    ]

    # Bob sees what happened and takes his seat back (a friendly table), with a fresh clock.
    bob.page.wait_for_selector(".take-back-button")
    assert "Your time ran out" in bob.page.locator(".actions").inner_text()
    bob.screenshot("clock-timed-out-390x844")
    bob.page.click(".take-back-button")
    bob.page.wait_for_selector(".board-panel.mine")
    bob.page.wait_for_function("() => !document.querySelector('.take-back-button')")
    assert alice.table()["seats"][1]["kind"] == "player"

    # The lobby lists Alice's turn first, with the time she has left.
    alice.page.evaluate("window.inBackground = false")
    alice.open("/")
    first = alice.page.locator("#your-tables li").first
    assert "your-turn" in (first.get_attribute("class") or "")
    assert re.search(r"Fast 2\+10 · \d:\d\d left", first.locator(".lobby-clock").inner_text())


@pytest.mark.parametrize("choice", ["fresh bank", "bot finishes"])
def test_running_out_of_time_against_bots_pauses_the_game_until_the_player_chooses(
    people: list[Person], browser: Any, server: ServerProcess, database: tuple[str, Path], choice: str
) -> None:
    """At a friendly table where every other seat is a bot, a timeout pauses the game: nobody moves
    until the player plays on with a fresh bank, or lets the bot finish."""
    carla = guest(people, browser, server, "Carla")
    carla.page.select_option("#new-clock", "fast")
    table_id = carla.create_table("azul", ["bot:beginner"])
    carla.page.wait_for_selector('.board-panel[data-seat="0"] .clock.running')
    rewind_clocks(database[0], table_id, 200.0)
    prompt = carla.page.locator(".prompt.timed-out")
    prompt.wait_for()
    assert "Your time ran out. The bots wait for you" in prompt.inner_text()
    assert "2:00" in prompt.inner_text(), "the fresh bank is the time control's"
    assert carla.page.locator(".table-head .turn").inner_text() == "Paused: the bots wait for your choice"
    paused = carla.table()
    assert paused["seats"][0]["timed_out"] and paused["seats"][0]["kind"] == "player"
    assert not carla.page.locator(".table-page[data-your-turn=true] .board-panel.mine .pickable").count()
    carla.screenshot(f"clock-paused-{choice.replace(' ', '-')}-1366x768")
    if choice == "fresh bank":
        carla.page.click(".take-back-button")
        carla.wait_for_turn_or_end()
        view = carla.table()
        assert view["seq"] == paused["seq"], "nobody moved while the game waited"
        assert not view["seats"][0]["timed_out"] and bank(view, 0) > 100, "a fresh bank of two minutes"
        carla.play(view["legal_moves"][0])
        carla.wait_past(view["seq"])
    else:
        carla.page.click(".let-bot-finish")
        carla.page.wait_for_selector('.table-page[data-status="finished"]', timeout=180_000)
        seat = carla.table()["seats"][0]
        assert (seat["kind"], seat["replaced"]) == ("bot", True)


def test_a_turn_based_table_shows_each_deadline_and_the_time_left(
    people: list[Person], browser: Any, server: ServerProcess
) -> None:
    ana = guest(people, browser, server, "Ana")
    ana.page.select_option("#new-clock", "custom")
    ana.screenshot("clock-lobby-form-1366x768", "#create-form")
    ana.page.select_option("#new-clock", "24h")
    ana.create_table("azul", ["bot:beginner"])
    clock = ana.page.locator('.board-panel[data-seat="0"] .clock.running')
    clock.wait_for()
    # A day for the turn, and a day's reserve said apart (not one sum of two days).
    assert re.fullmatch(r"2[34] h \d\d min", clock.locator(".clock-time").inner_text())
    assert clock.locator(".clock-reserve").inner_text() == "+ 24 h 00 min reserve"
    assert clock.locator(".clock-deadline").inner_text().startswith("until ")
    assert not ana.page.locator(".clock.low").count(), "turn-based clocks are not red in their last 30 seconds"
    assert not ana.page.locator('.board-panel[data-seat="1"] .clock').count(), "the bot has no clock"
    assert "Turn-based, 24 h per move" in ana.page.locator(".table-head h1").inner_text()
    ana.screenshot("clock-turn-based-1366x768")
    ana.open("/")
    row = ana.page.locator("#your-tables li.your-turn").first
    assert re.search(r"24 h per move · 2[34] h \d\d min left \(\+ 24 h 00 min reserve\)", row.inner_text())
    ana.screenshot("clock-lobby-1366x768")


def test_an_account_turns_its_e_mail_reminders_on_in_the_lobby_and_confirms_its_address(
    people: list[Person], browser: Any, server: ServerProcess, mailbox: tuple[Inbox, str]
) -> None:
    inbox = mailbox[0]
    eva = newcomer(people, browser, server, width=1366, height=768)
    eva.open("/")
    address = f"eva{uuid.uuid4().hex[:8]}@example.org"
    eva.register(address.split("@")[0])
    eva.page.wait_for_selector("#reminders-form")
    assert not eva.page.locator("#reminder-wanted").is_checked()  # off by default
    eva.page.fill("#reminder-email", address)
    eva.page.check("#reminder-wanted")
    eva.page.click("#reminders-form button[type=submit]")
    eva.page.wait_for_selector('#reminder-status[data-state="waiting"]')
    assert eva.api("/me/settings") == {
        "email": address, "email_reminders": True, "email_confirmed": False, "sending": True,
    }  # fmt: skip
    assert address in eva.page.locator("#reminder-status").inner_text()
    eva.screenshot("clock-lobby-reminders-unconfirmed-1366x768")
    letter = wait_for(lambda: next((found for found in inbox.letters if found["To"] == address), None), 120.0)
    link = re.search(r"\S+/confirm-email#\S+", letter.get_content()).group()  # type: ignore[union-attr]
    assert link.startswith(f"{server.url}/confirm-email#")

    phone = newcomer(people, browser, server, width=390, height=844)  # opened from the phone's mail, signed out
    phone.page.goto(link)
    phone.page.wait_for_selector('#confirm-email[data-state="confirmed"]')
    assert address in phone.page.locator("#confirm-email").inner_text()
    assert "#" not in phone.page.url  # the spent token is not kept in the address bar or the history
    phone.screenshot("confirm-email-390x844")
    phone.page.goto(link)
    phone.page.wait_for_selector('#confirm-email[data-state="refused"]')

    eva.open("/")
    eva.page.wait_for_selector('#reminder-status[data-state="confirmed"]')
    eva.screenshot("clock-lobby-reminders-1366x768")
    for width, height in ((1920, 1080), (390, 844)):
        eva.resize(width, height)
        card = eva.page.locator("#reminders-form").bounding_box()
        assert card is not None and card["x"] >= 0 and card["x"] + card["width"] <= width  # the card fits the width
        eva.screenshot(f"clock-lobby-reminders-{width}x{height}")


def test_the_reminder_fields_wait_for_the_stored_settings(
    people: list[Person], browser: Any, server: ServerProcess, mailbox: tuple[Inbox, str]
) -> None:
    """What someone types before the account's settings arrive is not overwritten by them: until then the
    fields are disabled (a slow answer once emptied an address typed meanwhile and saved reminders off)."""
    eva = newcomer(people, browser, server, width=1366, height=768)
    eva.open("/")
    held: list[Any] = []
    eva.page.route(
        "**/api/me/settings",
        lambda route: held.append(route) if route.request.method == "GET" else route.continue_(),
    )
    eva.register(f"eva{uuid.uuid4().hex[:8]}")
    eva.page.wait_for_selector("#reminders-form")
    eva.page.wait_for_function("() => document.querySelector('#reminder-email').disabled")
    assert eva.page.locator("#reminder-wanted").is_disabled()
    assert eva.page.locator("#reminders-form button[type=submit]").is_disabled()
    assert held  # the settings were asked for, and are not answered yet
    for route in held:
        route.continue_()
    eva.page.unroute("**/api/me/settings")
    eva.page.wait_for_selector("#reminder-email:enabled")
    assert eva.page.locator("#reminder-status").get_attribute("data-state") == "none"
    assert not eva.page.locator("#reminder-wanted").is_checked() and eva.page.input_value("#reminder-email") == ""
