"""Combat (12), trenches in combat (11.2.8-11.2.9), forts and sieges in combat (15).

Modules: :mod:`.designation` (12.1, 12.2.2), :mod:`.resolution` (the twelve steps of 12.2.1),
:mod:`.fire` (12.2.7-12.2.9), :mod:`.losses` (12.4, 12.5.6), :mod:`.retreat` (12.5, 12.6),
:mod:`.advance` (12.7), :mod:`.cards` (the combat-card framework, 9.5.4). Importing the package
registers their steps.
"""

from __future__ import annotations

from greatwar.pog.combat import (  # noqa: F401  (registers the steps)
    advance,
    cards,
    designation,
    fire,
    losses,
    resolution,
    retreat,
)
from greatwar.pog.combat.cards import ATTACKER, DEFENDER, EITHER, CombatCard, register_cc

__all__ = ["ATTACKER", "DEFENDER", "EITHER", "CombatCard", "register_cc"]
