"""The ``greatwar`` command line.

Every command takes ``--game`` (default: Paths of Glory) and works through the game's descriptor
(:mod:`greatwar.core.games`): seats, teams, scenarios, options and bots come from it.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console
from rich.markup import escape
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn
from rich.table import Table

from greatwar import __version__
from greatwar.core.games import DEFAULT_GAME, Game, games, scenario_id

app = typer.Typer(
    name="greatwar",
    help="The card-driven games of the First World War, every rule enforced: play, watch, "
    "measure. 'greatwar games' lists the games.",
    no_args_is_help=True,
    add_completion=False,
)
out = Console()
err = Console(stderr=True)

GameId = Annotated[
    str,
    typer.Option("--game", "-g", help=f"The game: {', '.join(games())} (default {DEFAULT_GAME})."),
]
Scenario = Annotated[
    str | None,
    typer.Option(
        "--scenario", "-s", help="A scenario of the game (default: its own; see 'greatwar games')."
    ),
]
Games = Annotated[int, typer.Option("--games", "-n", min=1, help="How many games to play.")]
Seed = Annotated[int, typer.Option("--seed", help="Seed of the run (each game derives its own).")]
Options = Annotated[
    str | None,
    typer.Option("--options", help="Game options as JSON, e.g. '{\"hand8\": true}'."),
]
AsJson = Annotated[bool, typer.Option("--json", help="Print one JSON object.")]
Workers = Annotated[
    int | None,
    typer.Option("--workers", "-w", min=1, help="Parallel processes (default: all cores)."),
]
UseRay = Annotated[
    bool,
    typer.Option(
        "--ray",
        help="Play the games on a Ray cluster: the one RAY_ADDRESS names, else one started here "
        "with 'ray start', else a new local one (needs pip install 'greatwar[rl]').",
    ),
]
RayAddress = Annotated[
    str | None,
    typer.Option(
        "--ray-address",
        help="Play the games on the Ray cluster at this address (host:port, ray://host:port, "
        "auto, local); implies --ray.",
    ),
]
TestsDir = Annotated[
    Path | None,
    typer.Option("--tests", help="The game's test folder in a source checkout (tests/<game>)."),
]


def _game(game_id: str) -> Game[Any]:
    from greatwar.core.games import UnknownGameError, game

    try:
        return game(game_id)
    except UnknownGameError as e:
        raise typer.BadParameter(str(e)) from None


def _options(text: str | None) -> dict[str, Any] | None:
    if not text:
        return None
    try:
        value = json.loads(text)
    except json.JSONDecodeError as e:
        raise typer.BadParameter(f"--options is not JSON: {e}") from None
    if not isinstance(value, dict):
        raise typer.BadParameter("--options must be a JSON object")
    return value


def _setup(g: Game[Any], scenario: str | None, options: str | None) -> tuple[str, Any]:
    """The scenario id and the options (checked against the game, passed on as given)."""
    from greatwar.core.errors import GameError

    opts = _options(options)
    try:
        sc = scenario_id(g, scenario) if scenario else g.default_scenario
        g.normalise_options(sc, opts)
    except GameError as e:
        raise typer.BadParameter(str(e)) from None
    return sc, opts


def _scenario_name(g: Game[Any], sc: str) -> str:
    return next((x.name for x in g.scenarios() if x.id == sc), sc)


def _bots(game_id: str) -> list[str]:
    from greatwar.bots import bot_names

    return bot_names(game_id)


def _ray(use: bool, address: str | None) -> Any:
    """The Ray cluster to fan out over (:class:`greatwar.fanout.Ray`), or None for processes."""
    from greatwar.fanout import Ray

    return Ray(address or None) if use or address else None


def _fanout_failed(e: Exception) -> typer.Exit:
    err.print(f"[red]{escape(str(e))}[/red]", soft_wrap=True)
    return typer.Exit(2)


def _progress(total: int, label: str) -> Progress:
    return Progress(
        TextColumn(label),
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
        console=err,
        transient=True,
        disable=not err.is_terminal,
    )


@app.command()
def version() -> None:
    """Print the version."""
    out.print(f"greatwar {__version__}")


@app.command("games")
def games_cmd(as_json: AsJson = False) -> None:
    """List the games with their seats, teams, scenarios, options and bots."""
    from greatwar.core.games import game

    docs: list[dict[str, Any]] = []
    for gid in games():
        g = game(gid)
        docs.append(
            {
                "id": g.id,
                "title": g.title,
                "version": g.version,
                "seats": [{"id": x.id, "name": x.name, "team": x.team} for x in g.seat_info()],
                "teams": [{"id": x.id, "name": x.name, "seats": list(x.seats)} for x in g.teams()],
                "scenarios": [
                    {"id": x.id, "name": x.name, "description": x.description}
                    for x in g.scenarios()
                ],
                "default_scenario": g.default_scenario,
                "options": {
                    x.name: {"default": x.default, "description": x.description}
                    for x in g.options(g.default_scenario)
                },
                "bots": _bots(gid),
            }
        )
    if as_json:
        sys.stdout.write(json.dumps({"games": docs}) + "\n")
        return
    for d in docs:
        out.rule(f"{d['title']} (--game {d['id']}, engine version {d['version']})")
        seats = ", ".join(f"{x['id']} ({x['name']})" for x in d["seats"])
        teams = ", ".join(f"{x['id']}: {' '.join(x['seats'])}" for x in d["teams"])
        out.print(escape(f"seats: {seats}"))
        out.print(escape(f"teams: {teams}"))
        out.print(
            escape(
                "scenarios: "
                + ", ".join(f"{x['id']} ({x['description'] or x['name']})" for x in d["scenarios"])
                + f"; default {d['default_scenario']}"
            )
        )
        out.print(escape("options: " + ", ".join(d["options"])))
        out.print(escape("bots: " + ", ".join(d["bots"])))


@app.command()
def selfplay(
    game_id: GameId = DEFAULT_GAME,
    scenario: Scenario = None,
    games: Games = 10,
    seed: Seed = 1,
    options: Options = None,
    check: Annotated[
        bool, typer.Option(help="Run the invariant checker after every action.")
    ] = False,
    verify: Annotated[
        bool, typer.Option(help="Replay every game and compare the final state hash.")
    ] = False,
    workers: Workers = None,
    ray: UseRay = False,
    ray_address: RayAddress = None,
    as_json: AsJson = False,
) -> None:
    """Play random legal games to the end and summarise them."""
    import os

    from greatwar.fanout import FanoutError
    from greatwar.selfplay import run_selfplay

    g = _game(game_id)
    sc, opts = _setup(g, scenario, options)
    try:
        with _progress(games, f"{sc} self-play") as bar:
            task = bar.add_task("games", total=games)
            summary = run_selfplay(
                sc,
                games,
                seed,
                opts,
                check=check,
                verify=verify,
                workers=workers or os.cpu_count() or 1,
                ray=_ray(ray, ray_address),
                progress=lambda n: bar.update(task, completed=n),
                game_id=game_id,
            )
    except FanoutError as failed:
        raise _fanout_failed(failed) from None
    mismatches = summary.get("replay_mismatches", [])
    if as_json:
        out.print_json(json.dumps(summary))
    else:
        table = Table(title=f"{games} random {g.title} {sc} games (seed {seed})")
        table.add_column("measure")
        table.add_column("value", justify="right")
        table.add_row("finished", f"{summary['finished']} / {summary['games']}")
        table.add_row("exceptions", str(summary["exceptions"]))
        for k, v in sorted(summary["outcomes"].items()):
            table.add_row(f"outcome: {k}", str(v))
        for k, v in sorted(summary["reasons"].items()):
            table.add_row(f"ended by: {k}", str(v))
        table.add_row("mean last turn", str(summary["mean_last_turn"]))
        table.add_row("actions", str(summary["actions"]))
        if verify:
            table.add_row("replay mismatches", str(len(mismatches)))
        out.print(table)
        for e in summary["errors"]:
            err.print(f"[red]error[/red] {escape(e)}")
    if summary["exceptions"] or summary["finished"] != summary["games"] or mismatches:
        raise typer.Exit(1)


@app.command()
def bench(
    game_id: GameId = DEFAULT_GAME,
    scenario: Scenario = None,
    games: Games = 20,
    seed: Seed = 1,
    options: Options = None,
    as_json: AsJson = False,
    profile: Annotated[
        Path | None,
        typer.Option(
            "--profile",
            help="Also write a cProfile of the whole run to this file (pstats format). Read it "
            "with 'python3 -m pstats FILE' (then e.g. 'sort cumtime' and 'stats 30', or 'sort "
            "tottime'), or draw it with 'snakeviz FILE' (pip install snakeviz). Profiling slows "
            "the run: its figures are not comparable with an unprofiled run's.",
        ),
    ] = None,
) -> None:
    """Measure random play: actions per second, seconds per game, the time of a legal-action
    listing (median, p90) and of a clone, and the game's own figures (Paths of Glory: a
    combat, a full supply recomputation, a clone and a view of a position in mid-game, a
    heuristic-against-heuristic playout). Printed, never judged."""
    import cProfile

    from greatwar.selfplay import bench as run

    g = _game(game_id)
    sc, opts = _setup(g, scenario, options)
    profiler = cProfile.Profile() if profile is not None else None
    with _progress(games, f"bench {sc}") as bar:
        task = bar.add_task("games", total=games)
        if profiler is not None:
            profiler.enable()
        try:
            result = run(
                sc,
                games,
                seed,
                opts,
                progress=lambda i: bar.update(task, completed=i),
                game_id=game_id,
            )
        finally:
            if profiler is not None:
                profiler.disable()
    if profiler is not None and profile is not None:
        profiler.dump_stats(profile)
        err.print(f"profile written to {escape(str(profile))} (read it: python3 -m pstats FILE)")
    if as_json:
        sys.stdout.write(json.dumps(result) + "\n")
        return
    table = Table(title=f"benchmark: {games} random {g.title} {sc} games")
    table.add_column("measure")
    table.add_column("value", justify="right")
    for k, v in result.items():
        if isinstance(v, dict | list):
            v = json.dumps(v)
        table.add_row(k, escape(str(v)))
    out.print(table)


@app.command()
def demo(
    game_id: GameId = DEFAULT_GAME,
    scenario: Scenario = None,
    seed: Seed = 1,
) -> None:
    """Watch the computer play a whole game against itself, then read a summary."""
    from greatwar.selfplay import play_random
    from greatwar.terminal import face_of

    g = _game(game_id)
    sc, _ = _setup(g, scenario, None)
    name = _scenario_name(g, sc)
    with err.status(f"The computer plays a {name} game of {g.title} against itself..."):
        rg = play_random(sc, seed, keep_state=True, game_id=game_id)
    if rg.error:
        err.print(f"[red]the game failed:[/red] {escape(rg.error)}")
        raise typer.Exit(1)
    face = face_of(g)
    out.rule(f"{g.title}, {name} scenario, seed {seed}")
    for item in face.story(g.view(rg.state, g.seats[0])):
        out.print(item)
    out.print(f"{len(rg.actions)} decisions in {rg.seconds:.2f} s.")
    if rg.result is not None:
        out.print(face.result(rg.result))
    else:
        out.print("No result.")


@app.command("replay")
def replay_cmd(
    path: Annotated[Path, typer.Argument(help="A game record (JSON) to replay.")],
    game_id: Annotated[
        str | None,
        typer.Option("--game", "-g", help="Refuse the record unless it is of this game."),
    ] = None,
    as_json: AsJson = False,
) -> None:
    """Replay a saved game record and print its final position's hash and result."""
    from greatwar.core.errors import GameError
    from greatwar.core.session import load_record, replay

    try:
        g, record = load_record(json.loads(path.read_text(encoding="utf-8")), game_id)
        s = replay(g, record)
    except (OSError, json.JSONDecodeError, GameError) as e:
        err.print(f"[red]cannot replay {escape(str(path))}:[/red] {escape(str(e))}", soft_wrap=True)
        raise typer.Exit(2) from None
    if record.version is not None and record.version != g.version:
        err.print(
            f"[yellow]this record was made by version {escape(record.version)} of the "
            f"{escape(g.title)} engine; this is version {escape(g.version)}[/yellow]",
            soft_wrap=True,
        )
    summary = {
        "game": g.id,
        "version": record.version,
        "actions": len(record.actions),
        "hash": g.hash(s),
        "to_act": g.to_act(s),
        "result": g.outcome(s),
    }
    if as_json:
        sys.stdout.write(json.dumps(summary) + "\n")
    else:
        out.print(summary)


