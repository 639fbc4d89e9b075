"""The browser tests' tabs: a context and its page in Chromium, used by one person after another.

A new browser context costs Chromium a new renderer process, and the client loaded anew in it: about
a second of a core for every person a test signs up.  A :class:`Tab` given back goes to ``about:blank``
and has everything a page could tell from a new one cleared, and its renderer stays for the next
person (tests/test_web_tabs.py checks that a page cannot tell the difference).
"""

from __future__ import annotations

import re
from typing import Any

TIMEOUT_MS = 90_000
"""How long a page may take to show what a test waits for: a bound for a loaded machine, not a pace."""

IDLE_TABS = 8
"""How many given-back tabs a Chromium keeps for the next people (the oldest is closed first): more than
the people of any one test."""

UNDOABLE = frozenset({"add_init_script", "expose_binding", "expose_function"})
"""What a test may add to a page or its context that Playwright hands back as a Disposable: closed when the
page is given back."""
SPOILING = frozenset(
    {
        "add_locator_handler",
        "clock",
        "close",
        "new_cdp_session",
        "new_page",
        "remove_locator_handler",
        "route_from_har",
        "route_web_socket",
        "set_extra_http_headers",
        "set_geolocation",
        "set_http_credentials",
        "set_offline",
        "tracing",
    }
)
"""What a test may do to a page or its context that a tab cannot take back: such a tab is closed, not reused."""


class Tab:
    """A browser context with its one page, for one person (browserkit.Person) after another.

    Given back, it is cleared of all a page could tell a used tab by: cookies, storage of every kind,
    permissions, history, media emulation, the pointer, routes, listeners and init scripts; the window
    size and the pace of motion are set for each person.
    """

    def __init__(self, browser: Any, base_url: str, width: int, height: int) -> None:
        self.base_url = base_url
        self.context = browser.new_context(viewport={"width": width, "height": height}, base_url=base_url)
        self.context.set_default_timeout(TIMEOUT_MS)
        self.page = self.context.new_page()
        self.devtools = self.context.new_cdp_session(self.page)
        self.motion = 1.0
        self.errors: list[str] = []
        self.origins: set[str] = set()
        """Every origin the page has shown since it was last cleared: each one's storage is cleared."""
        self.listeners: list[tuple[Any, str, Any]] = []
        self.undo: list[Any] = []
        self.reusable = True
        self.page.on("pageerror", lambda error: self.errors.append(str(error)))
        self.page.on("console", self._note_refusal)
        self.page.on("framenavigated", self._note_origin)

    def _note_refusal(self, message: Any) -> None:
        # The server's Content-Security-Policy must never have to refuse what the client does.
        if message.type == "error" and "Content Security Policy" in message.text:
            self.errors.append(message.text)

    def _note_origin(self, frame: Any) -> None:
        origin = re.match(r"https?://[^/]+", frame.url)
        if origin:
            self.origins.add(origin[0])

    def take(self, width: int, height: int, motion: float) -> None:
        """Readies the tab for a new person: their window size and pace of motion, and no errors yet."""
        self.errors = []
        if self.page.viewport_size != {"width": width, "height": height}:
            self.page.set_viewport_size({"width": width, "height": height})
        if motion != self.motion:
            if motion == 1:
                self.devtools.send("Animation.disable")  # which sets the rate back to 1
            else:
                # The rate holds for every document the page loads while the protocol's Animation domain is on.
                self.devtools.send("Animation.enable")
                self.devtools.send("Animation.setPlaybackRate", {"playbackRate": motion})
            self.motion = motion

    def clear(self) -> bool:
        """Makes the tab as a new one would be; False where that cannot be done (the tab is then closed)."""
        from playwright.sync_api import Error

        if not self.reusable or self.page.is_closed() or len(self.context.pages) != 1:
            return False
        try:
            for target, event, handler in self.listeners:
                target.remove_listener(event, handler)
            for added in self.undo:
                added.close()
            self.page.unroute_all(behavior="ignoreErrors")
            self.context.unroute_all(behavior="ignoreErrors")
            self.page.goto("about:blank")
            self.origins.add(self.base_url)
            for origin in self.origins:
                self.devtools.send("Storage.clearDataForOrigin", {"origin": origin, "storageTypes": "all"})
            self.context.clear_cookies()
            self.context.clear_permissions()
            self.devtools.send("Page.resetNavigationHistory")
            # What a new context emulates (Playwright's defaults), whatever a test asked for since.
            self.page.emulate_media(
                media="null",
                color_scheme="light",
                reduced_motion="no-preference",
                forced_colors="none",
                contrast="no-preference",
            )
            self.page.mouse.move(0, 0)
            self.page.set_default_timeout(TIMEOUT_MS)
            self.page.set_default_navigation_timeout(TIMEOUT_MS)
            self.context.set_default_timeout(TIMEOUT_MS)
            self.context.set_default_navigation_timeout(TIMEOUT_MS)
        except Error:
            return False
        self.origins.clear()
        self.listeners.clear()
        self.undo.clear()
        return True


class Chromium:
    """A test process's Chromium, with the tabs its people have given back, ready for the next ones."""

    def __init__(self, browser: Any) -> None:
        self.browser = browser
        self.idle: list[Tab] = []

    def take(self, base_url: str, width: int, height: int, motion: float) -> Tab:
        ready = next((tab for tab in self.idle if tab.base_url == base_url), None)
        if ready is None:
            ready = Tab(self.browser, base_url, width, height)
        else:
            self.idle.remove(ready)
        ready.take(width, height, motion)
        return ready

    def give_back(self, tab: Tab) -> None:
        if tab.clear():
            self.idle.append(tab)
        else:
            tab.context.close()
        # Each tab keeps a renderer process; those of a server a module has stopped are never taken again.
        while len(self.idle) > IDLE_TABS:
            self.idle.pop(0).context.close()


class Watched:
    """A test's view of a tab's page or context: Playwright's own, noting what the tab must undo.

    Listeners a test adds are removed and its init scripts and bindings closed when the tab is given
    back; anything that cannot be taken back (:data:`SPOILING`) keeps the tab from being reused.
    """

    def __init__(self, target: Any, tab: Tab) -> None:
        self._target = target
        self._tab = tab

    def __getattr__(self, name: str) -> Any:
        if name in SPOILING:
            self._tab.reusable = False
        if name == "context":
            return Watched(self._tab.context, self._tab)
        found = getattr(self._target, name)
        if name in UNDOABLE:
            return self._undoable(found)
        return found

    def _undoable(self, add: Any) -> Any:
        def added(*args: Any, **options: Any) -> Any:
            disposable = add(*args, **options)
            self._tab.undo.append(disposable)
            return disposable

        return added

    def on(self, event: str, handler: Any) -> None:
        self._tab.listeners.append((self._target, event, handler))
        self._target.on(event, handler)

    def once(self, event: str, handler: Any) -> None:
        self._tab.listeners.append((self._target, event, handler))
        self._target.once(event, handler)
