"""Every combat card of both sides (9.5.4, 12.2.4-12.2.6, 12.3, 12.6; card-events.md), the
optional ones (56-65) and the Valiant Royal Tank Corps (ap48v) included.

The framework (windows, roles, once-per-round use, what happens to a card after the combat)
is :mod:`greatwar.pog.combat.cards`; each card here is its condition and its effect. A card
whose condition names a nation looks at the units' printed nationality (``nation`` in the unit
data). The Australian, Canadian and Portuguese corps "cannot use BR-specific CC cards"
(Exceptions summary, British Allied Nations): the cards that need a British unit (Hurricane
Barrage, Air Superiority, Mine Attack, Royal Tank Corps, Maude) need one other than those corps.
The Arab Northern Army, the Senussi and the Montenegrin corps are not British, Turkish or
Serbian for cards (ruling R87).

Nations taking part: the attacker's participating units, or the defending units in the
defending space (units that retreated there earlier this round do not take part, 12.5.6).
"""

from __future__ import annotations

from greatwar.core.steps import Frame
from greatwar.pog import board, movement, supply
from greatwar.pog.combat.cards import (
    ALL_TRENCH,
    ATTACKER,
    DEFENDER,
    EITHER,
    FLANK,
    TRENCH,
    TRENCH_SHIFTS,
    CombatCard,
    any_nation,
    call_off,
    register_cc,
)
from greatwar.pog.combat.common import (
    LINK,
    SPACES,
    UNITS,
    attackers,
    defenders,
    on_map,
)
from greatwar.pog.data import AP, CP
from greatwar.pog.flow import D, log
from greatwar.pog.messages import define
from greatwar.pog.state import State
from greatwar.pog.trenches import round_index
from greatwar.pog.war_status import TURNS, season

BASRA = D.space("basra")
FR_BE = frozenset({"fr", "be"})
HL_OFFENSIVES = ("michael", "blucher", "peace_offensive")  # the cards needing H-L Take Command

define(
    "en",
    {
        "cc.peace_offensive_vp": (
            "Peace Offensive: the attackers did not advance; VP -1 (now {vp})"
        ),
    },
)


# -- helpers ------------------------------------------------------------------------------


def attacking(s: State, c: Frame, nation: str) -> bool:
    return any(UNITS[u].nation == nation for u in attackers(s, c))


def defending(s: State, c: Frame, nation: str) -> bool:
    return any(UNITS[u].nation == nation for u in defenders(s, c))


def british_regular(u: int) -> bool:
    """A British unit other than the AUS, CND, PT and ANA corps, which cannot use BR-specific
    combat cards (Exceptions summary, British Allied Nations; R87)."""
    return UNITS[u].nation == "br" and "british_minor" not in UNITS[u].flags


def british_attacking(s: State, c: Frame) -> bool:
    """A British unit that may use BR-specific combat cards takes part in the attack."""
    return any(british_regular(u) for u in attackers(s, c))


def cp_trench(s: State, x: int) -> bool:
    return s.trench[x] > 0 and s.tside[x] == CP


def allied_fort(s: State, x: int) -> bool:
    """An Allied fort stands (not destroyed) in ``x``."""
    return board.fort_intact(s, x) and s.ctrl[x] == AP


def hl_in_command(s: State) -> bool:
    return "h_l_take_command" in s.events


def yanks_and_tanks_round(s: State) -> bool:
    """ap35 Yanks and Tanks was played as an event in this action round."""
    return bool(s.tflags.get("yanks_and_tanks") == round_index(s))


def bad_weather(s: State, c: Frame) -> bool:
    """Severe Weather: a mountain space on a Fall or Winter turn, or a swamp space on a Spring
    or Fall turn, by the season of the Turn Record Track (turns 1-2 have none)."""
    terrain = SPACES[c["tgt"]].terrain
    when = season(s.turn)
    if terrain == "mountain":
        return when in ("fall", "winter")
    if terrain == "swamp":
        return when in ("spring", "fall")
    return False


