"""How the game ends and who wins (5.0, 16.2.1, 16.5.2).

``s.result`` is set once, and the step stack is emptied: the state is then terminal. The result
is a plain dict: ``outcome`` is ``"ap"``, ``"cp"``, ``"draw"`` or ``"both_lose"`` (tournament
peace, 5.6.3); ``winner`` the winning side or ``None``; ``reason`` why the game ended; ``vp`` the
VP marker at the end and ``final_vp`` after the end-of-game adjustments.
"""

from __future__ import annotations

from typing import Any

from greatwar.pog.data import AP, CP, SIDE_NAMES
from greatwar.pog.flow import D, log
from greatwar.pog.scenarios import DRAW, SCENARIOS
from greatwar.pog.state import State

US_ARMY_CARDS = tuple(
    c.ix
    for c in D.cards
    if c.reinforcement_nation == "us"
    and not c.variant
    and any(D.units[u].army for u in c.reinforcement_units)
)

# Reasons a game ends.
AUTOMATIC_VICTORY = "automatic_victory"  # 5.2
ARMISTICE = "armistice"  # 16.2.1
LAST_TURN = "last_turn"  # 5.3.1, 5.4.1, 5.5.1
TOTAL_WAR = "total_war"  # 5.4.1 (Limited War scenario)
PEACE = "peace_terms"  # 16.5.2


def final_adjustments(s: State, reason: str) -> list[dict[str, Any]]:
    """End-of-game VP changes: 5.7.4 #8 and #9 (historical, after an Armistice or turn 20) and
    the tournament bid (5.6.1), which applies only now (5.6.1.1)."""
    adj: list[dict[str, Any]] = []
    sc = SCENARIOS[s.scenario]
    if sc.historical and reason in (ARMISTICE, LAST_TURN):
        unplayed = [c for c in US_ARMY_CARDS if D.cards[c].event_key not in s.events]
        if unplayed:
            adj.append({"rule": "5.7.4.8", "vp": len(unplayed), "why": "us_army_cards_unplayed"})
        if "fall_of_the_tsar" not in s.events:
            adj.append({"rule": "5.7.4.9", "vp": -2, "why": "fall_of_the_tsar_not_played"})
    bid = s.options.get("bid")
    if bid and bid["vp"]:
        # The bidder ceded the VP to the opponent: high VP favours the CP.
        vp = bid["vp"] if bid["side"] == "ap" else -bid["vp"]
        adj.append({"rule": "5.6.1", "vp": vp, "why": f"bid_{bid['side']}"})
    return adj


def end_game(s: State, reason: str, winner: int | None = None) -> None:
    """End the game now. ``winner`` is given for an automatic victory; otherwise the VP level
    decides by the scenario's victory levels (peace terms: a draw, 5.1.1)."""
    sc = SCENARIOS[s.scenario]
    tournament = s.options.get("tournament", False)
    adjustments: list[dict[str, Any]] = []
    final_vp = s.vp
    if reason == AUTOMATIC_VICTORY:
        outcome = SIDE_NAMES[winner] if winner is not None else DRAW
    elif reason == PEACE:
        outcome = "both_lose" if tournament else DRAW  # 5.1.1, 5.6.3
    else:
        adjustments = final_adjustments(s, reason)
        final_vp = s.vp + sum(a["vp"] for a in adjustments)
        brest = "treaty_of_brest_litovsk" in s.events
        outcome = sc.victory_levels(brest).judge(final_vp)
        if outcome == DRAW and (sc.draws_to_ap or tournament):
            outcome = "ap"  # 5.7.2, 5.6.2
    win = {"ap": AP, "cp": CP}.get(outcome)
    s.result = {
        "outcome": outcome,
        "winner": SIDE_NAMES[win] if win is not None else None,
        "reason": reason,
        "turn": s.turn,
        "vp": s.vp,
        "final_vp": final_vp,
        "adjustments": adjustments,
    }
    s.phase = "over"
    s.stack = []
    log(s, "game.over", sc.rule, win, outcome=outcome, reason=reason, vp=s.vp, final_vp=final_vp)
