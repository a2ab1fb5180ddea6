"""The combat-card framework (9.5.4, 12.2.4, 12.2.6, 12.2.11).

A combat card's effect is a :class:`CombatCard` registered under the card's ``event_key``
(``@register_cc``). It says when it may be played (``window``: the trench-negating step 3, the
flank step or the combat-card step 5; ``role``: attacker, defender or either; ``condition``)
and what it changes (``bonus``/``drm`` for its owner's fire, ``negates`` trench effects,
``army_table``, ``fires_first``, ``flank_success``, ``virtual_trench``, ``withdrawal``,
``ignore_retreat``),
and what becomes of it after the combat (``once_per_turn``, ``keep_on_tie``; asterisk cards,
``removed_after_event`` in the card data, leave the game). Three hooks serve the cards that do
more: ``allowed`` (a prerequisite of the card itself, which a Valiant version may lift),
``on_play`` (when it is played or selected: Alberich calls the attack off with
:func:`call_off`) and ``after`` (when the combat is over: Peace Offensive). Adding a card is a few
lines::

    @register_cc
    class ChlorineGas(CombatCard):
        key = "chlorine_gas"
        role = ATTACKER
        bonus = 1

        def condition(self, s, c, side):
            return any_nation(s, c, side, "ge")

Cards are played from the hand, or selected from the table (kept face up after a won combat),
during a combat only (9.5.4.1); each card serves at most one combat per action round
(9.5.4.4). The winner keeps his cards face up, the loser (and both players on a tie) discards
them; asterisk cards are removed and "one combat per turn" cards discarded whatever the result
(9.5.4.2-9.5.4.3, 12.2.11).

Events played in an action round that change combats (Yanks and Tanks, Brusilov, Kerensky,
Haig) register the same kind of object as an *effect* (``@register_effect``, keyed by the
event key, with the side it serves as ``owner``). An ``auto`` effect joins every combat whose
condition it meets when the combat starts (:func:`start_effects`); any other effect is offered
to its owner in its card window as ``select <card>`` (``card``: the event card's id) and joins
the combat when chosen (:func:`use_effect`). Effects in a combat are listed in the combat
frame's ``fx`` as ``[side, key]`` and count like played cards, but never go anywhere after it.
"""

from __future__ import annotations

from greatwar.core.steps import Frame
from greatwar.pog.cards import CARDS as CARDS
from greatwar.pog.cards import move_card
from greatwar.pog.flow import log
from greatwar.pog.messages import define
from greatwar.pog.state import State
from greatwar.pog.tracks import raise_war_status

from .common import (
    CC_USED,
    UNITS,
    attacker,
    attackers,
    defenders,
    note_round,
    role_of,
    round_members,
)

TRENCH, FLANK, MAIN = "trench", "flank", "main"  # 12.2.4 (step 3), 12.2.5, 12.2.6 (step 5)
ATTACKER, DEFENDER, EITHER = "a", "d", "either"
ALL_TRENCH = frozenset({"shifts", "flank", "retreat"})  # "cancels all trench effects"
TRENCH_SHIFTS = frozenset({"shifts"})  # only the column shifts (Royal Tank Corps)

define(
    "en",
    {
        "cc.returned": "{card} goes back unused",
        "cc.effect": "{event_name} acts in this combat",
        "cc.effect_used": "{side} use {event_name} in this combat",
        "cc.called_off": "The attack is called off",
    },
)


class CombatCard:
    """What one combat card does. Subclasses set ``key`` and what differs."""

    key: str = ""
    rule: str = "9.5.4"
    window: str = MAIN  # TRENCH cards may also be played at step 5; FLANK: at the flank step
    role: str = EITHER
    bonus: int = 0  # DRM to the owner's fire
    once_per_turn: bool = False
    keep_on_tie: bool = False
    negates: frozenset[str] = frozenset()
    army_table: bool = False
    fires_first: bool = False
    flank_success: bool = False
    virtual_trench: bool = False
    withdrawal: bool = False
    ignore_retreat: bool = False
    # Effects of action-round events only:
    owner: int = -1  # the side the event serves
    auto: bool = False  # joins by itself, or is offered as ``select <card>``
    card: str = ""  # the card a player names to use the effect

    def allowed(self, s: State, side: int, card: int) -> bool:
        """A prerequisite of the card itself (``card`` tells a Valiant version apart)."""
        return True

    def condition(self, s: State, c: Frame, side: int) -> bool:
        """May ``side`` play or select the card in this combat now?"""
        return True

    def drm(self, s: State, c: Frame, side: int) -> int:
        """The card's DRM to its owner's (``side``'s) fire."""
        return self.bonus

    def on_play(self, s: State, c: Frame, side: int) -> None:
        """Called once the card is played or selected, or the effect used, by ``side``."""

    def after(self, s: State, c: Frame, side: int) -> None:
        """Called when the combat is over (after the advance), for ``side``'s card."""


