"""Schema migrations (Alembic): ``greatwar db upgrade`` / ``db current``, and ``greatwar serve``
refusing a store that is not at the newest schema (issue 22, item 3)."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path
from typing import Any

from sqlalchemy import create_engine, inspect, text
from typer.testing import CliRunner

from greatwar.cli import app as cli
from greatwar.server import GameStore, create_app
from greatwar.server.chat import metadata as chat_metadata
from greatwar.server.notify import metadata as notify_metadata
from greatwar.server.schema import TABLES, engine_for, head, prepare, state, upgrade
from greatwar.server.store import metadata as store_metadata
from greatwar.server.tables import metadata as house_metadata
from tests.server.test_backup import fill, hashes, said
from tests.server.test_stored_games import DATA, HASHES


def shape(url: str) -> dict[str, Any]:
    """Each greatwar table's columns (name, type, nullable), primary and foreign keys."""
    engine = engine_for(url)
    insp = inspect(engine)
    out = {}
    for t in TABLES:
        cols = [(c["name"], str(c["type"]), c["nullable"]) for c in insp.get_columns(t)]
        fks = [(f["constrained_columns"], f["referred_table"]) for f in insp.get_foreign_keys(t)]
        out[t] = (cols, insp.get_pk_constraint(t)["constrained_columns"], fks)
    engine.dispose()
    return out


def test_the_first_migration_makes_the_tables_the_code_makes(db_url: str, tmp_path: Path) -> None:
    engine = engine_for(db_url)
    before, after = upgrade(engine)
    assert before.empty and after.current and after.revision == head()
    engine.dispose()
    made = tmp_path / "by-code.sqlite"
    engine = create_engine(f"sqlite:///{made}")
    for md in (store_metadata, chat_metadata, notify_metadata, house_metadata):
        md.create_all(engine)
    engine.dispose()
    if db_url.endswith(".sqlite"):
        assert shape(db_url) == shape(str(made))
    else:  # PostgreSQL names its types its own way: the columns and keys are the same
        pg, code = shape(db_url), shape(str(made))
        for t in TABLES:
            assert [c[0::2] for c in pg[t][0]] == [c[0::2] for c in code[t][0]], t
            assert pg[t][1:] == code[t][1:], t


def test_a_store_of_todays_code_is_refused_until_upgraded_and_then_replays(
    db_url: str, served: list[dict[str, Any]]
) -> None:
    store = GameStore(db_url)  # created in code, as greatwar did before migrations
    facts = fill(store)
    positions = hashes(store, facts["ids"])
    store.close()
    runner = CliRunner()
    r = runner.invoke(cli, ["serve", "--db", db_url])
    assert r.exit_code == 2 and served == []
    assert "made before schema migrations" in said(r)
    assert "greatwar db upgrade --db" in said(r) and "greatwar export" in said(r)
    assert state(engine_for(db_url)).revision is None  # nothing was changed
    r = runner.invoke(cli, ["db", "current", "--db", db_url])
    assert r.exit_code == 1 and "Run: greatwar db upgrade" in " ".join(r.stdout.split())

    r = runner.invoke(cli, ["db", "upgrade", "--db", db_url])
    assert r.exit_code == 0, r.output
    assert f"it is now {head()}" in " ".join(r.stdout.split())
    r = runner.invoke(cli, ["db", "current", "--db", db_url])
    assert r.exit_code == 0 and "(the newest)" in r.stdout
    r = runner.invoke(cli, ["db", "upgrade", "--db", db_url])  # twice: nothing to do
    assert r.exit_code == 0 and "already at revision" in " ".join(r.stdout.split())

    store = GameStore(db_url)
    assert hashes(store, facts["ids"]) == positions
    store.close()
    r = runner.invoke(cli, ["serve", "--db", db_url])
    assert r.exit_code == 0, r.output
    assert len(served) == 1


def test_a_store_made_before_versions_is_upgraded_and_replays(tmp_path: Path) -> None:
    """The store of test_stored_games (no ``version`` or ``extra`` columns yet)."""
    path = tmp_path / "old.sqlite"
    with sqlite3.connect(path) as conn:
        conn.executescript((DATA / "store-before-versions.sql").read_text(encoding="utf-8"))
    engine = engine_for(str(path))
    before, after = upgrade(engine)
    assert before.revision is None and before.tables == ("games", "actions")
    assert after.current and after.tables == TABLES
    columns = {c["name"] for c in inspect(engine).get_columns("games")}
    assert {"version", "extra"} <= columns
    engine.dispose()
    store = GameStore(str(path))
    from greatwar.core.games import game
    from greatwar.server.games import GameService

    service = GameService(store)
    for gid, digest in HASHES.items():
        live = service.load(gid)
        assert live.problem is None and game("pog").hash(live.ok().state) == digest
    store.close()


