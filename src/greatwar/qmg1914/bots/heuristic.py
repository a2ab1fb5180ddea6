"""The heuristic bot for Quartermaster General: 1914: scores the legal actions of the decision it
is asked about and plays the best.

It sees only its power's view: a :class:`~greatwar.qmg1914.bots.model.Model` of the public
position values positions for its team (Objectives held, supplied pieces, threats and chances
along the front), and the engine's own questions (where a piece may go, which battles may be
fought, what a card's Play text does) are asked of a state rebuilt from the view alone
(:func:`~greatwar.qmg1914.bots.model.public_state`). Ties are broken by a tiny noise from the
bot's own seeded generator, so a bot is deterministic for a given seed and the same views.

Its main ideas (``docs/bots.md``):

- **Play step**: every playable card is valued by what it would do now: a build by the best
  space it could take (an Objective, a link of a supply line toward one, a threatened Home), a
  battle by the gain of clearing the space times the chance of winning it (the defenders'
  prepared cards against its own Sustain cards) less the difficult-terrain card, an Economic
  Warfare card by the cards it costs the enemy (more as their decks run short) and its VP, an
  Event by walking its ops (builds, battles, losses, tokens, drafts, prepares), a Status card by
  a table of what it brings over the rest of the game. It passes rather than waste a card.
- **Prepare step**: prepares the card whose prepared side is worth most now beyond its value in
  hand: a Reinforce card allowed where its Objectives or Home are threatened, a Sustain card of a
  country with battles to fight, an Attrition card (used at the next Attrition step), a
  Counterattack on a contested front.
- **Battles**: defends an Objective, a Home or a supply line with the fewest Reinforce symbols
  that hold; sustains an attack worth its cards; counterattacks when it pays.
- **Losses and costs**: discards the card worth least now; takes a loss from the top of its
  draw deck when its hand is all good cards, and a VP only when it has nothing else.
- **Draft**: drafts a Build Army when it has no build to make and cards to spare.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from greatwar.qmg1914 import battle as rules_battle
from greatwar.qmg1914 import placement
from greatwar.qmg1914.bots.model import Model, piece_masks, spread, supply_masks
from greatwar.qmg1914.cards.base import BEHAVIOURS, StatusCard
from greatwar.qmg1914.cards.script import Script
from greatwar.qmg1914.data import (
    ADJ,
    CARD_INDEX,
    CARDS,
    COUNTRIES,
    COUNTRIES_OF,
    LAND_MASK,
    POWER_OF_COUNTRY,
    POWERS,
    SCORING_ROUNDS,
    SEA_MASK,
    SPACE_INDEX,
    SPACES,
    TEAM_COUNTRY_MASK,
    TEAM_OF,
    TEAM_OF_COUNTRY,
)
from greatwar.qmg1914.state import State

NOISE = 1e-4
HAND_CARD = 0.35  # a card discarded from hand as a cost
PREPARED_CARD = 0.55  # a prepared card discarded as a cost
DRAFT = 0.3  # a Build card drafted at no cost
PREPARE = 0.25  # one extra card prepared

# What a Status card is worth on the table, per Scoring Round still to come (VP cards) or at
# once (the rest): rough judgements of how often each helps.
STATUS_PER_SCORING = {
    "balkan_domination": 1.4,
    "kuk_kriegsmarine": 0.6,
    "warm_water_port": 0.5,
    "easter_rising_of_ireland": 0.8,
    "german_high_seas_fleet": 0.8,
}
STATUS_VALUE = {
    "russian_rail_gauge": 1.5,
    "limited_rail_and_road_network": 1.0,
    "german_aid_in_the_east": 1.4,
    "mustard_gas": 1.6,
    "stosstruppen": 1.4,
    "tripled_trench_lines": 1.6,
    "big_bertha_railway_guns": 1.0,
    "rumpler_taube_air_reconnaissance": 0.8,
    "woe_to_them_that_yet_draw_sword_against_me": 1.3,
    "the_red_baron": 1.2,
    "la_revanche": 0.9,
    "verdun": 1.2,
    "marne": 1.2,
    "general_nivelles_creeping_barrage": 1.1,
    "renault_ft_tanks": 1.0,
    "bares_expands_armee_de_lair": 0.6,
    "troupes_coloniales": 0.8,
    "citizen_soldiers": 1.0,
    "alpini": 1.0,
    "the_pals_battalions": 0.5,
    "commonwealth_support": 1.0,
    "relied_on_for_any_enterprise": 0.9,
    "battlecruisers": 0.6,
    "the_girls_with_yellow_hands": 1.0,
    "mark_iv_tanks": 1.0,
    "dreadnoughts": 0.6,
    "blackjack_and_the_doughboys": 0.9,
}


def _split(text: str) -> tuple[str, list[str]]:
    parts = text.split()
    return parts[0], parts[1:]


def _top(view: dict[str, Any]) -> dict[str, Any]:
    proc = view.get("procedure") or []
    top: dict[str, Any] = proc[-1] if proc else {}
    return top


def _score(scores: dict[str, float], a: str) -> float:
    """An action's score: its own, else the handler's default (``*``) but for ``pass``."""
    return scores.get(a, scores.get("*", 0.0) if a != "pass" else 0.0)


def scorings_left(rnd: int) -> int:
    return sum(1 for r in SCORING_ROUNDS if r >= rnd)


class HeuristicBot:
    """Plays Quartermaster General: 1914 from its power's view (see the module docstring)."""

    name = "heuristic"

    def __init__(self, seed: int = 0) -> None:
        self._rng = random.Random(seed)

    def choose(self, view: dict[str, Any]) -> str:
        legal: list[str] = view.get("legal") or []
        if not legal:
            raise ValueError("the heuristic bot was asked to act with no legal action")
        key = str(view.get("prompt") or "")
        if key == "remove_piece" and "pass" in legal:
            return "pass"  # it never opens the removal on purpose (below): back to the decision
        legal, scores = self.scores(view)
        if len(legal) == 1:
            return legal[0]
        best = max(legal, key=lambda a: _score(scores, a) + NOISE * self._rng.random())
        return best

    def scores(self, view: dict[str, Any]) -> tuple[list[str], Scores]:
        """The legal actions it would weigh (all but ``remove``, see below) and the scores of
        those it has a score for (:meth:`ranked` gives them in order)."""
        legal: list[str] = view.get("legal") or []
        key = str(view.get("prompt") or "")
        # PIECES: removing a piece of its own (offered at every decision of its turn) never
        # helps its plans; a placement with no piece left scores its own ``remove <space>``
        legal = [a for a in legal if a != "remove"] or legal
        if len(legal) == 1:
            return legal, {}
        m = Model(view)
        handler = HANDLERS.get(key.split(".")[0] if key.startswith("turn.") else key)
        if handler is None and key.startswith(("place.", "battle.", "pay.")):
            handler = HANDLERS.get(key.split(".")[0] + ".")
        return legal, (handler(self, m, view, legal) if handler is not None else {})

    def ranked(self, view: dict[str, Any], top: int) -> list[str]:
        """The ``top`` best of the actions it weighs, best first, by its scores alone (no
        noise: ties keep the order of ``legal``)."""
        legal, scores = self.scores(view)
        order = sorted(range(len(legal)), key=lambda i: -_score(scores, legal[i]))
        return [legal[i] for i in order[:top]]

    # -- card values ------------------------------------------------------------------------

    def status_value(self, m: Model, k: int) -> float:
        key = CARDS[k].event_key
        left = scorings_left(m.round)
        if key in STATUS_PER_SCORING:
            v = STATUS_PER_SCORING[key] * left
            if key == "easter_rising_of_ireland":
                v += 3 * m.card_loss(POWERS.index("ukus")) + 1.0
            return v
        base = STATUS_VALUE.get(key, 0.6)
        return base * min(1.0, 0.25 + left / 4)

    def play_value(self, m: Model, k: int) -> float:
        """What playing card ``k`` now would bring (points)."""
        card = CARDS[k]
        b = BEHAVIOURS.get(card.event_key)
        if b is None:
            return -1.0
        if card.type == "status" and isinstance(b, StatusCard):
            return self.status_value(m, k)
        if isinstance(b, Script):
            return Sim(self, m, k).run(b.ops(m.s, m.me, k))
        return 0.0

    def prepared_value(self, m: Model, k: int) -> float:
        """What card ``k`` is worth lying prepared (points)."""
        card = CARDS[k]
        sym = card.symbol
        if sym == "attrition":
            if card.any_adjacent:
                targets = _adjacent_enemies(m, card.country)
                if not targets:
                    return 0.15
                return max(m.card_loss(q) for q in targets)
            return sum(n * m.card_loss(p) for p, n in card.targets)
        countries = [card.country]
        if sym in ("reinforce_army", "reinforce_navy"):
            navy = sym == "reinforce_navy"
            risk = 0.0
            for c in countries:
                pm = piece_masks(m.occ)[c] & (SEA_MASK if navy else LAND_MASK)
                for x in _spaces(pm):
                    if not card.allows(x):
                        continue
                    if not card.supply_symbol and not m.supplied(c, x):
                        continue
                    if not _threatened(m, x):
                        continue
                    risk = max(risk, m.base - m.value(m.cleared(x, m.team)))
            held = sum(1 for j in m.s.prepared[m.me] if CARDS[j].symbol == sym and j != k)
            return (0.15 + min(risk, 3.0) * 0.5 * (1 + 0.3 * (card.strength - 1))) / (1 + held)
        if sym in ("sustain_land", "sustain_sea"):
            sea = sym == "sustain_sea"
            best = 0.0
            for t, _o in _battles(m, card.country, "sea" if sea else "land"):
                if not card.allows(t) or not m.enemy_pieces(t):
                    continue
                best = max(best, m.value(m.cleared(t, 1 - m.team)) - m.base)
            held = sum(1 for j in m.s.prepared[m.me] if CARDS[j].symbol == sym and j != k)
            return (0.1 + min(best, 3.0) * 0.35 * card.strength) / (1 + held)
        if sym == "counterattack":
            contested = any(
                _threatened(m, x) for x in _spaces(piece_masks(m.occ)[card.country] & LAND_MASK)
            )
            return 0.5 if contested else 0.1
        return 0.1

    def keep_value(self, m: Model, k: int) -> float:
        """What card ``k`` is worth in hand: the better of playing and preparing it later."""
        play = self.play_value(m, k) if self._can_play(m, k) else 0.0
        return max(play, self.prepared_value(m, k), 0.0) + 0.1

    def _can_play(self, m: Model, k: int) -> bool:
        b = BEHAVIOURS.get(CARDS[k].event_key)
        if b is None:
            return False
        try:
            return b.playable(m.s, m.me, k)
        except (IndexError, KeyError, ValueError):
            return False

    def cheapest(self, m: Model, ids: list[str]) -> dict[str, float]:
        """Scores that pick the card worth least (to discard)."""
        return {a: -self.keep_value(m, CARD_INDEX[a]) for a in ids if a in CARD_INDEX}


