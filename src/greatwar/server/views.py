"""What the server sends: a seat's view, dressed for the browser, for any game.

Everything here is built from ``Session.view(seat)`` (the engine's door out): the log entries get
their text (the descriptor's ``render_log``), and a game with a web face
(:class:`greatwar.core.games.HasWeb`) adds what is its own (Paths of Glory: the prompt as a
sentence and the supply overlay). Nothing here reads another seat's hand or private frames.

The log can be long, so a client says how much of it it has (``log_from`` entries, the last one
with digest ``log_hash``); the answer then carries only the entries after that, or the whole log
when the client's copy no longer matches (after an undo).
"""

from __future__ import annotations

import json
import zlib
from typing import Any

from greatwar.core.games import Game, HasWeb, speaks
from greatwar.core.i18n import DEFAULT_LANG
from greatwar.core.session import render_entry as entry_text


def entry_hash(e: dict[str, Any]) -> int:
    """A short digest of one log entry (clients use it to check their copy of the log)."""
    return zlib.crc32(json.dumps(e, sort_keys=True, default=str).encode())


def render_entry(g: Game[Any], e: dict[str, Any], lang: str = DEFAULT_LANG) -> dict[str, Any]:
    """A copy of a log entry with its text in ``lang`` (the state's entry is never changed)."""
    out = dict(e)
    try:
        out["text"] = entry_text(g, out, lang if speaks(g, lang) else DEFAULT_LANG)
    except Exception:  # a template that cannot take these arguments: show the raw entry
        out["text"] = json.dumps(e, default=str)
    return out


def log_slice(
    g: Game[Any],
    log: list[dict[str, Any]],
    log_from: int = 0,
    log_hash: int | None = None,
    lang: str = DEFAULT_LANG,
) -> tuple[int, list[dict[str, Any]]]:
    """Where the client's copy of the log stops matching, and the entries from there (their
    texts in ``lang``)."""
    start = max(0, min(log_from, len(log)))
    if start and (log_hash is None or entry_hash(log[start - 1]) != log_hash):
        start = 0
    return start, [render_entry(g, e, lang) for e in log[start:]]


def dress(
    g: Game[Any],
    v: dict[str, Any],
    s: Any,
    log_from: int = 0,
    log_hash: int | None = None,
    lang: str = DEFAULT_LANG,
) -> dict[str, Any]:
    """Turn an engine view into the server's answer (the view's own log replaced by a slice),
    its texts in ``lang`` (English for a game that does not speak it)."""
    if not speaks(g, lang):
        lang = DEFAULT_LANG
    log: list[dict[str, Any]] = v.pop("log", [])
    start, entries = log_slice(g, log, log_from, log_hash, lang)
    v["log_start"] = start
    v["log"] = entries
    v["log_len"] = len(log)
    v["log_hash"] = entry_hash(log[-1]) if log else None
    v["lang"] = lang
    if isinstance(g, HasWeb):
        g.web().dress(v, s, lang)
    return v
