"""Accounts, optional per server (``greatwar serve --accounts off|open|invite``).

``off`` (the default) keeps the server as it was: private links only. ``open`` lets anyone sign
up with a name and a password; ``invite`` only with an invitation code (``greatwar users
invite``). Private links keep working either way: a seat token (``X-Seat-Token``) is judged as
before and the session cookie is then not looked at.

- **Passwords** are hashed with argon2 (``argon2-cffi``'s ``PasswordHasher``), re-hashed at login
  when its parameters change; never stored or logged in clear.
- **Sessions** are kept in the store (``sessions``: the SHA-256 of the cookie's secret), so any
  server process knows them. The cookie ``greatwar_session`` is ``HttpOnly``, ``SameSite=Lax``,
  and ``Secure`` when the request came over https (or ``--public-url`` is https).
- **CSRF**: every request that changes something and is authenticated by the cookie must carry
  ``X-CSRF-Token``, the token ``GET /api/me`` gives (derived from the session's secret, so
  nothing more is stored); without it the request is refused (403 ``csrf``) before any route
  sees it. A websocket authenticated by the cookie must come from the server's own origin.
- **Logins are throttled** per account and per address (``login_failures``, in the store, so
  every process counts the same): after 5 failures of one name, or 20 from one address, within
  an hour, the next try waits 30 s, doubling with each further failure up to 15 minutes (429
  with ``Retry-After``). An unknown name and a wrong password get the same answer (401
  ``bad_login``), after the same work (a password is checked against a dummy hash).
- **Reset**: ``greatwar users reset NAME`` prints a one-time link (an hour); with SMTP configured
  and an address on the account, ``POST /api/account/reset-request`` mails one (the answer is
  the same whether or not the name exists).

Who a request acts for: the middleware :class:`Sessions` reads the cookie and sets
:data:`greatwar.server.events.ACTOR` for the request; the game service then lets the account
act in the seats it holds (a seat names its account), and in no other.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import logging
import re
import secrets
import time
import unicodedata
from collections.abc import Awaitable, Callable, MutableMapping
from dataclasses import dataclass
from http.cookies import SimpleCookie
from typing import Any

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError, VerifyMismatchError
from fastapi import FastAPI, Request, Response
from pydantic import BaseModel, ConfigDict, Field
from sqlalchemy import Connection, delete, func, insert, select, update
from sqlalchemy.dialects.postgresql import insert as pg_insert
from sqlalchemy.dialects.sqlite import insert as sqlite_insert
from sqlalchemy.exc import SQLAlchemyError
from starlette.concurrency import run_in_threadpool

from greatwar.server.events import ACTOR
from greatwar.server.games import (
    Forbidden,
    NotFound,
    RateLimited,
    ServiceError,
    Unauthorized,
    Unavailable,
)
from greatwar.server.hub import dumps
from greatwar.server.notify import Smtp, send_mail
from greatwar.server.store import GameStore, StoreError
from greatwar.server.tables import (
    invites_table,
    login_failures_table,
    resets_table,
    sessions_table,
    users_table,
)

log = logging.getLogger("greatwar.server")

MODES = ("off", "open", "invite")
NO_STORE = {"Cache-Control": "no-store"}
COOKIE = "greatwar_session"
CSRF_HEADER = "x-csrf-token"
SESSION_DAYS = 30.0
NAME = re.compile(r"[\w.-]{3,24}")  # letters of any alphabet, digits, _ . -
PASSWORD_MIN, PASSWORD_MAX = 8, 200
EMAIL = re.compile(r"[^@\s]{1,64}@[^@\s]{1,185}\.[^@\s.]{2,63}")
NAME_TRIES, ADDRESS_TRIES = 5, 20  # failures within WINDOW before the waits begin
WINDOW = 3600.0
FIRST_WAIT, LONGEST_WAIT = 30.0, 900.0
RESET_HOURS = 1.0
INVITE_DAYS = 14.0


class CsrfRefused(ServiceError):
    status, kind = 403, "csrf"


class BadLogin(ServiceError):
    status, kind = 401, "bad_login"


class NameTaken(ServiceError):
    status, kind = 409, "name_taken"


BAD_LOGIN = "wrong name or password"


def digest(secret: str) -> str:
    return hashlib.sha256(secret.encode("utf-8")).hexdigest()


def csrf_of(session_token: str) -> str:
    """The CSRF token of a session: derived from its secret (nothing more is stored)."""
    return hashlib.sha256(b"greatwar-csrf:" + session_token.encode("utf-8")).hexdigest()[:40]


def name_key(name: str) -> str:
    return unicodedata.normalize("NFKC", name).casefold()


def check_name(name: Any) -> str:
    if not isinstance(name, str) or not NAME.fullmatch(unicodedata.normalize("NFKC", name)):
        raise ServiceError("name: 3 to 24 letters, digits or the signs _ . - (no spaces)")
    return unicodedata.normalize("NFKC", name)


def check_password(password: Any) -> str:
    if not isinstance(password, str) or not PASSWORD_MIN <= len(password) <= PASSWORD_MAX:
        raise ServiceError(f"password: {PASSWORD_MIN} to {PASSWORD_MAX} characters")
    return password


def check_email(email: Any) -> str | None:
    if email is None or email == "":
        return None
    if not isinstance(email, str) or not EMAIL.fullmatch(email.strip()):
        raise ServiceError("email: not an e-mail address")
    return email.strip()


@dataclass(frozen=True)
class User:
    id: int
    name: str
    email: str | None
    disabled: bool
    notify: dict[str, Any]
    created: float

    def public(self) -> dict[str, Any]:
        """What anyone may see of an account."""
        return {"id": self.id, "name": self.name}

    def own(self) -> dict[str, Any]:
        """What the account's holder sees of it."""
        return {
            "id": self.id,
            "name": self.name,
            "email": self.email,
            "notify": dict(self.notify),
            "created": self.created,
        }


