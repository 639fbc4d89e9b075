"""The community: each player's part in every finished game, ratings per game and variant,
follows, mutes and direct invitations; tables remember whether they are invite-only, whether
they start by themselves, and the table that plays them again; players when they were last seen.

The games finished before this revision are written into ``game_results`` (and their totals into
``player_boards``) from their stored results, so that profiles count them (unrated: their ratings
were one across all games).

Revision ID: 0006_community
Revises: 0005_email_confirmation
Create Date: 2026-11-27
"""

import json
from collections.abc import Sequence
from typing import Any

import sqlalchemy as sa
from alembic import op

revision: str = "0006_community"
down_revision: str | None = "0005_email_confirmation"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    with op.batch_alter_table("players") as players:
        players.add_column(sa.Column("seen_at", sa.DateTime(timezone=True), nullable=True))
        players.add_column(sa.Column("email_invites", sa.Boolean, nullable=False, server_default=sa.false()))
    with op.batch_alter_table("game_tables") as tables:
        tables.add_column(sa.Column("invite_only", sa.Boolean, nullable=False, server_default=sa.false()))
        tables.add_column(sa.Column("autostart", sa.Boolean, nullable=False, server_default=sa.false()))
        tables.add_column(sa.Column("rematch", sa.String(16), nullable=True))
    op.create_table(
        "game_results",
        sa.Column("table_id", sa.String(16), sa.ForeignKey("game_tables.id", ondelete="CASCADE"), primary_key=True),
        sa.Column("seat", sa.Integer, primary_key=True),
        sa.Column("player_id", sa.Integer, sa.ForeignKey("players.id", ondelete="CASCADE"), nullable=False),
        sa.Column("game", sa.String(32), nullable=False),
        sa.Column("variant", sa.String(64), nullable=False),
        sa.Column("players", sa.Integer, nullable=False),
        sa.Column("score", sa.Integer, nullable=False),
        sa.Column("place", sa.Integer, nullable=False),
        sa.Column("won", sa.Boolean, nullable=False),
        sa.Column("rated", sa.Boolean, nullable=False),
        sa.Column("rating", sa.Float, nullable=True),
        sa.Column("review_loss", sa.Float, nullable=True),
        sa.Column("review_decisions", sa.Integer, nullable=True),
        sa.Column("finished_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_index("ix_game_results_player_board", "game_results", ["player_id", "game", "variant", "finished_at"])
    op.create_index("ix_game_results_player_finished", "game_results", ["player_id", "finished_at"])
    op.create_table(
        "player_boards",
        sa.Column("player_id", sa.Integer, sa.ForeignKey("players.id", ondelete="CASCADE"), primary_key=True),
        sa.Column("game", sa.String(32), primary_key=True),
        sa.Column("variant", sa.String(64), primary_key=True),
        sa.Column("played", sa.Integer, nullable=False),
        sa.Column("won", sa.Integer, nullable=False),
        sa.Column("score_total", sa.Integer, nullable=False),
        sa.Column("best_score", sa.Integer, nullable=False),
        sa.Column("reviewed_games", sa.Integer, nullable=False),
        sa.Column("review_loss", sa.Float, nullable=False),
        sa.Column("review_decisions", sa.Integer, nullable=False),
        sa.Column("mu", sa.Float, nullable=True),
        sa.Column("sigma", sa.Float, nullable=True),
        sa.Column("ordinal", sa.Float, nullable=True),
        sa.Column("rated_games", sa.Integer, nullable=False),
    )
    op.create_index("ix_player_boards_board_ordinal", "player_boards", ["game", "variant", "ordinal"])
    op.create_table(
        "follows",
        sa.Column("follower_id", sa.Integer, sa.ForeignKey("players.id", ondelete="CASCADE"), primary_key=True),
        sa.Column("followed_id", sa.Integer, sa.ForeignKey("players.id", ondelete="CASCADE"), primary_key=True),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_index("ix_follows_followed_id", "follows", ["followed_id"])
    op.create_table(
        "mutes",
        sa.Column("player_id", sa.Integer, sa.ForeignKey("players.id", ondelete="CASCADE"), primary_key=True),
        sa.Column("muted_id", sa.Integer, sa.ForeignKey("players.id", ondelete="CASCADE"), primary_key=True),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_table(
        "invitations",
        sa.Column("table_id", sa.String(16), sa.ForeignKey("game_tables.id", ondelete="CASCADE"), primary_key=True),
        sa.Column("player_id", sa.Integer, sa.ForeignKey("players.id", ondelete="CASCADE"), primary_key=True),
        sa.Column("sender_id", sa.Integer, sa.ForeignKey("players.id", ondelete="CASCADE"), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_index("ix_invitations_player_id", "invitations", ["player_id"])
    _results_of_finished_games()
    op.execute(
        "INSERT INTO player_boards (player_id, game, variant, played, won, score_total, best_score,"
        " reviewed_games, review_loss, review_decisions, rated_games)"
        " SELECT player_id, game, variant, count(*), sum(CASE WHEN won THEN 1 ELSE 0 END), sum(score), max(score),"
        " 0, 0, 0, 0 FROM game_results GROUP BY player_id, game, variant"
    )


def _results_of_finished_games() -> None:
    """Every seated player's part in the games finished before this revision, from their stored results."""
    connection = op.get_bind()
    tables = connection.execute(
        sa.text(
            "SELECT id, game, players, options, result, rated, updated_at FROM game_tables WHERE status = 'finished'"
        )
    ).all()
    results = sa.table(
        "game_results",
        *(sa.column(name) for name in ("table_id", "seat", "player_id", "game", "variant", "players", "score")),
        *(sa.column(name) for name in ("place", "won", "rated", "rating", "finished_at")),
    )
    for table_id, game, players, options, result, rated, finished_at in tables:
        result = _json(result)
        if not result or "scores" not in result:
            continue
        seats = connection.execute(
            sa.text('SELECT "index", player_id, replaced FROM seats WHERE table_id = :id ORDER BY "index"'),
            {"id": table_id},
        ).all()
        scores, winners = list(result["scores"]), set(result.get("winners", []))
        abandoned = [bool(replaced) for _, _, replaced in seats]
        places = _places(scores, winners, abandoned)
        rows = [
            {
                "table_id": table_id,
                "seat": index,
                "player_id": player_id,
                "game": game,
                "variant": _variant(_json(options) or {}),
                "players": players,
                "score": scores[index],
                "place": places[index],
                "won": places[index] == 0 and not abandoned[index],
                "rated": bool(rated),
                "rating": None,
                "finished_at": finished_at,
            }
            for index, player_id, _ in seats
            if player_id is not None and index < len(scores)
        ]
        if rows:
            connection.execute(sa.insert(results), rows)


def _json(value: Any) -> Any:
    return json.loads(value) if isinstance(value, str) else value


def _variant(options: dict[str, Any]) -> str:
    """As ``mozaika.server.boards.variant_of`` writes it (kept here as it was at this revision)."""
    return ",".join(f"{name}={json.dumps(value)}".replace('"', "") for name, value in sorted(options.items()))


def _places(scores: list[int], winners: set[int], abandoned: list[bool]) -> list[int]:
    """As ``mozaika.server.tables.standings.standing_places`` counts them (kept here as at this revision)."""
    stayed = [seat for seat, gone in enumerate(abandoned) if not gone]
    ahead = {
        seat: 0 if seat in winners else sum(1 for other in stayed if scores[other] > scores[seat] or other in winners)
        for seat in stayed
    }
    last = 1 + max(ahead.values(), default=-1)
    return [ahead.get(seat, last) for seat in range(len(scores))]


def downgrade() -> None:
    for name in ("invitations", "mutes", "follows", "player_boards", "game_results"):
        op.drop_table(name)
    with op.batch_alter_table("game_tables") as tables:
        for column in ("rematch", "autostart", "invite_only"):
            tables.drop_column(column)
    with op.batch_alter_table("players") as players:
        for column in ("email_invites", "seen_at"):
            players.drop_column(column)
