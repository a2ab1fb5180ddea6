"""The ``greatwar`` command line."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn
from rich.table import Table

from greatwar import __version__

app = typer.Typer(
    name="greatwar",
    help="Paths of Glory, every rule enforced: play, watch, measure.",
    no_args_is_help=True,
    add_completion=False,
)
out = Console()
err = Console(stderr=True)

SCENARIO_HELP = "introductory, limited, campaign or historical"
Scenario = Annotated[str, typer.Option("--scenario", "-s", help=SCENARIO_HELP)]
Games = Annotated[int, typer.Option("--games", "-n", min=1, help="How many games to play.")]
Seed = Annotated[int, typer.Option("--seed", help="Seed of the run (each game derives its own).")]
Options = Annotated[
    str | None,
    typer.Option("--options", help="Game options as JSON, e.g. '{\"hand8\": true}'."),
]
AsJson = Annotated[bool, typer.Option("--json", help="Print one JSON object.")]
TestsDir = Annotated[Path, typer.Option("--tests", help="The test folder of a source checkout.")]


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


def _check_scenario(name: str) -> str:
    from greatwar.pog.scenarios import OptionsError, find_scenario

    try:
        return find_scenario(name).id
    except OptionsError as e:
        raise typer.BadParameter(str(e)) from None


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


@app.command()
def selfplay(
    scenario: Scenario = "historical",
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
    from greatwar.pog import invariants
    from greatwar.pog.game import RULES
    from greatwar.selfplay import game_seeds, play_random, summarise

    sc = _check_scenario(scenario)
    opts = _options(options)
    played = []
    mismatches = []
    with _progress(games, f"{sc} self-play") as bar:
        task = bar.add_task("games", total=games)
        for gs in game_seeds(seed, games):
            g = play_random(sc, gs, opts, check=invariants.check if check else None)
            played.append(g)
            if verify and g.error is None and replay(RULES, g.record()).hash() != g.final_hash:
                mismatches.append(gs)
            bar.advance(task)
    summary = summarise(played)
    if verify:
        summary["replay_mismatches"] = mismatches
    if as_json:
        out.print_json(json.dumps(summary))
    else:
        table = Table(title=f"{games} random {sc} games (seed {seed})")
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
            err.print(f"[red]error[/red] {e}")
    if summary["exceptions"] or summary["finished"] != summary["games"] or mismatches:
        raise typer.Exit(1)


@app.command()
def bench(
    scenario: Scenario = "historical",
    games: Games = 20,
    seed: Seed = 1,
    options: Options = None,
    as_json: AsJson = False,
) -> None:
    """Measure random play: actions per second, seconds per game, and the time of a legal-action
    listing, a combat, a clone and a full supply recomputation (printed, never judged)."""
    from greatwar.selfplay import bench as run

    sc = _check_scenario(scenario)
    with _progress(games, f"bench {sc}") as bar:
        task = bar.add_task("games", total=games)
        result = run(
            sc, games, seed, _options(options), progress=lambda i: bar.update(task, completed=i)
        )
    if as_json:
        sys.stdout.write(json.dumps(result) + "\n")
        return
    table = Table(title=f"benchmark: {games} random {sc} games")
    table.add_column("measure")
    table.add_column("value", justify="right")
    for k, v in result.items():
        if isinstance(v, dict | list):
            v = json.dumps(v)
        table.add_row(k, str(v))
    out.print(table)


@app.command()
def demo(
    scenario: Scenario = "historical",
    seed: Seed = 1,
) -> None:
    """Watch the computer play a whole game against itself, then read a summary."""
    from greatwar.pog import messages
    from greatwar.pog.scenarios import SCENARIOS
    from greatwar.selfplay import play_random

    sc = _check_scenario(scenario)
    with err.status(f"The computer plays a {SCENARIOS[sc].name} game against itself..."):
        g = play_random(sc, seed, keep_state=True)
    s = g.state
    assert s is not None
    if g.error:
        err.print(f"[red]the game failed:[/red] {g.error}")
        raise typer.Exit(1)
    res = g.result or {}
    out.rule(f"Paths of Glory, {SCENARIOS[sc].name} scenario, seed {seed}")
    keys = {
        "nation.enters",
        "commitment.raised",
        "armistice",
        "game.over",
        "peace.accepted",
        "fort.destroyed",
    }
    vp_by_turn: dict[int, int] = {}
    for e in s.log:
        if e["k"] in (
            "vp.space",
            "vp.event",
            "mo.missed",
            "vp.blockade",
            "peace.table",
            "vp.italy_neutral",
            "mo.french_mutiny_penalty",
        ):
            vp_by_turn[e["t"]] = e["a"]["vp"]
    table = Table(title="Story of the war")
    table.add_column("turn", justify="right")
    table.add_column("event")
    for e in s.log:
        if e["k"] in keys:
            table.add_row(str(e["t"]), messages.render(e))
    out.print(table)
    if vp_by_turn:
        out.print(
            "VP at the end of turns: "
            + ", ".join(f"{t}: {v}" for t, v in sorted(vp_by_turn.items()))
        )
    out.print(f"{len(g.actions)} decisions in {g.seconds:.2f} s.")
    winner = {
        "ap": "The Allies win",
        "cp": "The Central Powers win",
        "draw": "A draw",
        "both_lose": "Both sides lose",
    }.get(res.get("outcome", ""), "No result")
    out.print(
        f"[bold]{winner}[/bold] on turn {res.get('turn')} ({res.get('reason')}); "
        f"VP {res.get('vp')}, final VP {res.get('final_vp')}."
    )


@app.command("replay")
def replay_cmd(
    path: Annotated[Path, typer.Argument(help="A game record (JSON) to replay.")],
    as_json: AsJson = False,
) -> None:
    """Replay a saved game record and print its final position's hash and result."""
    from greatwar.core.errors import GameError
    from greatwar.core.session import GameRecord, replay
    from greatwar.pog.game import RULES

    try:
        record = GameRecord.from_json(json.loads(path.read_text(encoding="utf-8")))
        s = replay(RULES, record)
    except (OSError, json.JSONDecodeError, GameError) as e:
        err.print(f"[red]cannot replay {path}:[/red] {e}")
        raise typer.Exit(2) from None
    summary = {"actions": len(record.actions), "hash": s.hash(), "turn": s.turn, "result": s.result}
    if as_json:
        sys.stdout.write(json.dumps(summary) + "\n")
    else:
        out.print(summary)


