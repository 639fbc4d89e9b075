"""Stand-in moves: each log entry says whether the stand-in bot played it for the seat's person.

Revision ID: 0008_stand_in
Revises: 0007_moderation
Create Date: 2026-11-27
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0008_stand_in"
down_revision: str | None = "0007_moderation"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    # The moves of earlier games are not known to be a stand-in's: they count as the seat's own.
    with op.batch_alter_table("log_entries") as log:
        log.add_column(sa.Column("stand_in", sa.Boolean, nullable=False, server_default=sa.false()))


def downgrade() -> None:
    with op.batch_alter_table("log_entries") as log:
        log.drop_column("stand_in")
