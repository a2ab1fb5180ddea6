"""The learned evaluation and what it stands on: the features of a position, the self-play
records it learns from (resumable, refused when another series), the model's inference."""

from __future__ import annotations

import json
import math
import random
from pathlib import Path

import numpy as np
import pytest

from greatwar.pog import engine
from greatwar.pog.bots import selfplay_data, train_value
from greatwar.pog.bots.evaluate import SCALE, line_weight, win_chance
from greatwar.pog.bots.features import NAMES, VERSION, features, view_features
from greatwar.pog.bots.heuristic import HeuristicBot
from greatwar.pog.bots.search import SearchBot, score
from greatwar.pog.bots.value import MODEL, ValueModel, model
from greatwar.pog.state import State
from greatwar.pog.view import view


def test_the_features_name_every_number_and_follow_the_vp() -> None:
    s = engine.new_game("historical", seed=3)
    f = features(s)
    assert len(f) == len(NAMES) == len(set(NAMES))
    assert all(isinstance(x, float) for x in f)
    s.vp += 3
    g = features(s)
    i = NAMES.index("end_vp")
    assert g[i] > f[i]
    paris = NAMES.index("vp_space_paris")
    assert f[paris] == -1.0  # the Allies hold Paris: -1 from the Central Powers' side


def _series(games: int = 3) -> dict[str, object]:
    return {"games": games, "seed": 1, "bots": ["easy", "easy"], "sample": 1.0, "epsilon": 1.0,
            "scenario": "historical", "features": VERSION, "names": len(NAMES)}  # fmt: skip


def test_a_game_of_random_moves_is_recorded_with_its_positions_and_outcome() -> None:
    # epsilon 1: every decision random, so the game is short (an automatic victory)
    g = selfplay_data.play(0, 5, ("easy", "easy"), 1.0, 1.0, "historical")
    assert g["outcome"] in ("ap", "cp") and g["turn"] >= 1
    assert g["positions"], "every action round is kept with sample 1"
    turn, _round, seat, hand, f, line, other = g["positions"][0]
    assert turn == 1
    assert seat in ("ap", "cp") and 0.0 <= hand <= 1.0 and len(f) == len(NAMES)
    s = engine.new_game("historical", seed=5)
    for turn, rnd, _seat, hand, _f, line, other in g["positions"]:
        # the two parts are the hand evaluator's chance, weighed as at that turn
        s.turn, s.round = turn, rnd
        v = line_weight(s) * line + other
        assert hand == pytest.approx(1.0 / (1.0 + math.exp(-v / SCALE)), abs=1e-4)
    again = selfplay_data.play(0, 5, ("easy", "easy"), 1.0, 1.0, "historical")
    assert {k: v for k, v in again.items() if k != "seconds"} == {
        k: v for k, v in g.items() if k != "seconds"
    }  # the same game for the same seed


def test_a_record_resumes_drops_a_cut_line_and_refuses_another_series(tmp_path: Path) -> None:
    path = tmp_path / "sp.jsonl"
    rec = selfplay_data.Record(path, _series())
    rec.add({"index": 0, "seed": 9, "positions": []})
    rec.add({"index": 2, "seed": 11, "positions": []})
    with path.open("a", encoding="utf-8") as f:
        f.write('{"index": 1, "seed": 10, "posi')  # a run stopped while writing
    again = selfplay_data.Record(path, _series())
    assert again.games == {0, 2}
    assert path.read_text(encoding="utf-8").endswith("\n")  # the cut line is gone
    series, games = selfplay_data.read(path)
    assert series == _series() and [g["index"] for g in games] == [0, 2]
    with pytest.raises(SystemExit, match="another series"):
        selfplay_data.Record(path, _series(games=4))


def _model(path: Path, version: int = VERSION) -> dict[str, np.ndarray]:
    rng = np.random.default_rng(3)
    n = len(NAMES)
    parts = {
        "mean": rng.normal(size=n),
        "std": rng.uniform(0.5, 2.0, size=n),
        "w1": rng.normal(size=(8, n)) * 0.1,
        "b1": rng.normal(size=8) * 0.1,
        "w2": rng.normal(size=8),
        "b2": np.asarray([0.2]),
        "names": np.asarray(NAMES),
        "version": np.asarray([version]),
        "figures": np.asarray([json.dumps({"held_out": {}})]),
    }
    with path.open("wb") as f:
        np.savez_compressed(f, **parts)  # type: ignore[arg-type]
    return parts


