"""The lobby, "my games" and rematches (issue 30, items 2 to 4).

An account posts a game with the places it wants filled (``POST /api/lobby``): the game, its
scenario and options (a bid is an option of the game), its seats (people, or bots), how the
human seats are shared among people, which of them the poster holds, the clock, whether it is
rated and whether anyone may watch it (``public``), and optionally the name of the one player
invited to it. Other accounts see the open offers (``GET /api/lobby``, filtered by game and
rated), take a place in one click (``POST /api/lobby/{id}/take``); the poster may withdraw
(``POST /api/lobby/{id}/withdraw``); an offer nobody takes expires (``hours``, default 72).

When the last place is taken the game is made, *in the same transaction* as the offer's change
to ``started`` (the offer's ``seq`` is checked there): of two takers of the last place, in one
process or several, exactly one makes the game; the other is told the offer is gone. Each
person who takes a place is dealt a seat token too (their private link, shown once), and the
game's seats name their account, so the session cookie plays them.

A rematch (``POST /api/games/{id}/rematch``, with the seat token or the account of a person of
a finished game) is an offer of the same settings with the people's seats rotated (two people:
the sides swapped), its places reserved for the same people; it starts once every one of them
asked for it. ``GET /api/games/{id}/rematch`` says where it stands.

My games (``GET /api/my/games``): the games the account plays, those where it is to act
first, with their clocks; the finished ones with their results; and the offers it posted or is
invited to. ``/api/me`` counts the games waiting for it.
"""

from __future__ import annotations

import hashlib
import json
import secrets
import time
from collections.abc import Callable, Sequence
from typing import Annotated, Any

from fastapi import FastAPI, Header, Query, Request, Response
from pydantic import BaseModel, ConfigDict, Field
from sqlalchemy import Connection, insert, select, update
from sqlalchemy.exc import SQLAlchemyError
from starlette.concurrency import run_in_threadpool

from greatwar.core.games import game as descriptor_of
from greatwar.core.games import seat_names
from greatwar.server.accounts import Accounts, User, require
from greatwar.server.clockrules import PRESETS
from greatwar.server.clockrules import public as clock_public
from greatwar.server.games import (
    HUMAN,
    Bound,
    Forbidden,
    GameService,
    LiveGame,
    NotFound,
    ServiceError,
    Unauthorized,
    Unavailable,
    may_hold_together,
)
from greatwar.server.hub import dumps
from greatwar.server.store import MovedError, StoreError, games_table, loads
from greatwar.server.tables import offers_table, players_table

OPEN, STARTED, WITHDRAWN = "open", "started", "withdrawn"
HOURS, MAX_HOURS = 72.0, 24.0 * 30
LISTED = 100  # offers and games a listing shows at most


class Gone(ServiceError):
    status, kind = 409, "offer_gone"


