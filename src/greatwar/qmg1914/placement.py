"""PLACING PIECES: build (needs supply) and recruit (does not), within the PIECES rules.

The ``place`` frame asks its power where to put a piece of one country, among an area of spaces
(Armies on land, Navies at sea: the space's kind decides the piece). It is a benefit: the power
may pass. A piece may go only where the country has no piece yet, where no enemy piece stands,
and only if the country has one not on the board; a *build* also needs the new piece to be in
supply the moment it is placed (BUILD); a *recruit* does not (RECRUIT).

PIECES: "At any time during your turn you may remove your own piece from the board to make it
available." At every decision of its own turn a power may choose ``remove`` and then one of its
pieces (the ``remove_piece`` step; :mod:`greatwar.qmg1914.flow` offers it). A placement in its
own turn of a country with none of that kind left waits for that choice rather than ending,
and also lists the country's pieces of that kind directly (``remove <space>``; ruling Q6).
"""

from __future__ import annotations

from typing import Any

from greatwar.core.actions import Action
from greatwar.core.steps import Frame
from greatwar.qmg1914 import board
from greatwar.qmg1914.cards.base import statuses
from greatwar.qmg1914.data import (
    COUNTRIES,
    COUNTRIES_OF,
    LAND_MASK,
    POWER_OF_COUNTRY,
    SEA_MASK,
    SPACE_IDS,
    SPACE_INDEX,
    SPACES,
    spaces_of,
)
from greatwar.qmg1914.flow import PASS, REMOVE_STEP, STEPS, QStep, log, pop, push
from greatwar.qmg1914.losses import push_pay
from greatwar.qmg1914.state import State

BUILD, RECRUIT = "build", "recruit"


def push_place(
    s: State,
    c: int,
    area: int,
    mode: str = BUILD,
    n: int = 1,
    ret: int = -1,
    mark: str = "",
    why: str = "",
) -> Frame:
    """Ask country ``c``'s power to place up to ``n`` pieces in ``area`` (a space bitmask)."""
    return push(s, "place", p=POWER_OF_COUNTRY[c], c=c, area=area, mode=mode, n=n, ret=ret,
                mark=mark, why=why)  # fmt: skip


def place_cost(s: State, p: int, c: int, x: int) -> int:
    return sum(b.place_cost(s, o, k, p, c, x) for o, k, b in statuses(s))


def targets(s: State, c: int, area: int, mode: str) -> list[int]:
    """The spaces of ``area`` where a piece of ``c`` may be placed now."""
    p = POWER_OF_COUNTRY[c]
    out = []
    if board.available(s, c, False) <= 0:
        area &= ~LAND_MASK
    if board.available(s, c, True) <= 0:
        area &= ~SEA_MASK
    hand = len(s.hand[p])
    for x in spaces_of(area):
        if not board.can_hold(s, c, x):
            continue
        if mode == BUILD and not board.supplied_if_placed(s, c, x):
            continue
        if place_cost(s, p, c, x) > hand:
            continue
        out.append(x)
    return out


def removable(s: State, c: int, area: int) -> list[int]:
    """Q6: pieces of ``c`` its power may take off, in its own turn, to place one of that kind
    elsewhere (none in another power's turn: PIECES says "during your turn")."""
    if s.cur != POWER_OF_COUNTRY[c]:
        return []
    m = 0
    if area & LAND_MASK and board.available(s, c, False) <= 0:
        m |= board.armies(s, c)
    if area & SEA_MASK and board.available(s, c, True) <= 0:
        m |= board.navies(s, c)
    return spaces_of(m)


def remove_own(s: State, p: int, c: int, x: int) -> None:
    """PIECES: power ``p`` takes its own piece of ``c`` off space ``x``; it becomes available."""
    board.remove(s, c, x)
    log(s, "piece.removed", "PIECES", p, country=COUNTRIES[c], space=SPACE_IDS[x])


def own_pieces(s: State, p: int) -> list[tuple[int, int]]:
    """Power ``p``'s pieces on the board, (country, space), country by country."""
    pm = board.piece_masks(s)
    return [(c, x) for c in COUNTRIES_OF[p] for x in spaces_of(pm[c])]


def put(s: State, p: int, c: int, x: int, mode: str, why: str = "") -> None:
    """Place the piece and tell the Status cards of a build (BUILD; RECRUIT: a recruit is not
    a build, Status cards that need a build are not triggered)."""
    board.place(s, c, x)
    log(s, f"piece.{mode}", "PLACING PIECES", p, country=COUNTRIES[c], space=SPACE_IDS[x],
        piece="navy" if SPACES[x].sea else "army", why=why)  # fmt: skip
    if mode == BUILD:
        for owner, k, b in list(statuses(s)):
            b.after_build(s, owner, k, p, c, x)


def set_var(s: State, ret: int, name: str, value: Any) -> None:
    """Record a result in the script frame at stack index ``ret``."""
    if ret >= 0 and name:
        s.stack[ret].setdefault("v", {})[name] = value


@STEPS.register
class Place(QStep):
    name = "place"
    rule = "PLACING PIECES"

    def settle(self, s: State, f: Frame) -> bool:
        pend = f.pop("pend", None)
        if pend is not None:  # the cost is paid: place now
            put(s, f["p"], f["c"], pend, f["mode"], f["why"])
            set_var(s, f["ret"], f["mark"], pend)
            f["n"] -= 1
            return True
        if f["n"] <= 0:
            pop(s, f)
            return True
        if not targets(s, f["c"], f["area"], f["mode"]) and not removable(s, f["c"], f["area"]):
            pop(s, f)
            return True
        return False

    def legal(self, s: State, f: Frame) -> list[Action]:
        c, mode = f["c"], f["mode"]
        out = [Action(mode, (SPACE_IDS[x],)) for x in targets(s, c, f["area"], mode)]
        out += [Action("remove", (SPACE_IDS[x],)) for x in removable(s, c, f["area"])]
        out.append(PASS)
        return out

    def apply(self, s: State, f: Frame, a: Action) -> None:
        if a.verb == "pass":
            pop(s, f)
            return
        x = SPACE_INDEX[a.args[0]]
        if a.verb == "remove":
            remove_own(s, f["p"], f["c"], x)
            return
        cost = place_cost(s, f["p"], f["c"], x)
        f["pend"] = x
        push_pay(s, f["p"], cost, "hand", "place")

    def prompt(self, s: State, f: Frame) -> str:
        return f"place.{f['mode']}"


@STEPS.register
class RemovePiece(QStep):
    """PIECES: the power whose turn it is removes one of its own pieces (``remove <country>
    <space>``), or passes to go back to the decision it came from (ruling Q6)."""

    name = REMOVE_STEP
    rule = "PIECES"

    def settle(self, s: State, f: Frame) -> bool:
        if not own_pieces(s, f["p"]):
            pop(s, f)
            return True
        return False

    def legal(self, s: State, f: Frame) -> list[Action]:
        out = [Action("remove", (COUNTRIES[c], SPACE_IDS[x])) for c, x in own_pieces(s, f["p"])]
        out.append(PASS)
        return out

    def apply(self, s: State, f: Frame, a: Action) -> None:
        pop(s, f)
        if a.verb == "pass":
            return
        remove_own(s, f["p"], COUNTRIES.index(a.args[0]), SPACE_INDEX[a.args[1]])

    def prompt(self, s: State, f: Frame) -> str:
        return REMOVE_STEP
