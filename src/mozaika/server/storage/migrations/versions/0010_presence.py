"""Playing people: a seat handed to the stand-in while its player was away, and a proposal to abort.

Revision ID: 0010_presence
Revises: 0009_pairing
Create Date: 2026-11-29
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0010_presence"
down_revision: str | None = "0009_pairing"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    with op.batch_alter_table("seats") as seats:
        seats.add_column(sa.Column("away", sa.Boolean, nullable=False, server_default=sa.false()))
    with op.batch_alter_table("game_tables") as tables:
        tables.add_column(sa.Column("abort_offer", sa.Integer, nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("game_tables") as tables:
        tables.drop_column("abort_offer")
    with op.batch_alter_table("seats") as seats:
        seats.drop_column("away")
