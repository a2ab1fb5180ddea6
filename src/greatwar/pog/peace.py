"""Peace Terms (16.5): the offer, the answer by the other player, the Peace Terms table."""

from __future__ import annotations

from greatwar.core.actions import Action
from greatwar.core.steps import Frame
from greatwar.pog.data import CP
from greatwar.pog.flow import STEPS, D, PogStep, act, log, other, pop, push, roll
from greatwar.pog.scenarios import SCENARIOS
from greatwar.pog.state import State
from greatwar.pog.victory import PEACE, end_game

_TABLE = D.tables["peace_terms_table"]
CP_OFFERS_AT: int = _TABLE["offer_allowed"]["cp_when_vp_at_least"]  # 16.5.1.1: 11
AP_OFFERS_AT: int = _TABLE["offer_allowed"]["ap_when_vp_at_most"]  # 16.5.1.1 (second): 9


def may_offer(s: State, side: int) -> bool:
    """16.5.1: the VP level is in the offering player's range, in a scenario that allows
    peace terms (not 5.3.3, not 5.7.2); after 14 Points only the AP may offer."""
    if not SCENARIOS[s.scenario].peace_terms:
        return False
    if side == CP:
        return s.vp >= CP_OFFERS_AT and "fourteen_points" not in s.events
    return s.vp <= AP_OFFERS_AT


def peace_table_shift(s: State, die: int, cws: int) -> int:
    """The Peace Terms table: +1 (favourable), 0, or -1 (unfavourable) for the offerer."""
    row = _TABLE["rows"]["combined_ws_0_19" if cws < 20 else "combined_ws_20_plus"]
    if die in row["favourable_1vp"]:
        return 1
    if die in row["unfavourable_1vp"]:
        return -1
    return 0


def roll_peace_table(s: State, side: int, cws: int, rule: str) -> None:
    """Roll on the Peace Terms table for ``side`` and move the VP marker."""
    die = roll(s, "peace_terms", rule, side)
    shift = peace_table_shift(s, die, cws)
    # Favourable moves VP toward the offerer: up for the CP, down for the AP.
    s.vp += shift if side == CP else -shift
    log(s, "peace.table", rule, side, die=die, shift=shift, vp=s.vp)


def offer(s: State, side: int) -> None:
    log(s, "peace.offered", "16.5.1", side, vp=s.vp)
    push(s, "peace_answer", side=other(side), offerer=side)


@STEPS.register
class PeaceAnswer(PogStep):
    """16.5.2: the opponent (the non-active seat) accepts or declines peace terms."""

    name = "peace_answer"
    rule = "16.5.2"

    def prompt(self, s: State, f: Frame) -> str:
        return "peace.answer"

    def legal(self, s: State, f: Frame) -> list[Action]:
        return [act("peace", "accept"), act("peace", "decline")]

    def apply(self, s: State, f: Frame, a: Action) -> None:
        offerer = f["offerer"]
        pop(s, f)
        if a.args[0] == "accept":
            log(s, "peace.accepted", self.rule, f["side"])
            end_game(s, PEACE)
            return
        log(s, "peace.declined", self.rule, f["side"])
        roll_peace_table(s, offerer, s.cws, self.rule)