COMBAT_CARDS: dict[str, CombatCard] = {}


def register_cc(cls: type[CombatCard]) -> type[CombatCard]:
    """Class decorator: register a combat card's effect under its event key."""
    if not cls.key or cls.key in COMBAT_CARDS:
        raise ValueError(f"combat card {cls.key!r} has no key or is registered twice")
    COMBAT_CARDS[cls.key] = cls()
    return cls


def effect(card: int) -> CombatCard | None:
    return COMBAT_CARDS.get(CARDS[card].event_key)


EFFECTS: dict[str, CombatCard] = {}
EFFECT_BY_CARD: dict[str, str] = {}  # card id -> effect key, for ``select <card>``


def register_effect(cls: type[CombatCard]) -> type[CombatCard]:
    """Class decorator: register the combat effect of an action-round event."""
    if not cls.key or cls.key in EFFECTS or cls.owner < 0:
        raise ValueError(f"combat effect {cls.key!r} has no key or owner, or is registered twice")
    if not cls.auto:
        if not cls.card or cls.card in EFFECT_BY_CARD:
            raise ValueError(f"combat effect {cls.key!r} needs a card of its own")
        EFFECT_BY_CARD[cls.card] = cls.key
    EFFECTS[cls.key] = cls()
    return cls


def any_nation(s: State, c: Frame, side: int, nation: str) -> bool:
    """Does a unit of ``nation`` take part on ``side`` (attacking, or defending)?"""
    units = attackers(s, c) if side == attacker(c) else defenders(s, c)
    return any(UNITS[u].nation == nation for u in units)


# -- what the cards in play change -------------------------------------------------------------


def in_play(c: Frame) -> list[tuple[int, CombatCard]]:
    """The cards played or selected, and the event effects, in this combat."""
    out = []
    for side, card in c["cards"]:
        cc = effect(card)
        if cc is not None:
            out.append((int(side), cc))
    for side, key in c.get("fx", ()):
        out.append((int(side), EFFECTS[key]))
    return out


def drm(s: State, c: Frame, side: int) -> int:
    return sum(cc.drm(s, c, side) for owner, cc in in_play(c) if owner == side)


def trench_negated(c: Frame, part: str) -> bool:
    return any(part in cc.negates for _, cc in in_play(c))


def army_table(c: Frame, side: int) -> bool:
    return any(cc.army_table for owner, cc in in_play(c) if owner == side)


def virtual_trench(c: Frame) -> bool:
    return any(cc.virtual_trench for _, cc in in_play(c))


def fires_first(c: Frame) -> bool:
    return any(cc.fires_first for _, cc in in_play(c))


def flank_success(c: Frame) -> bool:
    return any(cc.flank_success for _, cc in in_play(c))


def withdrawal(c: Frame) -> bool:
    """12.6: the defender played a Withdrawal card."""
    d = 1 - attacker(c)
    return any(cc.withdrawal for owner, cc in in_play(c) if owner == d)


def ignore_retreat(c: Frame) -> bool:
    d = 1 - attacker(c)
    return any(cc.ignore_retreat for owner, cc in in_play(c) if owner == d)


# -- playing and selecting ------------------------------------------------------------------------


def _eligible(s: State, c: Frame, side: int, card: int, window: str, cc: CombatCard) -> bool:
    if window == MAIN:
        if cc.window == FLANK:
            return False
    elif cc.window != window:
        return False
    if cc.role != EITHER and cc.role != role_of(c, side):
        return False
    return cc.allowed(s, side, card) and cc.condition(s, c, side)


def options(s: State, c: Frame, side: int, window: str) -> list[int]:
    """Cards ``side`` may play from the hand or select from the table now (12.2.4, 12.2.6)."""
    if role_of(c, side) == "d" and not c["dcc"]:
        return []  # 14.3.4, 14.1.5, 15.1.6
    here = {card for _, card in c["cards"]}
    used = round_members(s, CC_USED)
    out = []
    for card in s.hand[side]:
        if not CARDS[card].combat_card or card in here:
            continue
        cc = effect(card)
        if cc is not None and _eligible(s, c, side, card, window, cc):
            out.append(card)
    for card in s.table[side]:
        if card in here or card in used:
            continue  # 9.5.4.4: once per action round
        cc = effect(card)
        if cc is not None and _eligible(s, c, side, card, window, cc):
            out.append(card)
    return out


