"""The Draw Strategy Card Phase (6.0 G): combat-card discards, reshuffles, drawing to a full
hand (7 cards, or 8 with 9.1.4)."""

from __future__ import annotations

from greatwar.core.actions import Action
from greatwar.core.steps import Frame
from greatwar.pog.action_phase import entry_card_locked
from greatwar.pog.cards import CARDS, draw_to_full, move_card, reshuffle_draw_and_discard
from greatwar.pog.data import AP, CP
from greatwar.pog.flow import STEPS, D, PogStep, act, log, pop, push
from greatwar.pog.state import State


def discardable(s: State, side: int) -> list[int]:
    """9.5.4.6: combat cards (and, under 9.5.2.5, the locked Italian and Romanian entry cards)
    are the only cards a player may discard from his hand."""
    return [c for c in s.hand[side] if CARDS[c].combat_card or entry_card_locked(s, c)]


@STEPS.register
class DiscardCombatCards(PogStep):
    """9.5.4.6: before drawing, a player may discard any combat cards from his hand."""

    name = "discard_combat_cards"
    rule = "9.5.4.6"

    def settle(self, s: State, f: Frame) -> bool:
        if not discardable(s, f["side"]):
            pop(s, f)
            return True
        return False

    def prompt(self, s: State, f: Frame) -> str:
        return "draw.discard"

    def legal(self, s: State, f: Frame) -> list[Action]:
        out = [act("discard", CARDS[c].id) for c in discardable(s, f["side"])]
        out.append(act("done"))
        return out

    def apply(self, s: State, f: Frame, a: Action) -> None:
        if a.verb == "done":
            pop(s, f)
            return
        c = D.card(a.args[0])
        move_card(s, f["side"], c, "hand", "discard")
        log(s, "card.discarded", self.rule, f["side"], card=a.args[0])


@STEPS.register
class DrawCards(PogStep):
    """6.0 G and 16.1.3-16.1.4: reshuffle where new War Commitment cards were added, then each
    player draws to a full hand (a short draw pile gives a short hand)."""

    name = "draw_cards"
    rule = "6.0G"

    def settle(self, s: State, f: Frame) -> bool:
        reshuffle = s.tflags.get("reshuffle", [0, 0])
        for side in (AP, CP):
            if reshuffle[side]:
                reshuffle_draw_and_discard(s, side)
            draw_to_full(s, side)
        pop(s, f)
        return True


def draw_phase(s: State) -> None:
    s.phase = "draw"
    push(s, "draw_cards")
    push(s, "discard_combat_cards", side=CP)
    push(s, "discard_combat_cards", side=AP)
