"""Views: what one seat may know. The only door out of the engine toward clients and bots.

``view(s, seat)`` gives the board, the tracks, the seat's own hand, the *counts* of the other
hand and of every draw pile (never their order), the public piles (discards, removed cards,
combat cards on the table, cards in play), the log entries the seat may see, the current
procedure without the other seat's private fields, and, when the seat is to act, its prompt and
legal actions.

Privacy conventions the rules code follows: a frame field whose name starts with ``_`` is known
only to the frame's deciding side; a log entry with a ``v`` key is seen only by that seat.
"""

from __future__ import annotations

from typing import Any

from greatwar.pog import board, engine
from greatwar.pog.cards import CARDS
from greatwar.pog.data import SIDE_NAMES, SIDE_OF_NAME
from greatwar.pog.flow import D
from greatwar.pog.mandated import nation_of_result
from greatwar.pog.scenarios import SCENARIOS
from greatwar.pog.state import FORT_BESIEGED, FORT_DESTROYED, OFF, State, deep_copy
from greatwar.pog.tracks import (
    RC_BOXES,
    US_BOXES,
    commitment_name,
    russian_capitulation_box,
    us_entry_box,
)
from greatwar.pog.war_status import TURNS

SIDES = ("ap", "cp")


def _ids(cards: list[int]) -> list[str]:
    return [CARDS[c].id for c in cards]


def _seat(seat: int | str) -> int:
    if isinstance(seat, str):
        if seat not in SIDE_OF_NAME:
            raise ValueError(f"unknown seat {seat!r}; expected 'ap' or 'cp'")
        return SIDE_OF_NAME[seat]
    if seat not in (0, 1):
        raise ValueError(f"unknown seat {seat!r}")
    return seat


def public_frame(f: dict[str, Any], seat: int) -> dict[str, Any]:
    own = f.get("side") == seat
    out = {k: v for k, v in f.items() if own or not k.startswith("_")}
    if "side" in out:
        out["side"] = SIDE_NAMES[out["side"]]
    return out


# Frame fields that hold ids, for showing the procedure to people.
_ID_FIELDS: dict[str, str] = {
    "tgt": "space", "stack": "space", "spaces": "space", "attacks": "space", "moves": "space",
    "attacked": "space", "pending": "space", "origin": "space",
    "unit": "unit", "units": "unit", "movers": "unit", "done": "unit", "oos": "unit",
    "att": "unit", "dfn": "unit", "entrench": "unit", "used": "unit", "sel": "unit",
    "moved": "unit", "placed": "unit",
    "card": "card", "cards": "card",
}  # fmt: skip
_TABLES: dict[str, tuple[str, ...]] = {
    "space": tuple(x.id for x in D.spaces),
    "unit": tuple(x.id for x in D.units),
    "card": tuple(x.id for x in D.cards),
}


def _named(kind: str, value: Any) -> Any:
    table = _TABLES[kind]
    if type(value) is int:
        return table[value] if 0 <= value < len(table) else None
    if type(value) is list and all(type(v) is int for v in value):
        return [table[v] for v in value if 0 <= v < len(table)]
    return value


def named_frame(f: dict[str, Any]) -> dict[str, Any]:
    """A public frame with its id fields given as names (spaces, units, cards)."""
    return {k: (_named(_ID_FIELDS[k], v) if k in _ID_FIELDS else v) for k, v in f.items()}


def visible_log(s: State, seat: int) -> list[dict[str, Any]]:
    name = SIDE_NAMES[seat]
    return [e for e in s.log if e.get("v", name) == name]


def board_view(s: State) -> dict[str, Any]:
    """The public position: units, control, trenches, forts."""
    units = [
        {"id": D.units[u].id, "space": D.spaces[x].id, "reduced": bool(s.red[u])}
        for u, x in enumerate(s.loc)
        if x != OFF
    ]
    control = {D.spaces[x].id: SIDE_NAMES[s.ctrl[x]] for x in D.map_spaces}
    trenches = {
        D.spaces[x].id: {"level": s.trench[x], "side": SIDE_NAMES[s.tside[x]]}
        for x in D.map_spaces
        if s.trench[x]
    }
    forts = {
        D.spaces[x].id: (
            "destroyed"
            if s.fort[x] == FORT_DESTROYED
            else "besieged"
            if s.fort[x] == FORT_BESIEGED
            else "intact"
        )
        for x in D.map_spaces
        if D.spaces[x].fort
    }
    return {"units": units, "control": control, "trenches": trenches, "forts": forts}


