"""Taking losses (12.4, 12.5.6, 15.1.7-15.1.8).

The owner takes losses one step at a time (``lose <unit>``). Every step removes the unit's
current LF from the Loss Number still to absorb (12.4.2). Only allocations allowed by 12.4.3
can be reached: the owner must absorb the largest total that does not exceed the Loss Number
(so an exact total whenever one exists); the step offered are exactly those after which that
total can still be reached. An army losing its last step is replaced at once, in its space, by a
corps of its nation from the Reserve Box (full if one is there), which keeps absorbing the same
Loss Number (12.4.4, 12.4.4.3 for the British pairs); without such a corps, or when the army is
out of supply, the army is eliminated permanently (12.4.4.1, 12.4.7). A defending fort absorbs
only when no defending unit is left, with Loss Number enough for its whole LF (12.4.6, 15.1.7).

Two rules override 12.4.3: the British / RU CAU loss priority of an attacker (12.4.5, the
first step only) and the two-army case of 12.4.4.2. With Withdrawal (12.6.9) the defender must,
among the largest totals, take as few army steps as possible.

Units that are interchangeable (same counter type, step state and space) are offered once.
When only one step can be taken, it is taken without asking.
"""

from __future__ import annotations

from functools import lru_cache

from greatwar.core.actions import Action
from greatwar.core.steps import Frame
from greatwar.pog import board, movement
from greatwar.pog.flow import STEPS, PogStep, act, log, pop, push
from greatwar.pog.state import State

from .common import (
    RESERVE,
    SPACES,
    UNITS,
    combat_frame,
    fort_defends,
    units_of,
)

Slot = tuple[int, int, int, int, int]  # steps left, full LF, reduced LF, pool (-1), army
Pools = tuple[tuple[int, int, int, int], ...]  # per pool: full corps, reduced corps, LFs


def army_pool(u: int) -> str:
    """12.4.4, 12.4.4.3: which Reserve Box corps may replace army ``u``."""
    d = UNITS[u]
    return "bef" if "replacement_pair_bef" in d.flags else d.nation


def corps_pool(u: int) -> str:
    """The armies corps ``u`` may replace ('' for none: AUS, CND, PT, ANA, RU cavalry...)."""
    d = UNITS[u]
    if d.army or "cannot_replace_army" in d.flags or "british_minor" in d.flags:
        return ""
    return "bef" if "replacement_pair_bef" in d.flags else d.nation


ARMY_POOL: tuple[str, ...] = tuple(army_pool(u) for u in range(len(UNITS)))
CORPS_POOL: tuple[str, ...] = tuple(corps_pool(u) for u in range(len(UNITS)))
_CORPS_LF: dict[str, tuple[int, int]] = {}
for _u, _p in enumerate(CORPS_POOL):
    if _p:
        _lf = (UNITS[_u].lf, UNITS[_u].reduced_lf)
        if _CORPS_LF.setdefault(_p, _lf) != _lf:
            raise ValueError(f"corps replacing {_p} armies differ in LF")


def reserve_corps(s: State, side: int, pool: str) -> list[int]:
    return [v for v in board.occupants(s)[RESERVE[side]] if CORPS_POOL[v] == pool]


def pick_replacement(s: State, army: int) -> int:
    """12.4.4: a full corps of the army's pool from the Reserve Box if any, else a reduced
    one, else -1."""
    corps = reserve_corps(s, UNITS[army].side, ARMY_POOL[army])
    for v in corps:
        if not s.red[v]:
            return v
    return corps[0] if corps else -1


# -- the search for the largest allowed total -----------------------------------------------


def _step(slots: tuple[Slot, ...], pools: Pools, i: int) -> tuple[tuple[Slot, ...], Pools, int]:
    steps, l1, l2, pool, army = slots[i]
    rest = slots[:i] + slots[i + 1 :]
    if steps == 2:
        return tuple(sorted((*rest, (1, l1, l2, pool, army)))), pools, l1
    if army and pool >= 0:
        nf, nr, c1, c2 = pools[pool]
        if nf:
            rest = (*rest, (2, c1, c2, -1, 0))
            pools = (*pools[:pool], (nf - 1, nr, c1, c2), *pools[pool + 1 :])
        elif nr:
            rest = (*rest, (1, c1, c2, -1, 0))
            pools = (*pools[:pool], (nf, nr - 1, c1, c2), *pools[pool + 1 :])
    return tuple(sorted(rest)), pools, l2


