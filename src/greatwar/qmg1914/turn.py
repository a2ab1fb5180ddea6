"""The game's procedure: SETUP, the rounds (ORDER OF PLAY), each power's TURN SEQUENCE, SCORING
ROUNDS and VICTORY.

The ``game`` frame sits at the bottom of the stack: it deals the opening hands (SETUP), then runs
17 rounds of five turns, one per power in ORDER OF PLAY, with a Scoring Round after rounds 3, 7,
11, 15 and 17 (SUDDEN VICTORY, SCORING VICTORY). Each turn is a ``turn`` frame walking the five
steps; every step is optional, and a step with nothing to choose passes by itself.
"""

from __future__ import annotations

from typing import Any

from greatwar.core.actions import Action
from greatwar.core.steps import Frame, Step
from greatwar.qmg1914 import board, piles
from greatwar.qmg1914.cards.base import statuses
from greatwar.qmg1914.cards.script import draft_card, draft_types, play_card, playable, prepare
from greatwar.qmg1914.data import (
    ADJ_OPEN,
    CARD_IDS,
    CARD_INDEX,
    CARDS,
    COUNTRIES,
    COUNTRIES_OF,
    HAND_SIZE,
    HOME,
    LAST_ROUND,
    OBJECTIVE_MASK,
    POWERS,
    SCORING_ROUNDS,
    TEAM_OF,
    TEAM_OF_COUNTRY,
    TEAMS,
    spaces_of,
)
from greatwar.qmg1914.flow import PASS, STEPS, QStep, log, pop, push
from greatwar.qmg1914.losses import push_losses, push_pay
from greatwar.qmg1914.state import State

DRAFT, PLAY, ATTRITION, PREPARE, DRAW, DONE = range(6)
STEP_NAMES = ("draft", "play", "attrition", "prepare", "draw", "done")
STEP_HEADINGS = (
    "1. DRAFT STEP",
    "2. PLAY STEP",
    "3. ATTRITION STEP",
    "4. PREPARE STEP",
    "5. DRAW STEP",
    "TURN SEQUENCE",
)
OPENING_DRAW = 10
OPENING_BOTTOM = 3
SUDDEN_LEAD = 12


# -- the game ------------------------------------------------------------------------------


@STEPS.register
class GameStep(Step[State]):
    """Set-up, then the rounds; pops (ending the game) when a winner is known."""

    name = "game"
    rule = "ORDER OF PLAY"

    def settle(self, s: State, f: Frame) -> bool:
        i = f["i"]
        if f["ph"] == "setup":
            if i < len(POWERS):
                deal(s, i)
                f["i"] = i + 1
                return True
            f["ph"] = "play"
            f["i"] = 0
            s.round = 1
            log(s, "round.start", "ORDER OF PLAY", round=s.round)
            return True
        if i < len(POWERS):
            f["i"] = i + 1
            start_turn(s, i)
            return True
        # the round is over
        s.cur = -1
        if s.round in SCORING_ROUNDS:
            scoring_round(s)
            result = victory(s)
            if result is not None:
                s.result = result
                log(s, "game.over", "VICTORY", outcome=result["outcome"],
                    reason=result["reason"], vp=s.vp[:])  # fmt: skip
                pop(s, f)
                return True
        s.round += 1
        s.rflags = {}
        f["i"] = 0
        log(s, "round.start", "ORDER OF PLAY", round=s.round)
        return True


# -- SETUP -------------------------------------------------------------------------------------


def deal(s: State, p: int) -> None:
    """SETUP: draw 10; the power then puts 3 of them on the bottom of its deck."""
    piles.draw(s, p, OPENING_DRAW)
    log(s, "setup.drawn", "SETUP", p, n=len(s.hand[p]))
    push(s, "keep", p=p, n=OPENING_BOTTOM, mull=1 if s.options.get("mulligan") else 0)


@STEPS.register
class Keep(QStep):
    """SETUP: choose the 3 cards (of the 10 drawn) that go to the bottom of the draw deck, one
    at a time; or, before the first, take the MULLIGAN (optional rule) once."""

    name = "keep"
    rule = "SETUP"

    def settle(self, s: State, f: Frame) -> bool:
        if f["n"] <= 0 or not s.hand[f["p"]]:
            pop(s, f)
            return True
        return False

    def legal(self, s: State, f: Frame) -> list[Action]:
        out = [Action("bottom", (CARD_IDS[k],)) for k in s.hand[f["p"]]]
        if f["mull"] and f["n"] == OPENING_BOTTOM:
            out.append(Action("mulligan", ()))
        return out

    def apply(self, s: State, f: Frame, a: Action) -> None:
        p = f["p"]
        if a.verb == "mulligan":
            # MULLIGAN: reshuffle the whole deck and draw 10 again; no second mulligan
            s.deck[p].extend(s.hand[p])
            s.hand[p].clear()
            piles.shuffle_deck(s, p)
            piles.draw(s, p, OPENING_DRAW)
            f["mull"] = 0
            log(s, "setup.mulligan", "MULLIGAN", p)
            return
        k = CARD_INDEX[a.args[0]]
        piles.take(s, p, "hand", k)
        s.deck[p].insert(0, k)
        f["n"] -= 1

    def prompt(self, s: State, f: Frame) -> str:
        return "setup.bottom"


