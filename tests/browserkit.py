"""Helpers for the browser tests: Debian's Chromium driven by Playwright, and a person at a table.

A :class:`Person` plays the way a person does: it reads what the page offers and
clicks tiles, lines, spaces and buttons.  Which move to make is the test's choice
(a seeded random or greedy choice among the legal moves the server lists), so that
each test plays real, varied games.
"""

from __future__ import annotations

import os
import random
import re
import shutil
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest

import mozaika
from mozaika.core.protocol import State

from serverprocess import http_client
from tabkit import Chromium, Tab, Watched

CHROMIUM = (
    os.environ.get("MOZAIKA_CHROMIUM")
    or shutil.which("chromium-headless-shell")
    or shutil.which("chromium")
    or shutil.which("chromium-browser")
)
"""Chromium's headless shell where it is installed: the same Blink as the browser, without the
browser's own window layer, made for automation (the browser tests cost a fifth less CPU with it).
Debian's full ``chromium`` otherwise."""
ARTIFACTS = Path(
    os.environ.get("MOZAIKA_TEST_ARTIFACTS") or Path(__file__).resolve().parent.parent / "build" / "test-artifacts"
)
"""Where screenshots go (CI keeps the folder)."""
CHROMIUM_FLAGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-dev-shm-usage",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
AXE = Path(__file__).resolve().parent.parent / "node_modules" / "axe-core" / "axe.min.js"
"""axe-core, from npm (package.json; .ci/run installs it with ``npm ci``)."""
AXE_RUN = """async () => (await axe.run(document, { resultTypes: ['violations'] })).violations.map(found => ({
    id: found.id, impact: found.impact, help: found.help,
    nodes: found.nodes.slice(0, 5).map(node => node.target.join(' ')) }))"""
MOTION_RATE = 100.0
"""How many times faster than a person sees it the page's motion runs in the tests: Chromium's
animation playback rate, set over its DevTools protocol.  Every flight, float and count still
happens, in the same order and with the same effect on the page; a whole game's hundreds of moves
just no longer wait half a second each, nor a round's tiling several seconds: a flight (520 ms)
takes a frame, a round's tiling a few.  Each frame of motion is a frame Chromium draws: at 8 times
a person's pace the browser tests' Chromium used a fifth more CPU.  The tests of the motion itself
see it at a person's pace (``motion=1``)."""


@contextmanager
def chromium() -> Iterator[Chromium]:
    """A headless Chromium, or skip (fail on CI, which installs it) without one."""
    if CHROMIUM is None:
        if os.environ.get("MOZAIKA_REQUIRE_SERVICES") == "1":
            pytest.fail("Chromium is missing: .ci/run installs Debian's chromium-headless-shell package")
        pytest.skip("needs Chromium (Debian package chromium-headless-shell or chromium) for the browser tests")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_FLAGS)
        try:
            yield Chromium(browser)
        finally:
            browser.close()


def public_state(position: dict[str, Any]) -> State:
    """An engine state from the position a page is shown (the server leaves the seed out)."""
    return mozaika.from_json({**position, "seed": 0, "chance_index": 0, "auto_chance": False})


