"""Status cards by which one power backs its allies' land battles with its own prepared cards
(German Aid in the East, Blackjack and the Doughboys)."""

from __future__ import annotations

from greatwar.core.actions import Action
from greatwar.core.steps import Frame
from greatwar.qmg1914 import board
from greatwar.qmg1914.battle import (
    battle_cost,
    can_pay_sustain,
    counterattack,
    may_battle,
    reinforce_cards,
    sustain_cards,
    use_prepared,
)
from greatwar.qmg1914.cards.base import StatusCard, statuses
from greatwar.qmg1914.data import (
    CARD_IDS,
    CARD_INDEX,
    CARDS,
    POWER_OF_COUNTRY,
    SPACES,
    TEAM_OF_COUNTRY,
)
from greatwar.qmg1914.state import State


def _uses(s: State, p: int, b: Frame) -> bool:
    return all(h.may_use_prepared(s, o, k, p, b) for o, k, h in statuses(s))


class Backing(StatusCard):
    """The owner's ``helper`` country backs the ``backed`` countries in land battles."""

    helper: int = -1  # country
    backed: tuple[int, ...] = ()
    option = ""  # the option allowing the counterattack

    def near(self, s: State, t: int) -> bool:
        """A further condition on the battled space."""
        return True

    def _defended(self, s: State, b: Frame) -> list[int]:
        """Backed countries with a supplied piece in the battled space."""
        t = b["t"]
        return [c for c in self.backed if board.has_piece(s, c, t) and board.supplied(s, c, t)]

    def _defence(self, s: State, b: Frame) -> bool:
        return (
            not b["sea"] and any(b["defc"] >> c & 1 for c in self.backed) and self.near(s, b["t"])
        )

    def _attack(self, s: State, b: Frame) -> bool:
        return (
            not b["sea"]
            and b["c"] in self.backed
            and not SPACES[b["o"]].sea
            and self.near(s, b["t"])
        )

    def extra_defenders(self, s: State, owner: int, k: int, b: Frame) -> list[int]:
        return [owner] if self._defence(s, b) else []

    def extra_attackers(self, s: State, owner: int, k: int, b: Frame) -> list[int]:
        return [owner] if self._attack(s, b) else []

    def _counter_country(self, s: State, b: Frame) -> int:
        """The backed country whose Army would counterattack, or -1."""
        if not s.options.get(self.option, True) or SPACES[b["o"]].sea:
            return -1
        o, t = b["o"], b["t"]
        for c in self._defended(s, b):
            p = POWER_OF_COUNTRY[c]
            if board.team_in(s, TEAM_OF_COUNTRY[c], o) or not may_battle(s, p, c, o):
                continue
            if battle_cost(s, p, c, t, o) <= len(s.hand[p]):
                return c
        return -1

    def battle_actions(self, s: State, owner: int, k: int, b: Frame, p: int) -> list[Action]:
        if p != owner or not _uses(s, p, b):
            return []
        st, t = b["st"], b["t"]
        mine = [c for c in s.prepared[p] if CARDS[c].country == self.helper and CARDS[c].allows(t)]
        if st == "reinforce" and self._defence(s, b):
            usual = reinforce_cards(s, b, p)
            ok = bool(self._defended(s, b))
            return [
                Action("reinforce", (CARD_IDS[c],))
                for c in mine
                if CARDS[c].symbol == "reinforce_army"
                and c not in usual
                and (ok or CARDS[c].supply_symbol)
            ]
        if st == "sustain" and self._attack(s, b) and can_pay_sustain(s, b):
            usual = sustain_cards(s, b, p)
            return [
                Action("sustain", (CARD_IDS[c],))
                for c in mine
                if CARDS[c].symbol == "sustain_land" and c not in usual
            ]
        if st == "counter" and self._defence(s, b) and self._counter_country(s, b) >= 0:
            return [
                Action("counterattack", (CARD_IDS[c],))
                for c in mine
                if CARDS[c].symbol == "counterattack"
            ]
        return []

    def battle_apply(self, s: State, owner: int, k: int, b: Frame, a: Action) -> bool:
        if a.verb != "counterattack" or b["d"] != owner:
            return False
        c = CARD_INDEX[a.args[0]]
        if CARDS[c].country != self.helper or a not in self.battle_actions(s, owner, k, b, owner):
            return False
        if board.has_piece(s, self.helper, b["t"]) and board.supplied(s, self.helper, b["t"]):
            return False  # the helper's own Army defended: the usual counterattack
        country = self._counter_country(s, b)
        use_prepared(s, owner, c, "counterattack")
        counterattack(s, b, country)
        return True
