"""Retreats (12.5) and the Withdrawal mechanism (12.6).

If the attacker wins while a participating attacker is still at full strength, every surviving
defender retreats: one space when the Loss Numbers differ by one, two otherwise (12.5.1-12.5.2).
Defenders in a trench, forest, desert, mountain or swamp may first cancel the retreat by losing
one more step, if a step is left afterwards (12.5.3: ``choose cancel`` then ``lose <unit>``, or
``choose retreat``).

The defender then retreats unit by unit (``retreat <unit> <space>``); a unit retreating two
spaces makes both before the next unit starts. The spaces offered follow 12.5.5: no enemy units
or unbesieged enemy forts, never back into the defending space, not by sea, the dashed lines,
neutral countries and other entry limits of movement, not ending overstacked (passing through an
overstacked first space is allowed), friendly spaces before empty enemy ones and the priority
list (friendly supplied, friendly unsupplied, enemy supplied, enemy unsupplied) at each space. For
a two-space retreat a first space from which the retreat can be completed is preferred. A unit
with nowhere to go is eliminated (12.5.4): an army permanently, with no replacement corps; a
replacement corps of this combat takes its army into permanent elimination; the MN corps dies
whenever it must retreat. Retreating units take control of the space they end in, unless an
enemy fort stands there (12.5.5, 15.1.10); they leave the defending space under the defender's
control (12.5.7).

Withdrawal (12.6), played by the defender: after the losses one corps step lost by the
defenders is restored (an army step if no corps step was lost, 12.6.6, 12.6.8), and the
defenders must retreat exactly one space whatever the result, with no cancelling (12.6.4-12.6.5).
"""

from __future__ import annotations

from greatwar.core.actions import Action
from greatwar.core.steps import Frame
from greatwar.pog import board, movement, supply
from greatwar.pog.board import ANA, STACK_LIMIT
from greatwar.pog.data import AP
from greatwar.pog.flow import STEPS, PogStep, act, log, pop, push
from greatwar.pog.state import State

from . import cards
from .common import (
    ADJ,
    CANCEL_TERRAIN,
    CAUCASUS,
    CAUCASUS_NE,
    LINK,
    RESERVE,
    RETREATED,
    SPACES,
    UNITS,
    attacker,
    combat_frame,
    defender,
    defenders,
    full_attackers,
    note_round,
    on_map,
    replaced_army,
)
from .fire import trench_benefit
from .losses import push_losses

UNITS_IX = {d.id: d.ix for d in UNITS}
SPACES_IX = {sp.id: sp.ix for sp in SPACES}


# -- 12.5.5: where a unit may retreat --------------------------------------------------------


def enterable(s: State, u: int, frm: int, to: int) -> bool:
    """May unit ``u`` retreat from ``frm`` into ``to`` (stacking aside)?"""
    link = LINK[(frm, to)]
    if not movement.may_enter(s, u, frm, to, link.restriction, link.nations):
        return False  # enemy units, dashed lines, neutral spaces, 11.1.17, 11.3, 15.1.12...
    side = UNITS[u].side
    return not (movement.enemy_fort(s, side, to) and board.fort_unbesieged(s, to))


def _prioritised(s: State, u: int, spaces: list[int]) -> list[int]:
    """12.5.5: friendly supplied, friendly unsupplied, enemy supplied, enemy unsupplied."""
    if len(spaces) < 2:
        return spaces
    side = UNITS[u].side
    ranks = {
        y: (0 if s.ctrl[y] == side else 2) + (0 if supply.supplied_at(s, u, y) else 1)
        for y in spaces
    }
    top = min(ranks.values())
    return [y for y in spaces if ranks[y] == top]


def second_options(s: State, c: Frame, u: int, frm: int) -> list[int]:
    origin = c["tgt"]
    out = [
        z
        for z in ADJ[frm]
        if z not in (origin, frm)
        and enterable(s, u, frm, z)
        and len(board.units_in(s, z)) < STACK_LIMIT
    ]
    return _prioritised(s, u, out)


def first_options(s: State, c: Frame, u: int) -> list[int]:
    origin = c["tgt"]
    cands = [y for y in ADJ[origin] if enterable(s, u, origin, y)]
    if c["need"] == 1:
        cands = [y for y in cands if len(board.units_in(s, y)) < STACK_LIMIT]
    else:
        through = [y for y in cands if second_options(s, c, u, y)]
        if through:
            cands = through
    return _prioritised(s, u, cands)


