"""BATTLE: prerequisites, difficult terrain, initiation, resolution, counterattack.

``battle_choose`` asks a power which space to battle and with which of its pieces
(``battle <target> from <origin>``; PREREQUISITES FOR BATTLE: a supplied piece of the battling
country adjacent to the target). ``battle`` then runs one battle:

1. cost: DIFFICULT TERRAIN: one card from hand, unrevealed, when the target is difficult
   terrain, or when a Navy battles land or an Army battles sea (not cumulative);
2. init: the battle is initiated: Status cards that act "when a battle is initiated" do so;
3. fight (RESOLVING BATTLE, PROCEDURE): with enemy pieces in the space, the defenders may
   reveal and discard prepared Reinforce cards; the attacker answers with prepared Sustain cards
   (one more hand card each in difficult terrain), the running totals deciding: the defender
   needs more Reinforce symbols than the attacker's Sustain symbols, the attacker at least as
   many Sustain symbols as Reinforce. A side must discard *sufficient* symbols: a card is
   offered only when the side's usable cards, together, can still make its total sufficient,
   and a side that has begun answering goes on until it is (ruling Q56). When a side stops,
   the battle is decided: all enemy pieces in the space are removed, or the attack fails. With
   no enemy piece there (an empty space, Q1) the battle is won at once, and logged so;
4. counter: after a failed land battle an Army that defended may COUNTERATTACK the space the
   attack came from with a prepared Counterattack card;
5. end: the result goes back to the card that started the battle.
"""

from __future__ import annotations

from typing import Any

from greatwar.core.actions import Action
from greatwar.core.steps import Frame
from greatwar.qmg1914 import board, piles
from greatwar.qmg1914.cards.base import Use, statuses
from greatwar.qmg1914.data import (
    ADJ,
    CARD_IDS,
    CARD_INDEX,
    CARDS,
    COUNTRIES,
    LAND_MASK,
    POWER_OF_COUNTRY,
    SEA_MASK,
    SPACE_IDS,
    SPACE_INDEX,
    SPACES,
    TEAM_COUNTRY_MASK,
    TEAM_OF,
    TEAM_OF_COUNTRY,
    spaces_of,
)
from greatwar.qmg1914.flow import PASS, STEPS, QStep, log, pop, push, reveal
from greatwar.qmg1914.losses import push_pay
from greatwar.qmg1914.placement import set_var
from greatwar.qmg1914.state import State

KIND_MASK = {"land": LAND_MASK, "sea": SEA_MASK, "any": LAND_MASK | SEA_MASK}


def difficult(o: int, t: int) -> bool:
    """DIFFICULT TERRAIN: a difficult land space, a Navy battling land or an Army battling sea."""
    st, so = SPACES[t], SPACES[o]
    return st.difficult or st.sea != so.sea


def waived(s: State, c: int) -> bool:
    """Has a card waived the difficult-terrain discards of country ``c`` this turn?"""
    w: list[int] | None = s.tflags.get("nodif")
    return w is not None and c in w


def may_battle(s: State, p: int, c: int, t: int) -> bool:
    """Restrictions on initiating a battle (cards such as The Christmas Truce)."""
    truce = s.rflags.get("truce")
    if truce and c in truce["c"] and board.has_piece(s, truce["vs"], t) and not SPACES[t].sea:
        return False
    return all(b.may_battle(s, o, k, p, c, t) for o, k, b in statuses(s))


def battle_cost(s: State, p: int, c: int, o: int, t: int) -> int:
    """Cards from hand the attacking power must discard to initiate this battle."""
    info = {"a": p, "c": c, "o": o, "t": t, "dif": difficult(o, t)}
    n = 1 if info["dif"] and not waived(s, c) else 0
    return n + sum(b.battle_cost(s, ow, k, info) for ow, k, b in statuses(s))


def origins(s: State, c: int, frm: int) -> list[int]:
    """The supplied pieces of country ``c`` (within ``frm``) that may initiate a battle."""
    pm = board.piece_masks(s)[c] & frm
    return [x for x in spaces_of(pm) if board.supplied(s, c, x)]


def options(s: State, c: int, kind: str, area: int, frm: int) -> list[tuple[int, int]]:
    """PREREQUISITES FOR BATTLE: every (target, origin) country ``c`` may battle now."""
    p = POWER_OF_COUNTRY[c]
    team = TEAM_OF[p]
    adj = ADJ[team]
    tm = area & KIND_MASK[kind]
    hand = len(s.hand[p])
    own = TEAM_COUNTRY_MASK[team]
    out = []
    for o in origins(s, c, frm):
        for t in spaces_of(adj[o] & tm):
            if s.occ[t] & own:
                continue  # Q3: a space held by the battling team is not battled
            if not may_battle(s, p, c, t):
                continue
            if battle_cost(s, p, c, o, t) > hand:
                continue
            out.append((t, o))
    return out


