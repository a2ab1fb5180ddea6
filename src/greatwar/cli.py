"""The ``greatwar`` command line.

Every command takes ``--game`` (default: Paths of Glory) and works through the game's descriptor
(:mod:`greatwar.core.games`): seats, teams, scenarios, options and bots come from it.
"""

from __future__ import annotations

import json
import os
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
    as_json: AsJson = False,
) -> None:
    """Play random legal games to the end and summarise them."""
    from greatwar.core.session import replay
    from greatwar.selfplay import game_seeds, play_random, problems_checker, summarise

    g = _game(game_id)
    sc, opts = _setup(g, scenario, options)
    checker = problems_checker(game_id) if check else None
    played = []
    mismatches = []
    with _progress(games, f"{sc} self-play") as bar:
        task = bar.add_task("games", total=games)
        for gs in game_seeds(seed, games):
            rg = play_random(sc, gs, opts, check=checker, game_id=game_id)
            played.append(rg)
            if verify and rg.error is None and g.hash(replay(g, rg.record())) != rg.final_hash:
                mismatches.append(gs)
            bar.advance(task)
    summary = summarise(played)
    summary["game"] = game_id
    if verify:
        summary["replay_mismatches"] = mismatches
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
) -> None:
    """Measure random play: actions per second, seconds per game, the time of a legal-action
    listing and of a clone, and the game's own figures (Paths of Glory: a combat, a full supply
    recomputation). Printed, never judged."""
    from greatwar.selfplay import bench as run

    g = _game(game_id)
    sc, opts = _setup(g, scenario, options)
    with _progress(games, f"bench {sc}") as bar:
        task = bar.add_task("games", total=games)
        result = run(
            sc,
            games,
            seed,
            opts,
            progress=lambda i: bar.update(task, completed=i),
            game_id=game_id,
        )
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
    """Replay a saved game record and print its final position's hash and result.

    A file that is not a record of a known game (or of ``--game``), or that cannot be replayed,
    gets one line saying why and exit code 2."""
    from greatwar.core.errors import GameError
    from greatwar.core.session import RECORD_BYTES_LIMIT, parse_record, replay_checked

    try:
        with path.open("rb") as f:
            data = f.read(RECORD_BYTES_LIMIT + 1)
        g, record = parse_record(data, game_id)
        s = replay_checked(g, record).state
    except (OSError, GameError) as e:
        why = e.strerror if isinstance(e, OSError) and e.strerror else str(e)
        err.print(
            f"[red]cannot replay {escape(str(path))}:[/red] {escape(why)}",
            soft_wrap=True,
            highlight=False,
        )
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
    allow_bot_games: Annotated[
        bool,
        typer.Option(
            "--allow-bot-games",
            help="Let anyone create games played by bots alone (they run in the background).",
        ),
    ] = False,
    bot_workers: Annotated[
        int,
        typer.Option(
            "--bot-workers",
            min=0,
            max=64,
            help="Processes the bots think in (0: in the server itself).",
        ),
    ] = 1,
    create_burst: Annotated[
        int,
        typer.Option(
            "--create-burst",
            min=1,
            help="Games one address may create at once (then one every --create-every s).",
        ),
    ] = 20,
    create_every: Annotated[
        float, typer.Option("--create-every", min=0.001, help="See --create-burst.")
    ] = 3.0,
) -> None:
    """Serve the web app: play in the browser against a friend or the computer.

    Stops within two seconds on Ctrl+C or SIGTERM; games whose bot was to move go on when it is
    started again."""
    import uvicorn

    from greatwar.server import GameStore, create_app, default_database
    from greatwar.server.store import StoreError

    try:
        store = GameStore(db or default_database())
    except StoreError as e:
        err.print(f"[red]{escape(str(e))}[/red]")
        raise typer.Exit(2) from None
    web = create_app(
        store=store,
        allow_bot_games=allow_bot_games,
        bot_workers=bot_workers,
        create_burst=create_burst,
        create_every=create_every,
    )
    shown = "localhost" if host in ("127.0.0.1", "0.0.0.0", "::") else host
    out.print(f"greatwar {__version__}: games are stored in {store.describe()}")
    out.print(f"Open [bold]http://{shown}:{port}/[/bold] in your browser (Ctrl+C stops it).")
    try:
        uvicorn.run(
            web,
            host=host,
            port=port,
            log_level="warning",
            access_log=False,
            timeout_graceful_shutdown=1,  # then open requests and sockets are cut
            ws_max_size=64 * 1024,
        )
    except KeyboardInterrupt:  # a second Ctrl+C during the shutdown
        pass
    finally:
        store.close()
    # Stopped by Ctrl+C or SIGTERM: every acknowledged action is committed and the store is
    # closed. Leave now rather than tear the interpreter's memory down object by object, which
    # takes a while on a loaded machine (and the server promises to stop within two seconds).
    sys.stdout.flush()
    sys.stderr.flush()
    os._exit(0)


