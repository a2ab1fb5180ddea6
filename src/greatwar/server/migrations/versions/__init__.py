"""One module per schema revision, oldest first (Alembic reads them by their ``revision`` and
``down_revision``)."""
