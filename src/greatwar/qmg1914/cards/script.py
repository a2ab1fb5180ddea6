"""Playing a card, and the script runner for cards whose Play text is a list of ops.

The common procedure (2. PLAY STEP, CARD TYPES): a played card goes on top of its power's
discard pile (a Status card face up on the table instead), revealed; then its Play text runs.

A :class:`Script` card lists ops, each a JSON value ``[name, {params}]``, run in order by the
``script`` step (COMPLEX CARDS). Every op is one clause of the card: a cost (``cost_hand``),
a benefit the power may decline (``place``, ``battle``, ``prepare``, ``status``, ``draft``,
``eliminate``), or an effect that simply happens (``loss``, ``vp``, ``token``). Ops read and
write the script frame's variables ``v`` (``battled``: the space a battle op targeted, ``won``,
``won_clear``, ``built``...), and an op with ``"if": name`` runs only when that variable is set
and true. Card modules may register ops of their own with :func:`op`.
"""

from __future__ import annotations

from abc import abstractmethod
from collections.abc import Callable
from typing import Any

from greatwar.core.actions import Action
from greatwar.core.steps import Frame
from greatwar.qmg1914 import board, piles
from greatwar.qmg1914.battle import push_choose
from greatwar.qmg1914.cards.base import BEHAVIOURS, Behaviour, Op, statuses
from greatwar.qmg1914.data import (
    CARD_IDS,
    CARD_INDEX,
    CARDS,
    COUNTRIES,
    LAND_MASK,
    SEA_MASK,
    SPACE_IDS,
    SPACE_INDEX,
    SPACES,
    TEAM_OF,
    spaces_of,
)
from greatwar.qmg1914.flow import PASS, STEPS, QStep, log, pop, push, reveal
from greatwar.qmg1914.losses import push_losses, push_pay
from greatwar.qmg1914.placement import BUILD, push_place
from greatwar.qmg1914.state import State

OpFn = Callable[[State, Frame, dict[str, Any], int], None]
OPS: dict[str, OpFn] = {}


def op(name: str) -> Callable[[OpFn], OpFn]:
    """Register an op handler ``fn(state, script_frame, params, script_index)``."""

    def deco(fn: OpFn) -> OpFn:
        if name in OPS:
            raise ValueError(f"op {name!r} registered twice")
        OPS[name] = fn
        return fn

    return deco


# -- the common procedure of a play ------------------------------------------------------


def playable(s: State, p: int, k: int) -> bool:
    """May power ``p`` play card ``k`` from its hand now? Only cards whose Play text is
    registered, and whose own requirements are met."""
    b = BEHAVIOURS.get(CARDS[k].event_key)
    return b is not None and b.playable(s, p, k)


def play_card(s: State, p: int, k: int, play_step: bool = False) -> None:
    """Play card ``k`` from ``p``'s hand: discard it on top of the pile (or keep it, where a
    Status card says so), or put a Status card on the table; then carry out its Play text."""
    card = CARDS[k]
    b = BEHAVIOURS[card.event_key]
    reveal(s)
    if card.type == "status":
        piles.take(s, p, "hand", k)
        s.status[p].append(k)
        log(s, "card.status", "STATUS", p, card=CARD_IDS[k])
        b.on_table(s, p, k)
        return
    kept = play_step and any(h.keeps_played(s, o, kk, p, k) for o, kk, h in statuses(s))
    if not kept:
        piles.take(s, p, "hand", k)
        piles.discard_top(s, p, k)
    log(s, "card.played", "2. PLAY STEP", p, card=CARD_IDS[k], kept=kept)
    b.play(s, p, k)


