"""What administrators do: find players, mute or ban them, close tables, remove chat lines, read
the reported lines and the audit log; and what players do for them: report a chat line.

Every administrator's action is written to the audit log in the transaction that does it.
"""

from __future__ import annotations

from typing import Any

from sqlalchemy import delete, func, or_, select
from sqlalchemy.orm import Session

from mozaika.server.errors import BadRequestError, ConflictError, NotFoundError
from mozaika.server.players.accounts import BAN, MUTE, Caller, profile_key
from mozaika.server.players.roles import audit, require_admin
from mozaika.server.storage.models import (
    AuditEntry,
    ChatMessage,
    ChatReport,
    GameTable,
    LoginSession,
    ModeratedAddress,
    Player,
    Seat,
)
from mozaika.server.storage.pairing import PairingRequest
from mozaika.server.tables import Tables
from mozaika.server.tables.access import signed_in
from mozaika.server.tables.shapes import CANCELLED, OPEN, RUNNING, SEAT_OPEN, SEAT_PLAYER, Outcome, Table
from mozaika.server.tables.steps import bot_turns

FOUND_AT_MOST = 50
LISTED_AT_MOST = 200


class Moderation:
    def __init__(self, tables: Tables) -> None:
        self.tables = tables
        self.db = tables.store.db

    # --- players --------------------------------------------------------------------------

    def find_players(self, caller: Caller, query: str) -> list[dict[str, Any]]:
        """Accounts and guests whose username or name holds ``query`` (the newest first)."""
        require_admin(self.db, caller)
        wanted = query.strip().lower()
        with self.db.reading() as session:
            statement = select(Player).order_by(Player.created_at.desc(), Player.id.desc()).limit(FOUND_AT_MOST)
            if wanted:
                pattern = "%" + wanted.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_") + "%"
                statement = statement.where(
                    or_(Player.username.like(pattern, escape="\\"), func.lower(Player.name).like(pattern, escape="\\"))
                )
            players = session.scalars(statement).all()
            return [_player(player) for player in players]

    def set_muted(self, caller: Caller, player_id: int, muted: bool) -> dict[str, Any]:
        """A muted player's chat lines are refused (403) until unmuted."""
        admin = require_admin(self.db, caller)
        with self.db.transaction() as session:
            player = _existing_player(session, player_id)
            player.muted = muted
            addresses = _follow_addresses(session, player.id, MUTE, muted)
            audit(
                session, admin, "mute" if muted else "unmute", f"player:{player.id}", name=player.name,
                addresses=addresses,
            )  # fmt: skip
            return _player(player)

    def set_banned(self, caller: Caller, player_id: int, banned: bool) -> tuple[dict[str, Any], list[Outcome]]:
        """A ban ends the player's sessions and their request to be paired, gives their running seats to the
        replacement bot and frees their seats at tables not yet started (cancelling those they created); an
        unban lets them sign in."""
        admin = require_admin(self.db, caller)
        outcomes: list[Outcome] = []
        with self.db.transaction() as session:
            player = _existing_player(session, player_id)
            if player.id == admin.id:
                raise BadRequestError("an administrator cannot ban themselves")
            player.banned = banned
            details: dict[str, Any] = {"name": player.name}
            details["addresses"] = _follow_addresses(session, player.id, BAN, banned)  # before the sessions end
            if banned:
                ended = session.execute(delete(LoginSession).where(LoginSession.player_id == player.id))
                details["sessions_ended"] = int(getattr(ended, "rowcount", 0) or 0)
                session.execute(delete(PairingRequest).where(PairingRequest.player_id == player.id))
                outcomes = self._free_seats(session, player.id)
                details["tables"] = [outcome.data["table"] for outcome in outcomes]
            audit(session, admin, "ban" if banned else "unban", f"player:{player.id}", **details)
            return _player(player), outcomes

    def _free_seats(self, session: Session, player_id: int) -> list[Outcome]:
        store, views, seating = self.tables.store, self.tables.views, self.tables.seating
        table_ids = session.scalars(
            select(GameTable.id)
            .join(Seat, Seat.table_id == GameTable.id)
            .where(Seat.player_id == player_id, GameTable.status.in_((OPEN, RUNNING)))
            .order_by(GameTable.id)
        ).all()
        outcomes = []
        for table_id in dict.fromkeys(table_ids):
            table = store.read(session, table_id, lock=True)
            turns = []
            if table.status == RUNNING:
                for seat in table.seats:
                    if seat.kind == SEAT_PLAYER and seat.player_id == player_id:
                        seating.replace_by_bot(table, seat)
                store.save(session, table)
                turns = bot_turns(table, store.position(session, table))
            elif table.owner_id == player_id:
                table.status = CANCELLED
                store.save(session, table)
            else:
                for seat in table.seats:
                    if seat.player_id == player_id:
                        seat.kind, seat.player_id, seat.token_hash = SEAT_OPEN, None, None
                store.save(session, table)
            outcomes.append(Outcome({"table": table.id}, [views.table_event(table)], turns, table.clock_due))
        return outcomes

    # --- tables ---------------------------------------------------------------------------

    def close_table(self, caller: Caller, table_id: str) -> Outcome:
        """Close a table waiting for players, or abandon a running game: the table is cancelled, without
        a result or rating changes; its log stays, for the record."""
        admin = require_admin(self.db, caller)
        with self.db.transaction() as session:
            table = self.tables.store.read(session, table_id, lock=True)
            if table.status not in (OPEN, RUNNING):
                raise ConflictError(f"the table is {table.status} already: only open or running tables can be closed")
            was = table.status
            _cancel(table)
            self.tables.store.save(session, table)
            audit(session, admin, "close_table", f"table:{table.id}", status=was, seq=table.seq)
            event = self.tables.views.table_event(table)
        return Outcome({"table": table.id, "status": CANCELLED}, [event])

    # --- chat -----------------------------------------------------------------------------

    def remove_line(self, caller: Caller, message_id: int) -> Outcome:
        """Remove a chat line (and its reports); the audit log keeps what it said."""
        admin = require_admin(self.db, caller)
        with self.db.transaction() as session:
            line = session.get(ChatMessage, message_id)
            if line is None:
                raise NotFoundError(f"there is no chat line {message_id}")
            audit(
                session,
                admin,
                "remove_chat",
                f"chat:{line.id}",
                table=line.table_id,
                player=line.player_id,
                name=line.name,
                text=line.text,
            )
            table_id = line.table_id
            session.execute(delete(ChatReport).where(ChatReport.message_id == message_id))
            session.delete(line)
        event = {"type": "chat_removed", "table": table_id, "message": message_id}
        return Outcome({"table": table_id, "message": message_id}, [event])

    def report(self, caller: Caller, table_id: str, message_id: int, reason: str) -> dict[str, Any]:
        """A player reports a line of a table's chat to the administrators (once: a second report is the first)."""
        reporter = signed_in(caller)
        with self.db.transaction() as session:
            line = session.get(ChatMessage, message_id)
            if line is None or line.table_id != table_id:
                raise NotFoundError(f"there is no chat line {message_id} at table {table_id!r}")
            if line.player_id == reporter:
                raise BadRequestError("this line is your own")
            found = session.scalar(
                select(ChatReport).where(ChatReport.message_id == message_id, ChatReport.reporter_id == reporter)
            )
            if found is None:
                found = ChatReport(message_id=message_id, reporter_id=reporter, reason=reason.strip())
                session.add(found)
                session.flush()
            return {"message": message_id, "reported": True}

    def reports(self, caller: Caller) -> list[dict[str, Any]]:
        """The reported chat lines still there, the most reported first, each with its reasons."""
        require_admin(self.db, caller)
        with self.db.reading() as session:
            rows = session.execute(
                select(ChatReport, ChatMessage, Player.username, Player.page_key)
                .join(ChatMessage, ChatMessage.id == ChatReport.message_id)
                .join(Player, Player.id == ChatMessage.player_id)
                .order_by(ChatReport.created_at)
            ).all()
            lines: dict[int, dict[str, Any]] = {}
            for report, line, username, page_key in rows:
                entry = lines.setdefault(
                    line.id,
                    {
                        "message": {
                            "id": line.id,
                            "name": line.name,
                            "text": line.text,
                            "at": line.created_at.isoformat(),
                            "player": line.player_id,
                            "profile": profile_key(username, page_key),
                        },
                        "table": line.table_id,
                        "player": line.player_id,
                        "reports": 0,
                        "reasons": [],
                        "last_reported": "",
                    },
                )
                entry["reports"] += 1
                if report.reason:
                    entry["reasons"].append(report.reason)
                entry["last_reported"] = report.created_at.isoformat()
            ordered = sorted(lines.values(), key=lambda entry: (-entry["reports"], entry["last_reported"]))
            return ordered[:LISTED_AT_MOST]

    def audit_log(self, caller: Caller) -> list[dict[str, Any]]:
        """The administrators' actions, the newest first."""
        require_admin(self.db, caller)
        with self.db.reading() as session:
            entries = session.scalars(select(AuditEntry).order_by(AuditEntry.id.desc()).limit(LISTED_AT_MOST)).all()
            return [
                {
                    "id": entry.id,
                    "at": entry.at.isoformat(),
                    "admin": entry.admin_name,
                    "action": entry.action,
                    "target": entry.target,
                    "details": entry.details,
                }
                for entry in entries
            ]


