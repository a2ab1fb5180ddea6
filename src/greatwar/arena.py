"""The arena: bots play each other, any game, each bot taking each team in turn.

A series matches one bot per team of the game (``teams()`` of its descriptor): Paths of Glory
has two teams of one seat each; Quartermaster General two teams of several powers, every power
of a team played by its own copy of the team's bot. :func:`play_game` plays one game to its end.
Each bot is asked only with the view of its own seat and its answer is checked by the engine (an
illegal answer is an error of that bot). :func:`run_arena` plays a series in parallel processes
or on a Ray cluster (:mod:`greatwar.fanout`) and :func:`summarise` turns the games into plain
data: win rates overall and by team, games without a winner, how games ended, the means of the
outcome's numbers (such as the final VP), seconds per decision.

Games come in rotations: the games of a rotation share a game seed and rotate the bots across the
teams (with two teams, a *seed pair*: the same seed played twice with sides swapped), so every
bot meets the same dice stream from every team. Win rates come with their 95% confidence
intervals (Wilson score intervals, :func:`wilson`), overall and per team.

:func:`run_ratings` plays every pair of several bots against each other the same way (a round
robin) and fits one rating per bot to all the games (:func:`fit_ratings`: a Bradley-Terry model
fitted by the ``choix`` library, on the Elo scale, a draw counting half a win each way).

A long series can be played in parts: with a *record* file (:class:`Record`, ``greatwar arena
--record FILE``) every finished game is appended to the file as it ends, and a series started
again with the same file plays only the games it does not hold yet, then summarises them all.
Stopping a run (Ctrl-C, a lost machine) loses at most the games in progress.
"""

from __future__ import annotations

import itertools
import json
import math
import os
import random
import statistics
import time
from collections.abc import Callable, Mapping
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from greatwar.bots import check_bot_name, make_bot
from greatwar.core.games import DEFAULT_GAME, game, team_of
from greatwar.core.intervals import wilson
from greatwar.fanout import Ray, fan_out

MAX_DECISIONS = 100_000

RUN_KEYS = frozenset(
    {
        "seconds",
        "game_seconds",
        "seconds_per_decision",
        "max_seconds_per_decision",
        "searched",
        "workers",
        "ray",
    }
)
"""The keys of a summary that tell of the run rather than of its games (times, the searching
bots' timed figures, where the games ran): two runs of one series differ in these alone."""

Lineup = dict[str, tuple[str, str]]
"""Team id -> (label, bot name) for one game."""


@dataclass
class ArenaGame:
    """One game of a series, finished or failed."""

    index: int
    seed: int
    teams: dict[str, str]  # team id -> the label of the bot playing it
    bots: dict[str, str]  # team id -> the bot's name (labels differ when a bot meets itself)
    game: str = DEFAULT_GAME
    outcome: str = ""  # a team id, a word of the game's (draw...), or error
    winner: str | None = None  # the label of the winning bot
    reason: str = ""
    turn: int = 0
    numbers: dict[str, float] = field(default_factory=dict)  # the outcome's other numbers
    decisions: dict[str, int] = field(default_factory=dict)
    think: dict[str, float] = field(default_factory=dict)  # seconds spent choosing, per label
    slowest: dict[str, float] = field(default_factory=dict)  # the longest single decision
    actions: int = 0
    seconds: float = 0.0
    error: str | None = None
    bot_stats: dict[str, dict[str, float]] = field(default_factory=dict)  # label -> a bot's own
    # figures (``stats()`` of a bot that has it: a search bot's searched decisions and time)


def labels(bots: tuple[str, ...]) -> tuple[str, ...]:
    """Names for the bots of a series (a bot met more than once gets #1, #2...)."""
    seen: dict[str, int] = {}
    out = []
    for b in bots:
        seen[b] = seen.get(b, 0) + 1
        out.append(f"{b}#{seen[b]}" if bots.count(b) > 1 else b)
    return tuple(out)


