"""Germany: the titled cards (see :mod:`greatwar.qmg1914.cards.ahoe` for the conventions)."""

from __future__ import annotations

from abc import abstractmethod
from typing import Any

from greatwar.core.actions import Action
from greatwar.core.steps import Frame
from greatwar.qmg1914 import board, piles
from greatwar.qmg1914.battle import add_sustain, battle_cost, push_battle, sustain_cards, waived
from greatwar.qmg1914.battle import options as battle_options
from greatwar.qmg1914.cards.backing import Backing
from greatwar.qmg1914.cards.base import Op, StatusCard, Use, register
from greatwar.qmg1914.cards.common import (
    ALL,
    area,
    battle,
    build,
    draft,
    loss,
    near,
    prep,
    push_choose_power,
    recruit,
    status,
    then,
    vp,
)
from greatwar.qmg1914.cards.script import PlayFromHand, Script, op, playable, prepare
from greatwar.qmg1914.data import (
    ADJ,
    AH,
    CARD_IDS,
    CARD_INDEX,
    CARDS,
    CENTRAL,
    DE,
    DEC,
    FR,
    FRIT,
    LAND_MASK,
    OE,
    POWER_OF_COUNTRY,
    SPACE_IDS,
    SPACE_INDEX,
    SPACES,
    TEAM_OF,
    UK,
    UKUS,
)
from greatwar.qmg1914.flow import PASS, STEPS, QStep, log, pop, push, reveal
from greatwar.qmg1914.losses import push_losses, push_pay
from greatwar.qmg1914.options import define
from greatwar.qmg1914.state import State

define(
    "mustard_gas",
    "prepared",
    ("prepared", "hand"),
    "Q37 Mustard Gas: the named defending power discards a prepared card (or a hand card)",
)
define(
    "kaiserschlacht",
    "both",
    ("both", "either"),
    "Q38 Kaiserschlacht: battle Picardy and then Burgundy, or one battle in either",
)
define(
    "german_aid_counterattack",
    True,
    (True, False),
    "Q50 German Aid in the East: may a German Counterattack card be used after such a defence",
)
define(
    "big_bertha_stosstruppen",
    True,
    (True, False),
    "Q51 Big Bertha Railway Guns: may it keep the Sustain card Stosstruppen discards",
)
define(
    "gorlice_tarnow",
    "piece",
    ("piece", "army"),
    "Q39 Gorlice-Tarnow Offensive: build an Army (land) or a Navy (sea) in the space battled, "
    "or only ever an Army",
)

# -- Economic Warfare ---------------------------------------------------------------------


class _Econ(Script):
    heading = "ECONOMIC WARFARE"
    losses: tuple[tuple[int, int], ...] = ()
    points = 1

    def ops(self, s: State, p: int, k: int) -> list[Op]:
        return [loss(*self.losses), vp(self.points)]


@register
class UnrestrictedSubmarineWarfare(Script):
    """UK&US loses 3; +1 VP; then Germany may reveal and discard a Sea Battle card from hand
    to make UK&US lose 2 more."""

    key = "unrestricted_submarine_warfare"
    heading = "ECONOMIC WARFARE"

    def ops(self, s: State, p: int, k: int) -> list[Op]:
        return [loss((UKUS, 3)), vp(1), ["card_for_loss", {"type": "sea_battle", "victim": UKUS,
                                                           "n": 2}]]  # fmt: skip


@op("card_for_loss")
def _card_for_loss(s: State, f: Frame, a: dict[str, Any], ret: int) -> None:
    push(s, "card_for_loss", p=f["p"], type=a["type"], victim=a["victim"], n=a["n"],
         why=CARD_IDS[f["k"]])  # fmt: skip


def _typed(s: State, p: int, ctype: str) -> list[int]:
    return [k for k in s.hand[p] if CARDS[k].type == ctype]