class Script(Behaviour):
    """A card whose Play text is a list of ops (see the module docstring)."""

    @abstractmethod
    def ops(self, s: State, p: int, k: int) -> list[Op]:
        """The card's Play text as ops, for this play."""

    def playable(self, s: State, p: int, k: int) -> bool:
        need_hand = 0
        need_prepared = 0
        for name, args in self.ops(s, p, k):
            if name == "cost_hand":
                need_hand += args["n"]
            elif name == "cost_prepared":
                need_prepared += args["n"]
        return len(s.hand[p]) - 1 >= need_hand and len(s.prepared[p]) >= need_prepared

    def play(self, s: State, p: int, k: int) -> None:
        push(s, "script", p=p, k=k, ops=self.ops(s, p, k), i=0, v={})


@STEPS.register
class ScriptStep(QStep):
    name = "script"
    rule = "COMPLEX CARDS"

    def settle(self, s: State, f: Frame) -> bool:
        i = f["i"]
        ops = f["ops"]
        if i >= len(ops):
            pop(s, f)
            return True
        f["i"] = i + 1
        name, args = ops[i]
        v = f["v"]
        cond = args.get("if")
        if cond is not None and not v.get(cond):
            return True
        cond = args.get("unless")
        if cond is not None and v.get(cond):
            return True
        OPS[name](s, f, args, len(s.stack) - 1)
        return True


# -- ops -----------------------------------------------------------------------------------


def _country(f: Frame, args: dict[str, Any]) -> int:
    c = args.get("c")
    return CARDS[f["k"]].country if c is None else int(c)


@op("cost_hand")
def _cost_hand(s: State, f: Frame, a: dict[str, Any], ret: int) -> None:
    """A requirement: discard ``n`` cards from hand, unrevealed (COMPLEX CARDS)."""
    push_pay(s, f["p"], a["n"], "hand", "card")


@op("cost_prepared")
def _cost_prepared(s: State, f: Frame, a: dict[str, Any], ret: int) -> None:
    push_pay(s, f["p"], a["n"], "prepared", "card")


@op("must_discard")
def _must_discard(s: State, f: Frame, a: dict[str, Any], ret: int) -> None:
    """A discard a card directs (another power's, or the player's own): RUNNING OUT OF CARDS
    applies (1 VP per card missing)."""
    push_pay(s, a["p"], a["n"], a["pile"], "card", must=True)


@op("loss")
def _loss(s: State, f: Frame, a: dict[str, Any], ret: int) -> None:
    """ECONOMIC WARFARE: each power icon makes that power discard a card as under DISCARDING
    DUE TO ATTRITION SYMBOLS."""
    push_losses(s, [(int(p), int(n)) for p, n in a["l"]], CARD_IDS[f["k"]])


@op("vp")
def _vp(s: State, f: Frame, a: dict[str, Any], ret: int) -> None:
    team = TEAM_OF[f["p"]] if a.get("team") is None else int(a["team"])
    n = int(a["n"])
    if n >= 0:
        board.gain_vp(s, team, n, CARD_IDS[f["k"]])
    else:
        board.lose_vp(s, team, -n, CARD_IDS[f["k"]])


@op("token")
def _token(s: State, f: Frame, a: dict[str, Any], ret: int) -> None:
    board.place_token(s, int(a["x"]))


@op("place")
def _place(s: State, f: Frame, a: dict[str, Any], ret: int) -> None:
    area = int(a.get("area", LAND_MASK))
    at = a.get("at")
    if at is not None and at in f["v"]:
        area = (1 << int(f["v"][at])) & int(a.get("limit", LAND_MASK | SEA_MASK))
    push_place(s, _country(f, a), area, a.get("mode", BUILD), int(a.get("n", 1)), ret,
               a.get("mark", "built"), CARD_IDS[f["k"]])  # fmt: skip


@op("battle")
def _battle(s: State, f: Frame, a: dict[str, Any], ret: int) -> None:
    frm = -1
    src = a.get("from")
    if isinstance(src, int):
        frm = src
    elif src is not None:
        if src not in f["v"]:
            return
        frm = 1 << int(f["v"][src])
    area = int(a.get("area", LAND_MASK | SEA_MASK))
    push_choose(s, _country(f, a), a.get("kind", "land"), area, frm, ret,
                a.get("mark", "battled"), CARD_IDS[f["k"]])  # fmt: skip


