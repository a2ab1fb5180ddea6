"""Storage that holds many games: one writer that commits many writes at once and never waits
on a lock, WAL mode on SQLite, and one live copy of each game however many games there are."""

from __future__ import annotations

import threading
from pathlib import Path
from typing import Any

from fastapi.testclient import TestClient
from sqlalchemy import text

from greatwar.core.games import game
from greatwar.core.session import Session
from greatwar.server import GameStore, create_app
from greatwar.server.games import GameService
from greatwar.server.store import StoredRequest
from tests.server.conftest import act, create, view

G = game("pog")


def _new_games(store: GameStore, n: int) -> list[str]:
    s = Session.new(G, "introductory", G.normalise_options("introductory", None), 1)
    ids = [f"g{i:03d}" for i in range(n)]
    seats = {"ap": {"kind": "human", "token": "x"}, "cp": {"kind": "human", "token": "y"}}
    for gid in ids:
        store.create_game(gid, "pog", G.version, "introductory", s.state.options, 1, seats, {})
    return ids


def test_sixteen_writers_never_wait_on_a_lock(tmp_path: Path) -> None:
    """With SQLite's busy timeout at zero, any two connections writing at once would fail
    ("database is locked"): the store's one writer takes every write in turn, committing the
    writes that queue up together."""
    store = GameStore(str(tmp_path / "w.sqlite"), busy_timeout=0)
    with store.engine.connect() as conn:
        assert conn.execute(text("PRAGMA journal_mode")).scalar() == "wal"
    ids = _new_games(store, 16)
    errors: list[BaseException] = []
    start = threading.Barrier(len(ids) + 1)

    def write(gid: str) -> None:
        start.wait()
        try:
            for n in range(25):
                store.append(gid, n, [(f"move a{n} b", "ap")], {"to_act": "cp"})
                store.actions(gid)  # readers go on beside the writer
        except BaseException as e:
            errors.append(e)

    threads = [threading.Thread(target=write, args=(gid,)) for gid in ids]
    for t in threads:
        t.start()
    start.wait()
    for t in threads:
        t.join()
    assert not errors, errors[:3]
    assert all(len(store.actions(gid)) == 25 for gid in ids)
    commits, writes = store.write_counts()
    assert writes == 16 + 16 * 25 and commits < writes  # group commits happened
    store.close()


def test_a_failing_write_fails_alone(store: GameStore) -> None:
    ids = _new_games(store, 3)
    store.append(ids[0], 0, [("done", "ap")], {})
    results: dict[str, Any] = {}

    def write(gid: str, n: int) -> None:
        try:
            store.append(gid, n, [("done", "ap")], {})
            results[gid] = "ok"
        except Exception as e:
            results[gid] = type(e).__name__

    threads = [
        threading.Thread(target=write, args=(ids[0], 0)),  # entry 0 exists: a conflict
        threading.Thread(target=write, args=(ids[1], 0)),
        threading.Thread(target=write, args=(ids[2], 0)),
    ]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert results == {ids[0]: "ConflictError", ids[1]: "ok", ids[2]: "ok"}


def test_appends_written_together_keep_each_games_rows(store: GameStore) -> None:
    """Appends that share a commit (three statements for all of them) each land in their own
    game: its entries, its request, its summary and, when given, its new set-up facts."""
    ids = _new_games(store, 12)
    start = threading.Barrier(len(ids))

    def write(i: int, gid: str) -> None:
        start.wait()
        request = StoredRequest(f"r{i}", ("ap",), f"d{i}", {"i": i})
        extra = {"seeded": False, "seed_pending": [], "mark": i} if i % 2 else None
        store.append(gid, 0, [(f"move a{i} b", "ap"), ("done", "ap")], {"i": i}, request, extra)

    threads = [threading.Thread(target=write, args=(i, gid)) for i, gid in enumerate(ids)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    for i, gid in enumerate(ids):
        assert store.actions(gid) == [(0, f"move a{i} b", "ap"), (1, "done", "ap")]
        assert [(r.request_id, r.answer) for r in store.requests(gid)] == [(f"r{i}", {"i": i})]
        row = store.get(gid)
        assert row is not None and row.summary == {"i": i}
        assert row.extra.get("mark") == (i if i % 2 else None)
    _, writes = store.write_counts()
    assert writes == 2 * len(ids)  # the games created, then their appends


def test_one_live_copy_of_a_game_however_many_games(store: GameStore) -> None:
    """The cache forgets only games nobody holds: a game held by a request, a socket or a bot
    is the same object for every caller, even when many more games are used meanwhile."""
    service = GameService(store, cache_size=2)
    with TestClient(create_app(store=store)) as client:
        ids = [create(client, seed=None)[0] for _ in range(6)]
    held = service.acquire(ids[0])
    for gid in ids[1:]:  # many other games come and go
        service.load(gid)
    assert service.acquire(ids[0]) is held
    service.release(held)
    service.release(held)
    for gid in ids[1:]:
        service.load(gid)
    assert service.live_count() <= 2  # nobody holds them: forgotten down to the cache size
    # many threads using the games at once: a game held twice at once is one object
    current: dict[str, list[Any]] = {gid: [] for gid in ids}
    clashes: list[str] = []
    lock = threading.Lock()

    def use(gid: str) -> None:
        live = service.acquire(gid)
        with lock:
            if any(other is not live for other in current[gid]):
                clashes.append(gid)
            current[gid].append(live)
        threading.Event().wait(0.005)
        with lock:
            current[gid].remove(live)
        service.release(live)

    threads = [threading.Thread(target=use, args=(ids[i % 6],)) for i in range(90)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert not clashes


def test_games_played_in_turn_beyond_the_cache_all_stay_consistent(store: GameStore) -> None:
    """Above the cache size every game still answers (no 503, no second copy appending)."""
    with TestClient(create_app(store=store, cache_size=2)) as client:
        games = [create(client, seed=None) for _ in range(5)]
        for _round in range(4):
            for gid, tokens in games:
                seat = view(client, gid, tokens["ap"])["to_act"]
                v = view(client, gid, tokens[seat])
                r = act(client, gid, tokens[seat], v["legal"][0], v["serial"])
                assert r.status_code == 200, r.text
        for gid, tokens in games:
            v = view(client, gid, tokens["ap"])
            assert v["version"] == 4 == len(store.actions(gid))