@app.command("cards")
def cards_cmd(
    tests: TestsDir = Path("tests"),
    as_json: AsJson = False,
) -> None:
    """List every strategy card and whether its event is implemented (code and tests)."""
    from greatwar.card_report import report

    result = report(tests if tests.is_dir() else None)
    if not tests.is_dir():
        err.print(f"[yellow]no test folder at {tests}: no card counts as tested[/yellow]")
    if as_json:
        sys.stdout.write(json.dumps(result) + "\n")
        return
    table = Table(title=f"{result['implemented']} of {result['total']} card events implemented")
    for col in ("card", "name", "side", "OPS/SR", "event", "tests"):
        table.add_column(col)
    for r in result["cards"]:
        mark = "[green]yes[/green]" if r["implemented"] else "[red]no[/red]"
        table.add_row(r["id"], r["name"], r["side"], f"{r['ops']}/{r['sr']}", mark, str(r["tests"]))
    out.print(table)


@app.command("rules-coverage")
def rules_coverage(
    tests: TestsDir = Path("tests"),
    as_json: AsJson = False,
) -> None:
    """List every rule of the rulebook with the tests that carry its mark."""
    from greatwar.rules_coverage import report

    if not tests.is_dir():
        err.print(
            f"[red]no test folder at {tests}[/red]: run this from a source checkout, "
            "or give --tests"
        )
        raise typer.Exit(2)
    result = report(tests)
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
            out.print(f"[bold]{tag}[/bold] not yet covered: " + ", ".join(b["uncovered"]))


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
            help="The two bots to match, comma-separated (e.g. heuristic,random). Each takes "
            "each side in half the games.",
        ),
    ] = "heuristic,random",
    games: Games = 50,
    scenario: Scenario = "historical",
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
    """Play bots against each other and report their win rates, overall and by side."""
    import os

    from greatwar.arena import run_arena
    from greatwar.bots import bots as all_bots

    BOTS = all_bots()

    names = tuple(b.strip() for b in bots.split(",") if b.strip())
    if len(names) != 2:
        raise typer.BadParameter("give exactly two bots, e.g. --bots heuristic,random")
    for name in names:
        if name not in BOTS:
            known = ", ".join(sorted(BOTS))
            raise typer.BadParameter(f"unknown bot {name!r}; the bots are {known}")
    sc = _check_scenario(scenario)
    pair = (names[0], names[1])
    with _progress(games, f"{pair[0]} vs {pair[1]}") as bar:
        task = bar.add_task("games", total=games)
        result = run_arena(
            pair,
            games,
            scenario=sc,
            seed=seed,
            options=_options(options),
            workers=workers or os.cpu_count() or 1,
            progress=lambda n: bar.update(task, completed=n),
        )
    if as_json:
        sys.stdout.write(json.dumps(result) + "\n")
    else:
        table = Table(title=f"{games} {sc} games: {pair[0]} vs {pair[1]} (seed {seed})")
        table.add_column("bot")
        table.add_column("wins", justify="right")
        table.add_column("win rate", justify="right")
        table.add_column("as AP", justify="right")
        table.add_column("as CP", justify="right")
        table.add_column("s / decision", justify="right")
        for name in result["bots"]:
            by = result["win_rate_by_side"][name]
            table.add_row(
                name,
                str(result["wins"][name]),
                f"{result['win_rate'][name]:.0%}",
                f"{by['ap']:.0%}",
                f"{by['cp']:.0%}",
                f"{result['seconds_per_decision'][name]:.4f}",
            )
        out.print(table)
        out.print(
            f"draws {result['draws']}, errors {len(result['errors'])}, "
            f"ended by {result['reasons']}, mean final VP {result['mean_final_vp']}, "
            f"mean last turn {result['mean_last_turn']}"
        )
        for e in result["errors"][:10]:
            err.print(f"[red]error[/red] {e}")
    if result["errors"]:
        raise typer.Exit(1)


@app.command()
def play(
    side: Annotated[
        str, typer.Option("--as", help="Your side: ap (the Allies) or cp (the Central Powers).")
    ] = "ap",
    vs: Annotated[str, typer.Option("--vs", help="The bot you play against.")] = "heuristic",
    scenario: Scenario = "historical",
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
    from greatwar.bots import bots as all_bots

    BOTS = all_bots()
    from greatwar.terminal import new_terminal_game

    side = side.lower()
    if side not in ("ap", "cp"):
        raise typer.BadParameter("--as must be ap or cp")
    if vs not in BOTS:
        raise typer.BadParameter(f"unknown bot {vs!r}; the bots are {', '.join(sorted(BOTS))}")
    sc = _check_scenario(scenario)
    game = new_terminal_game(side, vs, sc, seed, _options(options), console=out, save=save)
    game.run()


def main() -> None:
    app()


if __name__ == "__main__":
    main()
