"""Combat resolution (12.2.1): the twelve steps of one combat, as the ``combat`` frame.

The frame (its fields are listed in :mod:`.common`) walks through its ``stage``s and pushes a
decision frame where a player decides:

1. designate (:mod:`.designation`), 2. strengths (computed when each side fires, 12.2.3);
   then the events that act before any card (``BEFORE_CARDS``: Great Retreat) and the effects
   of action-round events (:func:`.cards.start_effects`),
3. ``combat_cards`` in the trench window (12.2.4; offered when the defending space holds the
   defender's trench), 4. ``combat_flank`` (12.3), 5. ``combat_cards`` for the attacker then
   the defender (12.2.6), 6-8. fire (:mod:`.fire`): simultaneous, or one side after the other
   after a flank attempt (12.3.3) or von Hutier, 9. ``combat_losses`` (:mod:`.losses`; the
   defender first when fire is simultaneous, 12.2.10), Withdrawal's restored step (12.6),
   10. the winner and the fate of the combat cards (12.2.11), 11. the retreat
   (:mod:`.retreat`), 12. the advance (:mod:`.advance`).

The card windows are always offered to the player whose turn it is to play cards (even with
no card to play), so the opponent learns nothing about the hand from the procedure.
"""

from __future__ import annotations

from collections.abc import Callable

from greatwar.core.actions import Action
from greatwar.core.steps import Frame
from greatwar.pog import board, mandated, movement, supply
from greatwar.pog.flow import STEPS, PogStep, act, log, pop, push, roll
from greatwar.pog.state import State

from . import advance, cards, fire, retreat
from .common import (
    ADJ,
    LINK,
    LONDON,
    NO_FLANK_TERRAIN,
    RETREATED,
    SPACES,
    UNITS,
    attacker,
    attackers,
    combat_frame,
    defender,
    in_supply_for_cards,
    on_map,
    round_members,
)
from .losses import push_losses

CARDS_IX = {c.id: c.ix for c in cards.CARDS}
FLANK_SUCCESS_AT = 4  # 12.3.3


# -- 12.3 flank attacks ---------------------------------------------------------------------------


def flank_eligible(s: State, c: Frame) -> bool:
    """12.3.1 (and 15.1.6): two or more attacking spaces, an army attacking, and a defending
    space that is not swamp or mountain, has no trench (unless a card cancels all trench
    effects) and is not an unoccupied fort."""
    tgt = c["tgt"]
    spaces = [x for x in c["spaces"] if x != tgt]
    if len(spaces) < 2:
        return False
    if not any(UNITS[u].army for u in attackers(s, c)):
        return False
    if SPACES[tgt].terrain in NO_FLANK_TERRAIN:
        return False
    if s.trench[tgt] > 0 and not cards.trench_negated(c, "flank"):
        return False
    return bool(c["dfn"] or c["old"])


def flank_drm(s: State, c: Frame, pin: int) -> int:
    """12.3.2: +1 for each attacking space other than the pinning space that is not joined
    by a solid line to another enemy-occupied space (fort-only spaces are not occupied;
    enemies beyond dashed links are ignored). An attacking space joined to the target by a
    dashed line counts like any other, except London: the Exceptions summary (Britain) says
    its dotted line adds nothing (R48)."""
    tgt = c["tgt"]
    side = attacker(c)
    total = 0
    for a in c["spaces"]:
        if a in (pin, tgt, LONDON):
            continue
        blocked = False
        for n in ADJ[a]:
            if n == tgt or LINK[(a, n)].restriction != "none":
                continue
            if any(UNITS[u].side != side for u in board.units_in(s, n)):
                blocked = True
                break
        if not blocked:
            total += 1
    return total


def _flank_result(s: State, c: Frame, success: bool) -> None:
    c["flank"] = 1 if success else -1
    c["order"] = "att" if success else "def"  # 12.3.3


