"""The game store's schema as greatwar made it before migrations.

Creates each table the store, the chat and the notifications use (``games``, ``actions``,
``requests``, ``chat``, ``notify``) when it is missing, and adds the ``games`` columns of later
versions (``version``, ``extra``) to a store made before them: a store created by the code
without Alembic is brought to this revision unchanged otherwise, its games kept.

Revision ID: 0001
Revises: (none)
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0001"
down_revision = None
branch_labels = None
depends_on = None


def upgrade() -> None:
    bind = op.get_bind()
    tables = set(sa.inspect(bind).get_table_names())
    if "games" not in tables:
        op.create_table(
            "games",
            sa.Column("id", sa.String(40), primary_key=True),
            sa.Column("created", sa.Float, nullable=False),
            sa.Column("updated", sa.Float, nullable=False),
            sa.Column("game", sa.String(40), nullable=False),
            sa.Column("version", sa.String(40), nullable=True),
            sa.Column("scenario", sa.String(40), nullable=False),
            sa.Column("options", sa.Text, nullable=False),
            sa.Column("seed", sa.BigInteger, nullable=False),
            sa.Column("seats", sa.Text, nullable=False),
            sa.Column("summary", sa.Text, nullable=False),
            sa.Column("extra", sa.Text, nullable=True),
        )
    else:
        columns = {c["name"] for c in sa.inspect(bind).get_columns("games")}
        if "version" not in columns:
            op.add_column("games", sa.Column("version", sa.String(40), nullable=True))
        if "extra" not in columns:
            op.add_column("games", sa.Column("extra", sa.Text, nullable=True))
    if "actions" not in tables:
        op.create_table(
            "actions",
            sa.Column("game_id", sa.String(40), sa.ForeignKey("games.id"), primary_key=True),
            sa.Column("n", sa.Integer, primary_key=True),
            sa.Column("text", sa.String(400), nullable=False),
            sa.Column("seat", sa.String(40), nullable=True),
            sa.Column("at", sa.Float, nullable=False),
        )
    if "requests" not in tables:
        op.create_table(
            "requests",
            sa.Column("game_id", sa.String(40), sa.ForeignKey("games.id"), primary_key=True),
            sa.Column("request_id", sa.String(64), primary_key=True),
            sa.Column("seats", sa.String(200), nullable=False),
            sa.Column("digest", sa.String(64), nullable=False),
            sa.Column("answer", sa.Text, nullable=False),
            sa.Column("at", sa.Float, nullable=False),
        )
    if "chat" not in tables:
        op.create_table(
            "chat",
            sa.Column("game_id", sa.String(40), primary_key=True),
            sa.Column("n", sa.Integer, primary_key=True),
            sa.Column("seat", sa.String(16), nullable=False),
            sa.Column("text", sa.String(500), nullable=False),
            sa.Column("at", sa.Float, nullable=False),
        )
    if "notify" not in tables:
        op.create_table(
            "notify",
            sa.Column("game_id", sa.String(40), primary_key=True),
            sa.Column("seat", sa.String(40), primary_key=True),
            sa.Column("webhook", sa.String(500), nullable=True),
            sa.Column("email", sa.String(254), nullable=True),
            sa.Column("at", sa.Float, nullable=False),
        )


def downgrade() -> None:
    raise RuntimeError(
        "refused: going below the first revision would drop every game (greatwar export keeps them)"
    )
