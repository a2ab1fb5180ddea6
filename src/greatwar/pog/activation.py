"""Operations (9.2): activating spaces, then movement, entrenching and combat.

Playing a card for OPS (or the automatic 1-OPS operation, 8.1.3) pushes an ``operation`` frame.
It first asks for activations (``activate move|attack <space>``, then ``done``), paying each
space's activation cost (9.2.3 and the cases that change it); supply is frozen at that moment
(14.1.1.1). Then it runs, in order, the movement of units in Move spaces (11.1), the entrench
rolls (11.2.2) and the combats from Attack spaces (12).

Frame fields: ``ops`` (points), ``spent``, ``moves`` and ``attacks`` (activated spaces),
``oos`` (units out of supply at activation), ``stage`` (activate, move, entrench, combat, end),
``card`` (-1 for the automatic operation), ``free`` (stacks given the Sud Army / 11th Army
single-nationality cost this operation).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import NamedTuple

from greatwar.core.actions import Action
from greatwar.core.steps import Frame
from greatwar.pog import board, supply
from greatwar.pog.action_phase import register_use
from greatwar.pog.cards import CARDS, move_card
from greatwar.pog.data import AP, CP
from greatwar.pog.flow import STEPS, D, PogStep, act, log, pop, push
from greatwar.pog.state import State
from greatwar.pog.war_status import season

SPACES = D.spaces
UNITS = D.units
BE_BR_SPACES = frozenset(D.space(x) for x in ("antwerp", "ostend", "calais", "amiens"))
FR_GE = frozenset({"fr", "ge"})
FR_BE = frozenset({"fr", "be"})
IT_FR_BE = frozenset({"it", "fr", "be"})
MEDINA = D.space("medina")
MEF = D.unit("br_mef")
BR_NE = D.unit("br_ne")
GE_11 = D.unit("ge_11")
NEAR_EAST = supply.NEAR_EAST


def nationalities(s: State, x: int, units: list[int]) -> set[str]:
    """9.2.3: the nationalities that count for activation in space ``x``."""
    nats = {UNITS[u].activation_nation for u in units}
    sp = SPACES[x]
    if "be" in nats and "br" in nats and x in BE_BR_SPACES:
        nats.discard("be")  # Belgians count as British in Antwerp, Ostend, Calais, Amiens
    if "us" in nats and "fr" in nats and sp.nation in FR_GE:
        nats.discard("us")  # French and US count as one in France and Germany
    return nats


def _single_nation_stack(s: State, side: int, units: list[int]) -> str:
    """Which card (if any) lets this CP stack activate as one nationality: '' or the key."""
    if side != CP or ("eleventh_army" not in s.events and "sud_army" not in s.events):
        return ""
    armies = [u for u in units if UNITS[u].army]
    nats = {UNITS[u].nation for u in units}
    if "eleventh_army" in s.events and GE_11 in units and armies == [GE_11]:
        return "eleventh_army"  # cp29: GE 11th Army with CP corps, no other army
    if "sud_army" in s.events:
        ah = [u for u in units if UNITS[u].nation == "ah"]
        others_ge_corps = all(
            UNITS[u].nation == "ge" and not UNITS[u].army for u in units if u not in ah
        )
        if len(ah) == 1 and others_ge_corps and nats == {"ah", "ge"}:
            return "sud_army"  # cp10: one AH unit with German corps, once per action round
    return ""


def beachhead_units(s: State, units: list[int]) -> list[int]:
    """9.2.7.1: units whose supply runs through the MEF Beachhead marker (supplied with the
    beachhead, not without it)."""
    bh = s.flags.get("mef_beachhead", -1)
    if bh < 0 or s.flags.get("mef_normal"):
        return []
    out = []
    for u in units:
        if supply.UNIT_CLASS[u] != "ap_br_mef":
            continue
        if supply.unit_supplied(s, u) and not supply.traces_from(s, s.loc[u], "ap_br"):
            out.append(u)
    return out


def activation_cost(s: State, side: int, x: int, mode: str, f: Frame | None = None) -> int:
    """The OPS it costs ``side`` to activate space ``x`` for ``mode`` (move or attack)."""
    fixed, key, count = cost_parts(s, side, x, mode)
    if not key:
        return fixed + count
    used = f is not None and key in f.get("free", [])
    return fixed + (count if used else 1)


def cost_parts(s: State, side: int, x: int, mode: str) -> tuple[int, str, int]:
    """The parts of :func:`activation_cost` that do not depend on the operation: (OPS paid in
    any case, the card that lets the rest activate as one nationality for 1 OPS or '', the OPS
    of the rest without it)."""
    units = board.units_in(s, x)
    sp = SPACES[x]
    if side == AP and "everyone_into_battle" in s.tflags and sp.nation in IT_FR_BE:
        return 1, "", 0  # ap51: each Allied space in Italy, France or Belgium costs 1 this turn
    if (
        side == CP
        and "moltke" in s.events
        and "falkenhayn" not in s.events
        and (sp.nation in FR_BE)
    ):
        return len(units), "", 0  # ap09: one OPS per unit in Belgium and France
    rest = list(units)
    cost = 0
    if side == AP:
        bh = beachhead_units(s, rest)
        if bh:  # 9.2.7.1: MEF army 3, every other beachhead-supplied unit 1
            cost += sum(3 if u == MEF else 1 for u in bh)
            rest = [u for u in rest if u not in bh]
        if (
            mode == "attack"
            and "fall_of_the_tsar" in s.events
            and any(UNITS[u].nation == "ru" for u in rest)
        ):  # 9.2.2, 16.4.5: a space with Russian units costs one OPS per unit (any nation)
            return cost + len(rest), "", 0
    if not rest:
        return cost, "", 0
    # A single unit is a single nationality (9.2.3).
    count = 1 if len(rest) == 1 else len(nationalities(s, x, rest))
    return cost, _single_nation_stack(s, side, rest), count


def can_act(s: State, u: int) -> bool:
    """A unit that could move or attack if its space were activated: in supply (14.1.1.1,
    14.3.1) and not a Turkish unit kept in supply only by Medina (14.1.5)."""
    x = s.loc[u]
    if x == MEDINA and UNITS[u].nation == "tu" and not supply.traces_from(s, x, "cp_tu"):
        return False
    if UNITS[u].nation == "gr" and not s.at_war.get("gr"):
        return False  # 9.5.2.4: Greek units placed by Salonika stay put until Greece enters
    return supply.unit_supplied(s, u)


def ne_combat_counts(s: State, x: int) -> bool:
    """9.2.7: does an Allied combat activation of ``x`` count against the one-per-round Near
    East limit? (Not the MEF Beachhead space nor the space holding the BR NE Army.)"""
    if x not in NEAR_EAST:
        return False
    if s.flags.get("mef_beachhead") == x:
        return False
    return BR_NE not in board.units_in(s, x)


def activation_options(s: State, f: Frame) -> list[Action]:
    return list(_activations(s, f))


class _Activatable(NamedTuple):
    """A space the side could activate, with what its activation depends on besides the
    operation (see :func:`_activatable`)."""

    x: int
    move: tuple[int, str, int]  # cost_parts(move)
    attack: tuple[int, str, int]  # cost_parts(attack)
    no_combat: bool  # 15.2.5: a desert space
    ne_counts: bool  # 9.2.7: ne_combat_counts
    move_action: Action
    attack_action: Action


ACTIVATABLE = "activatable"  # cache key
SIDE_UNITS = (
    tuple(u.ix for u in UNITS if u.side == AP),
    tuple(u.ix for u in UNITS if u.side == CP),
)
ON_MAP = tuple(not sp.is_box for sp in SPACES)
DESERT = tuple(sp.terrain == "desert" for sp in SPACES)
MOVE_ACTIONS = tuple(Action("activate", ("move", sp.id)) for sp in SPACES)
ATTACK_ACTIONS = tuple(Action("activate", ("attack", sp.id)) for sp in SPACES)


def _activatable(s: State, side: int) -> list[_Activatable]:
    """The spaces ``side`` could activate now (9.2.1: its units, one of them able to act),
    with their costs' parts; cached until the board changes (which drops the cache) or
    something else the costs read does (an event, the MEF Beachhead, Greece's entry), so
    worked out once for all the activations of an action round."""
    token = (
        side,
        "everyone_into_battle" in s.tflags,
        "moltke" in s.events,
        "falkenhayn" in s.events,
        "fall_of_the_tsar" in s.events,
        "eleventh_army" in s.events,
        "sud_army" in s.events,
        s.flags.get("mef_beachhead", -1),
        bool(s.flags.get("mef_normal")),
        bool(s.at_war.get("gr")),
    )
    got: tuple[tuple[object, ...], list[_Activatable]] | None = s.cache.get(ACTIVATABLE)
    if got is not None and got[0] == token:
        return got[1]
    out: list[_Activatable] = []
    occ = board.occupants(s)
    # The mode matters only for the Allied attacks after the Fall of the Tsar (cost_parts).
    tsar = side == AP and "fall_of_the_tsar" in s.events
    loc = s.loc
    # The map spaces holding a unit of the side, in order (a space is the side's by its first
    # unit).
    for x in sorted({x for u in SIDE_UNITS[side] if (x := loc[u]) >= 0 and ON_MAP[x]}):
        units = occ[x]
        if UNITS[units[0]].side != side:
            continue
        for u in units:
            if can_act(s, u):
                break
        else:
            continue
        move = cost_parts(s, side, x, "move")
        out.append(
            _Activatable(
                x,
                move,
                cost_parts(s, side, x, "attack") if tsar else move,
                DESERT[x],
                x in NEAR_EAST and ne_combat_counts(s, x),
                MOVE_ACTIONS[x],
                ATTACK_ACTIONS[x],
            )
        )
    s.cache[ACTIVATABLE] = (token, out)
    return out


def _cost(parts: tuple[int, str, int], free: list[str]) -> int:
    """:func:`activation_cost` from its parts."""
    fixed, key, count = parts
    return fixed + (1 if key and key not in free else count)


def _activations(s: State, f: Frame) -> Iterator[Action]:
    """Each affordable activation (9.2.1), lazily: settling only needs to know whether there
    is a first one."""
    side = f["side"]
    left = f["ops"] - f["spent"]
    moves, attacks = f["moves"], f["attacks"]
    free = f.get("free", [])
    ne_used = any(ne_combat_counts(s, y) for y in attacks) if side == AP else False
    summer = season(s.turn) == "summer"
    for a in _activatable(s, side):
        if a.x in moves or a.x in attacks:
            continue
        if _cost(a.move, free) <= left:
            yield a.move_action
        if summer and a.no_combat:
            continue  # 15.2.5: no combat activation of a desert space in summer
        if side == AP and ne_used and a.ne_counts:
            continue  # 9.2.7
        if _cost(a.attack, free) <= left:
            yield a.attack_action


@STEPS.register
class Operation(PogStep):
    """9.2: one operation: activations, then movement, entrenching and combat."""

    name = "operation"
    rule = "9.2"

    def settle(self, s: State, f: Frame) -> bool:
        if "stage" not in f:  # pushed by an event that also gives an operation (9.1.3)
            f.update(spent=0, moves=[], attacks=[], oos=[], stage="activate")
            log(s, "card.event_ops", "9.1.3", f["side"], ops=f["ops"])
            return True
        stage = f["stage"]
        if stage == "activate":
            if next(_activations(s, f), None) is not None:
                return False
            f["stage"] = "move"
            return True
        if stage == "move":
            f["stage"] = "entrench"
            if f["moves"]:
                movers = [
                    u
                    for x in f["moves"]
                    for u in board.units_in(s, x)
                    if u not in f["oos"]
                    and board.mf(s, u) > 0
                    and "no_overland_movement" not in UNITS[u].flags
                ]
                push(
                    s,
                    "movement",
                    side=f["side"],
                    spaces=list(f["moves"]),
                    movers=movers,
                    attacks=list(f["attacks"]),
                    done=[],
                    stack=-1,
                    unit=-1,
                    mp=0,
                    entrench=[],
                    pending=[],
                    overstack=1,
                )
            return True
        if stage == "entrench":
            f["stage"] = "combat"
            if f.get("entrench"):
                push(s, "entrench_rolls", side=f["side"], units=list(f["entrench"]))
            return True
        if stage == "combat":
            f["stage"] = "end"
            if f["attacks"]:
                push(
                    s,
                    "combat_designation",
                    side=f["side"],
                    spaces=list(f["attacks"]),
                    oos=list(f["oos"]),
                    attacked=[],
                    used=[],
                )
            return True
        pop(s, f)
        return True

    def prompt(self, s: State, f: Frame) -> str:
        return "operation.activate"

    def legal(self, s: State, f: Frame) -> list[Action]:
        return [*activation_options(s, f), act("done")]

    def apply(self, s: State, f: Frame, a: Action) -> None:
        side = f["side"]
        if a.verb == "done":
            f["stage"] = "move"
            return
        mode, x = a.args[0], D.space(a.args[1])
        cost = activation_cost(s, side, x, mode, f)
        key = _single_nation_stack(s, side, board.units_in(s, x))
        if key and cost == 1 and len(nationalities(s, x, board.units_in(s, x))) > 1:
            f["free"] = [*f.get("free", []), key]
        f["spent"] += cost
        f["moves" if mode == "move" else "attacks"].append(x)
        # 14.1.1.1: supply is checked now, when the marker is placed.
        f["oos"] = [*f["oos"], *(u for u in board.units_in(s, x) if not can_act(s, u))]
        log(s, "activate", self.rule, side, space=a.args[1], mode=mode, cost=cost)


def start_operation(s: State, side: int, card: int) -> None:
    """Play ``card`` for its OPS value, or (card -1) take the automatic 1-OPS operation."""
    if card >= 0:
        move_card(s, side, card, "hand", "played")
        push(s, "finish_card", side=side, card=card, event=0)
        ops = CARDS[card].ops
        log(s, "card.ops", "9.2.1", side, card=CARDS[card].id, ops=ops)
    else:
        ops = 1
        log(s, "auto_operation", "8.1.3", side)
    push(
        s,
        "operation",
        side=side,
        ops=ops,
        card=card,
        spent=0,
        moves=[],
        attacks=[],
        oos=[],
        stage="activate",
    )


def _always(s: State, side: int, card: int) -> bool:
    return True


register_use("ops", _always, start_operation)
register_use("auto", _always, start_operation)
