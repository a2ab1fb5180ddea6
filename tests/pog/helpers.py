"""Building test positions by hand."""

from __future__ import annotations

from typing import Any

from greatwar.pog import board, engine, invariants
from greatwar.pog.cards import move_card, pile_of
from greatwar.pog.data import AP, CP, load
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


def give(s: State, side: int, *cards: str) -> int:
    """Put each card in ``side``'s hand, from whatever pile holds it; the last one's index."""
    c = -1
    for card in cards:
        c = D.card(card)
        move_card(s, side, c, pile_of(s, side, c), "hand")
    return c


def pile(s: State, side: int, card: str) -> str:
    """The pile that holds ``card`` of ``side``."""
    return pile_of(s, side, D.card(card))


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


def x(space: str) -> int:
    return D.space(space)


def u(unit: str) -> int:
    return D.unit(unit)


def at(s: State, unit: str) -> str:
    """The id of the space or box where ``unit`` is."""
    return D.spaces[s.loc[D.unit(unit)]].id


def red(s: State, unit: str) -> bool:
    return bool(s.red[D.unit(unit)])


def step(s: State) -> str | None:
    return engine.step_name(s)


def play(s: State, *actions: str) -> None:
    """Apply actions through the engine (legality checked), checking invariants after each."""
    for a in actions:
        engine.apply(s, a)
        invariants.check(s)


# -- combat positions ------------------------------------------------------------------------

RB = {AP: "ap_reserve_box", CP: "cp_reserve_box"}


def position(turn: int = 1, scenario: str = "campaign") -> State:
    """An empty map on ``turn`` at the CP's first action round."""
    s = clear(game(scenario))
    s.turn = turn
    return s


def fresh(turn: int = 12, scenario: str = "campaign") -> State:
    """An empty map on ``turn``, without trenches, with both hands emptied into the draw
    piles, so that the card windows offer exactly the cards a test gives."""
    s = position(turn=turn, scenario=scenario)
    for sp in range(len(s.trench)):
        board.set_trench(s, sp, 0, -1)
    for side in (AP, CP):
        s.deck[side].extend(s.hand[side])
        s.hand[side].clear()
    return s


def activate(s: State, side: int, ops: int, spaces: list[str]) -> None:
    """An operation of ``ops`` OPS activating ``spaces`` for attack."""
    operation(s, side, ops)
    play(s, *(f"activate attack {x}" for x in spaces))
    if step(s) == "operation":
        play(s, "done")


def attack(s: State, side: int, ops: int, spaces: list[str], target: str, units: list[str]):
    """Activate ``spaces`` for attack and designate one combat."""
    activate(s, side, ops, spaces)
    play(s, f"attack {target}", *(f"with {u}" for u in units), "done")


def fires(s: State) -> list[dict]:
    return [e["a"] for e in s.log if e["k"] == "combat.fire"]


def losses(s: State) -> None:
    """Take every pending loss with the first unit offered."""
    while step(s) == "combat_losses":
        play(s, legal(s)[0])
