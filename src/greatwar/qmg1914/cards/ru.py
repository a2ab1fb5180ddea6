"""Russia: the titled cards (see :mod:`greatwar.qmg1914.cards.ahoe` for the conventions)."""

from __future__ import annotations

from typing import Any

from greatwar.core.actions import Action
from greatwar.core.steps import Frame
from greatwar.qmg1914 import board, piles
from greatwar.qmg1914.cards.base import Op, StatusCard, register
from greatwar.qmg1914.cards.common import (
    area,
    battle,
    build,
    loss,
    near,
    prep,
    recruit,
    vp,
)
from greatwar.qmg1914.cards.script import Script, op
from greatwar.qmg1914.data import (
    AHOE,
    CARD_IDS,
    CARD_INDEX,
    CENTRAL,
    COUNTRIES,
    DE,
    ENTENTE,
    LAND_MASK,
    RU,
    RUC,
    SPACE_IDS,
    SPACE_INDEX,
    TEAM_COUNTRY_MASK,
    TEAM_OF,
    spaces_of,
)
from greatwar.qmg1914.flow import PASS, STEPS, QStep, log, pop, push, reveal
from greatwar.qmg1914.options import define
from greatwar.qmg1914.state import State

define(
    "warm_water_port",
    "listed",
    ("listed", "in_or_adjacent"),
    "Q35 Warm Water Port: a supplied Russian Army in one of the six listed spaces, or a "
    "supplied Russian piece in or adjacent to the Eastern Mediterranean",
)
define(
    "redl_blackmailed",
    "shown",
    ("shown", "hidden"),
    "Q36 Redl Blackmailed: the card Russia picks from AH&OE's hand is discarded revealed (top "
    "of the pile) or unrevealed (bottom)",
)

WARM_WATER = area("greece", "rome", "bulgaria", "istanbul", "anatolia", "middle_east")


@register
class WarmWaterPort(StatusCard):
    """⚠ Scoring Round: Entente +1 VP for a supplied Russian Army on the warm seas (Q35)."""

    key = "warm_water_port"

    def score(self, s: State, owner: int, k: int) -> int:
        where = WARM_WATER
        if s.options.get("warm_water_port") == "in_or_adjacent":
            where = near("eastern_mediterranean")
        pm = board.piece_masks(s)[RUC] & where
        return 1 if any(board.supplied(s, RUC, x) for x in spaces_of(pm)) else 0


# -- Economic Warfare ---------------------------------------------------------------------


@register
class TheTsarWillNotHelpUs(Script):
    key = "the_tsar_will_not_help_us"
    heading = "ECONOMIC WARFARE"

    def ops(self, s: State, p: int, k: int) -> list[Op]:
        return [loss((RU, 1)), vp(2)]


@register
class AssassinsOfTheBlackHand(Script):
    key = "assassins_of_the_black_hand"
    heading = "ECONOMIC WARFARE"

    def ops(self, s: State, p: int, k: int) -> list[Op]:
        return [loss((AHOE, 2))]


@register
class TrenchWarfare(Script):
    key = "trench_warfare"
    heading = "ECONOMIC WARFARE"

    def ops(self, s: State, p: int, k: int) -> list[Op]:
        return [loss((RU, 2), (DE, 2), (AHOE, 2))]


# -- Events -------------------------------------------------------------------------------

MOSCOW_2 = area(
    "moscow", "petrograd", "ukraine", "caucasus", "poland", "galicia", "romania", "azerbaijan"
)


@register
class Montenegro(Script):
    key = "montenegro"

    def ops(self, s: State, p: int, k: int) -> list[Op]:
        return [recruit(RUC, area("serbia"))]


@register
class SerbiaRussiasAlly(Script):
    key = "serbia_russias_ally"

    def ops(self, s: State, p: int, k: int) -> list[Op]:
        return [recruit(RUC, area("serbia"))]


@register
class RussiaMobilizes(Script):
    """Build up to two Russian Armies within two spaces of Moscow."""

    key = "russia_mobilizes"

    def ops(self, s: State, p: int, k: int) -> list[Op]:
        return [build(RUC, MOSCOW_2, n=2)]


@register
class RedlBlackmailed(Script):
    """⚠ Russia looks at AH&OE's hand and discards one card of it (Q36)."""

    key = "redl_blackmailed"

    def ops(self, s: State, p: int, k: int) -> list[Op]:
        return [["redl", {}]]