def pair_seeds(seed: int, rotations: int) -> list[int]:
    """The game seed of each rotation of games, derived from the series seed."""
    r = random.Random(seed)
    return [r.randrange(1 << 31) for _ in range(rotations)]


def bot_seed(game_seed: int, seat_index: int, rotation: int = 0) -> int:
    """The seed of the bot in seat ``seat_index`` of a game: from the game seed, the seat and
    the game's place in its rotation, so that when a bot meets itself the games of a seed pair
    are different games (the same bot seeds on the same dice would replay one game)."""
    return (game_seed * 1_000_003 + seat_index * 7919 + rotation * 104_729 + 17) % (1 << 62)


def _numbers(res: Mapping[str, Any]) -> dict[str, float]:
    return {
        k: v
        for k, v in res.items()
        if k not in ("outcome", "reason", "turn")
        and isinstance(v, int | float)
        and not isinstance(v, bool)
    }


def play_game(
    index: int,
    seed: int,
    lineup: Lineup,
    scenario: str | None = None,
    options: dict[str, Any] | None = None,
    max_decisions: int = MAX_DECISIONS,
    game_id: str = DEFAULT_GAME,
    moves: list[str] | None = None,
) -> ArenaGame:
    """Play one game: ``lineup`` gives each team its (label, bot name). With ``moves``, each
    action applied is appended to it (the game's record, :func:`game_record`)."""
    g = game(game_id)
    team = team_of(g)
    ag = ArenaGame(
        index,
        seed,
        {t: lb[0] for t, lb in lineup.items()},
        {t: lb[1] for t, lb in lineup.items()},
        game_id,
    )
    start = time.perf_counter()
    seat_label = {seat: lineup[team[seat]][0] for seat in g.seats}
    rotation = index % max(1, len(g.teams()))
    bots = {
        seat: make_bot(lineup[team[seat]][1], bot_seed(seed, i, rotation), game_id)
        for i, seat in enumerate(g.seats)
    }
    for label in seat_label.values():
        ag.decisions[label] = 0
        ag.think[label] = 0.0
        ag.slowest[label] = 0.0
    seat = ""
    try:
        s = g.new_game(scenario or g.default_scenario, options, seed)
        while g.outcome(s) is None:
            seat = g.to_act(s) or ""
            if not seat:
                raise RuntimeError("no seat is to act and the game has no outcome")
            v = g.view(s, seat)
            t0 = time.perf_counter()
            text = bots[seat].choose(v)
            dt = time.perf_counter() - t0
            label = seat_label[seat]
            ag.decisions[label] += 1
            ag.think[label] += dt
            if dt > ag.slowest[label]:
                ag.slowest[label] = dt
            g.apply_unchecked(s, g.check(s, str(text), seat))
            ag.actions += 1
            if moves is not None:
                moves.append(str(text))
            if ag.actions > max_decisions:
                raise RuntimeError(f"the game did not end within {max_decisions} decisions")
    except Exception as e:  # a bot's failure or an illegal answer ends the game as an error
        ag.outcome = "error"
        who = f"{seat_label.get(seat, '?')} ({seat})" if seat else "?"
        ag.error = f"game {index} (seed {seed}), {who}: {type(e).__name__}: {e}"
    else:
        res = g.outcome(s) or {}
        ag.outcome = str(res.get("outcome", ""))
        ag.reason = str(res.get("reason", ""))
        turn = res.get("turn")
        ag.turn = turn if isinstance(turn, int) else 0
        ag.numbers = _numbers(res)
        ag.winner = ag.teams.get(ag.outcome)
    for seat, bot in bots.items():
        stats = getattr(bot, "stats", None)
        if callable(stats):
            mine = ag.bot_stats.setdefault(seat_label[seat], {})
            for k, v in stats().items():
                was = mine.get(k, 0.0)
                mine[k] = max(was, v) if k.startswith("slowest") else was + v
    ag.seconds = time.perf_counter() - start
    return ag


