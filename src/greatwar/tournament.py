"""Tournaments: a round robin or a Swiss among bots, or the games of a tournament between people
on a server's store, and the results table with every game's record for audit.

Any game of two teams (``teams()`` of its descriptor). A *player* plays one team per game; a
*pairing* is two players at one table of a round, who play ``per_pairing`` games there (with
two or more, the sides alternate and each pair of games shares a seed, as in the arena).

- Round robin (:func:`round_robin`): every pair of players meets once; the rounds follow the
  circle method with Berger's sides, so nobody plays twice in a round (a bye for an odd number
  of players) and nobody has the first team twice more often than another.
- Swiss (:func:`swiss`): each round pairs players of equal score (ties broken by the seeded
  order), never twice the same pair while another pairing is possible; an odd player out gets
  a bye, never twice while another can take it. Sides alternate: the first game of a
  pairing gives the first team to the player who had it less often.

Scoring: a win is 1 point, a draw (an outcome that is no team) half, a loss or a game that
failed 0; a bye is worth a pairing won (``per_pairing`` points). Standings are by points,
then by the sum of the opponents' points (Buchholz), then by name. Bots play through
:func:`greatwar.fanout.run_all` (this process, local processes or Ray; where the games ran
changes nothing), each seat asked with its own view only and its answer checked by the
engine; each game is kept as its record (``greatwar.record/1``).

Between people (:func:`create_games`), the games are created on a server's store with the same
scenario, options (a bid included) and clock, each person receiving one link per game; the
tournament file (:class:`Tournament`, JSON) lists the games and who plays which team, and never
a token. :func:`collect` reads the games' results from the store; a Swiss's next round is made
from them (:func:`next_round`).
"""

from __future__ import annotations

import csv
import io
import json
import random
import time
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from greatwar.arena import MAX_DECISIONS, bot_seed, labels, pair_seeds
from greatwar.bots import check_bot_name, make_bot
from greatwar.core.games import Game, game, team_of
from greatwar.core.session import Session
from greatwar.fanout import Ray, run_all

BYE = "(bye)"
SYSTEMS = ("round-robin", "swiss")
MAX_GAMES = 1000
FORMAT = "greatwar.tournament/1"


@dataclass(frozen=True)
class Pairing:
    """Two players at one table of a round (``black`` is BYE for a bye)."""

    round: int
    table: int
    white: str  # takes the first team in the pairing's first game
    black: str


@dataclass
class Result:
    """One game of a tournament."""

    round: int
    table: int
    game_no: int  # the game's number at its table
    sides: dict[str, str]  # team id -> player
    game_id: str = ""  # the store's id (games between people)
    seed: int | None = None
    status: str = "over"  # over | playing | error | bye
    outcome: str = ""  # a team id, a word of the game's (draw...), or error
    reason: str = ""
    winner: str | None = None
    points: dict[str, float] = field(default_factory=dict)  # player -> points of this game
    decisions: int = 0
    seconds: float = 0.0
    error: str | None = None
    record: dict[str, Any] | None = None


def _points(
    sides: dict[str, str], outcome: str, status: str
) -> tuple[str | None, dict[str, float]]:
    if status != "over":
        return None, {p: 0.0 for p in sides.values()} if status == "error" else {}
    winner = sides.get(outcome)
    if winner is not None:
        return winner, {p: 1.0 if p == winner else 0.0 for p in sides.values()}
    return None, {p: 0.5 for p in sides.values()}


# -- pairings ----------------------------------------------------------------------------------