def _user(r: Any) -> User:
    try:
        notify = json.loads(r.notify) if r.notify else {}
    except ValueError:
        notify = {}
    return User(
        int(r.id),
        str(r.name),
        r.email,
        bool(r.disabled),
        notify if isinstance(notify, dict) else {},
        float(r.created),
    )


def _upsert(conn: Connection, table: Any, key: dict[str, Any], values: dict[str, Any]) -> None:
    """Insert a row, or update the one with the same key (one statement: safe between
    processes)."""
    ins = pg_insert if conn.dialect.name == "postgresql" else sqlite_insert
    q = ins(table).values(**key, **values)
    conn.execute(q.on_conflict_do_update(index_elements=list(key), set_=values))


class Accounts:
    """The accounts of a store and their sessions (blocking calls: run them off the loop)."""

    def __init__(
        self,
        store: GameStore,
        mode: str = "open",
        hasher: PasswordHasher | None = None,
        now: Callable[[], float] = time.time,
        session_days: float = SESSION_DAYS,
    ) -> None:
        if mode not in MODES:
            raise ValueError(f"accounts: one of {', '.join(MODES)}")
        self.store = store
        self.mode = mode
        self.hasher = hasher or PasswordHasher()
        self.now = now
        self.session_seconds = session_days * 86400
        self._dummy_hash: str | None = None

    @property
    def _dummy(self) -> str:
        """A hash to check an unknown name's password against (the same work as a known
        name's)."""
        if self._dummy_hash is None:
            self._dummy_hash = self.hasher.hash(secrets.token_urlsafe(16))
        return self._dummy_hash

    # -- the store ---------------------------------------------------------------------

    def _write(self, fn: Callable[[Connection], Any]) -> Any:
        """``fn(connection)`` committed through the store's writer; a refusal it raises (a
        :class:`ServiceError`) rolls its transaction back and is raised here as it was."""
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
        except StoreError as e:
            if refused:
                raise refused[-1] from None
            raise Unavailable(str(e)) from None
        return box[0] if box else None

    def _read(self, fn: Callable[[Connection], Any]) -> Any:
        try:
            with self.store.engine.connect() as conn:
                return fn(conn)
        except SQLAlchemyError as e:
            raise Unavailable(f"account store error: {e}") from None

    def by_id(self, user_id: int) -> User | None:
        r = self._read(
            lambda c: c.execute(select(users_table).where(users_table.c.id == user_id)).first()
        )
        return None if r is None else _user(r)

    def by_name(self, name: str) -> User | None:
        key = name_key(name) if isinstance(name, str) else ""
        r = self._read(
            lambda c: c.execute(select(users_table).where(users_table.c.key == key)).first()
        )
        return None if r is None else _user(r)

    def names(self, ids: list[int]) -> dict[int, str]:
        if not ids:
            return {}
        rows = self._read(
            lambda c: c.execute(
                select(users_table.c.id, users_table.c.name).where(users_table.c.id.in_(ids))
            ).all()
        )
        return {int(r.id): str(r.name) for r in rows}

    def all_users(self) -> list[User]:
        rows = self._read(
            lambda c: c.execute(select(users_table).order_by(users_table.c.key)).all()
        )
        return [_user(r) for r in rows]

    # -- signing up and in ---------------------------------------------------------------

    def add(self, name: str, password: str, email: str | None = None) -> User:
        """A new account (the admin's ``users add`` and sign-up)."""
        name = check_name(name)
        check_password(password)
        email = check_email(email)
        hashed = self.hasher.hash(password)
        now = self.now()

        def write(conn: Connection) -> int:
            taken = conn.execute(
                select(func.count()).where(users_table.c.key == name_key(name))
            ).scalar_one()
            if taken:
                raise NameTaken("that name is taken")
            done = conn.execute(
                insert(users_table).values(
                    name=name, key=name_key(name), password=hashed, email=email, created=now
                )
            )
            key = done.inserted_primary_key
            assert key is not None
            return int(key[0])

        try:
            uid = self._write(write)
        except Unavailable:
            if self.by_name(name) is not None:  # another process took it first
                raise NameTaken("that name is taken") from None
            raise
        return User(uid, name, email, False, {}, now)

    def signup(
        self, name: str, password: str, email: str | None, invite: str | None
    ) -> tuple[User, str]:
        if self.mode == "off":
            raise NotFound("accounts are off on this server")
        if self.mode == "invite":
            self._use_invite(invite)
        user = self.add(name, password, email)
        if self.mode == "invite" and invite:
            code = digest(invite)
            self._write(
                lambda c: c.execute(
                    update(invites_table).where(invites_table.c.id == code).values(used_by=user.id)
                )
            )
        return user, self.new_session(user.id)

    def _use_invite(self, invite: str | None) -> None:
        if not isinstance(invite, str) or not invite:
            raise Forbidden("this server signs up by invitation: an invitation code is needed")
        code = digest(invite)
        r = self._read(
            lambda c: c.execute(select(invites_table).where(invites_table.c.id == code)).first()
        )
        if r is None or r.used_by is not None or r.expires < self.now():
            raise Forbidden("that invitation code is not valid (used, expired or unknown)")

    def invite(self, days: float = INVITE_DAYS) -> str:
        code = secrets.token_urlsafe(12)
        now = self.now()
        self._write(
            lambda c: c.execute(
                insert(invites_table).values(
                    id=digest(code), created=now, expires=now + days * 86400
                )
            )
        )
        return code

    def login(self, name: str, password: str, address: str) -> tuple[User, str]:
        """A new session for a name and password, or the same refusal whether the name is
        unknown or the password wrong; throttled per account and per address."""
        if self.mode == "off":
            raise NotFound("accounts are off on this server")
        key = name_key(name) if isinstance(name, str) else ""
        keys = [f"name:{key[:100]}", f"addr:{address[:100]}"]
        self._check_throttle(keys)
        r = self._read(
            lambda c: c.execute(select(users_table).where(users_table.c.key == key)).first()
        )
        stored = r.password if r is not None else self._dummy
        ok = False
        try:
            ok = self.hasher.verify(stored, password if isinstance(password, str) else "")
        except (VerifyMismatchError, VerificationError, InvalidHashError):
            ok = False
        if r is None or not ok:
            self._failed(keys)
            raise BadLogin(BAD_LOGIN)
        user = _user(r)
        if user.disabled:
            raise Forbidden("this account is disabled")
        self._write(
            lambda c: c.execute(
                delete(login_failures_table).where(login_failures_table.c.key == keys[0])
            )
        )
        if self.hasher.check_needs_rehash(stored):
            fresh = self.hasher.hash(password)
            self._write(
                lambda c: c.execute(
                    update(users_table).where(users_table.c.id == user.id).values(password=fresh)
                )
            )
        return user, self.new_session(user.id)

    def _check_throttle(self, keys: list[str]) -> None:
        now = self.now()
        rows = self._read(
            lambda c: c.execute(
                select(login_failures_table).where(login_failures_table.c.key.in_(keys))
            ).all()
        )
        wait = max((float(r.until) - now for r in rows if r.since > now - WINDOW), default=0.0)
        if wait > 0:
            raise RateLimited(f"too many failed logins; try again in {wait:.0f} s", wait)

    def _failed(self, keys: list[str]) -> None:
        now = self.now()

        def write(conn: Connection) -> None:
            for key in keys:
                r = conn.execute(
                    select(login_failures_table).where(login_failures_table.c.key == key)
                ).first()
                row = r._mapping if r is not None else None
                fresh = row is None or float(row["since"]) <= now - WINDOW
                count = 1 if fresh or row is None else int(row["count"]) + 1
                since = now if fresh or row is None else float(row["since"])
                free = NAME_TRIES if key.startswith("name:") else ADDRESS_TRIES
                until = now
                if count >= free:
                    until = now + min(LONGEST_WAIT, FIRST_WAIT * 2 ** (count - free))
                _upsert(
                    conn,
                    login_failures_table,
                    {"key": key},
                    {"count": count, "since": since, "until": until},
                )

        self._write(write)

    # -- sessions ----------------------------------------------------------------------

    def new_session(self, user_id: int) -> str:
        token = secrets.token_urlsafe(32)
        now = self.now()
        self._write(
            lambda c: c.execute(
                insert(sessions_table).values(
                    id=digest(token),
                    user_id=user_id,
                    created=now,
                    expires=now + self.session_seconds,
                )
            )
        )
        return token

    def session_user(self, token: str | None) -> User | None:
        """The account of a live session (None: no such session, expired, or disabled)."""
        if not token or len(token) > 100:
            return None
        key = digest(token)
        r = self._read(
            lambda c: c.execute(
                select(users_table, sessions_table.c.expires)
                .select_from(
                    sessions_table.join(users_table, users_table.c.id == sessions_table.c.user_id)
                )
                .where(sessions_table.c.id == key)
            ).first()
        )
        if r is None or float(r.expires) < self.now() or r.disabled:
            return None
        return _user(r)

    def end_session(self, token: str | None) -> None:
        if token:
            key = digest(token)
            self._write(
                lambda c: c.execute(delete(sessions_table).where(sessions_table.c.id == key))
            )

    def end_sessions(self, user_id: int, keep: str | None = None) -> None:
        """End every session of an account (but ``keep``'s)."""
        q = delete(sessions_table).where(sessions_table.c.user_id == user_id)
        if keep:
            q = q.where(sessions_table.c.id != digest(keep))
        self._write(lambda c: c.execute(q))

    # -- the account's own settings ------------------------------------------------------

    def change_password(self, user: User, old: str, new: str, keep: str | None) -> None:
        r = self._read(
            lambda c: c.execute(
                select(users_table.c.password).where(users_table.c.id == user.id)
            ).first()
        )
        try:
            ok = r is not None and self.hasher.verify(
                r.password, old if isinstance(old, str) else ""
            )
        except (VerifyMismatchError, VerificationError, InvalidHashError):
            ok = False
        if not ok:
            raise BadLogin("the present password is wrong")
        self.set_password(user.id, new)
        self.end_sessions(user.id, keep=keep)

    def set_password(self, user_id: int, password: str) -> None:
        hashed = self.hasher.hash(check_password(password))
        self._write(
            lambda c: c.execute(
                update(users_table).where(users_table.c.id == user_id).values(password=hashed)
            )
        )

    def set_settings(self, user: User, email: Any, notify: dict[str, Any]) -> User:
        mail = check_email(email)
        doc = json.dumps(notify)
        self._write(
            lambda c: c.execute(
                update(users_table)
                .where(users_table.c.id == user.id)
                .values(email=mail, notify=doc)
            )
        )
        fresh = self.by_id(user.id)
        assert fresh is not None
        return fresh

    def disable(self, name: str, disabled: bool = True) -> User:
        user = self.by_name(name)
        if user is None:
            raise NotFound("no such account")
        self._write(
            lambda c: c.execute(
                update(users_table)
                .where(users_table.c.id == user.id)
                .values(disabled=1 if disabled else 0)
            )
        )
        if disabled:
            self.end_sessions(user.id)
        fresh = self.by_id(user.id)
        assert fresh is not None
        return fresh

    # -- resets ------------------------------------------------------------------------

    def reset_token(self, user_id: int, hours: float = RESET_HOURS) -> str:
        token = secrets.token_urlsafe(24)
        until = self.now() + hours * 3600
        self._write(
            lambda c: c.execute(
                insert(resets_table).values(id=digest(token), user_id=user_id, expires=until)
            )
        )
        return token

    def reset(self, token: str, password: str) -> User:
        """Set a new password with a one-time reset token; ends every session of the account."""
        check_password(password)
        key = digest(token) if isinstance(token, str) else ""
        now = self.now()

        def write(conn: Connection) -> int | None:
            done = conn.execute(
                update(resets_table)
                .where(
                    resets_table.c.id == key,
                    resets_table.c.used == 0,
                    resets_table.c.expires >= now,
                )
                .values(used=1)
            )
            if done.rowcount != 1:
                return None
            uid = conn.execute(
                select(resets_table.c.user_id).where(resets_table.c.id == key)
            ).scalar_one()
            return int(uid)

        uid = self._write(write)
        if uid is None:
            raise Forbidden("that reset link is not valid (used, expired or unknown)")
        self.set_password(uid, password)
        self.end_sessions(uid)
        user = self.by_id(uid)
        assert user is not None
        return user