# -- helpers on the model -------------------------------------------------------------------------


def _spaces(m: int) -> list[int]:
    out = []
    while m:
        low = m & -m
        out.append(low.bit_length() - 1)
        m ^= low
    return out


def _threatened(m: Model, x: int) -> bool:
    """Could an enemy supplied piece battle space ``x``?"""
    pm = piece_masks(m.occ)
    sup = supply_masks(pm)
    enemy = 1 - m.team
    for c in range(8):
        if TEAM_OF_COUNTRY[c] != enemy:
            continue
        if spread(pm[c] & sup[c], ADJ[enemy]) >> x & 1:
            return True
    return False


def _adjacent_enemies(m: Model, c: int) -> list[int]:
    """ATTRITION SYMBOLS: enemy powers with an Army next to an Army of ours."""
    pm = piece_masks(m.occ)
    mine = 0
    for cc in COUNTRIES_OF[m.me]:
        mine |= pm[cc] & LAND_MASK
    near = spread(mine, ADJ[1])  # open adjacency
    out = []
    for q in range(5):
        if TEAM_OF[q] == m.team:
            continue
        theirs = 0
        for cc in COUNTRIES_OF[q]:
            theirs |= pm[cc] & LAND_MASK
        if near & theirs:
            out.append(q)
    return out


