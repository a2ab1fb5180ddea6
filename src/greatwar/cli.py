"""The ``greatwar`` command line.

Every command takes ``--game`` (default: Paths of Glory) and works through the game's descriptor
(:mod:`greatwar.core.games`): seats, teams, scenarios, options and bots come from it.
"""

from __future__ import annotations

import json
import os
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console
from rich.markup import escape
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn
from rich.table import Table

from greatwar import __version__
from greatwar.core.games import DEFAULT_GAME, Game, games, scenario_id

_PROCESS = {"command": False}
"""Whether this process is the ``greatwar`` command itself (not the CLI called from Python)."""

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
        "with 'ray start', else a new local one (needs pip install 'greatwar\\[rl]').",
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
Lang = Annotated[
    str | None,
    typer.Option(
        "--lang",
        "-l",
        help="The language of the texts: en or ru (default: from LANGUAGE, LC_ALL, "
        "LC_MESSAGES or LANG).",
    ),
]
TestsDir = Annotated[
    Path | None,
    typer.Option("--tests", help="The game's test folder in a source checkout (tests/<game>)."),
]


def _lang(lang: str | None) -> str:
    """The language asked for with --lang, else the environment's (English by default)."""
    from greatwar.core.i18n import LANGS, UnknownLanguageError, check_lang, from_env

    if lang is None:
        return from_env()
    try:
        return check_lang(lang)
    except UnknownLanguageError as e:
        message = _said("error.lang", str(e), tag=lang, langs=", ".join(LANGS))
        raise typer.BadParameter(message, param_hint="'--lang'") from None


def _said(key: str, english: str, **args: Any) -> str:
    """An error of the command line in its language (:func:`greatwar.cli_lang.lang`): the
    ``cli`` catalogue's text, or ``english`` (the message as the engine words it) in English."""
    from greatwar import cli_lang
    from greatwar.texts import cli as say

    language = cli_lang.lang()
    return english if language == "en" else say(key, language, **args)


def _game(game_id: str) -> Game[Any]:
    from greatwar.core.games import UnknownGameError, game

    try:
        return game(game_id)
    except UnknownGameError as e:
        message = _said("error.game", str(e), game=game_id, games=", ".join(games()))
        raise typer.BadParameter(message) from None


def _options(text: str | None) -> dict[str, Any] | None:
    if not text:
        return None
    try:
        value = json.loads(text)
    except json.JSONDecodeError as e:
        from greatwar import cli_lang
        from greatwar.texts import cli as say

        where = say("error.json_at", cli_lang.lang(), line=e.lineno, column=e.colno)
        message = _said("error.options_json", f"--options is not JSON: {e}", error=where)
        raise typer.BadParameter(message) from None
    if not isinstance(value, dict):
        message = _said("error.options_object", "--options must be a JSON object")
        raise typer.BadParameter(message)
    return value


def _setup(g: Game[Any], scenario: str | None, options: str | None) -> tuple[str, Any]:
    """The scenario id and the options (checked against the game, passed on as given)."""
    from greatwar import cli_lang
    from greatwar.core.errors import GameError
    from greatwar.core.games import title_of

    opts = _options(options)
    try:
        sc = scenario_id(g, scenario) if scenario else g.default_scenario
    except GameError as e:
        message = _said(
            "error.scenario",
            str(e),
            scenario=scenario,
            title=title_of(g, cli_lang.lang()),
            scenarios=", ".join(x.id for x in g.scenarios()),
        )
        raise typer.BadParameter(message) from None
    try:
        g.normalise_options(sc, opts)
    except GameError as e:
        raise typer.BadParameter(str(e)) from None
    return sc, opts


def _scenario_name(g: Game[Any], sc: str) -> str:
    return next((x.name for x in g.scenarios() if x.id == sc), sc)


def _bots(game_id: str) -> list[str]:
    from greatwar.bots import bot_names

    return bot_names(game_id)


def _check_bots(names: Sequence[str], game_id: str) -> None:
    """A usage error unless each name is a bot of the game or ``NAME@SIMS`` of a search bot."""
    from greatwar.bots import check_bot_name

    for name in names:
        try:
            check_bot_name(name, game_id)
        except ValueError as e:
            raise typer.BadParameter(str(e)) from None


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
    lang: Lang = None,
) -> None:
    """Watch the computer play a whole game against itself, then read a summary."""
    from greatwar.core.games import HasLanguages, speaks, title_of
    from greatwar.core.i18n import Number
    from greatwar.selfplay import play_random
    from greatwar.terminal import face_of
    from greatwar.texts import cli as say

    g = _game(game_id)
    language = _lang(lang)
    if not speaks(g, language):
        language = "en"
    sc, _ = _setup(g, scenario, None)
    name = _scenario_name(g, sc)
    if isinstance(g, HasLanguages):
        name = str(g.names(language).get("scenarios", {}).get(sc, name))
    title = title_of(g, language)
    with err.status(escape(say("demo.status", language, scenario=name, title=title))):
        rg = play_random(sc, seed, keep_state=True, game_id=game_id)
    if rg.error:
        err.print(f"[red]{escape(say('demo.failed', language))}[/red] {escape(rg.error)}")
        raise typer.Exit(1)
    face = face_of(g, language)
    out.rule(escape(say("demo.rule", language, title=title, scenario=name, seed=seed)))
    for item in face.story(g.view(rg.state, g.seats[0])):
        out.print(item)
    seconds = format(Number(rg.seconds, language), ".2f")
    out.print(escape(say("demo.decisions", language, count=len(rg.actions), seconds=seconds)))
    if rg.result is not None:
        out.print(face.result(rg.result))
    else:
        out.print(escape(say("demo.no_result", language)))


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
        session = replay_checked(g, record)
        s = session.state
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
        "to_act": session.to_act,
        "result": session.outcome,  # the engine's, or the end on time
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


