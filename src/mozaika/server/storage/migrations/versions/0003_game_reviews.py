"""Game reviews: the expert's review of each finished game, made in the background.

Revision ID: 0003_game_reviews
Revises: 0002_sessions_bot_leases
Create Date: 2026-11-25
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0003_game_reviews"
down_revision: str | None = "0002_sessions_bot_leases"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

MOMENT = sa.DateTime(timezone=True)


def upgrade() -> None:
    op.create_table(
        "game_reviews",
        sa.Column("table_id", sa.String(16), sa.ForeignKey("game_tables.id", ondelete="CASCADE"), primary_key=True),
        sa.Column("status", sa.String(16), nullable=False),
        sa.Column("done", sa.Integer, nullable=False),
        sa.Column("total", sa.Integer, nullable=False),
        sa.Column("review", sa.JSON, nullable=True),
        sa.Column("error", sa.Text, nullable=True),
        sa.Column("requested_at", MOMENT, nullable=False),
        sa.Column("started_at", MOMENT, nullable=True),
        sa.Column("finished_at", MOMENT, nullable=True),
    )
    op.create_index("ix_game_reviews_status", "game_reviews", ["status"])


def downgrade() -> None:
    op.drop_index("ix_game_reviews_status", table_name="game_reviews")
    op.drop_table("game_reviews")
