"""Accounts, their sessions, the lobby and ratings (issue 30): the tables of
:mod:`greatwar.server.tables`. Each is created only where it is missing (a store opened in code
makes them itself), so such a store is brought to this revision as it is.

Revision ID: 0003
Revises: 0002
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    have = set(sa.inspect(op.get_bind()).get_table_names())
    if "invites" not in have:
        op.create_table(
            "invites",
            sa.Column("id", sa.String(64), primary_key=True),
            sa.Column("created", sa.Float(), nullable=False),
            sa.Column("expires", sa.Float(), nullable=False),
            sa.Column("used_by", sa.Integer(), nullable=True),
        )
    if "login_failures" not in have:
        op.create_table(
            "login_failures",
            sa.Column("key", sa.String(120), primary_key=True),
            sa.Column("count", sa.Integer(), nullable=False),
            sa.Column("since", sa.Float(), nullable=False),
            sa.Column("until", sa.Float(), nullable=False),
        )
    if "rating_history" not in have:
        op.create_table(
            "rating_history",
            sa.Column("game_id", sa.String(40), primary_key=True),
            sa.Column("subject", sa.String(80), primary_key=True),
            sa.Column("game", sa.String(40), nullable=False),
            sa.Column("result", sa.String(8), nullable=False),
            sa.Column("mu_before", sa.Float(), nullable=False),
            sa.Column("sigma_before", sa.Float(), nullable=False),
            sa.Column("mu", sa.Float(), nullable=False),
            sa.Column("sigma", sa.Float(), nullable=False),
            sa.Column("at", sa.Float(), nullable=False),
        )
        op.create_index("rating_history_subject", "rating_history", ["subject", "game", "at"])
    if "ratings" not in have:
        op.create_table(
            "ratings",
            sa.Column("subject", sa.String(80), primary_key=True),
            sa.Column("game", sa.String(40), primary_key=True),
            sa.Column("mu", sa.Float(), nullable=False),
            sa.Column("sigma", sa.Float(), nullable=False),
            sa.Column("games", sa.Integer(), nullable=False),
            sa.Column("updated", sa.Float(), nullable=False),
        )
    if "users" not in have:
        op.create_table(
            "users",
            sa.Column("id", sa.Integer(), primary_key=True, autoincrement=True),
            sa.Column("name", sa.String(40), nullable=False),
            sa.Column("key", sa.String(40), nullable=False, unique=True),
            sa.Column("password", sa.String(200), nullable=False),
            sa.Column("email", sa.String(254), nullable=True),
            sa.Column("disabled", sa.Integer(), nullable=False, server_default="0"),
            sa.Column("notify", sa.Text(), nullable=True),
            sa.Column("created", sa.Float(), nullable=False),
        )
    if "offers" not in have:
        op.create_table(
            "offers",
            sa.Column("id", sa.String(20), primary_key=True),
            sa.Column("created", sa.Float(), nullable=False),
            sa.Column("expires", sa.Float(), nullable=False),
            sa.Column("user_id", sa.Integer(), sa.ForeignKey("users.id"), nullable=True),
            sa.Column("game", sa.String(40), nullable=False),
            sa.Column("scenario", sa.String(40), nullable=False),
            sa.Column("options", sa.Text(), nullable=False),
            sa.Column("seats", sa.Text(), nullable=False),
            sa.Column("places", sa.Text(), nullable=False),
            sa.Column("clock", sa.Text(), nullable=True),
            sa.Column("rated", sa.Integer(), nullable=False, server_default="0"),
            sa.Column("public", sa.Integer(), nullable=False, server_default="0"),
            sa.Column("invitee", sa.Integer(), nullable=True),
            sa.Column("state", sa.String(12), nullable=False),
            sa.Column("game_id", sa.String(40), nullable=True),
            sa.Column("rematch_of", sa.String(40), nullable=True, unique=True),
            sa.Column("seq", sa.Integer(), nullable=False, server_default="0"),
        )
        op.create_index("offers_state", "offers", ["state", "expires"])
    if "players" not in have:
        op.create_table(
            "players",
            sa.Column("game_id", sa.String(40), primary_key=True),
            sa.Column("user_id", sa.Integer(), sa.ForeignKey("users.id"), primary_key=True),
            sa.Column("seats", sa.String(200), nullable=False),
        )
        op.create_index("players_user", "players", ["user_id"])
    if "resets" not in have:
        op.create_table(
            "resets",
            sa.Column("id", sa.String(64), primary_key=True),
            sa.Column("user_id", sa.Integer(), sa.ForeignKey("users.id"), nullable=False),
            sa.Column("expires", sa.Float(), nullable=False),
            sa.Column("used", sa.Integer(), nullable=False, server_default="0"),
        )
    if "sessions" not in have:
        op.create_table(
            "sessions",
            sa.Column("id", sa.String(64), primary_key=True),
            sa.Column(
                "user_id", sa.Integer(), sa.ForeignKey("users.id"), nullable=False, index=True
            ),
            sa.Column("created", sa.Float(), nullable=False),
            sa.Column("expires", sa.Float(), nullable=False),
        )


def downgrade() -> None:
    op.drop_table("sessions")
    op.drop_table("resets")
    op.drop_table("players")
    op.drop_table("offers")
    op.drop_table("users")
    op.drop_table("ratings")
    op.drop_table("rating_history")
    op.drop_table("login_failures")
    op.drop_table("invites")