@app.command("messages")
def messages_cmd(
    check: Annotated[
        bool,
        typer.Option(
            "--check",
            help="Also play random games and render every text of them in every language; "
            "exit 1 on any problem.",
        ),
    ] = False,
    game_id: Annotated[
        str | None,
        typer.Option("--game", "-g", help="Only this game's texts (default: every game's)."),
    ] = None,
    seeds: Annotated[
        int, typer.Option("--seeds", min=1, help="Random games per game and language.")
    ] = 2,
    lang: Lang = None,
    as_json: AsJson = False,
) -> None:
    """Check the catalogues of texts: every key in every language (en, ru), no placeholder a
    translation adds, plural forms complete, the Russian terms of the terminology table; with
    --check, random games rendered in each language (no template failing, no English word left
    in another language, the Russian grammar rules kept)."""
    from greatwar.core.i18n import LANGS
    from greatwar.messages_check import check as run_check
    from greatwar.texts import cli as say

    language = _lang(lang)
    ids = [_game(game_id).id] if game_id else None
    report = run_check(ids, seeds=range(1, seeds + 1), render=check)
    if as_json:
        doc = {
            "languages": list(LANGS),
            "keys": report.keys,
            "games": report.games,
            "texts": report.texts,
            "problems": report.problems,
        }
        sys.stdout.write(json.dumps(doc, ensure_ascii=False) + "\n")
    else:
        for owner, keys in report.keys.items():
            line = say("messages.keys", language, owner=owner, keys=keys, langs=", ".join(LANGS))
            out.print(escape(line))
        if check and not report.problems:
            line = say("messages.ok", language, games=report.games, langs=", ".join(LANGS))
            out.print(escape(line))
        for problem in report.problems:
            err.print(f"[red]{escape(say('messages.problem', language))}[/red] {escape(problem)}")
        if report.problems:
            err.print(escape(say("messages.count", language, count=len(report.problems))))
    if report.problems:
        raise typer.Exit(1)


def shown_host(host: str) -> str:
    """The host name to give people for a listening address."""
    return "localhost" if host in ("127.0.0.1", "0.0.0.0", "::") else host


@app.command()
def serve(
    host: Annotated[
        str, typer.Option(envvar="GREATWAR_HOST", help="Address to listen on.")
    ] = "127.0.0.1",
    port: Annotated[
        int,
        typer.Option(min=1, max=65535, envvar="GREATWAR_PORT", help="Port to listen on."),
    ] = 8000,
    db: Annotated[
        str | None,
        typer.Option(
            "--db",
            envvar="GREATWAR_DB",
            help="Game store: an SQLite file path or URL, or postgresql://user:pw@host/dbname. "
            "Default: games.sqlite in the user's data directory.",
        ),
    ] = None,
    log_level: Annotated[
        str,
        typer.Option(
            "--log-level",
            envvar="GREATWAR_LOG_LEVEL",
            help="debug, info (a line per request), warning, error or critical.",
        ),
    ] = "warning",
    log_format: Annotated[
        str,
        typer.Option(
            "--log-format",
            envvar="GREATWAR_LOG_FORMAT",
            help="text, or json: one JSON object a line. Every line of a request carries its "
            "request id (the client's X-Request-Id, else a fresh one).",
        ),
    ] = "text",
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
    public_url: Annotated[
        str | None,
        typer.Option(
            "--public-url",
            envvar="GREATWAR_PUBLIC_URL",
            help="The address players reach this server at, for the links in notifications "
            "(default: http://HOST:PORT).",
        ),
    ] = None,
    smtp_host: Annotated[
        str | None,
        typer.Option(
            "--smtp-host",
            help="Send turn notifications by e-mail through this SMTP server (players opt in "
            "per seat); the password, if any, is read from GREATWAR_SMTP_PASSWORD.",
        ),
    ] = None,
    smtp_port: Annotated[int, typer.Option("--smtp-port", min=1, max=65535)] = 25,
    smtp_from: Annotated[
        str, typer.Option("--smtp-from", help="The sender of notification e-mail.")
    ] = "greatwar@localhost",
    smtp_user: Annotated[str | None, typer.Option("--smtp-user", help="SMTP login.")] = None,
    smtp_starttls: Annotated[
        bool, typer.Option("--smtp-starttls", help="Use STARTTLS with the SMTP server.")
    ] = False,
    allow_private_webhooks: Annotated[
        bool,
        typer.Option(
            "--allow-private-webhooks",
            help="Let webhooks call loopback and private addresses (refused by default).",
        ),
    ] = False,
    accounts: Annotated[
        str,
        typer.Option(
            "--accounts",
            envvar="GREATWAR_ACCOUNTS",
            help="off (private links only), open (anyone may sign up) or invite (sign up with "
            "a code from 'greatwar users invite'). Private links work in every mode.",
        ),
    ] = "off",
    bot_lease: Annotated[
        float,
        typer.Option(
            "--bot-lease",
            min=1.0,
            max=3600.0,
            help="Several servers on one PostgreSQL store: seconds a server's claim of a bot "
            "move holds unrenewed (another server takes over the move once it lapses).",
        ),
    ] = 30.0,
) -> None:
    """Serve the web app: play in the browser against a friend or the computer.

    Stops within two seconds on Ctrl+C or SIGTERM; games whose bot was to move go on when it is
    started again. Each of --host, --port, --db, --log-level, --log-format and --public-url may
    be given by its environment variable instead (GREATWAR_HOST...); a flag wins over the
    variable."""
    import logging

    import uvicorn

    from greatwar.server import GameStore, create_app, default_database, logs
    from greatwar.server.notify import Smtp
    from greatwar.server.protocol import HEAD_LIMIT, protocol_class
    from greatwar.server.store import StoreError

    log_level = log_level.lower()
    if log_level not in logs.LEVELS:
        raise typer.BadParameter(
            f"one of {', '.join(logs.LEVELS)}, not {log_level!r}", param_hint="'--log-level'"
        )
    log_format = log_format.lower()
    if log_format not in logs.FORMATS:
        raise typer.BadParameter(
            f"one of {', '.join(logs.FORMATS)}, not {log_format!r}", param_hint="'--log-format'"
        )
    accounts = accounts.lower()
    if accounts not in ("off", "open", "invite"):
        raise typer.BadParameter(
            f"one of off, open, invite, not {accounts!r}", param_hint="'--accounts'"
        )
    logs.configure(log_level, log_format)
    from greatwar.server.schema import prepare
    from greatwar.server.servelock import lock_store

    try:
        # one server per SQLite file (PostgreSQL: any number); released when this one ends
        serve_lock = lock_store(db or default_database())
    except StoreError as e:
        err.print(f"[red]{escape(str(e))}[/red]")
        raise typer.Exit(2) from None
    try:
        prepare(db or default_database())  # a fresh store at the newest schema, else refused
        store = GameStore(db or default_database())
    except StoreError as e:
        if serve_lock is not None:
            serve_lock.release()
        err.print(f"[red]{escape(str(e))}[/red]")
        raise typer.Exit(2) from None
    smtp = None
    if smtp_host:
        smtp = Smtp(
            smtp_host,
            smtp_port,
            smtp_from,
            smtp_starttls,
            smtp_user,
            os.environ.get("GREATWAR_SMTP_PASSWORD"),
        )
    web = create_app(
        store=store,
        allow_bot_games=allow_bot_games,
        bot_workers=bot_workers,
        create_burst=create_burst,
        create_every=create_every,
        public_url=public_url or f"http://{shown_host(host)}:{port}",
        smtp=smtp,
        allow_private_webhooks=allow_private_webhooks,
        bot_lease=bot_lease,
        rescan_every=min(5.0, bot_lease / 3),
        accounts=accounts,
    )
    shown = shown_host(host)
    if log_format == "json":  # one stream of JSON lines: the greeting is a line of the log
        logging.getLogger("greatwar.server").info(
            "greatwar %s serves http://%s:%d/ with the game store %s",
            __version__,
            shown,
            port,
            store.describe(),
        )
    else:
        out.print(f"greatwar {__version__}: games are stored in {store.describe()}")
        out.print(f"Open [bold]http://{shown}:{port}/[/bold] in your browser (Ctrl+C stops it).")
    try:
        uvicorn.run(
            web,
            host=host,
            port=port,
            log_level=log_level,
            log_config=None,  # the handlers logs.configure set up
            access_log=False,  # logs.RequestIds writes a line per request (at info)
            timeout_graceful_shutdown=1,  # then open requests and sockets are cut
            ws_max_size=64 * 1024,
            # a request uvicorn refuses before the app (not HTTP/1.1, a head over 16 KiB) is
            # answered in the app's JSON error shape (server/protocol.py)
            http=protocol_class(),
            h11_max_incomplete_event_size=HEAD_LIMIT,
        )
    except KeyboardInterrupt:  # a second Ctrl+C during the shutdown
        pass
    finally:
        store.close()
        if serve_lock is not None:
            serve_lock.release()
    # Stopped by Ctrl+C or SIGTERM: every acknowledged action is committed and the store is
    # closed. When this process is the ``greatwar`` command, leave now rather than tear the
    # interpreter's memory down object by object, which takes a while on a loaded machine (and
    # the server promises to stop within two seconds); called from Python, return.
    if _PROCESS["command"]:
        sys.stdout.flush()
        sys.stderr.flush()
        os._exit(0)


