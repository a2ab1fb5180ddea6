"""The public position a bot can rebuild from its view, to ask the engine's pure helpers.

The yardstick's frozen copy of :mod:`greatwar.pog.bots.public` as it stood at commit
2ab913b (issue 29): never change it (see ``yardstick/__init__.py``).

A bot sees a view (:func:`greatwar.pog.view.view`), never the game state. Many questions a bot
asks (is this space in supply for that unit, what does activating this space cost, would this
group of units be a legal attack) are answered by pure functions of the engine that read only
public facts: where the units are, who controls what, trenches, forts, tracks and events played.
:func:`public_state` builds a :class:`~greatwar.pog.state.State` holding exactly those public
facts (plus the seat's own hand, which the seat knows) and nothing else: the other hand, the
decks and the random generator are empty or zero, so nothing hidden can leak through it. It is a
read-only model for those helpers, never a game to play on.
"""

from __future__ import annotations

from typing import Any

from greatwar.pog.data import SIDE_OF_NAME, load
from greatwar.pog.state import FORT_BESIEGED, FORT_DESTROYED, FORT_INTACT, OFF, State, deep_copy

D = load()
N_UNITS = len(D.units)
N_SPACES = len(D.spaces)
COMMITMENT = {"mobilization": 0, "limited": 1, "total": 2}
FORT_STATE = {"intact": FORT_INTACT, "besieged": FORT_BESIEGED, "destroyed": FORT_DESTROYED}
INITIAL_CONTROL = tuple(sp.initial_control for sp in D.spaces)
# Nations that are map-only (never neutral, never entering), as the set-up has them.
ALWAYS_AT_WAR = ("al", "eg", "ar", "none", "mn")


def public_state(view: dict[str, Any]) -> State:
    """A state with the public facts of ``view`` (and the seat's own hand) only."""
    s = State()
    s.logging = False
    s.scenario = view["scenario"]
    s.options = dict(view.get("options") or {})
    s.seed = 0
    s.turn = int(view["turn"])
    s.round = int(view.get("round") or 0)
    s.phase = str(view.get("phase") or "")
    s.rng = 0
    s.chance = 0
    s.forced = []
    loc = [OFF] * N_UNITS
    red = [0] * N_UNITS
    b = view["board"]
    for row in b["units"]:
        u = D.unit_ix[row["id"]]
        loc[u] = D.space_ix[row["space"]]
        red[u] = 1 if row["reduced"] else 0
    s.loc = loc
    s.red = red
    ctrl = list(INITIAL_CONTROL)
    for sid, side in b["control"].items():
        ctrl[D.space_ix[sid]] = SIDE_OF_NAME[side]
    s.ctrl = ctrl
    s.trench = [0] * N_SPACES
    s.tside = [-1] * N_SPACES
    for sid, t in b["trenches"].items():
        x = D.space_ix[sid]
        s.trench[x] = int(t["level"])
        s.tside[x] = SIDE_OF_NAME[t["side"]]
    s.fort = [FORT_INTACT] * N_SPACES
    for sid, state in b["forts"].items():
        s.fort[D.space_ix[sid]] = FORT_STATE[state]
    at_war = set(view.get("at_war") or ()) | set(ALWAYS_AT_WAR)
    s.at_war = {n: 1 if n in at_war else 0 for n in (*D.nations, *ALWAYS_AT_WAR)}
    t = view["tracks"]
    s.vp = int(t["vp"])
    s.ws = [int(t["war_status"]["ap"]), int(t["war_status"]["cp"])]
    s.cws = int(t["combined_war_status"])
    s.commit = [COMMITMENT[t["commitment"]["ap"]], COMMITMENT[t["commitment"]["cp"]]]
    s.rp = {k: round(2 * v) for k, v in t["rp"].items()}
    tsar = t.get("tsar_fell_vp")
    s.tsar_vp = -1 if tsar is None else int(tsar)
    s.mo = [str(t["mandated_offensive"]["ap"]), str(t["mandated_offensive"]["cp"])]
    for pile in ("later", "deck", "hand", "discard", "removed", "table", "played", "out"):
        setattr(s, pile, [[], []])
    cards = view["cards"]
    me = SIDE_OF_NAME[view["seat"]]
    s.hand[me] = [D.card_ix[c] for c in cards["hand"]]
    for pile in ("discard", "removed", "table", "played"):
        for side_name, ids in cards[pile].items():
            getattr(s, pile)[SIDE_OF_NAME[side_name]] = [D.card_ix[c] for c in ids]
    s.events = dict(view.get("events") or {})
    markers = view.get("markers") or {}
    s.flags = deep_copy(markers.get("lasting") or {"total_war_turn": [0, 0]})
    s.tflags = deep_copy(markers.get("this_turn") or {})
    s.uses = [[], []]
    s.stack = []
    s.result = view.get("result")
    s.serial = int(view.get("serial") or 0)
    return s
