"""E-mail confirmation: an address gets mail only once its owner opened the link sent there,
and letters per account per day are counted.

Addresses given before this revision count as unconfirmed: their owners confirm them
from their settings before any reminder goes out again.

Revision ID: 0005_email_confirmation
Revises: 0004_clocks
Create Date: 2026-11-25
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0005_email_confirmation"
down_revision: str | None = "0004_clocks"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    with op.batch_alter_table("players") as players:
        players.add_column(sa.Column("email_confirmed", sa.Boolean, nullable=False, server_default=sa.false()))
        players.add_column(sa.Column("email_token", sa.String(64), nullable=True))
        players.add_column(sa.Column("email_token_expires", sa.Float, nullable=True))
        players.add_column(sa.Column("mail_day", sa.String(10), nullable=True))
        players.add_column(sa.Column("reminders_today", sa.Integer, nullable=False, server_default="0"))
        players.add_column(sa.Column("confirmations_today", sa.Integer, nullable=False, server_default="0"))
        players.create_index("ix_players_email_token", ["email_token"])


def downgrade() -> None:
    with op.batch_alter_table("players") as players:
        players.drop_index("ix_players_email_token")
        for column in (
            "confirmations_today",
            "reminders_today",
            "mail_day",
            "email_token_expires",
            "email_token",
            "email_confirmed",
        ):
            players.drop_column(column)