StoreDb = Annotated[
    str | None,
    typer.Option(
        "--db",
        envvar="GREATWAR_DB",
        help="The game store: an SQLite file path or URL, or postgresql://user:pw@host/dbname "
        "(default: the one 'greatwar serve' uses).",
    ),
]


def _open_store(db: str | None, prepared: bool = False) -> Any:
    """The store; ``prepared``: created at the newest schema when empty, and refused when its
    schema is older (what 'greatwar serve' would refuse)."""
    from greatwar.server import GameStore, default_database
    from greatwar.server.schema import prepare
    from greatwar.server.store import StoreError

    try:
        if prepared:
            prepare(db or default_database())
        return GameStore(db or default_database())
    except StoreError as e:
        err.print(f"[red]{escape(str(e))}[/red]")
        raise typer.Exit(2) from None


@app.command("export")
def export_cmd(
    db: StoreDb = None,
    to: Annotated[
        str, typer.Option("--out", "-o", help="The file to write, or - for standard output.")
    ] = "-",
) -> None:
    """Write every stored game as JSON lines (set-up, seats with their token digests, record,
    request ids, clocks, chat, notification settings): a backup, or a move to another store
    with 'greatwar import'. Exact: importing it into an empty store and exporting again gives
    the same lines."""
    from greatwar.server.backup import ACCOUNT, FORMAT, RATING, export_lines
    from greatwar.server.store import StoreError

    store = _open_store(db)
    kinds = {ACCOUNT: 0, FORMAT: 0, RATING: 0}

    def counted(line: str) -> str:
        kinds[json.loads(line).get("format")] += 1
        return line + "\n"

    try:
        if to == "-":
            for line in export_lines(store):
                sys.stdout.write(counted(line))
            sys.stdout.flush()
        else:
            path = Path(to)
            part = path.with_name(path.name + ".part")
            with part.open("w", encoding="utf-8") as f:
                for line in export_lines(store):
                    f.write(counted(line))
            part.replace(path)
    except (StoreError, OSError) as e:
        err.print(f"[red]{escape(str(e))}[/red]")
        raise typer.Exit(2) from None
    finally:
        store.close()
    games, accounts, ratings = kinds[FORMAT], kinds[ACCOUNT], kinds[RATING]
    more = (
        f", {accounts} account{'' if accounts == 1 else 's'} and {ratings} "
        f"rating{'' if ratings == 1 else 's'}"
        if accounts or ratings
        else ""
    )
    err.print(
        f"{games} game{'' if games == 1 else 's'}{more} exported from {escape(store.describe())}"
    )