@STEPS.register
class CardForLoss(QStep):
    """Reveal and discard a card of a type from hand to inflict more losses."""

    name = "card_for_loss"
    rule = "ECONOMIC WARFARE"

    def settle(self, s: State, f: Frame) -> bool:
        if not _typed(s, f["p"], f["type"]):
            pop(s, f)
            return True
        return False

    def legal(self, s: State, f: Frame) -> list[Action]:
        out = [Action("discard", (CARD_IDS[k],)) for k in _typed(s, f["p"], f["type"])]
        out.append(PASS)
        return out

    def apply(self, s: State, f: Frame, a: Action) -> None:
        pop(s, f)
        if a.verb == "pass":
            return
        k = CARD_INDEX[a.args[0]]
        piles.discard_from(s, f["p"], "hand", k, True)
        piles.log_discard(s, f["p"], k, "hand", True, f["why"])
        push_losses(s, [(f["victim"], f["n"])], f["why"])


@register
class FrenchArmyMutinies(Script):
    key = "french_army_mutinies"
    heading = "ECONOMIC WARFARE"

    def ops(self, s: State, p: int, k: int) -> list[Op]:
        return [loss((FRIT, 1 + board.count(board.armies(s, FR)))), vp(1)]


@register
class VonLettowVorbeck(Script):
    key = "von_lettow_vorbecks_east_african_army"
    heading = "ECONOMIC WARFARE"

    def ops(self, s: State, p: int, k: int) -> list[Op]:
        n = 5 if board.count(board.navies(s, UK)) < 3 else 3
        return [loss((UKUS, n)), vp(1)]


@register
class MataHari(_Econ):
    key = "mata_hari"
    losses = ((FRIT, 3), (UKUS, 1))


@register
class Zeppelins(_Econ):
    """CARD TYPES (ECONOMIC WARFARE example): UK&US discards 3, France & Italy 1; +1 VP."""

    key = "zeppelins"
    losses = ((UKUS, 3), (FRIT, 1))


@register
class PrizeRulesSubmarineWarfare(_Econ):
    """UK&US discards 3 (ruling Q12); +2 VP (ATTRITION STEP shows the card)."""

    key = "prize_rules_submarine_warfare"
    losses = ((UKUS, 3),)
    points = 2


@register
class TheChristmasTruce(Script):
    """Germany, F&I and UK&US lose 1; +2 VP; for the rest of the round France and the United
    Kingdom may not battle a land space holding a German Army."""

    key = "the_christmas_truce"
    heading = "ECONOMIC WARFARE"

    def ops(self, s: State, p: int, k: int) -> list[Op]:
        return [loss((DE, 1), (FRIT, 1), (UKUS, 1)), vp(2), ["truce", {}]]


@op("truce")
def _truce(s: State, f: Frame, a: dict[str, Any], ret: int) -> None:
    s.rflags["truce"] = {"c": [FR, UK], "vs": DEC}
    log(s, "effect.truce", "ECONOMIC WARFARE", f["p"])


@register
class SurfaceRaiders(Script):
    key = "surface_raiders"
    heading = "ECONOMIC WARFARE"

    def ops(self, s: State, p: int, k: int) -> list[Op]:
        n = 3 + board.count(board.navies(s, DEC)) + board.count(board.navies(s, AH))
        return [loss((FRIT, 1), (UKUS, n)), vp(1)]


@register
class ThirdOHL(Script):
    """Germany loses 2; then draft a Build Army at no cost, play a Status card, play an Economic
    Warfare card."""

    key = "third_ohl"
    heading = "ECONOMIC WARFARE"

    def ops(self, s: State, p: int, k: int) -> list[Op]:
        return [loss((DE, 2)), draft(DEC), status(), ["play_type", {"type": "economic_warfare"}]]


@op("play_type")
def _play_type(s: State, f: Frame, a: dict[str, Any], ret: int) -> None:
    push(s, "play_type", p=f["p"], type=a["type"])


def _playable_typed(s: State, p: int, ctype: str) -> list[int]:
    return [k for k in s.hand[p] if CARDS[k].type == ctype and playable(s, p, k)]


@STEPS.register
class PlayType(PlayFromHand):
    """Play a card of a given type from hand as one benefit of another card."""

    name = "play_type"
    rule = "COMPLEX CARDS"

    def choices(self, s: State, f: Frame) -> list[int]:
        return _playable_typed(s, f["p"], f["type"])


# -- Status cards -------------------------------------------------------------------------


