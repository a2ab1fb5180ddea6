"""Events played in an action round that change later combats (card-events.md; 9.5.1, 12).

- ap27 Great Retreat (ap27v: also an operation): for the rest of the turn, when the CP attacks
  a space with Russian units, the Allies may first pull Russian defenders back one space
  (``great_retreat`` step, before any combat card or flank attempt).
- ap28 Landships: Royal Tank Corps may be played from now on (a permission, read by the card).
- ap35 Yanks and Tanks: +2 to every Allied attack with a US unit this action round; Alberich
  may not be played against the Allies this round.
- ap45 Kerensky Offensive: once in this operation, +2 to a Russian attack on a space with
  Austro-Hungarian, Bulgarian or Turkish units (``select ap45`` in the Allied card window).
- ap46 Brusilov Offensive: +1 to every Russian attack this action round, and once this round a
  Russian attack on a space with a CP trench and no German unit may cancel all trench effects
  (``select ap46`` at the trench step or step 5).
- cp55 Lloyd George, cp58 Stavka Timidity: for the rest of the turn some attacks may not be
  made (a bar on the units in :data:`designation.ATTACK_BARS`).
- cp61 Haig: for the rest of the turn, German-held entrenched spaces in France, Belgium or
  Germany attacked by the British ignore the retreat.

Kerensky, Brusilov and Yanks and Tanks are event and operation cards: the operation is pushed
by the common event procedure (``events/base.py``). The combat effects are registered with
:func:`combat.cards.register_effect` and act through the combat-card framework.
"""

from __future__ import annotations

from greatwar.core.actions import Action
from greatwar.core.steps import Frame
from greatwar.pog import board, movement
from greatwar.pog.combat import designation, resolution
from greatwar.pog.combat.cards import (
    ALL_TRENCH,
    ATTACKER,
    DEFENDER,
    TRENCH,
    CombatCard,
    register_effect,
)
from greatwar.pog.combat.common import (
    RETREATED,
    SPACES,
    UNITS,
    attacker,
    combat_frame,
    defenders,
    in_supply_for_cards,
    note_round,
)
from greatwar.pog.combat.retreat import _enter, first_options
from greatwar.pog.data import AP, CP
from greatwar.pog.events.base import Event, register
from greatwar.pog.flow import STEPS, D, PogStep, act, log, pop, push
from greatwar.pog.messages import define, define_prompts
from greatwar.pog.state import State
from greatwar.pog.trenches import round_index

HL_OFFENSIVES = ("michael", "blucher", "peace_offensive")
FR_BE_GE = frozenset({"fr", "be", "ge"})
USED = -1  # a once-only effect of this round that has been used

define(
    "en",
    {
        "event.offensive": "{event_name} is in effect",
        "event.great_retreat": "Great Retreat: {unit} falls back from {frm} to {to}",
        "event.great_retreat_over": (
            "Great Retreat: the defenders are gone; the combat for {space} ends"
        ),
    },
)
define_prompts(
    "en",
    {
        "event.great_retreat": (
            "Great Retreat: pull Russian defenders back one space before the combat, or fight."
        ),
    },
)


def this_turn(s: State, key: str) -> bool:
    """The event ``key`` was played this turn."""
    return s.events.get(key) == s.turn


def this_round(s: State, key: str) -> bool:
    """The marker ``key`` of an event played in this action round is set."""
    return bool(s.tflags.get(key) == round_index(s))


def hl_offensive_played(s: State) -> bool:
    return any(k in s.events for k in HL_OFFENSIVES)


def _flag(s: State, side: int, key: str, rule: str) -> None:
    log(s, "event.offensive", rule, side, event=key)


# -- ap27 Great Retreat -------------------------------------------------------------------------


@register
class GreatRetreat(Event):
    """ap27 (and ap27v, which is also an operation): for the rest of this turn."""

    key = "great_retreat"

    def play(self, s: State, side: int, card: int) -> None:
        _flag(s, side, self.key, self.rule)


def _russians(s: State, c: Frame) -> list[int]:
    tgt = c["tgt"]
    return [u for u in (*c["dfn"], *c["old"]) if s.loc[u] == tgt and UNITS[u].nation == "ru"]


def _retreats(s: State, c: Frame) -> list[tuple[int, int]]:
    """One-space retreats open to the Russian defenders (12.5.5, as a one-space retreat)."""
    return [(u, y) for u in _russians(s, c) for y in first_options(s, c, u)]


def great_retreat_hook(s: State, c: Frame) -> None:
    """Before the combat's cards and flank attempt: offer the Great Retreat."""
    if attacker(c) != CP or not this_turn(s, "great_retreat"):
        return
    c["need"] = 1  # the retreat rules' one-space case
    if _retreats(s, c):
        push(s, "great_retreat", side=AP)
    else:
        c["need"] = 0


