"""Notifications: tell a seat when it becomes its turn, by webhook or e-mail.

Both are opt-in. A seat an account holds (a game of the lobby, or created by a logged-in
player) is told as its account's settings say, set once for the account (``POST
/api/account/settings``: a webhook, and e-mail to the account's address); the settings below are
then not used (the route says so: ``"account": true``, and refuses to change them). Any other
seat's are set by its holder with its token:

    GET  /api/games/{id}/notify          your seats' settings (never another seat's)
    POST /api/games/{id}/notify          {"webhook": url|null, "email": address|null, "seat"?}

(``seat``: one of your seats; default: every seat your token holds; a field left out keeps its
value, ``null`` or ``""`` clears it). E-mail is offered only by a server started with an SMTP
host (``greatwar serve --smtp-host``).

When a change of a game hands the decision to another person (see
:mod:`greatwar.server.clocks` for the move), the seat now to act is sent ``{"event":
"your_turn", ...}``; when the game ends, every seat is sent ``{"event": "game_over", ...}``. A
notification carries the game's id and title, the seat, the seat to act, the decision number, a
link to the game page (without any token: the browser that holds the seat opens it) and, at the
end, the public result; never a hand, a token or another seat's settings.

Nothing here ever delays a game: the game service tells :meth:`Notifier.changed` of every
committed change (under the game's lock), which only queues it. A dispatcher thread reads the
settings and schedules the deliveries; a small pool of threads sends them. A webhook is a JSON
POST (``X-Greatwar-Delivery``: an id that stays the same across retries, so a receiver can drop
a repeat); a delivery that fails (a refused connection, a timeout, a 5xx or 429 answer) is tried
again after each of the back-off delays, then dropped and logged. Webhooks to loopback, private
or link-local addresses are refused unless the server allows them (``--allow-private-webhooks``),
so a seat cannot make the server call the machines behind it.
"""

from __future__ import annotations

import heapq
import ipaddress
import itertools
import json
import logging
import re
import secrets
import smtplib
import socket
import threading
import time
import urllib.error
import urllib.parse
import urllib.request
from collections.abc import Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from email.message import EmailMessage
from typing import Annotated, Any

from fastapi import FastAPI, Header
from pydantic import BaseModel, ConfigDict, Field
from sqlalchemy import Column, Float, MetaData, String, Table, select
from sqlalchemy.exc import SQLAlchemyError
from starlette.concurrency import run_in_threadpool

from greatwar.core.games import seat_names
from greatwar.server.events import Change
from greatwar.server.games import (
    HUMAN,
    Forbidden,
    GameService,
    LiveGame,
    ServiceError,
    Unavailable,
)
from greatwar.server.tables import users_table

log = logging.getLogger("greatwar.server")

WEBHOOK_LIMIT = 500
EMAIL_LIMIT = 254
EMAIL = re.compile(r"[^@\s<>\"',;]+@[^@\s<>\"',;]+\.[^@\s<>\"',;]+")
DELAYS = (5.0, 30.0, 120.0, 600.0, 1800.0)
"""Seconds before each retry of a failed delivery (then it is dropped)."""

metadata = MetaData()

notify_table = Table(
    "notify",
    metadata,
    Column("game_id", String(40), primary_key=True),
    Column("seat", String(40), primary_key=True),
    Column("webhook", String(WEBHOOK_LIMIT), nullable=True),
    Column("email", String(EMAIL_LIMIT), nullable=True),
    Column("at", Float, nullable=False),
)


@dataclass(frozen=True)
class Smtp:
    """Where e-mail goes: an SMTP server (STARTTLS and a login when given)."""

    host: str
    port: int = 25
    sender: str = "greatwar@localhost"
    starttls: bool = False
    user: str | None = None
    password: str | None = None
    timeout: float = 20.0


def deliver(smtp: Smtp, msg: EmailMessage) -> None:
    """Send one message through the SMTP server (raises why it was not sent)."""
    with smtplib.SMTP(smtp.host, smtp.port, timeout=smtp.timeout) as s:
        if smtp.starttls:
            s.starttls()
        if smtp.user:
            s.login(smtp.user, smtp.password or "")
        s.send_message(msg)


def send_mail(smtp: Smtp, to: str, subject: str, body: str) -> None:
    """One plain-text e-mail (an account's reset link)."""
    msg = EmailMessage()
    msg["From"] = smtp.sender
    msg["To"] = to
    msg["Subject"] = subject
    msg.set_content(body)
    deliver(smtp, msg)


class NotifyBody(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)

    webhook: str | None = Field(default=None, max_length=2000)
    email: str | None = Field(default=None, max_length=2000)
    seat: str | None = Field(default=None, max_length=40)


