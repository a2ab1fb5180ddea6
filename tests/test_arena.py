"""The arena: bots against each other, each on every team; the heuristic bot beats random."""

from __future__ import annotations

import json
from dataclasses import asdict
from typing import Any

import pytest
from typer.testing import CliRunner

from greatwar.arena import labels, play_game, run_arena, schedule
from greatwar.cli import app


def test_schedule_gives_each_bot_each_side_in_half_the_games() -> None:
    games = schedule(("heuristic", "random"), 6, seed=3, teams=("ap", "cp"))
    assert [g[0] for g in games] == list(range(6))
    ap = [g[2]["ap"][0] for g in games]
    assert ap.count("heuristic") == 3 and ap.count("random") == 3
    # The two games of a pair share their seed, sides swapped.
    assert games[0][1] == games[1][1] and games[0][2]["ap"] == games[1][2]["cp"]
    assert games[0][2]["cp"] == games[1][2]["ap"]


def test_schedule_rotates_bots_across_more_teams() -> None:
    games = schedule(("a", "b", "c"), 6, seed=3, teams=("x", "y", "z"))
    assert len({g[1] for g in games[:3]}) == 1 and games[0][1] != games[3][1]
    assert [g[2]["x"][1] for g in games[:3]] == ["a", "b", "c"]
    assert [g[2]["z"][1] for g in games[:3]] == ["c", "a", "b"]
    with pytest.raises(ValueError, match="one bot per team"):
        schedule(("a", "b"), 2, seed=1, teams=("x", "y", "z"))


def test_a_bot_meeting_itself_gets_two_labels() -> None:
    assert labels(("random", "random")) == ("random#1", "random#2")
    assert labels(("heuristic", "random")) == ("heuristic", "random")
    assert labels(("a", "b", "a")) == ("a#1", "b", "a#2")


def test_one_game_is_played_to_the_end() -> None:
    g = play_game(0, 12345, {"ap": ("heuristic", "heuristic"), "cp": ("random", "random")})
    assert g.error is None
    assert g.outcome in ("ap", "cp", "draw")
    assert g.decisions["heuristic"] > 0 and g.decisions["random"] > 0
    assert g.winner == {"ap": "heuristic", "cp": "random"}.get(g.outcome)
    assert set(g.numbers) >= {"vp", "final_vp"}


def test_the_heuristic_bot_beats_the_random_bot_on_both_sides() -> None:
    """The acceptance bar (90% on each side), on a smaller sample than the 50-game run."""
    r = run_arena(("heuristic", "random"), 12, scenario="historical", seed=7, workers=2)
    assert r["games"] == 12 and not r["errors"]
    assert r["games_by_team"]["heuristic"] == {"ap": 6, "cp": 6}
    assert r["win_rate"]["heuristic"] >= 0.9
    assert r["win_rate_by_team"]["heuristic"]["ap"] >= 0.8
    assert r["win_rate_by_team"]["heuristic"]["cp"] >= 0.8
    assert r["win_rate"]["heuristic"] + r["win_rate"]["random"] + r["draws"] / 12 == 1.0


def test_unknown_bot_is_refused() -> None:
    with pytest.raises(ValueError, match="unknown bot"):
        run_arena(("heuristic", "nobody"), 2)


def test_arena_command_prints_one_json_object() -> None:
    result = CliRunner().invoke(
        app, ["arena", "--bots", "random,random", "--games", "2", "--workers", "1", "--json"]
    )
    assert result.exit_code == 0, result.output
    doc = json.loads(result.stdout)
    assert doc["games"] == 2
    assert set(doc["win_rate"]) == {"random#1", "random#2"}
    for by_team in doc["win_rate_by_team"].values():
        assert set(by_team) == {"ap", "cp"}
    assert {"draws", "reasons", "means", "seconds_per_decision"} <= set(doc)
    assert doc["game"] == "pog" and doc["teams"] == ["ap", "cp"]
    assert set(doc["means"]) == {"vp", "final_vp"}


