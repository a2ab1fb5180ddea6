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
   many Sustain symbols as Reinforce. When a side stops, the battle is decided: all enemy
   pieces in the space are removed, or the attack fails. With no enemy piece there (an empty
   space, Q1) the battle is won at once, and logged so;
4. counter: after a failed land battle an Army that defended may COUNTERATTACK the space the
   attack came from with a prepared Counterattack card;
5. end: the result goes back to the card that started the battle.
"""

from __future__ import annotations

from typing import Any

from greatwar.core.actions import Action
from greatwar.core.steps import Frame
from greatwar.qmg1914 import board, piles
from greatwar.qmg1914.cards.base import statuses
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
                ret=ret, mark=mark, src=src, ca=ca, won=0, defc=0)  # fmt: skip


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


def add_reinforce(b: Frame, n: int) -> None:
    """PROCEDURE: ``n`` more Reinforce symbols; enough once they exceed the Sustain symbols."""
    b["r"] += n
    if b["r"] > b["su"]:
        b["st"] = "sustain"
        b["passed"] = []


def add_sustain(s: State, b: Frame, p: int, n: int) -> None:
    """PROCEDURE: ``n`` more Sustain symbols (enough once they equal or exceed the Reinforce
    symbols); in difficult terrain the attacking power discards a card from hand for each
    Sustain card (DIFFICULT TERRAIN)."""
    b["su"] += n
    if b["su"] >= b["r"]:
        b["st"] = "reinforce"
        b["passed"] = []
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
        if st == "reinforce":
            for p in defenders(s, f):
                if p not in f["passed"] and (reinforce_cards(s, f, p) or extras(s, f, p)):
                    f["d"] = p
                    return False
            self._won(s, f)
            return True
        if st == "sustain":
            for p in attackers(s, f):
                if p not in f["passed"] and (sustain_cards(s, f, p) or extras(s, f, p)):
                    f["d"] = p
                    return False
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
        if st == "reinforce":
            out = [Action("reinforce", (CARD_IDS[k],)) for k in reinforce_cards(s, f, d)]
        elif st == "sustain":
            out = [Action("sustain", (CARD_IDS[k],)) for k in sustain_cards(s, f, d)]
        else:
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
        return f"battle.{f['st']}"