def _follow_addresses(session: Session, player_id: int, kind: str, holds: bool) -> int:
    """A ban or a mute follows the addresses the player's sessions were opened from (no guest, no new
    account goes round it there) while it holds, and lets go of them when it is lifted; how many."""
    session.execute(
        delete(ModeratedAddress).where(ModeratedAddress.player_id == player_id, ModeratedAddress.kind == kind)
    )
    if not holds:
        return 0
    opened_from = select(LoginSession.address).where(
        LoginSession.player_id == player_id, LoginSession.address.is_not(None)
    )
    addresses = sorted({address for address in session.scalars(opened_from) if address is not None})
    session.add_all(ModeratedAddress(address=address, player_id=player_id, kind=kind) for address in addresses)
    return len(addresses)


def _existing_player(session: Session, player_id: int) -> Player:
    player = session.get(Player, player_id)
    if player is None:
        raise NotFoundError(f"there is no player {player_id}")
    return player


def _cancel(table: Table) -> None:
    table.status = CANCELLED
    table.to_move = []
    table.clock_due = None


def _player(player: Player) -> dict[str, Any]:
    return {
        "id": player.id,
        "name": player.name,
        "username": player.username,
        "guest": player.is_guest,
        "admin": player.role == "admin",
        "muted": player.muted,
        "banned": player.banned,
        "since": player.created_at.isoformat(),
    }