def test_the_model_is_a_standardised_one_layer_network(tmp_path: Path) -> None:
    path = tmp_path / "value.npz"
    p = _model(path)
    m = ValueModel(path)
    s = engine.new_game("historical", seed=4)
    f = np.asarray(features(s))
    h = np.maximum(0.0, p["w1"] @ ((f - p["mean"]) / p["std"]) + p["b1"])
    want = 1.0 / (1.0 + np.exp(-(p["w2"] @ h + p["b2"][0])))
    assert m.win_chance(s, 1) == pytest.approx(want, rel=1e-9)
    assert m.win_chance(s, 0) == pytest.approx(1.0 - want, rel=1e-9)
    s.result = {"outcome": "ap", "winner": "ap", "reason": "automatic_victory", "turn": 3}
    assert m.win_chance(s, 0) == 1.0 and m.win_chance(s, 1) == 0.0


def test_a_model_of_other_features_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "old.npz"
    _model(path, version=VERSION + 1)
    with pytest.raises(ValueError, match="features"):
        ValueModel(path)


def _positions(seed: int, every: int, limit: int) -> list[State]:
    """Positions of a seeded game between heuristic bots, one every ``every`` decisions."""
    s = engine.new_game("historical", seed=seed)
    bots = {"ap": HeuristicBot(seed), "cp": HeuristicBot(seed + 1)}
    out = []
    for n in range(limit):
        if s.result is not None:
            break
        seat = engine.seat_name(engine.to_act(s))
        assert seat is not None
        if n % every == 0:
            out.append(s.clone(with_log=False))
        engine.apply(s, bots[seat].choose(view(s, seat)), seat)
    return out


def test_the_features_read_only_what_each_seat_sees() -> None:
    # a seat's view holds no hidden card (its public model: the seat's own hand only), so
    # features equal to the full position's read nothing hidden; and changing what is hidden
    # (the hands' cards, the decks' order) leaves them as they were
    for s in _positions(seed=7, every=97, limit=900):
        full = features(s)
        for seat in ("ap", "cp"):
            assert view_features(view(s, seat)) == full, (s.turn, s.round, seat)
        other = s.clone(with_log=False)
        for side in (0, 1):
            pool = other.hand[side] + other.deck[side]
            random.Random(s.serial).shuffle(pool)
            k = len(other.hand[side])
            other.hand[side], other.deck[side] = pool[:k], pool[k:]
        assert features(other) == full


def test_the_shipped_model_loads_and_scores_the_same_twice() -> None:
    m = model()
    assert m.path == MODEL and MODEL.parent.name == "data"
    assert m.figures["version"] == VERSION
    held = m.figures["held_out"]
    assert held["learned"]["positions"] == held["hand"]["positions"] > 0
    for s in _positions(seed=3, every=150, limit=600):
        p = m.win_chance(s, 1)
        assert 0.0 < p < 1.0
        assert m.win_chance(s, 1) == p and m.win_chance(s, 0) == 1.0 - p
        assert m.cp_win(view_features(view(s, "ap"))) == p


def test_the_learned_search_is_legal_and_the_same_for_its_seed() -> None:
    s = engine.new_game("historical", seed=2)
    while view(s, engine.seat_name(engine.to_act(s)) or "ap")["step"] != "action_round":
        seat = engine.seat_name(engine.to_act(s))
        assert seat is not None
        engine.apply(s, HeuristicBot(1).choose(view(s, seat)), seat)
    seat = engine.seat_name(engine.to_act(s))
    assert seat is not None
    v = view(s, seat)
    for value in ("learned", "blend"):
        got = [SearchBot(5, sims=6, value=value).choose(v) for _ in range(2)]
        assert got[0] == got[1] and got[0] in v["legal"]


def test_the_blend_scores_the_mean_of_the_two_chances() -> None:
    m = model()
    for s in _positions(seed=5, every=200, limit=600):
        for side in (0, 1):
            hand, learned = win_chance(s, side), m.win_chance(s, side)
            assert score(s, side, "hand") == hand and score(s, side, "learned") == learned
            assert score(s, side, "blend") == pytest.approx((hand + learned) / 2)
    with pytest.raises(ValueError, match="unknown evaluation"):
        SearchBot(1, sims=6, value="mixed")


def test_training_runs_on_a_tiny_record(tmp_path: Path) -> None:
    pytest.importorskip("sklearn")
    # a tiny record of real positions: short games of random moves (epsilon 1)
    path = tmp_path / "sp.jsonl"
    rec = selfplay_data.Record(path, _series(games=6))
    for i in range(6):
        rec.add(selfplay_data.play(i, selfplay_data.game_seed(1, i), ("easy", "easy"), 0.5, 1.0,
                                   "historical"))  # fmt: skip
    out = tmp_path / "value.npz"
    train_value.main([str(path), "--out", str(out), "--seed", "2"])
    m = ValueModel(out)
    assert m.figures["games"]["train"] + m.figures["games"]["test"] <= 6
    s = engine.new_game("historical", seed=4)
    assert 0.0 <= m.win_chance(s, 1) <= 1.0
    first = out.read_bytes()
    train_value.main([str(path), "--out", str(out), "--seed", "2"])
    assert ValueModel(out).figures == m.figures and out.read_bytes() == first  # deterministic
