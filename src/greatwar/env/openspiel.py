"""An OpenSpiel adapter: any greatwar game with an encoder and a determinizer as a Python game
registered with ``pyspiel`` (``greatwar_pog`` for Paths of Glory, ``greatwar_qmg1914`` for
Quartermaster General: 1914: one OpenSpiel player per seat, any number of seats).

>>> import pyspiel
>>> from greatwar.env.openspiel import register
>>> game = pyspiel.load_game(register("pog"), {"scenario": "introductory"})
>>> state = game.new_initial_state()
>>> state.is_chance_node()  # the deal
True

The game is sequential, imperfect-information, explicitly stochastic, with terminal rewards
(+1 for the winning team's seats, -1 for the others, 0 on a draw): zero-sum for two seats in
two teams, general-sum otherwise.

- **Actions** are tokens of the game's vocabulary (``num_distinct_actions`` = its size), chosen
  one at a time as in the PettingZoo environment (:mod:`greatwar.env.tokens`): a decision of
  several tokens is several consecutive moves of the same player.
- **Chance nodes**: the first node deals the game (its outcome, one of ``deals`` equally likely
  ones, is the engine's seed: the shuffles and whatever is random in the set-up); after that,
  every die an action rolls is a chance node of six equally likely outcomes, fed to the engine
  by the game's determinizer (a game without dice, such as Quartermaster General, has no
  chance node but the deal). A reshuffle during play draws on the engine's own generator,
  which is hidden state (and redrawn by resampling).
- **Information state strings** are built from the player's view only (plus the tokens of its
  own unfinished decision): a readable head (seat, step, decision so far) and a digest of the
  whole view with its log (perfect recall). The observation string is the same without the log.
  The observation tensor is the game encoder's encoding of the view.
- **Resampling**: :meth:`GreatWarState.resample_from_infostate` redraws what the player cannot
  see through the game's determinizer, so OpenSpiel's ``ISMCTSBot`` works out of the box.
"""

from __future__ import annotations

import hashlib
import json
from typing import Any

import numpy as np
import pyspiel

from greatwar.core.games import Game
from greatwar.core.games import game as find_game
from greatwar.core.research import END, Determinizer, Encoder, determinizer_of, encoder_of

DEFAULT_DEALS = 1 << 16
"""How many different deals the first chance node offers (the engine seeds 0..deals-1)."""
MAX_GAME_LENGTH = 1_000_000
"""A bound on the moves of a game (tokens and chance outcomes) that OpenSpiel asks for; no game
comes near it (a random Historical game is a few thousand)."""


def short_name(game_id: str) -> str:
    return f"greatwar_{game_id}"


class _Shared:
    """What every state of one game shares (never copied when OpenSpiel clones a state)."""

    def __init__(self, game_id: str, scenario: str, options: dict[str, Any], deals: int) -> None:
        self.g: Game[Any] = find_game(game_id)
        self.encoder: Encoder = encoder_of(self.g)
        self.determinizer: Determinizer[Any] = determinizer_of(self.g)
        self.scenario = scenario
        self.options = self.g.normalise_options(scenario, options)
        self.deals = deals
        self.vocabulary = self.encoder.vocabulary
        self.token_id = {t: i for i, t in enumerate(self.vocabulary)}
        self.seats: tuple[str, ...] = tuple(self.g.seats)
        self.team = {x.id: x.team for x in self.g.seat_info()}

    def __deepcopy__(self, memo: dict[int, Any]) -> _Shared:
        return self


class _World:
    """The engine state of one OpenSpiel state (cloned with the game's cheap clone)."""

    __slots__ = ("g", "s")

    def __init__(self, g: Game[Any], s: Any) -> None:
        self.g = g
        self.s = s

    def __deepcopy__(self, memo: dict[int, Any]) -> _World:
        return _World(self.g, self.g.clone(self.s))