def test_arena_command_checks_its_bots() -> None:
    result = CliRunner().invoke(app, ["arena", "--bots", "random", "--games", "2"])
    assert result.exit_code != 0
    result = CliRunner().invoke(app, ["arena", "--bots", "random,nobody", "--games", "2"])
    assert result.exit_code != 0


def test_wilson_intervals() -> None:
    from greatwar.arena import wilson

    lo, hi = wilson(7, 10)
    assert lo == pytest.approx(0.3968, abs=1e-3) and hi == pytest.approx(0.8922, abs=1e-3)
    assert wilson(0, 10)[0] == 0.0 and wilson(10, 10)[1] == 1.0
    assert wilson(0, 0) == (0.0, 1.0)


def test_a_series_reports_seed_pairs_and_intervals() -> None:
    r = run_arena(("random", "random"), 4, scenario="introductory", seed=2, workers=1)
    assert r["seed_pairs"] == 2
    for name in r["bots"]:
        lo, hi = r["ci95"][name]
        assert lo <= r["win_rate"][name] <= hi
        for t in r["teams"]:
            lo, hi = r["ci95_by_team"][name][t]
            assert lo <= r["win_rate_by_team"][name][t] <= hi
    # the keys of --json before the intervals are all still there
    for key in ("games", "bots", "teams", "wins", "draws", "errors", "win_rate",
                "win_rate_by_team", "games_by_team", "outcomes", "reasons", "means",
                "mean_last_turn", "decisions", "seconds_per_decision",
                "max_seconds_per_decision", "results"):  # fmt: skip
        assert key in r


def test_ratings_order_the_bots_by_their_results() -> None:
    from greatwar.arena import fit_ratings

    games = [("a", "b", 1.0)] * 8 + [("a", "b", 0.0)] * 2 + [("b", "c", 1.0)] * 8
    games += [("b", "c", 0.5)] * 2 + [("a", "c", 1.0)] * 5
    r = fit_ratings(["a", "b", "c"], games)
    assert r["a"] == 0.0 and r["a"] > r["b"] > r["c"]
    # ten wins to one loss is 400 Elo points, about
    even = fit_ratings(["x", "y"], [("x", "y", 1.0)] * 10 + [("x", "y", 0.0)])
    assert even["y"] == pytest.approx(-400, abs=25)


def test_a_bot_meeting_itself_plays_two_different_games_of_a_seed_pair() -> None:
    """Both games of a seed pair share the dice; the bots' own seeds depend on the game seed,
    the seat and the game's place in the pair, so a mirror match is not one game played twice."""
    from greatwar.arena import bot_seed

    assert len({bot_seed(5, seat, rot) for seat in (0, 1) for rot in (0, 1)}) == 4
    games = schedule(("random", "random"), 2, seed=4, teams=("ap", "cp"))
    played = [play_game(i, s, lineup, scenario="introductory") for i, s, lineup in games]
    assert played[0].seed == played[1].seed
    assert all(g.error is None for g in played)
    first, second = played
    assert (first.actions, first.numbers, first.turn) != (
        second.actions,
        second.numbers,
        second.turn,
    )


def _without_time(r: dict[str, object]) -> dict[str, object]:
    from greatwar.arena import RUN_KEYS

    return {k: v for k, v in r.items() if k not in RUN_KEYS}


def test_a_recorded_series_played_in_parts_reports_what_one_run_reports(tmp_path) -> None:
    from greatwar.arena import Record

    whole = run_arena(("random", "random"), 6, scenario="introductory", seed=4, workers=1)
    path = tmp_path / "series.jsonl"
    first = run_arena(
        ("random", "random"), 6, scenario="introductory", seed=4, workers=1, record=path
    )
    assert _without_time(first) == _without_time(whole)
    # A run stopped after its first two games, the third cut off while being written:
    lines = path.read_text().splitlines(keepends=True)
    path.write_text("".join(lines[:3]) + lines[3][:40])
    played: list[int] = []
    again = run_arena(
        ("random", "random"), 6, scenario="introductory", seed=4, workers=2, record=path,
        progress=played.append,
    )  # fmt: skip
    assert played[0] == 2 and played[-1] == 6  # only the four missing games were played
    assert _without_time(again) == _without_time(whole)
    assert len(Record(path, json.loads(lines[0])["series"]).games) == 6
    # a third run plays nothing and reports the same series
    assert _without_time(
        run_arena(("random", "random"), 6, scenario="introductory", seed=4, record=path)
    ) == _without_time(whole)


