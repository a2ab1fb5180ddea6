"""War Status, the US Entry track and the Russian Capitulation track (9.5.1.3, 16).

War Status values are stored (they only ever rise, 16.1.5); the positions of the US Entry and
Russian Capitulation markers are *derived* from what has happened (events played, Combined War
Status, Russian VP spaces held), so they move forward and back exactly as 16.3-16.4 say and can
never disagree with the position.
"""

from __future__ import annotations

from greatwar.pog import messages
from greatwar.pog.board import cp_russian_vp, russian_vp_spaces
from greatwar.pog.data import AP, CP
from greatwar.pog.flow import D, log
from greatwar.pog.state import State

# US Entry track boxes (16.3).
US_NEUTRAL, US_ZIMMERMANN_ALLOWED, US_ZIMMERMANN, US_OVER_THERE = 0, 1, 2, 3
US_BOXES = ("us_neutral", "zimmermann_allowed", "zimmermann_telegram", "over_there")

# Russian Capitulation track boxes (16.4).
(
    RC_GOD_SAVE_THE_TSAR,
    RC_TTC_ALLOWED,
    RC_TTC,
    RC_FOT_ALLOWED,
    RC_FOT,
    RC_BOLSHEVIK_ALLOWED,
    RC_BOLSHEVIK,
    RC_BREST_LITOVSK,
) = range(8)
RC_BOXES = (
    "god_save_the_tsar",
    "tsar_takes_command_allowed",
    "tsar_takes_command",
    "fall_of_the_tsar_allowed",
    "fall_of_the_tsar",
    "bolshevik_revolution_allowed",
    "bolshevik_revolution",
    "treaty_of_brest_litovsk",
)

ZIMMERMANN_AT = 30  # 16.3.2
FALL_OF_THE_TSAR_AT = 33  # 16.4.4
ARMISTICE_AT = 40  # 16.2.1
TTC_AT = 3  # 16.4.3
LIMITED_WAR_AT = 4  # 16.1.3
TOTAL_WAR_AT = 11  # 16.1.4
BAKU = D.space("baku")


def raise_war_status(s: State, side: int, amount: int, rule: str = "9.5.1.3") -> None:
    """Add ``amount`` to the player's War Status and to the Combined War Status (9.5.1.3).

    After a player reaches Total War only the combined marker matters (16.1.6); the player's own
    value keeps counting, which changes nothing because nothing reads it above 11.
    """
    if amount <= 0:
        return
    s.ws[side] += amount
    s.cws += amount
    log(s, "war_status.raised", rule, side, amount=amount, ws=s.ws[side], combined=s.cws)


def us_entry_box(s: State) -> int:
    """16.3: where the US Entry marker stands."""
    ev = s.events
    if "over_there" in ev:
        return US_OVER_THERE
    if "zimmermann_telegram" in ev:
        return US_ZIMMERMANN
    if s.cws >= ZIMMERMANN_AT:
        return US_ZIMMERMANN_ALLOWED
    return US_NEUTRAL


def european_russian_vp_held(s: State) -> bool:
    """16.4.6 #2: the CP controls every VP space in Russia except Baku."""
    return all(s.ctrl[x] == CP for x in russian_vp_spaces(s) if x != BAKU)


def russian_capitulation_box(s: State) -> int:
    """16.4: where the Russian Capitulation marker stands."""
    ev = s.events
    rvp = cp_russian_vp(s)
    if "treaty_of_brest_litovsk" in ev:
        return RC_BREST_LITOVSK
    if "bolshevik_revolution" in ev:
        return RC_BOLSHEVIK
    if "fall_of_the_tsar" in ev:
        later_turn = s.turn > ev["fall_of_the_tsar"]
        if later_turn and (rvp > s.tsar_vp or european_russian_vp_held(s)):
            return RC_BOLSHEVIK_ALLOWED  # 16.4.6
        return RC_FOT
    if "tsar_takes_command" in ev:
        if s.cws + rvp >= FALL_OF_THE_TSAR_AT:
            return RC_FOT_ALLOWED  # 16.4.4
        return RC_TTC
    if rvp >= TTC_AT:
        return RC_TTC_ALLOWED  # 16.4.3
    return RC_GOD_SAVE_THE_TSAR


US_BOX_NAMES = ("US Neutral", "Zimmermann Telegram Allowed", "Zimmermann Telegram", "Over There")
RC_BOX_NAMES = (
    "God Save the Tsar",
    "Tsar Takes Command Allowed",
    "Tsar Takes Command",
    "Fall of the Tsar Allowed",
    "Fall of the Tsar",
    "Bolshevik Revolution Allowed",
    "Bolshevik Revolution",
    "Treaty of Brest-Litovsk",
)

messages.define(
    "en",
    {
        "track.us_entry": "The US Entry marker moves to {box_name}",
        "track.russia": "The Russian Capitulation marker moves to {box_name}",
    },
)


def log_track_moves(s: State) -> None:
    """Log each move of the derived US Entry (16.3) and Russian Capitulation (16.4) markers
    since the last call; ``s.flags`` keeps the boxes last reported."""
    us = us_entry_box(s)
    if us != s.flags.get("us_box", US_NEUTRAL):
        s.flags["us_box"] = us
        log(s, "track.us_entry", "16.3.1", AP, box=US_BOXES[us], box_name=US_BOX_NAMES[us])
    rc = russian_capitulation_box(s)
    if rc != s.flags.get("rc_box", RC_GOD_SAVE_THE_TSAR):
        s.flags["rc_box"] = rc
        log(s, "track.russia", "16.4.1", CP, box=RC_BOXES[rc], box_name=RC_BOX_NAMES[rc])


def commitment_name(level: int) -> str:
    return ("mobilization", "limited", "total")[level]


def at_war(s: State, nation: str) -> bool:
    """Is ``nation`` in the war? Unit-only nations follow their parent (ANA: BR, SN: TU)."""
    nation = {"ana": "br", "sn": "tu", "pl": "ge"}.get(nation, nation)
    return bool(s.at_war.get(nation, 0))