def basra_link(s: State, units: list[int]) -> bool:
    """Maude: Basra is Allied-controlled and supplied, and every unit of ``units`` is supplied
    and joined to it through Allied-controlled spaces (or besieged enemy forts) over
    connections British units may use."""
    if s.ctrl[BASRA] != AP or not supply.space_supplied(s, BASRA):
        return False
    if not all(supply.unit_supplied(s, u) for u in units):
        return False
    want = {s.loc[u] for u in units}
    seen = {BASRA}
    todo = [BASRA]
    while todo and not want <= seen:
        x = todo.pop()
        for n in D.adj[x]:
            if n in seen or not supply.passable(s, n, AP):
                continue
            link = LINK[(x, n)]
            if link.restriction == "nation" and "br" not in link.nations:
                continue
            if link.restriction == "mef_beach" and s.flags.get(
                "mef_beachhead", -1
            ) != movement.BEACH_OF.get(n, -2):
                continue  # 11.1.10
            seen.add(n)
            todo.append(n)
    return want <= seen


# -- Allied cards ---------------------------------------------------------------------------


@register_cc
class Pleve(CombatCard):
    """ap04: +1 DRM to the Allied fire when a Russian unit attacks (AP attacking) or defends
    (CP attacking)."""

    key = "pleve"
    role = EITHER
    bonus = 1

    def condition(self, s: State, c: Frame, side: int) -> bool:
        return any_nation(s, c, side, "ru")


@register_cc
class Putnik(CombatCard):
    """ap05: +1 DRM to the Allied fire in 1914-1915 (the Turn Record Track's years) when a
    Serbian unit attacks or defends. Like every combat card it serves one combat per action
    round, so for attack or defence, not both (9.5.4.4)."""

    key = "putnik"
    rule = "9.5.4.4"
    role = EITHER
    bonus = 1

    def condition(self, s: State, c: Frame, side: int) -> bool:
        return int(TURNS[s.turn]["year"]) <= 1915 and any_nation(s, c, side, "sb")


@register_cc
class ApWithdrawal(CombatCard):
    """ap06 (12.6): the defender regains one step after the losses, then retreats exactly one
    space whatever the result."""

    key = "ap_withdrawal"
    rule = "12.6"
    role = DEFENDER
    withdrawal = True


@register_cc
class ApSevereWeather(CombatCard):
    """ap07: +2 DRM to the Allied defender when the CP attacks a mountain space on a Fall or
    Winter turn, or a swamp space on a Spring or Fall turn."""

    key = "ap_severe_weather"
    role = DEFENDER
    bonus = 2

    def condition(self, s: State, c: Frame, side: int) -> bool:
        return bad_weather(s, c)


@register_cc
class HurricaneBarrage(CombatCard):
    """ap18: +1 DRM to an Allied attack including a British unit other than the AUS, CND, PT
    and ANA corps (the BEF counts)."""

    key = "hurricane_barrage"
    role = ATTACKER
    bonus = 1

    def condition(self, s: State, c: Frame, side: int) -> bool:
        return any(british_regular(u) for u in attackers(s, c))


@register_cc
class ApAirSuperiority(CombatCard):
    """ap19: +1 DRM to an Allied attack including a French unit or a British unit other than
    the AUS, CND, PT and ANA corps."""

    key = "ap_air_superiority"
    role = ATTACKER
    bonus = 1

    def condition(self, s: State, c: Frame, side: int) -> bool:
        return any(UNITS[u].nation == "fr" or british_regular(u) for u in attackers(s, c))


@register_cc
class PhosgeneGas(CombatCard):
    """ap21: +1 DRM to an Allied attack including a French unit."""

    key = "phosgene_gas"
    role = ATTACKER
    bonus = 1

    def condition(self, s: State, c: Frame, side: int) -> bool:
        return attacking(s, c, "fr")


@register_cc
class MineAttack(CombatCard):
    """ap36: once per turn (3.0), +1 DRM to an Allied attack including a British unit (not
    AUS, CND or PT: Exceptions summary, British Allied Nations) against a space with a CP
    trench."""

    key = "mine_attack"
    role = ATTACKER
    bonus = 1
    once_per_turn = True

    def condition(self, s: State, c: Frame, side: int) -> bool:
        return cp_trench(s, c["tgt"]) and british_attacking(s, c)