def push_choose(
    s: State,
    c: int,
    kind: str = "land",
    area: int = LAND_MASK | SEA_MASK,
    frm: int = -1,
    ret: int = -1,
    mark: str = "",
    src: str = "",
) -> Frame:
    """Offer country ``c``'s power a battle (a benefit: it may pass)."""
    return push(s, "battle_choose", p=POWER_OF_COUNTRY[c], c=c, kind=kind, area=area,
                frm=frm, ret=ret, mark=mark, src=src)  # fmt: skip


def push_battle(
    s: State, c: int, o: int, t: int, ret: int = -1, mark: str = "", src: str = "", ca: int = 0
) -> Frame:
    """Initiate a battle by country ``c``'s piece in ``o`` against ``t`` (prerequisites are
    the caller's business)."""
    p = POWER_OF_COUNTRY[c]
    log(s, "battle.declared", "BATTLE", p, country=COUNTRIES[c], target=SPACE_IDS[t],
        origin=SPACE_IDS[o], counterattack=bool(ca))  # fmt: skip
    return push(s, "battle", a=p, c=c, o=o, t=t, sea=1 if SPACES[t].sea else 0,
                dif=1 if difficult(o, t) else 0, r=0, su=0, st="cost", d=p, passed=[],
                ret=ret, mark=mark, src=src, ca=ca, won=0, defc=0, part=0)  # fmt: skip


@STEPS.register
class BattleChoose(QStep):
    name = "battle_choose"
    rule = "PREREQUISITES FOR BATTLE"

    def settle(self, s: State, f: Frame) -> bool:
        if not options(s, f["c"], f["kind"], f["area"], f["frm"]):
            pop(s, f)
            return True
        return False

    def legal(self, s: State, f: Frame) -> list[Action]:
        out = [
            Action("battle", (SPACE_IDS[t], "from", SPACE_IDS[o]))
            for t, o in options(s, f["c"], f["kind"], f["area"], f["frm"])
        ]
        out.append(PASS)
        return out

    def apply(self, s: State, f: Frame, a: Action) -> None:
        pop(s, f)
        if a.verb == "pass":
            return
        t, o = SPACE_INDEX[a.args[0]], SPACE_INDEX[a.args[2]]
        set_var(s, f["ret"], f["mark"], t)
        push_battle(s, f["c"], o, t, f["ret"], f["mark"], f["src"])

    def prompt(self, s: State, f: Frame) -> str:
        return "battle.choose"


# -- who may use which prepared card ----------------------------------------------------


def _uses(s: State, p: int, b: Frame) -> bool:
    return all(h.may_use_prepared(s, o, k, p, b) for o, k, h in statuses(s))


def defenders(s: State, b: Frame) -> list[int]:
    """The defending powers: owners of the enemy pieces in the battled space (and powers a
    Status card lets join the defence), in ORDER OF PLAY."""
    m = b["defc"]
    out = {POWER_OF_COUNTRY[c] for c in range(8) if m >> c & 1}
    for o, k, h in statuses(s):
        out.update(h.extra_defenders(s, o, k, b))
    return sorted(out)


def reinforce_cards(s: State, b: Frame, p: int) -> list[int]:
    """RESOLVING BATTLE: power ``p``'s prepared Reinforce cards usable in battle ``b``: of the
    battle's kind (Army on land, Navy at sea), allowed in the space by their Prepare text, of a
    country with a piece in the space that is supplied, or any piece if the card has the Supply
    symbol (SUPPLY (RESOLVING BATTLE))."""
    if not _uses(s, p, b):
        return []
    t = b["t"]
    sym = "reinforce_navy" if b["sea"] else "reinforce_army"
    occ = s.occ[t]
    out = []
    for k in s.prepared[p]:
        card = CARDS[k]
        if card.symbol != sym or not card.allows(t):
            continue
        c = card.country
        if not occ >> c & 1:
            continue
        if card.supply_symbol or board.supplied(s, c, t):
            out.append(k)
    return out


def can_pay_sustain(s: State, b: Frame) -> bool:
    """DIFFICULT TERRAIN: each Sustain needs a card from the attacking power's hand."""
    return not b["dif"] or waived(s, b["c"]) or bool(s.hand[b["a"]])