def _enter(s: State, u: int, to: int, last: bool) -> None:
    """A retreating unit enters ``to``: trenches (11.2.5-11.2.6), the Caucasus crossing
    (12.1.9), control of the space it ends in (12.5.5, 15.1.10)."""
    side = UNITS[u].side
    frm = s.loc[u]
    board.relocate(s, u, to)
    if (frm == CAUCASUS and to in CAUCASUS_NE) or (to == CAUCASUS and frm in CAUCASUS_NE):
        s.tflags["caucasus_move"] = 1
    if s.tside[to] >= 0 and s.tside[to] != side:
        board.set_trench(s, to, 1 if s.trench[to] == 2 else 0, side)
    if not last or movement.enemy_fort(s, side, to):
        return
    if u == ANA:
        board.ana_arrives(s, to)  # 11.1.15
        return
    if side == AP:
        board.claim(s, to)  # 11.1.15: a space the ANA holds stays Allied after it leaves
    if s.ctrl[to] != side:
        board.set_control(s, to, side, "12.5.5")


def fail(s: State, c: Frame, u: int) -> None:
    """12.5.4: a unit that cannot retreat is eliminated."""
    log(s, "combat.no_retreat", "12.5.4", UNITS[u].side, unit=UNITS[u].id)
    army = replaced_army(c, u)
    if army >= 0:
        board.eliminate(s, u)
        board.eliminate(s, army, permanently=True)  # 12.5.4: the army it replaced
    else:
        board.eliminate(s, u, permanently=UNITS[u].army)


# -- starting the retreat ----------------------------------------------------------------------


def retreat_length(s: State, c: Frame) -> int:
    """12.5.1-12.5.2, 12.6.4."""
    if cards.withdrawal(c):
        return 1
    if c["winner"] != attacker(c) or not full_attackers(s, c):
        return 0
    return 1 if c["lna"] - c["lnd"] == 1 else 2


def may_cancel(s: State, c: Frame, units: list[int]) -> bool:
    """12.5.3: terrain or a trench, and a defending step left after the extra loss."""
    if cards.withdrawal(c):
        return False  # 12.6.5
    tgt = c["tgt"]
    if SPACES[tgt].terrain not in CANCEL_TERRAIN and not trench_benefit(s, c, "retreat"):
        return False
    return sum(1 if s.red[u] else 2 for u in units) >= 2


def begin(s: State, c: Frame) -> None:
    need = retreat_length(s, c)
    units = [u for u in defenders(s, c) if s.loc[u] == c["tgt"]]
    # A card that ignores the retreat of a lost combat (12.2.12) does not undo the retreat
    # Withdrawal itself demands (12.6.4).
    if need and not cards.withdrawal(c) and cards.ignore_retreat(c):
        log(s, "combat.retreat_ignored", "12.2.12", defender(c))
        need = 0
    c["need"] = need
    if not need or not units:
        return
    push(
        s,
        "combat_retreat",
        side=defender(c),
        ask=1 if may_cancel(s, c, units) else 0,
        units=[],
        cur=-1,
        init=0,
        overstack=1,
    )


def _options(s: State, c: Frame, f: Frame) -> list[tuple[int, int]]:
    cur = f["cur"]
    if cur >= 0:
        return [(cur, z) for z in second_options(s, c, cur, s.loc[cur])]
    return [(u, y) for u in f["units"] for y in first_options(s, c, u)]


