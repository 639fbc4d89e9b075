"""A graceful stop on SIGTERM: stop accepting, tell the live connections, finish what is in flight.

uvicorn stops on SIGTERM (or Ctrl-C) by closing its sockets, closing every WebSocket with
code 1012 (service restart), waiting for the requests in flight and then running the
application's shutdown.  Before that, this server marks itself as stopping (``/readyz``
answers 503, so a load balancer sends no one new) and sends each of its live connections a
``restarting`` event: the clients reconnect, to this address or another process, and catch
up from the log with ``?since=N`` as after any drop.  The moves in flight are committed and
answered; the application's shutdown then gives back the process's bot leases
(:meth:`mozaika.server.bots.player.BotPlayer.stop`), so the other processes play its tables'
bots at once.
"""

from __future__ import annotations

import logging
import socket
from typing import TYPE_CHECKING

import uvicorn

if TYPE_CHECKING:
    from mozaika.server.services import Services

log = logging.getLogger("mozaika.server")

ANNOUNCE_SECONDS = 2.0
"""The longest the stop waits for the ``restarting`` event to reach every live connection."""


class GracefulServer(uvicorn.Server):
    """uvicorn's server, telling the live connections before it closes them."""

    def __init__(self, config: uvicorn.Config, service: Services) -> None:
        super().__init__(config)
        self.service = service

    async def shutdown(self, sockets: list[socket.socket] | None = None) -> None:
        self.service.draining = True
        for server in self.servers:
            server.close()  # no new connection: clients that reconnect go to another process
        log.info("stopping: telling %d live connections, then finishing the requests in flight", self._watchers())
        await self.service.hub.announce_restart(ANNOUNCE_SECONDS)
        await super().shutdown(sockets)

    def _watchers(self) -> int:
        return self.service.hub.watchers()