class _Legal:
    """The legal actions of a position as token tuples, and for each prefix met so far the
    actions it leads to and the legal next tokens (facts of the position: shared by clones)."""

    __slots__ = ("_memo", "seqs", "token_id")

    def __init__(self, seqs: tuple[tuple[str, ...], ...], token_id: dict[str, int]) -> None:
        self.seqs = seqs
        self.token_id = token_id
        self._memo: dict[tuple[str, ...], tuple[list[tuple[str, ...]], list[int]]] = {}

    def at(self, prefix: tuple[str, ...]) -> tuple[list[tuple[str, ...]], list[int]]:
        """The actions that start with ``prefix`` and the ids of the tokens that may follow."""
        found = self._memo.get(prefix)
        if found is None:
            k = len(prefix)
            if k:
                parent, _ = self.at(prefix[:-1])
                cands = [q for q in parent if len(q) > k - 1 and q[k - 1] == prefix[-1]]
            else:
                cands = list(self.seqs)
            tokens = {q[k] for q in cands if len(q) > k}
            if k and any(len(q) == k for q in cands):
                tokens.add(END)
            found = cands, sorted(self.token_id[x] for x in tokens)
            self._memo[prefix] = found
        return found

    def __deepcopy__(self, memo: dict[int, Any]) -> _Legal:
        return self


def _game_type(game_id: str, seats: int, teams: int) -> pyspiel.GameType:
    g = find_game(game_id)
    return pyspiel.GameType(
        short_name=short_name(game_id),
        long_name=f"greatwar {g.title}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=(
            pyspiel.GameType.Utility.ZERO_SUM
            if seats == 2 and teams == 2
            else pyspiel.GameType.Utility.GENERAL_SUM
        ),
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=seats,
        min_num_players=seats,
        provides_information_state_string=True,
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification={
            "scenario": g.default_scenario,
            "options": "{}",
            "deals": DEFAULT_DEALS,
        },
    )


def register(game_id: str = "pog") -> str:
    """Register ``game_id`` with pyspiel (once) and return its OpenSpiel short name."""
    name = short_name(game_id)
    if name in pyspiel.registered_names():
        return name
    g = find_game(game_id)
    encoder_of(g)  # a clear error now if the game cannot be adapted
    determinizer_of(g)
    game_type = _game_type(game_id, len(g.seats), len(g.teams()))
    # pyspiel keeps the registered factory until the interpreter is gone: it must be a class
    # (a closure makes the interpreter abort at exit), so each game gets its own subclass.
    cls = type(
        f"GreatWarGame_{game_id}", (GreatWarGame,), {"GAME_ID": game_id, "GAME_TYPE": game_type}
    )
    pyspiel.register_game(game_type, cls)
    return name


class GreatWarGame(pyspiel.Game):  # type: ignore[misc]
    """A greatwar game as an OpenSpiel game."""

    GAME_ID = ""  # set by register() on each game's subclass
    GAME_TYPE: pyspiel.GameType = None

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        game_id = self.GAME_ID
        game_type = self.GAME_TYPE
        params = dict(params or {})
        scenario = str(params.get("scenario", find_game(game_id).default_scenario))
        try:
            options = json.loads(str(params.get("options", "{}")))
        except json.JSONDecodeError as e:
            raise ValueError(f"the options parameter is not JSON: {e}") from None
        deals = int(params.get("deals", DEFAULT_DEALS))
        if deals < 1:
            raise ValueError(f"deals must be at least 1, not {deals}")
        self.shared = _Shared(game_id, scenario, options, deals)
        sh = self.shared
        draws = sh.determinizer.max_outcomes
        info = pyspiel.GameInfo(
            num_distinct_actions=len(sh.vocabulary),
            max_chance_outcomes=max(deals, draws),
            num_players=len(sh.seats),
            min_utility=-1.0,
            max_utility=1.0,
            utility_sum=0.0 if game_type.utility == pyspiel.GameType.Utility.ZERO_SUM else None,
            max_game_length=MAX_GAME_LENGTH,
        )
        super().__init__(game_type, info, {**params, "scenario": scenario, "deals": deals})

    def new_initial_state(self) -> GreatWarState:
        return GreatWarState(self)

    def make_py_observer(
        self, iig_obs_type: Any = None, params: dict[str, Any] | None = None
    ) -> Observer:
        if params:
            raise ValueError(f"observation parameters are not supported: {params}")
        recall = bool(iig_obs_type is not None and iig_obs_type.perfect_recall)
        return Observer(self.shared, perfect_recall=recall)