@app.command("bench-server")
def bench_server_cmd(
    games: Annotated[
        str, typer.Option("--games", help="The levels of load: games played at once.")
    ] = "1,4,16",
    seconds: Annotated[
        float, typer.Option("--seconds", min=1, max=600, help="How long each level runs.")
    ] = 10.0,
    scenario: Scenario = None,
    db: Annotated[
        str | None,
        typer.Option(
            "--db", help="The store to measure (default: a fresh SQLite file, removed after)."
        ),
    ] = None,
    as_json: AsJson = False,
) -> None:
    """Measure the web server under load: actions per second and the p50/p99 latency of an
    action, for each number of games played at once. Runs 'greatwar serve' on the loopback
    only, for a bounded time. Printed, never judged."""
    from greatwar.server.bench import bench_server

    try:
        levels = [int(x) for x in games.split(",") if x.strip()]
    except ValueError:
        raise typer.BadParameter("--games takes numbers, e.g. 1,4,16") from None
    if not levels or any(not 1 <= n <= 64 for n in levels):
        raise typer.BadParameter("--games takes numbers from 1 to 64, e.g. 1,4,16")
    sc = scenario_id(_game(DEFAULT_GAME), scenario) if scenario else "historical"
    if db is not None:
        from greatwar.server.store import database_url

        db = database_url(db) if "://" not in db else db
    rows: list[dict[str, Any]] = []

    def shown(row: dict[str, Any]) -> None:
        rows.append(row)
        if not as_json:
            err.print(
                f"{row['games']:>3} games: {row['actions_per_second']:>7} actions/s, "
                f"p50 {row['p50_ms']} ms, p99 {row['p99_ms']} ms, errors {row['errors']}, "
                f"load {row['load_average_before']}"
            )

    result = bench_server(levels, seconds, sc, db, progress=shown)
    if as_json:
        sys.stdout.write(json.dumps(result) + "\n")
        return
    table = Table(
        title=f"greatwar serve under load ({sc}, {seconds:g} s a level, {result['store']}, "
        f"{result['cpus']} CPUs)",
        caption="per s: actions a second; CPU ms: the server's CPU time an action; "
        "load: the load average as the level began",
    )
    for col in (
        "games",
        "actions",
        "per s",
        "p50 ms",
        "p99 ms",
        "max ms",
        "CPU ms",
        "errors",
        "load",
    ):
        table.add_column(col, justify="right")
    for r in result["levels"]:
        table.add_row(
            str(r["games"]),
            str(r["actions"]),
            str(r["actions_per_second"]),
            str(r["p50_ms"]),
            str(r["p99_ms"]),
            str(r["max_ms"]),
            str(r["server_cpu_ms_per_action"]),
            str(r["errors"]),
            str(r["load_average_before"]),
        )
    out.print(table)
    for r in result["levels"]:
        for e in r["first_errors"]:
            err.print(f"[red]error[/red] {escape(e)}")


@app.command()
def arena(
    bots: Annotated[
        str,
        typer.Option(
            "--bots",
            help="One bot per team of the game, comma-separated (e.g. heuristic,random). The "
            "bots rotate across the teams from game to game.",
        ),
    ] = "heuristic,random",
    game_id: GameId = DEFAULT_GAME,
    games: Games = 50,
    scenario: Scenario = None,
    seed: Seed = 1,
    options: Options = None,
    workers: Annotated[
        int | None,
        typer.Option("--workers", "-w", min=1, help="Parallel processes (default: all cores)."),
    ] = None,
    as_json: Annotated[
        bool, typer.Option("--json", help="Print one JSON object (win rates, results...).")
    ] = False,
) -> None:
    """Play bots against each other and report their win rates, overall and by team."""
    import os

    from greatwar.arena import run_arena

    g = _game(game_id)
    teams = g.teams()
    names = tuple(b.strip() for b in bots.split(",") if b.strip())
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
        )
    if as_json:
        sys.stdout.write(json.dumps(result) + "\n")
    else:
        table = Table(title=f"{games} {g.title} {sc} games: {title} (seed {seed})")
        table.add_column("bot")
        table.add_column("wins", justify="right")
        table.add_column("win rate", justify="right")
        for t in teams:
            table.add_column(f"as {t.name}", justify="right")
        table.add_column("s / decision", justify="right")
        for name in result["bots"]:
            by = result["win_rate_by_team"][name]
            table.add_row(
                name,
                str(result["wins"][name]),
                f"{result['win_rate'][name]:.0%}",
                *(f"{by[t.id]:.0%}" for t in teams),
                f"{result['seconds_per_decision'][name]:.4f}",
            )
        out.print(table)
        means = ", ".join(f"{k} {v}" for k, v in result["means"].items())
        out.print(
            escape(
                f"no winner {result['draws']}, errors {len(result['errors'])}, "
                f"ended by {result['reasons']}, mean last turn {result['mean_last_turn']}"
                + (f", means: {means}" if means else "")
            )
        )
        for e in result["errors"][:10]:
            err.print(f"[red]error[/red] {escape(e)}")
    if result["errors"]:
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
    vs: Annotated[str, typer.Option("--vs", help="The bot that plays every other seat.")] = (
        "heuristic"
    ),
    game_id: GameId = DEFAULT_GAME,
    scenario: Scenario = None,
    seed: Annotated[int, typer.Option("--seed", min=0, help="Seed of the game.")] = 1,
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
    tg = new_terminal_game(held, vs, sc, seed, opts, console=out, save=save, game_id=game_id)
    tg.run()


def main() -> None:
    app()


if __name__ == "__main__":
    main()