@register
class EasterRisingOfIreland(StatusCard):
    """On the table: UK&US loses 3 and +1 VP at once; Scoring Round: +1 VP while no UK Army is
    in Ireland."""

    key = "easter_rising_of_ireland"

    def on_table(self, s: State, owner: int, k: int) -> None:
        push_losses(s, [(UKUS, 3)], CARD_IDS[k])
        board.gain_vp(s, CENTRAL, 1, CARD_IDS[k])

    def score(self, s: State, owner: int, k: int) -> int:
        return 0 if board.has_piece(s, UK, SPACE_INDEX["ireland"]) else 1


def _once(s: State, key: str) -> bool:
    """A 'once per turn' use is still free (and marks it used when taken)."""
    return not s.tflags.get(key)


@register
class MustardGas(StatusCard):
    """⚠ Once per turn, when Germany initiates a land battle, it names a defending power, which
    discards a prepared card of its choice (ruling Q37); with none, its team loses 1 VP."""

    key = "mustard_gas"

    def on_initiate(self, s: State, owner: int, k: int, b: Frame) -> None:
        if b["a"] != DE or b["sea"] or not _once(s, "mustard_gas") or not b["defc"]:
            return
        opts = sorted({POWER_OF_COUNTRY[c] for c in range(8) if b["defc"] >> c & 1})
        push_choose_power(s, DE, opts, "mustard_gas")


@then("mustard_gas")
def _mustard(s: State, f: Frame, q: int) -> None:
    s.tflags["mustard_gas"] = 1
    pile = "hand" if s.options.get("mustard_gas") == "hand" else "prepared"
    log(s, "effect.mustard_gas", "DISCARDING CARDS", DE, target=_power_id(q))
    push_pay(s, q, 1, pile, "mustard_gas", must=True)


def _power_id(q: int) -> str:
    from greatwar.qmg1914.data import POWERS

    return POWERS[q]


def _stoss_cards(s: State, t: int) -> list[int]:
    return [k for k in s.prepared[DE] if CARDS[k].symbol == "sustain_land" and CARDS[k].allows(t)]


@register
class Stosstruppen(StatusCard):
    """Once per turn, right after Germany builds an Army, it may discard a prepared Sustain Land
    Battle (revealed; its Prepare text must allow the space) to battle a land space adjacent to
    the Army just built (EXTENDED EXAMPLE OF PLAY 2)."""

    key = "stosstruppen"

    def after_build(self, s: State, owner: int, k: int, p: int, c: int, x: int) -> None:
        if owner != DE or c != DEC or SPACES[x].sea or not _once(s, "stosstruppen"):
            return
        if _stoss_targets(s, x):
            push(s, "stosstruppen", p=DE, x=x, t=-1)


def _bertha_for_stoss(s: State) -> bool:
    return s.options.get("big_bertha_stosstruppen", True) and any(
        CARDS[k].event_key == "big_bertha_railway_guns" for k in s.status[DE]
    )


def _stoss_targets(s: State, x: int) -> list[int]:
    return [
        t
        for t, o in battle_options(s, DEC, "land", ADJ[CENTRAL][x] & LAND_MASK, 1 << x)
        if _stoss_cards(s, t)
    ]


