"""Moderation that follows an address: the address each session was opened from, and the addresses
of banned and muted accounts, so that neither mints a guest to go round it; and guests' pages at
addresses nobody can count through (``~`` and a random key, not ``~`` and the guest's number).

Revision ID: 0013_moderated_addresses
Revises: 0012_lobby_life
Create Date: 2026-11-28
"""

import secrets
from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0013_moderated_addresses"
down_revision: str | None = "0012_lobby_life"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    # Sessions opened before this version have no address: their bans hold by account only.
    with op.batch_alter_table("sessions") as sessions:
        sessions.add_column(sa.Column("address", sa.String(45), nullable=True))
    op.create_table(
        "moderated_addresses",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("address", sa.String(45), nullable=False),
        sa.Column("player_id", sa.Integer, sa.ForeignKey("players.id", ondelete="CASCADE"), nullable=False),
        sa.Column("kind", sa.String(8), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_index("ix_moderated_addresses_address", "moderated_addresses", ["address"])
    op.create_index("ix_moderated_addresses_player_id", "moderated_addresses", ["player_id"])
    with op.batch_alter_table("players") as players:
        players.add_column(sa.Column("page_key", sa.String(16), nullable=True))
    op.create_index("ix_players_page_key", "players", ["page_key"], unique=True)
    connection = op.get_bind()
    guests = connection.execute(sa.text("SELECT id FROM players WHERE username IS NULL")).scalars().all()
    for guest in guests:
        connection.execute(
            sa.text("UPDATE players SET page_key = :key WHERE id = :id"), {"key": new_page_key(), "id": guest}
        )


def new_page_key() -> str:
    """As ``mozaika.server.players.credentials.new_page_key`` makes them (a migration keeps its own copy)."""
    return "g" + secrets.token_urlsafe(9)


def downgrade() -> None:
    op.drop_index("ix_players_page_key", "players")
    with op.batch_alter_table("players") as players:
        players.drop_column("page_key")
    op.drop_index("ix_moderated_addresses_player_id", "moderated_addresses")
    op.drop_index("ix_moderated_addresses_address", "moderated_addresses")
    op.drop_table("moderated_addresses")
    with op.batch_alter_table("sessions") as sessions:
        sessions.drop_column("address")
