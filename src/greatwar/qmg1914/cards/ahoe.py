"""Austria-Hungary & Ottoman Empire: the titled cards.

Each class is one card's Play text (or a Status card's standing effect); the Prepare symbols are
data (``cards.csv``) and need no code. Uncertain cards (⚠) read their option; the rulings are in
``docs/qmg1914-rulings.md``.
"""

from __future__ import annotations

from typing import Any

from greatwar.core.actions import Action
from greatwar.core.steps import Frame
from greatwar.qmg1914 import board
from greatwar.qmg1914.cards.base import Op, StatusCard, register
from greatwar.qmg1914.cards.common import (
    Requiring,
    X,
    area,
    battle,
    build,
    cost,
    country_bits,
    draft,
    eliminate,
    loss,
    must_discard,
    prep,
    recruit,
    supply,
    team_armies_in,
    team_navies_in,
    token,
    vp,
)
from greatwar.qmg1914.cards.script import Script, op
from greatwar.qmg1914.data import (
    ADJ_OPEN,
    AH,
    AHOE,
    CARD_IDS,
    CARD_INDEX,
    CENTRAL,
    DE,
    ENTENTE,
    FRIT,
    LAND_MASK,
    OE,
    RU,
    RUC,
    TEAM_COUNTRY_MASK,
    TEAM_OF,
    TEAM_OF_COUNTRY,
    UKUS,
)
from greatwar.qmg1914.flow import PASS, STEPS, QStep, pop, push
from greatwar.qmg1914.losses import push_losses
from greatwar.qmg1914.options import define
from greatwar.qmg1914.piles import discard_from, log_discard
from greatwar.qmg1914.state import State

define(
    "october_revolution_moscow",
    True,
    (True, False),
    "Q31 The October Revolution: does a Central Powers Army in Moscow add to Russia's loss?",
)
define(
    "caporetto",
    "requirement",
    ("requirement", "mandatory"),
    "Q32 Caporetto: Germany's discard is a requirement (no Germany hand card: the card cannot "
    "be played) or a mandatory discard (none: Central Powers lose 1 VP, the card still acts)",
)
define(
    "treaty_of_amity_country",
    "ah",
    ("ah", "oe"),
    "Q33 Treaty of Amity and Alliance: the country of the Army recruited in Bulgaria",
)

# -- Status cards -------------------------------------------------------------------------

RAIL_GAUGE = area(
    "moscow", "petrograd", "ukraine", "caucasus", "poland", "galicia", "romania",
    "azerbaijan", "baltic_sea", "black_sea", "caspian_sea",
)  # fmt: skip


@register
class RussianRailGauge(StatusCard):
    """Russia may not use prepared cards in battles outside the Russian rail network."""

    key = "russian_rail_gauge"

    def may_use_prepared(self, s: State, owner: int, k: int, p: int, b: Frame) -> bool:
        return p != RU or bool(RAIL_GAUGE >> b["t"] & 1)


BALKANS = area("serbia", "budapest", "romania", "bulgaria", "greece")


@register
class BalkanDomination(StatusCard):
    """Scoring Round: Central Powers +2 VP if no Entente Army stands in the Balkans."""

    key = "balkan_domination"

    def score(self, s: State, owner: int, k: int) -> int:
        return 0 if team_armies_in(s, ENTENTE, BALKANS) else 2


@register
class KukKriegsmarine(StatusCard):
    """Scoring Round: Central Powers +1 VP if the Austro-Hungarian Navy is on the board."""

    key = "kuk_kriegsmarine"

    def score(self, s: State, owner: int, k: int) -> int:
        return 1 if board.navies(s, AH) else 0


OTTOMAN_LANDS = area("istanbul", "anatolia", "azerbaijan", "persia", "middle_east")


@register
class LimitedRailAndRoadNetwork(StatusCard):
    """An Entente power battling, building or recruiting in the Ottoman lands discards one more
    card from hand; without it, it may not (ruling Q34: elimination is not affected)."""

    key = "limited_rail_and_road_network"

    def battle_cost(self, s: State, owner: int, k: int, b: dict[str, Any]) -> int:
        return 1 if TEAM_OF[b["a"]] == ENTENTE and OTTOMAN_LANDS >> b["t"] & 1 else 0

    def place_cost(self, s: State, owner: int, k: int, p: int, c: int, x: int) -> int:
        return 1 if TEAM_OF_COUNTRY[c] == ENTENTE and OTTOMAN_LANDS >> x & 1 else 0


