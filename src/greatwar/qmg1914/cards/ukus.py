"""United Kingdom & United States: the titled cards (see :mod:`greatwar.qmg1914.cards.ahoe`
for the conventions)."""

from __future__ import annotations

from typing import Any

from greatwar.core.actions import Action
from greatwar.core.steps import Frame
from greatwar.qmg1914 import board, piles
from greatwar.qmg1914.battle import add_reinforce, add_sustain, can_pay_sustain, reinforce_cards
from greatwar.qmg1914.cards.backing import Backing
from greatwar.qmg1914.cards.base import Op, StatusCard, Use, register
from greatwar.qmg1914.cards.common import (
    ALL,
    Requiring,
    X,
    adjacent_to,
    area,
    battle,
    build,
    cost_prepared,
    draft,
    loss,
    must_discard,
    near,
    prep,
    push_choose_power,
    recruit,
    status,
    then,
    token,
    within,
)
from greatwar.qmg1914.cards.script import Script, op, play_card, playable
from greatwar.qmg1914.data import (
    ADJ_OPEN,
    AHOE,
    CARD_IDS,
    CARD_INDEX,
    CARDS,
    DE,
    DEC,
    ENTENTE,
    FR,
    IT,
    LAND_MASK,
    OE,
    POWERS,
    RU,
    RUC,
    SEA_MASK,
    TEAM_OF,
    UK,
    UKUS,
    US,
    spaces_of,
)
from greatwar.qmg1914.flow import PASS, STEPS, QStep, log, pop, push, reveal
from greatwar.qmg1914.losses import push_losses, push_pay
from greatwar.qmg1914.options import define
from greatwar.qmg1914.placement import BUILD, put, targets
from greatwar.qmg1914.state import State

define(
    "lawrence_foments_arab_revolts",
    "either",
    ("either", "both"),
    "Q44 Lawrence Foments Arab Revolts: eliminate the Ottoman Army in the Middle East or "
    "recruit a UK Army there, or both in turn",
)
define(
    "pals_battalions",
    "vp",
    ("vp", "no_vp"),
    "Q45 The Pals Battalions: taking the Build Army from the discard pile costs the draft's "
    "two cards and 1 VP, or the two cards only",
)
define(
    "persian_campaign",
    "all",
    ("all", "recruit_only"),
    "Q46 Persian Campaign: the three-Navy condition gates the token and the recruit, or only "
    "the recruit",
)
define(
    "tunnel_mines",
    "one",
    ("one", "both"),
    "Q47 Tunnel Mines: one chosen power (Germany or AH&OE) discards two prepared cards, or "
    "each such power does",
)
define(
    "blackjack_counterattack",
    True,
    (True, False),
    "Q52 Blackjack and the Doughboys: may a US Counterattack card be used after such a defence",
)
define(
    "war_revenue_act",
    "use_each",
    ("use_each", "to_hand"),
    "Q53 War Revenue Act: every US card taken is used at once (one played, one prepared, one "
    "to the deck's bottom), or up to three go to hand and up to one of each use follows",
)
define(
    "gallipoli",
    "navy_battle_army",
    ("navy_battle_army", "source"),
    "Q48 Gallipoli: Navy in the Eastern Mediterranean, battle Istanbul, Army in Istanbul; or "
    "the source's order: Navy, then an Army in Istanbul or a battle there",
)


def _uk_navies(s: State) -> int:
    return board.count(board.navies(s, UK))


def _once(s: State, key: str) -> bool:
    return not s.tflags.get(key)


# -- Status cards -------------------------------------------------------------------------


