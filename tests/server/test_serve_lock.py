"""One ``greatwar serve`` per SQLite store (issue 22, item 1): a second one on the same file is
refused with a clear message, and the lock of a killed server does not outlive it."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from greatwar.cli import app as cli
from greatwar.server.servelock import ServeLock, ServeLockError, lock_store, sqlite_file
from tests.server.live import Server, http


def said(r: Any) -> str:
    return " ".join((r.stdout + r.stderr).split())


def test_a_second_server_on_one_sqlite_file_is_refused(
    tmp_path: Path, served: list[dict[str, Any]]
) -> None:
    db = str(tmp_path / "games.sqlite")
    server = Server(db)
    try:
        status, _ = http("GET", server.url("/healthz"))
        assert status == 200
        r = CliRunner().invoke(cli, ["serve", "--db", db])
        assert r.exit_code == 2 and served == []
        text = said(r)
        assert f"another greatwar serve (pid {server.proc.pid}) uses this SQLite store" in text
        assert "for several processes use PostgreSQL" in text
        status, _ = http("GET", server.url("/healthz"))  # the first one serves on
        assert status == 200
    finally:
        server.kill()  # SIGKILL: the system releases its lock
    r = CliRunner().invoke(cli, ["serve", "--db", db])
    assert r.exit_code == 0, r.output
    assert len(served) == 1
    # and that server released the lock when it ended: a third one starts too
    r = CliRunner().invoke(cli, ["serve", "--db", db])
    assert r.exit_code == 0, r.output


def test_the_lock_is_per_file_and_only_for_sqlite(tmp_path: Path) -> None:
    a = lock_store(str(tmp_path / "a.sqlite"))
    assert a is not None and (tmp_path / "a.sqlite.serve-lock").exists()
    with pytest.raises(ServeLockError, match="uses this SQLite store"):
        ServeLock(tmp_path / "a.sqlite").acquire()
    b = lock_store(str(tmp_path / "b.sqlite"))  # another file: its own lock
    assert b is not None
    a.release()
    again = lock_store(str(tmp_path / "a.sqlite"))
    assert again is not None
    again.release()
    b.release()
    assert lock_store("postgresql://u@h/db") is None
    assert sqlite_file("sqlite:///:memory:") is None
    assert sqlite_file(str(tmp_path / "x.sqlite")) == tmp_path / "x.sqlite"
