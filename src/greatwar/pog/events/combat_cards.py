"""Combat cards (9.5.4) whose effects the worked examples use: Pleve (ap04), Withdrawal (ap06
and its Central Powers mirror cp56, rule 12.6) and Fortified Machine Guns (cp18).

The framework (windows, conditions, once-per-round use, what happens to a card after the
combat) is :mod:`greatwar.pog.combat.cards`; each card here is its condition and its effect.
"""

from __future__ import annotations

from greatwar.core.steps import Frame
from greatwar.pog.combat.cards import DEFENDER, EITHER, CombatCard, any_nation, register_cc
from greatwar.pog.combat.common import UNITS, defenders
from greatwar.pog.data import CP
from greatwar.pog.state import State


@register_cc
class Pleve(CombatCard):
    """ap04: +1 DRM to the Allied fire when a Russian unit attacks (AP attacking) or defends
    (CP attacking)."""

    key = "pleve"
    role = EITHER
    bonus = 1

    def condition(self, s: State, c: Frame, side: int) -> bool:
        return any_nation(s, c, side, "ru")


@register_cc
class ApWithdrawal(CombatCard):
    """ap06 (12.6): the defender regains one step after the losses, then retreats exactly one
    space whatever the result."""

    key = "ap_withdrawal"
    rule = "12.6"
    role = DEFENDER
    withdrawal = True


@register_cc
class CpWithdrawal(ApWithdrawal):
    """cp56 (optional card): the Central Powers' Withdrawal, as ap06."""

    key = "cp_withdrawal"


@register_cc
class FortifiedMachineGuns(CombatCard):
    """cp18: +1 DRM to the Central Powers' fire when the Allies attack a space with a CP
    trench and a German defending unit."""

    key = "fortified_machine_guns"
    role = DEFENDER
    bonus = 1

    def condition(self, s: State, c: Frame, side: int) -> bool:
        tgt = c["tgt"]
        if s.trench[tgt] <= 0 or s.tside[tgt] != CP:
            return False
        return any(UNITS[u].nation == "ge" for u in defenders(s, c))