@register
class ThePalsBattalions(StatusCard):
    """⚠ In its Draft step, paying the draft's two cards, UK&US may take a UK Build Army from
    its discard pile instead of its deck; the Entente loses 1 VP (ruling Q45)."""

    key = "the_pals_battalions"

    def _cards(self, s: State) -> list[int]:
        for k in s.discard[UKUS]:
            if CARDS[k].type == "build_army" and CARDS[k].country == UK:
                return [k]
        return []

    def draft_actions(self, s: State, owner: int, k: int) -> list[Action]:
        if owner != UKUS or len(s.hand[UKUS]) < 2:
            return []
        return [Action("take", (CARD_IDS[c],)) for c in self._cards(s)]

    def draft_apply(self, s: State, owner: int, k: int, f: Frame, a: Action) -> bool:
        if a.verb != "take":
            return False
        f["k"] += 1
        push(s, "pals_take", p=UKUS, card=CARD_INDEX[a.args[0]])
        push_pay(s, UKUS, 2, "hand", "draft")
        return True


@STEPS.register
class PalsTake(QStep):
    name = "pals_take"
    rule = "1. DRAFT STEP"

    def settle(self, s: State, f: Frame) -> bool:
        pop(s, f)
        k = f["card"]
        piles.take(s, UKUS, "discard", k)
        s.hand[UKUS].append(k)
        log(s, "card.taken", "1. DRAFT STEP", UKUS, country="uk", type="build_army")
        if s.options.get("pals_battalions", "vp") == "vp":
            board.lose_vp(s, ENTENTE, 1, "the_pals_battalions")
        return True


@register
class CommonwealthSupport(StatusCard):
    """With three UK Navies on the board, a UK Build Army played in the Play step stays in
    hand (ruling Q21: a benefit without a cost is taken)."""

    key = "commonwealth_support"

    def keeps_played(self, s: State, owner: int, k: int, p: int, played: int) -> bool:
        c = CARDS[played]
        return (
            owner == p == UKUS and c.type == "build_army" and c.country == UK and _uk_navies(s) >= 3
        )


@register
class TheGirlsWithYellowHands(StatusCard):
    """CARD TYPES (STATUS): with three UK Navies on the board, a UK Land Battle played in the
    Play step is not discarded."""

    key = "the_girls_with_yellow_hands"

    def keeps_played(self, s: State, owner: int, k: int, p: int, played: int) -> bool:
        c = CARDS[played]
        return (
            owner == p == UKUS
            and c.type == "land_battle"
            and c.country == UK
            and _uk_navies(s) >= 3
        )


def _uk_adjacent_enemies(s: State) -> list[int]:
    near_uk = adjacent_to(board.armies(s, UK))
    return [q for q in range(5) if TEAM_OF[q] != ENTENTE and near_uk & board.power_army_mask(s, q)]


@register
class ReliedOnForAnyEnterprise(StatusCard):
    """In its Attrition step UK&US may use any prepared UK card as a single Attrition symbol
    (an enemy Army adjacent to a UK Army)."""

    key = "relied_on_for_any_enterprise"

    def attrition_actions(self, s: State, owner: int, k: int) -> list[Action]:
        if owner != UKUS:
            return []
        targets_ = _uk_adjacent_enemies(s)
        return [
            Action("attrition", (CARD_IDS[c], POWERS[q]))
            for c in s.prepared[UKUS]
            if CARDS[c].country == UK and CARDS[c].symbol != "attrition"
            for q in targets_
        ]

    def attrition_apply(self, s: State, owner: int, k: int, a: Action) -> bool:
        if a not in self.attrition_actions(s, owner, k):
            return False
        c = CARD_INDEX[a.args[0]]
        piles.discard_from(s, UKUS, "prepared", c, True)
        log(s, "card.attrition", "3. ATTRITION STEP", UKUS, card=CARD_IDS[c], target=a.args[1])
        push_losses(s, [(POWERS.index(a.args[1]), 1)], CARD_IDS[c])
        return True