@STEPS.register
class GreatRetreatStep(PogStep):
    """ap27: the Allies retreat Russian defenders one space each (``retreat <unit> <space>``),
    then ``done``. Retreated units take no part in the combat. If no defending unit is left
    and no Allied fort stands in the space, the attackers may advance into it (one space) and
    the combat ends; otherwise it is fought against what remains."""

    name = "great_retreat"
    rule = "12.5"

    def settle(self, s: State, f: Frame) -> bool:
        c = combat_frame(s)
        if not _retreats(s, c):
            self._finish(s, c, f)
            return True
        return False

    def prompt(self, s: State, f: Frame) -> str:
        return "event.great_retreat"

    def legal(self, s: State, f: Frame) -> list[Action]:
        c = combat_frame(s)
        out = [act("retreat", UNITS[u].id, SPACES[y].id) for u, y in _retreats(s, c)]
        out.append(act("done"))
        return out

    def apply(self, s: State, f: Frame, a: Action) -> None:
        c = combat_frame(s)
        if a.verb == "done":
            self._finish(s, c, f)
            return
        u, to = D.unit(a.args[0]), D.space(a.args[1])
        frm = s.loc[u]
        log(s, "event.great_retreat", "12.5", AP, unit=a.args[0], frm=SPACES[frm].id, to=a.args[1])
        _enter(s, u, to, last=True)  # 12.5.5: control of the space it ends in
        note_round(s, RETREATED, u)  # 12.1.2, 12.5.6 as for any retreat this round
        c["dfn"] = [v for v in c["dfn"] if v != u]
        c["old"] = [v for v in c["old"] if v != u]

    def _finish(self, s: State, c: Frame, f: Frame) -> None:
        pop(s, f)
        tgt = c["tgt"]
        dfn = defenders(s, c)
        # 14.3.4, 15.1.6: combat cards for the defenders that are left.
        c["dcc"] = 1 if dfn and all(in_supply_for_cards(s, u) for u in dfn) else 0
        left = any(UNITS[u].side == AP for u in board.units_in(s, tgt))
        if left or movement.enemy_fort(s, CP, tgt):
            c["need"] = 0
            return
        log(s, "event.great_retreat_over", "12.7", AP, space=SPACES[tgt].id)
        c.update(retreated=1, stage="advance")  # 12.7: a one-space advance, then the end


resolution.BEFORE_CARDS.append(great_retreat_hook)


# -- ap28 Landships, ap35 Yanks and Tanks --------------------------------------------------------


@register
class Landships(Event):
    """ap28: Royal Tank Corps (ap48) may be played from now on; then a 4-OPS operation."""

    key = "landships"

    def play(self, s: State, side: int, card: int) -> None:
        _flag(s, side, self.key, self.rule)


@register
class YanksAndTanks(Event):
    """ap35: this action round, +2 to every Allied attack with a US unit, and no Alberich
    against the Allies; then a 4-OPS operation."""

    key = "yanks_and_tanks"

    def play(self, s: State, side: int, card: int) -> None:
        s.tflags[self.key] = round_index(s)
        _flag(s, side, self.key, self.rule)


@register_effect
class YanksAndTanksAttack(CombatCard):
    """ap35: +2 DRM to the Allied fire when a US unit attacks, in the event's action round."""

    key = "yanks_and_tanks"
    rule = "12.2.7"
    owner = AP
    auto = True
    role = ATTACKER
    bonus = 2

    def condition(self, s: State, c: Frame, side: int) -> bool:
        return this_round(s, self.key) and any(UNITS[u].nation == "us" for u in c["att"])


# -- ap45 Kerensky Offensive, ap46 Brusilov Offensive -----------------------------------------


@register
class KerenskyOffensive(Event):
    """ap45: after the Fall of the Tsar and before the Bolshevik Revolution; a 3-OPS operation
    in one combat of which the Allies may add +2."""

    key = "kerensky_offensive"

    def playable(self, s: State, side: int, card: int) -> bool:
        return "fall_of_the_tsar" in s.events and "bolshevik_revolution" not in s.events

    def play(self, s: State, side: int, card: int) -> None:
        s.tflags[self.key] = round_index(s)
        _flag(s, side, self.key, self.rule)


@register_effect
class KerenskyAttack(CombatCard):
    """ap45: once, +2 DRM to a Russian attack of the Kerensky operation on a space with an
    Austro-Hungarian, Bulgarian or Turkish unit (the Allies choose the combat)."""

    key = "kerensky_offensive"
    rule = "12.2.7"
    owner = AP
    card = "ap45"
    role = ATTACKER
    bonus = 2

    def condition(self, s: State, c: Frame, side: int) -> bool:
        if not this_round(s, self.key):
            return False
        if not any(UNITS[u].nation in ("ah", "bu", "tu") for u in defenders(s, c)):
            return False
        return any(UNITS[u].nation == "ru" for u in c["att"])

    def on_play(self, s: State, c: Frame, side: int) -> None:
        s.tflags[self.key] = USED