@app.command("import")
def import_cmd(
    source: Annotated[str, typer.Argument(help="An export of 'greatwar export' (- : stdin).")],
    db: StoreDb = None,
    replace: Annotated[
        bool,
        typer.Option(
            "--replace", help="Replace the games the store already holds (default: refuse)."
        ),
    ] = False,
    keep_damaged: Annotated[
        bool,
        typer.Option(
            "--keep-damaged",
            help="Import games that cannot be played or do not fit the store (default: "
            "refuse), flagged as problems: the server lists them and never plays them.",
        ),
    ] = False,
) -> None:
    """Add the games of an export to a store, all or nothing. Every game's record is replayed
    first: a game that cannot be played (or does not fit the store's limits) is refused,
    naming its line, and nothing is imported, unless --keep-damaged is given. Games whose ids
    the store already holds are refused (nothing is imported) unless --replace is given; stop
    the server first when replacing games it may hold."""
    from greatwar.server.backup import BackupError, import_games, parse
    from greatwar.server.store import StoreError

    try:
        if source == "-":
            docs = parse(sys.stdin, keep_damaged)
        else:
            with Path(source).open(encoding="utf-8") as f:
                docs = parse(f, keep_damaged)
    except (BackupError, OSError, UnicodeDecodeError) as e:
        err.print(f"[red]{escape(source)}: {escape(str(e))}[/red]", soft_wrap=True)
        raise typer.Exit(2) from None
    store = _open_store(db, prepared=True)
    try:
        done = import_games(store, docs, replace)
    except (BackupError, StoreError) as e:
        err.print(f"[red]{escape(str(e))}[/red]", soft_wrap=True)
        raise typer.Exit(2) from None
    finally:
        store.close()
    replaced = f" ({len(done.replaced)} replaced)" if done.replaced else ""
    shown = ", ".join(done.damaged[:10]) + (
        f" and {len(done.damaged) - 10} more" if len(done.damaged) > 10 else ""
    )
    damaged = f"; {len(done.damaged)} of them damaged, flagged as problems ({shown})"
    people = (
        f", {done.accounts} account{'' if done.accounts == 1 else 's'} and {done.ratings} "
        f"rating{'' if done.ratings == 1 else 's'}"
        if done.accounts or done.ratings
        else ""
    )
    err.print(
        f"{done.games} games{replaced} with {done.actions} record entries{people} imported into "
        f"{escape(store.describe())}{escape(damaged) if done.damaged else ''}"
    )


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
    processes: Annotated[
        str,
        typer.Option(
            "--processes",
            help="Counts of server processes to measure, each in turn, e.g. 1,2,4 (more than "
            "one: a PostgreSQL --db; each game's seats play through two of them).",
        ),
    ] = "1",
    as_json: AsJson = False,
) -> None:
    """Measure the web server under load: actions per second and the p50/p99 latency of an
    action, for each number of games played at once (and of server processes). Runs 'greatwar
    serve' on the loopback only, for a bounded time. Printed, never judged."""
    from greatwar.server.bench import bench_server

    try:
        levels = [int(x) for x in games.split(",") if x.strip()]
    except ValueError:
        raise typer.BadParameter("--games takes numbers, e.g. 1,4,16") from None
    if not levels or any(not 1 <= n <= 64 for n in levels):
        raise typer.BadParameter("--games takes numbers from 1 to 64, e.g. 1,4,16")
    try:
        counts = [int(x) for x in processes.split(",") if x.strip()]
    except ValueError:
        raise typer.BadParameter("--processes takes numbers, e.g. 1,2,4") from None
    if not counts or any(not 1 <= n <= 16 for n in counts):
        raise typer.BadParameter("--processes takes numbers from 1 to 16, e.g. 1,2,4")
    sc = scenario_id(_game(DEFAULT_GAME), scenario) if scenario else "historical"
    if db is not None:
        from greatwar.server.store import database_url

        db = database_url(db) if "://" not in db else db
    if max(counts) > 1 and (db is None or not db.startswith(("postgresql", "postgres"))):
        raise typer.BadParameter(
            "more than one server process needs a PostgreSQL store: --db postgresql://...",
            param_hint="'--processes'",
        )
    rows: list[dict[str, Any]] = []

    def shown(row: dict[str, Any]) -> None:
        rows.append(row)
        if not as_json:
            err.print(
                f"{row['processes']:>2} proc, "
                f"{row['games']:>3} games: {row['actions_per_second']:>7} actions/s, "
                f"p50 {row['p50_ms']} ms, p99 {row['p99_ms']} ms, errors {row['errors']}, "
                f"load {row['load_average_before']}"
            )

    result = bench_server(levels, seconds, sc, db, progress=shown, processes=counts)
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
        "processes",
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
            str(r["processes"]),
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
            help="One bot per team of the game, comma-separated (e.g. normal,easy). The "
            "bots rotate across the teams from game to game: each seed is played once from "
            "every side (seed pairs). A search bot with another budget: NAME@SIMS (e.g. "
            "normal@24,yardstick-normal). With --ratings: two or more bots to rate.",
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
            "(Bradley-Terry, Elo scale; needs pip install 'greatwar\\[ratings]').",
        ),
    ] = False,
    record: Annotated[
        Path | None,
        typer.Option(
            "--record",
            help="Keep every finished game in this file (JSON lines) as it ends; run the same "
            "command again to play only the games it does not hold yet, then report them all. "
            "For long series played in parts.",
            dir_okay=False,
        ),
    ] = None,
    so_far: Annotated[
        bool,
        typer.Option(
            "--so-far",
            help="With --record: play nothing, report the games the record holds (a series "
            "still being played, or stopped part way).",
        ),
    ] = False,
    against_record: Annotated[
        Path | None,
        typer.Option(
            "--against",
            help="With --record: compare its games with the same games (seeds and sides) of "
            "another record of this series whose first bot differs, e.g. a previous release: "
            "the first bot's wins in each, by team, the games whose winner differs, and the "
            "sign test of those.",
            dir_okay=False,
        ),
    ] = None,
    games_dir: Annotated[
        Path | None,
        typer.Option(
            "--games-dir",
            help="Also write each game played in this folder as a game record "
            "(game-INDEX.json, made if missing): 'greatwar replay' replays it, and it can be "
            "read move by move without playing the game again.",
            file_okay=False,
        ),
    ] = None,
) -> None:
    """Play bots against each other and report their win rates (with 95% confidence
    intervals), overall and by team; or, with --ratings, rate several bots."""
    import os

    from greatwar.arena import RecordError, run_arena
    from greatwar.fanout import FanoutError

    g = _game(game_id)
    teams = g.teams()
    names = tuple(b.strip() for b in bots.split(",") if b.strip())
    if so_far and record is None:
        raise typer.BadParameter("--so-far reports the games of a record: give --record FILE")
    if against_record is not None and record is None:
        raise typer.BadParameter("--against compares the games of a record: give --record FILE")
    if games_dir is not None and so_far:
        raise typer.BadParameter("--so-far plays no game: --games-dir would have none to write")
    if ratings:
        if record is not None:
            raise typer.BadParameter("--record keeps one series; it does not go with --ratings")
        if games_dir is not None:
            raise typer.BadParameter("--games-dir keeps one series' games; not with --ratings")
        _ratings(g, names, games, scenario, seed, options, workers, as_json, game_id)
        return
    if len(names) != len(teams):
        raise typer.BadParameter(
            f"give one bot per team ({', '.join(t.id for t in teams)}), e.g. --bots "
            + ",".join(["random"] * len(teams))
        )
    _check_bots(names, game_id)
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
                record=record,
                so_far=so_far,
                against_record=against_record,
                games_dir=games_dir,
            )
    except FanoutError as failed:
        raise _fanout_failed(failed) from None
    except RecordError as bad:
        hint = (
            "--against"
            if against_record and bad.path == against_record
            else "--games-dir"
            if games_dir and bad.path.is_relative_to(games_dir)
            else "--record"
        )
        raise typer.BadParameter(str(bad), param_hint=hint) from None
    if as_json:
        sys.stdout.write(json.dumps(result) + "\n")
    else:
        held = f"{result['games']} of {games}" if so_far else str(games)
        table = Table(title=f"{held} {g.title} {sc} games: {title} (seed {seed})")
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
        pairs = ", ".join(
            f"{n} won both {k}" if n != "split" else f"split {k}"
            for n, k in result["seed_pair_results"].items()
        )
        out.print(
            escape(
                f"seed pairs {result['seed_pairs']} ({pairs}), no winner {result['draws']}, errors "
                f"{len(result['errors'])}, ended by {result['reasons']}, last turn: mean "
                f"{result['mean_last_turn']}, median {result['median_last_turn']}, "
                f"{result['seconds']} s"
                + (f" (the games' own time {result['game_seconds']} s)" if record else "")
                + (f", means: {means}" if means else "")
            )
        )
        for name, fig in result["searched"].items():
            out.print(
                escape(
                    f"{name} searched {fig['decisions']} decisions: "
                    f"{fig['seconds_per_decision']:.2f} s each, at most "
                    f"{fig['max_seconds_per_decision']:.2f} s"
                )
            )
        if "against" in result:
            out.print(escape(_against_text(result["against"], names[0], teams)))
        for e in result["errors"][:10]:
            err.print(f"[red]error[/red] {escape(e)}")
    if result["errors"]:
        raise typer.Exit(1)


