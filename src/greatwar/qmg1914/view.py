"""Views: what one power may know (WHO CAN SEE WHAT?). The only door out of the engine.

A power sees: the board (every piece, whether it is supplied, the Objective tokens), both teams'
VP, its own hand, prepared cards and whole discard pile (it may inspect its own discards at any
time), every power's face-up Status cards, the *numbers* of cards in every power's hand, draw
deck, discard pile and prepared row, and the top card of every discard pile when that card was
discarded face up. It never sees another power's hand or prepared cards, teammates' included
("you cannot reveal your hand or your prepared cards to other players (even your teammates)").

Privacy conventions the rules code follows: a frame field whose name starts with ``_`` is shown
only to the frame's deciding power; a log entry with a ``v`` key only to that power.
"""

from __future__ import annotations

from typing import Any

from greatwar.qmg1914 import board, engine
from greatwar.qmg1914.data import (
    CARD_IDS,
    COUNTRIES,
    POWERS,
    SCORING_ROUNDS,
    SPACES,
    TEAM_OF,
    TEAMS,
    spaces_of,
)
from greatwar.qmg1914.state import State, deep_copy


def _power(seat: int | str) -> int:
    if isinstance(seat, str):
        if seat not in POWERS:
            raise ValueError(f"unknown seat {seat!r}; expected one of {', '.join(POWERS)}")
        return POWERS.index(seat)
    if not 0 <= seat < len(POWERS):
        raise ValueError(f"unknown seat {seat!r}")
    return seat


def _ids(cards: list[int]) -> list[str]:
    return [CARD_IDS[k] for k in cards]


def decider(f: dict[str, Any]) -> int | None:
    d = f.get("d", f.get("p"))
    return d if isinstance(d, int) else None


def public_frame(f: dict[str, Any], me: int) -> dict[str, Any]:
    own = decider(f) == me
    return {k: deep_copy(v) for k, v in f.items() if own or not k.startswith("_")}


def visible_log(s: State, me: int) -> list[dict[str, Any]]:
    name = POWERS[me]
    return [e for e in s.log if e.get("v", name) == name]


def board_view(s: State) -> dict[str, Any]:
    pieces = []
    for x, bits in enumerate(s.occ):
        for c in range(8):
            if bits >> c & 1:
                pieces.append(
                    {
                        "country": COUNTRIES[c],
                        "space": SPACES[x].id,
                        "piece": "navy" if SPACES[x].sea else "army",
                        "supplied": board.supplied(s, c, x),
                    }
                )
    return {"pieces": pieces, "tokens": [SPACES[x].id for x in spaces_of(s.tokens)]}


def discard_top(s: State, p: int) -> str | None:
    """The top card of ``p``'s discard pile when it lies face up (WHO CAN SEE WHAT?)."""
    d = s.discard[p]
    if len(d) > s.dhidden[p]:
        return CARD_IDS[d[-1]]
    return None


def cards_view(s: State, me: int) -> dict[str, Any]:
    return {
        "hand": _ids(s.hand[me]),
        "prepared": _ids(s.prepared[me]),
        "discard": _ids(s.discard[me]),
        "status": {POWERS[p]: _ids(s.status[p]) for p in range(len(POWERS))},
        "discard_top": {POWERS[p]: discard_top(s, p) for p in range(len(POWERS))},
        "counts": {
            POWERS[p]: {
                "hand": len(s.hand[p]),
                "deck": len(s.deck[p]),
                "discard": len(s.discard[p]),
                "prepared": len(s.prepared[p]),
            }
            for p in range(len(POWERS))
        },
    }


def view(s: State, seat: int | str) -> dict[str, Any]:
    """Everything power ``seat`` may know about the game."""
    return _view(s, _power(seat))


def public_view(s: State) -> dict[str, Any]:
    """What anyone may know about the game (an observer's view, ``seat`` and ``team`` None):
    the board, the VP, every power's face-up Status cards, the numbers of its cards and the top
    of its discard pile when face up, the procedure without any power's private fields, the log
    without the entries only one power sees; never a hand, a prepared card or a discard pile's
    face-down cards, no prompt and no legal action."""
    return _view(s, None)


def _view(s: State, me: int | None) -> dict[str, Any]:
    acting = engine.to_act(s)
    hidden = -1 if me is None else me  # no frame's decider: every private field left out
    cards = cards_view(s, me if me is not None else 0)
    if me is None:
        cards.update(hand=[], prepared=[], discard=[])
    v: dict[str, Any] = {
        "game": "qmg1914",
        "seat": POWERS[me] if me is not None else None,
        "team": TEAMS[TEAM_OF[me]] if me is not None else None,
        "options": dict(s.options),
        "serial": s.serial,
        "round": s.round,
        "scoring_rounds": list(SCORING_ROUNDS),
        "current": POWERS[s.cur] if s.cur >= 0 else None,
        "to_act": engine.seat_name(acting),
        "step": engine.step_name(s),
        "vp": {TEAMS[0]: s.vp[0], TEAMS[1]: s.vp[1]},
        "board": board_view(s),
        "cards": cards,
        "effects": {
            "turn": deep_copy(s.tflags),
            "round": deep_copy(s.rflags),
            "game": deep_copy(s.flags),
        },
        "procedure": [public_frame(f, hidden) for f in s.stack],
        "log": visible_log(s, me) if me is not None else [e for e in s.log if "v" not in e],
        "result": deep_copy(s.result),
    }
    if me is not None and acting == me:
        v["prompt"] = engine.prompt(s)
        v["legal"] = [str(a) for a in engine.legal_actions(s)]
    else:
        v["prompt"] = None
        v["legal"] = []
    return v