Token = Annotated[str | None, Header(alias="X-Seat-Token", max_length=200)]


def check_webhook(url: str) -> str:
    """A webhook URL as stored, or a refusal (http or https, a host, at most 500 chars)."""
    url = url.strip()
    if len(url) > WEBHOOK_LIMIT:
        raise ServiceError(f"a webhook URL has at most {WEBHOOK_LIMIT} characters")
    if any(ord(c) < 33 for c in url):
        raise ServiceError("a webhook URL may not hold spaces or control characters")
    parts = urllib.parse.urlsplit(url)
    if parts.scheme not in ("http", "https") or not parts.hostname:
        raise ServiceError("a webhook is an http:// or https:// URL with a host")
    return url


def check_email(address: str) -> str:
    address = address.strip()
    if len(address) > EMAIL_LIMIT or not EMAIL.fullmatch(address):
        raise ServiceError("not an e-mail address (name@example.org)")
    return address


def private_host(host: str) -> bool:
    """Whether ``host`` names (or resolves to) a loopback, private or link-local address."""
    try:
        infos = socket.getaddrinfo(host, None)
    except OSError:
        return False  # it will fail to connect anyway
    for info in infos:
        ip = ipaddress.ip_address(str(info[4][0]).split("%")[0])
        if ip.is_loopback or ip.is_private or ip.is_link_local or ip.is_unspecified:
            return True
    return False


class _NoRedirect(urllib.request.HTTPRedirectHandler):
    """A webhook is not followed elsewhere (a redirect could point behind the server)."""

    def redirect_request(self, *args: Any, **kwargs: Any) -> None:
        return None


_OPENER = urllib.request.build_opener(_NoRedirect)


class NotifyStore:
    """The seats' settings, in their own table of the game store's database."""

    def __init__(self, service: GameService) -> None:
        self.engine = service.store.engine
        try:
            metadata.create_all(self.engine)
        except SQLAlchemyError as e:
            raise Unavailable(f"cannot open the notification table: {e}") from None

    def get(self, game_id: str, seats: Sequence[str]) -> dict[str, dict[str, str | None]]:
        try:
            with self.engine.connect() as conn:
                rows = conn.execute(
                    select(notify_table).where(
                        notify_table.c.game_id == game_id, notify_table.c.seat.in_(list(seats))
                    )
                ).all()
        except SQLAlchemyError as e:
            raise Unavailable(f"notification store error: {e}") from None
        out: dict[str, dict[str, str | None]] = {s: {"webhook": None, "email": None} for s in seats}
        for r in rows:
            out[str(r.seat)] = {"webhook": r.webhook, "email": r.email}
        return out

    def account(self, user_id: int) -> dict[str, str | None]:
        """An account's settings as a seat's: its webhook, and its address when it asked to be
        told by e-mail (nothing for a disabled account)."""
        try:
            with self.engine.connect() as conn:
                r = conn.execute(
                    select(users_table.c.email, users_table.c.notify, users_table.c.disabled).where(
                        users_table.c.id == user_id
                    )
                ).first()
        except SQLAlchemyError as e:
            raise Unavailable(f"notification store error: {e}") from None
        out: dict[str, str | None] = {"webhook": None, "email": None}
        if r is None or r.disabled:
            return out
        try:
            wanted = json.loads(r.notify) if r.notify else {}
        except ValueError:
            wanted = {}
        if isinstance(wanted, dict):
            if isinstance(wanted.get("webhook"), str) and wanted["webhook"]:
                out["webhook"] = wanted["webhook"]
            if wanted.get("email") is True and r.email:
                out["email"] = str(r.email)
        return out

    def set(self, game_id: str, seat: str, webhook: str | None, email: str | None) -> None:
        try:
            with self.engine.begin() as conn:
                conn.execute(
                    notify_table.delete().where(
                        notify_table.c.game_id == game_id, notify_table.c.seat == seat
                    )
                )
                if webhook or email:
                    conn.execute(
                        notify_table.insert().values(
                            game_id=game_id, seat=seat, webhook=webhook, email=email, at=time.time()
                        )
                    )
        except SQLAlchemyError as e:
            raise Unavailable(f"notification store error: {e}") from None


@dataclass(order=True)
class _Delivery:
    due: float
    seq: int
    kind: str = field(compare=False)  # "webhook" | "email"
    target: str = field(compare=False)
    payload: dict[str, Any] = field(compare=False)
    delivery_id: str = field(compare=False)
    tries: int = field(default=0, compare=False)
    user: int | None = field(default=None, compare=False)  # a lookup: the seat's account