@op("prepare")
def _prepare(s: State, f: Frame, a: dict[str, Any], ret: int) -> None:
    push(s, "prep", p=f["p"], n=int(a.get("n", 1)))


@op("status")
def _status(s: State, f: Frame, a: dict[str, Any], ret: int) -> None:
    push(s, "play_status", p=f["p"], c=int(a.get("c", -1)))


@op("draft")
def _draft(s: State, f: Frame, a: dict[str, Any], ret: int) -> None:
    push_free_draft(s, f["p"], _country(f, a), list(a.get("types", ["build_army"])))


@op("eliminate")
def _eliminate(s: State, f: Frame, a: dict[str, Any], ret: int) -> None:
    push(s, "eliminate", p=f["p"], cs=int(a["cs"]), area=int(a["area"]), n=int(a.get("n", 1)))


@op("supply")
def _supply(s: State, f: Frame, a: dict[str, Any], ret: int) -> None:
    """A card makes a piece count as supplied for the rest of the turn."""
    s.tflags.setdefault("supply", []).append([_country(f, a), int(a["x"])])
    s.cache.clear()


@op("nodif")
def _nodif(s: State, f: Frame, a: dict[str, Any], ret: int) -> None:
    """No difficult-terrain discards for these countries for the rest of the turn."""
    w = s.tflags.setdefault("nodif", [])
    for c in a["cs"]:
        if c not in w:
            w.append(int(c))


# -- benefit frames ------------------------------------------------------------------------


def push_free_draft(s: State, p: int, c: int, types: list[str]) -> None:
    push(s, "free_draft", p=p, c=c, types=types)


def draft_card(s: State, p: int, c: int, ctype: str, why: str) -> int:
    """1. DRAFT STEP: take a card of ``c`` and ``ctype`` from the draw deck, show it, add it to
    the hand, shuffle the deck. Returns the card (or -1 if none is left)."""
    k = piles.find_in_deck(s, p, c, ctype)
    if k < 0:
        return -1
    piles.take(s, p, "deck", k)
    s.hand[p].append(k)
    log(s, "card.drafted", "1. DRAFT STEP", p, country=COUNTRIES[c], type=ctype, why=why)
    piles.shuffle_deck(s, p)
    for o, kk, b in list(statuses(s)):
        b.after_draft(s, o, kk, p, k)
    return k


def draft_types(s: State, p: int, c: int, types: list[str]) -> list[str]:
    """The card types ``p`` may draft for ``c`` among ``types``, with what Status cards add
    where a Build Army could be drafted; only types still in the deck (ruling Q7)."""
    allowed = list(types)
    if "build_army" in allowed:
        for o, k, b in statuses(s):
            if o == p:
                allowed += [x for x in b.draft_types(s, o, k, p, c) if x not in allowed]
    return [t for t in allowed if piles.find_in_deck(s, p, c, t) >= 0]


@STEPS.register
class FreeDraft(QStep):
    """Draft at no cost (1. DRAFT STEP: a draft due to Play text is extra)."""

    name = "free_draft"
    rule = "1. DRAFT STEP"

    def settle(self, s: State, f: Frame) -> bool:
        if not draft_types(s, f["p"], f["c"], f["types"]):
            pop(s, f)
            return True
        return False

    def legal(self, s: State, f: Frame) -> list[Action]:
        c = COUNTRIES[f["c"]]
        out = [Action("draft", (t, c)) for t in draft_types(s, f["p"], f["c"], f["types"])]
        out.append(PASS)
        return out

    def apply(self, s: State, f: Frame, a: Action) -> None:
        pop(s, f)
        if a.verb == "draft":
            draft_card(s, f["p"], f["c"], a.args[0], "free")


