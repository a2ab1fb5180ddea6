"""Many server processes on one store: ``games.seq`` and the ``bot_claims`` table.

``games.seq`` is raised by every write of a game; a process writes only if the game's seq is
still the one its copy has (else it catches up and judges the request again). ``bot_claims``
holds the process that makes a game's next bot move, and until when (a claim that lapses is
taken over by another process). A store whose code already made them (a ``GameStore`` opened
directly adds what it lacks) is brought to this revision as it is.

Revision ID: 0002
Revises: 0001
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    bind = op.get_bind()
    columns = {c["name"] for c in sa.inspect(bind).get_columns("games")}
    if "seq" not in columns:
        op.add_column("games", sa.Column("seq", sa.BigInteger, nullable=False, server_default="0"))
    if "bot_claims" not in set(sa.inspect(bind).get_table_names()):
        op.create_table(
            "bot_claims",
            sa.Column("game_id", sa.String(40), primary_key=True),
            sa.Column("seq", sa.BigInteger, nullable=False),
            sa.Column("owner", sa.String(80), nullable=False),
            sa.Column("until", sa.Float, nullable=False),
        )


def downgrade() -> None:
    op.drop_table("bot_claims")
    with op.batch_alter_table("games") as batch:
        batch.drop_column("seq")