# -- Economic Warfare ---------------------------------------------------------------------


@register
class SovietsOfPetrograd(Script):
    """Russia loses 2, plus 1 per Central Army in its heartland and Navy in the Baltic."""

    key = "soviets_of_petrograd"
    heading = "ECONOMIC WARFARE"

    def ops(self, s: State, p: int, k: int) -> list[Op]:
        n = 2 + team_armies_in(s, CENTRAL, area("petrograd", "poland", "ukraine", "moscow"))
        n += team_navies_in(s, CENTRAL, area("baltic_sea"))
        return [loss((RU, n)), vp(1)]


@register
class ExtravagantLifestyle(Script):
    """AH&OE and Russia lose 1; +1 VP; then AH&OE may discard up to 2 more hand cards, Russia
    losing 1 more for each."""

    key = "the_extravagant_lifestyle_of_the_aristocracy"
    heading = "ECONOMIC WARFARE"

    def ops(self, s: State, p: int, k: int) -> list[Op]:
        return [loss((AHOE, 1), (RU, 1)), vp(1), ["extra_discards", {"n": 2, "victim": RU}]]


@op("extra_discards")
def _extra_discards(s: State, f: Frame, a: dict[str, Any], ret: int) -> None:
    push(s, "extra_discards", p=f["p"], n=a["n"], victim=a["victim"], done=0, why=CARD_IDS[f["k"]])


@STEPS.register
class ExtraDiscards(QStep):
    """Discard up to ``n`` hand cards, unrevealed; the victim then loses as many cards."""

    name = "extra_discards"
    rule = "ECONOMIC WARFARE"

    def settle(self, s: State, f: Frame) -> bool:
        if f["n"] <= 0 or not s.hand[f["p"]]:
            self._finish(s, f)
            return True
        return False

    @staticmethod
    def _finish(s: State, f: Frame) -> None:
        pop(s, f)
        push_losses(s, [(f["victim"], f["done"])], f["why"])

    def legal(self, s: State, f: Frame) -> list[Action]:
        out = [Action("discard", (CARD_IDS[k],)) for k in s.hand[f["p"]]]
        out.append(PASS)
        return out

    def apply(self, s: State, f: Frame, a: Action) -> None:
        if a.verb == "pass":
            self._finish(s, f)
            return
        k = CARD_INDEX[a.args[0]]
        discard_from(s, f["p"], "hand", k, False)
        log_discard(s, f["p"], k, "hand", False, f["why"])
        f["n"] -= 1
        f["done"] += 1


@register
class TheOctoberRevolution(Script):
    """⚠ Russia loses 1, plus 1 per Central piece in the Russian lands and seas (Q31)."""

    key = "the_october_revolution"
    heading = "ECONOMIC WARFARE"

    def ops(self, s: State, p: int, k: int) -> list[Op]:
        lands = ["petrograd", "poland", "ukraine", "galicia", "romania", "caucasus", "azerbaijan"]
        if s.options.get("october_revolution_moscow", True):
            lands.append("moscow")
        n = 1 + team_armies_in(s, CENTRAL, area(*lands))
        n += team_navies_in(s, CENTRAL, area("baltic_sea", "black_sea", "caspian_sea"))
        return [loss((RU, n)), vp(1)]


@register
class SpanishFlu(Script):
    """Every power loses cards, the playing power included; no VP."""

    key = "spanish_flu"
    heading = "ECONOMIC WARFARE"

    def ops(self, s: State, p: int, k: int) -> list[Op]:
        return [loss((AHOE, 1), (RU, 2), (DE, 1), (FRIT, 3), (UKUS, 2))]


# -- Events -------------------------------------------------------------------------------


@register
class ImperialAustrianLandwehr(Script):
    key = "imperial_austrian_landwehr"

    def ops(self, s: State, p: int, k: int) -> list[Op]:
        return [draft(AH), prep(), recruit(AH, area("vienna", "tyrol", "galicia"))]