def play(s: State, c: Frame, side: int, card: int) -> None:
    """Play ``card`` from the hand (an event: War Status, 9.5.1.3) or select it from the
    table (9.5.4.2)."""
    cid = CARDS[card].id
    key = CARDS[card].event_key
    if card in s.hand[side]:
        # ``src`` remembers where the card came from, for Alberich (call_off).
        c["src"] = [*c.get("src", []), [card, s.events.get(key, -1)]]
        move_card(s, side, card, "hand", "played")
        s.events[key] = s.turn
        log(s, "cc.played", "12.2.6", side, card=cid)
        raise_war_status(s, side, CARDS[card].war_status)
    else:
        c["src"] = [*c.get("src", []), [card, FROM_TABLE]]
        move_card(s, side, card, "table", "played")
        log(s, "cc.used", "9.5.4.2", side, card=cid)
    c["cards"] = [*c["cards"], [side, card]]
    note_round(s, CC_USED, card)
    cc = effect(card)
    if cc is not None:
        cc.on_play(s, c, side)


FROM_TABLE = -2


def call_off(s: State, c: Frame, side: int, card: int) -> None:
    """The combat is called off by ``side``'s ``card`` (Alberich): every other card played or
    selected for it goes back where it came from as if unplayed (to the hand, its event record
    restored, or to the table, free for another combat this round); the calling card is then
    removed or discarded, and the combat ends. (No combat card that may be taken back carries
    War Status.)"""
    src = {int(k): int(prev) for k, prev in c.get("src", [])}
    used = round_members(s, CC_USED)
    for owner, k in c["cards"]:
        if k == card:
            continue
        prev = src.get(k, FROM_TABLE)
        if prev == FROM_TABLE:
            move_card(s, owner, k, "played", "table")
        else:
            move_card(s, owner, k, "played", "hand")
            key = CARDS[k].event_key
            if prev < 0:
                s.events.pop(key, None)
            else:
                s.events[key] = prev
        if k in used:
            used.remove(k)
        log(s, "cc.returned", "9.5.4", owner, card=CARDS[k].id)
    c["cards"] = [[side, card]]
    log(s, "cc.called_off", "9.5.4", side)
    finish(s, c, -1)
    c["void"] = 1
    c["stage"] = "end"


# -- event effects --------------------------------------------------------------------------------


def start_effects(s: State, c: Frame) -> None:
    """When the combat starts: the ``auto`` effects whose conditions hold join it."""
    fx = []
    for key, cc in EFFECTS.items():
        if not cc.auto:
            continue
        if cc.role != EITHER and cc.role != role_of(c, cc.owner):
            continue
        if cc.condition(s, c, cc.owner):
            fx.append([cc.owner, key])
            log(s, "cc.effect", cc.rule, cc.owner, event=key)
    c["fx"] = fx


def effect_options(s: State, c: Frame, side: int, window: str) -> list[str]:
    """The effects ``side`` may choose to use now (as ``select <card>``)."""
    if role_of(c, side) == "d" and not c["dcc"]:
        return []
    have = {k for _, k in c.get("fx", ())}
    out = []
    for key, cc in EFFECTS.items():
        if cc.auto or cc.owner != side or key in have:
            continue
        if _eligible(s, c, side, -1, window, cc):
            out.append(cc.card)
    return out


def use_effect(s: State, c: Frame, side: int, card_id: str) -> None:
    key = EFFECT_BY_CARD[card_id]
    c["fx"] = [*c.get("fx", []), [side, key]]
    log(s, "cc.effect_used", EFFECTS[key].rule, side, event=key)
    EFFECTS[key].on_play(s, c, side)


def after_combat(s: State, c: Frame) -> None:
    """The combat is over: the cards and effects that act then do so (Peace Offensive)."""
    for owner, cc in in_play(c):
        cc.after(s, c, owner)


def finish(s: State, c: Frame, winner: int) -> None:
    """12.2.11, 9.5.4.2-9.5.4.3: the winner keeps his cards face up, the loser (both on a tie)
    discards them; asterisk cards are removed, once-per-turn cards discarded."""
    for side, card in c["cards"]:
        cc = effect(card)
        cid = CARDS[card].id
        if CARDS[card].removed_after_event:
            move_card(s, side, card, "played", "removed")
            log(s, "cc.removed", "9.5.4.2", side, card=cid)
        elif (
            cc is not None
            and not cc.once_per_turn
            and (winner == side or (winner < 0 and cc.keep_on_tie))
        ):
            move_card(s, side, card, "played", "table")
            log(s, "cc.kept", "12.2.11", side, card=cid)
        else:
            move_card(s, side, card, "played", "discard")
            log(s, "cc.discarded", "12.2.11", side, card=cid)