@op("redl")
def _redl(s: State, f: Frame, a: dict[str, Any], ret: int) -> None:
    victim = AHOE
    if not s.hand[victim]:
        # RUNNING OUT OF CARDS: a discard from an empty hand costs the team 1 VP
        board.lose_vp(s, TEAM_OF[victim], 1, CARD_IDS[f["k"]])
        return
    reveal(s)
    log(s, "redl.seen", "COMPLEX CARDS", f["p"], True, cards=[CARD_IDS[c] for c in s.hand[victim]])
    push(s, "redl", p=f["p"], victim=victim, _hand=[CARD_IDS[c] for c in s.hand[victim]])


@STEPS.register
class Redl(QStep):
    name = "redl"
    rule = "COMPLEX CARDS"

    def legal(self, s: State, f: Frame) -> list[Action]:
        return [Action("discard", (CARD_IDS[c],)) for c in s.hand[f["victim"]]]

    def apply(self, s: State, f: Frame, a: Action) -> None:
        pop(s, f)
        c = CARD_INDEX[a.args[0]]
        shown = s.options.get("redl_blackmailed", "shown") == "shown"
        piles.discard_from(s, f["victim"], "hand", c, shown)
        piles.log_discard(s, f["victim"], c, "hand", shown, "redl_blackmailed")


@register
class Cossacks(Script):
    key = "cossacks"

    def ops(self, s: State, p: int, k: int) -> list[Op]:
        return [build(RUC, near("moscow") & LAND_MASK), battle(RUC, LAND_MASK, frm="built")]


@register
class SerbiaDefiesAustrianUltimatum(Script):
    key = "serbia_defies_austrian_ultimatum"

    def ops(self, s: State, p: int, k: int) -> list[Op]:
        return [["eliminate", {"cs": TEAM_COUNTRY_MASK[CENTRAL], "area": area("serbia"), "n": 1}]]


@register
class KerenskyVowsToContinueWar(Script):
    key = "kerensky_vows_to_continue_war"

    def ops(self, s: State, p: int, k: int) -> list[Op]:
        return [prep(2)]


@register
class ScottishWomensHospitals(Script):
    """Take up to two Build Army cards from the discard pile into hand."""

    key = "scottish_womens_hospitals"

    def ops(self, s: State, p: int, k: int) -> list[Op]:
        return [["take_from_discard", {"n": 2, "types": ["build_army"]}]]


@register
class PeaceBreadLand(Script):
    """Remove up to five of your own pieces; Entente +1 VP for each."""

    key = "peace_bread_land"

    def ops(self, s: State, p: int, k: int) -> list[Op]:
        return [["withdraw", {"n": 5}]]


@op("withdraw")
def _withdraw(s: State, f: Frame, a: dict[str, Any], ret: int) -> None:
    push(s, "withdraw", p=f["p"], n=a["n"], why=CARD_IDS[f["k"]])


@STEPS.register
class Withdraw(QStep):
    name = "withdraw"
    rule = "PIECES"

    def settle(self, s: State, f: Frame) -> bool:
        if f["n"] <= 0 or not board.piece_masks(s)[RUC]:
            pop(s, f)
            return True
        return False

    def legal(self, s: State, f: Frame) -> list[Action]:
        out = [Action("remove", (SPACE_IDS[x],)) for x in spaces_of(board.piece_masks(s)[RUC])]
        out.append(PASS)
        return out

    def apply(self, s: State, f: Frame, a: Action) -> None:
        if a.verb == "pass":
            pop(s, f)
            return
        x = SPACE_INDEX[a.args[0]]
        board.remove(s, RUC, x)
        log(s, "piece.removed", "PIECES", f["p"], country=COUNTRIES[RUC], space=SPACE_IDS[x])
        board.gain_vp(s, ENTENTE, 1, f["why"])
        f["n"] -= 1


class _BuildThenBattle(Script):
    """Build a Russian Army in or adjacent to a space; then battle a land space in or adjacent
    to it."""

    where = ""

    def ops(self, s: State, p: int, k: int) -> list[Op]:
        zone = near(self.where)
        return [build(RUC, zone & LAND_MASK), battle(RUC, zone & LAND_MASK)]


@register
class BrusilovOffensive(_BuildThenBattle):
    key = "brusilov_offensive"
    where = "galicia"


@register
class EastPrussianOffensive(_BuildThenBattle):
    key = "east_prussian_offensive"
    where = "poland"


@register
class GrandDukeNicholas(_BuildThenBattle):
    key = "grand_duke_nicholas_nikolaevich_appointed_viceroy"
    where = "azerbaijan"


@register
class Rasputin(Script):
    key = "rasputin"

    def ops(self, s: State, p: int, k: int) -> list[Op]:
        return [vp(1)]