def _battles(m: Model, c: int, kind: str, area: int = -1, frm: int = -1) -> list[tuple[int, int]]:
    s = m.s
    s.cache.clear()
    return rules_battle.options(s, c, kind, (LAND_MASK | SEA_MASK) if area < 0 else area, frm)


def p_win(m: Model, c: int, t: int, occ: list[int] | None = None) -> float:
    """The chance that a battle by country ``c`` against ``t`` clears it: the defenders'
    unseen prepared cards may hold a Reinforce; our own Sustain cards answer one."""
    occ = m.occ if occ is None else occ
    defc = occ[t] & TEAM_COUNTRY_MASK[1 - m.team]
    if not defc:
        return 1.0
    sea = bool(SEA_MASK >> t & 1)
    q = 0.12 if sea else 0.28
    pm = piece_masks(occ)
    sup = supply_masks(pm)
    n = 0.0
    powers: dict[int, bool] = {}
    for d in range(8):
        if defc >> d & 1:
            p = POWER_OF_COUNTRY[d]
            powers[p] = powers.get(p, False) or bool(sup[d] >> t & 1)
    for p, ok in powers.items():
        n += m.prepared_count(p) * (1.0 if ok else 0.25)
    pr = float((1 - q) ** n)
    sym = "sustain_sea" if sea else "sustain_land"
    mine = sum(
        CARDS[k].strength
        for k in m.s.prepared[m.me]
        if CARDS[k].symbol == sym and CARDS[k].country == c and CARDS[k].allows(t)
    )
    if mine:
        pr += (1 - pr) * (0.45 if mine == 1 else 0.7)
    return pr


def battle_ev(m: Model, c: int, t: int, o: int, occ: list[int] | None = None) -> float:
    """Expected points of battling ``t`` from ``o`` with country ``c``."""
    occ = m.occ if occ is None else occ
    base = m.value(occ)
    after = m.value(m.cleared(t, 1 - m.team, occ))
    gain = after - base
    cost = HAND_CARD * rules_battle.battle_cost(m.s, m.me, c, o, t)
    return p_win(m, c, t, occ) * gain - cost


# -- the simulation of a card's ops ------------------------------------------------------------