def _score(slot: Slot, lf: int, wd: bool) -> int:
    return lf * 16 - (1 if wd and slot[4] else 0)


@lru_cache(maxsize=1 << 16)
def best(slots: tuple[Slot, ...], pools: Pools, fort: int, ln: int, wd: bool) -> int:
    """The best score reachable: 16 x the total absorbed (at most ``ln``), less one per army
    step when ``wd`` (Withdrawal, 12.6.9). The fort counts only once no unit is left."""
    if not slots:
        return fort * 16 if 0 < fort <= ln else 0
    top = 0
    prev: Slot | None = None
    for i, sl in enumerate(slots):
        if sl == prev:
            continue
        prev = sl
        lf = sl[1] if sl[0] == 2 else sl[2]
        if lf > ln:
            continue
        ns, np, _ = _step(slots, pools, i)
        v = _score(sl, lf, wd) + best(ns, np, fort, ln - lf, wd)
        if v > top:
            top = v
    return top


def _snapshot(
    s: State, c: Frame, role: str, units: list[int]
) -> tuple[dict[int, Slot], Pools, int]:
    side = c["side"] if role == "a" else 1 - c["side"]
    keys = sorted({ARMY_POOL[u] for u in units if UNITS[u].army})
    pools: list[tuple[int, int, int, int]] = []
    for k in keys:
        corps = reserve_corps(s, side, k)
        full = sum(1 for v in corps if not s.red[v])
        c1, c2 = _CORPS_LF.get(k, (1, 1))
        pools.append((full, len(corps) - full, c1, c2))
    slots: dict[int, Slot] = {}
    for u in units:
        d = UNITS[u]
        pool = keys.index(ARMY_POOL[u]) if d.army else -1
        slots[u] = (1 if s.red[u] else 2, d.lf, d.reduced_lf, pool, 1 if d.army else 0)
    fort = SPACES[c["tgt"]].fort if role == "d" and fort_defends(s, c) else 0
    return slots, tuple(pools), fort


def representatives(s: State, c: Frame, units: list[int]) -> list[int]:
    """One unit per class of interchangeable units (same counter, step state, space, and
    whether it is a replacement corps of this combat)."""
    reps = [int(cr) for cr, _ in c["rep"]]
    seen: set[tuple[int, int, str, bool]] = set()
    out = []
    for u in units:
        key = (s.loc[u], s.red[u], UNITS[u].name, u in reps)
        if key not in seen:
            seen.add(key)
            out.append(u)
    return out


def loss_options(s: State, c: Frame, f: Frame) -> list[int]:
    """The units that may lose the next step."""
    ln = f["ln"]
    units = units_of(s, c, f["role"])
    if ln <= 0 or not units:
        return []
    reps = representatives(s, c, units)
    if f["mode"] == "extra":
        return reps  # 12.5.3: any defending unit
    if f["two"] >= 0:
        # 12.4.4.2: one army is eliminated as if a corps took the last point.
        return [f["two"]] if f["two"] in units else []
    if f["two"] == -2:
        return [u for u in reps if UNITS[u].army]
    if f["first"]:
        # 12.4.5: the attacker's first loss by priority, before 12.4.3.
        group = [u for u in units if UNITS[u].loss_priority and board.lf(s, u) <= ln]
        if group:
            top = min(UNITS[u].loss_priority for u in group)
            return [u for u in reps if u in group and UNITS[u].loss_priority == top]
    slots, pools, fort = _snapshot(s, c, f["role"], units)
    order = tuple(sorted(slots.values()))
    wd = bool(f["wd"])
    target = best(order, pools, fort, ln, wd)
    out = []
    for u in reps:
        sl = slots[u]
        lf = sl[1] if sl[0] == 2 else sl[2]
        if lf > ln:
            continue
        ns, np, _ = _step(order, pools, order.index(sl))
        if _score(sl, lf, wd) + best(ns, np, fort, ln - lf, wd) == target:
            out.append(u)
    return out


def _two_army_case(s: State, c: Frame, role: str, ln: int) -> bool:
    """12.4.4.2: only two full-strength armies with the same LF (3 or 2), a Loss Number of
    twice that plus one, and no corps to replace either."""
    units = units_of(s, c, role)
    if len(units) != 2 or not all(UNITS[u].army and not s.red[u] for u in units):
        return False
    lfs = {UNITS[u].lf for u in units}
    if len(lfs) != 1:
        return False
    lf = lfs.pop()
    if lf not in (2, 3) or ln != 2 * lf + 1:
        return False
    if role == "d" and fort_defends(s, c):
        return False
    return all(pick_replacement(s, u) < 0 for u in units)


