"""``greatwar export`` and ``greatwar import``: every stored game as JSON lines, exact on a
round trip, between SQLite and PostgreSQL (issue 22, item 6)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from typer.testing import CliRunner

from greatwar.cli import app as cli
from greatwar.core.games import game
from greatwar.server import GameStore, create_app
from greatwar.server.backup import FORMAT, BackupError, export_lines, import_games, parse
from greatwar.server.games import GameService
from greatwar.server.notify import Smtp
from greatwar.server.store import games_table
from tests.server.conftest import create, play, settled, view

POWERS = ("ahoe", "de", "frit", "ru", "ukus")


def fill(store: GameStore) -> dict[str, Any]:
    """Games of every kind in ``store``; what the players hold (tokens, a request id)."""
    # e-mail settings need a server that sends e-mail (none is sent here: no turn passes after)
    web = create_app(store=store, allow_bot_games=True, bot_pause=0, smtp=Smtp("127.0.0.1", 9))
    with TestClient(web) as client:
        humans, tokens = create(client, scenario="introductory", seed=5)
        play(client, humans, tokens, 6)
        v = view(client, humans, tokens["ap"])
        seat = v["to_act"]
        v = view(client, humans, tokens[seat])
        sent = {"action": v["legal"][0], "serial": v["serial"]}
        r = client.post(
            f"/api/games/{humans}/action",
            headers={"X-Seat-Token": tokens[seat], "X-Request-Id": "retry-me"},
            json=sent,
        )
        assert r.status_code == 200, r.text
        r = client.post(
            f"/api/games/{humans}/chat",
            headers={"X-Seat-Token": tokens["ap"]},
            json={"text": "Ça commence — good luck\nand have fun"},
        )
        assert r.status_code == 201, r.text
        r = client.post(
            f"/api/games/{humans}/notify",
            headers={"X-Seat-Token": tokens["cp"]},
            json={"email": "cp@example.org"},
        )
        assert r.status_code == 200, r.text
        clocked, ctokens = create(client, scenario="introductory", seed=None, clock="fast")
        play(client, clocked, ctokens, 3)
        bot, btokens = create(client, ap="random", scenario="introductory", seed=None)
        for _ in range(3):
            v = settled(client, bot, btokens["cp"])
            r = client.post(
                f"/api/games/{bot}/action",
                headers={"X-Seat-Token": btokens["cp"]},
                json={"action": v["legal"][0], "serial": v["serial"]},
            )
            assert r.status_code == 200, r.text
        settled(client, bot, btokens["cp"])
        r = client.post(
            "/api/games",
            json={"game": "qmg1914", "seats": dict.fromkeys(POWERS, "human")},
        )
        assert r.status_code == 201, r.text
        qmg, qtokens = r.json()["id"], r.json()["tokens"]
        v = view(client, qmg, qtokens["de"])
        for _ in range(4):
            v = view(client, qmg, qtokens[v["to_act"]])
            r = client.post(
                f"/api/games/{qmg}/action",
                headers={"X-Seat-Token": qtokens[v["to_act"]]},
                json={"action": v["legal"][0], "serial": v["serial"]},
            )
            assert r.status_code == 200, r.text
            v = r.json()["view"]
    # a row the server cannot read as a game: kept as it is
    with store.engine.begin() as conn:
        conn.execute(
            games_table.insert().values(
                id="zz-broken",
                created=1.5,
                updated=2.25,
                game="pog",
                version=None,
                scenario="historical",
                options="{not json",
                seed=7,
                seats='{"ap": 1}',
                summary="null",
                extra=None,
            )
        )
    ids = [humans, clocked, bot, qmg]
    return {"humans": humans, "tokens": tokens, "seat": seat, "sent": sent, "ids": ids}


def said(r: Any) -> str:
    """What a command wrote to standard error, its lines as the terminal wrapped them joined."""
    return " ".join(str(r.stderr).split())


def hashes(store: GameStore, ids: list[str]) -> dict[str, str]:
    service = GameService(store)
    out = {}
    for gid in ids:
        live = service.load(gid)
        assert live.problem is None, live.problem
        out[gid] = game(live.row.game).hash(live.ok().state)
    return out


def test_a_round_trip_is_exact(store: GameStore, tmp_path: Path) -> None:
    facts = fill(store)
    first = list(export_lines(store))
    assert len(first) == 5 and first == sorted(first, key=lambda x: json.loads(x)["id"])
    docs = [json.loads(x) for x in first]
    assert all(d["format"] == FORMAT for d in docs)
    humans = next(d for d in docs if d["id"] == facts["humans"])
    # the seats keep their token digests, never the tokens
    assert humans["seats"]["ap"]["kind"] == "human"
    assert humans["seats"]["ap"]["token"] != facts["tokens"]["ap"]
    assert facts["tokens"]["ap"] not in first[docs.index(humans)]
    assert [q["request_id"] for q in humans["requests"]] == ["retry-me"]
    assert humans["chat"][0]["text"] == "Ça commence — good luck\nand have fun"
    assert humans["notify"] == [{"seat": "cp", "webhook": None, "email": "cp@example.org",
                                 "at": humans["notify"][0]["at"]}]  # fmt: skip
    assert len(humans["actions"]) >= 7 and all(type(a["at"]) is float for a in humans["actions"])
    assert any("clock" in d["extra"] for d in docs)
    broken = next(d for d in docs if d["id"] == "zz-broken")
    assert broken["options"] == {"$text": "{not json"} and broken["summary"] is None
    assert broken["extra"] is None

    # the row the server cannot read is refused unless kept, and then it comes back the same
    with pytest.raises(BackupError, match=r"line 5: game zz-broken: .* options"):
        parse(first)
    copy = GameStore(str(tmp_path / "copy.sqlite"))
    done = import_games(copy, parse(first, keep_damaged=True))
    assert (done.games, done.replaced, done.damaged) == (5, [], ["zz-broken"])
    assert list(export_lines(copy)) == first
    assert hashes(copy, facts["ids"]) == hashes(store, facts["ids"])
    copy.close()
    # the sound games alone need no flag, and round-trip exactly
    sound = GameStore(str(tmp_path / "sound.sqlite"))
    done = import_games(sound, parse(first[:4]))
    assert (done.games, done.damaged) == (4, [])
    assert list(export_lines(sound)) == first[:4]
    sound.close()


def test_sqlite_to_postgresql_and_back(tmp_path: Path, pg_url: str) -> None:
    source = GameStore(str(tmp_path / "source.sqlite"))
    facts = fill(source)
    lines = list(export_lines(source))
    pg = GameStore(pg_url)
    import_games(pg, parse(lines, keep_damaged=True))  # zz-broken too
    assert list(export_lines(pg)) == lines
    assert hashes(pg, facts["ids"]) == hashes(source, facts["ids"])
    back = GameStore(str(tmp_path / "back.sqlite"))
    import_games(back, parse(list(export_lines(pg)), keep_damaged=True))
    assert list(export_lines(back)) == lines
    # the players keep their links, and a retried request is still recognised
    gid, tokens, seat = facts["humans"], facts["tokens"], facts["seat"]
    with TestClient(create_app(store=pg, bot_workers=0)) as client:
        assert view(client, gid, tokens["ap"])["seat"] == "ap"
        r = client.post(
            f"/api/games/{gid}/action",
            headers={"X-Seat-Token": tokens[seat], "X-Request-Id": "retry-me"},
            json=facts["sent"],
        )
        assert r.status_code == 200 and r.json()["repeated"] is True, r.text
    for s in (source, pg, back):
        s.close()


def test_cli_export_and_import(tmp_path: Path) -> None:
    source = GameStore(str(tmp_path / "source.sqlite"))
    fill(source)
    source.close()
    runner = CliRunner()
    out = tmp_path / "games.jsonl"
    r = runner.invoke(cli, ["export", "--db", str(tmp_path / "source.sqlite"), "--out", str(out)])
    assert r.exit_code == 0, r.output
    assert "5 games exported" in said(r)
    target = str(tmp_path / "target.sqlite")
    r = runner.invoke(cli, ["import", str(out), "--db", target])  # zz-broken is damaged
    assert r.exit_code == 2 and "line 5: game zz-broken" in said(r) and "--keep-damaged" in said(r)
    assert not Path(target).exists()
    r = runner.invoke(cli, ["import", str(out), "--db", target, "--keep-damaged"])
    assert r.exit_code == 0, r.output
    assert "5 games with" in said(r) and "1 of them damaged" in said(r)
    r = runner.invoke(cli, ["export"], env={"GREATWAR_DB": target})  # to standard output
    assert r.exit_code == 0 and r.stdout == out.read_text(encoding="utf-8")

    # a second import of the same games is refused, naming them, and changes nothing
    before = out.read_text(encoding="utf-8")
    r = runner.invoke(cli, ["import", str(out), "--db", target, "--keep-damaged"])
    assert r.exit_code == 2 and "already holds 5 of these games" in said(r)
    assert "zz-broken" in said(r) and "--replace" in said(r)
    r = runner.invoke(cli, ["export", "--db", target])
    assert r.stdout == before
    # a store holding one of them: refused too, and none of the others is added
    partial = tmp_path / "partial.jsonl"
    partial.write_text(before.splitlines(keepends=True)[2])
    other = str(tmp_path / "other.sqlite")
    assert runner.invoke(cli, ["import", str(partial), "--db", other]).exit_code == 0
    r = runner.invoke(cli, ["import", str(out), "--db", other, "--keep-damaged"])
    assert r.exit_code == 2 and "already holds 1 of these games" in said(r)
    assert runner.invoke(cli, ["export", "--db", other]).stdout == partial.read_text()
    # --replace replaces them, exactly
    r = runner.invoke(cli, ["import", str(out), "--db", target, "--replace", "--keep-damaged"])
    assert r.exit_code == 0 and "(5 replaced)" in said(r), r.output
    assert runner.invoke(cli, ["export", "--db", target]).stdout == before


@pytest.mark.parametrize(
    ("bad", "why"),
    [
        ("{", "line 2: not JSON"),
        ('{"format": "other"}', "line 2: not a stored game"),
        ("FIRST", "line 2: game 'zz-broken' is in the file twice"),
        ('{"seed": -1}', "line 2: 'seed' is out of range"),
        ('{"actions": [{"n": 1, "text": "x", "seat": null, "at": 0}]}', "actions[0] is not"),
    ],
)
def test_a_file_that_is_not_an_export_changes_nothing(tmp_path: Path, bad: str, why: str) -> None:
    source = GameStore(str(tmp_path / "source.sqlite"))
    with source.engine.begin() as conn:
        conn.execute(
            games_table.insert().values(
                id="zz-broken", created=1.0, updated=1.0, game="pog", scenario="historical",
                options="null", seed=1, seats="{}", summary="{}",
            )
        )  # fmt: skip
    (first,) = export_lines(source)
    source.close()
    if bad == "FIRST":
        second = first
    elif bad.startswith('{"'):
        second = json.dumps({**json.loads(first), "id": "other", **json.loads(bad)})
    else:
        second = bad
    path = tmp_path / "bad.jsonl"
    path.write_text(first + "\n" + second + "\n")
    target = tmp_path / "target.sqlite"
    # (the first line is a row the server cannot read: kept, so that the second is judged)
    r = CliRunner().invoke(cli, ["import", str(path), "--db", str(target), "--keep-damaged"])
    assert r.exit_code == 2 and why in said(r), r.stderr
    assert not target.exists()  # refused before the store was opened


# -- games that cannot be played (issue 28, item 5) --------------------------------------------


def strict_json(text: str) -> Any:
    """JSON as a browser reads it: ``NaN`` and ``Infinity`` are no JSON."""

    def refuse(name: str) -> Any:
        raise ValueError(f"{name} is not JSON")

    return json.loads(text, parse_constant=refuse)


@pytest.fixture(scope="module")
def sound_export(tmp_path_factory: pytest.TempPathFactory) -> list[str]:
    """The export of a store holding one game of Paths of Glory, six decisions in."""
    store = GameStore(str(tmp_path_factory.mktemp("sound") / "games.sqlite"))
    with TestClient(create_app(store=store, bot_workers=0)) as client:
        gid, tokens = create(client, scenario="introductory", seed=5)
        play(client, gid, tokens, 6)
    lines = list(export_lines(store))
    store.close()
    assert len(lines) == 1 and not strict_json(lines[0])["summary"].get("over")
    return lines


def _other_game(doc: dict[str, Any]) -> None:
    doc["game"] = "qmg1914"


def _unknown_game(doc: dict[str, Any]) -> None:
    doc["game"] = "chess"


def _illegal_entry(doc: dict[str, Any]) -> None:
    doc["actions"][3]["text"] = "move ge_1 paris"


def _seats_as_a_list(doc: dict[str, Any]) -> None:
    doc["seats"] = list(doc["seats"].values())


def _big_options(doc: dict[str, Any]) -> None:
    doc["options"] = {**doc["options"], "bid": {"side": "ap", "vp": 1, "note": "x" * 5000}}


DAMAGES = {
    "another game": (_other_game, "not the seats of Quartermaster General"),
    "an unknown game": (_unknown_game, "unknown game 'chess'"),
    "an illegal entry": (_illegal_entry, "record entry 3 (by "),
    "seats as a list": (_seats_as_a_list, "the stored seats are not an object"),
    "options over 4 KiB": (_big_options, "the options take more than 4096 characters"),
    "created 1e400": (None, "created is a number that is not finite"),
}


def _damaged(line: str, name: str) -> str:
    change, _ = DAMAGES[name]
    if change is None:  # JSON's own spelling: Python would write Infinity, which is no JSON
        doc = json.loads(line)
        return line.replace(f'"created":{json.dumps(doc["created"])}', '"created":1e400')
    doc = json.loads(line)
    change(doc)
    return json.dumps(doc, sort_keys=True, separators=(",", ":"))


@pytest.mark.parametrize("name", list(DAMAGES))
def test_a_game_that_cannot_be_played_is_refused_unless_kept(
    tmp_path: Path, sound_export: list[str], name: str
) -> None:
    (line,) = sound_export
    gid = json.loads(line)["id"]
    path = tmp_path / "damaged.jsonl"
    path.write_text(line.replace(gid, "a-sound-one") + "\n" + _damaged(line, name) + "\n")
    target = tmp_path / "target.sqlite"
    runner = CliRunner()
    r = runner.invoke(cli, ["import", str(path), "--db", str(target)])
    assert r.exit_code == 2, r.output
    assert len(r.stderr.strip().splitlines()) == 1, r.stderr  # one line
    assert f"line 2: game {gid}: " in said(r) and DAMAGES[name][1] in said(r), said(r)
    assert "nothing was imported" in said(r) and "Traceback" not in r.output
    assert not target.exists()  # refused before the store was opened: nothing stored

    # kept on request: flagged as a problem, never played, and the server still sends JSON
    r = runner.invoke(cli, ["import", str(path), "--db", str(target), "--keep-damaged"])
    assert r.exit_code == 0, r.output
    assert "2 games with" in said(r) and f"1 of them damaged, flagged as problems ({gid})" in (
        said(r)
    )
    store = GameStore(str(target))
    with TestClient(create_app(store=store, bot_workers=0)) as client:
        r = client.get("/api/games")
        assert r.status_code == 200
        listed = {g["id"]: g for g in strict_json(r.text)["games"]}
        assert listed["a-sound-one"]["problem"] is None
        assert listed[gid]["problem"], listed[gid]  # flagged at once, before anyone loads it
        r = client.get(f"/api/games/{gid}")
        assert r.status_code == 200 and strict_json(r.text)["problem"]
        r = client.get(f"/api/games/{gid}/replay", params={"seat": "ap"})
        assert r.status_code == 409 and strict_json(r.text)["kind"] == "corrupt_record"
    # an export of the flagged game is JSON, and comes back the same when kept again
    again = list(export_lines(store))
    store.close()
    for x in again:
        strict_json(x)
    back = GameStore(str(tmp_path / "back.sqlite"))
    import_games(back, parse(again, keep_damaged=True))
    assert list(export_lines(back)) == again
    back.close()
    with pytest.raises(BackupError, match=f"game {gid}: "):
        parse(again)  # still refused without --keep-damaged


# -- accounts and ratings (issue 30, item 7) --------------------------------------------------


def people_store(store: GameStore) -> dict[str, Any]:
    """Two accounts who played a rated game from the lobby (one resigned) and a game against
    the computer in progress; a third account, disabled."""
    from tests.server.conftest import browser
    from tests.server.test_accounts import PASSWORD, app, signup

    with TestClient(app(store, allow_bot_games=True)) as running:
        joffre, moltke = browser(running), browser(running)
        for c, name in ((joffre, "Joffre"), (moltke, "Moltke")):
            c.headers["X-CSRF-Token"] = signup(c, name)["csrf"]
        r = joffre.post("/api/account/settings", json={"webhook": "https://example.org/hook"})
        assert r.status_code == 200, r.text
        r = joffre.post("/api/lobby", json={"scenario": "historical", "rated": True})
        gid = moltke.post(f"/api/lobby/{r.json()['id']}/take").json()["game_id"]
        for c in (joffre, moltke):
            v = c.get(f"/api/games/{gid}/view").json()
            if v["legal"]:
                r = c.post(f"/api/games/{gid}/resign", json={"serial": v["serial"]})
                assert r.status_code == 200, r.text
        assert len(running.get(f"/api/games/{gid}/ratings").json()["ratings"]) == 2
        r = moltke.post("/api/games", json={"scenario": "historical", "seats": {"ap": "random"}})
        assert r.status_code == 201, r.text
        accounts = running.app.state.accounts  # type: ignore[attr-defined]
        accounts.add("Falkenhayn", PASSWORD)
        accounts.disable("Falkenhayn")
        cookie = dict(joffre.cookies)
    return {"rated": gid, "vs_bot": r.json()["id"], "cookie": cookie, "password": PASSWORD}


def test_accounts_and_ratings_travel_without_sessions(store: GameStore, tmp_path: Path) -> None:
    from tests.server.test_accounts import app

    facts = people_store(store)
    lines = list(export_lines(store))
    docs = [json.loads(x) for x in lines]
    kinds = [d["format"] for d in docs]
    assert kinds == ["greatwar.account/1"] * 3 + [FORMAT] * 2 + ["greatwar.rating/1"] * 2
    joffre = docs[0]
    assert joffre["name"] == "Joffre" and joffre["password"].startswith("$argon2")
    assert joffre["notify"]["webhook"] == "https://example.org/hook"
    assert docs[2]["disabled"] is True
    session = next(iter(facts["cookie"].values()))
    assert session not in "\n".join(lines) and facts["password"] not in "\n".join(lines)
    from greatwar.server.accounts import digest

    assert digest(session) not in "\n".join(lines)  # no session, not even its digest
    rating = docs[-1]
    assert rating["subject"].startswith("user:") and rating["history"][0]["game_id"]

    copy = GameStore(str(tmp_path / "copy.sqlite"))
    done = import_games(copy, parse(lines))
    assert (done.games, done.accounts, done.ratings) == (2, 3, 2)
    assert list(export_lines(copy)) == lines
    with TestClient(app(copy)) as c:
        c.cookies.update(facts["cookie"])
        assert c.get("/api/me").json()["user"] is None  # the sessions stayed behind
        r = c.post("/api/account/login", json={"name": "joffre", "password": facts["password"]})
        assert r.status_code == 200, r.text  # the same password logs in
        c.headers["X-CSRF-Token"] = r.json()["csrf"]
        mine = c.get("/api/my/games").json()  # the index of who plays what, from the seats
        assert [g["id"] for g in mine["finished"]] == [facts["rated"]]
        board = c.get("/api/ratings").json()["ratings"]
        assert {x["name"] for x in board} == {"Joffre", "Moltke"}
        r = c.post("/api/account/login", json={"name": "Falkenhayn", "password": facts["password"]})
        assert r.status_code == 403  # still disabled
    # again: refused, naming the accounts and ratings, unless replaced
    with pytest.raises(BackupError, match=r"3 of these accounts \(Joffre, Moltke, Falkenhayn\)"):
        import_games(copy, parse(lines))
    done = import_games(copy, parse(lines), replace=True)
    assert list(export_lines(copy)) == lines
    copy.close()


def test_a_seat_or_a_rating_of_an_unknown_account_is_refused(
    store: GameStore, tmp_path: Path
) -> None:
    people_store(store)
    lines = list(export_lines(store))
    games_only = [x for x in lines if json.loads(x)["format"] == FORMAT]
    empty = GameStore(str(tmp_path / "empty.sqlite"))
    with pytest.raises(BackupError, match=r"a seat names account \d, which neither"):
        import_games(empty, parse(games_only))
    ratings_only = [x for x in lines if json.loads(x)["format"] == "greatwar.rating/1"]
    with pytest.raises(BackupError, match="a rating of account"):
        import_games(empty, parse(ratings_only))
    assert list(export_lines(empty)) == []  # nothing was imported
    # a name the store gives another account
    from greatwar.server.accounts import Accounts

    Accounts(empty).add("Moltke", "another password")
    with pytest.raises(BackupError, match=r"line 1: account 'Joffre': the store holds another"):
        import_games(empty, parse(lines), replace=True)
    empty.close()
    for bad, why in (
        ({"password": None}, "'password' is not a text"),
        ({"key": "somebody"}, "'key' is not its name as compared"),
        ({"disabled": 0}, "'disabled' is not true or false"),
    ):
        doc = {**json.loads(lines[0]), **bad}
        with pytest.raises(BackupError, match=why):
            parse([json.dumps(doc)])
    doc = {**json.loads(lines[-1]), "subject": "root"}
    with pytest.raises(BackupError, match="'subject' is not"):
        parse([json.dumps(doc)])
    with pytest.raises(BackupError, match="in the file twice"):
        parse([lines[0], lines[0]])


def test_accounts_to_postgresql_keep_their_ids_and_new_ones_follow(
    tmp_path: Path, pg_url: str
) -> None:
    from tests.server.test_accounts import app, signup

    source = GameStore(str(tmp_path / "source.sqlite"))
    people_store(source)
    lines = list(export_lines(source))
    pg = GameStore(pg_url)
    import_games(pg, parse(lines))
    assert list(export_lines(pg)) == lines
    with TestClient(app(pg)) as c:
        assert signup(c, "Haig")["user"]["id"] == 4  # after the three imported
    pg.close()
    source.close()
