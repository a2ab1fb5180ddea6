"""The heuristic bot: scores every legal action of the step it is asked about, plays the best.

It sees only its seat's view. For each decision it builds an
:class:`~greatwar.pog.bots.analysis.Analysis` of the public position and scores the legal actions
with the handler of the current step (unknown steps get a generic scorer, so new card events
work without changes here). Scores are in points (one LF step about one point, one VP
:data:`~greatwar.pog.bots.analysis.VP_POINTS`); ties are broken by a tiny noise drawn from the bot's
own seeded generator, so a bot is deterministic for a given seed.

What it does, step by step:

- **Action round** (8.1.3): values each card's four uses: the operation it would buy (a greedy
  plan of activations, below), the event (a table of event values in points, reinforcements
  counted by the armies and corps they bring, plus War Status while Total War is not reached),
  strategic redeployment (units to bring to the front) and replacement points (steps it could
  restore); a card kept in hand keeps part of its worth (combat cards especially).
- **Operation** (9.2): plans the activations: attacks at good odds (all 36 die pairs of both
  fire rolls, terrain and trenches, the mandated offensive), and moves that take VP spaces, reach
  the front, fill threatened gaps; attack spaces first when they are worth it.
- **Movement** (11.1): each unit walks the best path it can reach (capturing empty enemy spaces
  on the way), never into unsupplied spaces if it can help it, and never leaves a threatened
  space it holds alone without reason.
- **Combat**: designates the best target with the best legal group (12.1.11), tries flank
  attacks with a modifier (12.3), plays combat cards that help, takes the cheapest losses,
  retreats toward supply and friends or cancels the retreat for a space worth it (12.5.3),
  advances into spaces worth taking.
- **Strategic redeployment, replacements, reinforcements**: to the fronts under threat, the
  armies first.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from greatwar.pog import activation, board, movement, redeployment, supply
from greatwar.pog.action_phase import ROUNDS
from greatwar.pog.bots.analysis import (
    ADJ,
    ARMY_VALUE,
    CORPS_VALUE,
    MAP,
    ON_MAP,
    RESERVE,
    SPACES,
    STEP_COST,
    UNITS,
    VP_POINTS,
    WEIGHTS,
    Analysis,
    step_cost,
)
from greatwar.pog.bots.evaluate import war_status_gain
from greatwar.pog.combat import designation
from greatwar.pog.combat.cards import COMBAT_CARDS
from greatwar.pog.combat.resolution import flank_drm
from greatwar.pog.data import CP, SIDE_OF_NAME, load
from greatwar.pog.events import EVENTS
from greatwar.pog.scenarios import SCENARIOS
from greatwar.pog.tracks import at_war

D = load()
CARDS = D.cards
OPS_THRESHOLD = 0.6  # an activation must gain at least this much
ACT_LAMBDA = 0.8  # the worth of one OPS spent elsewhere
NOISE = 1e-3
PERMANENT_VP = 1.6 * VP_POINTS  # a VP an event gives is kept; a space taken may be lost again


# -- parsing ------------------------------------------------------------------------------------


def _split(text: str) -> tuple[str, list[str]]:
    parts = text.split()
    return parts[0], parts[1:]


def _top(view: dict[str, Any], step: str | None = None) -> dict[str, Any]:
    for f in reversed(view.get("procedure") or []):
        if step is None or f.get("step") == step:
            return dict(f)
    return {}


def _frame(f: dict[str, Any]) -> dict[str, Any]:
    """A frame of the view with its side turned back into a number (the engine's helpers
    read frames)."""
    g = dict(f)
    if isinstance(g.get("side"), str):
        g["side"] = SIDE_OF_NAME[g["side"]]
    return g


# -- operations ---------------------------------------------------------------------------------


class Candidate:
    """One possible activation plan: spaces to activate for one purpose, its cost and worth."""

    __slots__ = ("cost", "mode", "spaces", "target", "value")

    def __init__(self, mode: str, spaces: list[int], cost: int, value: float, target: int) -> None:
        self.mode = mode
        self.spaces = spaces
        self.cost = cost
        self.value = value
        self.target = target


def op_candidates(an: Analysis, f: dict[str, Any]) -> list[Candidate]:
    """Attack plans (one per target) and move plans (one per space) for an operation frame."""
    s = an.s
    me = an.me
    moves = set(f.get("moves", ()))
    attacks = set(f.get("attacks", ()))
    own = [x for x in an.own_spaces() if x not in moves]
    can = {x: [u for u in an.occ[x] if activation.can_act(s, u)] for x in own}
    own = [x for x in own if can[x]]
    cost_cache: dict[tuple[int, str], int] = {}

    def cost(x: int, mode: str) -> int:
        if mode == "attack" and x in attacks:
            return 0
        k = (x, mode)
        if k not in cost_cache:
            cost_cache[k] = activation.activation_cost(s, me, x, mode, f)
        return cost_cache[k]

    out: list[Candidate] = []
    fake = an.attack_frame()
    summer = an.summer
    for t in an.attack_targets(own):
        if not designation.target_ok(s, fake, t):
            continue
        near = [
            x
            for x in own
            if (x == t or t in ADJ[x]) and not (summer and SPACES[x].terrain == "desert")
        ]
        near = [x for x in near if an.attackers_for(t, [x], fake)]
        if not near:
            continue
        near.sort(key=lambda x: -an.own_cf[x])
        tried: list[list[int]] = [[x] for x in near]
        for i in range(2, len(near) + 1):
            tried.append(near[:i])
        best: Candidate | None = None
        for group in tried:
            c = sum(cost(x, "attack") for x in group)
            units = an.attackers_for(t, group, fake)
            v, _ = an.best_group(units, t)
            if v <= 0:
                continue
            cand = Candidate("attack", group, c, v, t)
            if best is None or v - ACT_LAMBDA * c > best.value - ACT_LAMBDA * best.cost:
                best = cand
        if best is not None:
            out.append(best)
    for x in own:
        if x in attacks:
            continue
        v = 0.0
        dig = 0.0
        for u in can[x]:
            g = max(0.0, an.move_gain(u))
            v += g
            if UNITS[u].army:
                dig = max(dig, entrench_value(an, u, x) - g)  # 11.2.1: it digs in instead
        v += dig
        if v > 0:
            out.append(Candidate("move", [x], cost(x, "move"), v, -1))
    return out


def entrench_value(an: Analysis, u: int, x: int) -> float:
    """What army ``u`` attempting to entrench in ``x`` is worth (11.2.1-11.2.3: it succeeds on
    a die no higher than its Loss Factor; a trench shifts the attacker's fire left and the
    defender's right, 11.2.8): much where the enemy masses next to what the space shields."""
    s = an.s
    if "ap_entrench" not in s.events and "cp_entrench" not in s.events:
        return 0.0
    level = s.trench[x] if s.tside[x] == an.me else 0
    if level >= 2 or x < 0 or not ON_MAP[x] or not supply.unit_supplied(s, u):
        return 0.0
    threat = an.foe_adj[x]
    if not threat and an.foe_reach[x] > 1:
        return 0.1
    chance = min(1.0, board.lf(s, u) / 6)
    stake = min(an.space_worth(x) + an.behind(x), 16.0)
    per_level = (1.5 + 0.25 * min(threat, 24)) * (1.0 + stake / 8.0)
    return WEIGHTS["dig"][an.me] * chance * per_level * (1.0 if level == 0 else 0.6)


def plan_operation(an: Analysis, f: dict[str, Any], budget: int) -> tuple[float, list[Candidate]]:
    """Choose activation plans greedily by worth per OPS within ``budget``."""
    key = (tuple(f.get("moves", ())), tuple(f.get("attacks", ())), tuple(f.get("free", ())))
    cands = an.ops_memo.get(key)
    if cands is None:
        cands = an.ops_memo[key] = op_candidates(an, f)
    chosen: list[Candidate] = []
    used: set[int] = set()
    left = budget
    total = 0.0
    while True:
        best: Candidate | None = None
        for c in cands:
            if c.cost > left or c.value <= OPS_THRESHOLD:
                continue
            if any(x in used for x in c.spaces):
                continue
            if best is None or _density(c) > _density(best):
                best = c
        if best is None:
            break
        chosen.append(best)
        used.update(best.spaces)
        left -= best.cost
        total += best.value
        cands = [c for c in cands if c is not best]
    return total, chosen


def _density(c: Candidate) -> float:
    return (c.value - ACT_LAMBDA * c.cost) / max(1, c.cost) + 0.05 * c.value


# -- the bot ------------------------------------------------------------------------------------

Scorer = Callable[["HeuristicBot", Analysis, dict[str, Any], list[str]], list[float]]


class HeuristicBot:
    """Scores the legal actions of each step with hand-made knowledge of the game."""

    name = "heuristic"

    def __init__(self, seed: int = 0) -> None:
        self._rng = random.Random(seed)

    def choose(self, view: dict[str, Any]) -> str:
        legal: list[str] = list(view.get("legal") or [])
        if not legal:
            raise ValueError("the heuristic bot was asked to act with no legal action")
        if len(legal) == 1:
            return legal[0]
        return legal[self.pick(Analysis(view), view, legal)]

    def pick(self, an: Analysis, view: dict[str, Any], legal: list[str]) -> int:
        """The index of the best of ``legal`` (scored with the analysis ``an``)."""
        scores = self.scores(an, view, legal)
        best = 0
        top = -1e18
        for i, sc in enumerate(scores):
            v = sc + self._rng.random() * NOISE
            if v > top:
                top = v
                best = i
        return best

    def scores(self, an: Analysis, view: dict[str, Any], legal: list[str]) -> list[float]:
        """The score of each of ``legal`` (without the tie-breaking noise)."""
        scorer = HANDLERS.get(str(view.get("step")), generic)
        return scorer(self, an, view, legal)


# -- card play (8.1.3) --------------------------------------------------------------------------


def _turns_left(an: Analysis) -> int:
    return max(0, SCENARIOS[an.s.scenario].last_turn - an.s.turn)


def _last_turn(an: Analysis) -> bool:
    """The scenario's last turn: 5.1.1, victory is the VP level when the game ends, at the end
    of this turn, so nothing this turn's Replacement Phase (6.0 F) rebuilds can change it."""
    return an.s.turn >= SCENARIOS[an.s.scenario].last_turn


def _last_round(an: Analysis) -> bool:
    """The side's last action round of the game (8.1.1: six a turn)."""
    return _last_turn(an) and an.s.round >= ROUNDS


def reinforcement_value(card: int) -> float:
    c = CARDS[card]
    return sum(ARMY_VALUE if UNITS[u].army else CORPS_VALUE for u in c.reinforcement_units)


def event_value(an: Analysis, card: int, ops_value: Callable[[int], float]) -> float:
    """The worth of ``card``'s event now, in points (what a player would expect of it)."""
    c = CARDS[card]
    s = an.s
    me = an.me
    key = c.event_key
    v = reinforcement_value(card)
    winters = _turns_left(an) // 4  # the Blockade's VP each winter turn left (6.0 E.1)
    # 11.2.1: either Entrench event lets both sides dig in; the first matters most (the side
    # that plays it gets a trench at once, and defends better for the rest of the game)
    dug = "ap_entrench" in s.events or "cp_entrench" in s.events
    entrench_event = 2.0 if dug else 6.0 + 0.6 * _turns_left(an)
    table: dict[str, float] = {
        # Allied events
        "blockade": PERMANENT_VP * max(1, winters) * 0.8,
        "rape_of_belgium": PERMANENT_VP,
        "lusitania": PERMANENT_VP,
        "fourteen_points": PERMANENT_VP,
        "convoy": PERMANENT_VP + 2,
        "zimmermann_telegram": PERMANENT_VP + 3,
        "over_there": 14.0,
        "moltke": 6.0 if s.turn <= 2 else 0.0,
        "ap_entrench": entrench_event,
        "italy_entry": 14.0,
        "romania_entry": 6.0,
        "greece_entry": 4.0,
        "salonika": 4.0,
        "great_retreat": 1.5,
        "landships": 1.0,
        "yanks_and_tanks": 2.0,
        "brusilov_offensive": 2.0,
        "kerensky_offensive": 2.0,
        "cloak_and_dagger": 0.5,
        "everyone_into_battle": 1.5,
        "sinai_pipeline": 1.5,
        "independent_air_force": 4.0 if "walter_rathenau" in s.events else 0.5,
        "grand_fleet": PERMANENT_VP,
        "influenza": 0.5,
        "the_sixtus_affair": VP_POINTS / 3,
        "paris_taxis": 4.0,
        "russian_cavalry": 2 * CORPS_VALUE,
        "czech_legion": CORPS_VALUE + 1,
        # Central Powers events
        "guns_of_august": 30.0,
        "reichstag_truce": PERMANENT_VP,
        "falkenhayn": 8.0 if "moltke" in s.events else 0.5,
        "race_to_the_sea": 2.0,
        "oberost": 3.0,
        "sud_army": 1.5,
        "eleventh_army": 1.0,
        "cp_entrench": entrench_event,
        "landwehr": 4.0,
        "high_seas_fleet": PERMANENT_VP * 0.8,
        "zeppelin_raids": 2.0,
        "tsar_takes_command": 5.0,
        "war_in_africa": 5.0,
        "walter_rathenau": min(12.0, _turns_left(an) * 0.8),
        "bulgaria_entry": 12.0,
        "uboats_unleashed": 6.0,
        "hoffmann": 2.0,
        "h_l_take_command": 5.0,
        "treaty_of_brest_litovsk": 14.0,
        "fall_of_the_tsar": 3 * PERMANENT_VP,
        "bolshevik_revolution": 8.0,
        "french_mutiny": 5.0,
        "mata_hari": 0.5,
        "lloyd_george": 1.0,
        "polish_restoration": PERMANENT_VP + 3 * CORPS_VALUE,
        "russian_desertions": 5.0,
        "prince_max": 0.5,
        "haig": 1.0,
        "stavka_timidity": 1.0,
        "libyan_revolt": CORPS_VALUE,
    }
    v += table.get(key, 0.0 if c.reinforcement_units else 0.6 * c.ops * 1.5)
    if c.event_also_ops:
        v += ops_value(c.ops)
    if c.war_status:
        v += war_status_gain(s, me, c.war_status)
    return v


def keep_value(an: Analysis, card: int) -> float:
    """What a card is still worth if it stays in hand (a later event, a combat card)."""
    c = CARDS[card]
    if _last_round(an) and not c.combat_card:
        # a card still in hand when the game ends does nothing; a combat card kept may still
        # serve in this round's combats (and the Central Powers', acting first in each round,
        # 8.1.2, in the Allies' last one)
        return 0.0
    if c.combat_card:
        return 2.5 + 0.3 * c.ops
    base = 0.25 * c.ops
    if c.event_key in EVENTS:
        v = event_value(an, card, lambda k: 0.0)
        if c.event_key in ("fall_of_the_tsar", "treaty_of_brest_litovsk", "over_there"):
            v += 10.0
        base = max(base, 0.5 * v)
    return base


def sr_value(an: Analysis, points: int) -> float:
    """A rough worth of strategic redeployment with ``points``: units brought to the front."""
    if _last_round(an) and an.me != CP:
        return 0.0  # the Allies' last action is the game's (8.1.2): a unit moved then never acts
    gains = an.sr_memo.get(0)
    if gains is None:
        gains = an.sr_memo[0] = _sr_gains(an)
    total = 0.0
    left = points
    for density, cost in gains:
        if cost <= left:
            total += density * cost
            left -= cost
    # 13: moving armies between fronts is what keeps a front from being left to the enemy's
    # march; each side's share is analysis.LIVE_WEIGHTS["sr"] (why, there)
    return WEIGHTS["sr"][an.me] * total


def _sr_gains(an: Analysis) -> list[tuple[float, int]]:
    """What each unit brought to the front by strategic redeployment gains per SR point, and
    its cost, best first (:func:`sr_value`; the same for any number of points)."""
    s = an.s
    me = an.me
    fronts = [
        x
        for x in MAP
        if s.ctrl[x] == me and an.foe_adj[x] > 0 and an.side_in(x) != an.foe and len(an.occ[x]) < 3
    ]
    if not fronts:
        return []
    gains: list[tuple[float, int]] = []
    best_front = {}
    for u, x in enumerate(s.loc):
        d = UNITS[u]
        if d.side != me or x < 0 or (x in D.boxes and x != RESERVE[me]):
            continue
        cost = 4 if d.army else 1
        cap = ARMY_VALUE * 0.6 if d.army else CORPS_VALUE
        if x == RESERVE[me]:
            g = cap  # a unit brought into play
        else:
            key = (d.nation, d.army)
            if key not in best_front:
                best_front[key] = max(an.potential(u, y) for y in fronts)
            g = min(cap, best_front[key] - an.potential(u, x) - an.leave_cost(u, x))
        if g > 0.5:
            gains.append((g / cost, cost))
    gains.sort(reverse=True)
    return gains


def rp_needs(an: Analysis) -> dict[str, list[float]]:
    """For each RP pool: the worth of each RP it could buy, best first."""
    s = an.s
    me = an.me
    out: dict[str, list[float]] = {}
    for u, x in enumerate(s.loc):
        d = UNITS[u]
        if d.side != me or x < 0 or d.rp_pool == "none" or d.not_replaceable:
            continue
        if x == D.perm_eliminated_box[me]:
            continue
        if x == D.eliminated_box[me]:
            w = (ARMY_VALUE * 0.7, 1.0) if d.army else (CORPS_VALUE * 0.8, 0.5)
        elif s.red[u]:
            w = (d.cf - d.reduced_cf + (3.0 if d.army else 0.8), 1.0 if d.army else 0.5)
        else:
            continue
        per_rp = w[0] / w[1]
        lst = out.setdefault(d.rp_pool, [])
        lst.extend([per_rp] * (2 if w[1] == 1.0 else 1))  # in half points
    for lst in out.values():
        lst.sort(reverse=True)
    return out


def rp_value(an: Analysis, card: int, needs: dict[str, list[float]]) -> float:
    s = an.s
    if _last_turn(an):
        return 0.0  # spent after the war's end is settled (_last_turn)
    c = CARDS[card]
    total = 0.0
    for pool, amount in c.rp:
        if pool in ("bu", "it", "tu") and not at_war(s, pool):
            continue
        have = s.rp.get(pool, 0)
        lst = needs.get(pool, [])
        gain = lst[have : have + 2 * amount]
        total += sum(gain) / 2
    return WEIGHTS["rp"][an.me] * total


def score_action_round(
    bot: HeuristicBot, an: Analysis, view: dict[str, Any], legal: list[str]
) -> list[float]:
    memo: dict[int, float] = {}
    base_f = {"side": an.me, "spent": 0, "moves": [], "attacks": [], "oos": []}

    def ops_value(k: int) -> float:
        if k not in memo:
            memo[k] = WEIGHTS["ops"][an.me] * plan_operation(an, {**base_f, "ops": k}, k)[0]
        return memo[k]

    needs: dict[str, list[float]] | None = None
    out = []
    for text in legal:
        verb, args = _split(text)
        if verb == "peace":
            out.append(-50.0)
            continue
        if args[0] == "auto":
            out.append(ops_value(1) - 0.3)
            continue
        use, cid = args
        card = D.card_ix[cid]
        c = CARDS[card]
        if use == "ops":
            v = ops_value(c.ops)
        elif use == "event":
            v = event_value(an, card, ops_value)
        elif use == "sr":
            v = sr_value(an, c.sr)
        else:
            if needs is None:
                needs = rp_needs(an)
            v = rp_value(an, card, needs)
        out.append(v - keep_value(an, card))
    return out


# -- operations (9.2) ---------------------------------------------------------------------------


def score_operation(
    bot: HeuristicBot, an: Analysis, view: dict[str, Any], legal: list[str]
) -> list[float]:
    f = _frame(_top(view, "operation"))
    left = int(f.get("ops", 0)) - int(f.get("spent", 0))
    _, plan = plan_operation(an, f, left)
    want: dict[str, float] = {}
    rank = 100.0
    for c in plan:
        spaces = [x for x in c.spaces if not (c.mode == "attack" and x in f.get("attacks", []))]
        spaces.sort(key=lambda x: -an.own_cf[x])
        for x in spaces:
            want.setdefault(f"activate {c.mode} {SPACES[x].id}", rank)
            rank -= 1.0
    out = []
    for text in legal:
        if text == "done":
            out.append(0.0)
        else:
            out.append(want.get(text, -1.0))
    return out


# -- movement (11.1) ----------------------------------------------------------------------------


def score_movement(
    bot: HeuristicBot, an: Analysis, view: dict[str, Any], legal: list[str]
) -> list[float]:
    f = _frame(_top(view, "movement"))
    s = an.s
    attacks = list(f.get("attacks", []))
    moving = int(f.get("unit", -1))
    origin = {u: o for u, o in zip(f.get("movers", []), f.get("origin", []), strict=False)}
    out = []
    base: dict[int, float] = {}
    for text in legal:
        verb, args = _split(text)
        if verb == "done":
            out.append(0.25)
            continue
        u = D.unit_ix[args[0]]
        if verb == "entrench":
            out.append(entrench_value(an, u, s.loc[u]) - 0.05)
            continue
        y = D.space_ix[args[1]]
        x = s.loc[u]
        mp_left = board.mf(s, u) - (int(f.get("mp", 0)) if moving == u else 0)
        if u not in base:
            stay = an.potential(u, x) if an.can_stop(u, x, attacks) else -1e6
            if moving != u:
                stay += an.leave_cost(u, origin.get(u, x))
            base[u] = stay
        gain = an.capture_gain(y)
        if an.enemy_fort(y) and s.fort[y] == 0:
            # 11.1.8, 15.2.1: enter an unbesieged enemy fort only with a besieging force.
            here = [*board.units_in(s, y), u]
            if not movement.besieging_force(s, an.me, y, here):
                out.append(-5.0)
                continue
            sub = an.potential(u, y) if an.can_stop(u, y, attacks) else -1e6
        else:
            sub, _ = an.best_move(u, y, mp_left - 1, attacks)
        out.append(gain + sub - base[u] - STEP_COST)
    return out


# -- combat (12) --------------------------------------------------------------------------------


def score_designation(
    bot: HeuristicBot, an: Analysis, view: dict[str, Any], legal: list[str]
) -> list[float]:
    f = _frame(_top(view, "combat_designation"))
    s = an.s
    tgt = int(f.get("tgt", -1))
    out = []
    if tgt < 0:
        for text in legal:
            verb, args = _split(text)
            if verb == "done":
                out.append(0.3)
                continue
            t = D.space_ix[args[0]]
            units = designation.candidates(s, f, t)
            units = [u for u in units if designation.eligible(s, f, u, t, [])]
            v, _ = an.best_group(units, t)
            out.append(v)
        return out
    sel = [int(u) for u in f.get("sel", [])]
    pool = [u for u in designation.candidates(s, f, tgt) if u not in sel]
    pool = [u for u in pool if designation.eligible(s, f, u, tgt, sel)]
    _, group = an.best_group([*sel, *pool], tgt)
    for text in legal:
        verb, args = _split(text)
        if verb == "done":
            out.append(0.0)
            continue
        u = D.unit_ix[args[0]]
        if u in group:
            out.append(1.0 + board.cf(s, u) + (0.5 if UNITS[u].army else 0.0))
        else:
            out.append(-1.0 if sel else 0.5 + 0.1 * board.cf(s, u))
    return out


def _combat(view: dict[str, Any]) -> dict[str, Any]:
    return _frame(_top(view, "combat"))


def card_helps(an: Analysis, card: int, c: dict[str, Any]) -> float:
    """Whether playing combat card ``card`` in combat ``c`` is worth it."""
    cc = COMBAT_CARDS.get(CARDS[card].event_key)
    if cc is None:
        return -1.0
    s = an.s
    if cc.withdrawal:
        att = [int(u) for u in c.get("att", [])]
        dfn = [int(u) for u in c.get("dfn", [])]
        acf = sum(board.cf(s, u) for u in att if s.loc[u] >= 0)
        dcf = sum(board.cf(s, u) for u in dfn if s.loc[u] >= 0)
        tgt = int(c.get("tgt", -1))
        worth = an.space_worth(tgt) if tgt >= 0 else 0
        return 1.0 if acf >= 2 * max(1, dcf) and worth < VP_POINTS else -1.0
    useful = (
        cc.bonus > 0
        or cc.negates
        or cc.army_table
        or cc.fires_first
        or cc.flank_success
        or cc.virtual_trench
        or cc.ignore_retreat
        or cc.drm(s, c, an.me) > 0
    )
    return 1.0 + 0.1 * CARDS[card].ops if useful else -1.0


def score_cards(
    bot: HeuristicBot, an: Analysis, view: dict[str, Any], legal: list[str]
) -> list[float]:
    c = _combat(view)
    out = []
    for text in legal:
        verb, args = _split(text)
        if verb == "cc":
            out.append(card_helps(an, D.card_ix[args[0]], c))
        else:
            out.append(0.0)
    return out


def score_flank(
    bot: HeuristicBot, an: Analysis, view: dict[str, Any], legal: list[str]
) -> list[float]:
    c = _combat(view)
    out = []
    for text in legal:
        verb, args = _split(text)
        if verb == "noflank":
            out.append(0.0)
        elif verb == "cc":
            out.append(2.0 + card_helps(an, D.card_ix[args[0]], c))
        else:
            drm = flank_drm(an.s, c, D.space_ix[args[0]])
            # 12.3.3: success on 4+; failure lets the defender fire first.
            out.append(drm - 0.5)
    return out


def score_losses(
    bot: HeuristicBot, an: Analysis, view: dict[str, Any], legal: list[str]
) -> list[float]:
    out = []
    for text in legal:
        verb, args = _split(text)
        if verb == "lose":
            out.append(-step_cost(an.s, D.unit_ix[args[0]]))
        else:
            out.append(0.0)
    return out


def score_retreat(
    bot: HeuristicBot, an: Analysis, view: dict[str, Any], legal: list[str]
) -> list[float]:
    c = _combat(view)
    s = an.s
    tgt = int(c.get("tgt", -1))
    out = []
    for text in legal:
        verb, args = _split(text)
        if verb == "choose":
            if args[0] == "cancel":
                dfn = [int(u) for u in c.get("dfn", []) if s.loc[int(u)] == tgt]
                cheapest = min((step_cost(s, u) for u in dfn), default=5.0)
                out.append(0.7 * an.space_worth(tgt) - cheapest)
            else:
                out.append(0.0)
            continue
        u = D.unit_ix[args[0]]
        y = D.space_ix[args[1]]
        v = an.potential(u, y) - 0.4 * an.foe_adj[y] + 0.3 * len(an.occ[y])
        out.append(v)
    return out


def score_advance(
    bot: HeuristicBot, an: Analysis, view: dict[str, Any], legal: list[str]
) -> list[float]:
    s = an.s
    out = []
    for text in legal:
        verb, args = _split(text)
        if verb == "done":
            out.append(0.2)
            continue
        u = D.unit_ix[args[0]]
        y = D.space_ix[args[1]]
        x = s.loc[u]
        gain = an.capture_gain(y) if not any(UNITS[v].side == an.me for v in an.occ[y]) else 0
        if gain and an.cut_off(u, y):
            gain *= 0.3  # a space taken by a unit the enemy can cut off is soon lost (14.3)
        out.append(gain + an.potential(u, y) - an.potential(u, x) - an.leave_cost(u, x))
    return out


# -- redeployment, replacements, placement ------------------------------------------------------


def score_sr(
    bot: HeuristicBot, an: Analysis, view: dict[str, Any], legal: list[str]
) -> list[float]:
    s = an.s
    out = []
    here: dict[int, float] = {}

    def gain(u: int, y: int) -> float:
        x = s.loc[u]
        if u not in here:
            here[u] = an.potential(u, x) - an.leave_cost(u, x)
        cost = 0.8 if UNITS[u].army else 0.2
        return an.potential(u, y) - here[u] - cost

    for text in legal:
        verb, args = _split(text)
        if verb == "done":
            out.append(0.4)
            continue
        u = D.unit_ix[args[0]]
        if len(args) == 2:
            out.append(gain(u, D.space_ix[args[1]]))
        else:
            # the unit is chosen first (13.1.10): worth its best destination (the best gain is
            # the best potential less the same amounts: subtraction keeps the order)
            dests = redeployment.unit_options(s, u)
            if not dests:
                out.append(-1.0)
                continue
            x = s.loc[u]
            if u not in here:
                here[u] = an.potential(u, x) - an.leave_cost(u, x)
            cost = 0.8 if UNITS[u].army else 0.2
            out.append(an.best_potential(u, dests) - here[u] - cost)
    return out


def unit_worth(an: Analysis, u: int) -> float:
    d = UNITS[u]
    return (ARMY_VALUE if d.army else CORPS_VALUE) * (0.6 if an.s.red[u] else 1.0)


def score_replacements(
    bot: HeuristicBot, an: Analysis, view: dict[str, Any], legal: list[str]
) -> list[float]:
    s = an.s
    out = []
    for text in legal:
        verb, args = _split(text)
        if verb == "done":
            out.append(0.0)
            continue
        u = D.unit_ix[args[0]]
        d = UNITS[u]
        x = s.loc[u]
        if verb == "place":
            y = D.space_ix[args[1]]
            out.append(8.0 + 0.2 * an.potential(u, y))
        elif x == D.eliminated_box[an.me]:
            out.append(1.5)
        else:
            front = 1.0 if x not in D.boxes and an.foe_adj[x] else 0.0
            out.append((d.cf - d.reduced_cf) + (4.0 if d.army else 0.5) + front)
    return out


def score_place(
    bot: HeuristicBot, an: Analysis, view: dict[str, Any], legal: list[str]
) -> list[float]:
    out = []
    for text in legal:
        verb, args = _split(text)
        if verb == "place" and len(args) == 2:
            out.append(an.potential(D.unit_ix[args[0]], D.space_ix[args[1]]))
        else:
            out.append(generic_one(an, text))
    return out


def score_discard(
    bot: HeuristicBot, an: Analysis, view: dict[str, Any], legal: list[str]
) -> list[float]:
    hand = [D.card_ix[c] for c in view["cards"]["hand"]]
    combat = [c for c in hand if CARDS[c].combat_card]
    out = []
    for text in legal:
        verb, args = _split(text)
        if verb == "done":
            out.append(0.0)
            continue
        card = D.card_ix[args[0]]
        extra = len(combat) - 3
        out.append(0.5 - 0.2 * CARDS[card].ops if extra > 0 and CARDS[card].combat_card else -1.0)
    return out


def score_peace(
    bot: HeuristicBot, an: Analysis, view: dict[str, Any], legal: list[str]
) -> list[float]:
    s = an.s
    # Accept a draw only when the game looks lost (below the side's winning level late on).
    losing = s.vp <= 9 if an.me == 1 else s.vp >= 13
    out = []
    for text in legal:
        if text.endswith("accept"):
            out.append(1.0 if losing and s.turn >= 12 else -1.0)
        else:
            out.append(0.0)
    return out


# -- anything else ------------------------------------------------------------------------------


def generic_one(an: Analysis, text: str) -> float:
    """A score for an action of a step this bot has no special knowledge of (new events)."""
    s = an.s
    verb, args = _split(text)
    if verb == "done":
        return -0.1
    if verb in ("place", "advance", "retreat", "sr", "move") and len(args) == 2:
        u = D.unit_ix.get(args[0], -1)
        y = D.space_ix.get(args[1], -1)
        if u >= 0 and y >= 0:
            if UNITS[u].side == an.me:
                return an.potential(u, y)
            return -an.space_worth(y)
    if verb in ("eliminate", "lose", "replace", "entrench") and args:
        u = D.unit_ix.get(args[0], -1)
        if u < 0:
            return 0.0
        mine = UNITS[u].side == an.me
        if verb in ("eliminate", "lose"):
            return -unit_worth(an, u) if mine else unit_worth(an, u)
        if verb == "replace":
            return unit_worth(an, u) if mine else -unit_worth(an, u)
        x = s.loc[u]
        return 1.0 + 0.2 * (an.foe_adj[x] if x >= 0 else 0)
    if verb == "choose" and args:
        return {"yes": 0.5, "no": 0.0, "vp": -0.5}.get(args[0], 0.1)
    if verb == "select" and args:
        c = D.card_ix.get(args[0], -1)
        return 0.1 * CARDS[c].ops if c >= 0 else 0.0
    if verb == "cc" and args:
        return 0.5
    return 0.0


def generic(bot: HeuristicBot, an: Analysis, view: dict[str, Any], legal: list[str]) -> list[float]:
    return [generic_one(an, text) for text in legal]


def score_guns(
    bot: HeuristicBot, an: Analysis, view: dict[str, Any], legal: list[str]
) -> list[float]:
    return [1.0 if t == "choose yes" else 0.0 for t in legal]


HANDLERS: dict[str, Scorer] = {
    "action_round": score_action_round,
    "operation": score_operation,
    "movement": score_movement,
    "combat_designation": score_designation,
    "combat_cards": score_cards,
    "combat_flank": score_flank,
    "combat_losses": score_losses,
    "combat_retreat": score_retreat,
    "combat_advance": score_advance,
    "strategic_redeployment": score_sr,
    "spend_replacements": score_replacements,
    "place_reinforcements": score_place,
    "entry_placement": score_place,
    "discard_combat_cards": score_discard,
    "peace_answer": score_peace,
    "setup_guns_of_august": score_guns,
}