def round_robin(players: Sequence[str]) -> list[Pairing]:
    """Every pair once, in rounds by the circle method (a bye when the number is odd); the
    first team goes to each player about as often as the second."""
    names = list(players)
    if len(names) % 2:
        names.insert(0, BYE)  # the fixed place: each round's bye is its first table
    n = len(names)
    out = []
    ring = names[1:]
    for r in range(n - 1):
        row = [names[0], *ring]
        for i in range(n // 2):
            a, b = row[i], row[n - 1 - i]
            if (i == 0 and r % 2) or (i > 0 and i % 2):  # Berger's sides: nobody two ahead
                a, b = b, a
            if a == BYE:
                a, b = b, a
            out.append(Pairing(r + 1, i + 1, a, b))
        ring = ring[-1:] + ring[:-1]
    return out


def standings(players: Sequence[str], results: Sequence[Result]) -> list[dict[str, Any]]:
    """Points, wins, draws, losses, games and Buchholz per player, best first."""
    rows: dict[str, dict[str, Any]] = {
        p: {"player": p, "points": 0.0, "wins": 0, "draws": 0, "losses": 0, "games": 0}
        for p in players
    }
    met: dict[str, list[str]] = {p: [] for p in players}
    for r in results:
        if r.status == "bye":
            for p in r.sides.values():
                rows[p]["points"] += r.points.get(p, 1.0)
            continue
        if r.status not in ("over", "error"):
            continue
        names = list(r.sides.values())
        for p in names:
            rows[p]["games"] += 1
            got = r.points.get(p, 0.0)
            rows[p]["points"] += got
            key = "wins" if got == 1 else "draws" if got == 0.5 else "losses"
            rows[p][key] += 1
            met[p].extend(q for q in names if q != p)
    for p in players:
        rows[p]["buchholz"] = sum(rows[q]["points"] for q in met[p])
    return sorted(rows.values(), key=lambda x: (-x["points"], -x["buchholz"], x["player"]))


def swiss(
    players: Sequence[str], results: Sequence[Result], round_no: int, seed: int = 1
) -> list[Pairing]:
    """The pairings of the next round of a Swiss (see the module docstring)."""
    order = list(players)
    random.Random(seed * 7919 + round_no).shuffle(order)  # the tie-break among equals
    points = {row["player"]: row["points"] for row in standings(players, results)}
    ranked = sorted(order, key=lambda p: -points[p])
    met: set[frozenset[str]] = set()
    byes: set[str] = set()
    first: dict[str, int] = {p: 0 for p in players}
    for r in results:
        names = list(r.sides.values())
        if r.status == "bye":
            byes.update(names)
            continue
        if len(names) == 2:
            met.add(frozenset(names))
        if r.game_no == 1 and names:
            first[names[0]] = first.get(names[0], 0) + 1
    bye = None
    if len(ranked) % 2:
        bye = next((p for p in reversed(ranked) if p not in byes), ranked[-1])
        ranked.remove(bye)
    pairs = _pair(ranked, met) or _pair(ranked, set())
    assert pairs is not None
    out = []
    for i, (a, b) in enumerate(pairs):
        if first[a] > first[b]:
            a, b = b, a
        out.append(Pairing(round_no, i + 1, a, b))
    if bye is not None:
        out.append(Pairing(round_no, len(out) + 1, bye, BYE))
    return out


def _pair(ranked: list[str], met: set[frozenset[str]]) -> list[tuple[str, str]] | None:
    """Pair from the top down, each with the next player not yet met (backtracking)."""
    if not ranked:
        return []
    top, rest = ranked[0], ranked[1:]
    for i, other in enumerate(rest):
        if frozenset((top, other)) in met:
            continue
        tail = _pair(rest[:i] + rest[i + 1 :], met)
        if tail is not None:
            return [(top, other), *tail]
    return None


# -- bots --------------------------------------------------------------------------------------


def play_recorded(
    index: int,
    game_id: str,
    scenario: str,
    options: dict[str, Any] | None,
    seed: int,
    lineup: dict[str, str],  # team id -> bot name
    max_decisions: int = MAX_DECISIONS,
) -> dict[str, Any]:
    """Play one game between bots (every seat of a team by its own copy of the team's bot),
    and return its outcome and record."""
    g = game(game_id)
    team = team_of(g)
    start = time.perf_counter()
    bots = {
        seat: make_bot(lineup[team[seat]], bot_seed(seed, i), game_id)
        for i, seat in enumerate(g.seats)
    }
    session = Session.new(g, scenario, options, seed)
    out: dict[str, Any] = {"index": index, "outcome": "", "reason": "", "error": None}
    seat = ""
    try:
        while not session.over:
            seat = session.to_act or ""
            if not seat:
                raise RuntimeError("no seat is to act and the game has no outcome")
            session.apply(str(bots[seat].choose(session.view(seat))), seat)
            if len(session.record.actions) > max_decisions:
                raise RuntimeError(f"the game did not end within {max_decisions} decisions")
    except Exception as e:
        out["outcome"] = "error"
        out["error"] = f"{lineup.get(team.get(seat, ''), '?')} ({seat}): {type(e).__name__}: {e}"
    else:
        res = session.outcome or {}
        out["outcome"] = str(res.get("outcome", ""))
        out["reason"] = str(res.get("reason", ""))
    out["decisions"] = len(session.record.actions)
    out["record"] = session.record.to_json()
    out["seconds"] = round(time.perf_counter() - start, 3)
    return out


def _play(job: tuple[Any, ...]) -> dict[str, Any]:
    return play_recorded(*job)


def _two_teams(g: Game[Any]) -> tuple[str, str]:
    teams = tuple(t.id for t in g.teams())
    if len(teams) != 2:
        raise ValueError(f"{g.title} is not a game of two teams")
    return teams[0], teams[1]


def _games_of(pairings: Sequence[Pairing], teams: tuple[str, str], per: int) -> list[Result]:
    out = []
    for p in pairings:
        if p.black == BYE:
            out.append(Result(p.round, p.table, 0, {"bye": p.white}, status="bye"))
            continue
        for k in range(per):
            a, b = (p.white, p.black) if k % 2 == 0 else (p.black, p.white)
            out.append(Result(p.round, p.table, k + 1, {teams[0]: a, teams[1]: b}))
    return out


def run_bots(
    bots: Sequence[str],
    game_id: str,
    scenario: str | None = None,
    options: dict[str, Any] | None = None,
    system: str = "round-robin",
    rounds: int | None = None,
    per_pairing: int = 2,
    seed: int = 1,
    max_games: int = 200,
    workers: int = 1,
    ray: Ray | None = None,
    max_decisions: int = MAX_DECISIONS,
    progress: Callable[[str], None] | None = None,
) -> dict[str, Any]:
    """Play a tournament among ``bots`` (names; a bot named twice plays as name#1, name#2)."""
    g = game(game_id)
    teams = _two_teams(g)
    for name in bots:
        check_bot_name(name, game_id)
    if len(bots) < 2:
        raise ValueError("a tournament needs two players or more")
    if system not in SYSTEMS:
        raise ValueError(f"unknown system {system!r}; expected {' or '.join(SYSTEMS)}")
    if per_pairing < 1:
        raise ValueError("a pairing plays one game or more")
    players = list(labels(tuple(bots)))
    bot_of = dict(zip(players, bots, strict=True))
    sc = scenario or g.default_scenario
    opts = g.normalise_options(sc, options)
    if system == "round-robin":
        schedule = round_robin(players)
        total_rounds = max(p.round for p in schedule)
        rounds = min(rounds or total_rounds, total_rounds)
        schedule = [p for p in schedule if p.round <= rounds]
    else:
        rounds = rounds or max(1, (len(players) - 1).bit_length())
    games_a_round = (len(players) // 2) * per_pairing
    if games_a_round * rounds > max_games:
        raise ValueError(
            f"{rounds} rounds of {games_a_round} games is over the bound of {max_games} games "
            "(--max-games)"
        )
    seeds = iter(pair_seeds(seed, MAX_GAMES))
    results: list[Result] = []
    for r in range(1, rounds + 1):
        pairings = (
            [p for p in schedule if p.round == r]
            if system == "round-robin"
            else swiss(players, results, r, seed)
        )
        fresh = _games_of(pairings, teams, per_pairing)
        played = [x for x in fresh if x.status != "bye"]
        pair_seed = 0
        for x in played:  # games 1 and 2 of a table share a seed (sides swapped), 3 and 4...
            if x.game_no % 2 == 1:
                pair_seed = next(seeds)
            x.seed = pair_seed
        jobs = [
            (
                i,
                g.id,
                sc,
                opts,
                x.seed,
                {t: bot_of[p] for t, p in x.sides.items()},
                max_decisions,
            )
            for i, x in enumerate(played)
        ]
        for x, done in zip(played, run_all(_play, jobs, workers, ray), strict=True):
            x.status = "error" if done["outcome"] == "error" else "over"
            x.outcome, x.reason, x.error = done["outcome"], done["reason"], done["error"]
            x.decisions, x.seconds, x.record = done["decisions"], done["seconds"], done["record"]
            x.winner, x.points = _points(x.sides, x.outcome, x.status)
        for x in fresh:
            if x.status == "bye":  # worth a pairing won
                x.points = {x.sides["bye"]: float(per_pairing)}
        results.extend(fresh)
        if progress is not None:
            progress(f"round {r} of {rounds}: {len(played)} games played")
    return report(g, sc, opts, system, players, results, {"bots": bot_of, "seed": seed})


def report(
    g: Game[Any],
    scenario: str,
    options: dict[str, Any] | None,
    system: str,
    players: Sequence[str],
    results: Sequence[Result],
    more: dict[str, Any] | None = None,
) -> dict[str, Any]:
    """The tournament's results as plain data: standings and every game with its record."""
    return {
        "format": "greatwar.tournament-results/1",
        "game": g.id,
        "title": g.title,
        "engine_version": g.version,
        "scenario": scenario,
        "options": options,
        "system": system,
        "players": list(players),
        **(more or {}),
        "standings": standings(players, results),
        "games": [asdict(r) for r in results],
    }


COLUMNS = (
    "round",
    "table",
    "game_no",
    "game_id",
    "seed",
    "first_team",
    "first",
    "second_team",
    "second",
    "status",
    "outcome",
    "reason",
    "winner",
    "decisions",
    "error",
)


def results_csv(doc: dict[str, Any]) -> str:
    """The results table: one row per game (the records are in the JSON)."""
    buf = io.StringIO()
    w = csv.writer(buf, lineterminator="\n")
    w.writerow(COLUMNS)
    for r in doc["games"]:
        sides = list(r["sides"].items())
        (t1, p1), (t2, p2) = (sides + [("", "")] * 2)[:2]
        row = {
            **r,
            "first_team": t1,
            "first": p1,
            "second_team": t2,
            "second": p2,
        }
        w.writerow(["" if row.get(c) is None else row.get(c) for c in COLUMNS])
    return buf.getvalue()


def standings_csv(doc: dict[str, Any]) -> str:
    buf = io.StringIO()
    w = csv.writer(buf, lineterminator="\n")
    cols = ("player", "points", "wins", "draws", "losses", "games", "buchholz")
    w.writerow(("rank", *cols))
    for i, row in enumerate(doc["standings"]):
        w.writerow((i + 1, *(row[c] for c in cols)))
    return buf.getvalue()


def export(doc: dict[str, Any], out: Path) -> list[Path]:
    """Write ``results.json`` (everything, records included), ``results.csv`` (a row per
    game) and ``standings.csv`` under ``out``."""
    out.mkdir(parents=True, exist_ok=True)
    paths = [out / "results.json", out / "results.csv", out / "standings.csv"]
    paths[0].write_text(json.dumps(doc, indent=1) + "\n", encoding="utf-8")
    paths[1].write_text(results_csv(doc), encoding="utf-8")
    paths[2].write_text(standings_csv(doc), encoding="utf-8")
    return paths


# -- people on a server's store ----------------------------------------------------------------


@dataclass
class Tournament:
    """A tournament between people: its set-up and its games on a store (no tokens)."""

    name: str
    game: str
    scenario: str
    options: dict[str, Any] | None
    clock: Any
    system: str
    rounds: int
    per_pairing: int
    players: list[str]
    seed: int = 1
    games: list[dict[str, Any]] = field(default_factory=list)  # round, table, game_no, id, sides

    def to_json(self) -> dict[str, Any]:
        return {"format": FORMAT, **asdict(self)}

    @classmethod
    def load(cls, path: Path) -> Tournament:
        doc = json.loads(path.read_text(encoding="utf-8"))
        if not isinstance(doc, dict) or doc.get("format") != FORMAT:
            raise ValueError(f"{path} is not a greatwar tournament file")
        doc.pop("format")
        return cls(**doc)

    def save(self, path: Path) -> None:
        path.write_text(json.dumps(self.to_json(), indent=1) + "\n", encoding="utf-8")


@dataclass(frozen=True)
class Link:
    """One person's link to one game (printed once; never stored by the kit)."""

    player: str
    round: int
    table: int
    game_id: str
    team: str
    url: str


def create_games(
    service: Any,  # greatwar.server.games.GameService (the engines know nothing of servers)
    t: Tournament,
    pairings: Sequence[Pairing],
    public_url: str,
) -> list[Link]:
    """Create the games of ``pairings`` on the service's store, note them in ``t`` and return
    every person's link."""
    g = game(t.game)
    teams = _two_teams(g)
    seats = {tid: [s for s, x in team_of(g).items() if x == tid] for tid in teams}
    links = []
    for x in _games_of(pairings, teams, t.per_pairing):
        if x.status == "bye":
            t.games.append(
                {"round": x.round, "table": x.table, "game_no": 0, "id": "", "sides": x.sides}
            )
            continue
        live, people = service.create(
            t.scenario,
            t.options,
            {s: "human" for s in g.seats},
            None,
            g.id,
            [seats[teams[0]], seats[teams[1]]],
            seats[teams[0]][0],
            True,
            t.clock,
        )
        t.games.append(
            {
                "round": x.round,
                "table": x.table,
                "game_no": x.game_no,
                "id": live.id,
                "sides": x.sides,
            }
        )
        for person in people:
            team = team_of(g)[person.seats[0]]
            links.append(
                Link(
                    x.sides[team],
                    x.round,
                    x.table,
                    live.id,
                    team,
                    f"{public_url.rstrip('/')}/play/{live.id}#{person.token}",
                )
            )
    return links


def collect(service: Any, t: Tournament) -> list[Result]:
    """The results of the tournament's games as the store has them now."""
    out = []
    for entry in t.games:
        r = Result(entry["round"], entry["table"], entry["game_no"], dict(entry["sides"]))
        r.game_id = entry["id"]
        if not r.game_id:
            r.status, r.points = "bye", {p: float(t.per_pairing) for p in r.sides.values()}
            out.append(r)
            continue
        live = service.load(r.game_id)
        session = live.session
        if session is None:
            r.status, r.error = "error", live.problem
        elif not session.over:
            r.status = "playing"
            r.decisions = session.serial
        else:
            res = session.outcome or {}
            r.outcome, r.reason = str(res.get("outcome", "")), str(res.get("reason", ""))
            r.decisions = len(session.record.actions)
            r.record = session.record.to_json()
            r.seed = live.row.seed
        r.winner, r.points = _points(r.sides, r.outcome, r.status)
        out.append(r)
    return out


def next_round(service: Any, t: Tournament, public_url: str) -> list[Link]:
    """Create the next round of a tournament between people: a Swiss's next round from the
    results so far (every game of the last round must be over), or a round robin's next."""
    results = collect(service, t)
    last = max((e["round"] for e in t.games), default=0)
    if last >= t.rounds:
        raise ValueError(f"the tournament has had all its {t.rounds} rounds")
    waiting = [r.game_id for r in results if r.status == "playing"]
    if waiting and t.system == "swiss":
        raise ValueError(f"round {last} is not over: games {', '.join(waiting)} go on")
    if t.system == "swiss":
        pairings = swiss(t.players, results, last + 1, t.seed)
    else:
        pairings = [p for p in round_robin(t.players) if p.round == last + 1]
    return create_games(service, t, pairings, public_url)