class Notifier:
    """Queues the notifications of committed changes and delivers them in the background."""

    def __init__(
        self,
        service: GameService,
        public_url: str = "",
        smtp: Smtp | None = None,
        delays: Sequence[float] = DELAYS,
        timeout: float = 10.0,
        workers: int = 4,
        allow_private: bool = False,
    ) -> None:
        self.service = service
        self.settings = NotifyStore(service)
        self.public_url = public_url.rstrip("/")
        self.smtp = smtp
        self.delays = tuple(delays)
        self.timeout = timeout
        self.allow_private = allow_private
        self._heap: list[_Delivery] = []
        self._wake = threading.Condition()
        self._seq = itertools.count()
        self._closed = False
        self._pool = ThreadPoolExecutor(max_workers=max(1, workers), thread_name_prefix="notify")
        self.sent: list[tuple[str, str, dict[str, Any]]] = []  # (kind, target, payload): log
        self.failed = 0
        self._thread = threading.Thread(target=self._run, name="greatwar-notify", daemon=True)
        self._thread.start()

    # -- from the game service (under a game's lock: queue only) -----------------------

    def changed(self, live: LiveGame, event: Change) -> None:
        """A committed change: queue what it means for the seats (never waits)."""
        to_act, actor, over = event.get("to_act"), event.get("actor"), bool(event.get("over"))
        if over:  # once to each person (a person's settings are read from their first seat)
            people: dict[Any, str] = {}
            for s in live.seats:
                if live.seat_kind(s) == HUMAN:
                    people.setdefault(self._person(live, s), s)
            wanted = [(s, "game_over") for s in people.values()]
        elif to_act is not None and live.seat_kind(to_act) == HUMAN:
            if actor is not None and self._person(live, actor) == self._person(live, to_act):
                return  # still the same person's move
            wanted = [(to_act, "your_turn")]
        else:
            return
        g = live.game
        session = live.session
        facts = {
            "game_id": live.id,
            "game": live.row.game,
            "title": g.title if g is not None else live.row.game,
            "to_act": to_act,
            "serial": event.get("serial"),
            "link": f"{self.public_url}/play/{live.id}",
            "result": dict(session.outcome or {}) if over and session is not None else None,
        }
        names = seat_names(g) if g is not None else {}
        with self._wake:
            for seat, kind in wanted:
                payload = {"event": kind, "seat": seat, "seat_name": names.get(seat, seat), **facts}
                did = secrets.token_hex(8)
                self._push(0.0, "lookup", seat, payload, did, user=account_of(live, seat))

    @staticmethod
    def _person(live: LiveGame, seat: str) -> Any:
        spec = live.row.seats.get(seat) if isinstance(live.row.seats, dict) else None
        return spec.get("token") if isinstance(spec, dict) else seat

    # -- the dispatcher ------------------------------------------------------------------

    def _push(
        self,
        delay: float,
        kind: str,
        target: str,
        payload: dict[str, Any],
        did: str,
        n: int = 0,
        user: int | None = None,
    ) -> None:
        """Schedule (the caller holds ``_wake``)."""
        d = _Delivery(
            time.monotonic() + delay, next(self._seq), kind, target, payload, did, n, user
        )
        heapq.heappush(self._heap, d)
        self._wake.notify()

    def _run(self) -> None:
        while True:
            with self._wake:
                while not self._closed and (not self._heap or self._heap[0].due > time.monotonic()):
                    wait = self._heap[0].due - time.monotonic() if self._heap else None
                    self._wake.wait(wait)
                if self._closed:
                    return
                d = heapq.heappop(self._heap)
            try:
                self._pool.submit(self._attempt, d)
            except RuntimeError:  # the pool is shut down
                return

    def _attempt(self, d: _Delivery) -> None:
        if d.kind == "lookup":  # the seat's settings (its account's), off the game's thread
            try:
                if d.user is not None:
                    s = self.settings.account(d.user)
                else:
                    s = self.settings.get(str(d.payload["game_id"]), [d.target])[d.target]
            except Exception as e:
                log.warning("notifications of game %s: %s", d.payload.get("game_id"), e)
                return
            with self._wake:
                if s.get("webhook"):
                    self._push(0.0, "webhook", str(s["webhook"]), d.payload, d.delivery_id)
                if s.get("email") and self.smtp is not None:
                    self._push(0.0, "email", str(s["email"]), d.payload, d.delivery_id)
            return
        try:
            sent = self._post(d) if d.kind == "webhook" else self._mail(d)
        except Exception as e:
            log.warning("a %s notification failed: %s", d.kind, e)
        else:
            with self._wake:
                if sent:
                    self.sent.append((d.kind, d.target, d.payload))
                else:
                    self.failed += 1
            return
        if d.tries < len(self.delays):
            with self._wake:
                self._push(
                    self.delays[d.tries], d.kind, d.target, d.payload, d.delivery_id, d.tries + 1
                )
        else:
            with self._wake:
                self.failed += 1
            log.warning(
                "a %s notification of game %s was dropped after %d tries",
                d.kind,
                d.payload.get("game_id"),
                d.tries + 1,
            )

    def _post(self, d: _Delivery) -> bool:
        """Send a webhook: True when sent, False when it is not to be tried again; an
        exception when it is worth trying again."""
        host = urllib.parse.urlsplit(d.target).hostname or ""
        if not self.allow_private and private_host(host):
            log.warning("a webhook to a private address (%s) was refused", host)
            return False
        req = urllib.request.Request(
            d.target,
            data=json.dumps(d.payload).encode(),
            method="POST",
            headers={
                "Content-Type": "application/json",
                "User-Agent": "greatwar-notify",
                "X-Greatwar-Delivery": d.delivery_id,
            },
        )
        try:
            with _OPENER.open(req, timeout=self.timeout) as r:
                r.read(1024)
                return True
        except urllib.error.HTTPError as e:
            if e.code >= 500 or e.code == 429:
                raise
            log.warning("a webhook was refused with %s: not tried again", e.code)
            return False

    def _mail(self, d: _Delivery) -> bool:
        smtp = self.smtp
        assert smtp is not None
        p = d.payload
        msg = EmailMessage()
        msg["From"] = smtp.sender
        msg["To"] = d.target
        if p["event"] == "game_over":
            msg["Subject"] = f"{p['title']}: game {p['game_id']} is over"
            body = f"Game {p['game_id']} of {p['title']} is over.\n"
        else:
            msg["Subject"] = f"{p['title']}: your turn ({p['seat_name']}) in game {p['game_id']}"
            body = f"It is the {p['seat_name']}' turn in game {p['game_id']} of {p['title']}.\n"
        msg.set_content(f"{body}\n{p['link']}\n")
        deliver(smtp, msg)
        return True

    def idle(self) -> bool:
        """Whether nothing waits to be sent (for tests)."""
        with self._wake:
            return not self._heap

    def close(self) -> None:
        with self._wake:
            self._closed = True
            self._wake.notify_all()
        self._pool.shutdown(wait=False, cancel_futures=True)