@register
class Battlecruisers(StatusCard):
    """Once per turn, in a sea battle the UK initiated, a UK Sea Battle card from hand may serve
    as a prepared single Sustain Sea Battle."""

    key = "battlecruisers"

    def battle_actions(self, s: State, owner: int, k: int, b: Frame, p: int) -> list[Action]:
        if p != UKUS or owner != UKUS or b["st"] != "sustain" or b["c"] != UK or not b["sea"]:
            return []
        if not _once(s, "battlecruisers") or not can_pay_sustain(s, b):
            return []
        return [
            Action("sustain", (CARD_IDS[c],))
            for c in s.hand[UKUS]
            if CARDS[c].type == "sea_battle" and CARDS[c].country == UK
        ]

    def battle_apply(self, s: State, owner: int, k: int, b: Frame, a: Action) -> bool:
        if a.verb != "sustain" or len(a.args) != 1 or b["d"] != UKUS:
            return False
        if a not in self.battle_actions(s, owner, k, b, UKUS):
            return False
        c = CARD_INDEX[a.args[0]]
        s.tflags["battlecruisers"] = 1
        piles.discard_from(s, UKUS, "hand", c, True)
        reveal(s)
        log(s, "battle.sustain", "RESOLVING BATTLE", UKUS, card=CARD_IDS[c])
        add_sustain(s, b, UKUS, 1)
        return True

    def battle_use(self, s: State, owner: int, k: int, b: Frame, a: Action) -> Use | None:
        return Use(CARD_INDEX[a.args[0]], 1, hand=1, once="battlecruisers")


@register
class MarkIVTanks(StatusCard):
    """Once per turn, after a successful UK battle against a land space that did not count as
    difficult terrain, the UK may discard a prepared UK Sustain Land Battle (its Prepare text
    allowing the space: PREPARE TEXT) to build a UK Army there."""

    key = "mark_iv_tanks"

    def after_battle(self, s: State, owner: int, k: int, b: Frame) -> None:
        t = b["t"]
        if owner != UKUS or b["c"] != UK or not b["won"] or b["dif"] or b["sea"]:
            return
        if not _once(s, "mark_iv") or not _mark_iv_cards(s, t):
            return
        if t not in targets(s, UK, 1 << t, BUILD):
            return
        push(s, "mark_iv", p=UKUS, t=t)


def _mark_iv_cards(s: State, t: int) -> list[int]:
    return [
        c
        for c in s.prepared[UKUS]
        if CARDS[c].symbol == "sustain_land" and CARDS[c].country == UK and CARDS[c].allows(t)
    ]


@STEPS.register
class MarkIV(QStep):
    name = "mark_iv"
    rule = "PREPARE TEXT"

    def legal(self, s: State, f: Frame) -> list[Action]:
        out = [Action("discard", (CARD_IDS[c],)) for c in _mark_iv_cards(s, f["t"])]
        out.append(PASS)
        return out

    def apply(self, s: State, f: Frame, a: Action) -> None:
        pop(s, f)
        if a.verb == "pass":
            return
        c = CARD_INDEX[a.args[0]]
        s.tflags["mark_iv"] = 1
        piles.discard_from(s, UKUS, "prepared", c, True)
        reveal(s)
        piles.log_discard(s, UKUS, c, "prepared", True, "mark_iv_tanks")
        put(s, UKUS, UK, f["t"], BUILD, "mark_iv_tanks")


