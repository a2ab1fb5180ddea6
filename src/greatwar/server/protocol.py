"""The HTTP/1.1 protocol ``greatwar serve`` runs: uvicorn's, keeping the error contract below
the app.

uvicorn answers a request it cannot parse (a negative ``Content-Length``, a malformed line)
itself, before the app sees it, with a plain-text 400; and neither of its parsers bounds a
request's head when it arrives whole (h11's limit holds only for a head that arrives in
pieces, httptools has none). These subclasses of its protocols answer such a request in the
app's own shape, ``{"detail", "kind"}`` (``docs/server.md``, "Errors"), never echoing it:

- a request that is not HTTP/1.1: 400 ``malformed``;
- a head (the request line and headers) over :data:`HEAD_LIMIT` bytes: 431 ``too_large``,
  before the app is called and before more of it is kept.

:func:`protocol_class` picks the subclass of the parser uvicorn would pick (httptools when it is
installed, else h11).
"""

from __future__ import annotations

import asyncio
import json
from typing import Any

import h11
from uvicorn.protocols.http.h11_impl import H11Protocol

HEAD_LIMIT = 16 * 1024
"""Bytes of a request's line and headers (a browser's are well under 8 KiB)."""

TOO_LARGE = (
    431,
    "too_large",
    f"the request's line and headers are over {HEAD_LIMIT} bytes",
)
MALFORMED = (
    400,
    "malformed",
    "the request is not valid HTTP/1.1 (a malformed line or header, or a Content-Length that is "
    "not a number)",
)
REASONS = {400: b"Bad Request", 431: b"Request Header Fields Too Large"}


def _body(kind: str, detail: str) -> bytes:
    return json.dumps({"detail": detail, "kind": kind}, separators=(",", ":")).encode()


def refusal(status: int, kind: str, detail: str, extra: list[tuple[bytes, bytes]]) -> bytes:
    """A whole HTTP/1.1 answer that closes the connection (``extra``: uvicorn's own headers,
    the server and the date)."""
    body = _body(kind, detail)
    head = [b"HTTP/1.1 %d %s\r\n" % (status, REASONS[status])]
    head += [name + b": " + value + b"\r\n" for name, value in extra]
    head += [
        b"content-type: application/json\r\n",
        b"content-length: %d\r\n" % len(body),
        b"connection: close\r\n\r\n",
    ]
    return b"".join(head) + body


class _HeadTooLarge(Exception):
    """Raised in a parser's callback: the head is over the limit."""


class _Connection(h11.Connection):
    """h11's connection, refusing a whole request whose head is over the limit (h11 itself
    only refuses one that is still incomplete)."""

    too_large = False

    def next_event(self) -> Any:
        event = super().next_event()
        if isinstance(event, h11.Request):
            size = len(event.target) + sum(len(k) + len(v) + 4 for k, v in event.headers)
            if size > HEAD_LIMIT:
                self.too_large = True
                raise h11.RemoteProtocolError("the request's head is too large", 431)
        return event


class JsonH11Protocol(H11Protocol):
    """uvicorn's h11 protocol, with the head limit and JSON refusals."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.conn = _Connection(h11.SERVER, max_incomplete_event_size=HEAD_LIMIT)

    def send_400_response(self, msg: str) -> None:
        conn = self.conn
        big = isinstance(conn, _Connection) and (
            conn.too_large or len(conn.trailing_data[0]) > HEAD_LIMIT
        )
        status, kind, detail = TOO_LARGE if big else MALFORMED
        self.transport.write(refusal(status, kind, detail, self.server_state.default_headers))
        self.transport.close()


try:
    from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol
except ImportError:  # pragma: no cover - uvicorn[standard] brings httptools
    HttpToolsProtocol = None  # type: ignore[assignment, misc]


if HttpToolsProtocol is not None:

    class JsonHttpToolsProtocol(HttpToolsProtocol):
        """uvicorn's httptools protocol, with the head limit and JSON refusals. httptools keeps
        a header until it is whole: the bytes of a head still incomplete are counted as they
        come (an incomplete head over the limit is refused at once), and a whole one is
        measured before the app is called."""

        def __init__(self, *args: Any, **kwargs: Any) -> None:
            super().__init__(*args, **kwargs)
            self._in_head = True  # reading a request's line and headers
            self._came = 0  # bytes received while reading it
            self._head = 0  # bytes of its line and headers parsed
            self._too_large = False

        def data_received(self, data: bytes) -> None:
            if self._in_head:
                self._came += len(data)
            super().data_received(data)
            if self._in_head and self._came > HEAD_LIMIT and not self.transport.is_closing():
                self._too_large = True
                self.send_400_response("")

        def on_message_begin(self) -> None:
            super().on_message_begin()
            self._in_head, self._came, self._head = True, 0, 0

        def _grow(self, n: int) -> None:
            self._head += n
            if self._head > HEAD_LIMIT:
                self._too_large = True
                raise _HeadTooLarge  # httptools raises its HttpParserError: a 400, then ours

        def on_url(self, url: bytes) -> None:
            self._grow(len(url))
            super().on_url(url)

        def on_header(self, name: bytes, value: bytes) -> None:
            self._grow(len(name) + len(value) + 4)
            super().on_header(name, value)

        def on_headers_complete(self) -> None:
            self._in_head = False
            super().on_headers_complete()

        def send_400_response(self, msg: str) -> None:
            status, kind, detail = TOO_LARGE if self._too_large else MALFORMED
            self.transport.write(refusal(status, kind, detail, self.server_state.default_headers))
            self.transport.close()


def protocol_class() -> type[asyncio.Protocol]:
    """The protocol for ``uvicorn.run(http=...)``: httptools' when it is installed (as
    uvicorn's own choice), else h11's."""
    if HttpToolsProtocol is not None:
        return JsonHttpToolsProtocol
    return JsonH11Protocol