def _tests_dir(tests: Path | None, game_id: str) -> Path:
    return tests if tests is not None else Path("tests") / game_id


@app.command("cards")
def cards_cmd(
    game_id: GameId = DEFAULT_GAME,
    tests: TestsDir = None,
    as_json: AsJson = False,
) -> None:
    """List every card of the game and whether its event is implemented (code and tests)."""
    from greatwar.card_report import NoReportError, report

    _game(game_id)
    root = _tests_dir(tests, game_id)
    try:
        result = report(root if root.is_dir() else None, game_id)
    except NoReportError as e:
        err.print(f"[red]{escape(str(e))}[/red]")
        raise typer.Exit(2) from None
    if not root.is_dir():
        err.print(f"[yellow]no test folder at {root}: no card counts as tested[/yellow]")
    if as_json:
        sys.stdout.write(json.dumps(result) + "\n")
        return
    columns = [(str(k), str(h)) for k, h in result.get("columns", [])]
    table = Table(title=f"{result['implemented']} of {result['total']} card events implemented")
    for col in ("card", "name", *(h for _, h in columns), "event", "tests"):
        table.add_column(col)
    for r in result["cards"]:
        mark = "[green]yes[/green]" if r["implemented"] else "[red]no[/red]"
        extra = [escape(str(r.get(k, ""))) for k, _ in columns]
        table.add_row(r["id"], escape(str(r["name"])), *extra, mark, str(r["tests"]))
    out.print(table)


