"""The search bot: information-set Monte Carlo tree search over the decisions that matter.

It sees only its seat's view. At a *key* decision (which card to play and how, by default;
with ``key_steps`` also which spaces to activate and whether and where to attack) it:

1. ranks the legal actions with the heuristic (:mod:`greatwar.pog.bots.heuristic`) and keeps
   the best few as the candidates (the heuristic's order is the prior; a single candidate is
   played at once);
2. draws several *worlds* from the view with the determinizer
   (:meth:`greatwar.pog.encoding.PogDeterminizer.world`): the other hand, both draw piles and
   the set-aside cards dealt at random consistently with what the view shows;
3. runs simulations: each takes the next world in turn (with dice of its own), descends a tree
   whose nodes are this seat's key decisions (UCB1 over the candidates available in that world,
   the information-set tree of single-observer ISMCTS), lets the heuristic play every other
   decision of both seats, and stops at the horizon: when this seat is next to choose a card
   after the enemy has played its own action round (or the game ends). The position there is
   scored by the shared evaluator (:func:`greatwar.pog.bots.evaluate.win_chance`);
4. plays the candidate visited most at the root (ties: the better mean, then the prior).

Every other decision is the heuristic's, at once.

**Budget and determinism.** The budget is a number of simulations (``sims``): the search is
then deterministic for a given seed and view, on any machine and with any number of worker
processes (the simulations are split into a fixed number of independent *chunks*, each with its
own worlds, tree and seed, and the chunks' root statistics are added). ``think`` gives a time
budget in seconds instead, for people (``greatwar play --think``): each chunk then simulates
until its time is up, so the answer depends on the machine's speed. ``workers`` is the number of
processes the chunks are spread over (every core it is given).
"""

from __future__ import annotations

import math
import random
import time
from dataclasses import dataclass, field
from typing import Any

from greatwar.core import rng as _rng
from greatwar.core.actions import Action
from greatwar.core.chunks import CHUNK_SEED_STEP, ChunkedSearch, gc_paused
from greatwar.pog import engine
from greatwar.pog.bots.analysis import Analysis
from greatwar.pog.bots.evaluate import win_chance
from greatwar.pog.bots.heuristic import HeuristicBot
from greatwar.pog.bots.value import model as learned_model
from greatwar.pog.cards import CARDS
from greatwar.pog.data import SIDE_NAMES, SIDE_OF_NAME
from greatwar.pog.encoding import DETERMINIZER
from greatwar.pog.state import State

KEY_STEPS = frozenset({"action_round"})
"""The decisions searched by default: which card, and how to use it (8.1.3)."""
ALL_KEY_STEPS = frozenset({"action_round", "operation", "combat_designation"})
"""With the activations (9.2) and the attack decisions (12.1) too."""
CHUNKS = 4  # independent searches whose root statistics are added
WORLDS = 3  # worlds drawn per chunk (so 12 determinizations per decision)
UCB_C = 0.35  # exploration constant of UCB1 (values are in [0, 1]), with ``explore="fixed"``
SPREAD_C = 1.0  # with ``explore="spread"``: exploration in standard deviations of the values
SPREAD_MIN = 0.01  # the least spread assumed (a node with few or equal values)
FLOOR_SHARE = 0.5  # ``final="mean"``: a candidate needs half the visits of the most visited
MAX_SIM_DECISIONS = 600  # a simulation never runs longer than this many decisions


@dataclass
class Node:
    """A decision of the searching seat in the information-set tree."""

    visits: dict[str, int] = field(default_factory=dict)
    value: dict[str, float] = field(default_factory=dict)
    avail: dict[str, int] = field(default_factory=dict)  # simulations it could be chosen in
    children: dict[str, Node] = field(default_factory=dict)
    n: int = 0  # values backed up through this node, their sum and sum of squares (spread)
    total: float = 0.0
    squares: float = 0.0

    def spread(self) -> float:
        """The standard deviation of the values seen here (at least :data:`SPREAD_MIN`)."""
        if self.n < 2:
            return SPREAD_MIN
        mean = self.total / self.n
        var = max(0.0, self.squares / self.n - mean * mean)
        return max(SPREAD_MIN, math.sqrt(var))


def light_view(s: State, seat: int, legal: list[str]) -> dict[str, Any]:
    """What the heuristic's scorers read of a view, taken from a world (the world's state is
    handed to the analysis directly, so no full view is built inside a simulation)."""
    return {
        "seat": SIDE_NAMES[seat],
        "step": engine.step_name(s),
        "procedure": s.stack,
        "cards": {"hand": [CARDS[c].id for c in s.hand[seat]]},
        "legal": legal,
    }