def _against_text(a: dict[str, Any], first: str, teams: Any) -> str:
    """--against's comparison in a sentence or two."""
    n, w = a["games"], a["wins"]
    if not n:
        return f"against {a['other']}: no game that both records hold (without an error) yet"
    sides = "; ".join(
        f"as {t.name} {a['by_team'][t.id]['this']} and {a['by_team'][t.id]['other']} of "
        f"{a['by_team'][t.id]['games']}"
        for t in teams
        if t.id in a["by_team"]
    )
    differ = len(a["only_this"]) + len(a["only_other"])
    return (
        f"against {a['other']} ({','.join(a['other_bots'])}), the same {n} games: {first} won "
        f"{w['this']} here and {w['other']} there ({sides}); the winner differs in {differ}: "
        f"won here alone {a['only_this'] or 'none'}, there alone {a['only_other'] or 'none'} "
        f"(sign test p = {a['sign_test_p']})"
    )


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

    _check_bots(names, game_id)
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
    lang: Lang = None,
) -> None:
    """Play a game in the terminal against a bot (type 'help' during the game)."""
    from greatwar.terminal import new_terminal_game, parse_seats
    from greatwar.texts import cli as say

    g = _game(game_id)
    language = _lang(lang)
    try:
        held = parse_seats(g, seats or g.seats[0])
    except ValueError as e:
        bad = [x for x in (seats or "").split(",") if x.strip().lower() not in g.seats]
        message = say(
            "error.seat", language, seat=", ".join(bad) or repr(seats), seats=", ".join(g.seats)
        )
        raise typer.BadParameter(message if language != "en" else str(e)) from None
    known = _bots(game_id)
    if vs not in known:
        raise typer.BadParameter(say("error.bot", language, bot=vs, bots=", ".join(known)))
    sc, opts = _setup(g, scenario, options)
    import inspect
    import os

    from greatwar.bots import bots as bot_registry

    takes = inspect.signature(bot_registry(game_id)[vs]).parameters
    if think is not None and "think" not in takes:
        raise typer.BadParameter(say("error.think", language, bot=vs))
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
        lang=language,
    )
    tg.run()


# -- tournaments ---------------------------------------------------------------------------

tournament_app = typer.Typer(
    help="Tournaments. 'bots': a round robin or a Swiss among bots, played here. 'players': the "
    "games of a tournament between people, created on a server's store (one link per person "
    "and game, printed once); 'next' makes the next round, 'results' exports the table. Every "
    "export holds results.json (standings, every game and its record, for audit), results.csv "
    "(a row per game) and standings.csv. Scoring: win 1, draw 1/2, loss 0, a bye as a pairing "
    "won; ties by Buchholz.",
    no_args_is_help=True,
)
app.add_typer(tournament_app, name="tournament")

# -- the store's schema ----------------------------------------------------------------------

db_app = typer.Typer(
    help="The game store's schema: 'upgrade' runs the migrations it lacks (a store made before "
    "migrations is adopted as it is, its games kept), 'current' says where it stands. "
    "'greatwar serve' refuses a store that is not at the newest schema.",
    no_args_is_help=True,
)
app.add_typer(db_app, name="db")


# -- accounts ----------------------------------------------------------------------------

users_app = typer.Typer(
    help="The accounts of a server started with --accounts open or invite: 'add' one, 'list' "
    "them, 'disable' one (its sessions end; --enable undoes it), 'reset' a password (a "
    "one-time link, or a new password from standard input), 'invite' someone to sign up.",
    no_args_is_help=True,
)
app.add_typer(users_app, name="users")

PasswordStdin = Annotated[
    bool,
    typer.Option(
        "--password-stdin", help="Read the password from the first line of standard input."
    ),
]


def _accounts(db: str | None) -> Any:
    from greatwar.server.accounts import Accounts

    return Accounts(_open_store(db, prepared=True), "open")