@register
class Dreadnoughts(StatusCard):
    """Once per turn, a prepared UK Reinforce Navy card used in battle may stay prepared
    (``reinforce <card> keep``)."""

    key = "dreadnoughts"

    def battle_actions(self, s: State, owner: int, k: int, b: Frame, p: int) -> list[Action]:
        if p != UKUS or owner != UKUS or b["st"] != "reinforce" or not b["sea"]:
            return []
        if not _once(s, "dreadnoughts"):
            return []
        return [
            Action("reinforce", (CARD_IDS[c], "keep"))
            for c in reinforce_cards(s, b, UKUS)
            if CARDS[c].country == UK
        ]

    def battle_apply(self, s: State, owner: int, k: int, b: Frame, a: Action) -> bool:
        if a.verb != "reinforce" or len(a.args) != 2 or b["d"] != UKUS:
            return False
        if a not in self.battle_actions(s, owner, k, b, UKUS):
            return False
        c = CARD_INDEX[a.args[0]]
        s.tflags["dreadnoughts"] = 1
        reveal(s)
        log(s, "battle.reinforce_kept", "RESOLVING BATTLE", UKUS, card=CARD_IDS[c])
        add_reinforce(b, CARDS[c].strength)
        return True

    def battle_use(self, s: State, owner: int, k: int, b: Frame, a: Action) -> Use | None:
        c = CARD_INDEX[a.args[0]]
        return Use(c, CARDS[c].strength, once="dreadnoughts", stays=True)


@register
class BlackjackAndTheDoughboys(Backing):
    """⚠ The US backs the United Kingdom, France and Italy in land battles next to a US piece
    with its prepared Reinforce Army, Sustain Land Battle and (ruling Q52) Counterattack
    cards; the battling power pays difficult-terrain costs."""

    key = "blackjack_and_the_doughboys"
    helper = US
    backed = (UK, FR, IT)
    option = "blackjack_counterattack"

    def near(self, s: State, t: int) -> bool:
        return bool(ADJ_OPEN[t] & board.piece_masks(s)[US])


# -- Economic Warfare ---------------------------------------------------------------------


@register
class LawrenceFomentsArabRevolts(Script):
    """⚠ AH&OE loses 2; then eliminate an Ottoman Army in the Middle East or recruit a UK Army
    there (ruling Q44)."""

    key = "lawrence_foments_arab_revolts"
    heading = "ECONOMIC WARFARE"

    def ops(self, s: State, p: int, k: int) -> list[Op]:
        me = area("middle_east")
        if s.options.get("lawrence_foments_arab_revolts") == "both":
            return [loss((AHOE, 2)), ["eliminate", {"cs": 1 << OE, "area": me, "n": 1}],
                    recruit(UK, me)]  # fmt: skip
        return [loss((AHOE, 2)), ["lawrence", {}]]


@op("lawrence")
def _lawrence(s: State, f: Frame, a: dict[str, Any], ret: int) -> None:
    push(s, "lawrence", p=UKUS)


@STEPS.register
class Lawrence(QStep):
    name = "lawrence"
    rule = "COMPLEX CARDS"

    def _choices(self, s: State) -> list[Action]:
        me = X("middle_east")
        out = []
        if board.has_piece(s, OE, me):
            out.append(Action("eliminate", ("oe", "middle_east")))
        if me in targets(s, UK, 1 << me, "recruit"):
            out.append(Action("recruit", ("middle_east",)))
        return out

    def settle(self, s: State, f: Frame) -> bool:
        if not self._choices(s):
            pop(s, f)
            return True
        return False

    def legal(self, s: State, f: Frame) -> list[Action]:
        return [*self._choices(s), PASS]

    def apply(self, s: State, f: Frame, a: Action) -> None:
        pop(s, f)
        me = X("middle_east")
        if a.verb == "eliminate":
            board.remove(s, OE, me)
            log(s, "piece.eliminated", "BATTLE VS. ELIMINATE", UKUS, country="oe",
                space="middle_east", piece="army")  # fmt: skip
        elif a.verb == "recruit":
            put(s, UKUS, UK, me, "recruit", "lawrence_foments_arab_revolts")


@register
class UKSeizesGermanColonies(Script):
    key = "united_kingdom_seizes_german_colonies_in_africa"
    heading = "ECONOMIC WARFARE"

    def ops(self, s: State, p: int, k: int) -> list[Op]:
        return [loss((DE, 5 if _uk_navies(s) >= 3 else 3))]