class GreatWarState(pyspiel.State):  # type: ignore[misc]
    """A position: before the deal, at a decision (with the tokens chosen so far), or waiting
    for the dice of an action."""

    def __init__(self, game: GreatWarGame) -> None:
        super().__init__(game)
        self._sh = game.shared
        self._world: _World | None = None
        self._legal: _Legal | None = None
        self._prefix: tuple[str, ...] = ()
        self._pending: str | None = None  # an action waiting for its dice
        self._outcomes: tuple[int, ...] = ()
        self._draw = 0  # the outcomes of the pending chance event

    # -- the OpenSpiel API --------------------------------------------------------------------

    def current_player(self) -> int:
        if self._world is None or self._pending is not None:
            return int(pyspiel.PlayerId.CHANCE)
        seat = self._sh.g.to_act(self._world.s)
        if seat is None:
            return int(pyspiel.PlayerId.TERMINAL)
        return self._sh.seats.index(seat)

    def _legal_actions(self, player: int) -> list[int]:
        return list(self._positions().at(self._prefix)[1])

    def _positions(self) -> _Legal:
        if self._legal is None:
            assert self._world is not None
            g = self._sh.g
            seqs = tuple((a.verb, *a.args) for a in g.legal_actions(self._world.s))
            self._legal = _Legal(seqs, self._sh.token_id)
        return self._legal

    def chance_outcomes(self) -> list[tuple[int, float]]:
        n = self._sh.deals if self._world is None else self._draw
        p = 1.0 / n
        return [(i, p) for i in range(n)]

    def _apply_action(self, action: int) -> None:
        sh = self._sh
        if self._world is None:  # the deal
            s = sh.g.new_game(sh.scenario, sh.options, int(action))
            self._set_world(s)
            return
        if self._pending is not None:  # a die of the pending action
            self._outcomes = (*self._outcomes, int(action))
            self._resolve()
            return
        token = sh.vocabulary[action]
        if token == END:
            text = " ".join(self._prefix)
        else:
            self._prefix = (*self._prefix, token)
            rest = self._positions().at(self._prefix)[0]
            k = len(self._prefix)
            text = " ".join(self._prefix) if all(len(q) == k for q in rest) else ""
        if text:
            self._prefix = ()
            self._pending = text
            self._outcomes = ()
            self._resolve()

    def _resolve(self) -> None:
        """Apply the pending action if its dice are all known, else ask chance for one more."""
        assert self._world is not None and self._pending is not None
        new, draw = self._sh.determinizer.apply_with_outcomes(
            self._world.s, self._pending, self._outcomes
        )
        if new is None:
            self._draw = draw
            return
        self._pending = None
        self._outcomes = ()
        self._draw = 0
        self._set_world(new)

    def _set_world(self, s: Any) -> None:
        g = self._sh.g
        self._world = _World(g, s)
        self._legal = None  # listed when first asked for

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            if self._world is None:
                return f"deal {action}"
            return self._sh.determinizer.outcome_text(action)
        return self._sh.vocabulary[action]

    def is_terminal(self) -> bool:
        return (
            self._world is not None
            and self._pending is None
            and self._sh.g.to_act(self._world.s) is None
        )

    def returns(self) -> list[float]:
        sh = self._sh
        if not self.is_terminal():
            return [0.0] * len(sh.seats)
        assert self._world is not None
        winner = (sh.g.outcome(self._world.s) or {}).get("outcome")
        teams = set(sh.team.values())
        if winner not in teams:
            return [0.0] * len(sh.seats)
        return [1.0 if sh.team[x] == winner else -1.0 for x in sh.seats]

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> GreatWarState:
        """A state the player cannot tell from this one: what it cannot see is redrawn by the
        game's determinizer, from a seed the sampler gives."""
        c: GreatWarState = self.clone()
        if c._world is None:
            return c
        seed = int(probability_sampler() * (1 << 53))
        seat = self._sh.seats[player_id]
        c._world = _World(self._sh.g, self._sh.determinizer.resample(c._world.s, seat, seed))
        if player_id != self.current_player():
            c._legal = None  # the player to act may hold other cards in the new world
        # (the acting player's own legal actions are in its view: the same in every world)
        return c

    def __str__(self) -> str:
        sh = self._sh
        if self._world is None:
            return f"{sh.g.title}: before the deal"
        s = self._world.s
        seat = sh.g.to_act(s)
        head = f"{sh.g.title} ({sh.scenario}): "
        if seat is None:
            return head + f"over, {sh.g.outcome(s)}"
        tail = f"; waiting for the dice of {self._pending!r}" if self._pending else ""
        return head + f"{seat} to act, decision so far {' '.join(self._prefix)!r}{tail}"

    # -- for the observer ---------------------------------------------------------------------

    def private_view(self, player: int) -> dict[str, Any] | None:
        """The view of ``player``'s seat (None before the deal)."""
        if self._world is None:
            return None
        return self._sh.g.view(self._world.s, self._sh.seats[player])

    def own_decision(self, player: int) -> tuple[str, ...]:
        """The tokens ``player`` has chosen in its unfinished decision (or its action waiting
        for dice), which only that player knows."""
        if self._world is None:
            return ()
        if self._pending is not None:
            return (self._pending,) if self._decider == player else ()
        return self._prefix if self.current_player() == player else ()

    @property
    def _decider(self) -> int:
        assert self._world is not None
        seat = self._sh.g.to_act(self._world.s)
        return -1 if seat is None else self._sh.seats.index(seat)


