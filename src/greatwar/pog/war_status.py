"""The War Status Phase (6.0 E): VP-table items, automatic victory, armistice, commitment.

E.1 (VP table, "during the War Status Phase"): Blockade on Winter turns, missed mandated
offensives (7.1.3), Italy still neutral while the AP is at Total War.
E.2 automatic victory (5.2); E.3 armistice (16.2.1); E.4 War Commitment (16.1.2-16.1.4), with
Turkey's entry when the CP reaches Limited War (16.1.3.1).
"""

from __future__ import annotations

from greatwar.pog import entry, mandated
from greatwar.pog.cards import add_commitment_deck
from greatwar.pog.data import AP, CP
from greatwar.pog.flow import D, log
from greatwar.pog.scenarios import SCENARIOS
from greatwar.pog.state import State
from greatwar.pog.tracks import ARMISTICE_AT, LIMITED_WAR_AT, TOTAL_WAR_AT, at_war
from greatwar.pog.victory import ARMISTICE, AUTOMATIC_VICTORY, TOTAL_WAR, end_game

TURNS = {t["turn"]: t for t in D.tables["turn_track"]["turns"]}
_VP = D.tables["general_records_track"]["vp_automatic_victory"]
CP_AUTOMATIC_AT = _VP["cp_at_or_above"]  # 5.2.1: 20
AP_AUTOMATIC_AT = _VP["ap_at_or_below"]  # 5.2.2: 0


def season(turn: int) -> str | None:
    """The season of a turn on the Turn Record Track (turns 1-2 have none)."""
    season_: str | None = TURNS[turn]["season"]
    return season_


def vp_table_items(s: State) -> None:
    """E.1: the War Status Phase items of the VP table."""
    if "blockade" in s.events and season(s.turn) == "winter":
        s.vp -= 1
        log(s, "vp.blockade", "6.0E.1", AP, vp=s.vp)
    mandated.missed_penalty(s)
    if s.commit[AP] == 2 and not at_war(s, "it"):
        s.vp += 1
        log(s, "vp.italy_neutral", "6.0E.1", CP, vp=s.vp)


def raise_commitment(s: State, side: int, level: int) -> None:
    """16.1.3-16.1.4: the player's War Commitment rises; its cards join the draw pile and the
    draw and discard piles are reshuffled at the start of the Draw Phase."""
    while s.commit[side] < level:
        s.commit[side] += 1
        added = add_commitment_deck(s, side, s.commit[side])
        s.tflags.setdefault("reshuffle", [0, 0])[side] = 1
        if s.commit[side] == 2:
            s.flags["total_war_turn"][side] = s.turn
        log(
            s,
            "commitment.raised",
            "16.1.3" if s.commit[side] == 1 else "16.1.4",
            side,
            level=s.commit[side],
            cards=added,
        )
        if side == CP and s.commit[side] == 1:
            entry.turkey_enters(s)


def war_status_phase(s: State) -> None:
    """6.0 E, segments E.1 to E.4 in order."""
    s.phase = "war_status"
    sc = SCENARIOS[s.scenario]
    vp_table_items(s)
    # E.2 automatic victory (5.2), on the raw VP: a tournament bid does not count (5.6.1.1).
    if s.vp >= CP_AUTOMATIC_AT:
        end_game(s, AUTOMATIC_VICTORY, CP)
        return
    if s.vp <= AP_AUTOMATIC_AT:
        end_game(s, AUTOMATIC_VICTORY, AP)
        return
    # E.3 armistice (16.2.1).
    if s.cws >= ARMISTICE_AT:
        log(s, "armistice", "16.2.1", combined=s.cws)
        end_game(s, ARMISTICE)
        return
    # E.4 War Commitment: not on turn 1 (16.1.2), never in the Introductory scenario (5.3.2).
    if s.turn == 1 or sc.commitment_frozen:
        return
    for side in (CP, AP):
        ws = s.ws[side]
        level = 2 if ws >= TOTAL_WAR_AT else 1 if ws >= LIMITED_WAR_AT else 0
        if level > s.commit[side]:
            raise_commitment(s, side, level)
    if sc.ends_at_total_war and 2 in s.commit:
        end_game(s, TOTAL_WAR)  # 5.4.1