@register
class JapanAttacksTsingtao(Script):
    key = "japan_attacks_german_enclaves_at_tsingtao"
    heading = "ECONOMIC WARFARE"

    def ops(self, s: State, p: int, k: int) -> list[Op]:
        return [loss((DE, 4))]


@register
class TheBlockadeOfEurope(Script):
    key = "the_blockade_of_europe"
    heading = "ECONOMIC WARFARE"

    def ops(self, s: State, p: int, k: int) -> list[Op]:
        ns = X("north_sea")
        doubled = any(board.has_piece(s, c, ns) for c in (UK, FR, IT, RUC))
        m = 2 if doubled else 1
        return [loss((DE, 2 * m), (AHOE, m))]


@register
class SidneyReilly(Script):
    """Germany and Russia lose 1; Germany discards a face-up Status card of its choice; recruit
    a UK Army in or adjacent to Moscow."""

    key = "sidney_reilly"
    heading = "ECONOMIC WARFARE"

    def ops(self, s: State, p: int, k: int) -> list[Op]:
        return [
            loss((DE, 1), (RU, 1)),
            ["discard_status", {"p": DE, "chooser": DE}],
            recruit(UK, near("moscow") & LAND_MASK),
        ]


@register
class TheSinkingOfTheLusitania(Script):
    key = "the_sinking_of_the_lusitania"
    heading = "ECONOMIC WARFARE"

    def ops(self, s: State, p: int, k: int) -> list[Op]:
        return [loss((UKUS, 1)), build(US, ALL, n=2)]


# -- Events -------------------------------------------------------------------------------


@register
class FirstLordOfTheAdmiralty(Script):
    key = "first_lord_of_the_admiralty_prepares_for_war"

    def ops(self, s: State, p: int, k: int) -> list[Op]:
        return [draft(UK, "build_navy"), status(UK), build(UK, SEA_MASK)]


@register
class PersianCampaign(Requiring):
    """⚠ With three UK Navies: token on Persia, recruit a UK Army there (ruling Q46)."""

    key = "persian_campaign"

    def requirement(self, s: State, p: int, k: int) -> bool:
        return s.options.get("persian_campaign") == "recruit_only" or _uk_navies(s) >= 3

    def ops(self, s: State, p: int, k: int) -> list[Op]:
        out = [token("persia")]
        if _uk_navies(s) >= 3:
            out.append(recruit(UK, area("persia")))
        return out


def _mine_targets(s: State) -> list[int]:
    return [q for q in _uk_adjacent_enemies(s) if q in (DE, AHOE)]


@register
class TunnelMines(Requiring):
    """⚠ Germany or AH&OE, with an Army next to a UK Army, discards two prepared cards; its team
    loses 1 VP per card missing (ruling Q47)."""

    key = "tunnel_mines"

    def requirement(self, s: State, p: int, k: int) -> bool:
        return bool(_mine_targets(s))

    def ops(self, s: State, p: int, k: int) -> list[Op]:
        if s.options.get("tunnel_mines") == "both":
            return [must_discard(q, 2, "prepared") for q in _mine_targets(s)]
        return [["tunnel_mines", {}]]


@op("tunnel_mines")
def _tunnel(s: State, f: Frame, a: dict[str, Any], ret: int) -> None:
    push_choose_power(s, UKUS, _mine_targets(s), "tunnel_mines", opt=0)


@then("tunnel_mines")
def _tunnel_then(s: State, f: Frame, q: int) -> None:
    push_pay(s, q, 2, "prepared", "tunnel_mines", must=True)


@register
class AsquithSendsUltimatum(Script):
    key = "asquith_sends_ultimatum"

    def ops(self, s: State, p: int, k: int) -> list[Op]:
        return [status(UK), build(UK, ALL)]


@register
class Passchendaele(Script):
    """Discard a prepared card; Germany discards a prepared card (none: Central Powers lose
    1 VP); the UK may battle a land space in or adjacent to Belgium."""

    key = "passchendaele"

    def ops(self, s: State, p: int, k: int) -> list[Op]:
        return [
            cost_prepared(1),
            must_discard(DE, 1, "prepared"),
            battle(UK, near("belgium") & LAND_MASK),
        ]