def _read_password(from_stdin: bool) -> str:
    if from_stdin:
        return sys.stdin.readline().rstrip("\r\n")
    first = typer.prompt("Password", hide_input=True)
    if typer.prompt("The same again", hide_input=True) != first:
        err.print("[red]The two passwords differ.[/red]")
        raise typer.Exit(2)
    return str(first)


def _account_call(fn: Any, *args: Any) -> Any:
    from greatwar.server.games import ServiceError

    try:
        return fn(*args)
    except ServiceError as e:
        err.print(f"[red]{escape(e.message)}[/red]")
        raise typer.Exit(2) from None


@users_app.command("add")
def users_add(
    name: Annotated[str, typer.Argument(help="The account's name (3-24 letters or digits).")],
    email: Annotated[str | None, typer.Option("--email", help="Its e-mail address.")] = None,
    password_stdin: PasswordStdin = False,
    db: StoreDb = None,
) -> None:
    """Add an account (the password is asked twice, or read from standard input)."""
    accounts = _accounts(db)
    password = _read_password(password_stdin)
    user = _account_call(accounts.add, name, password, email)
    out.print(f"Account {escape(user.name)} added (id {user.id}).")


@users_app.command("list")
def users_list(db: StoreDb = None, as_json: AsJson = False) -> None:
    """List the accounts: name, e-mail address, whether disabled, when made."""
    users = _accounts(db).all_users()
    if as_json:
        rows = [{**u.own(), "disabled": u.disabled} for u in users]
        sys.stdout.write(json.dumps(rows) + "\n")
        return
    table = Table("name", "e-mail", "state", "created")
    for u in users:
        when = time.strftime("%Y-%m-%d", time.gmtime(u.created))
        table.add_row(escape(u.name), escape(u.email or ""), "disabled" if u.disabled else "", when)
    out.print(table)


@users_app.command("disable")
def users_disable(
    name: Annotated[str, typer.Argument(help="The account's name.")],
    enable: Annotated[bool, typer.Option("--enable", help="Enable it again.")] = False,
    db: StoreDb = None,
) -> None:
    """Disable an account (it cannot log in, its sessions end), or enable it again."""
    user = _account_call(_accounts(db).disable, name, not enable)
    out.print(f"Account {escape(user.name)} {'disabled' if user.disabled else 'enabled'}.")


@users_app.command("reset")
def users_reset(
    name: Annotated[str, typer.Argument(help="The account's name.")],
    password_stdin: PasswordStdin = False,
    public_url: Annotated[
        str,
        typer.Option(
            "--public-url",
            envvar="GREATWAR_PUBLIC_URL",
            help="The server's address, for the link.",
        ),
    ] = "http://127.0.0.1:8000",
    db: StoreDb = None,
) -> None:
    """Print a one-time link (valid an hour) to choose a new password, or set the password read
    from standard input; either way the account's sessions end."""
    accounts = _accounts(db)
    user = _account_call(accounts.by_name, name)
    if user is None:
        err.print("[red]No such account.[/red]")
        raise typer.Exit(2)
    if password_stdin:
        _account_call(accounts.set_password, user.id, _read_password(True))
        accounts.end_sessions(user.id)
        out.print(f"The password of {escape(user.name)} is changed.")
        return
    token = accounts.reset_token(user.id)
    sys.stdout.write(f"{public_url.rstrip('/')}/account#reset={token}\n")


@users_app.command("invite")
def users_invite(
    days: Annotated[
        float, typer.Option("--days", min=0.01, max=365, help="Days the code stays valid.")
    ] = 14.0,
    db: StoreDb = None,
) -> None:
    """Print an invitation code to sign up on a server started with --accounts invite (each
    code signs up one account)."""
    sys.stdout.write(_accounts(db).invite(days) + "\n")


def _shown_db(db: str) -> str:
    from greatwar.server.schema import shown_db

    return shown_db(db)


def _schema_engine(db: str | None) -> Any:
    from greatwar.server import default_database
    from greatwar.server.schema import engine_for
    from greatwar.server.store import StoreError

    try:
        return engine_for(db or default_database())
    except StoreError as e:
        err.print(f"[red]{escape(str(e))}[/red]")
        raise typer.Exit(2) from None


@db_app.command("upgrade")
def db_upgrade(db: StoreDb = None) -> None:
    """Bring the store to the newest schema (back it up first: greatwar export)."""
    from greatwar.server.schema import upgrade
    from greatwar.server.store import StoreError

    engine = _schema_engine(db)
    try:
        before, after = upgrade(engine)
    except StoreError as e:
        err.print(f"[red]{escape(str(e))}[/red]")
        raise typer.Exit(2) from None
    finally:
        engine.dispose()
    if before.revision == after.revision:
        out.print(f"The game store is already {escape(after.describe())}.")
    else:
        out.print(f"The game store was {escape(before.describe())}; it is now {after.revision}.")


@db_app.command("current")
def db_current(db: StoreDb = None, as_json: AsJson = False) -> None:
    """Say which schema revision the store is at, and whether it is the newest. Exit 1 when
    it needs 'greatwar db upgrade'."""
    from greatwar.server import default_database
    from greatwar.server.schema import head, state
    from greatwar.server.store import StoreError

    path = db or default_database()
    if "://" not in path and not Path(path).expanduser().exists():  # never create it here
        if as_json:
            doc = {"revision": None, "head": head(), "current": False, "empty": True}
            sys.stdout.write(json.dumps(doc) + "\n")
        else:
            out.print(f"There is no game store at {escape(path)} yet.")
        return
    engine = _schema_engine(db)
    try:
        now = state(engine)
    except StoreError as e:
        err.print(f"[red]{escape(str(e))}[/red]")
        raise typer.Exit(2) from None
    finally:
        engine.dispose()
    if as_json:
        doc = {"revision": now.revision, "head": now.head, "current": now.current}
        sys.stdout.write(json.dumps({**doc, "empty": now.empty}) + "\n")
    else:
        out.print(f"The game store is {escape(now.describe())}.")
        if not now.current and not now.empty:
            shown = f" --db {escape(_shown_db(db))}" if db else ""
            out.print(f"Run: greatwar db upgrade{shown}")
    if not now.current and not now.empty:
        raise typer.Exit(1)


