"""The Mozaika game server: online tables for every game, live over WebSockets, stored in SQL.

Start it with ``mozaika serve``, or build the application yourself::

    from mozaika.server import Settings, create_app
    app = create_app(Settings.from_environment())

See ``docs/server.md`` for the HTTP and WebSocket API.
"""

from mozaika.server.app import create_app, serve
from mozaika.server.settings import Settings

__all__ = ["Settings", "create_app", "serve"]