# -- TURN SEQUENCE ------------------------------------------------------------------------------


def start_turn(s: State, p: int) -> None:
    s.cur = p
    s.tflags = {}
    s.cache.clear()  # supply overrides of the last turn end
    log(s, "turn.start", "ORDER OF PLAY", p, round=s.round)
    push(s, "turn", p=p, k=DRAFT)


def draft_actions(s: State, p: int) -> list[Action]:
    """1. DRAFT STEP: discard two cards from hand to take a Build Army or Build Navy card from
    the draw deck (ruling Q7: only a card that is still in the deck can be drafted)."""
    out: list[Action] = []
    if len(s.hand[p]) >= 2:
        for c in COUNTRIES_OF[p]:
            for t in draft_types(s, p, c, ["build_army", "build_navy"]):
                out.append(Action("draft", (t, COUNTRIES[c])))
    for o, k, b in statuses(s):
        if o == p:
            out += [a for a in b.draft_actions(s, o, k) if a not in out]
    return out


def adjacent_enemies(s: State, p: int, c: int) -> list[int]:
    """ATTRITION SYMBOLS: the enemy powers a single black Attrition symbol may target: those
    with an Army adjacent to one of your Armies (ruling Q2: the power's Armies; the option
    ``attrition_adjacency: country`` reads it as the card's country's Armies)."""
    if s.options.get("attrition_adjacency") == "country":
        mine = board.armies(s, c)
    else:
        mine = board.power_army_mask(s, p)
    near = 0
    for x in spaces_of(mine):
        near |= ADJ_OPEN[x]
    team = TEAM_OF[p]
    return [
        q for q in range(len(POWERS)) if TEAM_OF[q] != team and near & board.power_army_mask(s, q)
    ]


def attrition_actions(s: State, p: int) -> list[Action]:
    """3. ATTRITION STEP: a prepared card with Attrition symbol(s)."""
    out = []
    for k in s.prepared[p]:
        card = CARDS[k]
        if card.symbol != "attrition":
            continue
        if card.any_adjacent:
            out += [
                Action("attrition", (CARD_IDS[k], POWERS[q]))
                for q in adjacent_enemies(s, p, card.country)
            ]
        else:
            out.append(Action("attrition", (CARD_IDS[k],)))
    for o, k, b in statuses(s):
        if o == p:
            out += [a for a in b.attrition_actions(s, o, k) if a not in out]
    return out


def draw_counts(s: State, p: int) -> list[int]:
    """5. DRAW STEP: draw up to 7 in hand (not required to draw them all)."""
    n = min(HAND_SIZE - len(s.hand[p]), len(s.deck[p]))
    return list(range(n, 0, -1))


@STEPS.register
class Turn(QStep):
    """One power's turn: DRAFT, PLAY, ATTRITION, PREPARE, DRAW (each optional). The frame's
    ``k`` is the step to decide next; while what a decision set going is carried out (the
    frames it pushed), ``on`` is the step that decision belongs to."""

    name = "turn"
    rule = "TURN SEQUENCE"

    def settle(self, s: State, f: Frame) -> bool:
        f.pop("on", None)  # what a decision of this turn set going is over
        k = f["k"]
        if k >= DONE:
            pop(s, f)
            log(s, "turn.end", "TURN SEQUENCE", f["p"])
            return True
        if self._choices(s, f):
            return False
        f["k"] = k + 1
        return True

    def _choices(self, s: State, f: Frame) -> list[Action]:
        p, k = f["p"], f["k"]
        if k == DRAFT:
            return draft_actions(s, p)
        if k == PLAY:
            return [Action("play", (CARD_IDS[c],)) for c in s.hand[p] if playable(s, p, c)]
        if k == ATTRITION:
            return attrition_actions(s, p)
        if k == PREPARE:
            out = [Action("prepare", (CARD_IDS[c],)) for c in s.hand[p]]
            out += [Action("unprepare", (CARD_IDS[c],)) for c in s.prepared[p]]
            return out
        return [Action("draw", (str(n),)) for n in draw_counts(s, p)]

    def legal(self, s: State, f: Frame) -> list[Action]:
        out = self._choices(s, f)
        out.append(PASS)
        return out

    def apply(self, s: State, f: Frame, a: Action) -> None:
        p, k = f["p"], f["k"]
        if a.verb == "pass":
            f["k"] = k + 1
            return
        # ``k`` moves on now; ``on`` names the step whose action is being carried out (a
        # played card's battle...) until the frames it pushes are done
        f["on"] = k
        if k == DRAFT:
            for o, kk, b in list(statuses(s)):
                if o == p and b.draft_apply(s, o, kk, f, a):
                    return
            f["k"] = k + 1
            c = COUNTRIES.index(a.args[1])
            push(s, "draft_take", p=p, c=c, t=a.args[0])
            push_pay(s, p, 2, "hand", "draft")
            return
        f["k"] = k + 1
        if k == PLAY:
            play_card(s, p, CARD_INDEX[a.args[0]], play_step=True)
        elif k == ATTRITION:
            for o, kk, b in list(statuses(s)):
                if o == p and b.attrition_apply(s, o, kk, a):
                    return
            use_attrition(s, p, CARD_INDEX[a.args[0]], a.args[1] if len(a.args) > 1 else "")
        elif k == PREPARE:
            card = CARD_INDEX[a.args[0]]
            if a.verb == "prepare":
                prepare(s, p, card)
            else:
                # UNPREPARING A CARD: back to hand, only in the Prepare step
                piles.take(s, p, "prepared", card)
                s.hand[p].append(card)
                log(s, "card.unprepared", "UNPREPARING A CARD", p)
        else:
            got = piles.draw(s, p, int(a.args[0]))
            log(s, "card.drawn", "5. DRAW STEP", p, n=got, hand=len(s.hand[p]))

    def prompt(self, s: State, f: Frame) -> str:
        return f"turn.{STEP_NAMES[f['k']]}"