def test_so_far_reports_the_games_a_record_holds_and_plays_none(tmp_path) -> None:
    from greatwar.arena import RecordError

    args = (("random", "random"), 6)
    kw: dict[str, Any] = {"scenario": "introductory", "seed": 4}
    path = tmp_path / "series.jsonl"
    with pytest.raises(RecordError, match="no such record"):
        run_arena(*args, **kw, record=path, so_far=True)
    assert not path.exists()
    whole = run_arena(*args, **kw, record=path)
    lines = path.read_text().splitlines(keepends=True)
    path.write_text("".join(lines[:5]))  # the first four games
    before = path.read_bytes()
    part = run_arena(*args, **kw, record=path, so_far=True)
    assert path.read_bytes() == before  # nothing played, nothing written
    assert part["games"] == 4 and part["results"] == whole["results"][:4]
    assert part["seed_pairs"] == 2
    cli = ["arena", "--bots", "random,random", "--games", "6", "--scenario", "introductory",
           "--seed", "4", "--record", str(path), "--so-far"]  # fmt: skip
    result = CliRunner().invoke(app, cli)
    assert result.exit_code == 0, result.output
    assert "4 of 6" in result.output and "seed pairs 2" in result.output
    assert path.read_bytes() == before
    result = CliRunner().invoke(app, [*cli[:-3], "--so-far"])
    assert result.exit_code == 2 and "--record" in result.output


def test_seed_pairs_say_who_won_both_games() -> None:
    from greatwar.arena import ArenaGame, summarise

    def game(i: int, seed: int, ap: str, winner: str | None) -> dict[str, object]:
        cp = "b" if ap == "a" else "a"
        ag = ArenaGame(i, seed, {"ap": ap, "cp": cp}, {"ap": ap, "cp": cp}, outcome="ap")
        ag.winner, ag.turn = winner, 3
        return asdict(ag)

    played = [
        game(0, 1, "a", "a"), game(1, 1, "b", "a"),  # a won both
        game(2, 2, "a", "a"), game(3, 2, "b", "b"),  # split: each side won as the Allies
        game(4, 3, "a", "b"), game(5, 3, "b", "b"),  # b won both
        game(6, 4, "a", None), game(7, 4, "b", None),  # no winner: not a pair won
        game(8, 5, "a", "a"),  # half a pair
    ]  # fmt: skip
    r = summarise(("a", "b"), played, ("ap", "cp"))
    assert r["seed_pairs"] == 4
    assert r["seed_pair_results"] == {"a": 1, "b": 1, "split": 2}


def test_a_record_of_another_series_is_refused_and_left_as_it_was(tmp_path) -> None:
    from greatwar.arena import RecordError

    path = tmp_path / "series.jsonl"
    run_arena(("random", "random"), 2, scenario="introductory", seed=4, record=path)
    before = path.read_bytes()
    with pytest.raises(RecordError, match="another series"):
        run_arena(("random", "random"), 2, scenario="introductory", seed=5, record=path)
    result = CliRunner().invoke(
        app,
        ["arena", "--bots", "random,random", "--games", "4", "--scenario", "introductory",
         "--seed", "4", "--record", str(path)],
    )  # fmt: skip
    assert result.exit_code == 2 and "another series" in result.output
    assert "Traceback" not in result.output
    assert path.read_bytes() == before
    path.write_text(before.decode().splitlines()[0] + "\nnot a game\n{}\n")
    with pytest.raises(RecordError, match="line 2 is not a finished game"):
        run_arena(("random", "random"), 2, scenario="introductory", seed=4, record=path)


