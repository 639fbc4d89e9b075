"""The browser tests' tabs (tabkit.Tab): a page given back and taken again cannot be told from a new one.

Every browser test relies on this: its people get pages that earlier tests used (a new context
costs Chromium a new renderer process), so whatever a test leaves in a page must be gone.
"""

from __future__ import annotations

from typing import Any

from browserkit import MOTION_RATE, Person
from serverprocess import ServerProcess
from tabkit import Chromium

WHAT_A_PAGE_SEES = """async () => {
    const matches = query => matchMedia(query).matches;
    return {
        window: [innerWidth, innerHeight, screen.width, screen.height, devicePixelRatio],
        media: ['(prefers-color-scheme: dark)', '(prefers-reduced-motion: reduce)', '(forced-colors: active)',
                '(prefers-contrast: more)', 'print'].map(matches),
        history: history.length,
        pointer: [...document.querySelectorAll(':hover')].length,
        focus: [document.activeElement?.tagName, document.hasFocus(), scrollX, scrollY],
        storage: [localStorage.length, sessionStorage.length, document.cookie],
        databases: (await indexedDB.databases()).map(database => database.name),
        caches: await caches.keys(),
        notifications: (await navigator.permissions.query({ name: 'notifications' })).state,
        added: [typeof window.addedByTheContext, typeof window.addedByThePage, typeof window.exposed],
    };
}"""

MESS = """async () => {
    localStorage.setItem('left', 'behind');
    sessionStorage.setItem('left', 'behind');
    document.cookie = 'left=behind; max-age=3600';
    await new Promise(resolve => { indexedDB.open('left-behind').onsuccess = resolve; });
    await caches.open('left-behind');
}"""


def seen(someone: Person) -> dict[str, Any]:
    someone.open("/")
    found: dict[str, Any] = someone.page.evaluate(WHAT_A_PAGE_SEES)
    found["cookies"] = someone.context.cookies()
    # The pace of motion: Chromium's animation playback rate, read where it is set (timing it in the
    # page would measure the machine's load as well).
    found["pace"] = someone.devtools.send("Animation.getPlaybackRate")["playbackRate"]
    return found


def test_a_page_given_back_is_as_new_to_the_next_person(browser: Chromium, server: ServerProcess) -> None:
    fresh = Person(browser, server.url, width=1366, height=768, motion=1)
    new = seen(fresh)
    assert new["pace"] == 1 and not new["cookies"]

    messy = Person(browser, server.url, width=390, height=844)
    tab = messy._tab
    assert tab is not None
    messy.open("/")
    messy.page.evaluate(MESS)
    messy.context.add_init_script("window.addedByTheContext = true")
    messy.page.add_init_script("window.addedByThePage = true")
    messy.page.expose_function("exposed", lambda: None)
    messy.context.grant_permissions(["notifications"])
    messy.page.emulate_media(color_scheme="dark", reduced_motion="reduce", forced_colors="active", contrast="more")
    routed: list[str] = []

    def note(route: Any) -> None:
        routed.append(route.request.url)
        route.continue_()

    messy.page.route("**/api/**", note)
    dialogs: list[str] = []
    messy.page.once("dialog", lambda dialog: dialogs.append(dialog.message))
    messy.page.mouse.move(200, 300)
    messy.open("/analysis?game=azul")
    used = seen(messy)
    assert used["window"] != new["window"] and used["media"] != new["media"] and used["history"] > new["history"]
    assert used["notifications"] == "granted" and used["cookies"]
    assert used["pace"] == MOTION_RATE and used["added"] == ["boolean", "boolean", "function"]
    assert used["storage"][0] >= 1 and used["storage"][1] == 1 and used["databases"] and used["caches"] and routed
    messy.close()
    messy.close()  # given back once only
    assert browser.idle.count(tab) == 1

    again = Person(browser, server.url, width=1366, height=768, motion=1)
    assert again._tab is tab, "the page is reused"
    assert seen(again) == {**new, "cookies": []}
    routed.clear()
    # The old listener is gone: a dialog is dismissed by Playwright, as on a new page.
    assert again.page.evaluate("confirm('still there?')") is False and not dialogs
    assert not routed, "the routes are gone"
    assert not again.errors
    again.close()
    fresh.close()


def test_a_page_a_test_changed_beyond_undoing_is_closed_not_reused(browser: Chromium, server: ServerProcess) -> None:
    someone = Person(browser, server.url)
    tab = someone._tab
    assert tab is not None
    someone.context.set_offline(True)
    someone.close()
    assert tab not in browser.idle and tab.page.is_closed()
