"""Building test positions by hand."""

from __future__ import annotations

from typing import Any

from greatwar.pog import board, engine
from greatwar.pog.data import load
from greatwar.pog.flow import STEPS, push
from greatwar.pog.state import OFF, State

D = load()


def game(scenario: str = "campaign", seed: int = 1, options: dict[str, Any] | None = None) -> State:
    """A game at the CP's first action round (the CP declined Guns of August in hand)."""
    s = engine.new_game(scenario, options, seed=seed)
    if engine.step_name(s) == "setup_guns_of_august":
        engine.apply(s, "choose no")
    s.mo = ["none", "none"]
    return s


def clear(s: State) -> State:
    """Take every unit off the map and out of the boxes."""
    for u in range(len(D.units)):
        s.loc[u] = OFF
        s.red[u] = 0
    board.invalidate(s)
    return s


def put(s: State, unit: str, space: str, reduced: bool = False) -> int:
    u = D.unit(unit)
    board.place(s, u, D.space(space), reduced=reduced)
    return u


def control(s: State, side: int, *spaces: str) -> None:
    for x in spaces:
        s.ctrl[D.space(x)] = side
    board.invalidate(s)


def operation(s: State, side: int, ops: int) -> State:
    """Start an operation of ``ops`` OPS for ``side`` on top of the current procedure."""
    push(
        s,
        "operation",
        side=side,
        ops=ops,
        card=-1,
        spent=0,
        moves=[],
        attacks=[],
        oos=[],
        stage="activate",
    )
    STEPS.settle(s)
    return s


def legal(s: State) -> list[str]:
    return [str(a) for a in engine.legal_actions(s)]


def sid(x: int) -> str:
    return D.spaces[x].id


def give(s: State, side: int, card: str) -> int:
    """Put ``card`` in ``side``'s hand, from whatever pile holds it."""
    c = D.card(card)
    for pile in ("later", "deck", "hand", "discard", "removed", "table", "played", "out"):
        if c in getattr(s, pile)[side]:
            getattr(s, pile)[side].remove(c)
    s.hand[side].append(c)
    return c


def to_round(s: State, side: int) -> State:
    """Play automatic operations with no activation until ``side`` chooses its action."""
    for _ in range(30):
        if engine.step_name(s) == "action_round" and engine.to_act(s) == side:
            return s
        if engine.step_name(s) == "action_round":
            engine.apply(s, "play auto")
        else:
            engine.apply(s, "done")
    raise AssertionError("could not reach the action round")


def offered(s: State, text: str) -> bool:
    return text in legal(s)
