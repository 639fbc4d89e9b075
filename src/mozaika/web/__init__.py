"""The browser client: static ES modules, SVG and CSS that ``mozaika serve`` hands to the browser.

The client talks to the server only through its public HTTP and WebSocket API, like
any other client; nothing here is built at install or run time.
"""

from __future__ import annotations

from pathlib import Path

STATIC = Path(__file__).parent / "static"
"""The folder served under ``/static``."""

PAGE = STATIC / "index.html"
"""The one page: the client routes ``/``, ``/tables/…``, ``/join/…``, ``/replay/…``, ``/analysis``, ``/learn/…``
and ``/tournaments/…``."""

PAGE_PATHS = (
    "/",
    "/tables/{table_id}",
    "/join/{table_id}",
    "/replay/{table_id}",
    "/analysis",
    "/confirm-email",
    "/learn/{game}",
    "/players/{player}",
    "/leaderboard",
    "/leaderboard/{game}",
    "/friends",
    "/admin",
    "/tournaments",
    "/tournaments/{tournament_id}",
)
"""The addresses a person opens or shares; each gets the page."""
