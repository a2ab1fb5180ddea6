"""Dice Race: a tiny game written for the tests, to prove the core carries more than one game,
with more than two seats and teams of several seats.

Three seats race along a track: ``red`` and ``green`` play for the team ``north``, ``blue``
alone for ``south``. On its turn a seat plans (``plan safe`` or ``plan bold``: its own decision,
which it may take back), rolls a die (``roll``: chance, a barrier undo never crosses), then
either ``advance`` (the die, plus its secret bonus when bold) or ``hold`` (one space), and the
turn passes. Each seat draws a secret bonus (1-3) at the start, seen only by itself. The first
seat to reach the goal wins for its team; after ``rounds`` rounds without one, it is a draw.

It implements :class:`greatwar.core.games.Game` (and no optional hook), and registers itself in
the registry with :func:`register` (the test fixture does so with monkeypatch).
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from greatwar.core import rng
from greatwar.core.actions import Action, Grammar, word
from greatwar.core.bot import Bot
from greatwar.core.errors import CorruptStateError, IllegalActionError, MalformedActionError
from greatwar.core.games import Game, OptionInfo, ScenarioInfo, SeatInfo, TeamInfo

SEATS = ("red", "blue", "green")
TEAM = {"red": "north", "blue": "south", "green": "north"}
GRAMMAR = Grammar(
    {
        "plan": [[word("safe", "bold")]],
        "roll": [[]],
        "advance": [[]],
        "hold": [[]],
    }
)
SCENARIOS = {"sprint": 12, "marathon": 30}  # scenario -> default goal


@dataclass
class Race:
    """The whole state: plain data, JSON round-trips."""

    goal: int
    rounds: int
    rng: int
    pos: list[int] = field(default_factory=lambda: [0, 0, 0])
    bonus: list[int] = field(default_factory=lambda: [0, 0, 0])
    seat: int = 0  # whose turn
    round: int = 1
    stage: str = "plan"  # plan | roll | move
    bold: bool = False
    die: int = 0
    chance: int = 0
    log: list[dict[str, Any]] = field(default_factory=list)
    result: dict[str, Any] | None = None

    def to_json(self) -> dict[str, Any]:
        return {
            "goal": self.goal,
            "rounds": self.rounds,
            "rng": self.rng,
            "pos": list(self.pos),
            "bonus": list(self.bonus),
            "seat": self.seat,
            "round": self.round,
            "stage": self.stage,
            "bold": self.bold,
            "die": self.die,
            "chance": self.chance,
            "log": [dict(e) for e in self.log],
            "result": dict(self.result) if self.result is not None else None,
        }


class DiceRace:
    """Dice Race as a :class:`greatwar.core.games.Game`."""

    id = "dicerace"
    title = "Dice Race"
    version = "1"
    seats: tuple[str, ...] = SEATS
    default_scenario = "sprint"

    def seat_info(self) -> tuple[SeatInfo, ...]:
        return tuple(SeatInfo(x, x.capitalize(), TEAM[x]) for x in SEATS)

    def teams(self) -> tuple[TeamInfo, ...]:
        return (
            TeamInfo("north", "The North", ("red", "green")),
            TeamInfo("south", "The South", ("blue",)),
        )

    def seat_groups(self, people: int) -> list[tuple[str, ...]]:
        if people == 1:
            return [SEATS]
        if people == 2:
            return [("red", "green"), ("blue",)]
        if people == 3:
            return [(x,) for x in SEATS]
        raise MalformedActionError("Dice Race is played by one to three people")

    def scenarios(self) -> tuple[ScenarioInfo, ...]:
        return (
            ScenarioInfo("sprint", "Sprint", "a short race", ("short",)),
            ScenarioInfo("marathon", "Marathon", "a long race"),
        )

    def options(self, scenario: str) -> tuple[OptionInfo, ...]:
        self._scenario(scenario)
        return (
            OptionInfo("goal", SCENARIOS[scenario], None, "the space that wins (5-60)"),
            OptionInfo("rounds", 25, None, "rounds before a draw (1-100)"),
        )

    def _scenario(self, scenario: str) -> int:
        if scenario not in SCENARIOS:
            raise MalformedActionError(f"unknown scenario {scenario!r}")
        return SCENARIOS[scenario]

    def normalise_options(self, scenario: str, options: Mapping[str, Any] | None) -> dict[str, Any]:
        out: dict[str, Any] = {"goal": self._scenario(scenario), "rounds": 25}
        for k, v in (options or {}).items():
            if k not in out:
                raise MalformedActionError(f"unknown option {k!r}")
            out[k] = v
        if not isinstance(out["goal"], int) or not 5 <= out["goal"] <= 60:
            raise MalformedActionError("option 'goal' must be a number from 5 to 60")
        if not isinstance(out["rounds"], int) or not 1 <= out["rounds"] <= 100:
            raise MalformedActionError("option 'rounds' must be a number from 1 to 100")
        return out

    def new_game(self, scenario: str, options: Mapping[str, Any] | None, seed: int) -> Race:
        opts = self.normalise_options(scenario, options)
        s = Race(opts["goal"], opts["rounds"], rng.seed_state(seed))
        for i in range(3):
            s.rng, r = rng.below(s.rng, 3)
            s.bonus[i] = r + 1
        s.log.append({"k": "start", "goal": s.goal})
        return s

    # -- the engine --------------------------------------------------------------------

    def legal_actions(self, s: Race) -> list[Action]:
        if s.result is not None:
            return []
        if s.stage == "plan":
            return [Action.of("plan", "safe"), Action.of("plan", "bold")]
        if s.stage == "roll":
            return [Action.of("roll")]
        return [Action.of("advance"), Action.of("hold")]

    def check(self, s: Race, action: str | Action, seat: str | None = None) -> Action:
        a = GRAMMAR.parse(action)
        actor = self.to_act(s)
        if actor is None:
            raise IllegalActionError("the race is over")
        if seat is not None and seat != actor:
            raise IllegalActionError(f"it is {actor}'s turn, not {seat}'s")
        if a not in self.legal_actions(s):
            raise IllegalActionError(f"{a} is not legal now; {actor} is to {s.stage}")
        return a

    def apply_unchecked(self, s: Race, a: Action) -> None:
        me = SEATS[s.seat]
        if a.verb == "plan":
            s.bold = a.args[0] == "bold"
            s.stage = "roll"
        elif a.verb == "roll":
            s.rng, r = rng.below(s.rng, 6)
            s.die = r + 1
            s.chance += 1
            s.stage = "move"
            s.log.append({"k": "roll", "seat": me, "die": s.die})
        else:
            step = (s.die + (s.bonus[s.seat] if s.bold else 0)) if a.verb == "advance" else 1
            s.pos[s.seat] += step
            # the bonus is private: the others see only where the runner ends
            s.log.append({"k": "move", "seat": me, "to": s.pos[s.seat]})
            if s.pos[s.seat] >= s.goal:
                s.result = {"outcome": TEAM[me], "reason": "goal", "turn": s.round}
                return
            s.seat = (s.seat + 1) % 3
            s.stage = "plan"
            if s.seat == 0:
                s.round += 1
                if s.round > s.rounds:
                    s.result = {"outcome": "draw", "reason": "rounds", "turn": s.rounds}

    def to_act(self, s: Race) -> str | None:
        return None if s.result is not None else SEATS[s.seat]

    def view(self, s: Race, seat: str) -> dict[str, Any]:
        me = SEATS.index(seat)
        acting = self.to_act(s) == seat
        return {
            "seat": seat,
            "to_act": self.to_act(s),
            "round": s.round,
            "goal": s.goal,
            "positions": dict(zip(SEATS, s.pos, strict=True)),
            "my_bonus": s.bonus[me],
            "stage": s.stage,
            "die": s.die,
            "log": [dict(e) for e in s.log],
            "result": s.result,
            "prompt": f"{s.stage}" if acting else None,
            "legal": [str(a) for a in self.legal_actions(s)] if acting else [],
        }

    def outcome(self, s: Race) -> dict[str, Any] | None:
        return s.result

    def problems(self, s: Race) -> list[str]:
        out = []
        if any(p < 0 for p in s.pos):
            out.append("a runner behind the start")
        if s.result is None and any(p >= s.goal for p in s.pos):
            out.append("a runner at the goal but no winner")
        if s.stage not in ("plan", "roll", "move"):
            out.append(f"unknown stage {s.stage!r}")
        return out

    def hash(self, s: Race) -> str:
        doc = s.to_json()
        del doc["log"]
        return hashlib.md5(json.dumps(doc, sort_keys=True).encode()).hexdigest()

    def clone(self, s: Race) -> Race:
        return self.state_from_json(s.to_json())

    def chance(self, s: Race) -> int:
        return s.chance

    def state_to_json(self, s: Race) -> dict[str, Any]:
        return s.to_json()

    def state_from_json(self, doc: Mapping[str, Any]) -> Race:
        try:
            return Race(**{k: doc[k] for k in Race.__dataclass_fields__})
        except (KeyError, TypeError) as e:
            raise CorruptStateError(f"not a Dice Race state: {e}") from None

    # -- its face ----------------------------------------------------------------------

    def bots(self) -> dict[str, Callable[[int], Bot]]:
        return {"eager": EagerBot}

    def render_log(self, entry: Mapping[str, Any], lang: str = "en") -> str:
        if entry["k"] == "start":
            return f"The race to {entry['goal']} begins"
        if entry["k"] == "roll":
            return f"{entry['seat']} rolls {entry['die']}"
        return f"{entry['seat']} runs to {entry['to']}"


class EagerBot:
    """Dice Race's own bot: always bold, always advances."""

    name = "eager"

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed

    def choose(self, view: dict[str, Any]) -> str:
        legal: list[str] = view["legal"]
        for want in ("plan bold", "roll", "advance"):
            if want in legal:
                return want
        return legal[0]


GAME: Game[Race] = DiceRace()
WHERE = "tests.dicerace:GAME"
