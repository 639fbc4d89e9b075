"""A lobby that shows life: when a person last moved at each table, tables that ended because every
person left them, and invite-only tables their creators opened to spectators.

Revision ID: 0012_lobby_life
Revises: 0011_tournaments
Create Date: 2026-11-28
"""

from collections.abc import Sequence
from datetime import UTC

import sqlalchemy as sa
from alembic import op

revision: str = "0012_lobby_life"
down_revision: str | None = "0011_tournaments"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    with op.batch_alter_table("game_tables") as tables:
        tables.add_column(sa.Column("person_moved_at", sa.Float, nullable=True))
        tables.add_column(sa.Column("idle_ended", sa.Boolean, nullable=False, server_default=sa.false()))
        tables.add_column(sa.Column("spectators_open", sa.Boolean, nullable=False, server_default=sa.false()))
        tables.create_index("ix_game_tables_person_moved_at", ["person_moved_at"])
    # A running table's last change stands for its last person's move: without it, every running
    # table would look abandoned at the first look after the upgrade.
    game_tables = sa.table(
        "game_tables",
        sa.column("id", sa.String),
        sa.column("status", sa.String),
        sa.column("updated_at", sa.DateTime(timezone=True)),
        sa.column("person_moved_at", sa.Float),
    )
    connection = op.get_bind()
    running = connection.execute(
        sa.select(game_tables.c.id, game_tables.c.updated_at).where(game_tables.c.status == "running")
    ).all()
    for table_id, updated_at in running:
        moment = updated_at if updated_at.tzinfo is not None else updated_at.replace(tzinfo=UTC)
        connection.execute(
            game_tables.update().where(game_tables.c.id == table_id).values(person_moved_at=moment.timestamp())
        )


def downgrade() -> None:
    with op.batch_alter_table("game_tables") as tables:
        tables.drop_index("ix_game_tables_person_moved_at")
        tables.drop_column("spectators_open")
        tables.drop_column("idle_ended")
        tables.drop_column("person_moved_at")
