"""The Action Phase (6.0 B, 8.1) and the use of strategy cards (9.1-9.5).

Six action rounds; in each the CP acts, then the AP (8.1.2). An action is one of the six of
8.1.3: a card for operations, strategic redeployment, replacement points or its event, a peace
offer, or the automatic 1-OPS operation. Only uses the engine implements are offered.

The frame ``action_round`` keeps ``round``, ``side`` and ``acted``; the card being used sits in
the ``played`` pile until its ``finish_card`` frame discards or removes it.
"""

from __future__ import annotations

from collections.abc import Callable

from greatwar.core.actions import Action
from greatwar.core.steps import Frame
from greatwar.pog import peace
from greatwar.pog.cards import CARDS, finish_played, move_card
from greatwar.pog.data import AP, CP
from greatwar.pog.events import play_event, playable_event
from greatwar.pog.events.base import AFTER_ACTION
from greatwar.pog.flow import STEPS, D, PogStep, act, log, pop, push
from greatwar.pog.scenarios import SCENARIOS
from greatwar.pog.state import State
from greatwar.pog.tracks import US_OVER_THERE, at_war, us_entry_box

ROUNDS = 6  # 8.1.1
GUNS_OF_AUGUST = D.card("cp01")
ITALY_ENTRY, ROMANIA_ENTRY = D.card("ap17"), D.card("ap16")
NEUTRAL_RP_NATIONS = ("bu", "it", "tu")  # 9.4.1: no RPs recorded while neutral

# Uses that other modules provide: name -> (may_use(s, side, card), start(s, side, card)).
# Land operations register "ops", "auto" and "sr" (9.2, 9.3) when they are loaded.
CardUse = tuple[Callable[[State, int, int], bool], Callable[[State, int, int], None]]
EXTRA_USES: dict[str, CardUse] = {}


def register_use(
    name: str, may_use: Callable[[State, int, int], bool], start: Callable[[State, int, int], None]
) -> None:
    """Offer a card use (``ops``, ``sr``) or, with card -1, the automatic operation."""
    EXTRA_USES[name] = (may_use, start)


def last_use(s: State, side: int) -> str:
    """The action the player took in his previous action round of this turn ('' if none)."""
    uses = s.uses[side]
    return uses[-1] if uses else ""


def entry_card_locked(s: State, card: int) -> bool:
    """9.5.2.5: while the CP is at Total War and the AP is not, the Italian and Romanian entry
    cards may only be played as events (or discarded as unused combat cards)."""
    return card in (ITALY_ENTRY, ROMANIA_ENTRY) and s.commit[CP] == 2 and s.commit[AP] < 2


def may_play_rp(s: State, side: int, card: int) -> bool:
    if last_use(s, side) == "rp":
        return False  # 9.4.3
    if "influenza" in s.tflags:
        return False  # Influenza (ap65): no RP plays this turn
    return True


# ``play <use> <card>`` for every use and card, made once (listed every action round).
PLAY_ACTIONS: dict[str, tuple[Action, ...]] = {
    use: tuple(Action("play", (use, card.id)) for card in CARDS)
    for use in ("ops", "sr", "rp", "event")
}


def card_actions(s: State, side: int) -> list[Action]:
    """Every legal action of an action round (8.1.3)."""
    out: list[Action] = []
    if (
        side == CP
        and s.turn == 1
        and s.round == 1
        and SCENARIOS[s.scenario].historical
        and GUNS_OF_AUGUST in s.hand[CP]
    ):
        # 5.7.4 #3: the CP must open with Guns of August as an event.
        if playable_event(s, CP, GUNS_OF_AUGUST):
            return [act("play", "event", CARDS[GUNS_OF_AUGUST].id)]
    ops, sr = EXTRA_USES.get("ops"), EXTRA_USES.get("sr")
    play = PLAY_ACTIONS
    for c in s.hand[side]:
        if not entry_card_locked(s, c):
            if ops is not None and ops[0](s, side, c):
                out.append(play["ops"][c])
            if sr is not None and sr[0](s, side, c):
                out.append(play["sr"][c])
            if may_play_rp(s, side, c):
                out.append(play["rp"][c])
        if playable_event(s, side, c):
            out.append(play["event"][c])
    auto = EXTRA_USES.get("auto")
    if auto is not None and auto[0](s, side, -1):
        out.append(act("play", "auto"))
    if peace.may_offer(s, side):
        out.append(act("peace", "offer"))
    return out


def play_rp(s: State, side: int, card: int) -> None:
    """9.4: record the card's RPs on the General Records Track (in half points)."""
    c = CARDS[card]
    move_card(s, side, card, "hand", "played")
    got: dict[str, int] = {}
    for pool, amount in c.rp:
        if pool in NEUTRAL_RP_NATIONS and not at_war(s, pool):
            continue  # 9.4.1
        s.rp[pool] += 2 * amount
        got[pool] = amount
    if side == AP and us_entry_box(s) == US_OVER_THERE:
        s.rp["us"] += 2  # 17.1.8
        got["us"] = 1
    log(s, "card.rp", "9.4.1", side, card=c.id, rp=got)
    push(s, "finish_card", side=side, card=card, event=0)


@STEPS.register
class ActionRound(PogStep):
    """8.1: one action of one player in one action round."""

    name = "action_round"
    rule = "8.1"

    def settle(self, s: State, f: Frame) -> bool:
        if f["acted"]:
            for hook in AFTER_ACTION:
                hook(s, f["side"])
            if f["side"] == CP:
                f["side"] = AP
            else:
                f["side"] = CP
                f["round"] += 1
            f["acted"] = 0
            if f["round"] > ROUNDS:
                pop(s, f)
                s.round = 0
                return True
            s.round = f["round"]
            return True
        if s.round != f["round"]:
            s.round = f["round"]
            return True
        return False

    def prompt(self, s: State, f: Frame) -> str:
        return "action.choose"

    def legal(self, s: State, f: Frame) -> list[Action]:
        return card_actions(s, f["side"])

    def apply(self, s: State, f: Frame, a: Action) -> None:
        side = f["side"]
        f["acted"] = 1
        if a.verb == "peace":
            s.uses[side].append("peace")
            peace.offer(s, side)
            return
        use = a.args[0]
        if use == "auto":
            s.uses[side].append("auto")
            EXTRA_USES["auto"][1](s, side, -1)
            return
        card = D.card(a.args[1])
        s.uses[side].append(use)
        if use == "rp":
            play_rp(s, side, card)
        elif use == "event":
            play_event(s, side, card)
        else:
            EXTRA_USES[use][1](s, side, card)


@STEPS.register
class FinishCard(PogStep):
    """The end of a card's play: discarded, or removed after an asterisk event (9.5.1.2)."""

    name = "finish_card"
    rule = "9.5.1.2"

    def settle(self, s: State, f: Frame) -> bool:
        if f["card"] in s.played[f["side"]]:
            finish_played(s, f["side"], f["card"], bool(f["event"]))
        pop(s, f)
        return True


def action_phase(s: State) -> None:
    """6.0 B: push the six action rounds."""
    s.phase = "action"
    push(s, "action_round", round=1, side=CP, acted=0)
