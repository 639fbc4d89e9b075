"""An account's e-mail address: one plain address, confirmed by its owner before anything else is
mailed to it, and few letters a day.

Time is a :class:`FakeTime`; the SMTP server is aiosmtpd on loopback, so that the tests see
each letter with its envelope.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from mozaika.server.settings import Limits

from asgiclient import TestClient
from serverkit import FakeTime, Inbox, Player, confirm_from_letter, mail_server, running_app

START = 1_800_000_000.0

DANGEROUS = [
    pytest.param("=?utf-8?q?a=40evil.example=2Cb=40evil2.example=2C?=me@b.cz", id="encoded-word"),
    pytest.param("postmaster,abuse,victim@example.org", id="comma-list"),
    pytest.param('"Mozaika" <victim@example.org>', id="display-name"),
    pytest.param("victim\x00@example.org", id="nul"),
    pytest.param("victim\x07@example.org", id="bel"),
    pytest.param("victim\x1b@example.org", id="esc"),
    pytest.param("victim\x7f@example.org", id="del"),
    pytest.param("victim\u202e@example.org", id="bidi-override"),
    pytest.param("victim@example.org\r\nBcc: other@example.org", id="header-injection"),
]


@pytest.fixture
def fake_time() -> FakeTime:
    return FakeTime(START)


@pytest.fixture
def mailing(tmp_path: Path, fake_time: FakeTime) -> Iterator[tuple[TestClient, Inbox]]:
    limits = Limits(confirmations_per_day=2, reminders_per_day=3)
    with (
        mail_server() as (inbox, smtp),
        running_app(
            tmp_path, now=fake_time, smtp_url=smtp, public_url="https://mozaika.example", limits=limits
        ) as client,
    ):
        yield client, inbox


def put_settings(player: Player, email: str | None, reminders: bool = True) -> Any:
    return player.client.put(
        "/api/me/settings", json={"email": email, "email_reminders": reminders}, headers=player.headers
    )


@pytest.mark.parametrize("email", DANGEROUS)
def test_an_e_mail_setting_is_exactly_one_plain_address(mailing: tuple[TestClient, Inbox], email: str) -> None:
    """No list, no display name, no encoded word, no control or bidirectional character: 422, nothing mailed."""
    client, inbox = mailing
    jana = Player.account(client, "jana")
    refused = put_settings(jana, email)
    assert refused.status_code == 422, refused.text
    assert jana.get("/api/me/settings").json()["email"] is None
    assert inbox.letters == []


def test_a_plain_address_is_kept_normalised_and_gets_one_confirmation_letter(
    mailing: tuple[TestClient, Inbox],
) -> None:
    client, inbox = mailing
    registered = client.post(
        "/api/accounts", json={"username": "jana", "password": "correct horse", "name": "Jana <b>"}
    )
    client.cookies.clear()
    jana = Player(client, registered.json()["token"], "jana")
    accepted = put_settings(jana, "Jana.Novak@Example.ORG")
    assert accepted.status_code == 200, accepted.text
    assert accepted.json() == {
        "email": "Jana.Novak@example.org",
        "email_reminders": True,
        "email_confirmed": False,
        "confirmation_sent": True,
        "sending": True,
    }
    assert len(inbox.letters) == 1 and inbox.recipients == [["Jana.Novak@example.org"]]
    letter = inbox.letters[0]
    assert letter["Subject"] == "Mozaika: confirm your e-mail address"
    assert letter["To"] == "Jana.Novak@example.org"
    body = letter.get_content()
    assert "https://mozaika.example/confirm-email#" in body
    assert "Jana" not in body.split("\n\n", 1)[0]  # the greeting names no one: the account's name is not vouched for
    assert "<b>" not in body


def test_an_address_gets_nothing_more_until_its_owner_confirms_it(
    mailing: tuple[TestClient, Inbox], fake_time: FakeTime
) -> None:
    client, inbox = mailing
    jana, petr = Player.account(client, "jana"), Player.account(client, "petr")
    put_settings(jana, "jana@example.org")
    jana_on_turn(petr, jana)
    sweep(client)
    assert [letter["Subject"] for letter in inbox.letters] == ["Mozaika: confirm your e-mail address"]

    confirmed = confirm_from_letter(Player(client), inbox.letters[0])  # opened on another device, signed out
    assert confirmed == {"email": "jana@example.org", "email_confirmed": True}
    assert jana.get("/api/me/settings").json()["email_confirmed"] is True
    fake_time.advance(42 * 3600)
    sweep(client)
    assert inbox.letters[-1]["Subject"] == "Mozaika: your move in Azul is due in 6 h 00 min"
    assert inbox.recipients[-1] == ["jana@example.org"]


def test_a_confirmation_link_works_once_for_its_address_and_not_after_it_expires(
    mailing: tuple[TestClient, Inbox], fake_time: FakeTime
) -> None:
    client, inbox = mailing
    jana = Player.account(client, "jana")
    put_settings(jana, "jana@example.org")
    first = inbox.letters[-1]
    confirm_from_letter(jana, first)
    token = first.get_content().split("#", 1)[1].split()[0]
    used = client.post("/api/email/confirm", json={"token": token})
    assert used.status_code == 400 and "does not work" in used.json()["error"]["message"]

    put_settings(jana, "jana@example.cz")  # a new address is confirmed anew
    assert jana.get("/api/me/settings").json()["email_confirmed"] is False
    late = inbox.letters[-1]
    fake_time.advance(48 * 3600 + 1)
    expired = client.post("/api/email/confirm", json={"token": late.get_content().split("#", 1)[1].split()[0]})
    assert expired.status_code == 400
    assert jana.get("/api/me/settings").json()["email_confirmed"] is False
    assert client.post("/api/email/confirm", json={"token": "x" * 32}).status_code == 400


def test_confirmation_letters_are_few_a_day(mailing: tuple[TestClient, Inbox], fake_time: FakeTime) -> None:
    """An account cannot make the server mail anyone often: two confirmation letters a day here."""
    client, inbox = mailing
    mallory = Player.account(client, "mallory")
    assert put_settings(mallory, "one@example.org").json()["confirmation_sent"] is True
    again = mallory.client.post("/api/me/settings/confirmation", headers=mallory.headers)
    assert again.status_code == 200 and again.json()["confirmation_sent"] is True
    third = put_settings(mallory, "two@example.org")
    assert third.status_code == 200 and third.json()["confirmation_sent"] is False
    refused = mallory.client.post("/api/me/settings/confirmation", headers=mallory.headers)
    assert refused.status_code == 429 and int(refused.headers["Retry-After"]) > 0
    assert [recipients for recipients in inbox.recipients] == [["one@example.org"], ["one@example.org"]]
    fake_time.advance(24 * 3600)
    tomorrow = mallory.client.post("/api/me/settings/confirmation", headers=mallory.headers)
    assert tomorrow.status_code == 200 and inbox.recipients[-1] == ["two@example.org"]


def test_reminders_are_few_a_day_over_all_of_a_players_games(
    mailing: tuple[TestClient, Inbox], fake_time: FakeTime
) -> None:
    client, inbox = mailing
    jana, petr = Player.account(client, "jana"), Player.account(client, "petr")
    put_settings(jana, "jana@example.org")
    confirm_from_letter(jana, inbox.letters.pop())
    for _ in range(4):
        jana_on_turn(petr, jana)
    sweep(client)
    assert len(inbox.letters) == 3  # the day's reminders, though four games wait for Jana


def jana_on_turn(petr: Player, jana: Player) -> str:
    """A turn-based table of Petr's that Jana joined, where Petr has played his first move."""
    table_id: str = petr.create("azul", 2, clock="24h")["table"]["id"]
    jana.post(f"/api/tables/{table_id}/join", {})
    petr.post(f"/api/tables/{table_id}/start")
    view = petr.table(table_id)
    petr.move(table_id, view["legal_moves"][0], view["seq"])
    return table_id


def sweep(client: TestClient) -> int:
    services = client.app.state.services  # type: ignore[attr-defined]
    changed: int = client.portal.call(services.clocks.sweep)  # type: ignore[union-attr]
    return changed