class Sim:
    """Walks a Script card's ops on the model, taking each benefit the bot would take, and
    returns what the card is worth (points)."""

    def __init__(self, bot: HeuristicBot, m: Model, k: int) -> None:
        self.bot = bot
        self.m = m
        self.k = k
        self.p = m.me
        self.occ = list(m.occ)
        self.tokens = m.tokens
        self.vars: dict[str, Any] = {}
        self.extra = 0.0
        self.s = m.s.clone(with_log=False)
        self.s.hand[self.p] = [c for c in self.s.hand[self.p] if c != k]

    def _sync(self) -> State:
        self.s.occ = self.occ
        self.s.tokens = self.tokens
        self.s.cache.clear()
        return self.s

    def run(self, ops: list[Any]) -> float:
        for name, args in ops:
            cond = args.get("if")
            if cond is not None and not self.vars.get(cond):
                continue
            cond = args.get("unless")
            if cond is not None and self.vars.get(cond):
                continue
            fn = OPS.get(name)
            if fn is not None:
                fn(self, args)
        return self.extra + self.m.value(self.occ, self.tokens) - self.m.base

    def country(self, args: dict[str, Any]) -> int:
        c = args.get("c")
        return CARDS[self.k].country if c is None else int(c)

    def team_sign(self, p: int) -> float:
        return 1.0 if TEAM_OF[p] != self.m.team else -1.0

    # ops

    def place(self, args: dict[str, Any]) -> None:
        c = self.country(args)
        area = int(args.get("area", LAND_MASK))
        at = args.get("at")
        if at is not None and at in self.vars:
            area = (1 << int(self.vars[at])) & int(args.get("limit", LAND_MASK | SEA_MASK))
        mode = args.get("mode", "build")
        for _ in range(int(args.get("n", 1))):
            s = self._sync()
            spots = placement.targets(s, c, area, mode)
            if not spots:
                return
            base = self.m.value(self.occ, self.tokens)
            best, where = 0.05, -1
            for x in spots:
                g = self.m.value(self.m.placed(c, x, self.occ), self.tokens) - base
                if g > best:
                    best, where = g, x
            if where < 0:
                return
            self.occ = self.m.placed(c, where, self.occ)
            self.vars[args.get("mark", "built")] = where

    def battle(self, args: dict[str, Any]) -> None:
        c = self.country(args)
        frm = -1
        src = args.get("from")
        if isinstance(src, int):
            frm = src
        elif src is not None:
            if src not in self.vars:
                return
            frm = 1 << int(self.vars[src])
        area = int(args.get("area", LAND_MASK | SEA_MASK))
        s = self._sync()
        opts = rules_battle.options(s, c, args.get("kind", "land"), area, frm)
        best, pick = 0.0, None
        for t, o in opts:
            ev = battle_ev(self.m, c, t, o, self.occ)
            if ev > best:
                best, pick = ev, (t, o)
        if pick is None:
            return
        t, o = pick
        before = self.m.value(self.occ, self.tokens)
        pw = p_win(self.m, c, t, self.occ)
        self.vars[args.get("mark", "battled")] = t
        if pw >= 0.5:
            self.occ = self.m.cleared(t, 1 - self.m.team, self.occ)
            self.vars["won"] = 1
            dif = rules_battle.difficult(o, t)
            self.vars["won_clear"] = 0 if dif else 1
            self.extra += best - (self.m.value(self.occ, self.tokens) - before)
        else:
            self.extra += best

    def loss(self, args: dict[str, Any]) -> None:
        for p, n in args["l"]:
            self.extra += self.team_sign(int(p)) * int(n) * self.m.card_loss(int(p))

    def vp(self, args: dict[str, Any]) -> None:
        team = TEAM_OF[self.p] if args.get("team") is None else int(args["team"])
        self.extra += (1.0 if team == self.m.team else -1.0) * int(args["n"])

    def token(self, args: dict[str, Any]) -> None:
        self.tokens |= 1 << int(args["x"])

    def cost_hand(self, args: dict[str, Any]) -> None:
        self.extra -= HAND_CARD * int(args["n"])

    def cost_prepared(self, args: dict[str, Any]) -> None:
        self.extra -= PREPARED_CARD * int(args["n"])

    def must_discard(self, args: dict[str, Any]) -> None:
        p = int(args["p"])
        self.extra += self.team_sign(p) * int(args["n"]) * self.m.card_loss(p)

    def prepare(self, args: dict[str, Any]) -> None:
        self.extra += PREPARE * min(int(args.get("n", 1)), max(0, len(self.s.hand[self.p]) - 1))

    def status(self, args: dict[str, Any]) -> None:
        c = int(args.get("c", -1))
        vals = [
            self.bot.status_value(self.m, j)
            for j in self.s.hand[self.p]
            if CARDS[j].type == "status" and (c < 0 or CARDS[j].country == c)
        ]
        if vals:
            self.extra += max(vals)

    def draft(self, args: dict[str, Any]) -> None:
        self.extra += DRAFT

    def eliminate(self, args: dict[str, Any]) -> None:
        cs, area = int(args["cs"]), int(args["area"])
        base = self.m.value(self.occ, self.tokens)
        best, pick = 0.0, None
        for x in _spaces(area):
            m = self.occ[x] & cs
            for c in range(8):
                if m >> c & 1:
                    after = list(self.occ)
                    after[x] &= ~(1 << c)
                    g = self.m.value(after, self.tokens) - base
                    if g > best:
                        best, pick = g, after
        if pick is not None:
            self.occ = pick

    def supply(self, args: dict[str, Any]) -> None:
        self.s.tflags.setdefault("supply", []).append([self.country(args), int(args["x"])])

    def nodif(self, args: dict[str, Any]) -> None:
        w = self.s.tflags.setdefault("nodif", [])
        w.extend(int(c) for c in args["cs"])

    def withdraw(self, args: dict[str, Any]) -> None:
        # Peace, Bread, Land: remove own pieces whose loss costs less than the VP they bring
        for _ in range(int(args.get("n", 5))):
            base = self.m.value(self.occ, self.tokens)
            best, pick = 0.0, None
            for c in COUNTRIES_OF[self.p]:
                for x in _spaces(piece_masks(self.occ)[c]):
                    after = list(self.occ)
                    after[x] &= ~(1 << c)
                    g = self.m.value(after, self.tokens) - base + 1.0
                    if g > best:
                        best, pick = g, after
            if pick is None:
                return
            self.extra += 1.0
            self.occ = pick

    def play_type(self, args: dict[str, Any]) -> None:
        vals = [
            self.bot.play_value(self.m, j)
            for j in self.s.hand[self.p]
            if CARDS[j].type == args["type"]
        ]
        if vals:
            self.extra += max(0.0, max(vals))

    def take_from_discard(self, args: dict[str, Any]) -> None:
        n = sum(1 for j in self.s.discard[self.p] if CARDS[j].type in args["types"])
        self.extra += 0.5 * min(n, int(args["n"]))

    def card_for_loss(self, args: dict[str, Any]) -> None:
        if any(CARDS[j].type == args["type"] for j in self.s.hand[self.p]):
            victim = int(args["victim"])
            self.extra += int(args["n"]) * self.m.card_loss(victim) - HAND_CARD

    def extra_discards(self, args: dict[str, Any]) -> None:
        self.extra += 0.1 * int(args["n"])

    def discard_status(self, args: dict[str, Any]) -> None:
        victim = int(args["p"])
        if self.s.status[victim] and TEAM_OF[victim] != self.m.team:
            self.extra += max(self.bot.status_value(self.m, j) for j in self.s.status[victim])


