"""The Replacement Phase (6.0 F, 17): RPs recorded this turn are spent, AP first, then lost.

RP pools are kept in half points (``s.rp[pool]``: 2 = one RP) because corps steps cost half an RP
(Replacement Cost Table). Events adjust the pools at the start of the phase: Walter Rathenau,
U-Boats Unleashed, Zeppelin Raids, and the historical scenario's German bonus (5.7.3).

The step ``spend_replacements`` (F.1 for the AP, then F.2 for the CP) offers, while RPs last:

- ``replace <unit>``: flip a reduced unit to full strength, on the map (in supply) or in the
  Reserve Box; or rebuild an eliminated corps, reduced, in the Reserve Box (the ANA in Arabia);
- ``place <unit> <space>``: rebuild an eliminated army, reduced, where a reinforcing army of its
  nation could enter (17.1.5, :mod:`greatwar.pog.reinforcements`);
- ``done``.

Costs (Replacement Cost Table): an army step 1 RP, a corps step 1/2 RP, paid from the unit's pool
(``rp_pool``). A unit rebuilt this phase may be flipped to full with more RPs. The step settles by
itself when nothing can be bought.
"""

from __future__ import annotations

from greatwar.core.actions import Action
from greatwar.core.steps import Frame
from greatwar.pog import board, messages, reinforcements, supply
from greatwar.pog.data import AP, CP, side_of_nation
from greatwar.pog.flow import STEPS, D, PogStep, act, log, pop, push
from greatwar.pog.scenarios import SCENARIOS
from greatwar.pog.state import State

SEDAN = D.space("sedan")
FR_BE = frozenset({"fr", "be"})


def historical_bonus(s: State) -> bool:
    """5.7.3: the CP gets 1 German RP at Total War (after drawing its Total War cards) if it
    controls Sedan and two more French or Belgian spaces."""
    if not SCENARIOS[s.scenario].historical or s.commit[CP] < 2:
        return False
    if s.flags["total_war_turn"][CP] >= s.turn:
        return False  # Total War reached this turn: its cards are not drawn yet
    if s.ctrl[SEDAN] != CP:
        return False
    others = sum(
        1 for sp in D.spaces if sp.nation in FR_BE and sp.ix != SEDAN and s.ctrl[sp.ix] == CP
    )
    return others >= 2


def adjust_pools(s: State) -> None:
    """Event adjustments at the start of the Replacement Phase."""
    rp = s.rp
    if "walter_rathenau" in s.events and "independent_air_force" not in s.events:
        rp["ge"] += 2
        log(s, "rp.rathenau", "9.5.1", CP)
    if historical_bonus(s):
        rp["ge"] += 2
        log(s, "rp.historical_bonus", "5.7.3", CP)
    if "uboats_unleashed" in s.events and "convoy" not in s.events and rp["br"] >= 2:
        rp["br"] -= 2
        log(s, "rp.uboats", "9.5.1", AP)
    if "zeppelin_raids" in s.tflags:
        rp["br"] = max(0, rp["br"] - 8)
        log(s, "rp.zeppelin_raids", "9.5.1", AP)


def replacement_phase(s: State) -> None:
    """6.0 F: adjust the pools, let the AP (F.1) then the CP (F.2) spend, then clear them."""
    s.phase = "replacement"
    adjust_pools(s)
    push(s, "replacement_end")
    push(s, "spend_replacements", side=CP)
    push(s, "spend_replacements", side=AP)


@STEPS.register
class ReplacementEnd(PogStep):
    """17.1.2: RPs not spent are lost."""

    name = "replacement_end"
    rule = "17.1.2"

    def settle(self, s: State, f: Frame) -> bool:
        lost = {k: v for k, v in s.rp.items() if v}
        if lost:
            log(s, "rp.lost", self.rule, rp={k: v / 2 for k, v in lost.items()})
        for k in s.rp:
            s.rp[k] = 0
        pop(s, f)
        return True


# -- spending (17.1) ---------------------------------------------------------------------------

UNITS = D.units
SPACES = D.spaces
WARSAW = D.space("warsaw")
COSTS = D.tables["replacement_costs"]
# Half points per step (the table gives RPs).
ARMY_STEP = round(2 * COSTS["army_flip_reduced_to_full"])
CORPS_STEP = round(2 * COSTS["corps_flip_reduced_to_full"])
ARMY_REBUILD = round(2 * COSTS["army_rebuild_eliminated_to_reduced"])
CORPS_REBUILD = round(2 * COSTS["corps_rebuild_eliminated_to_reduced_in_reserve_box"])
RU_CAP_AFTER_BOLSHEVIKS = 2  # 16.4.7: one RU RP a turn, in half points

# 17.1.3: the capitals whose loss stops a nation's RPs; BE and SB are exempt. The minor units
# count as their parent nation (ANA British, SN Turkish).
CAPITALS: dict[str, tuple[int, ...]] = {
    n: tuple(sp.ix for sp in SPACES if sp.capital and sp.nation == n)
    for n in D.nations
    if n not in ("be", "sb")
}
CAPITAL_NATION = {"ana": "br", "sn": "tu"}


def _replaceable(side: int) -> tuple[int, ...]:
    """Units that may ever take RPs: a pool, and no dot (17.1.7, 12.4.7)."""
    return tuple(
        u.ix
        for u in UNITS
        if u.side == side
        and u.rp_pool != "none"
        and not u.not_replaceable
        and "eliminated_means_permanently_eliminated" not in u.flags
    )


REPLACEABLE = (_replaceable(AP), _replaceable(CP))

