"""Quick pairing in the browser: two people press "Play a person" and land at the same table; the
lobby's live counts of who waits for what and joining from them; taking a request back; axe-core on
the new card; screenshots at 1366x768, 1920x1080 and 390x844 in English and Czech."""

from __future__ import annotations

from typing import Any

from browserkit import SCREENS, Person, accessibility_violations, person, use_language
from serverkit import wait_for
from serverprocess import ServerProcess


def visitor(people: list[Person], browser: Any, server: ServerProcess, width: int = 1366, height: int = 768) -> Person:
    """Someone at the front door, not signed in."""
    someone = Person(browser, server.url, width=width, height=height)
    people.append(someone)
    someone.open("/")
    return someone


def waiting(someone: Person) -> None:
    someone.page.wait_for_selector("#pairing[data-status=waiting] #pair-cancel")


def test_two_people_press_play_a_person_and_land_at_the_same_table(
    people: list[Person], browser: Any, server: ServerProcess
) -> None:
    first, second = visitor(people, browser, server), visitor(people, browser, server)
    # The first becomes a guest and waits in the lobby, the request on screen with its clock.
    first.page.click(".game-card[data-game=chocolatier] .play-person")
    waiting(first)
    status = first.page.inner_text("#pairing .pairing-status")
    assert "Master Chocolatier" in status and "Normal 5+20" in status and "Nobody else" in status
    assert accessibility_violations(first) == [], "the lobby with a request waiting"
    # The second presses the same button: the server pairs them, and both pages open the table.
    second.page.click(".game-card[data-game=chocolatier] .play-person")
    second.page.wait_for_url("**/tables/*")
    first.page.wait_for_url(second.page.url)
    for someone in (first, second):
        someone.page.wait_for_selector("body[data-ready] [data-status=running]")
    view = second.table()
    assert view["game"] == "chocolatier" and view["status"] == "running"
    assert view["clock"]["control"]["name"] == "normal" and first.table()["you"] == 1 - view["you"]
    names = [seat["name"] for seat in view["seats"]]
    assert all(name.startswith("Guest ") for name in names), names


def test_the_lobby_counts_who_waits_live_and_joins_them_or_takes_a_request_back(
    people: list[Person], browser: Any, server: ServerProcess
) -> None:
    ana = person(people, browser, server, "ana", width=1366, height=768)
    ben = person(people, browser, server, "ben", width=1366, height=768)
    # Ana asks for three-player Summer Pavilion, rated, with the fast clock.
    ana.page.select_option("#pair-game", "pavilion")
    ana.page.select_option("#pair-players", "3")
    ana.page.select_option("#pair-clock", "fast")
    ana.page.check("#pair-rated")
    ana.page.click("#pair-submit")
    waiting(ana)
    # Ben's lobby, open all along, learns of it live and can join; a third person is still wanted.
    queue = ben.page.locator(".pairing-queues li[data-game=pavilion]")
    queue.wait_for()
    assert "1 waiting" in queue.inner_text() and "Rated" in queue.inner_text()
    queue.locator("button").click()
    waiting(ben)
    assert "1 other person waits" in ben.page.inner_text("#pairing .pairing-others")
    ana.page.wait_for_function(
        "() => document.querySelector('.pairing-queues li[data-game=pavilion] .badge')?.textContent === '2 waiting'"
    )
    assert accessibility_violations(ben) == [], "the lobby's counts of who waits"
    for language in ("en", "cs"):
        for screen, (width, height) in SCREENS.items():
            ben.resize(width, height)
            use_language(ben, language)
            waiting(ben)  # drawn again in the new language, the request still waiting
            # In the page, in one step: the card is drawn afresh whenever the counts change (each second).
            ben.page.evaluate("document.querySelector('#pairing').scrollIntoView({block: 'nearest'})")
            ben.screenshot(f"pairing-lobby-{language}-{screen}")
            ben.screenshot(f"pairing-card-{language}-{screen}", "#pairing")
    use_language(ben, "en")
    # Ben stops waiting: the form is back, and Ana sees one waiting again.
    ben.page.click("#pair-cancel")
    ben.page.wait_for_selector("#pairing[data-status=none] #pair-submit")
    assert ben.api("/pairing") == {"status": "none"}
    ben.page.wait_for_selector(".pairing-queues li[data-game=pavilion] button")  # Ben may join it again
    assert ben.page.inner_text(".pairing-queues li[data-game=pavilion] .badge") == "1 waiting"
    ben.screenshot("pairing-form-en-phone", "#pairing")
    ben.resize(1366, 768)
    ben.screenshot("pairing-form-en-laptop", "#pairing")
    ana.page.wait_for_function(
        "() => document.querySelector('.pairing-queues li[data-game=pavilion] .badge')?.textContent === '1 waiting'"
    )
    # Leaving the lobby for another page of the site takes Ana's request back.
    ana.page.click(".game-card[data-game=azul] .learn-to-play")
    ana.page.wait_for_function("() => location.pathname === '/learn/azul'")
    wait_for(lambda: ana.api("/pairing") == {"status": "none"}, 30, "the request taken back")


def test_the_front_door_shows_play_a_person_beside_play_now_on_a_phone_in_czech(
    people: list[Person], browser: Any, server: ServerProcess
) -> None:
    someone = visitor(people, browser, server, 390, 844)
    for language in ("cs", "en"):
        use_language(someone, language)
        card = someone.page.locator(".game-card[data-game=azul]")
        buttons = card.locator(".game-buttons")
        assert buttons.locator(".play-now").is_visible() and buttons.locator(".play-person").is_visible()
        someone.screenshot(f"pairing-front-{language}-phone")
    # Back in English, once the page has drawn itself again in it (the language is set before that).
    someone.page.wait_for_function(
        "() => document.querySelector('.game-card[data-game=azul] .play-person')?.textContent === 'Play a person'"
    )
    assert accessibility_violations(someone) == [], "the front door on a phone"
    someone.resize(1366, 768)
    assert accessibility_violations(someone) == [], "the front door"
