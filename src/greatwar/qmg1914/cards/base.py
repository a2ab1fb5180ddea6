"""The card framework: the registry of card behaviours and the hooks Status cards plug into.

A card's *Play text* is a :class:`Behaviour` registered under the card's ``event_key`` (see
``data/cards.csv``). A card whose key is not registered is never offered for play; it can still
be used every way that needs only its printed symbols (prepared, discarded, drafted, lost), which
the rules modules handle from the data.

Most Event and Economic Warfare cards are a :class:`Script`: a list of *ops*, small JSON values
``[name, {params}]`` run in order by the ``script`` step (COMPLEX CARDS: costs first, then each
benefit in the order printed, each finished before the next begins, each optional unless the
card makes it mandatory). The ops are in :mod:`greatwar.qmg1914.cards.ops`.

Status cards (:class:`StatusCard`) go face up on the table when played; while there, the rules
modules consult them through the hook methods below (a hook is called only for Status cards of
registered behaviour lying face up on some power's table; ``owner`` is that power). A power whose
Home space is enemy-held still has its Status cards; only scoring is affected (SCORING ROUNDS).
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from greatwar.core.actions import Action
from greatwar.core.steps import Frame
from greatwar.qmg1914.data import CARDS
from greatwar.qmg1914.state import State

Op = list[Any]  # [name, {params}]


@dataclass(frozen=True, slots=True)
class Use:
    """One way a side may add symbols to a battle, as PROCEDURE's sufficiency check counts it
    (:func:`greatwar.qmg1914.battle.offers`): card ``card`` is used and adds ``gain`` symbols;
    it costs ``hand`` cards from the attacking power's hand besides DIFFICULT TERRAIN's card (a
    card used from hand counts itself among them); ``once`` names the once-per-turn effect it
    spends; with ``stays`` the card stays prepared (it may be used again), with ``back`` it goes
    back to its owner's hand."""

    card: int
    gain: int
    hand: int = 0
    once: str = ""
    stays: bool = False
    back: bool = False


class Behaviour:
    """The Play text of one card (one ``event_key``)."""

    key: str = ""
    heading: str = "EVENT"

    def playable(self, s: State, p: int, k: int) -> bool:
        """The card's own requirements, checked before it is offered (COMPLEX CARDS: a card's
        requirements must be met before any benefit; a cost that cannot be paid means the card
        cannot be played)."""
        return True

    def play(self, s: State, p: int, k: int) -> None:
        """Carry out the Play text (the card is already on the discard pile or the table)."""

    # -- Status hooks (called only while the card lies face up on ``owner``'s table) -------

    def on_table(self, s: State, owner: int, k: int) -> None:
        """The card has just been played to the table."""

    def score(self, s: State, owner: int, k: int) -> int:
        """SCORING ROUNDS: VP this card gives its owner's team."""
        return 0

    def battle_cost(self, s: State, owner: int, k: int, b: dict[str, Any]) -> int:
        """Extra cards from hand the attacker must discard to initiate battle ``b``."""
        return 0

    def place_cost(self, s: State, owner: int, k: int, p: int, c: int, x: int) -> int:
        """Extra cards from hand power ``p`` must discard to place a piece of ``c`` in ``x``."""
        return 0

    def may_battle(self, s: State, owner: int, k: int, p: int, c: int, t: int) -> bool:
        """May country ``c`` (power ``p``) initiate a battle against ``t``?"""
        return True

    def on_initiate(self, s: State, owner: int, k: int, b: Frame) -> None:
        """Battle ``b`` has been initiated (its costs paid); may push frames."""

    def after_battle(self, s: State, owner: int, k: int, b: Frame) -> None:
        """Battle ``b`` is over (``b["won"]`` says whether the attacker won)."""

    def after_build(self, s: State, owner: int, k: int, p: int, c: int, x: int) -> None:
        """Power ``p`` has just built a piece of ``c`` in ``x`` (not recruited)."""

    def keeps_played(self, s: State, owner: int, k: int, p: int, played: int) -> bool:
        """Does card ``played`` stay in ``p``'s hand instead of being discarded?"""
        return False

    def may_use_prepared(self, s: State, owner: int, k: int, p: int, b: Frame) -> bool:
        """May power ``p`` use prepared cards in battle ``b``?"""
        return True

    def extra_defenders(self, s: State, owner: int, k: int, b: Frame) -> list[int]:
        """Powers that join the defence of battle ``b`` (beyond the owners of its pieces)."""
        return []

    def extra_attackers(self, s: State, owner: int, k: int, b: Frame) -> list[int]:
        """Powers that may add Sustain cards to battle ``b`` besides the attacker."""
        return []

    def battle_actions(self, s: State, owner: int, k: int, b: Frame, p: int) -> list[Action]:
        """Extra actions power ``p`` may take at battle ``b``'s current stage (a hand card
        used as a Sustain, a prepared card kept after use...)."""
        return []

    def battle_apply(self, s: State, owner: int, k: int, b: Frame, a: Action) -> bool:
        """Carry out one of :meth:`battle_actions`; True if it was this card's."""
        return False

    def battle_use(self, s: State, owner: int, k: int, b: Frame, a: Action) -> Use | None:
        """What one of :meth:`battle_actions` (a Reinforce or a Sustain) adds and costs, for
        PROCEDURE's sufficiency check; None: the named prepared card's symbols, at no other
        cost."""
        return None

    def after_draft(self, s: State, owner: int, k: int, p: int, drafted: int) -> None:
        """Power ``p`` has just drafted card ``drafted``."""

    def draft_types(self, s: State, owner: int, k: int, p: int, c: int) -> list[str]:
        """Card types power ``p`` may draft for country ``c`` beyond Build Army and Navy."""
        return []

    def attrition_actions(self, s: State, owner: int, k: int) -> list[Action]:
        """Extra actions the owner may take in its Attrition step."""
        return []

    def attrition_apply(self, s: State, owner: int, k: int, a: Action) -> bool:
        return False

    def draft_actions(self, s: State, owner: int, k: int) -> list[Action]:
        """Extra actions the owner may take in its Draft step."""
        return []

    def draft_apply(self, s: State, owner: int, k: int, f: Frame, a: Action) -> bool:
        """Carry out one of :meth:`draft_actions`; True if it was this card's."""
        return False


class StatusCard(Behaviour):
    """A Status card: playing it puts it face up on the table (STATUS)."""

    heading = "STATUS"


BEHAVIOURS: dict[str, Behaviour] = {}


def register(cls: type[Behaviour]) -> type[Behaviour]:
    """Class decorator: register a card behaviour under its key."""
    if not cls.key or cls.key in BEHAVIOURS:
        raise ValueError(f"card behaviour {cls.key!r} has no key or is registered twice")
    BEHAVIOURS[cls.key] = cls()
    return cls


def behaviour(k: int) -> Behaviour | None:
    return BEHAVIOURS.get(CARDS[k].event_key)


def statuses(s: State) -> Iterator[tuple[int, int, Behaviour]]:
    """Every registered Status card face up on any table: (owner, card, behaviour)."""
    for owner in range(5):
        for k in s.status[owner]:
            b = BEHAVIOURS.get(CARDS[k].event_key)
            if b is not None:
                yield owner, k, b


def implemented_keys() -> list[str]:
    """The event keys whose Play text is registered (for the card report)."""
    return sorted(BEHAVIOURS)