System = Annotated[
    str,
    typer.Option(
        "--system",
        help="round-robin (every pair meets once) or swiss (equal scores meet; no rematch).",
    ),
]
Rounds = Annotated[
    int | None,
    typer.Option(
        "--rounds",
        min=1,
        help="Rounds to play (round robin: at most all of them, the default; Swiss: default "
        "log2 of the players, rounded up).",
    ),
]
PerPairing = Annotated[
    int,
    typer.Option(
        "--per-pairing",
        min=1,
        max=10,
        help="Games a pairing plays, the sides alternating (2: a seed pair, each side once).",
    ),
]
OutDir = Annotated[
    Path, typer.Option("--out", "-o", help="Folder for results.json, results.csv, standings.csv.")
]
Db = Annotated[
    str,
    typer.Option("--db", help="The server's game store (an SQLite path or postgresql:// URL)."),
]
PublicUrl = Annotated[
    str,
    typer.Option("--public-url", help="The server's address, for the links."),
]


def _standings_table(doc: dict[str, Any]) -> Table:
    table = Table(title=f"{doc['title']}: {doc['system']}, {doc['scenario']}")
    for col in ("#", "player", "points", "W", "D", "L", "games", "Buchholz"):
        table.add_column(col, justify="left" if col == "player" else "right")
    for i, r in enumerate(doc["standings"]):
        table.add_row(
            str(i + 1),
            escape(r["player"]),
            f"{r['points']:g}",
            str(r["wins"]),
            str(r["draws"]),
            str(r["losses"]),
            str(r["games"]),
            f"{r['buchholz']:g}",
        )
    return table


def _exported(doc: dict[str, Any], to: Path) -> None:
    from greatwar.tournament import export

    paths = export(doc, to)
    out.print(_standings_table(doc))
    errors = [g for g in doc["games"] if g["status"] == "error"]
    if errors:
        err.print(f"[yellow]{len(errors)} games failed (see results.json)[/yellow]")
    out.print("Written: " + ", ".join(str(p) for p in paths))


@tournament_app.command("bots")
def tournament_bots(
    bots: Annotated[
        list[str], typer.Argument(help="The bots taking part (a name twice: two players).")
    ],
    game_id: GameId = DEFAULT_GAME,
    scenario: Scenario = None,
    options: Options = None,
    system: System = "round-robin",
    rounds: Rounds = None,
    per_pairing: PerPairing = 2,
    seed: Seed = 1,
    max_games: Annotated[
        int, typer.Option("--max-games", min=1, help="Refuse a tournament of more games.")
    ] = 200,
    workers: Workers = None,
    ray: UseRay = False,
    ray_address: RayAddress = None,
    to: OutDir = Path("tournament"),
) -> None:
    """Play a bounded round robin or Swiss among bots (any game of two teams) and export the
    results with every game's record.

    Example: greatwar tournament bots random heuristic easy --scenario introductory --system
    swiss --rounds 2 --per-pairing 2 --out results/"""
    import os

    from greatwar.fanout import FanoutError
    from greatwar.tournament import run_bots

    g = _game(game_id)
    sc, opts = _setup(g, scenario, options)
    try:
        doc = run_bots(
            bots,
            g.id,
            sc,
            opts,
            system,
            rounds,
            per_pairing,
            seed,
            max_games,
            workers or os.cpu_count() or 1,
            _ray(ray, ray_address),
            progress=lambda msg: err.print(msg),
        )
    except ValueError as e:
        raise typer.BadParameter(str(e)) from None
    except FanoutError as e:
        raise _fanout_failed(e) from None
    _exported(doc, to)


def _service(db: str) -> Any:
    from greatwar.server.games import GameService
    from greatwar.server.schema import prepare
    from greatwar.server.store import GameStore, StoreError

    try:
        prepare(db)  # the store a server will serve: at the newest schema
        return GameService(GameStore(db))
    except StoreError as e:
        err.print(f"[red]{escape(str(e))}[/red]")
        raise typer.Exit(2) from None


def _print_links(links: list[Any]) -> None:
    """One line a link (never wrapped: they are copied), grouped by player."""
    typer.echo("Give each player their links (shown once; the store keeps no copy):")
    for x in sorted(links, key=lambda x: (x.player, x.round, x.table, x.game_id)):
        typer.echo(f"{x.player}\tround {x.round}\ttable {x.table}\t{x.team}\t{x.url}")


@tournament_app.command("players")
def tournament_players(
    players: Annotated[list[str], typer.Argument(help="The players' names.")],
    db: Db,
    file: Annotated[
        Path, typer.Option("--file", "-f", help="The tournament file to write (no tokens in it).")
    ] = Path("tournament.json"),
    name: Annotated[str, typer.Option("--name", help="The tournament's name.")] = "tournament",
    game_id: GameId = DEFAULT_GAME,
    scenario: Scenario = None,
    options: Options = None,
    bid: Annotated[
        str | None,
        typer.Option(
            "--bid",
            help="Paths of Glory: the bid every game carries, SIDE:VP (e.g. ap:2: the Allies "
            "ceded 2 VP); it joins the options.",
        ),
    ] = None,
    clock: Annotated[
        str | None,
        typer.Option(
            "--clock",
            help="fast, slow, or INITIAL/INCREMENT/MAX in hours (e.g. 48/24/120); default none.",
        ),
    ] = None,
    system: System = "round-robin",
    rounds: Rounds = None,
    per_pairing: PerPairing = 1,
    seed: Seed = 1,
    public_url: PublicUrl = "http://localhost:8000",
) -> None:
    """Create the first round of a tournament between people on a server's store (a round
    robin: every round at once), all with the same scenario, options, bid and clock; print each
    player's links and write the tournament file for 'next' and 'results'."""
    from greatwar.tournament import SYSTEMS, Tournament, round_robin, swiss

    g = _game(game_id)
    opts = _options(options) or {}
    if bid:
        side, _, vp = bid.partition(":")
        if not vp.isdigit():
            raise typer.BadParameter("--bid is SIDE:VP, e.g. ap:2")
        opts["bid"] = {"side": side, "vp": int(vp)}
    sc, opts = _setup(g, scenario, json.dumps(opts) if opts else None)
    spec: Any = clock
    if clock and "/" in clock:
        parts = clock.split("/")
        try:
            hours = [float(x) for x in parts]
        except ValueError:
            hours = []
        if len(hours) != 3:
            raise typer.BadParameter("--clock is fast, slow or INITIAL/INCREMENT/MAX in hours")
        spec = dict(zip(("initial_hours", "increment_hours", "max_hours"), hours, strict=True))
    if system not in SYSTEMS:
        raise typer.BadParameter(f"--system is {' or '.join(SYSTEMS)}")
    if len(set(players)) != len(players) or len(players) < 2:
        raise typer.BadParameter("give two players or more, each name once")
    if file.exists():
        raise typer.BadParameter(f"{file} exists: a tournament file is never overwritten")
    every = max(p.round for p in round_robin(players))
    total = (
        min(rounds or every, every)
        if system == "round-robin"
        else rounds or max(1, (len(players) - 1).bit_length())
    )
    t = Tournament(name, g.id, sc, opts, spec, system, total, per_pairing, list(players), seed)
    service = _service(db)
    from greatwar.server.games import ServiceError

    pairings = (
        [p for p in round_robin(players) if p.round <= total]
        if system == "round-robin"
        else swiss(players, [], 1, seed)
    )
    try:
        from greatwar.tournament import create_games

        links = create_games(service, t, pairings, public_url)
    except ServiceError as e:
        raise typer.BadParameter(e.message) from None
    finally:
        service.store.close()
    t.save(file)
    _print_links(links)
    out.print(f"{len({x.game_id for x in links})} games created; the tournament is in {file}")