def digest(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


class OfferBody(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)

    game: str = Field(default="pog", max_length=40)
    scenario: str | None = Field(default=None, max_length=64)
    options: dict[str, Any] | None = None
    seats: dict[str, str] | None = None
    players: list[list[str]] | None = None
    creator: str | None = Field(default=None, max_length=40)
    clock: str | dict[str, Any] | None = None
    rated: bool = False
    public: bool = False
    invite: str | None = Field(default=None, max_length=40)
    hours: float = Field(default=HOURS, gt=0, le=MAX_HOURS)


BODIES = (OfferBody,)


def _places(groups: Sequence[Sequence[str]]) -> list[dict[str, Any]]:
    return [{"seats": list(g), "user": None, "token": None} for g in groups]


def _groups(g: Any, kinds: dict[str, str], players: Any, creator: str | None) -> list[list[str]]:
    """The people of an offer (each a group of seats), the poster's first: as the game service
    deals them (groups of ``players``, then one per human seat left)."""
    groups: list[list[str]] = []
    taken: set[str] = set()
    for group in players or ():
        if isinstance(group, str) or not group:
            raise ServiceError('players must be lists of seats, e.g. [["ahoe", "de"]]')
        for seat in group:
            if kinds.get(seat) != HUMAN or seat in taken:
                raise ServiceError(
                    "players: each seat a human seat of this game, given to one person only"
                )
            taken.add(seat)
        if not may_hold_together(g, group):
            raise ServiceError("players: one person may not hold those seats together")
        groups.append(list(group))
    groups += [[s] for s, k in kinds.items() if k == HUMAN and s not in taken]
    if creator is not None:
        mine = [grp for grp in groups if creator in grp]
        if not mine:
            raise ServiceError("creator: not a human seat of this game")
        groups.remove(mine[0])
        groups.insert(0, mine[0])
    if len(groups) < 2:
        raise ServiceError("an offer wants at least one other person: the game has one")
    return groups


class Lobby:
    """Offers, their places and the games they become (blocking calls: run them off the
    loop)."""

    def __init__(
        self,
        service: GameService,
        accounts: Accounts,
        now: Callable[[], float] = time.time,
        allow_bot_games: bool = False,
    ) -> None:
        self.service = service
        self.accounts = accounts
        self.store = service.store
        self.now = now
        self.allow_bot_games = allow_bot_games

    # -- the store ---------------------------------------------------------------------

    def _read(self, fn: Callable[[Connection], Any]) -> Any:
        try:
            with self.store.engine.connect() as conn:
                return fn(conn)
        except SQLAlchemyError as e:
            raise Unavailable(f"lobby store error: {e}") from None

    def _write(self, fn: Callable[[Connection], Any]) -> Any:
        box: list[Any] = []
        refused: list[ServiceError] = []

        def run(conn: Connection) -> None:
            box.clear()
            try:
                box.append(fn(conn))
            except ServiceError as e:
                refused.append(e)
                raise

        try:
            self.store.write(run)
        except _Moved:
            raise
        except StoreError as e:
            if refused:
                raise refused[-1] from None
            raise Unavailable(str(e)) from None
        return box[0] if box else None

    def _offer(self, offer_id: str) -> Any:
        if not isinstance(offer_id, str) or len(offer_id) > 20:
            raise NotFound("no such offer")
        r = self._read(
            lambda c: c.execute(select(offers_table).where(offers_table.c.id == offer_id)).first()
        )
        if r is None:
            raise NotFound("no such offer")
        return r

    # -- posting -------------------------------------------------------------------------

    def post(self, user: User, body: OfferBody) -> dict[str, Any]:
        g, sc, opts, kinds, rule = self.service.setup(
            body.game, body.scenario, body.options, body.seats, body.clock
        )
        if rule is not None and len(g.teams()) != 2:
            raise ServiceError(f"{g.title} is not a game of two teams: it has no clocks")
        groups = _groups(g, kinds, body.players, body.creator)
        invitee = None
        if body.invite:
            other = self.accounts.by_name(body.invite)
            if other is None or other.disabled:
                raise NotFound("no such player")
            if other.id == user.id:
                raise ServiceError("invite: another player, not yourself")
            invitee = other.id
        token = secrets.token_urlsafe(24)
        places = _places(groups)
        places[0].update(user=user.id, token=digest(token))
        now = self.now()
        offer_id = secrets.token_hex(6)
        row = {
            "id": offer_id,
            "created": now,
            "expires": now + body.hours * 3600,
            "user_id": user.id,
            "game": g.id,
            "scenario": sc,
            "options": json.dumps(opts),
            "seats": json.dumps(kinds),
            "places": json.dumps(places),
            "clock": json.dumps(rule.to_json()) if rule is not None else None,
            "rated": 1 if body.rated else 0,
            "public": 1 if body.public else 0,
            "invitee": invitee,
            "state": OPEN,
            "seq": 0,
        }
        self._write(lambda c: c.execute(insert(offers_table).values(**row)))
        doc = self.describe(self._offer(offer_id), user)
        doc["your_token"] = token  # the poster's private link to the game, once it starts
        return doc

    # -- taking ------------------------------------------------------------------------

    def take(self, user: User, offer_id: str) -> dict[str, Any]:
        """Take the first open place of an offer; the last place taken makes the game."""
        for _ in range(4):
            r = self._offer(offer_id)
            if r.rematch_of is not None:
                raise Forbidden("a rematch is taken from the end of its game")
            if r.state != OPEN or r.expires < self.now():
                raise Gone("this offer is no longer open")
            if r.invitee is not None and r.invitee != user.id:
                raise Forbidden("this offer is for another player")
            places = loads(r.places)
            if any(p.get("user") == user.id for p in places):
                raise ServiceError("you already hold a place in this offer")
            free = next((p for p in places if p.get("token") is None), None)
            if free is None:
                raise Gone("this offer is no longer open")
            token = secrets.token_urlsafe(24)
            free.update(user=user.id, token=digest(token))
            try:
                if all(p.get("token") for p in places):
                    gid = self._start(r, places)
                    return {"ok": True, "game_id": gid, "token": token, "link": f"/play/{gid}"}
                self._write(self._place_write(r, places))
            except _Moved:
                continue  # another taker first: look again
            return {"ok": True, "game_id": None, "token": token, "offer": offer_id}
        raise Gone("this offer changed while you took it; look again")

    def _place_write(self, r: Any, places: list[dict[str, Any]]) -> Callable[[Connection], None]:
        def write(conn: Connection) -> None:
            done = conn.execute(
                update(offers_table)
                .where(offers_table.c.id == r.id, offers_table.c.seq == r.seq)
                .where(offers_table.c.state == OPEN)
                .values(places=json.dumps(places), seq=offers_table.c.seq + 1)
            )
            if done.rowcount != 1:
                raise _Moved("the offer moved")

        return write

    def _start(self, r: Any, places: list[dict[str, Any]]) -> str:
        """Make the game of a full offer, in the transaction that marks the offer started."""
        bound = [Bound(tuple(p["seats"]), str(p["token"]), p.get("user")) for p in places]
        users = [(p["user"], p["seats"]) for p in places if p.get("user") is not None]
        seats = loads(r.seats)
        clock = loads(r.clock) if r.clock else None
        if isinstance(clock, dict) and clock.get("preset") in PRESETS:
            clock = clock["preset"]
        elif isinstance(clock, dict):
            clock = {
                "initial_hours": float(clock["initial"]) / 3600,
                "increment_hours": float(clock["increment"]) / 3600,
                "max_hours": float(clock["cap"]) / 3600,
            }
        moved: list[bool] = []

        def then(gid: str) -> list[Callable[[Connection], None]]:
            def write(conn: Connection) -> None:
                done = conn.execute(
                    update(offers_table)
                    .where(offers_table.c.id == r.id, offers_table.c.seq == r.seq)
                    .where(offers_table.c.state == OPEN)
                    .values(
                        places=json.dumps(places),
                        state=STARTED,
                        game_id=gid,
                        seq=offers_table.c.seq + 1,
                    )
                )
                if done.rowcount != 1:
                    moved.append(True)
                    raise MovedError("the offer moved")
                rows = [{"game_id": gid, "user_id": u, "seats": ",".join(s)} for u, s in users]
                if rows:
                    conn.execute(insert(players_table), rows)

            return [write]

        facts = {"rated": bool(r.rated), "public": bool(r.public), "offer": r.id}
        if r.rematch_of:
            facts["rematch_of"] = r.rematch_of
        try:
            live, _ = self.service.create(
                r.scenario,
                loads(r.options),
                seats,
                None,
                r.game,
                None,
                None,
                True,
                clock,
                bound=bound,
                facts=facts,
                then=then,
            )
        except Unavailable:
            if moved:
                raise _Moved("the offer moved") from None
            raise
        return live.id

    def withdraw(self, user: User, offer_id: str) -> dict[str, Any]:
        r = self._offer(offer_id)
        if r.user_id != user.id:
            raise Forbidden("only the player who posted an offer withdraws it")

        def write(conn: Connection) -> None:
            done = conn.execute(
                update(offers_table)
                .where(offers_table.c.id == r.id, offers_table.c.state == OPEN)
                .values(state=WITHDRAWN, seq=offers_table.c.seq + 1)
            )
            if done.rowcount != 1:
                raise Gone("this offer is no longer open")

        self._write(write)
        return {"ok": True}

    # -- reading -------------------------------------------------------------------------

    def describe(
        self, r: Any, viewer: User | None, names: dict[int, str] | None = None
    ) -> dict[str, Any]:
        """An offer as anyone may see it (never a token)."""
        places = loads(r.places)
        ids = [p["user"] for p in places if p.get("user") is not None]
        ids += [x for x in (r.user_id, r.invitee) if x is not None]
        names = names if names is not None else self.accounts.names(ids)
        try:
            title = descriptor_of(r.game).title
        except Exception:
            title = r.game
        state = r.state
        if state == OPEN and r.expires < self.now():
            state = "expired"
        clock = loads(r.clock) if r.clock else None
        return {
            "id": r.id,
            "game": r.game,
            "title": title,
            "scenario": r.scenario,
            "options": loads(r.options),
            "seats": loads(r.seats),
            "clock": clock,
            "rated": bool(r.rated),
            "public": bool(r.public),
            "by": names.get(r.user_id) if r.user_id is not None else None,
            "invited": names.get(r.invitee) if r.invitee is not None else None,
            "places": [
                {
                    "seats": p["seats"],
                    "player": names.get(p["user"]) if p.get("user") is not None else None,
                    "taken": p.get("token") is not None,
                }
                for p in places
            ],
            "state": state,
            "game_id": r.game_id,
            "created": r.created,
            "expires": r.expires,
            "rematch_of": r.rematch_of,
            "mine": viewer is not None and r.user_id == viewer.id,
            "for_me": viewer is not None and r.invitee == viewer.id,
        }

    def listing(
        self, viewer: User | None, game: str | None = None, rated: bool | None = None
    ) -> dict[str, Any]:
        """The open offers this viewer may take or withdraw (an invitation only to the two
        players it concerns), and the public games in progress."""
        now = self.now()

        def read(conn: Connection) -> list[Any]:
            q = select(offers_table).where(
                offers_table.c.state == OPEN,
                offers_table.c.expires >= now,
                offers_table.c.rematch_of.is_(None),
            )
            if game:
                q = q.where(offers_table.c.game == game)
            if rated is not None:
                q = q.where(offers_table.c.rated == (1 if rated else 0))
            mine = viewer.id if viewer is not None else -1
            q = q.where(
                offers_table.c.invitee.is_(None)
                | (offers_table.c.invitee == mine)
                | (offers_table.c.user_id == mine)
            )
            return list(conn.execute(q.order_by(offers_table.c.created.desc()).limit(LISTED)))

        rows = self._read(read)
        ids = {x for r in rows for x in (r.user_id, r.invitee) if x is not None}
        for r in rows:
            ids |= {p["user"] for p in loads(r.places) if p.get("user") is not None}
        names = self.accounts.names(sorted(ids))
        offers = [self.describe(r, viewer, names) for r in rows]
        return {"offers": offers, "playing": self.public_games(game)}

    def public_games(self, game: str | None = None) -> list[dict[str, Any]]:
        """The public games in progress (anyone may watch them)."""
        out = []
        for gid, extra in self.store.extras_with("public"):
            if not extra.get("public"):
                continue
            row = self.store.get(gid)
            if row is None or row.problem or row.summary.get("over"):
                continue
            if game and row.game != game:
                continue
            out.append(self._game_line(row, None))
        out.sort(key=lambda x: -x["updated"])
        return out[:LISTED]

    def _game_line(
        self, row: Any, me: int | None, names: dict[int, str] | None = None
    ) -> dict[str, Any]:
        seats = row.seats if isinstance(row.seats, dict) else {}
        users = {s: spec.get("user") for s, spec in seats.items() if isinstance(spec, dict)}
        if names is None:
            names = self.accounts.names([u for u in users.values() if isinstance(u, int)])
        try:
            g = descriptor_of(row.game)
            title, named = g.title, seat_names(g)
        except Exception:
            title, named = row.game, {}
        players = {}
        for s, spec in seats.items():
            if isinstance(spec, dict) and spec.get("kind") == "bot":
                players[s] = {"kind": "bot", "bot": spec.get("bot")}
            else:
                u = users.get(s)
                players[s] = {
                    "kind": HUMAN,
                    "player": names.get(u) if isinstance(u, int) else None,
                }
        summary = row.summary
        mine = [s for s, u in users.items() if me is not None and u == me]
        clock = row.extra.get("clock") if isinstance(row.extra, dict) else None
        return {
            "id": row.id,
            "game": row.game,
            "title": title,
            "seat_names": named,
            "scenario": row.scenario,
            "seats": players,
            "mine": mine,
            "to_act": summary.get("to_act"),
            "my_turn": bool(mine) and summary.get("to_act") in mine and not summary.get("over"),
            "over": bool(summary.get("over")),
            "result": summary.get("result"),
            "rated": bool(row.extra.get("rated")),
            "public": bool(row.extra.get("public")),
            "clock": clock_public(clock, self.now())
            if isinstance(clock, dict) and isinstance(clock.get("left"), dict)
            else None,
            "updated": row.updated,
            "summary": summary,
        }

    def _lines(self, user_id: int) -> list[dict[str, Any]]:
        """The games an account plays, the last moved first, as the listings show them."""

        def read(conn: Connection) -> list[str]:
            q = (
                select(players_table.c.game_id)
                .select_from(
                    players_table.join(games_table, games_table.c.id == players_table.c.game_id)
                )
                .where(players_table.c.user_id == user_id)
                .order_by(games_table.c.updated.desc())
                .limit(500)
            )
            return [str(x) for x in conn.execute(q).scalars()]

        rows = [r for r in (self.store.get(gid) for gid in self._read(read)) if r is not None]
        ids: set[int] = set()
        for row in rows:
            for spec in (row.seats or {}).values():
                if isinstance(spec, dict) and isinstance(spec.get("user"), int):
                    ids.add(spec["user"])
        names = self.accounts.names(sorted(ids))
        return [self._game_line(r, user_id, names) for r in rows if not r.problem]

    def games_of(self, user_id: int, everything: bool = False) -> list[dict[str, Any]]:
        """An account's games for its player page: the finished ones and the public ones in
        progress (``everything``: its own page, its private games in progress too)."""
        return [x for x in self._lines(user_id) if everything or x["over"] or x["public"]]

    def my_games(self, user: User) -> dict[str, Any]:
        games = self._lines(user.id)
        playing = [x for x in games if not x["over"]]
        playing.sort(key=lambda x: (not x["my_turn"], -x["updated"]))
        finished = [x for x in games if x["over"]]
        now = self.now()

        def offers(conn: Connection) -> list[Any]:
            q = select(offers_table).where(
                offers_table.c.state == OPEN,
                offers_table.c.expires >= now,
                (offers_table.c.user_id == user.id) | (offers_table.c.invitee == user.id),
            )
            return list(conn.execute(q.order_by(offers_table.c.created.desc())))

        mine = [self.describe(r, user) for r in self._read(offers)]
        return {
            "playing": playing,
            "finished": finished,
            "offers": mine,
            "waiting": sum(1 for x in playing if x["my_turn"]),
        }

    def waiting(self, user_id: int) -> int:
        """How many of an account's games wait for its decision (one query: every page's
        header asks)."""

        def read(conn: Connection) -> list[Any]:
            q = (
                select(players_table.c.seats, games_table.c.summary)
                .select_from(
                    players_table.join(games_table, games_table.c.id == players_table.c.game_id)
                )
                .where(players_table.c.user_id == user_id)
                .order_by(games_table.c.updated.desc())
                .limit(500)
            )
            return list(conn.execute(q))

        n = 0
        for r in self._read(read):
            try:
                summary = loads(r.summary)
            except (ValueError, RecursionError):
                continue
            if not isinstance(summary, dict) or summary.get("over"):
                continue
            if summary.get("to_act") in str(r.seats).split(","):
                n += 1
        return n

    # -- rematches -----------------------------------------------------------------------

    def rematch(self, live: LiveGame, held: Sequence[str], user: int | None) -> dict[str, Any]:
        """Ask for a rematch of a finished game (same settings, seats rotated: two people
        swap sides); it starts once every person of the game asked. Answers where it stands
        and, to the asker, a token for their seats of the new game."""
        session = live.ok()
        if not session.over:
            raise ServiceError("a rematch is offered once the game is over")
        people = self._people(live)
        me = next((i for i, p in enumerate(people) if set(p["seats"]) & set(held)), None)
        if me is None:
            raise Unauthorized("this token is not a seat of this game")
        n = len(people)
        token = secrets.token_urlsafe(24)
        for _ in range(4):
            r = self._read(
                lambda c: c.execute(
                    select(offers_table).where(offers_table.c.rematch_of == live.id)
                ).first()
            )
            if r is None:
                places = [
                    {
                        "seats": people[(i + 1) % n]["seats"],
                        "for": people[i]["key"],
                        "user": people[i]["user"],
                        "token": None,
                    }
                    for i in range(n)
                ]
                places[me]["token"] = digest(token)
                try:
                    self._write(self._new_rematch(live, places, people[me]["user"]))
                except (Unavailable, _Moved):
                    continue  # another person asked at the same moment: take our place
                return {**self.rematch_state(live.id), "token": token}
            places = loads(r.places)
            if r.state != OPEN:
                return self.rematch_state(live.id)
            mine = places[me]
            if mine.get("token") is not None:
                return self.rematch_state(live.id)  # asked already (the token was shown then)
            mine["token"] = digest(token)
            try:
                if all(p.get("token") for p in places):
                    self._start(r, places)
                else:
                    self._write(self._place_write(r, places))
            except _Moved:
                continue
            return {**self.rematch_state(live.id), "token": token}
        raise Gone("the rematch changed while you asked; ask again")

    def _people(self, live: LiveGame) -> list[dict[str, Any]]:
        """The people of a game in the order of their first seats: their seats, their token's
        digest and their account."""
        out: dict[str, dict[str, Any]] = {}
        seats = live.row.seats if isinstance(live.row.seats, dict) else {}
        for s in live.seats:
            spec = seats.get(s)
            if not isinstance(spec, dict) or spec.get("kind") != HUMAN:
                continue
            key = str(spec.get("token"))
            p = out.setdefault(key, {"seats": [], "key": key, "user": spec.get("user")})
            p["seats"].append(s)
        return list(out.values())

    def _new_rematch(
        self, live: LiveGame, places: list[dict[str, Any]], user: int | None
    ) -> Callable[[Connection], None]:
        row = live.row
        kinds = {s: live.seat_kind(s) for s in live.seats}
        clock = row.extra.get("clock")
        values = {
            "id": secrets.token_hex(6),
            "created": self.now(),
            "expires": self.now() + HOURS * 3600,
            "user_id": user,
            "game": row.game,
            "scenario": row.scenario,
            "options": json.dumps(row.options),
            "seats": json.dumps(kinds),
            "places": json.dumps(places),
            "clock": json.dumps(clock["rule"]) if isinstance(clock, dict) else None,
            "rated": 1 if row.extra.get("rated") else 0,
            "public": 1 if row.extra.get("public") else 0,
            "state": OPEN,
            "rematch_of": live.id,
            "seq": 0,
        }

        def write(conn: Connection) -> None:
            had = conn.execute(
                select(offers_table.c.id).where(offers_table.c.rematch_of == live.id)
            ).first()
            if had is not None:
                raise _Moved("asked at the same moment")
            conn.execute(insert(offers_table).values(**values))

        return write

    def rematch_state(self, game_id: str) -> dict[str, Any]:
        r = self._read(
            lambda c: c.execute(
                select(offers_table).where(offers_table.c.rematch_of == game_id)
            ).first()
        )
        if r is None:
            return {"rematch": None}
        places = loads(r.places)
        row = self.store.get(game_id)
        seats = row.seats if row is not None and isinstance(row.seats, dict) else {}

        def theirs(p: dict[str, Any]) -> list[str]:
            """The seats the place's person played in the finished game."""
            return [
                s
                for s, spec in seats.items()
                if isinstance(spec, dict) and spec.get("token") == p.get("for")
            ]

        return {
            "rematch": {
                "state": r.state if not (r.state == OPEN and r.expires < self.now()) else "expired",
                "game_id": r.game_id,
                # the places by their seats in the rematch, and by the seats their people
                # played in this game
                "asked": [p["seats"] for p in places if p.get("token")],
                "waiting": [p["seats"] for p in places if not p.get("token")],
                "asked_by": [theirs(p) for p in places if p.get("token")],
                "waiting_for": [theirs(p) for p in places if not p.get("token")],
            }
        }


def creator_seats(kinds: dict[str, str], players: Any, creator: str | None) -> list[str]:
    """The seats the creator of a game holds (as the game service deals them: a group of
    ``players`` holding ``creator``, else the first group; human seats left alone)."""
    groups = [list(g) for g in players or () if not isinstance(g, str)]
    taken = {s for g in groups for s in g}
    groups += [[s] for s, k in kinds.items() if k == HUMAN and s not in taken]
    if creator is not None:
        for g in groups:
            if creator in g:
                return g
    return groups[0] if groups else []


def creator_rows(
    user: int, seats: Sequence[str]
) -> Callable[[str], list[Callable[[Connection], None]]]:
    """The writes that index a new game under its creator's account (committed with it)."""

    def then(gid: str) -> list[Callable[[Connection], None]]:
        def write(conn: Connection) -> None:
            conn.execute(
                insert(players_table).values(game_id=gid, user_id=user, seats=",".join(seats))
            )

        return [write]

    return then


Token = Annotated[str | None, Header(alias="X-Seat-Token", max_length=200)]


class _Moved(MovedError):
    """Another taker changed the offer first: look again."""


def install(app: FastAPI, lobby: Lobby) -> None:
    """Add the lobby's routes (see the module docstring)."""

    def viewer(request: Request) -> User | None:
        user = getattr(request.state, "user", None)
        return user if isinstance(user, User) else None

    def answer(doc: Any, status: int = 200) -> Response:
        return Response(dumps(doc), status_code=status, media_type="application/json")

    def on() -> None:
        if lobby.accounts.mode == "off":
            raise NotFound("the lobby needs accounts, which are off on this server")

    @app.get("/api/lobby")
    async def listing(
        request: Request,
        game: Annotated[str | None, Query(max_length=40)] = None,
        rated: bool | None = None,
    ) -> Response:
        on()
        return answer(await run_in_threadpool(lobby.listing, viewer(request), game, rated))

    @app.post("/api/lobby", status_code=201)
    async def post(body: OfferBody, request: Request) -> Response:
        on()
        user = require(request.state)
        return answer(await run_in_threadpool(lobby.post, user, body), 201)

    @app.post("/api/lobby/{offer_id}/take")
    async def take(offer_id: str, request: Request) -> Response:
        on()
        user = require(request.state)
        return answer(await run_in_threadpool(lobby.take, user, offer_id))

    @app.post("/api/lobby/{offer_id}/withdraw")
    async def withdraw(offer_id: str, request: Request) -> Response:
        on()
        user = require(request.state)
        return answer(await run_in_threadpool(lobby.withdraw, user, offer_id))

    @app.post("/api/games/{game_id}/rematch")
    async def rematch(game_id: str, request: Request, token: Token = None) -> Response:
        async with lobby.service.using(game_id) as live:
            held = lobby.service.seats_of(live, token)
            user = viewer(request)
            doc = await run_in_threadpool(
                lobby.rematch, live, held, user.id if user is not None and not token else None
            )
            return answer({"ok": True, **doc})

    @app.get("/api/games/{game_id}/rematch")
    async def rematch_state(game_id: str) -> Response:
        async with lobby.service.using(game_id) as live:
            return answer(await run_in_threadpool(lobby.rematch_state, live.id))

    @app.get("/api/my/games")
    async def my_games(request: Request) -> Response:
        on()
        user = require(request.state)
        return answer(await run_in_threadpool(lobby.my_games, user))
