"""The greatwar web app: FastAPI server, game store, seats and tokens, websockets, bots.

``create_app(store=GameStore(url))`` builds the app; ``greatwar serve`` runs it with uvicorn.
"""

from greatwar.server import logs
from greatwar.server.app import create_app
from greatwar.server.store import GameStore, database_url

__all__ = ["GameStore", "create_app", "database_url", "default_database", "logs"]


def default_database() -> str:
    """The embedded SQLite file in the user's data directory."""
    from platformdirs import user_data_path

    return str(user_data_path("greatwar", appauthor=False) / "games.sqlite")
