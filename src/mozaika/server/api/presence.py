"""Presence on the live connections: a connection with a session (cookie or bearer token) keeps its
player online at its table, and the lobby's keeps them online at all their tables (docs/server.md,
"Presence")."""

from __future__ import annotations

import contextlib
from collections.abc import Awaitable, Callable

from fastapi import WebSocket

from mozaika.server.api.identity import services
from mozaika.server.players.presence import LOBBY


async def enter_lobby(websocket: WebSocket, player: int | None) -> Callable[[], Awaitable[None]]:
    """The lobby connection's player (if it names one) is online at their tables until the returned
    function is awaited."""
    presence = services(websocket).presence
    if player is None:
        return _nothing
    await presence.enter(player, LOBBY)
    return lambda: presence.leave(player, LOBBY)


async def _nothing() -> None:
    return None


def at_table(websocket: WebSocket, player: int | None, table_id: str) -> contextlib.AbstractAsyncContextManager[None]:
    """While a table's connection lasts, its player (if signed in) is online at that table."""
    return services(websocket).presence.connected(player, table_id)