@STEPS.register
class CombatFlank(PogStep):
    """12.3: the attacker may attempt a flank attack, naming the pinning space."""

    name = "combat_flank"
    rule = "12.3"

    def prompt(self, s: State, f: Frame) -> str:
        return "combat.flank"

    def legal(self, s: State, f: Frame) -> list[Action]:
        c = combat_frame(s)
        out = [act("pin", SPACES[x].id) for x in c["spaces"] if x != c["tgt"]]
        out.append(act("noflank"))
        for card in cards.options(s, c, f["side"], cards.FLANK):
            out.append(act("cc", cards.CARDS[card].id))
        return out

    def apply(self, s: State, f: Frame, a: Action) -> None:
        c = combat_frame(s)
        side = f["side"]
        if a.verb == "noflank":
            pop(s, f)
            return
        if a.verb == "cc":
            cards.play(s, c, side, CARDS_IX[a.args[0]])
            if cards.flank_success(c):
                _flank_result(s, c, True)
                log(s, "combat.flank_auto", "12.3.3", side)
                pop(s, f)
            return
        pin = SPACES_IX[a.args[0]]
        drm = flank_drm(s, c, pin)
        die = roll(s, "flank", "12.3.3", side)
        ok = die + drm >= FLANK_SUCCESS_AT
        _flank_result(s, c, ok)
        log(s, "combat.flank", "12.3", side, space=a.args[0], die=die, drm=drm, success=ok)
        pop(s, f)


SPACES_IX = {sp.id: sp.ix for sp in SPACES}


# -- 12.2.4, 12.2.6 combat cards ------------------------------------------------------------


@STEPS.register
class CombatCards(PogStep):
    """12.2.4 / 12.2.6: play combat cards from the hand or select kept ones (``cc <card>``),
    use the combat effect of an event played this round (``select <card>``: Kerensky,
    Brusilov), any number, then ``done``."""

    name = "combat_cards"
    rule = "12.2.6"

    def prompt(self, s: State, f: Frame) -> str:
        return "combat.cards_trench" if f["window"] == cards.TRENCH else "combat.cards"

    def legal(self, s: State, f: Frame) -> list[Action]:
        c = combat_frame(s)
        side, window = f["side"], f["window"]
        out = [act("cc", cards.CARDS[k].id) for k in cards.options(s, c, side, window)]
        out.extend(act("select", card) for card in cards.effect_options(s, c, side, window))
        out.append(act("done"))
        return out

    def apply(self, s: State, f: Frame, a: Action) -> None:
        if a.verb == "done":
            pop(s, f)
            return
        c = combat_frame(s)
        if a.verb == "select":
            cards.use_effect(s, c, f["side"], a.args[0])
            return
        cards.play(s, c, f["side"], CARDS_IX[a.args[0]])
        if c.get("void"):
            pop(s, f)  # the combat was called off (Alberich)


# -- the combat frame ------------------------------------------------------------------------------


def _start(s: State, c: Frame) -> None:
    """Step 1 done: fix the defenders, the fort, supply (14.1.1.2), the MO (7.1)."""
    att = attacker(c)
    tgt = c["tgt"]
    enemy = [u for u in board.units_in(s, tgt) if UNITS[u].side != att]
    old = set(round_members(s, RETREATED))
    dfn = [u for u in enemy if u not in old]
    c["dfn"] = dfn
    c["old"] = [u for u in enemy if u in old]
    c["fort"] = 1 if board.fort_intact(s, tgt) and s.ctrl[tgt] != att else 0
    # 14.1.1.2, 12.4.4.1: armies out of supply now are lost for good if eliminated.
    c["oos"] = [u for u in (*c["att"], *enemy) if UNITS[u].army and not supply.unit_supplied(s, u)]
    # 14.3.4, 14.1.5: no combat cards for out-of-supply defenders or Turks held by Medina;
    # 15.1.6: none for a fort without defending units.
    c["dcc"] = 1 if dfn and all(in_supply_for_cards(s, u) for u in dfn) else 0
    c.update(cards=[], order="sim", flank=0, lna=-1, lnd=-1, rep=[], dlog=[], winner=-1, need=0)
    c.update(vac=[], retreated=0, cancelled=0, fx=[])
    mandated.note_attack(s, att, c["att"], tgt, enemy)
    c["stage"] = "events"


# Events that act after the designation and before any combat card or flank attempt (Great
# Retreat): f(state, combat frame) may push decision frames, change the defenders, or move the
# combat on to another stage.
BEFORE_CARDS: list[Callable[[State, Frame], None]] = []


def _events(s: State, c: Frame) -> None:
    c["stage"] = "effects"
    for hook in BEFORE_CARDS:
        hook(s, c)


def _effects(s: State, c: Frame) -> None:
    c["stage"] = "trench"
    cards.start_effects(s, c)


def _trench(s: State, c: Frame) -> None:
    c["stage"] = "flank"
    if fire.trench_level(s, c) > 0:
        push(s, "combat_cards", side=attacker(c), window=cards.TRENCH)


def _flank(s: State, c: Frame) -> None:
    c["stage"] = "cards_att"
    if flank_eligible(s, c):
        push(s, "combat_flank", side=attacker(c))


