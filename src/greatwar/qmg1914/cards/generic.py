"""The four generic card types (CARD TYPES: BUILD ARMY, BUILD NAVY, LAND BATTLE, SEA BATTLE):
each acts for the card's country."""

from __future__ import annotations

from greatwar.qmg1914.cards.base import Op, register
from greatwar.qmg1914.cards.script import Script
from greatwar.qmg1914.data import CARDS, LAND_MASK, SEA_MASK
from greatwar.qmg1914.state import State


@register
class BuildArmy(Script):
    """BUILD ARMY: build an Army of the card's country (BUILD: it must be in supply)."""

    key = "build_army"
    heading = "BUILD ARMY"

    def ops(self, s: State, p: int, k: int) -> list[Op]:
        return [["place", {"c": CARDS[k].country, "area": LAND_MASK}]]


@register
class BuildNavy(Script):
    """BUILD NAVY: build a Navy of the card's country."""

    key = "build_navy"
    heading = "BUILD NAVY"

    def ops(self, s: State, p: int, k: int) -> list[Op]:
        return [["place", {"c": CARDS[k].country, "area": SEA_MASK}]]


@register
class LandBattle(Script):
    """LAND BATTLE: the card's country battles a land space."""

    key = "land_battle"
    heading = "LAND BATTLE"

    def ops(self, s: State, p: int, k: int) -> list[Op]:
        return [["battle", {"c": CARDS[k].country, "kind": "land"}]]


@register
class SeaBattle(Script):
    """SEA BATTLE: the card's country battles a sea space."""

    key = "sea_battle"
    heading = "SEA BATTLE"

    def ops(self, s: State, p: int, k: int) -> list[Op]:
        return [["battle", {"c": CARDS[k].country, "kind": "sea"}]]
