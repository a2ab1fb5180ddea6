"""The game store's schema migrations (Alembic): ``greatwar db upgrade`` runs them; see
:mod:`greatwar.server.schema`."""