@register
class ProvisionalGovernment(Script):
    key = "provisional_government_of_national_defence"

    def ops(self, s: State, p: int, k: int) -> list[Op]:
        return [token("greece"), recruit(UK, area("greece"))]


@register
class TheGrandFleet(Script):
    key = "the_grand_fleet"

    def ops(self, s: State, p: int, k: int) -> list[Op]:
        seas = area("north_atlantic", "north_sea", "english_channel")
        return [draft(UK, "build_navy"), build(UK, seas)]


@register
class Gallipoli(Script):
    """⚠ DIFFICULT TERRAIN EXAMPLE: the battle for Istanbul pays the difficult-terrain cost
    (ruling Q48 on the order)."""

    key = "gallipoli"

    def ops(self, s: State, p: int, k: int) -> list[Op]:
        em, ist = area("eastern_mediterranean"), area("istanbul")
        if s.options.get("gallipoli") == "source":
            fight: Op = ["battle", {"c": UK, "area": ist, "kind": "land", "mark": "battled",
                                    "unless": "built"}]  # fmt: skip
            return [build(UK, em, mark="navy"), build(UK, ist), fight]
        return [build(UK, em, mark="navy"), battle(UK, ist), build(UK, ist)]


@register
class BelgiumResists(Script):
    key = "belgium_resists"

    def ops(self, s: State, p: int, k: int) -> list[Op]:
        return [recruit(UK, area("belgium"))]


class _Picardy(Requiring):
    """Requirement: a UK Army in or adjacent to Picardy."""

    def requirement(self, s: State, p: int, k: int) -> bool:
        return bool(board.armies(s, UK) & near("picardy"))


@register
class TheSomme(_Picardy):
    key = "the_somme"

    def ops(self, s: State, p: int, k: int) -> list[Op]:
        return [prep(2), battle(UK, near("picardy") & LAND_MASK)]


@register
class Cambrai(_Picardy):
    key = "cambrai"

    def ops(self, s: State, p: int, k: int) -> list[Op]:
        return [status(UK), battle(UK, near("picardy") & LAND_MASK)]


@register
class TheRoyalNavy(Script):
    key = "the_royal_navy"

    def ops(self, s: State, p: int, k: int) -> list[Op]:
        seas = area("eastern_mediterranean", "western_mediterranean", "north_atlantic",
                    "english_channel")  # fmt: skip
        return [status(UK), recruit(UK, seas, n=2)]


@register
class EddieRickenbacker(Requiring):
    """With a US Army within two spaces of a German Army, UK&US picks one of Germany's face-up
    Status cards; Germany discards it."""

    key = "eddie_rickenbacker"

    def requirement(self, s: State, p: int, k: int) -> bool:
        if not s.status[DE]:
            return False
        de = board.armies(s, DEC)
        return any(within(x, 2) & de for x in spaces_of(board.armies(s, US)))

    def ops(self, s: State, p: int, k: int) -> list[Op]:
        return [["discard_status", {"p": DE, "chooser": UKUS}]]


@register
class ZimmermannTelegram(Script):
    key = "american_public_outraged_by_zimmermann_telegram"

    def ops(self, s: State, p: int, k: int) -> list[Op]:
        return [draft(US, "build_army", "build_navy"), build(US, ALL)]


@register
class WarRevenueAct(Script):
    """⚠ Take up to three US cards (not War Revenue Act) from the discard pile: play one, prepare
    one, put one on the bottom of the draw deck (ruling Q53)."""

    key = "war_revenue_act"

    def ops(self, s: State, p: int, k: int) -> list[Op]:
        return [["war_revenue", {}]]