def sustain_cards(s: State, b: Frame, p: int) -> list[int]:
    """The attacker's prepared Sustain cards usable in battle ``b``: of the battle's kind, of
    the battling country (Q4), allowed in the space; in difficult terrain only with a card in
    hand to discard with each."""
    if p != b["a"] or not _uses(s, p, b) or not can_pay_sustain(s, b):
        return []
    t = b["t"]
    sym = "sustain_sea" if b["sea"] else "sustain_land"
    return [
        k
        for k in s.prepared[p]
        if CARDS[k].symbol == sym and CARDS[k].country == b["c"] and CARDS[k].allows(t)
    ]


def counter_cards(s: State, b: Frame, p: int) -> list[int]:
    """COUNTERATTACK: after a failed land battle launched from a land space, power ``p``'s
    prepared Counterattack cards of a country whose supplied Army defended the space, when that
    Army may battle the origin (its costs payable)."""
    if b["sea"] or SPACES[b["o"]].sea or not _uses(s, p, b):
        return []
    t, o = b["t"], b["o"]
    out = []
    for k in s.prepared[p]:
        card = CARDS[k]
        if card.symbol != "counterattack" or not card.allows(o):
            continue
        c = card.country
        if not (b["defc"] >> c & 1 and board.has_piece(s, c, t) and board.supplied(s, c, t)):
            continue
        if board.team_in(s, TEAM_OF_COUNTRY[c], o) or not may_battle(s, p, c, o):
            continue
        if battle_cost(s, p, c, t, o) > len(s.hand[p]):
            continue
        out.append(k)
    return out


def use_prepared(s: State, p: int, k: int, what: str) -> None:
    """Reveal a prepared card and discard it to the top of the discard pile."""
    piles.take(s, p, "prepared", k)
    piles.discard_top(s, p, k)
    reveal(s)
    log(s, f"battle.{what}", "RESOLVING BATTLE", p, card=CARD_IDS[k])


def attackers(s: State, b: Frame) -> list[int]:
    """The powers that may sustain battle ``b``: the attacking power (and powers a Status
    card lets help it)."""
    out = [b["a"]]
    for o, k, h in statuses(s):
        out += [p for p in h.extra_attackers(s, o, k, b) if p not in out]
    return out


def extras(s: State, b: Frame, p: int) -> list[Action]:
    """Status cards' extra actions for power ``p`` at this stage."""
    out: list[Action] = []
    for o, k, h in statuses(s):
        out += h.battle_actions(s, o, k, b, p)
    return out


# -- PROCEDURE: sufficient symbols ----------------------------------------------------------


def need(b: Frame) -> int:
    """PROCEDURE: the symbols the side answering now still needs: the defenders' Reinforce
    total must exceed the Sustain total, the attacker's Sustain total equal or exceed the
    Reinforce total."""
    if b["st"] == "reinforce":
        n: int = b["su"] - b["r"] + 1
        return n
    n = b["r"] - b["su"]
    return n


def side(s: State, b: Frame) -> list[int]:
    """The powers of the side answering now (the defenders, or the attacker and its helpers)."""
    return defenders(s, b) if b["st"] == "reinforce" else attackers(s, b)


def uses(s: State, b: Frame, p: int) -> list[tuple[Action, Use]]:
    """Power ``p``'s Reinforce (or Sustain) actions at this stage of battle ``b``, each with
    what it adds and costs: its prepared cards' and the Status cards' (a hand card serving as a
    Sustain, a card kept...)."""
    if b["st"] == "reinforce":
        verb, mine = "reinforce", reinforce_cards(s, b, p)
    else:
        verb, mine = "sustain", sustain_cards(s, b, p)
    out = [(Action(verb, (CARD_IDS[k],)), Use(k, CARDS[k].strength)) for k in mine]
    seen = {a for a, _ in out}
    for o, k, h in statuses(s):
        for a in h.battle_actions(s, o, k, b, p):
            if a in seen:
                continue
            seen.add(a)
            u = h.battle_use(s, o, k, b, a)
            if u is None:
                c = CARD_INDEX[a.args[0]]
                u = Use(c, CARDS[c].strength)
            out.append((a, u))
    return out


def _purse(s: State, b: Frame) -> tuple[int, int]:
    """The attacking power's hand, and the hand cards DIFFICULT TERRAIN takes per Sustain
    (the defenders pay nothing to reinforce)."""
    if b["st"] == "reinforce":
        return 0, 0
    dif = 1 if b["dif"] and not waived(s, b["c"]) else 0
    return len(s.hand[b["a"]]), dif


