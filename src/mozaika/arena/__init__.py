"""The arena: bots play each other with seats rotated and chance mirrored, and their strength is measured."""

from __future__ import annotations

from mozaika.arena.matches import Match, Pairing, play_game, run_match, schedule
from mozaika.arena.stats import BotSummary, GameResult, summarise, wilson_interval

__all__ = [
    "BotSummary",
    "GameResult",
    "Match",
    "Pairing",
    "play_game",
    "run_match",
    "schedule",
    "summarise",
    "wilson_interval",
]