@register_cc
class TheyShallNotPass(CombatCard):
    """ap39: when the CP attacks a space in France with an Allied fort and French defending
    units, the defenders ignore the retreat of a lost combat. Kept on a tie as on a win,
    discarded when the Allies lose (9.5.4.2, 12.2.11)."""

    key = "they_shall_not_pass"
    rule = "12.2.11"
    role = DEFENDER
    ignore_retreat = True
    keep_on_tie = True

    def condition(self, s: State, c: Frame, side: int) -> bool:
        tgt = c["tgt"]
        return SPACES[tgt].nation == "fr" and allied_fort(s, tgt) and defending(s, c, "fr")


@register_cc
class RoyalTankCorps(CombatCard):
    """ap48: once per turn, played at the trench step (12.2.4): an Allied attack including a
    British unit (not AUS, CND or PT: Exceptions summary, British Allied Nations) on a clear
    space in France or Belgium ignores the trench column shifts (the other trench effects
    remain). Needs Landships (ap28) played as an event; the Valiant version (ap48v) does
    not."""

    key = "royal_tank_corps"
    rule = "12.2.4"
    window = TRENCH
    role = ATTACKER
    negates = TRENCH_SHIFTS
    once_per_turn = True

    def allowed(self, s: State, side: int, card: int) -> bool:
        return D.cards[card].variant == "valiant" or "landships" in s.events

    def condition(self, s: State, c: Frame, side: int) -> bool:
        sp = SPACES[c["tgt"]]
        return sp.terrain == "clear" and sp.nation in FR_BE and british_attacking(s, c)


@register_cc
class RussianGuards(CombatCard):
    """ap58 (optional): +1 DRM to an Allied attack including a Russian unit."""

    key = "russian_guards"
    role = ATTACKER
    bonus = 1

    def condition(self, s: State, c: Frame, side: int) -> bool:
        return attacking(s, c, "ru")


@register_cc
class AlpineTroops(CombatCard):
    """ap59 (optional): +1 DRM to an Allied attack made by Italian units only."""

    key = "alpine_troops"
    role = ATTACKER
    bonus = 1

    def condition(self, s: State, c: Frame, side: int) -> bool:
        units = attackers(s, c)
        return bool(units) and all(UNITS[u].nation == "it" for u in units)


@register_cc
class Maude(CombatCard):
    """ap61 (optional): the Allied attackers fire on the Army table (12.2.8) when British units
    attack, every one of them supplied and joined to an Allied, supplied Basra. The AUS, CND
    and PT corps cannot use it (Exceptions summary, British Allied Nations): only the other
    British attackers count, and there must be one."""

    key = "maude"
    rule = "12.2.8"
    role = ATTACKER
    army_table = True

    def condition(self, s: State, c: Frame, side: int) -> bool:
        british = [u for u in attackers(s, c) if british_regular(u)]
        return bool(british) and basra_link(s, british)


@register_cc
class BacksToTheWall(CombatCard):
    """ap63 (optional): when the CP attacks a space in France or Belgium holding a British
    army, the defenders ignore the retreat of a lost combat (12.2.12)."""

    key = "backs_to_the_wall"
    rule = "12.2.12"
    role = DEFENDER
    ignore_retreat = True

    def condition(self, s: State, c: Frame, side: int) -> bool:
        if SPACES[c["tgt"]].nation not in FR_BE:
            return False
        return any(UNITS[u].nation == "br" and UNITS[u].army for u in defenders(s, c))


# -- Central Powers cards -----------------------------------------------------------------------


@register_cc
class WirelessIntercepts(CombatCard):
    """cp02: played at the flank step (12.3): a CP attack including a German unit, allowed a
    flank attempt, against a space defended only by Russian units flanks without a roll."""

    key = "wireless_intercepts"
    rule = "12.3.3"
    window = FLANK
    role = ATTACKER
    flank_success = True

    def condition(self, s: State, c: Frame, side: int) -> bool:
        units = defenders(s, c)
        if not units or not all(UNITS[u].nation == "ru" for u in units):
            return False
        return attacking(s, c, "ge")


@register_cc
class VonFrancois(CombatCard):
    """cp03: +1 DRM to a CP attack including a German unit against a space with a Russian
    unit."""

    key = "von_francois"
    role = ATTACKER
    bonus = 1

    def condition(self, s: State, c: Frame, side: int) -> bool:
        return defending(s, c, "ru") and attacking(s, c, "ge")