def can_make(pool: list[Use], n: int, hand: int, dif: int, first: Use | None = None) -> bool:
    """Can uses of ``pool``, one after another (``first`` first), add ``n`` symbols? Each
    needs its hand cards (``hand`` in all, ``dif`` more per use), uses its card once (unless
    it stays prepared) and its once-per-turn effect once. A card taken back into hand counts
    for the hand cards still to pay, not as a card another Status card could use from hand."""
    if first is not None:
        if hand < first.hand + dif:
            return False
        spent = frozenset(() if first.stays else (first.card,))
        onces = frozenset((first.once,) if first.once else ())
        start = (first.gain, spent, onces, hand - first.hand - dif + (1 if first.back else 0))
    else:
        start = (0, frozenset(), frozenset(), hand)
    if start[0] >= n:
        return True
    if start[0] + sum(u.gain * (2 if u.stays else 1) for u in pool) < n:
        return False
    seen: set[tuple[int, frozenset[int], frozenset[str], int]] = set()

    def go(total: int, spent: frozenset[int], onces: frozenset[str], h: int) -> bool:
        if total >= n:
            return True
        key = (total, spent, onces, h)
        if key in seen:
            return False
        seen.add(key)
        for u in pool:
            if u.card in spent or u.once in onces or h < u.hand + dif:
                continue
            if go(
                total + u.gain,
                spent if u.stays else spent | {u.card},
                onces | {u.once} if u.once else onces,
                h - u.hand - dif + (1 if u.back else 0),
            ):
                return True
        return False

    return go(*start)


def _pool(s: State, b: Frame, but: int = -1) -> list[Use]:
    """Every use of the answering side's powers still in the exchange (not passed; not
    ``but``)."""
    return [u for q in side(s, b) if q != but and q not in b["passed"] for _, u in uses(s, b, q)]


def offers(s: State, b: Frame, p: int) -> list[Action]:
    """PROCEDURE: power ``p``'s Reinforce (or Sustain) actions that can be part of a
    sufficient total: "the defender must discard sufficient Reinforce Army symbols so that the
    total for the battle exceeds the number of Sustain Battle symbols", "the attacker must
    discard sufficient Sustain Battle symbols so that the total ... equals or exceeds the total
    number of Reinforce symbols" (two single cards in turn make a double). An action is offered
    when it, then the side's other usable cards, can reach that total (EXTENDED EXAMPLE OF PLAY
    2: Germany "cannot overcome the Double Reinforce with its single remaining" Sustain)."""
    mine = uses(s, b, p)
    if not mine:
        return []
    pool = _pool(s, b)
    n = need(b)
    hand, dif = _purse(s, b)
    return [a for a, u in mine if can_make(pool, n, hand, dif, u)]


def may_stop(s: State, b: Frame, p: int) -> bool:
    """Ruling Q56 (PROCEDURE): a side that has begun answering (its total not yet sufficient)
    must go on: power ``p`` may pass then only if its teammates still in the exchange can make
    the total sufficient without it."""
    if not b.get("part"):
        return True
    hand, dif = _purse(s, b)
    return can_make(_pool(s, b, but=p), need(b), hand, dif)


def add_reinforce(b: Frame, n: int) -> None:
    """PROCEDURE: ``n`` more Reinforce symbols; enough once they exceed the Sustain symbols
    (until then the defenders go on, Q56)."""
    b["r"] += n
    if b["r"] > b["su"]:
        b["st"] = "sustain"
        b["passed"] = []
        b["part"] = 0
    else:
        b["part"] = 1


def add_sustain(s: State, b: Frame, p: int, n: int) -> None:
    """PROCEDURE: ``n`` more Sustain symbols (enough once they equal or exceed the Reinforce
    symbols; until then the attacker goes on, Q56); in difficult terrain the attacking power
    discards a card from hand for each Sustain card (DIFFICULT TERRAIN)."""
    b["su"] += n
    if b["su"] >= b["r"]:
        b["st"] = "reinforce"
        b["passed"] = []
        b["part"] = 0
    else:
        b["part"] = 1
    if b["dif"] and not waived(s, b["c"]):
        push_pay(s, b["a"], 1, "hand", "sustain")


def counterattack(s: State, b: Frame, c: int) -> None:
    """COUNTERATTACK: country ``c``'s Army in the battled space battles the space the attack
    came from; this battle is over (lost)."""
    b["st"] = "end"
    push_battle(s, c, b["t"], b["o"], src="counterattack", ca=1)