@op("war_revenue")
def _war_revenue(s: State, f: Frame, a: dict[str, Any], ret: int) -> None:
    push(s, "war_revenue", p=UKUS, n=3, uses=["play", "prepare", "bottom"], _taken=[])


def _us_discards(s: State, f: Frame) -> list[int]:
    """US cards in the discard pile the card may take (not one it has already taken)."""
    seen: set[str] = set()
    out = []
    for c in s.discard[UKUS]:
        card = CARDS[c]
        if card.country != US or card.event_key == "war_revenue_act" or card.id in f["_taken"]:
            continue
        if card.type in ("build_army", "build_navy", "land_battle", "sea_battle"):
            if card.type in seen:
                continue  # copies are alike: one choice each
            seen.add(card.type)
        out.append(c)
    return out


def _playable_from(s: State, c: int) -> bool:
    """Could UK&US play ``c`` if it were in hand?"""
    s.hand[UKUS].append(c)
    try:
        return playable(s, UKUS, c)
    finally:
        s.hand[UKUS].pop()


@STEPS.register
class WarRevenue(QStep):
    name = "war_revenue"
    rule = "COMPLEX CARDS"

    def _choices(self, s: State, f: Frame) -> list[Action]:
        uses = f["uses"]
        if s.options.get("war_revenue_act") == "to_hand":
            if f["n"] > 0:
                return [Action("take", (CARD_IDS[c],)) for c in _us_discards(s, f)]
            pool = [CARD_INDEX[c] for c in f["_taken"] if CARD_INDEX[c] in s.hand[UKUS]]
            in_hand = True
        else:
            if f["n"] <= 0:
                return []
            pool = _us_discards(s, f)
            in_hand = False
        out = []
        for c in pool:
            if "play" in uses and (playable(s, UKUS, c) if in_hand else _playable_from(s, c)):
                out.append(Action("play", (CARD_IDS[c],)))
            if "prepare" in uses:
                out.append(Action("prepare", (CARD_IDS[c],)))
            if "bottom" in uses:
                out.append(Action("bottom", (CARD_IDS[c],)))
        return out

    def settle(self, s: State, f: Frame) -> bool:
        if not f["uses"] or not self._choices(s, f):
            if s.options.get("war_revenue_act") == "to_hand" and f["n"] > 0 and f["uses"]:
                f["n"] = 0  # nothing more to take: on to the uses
                return True
            pop(s, f)
            return True
        return False

    def legal(self, s: State, f: Frame) -> list[Action]:
        return [*self._choices(s, f), PASS]

    def apply(self, s: State, f: Frame, a: Action) -> None:
        to_hand = s.options.get("war_revenue_act") == "to_hand"
        if a.verb == "pass":
            if to_hand and f["n"] > 0:
                f["n"] = 0
            else:
                pop(s, f)
            return
        c = CARD_INDEX[a.args[0]]
        if a.verb == "take":
            piles.take(s, UKUS, "discard", c)
            s.hand[UKUS].append(c)
            f["_taken"].append(a.args[0])
            f["n"] -= 1
            log(s, "card.taken_hidden", "COMPLEX CARDS", UKUS)
            log(s, "card.taken_own", "COMPLEX CARDS", UKUS, True, card=a.args[0])
            return
        if not to_hand:
            piles.take(s, UKUS, "discard", c)
            s.hand[UKUS].append(c)
            f["_taken"].append(a.args[0])
            f["n"] -= 1
        f["uses"].remove(a.verb)
        if a.verb == "play":
            play_card(s, UKUS, c)
        elif a.verb == "prepare":
            from greatwar.qmg1914.cards.script import prepare

            prepare(s, UKUS, c)
        else:
            piles.take(s, UKUS, "hand", c)
            s.deck[UKUS].insert(0, c)
            log(s, "card.bottomed", "COMPLEX CARDS", UKUS)
            log(s, "card.bottomed_own", "COMPLEX CARDS", UKUS, True, card=CARD_IDS[c])