@app.command("rules-coverage")
def rules_coverage(
    game_id: GameId = DEFAULT_GAME,
    tests: TestsDir = None,
    as_json: AsJson = False,
) -> None:
    """List every rule of the game's rulebook with the tests that carry its mark."""
    from greatwar.rules_coverage import NoIndexError, report

    _game(game_id)
    root = _tests_dir(tests, game_id)
    if not root.is_dir():
        err.print(
            f"[red]no test folder at {root}[/red]: run this from a source checkout, or give --tests"
        )
        raise typer.Exit(2)
    try:
        result = report(root, game_id)
    except NoIndexError as e:
        err.print(f"[red]{escape(str(e))}[/red]")
        raise typer.Exit(2) from None
    if as_json:
        sys.stdout.write(json.dumps(result) + "\n")
        return
    table = Table(title="Rules covered by tests")
    table.add_column("tag")
    table.add_column("covered", justify="right")
    table.add_column("total", justify="right")
    table.add_column("fraction", justify="right")
    for tag, b in sorted(result["coverage"].items()):
        table.add_row(tag, str(b["covered"]), str(b["total"]), f"{b['fraction']:.0%}")
    out.print(table)
    for tag, b in sorted(result["coverage"].items()):
        if b["uncovered"]:
            out.print(f"[bold]{tag}[/bold] not yet covered: " + escape(", ".join(b["uncovered"])))


