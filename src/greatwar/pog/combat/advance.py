"""Advance after combat (12.7).

When the defenders retreated or were all eliminated, the attacker may advance with
participating units still at full strength (12.7.1), unit by unit (``advance <unit> <space>``,
then ``done``): into the defending space, and after a two-space retreat on into the spaces the
retreating units passed through (12.7.3-12.7.4), stopping on entering desert, forest, mountain or
swamp. After a combat against a fort alone, only if the fort was destroyed (12.7.1); after
Withdrawal, one space (12.6.4). Never into enemy units (12.7.5); into an intact enemy fort's
space only with units that can besiege it, and no farther (12.7.6); Central Powers units into
Amiens, Calais or Ostend only if it was the defending space, after Race to the Sea or at CP War
Status 4 (12.7.7); stacking holds (12.7.1). Advancing units take control of the spaces they
enter unless besieging a fort (12.7.9, through :func:`movement.enter`). The defender never
advances (12.7.8).

Frame ``combat_advance``: ``units`` (the full-strength attackers that may advance), ``second``
(spaces open beyond the defending space), ``moved`` (units now in the defending space),
``stop`` (units that may go no farther).
"""

from __future__ import annotations

from greatwar.core.actions import Action
from greatwar.core.steps import Frame
from greatwar.pog import board, movement
from greatwar.pog.board import STACK_LIMIT
from greatwar.pog.data import CP
from greatwar.pog.flow import STEPS, PogStep, act, log, pop, push
from greatwar.pog.state import FORT_INTACT, State

from . import cards
from .common import (
    LINK,
    SPACES,
    STOP_TERRAIN,
    UNITS,
    attacker,
    combat_frame,
    defenders,
    full_attackers,
    on_map,
)

UNITS_IX = {d.id: d.ix for d in UNITS}
SPACES_IX = {sp.id: sp.ix for sp in SPACES}


def _unbesieged_enemy_fort(s: State, side: int, x: int) -> bool:
    return movement.enemy_fort(s, side, x) and s.fort[x] == FORT_INTACT


def _basic(s: State, c: Frame, u: int, frm: int, to: int) -> bool:
    """Could ``u`` advance from ``frm`` into ``to``, forts and stacking aside?"""
    link = LINK.get((frm, to))
    if link is None:
        return False
    if not movement.may_enter(s, u, frm, to, link.restriction, link.nations):
        return False  # 12.7.5 and the entry limits of movement
    side = UNITS[u].side
    if side == CP and to != c["tgt"] and to in movement.CHANNEL_PORTS:
        return movement.channel_ports_open(s)  # 12.7.7
    return True


def _may_continue(s: State, c: Frame, f: Frame, u: int) -> bool:
    return u in f["moved"] and u not in f["stop"] and s.loc[u] == c["tgt"]


def _potential(s: State, c: Frame, f: Frame, to: int, exclude: int) -> list[int]:
    """Other advancing units that could still reach ``to``."""
    tgt = c["tgt"]
    through = SPACES[tgt].terrain not in STOP_TERRAIN and not _unbesieged_enemy_fort(
        s, c["side"], tgt
    )
    out = []
    for v in f["units"]:
        if v == exclude or not on_map(s, v) or s.loc[v] == to or v in f["stop"]:
            continue
        if v in f["moved"]:
            if to != tgt and _may_continue(s, c, f, v) and _basic(s, c, v, tgt, to):
                out.append(v)
        elif _basic(s, c, v, s.loc[v], tgt) and (
            to == tgt or (through and _basic(s, c, v, tgt, to))
        ):
            out.append(v)
    return out


def _fort_ok(s: State, c: Frame, f: Frame, u: int, to: int) -> bool:
    """12.7.6: enter an intact enemy fort's space only if the advancing units there (with
    those that can still join them) besiege it (15.2.1)."""
    side = c["side"]
    if not _unbesieged_enemy_fort(s, side, to):
        return True
    group = [*board.units_in(s, to), u]
    if movement.besieging_force(s, side, to, group):
        return True
    return movement.besieging_force(s, side, to, group + _potential(s, c, f, to, u))