def _play(args: tuple[Any, ...]) -> dict[str, Any]:
    index, seed, lineup, scenario, options, max_decisions, game_id, keep_moves = args
    moves: list[str] | None = [] if keep_moves else None
    played = asdict(
        play_game(index, seed, lineup, scenario, options, max_decisions, game_id, moves)
    )
    if moves is not None:
        played[MOVES] = moves  # taken off again by the caller (:func:`_keep_moves`)
    return played


MOVES = "moves"
"""The key of a game's actions in what :func:`_play` returns, when they were asked for."""


def game_record(played: dict[str, Any], scenario: str, options: dict[str, Any] | None) -> Any:
    """The record of a game :func:`_play` played with its moves kept, as ``greatwar replay``
    reads it (:class:`~greatwar.core.session.GameRecord`'s JSON form)."""
    from greatwar.core.session import GameRecord

    g = game(played["game"])
    record = GameRecord(
        played["game"], scenario, dict(options or {}), played["seed"], played[MOVES], g.version
    )
    return record.to_json()


def _keep_moves(
    played: dict[str, Any], games_dir: Path | None, scenario: str, options: dict[str, Any] | None
) -> dict[str, Any]:
    """Take a game's moves off its result; with ``games_dir``, first write its record there as
    ``game-INDEX.json`` (whole or not at all: a temporary file renamed)."""
    if games_dir is not None and MOVES in played:
        doc = game_record(played, scenario, options)
        path = games_dir / f"game-{played['index']:03d}.json"
        part = path.with_name(path.name + ".part")
        try:
            part.write_text(json.dumps(doc) + "\n", encoding="utf-8")
            os.replace(part, path)
        except OSError as e:
            raise RecordError(f"{path}: {e.strerror or e}", path) from None
    played.pop(MOVES, None)
    return played


