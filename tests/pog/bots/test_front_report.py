"""The front report: each side's combat factors by front, turn by turn, from a game record."""

from __future__ import annotations

import json

import pytest

from greatwar.arena import run_arena
from greatwar.pog import board, engine
from greatwar.pog.bots.analysis import FRONT_OF, FRONTS
from greatwar.pog.bots.front_report import front_strength, main, report
from greatwar.pog.data import load

D = load()


def test_every_unit_on_the_map_counts_on_its_front_and_no_other() -> None:
    s = engine.new_game("historical", seed=1)
    strength = front_strength(s)
    assert len(strength) == len(FRONTS)
    for side in (0, 1):
        on_map = [u for u, x in enumerate(s.loc) if 0 <= x < len(FRONT_OF) and FRONT_OF[x] >= 0]
        mine = [u for u in on_map if D.units[u].side == side]
        assert sum(f[side] for f in strength) == sum(board.cf(s, u) for u in mine) > 0
    # a unit sent to the eliminated box leaves its front
    u = next(u for u, x in enumerate(s.loc) if x >= 0 and FRONT_OF[x] == FRONTS.index("west"))
    before = strength[FRONTS.index("west")][D.units[u].side]
    s.loc[u] = D.eliminated_box[D.units[u].side]
    board.invalidate(s)
    after = front_strength(s)[FRONTS.index("west")][D.units[u].side]
    assert after == before - board.cf(s, u)


@pytest.mark.rule("4.1.1")
def test_a_recorded_game_reports_each_turn_and_how_it_ended(tmp_path, capsys) -> None:
    folder, series = tmp_path / "games", tmp_path / "series.jsonl"
    run_arena(("heuristic", "random"), 1, scenario="limited", seed=3, record=series,
              games_dir=folder)  # fmt: skip
    played = json.loads(series.read_text().splitlines()[1])
    r = report(folder / "game-000.json")
    rows = r["turns"]
    assert [t["turn"] for t in rows] == list(range(1, played["turn"] + 1))
    assert rows[0]["vp"] == 10  # 4.1.1: the VP marker starts at 10
    assert r["outcome"]["outcome"] == played["outcome"]
    assert r["outcome"]["final_vp"] == played["numbers"]["final_vp"]
    main([str(folder / "game-000.json")])
    out = capsys.readouterr().out
    assert "west" in out and f"won by {played['outcome']}" in out


def test_a_damaged_record_is_refused_with_its_reason(tmp_path) -> None:
    folder = tmp_path / "games"
    run_arena(("heuristic", "random"), 1, scenario="introductory", seed=3, games_dir=folder)
    doc = json.loads((folder / "game-000.json").read_text())
    doc["actions"][5] = "nonsense"
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(doc))
    with pytest.raises(SystemExit, match=r"entry 5 .* cannot be replayed"):
        main([str(bad)])
    bad.write_text("{")
    with pytest.raises(SystemExit, match="not JSON"):
        main([str(bad)])
    with pytest.raises(SystemExit, match="No such file"):
        main([str(tmp_path / "none.json")])
    doc = {**json.loads((folder / "game-000.json").read_text()), "game": "qmg1914"}
    bad.write_text(json.dumps(doc))
    with pytest.raises(SystemExit, match="not of 'pog'"):
        main([str(bad)])