# -- taking a step -------------------------------------------------------------------------------


def eliminate_in_combat(s: State, c: Frame, u: int, role: str) -> None:
    """A unit loses its last step (12.4.2); an army is replaced by a corps (12.4.4)."""
    x = s.loc[u]
    corps = -1
    if UNITS[u].army:
        corps = pick_replacement(s, u)
        permanent = corps < 0 or u in c["oos"]  # 12.4.4, 12.4.4.1, 12.4.7
        board.eliminate(s, u, permanently=permanent)
        if corps >= 0:
            board.relocate(s, corps, x)
            c["rep"].append([corps, u])
            c["att" if role == "a" else "dfn"].append(corps)
            log(
                s,
                "combat.replacement",
                "12.4.4",
                UNITS[u].side,
                unit=UNITS[corps].id,
                space=SPACES[x].id,
                reduced=bool(s.red[corps]),
            )
    else:
        board.eliminate(s, u)
    if role == "d":
        c["dlog"].append(["e", u, corps])


def take_step(s: State, c: Frame, u: int, role: str) -> int:
    """Unit ``u`` loses one step; returns the LF it counts for (12.4.2)."""
    lf = board.lf(s, u)
    if not s.red[u]:
        board.set_reduced(s, u, True)
        log(s, "combat.step", "12.4.2", UNITS[u].side, unit=UNITS[u].id, lf=lf)
        if role == "d":
            c["dlog"].append(["r", u])
    else:
        log(s, "combat.step", "12.4.2", UNITS[u].side, unit=UNITS[u].id, lf=lf)
        eliminate_in_combat(s, c, u, role)
    return lf


def push_losses(s: State, c: Frame, side: int, ln: int, mode: str = "loss") -> None:
    """Push the frame in which ``side`` absorbs Loss Number ``ln`` (or, in ``extra`` mode,
    takes the one extra step of 12.5.3)."""
    from . import cards

    role = "a" if side == c["side"] else "d"
    two = -1
    if mode == "loss" and _two_army_case(s, c, role, ln):
        two = -2
    push(
        s,
        "combat_losses",
        side=side,
        role=role,
        ln=ln,
        mode=mode,
        first=1 if role == "a" else 0,
        two=two,
        wd=1 if role == "d" and cards.withdrawal(c) else 0,
    )


@STEPS.register
class CombatLosses(PogStep):
    """12.2.10, 12.4: one side absorbs the Loss Number its opponent inflicted."""

    name = "combat_losses"
    rule = "12.4"

    def settle(self, s: State, f: Frame) -> bool:
        c = combat_frame(s)
        opts = loss_options(s, c, f)
        if len(opts) == 1:
            self._take(s, c, f, opts[0])
            return True
        if opts:
            return False
        role = f["role"]
        if f["mode"] == "loss" and role == "d" and fort_defends(s, c):
            fort = SPACES[c["tgt"]].fort
            if not units_of(s, c, "d") and 0 < fort <= f["ln"]:
                f["ln"] -= fort  # 12.4.6, 15.1.7: the fort's one step
                board.destroy_fort(s, c["tgt"], "15.1.7")
        if f["ln"] > 0 and f["mode"] == "loss":
            log(s, "combat.unabsorbed", "12.4.3", f["side"], ln=f["ln"])
        for x in {c["tgt"], *c["spaces"]}:
            movement.lift_broken_siege(s, x)
        pop(s, f)
        return True

    def _take(self, s: State, c: Frame, f: Frame, u: int) -> None:
        x = s.loc[u]
        lf = take_step(s, c, u, f["role"])
        movement.lift_broken_siege(s, x)  # 15.2.4: losses below the minimum end a siege at once
        f["first"] = 0
        if f["two"] == -2:
            f["two"] = u
        f["ln"] = 0 if f["mode"] == "extra" else f["ln"] - lf

    def prompt(self, s: State, f: Frame) -> str:
        return "combat.extra_step" if f["mode"] == "extra" else "combat.losses"

    def legal(self, s: State, f: Frame) -> list[Action]:
        c = combat_frame(s)
        return [act("lose", UNITS[u].id) for u in loss_options(s, c, f)]

    def apply(self, s: State, f: Frame, a: Action) -> None:
        c = combat_frame(s)
        self._take(s, c, f, UNITS_IX[a.args[0]])


UNITS_IX = {d.id: d.ix for d in UNITS}