@register
class Caporetto(Requiring):
    """⚠ Germany discards a hand card (Q32); then Austria-Hungary may battle the Italian Alps;
    then build an Austro-Hungarian Army there."""

    key = "caporetto"

    def requirement(self, s: State, p: int, k: int) -> bool:
        return s.options.get("caporetto") == "mandatory" or bool(s.hand[DE])

    def ops(self, s: State, p: int, k: int) -> list[Op]:
        alps = area("italian_alps")
        return [must_discard(DE, 1, "hand"), battle(AH, alps), build(AH, alps)]


@register
class FranzFerdinandAvenged(Script):
    """Discard a card; Austria-Hungary may battle Serbia; then build an Army in Serbia."""

    key = "franz_ferdinand_avenged"

    def ops(self, s: State, p: int, k: int) -> list[Op]:
        serbia = area("serbia")
        return [cost(1), battle(AH, serbia), build(AH, serbia)]


@register
class MoravaOffensive(Script):
    """An Austro-Hungarian Army in Bulgaria is supplied this turn; battle a land space next to
    Bulgaria."""

    key = "morava_offensive"

    def ops(self, s: State, p: int, k: int) -> list[Op]:
        return [supply(AH, "bulgaria"), battle(AH, ADJ_OPEN[X("bulgaria")] & LAND_MASK)]


@register
class AntiVenizelists(Script):
    key = "anti_venizelists_surrender_fort_roupel"

    def ops(self, s: State, p: int, k: int) -> list[Op]:
        return [token("greece"), recruit(AH, area("greece"))]


@register
class BulgariaJoinsCentralPowers(Script):
    key = "bulgaria_joins_central_powers"

    def ops(self, s: State, p: int, k: int) -> list[Op]:
        return [token("bulgaria"), recruit(AH, area("bulgaria"))]


@register
class BrudermannOrdersCavalryCharge(Script):
    key = "brudermann_orders_cavalry_charge"

    def ops(self, s: State, p: int, k: int) -> list[Op]:
        galicia = area("galicia")
        return [cost(1), battle(AH, galicia), build(AH, galicia)]


@register
class RoyalHungarianHonved(Script):
    key = "royal_hungarian_honved"

    def ops(self, s: State, p: int, k: int) -> list[Op]:
        return [draft(AH), prep(), recruit(AH, area("budapest", "tyrol", "galicia"))]


@register
class TreatyOfAmityAndAlliance(Script):
    """⚠ Token on Bulgaria; recruit an Army there (its country: Q33)."""

    key = "treaty_of_amity_and_alliance"

    def ops(self, s: State, p: int, k: int) -> list[Op]:
        c = OE if s.options.get("treaty_of_amity_country") == "oe" else AH
        return [token("bulgaria"), recruit(c, area("bulgaria"))]


@register
class IOrderYouToDie(Script):
    key = "i_order_you_to_die"

    def ops(self, s: State, p: int, k: int) -> list[Op]:
        return [eliminate(TEAM_COUNTRY_MASK[ENTENTE], area("istanbul"))]


@register
class PersianOil(Script):
    key = "persian_oil"

    def ops(self, s: State, p: int, k: int) -> list[Op]:
        return [cost(1), token("persia"), build(OE, area("persia"))]


@register
class OttomanMobilization(Script):
    key = "ottoman_mobilization"

    def ops(self, s: State, p: int, k: int) -> list[Op]:
        return [draft(OE), prep(), build(OE, OTTOMAN_LANDS)]


@register
class ACrumblingEmpire(Script):
    key = "a_crumbling_empire"

    def ops(self, s: State, p: int, k: int) -> list[Op]:
        return [cost(1), token("middle_east"), build(OE, area("middle_east"))]


@register
class BombingOfTheRussianBlackSeaPorts(Script):
    """BATTLE VS. ELIMINATE: a Russian Navy in the Black Sea is simply removed."""

    key = "bombing_of_the_russian_black_sea_ports"

    def ops(self, s: State, p: int, k: int) -> list[Op]:
        return [eliminate(country_bits(RUC), area("black_sea"))]