@STEPS.register
class StosstruppenStep(QStep):
    name = "stosstruppen"
    rule = "DISCARDING CARDS"

    def settle(self, s: State, f: Frame) -> bool:
        if f["t"] < 0 and not _stoss_targets(s, f["x"]):
            pop(s, f)
            return True
        return False

    def legal(self, s: State, f: Frame) -> list[Action]:
        if f["t"] < 0:
            x = SPACE_IDS[f["x"]]
            out = [Action("battle", (SPACE_IDS[t], "from", x)) for t in _stoss_targets(s, f["x"])]
            out.append(PASS)
            return out
        out = [Action("sustain", (CARD_IDS[k],)) for k in _stoss_cards(s, f["t"])]
        if _bertha_for_stoss(s):
            cost = battle_cost(s, DE, DEC, f["x"], f["t"])
            out += [
                Action("sustain", (CARD_IDS[k], "keep"))
                for k in _stoss_cards(s, f["t"])
                if CARDS[k].country == DEC
                and _bertha_ok(s, k)
                and len(s.hand[DE]) >= CARDS[k].strength + cost
            ]
        return out

    def apply(self, s: State, f: Frame, a: Action) -> None:
        if a.verb == "pass":
            pop(s, f)
            return
        if a.verb == "battle":
            f["t"] = SPACE_INDEX[a.args[0]]
            return
        pop(s, f)
        k = CARD_INDEX[a.args[0]]
        s.tflags["stosstruppen"] = 1
        reveal(s)
        push_battle(s, DEC, f["x"], f["t"], src="stosstruppen")
        if len(a.args) == 2:  # Big Bertha: the card stays prepared, hand cards pay instead
            s.tflags["big_bertha"] = 1
            log(s, "battle.sustain_kept_prepared", "STATUS", DE, card=CARD_IDS[k])
            push_pay(s, DE, CARDS[k].strength, "hand", "big_bertha_railway_guns")
            return
        piles.discard_from(s, DE, "prepared", k, True)
        piles.log_discard(s, DE, k, "prepared", True, "stosstruppen")


@register
class TripledTrenchLines(StatusCard):
    """An enemy power battling a space with a German Army discards the top card of its draw
    deck, unrevealed (its team loses 1 VP if the deck is empty)."""

    key = "tripled_trench_lines"

    def on_initiate(self, s: State, owner: int, k: int, b: Frame) -> None:
        if TEAM_OF[b["a"]] == CENTRAL or b["sea"] or not b["defc"] >> DEC & 1:
            return
        _deck_discard(s, b["a"], CARD_IDS[k])


def _deck_discard(s: State, q: int, why: str) -> None:
    if piles.discard_deck_top(s, q):
        log(s, "card.discard_hidden", "DISCARDING CARDS", q, pile="deck", why=why)
    else:
        board.lose_vp(s, TEAM_OF[q], 1, why)


@register
class GermanHighSeasFleet(StatusCard):
    key = "german_high_seas_fleet"

    def score(self, s: State, owner: int, k: int) -> int:
        seas = area("english_channel", "north_sea", "north_atlantic")
        return 2 if board.navies(s, DEC) & seas else 0


@register
class RumplerTaube(StatusCard):
    """One use: when Germany initiates a battle, it may discard this card to look at the
    defending powers' prepared cards and discard one of them."""

    key = "rumpler_taube_air_reconnaissance"

    def on_initiate(self, s: State, owner: int, k: int, b: Frame) -> None:
        if b["a"] != DE or owner != DE or not b["defc"]:
            return
        powers = sorted({POWER_OF_COUNTRY[c] for c in range(8) if b["defc"] >> c & 1})
        if any(s.prepared[q] for q in powers):
            push(s, "rumpler", p=DE, card=k, powers=powers, looked=0)


@STEPS.register
class Rumpler(QStep):
    name = "rumpler"
    rule = "STATUS"

    def legal(self, s: State, f: Frame) -> list[Action]:
        if not f["looked"]:
            return [Action("discard", (CARD_IDS[f["card"]],)), PASS]
        out = [Action("discard", (c,)) for c in f["_seen"] if CARD_INDEX[c] in _prepared(s, f)]
        out.append(PASS)
        return out

    def apply(self, s: State, f: Frame, a: Action) -> None:
        if a.verb == "pass":
            pop(s, f)
            return
        k = CARD_INDEX[a.args[0]]
        if not f["looked"]:
            piles.discard_from(s, DE, "status", k, True)
            log(s, "card.status_discarded", "STATUS", DE, card=CARD_IDS[k])
            f["looked"] = 1
            f["_seen"] = [CARD_IDS[c] for c in _prepared(s, f)]
            reveal(s)
            log(s, "rumpler.seen", "STATUS", DE, True, cards=f["_seen"])
            return
        pop(s, f)
        q = CARDS[k].power
        piles.discard_from(s, q, "prepared", k, False)
        piles.log_discard(s, q, k, "prepared", False, "rumpler_taube_air_reconnaissance")


def _prepared(s: State, f: Frame) -> list[int]:
    return [c for q in f["powers"] for c in s.prepared[q]]