@STEPS.register
class DraftTake(Step[State]):
    """The draft's cost is paid: take the card (1. DRAFT STEP)."""

    name = "draft_take"
    rule = "1. DRAFT STEP"

    def settle(self, s: State, f: Frame) -> bool:
        pop(s, f)
        draft_card(s, f["p"], f["c"], f["t"], "draft")
        return True


def use_attrition(s: State, p: int, k: int, target: str) -> None:
    """3. ATTRITION STEP: reveal and discard the prepared card; its targets lose cards."""
    card = CARDS[k]
    piles.take(s, p, "prepared", k)
    piles.discard_top(s, p, k)
    log(s, "card.attrition", "3. ATTRITION STEP", p, card=CARD_IDS[k], target=target)
    if card.any_adjacent:
        push_losses(s, [(POWERS.index(target), 1)], CARD_IDS[k])
    else:
        push_losses(s, list(card.targets), CARD_IDS[k])


# -- SCORING ROUNDS and VICTORY --------------------------------------------------------------


def blocked(s: State) -> list[bool]:
    """SCORING ROUNDS: countries whose Home space holds an enemy Army collect no VP."""
    out = []
    for c in range(8):
        enemies = [e for e in range(8) if TEAM_OF_COUNTRY[e] != TEAM_OF_COUNTRY[c]]
        out.append(any(board.has_piece(s, e, HOME[c]) for e in enemies))
    return out


def score(s: State) -> list[int]:
    """The VP each team scores now: one per Objective (printed or token) its Armies occupy,
    from countries whose Home is not enemy-held, plus its Status cards' VP."""
    blk = blocked(s)
    objectives = OBJECTIVE_MASK | s.tokens
    held = [0, 0]
    for c in range(8):
        if not blk[c]:
            held[TEAM_OF_COUNTRY[c]] |= board.armies(s, c) & objectives
    pts = [held[0].bit_count(), held[1].bit_count()]
    for owner, k, b in statuses(s):
        if not blk[CARDS[k].country]:
            pts[TEAM_OF[owner]] += b.score(s, owner, k)
    return pts


def scoring_round(s: State) -> None:
    pts = score(s)
    for team in (0, 1):
        s.vp[team] += pts[team]
    log(s, "scoring", "SCORING ROUNDS", round=s.round, central=pts[0], entente=pts[1],
        vp=s.vp[:])  # fmt: skip


def victory(s: State) -> dict[str, Any] | None:
    """SUDDEN VICTORY (12 or more ahead at the end of a Scoring Round) and SCORING VICTORY (after
    round 17 the team with more VP; a tie goes to the Central Powers)."""
    lead = s.vp[0] - s.vp[1]
    vp = {"central": s.vp[0], "entente": s.vp[1]}
    if abs(lead) >= SUDDEN_LEAD:
        team = TEAMS[0] if lead > 0 else TEAMS[1]
        return {"outcome": team, "reason": "sudden victory", "turn": s.round, "vp": vp}
    if s.round >= LAST_ROUND:
        team = TEAMS[0] if lead >= 0 else TEAMS[1]
        reason = "scoring victory" if lead else "scoring victory (tie: Central Powers)"
        return {"outcome": team, "reason": reason, "turn": s.round, "vp": vp}
    return None
