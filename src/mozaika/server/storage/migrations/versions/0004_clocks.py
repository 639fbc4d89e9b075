"""Clocks: each table's time control and clocks, timed-out seats, and players' e-mail reminders.

Revision ID: 0004_clocks
Revises: 0003_game_reviews
Create Date: 2026-11-25
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0004_clocks"
down_revision: str | None = "0003_game_reviews"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    with op.batch_alter_table("game_tables") as table:
        table.add_column(sa.Column("clock", sa.JSON, nullable=True))
        table.add_column(sa.Column("clock_due", sa.Float, nullable=True))
        table.create_index("ix_game_tables_clock_due", ["clock_due"])
    with op.batch_alter_table("seats") as seats:
        seats.add_column(sa.Column("timed_out", sa.Boolean, nullable=False, server_default=sa.false()))
    with op.batch_alter_table("players") as players:
        players.add_column(sa.Column("email", sa.String(254), nullable=True))
        players.add_column(sa.Column("email_reminders", sa.Boolean, nullable=False, server_default=sa.false()))


def downgrade() -> None:
    with op.batch_alter_table("players") as players:
        players.drop_column("email_reminders")
        players.drop_column("email")
    with op.batch_alter_table("seats") as seats:
        seats.drop_column("timed_out")
    with op.batch_alter_table("game_tables") as table:
        table.drop_index("ix_game_tables_clock_due")
        table.drop_column("clock_due")
        table.drop_column("clock")
