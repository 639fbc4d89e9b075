"""Quick pairing: players ask for a game with people, and the server seats identical requests together."""

from mozaika.server.pairing.live import PairingLive
from mozaika.server.pairing.requests import Answered, Pairing, PairingRequests, Wish

__all__ = ["Answered", "Pairing", "PairingLive", "PairingRequests", "Wish"]