@app.command()
def serve(
    host: Annotated[str, typer.Option(help="Address to listen on.")] = "127.0.0.1",
    port: Annotated[int, typer.Option(min=1, max=65535, help="Port to listen on.")] = 8000,
    db: Annotated[
        str | None,
        typer.Option(
            "--db",
            help="Game store: an SQLite file path or URL, or postgresql://user:pw@host/dbname. "
            "Default: games.sqlite in the user's data directory.",
        ),
    ] = None,
) -> None:
    """Serve the web app: play in the browser against a friend or the computer."""
    import uvicorn

    from greatwar.server import GameStore, create_app, default_database
    from greatwar.server.store import StoreError

    try:
        store = GameStore(db or default_database())
    except StoreError as e:
        from rich.markup import escape

        err.print(f"[red]{escape(str(e))}[/red]")
        raise typer.Exit(2) from None
    web = create_app(store=store)
    shown = "localhost" if host in ("127.0.0.1", "0.0.0.0", "::") else host
    out.print(f"greatwar {__version__}: games are stored in {store.describe()}")
    out.print(f"Open [bold]http://{shown}:{port}/[/bold] in your browser (Ctrl+C stops it).")
    uvicorn.run(web, host=host, port=port, log_level="warning")


@app.command()
def arena(
    bots: Annotated[
        str,
        typer.Option(
            "--bots",
            help="One bot per team of the game, comma-separated (e.g. normal,easy). The "
            "bots rotate across the teams from game to game: each seed is played once from "
            "every side (seed pairs). With --ratings: two or more bots to rate.",
        ),
    ] = "heuristic,random",
    game_id: GameId = DEFAULT_GAME,
    games: Games = 50,
    scenario: Scenario = None,
    seed: Seed = 1,
    options: Options = None,
    workers: Workers = None,
    ray: UseRay = False,
    ray_address: RayAddress = None,
    as_json: Annotated[
        bool, typer.Option("--json", help="Print one JSON object (win rates, results...).")
    ] = False,
    ratings: Annotated[
        bool,
        typer.Option(
            "--ratings",
            help="Play every pair of the bots (--games games a pair) and fit their ratings "
            "(Bradley-Terry, Elo scale).",
        ),
    ] = False,
) -> None:
    """Play bots against each other and report their win rates (with 95% confidence
    intervals), overall and by team; or, with --ratings, rate several bots."""
    import os

    from greatwar.arena import run_arena
    from greatwar.fanout import FanoutError

    g = _game(game_id)
    teams = g.teams()
    names = tuple(b.strip() for b in bots.split(",") if b.strip())
    if ratings:
        _ratings(g, names, games, scenario, seed, options, workers, as_json, game_id)
        return
    if len(names) != len(teams):
        raise typer.BadParameter(
            f"give one bot per team ({', '.join(t.id for t in teams)}), e.g. --bots "
            + ",".join(["random"] * len(teams))
        )
    known = _bots(game_id)
    for name in names:
        if name not in known:
            raise typer.BadParameter(f"unknown bot {name!r}; the bots are {', '.join(known)}")
    sc, opts = _setup(g, scenario, options)
    title = " vs ".join(names)
    try:
        with _progress(games, title) as bar:
            task = bar.add_task("games", total=games)
            result = run_arena(
                names,
                games,
                scenario=sc,
                seed=seed,
                options=opts,
                workers=workers or os.cpu_count() or 1,
                progress=lambda n: bar.update(task, completed=n),
                game_id=game_id,
                ray=_ray(ray, ray_address),
            )
    except FanoutError as failed:
        raise _fanout_failed(failed) from None
    if as_json:
        sys.stdout.write(json.dumps(result) + "\n")
    else:
        table = Table(title=f"{games} {g.title} {sc} games: {title} (seed {seed})")
        table.add_column("bot")
        table.add_column("wins", justify="right")
        table.add_column("win rate (95% CI)", justify="right")
        for t in teams:
            table.add_column(f"as {t.name}", justify="right")
        table.add_column("s / decision", justify="right")
        for name in result["bots"]:
            by = result["win_rate_by_team"][name]
            ci = result["ci95_by_team"][name]
            table.add_row(
                name,
                str(result["wins"][name]),
                _with_ci(result["win_rate"][name], result["ci95"][name]),
                *(_with_ci(by[t.id], ci[t.id]) for t in teams),
                f"{result['seconds_per_decision'][name]:.4f}",
            )
        out.print(table)
        means = ", ".join(f"{k} {v}" for k, v in result["means"].items())
        out.print(
            escape(
                f"seed pairs {result['seed_pairs']}, no winner {result['draws']}, errors "
                f"{len(result['errors'])}, ended by {result['reasons']}, last turn: mean "
                f"{result['mean_last_turn']}, median {result['median_last_turn']}, "
                f"{result['seconds']} s" + (f", means: {means}" if means else "")
            )
        )
        for e in result["errors"][:10]:
            err.print(f"[red]error[/red] {escape(e)}")
    if result["errors"]:
        raise typer.Exit(1)