OPS: dict[str, Callable[[Sim, dict[str, Any]], None]] = {
    "place": Sim.place,
    "battle": Sim.battle,
    "loss": Sim.loss,
    "vp": Sim.vp,
    "token": Sim.token,
    "cost_hand": Sim.cost_hand,
    "cost_prepared": Sim.cost_prepared,
    "must_discard": Sim.must_discard,
    "prepare": Sim.prepare,
    "status": Sim.status,
    "draft": Sim.draft,
    "eliminate": Sim.eliminate,
    "supply": Sim.supply,
    "nodif": Sim.nodif,
    "withdraw": Sim.withdraw,
    "play_type": Sim.play_type,
    "take_from_discard": Sim.take_from_discard,
    "card_for_loss": Sim.card_for_loss,
    "extra_discards": Sim.extra_discards,
    "discard_status": Sim.discard_status,
}


def _fixed(value: float) -> Callable[[Sim, dict[str, Any]], None]:
    def fn(sim: Sim, args: dict[str, Any]) -> None:
        sim.extra += value

    return fn


OPS.update(
    {
        "redl": _fixed(0.9),
        "truce": _fixed(0.4),
        "war_revenue": _fixed(1.6),
        "lawrence": _fixed(1.0),
        "tunnel_mines": _fixed(1.2),
    }
)


# -- the decisions ---------------------------------------------------------------------------------

Scores = dict[str, float]


def h_keep(bot: HeuristicBot, m: Model, view: dict[str, Any], legal: list[str]) -> Scores:
    """SETUP: put the cards worth least at the bottom of the deck."""
    out = {}
    for a in legal:
        verb, args = _split(a)
        if verb == "bottom":
            out[a] = -bot.keep_value(m, CARD_INDEX[args[0]])
        else:
            out[a] = -99.0  # no mulligan
    return out


def h_turn(bot: HeuristicBot, m: Model, view: dict[str, Any], legal: list[str]) -> Scores:
    step = str(view.get("prompt")).split(".", 1)[1]
    return TURN_STEPS[step](bot, m, view, legal)


def t_draft(bot: HeuristicBot, m: Model, view: dict[str, Any], legal: list[str]) -> Scores:
    """1. DRAFT STEP: a free draft (a Status card's) is taken; a paid one only when the hand
    has no build to make, cards to spare and the deck is deep enough."""
    out: Scores = {}
    hand = m.s.hand[m.me]
    values = sorted(bot.keep_value(m, k) for k in hand)
    spare = sum(values[:2]) if len(values) >= 2 else 99.0
    deck = m.counts[POWERS[m.me]]["deck"]
    for a in legal:
        verb, args = _split(a)
        if verb == "prepare":  # Woe to Them: prepare in the Draft step
            k = CARD_INDEX[args[0]]
            out[a] = bot.prepared_value(m, k) - bot.keep_value(m, k) + 0.3
        elif verb == "take":  # The Pals Battalions
            out[a] = -1.0
        elif verb == "draft":
            t, c = args[0], COUNTRIES.index(args[1])
            if _free_draft(m, a):
                out[a] = 1.0
                continue
            has = any(CARDS[k].type == t and CARDS[k].country == c for k in hand)
            gain = _best_build(m, c, LAND_MASK if t == "build_army" else SEA_MASK)
            if t == "land_battle":
                gain = 0.3
            worth = (0.0 if has else gain) - spare
            if deck < 8 or len(hand) < 4:
                worth -= 1.0
            out[a] = worth
    return out


def _free_draft(m: Model, action: str) -> bool:
    """Troupes Coloniales: a French Build Army at no cost."""
    if action != "draft build_army fr":
        return False
    return any(CARDS[k].event_key == "troupes_coloniales" for k in m.s.status[m.me]) and bool(
        piece_masks(m.occ)[COUNTRIES.index("fr")] & (1 << SPACE_INDEX["western_mediterranean"])
    )


def _best_build(m: Model, c: int, area: int, mode: str = "build") -> float:
    m.s.cache.clear()
    best = 0.0
    for x in placement.targets(m.s, c, area, mode):
        best = max(best, m.value(m.placed(c, x)) - m.base)
    return best


def t_play(bot: HeuristicBot, m: Model, view: dict[str, Any], legal: list[str]) -> Scores:
    """2. PLAY STEP: the card worth most now, beyond what it would be worth kept."""
    out: Scores = {"pass": 0.15}
    for a in legal:
        verb, args = _split(a)
        if verb != "play":
            continue
        k = CARD_INDEX[args[0]]
        v = bot.play_value(m, k)
        keep = bot.prepared_value(m, k) * 0.5
        out[a] = v - keep * 0.3
    return out


