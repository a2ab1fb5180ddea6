"""France & Italy: the titled cards (see :mod:`greatwar.qmg1914.cards.ahoe` for the
conventions)."""

from __future__ import annotations

from greatwar.core.actions import Action
from greatwar.core.steps import Frame
from greatwar.qmg1914 import board, piles
from greatwar.qmg1914.battle import add_sustain, can_pay_sustain, sustain_cards
from greatwar.qmg1914.cards.base import Op, StatusCard, Use, register
from greatwar.qmg1914.cards.common import (
    X,
    area,
    battle,
    build,
    cost,
    draft,
    loss,
    near,
    recruit,
    supply,
    token,
)
from greatwar.qmg1914.cards.script import Script
from greatwar.qmg1914.data import (
    ADJ_OPEN,
    CARD_IDS,
    CARD_INDEX,
    CARDS,
    CENTRAL,
    DE,
    DEC,
    ENTENTE,
    FR,
    FRIT,
    IT,
    LAND_MASK,
    SEA_MASK,
    SPACES,
    TEAM_OF,
)
from greatwar.qmg1914.flow import PASS, STEPS, QStep, log, pop, push, reveal
from greatwar.qmg1914.losses import push_pay
from greatwar.qmg1914.options import define
from greatwar.qmg1914.state import State

define(
    "verdun_marne_penalty",
    "vp",
    ("vp", "none"),
    "Q40 Verdun and Marne: an attacker with no prepared card to discard loses 1 VP, or "
    "nothing happens",
)
define(
    "renault_ft_tanks",
    "any",
    ("any", "sufficient"),
    "Q41 Renault FT Tanks: any French Sustain may be taken back, or only one that brings the "
    "Sustain total up to the Reinforce total",
)
define(
    "alpini",
    "any_difficult",
    ("any_difficult", "terrain_only"),
    "Q42 Alpini: triggered by every battle counting as difficult terrain, or only by difficult "
    "terrain itself (not by an amphibious attack on clear terrain)",
)
define(
    "bersaglieri",
    "italy",
    ("italy", "italy_and_france"),
    "Q43 Bersaglieri: the difficult-terrain waiver covers Italy's battles, or France's too",
)

# -- Status cards -------------------------------------------------------------------------


def _once(s: State, key: str) -> bool:
    return not s.tflags.get(key)


@register
class LaRevanche(StatusCard):
    """Whenever France battles Belgium, Burgundy or Western Germany while a German piece is
    there: Entente +1 VP."""

    key = "la_revanche"

    def on_initiate(self, s: State, owner: int, k: int, b: Frame) -> None:
        zone = area("belgium", "burgundy", "western_germany")
        if b["c"] == FR and zone >> b["t"] & 1 and b["defc"] >> DEC & 1:
            board.gain_vp(s, ENTENTE, 1, CARD_IDS[k])


class _Fortress(StatusCard):
    """⚠ An enemy battling the space while a French piece is there discards one prepared card
    of its choice, unrevealed (ruling Q40 for an attacker without one)."""

    where = ""

    def on_initiate(self, s: State, owner: int, k: int, b: Frame) -> None:
        if TEAM_OF[b["a"]] != CENTRAL or b["t"] != X(self.where) or not b["defc"] >> FR & 1:
            return
        penalty = s.options.get("verdun_marne_penalty", "vp") == "vp"
        push_pay(s, b["a"], 1, "prepared", self.key, must=penalty)


@register
class Verdun(_Fortress):
    key = "verdun"
    where = "burgundy"


@register
class Marne(_Fortress):
    key = "marne"
    where = "picardy"


def _land_battle_cards(s: State) -> list[int]:
    return [k for k in s.hand[FRIT] if CARDS[k].type == "land_battle" and CARDS[k].country == FR]


@register
class GeneralNivellesCreepingBarrage(StatusCard):
    """Once per turn, in a land battle France initiated, France may discard a French Land Battle
    card from hand as a prepared single Sustain Land Battle."""

    key = "general_nivelles_creeping_barrage"

    def battle_actions(self, s: State, owner: int, k: int, b: Frame, p: int) -> list[Action]:
        if p != FRIT or owner != FRIT or b["st"] != "sustain" or b["c"] != FR or b["sea"]:
            return []
        if not _once(s, "nivelle") or not can_pay_sustain(s, b):
            return []
        return [Action("sustain", (CARD_IDS[c],)) for c in _land_battle_cards(s)]

    def battle_apply(self, s: State, owner: int, k: int, b: Frame, a: Action) -> bool:
        if a.verb != "sustain" or len(a.args) != 1 or b["d"] != FRIT:
            return False
        c = CARD_INDEX[a.args[0]]
        if c not in s.hand[FRIT] or a not in self.battle_actions(s, owner, k, b, FRIT):
            return False
        s.tflags["nivelle"] = 1
        piles.discard_from(s, FRIT, "hand", c, True)
        reveal(s)
        log(s, "battle.sustain", "RESOLVING BATTLE", FRIT, card=CARD_IDS[c])
        add_sustain(s, b, FRIT, 1)
        return True

    def battle_use(self, s: State, owner: int, k: int, b: Frame, a: Action) -> Use | None:
        return Use(CARD_INDEX[a.args[0]], 1, hand=1, once="nivelle")