class Observer:
    """OpenSpiel's observer interface (``tensor``, ``dict``, ``set_from``, ``string_from``)."""

    def __init__(self, shared: _Shared, perfect_recall: bool) -> None:
        self.shared = shared
        self.perfect_recall = perfect_recall
        self.tensor: np.ndarray[Any, Any] = np.zeros(shared.encoder.size, np.float32)
        self.dict = {"observation": self.tensor}

    def set_from(self, state: GreatWarState, player: int) -> None:
        self.tensor.fill(0.0)
        view = state.private_view(player)
        if view is not None:
            idx, val = self.shared.encoder.features(view)
            self.tensor[idx] = val

    def string_from(self, state: GreatWarState, player: int) -> str:
        seat = self.shared.seats[player]
        view = state.private_view(player)
        if view is None:
            return f"{seat}: before the deal"
        mine = state.own_decision(player)
        if not self.perfect_recall:
            view = {k: v for k, v in view.items() if k != "log"}
        body = json.dumps([view, mine], sort_keys=True, separators=(",", ":"), default=str)
        digest = hashlib.blake2b(body.encode(), digest_size=16).hexdigest()
        return f"{seat} {view.get('step')} [{' '.join(mine)}] {digest}"


def play(game: pyspiel.Game, bots: list[Any], rng: np.random.RandomState) -> list[float]:
    """Play one game between OpenSpiel bots (one per player, each with ``step(state)``), with
    chance sampled from ``rng``; returns the players' returns. (OpenSpiel's ``evaluate_bots``
    does the same but first calls ``restart_at``, which its ``ISMCTSBot`` does not have.)"""
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes, probs = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(int(rng.choice(outcomes, p=probs)))
        else:
            state.apply_action(int(bots[state.current_player()].step(state)))
    returns: list[float] = state.returns()
    return returns
