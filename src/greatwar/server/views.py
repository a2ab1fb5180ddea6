"""What the server sends: a seat's view, dressed for the browser.

Everything here is built from ``Session.view(seat)`` (the engine's door out) plus public facts:
the log entries get their English text, the prompt gets a sentence, and the supply overlay is
computed from the full state because supply status is public information (every unit and
every control marker is on the table). Nothing here reads another seat's hand or private frames.

The log can be long, so a client says how much of it it has (``log_from`` entries, the last one
with digest ``log_hash``); the answer then carries only the entries after that, or the whole log
when the client's copy no longer matches (after an undo).
"""

from __future__ import annotations

import json
import zlib
from functools import cache
from typing import Any

from greatwar.core.session import Session
from greatwar.pog import messages
from greatwar.pog.card_text import card_text
from greatwar.pog.data import load
from greatwar.pog.state import OFF, State
from greatwar.pog.supply import closed_to_all, space_supplied, unit_supplied
from greatwar.pog.tracks import RC_BOXES, US_BOXES
from greatwar.pog.war_status import TURNS

PROMPTS = messages.PROMPTS_EN


def prompt_text(key: str | None) -> str | None:
    """An English sentence for a prompt key (the engine's catalogue)."""
    return messages.prompt_text(key)


def entry_hash(e: dict[str, Any]) -> int:
    """A short digest of one log entry (clients use it to check their copy of the log)."""
    return zlib.crc32(json.dumps(e, sort_keys=True, default=str).encode())


def render_entry(e: dict[str, Any]) -> dict[str, Any]:
    """A copy of a log entry with its English text (the state's entry is never changed).
    The log never holds the game's seed (see ``setup.new_state``)."""
    out = dict(e)
    try:
        out["text"] = messages.render(out)
    except Exception:  # a template that cannot take these arguments: show the raw entry
        out["text"] = f"[{e.get('k')}] {json.dumps(out.get('a', {}), default=str)}"
    return out


def log_slice(
    log: list[dict[str, Any]],
    log_from: int = 0,
    log_hash: int | None = None,
) -> tuple[int, list[dict[str, Any]]]:
    """Where the client's copy of the log stops matching, and the entries from there."""
    start = max(0, min(log_from, len(log)))
    if start and (log_hash is None or entry_hash(log[start - 1]) != log_hash):
        start = 0
    return start, [render_entry(e) for e in log[start:]]


def supply_overlay(s: State) -> dict[str, list[str]]:
    """Public supply status (14): units on the map out of supply, and map spaces (of nations
    in the war) where a unit of the controlling side could not trace supply."""
    d = load()
    cached = s.cache.get("server.supply")
    if cached is not None:
        out: dict[str, list[str]] = cached
        return out
    boxes = d.boxes
    units = [
        d.units[u].id
        for u, x in enumerate(s.loc)
        if x != OFF and x not in boxes and not unit_supplied(s, u)
    ]
    spaces = [
        d.spaces[x].id for x in d.map_spaces if not closed_to_all(s, x) and not space_supplied(s, x)
    ]
    out = {"units": units, "spaces": spaces}
    s.cache["server.supply"] = out
    return out


def dress(
    v: dict[str, Any], s: State, log_from: int = 0, log_hash: int | None = None
) -> dict[str, Any]:
    """Turn an engine view into the server's answer (the view's own log replaced by a slice)."""
    log: list[dict[str, Any]] = v.pop("log")
    start, entries = log_slice(log, log_from, log_hash)
    v["log_start"] = start
    v["log"] = entries
    v["log_len"] = len(log)
    v["log_hash"] = entry_hash(log[-1]) if log else None
    v["prompt_text"] = prompt_text(v.get("prompt"))
    v["supply"] = supply_overlay(s)
    return v


def seat_view(
    session: Session[State], seat: str, log_from: int = 0, log_hash: int | None = None
) -> dict[str, Any]:
    return dress(session.view(seat), session.state, log_from, log_hash)


@cache
def static_data() -> dict[str, Any]:
    """The facts a client draws with: spaces, connections, units, cards (with event texts),
    the turn calendar and the track boxes. Public and fixed; served once and cached."""
    d = load()
    spaces = [
        {
            "id": x.id,
            "name": x.name,
            "kind": x.kind,
            "map": x.map,
            "nation": x.nation,
            "terrain": x.terrain,
            "vp": x.vp,
            "vp_classic": x.vp_classic,
            "fort": x.fort,
            "supply_source": x.supply_source,
            "ap_port": x.ap_port,
            "cp_port": x.cp_port,
            "capital": x.capital,
            "mef_beach": x.mef_beach,
            "x": x.x,
            "y": x.y,
            "w": x.w,
            "h": x.h,
            "alt_x": x.alt_x,
            "alt_y": x.alt_y,
        }
        for x in d.spaces
    ]
    links = [
        {
            "a": d.spaces[ln.a].id,
            "b": d.spaces[ln.b].id,
            "restriction": ln.restriction,
            "nations": sorted(ln.nations),
            "crosses_maps": ln.crosses_maps,
        }
        for ln in d.links
    ]
    units = [
        {
            "id": u.id,
            "name": u.name,
            "side": "ap" if u.side == 0 else "cp",
            "nation": u.nation,
            "army": u.army,
            "full": [u.cf, u.lf, u.mf],
            "reduced": [u.reduced_cf, u.reduced_lf, u.reduced_mf],
        }
        for u in d.units
    ]
    cards = [
        {
            "id": c.id,
            "side": "ap" if c.side == 0 else "cp",
            "number": c.number,
            "name": c.name,
            "deck": c.deck,
            "ops": c.ops,
            "sr": c.sr,
            "rp": dict(c.rp),
            "war_status": c.war_status,
            "removed": c.removed_after_event,
            "combat": c.combat_card,
            "event_ops": c.event_also_ops,
            "optional": c.optional,
            "text": card_text(c.id),
        }
        for c in d.cards
    ]
    turns = [
        {"turn": t, "label": TURNS[t]["label"], "season": TURNS[t]["season"]} for t in sorted(TURNS)
    ]
    return {
        "width": 2550,
        "height": 1650,
        "spaces": spaces,
        "links": links,
        "units": units,
        "cards": cards,
        "turns": turns,
        "us_boxes": list(US_BOXES),
        "rc_boxes": list(RC_BOXES),
        "prompts": PROMPTS,
    }
