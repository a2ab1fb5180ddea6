"""Discards a power must make: costs, losses to Attrition symbols, discards cards direct.

- ``pay``: a power discards ``n`` cards of one pile (hand or prepared), unrevealed. As a
  *cost* (a prerequisite: draft, difficult terrain, a card's requirement) it is only ever asked
  when it can be paid (RUNNING OUT OF CARDS, last paragraph). As a *mandatory* discard a card
  directs, each card the power cannot discard costs its team 1 VP (RUNNING OUT OF CARDS).
- ``loss``: DISCARDING DUE TO ATTRITION SYMBOLS: the losing power chooses each card from its
  hand, its prepared cards or the top of its draw deck, unrevealed; once its draw deck is empty
  it may lose 1 VP instead of a card, and it must when it has no card left to discard.
"""

from __future__ import annotations

from greatwar.core.actions import Action
from greatwar.core.steps import Frame
from greatwar.qmg1914 import board, piles
from greatwar.qmg1914.data import CARD_IDS, CARD_INDEX, TEAM_OF
from greatwar.qmg1914.flow import STEPS, QStep, log, pop, push
from greatwar.qmg1914.state import State

DISCARD = "discard"


def push_pay(s: State, p: int, n: int, pile: str, why: str, must: bool = False) -> None:
    """Push a discard of ``n`` unrevealed cards from ``p``'s ``pile`` ("hand" or "prepared").
    ``must``: a mandatory discard (shortfall costs VP) rather than a prerequisite cost."""
    if n > 0:
        push(s, "pay", p=p, n=n, pile=pile, why=why, must=1 if must else 0)


def push_losses(s: State, losses: list[tuple[int, int]], why: str) -> None:
    """Push DISCARDING DUE TO ATTRITION SYMBOLS for each (power, n), resolved in ORDER OF PLAY."""
    for p, n in sorted(losses, reverse=True):
        if n > 0:
            push(s, "loss", p=p, n=n, why=why)


@STEPS.register
class Pay(QStep):
    """Discard ``n`` cards from one pile, unrevealed (bottom of the discard pile)."""

    name = "pay"
    rule = "DISCARDING CARDS"

    def settle(self, s: State, f: Frame) -> bool:
        p, pile = f["p"], f["pile"]
        cards: list[int] = getattr(s, pile)[p]
        if f["n"] <= 0:
            pop(s, f)
            return True
        if len(cards) <= f["n"]:  # no choice: every card goes (and any shortfall)
            missing = f["n"] - len(cards)
            for k in cards[:]:
                piles.discard_from(s, p, pile, k, False)
                piles.log_discard(s, p, k, pile, False, f["why"])
            if missing and f["must"]:
                # RUNNING OUT OF CARDS: 1 VP per card that cannot be discarded
                board.lose_vp(s, TEAM_OF[p], missing, "no_card")
            pop(s, f)
            return True
        return False

    def legal(self, s: State, f: Frame) -> list[Action]:
        return [Action(DISCARD, (CARD_IDS[k],)) for k in getattr(s, f["pile"])[f["p"]]]

    def apply(self, s: State, f: Frame, a: Action) -> None:
        k = CARD_INDEX[a.args[0]]
        piles.discard_from(s, f["p"], f["pile"], k, False)
        piles.log_discard(s, f["p"], k, f["pile"], False, f["why"])
        f["n"] -= 1

    def prompt(self, s: State, f: Frame) -> str:
        return f"pay.{f['pile']}"


@STEPS.register
class Loss(QStep):
    """DISCARDING DUE TO ATTRITION SYMBOLS: one card at a time, the losing power choosing."""

    name = "loss"
    rule = "DISCARDING DUE TO ATTRITION SYMBOLS"

    def settle(self, s: State, f: Frame) -> bool:
        p = f["p"]
        if f["n"] <= 0:
            pop(s, f)
            return True
        if not s.hand[p] and not s.prepared[p]:
            if s.deck[p]:
                while f["n"] > 0 and s.deck[p]:
                    self._deck(s, f)
                return True
            # RUNNING OUT OF CARDS: nothing left at all
            board.lose_vp(s, TEAM_OF[p], f["n"], "no_card")
            f["n"] = 0
            return True
        return False

    @staticmethod
    def _deck(s: State, f: Frame) -> None:
        p = f["p"]
        piles.discard_deck_top(s, p)
        log(s, "card.discard_hidden", "DISCARDING DUE TO ATTRITION SYMBOLS", p, pile="deck",
            why=f["why"])  # fmt: skip
        f["n"] -= 1

    def legal(self, s: State, f: Frame) -> list[Action]:
        p = f["p"]
        out = [Action(DISCARD, (CARD_IDS[k],)) for k in s.hand[p]]
        out += [Action(DISCARD, (CARD_IDS[k],)) for k in s.prepared[p]]
        if s.deck[p]:
            out.append(Action(DISCARD, ("deck",)))
        else:
            out.append(Action("lose", ("vp",)))
        return out

    def apply(self, s: State, f: Frame, a: Action) -> None:
        p = f["p"]
        if a.verb == "lose":
            board.lose_vp(s, TEAM_OF[p], 1, "no_card")
            f["n"] -= 1
            return
        if a.args[0] == "deck":
            self._deck(s, f)
            return
        k = CARD_INDEX[a.args[0]]
        pile = "hand" if k in s.hand[p] else "prepared"
        piles.discard_from(s, p, pile, k, False)
        piles.log_discard(s, p, k, pile, False, f["why"])
        f["n"] -= 1

    def prompt(self, s: State, f: Frame) -> str:
        return "loss"