def t_attrition(bot: HeuristicBot, m: Model, view: dict[str, Any], legal: list[str]) -> Scores:
    """3. ATTRITION STEP: reveal an Attrition card against the power that suffers most."""
    out: Scores = {"pass": 0.0}
    for a in legal:
        verb, args = _split(a)
        if verb != "attrition":
            continue
        k = CARD_INDEX[args[0]]
        card = CARDS[k]
        if len(args) > 1:
            v = m.card_loss(POWERS.index(args[1]))
        else:
            v = sum(n * m.card_loss(p) for p, n in card.targets)
        if card.symbol != "attrition":  # Relied on For Any Enterprise: another use is lost
            v -= bot.prepared_value(m, k)
        out[a] = v + 0.01 * len(m.s.prepared[m.me])
    return out


def t_prepare(bot: HeuristicBot, m: Model, view: dict[str, Any], legal: list[str]) -> Scores:
    """4. PREPARE STEP: the card whose prepared side is worth most beyond its worth in hand."""
    out: Scores = {"pass": 0.0}
    for a in legal:
        verb, args = _split(a)
        k = CARD_INDEX[args[0]] if args else -1
        if verb == "prepare":
            play = bot.play_value(m, k) if bot._can_play(m, k) else 0.0
            out[a] = bot.prepared_value(m, k) - max(0.0, play) * 0.6 + 0.05
        elif verb == "unprepare":
            out[a] = -1.0
    return out


def t_draw(bot: HeuristicBot, m: Model, view: dict[str, Any], legal: list[str]) -> Scores:
    """5. DRAW STEP: up to seven cards."""
    return {a: float(_split(a)[1][0]) for a in legal if a.startswith("draw ")}


TURN_STEPS: dict[str, Callable[[HeuristicBot, Model, dict[str, Any], list[str]], Scores]] = {
    "draft": t_draft,
    "play": t_play,
    "attrition": t_attrition,
    "prepare": t_prepare,
    "draw": t_draw,
}


def h_place(bot: HeuristicBot, m: Model, view: dict[str, Any], legal: list[str]) -> Scores:
    """PLACING PIECES: the space that improves the position most."""
    f = _top(view)
    c = int(f.get("c", m.my_countries()[0]))
    out: Scores = {"pass": 0.02}
    for a in legal:
        verb, args = _split(a)
        if verb in ("build", "recruit"):
            x = SPACE_INDEX[args[0]]
            out[a] = m.value(m.placed(c, x)) - m.base
        elif verb == "remove":
            out[a] = -1.0
    return out


def h_battle_choose(bot: HeuristicBot, m: Model, view: dict[str, Any], legal: list[str]) -> Scores:
    """PREREQUISITES FOR BATTLE: the target worth most, weighed by the chance of winning; an
    empty space only when the card then builds there."""
    f = _top(view)
    c = int(f.get("c", m.my_countries()[0]))
    src = str(f.get("src") or "")
    builds_after = src in CARD_INDEX and CARDS[CARD_INDEX[src]].event_key in (
        "schlieffen_plan",
        "a_place_in_the_sun",
        "gorlice_tarnow_offensive",
        "franz_ferdinand_avenged",
        "brudermann_orders_cavalry_charge",
        "caporetto",
        "gallipoli",
    )
    out: Scores = {"pass": 0.0}
    for a in legal:
        verb, args = _split(a)
        if verb != "battle":
            continue
        t, o = SPACE_INDEX[args[0]], SPACE_INDEX[args[2]]
        ev = battle_ev(m, c, t, o)
        if builds_after and not SPACES[t].sea:
            after = m.cleared(t, 1 - m.team)
            follow = m.value(m.placed(c, t, after)) - m.value(after)
            ev += p_win(m, c, t) * max(0.0, follow) * 0.8
        out[a] = ev
    return out


def h_battle(bot: HeuristicBot, m: Model, view: dict[str, Any], legal: list[str]) -> Scores:
    """RESOLVING BATTLE: reinforce what is worth its cards, sustain what is worth winning,
    counterattack when it pays."""
    f = _top(view)
    st = f.get("st")
    t = int(f.get("t", 0))
    r, su = int(f.get("r", 0)), int(f.get("su", 0))
    out: Scores = {"pass": 0.0}
    if st == "reinforce":
        loss = m.base - m.value(m.cleared(t, m.team))
        attacker = int(f.get("a", 0))
        answers = m.prepared_count(attacker) * (0.25 if f.get("sea") else 0.35)
        for a in legal:
            verb, args = _split(a)
            if verb != "reinforce":
                continue
            k = CARD_INDEX[args[0]]
            need = su - r + 1
            strength = CARDS[k].strength
            enough = strength >= need
            waste = max(0, strength - need) * 0.2
            keep = 0.6 if len(args) > 1 else 0.0  # Dreadnoughts: the card stays prepared
            hold = 1.0 / (1.0 + answers) if enough else 0.3
            out[a] = loss * hold - bot.prepared_value(m, k) * 0.7 - waste + keep - 0.1
        return out
    if st == "sustain":
        c = int(f.get("c", m.my_countries()[0]))
        gain = m.value(m.cleared(t, 1 - m.team)) - m.base
        dif = bool(f.get("dif")) and not rules_battle.waived(m.s, c)
        pay = HAND_CARD if dif else 0.0
        mine = [
            CARDS[CARD_INDEX[_split(a)[1][0]]].strength for a in legal if a.startswith("sustain")
        ]
        reach = su + sum(sorted(mine, reverse=True)[:2]) >= r
        for a in legal:
            verb, args = _split(a)
            if verb != "sustain":
                continue
            k = CARD_INDEX[args[0]]
            in_hand = k in m.s.hand[m.me]
            strength = CARDS[k].strength if not in_hand else 1
            enough = su + strength >= r
            cost = (bot.keep_value(m, k) if in_hand else bot.prepared_value(m, k)) * 0.7
            if len(args) > 1:  # kept: Renault FT Tanks, Big Bertha
                cost = 0.2 * strength if k not in m.s.hand[m.me] else 0.1
            chance = 0.7 if enough else (0.35 if reach else 0.0)
            out[a] = gain * chance - cost - pay - 0.05
        return out
    if st == "counter":
        o = int(f.get("o", 0))
        gain = m.value(m.cleared(o, 1 - m.team)) - m.base
        for a in legal:
            verb, args = _split(a)
            if verb == "counterattack":
                out[a] = gain * 0.6 - 0.3
        return out
    return out


