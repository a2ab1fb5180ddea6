"""The search bot of Quartermaster General: 1914: information-set Monte Carlo tree search over
the decisions that matter, on top of the heuristic.

It sees only its power's view. At a *key* decision (by default which card to play in its Play
step and which to prepare in its Prepare step, or none; :data:`KEY_STEPS`) it:

1. ranks the legal actions with the heuristic (:meth:`greatwar.qmg1914.bots.heuristic.
   HeuristicBot.ranked`) and keeps the best few as the candidates (the heuristic's order is the
   prior; a single candidate is played at once);
2. draws several *worlds* from the view alone (:meth:`greatwar.qmg1914.encoding.
   QmgDeterminizer.world`): every other power's hand, prepared row, draw deck and face-down
   discards dealt at random from its cards the view does not show, each of the size the view
   counts, and its own draw deck in a random order;
3. runs simulations: each takes the next world in turn (the decks' later shuffles seeded anew),
   descends a tree whose nodes are this power's key decisions in this turn (UCB1 over the
   candidates available in that world: the information-set tree of single-observer ISMCTS),
   lets the heuristic play every other decision of every power, and stops at the *horizon*:
   when this power's next turn begins, every other power having played its own (the Scoring
   Round at a round's end included), or when the game ends. The position there is scored by
   the evaluator (:func:`greatwar.qmg1914.bots.evaluate.win_chance`, for its team);
4. plays the candidate visited most at the root (ties: the better mean, then the prior).

Every other decision is the heuristic's, at once.

**Budget and determinism.** As Paths of Glory's search (:mod:`greatwar.pog.bots.search`): the
budget is a number of simulations (``sims``), split into a fixed number of independent *chunks*
(each with its own worlds, tree and seed) whose root statistics are added, so the decision is
the same for a seed and a view on any machine and with any number of worker processes;
``think`` gives a time budget in seconds instead, for people (``greatwar play --think``).
"""

from __future__ import annotations

import math
import random
import time
from dataclasses import dataclass, field
from typing import Any

from greatwar.core import rng as _rng
from greatwar.core.actions import Action
from greatwar.core.chunks import CHUNK_SEED_STEP, ChunkedSearch
from greatwar.qmg1914 import engine
from greatwar.qmg1914.bots.evaluate import win_chance
from greatwar.qmg1914.bots.heuristic import HeuristicBot
from greatwar.qmg1914.data import CARD_INDEX, CARDS, POWERS, TEAM_OF
from greatwar.qmg1914.encoding import DETERMINIZER
from greatwar.qmg1914.state import State
from greatwar.qmg1914.view import view as view_of

KEY_STEPS = frozenset({"turn.play", "turn.prepare"})
"""The decisions searched by default (their prompts): which card to play (2. PLAY STEP) and
which to prepare (4. PREPARE STEP). Searching the play alone won 16 of the first 23 games of
the acceptance series against the heuristic, the play and the prepare 20 of them (docs/bots.md)."""
ALL_KEY_STEPS = frozenset({"turn.play", "turn.prepare", "turn.draft"})
"""With the draft (1. DRAFT STEP) too (its gain comes after the horizon: not searched)."""
CHUNKS = 4  # independent searches whose root statistics are added
UCB_C = 0.35  # exploration constant of UCB1 (values are in [0, 1])
MAX_SIM_DECISIONS = 400  # a simulation never runs longer than this many decisions


@dataclass
class Node:
    """A decision of the searching power in the information-set tree."""

    visits: dict[str, int] = field(default_factory=dict)
    value: dict[str, float] = field(default_factory=dict)
    avail: dict[str, int] = field(default_factory=dict)  # simulations it could be chosen in
    children: dict[str, Node] = field(default_factory=dict)


@dataclass
class Job:
    """One chunk of a search (plain data, sent to a worker process)."""

    view: dict[str, Any]
    candidates: list[str]
    seed: int
    sims: int  # 0: until ``deadline``
    deadline: float  # time.time() when a time budget ends (0: none)
    key_steps: frozenset[str]
    top: int


def run_chunk(job: Job) -> dict[str, tuple[int, float]]:
    """Simulate one chunk: its root statistics, candidate -> (visits, total value).

    A candidate's ``k``-th simulation takes the chunk's ``k``-th world (with the ``k``-th seed
    for later shuffles and for the heuristic's ties): the candidates are compared on the same
    worlds (common random numbers), so the differences of their means are their own."""
    rng = random.Random(job.seed)
    me = POWERS.index(str(job.view["seat"]))
    worlds: list[tuple[State, int, int]] = []
    root = Node()
    n = 0
    while True:
        if job.sims and n >= job.sims:
            break
        if not job.sims and (time.time() >= job.deadline and n >= 1):
            break
        a = _select(root, job.candidates)
        k = root.visits.get(a, 0)
        while len(worlds) <= k:
            w = DETERMINIZER.world(job.view, rng.getrandbits(62))
            worlds.append((w, rng.getrandbits(64), rng.getrandbits(62)))
        base, shuffles, seed = worlds[k]
        world = base.clone(with_log=False)
        world.rng = _rng.seed_state(shuffles)
        simulate(world, me, root, a, job, seed)
        n += 1
    return {a: (root.visits.get(a, 0), root.value.get(a, 0.0)) for a in job.candidates}


