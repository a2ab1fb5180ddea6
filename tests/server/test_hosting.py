"""Hosting: configuration by environment variables, health endpoints, JSON logs with request
ids (issue 22, item 4)."""

from __future__ import annotations

import io
import json
import logging
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import create_engine
from typer.testing import CliRunner

from greatwar.cli import app as cli
from greatwar.server import GameStore, create_app, logs
from greatwar.server.store import actions_table
from tests.server.conftest import create

ENV_NAMES = (
    "GREATWAR_DB",
    "GREATWAR_HOST",
    "GREATWAR_PORT",
    "GREATWAR_LOG_LEVEL",
    "GREATWAR_LOG_FORMAT",
)


@pytest.fixture
def restored_logging() -> Iterator[None]:
    """Put the root logger (and uvicorn's) back as they were after a test configures them."""
    names = ("", "uvicorn", "uvicorn.error", "uvicorn.access")
    saved = [
        (lg, list(lg.handlers), lg.level, lg.propagate)
        for lg in (logging.getLogger(n) for n in names)
    ]
    yield
    for lg, handlers, level, propagate in saved:
        lg.handlers[:] = handlers
        lg.setLevel(level)
        lg.propagate = propagate


@pytest.fixture
def served(monkeypatch: pytest.MonkeyPatch, restored_logging: None) -> list[dict[str, Any]]:
    """``greatwar serve`` with uvicorn replaced by a recorder of what it was asked to run."""
    import uvicorn

    calls: list[dict[str, Any]] = []

    def run(app: Any, **kw: Any) -> None:
        calls.append(kw)

    monkeypatch.setattr(uvicorn, "run", run)
    for name in ENV_NAMES:
        monkeypatch.delenv(name, raising=False)
    return calls


def test_serve_help_names_every_environment_variable() -> None:
    r = CliRunner().invoke(cli, ["serve", "--help"], env={"COLUMNS": "200"})
    assert r.exit_code == 0, r.output
    for name in ENV_NAMES:
        assert f"env var: {name}" in r.output, name


def test_serve_takes_its_settings_from_the_environment(
    tmp_path: Path, served: list[dict[str, Any]]
) -> None:
    db = tmp_path / "from-env.sqlite"
    env = {
        "GREATWAR_DB": str(db),
        "GREATWAR_HOST": "0.0.0.0",
        "GREATWAR_PORT": "8123",
        "GREATWAR_LOG_LEVEL": "INFO",
        "GREATWAR_LOG_FORMAT": "json",
    }
    r = CliRunner().invoke(cli, ["serve"], env=env)
    assert r.exit_code == 0, r.output
    (kw,) = served
    assert (kw["host"], kw["port"], kw["log_level"]) == ("0.0.0.0", 8123, "info")
    assert db.exists() and str(db) in r.output.replace("\n", "")
    root = logging.getLogger()
    assert root.level == logging.INFO
    assert any(isinstance(h.formatter, logs.JsonFormatter) for h in root.handlers)


def test_flags_win_over_the_environment(tmp_path: Path, served: list[dict[str, Any]]) -> None:
    env_db, flag_db = tmp_path / "env.sqlite", tmp_path / "flag.sqlite"
    env = {"GREATWAR_DB": str(env_db), "GREATWAR_PORT": "8123", "GREATWAR_LOG_FORMAT": "json"}
    args = ["serve", "--db", str(flag_db), "--port", "8124", "--log-format", "text"]
    r = CliRunner().invoke(cli, args, env=env)
    assert r.exit_code == 0, r.output
    (kw,) = served
    assert (kw["host"], kw["port"]) == ("127.0.0.1", 8124)
    assert flag_db.exists() and not env_db.exists()
    handlers = logging.getLogger().handlers
    assert not any(isinstance(h.formatter, logs.JsonFormatter) for h in handlers)


@pytest.mark.parametrize(
    ("name", "value", "flag"),
    [
        ("GREATWAR_LOG_FORMAT", "xml", "--log-format"),
        ("GREATWAR_LOG_LEVEL", "loud", "--log-level"),
        ("GREATWAR_PORT", "http", "--port"),
    ],
)
def test_bad_settings_from_the_environment_are_refused(
    tmp_path: Path, served: list[dict[str, Any]], name: str, value: str, flag: str
) -> None:
    env = {"GREATWAR_DB": str(tmp_path / "x.sqlite"), name: value}
    r = CliRunner().invoke(cli, ["serve"], env=env)
    assert r.exit_code == 2 and flag in r.output and "Traceback" not in r.output
    assert served == [] and not (tmp_path / "x.sqlite").exists()


def test_health_and_readiness(client: TestClient) -> None:
    r = client.get("/healthz")
    assert r.status_code == 200 and r.json()["status"] == "ok"
    r = client.get("/readyz")
    assert r.status_code == 200 and r.json()["status"] == "ready"


def test_readiness_fails_with_json_when_the_database_does_not_answer(tmp_path: Path) -> None:
    store = GameStore(str(tmp_path / "games.sqlite"))
    web = create_app(store=store, bot_workers=0)
    with TestClient(web) as client:
        good = store.engine
        # the database goes away: its file's folder is no longer there
        store.engine = create_engine(f"sqlite:///{tmp_path / 'gone' / 'games.sqlite'}")
        try:
            r = client.get("/readyz")
            assert r.status_code == 503
            assert r.json() == {
                "detail": "the database does not answer",
                "kind": "store_unavailable",
            }
            assert client.get("/healthz").status_code == 200  # the process still answers
        finally:
            store.engine.dispose()
            store.engine = good
        assert client.get("/readyz").status_code == 200
    store.close()