# -- the middleware: who a request acts for -------------------------------------------------

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
SAFE = ("GET", "HEAD", "OPTIONS")


def cookie_of(scope: Scope) -> str | None:
    for name, value in scope.get("headers") or ():
        if name == b"cookie":
            jar: SimpleCookie = SimpleCookie()
            try:
                jar.load(value.decode("latin-1"))
            except Exception:
                return None
            morsel = jar.get(COOKIE)
            if morsel is not None:
                return morsel.value
    return None


def _header(scope: Scope, name: bytes) -> str | None:
    for k, v in scope.get("headers") or ():
        if k == name:
            return str(v.decode("latin-1"))
    return None


class Sessions:
    """ASGI middleware: a request without a seat token whose session cookie names a live
    session acts for that account (:data:`ACTOR`); one that changes something must carry the
    session's CSRF token (else 403 ``csrf``, nothing done); a websocket must come from this
    server's own origin."""

    def __init__(
        self,
        app: Callable[[Scope, Receive, Send], Awaitable[None]],
        accounts: Accounts,
        run: Callable[..., Awaitable[Any]],
    ) -> None:
        self.app = app
        self.accounts = accounts
        self.run = run  # run a blocking call off the event loop

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] not in ("http", "websocket"):
            await self.app(scope, receive, send)
            return
        token = cookie_of(scope)
        if token is None or _header(scope, b"x-seat-token"):
            await self.app(scope, receive, send)
            return
        try:
            user = await self.run(self.accounts.session_user, token)
        except ServiceError:
            user = None
        if user is None:
            await self.app(scope, receive, send)
            return
        if scope["type"] == "http" and scope["method"] not in SAFE:
            sent = _header(scope, CSRF_HEADER.encode()) or ""
            if not hmac.compare_digest(sent.encode(), csrf_of(token).encode()):
                await _refuse(send, 403, "csrf", "this request needs the page's CSRF token")
                return
        if scope["type"] == "websocket" and not _same_origin(scope):
            await self.app(scope, receive, send)  # judged without the account
            return
        mark = ACTOR.set(user.id)
        scope.setdefault("state", {})["user"] = user
        scope["state"]["session"] = token
        try:
            await self.app(scope, receive, send)
        finally:
            ACTOR.reset(mark)