@register_cc
class CpSevereWeather(ApSevereWeather):
    """cp04: as ap07, for the CP defender."""

    key = "cp_severe_weather"


class _GermanAttack(CombatCard):
    """+1 DRM to a CP attack including a German unit."""

    role = ATTACKER
    bonus = 1

    def condition(self, s: State, c: Frame, side: int) -> bool:
        return attacking(s, c, "ge")


@register_cc
class ChlorineGas(_GermanAttack):
    """cp15: +1 DRM to a CP attack including a German unit."""

    key = "chlorine_gas"


@register_cc
class LimanVonSanders(CombatCard):
    """cp16: +1 DRM to the CP when a Turkish unit attacks or defends."""

    key = "liman_von_sanders"
    role = EITHER
    bonus = 1

    def condition(self, s: State, c: Frame, side: int) -> bool:
        return any_nation(s, c, side, "tu")


@register_cc
class FortifiedMachineGuns(CombatCard):
    """cp18: +1 DRM to the Central Powers' fire when the Allies attack a space with a CP
    trench and a German defending unit."""

    key = "fortified_machine_guns"
    role = DEFENDER
    bonus = 1

    def condition(self, s: State, c: Frame, side: int) -> bool:
        return cp_trench(s, c["tgt"]) and defending(s, c, "ge")


@register_cc
class Flamethrowers(_GermanAttack):
    """cp19: +1 DRM to a CP attack including a German unit."""

    key = "flamethrowers"


@register_cc
class PlaceOfExecution(CombatCard):
    """cp26: +2 DRM to a CP attack on a space in France with an Allied fort, after Falkenhayn
    and before H-L Take Command. Played from the hand it raises the CP War Status by 1
    (9.5.1.3, through the combat-card play)."""

    key = "place_of_execution"
    role = ATTACKER
    bonus = 2

    def condition(self, s: State, c: Frame, side: int) -> bool:
        if "falkenhayn" not in s.events or hl_in_command(s):
            return False
        tgt = c["tgt"]
        return SPACES[tgt].nation == "fr" and allied_fort(s, tgt)


@register_cc
class Alpenkorps(CombatCard):
    """cp30: +1 DRM to a CP attack including a German unit, into a mountain space or with a
    German attacking unit in a mountain space."""

    key = "alpenkorps"
    role = ATTACKER
    bonus = 1

    def condition(self, s: State, c: Frame, side: int) -> bool:
        german = [u for u in attackers(s, c) if UNITS[u].nation == "ge"]
        if not german:
            return False
        if SPACES[c["tgt"]].terrain == "mountain":
            return True
        return any(SPACES[s.loc[u]].terrain == "mountain" for u in german)


@register_cc
class Kemal(CombatCard):
    """cp31: once per turn (3.0), the CP defenders fire on the Army table when the Allies attack
    a space with a Turkish unit of CF 1 or more; still so if those units are gone before the
    defender fires (12.3.4.1: a strength of 0 reads the Army table's first column)."""

    key = "kemal"
    rule = "12.3.4.1"
    role = DEFENDER
    army_table = True
    once_per_turn = True

    def condition(self, s: State, c: Frame, side: int) -> bool:
        return any(UNITS[u].nation == "tu" and board.cf(s, u) >= 1 for u in defenders(s, c))


@register_cc
class MustardGas(_GermanAttack):
    """cp35: +1 DRM to a CP attack including a German unit."""

    key = "mustard_gas"


@register_cc
class CpAirSuperiority(_GermanAttack):
    """cp40: +1 DRM to a CP attack including a German unit."""

    key = "cp_air_superiority"


@register_cc
class VonBelow(CombatCard):
    """cp43: at the trench step (12.2.4), a CP attack including a German unit against a space
    defended only by Italian units cancels all trench effects."""

    key = "von_below"
    rule = "12.2.4"
    window = TRENCH
    role = ATTACKER
    negates = ALL_TRENCH

    def condition(self, s: State, c: Frame, side: int) -> bool:
        units = defenders(s, c)
        if not units or not all(UNITS[u].nation == "it" for u in units):
            return False
        return attacking(s, c, "ge")