def _cards_att(s: State, c: Frame) -> None:
    c["stage"] = "cards_def"
    push(s, "combat_cards", side=attacker(c), window=cards.MAIN)


def _cards_def(s: State, c: Frame) -> None:
    c["stage"] = "fire"
    if c["dcc"]:
        push(s, "combat_cards", side=defender(c), window=cards.MAIN)


def _old_units(s: State, c: Frame) -> None:
    """12.5.6: units that already retreated this round die once the Loss Number against the
    defender is at least 1, without counting toward it."""
    if c["lna"] < 1:
        return
    for u in c["old"]:
        if on_map(s, u):
            log(s, "combat.old_eliminated", "12.5.6", UNITS[u].side, unit=UNITS[u].id)
            board.eliminate(s, u)


def _losses(s: State, c: Frame, side: int, ln: int) -> None:
    if ln > 0:
        push_losses(s, c, side, ln)


def _fire(s: State, c: Frame) -> None:
    att, dfd = attacker(c), defender(c)
    if cards.fires_first(c):
        c["order"] = "att"
    if c["order"] == "sim":
        # 12.2.8-12.2.10: simultaneous; the defender assigns his losses first.
        c["lna"] = fire.fire(s, c, att)
        c["lnd"] = fire.fire(s, c, dfd)
        _old_units(s, c)
        c["stage"] = "restore"
        _losses(s, c, att, c["lnd"])
        _losses(s, c, dfd, c["lna"])
        return
    first = att if c["order"] == "att" else dfd
    ln = fire.fire(s, c, first)
    c["lna" if first == att else "lnd"] = ln
    _old_units(s, c)
    c["stage"] = "fire2"
    _losses(s, c, 1 - first, ln)


def _fire2(s: State, c: Frame) -> None:
    """12.3.3: the side fired upon first fires back with what it has left."""
    second = defender(c) if c["order"] == "att" else attacker(c)
    ln = fire.fire(s, c, second)
    c["lna" if second == attacker(c) else "lnd"] = ln
    _old_units(s, c)
    c["stage"] = "restore"
    _losses(s, c, 1 - second, ln)


def _restore(s: State, c: Frame) -> None:
    c["stage"] = "winner"
    if cards.withdrawal(c):
        retreat.withdrawal_restore(s, c)


def _winner(s: State, c: Frame) -> None:
    """12.2.11: the higher Loss Number inflicted wins; equal numbers, both lose."""
    lna, lnd = c["lna"], c["lnd"]
    att = attacker(c)
    winner = att if lna > lnd else 1 - att if lnd > lna else -1
    c["winner"] = winner
    if winner < 0:
        log(s, "combat.tie", "12.2.11", None, lna=lna, lnd=lnd)
    else:
        log(s, "combat.winner", "12.2.11", winner, lna=lna, lnd=lnd)
    cards.finish(s, c, winner)
    c["stage"] = "retreat"


def _retreat(s: State, c: Frame) -> None:
    c["stage"] = "advance"
    retreat.begin(s, c)


def _advance(s: State, c: Frame) -> None:
    c["stage"] = "end"
    advance.begin(s, c)


def _end(s: State, c: Frame) -> None:
    cards.after_combat(s, c)
    for x in {c["tgt"], *c["spaces"]}:
        movement.lift_broken_siege(s, x)
    log(s, "combat.end", "12.2.1", attacker(c), space=SPACES[c["tgt"]].id)
    pop(s, c)
    f = s.stack[-1] if s.stack else None
    if f is not None and f["step"] == "combat_designation":
        # 12.1.6: a corps that replaced an attacking army took part in this combat (R50), so
        # it may not attack again in this action.
        new = [u for u in c["att"] if u not in f["used"]]
        if new:
            f["used"] = [*f["used"], *new]


STAGES = {
    "start": _start,
    "events": _events,
    "effects": _effects,
    "trench": _trench,
    "flank": _flank,
    "cards_att": _cards_att,
    "cards_def": _cards_def,
    "fire": _fire,
    "fire2": _fire2,
    "restore": _restore,
    "winner": _winner,
    "retreat": _retreat,
    "advance": _advance,
    "end": _end,
}


@STEPS.register
class Combat(PogStep):
    """12.2.1: one combat, step by step."""

    name = "combat"
    rule = "12.2.1"

    def settle(self, s: State, f: Frame) -> bool:
        STAGES[f["stage"]](s, f)
        return True