@register
class WoeToThem(StatusCard):
    """In its Draft step Germany may also prepare one card."""

    key = "woe_to_them_that_yet_draw_sword_against_me"

    def draft_actions(self, s: State, owner: int, k: int) -> list[Action]:
        if s.tflags.get("woe"):
            return []
        return [Action("prepare", (CARD_IDS[c],)) for c in s.hand[owner]]

    def draft_apply(self, s: State, owner: int, k: int, f: Frame, a: Action) -> bool:
        if a.verb != "prepare" or s.tflags.get("woe"):
            return False
        s.tflags["woe"] = 1
        prepare(s, owner, CARD_INDEX[a.args[0]])
        return True


@register
class TheRedBaron(StatusCard):
    """Once per turn, when Germany battles a land space holding an enemy Army, the owner of a
    defending Army (Germany's pick) discards the top card of its draw deck."""

    key = "the_red_baron"

    def on_initiate(self, s: State, owner: int, k: int, b: Frame) -> None:
        if b["a"] != DE or b["sea"] or not b["defc"] or not _once(s, "red_baron"):
            return
        opts = sorted({POWER_OF_COUNTRY[c] for c in range(8) if b["defc"] >> c & 1})
        push_choose_power(s, DE, opts, "red_baron")


@then("red_baron")
def _red_baron(s: State, f: Frame, q: int) -> None:
    s.tflags["red_baron"] = 1
    _deck_discard(s, q, "the_red_baron")


@register
class GermanAidInTheEast(Backing):
    """⚠ Germany backs Austria-Hungary and the Ottoman Empire in land battles with its own
    prepared Reinforce Army, Sustain Land Battle and (ruling Q50) Counterattack cards; the
    battling power pays difficult-terrain costs."""

    key = "german_aid_in_the_east"
    helper = DEC
    backed = (AH, OE)
    option = "german_aid_counterattack"


def _bertha_ok(s: State, k: int) -> bool:
    return s.cur == DE and not s.tflags.get("big_bertha") and len(s.hand[DE]) >= CARDS[k].strength


@register
class BigBerthaRailwayGuns(StatusCard):
    """⚠ Once per turn, in Germany's turn: a prepared German Sustain Land Battle Germany uses may
    stay prepared, Germany discarding instead one hand card per symbol (``sustain <card> keep``;
    with Stosstruppen too, ruling Q51)."""

    key = "big_bertha_railway_guns"

    def battle_actions(self, s: State, owner: int, k: int, b: Frame, p: int) -> list[Action]:
        if p != DE or owner != DE or b["st"] != "sustain" or b["sea"]:
            return []
        extra = 1 if b["dif"] and not waived(s, b["c"]) else 0
        return [
            Action("sustain", (CARD_IDS[c], "keep"))
            for c in sustain_cards(s, b, DE)
            if CARDS[c].country == DEC
            and _bertha_ok(s, c)
            and len(s.hand[DE]) >= CARDS[c].strength + extra
        ]

    def battle_apply(self, s: State, owner: int, k: int, b: Frame, a: Action) -> bool:
        if a.verb != "sustain" or len(a.args) != 2 or b["d"] != DE:
            return False
        if a not in self.battle_actions(s, owner, k, b, DE):
            return False
        c = CARD_INDEX[a.args[0]]
        s.tflags["big_bertha"] = 1
        reveal(s)
        log(s, "battle.sustain_kept_prepared", "RESOLVING BATTLE", DE, card=CARD_IDS[c])
        add_sustain(s, b, DE, CARDS[c].strength)
        push_pay(s, DE, CARDS[c].strength, "hand", "big_bertha_railway_guns")
        return True

    def battle_use(self, s: State, owner: int, k: int, b: Frame, a: Action) -> Use | None:
        c = CARD_INDEX[a.args[0]]
        n = CARDS[c].strength
        return Use(c, n, hand=n, once="big_bertha", stays=True)


# -- Events -------------------------------------------------------------------------------


class _Ops(Script):
    """A card given by a fixed list of ops."""

    @abstractmethod
    def program(self) -> list[Op]:
        """The card's Play text as a fixed list of ops."""

    def ops(self, s: State, p: int, k: int) -> list[Op]:
        return self.program()