messages.define(
    "en",
    {
        "rp.flipped": "{side} spend {cost:g} RP to bring {unit} to full strength",
        "rp.rebuilt": "{side} spend {cost:g} RP to rebuild {unit} in {space}",
        "rp.spent": "{side} finish spending replacement points",
    },
)


def capital_lost(s: State, nation: str) -> bool:
    """17.1.3: the enemy controls or besieges one of the nation's capitals (Paris for France,
    Vienna or Budapest for Austria-Hungary; an out-of-supply but free capital is fine)."""
    nation = CAPITAL_NATION.get(nation, nation)
    caps = CAPITALS.get(nation, ())
    if not caps:
        return False
    side = side_of_nation(nation)
    return any(s.ctrl[x] != side or board.fort_besieged(s, x) for x in caps)


def home_supplied_at(s: State, u: int, x: int) -> bool:
    """17.1.4.1 for a unit standing (or to be placed) in ``x``: it does not trace supply only
    to another nation's sources."""
    home = supply.HOME_CLASS.get(UNITS[u].nation)
    if home is None or supply.always_supplied(s, u, x):
        return True
    return supply.traces_from(s, x, home)


def may_be_replaced(s: State, u: int) -> bool:
    """Restrictions on a unit's replacement that do not depend on what is bought: its nation's
    capital (17.1.3), the Polish corps while Warsaw is Allied (Polish Restoration)."""
    d = UNITS[u]
    if capital_lost(s, d.nation):
        return False
    if "no_replacement_while_warsaw_allied" in d.flags and s.ctrl[WARSAW] == AP:
        return False
    return True


def _affordable(s: State, f: Frame, u: int, cost: int) -> bool:
    pool = UNITS[u].rp_pool
    if s.rp.get(pool, 0) < cost:
        return False
    if pool == "ru" and "bolshevik_revolution" in s.events:
        spent: int = f.get("ru", 0)
        return spent + cost <= RU_CAP_AFTER_BOLSHEVIKS  # 16.4.7
    return True


def spending_options(s: State, f: Frame) -> list[Action]:
    """Every purchase open to the frame's side now, unit by unit (17.1)."""
    side: int = f["side"]
    reserve = board.RESERVE[side]
    eliminated = board.ELIMINATED[side]
    out: list[Action] = []
    for u in REPLACEABLE[side]:
        x = s.loc[u]
        if x < 0:
            continue
        d = UNITS[u]
        if x == eliminated:
            cost = ARMY_REBUILD if d.army else CORPS_REBUILD
        elif s.red[u] and (x == reserve or x not in board.BOXES):
            cost = ARMY_STEP if d.army else CORPS_STEP
        else:
            continue
        if not _affordable(s, f, u, cost) or not may_be_replaced(s, u):
            continue
        if x == eliminated:
            if d.army:
                # 17.1.5: placed as a reinforcement; 17.1.4.1 there too.
                for y in reinforcements.army_spaces(s, u):
                    if home_supplied_at(s, u, y):
                        out.append(act("place", d.id, SPACES[y].id))
            elif reinforcements.corps_space(s, u) >= 0:  # 17.1.6 the ANA in Arabia
                out.append(act("replace", d.id))
        elif x == reserve:
            out.append(act("replace", d.id))
        elif supply.unit_supplied(s, u) and home_supplied_at(s, u, x):
            # Replacement Cost Table: a reduced unit on the map must be in supply (the Medina
            # attrition-only supply of 14.1.5 does not count); 17.1.4.1.
            out.append(act("replace", d.id))
    return out


def _pay(s: State, f: Frame, u: int, cost: int) -> float:
    pool = UNITS[u].rp_pool
    s.rp[pool] -= cost
    if pool == "ru":
        f["ru"] = f.get("ru", 0) + cost
    return cost / 2


@STEPS.register
class SpendReplacements(PogStep):
    """6.0 F.1/F.2, 17.1: a player spends his nations' RPs."""

    name = "spend_replacements"
    rule = "17.1.1"

    def settle(self, s: State, f: Frame) -> bool:
        if spending_options(s, f):
            return False
        pop(s, f)
        return True

    def prompt(self, s: State, f: Frame) -> str:
        return "replacements.spend"

    def legal(self, s: State, f: Frame) -> list[Action]:
        return [*spending_options(s, f), act("done")]

    def apply(self, s: State, f: Frame, a: Action) -> None:
        side: int = f["side"]
        if a.verb == "done":
            log(s, "rp.spent", "17.1.2", side)
            pop(s, f)
            return
        u = D.unit(a.args[0])
        d = UNITS[u]
        if a.verb == "place":
            # 17.1.5: an eliminated army rebuilt, reduced, like a reinforcement.
            x = D.space(a.args[1])
            paid = _pay(s, f, u, ARMY_REBUILD)
            reinforcements.place_army(s, u, x, reduced=True)
            log(s, "rp.rebuilt", "17.1.5", side, unit=d.id, space=a.args[1], cost=paid)
            return
        if s.loc[u] == board.ELIMINATED[side]:
            # Replacement Cost Table: an eliminated corps returns reduced to the Reserve Box
            # (17.1.6: the ANA to Arabia).
            paid = _pay(s, f, u, CORPS_REBUILD)
            reinforcements.place_corps(s, u, reduced=True)
            log(s, "rp.rebuilt", "17.1.4", side, unit=d.id, space=SPACES[s.loc[u]].id, cost=paid)
            return
        paid = _pay(s, f, u, ARMY_STEP if d.army else CORPS_STEP)
        board.set_reduced(s, u, False)
        log(s, "rp.flipped", "17.1.4", side, unit=d.id, cost=paid)