def _with_ci(rate: float, ci: list[float] | tuple[float, float]) -> str:
    return f"{rate:.0%} ({ci[0]:.0%}-{ci[1]:.0%})"


def _ratings(
    g: Any,
    names: tuple[str, ...],
    games: int,
    scenario: str | None,
    seed: int,
    options: str | None,
    workers: int | None,
    as_json: bool,
    game_id: str,
) -> None:
    import itertools
    import os

    from greatwar.arena import run_ratings

    known = _bots(game_id)
    for name in names:
        if name not in known:
            raise typer.BadParameter(f"unknown bot {name!r}; the bots are {', '.join(known)}")
    if len(set(names)) != len(names) or len(names) < 2:
        raise typer.BadParameter("--ratings needs two or more different bots")
    if len(g.teams()) != 2:
        raise typer.BadParameter("--ratings is for games of two teams")
    sc, opts = _setup(g, scenario, options)
    pairs = len(list(itertools.combinations(names, 2)))
    total = pairs * games
    with _progress(total, "ratings: " + ", ".join(names)) as bar:
        task = bar.add_task("games", total=total)
        try:
            result = run_ratings(
                names,
                games,
                scenario=sc,
                seed=seed,
                options=opts,
                workers=workers or os.cpu_count() or 1,
                progress=lambda n: bar.update(task, completed=n),
                game_id=game_id,
            )
        except RuntimeError as e:
            raise typer.BadParameter(str(e)) from None
    if as_json:
        sys.stdout.write(json.dumps(result) + "\n")
    else:
        table = Table(title=f"Ratings ({games} {g.title} {sc} games a pair, seed {seed})")
        table.add_column("bot")
        table.add_column("rating (Elo scale)", justify="right")
        for name, r in sorted(result["ratings"].items(), key=lambda kv: -kv[1]):
            table.add_row(name, f"{r:+.0f}")
        out.print(table)
        for s in result["series"]:
            a, b = s["bots"]
            out.print(
                escape(
                    f"{a} vs {b}: {_with_ci(s['win_rate'][a], s['ci95'][a])} / "
                    f"{_with_ci(s['win_rate'][b], s['ci95'][b])}, no winner {s['draws']}"
                )
            )
    if any(s["errors"] for s in result["series"]):
        raise typer.Exit(1)