def _can_enter(s: State, c: Frame, f: Frame, u: int, frm: int, to: int) -> bool:
    if len(board.units_in(s, to)) >= STACK_LIMIT:
        return False  # 12.7.1
    return _basic(s, c, u, frm, to) and _fort_ok(s, c, f, u, to)


def _pending(s: State, c: Frame, f: Frame) -> list[int]:
    """Spaces our advancing units entered whose enemy fort is not yet besieged."""
    side = c["side"]
    return [
        x
        for x in (c["tgt"], *f["second"])
        if board.units_in(s, x)
        and board.side_in(s, x) == side
        and _unbesieged_enemy_fort(s, side, x)
    ]


def options(s: State, c: Frame, f: Frame) -> list[tuple[int, int]]:
    tgt = c["tgt"]
    pending = _pending(s, c, f)
    out = []
    for u in f["units"]:
        if not on_map(s, u) or s.red[u]:
            continue
        if u not in f["moved"]:
            if _can_enter(s, c, f, u, s.loc[u], tgt):
                if (
                    not pending
                    or tgt in pending
                    or any(x != tgt and _basic(s, c, u, tgt, x) for x in pending)
                ):
                    out.append((u, tgt))
        elif _may_continue(s, c, f, u):
            for y in f["second"]:
                if (not pending or y in pending) and _can_enter(s, c, f, u, tgt, y):
                    out.append((u, y))
    return out


def begin(s: State, c: Frame) -> None:
    """Step 12: offer the advance when the defending space was emptied (12.2.13, 12.7.1)."""
    side = attacker(c)
    tgt = c["tgt"]
    if any(UNITS[u].side != side for u in board.units_in(s, tgt)):
        return  # defenders stayed (no retreat, or it was cancelled)
    if c["cancelled"]:
        return
    had_units = bool(c["dfn"] or c["old"])
    if not had_units and board.fort_intact(s, tgt):
        return  # 12.7.1: a fort alone must be destroyed first
    if had_units and not c["retreated"] and defenders(s, c):
        return
    wd = cards.withdrawal(c)
    second = list(c["vac"]) if c["need"] == 2 and c["retreated"] and not wd else []
    units = [u for u in full_attackers(s, c) if s.loc[u] != tgt]
    if not units:
        return
    f = push(s, "combat_advance", side=side, units=units, second=second, moved=[], stop=[])
    if not options(s, c, f):
        pop(s, f)


@STEPS.register
class CombatAdvance(PogStep):
    """12.7: the attacker's advance after combat."""

    name = "combat_advance"
    rule = "12.7"

    def settle(self, s: State, f: Frame) -> bool:
        c = combat_frame(s)
        if not options(s, c, f):
            pop(s, f)  # nothing (more) can advance
            return True
        return False

    def prompt(self, s: State, f: Frame) -> str:
        return "combat.advance"

    def legal(self, s: State, f: Frame) -> list[Action]:
        c = combat_frame(s)
        out = [act("advance", UNITS[u].id, SPACES[y].id) for u, y in options(s, c, f)]
        if not _pending(s, c, f):
            out.append(act("done"))
        return out

    def apply(self, s: State, f: Frame, a: Action) -> None:
        if a.verb == "done":
            pop(s, f)
            return
        c = combat_frame(s)
        u, to = UNITS_IX[a.args[0]], SPACES_IX[a.args[1]]
        tgt = c["tgt"]
        frm = s.loc[u]
        fort_before = _unbesieged_enemy_fort(s, c["side"], to)
        log(
            s, "combat.advance", "12.7", c["side"], unit=a.args[0], frm=SPACES[frm].id, to=a.args[1]
        )
        movement.enter(s, u, to, rule="12.7.9")
        if to == tgt:
            f["moved"] = [*f["moved"], u]
            if fort_before or SPACES[tgt].terrain in STOP_TERRAIN or not f["second"]:
                f["stop"] = [*f["stop"], u]  # 12.7.3, 12.7.6
        else:
            f["stop"] = [*f["stop"], u]