def _same_origin(scope: Scope) -> bool:
    origin = _header(scope, b"origin")
    host = _header(scope, b"host")
    if origin is None or host is None:
        return False
    return origin.split("://", 1)[-1].rstrip("/") == host


async def _refuse(send: Send, status: int, kind: str, detail: str) -> None:
    body = dumps({"detail": detail, "kind": kind}).encode()
    await send(
        {
            "type": "http.response.start",
            "status": status,
            "headers": [
                (b"content-type", b"application/json"),
                (b"content-length", str(len(body)).encode()),
            ],
        }
    )
    await send({"type": "http.response.body", "body": body})


def require(scope_state: Any) -> User:
    """The account a request acts for, or 401."""
    user = getattr(scope_state, "user", None)
    if not isinstance(user, User):
        raise Unauthorized("log in first")
    return user


# -- the routes ----------------------------------------------------------------------------


class SignupBody(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)

    name: str = Field(max_length=100)
    password: str = Field(max_length=PASSWORD_MAX)
    email: str | None = Field(default=None, max_length=300)
    invite: str | None = Field(default=None, max_length=100)


class LoginBody(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)

    name: str = Field(max_length=100)
    password: str = Field(max_length=PASSWORD_MAX)


class PasswordBody(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)

    old: str = Field(max_length=PASSWORD_MAX)
    new: str = Field(max_length=PASSWORD_MAX)