def h_pay(bot: HeuristicBot, m: Model, view: dict[str, Any], legal: list[str]) -> Scores:
    """A cost or a discard a card directs: the card worth least."""
    out: Scores = {}
    for a in legal:
        verb, args = _split(a)
        if verb == "discard" and args[0] in CARD_INDEX:
            k = CARD_INDEX[args[0]]
            if k in m.s.prepared[m.me]:
                out[a] = -bot.prepared_value(m, k) - 0.05
            else:
                out[a] = -bot.keep_value(m, k)
    return out


def h_loss(bot: HeuristicBot, m: Model, view: dict[str, Any], legal: list[str]) -> Scores:
    """DISCARDING DUE TO ATTRITION SYMBOLS: the card worth least; the top of the deck (an
    average card) when every card held is better; a VP only with nothing else."""
    out: Scores = {}
    deck = m.counts[POWERS[m.me]]["deck"]
    for a in legal:
        verb, args = _split(a)
        if verb == "lose":
            out[a] = -1.0 - 0.2 * scorings_left(m.round)
        elif args[0] == "deck":
            out[a] = -0.55 - (0.4 if deck <= 4 else 0.0)
        else:
            k = CARD_INDEX[args[0]]
            if k in m.s.prepared[m.me]:
                out[a] = -bot.prepared_value(m, k) - 0.05
            else:
                out[a] = -bot.keep_value(m, k)
    return out


def h_free_draft(bot: HeuristicBot, m: Model, view: dict[str, Any], legal: list[str]) -> Scores:
    out: Scores = {"pass": -1.0}
    for a in legal:
        verb, args = _split(a)
        if verb == "draft":
            c = COUNTRIES.index(args[1])
            t = args[0]
            area = SEA_MASK if t == "build_navy" else LAND_MASK
            out[a] = 1.0 + (_best_build(m, c, area) if t in ("build_army", "build_navy") else 0.3)
    return out


def h_prep(bot: HeuristicBot, m: Model, view: dict[str, Any], legal: list[str]) -> Scores:
    """Prepare as a benefit: the card better prepared than held (keeping two cards in hand)."""
    out: Scores = {"pass": 0.0}
    if len(m.s.hand[m.me]) <= 2:
        return out
    for a in legal:
        verb, args = _split(a)
        if verb == "prepare":
            k = CARD_INDEX[args[0]]
            play = bot.play_value(m, k) if bot._can_play(m, k) else 0.0
            out[a] = bot.prepared_value(m, k) - max(0.0, play) * 0.6 + 0.05
    return out


def h_play_card(bot: HeuristicBot, m: Model, view: dict[str, Any], legal: list[str]) -> Scores:
    """Play a card as a benefit (a Status card, an Economic Warfare card)."""
    out: Scores = {"pass": 0.0}
    for a in legal:
        verb, args = _split(a)
        if verb == "play":
            out[a] = bot.play_value(m, CARD_INDEX[args[0]])
    return out


def h_eliminate(bot: HeuristicBot, m: Model, view: dict[str, Any], legal: list[str]) -> Scores:
    out: Scores = {"pass": 0.0}
    for a in legal:
        verb, args = _split(a)
        if verb == "eliminate":
            c, x = COUNTRIES.index(args[0]), SPACE_INDEX[args[1]]
            out[a] = m.value(m.removed(c, x)) - m.base
        elif verb == "recruit":
            x = SPACE_INDEX[args[0]]
            out[a] = m.value(m.placed(COUNTRIES.index("uk"), x)) - m.base
    return out


def h_withdraw(bot: HeuristicBot, m: Model, view: dict[str, Any], legal: list[str]) -> Scores:
    """Peace, Bread, Land: remove a piece when the VP is worth more than the piece."""
    out: Scores = {"pass": 0.0}
    for a in legal:
        verb, args = _split(a)
        if verb == "remove":
            x = SPACE_INDEX[args[0]]
            out[a] = m.value(m.removed(COUNTRIES.index("ru"), x)) - m.base + 1.0
    return out


def h_discards(bot: HeuristicBot, m: Model, view: dict[str, Any], legal: list[str]) -> Scores:
    """Extra discards that make an enemy lose cards: only cards worth less than the loss."""
    f = _top(view)
    victim = int(f.get("victim", 0))
    out: Scores = {"pass": 0.0}
    for a in legal:
        verb, args = _split(a)
        if verb == "discard" and args[0] in CARD_INDEX:
            out[a] = m.card_loss(victim) - bot.keep_value(m, CARD_INDEX[args[0]])
    return out


