"""Paths of Glory in the web client: the game's face for the server (:mod:`greatwar.server`).

:class:`PogWeb` gives the server what is this game's own: the public, fixed facts the browser
draws with (map, units, cards with their event texts, the calendar, the track boxes, the prompt
sentences), and what dresses a seat's view beside the engine's (the prompt as a sentence, and the
supply overlay, computed from the full state because supply status is public information: every
unit and every control marker is on the table). Nothing here reads another seat's hand or private
frames, except :meth:`PogWeb.spectator`, which the server offers only once a game is over.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from greatwar.pog import messages
from greatwar.pog.card_text import card_text
from greatwar.pog.data import load
from greatwar.pog.state import OFF, State
from greatwar.pog.supply import closed_to_all, space_supplied, unit_supplied
from greatwar.pog.tracks import RC_BOXES, US_BOXES
from greatwar.pog.view import view as seat_view
from greatwar.pog.war_status import TURNS

PROMPTS = messages.PROMPTS_EN


class PogWeb:
    """Paths of Glory's :class:`greatwar.core.faces.WebFace`."""

    def static_data(self) -> dict[str, Any]:
        return static_data()

    def dress(self, view: dict[str, Any], state: State) -> None:
        view["prompt_text"] = messages.prompt_text(view.get("prompt"))
        view["supply"] = supply_overlay(state)

    def spectator(self, state: State) -> dict[str, Any]:
        """The Allied view with both hands and the whole log (a finished game's replay)."""
        v = seat_view(state, "ap")
        v["cards"]["hands"] = {
            "ap": list(v["cards"]["hand"]),
            "cp": seat_view(state, "cp")["cards"]["hand"],
        }
        v["log"] = list(state.log)
        v["seat"] = "both"
        return v

    def summary(self, state: State) -> dict[str, Any]:
        return {"turn": state.turn, "phase": state.phase, "round": state.round, "vp": state.vp}


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
