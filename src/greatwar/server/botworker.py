"""A bot worker process: ``python -m greatwar.server.botworker``.

The server's bots think here, outside the server process, so a bot's thinking never holds up a
person's request. The protocol is one JSON object per line: the server writes
``{"id": n, "game": "pog", "where": "module:attribute", "bot": "heuristic", "seed": s,
"view": {...}}`` (``where``: the game's entry in the registry; the view of the bot's seat is
the only thing a bot sees) and the worker answers ``{"id": n, "action": "..."}`` or
``{"id": n, "error": "..."}``. A bot is built afresh for each decision from the seed the server
derives for it, so a worker keeps nothing between decisions and may be killed at any moment.
The worker ends when its input closes (the server stopped or died).
"""

from __future__ import annotations

import json
import os
import signal
import sys
from typing import Any


def answer(request: Any) -> dict[str, Any]:
    """The answer to one request (an error is an answer, never an exception)."""
    from greatwar.bots import make_bot
    from greatwar.core.games import KNOWN

    rid = request.get("id") if isinstance(request, dict) else None
    try:
        if not isinstance(request, dict):
            raise ValueError("a request is a JSON object")
        where = request.get("where")
        if isinstance(where, str) and request.get("game") not in KNOWN:
            KNOWN[str(request["game"])] = where  # registered in the server while it runs
        bot = make_bot(str(request["bot"]), int(request["seed"]), str(request["game"]))
        return {"id": rid, "action": str(bot.choose(request["view"]))}
    except Exception as e:
        return {"id": rid, "error": f"{type(e).__name__}: {e}"[:500]}


def main() -> None:
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl+C is the server's to handle
    out = os.fdopen(os.dup(sys.stdout.fileno()), "w", encoding="utf-8")
    sys.stdout = sys.stderr  # anything else printed goes to the server's error stream
    for line in sys.stdin:
        try:
            request = json.loads(line)
        except ValueError as e:
            reply: dict[str, Any] = {"id": None, "error": f"not JSON: {e}"}
        else:
            reply = answer(request)
        out.write(json.dumps(reply) + "\n")
        out.flush()


if __name__ == "__main__":
    main()
