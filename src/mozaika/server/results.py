"""After a game: the score breakdown, each player's statistics, and the new ratings."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from typing import Any

from openskill.models import PlackettLuce

from mozaika.protocol import State
from mozaika.server.games import CHANCE, MOVE, Entry, Game, apply_entry, effective_steps


def game_statistics(game: Game, entries: Sequence[Entry], times: Sequence[datetime]) -> list[dict[str, Any]]:
    """Per seat: moves made, rounds begun as first player, and thinking time (from the log's times).

    ``times[i]`` is when ``entries[i]`` was written.  A move's thinking time runs from
    the entry before it, so it counts only the time the table waited for that seat.
    """
    when = {entry.seq: moment for entry, moment in zip(entries, times, strict=True)}
    state = game.start()
    stats = [{"moves": 0, "rounds_as_first_player": 0, "thinking_seconds": 0.0} for _ in range(game.players)]
    rounds_seen = 0
    previous: datetime | None = None
    for entry in effective_steps(entries):
        moment = when[entry.seq]
        apply_entry(state, entry)
        if entry.kind == MOVE and entry.seat is not None:
            stats[entry.seat]["moves"] += 1
            if previous is not None:
                stats[entry.seat]["thinking_seconds"] += max(0.0, (moment - previous).total_seconds())
        previous = moment
        if entry.kind == CHANCE and not state.is_chance and state.to_move and state.round > rounds_seen:
            rounds_seen = state.round
            stats[state.to_move[0]]["rounds_as_first_player"] += 1
    for seat_stats in stats:
        seat_stats["thinking_seconds"] = round(seat_stats["thinking_seconds"], 1)
    return stats


def final_result(state: State, statistics: list[dict[str, Any]]) -> dict[str, Any]:
    """Scores, winners, the engine's breakdown by source, and the statistics, per seat."""
    breakdown = getattr(state, "score_breakdown", None)
    sources: list[dict[str, int]] = breakdown() if callable(breakdown) else [{} for _ in state.scores]
    players = []
    for seat, score in enumerate(state.scores):
        entry = dict(sources[seat])
        entry.pop("total", None)
        players.append({"seat": seat, "score": score, "sources": entry, "statistics": statistics[seat]})
    return {"scores": state.scores, "winners": state.winners, "rounds": state.round, "players": players}


def rank_order(state: State) -> list[int]:
    """Each seat's place (0 = first): winners first, then by score; equal scores share a place."""
    places = []
    for seat, score in enumerate(state.scores):
        if seat in state.winners:
            places.append(0)
        else:
            places.append(1 + sum(1 for other in state.scores if other > score))
    return places


def rating_places(places: Sequence[int], abandoned: Sequence[bool]) -> list[int]:
    """The places a rated game counts: a player who abandoned it loses it, below everyone who
    stayed (together with any other who left), whatever the bot that played on scored."""
    last = max(places) + 1
    return [last if left else place for place, left in zip(places, abandoned, strict=True)]


def new_ratings(ratings: Sequence[tuple[float, float]], places: Sequence[int]) -> list[tuple[float, float]]:
    """Openskill (Plackett-Luce) ratings after one game, from each seat's (mu, sigma) and place."""
    model = PlackettLuce()
    teams = [[model.rating(mu=mu, sigma=sigma)] for mu, sigma in ratings]
    rated = model.rate(teams, ranks=[float(place) for place in places])
    return [(team[0].mu, team[0].sigma) for team in rated]
