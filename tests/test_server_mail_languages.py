"""The server's letters in the language of the person they go to: the page's language when the account's
e-mail settings were saved, English (the invitation also in Czech) when the server does not know it."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from mozaika.i18n import LANGUAGES
from mozaika.server.players.letters import confirmation_letter, duration, invitation_letter, round_letter, turn_letter
from mozaika.server.players.letters import words as letter_words

from asgiclient import TestClient
from serverkit import FakeTime, Inbox, Player, mail_server, running_app

START = 1_800_000_000.0
HOUR = 3600.0


@pytest.fixture
def mailing(tmp_path: Path) -> Iterator[tuple[TestClient, Inbox]]:
    with (
        mail_server() as (inbox, smtp),
        running_app(tmp_path, now=FakeTime(START), smtp_url=smtp, public_url="https://mozaika.example") as client,
    ):
        yield client, inbox


def test_the_english_letters_say_what_they_always_said() -> None:
    assert turn_letter("a@b.cz", "Bob", "azul", "L", 6 * HOUR, START, True, None).subject == (
        "Mozaika: your move in Azul is due in 6 h 00 min"
    )
    turn = turn_letter("a@b.cz", "Bob", "pavilion", "https://x/tables/1", 7 * 60, START, False, "en")
    assert turn.subject == "Mozaika: your turn in Azul: Summer Pavilion"
    assert turn.body.startswith("Hello Bob,\n\nit is your turn in Azul: Summer Pavilion. You have 7 min, until ")
    assert confirmation_letter("a@b.cz", "t0k3n", "https://m.example/", 48.0).body.count("within 48 hours") == 1
    assert "within 1 hour:" in confirmation_letter("a@b.cz", "t0k3n", "https://m.example/", 1.0).body
    assert duration(30) == "under a minute" and duration(2 * HOUR + 5 * 60) == "2 h 05 min"
    both = invitation_letter("a@b.cz", "Jana", "pavilion", "https://x/tables/1", None).body
    assert "Jana invites you to a game of Azul: Summer Pavilion" in both and "Jana vás zve ke hře" in both


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_letter_is_written_in_the_readers_language(language: str) -> None:
    text = letter_words(language)
    link = "https://mozaika.example/tables/abc"
    letters = [
        confirmation_letter("a@b.cz", "t0k3n", "https://mozaika.example", 48.0, language),
        turn_letter("a@b.cz", "Bob", "chocolatier", link, 2 * HOUR + 5 * 60, START, False, language),
        turn_letter("a@b.cz", "Bob", "pavilion", link, 30, START, True, language),
        round_letter("a@b.cz", "Bob", "azul", "Brno Open", 2, 5, link, "https://m/t/1", language),
        invitation_letter("a@b.cz", "Jana", "chocolatier", link, language),
    ]
    for letter in letters:
        assert letter.subject.startswith("Mozaika") and letter.body.strip()
    assert "https://mozaika.example/confirm-email#t0k3n" in letters[0].body
    assert text("game_chocolatier") in letters[1].subject and duration(2 * HOUR + 5 * 60, text) in letters[1].body
    assert text("mail.under_a_minute") in letters[2].subject
    assert "Brno Open" in letters[3].subject and link in letters[3].body
    if language != "en":
        english = letter_words("en")
        assert letters[1].subject != english("mail.turn_subject", game=english("game_chocolatier"))
        assert "invites you" not in letters[4].body, "a known language gets its own letter only"


def test_the_page_language_saved_with_the_settings_writes_the_letters(mailing: tuple[TestClient, Inbox]) -> None:
    client, inbox = mailing
    jana = Player.account(client, "jana")
    refused = jana.client.put(
        "/api/me/settings", json={"email": "jana@example.org", "language": "xx"}, headers=jana.headers
    )
    assert refused.status_code == 422 and inbox.letters == []
    accepted = jana.client.put(
        "/api/me/settings",
        json={"email": "jana@example.org", "email_reminders": True, "language": "de"},
        headers=jana.headers,
    )
    assert accepted.status_code == 200, accepted.text
    assert [letter["Subject"] for letter in inbox.letters] == ["Mozaika: Bestätige deine E-Mail-Adresse"]
    assert "innerhalb von" in inbox.letters[0].get_content()
    # Saved again without a language: the account keeps German.
    jana.client.put("/api/me/settings", json={"email": "jana@example.net"}, headers=jana.headers)
    assert inbox.letters[-1]["Subject"] == "Mozaika: Bestätige deine E-Mail-Adresse"


def test_the_language_kept_with_a_player_follows_them_and_writes_their_letters(
    mailing: tuple[TestClient, Inbox],
) -> None:
    client, inbox = mailing
    jana = Player.account(client, "jana")
    assert "language" not in jana.client.get("/api/me", headers=jana.headers).json()
    refused = jana.client.put("/api/me/language", json={"language": "xx"}, headers=jana.headers)
    assert refused.status_code == 422 and "language" in refused.text
    assert client.put("/api/me/language", json={"language": "pl"}).status_code == 401
    kept = jana.client.put("/api/me/language", json={"language": "pl"}, headers=jana.headers)
    assert kept.status_code == 200 and kept.json() == {"language": "pl"}
    assert jana.client.get("/api/me", headers=jana.headers).json()["language"] == "pl"
    # The e-mail settings saved without a language write the letter in the kept one.
    jana.client.put("/api/me/settings", json={"email": "jana@example.org"}, headers=jana.headers)
    assert inbox.letters[-1]["Subject"] == letter_words("pl")("mail.confirm_subject")
    guest = Player.guest(client, "Host")
    assert guest.client.put("/api/me/language", json={"language": "es"}, headers=guest.headers).status_code == 200
    assert guest.client.get("/api/me", headers=guest.headers).json()["language"] == "es"