class Person:
    """One person in one browser context: signs in, opens tables, and plays by clicking.

    The context and its page come from the test process's :class:`Chromium`, new or given back by an earlier
    person and cleared (:class:`Tab`): a test cannot tell the two apart.
    """

    def __init__(
        self, browser: Chromium, base_url: str, *, width: int = 1280, height: int = 900, motion: float = MOTION_RATE
    ) -> None:
        self.base_url = base_url
        self._browser = browser
        self._tab: Tab | None = browser.take(base_url, width, height, motion)
        self.page: Any = Watched(self._tab.page, self._tab)
        self.context: Any = Watched(self._tab.context, self._tab)
        self.errors = self._tab.errors

    @property
    def devtools(self) -> Any:
        """The page's DevTools protocol session: what the tab set there (the pace of motion) read back."""
        assert self._tab is not None, "the page was given back"
        return self._tab.devtools

    def close(self) -> None:
        """Gives the page back (once): the next person gets it cleared."""
        if self._tab is not None:
            tab, self._tab = self._tab, None
            self._browser.give_back(tab)

    def screenshot(self, name: str, selector: str | None = None) -> Path:
        """Saves a screenshot of the page (or of one part) as a test artifact."""
        ARTIFACTS.mkdir(parents=True, exist_ok=True)
        path = ARTIFACTS / f"{name}.png"
        if selector is None:
            self.page.screenshot(path=str(path), full_page=True)
        else:
            self.page.locator(selector).first.screenshot(path=str(path))
        return path

    def resize(self, width: int, height: int) -> None:
        """Gives the page a new window size, once the page's layout has it (the page lays out in CSS alone)."""
        self.page.set_viewport_size({"width": width, "height": height})
        self.page.wait_for_function(
            "([width, height]) => innerWidth === width && innerHeight === height", arg=[width, height]
        )

    def open(self, path: str) -> None:
        self.page.goto(path)
        self.page.wait_for_selector("body[data-ready]")

    # --- accounts ---------------------------------------------------------------------------

    def register(self, username: str, password: str = "correct horse battery") -> None:
        self.page.fill("#register-form input[name=username]", username)
        self.page.fill("#register-form input[name=password]", password)
        self.page.click("#register-form button[type=submit]")
        self.page.wait_for_selector("#create-form")

    def sign_in(self, username: str, password: str = "correct horse battery") -> None:
        self.page.fill("#signin-form input[name=username]", username)
        self.page.fill("#signin-form input[name=password]", password)
        self.page.click("#signin-form button[type=submit]")

    def guest(self, name: str) -> None:
        self.page.fill("#guest-form input[name=name]", name)
        self.page.click("#guest-form button[type=submit]")

    # --- tables ---------------------------------------------------------------------------------

    def create_table(self, game: str, seats: list[str], options: dict[str, Any] | None = None) -> str:
        """Fills the lobby's form: ``seats`` are the values of seats 2, 3, … (``invite``, ``bot:easy``)."""
        page = self.page
        page.select_option("#new-game", game)
        page.select_option("#new-players", str(len(seats) + 1))
        for name, value in (options or {}).items():
            page.select_option(
                f'select[data-option="{name}"]', f"{value}".lower() if isinstance(value, bool) else f'"{value}"'
            )
        for index, value in enumerate(seats, start=1):
            page.select_option(f'select[data-seat="{index}"]', value)
        page.click("#create-form button[type=submit]")
        page.wait_for_url(re.compile(r".*/tables/[A-Za-z0-9_-]+$"))
        page.wait_for_selector(".table-page")
        return self.table_id

    def seat_friend(self, friend: Person, link: str, name: str) -> None:
        """``friend`` follows the invite ``link`` as a guest called ``name``; this person, the creator, starts."""
        friend.page.goto(link)
        friend.page.wait_for_selector("#guest-form")
        friend.guest(name)
        friend.page.wait_for_url(re.compile(rf".*/tables/{self.table_id}$"))
        self.page.wait_for_selector(".start-button:not([disabled])")
        self.page.click(".start-button")
        self.page.wait_for_selector(".board-panel")
        friend.page.wait_for_selector(".board-panel")

    @property
    def table_id(self) -> str:
        return self.page.url.rstrip("/").rsplit("/", 1)[1]

    def api(self, path: str) -> Any:
        """``GET /api{path}`` as this person (with the page's cookies), sent from the test process: through
        the browser, each request and its answer would cross Playwright's driver twice."""
        cookies = {cookie["name"]: cookie["value"] for cookie in self.context.cookies(self.base_url)}
        # A fresh connection each time: one kept idle while the page shows moves may be closed
        # by the server (its keep-alive ends) just as it is reused.
        with http_client(self.base_url) as client:
            client.cookies.update(cookies)
            response = client.get(f"/api{path}", headers={"Connection": "close"})
        assert response.is_success, f"{path}: {response.status_code} {response.text}"
        return response.json()

    def table(self) -> dict[str, Any]:
        return dict(self.api(f"/tables/{self.table_id}"))

    def seq(self) -> int:
        return int(self.page.locator(".table-page").get_attribute("data-seq") or 0)

    def wait_for_turn_or_end(self) -> str:
        """Waits until this person must move (``"turn"``) or the game is over (``"finished"``)."""
        # Once the page has shown every move it was sent (it shows them one after another).
        self.page.wait_for_selector(
            '.table-page[data-your-turn="true"]:not([data-busy]), .table-page[data-status="finished"]:not([data-busy])'
        )
        return "finished" if self.page.locator('.table-page[data-status="finished"]').count() else "turn"

    def wait_past(self, seq: int) -> None:
        self.page.wait_for_function("seq => Number(document.querySelector('.table-page')?.dataset.seq) > seq", arg=seq)

    # --- playing by clicking --------------------------------------------------------------------

    def play(self, move: str) -> None:
        """Makes ``move`` the way a person would: the tiles, then where they go (and any choice asked)."""
        seq = self.seq()
        page = self.page
        for selector in clicks(move):
            if selector.startswith("?"):  # a choice the page asks only when there is more than one
                selector = selector[1:]
                if not page.locator(selector).count():
                    continue
            page.locator(selector).first.click()
        self.wait_past(seq)

    def pass_keeping(self, keep: str) -> None:
        """Summer Pavilion: pass, choosing the kept tiles in the hand."""
        seq = self.seq()
        page = self.page
        if page.locator(".pass-button").count():
            page.click(".pass-button")
        chosen: set[str] = set()
        for letter in keep:
            candidates = page.locator(f'.board-panel.mine .hand-tile[data-keep="{letter}"]')
            for index in range(candidates.count()):
                tile = candidates.nth(index)
                position = tile.get_attribute("data-index") or ""
                if position not in chosen:
                    chosen.add(position)
                    tile.click()
                    break
        if page.locator(".keep-confirm").count():  # nothing to choose when only one pass is legal
            page.click(".keep-confirm")
        self.wait_past(seq)