def test_a_bot_s_own_figures_are_summed_over_the_series() -> None:
    from greatwar.arena import ArenaGame, summarise

    def game(i: int, stats: dict[str, float]) -> dict[str, object]:
        ag = ArenaGame(i, 1, {"ap": "s", "cp": "r"}, {"ap": "s", "cp": "r"}, outcome="ap")
        ag.winner, ag.turn, ag.bot_stats = "s", 3, {"s": stats}
        return asdict(ag)

    played = [
        game(0, {"searched": 3, "search_seconds": 1.5, "slowest_search": 0.9}),
        game(1, {"searched": 1, "search_seconds": 1.7, "slowest_search": 1.7}),
    ]
    r = summarise(("s", "r"), played, ("ap", "cp"))
    assert r["searched"] == {
        "s": {"decisions": 4, "seconds_per_decision": 0.8, "max_seconds_per_decision": 1.7}
    }


def test_a_search_bot_answers_to_another_budget() -> None:
    """``NAME@SIMS``: the same bot with another budget, for the budget curve (docs/bots.md)."""
    from greatwar.bots import check_bot_name, make_bot

    bot = make_bot("normal@12", 5)
    assert bot.name == "normal@12" and vars(bot)["sims"] == 12
    assert vars(make_bot("hard@200", 5))["sims"] == 200
    assert vars(make_bot("normal", 5))["sims"] == 48
    assert vars(make_bot("normal-learned@24", 5))["sims"] == 24
    hand = vars(make_bot("normal-hand@24", 5))
    assert hand["sims"] == 24 and hand["value"] == "hand"
    assert vars(make_bot("normal@24", 5))["value"] == "blend"
    assert vars(make_bot("normal@8", 1, "qmg1914"))["sims"] == 8
    for bad, says in [
        ("easy@24", "takes no budget"),
        ("random@24", "takes no budget"),
        ("normal@0", "whole number"),
        ("normal@x", "whole number"),
        ("normal@", "whole number"),
        ("normal@1000000", "whole number"),
        ("nobody@24", "unknown bot"),
    ]:
        with pytest.raises(ValueError, match=says):
            check_bot_name(bad)


def test_the_arena_plays_a_budget_and_refuses_a_bad_one(tmp_path) -> None:
    r = run_arena(("normal@1", "random"), 2, scenario="historical", seed=3, workers=1)
    assert r["games"] == 2 and not r["errors"]
    assert set(r["win_rate"]) == {"normal@1", "random"}
    result = CliRunner().invoke(app, ["arena", "--bots", "easy@5,random", "--games", "2"])
    assert result.exit_code != 0 and "takes no budget" in result.output
    assert "Traceback" not in result.output


def test_against_compares_the_same_games_of_two_records_and_changes_neither(tmp_path) -> None:
    from greatwar.arena import RecordError, sign_test

    kw: dict[str, Any] = {"scenario": "introductory", "seed": 4, "workers": 1}
    old, new = tmp_path / "old.jsonl", tmp_path / "new.jsonl"
    theirs = run_arena(("random", "random"), 6, **kw, record=old)
    # the record compared with is read, never written: not even its cut-off last line dropped
    old.write_bytes(old.read_bytes() + b'{"index": 9, "se')
    before = old.read_bytes()
    mine = run_arena(("heuristic", "random"), 6, **kw, record=new, against_record=old)
    assert old.read_bytes() == before
    a = mine["against"]
    assert a["games"] == 6 and a["other_bots"] == ["random", "random"]
    first = labels(("random", "random"))[0]
    here = {r["game"] for r in mine["results"] if r["teams"][r["outcome"]] == "heuristic"}
    there = {r["game"] for r in theirs["results"] if r["teams"].get(r["outcome"]) == first}
    assert a["wins"] == {"this": len(here), "other": len(there)}
    assert a["only_this"] == sorted(here - there) and a["only_other"] == sorted(there - here)
    assert sum(row["games"] for row in a["by_team"].values()) == 6
    assert sum(row["this"] for row in a["by_team"].values()) == len(here)
    assert a["sign_test_p"] == sign_test(len(here - there), len(there - here))
    # another series (another seed) is refused before any game is played
    with pytest.raises(RecordError, match="another series"):
        run_arena(("heuristic", "random"), 6, **{**kw, "seed": 5}, record=tmp_path / "x.jsonl",
                  against_record=old)  # fmt: skip
    assert not (tmp_path / "x.jsonl").exists()
    cli = ["arena", "--bots", "heuristic,random", "--games", "6", "--scenario", "introductory",
           "--seed", "4", "--record", str(new), "--so-far", "--against", str(old)]  # fmt: skip
    result = CliRunner().invoke(app, cli)
    assert result.exit_code == 0, result.output
    assert "the same 6 games" in _words(result.output)
    result = CliRunner().invoke(app, [*cli[:-1], str(tmp_path / "none.jsonl")])
    assert result.exit_code == 2 and "no such record" in _words(result.output)
    assert "value for --against" in _words(result.output)  # the option at fault is named
    assert "Traceback" not in result.output
    result = CliRunner().invoke(app, [*cli[:-5], "--against", str(old)])  # no --record
    assert result.exit_code == 2 and "give --record" in _words(result.output)


