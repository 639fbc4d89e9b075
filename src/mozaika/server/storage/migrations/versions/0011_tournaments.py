"""Swiss tournaments: the tournaments, their players, and each player's part in each round.

Revision ID: 0011_tournaments
Revises: 0010_presence
Create Date: 2026-11-28
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0011_tournaments"
down_revision: str | None = "0010_presence"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "tournaments",
        sa.Column("id", sa.String(16), primary_key=True),
        sa.Column("name", sa.String(64), nullable=False),
        sa.Column("game", sa.String(32), nullable=False),
        sa.Column("players", sa.Integer, nullable=False),
        sa.Column("options", sa.JSON, nullable=False),
        sa.Column("clock", sa.String(16), nullable=False),
        sa.Column("rated", sa.Boolean, nullable=False),
        sa.Column("format", sa.String(16), nullable=False),
        sa.Column("rounds", sa.Integer, nullable=False),
        sa.Column("status", sa.String(16), nullable=False),
        sa.Column("round", sa.Integer, nullable=False),
        sa.Column("creator_id", sa.Integer, sa.ForeignKey("players.id"), nullable=False),
        sa.Column("starts_at", sa.DateTime(timezone=True), nullable=True),
        sa.Column("started_at", sa.DateTime(timezone=True), nullable=True),
        sa.Column("finished_at", sa.DateTime(timezone=True), nullable=True),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_index("ix_tournaments_status", "tournaments", ["status"])
    op.create_index("ix_tournaments_starts_at", "tournaments", ["starts_at"])
    op.create_table(
        "tournament_players",
        sa.Column(
            "tournament_id", sa.String(16), sa.ForeignKey("tournaments.id", ondelete="CASCADE"), primary_key=True
        ),
        sa.Column("player_id", sa.Integer, sa.ForeignKey("players.id", ondelete="CASCADE"), primary_key=True),
        sa.Column("state", sa.String(16), nullable=False),
        sa.Column("seed", sa.Integer, nullable=False),
        sa.Column("left_after", sa.Integer, nullable=True),
        sa.Column("joined_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_index("ix_tournament_players_player_id", "tournament_players", ["player_id"])
    op.create_table(
        "tournament_entries",
        sa.Column(
            "tournament_id", sa.String(16), sa.ForeignKey("tournaments.id", ondelete="CASCADE"), primary_key=True
        ),
        sa.Column("round", sa.Integer, primary_key=True),
        sa.Column("player_id", sa.Integer, sa.ForeignKey("players.id", ondelete="CASCADE"), primary_key=True),
        sa.Column("table_id", sa.String(16), sa.ForeignKey("game_tables.id", ondelete="SET NULL"), nullable=True),
        sa.Column("board", sa.Integer, nullable=False),
        sa.Column("points", sa.Float, nullable=True),
        sa.Column("score", sa.Integer, nullable=True),
        sa.Column("place", sa.Integer, nullable=True),
        sa.Column("missed", sa.Boolean, nullable=False),
    )
    op.create_index("ix_tournament_entries_table", "tournament_entries", ["table_id"])


def downgrade() -> None:
    op.drop_index("ix_tournament_entries_table", table_name="tournament_entries")
    op.drop_table("tournament_entries")
    op.drop_index("ix_tournament_players_player_id", table_name="tournament_players")
    op.drop_table("tournament_players")
    op.drop_index("ix_tournaments_starts_at", table_name="tournaments")
    op.drop_index("ix_tournaments_status", table_name="tournaments")
    op.drop_table("tournaments")
