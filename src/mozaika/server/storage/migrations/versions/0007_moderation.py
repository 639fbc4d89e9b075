"""Moderation: administrators, muted and banned players, reported chat lines and the audit log.

Revision ID: 0007_moderation
Revises: 0006_community
Create Date: 2026-11-27
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0007_moderation"
down_revision: str | None = "0006_community"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    with op.batch_alter_table("players") as players:
        players.add_column(sa.Column("role", sa.String(16), nullable=True))
        players.add_column(sa.Column("muted", sa.Boolean, nullable=False, server_default=sa.false()))
        players.add_column(sa.Column("banned", sa.Boolean, nullable=False, server_default=sa.false()))
    op.create_table(
        "chat_reports",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("message_id", sa.Integer, sa.ForeignKey("chat_messages.id", ondelete="CASCADE"), nullable=False),
        sa.Column("reporter_id", sa.Integer, sa.ForeignKey("players.id", ondelete="CASCADE"), nullable=False),
        sa.Column("reason", sa.String(200), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_index("ix_chat_reports_message_id", "chat_reports", ["message_id"])
    op.create_table(
        "audit_log",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("admin_id", sa.Integer, nullable=True),
        sa.Column("admin_name", sa.String(64), nullable=False),
        sa.Column("action", sa.String(32), nullable=False),
        sa.Column("target", sa.String(64), nullable=False),
        sa.Column("details", sa.JSON, nullable=False),
    )
    op.create_index("ix_audit_log_at", "audit_log", ["at"])


def downgrade() -> None:
    op.drop_index("ix_audit_log_at", "audit_log")
    op.drop_table("audit_log")
    op.drop_index("ix_chat_reports_message_id", "chat_reports")
    op.drop_table("chat_reports")
    with op.batch_alter_table("players") as players:
        for column in ("banned", "muted", "role"):
            players.drop_column(column)