def account_of(live: LiveGame, seat: str) -> int | None:
    """The account holding a seat, if one does."""
    spec = live.row.seats.get(seat) if isinstance(live.row.seats, dict) else None
    user = spec.get("user") if isinstance(spec, dict) else None
    return user if type(user) is int else None


def install(
    app: FastAPI,
    service: GameService,
    public_url: str = "",
    smtp: Smtp | None = None,
    delays: Sequence[float] = DELAYS,
    allow_private: bool = False,
) -> Notifier:
    """Add the notification routes and start the notifier (told of every change)."""
    notifier = Notifier(service, public_url, smtp, delays, allow_private=allow_private)
    service.listeners.append(notifier.changed)

    def mine(live: LiveGame, token: str | None, seat: str | None) -> tuple[str, ...]:
        held = service.seats_of(live, token)
        if seat is None:
            return held
        if seat not in held:
            raise ServiceError(f"your token does not hold that seat (it holds {', '.join(held)})")
        return (seat,)

    @app.get("/api/games/{game_id}/notify")
    async def read(game_id: str, token: Token = None) -> dict[str, Any]:
        async with service.using(game_id) as live:
            held = mine(live, token, None)
            seats = await run_in_threadpool(notifier.settings.get, live.id, held)
            account = any(account_of(live, s) is not None for s in held)
            return {"seats": seats, "email": smtp is not None, "account": account}

    @app.post("/api/games/{game_id}/notify")
    async def write(game_id: str, body: NotifyBody, token: Token = None) -> dict[str, Any]:
        async with service.using(game_id) as live:
            seats = mine(live, token, body.seat)
            if any(account_of(live, s) is not None for s in seats):
                raise Forbidden(
                    "an account holds this seat: it is told as the account's notification "
                    "settings say (set once, on the account's page)"
                )
            given = body.model_fields_set
            webhook = check_webhook(body.webhook) if body.webhook else None
            email = check_email(body.email) if body.email else None
            if email and smtp is None:
                raise ServiceError("this server sends no e-mail (greatwar serve --smtp-host)")
            now = await run_in_threadpool(notifier.settings.get, live.id, seats)
            for seat in seats:
                w = webhook if "webhook" in given else now[seat]["webhook"]
                m = email if "email" in given else now[seat]["email"]
                await run_in_threadpool(notifier.settings.set, live.id, seat, w, m)
            return {"seats": await run_in_threadpool(notifier.settings.get, live.id, seats)}

    return notifier
