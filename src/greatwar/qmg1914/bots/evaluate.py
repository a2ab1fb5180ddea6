"""The position evaluator of Quartermaster General: 1914: how far a team is ahead, in VP, and
its chance to win.

One function, :func:`evaluate`, scores a position for a team in points (about one VP each), the
other team's score being its opposite; :func:`win_chance` maps it to a probability (a logistic
whose width shrinks as the game nears its end). The search bot (:mod:`greatwar.qmg1914.bots.
search`) scores the end of every simulation with it, and the replay's analysis reads each
side's chance to win after every turn from it (:func:`greatwar.qmg1914.analysis`). Keep every
use behind these two functions: a learned value can replace them.

It reads only what every power sees: the board (pieces, supply, Objective tokens), the VP, the
round, the face-up Status cards and the *numbers* of cards in each power's piles; so it scores a
view's public model, a determinized world and the true state alike. Its terms, central minus
entente:

- **VP**: the VP lead now;
- **the score race**: the VP each team would score at a Scoring Round now (its Objectives and
  Status cards, :func:`greatwar.qmg1914.turn.score`), times the Scoring Rounds still to come,
  the later ones counting less (positions change);
- **the board** (:func:`greatwar.qmg1914.bots.model.position_value`): Objectives held,
  supplied pieces, threatened and open Objectives;
- **cards**: a power whose hand, deck and prepared row will not last the game loses plays
  (and, once empty, VP): the cards it lacks for two a round to the end.

The weights were fitted by logistic regression to who won, from the positions at the end of
every turn of heuristic games (``python3 -m greatwar.qmg1914.bots.fit``; ``docs/bots.md``).
"""

from __future__ import annotations

import math

from greatwar.qmg1914 import turn
from greatwar.qmg1914.bots.model import position_value
from greatwar.qmg1914.data import LAST_ROUND, POWERS, SCORING_ROUNDS, TEAM_OF, TEAMS
from greatwar.qmg1914.state import State

CENTRAL, ENTENTE = 0, 1

# Weights of the terms (points per unit) and the logistic's width, fitted (the module
# docstring; docs/bots.md gives the run). A finished game is worth FINISHED points (plus its VP
# margin) to the winner.
W_LEAD = 1.0
W_RACE = 0.94  # a VP a Scoring Round, per Scoring Round to come (the next one counts fully)
RACE_DECAY = 0.6  # each later Scoring Round counts this much of the one before
W_BOARD = 0.03  # the board beyond the score (supply, threats): little, once the race counts
W_CARDS = 0.35  # a card short of two a round to the end
CARDS_A_ROUND = 2
SCALE_END = 0.95  # the logistic's width in points at the last round
SCALE_PER_ROUND = 0.36  # and how much wider it is per round still to play
FINISHED = 40.0

FEATURES = ("lead", "race", "board", "cards")
"""The terms of :func:`features`, central minus entente, in the order of :data:`WEIGHTS`."""


def scorings_ahead(s: State) -> list[int]:
    """The Scoring Rounds still to come (the current round's among them: it scores at its
    end)."""
    return [r for r in SCORING_ROUNDS if r >= s.round]


def race_weight(s: State) -> float:
    """How many Scoring Rounds the score now counts for: the next fully, each later one
    :data:`RACE_DECAY` of the one before."""
    n = len(scorings_ahead(s))
    return sum(RACE_DECAY**i for i in range(n))


def card_shortage(s: State, p: int) -> int:
    """The cards power ``p`` lacks to play two a round to the end of the game."""
    left = len(s.hand[p]) + len(s.deck[p]) + len(s.prepared[p])
    rounds = max(0, LAST_ROUND - s.round + 1)
    return max(0, CARDS_A_ROUND * rounds - left)


def features(s: State) -> tuple[float, float, float, float]:
    """The raw terms (:data:`FEATURES`), central minus entente, of a position."""
    lead = float(s.vp[CENTRAL] - s.vp[ENTENTE])
    pts = turn.score(s)
    race = (pts[CENTRAL] - pts[ENTENTE]) * race_weight(s)
    board = position_value(s.occ, s.tokens, CENTRAL) - position_value(s.occ, s.tokens, ENTENTE)
    board /= 2
    short = [0.0, 0.0]
    for p in range(len(POWERS)):
        short[TEAM_OF[p]] += card_shortage(s, p)
    cards = short[ENTENTE] - short[CENTRAL]
    return lead, race, board, cards


WEIGHTS = (W_LEAD, W_RACE, W_BOARD, W_CARDS)


def evaluate(s: State, team: int) -> float:
    """The position's worth for ``team`` (0 central, 1 entente) in points: the other team's is
    its opposite. A finished game is worth :data:`FINISHED` plus the VP margin to the winner."""
    sign = 1.0 if team == CENTRAL else -1.0
    if s.result is not None:
        won = s.result.get("outcome") == TEAMS[CENTRAL]
        margin = abs(s.vp[CENTRAL] - s.vp[ENTENTE])
        return sign * (FINISHED + margin) * (1.0 if won else -1.0)
    v = sum(w * x for w, x in zip(WEIGHTS, features(s), strict=True))
    return sign * v


def scale(s: State) -> float:
    """The logistic's width in points: wide early (much can change), narrow at the end."""
    rounds = max(0, LAST_ROUND - s.round)
    return SCALE_END + SCALE_PER_ROUND * rounds


def win_chance(s: State, team: int) -> float:
    """The chance ``team`` wins from this position (a logistic of :func:`evaluate`)."""
    x = evaluate(s, team) / scale(s)
    x = max(-40.0, min(40.0, x))
    return 1.0 / (1.0 + math.exp(-x))


__all__ = ["FEATURES", "evaluate", "features", "scale", "win_chance"]
