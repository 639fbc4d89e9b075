"""Sessions note when they were last used (they end after a while unused), and a table's bots are
played by the one server process that holds the table's bot lease.

Revision ID: 0002_sessions_bot_leases
Revises: 0001
Create Date: 2026-11-25
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0002_sessions_bot_leases"
down_revision: str | None = "0001"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

MOMENT = sa.DateTime(timezone=True)


def upgrade() -> None:
    with op.batch_alter_table("sessions") as sessions:
        sessions.add_column(sa.Column("last_seen_at", MOMENT, nullable=True))
    # The sessions open at the upgrade count as used now: none ends for want of a record of its use.
    op.execute(sa.text("UPDATE sessions SET last_seen_at = CURRENT_TIMESTAMP"))
    with op.batch_alter_table("game_tables") as tables:
        tables.add_column(sa.Column("bot_lease_holder", sa.String(64), nullable=True))
        tables.add_column(sa.Column("bot_lease_until", MOMENT, nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("game_tables") as tables:
        tables.drop_column("bot_lease_until")
        tables.drop_column("bot_lease_holder")
    with op.batch_alter_table("sessions") as sessions:
        sessions.drop_column("last_seen_at")