@app.command()
def play(
    seats: Annotated[
        str | None,
        typer.Option(
            "--as",
            help="Your seat, or several comma-separated (default: the game's first seat; "
            "see 'greatwar games').",
        ),
    ] = None,
    vs: Annotated[
        str,
        typer.Option(
            "--vs",
            help="The bot that plays every other seat: a strength (easy, normal, hard) or a "
            "bot's name (see 'greatwar games').",
        ),
    ] = "easy",
    think: Annotated[
        float | None,
        typer.Option(
            "--think",
            min=0.05,
            help="Seconds the bot may think about each decision it searches (normal and hard; "
            "default: their fixed number of simulations).",
        ),
    ] = None,
    cores: Annotated[
        int | None,
        typer.Option("--cores", min=1, help="Processes a searching bot uses (default: all)."),
    ] = None,
    game_id: GameId = DEFAULT_GAME,
    scenario: Scenario = None,
    seed: Annotated[int, typer.Option("--seed", help="Seed of the game.")] = 1,
    options: Options = None,
    save: Annotated[
        Path | None,
        typer.Option(
            "--save",
            help="Write the game record (JSON) here when the game ends or "
            "you quit; 'greatwar replay' reads it.",
        ),
    ] = None,
) -> None:
    """Play a game in the terminal against a bot (type 'help' during the game)."""
    from greatwar.terminal import new_terminal_game, parse_seats

    g = _game(game_id)
    try:
        held = parse_seats(g, seats or g.seats[0])
    except ValueError as e:
        raise typer.BadParameter(str(e)) from None
    known = _bots(game_id)
    if vs not in known:
        raise typer.BadParameter(f"unknown bot {vs!r}; the bots are {', '.join(known)}")
    sc, opts = _setup(g, scenario, options)
    import inspect
    import os

    from greatwar.bots import bots as bot_registry

    takes = inspect.signature(bot_registry(game_id)[vs]).parameters
    if think is not None and "think" not in takes:
        raise typer.BadParameter(f"the {vs} bot does not search: --think is for normal or hard")
    workers = (cores or os.cpu_count() or 1) if "workers" in takes else None
    tg = new_terminal_game(
        held,
        vs,
        sc,
        seed,
        opts,
        console=out,
        save=save,
        game_id=game_id,
        think=think,
        workers=workers,
    )
    tg.run()


def main() -> None:
    app()


if __name__ == "__main__":
    main()