def ranked(
    bot: HeuristicBot, an: Analysis, view: dict[str, Any], legal: list[str], top: int
) -> list[str]:
    """The ``top`` best of ``legal`` by the heuristic's scores (stable: ties keep their order)."""
    scores = bot.scores(an, view, legal)
    order = sorted(range(len(legal)), key=lambda i: -scores[i])
    return [legal[i] for i in order[:top]]


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
    explore: str = "fixed"  # "fixed": UCB_C; "spread": SPREAD_C standard deviations;
    # "paired": the root's candidates in turn, each round on the same world and dice
    worlds: int = WORLDS
    value: str = "hand"  # how a simulation's end is scored: "hand", "learned" (value.py) or
    # "blend", their mean (:func:`score`)


def run_chunk(job: Job) -> dict[str, tuple[int, float]]:
    """Simulate one chunk: its root statistics, candidate -> (visits, total value). The
    cyclic garbage collector is paused meanwhile (:func:`.chunks.gc_paused`: in a worker
    process a chunk is the whole search)."""
    with gc_paused():
        return _run_chunk(job)


def _run_chunk(job: Job) -> dict[str, tuple[int, float]]:
    rng = random.Random(job.seed)
    me = SIDE_OF_NAME[str(job.view["seat"])]
    worlds = [DETERMINIZER.world(job.view, rng.getrandbits(62)) for _ in range(job.worlds)]
    root = Node()
    n = 0
    if job.explore == "paired":
        # Common random numbers: a round plays every candidate from the same world with the
        # same dice and the same heuristic seeds, so the candidates' differences within a
        # round are the actions', not the luck's (the dice part once the plays differ).
        k = 0
        while not _spent(job, n):
            world0 = worlds[k % len(worlds)]
            dice = rng.getrandbits(64)
            seed = rng.getrandbits(62)
            for a in job.candidates:
                if _spent(job, n):
                    break
                world = world0.clone()
                world.rng = _rng.seed_state(dice)
                simulate(world, me, root, job, seed, first=a)
                n += 1
            k += 1
    while not _spent(job, n) and job.explore != "paired":
        world = worlds[n % len(worlds)].clone()
        world.rng = _rng.seed_state(rng.getrandbits(64))  # dice of its own
        simulate(world, me, root, job, rng.getrandbits(62))
        n += 1
    return {a: (root.visits.get(a, 0), root.value.get(a, 0.0)) for a in job.candidates}


def _spent(job: Job, n: int) -> bool:
    """Has a chunk that ran ``n`` simulations spent its budget?"""
    if job.sims:
        return n >= job.sims
    return time.time() >= job.deadline and n >= 1


def _select(node: Node, options: list[str], explore: str = "fixed") -> str:
    for a in options:
        node.avail[a] = node.avail.get(a, 0) + 1
    best = options[0]
    top = -math.inf
    # UCB1; with "spread", the exploration term is in standard deviations of the values seen
    # at this node: win chances near one another (a close position) are told apart by their
    # means, not drowned by a constant made for values spread over [0, 1]
    c = UCB_C if explore == "fixed" else SPREAD_C * node.spread()
    for i, a in enumerate(options):
        n = node.visits.get(a, 0)
        if n == 0:
            return a  # the first unvisited, in the prior's order
        mean = node.value[a] / n
        u = mean + c * math.sqrt(math.log(node.avail[a]) / n) - 1e-6 * i
        if u > top:
            top = u
            best = a
    return best


def simulate(
    world: State, me: int, root: Node, job: Job, seed: int, first: str | None = None
) -> None:
    """One simulation from the root decision in ``world`` (changed in place); ``first``: the
    root's candidate to play (else chosen by UCB1)."""
    bots = (HeuristicBot(seed), HeuristicBot(seed + 1))
    path: list[tuple[Node, str]] = []
    a = first if first is not None else _select(root, job.candidates, job.explore)
    path.append((root, a))
    engine.apply_unchecked(world, Action.parse(a))
    node = root.children.setdefault(a, Node())
    rounds = 0  # action-round decisions met since the root
    for _ in range(MAX_SIM_DECISIONS):
        if world.result is not None:
            break
        seat = engine.to_act(world)
        if seat is None:
            break
        step = engine.step_name(world)
        if step == "action_round":
            rounds += 1
            if rounds >= 2 and seat == me:
                break
        legal = [str(x) for x in engine.legal_actions(world)]
        if len(legal) == 1:
            text = legal[0]
        else:
            view = light_view(world, seat, legal)
            an = Analysis(view, world)
            if seat == me and step in job.key_steps and rounds == 0:
                options = ranked(bots[seat], an, view, legal, job.top)
                text = _select(node, options, job.explore)
                path.append((node, text))
                node = node.children.setdefault(text, Node())
            else:
                text = legal[bots[seat].pick(an, view, legal)]
        engine.apply_unchecked(world, Action.parse(text))
    v = score(world, me, job.value)
    for nd, act in path:
        nd.visits[act] = nd.visits.get(act, 0) + 1
        nd.value[act] = nd.value.get(act, 0.0) + v
        nd.n += 1
        nd.total += v
        nd.squares += v * v


