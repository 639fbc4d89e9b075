"""Friends and mutes: following players, seeing which of them are online and their open tables,
inviting one to your table by name, and muting a player's chat (for yourself only)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from sqlalchemy import delete, select
from sqlalchemy.orm import Session, aliased

from mozaika.catalogue.registry import game_spec
from mozaika.server.community.profiles import find_player
from mozaika.server.errors import BadRequestError, ConflictError, ForbiddenError
from mozaika.server.players.accounts import ONLINE_WITHIN, Caller, profile_key
from mozaika.server.players.letters import invitation_letter
from mozaika.server.players.mail import Letter
from mozaika.server.storage.community import Follow, Invitation, Mute
from mozaika.server.storage.database import Database
from mozaika.server.storage.models import GameTable, Player, Seat, in_utc, utc_now
from mozaika.server.tables.access import signed_in
from mozaika.server.tables.shapes import OPEN, SEAT_OPEN

MOST_FOLLOWED = 500
"""How many players one may follow: a friends list, not a directory."""
MOST_MUTED = 500


@dataclass(frozen=True)
class InvitationSent:
    """What an invitation by name produced: the answer, and a letter when the invitee wants one."""

    data: dict[str, Any]
    letter: Letter | None


class Friends:
    def __init__(self, db: Database, public_url: str) -> None:
        self.db = db
        self.public_url = public_url.rstrip("/")

    # --- following -------------------------------------------------------------------------

    def follow(self, caller: Caller, key: str) -> dict[str, Any]:
        me = signed_in(caller)
        with self.db.transaction() as session:
            other = find_player(session, key)
            if other.id == me:
                raise BadRequestError("you cannot follow yourself")
            if session.get(Follow, (me, other.id)) is None:
                following = session.scalar(
                    select(Follow.followed_id).where(Follow.follower_id == me).limit(1).offset(MOST_FOLLOWED - 1)
                )
                if following is not None:
                    raise ConflictError(f"you follow {MOST_FOLLOWED} players already: unfollow one first")
                session.add(Follow(follower_id=me, followed_id=other.id))
            return {"profile": profile_key(other.username, other.page_key), "name": other.name, "following": True}

    def unfollow(self, caller: Caller, key: str) -> dict[str, Any]:
        me = signed_in(caller)
        with self.db.transaction() as session:
            other = find_player(session, key)
            session.execute(delete(Follow).where(Follow.follower_id == me, Follow.followed_id == other.id))
            return {"profile": profile_key(other.username, other.page_key), "name": other.name, "following": False}

    def friends(self, caller: Caller) -> list[dict[str, Any]]:
        """The players the caller follows, the online ones first, each with their open tables. Whether one
        is online is told only to those they follow too: following needs no consent, presence does."""
        me = signed_in(caller)
        online_since = utc_now() - ONLINE_WITHIN
        back = aliased(Follow)
        with self.db.reading() as session:
            players = session.execute(
                select(Player.id, Player.name, Player.username, Player.page_key, Player.seen_at, back.follower_id)
                .join(Follow, Follow.followed_id == Player.id)
                .outerjoin(back, (back.follower_id == Player.id) & (back.followed_id == me))
                .where(Follow.follower_id == me)
                .order_by(Player.name)
            ).all()
            tables = _open_tables(session, [player.id for player in players])
        friends = [
            {
                "profile": profile_key(username, page_key),
                "name": name,
                "online": (seen is not None and in_utc(seen) >= online_since) if follows_back is not None else None,
                "open_tables": tables.get(player_id, []),
            }
            for player_id, name, username, page_key, seen, follows_back in players
        ]
        friends.sort(key=lambda friend: friend["online"] is not True)
        return friends

    def following(self, caller: Caller, key: str) -> bool:
        if caller.player_id is None:
            return False
        with self.db.reading() as session:
            other = find_player(session, key)
            return session.get(Follow, (caller.player_id, other.id)) is not None

    # --- invitations -----------------------------------------------------------------------

    def invite(self, caller: Caller, table_id: str, key: str) -> InvitationSent:
        """Invite a player by name to the caller's waiting table: it shows in their lobby, and is
        mailed to them when they asked for such letters (at a confirmed address)."""
        me = signed_in(caller)
        with self.db.transaction() as session:
            table = session.get(GameTable, table_id)
            if table is None:
                raise BadRequestError(f"there is no table {table_id!r}")
            if table.owner_id != me:
                raise ForbiddenError("only the table's creator can invite players to it")
            if session.scalar(select(Player.muted).where(Player.id == me)):
                # An invitation carries the sender's name into the other's lobby and letter: it speaks.
                raise ForbiddenError("a muted player cannot invite players by name (the link can still be shared)")
            if table.status != OPEN or not any(seat.kind == SEAT_OPEN for seat in table.seats):
                raise ConflictError("the table has no open seat waiting for a player")
            other = find_player(session, key)
            if other.id == me:
                raise BadRequestError("you are at the table already")
            if session.get(Invitation, (table_id, other.id)) is None:
                session.add(Invitation(table_id=table_id, player_id=other.id, sender_id=me))
            letter = None
            if other.email and other.email_confirmed and other.email_invites:
                link = f"{self.public_url}/tables/{table_id}"
                letter = invitation_letter(other.email, str(caller.name), table.game, link, other.language)
            data = {"table": table_id, "profile": profile_key(other.username, other.page_key), "name": other.name}
            return InvitationSent(data, letter)

    def invitations(self, caller: Caller) -> list[dict[str, Any]]:
        """The waiting tables the caller was invited to by name, the newest first."""
        me = signed_in(caller)
        sender = aliased(Player)
        with self.db.reading() as session:
            rows = session.execute(
                select(Invitation.table_id, GameTable.game, GameTable.players, sender.name, sender.username,
                       sender.page_key, Invitation.created_at)
                .join(GameTable, GameTable.id == Invitation.table_id)
                .join(sender, sender.id == Invitation.sender_id)
                .where(Invitation.player_id == me, GameTable.status == OPEN)
                .order_by(Invitation.created_at.desc())
                .limit(50)
            ).all()  # fmt: skip
        return [
            {
                "table": table_id,
                "game": game,
                "title": game_spec(game).title,
                "players": players,
                "from": name,
                "from_profile": profile_key(username, page_key),
                "at": in_utc(at).isoformat(),
            }
            for table_id, game, players, name, username, page_key, at in rows
        ]

    def set_invite_mail(self, caller: Caller, enabled: bool) -> dict[str, Any]:
        me = signed_in(caller)
        if caller.is_guest:
            raise ForbiddenError("letters are for accounts: register to get invitations by e-mail")
        with self.db.transaction() as session:
            player = session.get(Player, me)
            assert player is not None
            player.email_invites = enabled
            return {"invitations_by_email": enabled}

    # --- mutes -----------------------------------------------------------------------------

    def mute(self, caller: Caller, key: str, muted: bool) -> dict[str, Any]:
        me = signed_in(caller)
        with self.db.transaction() as session:
            other = find_player(session, key)
            if other.id == me:
                raise BadRequestError("you cannot mute yourself")
            exists = session.get(Mute, (me, other.id)) is not None
            if muted and not exists:
                count = session.scalar(
                    select(Mute.muted_id).where(Mute.player_id == me).limit(1).offset(MOST_MUTED - 1)
                )
                if count is not None:
                    raise ConflictError(f"you have muted {MOST_MUTED} players already")
                session.add(Mute(player_id=me, muted_id=other.id))
            elif not muted and exists:
                session.execute(delete(Mute).where(Mute.player_id == me, Mute.muted_id == other.id))
            return {"profile": profile_key(other.username, other.page_key), "name": other.name, "player": other.id,
                    "muted": muted}  # fmt: skip

    def muted(self, caller: Caller) -> list[dict[str, Any]]:
        if caller.player_id is None:
            return []
        with self.db.reading() as session:
            rows = session.execute(
                select(Player.id, Player.name, Player.username, Player.page_key)
                .join(Mute, Mute.muted_id == Player.id)
                .where(Mute.player_id == caller.player_id)
                .order_by(Player.name)
            ).all()
        return [
            {"player": pid, "name": name, "profile": profile_key(username, page_key)}
            for pid, name, username, page_key in rows
        ]


def _open_tables(session: Session, players: list[int]) -> dict[int, list[dict[str, Any]]]:
    """Each player's waiting tables that anyone may join (not invite-only, with an open seat)."""
    if not players:
        return {}
    rows = session.execute(
        select(Seat.player_id, GameTable.id, GameTable.game, GameTable.players)
        .join(GameTable, GameTable.id == Seat.table_id)
        .where(Seat.player_id.in_(players), GameTable.status == OPEN, GameTable.invite_only.is_(False))
        .order_by(GameTable.updated_at.desc())
    ).all()
    found: dict[int, list[dict[str, Any]]] = {}
    for player_id, table_id, game, count in rows:
        found.setdefault(player_id or 0, []).append(
            {"table": table_id, "game": game, "title": game_spec(game).title, "players": count}
        )
    return found