def test_serve_creates_a_fresh_store_at_the_newest_schema(
    tmp_path: Path, served: list[dict[str, Any]]
) -> None:
    path = tmp_path / "new" / "games.sqlite"
    r = CliRunner().invoke(cli, ["db", "current", "--db", str(path), "--json"])
    assert r.exit_code == 0 and json.loads(r.stdout)["empty"] is True
    assert not path.exists()  # asking never creates a store
    r = CliRunner().invoke(cli, ["serve", "--db", str(path)])
    assert r.exit_code == 0, r.output
    now = state(engine_for(str(path)))
    assert now.current and now.tables == TABLES
    # and the app opens it as it is
    store = GameStore(str(path))
    create_app(store=store, bot_workers=0)
    store.close()
    assert state(engine_for(str(path))).current


def test_a_store_of_a_newer_greatwar_is_refused(
    tmp_path: Path, served: list[dict[str, Any]]
) -> None:
    path = tmp_path / "games.sqlite"
    prepare(str(path))
    engine = engine_for(str(path))
    with engine.begin() as conn:
        conn.execute(text("UPDATE alembic_version SET version_num = 'f00d'"))
    engine.dispose()
    runner = CliRunner()
    r = runner.invoke(cli, ["serve", "--db", str(path)])
    assert r.exit_code == 2 and "unknown to this greatwar" in said(r) and served == []
    r = runner.invoke(cli, ["db", "upgrade", "--db", str(path)])
    assert r.exit_code == 2 and "cannot use it" in said(r)
    r = runner.invoke(cli, ["import", "-", "--db", str(path)], input="")
    assert r.exit_code == 2 and "unknown to this greatwar" in said(r)


def test_a_store_at_the_first_revision_is_upgraded_to_many_processes(
    db_url: str, served: list[dict[str, Any]]
) -> None:
    """Migration 0002 (issue 22, items 1 and 2) on a store of the previous release: games
    written at revision 0001 (no ``games.seq``, no ``bot_claims``) are refused by serve until
    upgraded, then have seq 0 and replay as they did."""
    store = GameStore(db_url)
    facts = fill(store)
    positions = hashes(store, facts["ids"])
    store.close()
    engine = engine_for(db_url)
    with engine.begin() as conn:  # the schema of revision 0001, as the previous release made it
        conn.execute(text("DROP TABLE bot_claims"))
        conn.execute(text("ALTER TABLE games DROP COLUMN seq"))
    from alembic import command

    from greatwar.server.schema import _config

    cfg = _config()
    with engine.begin() as conn:
        cfg.attributes["connection"] = conn
        command.stamp(cfg, "0001")
    assert state(engine).revision == "0001" and "bot_claims" not in state(engine).tables
    engine.dispose()
    runner = CliRunner()
    r = runner.invoke(cli, ["serve", "--db", db_url])
    assert r.exit_code == 2 and served == []
    assert "at revision 0001, older than this greatwar's" in said(r)
    assert "greatwar db upgrade --db" in said(r)
    r = runner.invoke(cli, ["db", "upgrade", "--db", db_url])
    assert r.exit_code == 0, r.output
    engine = engine_for(db_url)
    now = state(engine)
    assert now.current and now.revision == head() and now.tables == TABLES
    with engine.connect() as conn:
        seqs = conn.execute(text("SELECT seq FROM games")).scalars().all()
        assert seqs and set(seqs) == {0}
    engine.dispose()
    store = GameStore(db_url)
    assert hashes(store, facts["ids"]) == positions
    store.close()
    r = runner.invoke(cli, ["serve", "--db", db_url])
    assert r.exit_code == 0, r.output


def test_a_store_at_the_second_revision_gets_the_tables_of_accounts_lobby_and_ratings(
    db_url: str, served: list[dict[str, Any]]
) -> None:
    """Migration 0003 (issue 30) on a store of the previous release: the games stay as they
    were and replay; accounts, sessions, the lobby and ratings get their tables."""
    from greatwar.server.schema import _config
    from greatwar.server.tables import TABLES as HOUSE

    store = GameStore(db_url)
    facts = fill(store)
    positions = hashes(store, facts["ids"])
    store.close()
    engine = engine_for(db_url)
    from alembic import command

    with engine.begin() as conn:  # the schema of revision 0002, as the previous release made it
        for t in reversed(HOUSE):
            conn.execute(text(f"DROP TABLE {t}"))
        cfg = _config()
        cfg.attributes["connection"] = conn
        command.stamp(cfg, "0002")
    assert state(engine).revision == "0002" and "users" not in state(engine).tables
    engine.dispose()
    runner = CliRunner()
    r = runner.invoke(cli, ["serve", "--db", db_url])
    assert r.exit_code == 2 and "at revision 0002, older than this greatwar's" in said(r)
    r = runner.invoke(cli, ["db", "upgrade", "--db", db_url])
    assert r.exit_code == 0, r.output
    engine = engine_for(db_url)
    now = state(engine)
    assert now.current and now.revision == "0003" == head() and now.tables == TABLES
    engine.dispose()
    store = GameStore(db_url)
    assert hashes(store, facts["ids"]) == positions
    store.close()