@register
class BrusilovOffensive(Event):
    """ap46: this action round, +1 to every Russian attack and, once, the cancelling of the
    trench effects of a trench not held by Germans; then a 4-OPS operation."""

    key = "brusilov_offensive"

    def play(self, s: State, side: int, card: int) -> None:
        s.tflags[self.key] = round_index(s)
        s.tflags["brusilov_trench"] = round_index(s)
        _flag(s, side, self.key, self.rule)


@register_effect
class BrusilovAttack(CombatCard):
    """ap46: +1 DRM to the Allied fire when Russian units attack, in the event's round."""

    key = "brusilov_offensive"
    rule = "12.2.7"
    owner = AP
    auto = True
    role = ATTACKER
    bonus = 1

    def condition(self, s: State, c: Frame, side: int) -> bool:
        return this_round(s, self.key) and any(UNITS[u].nation == "ru" for u in c["att"])


@register_effect
class BrusilovTrenches(CombatCard):
    """ap46: once in the event's round, a Russian attack on a space with a CP trench and no
    German unit may cancel all trench effects (12.2.4; then a flank attempt is allowed)."""

    key = "brusilov_trench"
    rule = "12.2.4"
    owner = AP
    card = "ap46"
    window = TRENCH
    role = ATTACKER
    negates = ALL_TRENCH

    def condition(self, s: State, c: Frame, side: int) -> bool:
        if not this_round(s, self.key):
            return False
        tgt = c["tgt"]
        if not (s.trench[tgt] > 0 and s.tside[tgt] == CP):
            return False
        if any(UNITS[u].nation == "ge" for u in board.units_in(s, tgt)):
            return False
        return any(UNITS[u].nation == "ru" for u in c["att"])

    def on_play(self, s: State, c: Frame, side: int) -> None:
        s.tflags[self.key] = USED


# -- cp55 Lloyd George, cp58 Stavka Timidity, cp61 Haig ------------------------------------------


@register
class LloydGeorge(Event):
    """cp55: not after Michael, Blucher or Peace Offensive. For the rest of this turn (until
    one of them is played) no Allied attack with British units (not the AUS, CND, PT and ANA
    corps, 7.1.4) may target a space holding German units behind a level-2 CP trench."""

    key = "lloyd_george"
    rule = "7.1.4"

    def playable(self, s: State, side: int, card: int) -> bool:
        return not hl_offensive_played(s)

    def play(self, s: State, side: int, card: int) -> None:
        _flag(s, side, self.key, self.rule)


def lloyd_george_bar(s: State, u: int, tgt: int) -> bool:
    d = UNITS[u]
    if d.nation != "br" or "british_minor" in d.flags:
        return False
    if not this_turn(s, "lloyd_george") or hl_offensive_played(s):
        return False
    if s.trench[tgt] != 2 or s.tside[tgt] != CP:
        return False
    return any(UNITS[v].nation == "ge" for v in board.units_in(s, tgt))


@register
class StavkaTimidity(Event):
    """cp58 (optional): after Tsar Takes Command. For the rest of this turn no attack with
    Russian units may target a space with a CP trench holding German units only."""

    key = "stavka_timidity"

    def playable(self, s: State, side: int, card: int) -> bool:
        return "tsar_takes_command" in s.events

    def play(self, s: State, side: int, card: int) -> None:
        _flag(s, side, self.key, self.rule)


def stavka_bar(s: State, u: int, tgt: int) -> bool:
    if UNITS[u].nation != "ru" or not this_turn(s, "stavka_timidity"):
        return False
    if s.trench[tgt] <= 0 or s.tside[tgt] != CP:
        return False
    units = board.units_in(s, tgt)
    return bool(units) and all(UNITS[v].nation == "ge" for v in units)


designation.ATTACK_BARS.extend((lloyd_george_bar, stavka_bar))


@register
class Haig(Event):
    """cp61 (optional): for the rest of this turn (no effect once Michael, Blucher or Peace
    Offensive is played) the defenders of an entrenched space in France, Belgium or Germany
    holding German units ignore the retreat when the Allies attack it with British units."""

    key = "haig"

    def play(self, s: State, side: int, card: int) -> None:
        _flag(s, side, self.key, self.rule)


@register_effect
class HaigDefence(CombatCard):
    """cp61: the defenders ignore the retreat of a lost combat (12.2.12)."""

    key = "haig"
    rule = "12.2.12"
    owner = CP
    auto = True
    role = DEFENDER
    ignore_retreat = True

    def condition(self, s: State, c: Frame, side: int) -> bool:
        if not this_turn(s, self.key) or hl_offensive_played(s):
            return False
        tgt = c["tgt"]
        if SPACES[tgt].nation not in FR_BE_GE or s.trench[tgt] <= 0 or s.tside[tgt] != CP:
            return False
        if not any(UNITS[u].nation == "ge" for u in defenders(s, c)):
            return False
        return any(UNITS[u].nation == "br" for u in c["att"])
