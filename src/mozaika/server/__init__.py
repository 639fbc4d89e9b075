"""The Mozaika game server: online tables for every game, live over WebSockets, stored in SQL.

Start it with ``mozaika serve``, or build the application yourself::

    from mozaika.server import Settings, create_app
    app = create_app(Settings.from_environment())

See ``docs/server.md`` for the HTTP and WebSocket API.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from mozaika.server.app import create_app, serve
    from mozaika.server.settings import Settings

__all__ = ["Settings", "create_app", "serve"]


def __getattr__(name: str) -> Any:
    # Loaded on first use: a bot worker imports mozaika.server.bots.work, and with it
    # this package, but needs neither the web framework nor the database.
    if name in ("create_app", "serve"):
        from mozaika.server import app

        return getattr(app, name)
    if name == "Settings":
        from mozaika.server.settings import Settings

        return Settings
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