@STEPS.register
class CombatRetreat(PogStep):
    """12.5: the defenders retreat (or cancel the retreat, 12.5.3)."""

    name = "combat_retreat"
    rule = "12.5"

    def settle(self, s: State, f: Frame) -> bool:
        if f["ask"]:
            return False
        c = combat_frame(s)
        if not f["init"]:
            f["init"] = 1
            units = [u for u in defenders(s, c) if s.loc[u] == c["tgt"]]
            for u in units:
                if "eliminated_if_forced_to_retreat" in UNITS[u].flags:
                    log(s, "combat.no_retreat", "12.5.4", UNITS[u].side, unit=UNITS[u].id)
                    board.eliminate(s, u)  # 12.5.4: the MN corps
            f["units"] = [u for u in units if on_map(s, u)]
            return True
        cur = f["cur"]
        if cur >= 0 and not second_options(s, c, cur, s.loc[cur]):
            fail(s, c, cur)  # 12.7.4: its first space stays open to the advance
            f["cur"] = -1
            return True
        if cur < 0:
            for u in f["units"]:
                if not first_options(s, c, u):
                    fail(s, c, u)
                    f["units"] = [v for v in f["units"] if v != u]
                    return True
            if not f["units"]:
                c["retreated"] = 1
                movement.lift_broken_siege(s, c["tgt"])
                pop(s, f)
                return True
        opts = _options(s, c, f)
        if len(opts) == 1:
            self._move(s, c, f, *opts[0])
            return True
        return False

    def prompt(self, s: State, f: Frame) -> str:
        return "combat.retreat_or_cancel" if f["ask"] else "combat.retreat"

    def legal(self, s: State, f: Frame) -> list[Action]:
        if f["ask"]:
            return [act("choose", "retreat"), act("choose", "cancel")]
        c = combat_frame(s)
        return [act("retreat", UNITS[u].id, SPACES[y].id) for u, y in _options(s, c, f)]

    def apply(self, s: State, f: Frame, a: Action) -> None:
        c = combat_frame(s)
        if a.verb == "choose":
            if a.args[0] == "retreat":
                f["ask"] = 0
                return
            # 12.5.3: one more step, from any defending unit, instead of retreating.
            log(s, "combat.retreat_cancelled", "12.5.3", f["side"])
            c["cancelled"] = 1
            pop(s, f)
            push_losses(s, c, f["side"], 1, mode="extra")
            return
        self._move(s, c, f, UNITS_IX[a.args[0]], SPACES_IX[a.args[1]])

    def _move(self, s: State, c: Frame, f: Frame, u: int, to: int) -> None:
        origin = c["tgt"]
        frm = s.loc[u]
        two = c["need"] == 2 and frm == origin
        log(
            s,
            "combat.retreat",
            "12.5",
            UNITS[u].side,
            unit=UNITS[u].id,
            frm=SPACES[frm].id,
            to=SPACES[to].id,
        )
        _enter(s, u, to, last=not two)
        note_round(s, RETREATED, u)
        if frm == origin:
            f["units"] = [v for v in f["units"] if v != u]
            movement.lift_broken_siege(s, origin)
        if two:
            f["cur"] = u
            if to not in c["vac"]:
                c["vac"].append(to)
        else:
            f["cur"] = -1


# -- 12.6 Withdrawal: the restored step -------------------------------------------------------


def restore_options(s: State, c: Frame) -> list[tuple[str, int]]:
    """12.6.3, 12.6.6, 12.6.8, 12.6.10: the steps Withdrawal may give back, as
    ("replace", unit) (flip a unit reduced in this combat back to full) or ("place", unit)
    (bring back, reduced, a unit eliminated in this combat)."""
    corps_lost = [e for e in c["dlog"] if not UNITS[e[1]].army]
    out: list[tuple[str, int]] = []
    for e in corps_lost or c["dlog"]:
        u = e[1]
        if on_map(s, u):
            opt = ("replace", u)
            if not s.red[u]:
                continue
        elif e[0] == "e":
            opt = ("place", u)
            if UNITS[u].army and e[2] < 0 and c["lna"] != UNITS[u].reduced_lf:
                continue  # 12.6.8: an army without a corps only for an exact Loss Number
        else:
            continue
        if opt not in out:
            out.append(opt)
    return out


def _restore(s: State, c: Frame, kind: str, u: int) -> None:
    side = UNITS[u].side
    if kind == "replace":
        board.set_reduced(s, u, False)
    else:
        if UNITS[u].army:
            for corps, army in c["rep"]:
                if army == u and on_map(s, corps):
                    board.relocate(s, corps, RESERVE[side])  # the corps goes back
            c["rep"] = [p for p in c["rep"] if p[1] != u]
        board.place(s, u, c["tgt"], reduced=True)
        if u not in c["dfn"]:
            c["dfn"].append(u)
    log(s, "combat.step_restored", "12.6.3", side, unit=UNITS[u].id)


def withdrawal_restore(s: State, c: Frame) -> None:
    opts = restore_options(s, c)
    if not opts:
        log(s, "combat.withdrawal_nothing", "12.6.8", defender(c))
        return
    if len(opts) == 1:
        _restore(s, c, *opts[0])
        return
    push(s, "combat_restore", side=defender(c))


@STEPS.register
class CombatRestore(PogStep):
    """12.6.3: the defender chooses the step Withdrawal gives back."""

    name = "combat_restore"
    rule = "12.6.3"

    def prompt(self, s: State, f: Frame) -> str:
        return "combat.withdrawal"

    def legal(self, s: State, f: Frame) -> list[Action]:
        c = combat_frame(s)
        out = []
        for kind, u in restore_options(s, c):
            if kind == "replace":
                out.append(act("replace", UNITS[u].id))
            else:
                out.append(act("place", UNITS[u].id, SPACES[c["tgt"]].id))
        return out

    def apply(self, s: State, f: Frame, a: Action) -> None:
        c = combat_frame(s)
        _restore(s, c, a.verb, UNITS_IX[a.args[0]])
        pop(s, f)