def person(
    people: list[Person],
    browser: Any,
    server: Any,
    name: str,
    *,
    width: int = 1280,
    height: int = 900,
    motion: float = MOTION_RATE,
) -> Person:
    """A new person with an account of their own (``name`` and a random suffix), in the lobby."""
    someone = Person(browser, server.url, width=width, height=height, motion=motion)
    people.append(someone)
    someone.open("/")
    someone.register(f"{name}{random.getrandbits(40):010x}")
    return someone


def accessibility_violations(someone: Person) -> list[str]:
    """What axe-core finds wrong on the page as it stands, one line a rule (nothing: the page is clean)."""
    if not AXE.exists():
        if os.environ.get("MOZAIKA_REQUIRE_SERVICES") == "1":
            pytest.fail("axe-core is missing: .ci/run installs it with npm ci")
        pytest.skip("needs axe-core from npm: npm ci")
    # Evaluated through the browser's debugging protocol, which the page's Content-Security-Policy
    # (script-src 'self') does not govern: the page itself is checked unchanged.
    someone.page.evaluate(AXE.read_text())
    found = someone.page.evaluate(AXE_RUN)
    return [f"{rule['id']} ({rule['impact']}: {rule['help']}): {', '.join(rule['nodes'])}" for rule in found]


def fits_without_scrolling(someone: Person) -> bool:
    return bool(someone.page.evaluate("document.scrollingElement.scrollHeight <= innerHeight"))


def clicks(move: str) -> list[str]:
    """The selectors a person clicks for a move; ``?`` marks a choice asked only when there are several."""
    take = re.fullmatch(r"([1-9C])([A-Z])([1-5F])(?:<([A-Z]*))?(?:>([A-Z]*))?", move)
    if take:
        source, colour, destination, before, after = take.groups()
        steps = [
            f'[data-key="src:{source}:{colour}"]',
            '[data-key="floor"]' if destination == "F" else f'[data-key="line:{destination}"]',
        ]
        if before is not None or after is not None:
            steps.append(f'.choice[data-key="split:{before or ""}>{after or ""}"]')
        return steps
    column = re.fullmatch(r"P(\d):([1-5])>([1-5])", move)
    if column:
        player, row, wall_column = column.groups()
        return [f'[data-key="cell:{int(player) - 1}:{row}:{wall_column}"]']
    pavilion_take = re.fullmatch(r"([1-9C])([A-Z])", move)
    if pavilion_take:
        return [f'[data-key="src:{pavilion_take[1]}:{pavilion_take[2]}"]']
    place = re.fullmatch(r"([ORBYGPC])([1-6])([A-Z])(?:\+(\d+))?", move)
    if place:
        star, slot, colour, wilds = place.groups()
        return [f'[data-key="space:{star}:{slot}"]', f'?.choice[data-key="pay:{colour}:{wilds or 0}"]']
    if move.startswith("pick:"):  # S-12: the bonus tiles are clicked in the supply, then taken
        tiles = move.removeprefix("pick:").replace("-", "")
        if not tiles:
            return [f'.choice[data-key="{move}"]']
        return [f'.supply-tile[data-pick="{letter}"]:not(.picked)' for letter in tiles] + [".pick-confirm"]
    raise ValueError(f"no clicks known for {move!r}")


SCREENS = {"laptop": (1366, 768), "desktop": (1920, 1080), "phone": (390, 844)}
"""The sizes people use: a laptop, a desktop and a phone, each page's screenshots are taken at."""


def use_language(someone: Person, language: str) -> None:
    """Chooses the page's language as a person does (on a phone, from the folded settings)."""
    if someone.page.locator("#language").is_visible():
        someone.page.select_option("#language", language)
    else:  # on a phone the settings fold into one button
        someone.page.click(".settings-button")
        someone.page.select_option("#language", language)
    # Drawn again in the language, not only set to it (the page says so once it has redrawn itself).
    someone.page.wait_for_function("lang => document.body.dataset.drawnIn === lang", arg=language)
    if someone.page.locator(".settings-button[aria-expanded=true]").count():
        someone.page.click(".settings-button")  # folded again, out of the screenshots


def screenshots(someone: Person, name: str, path: str, ready: str) -> None:
    """The page at ``path`` at every screen size in both languages, once ``ready`` shows; then English
    at the laptop's size again."""
    for language in ("en", "cs"):
        for screen, (width, height) in SCREENS.items():
            someone.resize(width, height)
            use_language(someone, language)
            someone.open(path)
            someone.page.wait_for_selector(ready)
            someone.screenshot(f"{name}-{language}-{screen}")
    use_language(someone, "en")
    someone.resize(*SCREENS["laptop"])
