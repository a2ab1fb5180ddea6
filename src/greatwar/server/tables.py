"""The tables of the house around the games: accounts, their sessions, the lobby, ratings.

Made by migration ``0003`` (``server/migrations/versions/r0003_accounts.py``); a store opened in
code (tests, ``GameStore`` directly) gets them from :func:`create`. Nothing here is kept in
clear that could log someone in: a password is an argon2 hash, a session, an invitation or a
reset link is kept as the SHA-256 of its secret.

- ``users``: an account: its name as typed (``name``) and as compared (``key``, lower case,
  unique), the password's argon2 hash, an optional e-mail address, whether it is disabled,
  its notification settings (``notify``: JSON ``{"webhook", "email"}``) and its creation.
- ``sessions``: a logged-in browser: the SHA-256 of the cookie's secret, the account, until
  when (every server process reads them, so any process knows a session).
- ``login_failures``: failed logins counted per account (``name:<key>``) and per address
  (``addr:<ip>``) since ``since``, and when the next try is allowed (``until``).
- ``invites``: an invitation to sign up on a server with ``--accounts invite`` (its digest).
- ``resets``: a one-time password-reset link (its digest), until when, used or not.
- ``offers``: the lobby: a game posted with places wanted. ``places`` is JSON: one object per
  person, ``{"seats": [...], "user": id or None, "token": digest or None}`` (the poster's
  place first); a place is taken when it has a token. ``state`` is ``open``, ``started``
  (``game_id`` names the game), ``withdrawn``; an open offer past ``expires`` is expired.
  ``seq`` is raised by every write: a take names the seq it saw, so of two takers of the last
  place (in any process) one wins. ``rematch_of``: the finished game a rematch was offered on.
- ``players``: which account holds which seats of which game (the lobby's and "my games"'
  index; the seats themselves carry the account too).
- ``ratings``: a rating per subject (``user:<id>`` or ``bot:<name>``) and game: openskill's
  ``mu`` and ``sigma``, the games rated, when last changed.
- ``rating_history``: each rated game's change of each subject's rating; the primary key
  ``(game_id, subject)`` refuses a second update for one game.
"""

from __future__ import annotations

from sqlalchemy import (
    Column,
    Engine,
    Float,
    ForeignKey,
    Index,
    Integer,
    MetaData,
    String,
    Table,
    Text,
)

metadata = MetaData()

users_table = Table(
    "users",
    metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("name", String(40), nullable=False),
    Column("key", String(40), nullable=False, unique=True),
    Column("password", String(200), nullable=False),
    Column("email", String(254), nullable=True),
    Column("disabled", Integer, nullable=False, server_default="0"),
    Column("notify", Text, nullable=True),
    Column("created", Float, nullable=False),
)

sessions_table = Table(
    "sessions",
    metadata,
    Column("id", String(64), primary_key=True),
    Column("user_id", Integer, ForeignKey("users.id"), nullable=False, index=True),
    Column("created", Float, nullable=False),
    Column("expires", Float, nullable=False),
)

login_failures_table = Table(
    "login_failures",
    metadata,
    Column("key", String(120), primary_key=True),
    Column("count", Integer, nullable=False),
    Column("since", Float, nullable=False),
    Column("until", Float, nullable=False),
)

invites_table = Table(
    "invites",
    metadata,
    Column("id", String(64), primary_key=True),
    Column("created", Float, nullable=False),
    Column("expires", Float, nullable=False),
    Column("used_by", Integer, nullable=True),
)

resets_table = Table(
    "resets",
    metadata,
    Column("id", String(64), primary_key=True),
    Column("user_id", Integer, ForeignKey("users.id"), nullable=False),
    Column("expires", Float, nullable=False),
    Column("used", Integer, nullable=False, server_default="0"),
)

offers_table = Table(
    "offers",
    metadata,
    Column("id", String(20), primary_key=True),
    Column("created", Float, nullable=False),
    Column("expires", Float, nullable=False),
    Column("user_id", Integer, ForeignKey("users.id"), nullable=True),
    Column("game", String(40), nullable=False),
    Column("scenario", String(40), nullable=False),
    Column("options", Text, nullable=False),
    Column("seats", Text, nullable=False),
    Column("places", Text, nullable=False),
    Column("clock", Text, nullable=True),
    Column("rated", Integer, nullable=False, server_default="0"),
    Column("public", Integer, nullable=False, server_default="0"),
    Column("invitee", Integer, nullable=True),
    Column("state", String(12), nullable=False),
    Column("game_id", String(40), nullable=True),
    Column("rematch_of", String(40), nullable=True, unique=True),
    Column("seq", Integer, nullable=False, server_default="0"),
    Index("offers_state", "state", "expires"),
)

players_table = Table(
    "players",
    metadata,
    Column("game_id", String(40), primary_key=True),
    Column("user_id", Integer, ForeignKey("users.id"), primary_key=True),
    Column("seats", String(200), nullable=False),
    Index("players_user", "user_id"),
)

ratings_table = Table(
    "ratings",
    metadata,
    Column("subject", String(80), primary_key=True),
    Column("game", String(40), primary_key=True),
    Column("mu", Float, nullable=False),
    Column("sigma", Float, nullable=False),
    Column("games", Integer, nullable=False),
    Column("updated", Float, nullable=False),
)

rating_history_table = Table(
    "rating_history",
    metadata,
    Column("game_id", String(40), primary_key=True),
    Column("subject", String(80), primary_key=True),
    Column("game", String(40), nullable=False),
    Column("result", String(8), nullable=False),  # win, loss or draw
    Column("mu_before", Float, nullable=False),
    Column("sigma_before", Float, nullable=False),
    Column("mu", Float, nullable=False),
    Column("sigma", Float, nullable=False),
    Column("at", Float, nullable=False),
    Index("rating_history_subject", "subject", "game", "at"),
)

TABLES = (
    "users",
    "sessions",
    "login_failures",
    "invites",
    "resets",
    "offers",
    "players",
    "ratings",
    "rating_history",
)


def create(engine: Engine) -> None:
    """Create the tables a store made in code lacks (migrations make them on a served store)."""
    metadata.create_all(engine)