def schedule(
    bots: tuple[str, ...], games: int, seed: int, teams: tuple[str, ...]
) -> list[tuple[int, int, Lineup]]:
    """The games of a series: (index, game seed, lineup). Game ``i`` of a rotation gives team
    ``j`` the bot ``(i + j) mod n``."""
    if len(bots) != len(teams):
        raise ValueError(f"give one bot per team ({', '.join(teams)}), not {len(bots)}")
    named = list(zip(labels(bots), bots, strict=True))
    n = len(teams)
    seeds = pair_seeds(seed, (games + n - 1) // n)
    out = []
    for i in range(games):
        r = i % n
        out.append((i, seeds[i // n], {t: named[(j + r) % n] for j, t in enumerate(teams)}))
    return out


class RecordError(ValueError):
    """A record file that cannot be used for this series (another series's, or damaged);
    ``path`` names the file, so a caller can tell which of its records it was."""

    def __init__(self, message: str, path: Path) -> None:
        super().__init__(message)
        self.path = path


class Record:
    """The games of one series, kept in a file as they finish (JSON lines).

    The first line describes the series (game, scenario, bots, games, seed, options); each
    other line is one finished game. A file written for another series is refused, so games of
    two series never mix. A last line cut short by a crash is dropped (that game is played
    again); any other damage is refused with the line's number.
    """

    def __init__(self, path: Path, series: dict[str, Any]) -> None:
        self.path = path
        self.series = series
        self.games: dict[int, dict[str, Any]] = {}
        try:
            if path.exists() and path.stat().st_size > 0:
                self._read()
            else:
                self._write_lines([json.dumps({"series": series})], mode="w")
        except (OSError, UnicodeDecodeError) as e:
            raise RecordError(f"{path}: {getattr(e, 'strerror', None) or e}", path) from None

    def _read(self) -> None:
        theirs, self.games, kept, whole = parse_record(self.path)
        if theirs != self.series:
            raise RecordError(
                f"{self.path} records another series ({_describe(theirs)}), not this one "
                f"({_describe(self.series)}): give the same options or another file",
                self.path,
            )
        if not whole:
            self._write_lines(kept, mode="w")  # drop the cut-off line before appending

    def add(self, played: dict[str, Any]) -> None:
        try:
            self._write_lines([json.dumps(played)], mode="a")
        except OSError as e:
            raise RecordError(f"{self.path}: {e.strerror or e}", self.path) from None
        self.games[int(played["index"])] = played

    def _write_lines(self, lines: list[str], mode: str) -> None:
        with self.path.open(mode, encoding="utf-8") as f:
            f.write("".join(line + "\n" for line in lines))
            f.flush()
            os.fsync(f.fileno())


def parse_record(path: Path) -> tuple[Any, dict[int, dict[str, Any]], list[str], bool]:
    """Read a record, changing nothing: its series (what its first line says), its games by
    index, its lines up to the last whole one, and whether its last line is whole. A last line
    cut short by a crash is left out (it may be the game being written now); any other damage
    is refused with the line's number."""
    try:
        lines = path.read_text(encoding="utf-8").split("\n")
    except (OSError, UnicodeDecodeError) as e:
        raise RecordError(f"{path}: {getattr(e, 'strerror', None) or e}", path) from None
    complete = lines[-1] == ""  # every line written whole ends with a newline
    body = lines[:-1] if complete else lines
    try:
        head = json.loads(body[0])
    except (json.JSONDecodeError, IndexError):
        raise RecordError(f"{path}: line 1 is not a series record", path) from None
    series = head.get("series") if isinstance(head, dict) else None
    games: dict[int, dict[str, Any]] = {}
    kept = [body[0]]
    for n, line in enumerate(body[1:], start=2):
        try:
            played = json.loads(line)
            index = int(played["index"])
        except (json.JSONDecodeError, KeyError, TypeError, ValueError):
            if n == len(body) and not complete:
                break  # the game being written when the run stopped: played again
            raise RecordError(f"{path}: line {n} is not a finished game", path) from None
        games[index] = played
        kept.append(line)
    return series, games, kept, complete


def _describe(series: Any) -> str:
    if not isinstance(series, dict):
        return "unknown"
    bots = ",".join(series.get("bots", []))
    return (
        f"{series.get('game')} {series.get('scenario')}, bots {bots}, "
        f"{series.get('games')} games, seed {series.get('seed')}"
    )


def run_arena(
    bots: tuple[str, ...],
    games: int,
    scenario: str | None = None,
    seed: int = 1,
    options: dict[str, Any] | None = None,
    workers: int = 1,
    progress: Callable[[int], None] | None = None,
    max_decisions: int = MAX_DECISIONS,
    game_id: str = DEFAULT_GAME,
    ray: Ray | None = None,
    record: Path | None = None,
    so_far: bool = False,
    against_record: Path | None = None,
    games_dir: Path | None = None,
) -> dict[str, Any]:
    """Play a series and summarise it (see :func:`summarise`): in ``workers`` local processes,
    or on Ray with ``ray`` (the same results either way). With ``record``, the games already in
    that file are not played again (see :class:`Record`); ``seconds`` is this run's time. With
    ``so_far`` as well, nothing is played: the summary is of the games the record holds. With
    ``against_record`` as well, the summary's ``against`` compares them with the same games of
    that record (:func:`against`). With ``games_dir``, each game played now is also written
    there as a game record (``game-INDEX.json``, :func:`game_record`): it can be replayed and
    read move by move without playing it again."""
    if so_far and record is None:
        raise ValueError("so_far reports a record's games: give the record")
    if against_record is not None and record is None:
        raise ValueError("against_record compares a record's games: give the record")
    g = game(game_id)
    for name in bots:
        check_bot_name(name, game_id)
    teams = tuple(t.id for t in g.teams())
    sc = scenario or g.default_scenario
    if games_dir is not None and not so_far:
        try:
            games_dir.mkdir(parents=True, exist_ok=True)
        except OSError as e:
            raise RecordError(f"{games_dir}: {e.strerror or e}", games_dir) from None
    keep = games_dir is not None
    jobs = [
        (i, gs, lineup, sc, options, max_decisions, game_id, keep)
        for i, gs, lineup in schedule(bots, games, seed, teams)
    ]
    start = time.perf_counter()
    series: dict[str, Any] = {}
    if record is None:
        done: dict[int, dict[str, Any]] = {}
        for i, result in fan_out(_play, jobs, workers, ray):
            done[i] = _keep_moves(result, games_dir, sc, options)
            if progress is not None:
                progress(len(done))
        played = [done[i] for i in range(len(jobs))]
    else:
        series = {
            "game": game_id,
            "scenario": sc,
            "bots": list(bots),
            "games": games,
            "seed": seed,
            "options": options or {},
        }
        if so_far and not record.exists():
            raise RecordError(f"{record}: no such record; play some of the series first", record)
        if against_record is not None:
            against(series, [], against_record)  # refused now, not after the games
        kept = Record(record, series)
        todo = [] if so_far else [job for job in jobs if job[0] not in kept.games]
        if progress is not None:
            progress(len(kept.games))
        for _, result in fan_out(_play, todo, workers, ray):
            kept.add(_keep_moves(result, games_dir, sc, options))
            if progress is not None:
                progress(len(kept.games))
        played = [kept.games[i] for i in range(games) if i in kept.games]
    summary = summarise(bots, played, teams)
    if against_record is not None:
        summary["against"] = against(series, played, against_record)
    summary.update(
        game=game_id,
        scenario=sc,
        seed=seed,
        workers=workers,
        ray=ray.describe() if ray else None,
        seconds=round(time.perf_counter() - start, 2),
    )
    return summary


def against(series: dict[str, Any], played: list[dict[str, Any]], other: Path) -> dict[str, Any]:
    """This series's games beside the same games of another record: the same game, scenario,
    seed and number of games, so each index is the same seed with the same sides, and the
    bots the same but for the first (another release of it, say). Counts the first bot's
    wins in both, overall and by team, on the games both hold (an error in either leaves a
    game out), the games whose winner differs, and the exact two-sided sign test of those
    (how likely so uneven a split of them is if neither release is the better)."""
    if not other.exists():
        raise RecordError(f"{other}: no such record to compare with", other)
    theirs, games, _, _ = parse_record(other)
    keys = ("game", "scenario", "seed", "games", "options")
    if (
        not isinstance(theirs, dict)
        or any(theirs.get(k) != series.get(k) for k in keys)
        or not isinstance(theirs.get("bots"), list)
        or len(theirs["bots"]) != len(series["bots"])
        or theirs["bots"][1:] != series["bots"][1:]
    ):
        raise RecordError(
            f"{other} records another series ({_describe(theirs)}): compare a record of the "
            f"same game, scenario, seed and games, whose bots differ in the first alone",
            other,
        )
    mine_label = labels(tuple(series["bots"]))[0]
    their_label = labels(tuple(theirs["bots"]))[0]
    both = [
        p
        for p in played
        if not p["error"]
        and p["index"] in games
        and not games[p["index"]]["error"]
        and games[p["index"]]["seed"] == p["seed"]
    ]
    wins = {"this": 0, "other": 0}
    by_team: dict[str, dict[str, int]] = {}
    only_this: list[int] = []
    only_other: list[int] = []
    for p in both:
        q = games[p["index"]]
        team = next(t for t, label in p["teams"].items() if label == mine_label)
        row = by_team.setdefault(team, {"games": 0, "this": 0, "other": 0})
        row["games"] += 1
        here, there = p["winner"] == mine_label, q["winner"] == their_label
        wins["this"] += here
        wins["other"] += there
        row["this"] += here
        row["other"] += there
        if here and not there:
            only_this.append(p["index"])
        elif there and not here:
            only_other.append(p["index"])
    return {
        "other": str(other),
        "other_bots": list(theirs["bots"]),
        "games": len(both),
        "wins": wins,
        "by_team": by_team,
        "only_this": only_this,
        "only_other": only_other,
        "sign_test_p": sign_test(len(only_this), len(only_other)),
    }


def sign_test(a: int, b: int) -> float:
    """The exact two-sided sign test: the chance of a split of ``a + b`` coin tosses at least
    as uneven as ``a`` to ``b``."""
    n = a + b
    tail = sum(math.comb(n, i) for i in range(min(a, b) + 1)) / 2**n if n else 1.0
    return round(min(1.0, 2 * tail), 4)


def _rate(n: int, d: int) -> float:
    return round(n / d, 4) if d else 0.0


def summarise(
    bots: tuple[str, ...], played: list[dict[str, Any]], teams: tuple[str, ...]
) -> dict[str, Any]:
    """Plain data about a series of games."""
    names = labels(bots)
    wins = {n: 0 for n in names}
    team_games = {n: {t: 0 for t in teams} for n in names}
    team_wins = {n: {t: 0 for t in teams} for n in names}
    decisions = {n: 0 for n in names}
    think = {n: 0.0 for n in names}
    slowest = {n: 0.0 for n in names}
    searched = {n: [0, 0.0, 0.0] for n in names}  # decisions searched, their time, the longest
    outcomes: dict[str, int] = {}
    reasons: dict[str, int] = {}
    numbers: dict[str, list[float]] = {}
    turns: list[int] = []
    errors: list[str] = []
    no_winner = 0
    for p in played:
        for t, label in p["teams"].items():
            team_games[label][t] += 1
        outcomes[p["outcome"]] = outcomes.get(p["outcome"], 0) + 1
        if p["error"]:
            errors.append(p["error"])
        else:
            reasons[p["reason"]] = reasons.get(p["reason"], 0) + 1
            turns.append(p["turn"])
            for k, v in p["numbers"].items():
                numbers.setdefault(k, []).append(v)
        if p["winner"]:
            wins[p["winner"]] += 1
            team_wins[p["winner"]][p["outcome"]] += 1
        elif not p["error"]:
            no_winner += 1
        for n in names:
            decisions[n] += p["decisions"].get(n, 0)
            think[n] += p["think"].get(n, 0.0)
            slowest[n] = max(slowest[n], p["slowest"].get(n, 0.0))
            own = p.get("bot_stats", {}).get(n, {})
            searched[n][0] += int(own.get("searched", 0))
            searched[n][1] += own.get("search_seconds", 0.0)
            searched[n][2] = max(searched[n][2], own.get("slowest_search", 0.0))
    total = len(played)
    by_seed: dict[int, list[dict[str, Any]]] = {}
    for p in played:
        by_seed.setdefault(p["seed"], []).append(p)
    # each whole seed pair: which bot won every game of it (from every side), or "split"
    pair_results: dict[str, int] = {n: 0 for n in names}
    pair_results["split"] = 0
    for games in by_seed.values():
        if len(games) == len(teams):
            winners = {p["winner"] for p in games}
            one = next(iter(winners)) if len(winners) == 1 else None
            pair_results[one if one else "split"] += 1
    pairs = sum(pair_results.values())
    return {
        "games": total,
        "bots": list(names),
        "teams": list(teams),
        "wins": wins,
        "draws": no_winner,
        "errors": errors,
        "win_rate": {n: _rate(wins[n], total) for n in names},
        "win_rate_by_team": {
            n: {t: _rate(team_wins[n][t], team_games[n][t]) for t in teams} for n in names
        },
        "ci95": {n: wilson(wins[n], total) for n in names},
        "ci95_by_team": {
            n: {t: wilson(team_wins[n][t], team_games[n][t]) for t in teams} for n in names
        },
        "seed_pairs": pairs,
        "seed_pair_results": pair_results,
        "median_last_turn": statistics.median(turns) if turns else None,
        "games_by_team": team_games,
        "outcomes": outcomes,
        "reasons": reasons,
        "means": {k: round(statistics.mean(v), 2) for k, v in sorted(numbers.items())},
        "mean_last_turn": round(statistics.mean(turns), 2) if turns else None,
        "decisions": decisions,
        "seconds_per_decision": {
            n: round(think[n] / decisions[n], 6) if decisions[n] else 0.0 for n in names
        },
        "max_seconds_per_decision": {n: round(slowest[n], 4) for n in names},
        "game_seconds": round(sum(p["seconds"] for p in played), 2),
        "searched": {
            n: {
                "decisions": int(k),
                "seconds_per_decision": round(t / k, 4),
                "max_seconds_per_decision": round(m, 4),
            }
            for n, (k, t, m) in searched.items()
            if k
        },
        "results": [
            {
                "game": p["index"],
                "seed": p["seed"],
                "teams": p["teams"],
                "outcome": p["outcome"],
                "reason": p["reason"],
                "turn": p["turn"],
                **p["numbers"],
            }
            for p in played
        ],
    }


# -- ratings --------------------------------------------------------------------------------


def fit_ratings(names: list[str], results: list[tuple[str, str, float]]) -> dict[str, float]:
    """One rating per bot from ``results`` (``(a, b, score of a)``, 1 a win, 0.5 a draw, 0 a
    loss): a Bradley-Terry model fitted by ``choix`` (lightly regularised, so a bot that won
    or lost everything still gets a finite rating), on the Elo scale (400 points: ten to one
    odds), the first bot at 0."""
    try:
        import choix
    except ImportError as e:  # pragma: no cover - the ratings extra is missing
        raise RuntimeError("ratings need the choix library: pip install 'greatwar[ratings]'") from e
    ix = {n: i for i, n in enumerate(names)}
    data: list[tuple[int, int]] = []
    for a, b, score in results:
        # each game counts twice (a draw: one win each way)
        wins_a = round(2 * score)
        data += [(ix[a], ix[b])] * wins_a + [(ix[b], ix[a])] * (2 - wins_a)
    if not data:
        return {n: 0.0 for n in names}
    params = choix.opt_pairwise(len(names), data, alpha=0.01)
    scale = 400 / math.log(10)
    base = float(params[0])
    return {n: round((float(params[ix[n]]) - base) * scale, 1) for n in names}


def run_ratings(
    bots: tuple[str, ...],
    games: int,
    scenario: str | None = None,
    seed: int = 1,
    options: dict[str, Any] | None = None,
    workers: int = 1,
    progress: Callable[[int], None] | None = None,
    max_decisions: int = MAX_DECISIONS,
    game_id: str = DEFAULT_GAME,
) -> dict[str, Any]:
    """A round robin of two-team series (``games`` games for every pair of ``bots``, seed-
    paired) and the ratings fitted to all of them. Only for games of two teams."""
    g = game(game_id)
    teams = tuple(t.id for t in g.teams())
    if len(teams) != 2:
        raise ValueError("ratings are fitted for games of two teams")
    if len(set(bots)) != len(bots) or len(bots) < 2:
        raise ValueError("give two or more different bots to rate")
    done = 0
    series = []
    results: list[tuple[str, str, float]] = []
    for a, b in itertools.combinations(bots, 2):

        def step(n: int, before: int = done) -> None:
            if progress is not None:
                progress(before + n)

        res = run_arena(
            (a, b), games, scenario, seed, options, workers, step, max_decisions, game_id
        )
        done += games
        series.append(res)
        for r in res["results"]:
            winner = r["teams"].get(r["outcome"])
            if r["outcome"] == "error":
                continue
            score = 1.0 if winner == a else 0.0 if winner == b else 0.5
            results.append((a, b, score))
    ratings = fit_ratings(list(bots), results)
    return {
        "game": game_id,
        "bots": list(bots),
        "games_per_pair": games,
        "ratings": ratings,
        "series": [
            {
                "bots": s["bots"],
                "wins": s["wins"],
                "draws": s["draws"],
                "win_rate": s["win_rate"],
                "ci95": s["ci95"],
                "win_rate_by_team": s["win_rate_by_team"],
                "errors": s["errors"],
            }
            for s in series
        ],
    }