def score(world: State, me: int, value: str) -> float:
    """The chance ``me`` wins ``world`` at a simulation's end: by the hand evaluator
    (:func:`.evaluate.win_chance`), the learned one (:mod:`.value`), or their mean ("blend")."""
    if value == "hand":
        return win_chance(world, me)
    learned = learned_model().win_chance(world, me)
    return learned if value == "learned" else 0.5 * (win_chance(world, me) + learned)


def choose_root(candidates: list[str], stats: dict[str, tuple[int, float]], final: str) -> int:
    """The index of the candidate a search plays, from the root statistics: with "visits" the
    most visited (then the better mean, then the prior); with "mean" the best mean among those
    visited at least :data:`FLOOR_SHARE` as often as the most visited (then the more visited,
    then the prior). Chosen by visits under an exploration term that ignores the values'
    spread, the choice was little better than chance among candidates of close values."""

    def mean(a: str) -> float:
        n, v = stats[a]
        return v / max(1, n)

    if final == "visits":
        return max(
            range(len(candidates)),
            key=lambda i: (stats[candidates[i]][0], mean(candidates[i]), -i),
        )
    most = max(stats[a][0] for a in candidates)
    floor = max(1.0, FLOOR_SHARE * most)
    return max(
        (i for i, a in enumerate(candidates) if stats[a][0] >= floor),
        key=lambda i: (mean(candidates[i]), stats[candidates[i]][0], -i),
    )


class SearchBot(ChunkedSearch):
    """Information-set MCTS at the key decisions; the heuristic everywhere else."""

    name = "search"

    def __init__(
        self,
        seed: int = 0,
        sims: int = 48,
        think: float | None = None,
        workers: int = 1,
        top: int = 6,
        key_steps: frozenset[str] = KEY_STEPS,
        explore: str = "fixed",
        final: str = "visits",
        worlds: int = WORLDS,
        value: str = "hand",
    ) -> None:
        """``explore``: UCB1's exploration, "fixed" (:data:`UCB_C`) or "spread" (in standard
        deviations of the values seen, :data:`SPREAD_C`), or "paired": the root's candidates
        in turn, each round from the same world with the same dice (common random numbers;
        below the root as "spread"); ``final``: the root's choice, "visits"
        (the most visited) or "mean" (the best mean of those visited at least
        :data:`FLOOR_SHARE` as often as the most visited); ``worlds``: worlds drawn per chunk;
        ``value``: how the end of a simulation is scored, "hand" (:func:`.evaluate.win_chance`),
        "learned" (:mod:`.value`) or "blend" (the mean of the two chances, :func:`score`)."""
        if sims < 1 and think is None:
            raise ValueError("a search needs a budget: sims >= 1 or think seconds")
        if explore not in ("fixed", "spread", "paired") or final not in ("visits", "mean"):
            raise ValueError(f"unknown search settings: explore={explore!r}, final={final!r}")
        if value not in ("hand", "learned", "blend"):
            raise ValueError(f"unknown evaluation: {value!r}")
        if value != "hand":
            learned_model()  # loaded now: a missing or stale model file fails here
        self.value = value
        self.explore = explore
        self.final = final
        self.worlds = max(1, worlds)
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
        if str(view.get("step")) not in self.key_steps:
            return self.heuristic.choose(view)
        start = time.perf_counter()
        with gc_paused():  # the whole search, its ranking and its chunks (:func:`gc_paused`)
            an = Analysis(view)
            candidates = ranked(self.heuristic, an, view, legal, self.top)
            if len(candidates) == 1:
                return candidates[0]
            stats = self.search(view, candidates)
        self.last = stats
        spent = time.perf_counter() - start
        self.timed(spent)
        return candidates[choose_root(candidates, stats, self.final)]

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
                self.explore,
                self.worlds,
                self.value,
            )
            for i in range(chunks)
            if per[i] > 0 or self.think is not None
        ]
        return self.run_chunks(candidates, jobs, run_chunk)