@register
class MoltkeTheYounger(_Ops):
    key = "moltke_the_younger_mobilizes_western_advance"

    def program(self) -> list[Op]:
        return [prep(), status(), build(DEC, near("western_germany") & LAND_MASK)]


@register
class PrussianMilitaryTradition(_Ops):
    """COMPLEX CARDS: prepare a card; then play a Status card; then battle a land space (a card
    prepared first may serve in the battle)."""

    key = "prussian_military_tradition"

    def program(self) -> list[Op]:
        return [prep(), status(), battle(DEC, LAND_MASK)]


@register
class Kaiserschlacht(Script):
    """⚠ Prepare a card; battle Picardy; battle Burgundy (ruling Q38)."""

    key = "kaiserschlacht"

    def ops(self, s: State, p: int, k: int) -> list[Op]:
        if s.options.get("kaiserschlacht") == "either":
            return [prep(), battle(DEC, area("picardy", "burgundy"))]
        return [prep(), battle(DEC, area("picardy")), battle(DEC, area("burgundy"))]


@register
class Jutland(_Ops):
    key = "jutland"

    def program(self) -> list[Op]:
        ns = area("north_sea")
        return [prep(), battle(DEC, ns, "sea"), build(DEC, ns)]


@register
class SchlieffenPlan(_Ops):
    """Prepare a card; battle Belgium, Picardy or Paris; build an Army in the space battled
    (ruling Q24: with no battle, in any of the three)."""

    key = "schlieffen_plan"

    def program(self) -> list[Op]:
        bpp = area("belgium", "picardy", "paris")
        return [prep(), battle(DEC, bpp), build(DEC, bpp, at="battled")]


@register
class NinthArmy(_Ops):
    key = "ninth_army_formed_to_defend_east_prussia"

    def program(self) -> list[Op]:
        return [prep(), status(), build(DEC, near("prussia") & LAND_MASK)]


@register
class Tannenberg(_Ops):
    key = "tannenberg"

    def program(self) -> list[Op]:
        zone = near("prussia") & LAND_MASK
        return [prep(), build(DEC, zone), battle(DEC, zone)]


@register
class Weltpolitik(_Ops):
    """Prepare; build a German Army or Navy; the new piece may battle a space next to it."""

    key = "weltpolitik_drives_military_expansion"

    def program(self) -> list[Op]:
        return [prep(), build(DEC, ALL), battle(DEC, ALL, "any", frm="built")]


@register
class Landsturm(_Ops):
    key = "landsturm"

    def program(self) -> list[Op]:
        return [prep(2), recruit(DEC, area("western_germany", "berlin", "prussia"))]


@register
class VolunteerMovement(_Ops):
    key = "volunteer_movement"

    def program(self) -> list[Op]:
        return [draft(DEC), prep(), status()]


@register
class Landwehr(_Ops):
    key = "landwehr"

    def program(self) -> list[Op]:
        return [prep(), status(), build(DEC, LAND_MASK)]


@register
class APlaceInTheSun(_Ops):
    """Prepare; battle a land space; if the battle succeeded outside difficult terrain, build
    an Army there."""

    key = "a_place_in_the_sun"

    def program(self) -> list[Op]:
        return [prep(), battle(DEC, LAND_MASK), build(DEC, 0, at="battled", cond="won_clear")]


@register
class HindenburgLine(_Ops):
    key = "hindenburg_line"

    def program(self) -> list[Op]:
        return [prep(2), build(DEC, near("picardy") & LAND_MASK)]


@register
class GorliceTarnowOffensive(Script):
    """⚠ Prepare; battle a space in or adjacent to Poland; build a German piece there (Q39)."""

    key = "gorlice_tarnow_offensive"

    def ops(self, s: State, p: int, k: int) -> list[Op]:
        zone = near("poland")
        kinds = LAND_MASK if s.options.get("gorlice_tarnow") == "army" else ALL
        return [
            prep(),
            battle(DEC, zone, "any"),
            build(DEC, zone & kinds, at="battled", limit=kinds),
        ]