@tournament_app.command("next")
def tournament_next(
    file: Annotated[Path, typer.Argument(help="The tournament file.")],
    db: Db,
    public_url: PublicUrl = "http://localhost:8000",
) -> None:
    """Create the next round of a Swiss from the results so far (every game of the last
    round over), print its links and note its games in the tournament file."""
    from greatwar.tournament import Tournament, next_round

    t = Tournament.load(file)
    service = _service(db)
    try:
        links = next_round(service, t, public_url)
    except ValueError as e:
        raise typer.BadParameter(str(e)) from None
    finally:
        service.store.close()
    t.save(file)
    _print_links(links)


@tournament_app.command("results")
def tournament_results(
    file: Annotated[Path, typer.Argument(help="The tournament file.")],
    db: Db,
    to: OutDir = Path("tournament"),
) -> None:
    """Export the standings and every game (its record once it is over) of a tournament
    between people, read from the server's store."""
    from greatwar.tournament import Tournament, collect, report

    t = Tournament.load(file)
    service = _service(db)
    try:
        results = collect(service, t)
    finally:
        service.store.close()
    doc = report(
        _game(t.game), t.scenario, t.options, t.system, t.players, results, {"name": t.name}
    )
    _exported(doc, to)


def main() -> None:
    """``greatwar``: the command line, its help and its errors in the language of --lang or
    of the environment."""
    _PROCESS["command"] = True
    from greatwar import cli_lang
    from greatwar.core.i18n import from_env

    lang = _argv_lang(sys.argv[1:]) or from_env()
    cli_lang.use(lang)
    command(lang)(prog_name="greatwar")


if __name__ == "__main__":
    main()


# -- the command line in another language ---------------------------------------------------


def _commands(cmd: Any, path: tuple[str, ...] = ()) -> list[tuple[str, Any]]:
    """Every command under ``cmd``, a group's own commands too, by dotted name
    (``users.add``)."""
    out: list[tuple[str, Any]] = []
    for name, c in getattr(cmd, "commands", {}).items():
        out.append((".".join((*path, name)), c))
        out.extend(_commands(c, (*path, name)))
    return out


def _help_tables() -> tuple[dict[str, str], dict[str, str]]:
    """The help texts of every command (a group's commands too) and option, English (the
    app's own) and Russian (the ``help`` section of ``locale/ru.json``:
    ``opt.<command>.<option>``, else ``opt.<option>`` for every command; a command of a group
    is named ``<group>.<command>``)."""
    import typer.main

    from greatwar.texts import RU_HELP

    cmd = typer.main.get_command(app)
    en: dict[str, str] = {"app": cmd.help or ""}
    for name, c in _commands(cmd):
        en[f"cmd.{name}"] = c.help or ""
        for param in c.params:
            text = getattr(param, "help", None)
            if text:
                en[f"opt.{name}.{param.name}"] = text
    ru: dict[str, str] = {}
    for key in en:
        if key.startswith("opt."):
            param_name = key.rsplit(".", 1)[1]
            got = RU_HELP.get(key) or RU_HELP.get(f"opt.{param_name}")
        else:
            got = RU_HELP.get(key)
        if got is not None:
            ru[key] = got.replace("{games}", ", ".join(games())).replace("{default}", DEFAULT_GAME)
    return en, ru


def _register_help() -> Any:
    from greatwar.core import i18n
    from greatwar.texts import OWNER

    en, ru = _help_tables()
    return i18n.register(OWNER, i18n.Catalogue("greatwar.help", {"en": en, "ru": ru}))


HELP = _register_help()


def command(lang: str = "en") -> Any:
    """The command line as a click command, its help texts and its usage line's metavars in
    ``lang``; the library's own texts (the panels, notes and errors) follow
    :func:`greatwar.cli_lang.use`, which :func:`main` calls (it holds for the whole process)."""
    import typer.main

    from greatwar import cli_lang

    cmd = typer.main.get_command(app)
    if lang == "en":
        return cmd
    cmd.help = HELP.get("app", lang)
    for name, c in _commands(cmd):
        c.help = HELP.get(f"cmd.{name}", lang)
        c.short_help = None
        for param in c.params:
            if getattr(param, "help", None):
                param.help = HELP.get(f"opt.{name}.{param.name}", lang)
    return cli_lang.localize(cmd, lang)


def _argv_lang(args: list[str]) -> str | None:
    """The language a command line names with --lang (or -l)."""
    from greatwar.core.i18n import known

    for i, a in enumerate(args):
        if a in ("--lang", "-l") and i + 1 < len(args):
            return known(args[i + 1])
        if a.startswith("--lang="):
            return known(a.split("=", 1)[1])
    return None
