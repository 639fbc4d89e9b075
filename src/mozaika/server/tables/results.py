"""After a game: the score breakdown, each player's statistics, and the new ratings."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from typing import Any

from openskill.models import PlackettLuce

from mozaika.core.protocol import State
from mozaika.server.players.ratings import shown, shown_value
from mozaika.server.tables.gamelog import CHANCE, MOVE, Entry, Game, apply_entry, effective_steps


def step_seconds(entries: Sequence[Entry], times: Sequence[datetime]) -> list[tuple[Entry, float | None]]:
    """The steps that stand (after undos), each with the seconds the table waited for it: for a move,
    the time since the entry before it; None for a chance outcome (drawn at once, by nobody).

    ``times[i]`` is when ``entries[i]`` was written.
    """
    when = {entry.seq: moment for entry, moment in zip(entries, times, strict=True)}
    timed: list[tuple[Entry, float | None]] = []
    previous: datetime | None = None
    for entry in effective_steps(entries):
        moment = when[entry.seq]
        waited = None
        if entry.kind == MOVE and previous is not None:
            waited = round(max(0.0, (moment - previous).total_seconds()), 3)
        timed.append((entry, waited))
        previous = moment
    return timed


def game_statistics(game: Game, entries: Sequence[Entry], times: Sequence[datetime]) -> list[dict[str, Any]]:
    """Per seat: moves made, rounds begun as first player, and thinking time (from the log's times).

    A move's thinking time runs from the entry before it, so it counts only the time
    the table waited for that seat.
    """
    state = game.start()
    stats = [{"moves": 0, "rounds_as_first_player": 0, "thinking_seconds": 0.0} for _ in range(game.players)]
    rounds_seen = 0
    for entry, waited in step_seconds(entries, times):
        apply_entry(state, entry)
        if entry.kind == MOVE and entry.seat is not None:
            stats[entry.seat]["moves"] += 1
            stats[entry.seat]["thinking_seconds"] += waited or 0.0
        if entry.kind == CHANCE and not state.is_chance and state.to_move and state.round > rounds_seen:
            rounds_seen = state.round
            stats[state.to_move[0]]["rounds_as_first_player"] += 1
    for seat_stats in stats:
        seat_stats["thinking_seconds"] = round(seat_stats["thinking_seconds"], 1)
    return stats


def stand_in_moves(players: int, entries: Sequence[Entry]) -> list[int]:
    """Per seat: how many of its moves that stand a stand-in played (the bot that took over its person's seat)."""
    counts = [0] * players
    for entry in effective_steps(entries):
        if entry.kind == MOVE and entry.stand_in and entry.seat is not None:
            counts[entry.seat] += 1
    return counts


def final_result(state: State, statistics: list[dict[str, Any]], stood_in: Sequence[int] = ()) -> dict[str, Any]:
    """Scores, winners, the engine's breakdown by source, the statistics and the stand-in's moves, per seat."""
    sources = state.score_breakdown()
    players = []
    for seat, score in enumerate(state.scores):
        entry = dict(sources[seat])
        entry.pop("total", None)
        players.append(
            {
                "seat": seat,
                "score": score,
                "sources": entry,
                "statistics": statistics[seat],
                "stand_in_moves": stood_in[seat] if stood_in else 0,
            }
        )
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
    """The places a rated game counts: a player who abandoned it (or ran out of time) loses it,
    below everyone who stayed (together with any other who left), whatever the bot that played
    on scored; those who stayed keep their order."""
    stayed = [place for place, gone in zip(places, abandoned, strict=True) if not gone]
    last = 1 + max(stayed, default=-1)
    return [last if gone else place for place, gone in zip(places, abandoned, strict=True)]


def new_ratings(ratings: Sequence[tuple[float, float]], places: Sequence[int]) -> list[tuple[float, float]]:
    """Openskill (Plackett-Luce) ratings after one game, from each seat's (mu, sigma) and place."""
    model = PlackettLuce()
    teams = [[model.rating(mu=mu, sigma=sigma)] for mu, sigma in ratings]
    rated = model.rate(teams, ranks=[float(place) for place in places])
    return [(team[0].mu, team[0].sigma) for team in rated]


def with_shown_ratings(result: dict[str, Any] | None) -> dict[str, Any] | None:
    """The result as answers send it: a rating change stored before ratings were shown on their own scale
    gets its shown numbers too (its player's count of rated games was not kept: it is not marked
    provisional), so that no page ever shows an ordinal such as -1.8."""
    if result is None or not any("label" not in change for change in result.get("ratings", ())):
        return result
    ratings = []
    for change in result["ratings"]:
        if "label" not in change:
            after, before = shown_value(change["after"]), shown_value(change["before"])
            change = {
                **change, "display": after, "provisional": False, "label": str(after), "display_before": before,
                "display_change": after - before,
            }  # fmt: skip
        ratings.append(change)
    return {**result, "ratings": ratings}


def rating_change(before: tuple[float, float], after: tuple[float, float], rated_games: int) -> dict[str, Any]:
    """A rating before and after a game, as a result reports it: the conservative rating (mu - 3 sigma)
    both times, the new mu and sigma, and how the rating shows (``players.ratings``) after the
    player's ``rated_games``-th rated game, with the change in shown points."""
    (old_mu, old_sigma), (mu, sigma) = before, after
    old, new = old_mu - 3 * old_sigma, mu - 3 * sigma
    looks = shown(new, rated_games)
    return {
        "before": round(old, 3),
        "after": round(new, 3),
        "mu": round(mu, 3),
        "sigma": round(sigma, 3),
        "rated_games": rated_games,
        **looks,
        "display_before": shown_value(old),
        "display_change": looks["display"] - shown_value(old),
    }