def _lines(stream: io.StringIO) -> list[dict[str, Any]]:
    """The server's JSON lines (the test client's own lines left out)."""
    out = [json.loads(line) for line in stream.getvalue().splitlines()]
    return [x for x in out if x["logger"].startswith("greatwar")]


def test_json_logs_carry_the_request_id_on_every_line_of_a_request(
    tmp_path: Path, restored_logging: None
) -> None:
    stream = io.StringIO()
    logs.configure("info", "json", stream)
    store = GameStore(str(tmp_path / "games.sqlite"))
    with TestClient(create_app(store=store, bot_workers=0)) as client:
        gid, _ = create(client, scenario="introductory", seed=None)
    # a record entry the rules refuse: loading the game logs why (in a worker thread)
    with store.engine.begin() as conn:
        conn.execute(actions_table.insert().values(game_id=gid, n=0, text="nonsense", at=0.0))
    with TestClient(create_app(store=store, bot_workers=0)) as client:
        stream.truncate(0)
        stream.seek(0)
        r = client.get(f"/api/games/{gid}", headers={"X-Request-Id": "club-42"})
        assert r.headers["X-Request-Id"] == "club-42"
        lines = _lines(stream)
        assert {x["logger"] for x in lines} >= {"greatwar.server", "greatwar.server.access"}
        assert all(x["request_id"] == "club-42" for x in lines), lines
        warning = next(x for x in lines if x["level"] == "warning")
        assert gid in warning["message"] and "nonsense" in warning["message"]
        access = next(x for x in lines if x["logger"] == "greatwar.server.access")
        assert (access["method"], access["path"], access["status"]) == (
            "GET",
            f"/api/games/{gid}",
            r.status_code,
        )
        assert {"time", "level", "message", "ms"} <= set(access)

        # no id, or one that is not an id: the server gives one and answers with it
        for given in ({}, {"X-Request-Id": "not an id!"}):
            stream.truncate(0)
            stream.seek(0)
            r = client.get("/healthz", headers=given)
            rid = r.headers["X-Request-Id"]
            assert rid != "not an id!" and len(rid) == 16
            (line,) = _lines(stream)
            assert line["request_id"] == rid and line["status"] == 200
    store.close()


def test_lines_outside_a_request_have_no_request_id(restored_logging: None) -> None:
    stream = io.StringIO()
    logs.configure("warning", "json", stream)
    logging.getLogger("greatwar.server").info("not shown at warning")
    try:
        raise ValueError("boom")
    except ValueError:
        logging.getLogger("greatwar.server").exception("it failed")
    (line,) = _lines(stream)
    assert line["request_id"] == "-" and line["message"] == "it failed"
    assert "ValueError: boom" in line["exception"]


def test_text_logs_carry_the_request_id(tmp_path: Path, restored_logging: None) -> None:
    stream = io.StringIO()
    logs.configure("info", "text", stream)
    store = GameStore(str(tmp_path / "games.sqlite"))
    with TestClient(create_app(store=store, bot_workers=0)) as client:
        client.get("/healthz", headers={"X-Request-Id": "abc.1"})
    store.close()
    assert "[abc.1] GET /healthz 200" in stream.getvalue()


def test_a_served_process_writes_json_lines_with_request_ids(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The real ``greatwar serve``, configured by its environment alone."""
    import signal
    import urllib.request

    from tests.server.live import Server

    monkeypatch.setenv("GREATWAR_LOG_FORMAT", "json")
    monkeypatch.setenv("GREATWAR_LOG_LEVEL", "info")
    server = Server(str(tmp_path / "games.sqlite"))
    try:
        req = urllib.request.Request(server.url("/readyz"), headers={"X-Request-Id": "lb-7"})
        with urllib.request.urlopen(req, timeout=10) as r:
            assert r.status == 200 and r.headers["X-Request-Id"] == "lb-7"
    finally:
        server.proc.send_signal(signal.SIGTERM)
        server.proc.wait(timeout=30)
    # every line is JSON (the greeting too), and no line has terminal colours
    lines = [json.loads(line) for line in server.output().splitlines() if line.strip()]
    assert not any("\x1b" in json.dumps(x, ensure_ascii=False) for x in lines)
    greeting = next(x for x in lines if x["message"].startswith("greatwar "))
    assert f":{server.port}/" in greeting["message"] and "games.sqlite" in greeting["message"]
    mine = [x for x in lines if x["request_id"] == "lb-7"]
    assert [(x["method"], x["path"], x["status"]) for x in mine] == [("GET", "/readyz", 200)]
    assert any(x["logger"].startswith("uvicorn") for x in lines)  # uvicorn's lines too


def test_a_bot_woken_by_a_request_logs_without_its_id(
    tmp_path: Path, restored_logging: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The bots think long after the request that woke them was answered: their lines are no
    request's."""
    import time

    from greatwar.server import bots

    monkeypatch.setattr(bots, "_decide_here", lambda job: (None, "no answer in this test"))
    stream = io.StringIO()
    logs.configure("info", "json", stream)
    store = GameStore(str(tmp_path / "games.sqlite"))
    with TestClient(create_app(store=store, bot_workers=0)) as client:
        body = {"scenario": "introductory", "seats": {"ap": "human", "cp": "random"}}
        r = client.post("/api/games", json=body, headers={"X-Request-Id": "make-1"})
        assert r.status_code == 201, r.text
        gid = r.json()["id"]
        deadline = time.monotonic() + 30
        while not client.get(f"/api/games/{gid}").json().get("bot_error"):
            assert time.monotonic() < deadline, "the bot did not fail"
            time.sleep(0.02)
    store.close()
    lines = _lines(stream)
    failure = next(x for x in lines if x["message"].startswith("bot failure"))
    assert failure["request_id"] == "-"
    made = next(x for x in lines if x.get("path") == "/api/games" and x["method"] == "POST")
    assert made["request_id"] == "make-1"