@register
class RenaultFTTanks(StatusCard):
    """⚠ Once per turn, when France sustains a land battle with a prepared French card, it may
    take that card back into hand instead of discarding it (``sustain <card> keep``; Q41). Like
    any Sustain it is offered only when the total can still be made sufficient, and France then
    goes on until it is (Q56): it never unprepares a card in mid-battle for nothing."""

    key = "renault_ft_tanks"

    def battle_actions(self, s: State, owner: int, k: int, b: Frame, p: int) -> list[Action]:
        if p != FRIT or owner != FRIT or b["st"] != "sustain" or b["sea"]:
            return []
        if not _once(s, "renault"):
            return []
        out = []
        for c in sustain_cards(s, b, p):
            if CARDS[c].country != FR:
                continue
            if s.options.get("renault_ft_tanks") == "sufficient":
                if b["su"] + CARDS[c].strength < b["r"]:
                    continue
            out.append(Action("sustain", (CARD_IDS[c], "keep")))
        return out

    def battle_apply(self, s: State, owner: int, k: int, b: Frame, a: Action) -> bool:
        if a.verb != "sustain" or len(a.args) != 2 or b["d"] != FRIT:
            return False
        if a not in self.battle_actions(s, owner, k, b, FRIT):
            return False
        c = CARD_INDEX[a.args[0]]
        s.tflags["renault"] = 1
        piles.take(s, FRIT, "prepared", c)
        s.hand[FRIT].append(c)
        reveal(s)
        log(s, "battle.sustain_kept", "RESOLVING BATTLE", FRIT, card=CARD_IDS[c])
        add_sustain(s, b, FRIT, CARDS[c].strength)
        return True

    def battle_use(self, s: State, owner: int, k: int, b: Frame, a: Action) -> Use | None:
        c = CARD_INDEX[a.args[0]]
        return Use(c, CARDS[c].strength, once="renault", back=True)


@register
class BaresExpandsArmeeDeLAir(StatusCard):
    """Whenever France may draft a French Build Army, it may draft a French Land Battle."""

    key = "bares_expands_armee_de_lair"

    def draft_types(self, s: State, owner: int, k: int, p: int, c: int) -> list[str]:
        return ["land_battle"] if p == FRIT and c == FR else []


@register
class TroupesColoniales(StatusCard):
    """In its Draft step, with a French Navy in the Western Mediterranean, France may draft a
    French Build Army at no cost (instead of the step's normal draft)."""

    key = "troupes_coloniales"

    def _usable(self, s: State) -> bool:
        return bool(board.navies(s, FR) & area("western_mediterranean"))

    def draft_actions(self, s: State, owner: int, k: int) -> list[Action]:
        if owner != FRIT or not self._usable(s):
            return []
        from greatwar.qmg1914.piles import find_in_deck

        if find_in_deck(s, FRIT, FR, "build_army") < 0:
            return []
        return [Action("draft", ("build_army", "fr"))]

    def draft_apply(self, s: State, owner: int, k: int, f: Frame, a: Action) -> bool:
        if a != Action("draft", ("build_army", "fr")) or not self._usable(s):
            return False
        from greatwar.qmg1914.cards.script import draft_card

        f["k"] += 1
        draft_card(s, FRIT, FR, "build_army", "troupes_coloniales")
        return True


@register
class CitizenSoldiers(StatusCard):
    """Whenever France drafts a French Build Army, Build Navy or Land Battle, it may prepare
    that card at once."""

    key = "citizen_soldiers"

    def after_draft(self, s: State, owner: int, k: int, p: int, drafted: int) -> None:
        c = CARDS[drafted]
        if (
            p == FRIT == owner
            and c.country == FR
            and c.type
            in (
                "build_army",
                "build_navy",
                "land_battle",
            )
        ):
            push(s, "prepare_now", p=FRIT, _card=drafted)


@STEPS.register
class PrepareNow(QStep):
    name = "prepare_now"
    rule = "PREPARING A CARD"

    def settle(self, s: State, f: Frame) -> bool:
        if f["_card"] not in s.hand[f["p"]]:
            pop(s, f)
            return True
        return False

    def legal(self, s: State, f: Frame) -> list[Action]:
        return [Action("prepare", (CARD_IDS[f["_card"]],)), PASS]

    def apply(self, s: State, f: Frame, a: Action) -> None:
        pop(s, f)
        if a.verb == "prepare":
            from greatwar.qmg1914.cards.script import prepare

            prepare(s, f["p"], f["_card"])


