"""What clients see of tournaments: the list, a tournament's page, and its live event."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from typing import Any

from sqlalchemy import func, select
from sqlalchemy.orm import Session

from mozaika.server.players.accounts import profile_key
from mozaika.server.storage.models import GameTable, Player, Seat, in_utc
from mozaika.server.storage.tournaments import Tournament, TournamentEntry, TournamentPlayer
from mozaika.server.tournaments.rounds import ACTIVE, current_standings, members
from mozaika.server.tournaments.scoring import Line


def moment(value: datetime | None) -> str | None:
    return in_utc(value).isoformat() if value is not None else None


def _people(session: Session, ids: Sequence[int]) -> dict[int, dict[str, Any]]:
    found = session.scalars(select(Player).where(Player.id.in_(list(set(ids))))).all() if ids else []
    return {player.id: {"id": player.id, "name": player.name, "profile": profile_key(player.username, player.page_key)}
            for player in found}  # fmt: skip


def summary(tournament: Tournament, entrants: int, creator: dict[str, Any], joined: bool) -> dict[str, Any]:
    """A tournament as the list shows it."""
    return {
        "id": tournament.id,
        "name": tournament.name,
        "game": tournament.game,
        "players": tournament.players,
        "options": tournament.options,
        "clock": tournament.clock,
        "rated": tournament.rated,
        "format": tournament.format,
        "round_count": tournament.rounds,
        "round": tournament.round,
        "status": tournament.status,
        "entrants": entrants,
        "creator": creator,
        "starts_at": moment(tournament.starts_at),
        "started_at": moment(tournament.started_at),
        "finished_at": moment(tournament.finished_at),
        "joined": joined,
    }


def summaries(session: Session, tournaments: Sequence[Tournament], caller: int | None) -> list[dict[str, Any]]:
    ids = [t.id for t in tournaments]
    if not ids:
        return []
    counts = dict(
        session.execute(
            select(TournamentPlayer.tournament_id, func.count())
            .where(TournamentPlayer.tournament_id.in_(ids), TournamentPlayer.state == ACTIVE)
            .group_by(TournamentPlayer.tournament_id)
        ).all()
    )
    mine = set()
    if caller is not None:
        mine = set(
            session.scalars(
                select(TournamentPlayer.tournament_id).where(
                    TournamentPlayer.tournament_id.in_(ids), TournamentPlayer.player_id == caller
                )
            )
        )
    people = _people(session, [t.creator_id for t in tournaments])
    return [summary(t, counts.get(t.id, 0), people[t.creator_id], t.id in mine) for t in tournaments]


def page(session: Session, tournament: Tournament, caller: int | None) -> dict[str, Any]:
    """A tournament's page: its summary, every round's tables, the standings, and the caller's part."""
    joined = members(session, tournament.id)
    entries = session.scalars(
        select(TournamentEntry)
        .where(TournamentEntry.tournament_id == tournament.id)
        .order_by(TournamentEntry.round, TournamentEntry.board)
    ).all()
    people = _people(session, [m.player_id for m in joined] + [tournament.creator_id])
    lines, _ = current_standings(session, tournament.id)
    state = {m.player_id: m for m in joined}
    active = sum(1 for m in joined if m.state == ACTIVE)
    view = summary(tournament, active, people[tournament.creator_id], caller in state)
    view["rounds"] = _rounds(session, entries, people)
    view["standings"] = [_line(line, people, state[line.player]) for line in lines]
    view["you"] = _you(tournament, caller, state, entries)
    return view


def _rounds(session: Session, entries: Sequence[TournamentEntry], people: dict[int, dict[str, Any]]) -> list[Any]:
    table_ids = [e.table_id for e in entries if e.table_id is not None]
    statuses = dict(session.execute(select(GameTable.id, GameTable.status).where(GameTable.id.in_(table_ids))).all())
    seat_of = {
        (table, player): index
        for table, player, index in session.execute(
            select(Seat.table_id, Seat.player_id, Seat.index).where(Seat.table_id.in_(table_ids))
        )
    }
    rounds: dict[int, dict[str, Any]] = {}
    for entry in entries:
        found = rounds.setdefault(entry.round, {"round": entry.round, "tables": {}, "bye": None})
        who = {**people[entry.player_id], "points": entry.points, "score": entry.score, "place": entry.place,
               "missed": entry.missed}  # fmt: skip
        if entry.table_id is None:
            found["bye"] = who
            continue
        table = found["tables"].setdefault(
            entry.table_id,
            {"table": entry.table_id, "board": entry.board, "status": statuses.get(entry.table_id, "cancelled"),
             "players": []},
        )  # fmt: skip
        table["players"].append((seat_of.get((entry.table_id, entry.player_id), 0), who))
    result = []
    for number in sorted(rounds):
        found = rounds[number]
        tables = sorted(found["tables"].values(), key=lambda table: table["board"])
        for table in tables:
            table["players"] = [who for _, who in sorted(table["players"], key=lambda seated: seated[0])]
        over = all(table["status"] in ("finished", "cancelled") for table in tables)
        result.append({"round": number, "tables": tables, "bye": found["bye"], "over": over})
    return result


def _line(line: Line, people: dict[int, dict[str, Any]], member: TournamentPlayer) -> dict[str, Any]:
    return {
        "rank": line.rank,
        **people[line.player],
        "points": round(line.points, 4),
        "buchholz": round(line.buchholz, 4),
        "score": line.score,
        "games": line.games,
        "byes": line.byes,
        "state": member.state,
        "left_after": member.left_after,
        "results": [{"round": number, "points": round(points, 4)} for number, points in sorted(line.rounds.items())],
    }


def _you(
    tournament: Tournament, caller: int | None, state: dict[int, TournamentPlayer], entries: Sequence[TournamentEntry]
) -> dict[str, Any] | None:
    if caller is None or caller not in state:
        return None
    current = next((e for e in entries if e.round == tournament.round and e.player_id == caller), None)
    return {
        "state": state[caller].state,
        "table": current.table_id if current is not None else None,
        "bye": current is not None and current.table_id is None,
        "creator": caller == tournament.creator_id,
    }


def event(tournament: Tournament, paired_tables: Sequence[dict[str, Any]] = ()) -> dict[str, Any]:
    """The live event that something changed: watchers read the page again; a new round names its tables,
    so that each player's page opens their table at once."""
    return {
        "type": "tournament",
        "tournament": tournament.id,
        "status": tournament.status,
        "round": tournament.round,
        "tables": list(paired_tables),
    }