def prepare(s: State, p: int, k: int) -> None:
    """PREPARING A CARD: from hand face down to the table."""
    piles.take(s, p, "hand", k)
    s.prepared[p].append(k)
    log(s, "card.prepared", "PREPARING A CARD", p)
    log(s, "card.prepared_own", "PREPARING A CARD", p, True, card=CARD_IDS[k])


@STEPS.register
class Prep(QStep):
    """Prepare up to ``n`` cards (a benefit, extra to the Prepare step)."""

    name = "prep"
    rule = "PREPARING A CARD"

    def settle(self, s: State, f: Frame) -> bool:
        if f["n"] <= 0 or not s.hand[f["p"]]:
            pop(s, f)
            return True
        return False

    def legal(self, s: State, f: Frame) -> list[Action]:
        out = [Action("prepare", (CARD_IDS[k],)) for k in s.hand[f["p"]]]
        out.append(PASS)
        return out

    def apply(self, s: State, f: Frame, a: Action) -> None:
        if a.verb == "pass":
            pop(s, f)
            return
        prepare(s, f["p"], CARD_INDEX[a.args[0]])
        f["n"] -= 1


def status_choices(s: State, p: int, c: int) -> list[int]:
    return [
        k
        for k in s.hand[p]
        if CARDS[k].type == "status"
        and (c < 0 or CARDS[k].country == c)
        and CARDS[k].event_key in BEHAVIOURS
    ]


class PlayFromHand(QStep):
    """Play a card from hand (one of :meth:`choices`) as one benefit of another card, or pass;
    the step ends by itself when there is none to play."""

    @abstractmethod
    def choices(self, s: State, f: Frame) -> list[int]:
        """The cards of ``f["p"]``'s hand that may be played here."""

    def settle(self, s: State, f: Frame) -> bool:
        if not self.choices(s, f):
            pop(s, f)
            return True
        return False

    def legal(self, s: State, f: Frame) -> list[Action]:
        out = [Action("play", (CARD_IDS[k],)) for k in self.choices(s, f)]
        out.append(PASS)
        return out

    def apply(self, s: State, f: Frame, a: Action) -> None:
        pop(s, f)
        if a.verb == "play":
            play_card(s, f["p"], CARD_INDEX[a.args[0]])


@STEPS.register
class PlayStatus(PlayFromHand):
    """Play a Status card from hand as one benefit of another card (STATUS)."""

    name = "play_status"
    rule = "STATUS"

    def choices(self, s: State, f: Frame) -> list[int]:
        return status_choices(s, f["p"], f["c"])


def eliminable(s: State, cs: int, area: int) -> list[tuple[int, int]]:
    out = []
    for x in spaces_of(area):
        m = s.occ[x] & cs
        for c in range(8):
            if m >> c & 1:
                out.append((c, x))
    return out


@STEPS.register
class Eliminate(QStep):
    """BATTLE VS. ELIMINATE: a piece is simply removed: no prerequisites, no Reinforce."""

    name = "eliminate"
    rule = "BATTLE VS. ELIMINATE"

    def settle(self, s: State, f: Frame) -> bool:
        if f["n"] <= 0 or not eliminable(s, f["cs"], f["area"]):
            pop(s, f)
            return True
        return False

    def legal(self, s: State, f: Frame) -> list[Action]:
        out = [
            Action("eliminate", (COUNTRIES[c], SPACE_IDS[x]))
            for c, x in eliminable(s, f["cs"], f["area"])
        ]
        out.append(PASS)
        return out

    def apply(self, s: State, f: Frame, a: Action) -> None:
        if a.verb == "pass":
            pop(s, f)
            return
        c, x = COUNTRIES.index(a.args[0]), SPACE_INDEX[a.args[1]]
        board.remove(s, c, x)
        log(s, "piece.eliminated", "BATTLE VS. ELIMINATE", f["p"], country=COUNTRIES[c],
            space=SPACE_IDS[x], piece="navy" if SPACES[x].sea else "army")  # fmt: skip
        f["n"] -= 1