@register
class Alpini(StatusCard):
    """⚠ Once per turn, an enemy battle counting as difficult terrain against a space with an
    Italian Army costs the attacker one more hand card; without it, Central Powers lose 1 VP
    (ruling Q42 on amphibious attacks)."""

    key = "alpini"

    def on_initiate(self, s: State, owner: int, k: int, b: Frame) -> None:
        if TEAM_OF[b["a"]] != CENTRAL or b["sea"] or not b["defc"] >> IT & 1:
            return
        if not b["dif"] or not _once(s, "alpini"):
            return
        if s.options.get("alpini") == "terrain_only" and not SPACES[b["t"]].difficult:
            return
        s.tflags["alpini"] = 1
        push_pay(s, b["a"], 1, "hand", "alpini", must=True)


# -- Economic Warfare ---------------------------------------------------------------------


@register
class FrancsTireurs(Script):
    """Germany loses 1, +1 for a German Army in Picardy and +1 per German Army next to it; then
    draft a French Build Army at no cost."""

    key = "francs_tireurs"
    heading = "ECONOMIC WARFARE"

    def ops(self, s: State, p: int, k: int) -> list[Op]:
        de = board.armies(s, DEC)
        n = 1 + (1 if de >> X("picardy") & 1 else 0)
        n += board.count(de & ADJ_OPEN[X("picardy")])
        return [loss((DE, n)), draft(FR)]


@register
class ArmeeDAfrique(Script):
    key = "armee_dafrique"
    heading = "ECONOMIC WARFARE"

    def ops(self, s: State, p: int, k: int) -> list[Op]:
        out = [loss((DE, 3))]
        if board.navies(s, FR) & area("north_atlantic"):
            out.append(draft(FR))
        return out


# -- Events -------------------------------------------------------------------------------


@register
class KingFerdinandReorganizesRomanianArmy(Script):
    key = "king_ferdinand_reorganizes_romanian_army"

    def ops(self, s: State, p: int, k: int) -> list[Op]:
        return [token("romania"), recruit(FR, area("romania"))]


@register
class ParisTaxis(Script):
    key = "paris_taxis"

    def ops(self, s: State, p: int, k: int) -> list[Op]:
        return [draft(FR), recruit(FR, near("paris") & LAND_MASK)]


@register
class RomaniansAdvanceInTransylvania(Script):
    key = "romanians_advance_in_transylvania"

    def ops(self, s: State, p: int, k: int) -> list[Op]:
        return [supply(FR, "romania"), battle(FR, ADJ_OPEN[X("romania")] & LAND_MASK)]


@register
class AlsaceLorraine(Script):
    key = "alsace_lorraine"

    def ops(self, s: State, p: int, k: int) -> list[Op]:
        return [token("burgundy")]


@register
class RomaniaJoinsEntente(Script):
    key = "romania_joins_entente"

    def ops(self, s: State, p: int, k: int) -> list[Op]:
        return [token("romania"), recruit(FR, area("romania"))]


@register
class FranceMobilizes(Script):
    key = "france_mobilizes"

    def ops(self, s: State, p: int, k: int) -> list[Op]:
        return [draft(FR), recruit(FR, near("paris") & LAND_MASK), build(FR, SEA_MASK)]


@register
class PlanXVII(Script):
    key = "plan_xvii"

    def ops(self, s: State, p: int, k: int) -> list[Op]:
        return [build(FR, near("paris") & LAND_MASK), battle(FR, LAND_MASK, frm="built")]


@register
class TheSunnyDaysOfMay(Script):
    key = "the_sunny_days_of_may"

    def ops(self, s: State, p: int, k: int) -> list[Op]:
        return [draft(IT), build(IT, area("rome", "italian_alps"))]


@register
class IsonzoRiverOffensives(Script):
    """Discard a card; build an Italian Army in the Italian Alps; then the Italian Army there
    may battle Tyrol."""

    key = "isonzo_river_offensives"

    def ops(self, s: State, p: int, k: int) -> list[Op]:
        alps = area("italian_alps")
        return [cost(1), build(IT, alps), ["battle", {"c": IT, "area": area("tyrol"),
                                                       "kind": "land", "from": alps}]]  # fmt: skip


@register
class Bersaglieri(Script):
    """⚠ DIFFICULT TERRAIN: no difficult-terrain discards this turn (Italy; Q43); Italy may
    battle a land space."""

    key = "bersaglieri"

    def ops(self, s: State, p: int, k: int) -> list[Op]:
        who = [IT, FR] if s.options.get("bersaglieri") == "italy_and_france" else [IT]
        return [["nodif", {"cs": who}], battle(IT, LAND_MASK)]
