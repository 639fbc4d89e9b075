"""The language a player's letters are written in: the one their browser showed when they last saved
their e-mail settings (None: English, as before).

Revision ID: 0014_lang69
Revises: 0013_moderated_addresses
Create Date: 2026-11-29
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0014_lang69"
down_revision: str | None = "0013_moderated_addresses"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    with op.batch_alter_table("players") as players:
        players.add_column(sa.Column("language", sa.String(8), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("players") as players:
        players.drop_column("language")