def h_pick_status(bot: HeuristicBot, m: Model, view: dict[str, Any], legal: list[str]) -> Scores:
    f = _top(view)
    victim = int(f.get("victim", 0))
    sign = 1.0 if TEAM_OF[victim] != m.team else -1.0
    return {
        a: sign * bot.status_value(m, CARD_INDEX[_split(a)[1][0]])
        for a in legal
        if a.startswith("discard ")
    }


def h_take(bot: HeuristicBot, m: Model, view: dict[str, Any], legal: list[str]) -> Scores:
    return {a: 1.0 for a in legal if a.startswith("take ")}


def h_choose_power(bot: HeuristicBot, m: Model, view: dict[str, Any], legal: list[str]) -> Scores:
    """Pick the enemy power that suffers most (fewest cards left, most prepared)."""
    out: Scores = {"pass": -0.5}
    for a in legal:
        verb, args = _split(a)
        if verb == "target":
            q = POWERS.index(args[0])
            out[a] = m.card_loss(q) + 0.05 * m.prepared_count(q)
    return out


def h_card_for_loss(bot: HeuristicBot, m: Model, view: dict[str, Any], legal: list[str]) -> Scores:
    f = _top(view)
    victim = int(f.get("victim", 0))
    n = int(f.get("n", 1))
    out: Scores = {"pass": 0.0}
    for a in legal:
        verb, args = _split(a)
        if verb == "discard":
            out[a] = n * m.card_loss(victim) - bot.keep_value(m, CARD_INDEX[args[0]])
    return out


def h_stosstruppen(bot: HeuristicBot, m: Model, view: dict[str, Any], legal: list[str]) -> Scores:
    f = _top(view)
    out: Scores = {"pass": 0.0}
    x = int(f.get("x", 0))
    for a in legal:
        verb, args = _split(a)
        if verb == "battle":
            t = SPACE_INDEX[args[0]]
            out[a] = battle_ev(m, COUNTRIES.index("de"), t, x) - 0.3
        elif verb == "sustain":
            k = CARD_INDEX[args[0]]
            out[a] = 1.0 - 0.1 * CARDS[k].strength + (0.3 if len(args) > 1 else 0.0)
    return out


def h_rumpler(bot: HeuristicBot, m: Model, view: dict[str, Any], legal: list[str]) -> Scores:
    """Rumpler Taube: look when the defenders hold prepared cards; discard a Reinforce."""
    f = _top(view)
    out: Scores = {"pass": 0.0}
    for a in legal:
        verb, args = _split(a)
        if verb != "discard":
            continue
        k = CARD_INDEX[args[0]]
        if not f.get("looked"):
            out[a] = 0.5
        else:
            sym = CARDS[k].symbol
            out[a] = 1.0 if sym.startswith("reinforce") else 0.5
    return out


def h_yes(bot: HeuristicBot, m: Model, view: dict[str, Any], legal: list[str]) -> Scores:
    """A benefit that only helps (Citizen-Soldiers, Mark IV Tanks, Lawrence...)."""
    return {a: (1.0 if a != "pass" else 0.0) for a in legal}


def h_redl(bot: HeuristicBot, m: Model, view: dict[str, Any], legal: list[str]) -> Scores:
    """Redl Blackmailed: discard AH&OE's best card (by a rough table of card types)."""
    worth = {
        "status": 1.0,
        "event": 0.9,
        "economic_warfare": 0.8,
        "build_army": 0.7,
        "land_battle": 0.6,
    }
    return {
        a: worth.get(CARDS[CARD_INDEX[_split(a)[1][0]]].type, 0.3)
        for a in legal
        if a.startswith("discard ")
    }


def h_war_revenue(bot: HeuristicBot, m: Model, view: dict[str, Any], legal: list[str]) -> Scores:
    out: Scores = {"pass": 0.0}
    for a in legal:
        verb, args = _split(a)
        if not args or args[0] not in CARD_INDEX:
            continue
        k = CARD_INDEX[args[0]]
        if verb == "play":
            out[a] = 1.0 + bot.play_value(m, k)
        elif verb == "prepare":
            out[a] = 0.5 + bot.prepared_value(m, k)
        elif verb in ("bottom", "take"):
            out[a] = 0.4
    return out


HANDLERS: dict[str, Callable[[HeuristicBot, Model, dict[str, Any], list[str]], Scores]] = {
    "setup.bottom": h_keep,
    "turn": h_turn,
    "place.": h_place,
    "battle.choose": h_battle_choose,
    "battle.": h_battle,
    "pay.": h_pay,
    "loss": h_loss,
    "free_draft": h_free_draft,
    "prep": h_prep,
    "play_status": h_play_card,
    "play_type": h_play_card,
    "eliminate": h_eliminate,
    "lawrence": h_eliminate,
    "withdraw": h_withdraw,
    "extra_discards": h_discards,
    "pick_status": h_pick_status,
    "take_discard": h_take,
    "choose_power": h_choose_power,
    "card_for_loss": h_card_for_loss,
    "stosstruppen": h_stosstruppen,
    "rumpler": h_rumpler,
    "prepare_now": h_yes,
    "mark_iv": h_yes,
    "redl": h_redl,
    "war_revenue": h_war_revenue,
}
