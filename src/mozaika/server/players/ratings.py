"""How a rating is shown: one rule for results, profiles, leaderboards and every page that names a rating.

Ratings are openskill's (Plackett-Luce), ranked by their conservative value, the ordinal
(mu - 3 sigma), which starts at 0 and may fall below it. People read ratings on the scale
chess taught them: a newcomer shows 1500, each point of ordinal is worth 40 shown points
(openskill's default sigma, 25/3, spans about 1000 of them), and the shown number never falls
below 0. Below 5 rated games a rating is provisional and shows as ``1500?``, as lichess shows
its own. The shown number grows with the ordinal, so ranking by either gives the same order.
"""

from __future__ import annotations

from typing import Any

SHOWN_START = 1500
"""What a new player's rating (ordinal 0) shows."""
SHOWN_PER_ORDINAL = 40
"""Shown points per point of ordinal."""
PROVISIONAL_GAMES = 5
"""Below this many rated games a rating is provisional (shown with a question mark)."""


def shown_value(ordinal: float | None) -> int:
    """The shown number of a conservative rating (a new player's when there is none yet): never negative."""
    return max(0, round(SHOWN_START + SHOWN_PER_ORDINAL * (ordinal or 0.0)))


def shown(ordinal: float | None, rated_games: int) -> dict[str, Any]:
    """A rating as answers carry it: ``display`` (the number), ``provisional`` and ``label`` (``1500?``)."""
    value = shown_value(ordinal)
    provisional = rated_games < PROVISIONAL_GAMES
    return {"display": value, "provisional": provisional, "label": f"{value}?" if provisional else str(value)}
