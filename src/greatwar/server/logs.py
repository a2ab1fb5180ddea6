"""The server's log: plain text or JSON lines, with the request id on every line of a request.

``configure(level, fmt)`` sets up the root logger once for ``greatwar serve`` (uvicorn's own
loggers included). :class:`RequestIds` is the ASGI middleware that gives every HTTP request and
websocket an id: the client's ``X-Request-Id`` when it is a valid one (1-64 letters, digits or
``._:-``), else a fresh one. The id lives in a context variable for the whole request, threads
the request runs code in included (Starlette copies the context into its thread pool), and the
:class:`RequestIdFilter` puts it on each log record (``request_id``; ``-`` outside a request).
The answer carries it back in ``X-Request-Id``; at level ``info`` each request ends with one
line (method, path, status, milliseconds).

A JSON line holds ``time`` (UTC, ISO 8601), ``level``, ``logger``, ``message``, ``request_id``,
``exception`` when there is one, and the extra fields a call passes (``extra={...}``).
"""

from __future__ import annotations

import contextvars
import json
import logging
import re
import secrets
import sys
import time
from collections.abc import Awaitable, Callable, MutableMapping
from datetime import UTC, datetime
from typing import Any, TextIO

REQUEST_ID = re.compile(r"[A-Za-z0-9._:-]{1,64}")
"""A request id a client may give: 1-64 letters, digits or ``._:-`` (e.g. a UUID)."""

FORMATS = ("text", "json")
LEVELS = ("debug", "info", "warning", "error", "critical")

request_id: contextvars.ContextVar[str | None] = contextvars.ContextVar(
    "greatwar_request_id", default=None
)

access = logging.getLogger("greatwar.server.access")

# the attributes every LogRecord has: anything else was passed as ``extra``
_STANDARD = set(vars(logging.LogRecord("", 0, "", 0, "", None, None))) | {
    "message",
    "asctime",
    "request_id",
    "taskName",
    "color_message",  # uvicorn's copy of the message with terminal colours
}


class RequestIdFilter(logging.Filter):
    """Put the current request's id on every record (``-`` outside a request)."""

    def filter(self, record: logging.LogRecord) -> bool:
        if not hasattr(record, "request_id"):
            record.request_id = request_id.get() or "-"
        return True


class JsonFormatter(logging.Formatter):
    """One JSON object a line."""

    def format(self, record: logging.LogRecord) -> str:
        doc: dict[str, Any] = {
            "time": datetime.fromtimestamp(record.created, UTC).isoformat(timespec="milliseconds"),
            "level": record.levelname.lower(),
            "logger": record.name,
            "message": record.getMessage(),
            "request_id": getattr(record, "request_id", None) or request_id.get() or "-",
        }
        for key, value in vars(record).items():
            if key not in _STANDARD and key not in doc:
                plain = isinstance(value, str | int | float | bool | None)
                doc[key] = value if plain else str(value)
        if record.exc_info:
            doc["exception"] = self.formatException(record.exc_info)
        elif record.exc_text:
            doc["exception"] = record.exc_text
        return json.dumps(doc, ensure_ascii=False)


TEXT_FORMAT = "%(asctime)s %(levelname)s %(name)s [%(request_id)s] %(message)s"


def handler(fmt: str, stream: TextIO | None = None) -> logging.Handler:
    """A stream handler writing ``fmt`` (text or json) with request ids."""
    if fmt not in FORMATS:
        raise ValueError(f"the log format is one of {', '.join(FORMATS)}, not {fmt!r}")
    h = logging.StreamHandler(stream or sys.stderr)
    h.addFilter(RequestIdFilter())
    h.setFormatter(JsonFormatter() if fmt == "json" else logging.Formatter(TEXT_FORMAT))
    return h


def configure(level: str = "warning", fmt: str = "text", stream: TextIO | None = None) -> None:
    """Send every log record at ``level`` or above to ``stream`` (stderr) as ``fmt``; uvicorn's
    loggers go the same way (its own handlers are removed)."""
    if level.lower() not in LEVELS:
        raise ValueError(f"the log level is one of {', '.join(LEVELS)}, not {level!r}")
    root = logging.getLogger()
    for old in list(root.handlers):
        if getattr(old, "_greatwar", False):
            root.removeHandler(old)
    h = handler(fmt, stream)
    h._greatwar = True  # type: ignore[attr-defined]
    root.addHandler(h)
    root.setLevel(level.upper())
    for name in ("uvicorn", "uvicorn.error", "uvicorn.access"):
        lg = logging.getLogger(name)
        lg.handlers.clear()
        lg.propagate = True
        lg.setLevel(level.upper())
    # Alembic tells of its plug-ins at info when the schema is checked: only at debug here
    logging.getLogger("alembic").setLevel("DEBUG" if level.lower() == "debug" else "WARNING")


def new_id() -> str:
    return secrets.token_hex(8)


Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]


class RequestIds:
    """ASGI middleware: a request id for every request and socket (see the module's text)."""

    def __init__(self, app: Callable[[Scope, Receive, Send], Awaitable[None]]) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] not in ("http", "websocket"):
            await self.app(scope, receive, send)
            return
        given = dict(scope.get("headers") or ()).get(b"x-request-id", b"")
        try:
            rid = given.decode("ascii")
        except UnicodeDecodeError:
            rid = ""
        if not REQUEST_ID.fullmatch(rid):
            rid = new_id()
        token = request_id.set(rid)
        started = time.perf_counter()
        status = 0

        async def sending(message: Message) -> None:
            nonlocal status
            if message["type"] == "http.response.start":
                status = int(message["status"])
                headers = [(k, v) for k, v in message.get("headers", ()) if k != b"x-request-id"]
                headers.append((b"x-request-id", rid.encode()))
                message["headers"] = headers
            await send(message)

        try:
            await self.app(scope, receive, sending if scope["type"] == "http" else send)
        finally:
            if access.isEnabledFor(logging.INFO):
                ms = round((time.perf_counter() - started) * 1000, 1)
                what = "websocket" if scope["type"] == "websocket" else str(scope.get("method"))
                access.info(
                    "%s %s %s %.1f ms",
                    what,
                    scope.get("path", ""),
                    status or "-",
                    ms,
                    extra={"method": what, "path": scope["path"], "status": status, "ms": ms},
                )
            request_id.reset(token)
