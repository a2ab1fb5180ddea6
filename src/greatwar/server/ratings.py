"""Ratings of rated games (issue 30, item 6): per game, for accounts and for each bot strength.

A game is rated when it was made so (a lobby offer marked ``rated``, or an account's game
against the computer created with ``rated``) and every human seat names an account. Each
*subject* has a rating per game (Paths of Glory and Quartermaster General are rated apart): an
account (``user:<id>``) or a bot strength (``bot:<name>``: the ``heuristic`` bot of a game is
one player, its ``random`` bot another), so a game against the computer rates the account and
the bot alike.

The ratings are openskill's (the ``openskill`` library's Plackett-Luce model, which rates teams
of any size and games of two or more teams): each team of the game is one openskill team of the
distinct subjects playing its seats (a person holding two seats counts once; in Quartermaster
General the two to five people of a game are rated as their two teams); the winning team ranks
first, a draw ranks every team the same. A subject on both teams (one bot strength playing on
either side) is left out of that game's rating; a game with no subject left on some team is not
rated. The rating shown is the conservative estimate ``mu - 3 sigma`` on a familiar scale:
:func:`shown` (1000 for a newcomer).

Exactly once: the ratings are written by the game service's end hook
(:data:`greatwar.server.events.EndHook`), *in the transaction that stores the record entry
ending the game*. With many server processes on one store, that write is made by one process
only (the others find the game moved); the transaction also looks for the game's
``rating_history`` rows first (their primary key is the game and the subject), and it takes the
ratings it changes (``SELECT ... FOR UPDATE`` on PostgreSQL), so two games ending at once in two
processes never lose one another's change.

Routes:

    GET /api/ratings?game=pog          the leaderboard of a game
    GET /api/players/{name}            a player's page: ratings, their history, games
                                       (an account's name, or bot:<name>)
    GET /api/games/{id}/ratings        how a finished rated game changed its players' ratings
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable, Mapping
from typing import Annotated, Any

from fastapi import FastAPI, Query, Request, Response
from openskill.models import PlackettLuce
from sqlalchemy import Connection, func, select, update
from sqlalchemy.dialects.postgresql import insert as pg_insert
from sqlalchemy.dialects.sqlite import insert as sqlite_insert
from sqlalchemy.exc import SQLAlchemyError
from starlette.concurrency import run_in_threadpool

from greatwar.core.games import UnknownGameError, game
from greatwar.server.events import Write
from greatwar.server.games import HUMAN, GameService, LiveGame, NotFound, Unavailable
from greatwar.server.hub import dumps
from greatwar.server.tables import rating_history_table, ratings_table, users_table

log = logging.getLogger("greatwar.server")

MODEL = PlackettLuce()
MU, SIGMA = MODEL.mu, MODEL.sigma  # a newcomer's rating (25, 25/3)
BASE, SCALE = 1000, 40
LISTED = 100  # rows of a leaderboard
HISTORY = 200  # changes of one rating a player's page shows


def shown(mu: float, sigma: float) -> int:
    """The rating people read: ``1000 + 40 (mu - 3 sigma)`` (1000 for a newcomer, who is given
    the benefit of no doubt; it rises as games show what the player is worth)."""
    return round(BASE + SCALE * (mu - 3 * sigma))


def subject_of(spec: Any) -> str | None:
    """Who plays a seat, as a rated subject: ``user:<id>``, ``bot:<name>``, or None (a person
    without an account)."""
    if not isinstance(spec, dict):
        return None
    if spec.get("kind") == "bot" and isinstance(spec.get("bot"), str):
        return f"bot:{spec['bot']}"
    if spec.get("kind", HUMAN) == HUMAN and type(spec.get("user")) is int:
        return f"user:{spec['user']}"
    return None


def rated_teams(live: LiveGame) -> list[tuple[str, list[str]]] | None:
    """The teams of a rated game, each with the distinct subjects playing it (a subject on two
    teams left out), or None when the game is not to be rated."""
    g = live.game
    if g is None or not live.row.extra.get("rated"):
        return None
    seats = live.row.seats if isinstance(live.row.seats, dict) else {}
    teams: list[tuple[str, list[str]]] = []
    for team in g.teams():
        subjects: list[str] = []
        for seat in team.seats:
            subject = subject_of(seats.get(seat))
            if subject is None:
                return None  # a person without an account: not rated
            if subject not in subjects:
                subjects.append(subject)
        teams.append((team.id, subjects))
    counts: dict[str, int] = {}
    for _, subjects in teams:
        for x in subjects:
            counts[x] = counts.get(x, 0) + 1
    teams = [(t, [x for x in subjects if counts[x] == 1]) for t, subjects in teams]
    if len(teams) < 2 or any(not subjects for _, subjects in teams):
        return None
    return teams


def ranks_of(teams: list[tuple[str, list[str]]], result: Mapping[str, Any]) -> list[int]:
    """Each team's place: the winning team first, the others after; a draw (an outcome that is
    not a team) places every team first."""
    winner = result.get("outcome")
    ids = [t for t, _ in teams]
    if winner not in ids:
        return [1] * len(teams)
    return [1 if t == winner else 2 for t in ids]


def _insert(conn: Connection) -> Any:
    return pg_insert if conn.dialect.name == "postgresql" else sqlite_insert


class Ratings:
    """The ratings of one store: the end hook that writes them and what the pages read."""

    def __init__(self, service: GameService, now: Callable[[], float] = time.time) -> None:
        self.service = service
        self.store = service.store
        self.now = now
        service.enders.append(self.ending)

    # -- writing (the game service's end hook) --------------------------------------------

    def ending(self, live: LiveGame, result: Mapping[str, Any]) -> Write | None:
        """What a game's end writes with it: its players' new ratings (None: not rated)."""
        teams = rated_teams(live)
        if teams is None:
            return None
        ranks = ranks_of(teams, result)
        gid, name, at = live.id, live.row.game, self.now()

        def write(conn: Connection) -> None:
            rate(conn, gid, name, teams, ranks, at)

        return write

    # -- reading -------------------------------------------------------------------------

    def _read(self, fn: Callable[[Connection], Any]) -> Any:
        try:
            with self.store.engine.connect() as conn:
                return fn(conn)
        except SQLAlchemyError as e:
            raise Unavailable(f"rating store error: {e}") from None

    def names(self, conn: Connection, subjects: list[str]) -> dict[str, str | None]:
        """Each subject's name for people (an account's name; None for a disabled account; a
        bot's own name)."""
        ids = [int(x[5:]) for x in subjects if x.startswith("user:") and x[5:].isdigit()]
        rows = (
            conn.execute(
                select(users_table.c.id, users_table.c.name, users_table.c.disabled).where(
                    users_table.c.id.in_(ids)
                )
            ).all()
            if ids
            else []
        )
        named = {f"user:{r.id}": (None if r.disabled else str(r.name)) for r in rows}
        return {x: named.get(x) if x.startswith("user:") else x[4:] for x in subjects}

    def leaderboard(self, game_id: str) -> dict[str, Any]:
        """A game's rated subjects, the best first (disabled accounts left out)."""
        g = _known(game_id)

        def read(conn: Connection) -> list[dict[str, Any]]:
            order = (ratings_table.c.mu - 3 * ratings_table.c.sigma).desc()
            rows = conn.execute(
                select(ratings_table)
                .where(ratings_table.c.game == g, ratings_table.c.games > 0)
                .order_by(order, ratings_table.c.subject)
                .limit(LISTED * 2)
            ).all()
            names = self.names(conn, [str(r.subject) for r in rows])
            out = []
            for r in rows:
                who = names.get(str(r.subject))
                if who is None:
                    continue
                out.append(_line(r, who))
            return out[:LISTED]

        rows = self._read(read)
        for i, row in enumerate(rows, 1):
            row["place"] = i
        return {"game": g, "ratings": rows}

    def subject(self, name: str) -> str:
        """The subject a page's name stands for (an account's name, or ``bot:<name>``)."""
        if not isinstance(name, str) or not 0 < len(name) <= 60:
            raise NotFound("no such player")
        if name.startswith("bot:"):
            return name
        from unicodedata import normalize

        key = normalize("NFKC", name).casefold()
        r = self._read(
            lambda c: c.execute(
                select(users_table.c.id, users_table.c.disabled).where(users_table.c.key == key)
            ).first()
        )
        if r is None or r.disabled:
            raise NotFound("no such player")
        return f"user:{r.id}"

    def player(self, subject: str) -> dict[str, Any]:
        """A subject's ratings, each with its history (oldest first), and the rated games."""

        def read(conn: Connection) -> dict[str, Any]:
            name = self.names(conn, [subject]).get(subject)
            rows = conn.execute(
                select(ratings_table)
                .where(ratings_table.c.subject == subject)
                .order_by(ratings_table.c.game)
            ).all()
            ratings = []
            for r in rows:
                h = rating_history_table.c
                changes = conn.execute(
                    select(rating_history_table)
                    .where(h.subject == subject, h.game == r.game)
                    .order_by(h.at.desc(), h.game_id)
                    .limit(HISTORY)
                ).all()
                ratings.append(
                    {
                        **_line(r, name),
                        "history": [_change(x) for x in reversed(changes)],
                    }
                )
            return {"name": name, "ratings": ratings}

        doc = self._read(read)
        if subject.startswith("bot:"):
            if not doc["ratings"]:
                raise NotFound("no such player")
            doc["bot"] = subject[4:]
        doc["subject"] = subject
        return dict(doc)

    def of_game(self, game_id: str) -> list[dict[str, Any]]:
        """How one rated game changed its players' ratings ([] before its end, or unrated)."""

        def read(conn: Connection) -> list[dict[str, Any]]:
            rows = conn.execute(
                select(rating_history_table)
                .where(rating_history_table.c.game_id == game_id)
                .order_by(rating_history_table.c.subject)
            ).all()
            names = self.names(conn, [str(r.subject) for r in rows])
            return [
                {"subject": r.subject, "name": names.get(str(r.subject)), **_change(r)}
                for r in rows
            ]

        out: list[dict[str, Any]] = self._read(read)
        return out