@STEPS.register
class Battle(QStep):
    name = "battle"
    rule = "RESOLVING BATTLE"

    def seat(self, s: State, f: Frame) -> int:
        d: int = f["d"]
        return d

    def settle(self, s: State, f: Frame) -> bool:
        st = f["st"]
        if st == "cost":
            f["st"] = "init"
            push_pay(s, f["a"], battle_cost(s, f["a"], f["c"], f["o"], f["t"]), "hand",
                     "battle")  # fmt: skip
            return True
        if st == "init":
            f["st"] = "fight"
            f["defc"] = s.occ[f["t"]] & TEAM_COUNTRY_MASK[1 - TEAM_OF[f["a"]]]
            for o, k, b in list(statuses(s)):
                b.on_initiate(s, o, k, f)
            return True
        if st == "fight":
            f["defc"] = s.occ[f["t"]] & TEAM_COUNTRY_MASK[1 - TEAM_OF[f["a"]]]
            if not f["defc"]:
                # PREREQUISITES FOR BATTLE: an empty space; Q1, Q16: won, nothing removed
                log(s, "battle.empty", "PREREQUISITES FOR BATTLE", f["a"],
                    target=SPACE_IDS[f["t"]])  # fmt: skip
                f["won"] = 1
                f["st"] = "end"
            else:
                f["st"] = "reinforce"
                f["passed"] = []
            return True
        if st in ("reinforce", "sustain"):
            for p in side(s, f):
                if p not in f["passed"] and offers(s, f, p):
                    f["d"] = p
                    return False
            if st == "reinforce":
                self._won(s, f)
            else:
                self._lost(s, f)
            return True
        if st == "counter":
            for p in defenders(s, f):
                if p not in f["passed"] and (counter_cards(s, f, p) or extras(s, f, p)):
                    f["d"] = p
                    return False
            f["st"] = "end"
            return True
        # end
        self._end(s, f)
        return True

    @staticmethod
    def _won(s: State, f: Frame) -> None:
        team = TEAM_OF[f["a"]]
        gone = board.remove_all_enemies(s, team, f["t"])
        log(s, "battle.won", "RESOLVING BATTLE", f["a"], target=SPACE_IDS[f["t"]],
            removed=[COUNTRIES[c] for c in gone])  # fmt: skip
        f["won"] = 1
        f["st"] = "end"

    @staticmethod
    def _lost(s: State, f: Frame) -> None:
        log(s, "battle.lost", "RESOLVING BATTLE", f["a"], target=SPACE_IDS[f["t"]])
        f["won"] = 0
        f["st"] = "counter"
        f["passed"] = []

    @staticmethod
    def _end(s: State, f: Frame) -> None:
        pop(s, f)
        ret = f["ret"]
        if ret >= 0:
            v: dict[str, Any] = s.stack[ret].setdefault("v", {})
            v["won"] = f["won"]
            v["dif"] = f["dif"]
            v["won_clear"] = 1 if f["won"] and not f["dif"] else 0
        for o, k, b in list(statuses(s)):
            b.after_battle(s, o, k, f)

    def legal(self, s: State, f: Frame) -> list[Action]:
        st, d = f["st"], f["d"]
        if st in ("reinforce", "sustain"):
            out = offers(s, f, d)
            if may_stop(s, f, d):
                out.append(PASS)
            return out
        out = [Action("counterattack", (CARD_IDS[k],)) for k in counter_cards(s, f, d)]
        out += [a for a in extras(s, f, d) if a not in out]
        out.append(PASS)
        return out

    def apply(self, s: State, f: Frame, a: Action) -> None:
        d = f["d"]
        if a.verb == "pass":
            f["passed"].append(d)
            return
        for o, kk, h in list(statuses(s)):
            if h.battle_apply(s, o, kk, f, a):
                return
        k = CARD_INDEX[a.args[0]]
        card = CARDS[k]
        if a.verb == "reinforce":
            use_prepared(s, d, k, "reinforce")
            add_reinforce(f, card.strength)
            return
        if a.verb == "sustain":
            use_prepared(s, d, k, "sustain")
            add_sustain(s, f, d, card.strength)
            return
        # counterattack: the defended space's Army battles the space the attack came from
        use_prepared(s, d, k, "counterattack")
        counterattack(s, f, card.country)

    def prompt(self, s: State, f: Frame) -> str:
        if f["st"] in ("reinforce", "sustain") and f.get("part"):
            return f"battle.{f['st']}_more"  # Q56: the side has begun and must go on
        return f"battle.{f['st']}"
