"""Building blocks for the card modules: op builders, areas, conditions, shared frames.

The op builders return the JSON ops of :mod:`greatwar.qmg1914.cards.script`, so a card reads
like its Play text::

    [prep(), battle(DEC, area("belgium", "picardy", "paris")), place(DEC, at="battled", ...)]
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from greatwar.core.actions import Action
from greatwar.core.steps import Frame
from greatwar.qmg1914 import piles
from greatwar.qmg1914.cards.base import Op
from greatwar.qmg1914.cards.script import OPS, Script, op
from greatwar.qmg1914.data import (
    ADJ_OPEN,
    CARD_IDS,
    CARD_INDEX,
    CARDS,
    COUNTRIES,
    LAND_MASK,
    POWERS,
    SEA_MASK,
    TEAM_COUNTRY_MASK,
    in_or_adjacent,
    mask,
    space,
    spaces_of,
)
from greatwar.qmg1914.flow import PASS, STEPS, QStep, log, pop, push
from greatwar.qmg1914.placement import BUILD, RECRUIT
from greatwar.qmg1914.state import State

ALL = LAND_MASK | SEA_MASK
area = mask
near = in_or_adjacent
X = space


# -- op builders ---------------------------------------------------------------------------


def _with(args: dict[str, Any], cond: str | None, unless: str | None = None) -> dict[str, Any]:
    if cond is not None:
        args["if"] = cond
    if unless is not None:
        args["unless"] = unless
    return args


def cost(n: int = 1) -> Op:
    """Requirement: discard ``n`` cards from hand (COMPLEX CARDS)."""
    return ["cost_hand", {"n": n}]


def cost_prepared(n: int = 1) -> Op:
    return ["cost_prepared", {"n": n}]


def must_discard(p: int, n: int = 1, pile: str = "hand") -> Op:
    return ["must_discard", {"p": p, "n": n, "pile": pile}]


def place(
    c: int,
    where: int = LAND_MASK,
    mode: str = BUILD,
    n: int = 1,
    at: str | None = None,
    mark: str = "built",
    cond: str | None = None,
    limit: int = ALL,
) -> Op:
    """Build (or recruit) up to ``n`` pieces of country ``c`` in ``where``; ``at`` a variable
    (a space set by an earlier op) replaces the area when it is set (kept within ``limit``)."""
    args: dict[str, Any] = {"c": c, "area": where, "mode": mode, "n": n, "mark": mark}
    if at is not None:
        args["at"] = at
        args["limit"] = limit
    return ["place", _with(args, cond)]


def build(c: int, where: int = LAND_MASK, **kw: Any) -> Op:
    return place(c, where, BUILD, **kw)


def recruit(c: int, where: int = LAND_MASK, **kw: Any) -> Op:
    return place(c, where, RECRUIT, **kw)


def battle(
    c: int,
    where: int = ALL,
    kind: str = "land",
    frm: str | None = None,
    mark: str = "battled",
    cond: str | None = None,
) -> Op:
    """Country ``c`` may battle a space of ``where`` (``kind``: land, sea or any); ``frm`` a
    variable naming the only space the battle may be initiated from."""
    args: dict[str, Any] = {"c": c, "area": where, "kind": kind, "mark": mark}
    if frm is not None:
        args["from"] = frm
    return ["battle", _with(args, cond)]


def draft(c: int, *types: str) -> Op:
    """Draft at no cost."""
    return ["draft", {"c": c, "types": list(types or ("build_army",))}]


def prep(n: int = 1) -> Op:
    return ["prepare", {"n": n}]


def status(c: int = -1) -> Op:
    return ["status", {"c": c}]


def token(name: str) -> Op:
    return ["token", {"x": space(name)}]


def loss(*pairs: tuple[int, int]) -> Op:
    return ["loss", {"l": [[p, n] for p, n in pairs if n > 0]}]


def vp(n: int, team: int | None = None) -> Op:
    args: dict[str, Any] = {"n": n}
    if team is not None:
        args["team"] = team
    return ["vp", args]


def eliminate(countries: int, where: int, n: int = 1) -> Op:
    return ["eliminate", {"cs": countries, "area": where, "n": n}]


def supply(c: int, name: str) -> Op:
    return ["supply", {"c": c, "x": space(name)}]


def nodif(*cs: int) -> Op:
    return ["nodif", {"cs": list(cs)}]


def custom(name: str, **args: Any) -> Op:
    if name not in OPS:
        raise KeyError(f"unknown op {name!r}")
    return [name, args]


# -- board questions the cards ask --------------------------------------------------------


def country_bits(*cs: int) -> int:
    m = 0
    for c in cs:
        m |= 1 << c
    return m


def team_armies_in(s: State, team: int, where: int) -> int:
    """How many Armies of ``team`` stand in the spaces of ``where`` (each piece counts)."""
    tm = TEAM_COUNTRY_MASK[team]
    return sum((s.occ[x] & tm).bit_count() for x in spaces_of(where & LAND_MASK))


def team_navies_in(s: State, team: int, where: int) -> int:
    tm = TEAM_COUNTRY_MASK[team]
    return sum((s.occ[x] & tm).bit_count() for x in spaces_of(where & SEA_MASK))


def within(x: int, steps: int) -> int:
    """The spaces at most ``steps`` moves from ``x`` (open adjacency)."""
    reached = 1 << x
    frontier = reached
    for _ in range(steps):
        nxt = 0
        for y in spaces_of(frontier):
            nxt |= ADJ_OPEN[y]
        frontier = nxt & ~reached
        reached |= nxt
    return reached


def adjacent_to(m: int) -> int:
    out = 0
    for y in spaces_of(m):
        out |= ADJ_OPEN[y]
    return out


# -- a card with a requirement -----------------------------------------------------------


class Requiring(Script):
    """A Script whose Play text has a requirement beyond costs (COMPLEX CARDS; ruling Q14: a
    card whose requirement is not met is not offered)."""

    def requirement(self, s: State, p: int, k: int) -> bool:
        return True

    def playable(self, s: State, p: int, k: int) -> bool:
        return self.requirement(s, p, k) and super().playable(s, p, k)


# -- shared frames -------------------------------------------------------------------------


@op("discard_status")
def _discard_status(s: State, f: Frame, a: dict[str, Any], ret: int) -> None:
    """A power discards one of its face-up Status cards; ``chooser`` picks which."""
    if s.status[a["p"]]:
        push(s, "pick_status", p=a["chooser"], victim=a["p"])


@STEPS.register
class PickStatus(QStep):
    """Choose one of a power's face-up Status cards; it is discarded (RUNNING OUT OF CARDS:
    without one there is no effect)."""

    name = "pick_status"
    rule = "RUNNING OUT OF CARDS"

    def settle(self, s: State, f: Frame) -> bool:
        if not s.status[f["victim"]]:
            pop(s, f)
            return True
        return False

    def legal(self, s: State, f: Frame) -> list[Action]:
        return [Action("discard", (CARD_IDS[k],)) for k in s.status[f["victim"]]]

    def apply(self, s: State, f: Frame, a: Action) -> None:
        k = CARD_INDEX[a.args[0]]
        v = f["victim"]
        piles.take(s, v, "status", k)
        piles.discard_top(s, v, k)
        log(s, "card.status_discarded", "DISCARDING CARDS", v, card=CARD_IDS[k])
        pop(s, f)


@op("take_from_discard")
def _take_from_discard(s: State, f: Frame, a: dict[str, Any], ret: int) -> None:
    push(s, "take_discard", p=f["p"], n=a["n"], types=a["types"], cs=a.get("cs", -1))


def _takeable(s: State, f: Frame) -> list[int]:
    seen: set[tuple[int, str]] = set()
    out = []
    cs = f["cs"]
    for k in s.discard[f["p"]]:
        c = CARDS[k]
        if c.type in f["types"] and (cs < 0 or cs >> c.country & 1):
            if (c.country, c.type) in seen and c.type in ("build_army", "build_navy"):
                continue
            seen.add((c.country, c.type))
            out.append(k)
    return out


@STEPS.register
class TakeDiscard(QStep):
    """Take cards of the given types from your own discard pile into your hand."""

    name = "take_discard"
    rule = "DISCARDING CARDS"

    def settle(self, s: State, f: Frame) -> bool:
        if f["n"] <= 0 or not _takeable(s, f):
            pop(s, f)
            return True
        return False

    def legal(self, s: State, f: Frame) -> list[Action]:
        out = [Action("take", (CARD_IDS[k],)) for k in _takeable(s, f)]
        out.append(PASS)
        return out

    def apply(self, s: State, f: Frame, a: Action) -> None:
        if a.verb == "pass":
            pop(s, f)
            return
        k = CARD_INDEX[a.args[0]]
        piles.take(s, f["p"], "discard", k)
        s.hand[f["p"]].append(k)
        c = CARDS[k]
        log(s, "card.taken", "DISCARDING CARDS", f["p"], country=COUNTRIES[c.country], type=c.type)
        f["n"] -= 1


@STEPS.register
class ChoosePower(QStep):
    """A card lets its power pick a power (``target <power>``) among ``opts``; the chosen one
    is stored in the script frame's variable ``mark``."""

    name = "choose_power"
    rule = "COMPLEX CARDS"

    def legal(self, s: State, f: Frame) -> list[Action]:
        out = [Action("target", (POWERS[q],)) for q in f["opts"]]
        if f.get("opt", 1):
            out.append(PASS)
        return out

    def apply(self, s: State, f: Frame, a: Action) -> None:
        pop(s, f)
        if a.verb == "target":
            q = POWERS.index(a.args[0])
            then = f.get("then")
            if then is not None:
                THEN[then](s, f, q)


THEN: dict[str, Callable[[State, Frame, int], None]] = {}
"""What a ``choose_power`` frame does with the chosen power, by name."""


def then(name: str) -> Callable[[Callable[[State, Frame, int], None]], None]:
    def deco(fn: Callable[[State, Frame, int], None]) -> None:
        THEN[name] = fn

    return deco


def push_choose_power(s: State, p: int, opts: list[int], then_name: str, **kw: Any) -> None:
    if opts:
        push(s, "choose_power", p=p, opts=opts, then=then_name, **kw)
