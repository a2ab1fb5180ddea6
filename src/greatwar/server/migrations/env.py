"""Alembic's environment for the game store: run the migrations on the connection that
:func:`greatwar.server.schema.upgrade` passes in ``config.attributes["connection"]`` (no ini
file, no logging set-up: the command that runs it has done that)."""

from __future__ import annotations

from alembic import context
from sqlalchemy import Connection

conn = context.config.attributes.get("connection")
if not isinstance(conn, Connection):
    raise RuntimeError("the game store's migrations run through greatwar db upgrade")
context.configure(connection=conn, render_as_batch=conn.dialect.name == "sqlite")
with context.begin_transaction():
    context.run_migrations()