def rate(
    conn: Connection,
    game_id: str,
    game_name: str,
    teams: list[tuple[str, list[str]]],
    ranks: list[int],
    at: float,
) -> bool:
    """Rate one finished game in the transaction of ``conn`` (see the module docstring);
    False when it was rated already (nothing written)."""
    h = rating_history_table.c
    done = conn.execute(
        select(func.count()).select_from(rating_history_table).where(h.game_id == game_id)
    ).scalar_one()
    if done:
        return False
    subjects = [x for _, xs in teams for x in xs]
    r = ratings_table.c
    fresh = [
        {"subject": x, "game": game_name, "mu": MU, "sigma": SIGMA, "games": 0, "updated": at}
        for x in subjects
    ]
    # a newcomer's row first (another transaction making the same one waits, then does
    # nothing), then every row taken until this transaction ends
    conn.execute(_insert(conn)(ratings_table).values(fresh).on_conflict_do_nothing())
    q = select(ratings_table).where(r.game == game_name, r.subject.in_(subjects))
    if conn.dialect.name == "postgresql":
        q = q.with_for_update()
    had = {str(x.subject): x for x in conn.execute(q)}
    before = [[MODEL.rating(had[x].mu, had[x].sigma, x) for x in xs] for _, xs in teams]
    after = MODEL.rate(before, ranks=[float(k) for k in ranks])
    best = min(ranks)
    draw = all(k == best for k in ranks)
    for (_, xs), olds, news, rank in zip(teams, before, after, ranks, strict=True):
        outcome = "draw" if draw else "win" if rank == best else "loss"
        for x, old, new in zip(xs, olds, news, strict=True):
            conn.execute(
                update(ratings_table)
                .where(r.subject == x, r.game == game_name)
                .values(mu=new.mu, sigma=new.sigma, games=r.games + 1, updated=at)
            )
            conn.execute(
                rating_history_table.insert().values(
                    game_id=game_id,
                    subject=x,
                    game=game_name,
                    result=outcome,
                    mu_before=old.mu,
                    sigma_before=old.sigma,
                    mu=new.mu,
                    sigma=new.sigma,
                    at=at,
                )
            )
    return True