def markers_view(s: State) -> dict[str, Any]:
    """Public markers on the board and the turn track: the MEF Beachhead, the limited Greek
    entry, Near East armies that lost their status, 11.2.10 trench markers, this turn's effects
    (every field of ``flags`` and ``tflags`` is public information)."""
    out: dict[str, Any] = {"lasting": deep_copy(s.flags), "this_turn": deep_copy(s.tflags)}
    bh = s.flags.get("mef_beachhead", -1)
    out["mef_beachhead"] = D.spaces[bh].id if isinstance(bh, int) and bh >= 0 else None
    out["near_east_lost"] = [D.units[u].id for u in s.flags.get("ne_lost", [])]
    return out


def tracks_view(s: State) -> dict[str, Any]:
    return {
        "vp": s.vp,
        "war_status": {"ap": s.ws[0], "cp": s.ws[1]},
        "combined_war_status": s.cws,
        "commitment": {"ap": commitment_name(s.commit[0]), "cp": commitment_name(s.commit[1])},
        "rp": {k: v / 2 for k, v in s.rp.items()},
        "us_entry": US_BOXES[us_entry_box(s)],
        "russian_capitulation": RC_BOXES[russian_capitulation_box(s)],
        "cp_russian_vp": board.cp_russian_vp(s),
        "tsar_fell_vp": s.tsar_vp if s.tsar_vp >= 0 else None,
        "mandated_offensive": {"ap": s.mo[0], "cp": s.mo[1]},
        "mo_nation": {"ap": nation_of_result(s.mo[0]), "cp": nation_of_result(s.mo[1])},
    }


def cards_view(s: State, seat: int) -> dict[str, Any]:
    opp = 1 - seat
    return {
        "hand": _ids(s.hand[seat]),
        "hand_count": {SIDES[i]: len(s.hand[i]) for i in (0, 1)},
        "deck_count": {SIDES[i]: len(s.deck[i]) for i in (0, 1)},
        "later_count": {SIDES[i]: len(s.later[i]) for i in (0, 1)},
        "discard": {SIDES[i]: _ids(s.discard[i]) for i in (0, 1)},
        "removed": {SIDES[i]: _ids(s.removed[i]) for i in (0, 1)},
        "table": {SIDES[i]: _ids(s.table[i]) for i in (0, 1)},
        "played": {SIDES[i]: _ids(s.played[i]) for i in (0, 1)},
        "out": _ids(s.out[seat]),
        "out_count": {SIDES[opp]: len(s.out[opp])},
    }


def public_cards_view(s: State) -> dict[str, Any]:
    """The cards as anyone sees them: :func:`cards_view` without a hand or the cards a side
    set aside (their numbers only)."""
    out = cards_view(s, 0)
    out["hand"] = []
    out["out"] = []
    out["out_count"] = {SIDES[i]: len(s.out[i]) for i in (0, 1)}
    return out


def view(s: State, seat: int | str) -> dict[str, Any]:
    """Everything ``seat`` ('ap' or 'cp') may know about the game."""
    return _view(s, _seat(seat))


def public_view(s: State) -> dict[str, Any]:
    """What anyone may know about the game (an observer's view, ``seat`` None): the public
    position, the cards' public piles and numbers, the procedure without either side's private
    fields and the log without the entries only one seat sees; never a hand, a card set aside
    or a secret pick, no prompt and no legal action."""
    return _view(s, None)


def _view(s: State, me: int | None) -> dict[str, Any]:
    acting = engine.to_act(s)
    hidden = -1 if me is None else me  # no frame's side: every private field left out
    v: dict[str, Any] = {
        "game": "paths-of-glory",
        "seat": SIDE_NAMES[me] if me is not None else None,
        "scenario": s.scenario,
        "historical": SCENARIOS[s.scenario].historical,  # 5.7 rules, the 5.7.2 VP spaces
        "options": s.options,
        "serial": s.serial,
        "turn": s.turn,
        "turn_label": TURNS[s.turn]["label"],
        "season": TURNS[s.turn]["season"],
        "phase": s.phase,
        "round": s.round,
        "to_act": engine.seat_name(acting),
        "step": engine.step_name(s),
        "tracks": tracks_view(s),
        "at_war": sorted(n for n, w in s.at_war.items() if w),
        "events": dict(s.events),
        # 8.1.3: what each side did in each of this turn's action rounds (public; 9.4.3 and
        # the one-redeployment limits depend on it)
        "uses": {SIDES[i]: list(s.uses[i]) for i in (0, 1)},
        "markers": markers_view(s),
        "board": board_view(s),
        "cards": cards_view(s, me) if me is not None else public_cards_view(s),
        "procedure": [public_frame(f, hidden) for f in s.stack],
        "procedure_named": [named_frame(public_frame(f, hidden)) for f in s.stack],
        "log": visible_log(s, me) if me is not None else [e for e in s.log if "v" not in e],
        "result": s.result,
    }
    if me is not None and acting == me:
        v["prompt"] = engine.prompt(s)
        v["legal"] = [str(a) for a in engine.legal_actions(s)]
    else:
        v["prompt"] = None
        v["legal"] = []
    return v
