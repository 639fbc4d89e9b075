"""The end of a game written down: its result, its statistics, and the rated players' new ratings."""

from __future__ import annotations

from typing import Any

from sqlalchemy.orm import Session

from mozaika.core.protocol import State
from mozaika.server.storage.models import Player
from mozaika.server.tables.repository import TableRepository, game_of
from mozaika.server.tables.results import (
    final_result,
    game_statistics,
    new_ratings,
    rank_order,
    rating_change,
    rating_places,
    stand_in_moves,
)
from mozaika.server.tables.shapes import FINISHED, Table
from mozaika.server.tables.standings import record_results, standing_places


def resigned(table: Table) -> list[int]:
    """The seats whose players resigned: left to the stand-in, not by a clock nor while away."""
    return [seat.index for seat in table.seats if seat.replaced and not seat.timed_out and not seat.away]


def finish(session: Session, table: Table, state: State) -> None:
    """Set a table whose game is over to finished, with its result (and rating changes, when rated).

    Reads the log the caller has written in this transaction: the statistics come from it.
    """
    rows = TableRepository.timed_log(session, table.id)
    entries = [entry for entry, _ in rows]
    statistics = game_statistics(game_of(table), entries, [at for _, at in rows])
    result = final_result(state, statistics, stand_in_moves(table.players, entries))
    if table.idle_ended:
        # Every person had left (``idle``): the stand-ins played it out, and it counts for nobody.
        result["idle_ended"] = True
        table.result = result
        table.status = FINISHED
        return
    # Two ratings move: the player's overall one (every game) and the one for this game and
    # variant, which the leaderboard ranks by; the result reports the latter.
    overall = _rate(session, table, state) if table.rated else []
    places = standing_places(state.scores, state.winners, [seat.replaced for seat in table.seats])
    board = record_results(session, table, places, list(state.scores), bool(overall))
    if table.rated:
        result["ratings"] = board
    result["resigned"] = resigned(table)
    table.result = result
    table.status = FINISHED


def _rate(session: Session, table: Table, state: State) -> list[dict[str, Any]]:
    players = [session.get(Player, seat.player_id) if seat.player_id is not None else None for seat in table.seats]
    accounts = [player for player in players if player is not None and not player.is_guest]
    if len(accounts) != len(players):
        return []
    before = [(player.rating_mu, player.rating_sigma) for player in accounts]
    after = new_ratings(before, rating_places(rank_order(state), [seat.replaced for seat in table.seats]))
    changes = []
    for player, (mu, sigma), (old_mu, old_sigma) in zip(accounts, after, before, strict=True):
        player.rating_mu, player.rating_sigma = mu, sigma
        player.rated_games += 1
        changes.append(rating_change((old_mu, old_sigma), (mu, sigma), player.rated_games))
    session.flush()
    return changes