def _line(r: Any, name: str | None) -> dict[str, Any]:
    subject = str(r.subject)
    return {
        "subject": subject,
        "name": name,
        "bot": subject[4:] if subject.startswith("bot:") else None,
        "game": r.game,
        "rating": shown(r.mu, r.sigma),
        "mu": round(float(r.mu), 3),
        "sigma": round(float(r.sigma), 3),
        "games": int(r.games),
        "updated": float(r.updated),
    }


def _change(r: Any) -> dict[str, Any]:
    return {
        "game_id": r.game_id,
        "game": r.game,
        "result": r.result,
        "at": float(r.at),
        "before": shown(r.mu_before, r.sigma_before),
        "rating": shown(r.mu, r.sigma),
    }


def _known(game_id: str) -> str:
    try:
        return game(game_id).id
    except UnknownGameError:
        raise NotFound("no such game") from None


def install(
    app: FastAPI,
    ratings: Ratings,
    games_of: Callable[[int, bool], list[dict[str, Any]]] = lambda _user, _all: [],
) -> None:
    """Add the rating routes (see the module docstring). ``games_of(account id, all)``: an
    account's games for its page (``all``: its own page, with its private games in progress
    too; else its finished games and the public ones)."""

    def answer(doc: Any) -> Response:
        return Response(dumps(doc), media_type="application/json")

    @app.get("/api/ratings")
    async def leaderboard(game: Annotated[str, Query(max_length=40)] = "pog") -> Response:
        return answer(await run_in_threadpool(ratings.leaderboard, game))

    @app.get("/api/players/{name}")
    async def player(name: str, request: Request) -> Response:
        def read() -> dict[str, Any]:
            subject = ratings.subject(name)
            doc = ratings.player(subject)
            if subject.startswith("user:"):
                uid = int(subject[5:])
                me = getattr(request.state, "user", None)
                doc["games"] = games_of(uid, getattr(me, "id", None) == uid)
            else:
                doc["games"] = []
            return doc

        return answer(await run_in_threadpool(read))

    @app.get("/api/games/{game_id}/ratings")
    async def of_game(game_id: str) -> Response:
        async with ratings.service.using(game_id) as live:
            rows = await run_in_threadpool(ratings.of_game, live.id)
            return answer({"rated": bool(live.row.extra.get("rated")), "ratings": rows})