@register_cc
class VonHutier(CombatCard):
    """cp44: at the trench step (12.2.4), a CP attack including a German unit against a space
    with a Russian unit cancels all trench effects, and the attacker fires first, the defender
    firing back with what survives (12.2.8-12.2.9)."""

    key = "von_hutier"
    rule = "12.2.4"
    window = TRENCH
    role = ATTACKER
    negates = ALL_TRENCH
    fires_first = True

    def condition(self, s: State, c: Frame, side: int) -> bool:
        return defending(s, c, "ru") and attacking(s, c, "ge")


class _HLOffensive(CombatCard):
    """After H-L Take Command, at the trench step (12.2.4), a CP attack including a German unit
    cancels all trench effects. Played, the card ends Lloyd George and Haig and allows
    Everyone Into Battle (they read the event record)."""

    rule = "12.2.4"
    window = TRENCH
    role = ATTACKER
    negates = ALL_TRENCH

    def condition(self, s: State, c: Frame, side: int) -> bool:
        return hl_in_command(s) and attacking(s, c, "ge")


@register_cc
class Michael(_HLOffensive):
    """cp49: as the H-L offensives, and +1 DRM to the CP fire."""

    key = "michael"
    bonus = 1


@register_cc
class Blucher(_HLOffensive):
    """cp50: cancels all trench effects (see the H-L offensives)."""

    key = "blucher"


@register_cc
class PeaceOffensive(_HLOffensive):
    """cp51: cancels all trench effects (see the H-L offensives); if no attacking unit advances
    after the combat, VP -1."""

    key = "peace_offensive"

    def on_play(self, s: State, c: Frame, side: int) -> None:
        c["po_from"] = [[u, s.loc[u]] for u in c["att"]]

    def after(self, s: State, c: Frame, side: int) -> None:
        # Attackers never retreat: one that is on the map away from where it attacked from
        # has advanced.
        moved = any(on_map(s, u) and s.loc[u] != x for u, x in c.get("po_from", []))
        if not moved:
            s.vp -= 1
            log(s, "cc.peace_offensive_vp", "9.5.4", side, vp=s.vp)


@register_cc
class CpWithdrawal(ApWithdrawal):
    """cp56 (optional card): the Central Powers' Withdrawal, as ap06."""

    key = "cp_withdrawal"


@register_cc
class Kaisertreu(CombatCard):
    """cp57 (optional): +1 DRM to the CP when an Austro-Hungarian unit attacks or defends."""

    key = "kaisertreu"
    role = EITHER
    bonus = 1

    def condition(self, s: State, c: Frame, side: int) -> bool:
        return any_nation(s, c, side, "ah")


@register_cc
class TurkDetermination(CombatCard):
    """cp60 (optional): when the Allies attack a space with a Turkish unit and no CP trench,
    the space counts as holding a level-1 CP trench for this combat (column shifts, and the
    defender may cancel a retreat, 11.2.8, 12.5.3). Played at step 5, after any flank attempt."""

    key = "turk_determination"
    rule = "11.2.8"
    role = DEFENDER
    virtual_trench = True

    def condition(self, s: State, c: Frame, side: int) -> bool:
        return not cp_trench(s, c["tgt"]) and defending(s, c, "tu")


@register_cc
class AchtungPanzer(CombatCard):
    """cp62 (optional): +1 DRM to a CP attack including a German unit against a clear
    space."""

    key = "achtung_panzer"
    role = ATTACKER
    bonus = 1

    def condition(self, s: State, c: Frame, side: int) -> bool:
        return SPACES[c["tgt"]].terrain == "clear" and attacking(s, c, "ge")


@register_cc
class Alberich(CombatCard):
    """cp64 (optional): played by the CP defending a space in France or Belgium against an
    Allied attack without Royal Tank Corps, outside a Yanks and Tanks action round: the attack
    is called off; the combat cards played for it go back unused (the attacking units and the
    space stay counted as having attacked, 12.1.6)."""

    key = "alberich"
    role = DEFENDER

    def condition(self, s: State, c: Frame, side: int) -> bool:
        if SPACES[c["tgt"]].nation not in FR_BE or yanks_and_tanks_round(s):
            return False
        return not any(D.cards[k].event_key == "royal_tank_corps" for _, k in c["cards"])

    def on_play(self, s: State, c: Frame, side: int) -> None:
        call_off(s, c, side, int(c["cards"][-1][1]))  # the card just played