def _kind(k: int) -> tuple[object, ...]:
    """What card ``k`` is, all but its id: two cards of one kind are copies (the Build Army
    cards of a country...), and playing either does the same."""
    c = CARDS[k]
    return (c.power, c.country, c.type, c.title, c.event_key, c.symbol, c.strength, c.targets,
            c.any_adjacent, c.where, c.where_mask, c.where_terrain, c.supply_symbol)  # fmt: skip


def distinct(actions: list[str], top: int) -> list[str]:
    """The first ``top`` of ``actions`` that differ in more than which copy of a card they
    name (the search weighs one of each)."""
    out: list[str] = []
    seen: set[tuple[object, ...]] = set()
    for a in actions:
        key = tuple(_kind(CARD_INDEX[t]) if t in CARD_INDEX else t for t in a.split())
        if key not in seen:
            seen.add(key)
            out.append(a)
            if len(out) >= top:
                break
    return out


def candidates(bot: HeuristicBot, view: dict[str, Any], top: int) -> list[str]:
    """The actions a search weighs: the heuristic's best ``top`` distinct ones, best first."""
    return distinct(bot.ranked(view, len(view.get("legal") or ())), top)


def _select(node: Node, options: list[str]) -> str:
    for a in options:
        node.avail[a] = node.avail.get(a, 0) + 1
    best = options[0]
    top = -1.0
    for i, a in enumerate(options):
        n = node.visits.get(a, 0)
        if n == 0:
            return a  # the first unvisited, in the prior's order
        mean = node.value[a] / n
        u = mean + UCB_C * math.sqrt(math.log(node.avail[a]) / n) - 1e-6 * i
        if u > top:
            top = u
            best = a
    return best


def simulate(world: State, me: int, root: Node, a: str, job: Job, seed: int) -> None:
    """One simulation in ``world`` (changed in place) from the root decision, taking ``a``."""
    bots = [HeuristicBot(seed + p) for p in range(len(POWERS))]
    path: list[tuple[Node, str]] = [(root, a)]
    engine.apply_unchecked(world, Action.parse(a))
    node = root.children.setdefault(a, Node())
    left = False  # this power's turn is over
    for _ in range(MAX_SIM_DECISIONS):
        if world.result is not None:
            break
        p = engine.to_act(world)
        if p is None:
            break
        if world.cur != me:
            left = True
        elif left:
            break  # its next turn: the horizon
        v = view_of(world, POWERS[p])
        legal: list[str] = v["legal"]
        if len(legal) == 1:
            text = legal[0]
        elif p == me and not left and str(v.get("prompt")) in job.key_steps:
            options = candidates(bots[p], v, job.top)
            text = _select(node, options)
            path.append((node, text))
            node = node.children.setdefault(text, Node())
        else:
            text = bots[p].choose(v)
        engine.apply_unchecked(world, Action.parse(text))
    value = win_chance(world, TEAM_OF[me])
    for nd, act in path:
        nd.visits[act] = nd.visits.get(act, 0) + 1
        nd.value[act] = nd.value.get(act, 0.0) + value


class SearchBot(ChunkedSearch):
    """Information-set MCTS at the key decisions; the heuristic everywhere else."""

    name = "search"

    def __init__(
        self,
        seed: int = 0,
        sims: int = 16,
        think: float | None = None,
        workers: int = 1,
        top: int = 4,
        key_steps: frozenset[str] = KEY_STEPS,
    ) -> None:
        if sims < 1 and think is None:
            raise ValueError("a search needs a budget: sims >= 1 or think seconds")
        super().__init__(seed, sims, think, workers, CHUNKS)
        self.top = top
        self.key_steps = key_steps
        self.heuristic = HeuristicBot(seed)
        self.last: dict[str, tuple[int, float]] = {}  # the last search's root statistics

    def choose(self, view: dict[str, Any]) -> str:
        self.last = {}
        legal: list[str] = list(view.get("legal") or [])
        if not legal:
            raise ValueError("the search bot was asked to act with no legal action")
        if len(legal) == 1:
            return legal[0]
        if str(view.get("prompt")) not in self.key_steps:
            return self.heuristic.choose(view)
        start = time.perf_counter()
        cands = candidates(self.heuristic, view, self.top)
        if len(cands) == 1:
            return cands[0]
        stats = self.search(view, cands)
        self.last = stats
        spent = time.perf_counter() - start
        self.timed(spent)
        best = max(
            range(len(cands)),
            key=lambda i: (stats[cands[i]][0], stats[cands[i]][1] / max(1, stats[cands[i]][0]), -i),
        )
        return cands[best]

    def search(self, view: dict[str, Any], candidates: list[str]) -> dict[str, tuple[int, float]]:
        """The root statistics of a search of ``view`` over ``candidates``."""
        base = self.base_seed(view)
        per, deadline = self.budget()
        chunks = len(per)
        jobs = [
            Job(
                view,
                candidates,
                base + CHUNK_SEED_STEP * i,
                per[i],
                deadline,
                self.key_steps,
                self.top,
            )
            for i in range(chunks)
            if per[i] > 0 or self.think is not None
        ]
        return self.run_chunks(candidates, jobs, run_chunk)
