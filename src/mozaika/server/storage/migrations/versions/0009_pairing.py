"""Quick pairing: the requests of players waiting to be paired with people.

Revision ID: 0009_pairing
Revises: 0008_stand_in
Create Date: 2026-11-28
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0009_pairing"
down_revision: str | None = "0008_stand_in"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "pairing_requests",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("player_id", sa.Integer, sa.ForeignKey("players.id", ondelete="CASCADE"), nullable=False),
        sa.Column("game", sa.String(32), nullable=False),
        sa.Column("players", sa.Integer, nullable=False),
        sa.Column("options", sa.JSON, nullable=False),
        sa.Column("variant", sa.String(128), nullable=False),
        sa.Column("clock", sa.String(16), nullable=False),
        sa.Column("rated", sa.Boolean, nullable=False),
        sa.Column("queue", sa.String(200), nullable=False),
        sa.Column("rating", sa.Float, nullable=False),
        sa.Column("asked_at", sa.Float, nullable=False),
        sa.Column("alive_until", sa.Float, nullable=False),
        sa.Column("status", sa.String(8), nullable=False),
        sa.Column("table_id", sa.String(16), sa.ForeignKey("game_tables.id", ondelete="CASCADE"), nullable=True),
        sa.Column("seat", sa.Integer, nullable=True),
        sa.Column("paired_at", sa.Float, nullable=True),
        sa.UniqueConstraint("player_id"),
    )
    op.create_index("ix_pairing_requests_queue", "pairing_requests", ["status", "queue", "alive_until"])


def downgrade() -> None:
    op.drop_index("ix_pairing_requests_queue", table_name="pairing_requests")
    op.drop_table("pairing_requests")