def test_the_sign_test_is_the_binomial_tail_doubled() -> None:
    from greatwar.arena import sign_test

    assert sign_test(0, 0) == 1.0 and sign_test(3, 3) == 1.0
    assert sign_test(0, 5) == 0.0625  # 2 * (1/2)^5
    assert sign_test(9, 1) == sign_test(1, 9) == round(2 * 11 / 1024, 4)


def _words(output: str) -> str:
    """A command's output as words, without the lines and boxes it was laid out in."""
    return " ".join(output.replace("│", " ").split())


def test_games_dir_keeps_each_game_as_a_record_that_replays_to_its_result(tmp_path) -> None:
    from greatwar.core.session import parse_record, replay_checked

    folder, series = tmp_path / "games", tmp_path / "series.jsonl"
    kw: dict[str, Any] = {"scenario": "introductory", "seed": 4, "workers": 1}
    res = run_arena(("heuristic", "random"), 2, **kw, record=series, games_dir=folder)
    assert sorted(p.name for p in folder.iterdir()) == ["game-000.json", "game-001.json"]
    assert len(res["results"]) == 2
    for line in series.read_text().splitlines()[1:]:
        r = json.loads(line)
        assert "moves" not in r  # the series record keeps results, not moves
        g, kept = parse_record((folder / f"game-{r['index']:03d}.json").read_bytes(), "pog")
        assert (kept.seed, kept.scenario, kept.version) == (r["seed"], "introductory", g.version)
        assert len(kept.actions) == r["actions"]
        outcome = replay_checked(g, kept).outcome or {}
        assert (outcome["outcome"], outcome["turn"]) == (r["outcome"], r["turn"])
    # the games the record holds are not played again, so none is written again
    (folder / "game-000.json").unlink()
    run_arena(("heuristic", "random"), 2, **kw, record=series, games_dir=folder)
    assert [p.name for p in folder.iterdir()] == ["game-001.json"]
    # without a record too, and a folder that cannot be made is refused, naming the option
    run_arena(("heuristic", "random"), 2, **kw, games_dir=tmp_path / "again")
    assert len(list((tmp_path / "again").iterdir())) == 2
    cli = ["arena", "--bots", "heuristic,random", "--games", "2", "--scenario", "introductory",
           "--seed", "4", "-w", "1", "--games-dir"]  # fmt: skip
    result = CliRunner().invoke(app, [*cli, str(series)])  # a file, not a folder
    assert result.exit_code == 2 and "is a file" in _words(result.output)
    result = CliRunner().invoke(app, [*cli, str(series / "games")])  # cannot be made
    assert result.exit_code == 2 and "value for --games-dir" in _words(result.output)
    assert "Traceback" not in result.output
    result = CliRunner().invoke(app, [*cli, str(folder), "--record", str(series), "--so-far"])
    assert result.exit_code == 2 and "plays no game" in _words(result.output)