class SettingsBody(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)

    email: str | None = Field(default=None, max_length=300)
    webhook: str | None = Field(default=None, max_length=2000)
    notify_email: bool = False  # turns and ends mailed to the account's address


class ResetAsk(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)

    name: str = Field(max_length=100)


class ResetBody(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)

    token: str = Field(max_length=100)
    password: str = Field(max_length=PASSWORD_MAX)


BODIES = (SignupBody, LoginBody, PasswordBody, SettingsBody, ResetAsk, ResetBody)


def install(
    app: FastAPI,
    accounts: Accounts,
    *,
    public_url: str = "",
    smtp: Smtp | None = None,
    check_webhook: Callable[[str], str] = lambda url: url,
    waiting: Callable[[int], int] = lambda _user: 0,
) -> None:
    """Add the account routes:

    GET  /api/me                     {accounts, user, csrf, waiting}: who this browser is
    POST /api/account/signup         {name, password, email?, invite?} -> a session cookie
    POST /api/account/login          {name, password} -> a session cookie
    POST /api/account/logout
    POST /api/account/password       {old, new}: the other sessions end
    POST /api/account/settings       {email, webhook, notify_email}: notifications, once
    POST /api/account/reset-request  {name}: a reset link by e-mail (SMTP and an address)
    POST /api/account/reset          {token, password}: a new password
    """
    secure_site = public_url.startswith("https://")

    def client(request: Request) -> str:
        return request.client.host if request.client else "unknown"

    def with_cookie(doc: dict[str, Any], request: Request, token: str | None) -> Response:
        r = Response(dumps(doc), media_type="application/json")
        if token is None:
            r.delete_cookie(COOKIE, path="/", httponly=True, samesite="lax")
        else:
            r.set_cookie(
                COOKIE,
                token,
                max_age=int(accounts.session_seconds),
                path="/",
                httponly=True,
                samesite="lax",
                secure=secure_site or request.url.scheme == "https",
            )
        return r

    def on() -> None:
        if accounts.mode == "off":
            raise NotFound("accounts are off on this server")

    @app.get("/api/me")
    async def me(request: Request) -> Response:
        user = getattr(request.state, "user", None)
        token = getattr(request.state, "session", None)
        doc: dict[str, Any] = {"accounts": accounts.mode, "user": None, "csrf": None, "waiting": 0}
        if isinstance(user, User) and token:
            doc["user"] = user.own()
            doc["csrf"] = csrf_of(token)
            doc["waiting"] = await run_in_threadpool(waiting, user.id)
            doc["email_sent"] = smtp is not None
        return Response(dumps(doc), media_type="application/json", headers=NO_STORE)

    @app.post("/api/account/signup")
    async def signup(body: SignupBody, request: Request) -> Response:
        on()
        user, token = await run_in_threadpool(
            accounts.signup, body.name, body.password, body.email, body.invite
        )
        return with_cookie({"ok": True, "user": user.own(), "csrf": csrf_of(token)}, request, token)

    @app.post("/api/account/login")
    async def login(body: LoginBody, request: Request) -> Response:
        on()
        user, token = await run_in_threadpool(
            accounts.login, body.name, body.password, client(request)
        )
        return with_cookie({"ok": True, "user": user.own(), "csrf": csrf_of(token)}, request, token)

    @app.post("/api/account/logout")
    async def logout(request: Request) -> Response:
        on()
        await run_in_threadpool(accounts.end_session, getattr(request.state, "session", None))
        return with_cookie({"ok": True}, request, None)

    @app.post("/api/account/password")
    async def password(body: PasswordBody, request: Request) -> Response:
        on()
        user = require(request.state)
        keep = getattr(request.state, "session", None)
        await run_in_threadpool(accounts.change_password, user, body.old, body.new, keep)
        return Response(dumps({"ok": True}), media_type="application/json")

    @app.post("/api/account/settings")
    async def settings(body: SettingsBody, request: Request) -> Response:
        on()
        user = require(request.state)
        webhook = check_webhook(body.webhook) if body.webhook else None
        if body.notify_email and smtp is None:
            raise ServiceError("this server sends no e-mail (greatwar serve --smtp-host)")
        if body.notify_email and not body.email:
            raise ServiceError("email: an address is needed to be told by e-mail")
        notify = {"webhook": webhook, "email": bool(body.notify_email)}
        fresh = await run_in_threadpool(accounts.set_settings, user, body.email, notify)
        return Response(dumps({"ok": True, "user": fresh.own()}), media_type="application/json")

    @app.post("/api/account/reset-request")
    async def reset_request(body: ResetAsk, request: Request) -> Response:
        on()
        wait = resets.take(client(request))
        if wait:
            raise RateLimited(f"too many reset requests; try again in {wait:.0f} s", wait)
        if smtp is None:
            raise ServiceError("this server sends no e-mail: ask its administrator for a reset")

        def send() -> None:
            user = accounts.by_name(body.name)
            if user is None or not user.email or user.disabled:
                return
            token = accounts.reset_token(user.id)
            link = f"{public_url.rstrip('/')}/account#reset={token}"
            try:
                send_mail(
                    smtp,
                    user.email,
                    "greatwar: a new password",
                    f"A new password for the account {user.name} was asked for.\n"
                    f"Choose it within an hour here:\n\n{link}\n\n"
                    "If you did not ask for it, ignore this message.\n",
                )
            except Exception as e:  # the answer stays the same; the log says why
                log.warning("a reset e-mail could not be sent: %s", e)

        await run_in_threadpool(send)
        return Response(dumps({"ok": True, "sent_if_known": True}), media_type="application/json")

    @app.post("/api/account/reset")
    async def reset(body: ResetBody, request: Request) -> Response:
        on()
        user, token = await run_in_threadpool(reset_and_login, body.token, body.password)
        return with_cookie({"ok": True, "user": user.own(), "csrf": csrf_of(token)}, request, token)

    def reset_and_login(token: str, password: str) -> tuple[User, str]:
        user = accounts.reset(token, password)
        return user, accounts.new_session(user.id)

    resets = Bucket(3, 60.0)


class Bucket:
    """A token bucket per key: ``burst`` at once, then one every ``every`` seconds."""

    def __init__(self, burst: int, every: float, keys: int = 10_000) -> None:
        self.burst, self.every, self.keys = burst, every, keys
        self._buckets: dict[str, tuple[float, float]] = {}

    def take(self, key: str) -> float:
        now = time.monotonic()
        tokens, since = self._buckets.pop(key, (float(self.burst), now))
        tokens = min(float(self.burst), tokens + (now - since) / self.every)
        if tokens < 1:
            self._buckets[key] = (tokens, now)
            return (1 - tokens) * self.every
        self._buckets[key] = (tokens - 1, now)
        while len(self._buckets) > self.keys:
            self._buckets.pop(next(iter(self._buckets)))
        return 0.0
