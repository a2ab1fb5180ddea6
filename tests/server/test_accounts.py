"""Accounts (issue 30, item 1) and their security: nothing stored in clear that could log in or
play, CSRF refused, throttled logins, the same refusal for an unknown name and a wrong
password, a guest link that still plays, invitations, resets, disabled accounts."""

from __future__ import annotations

import warnings
from collections.abc import Iterator
from typing import Any

import pytest
from argon2 import PasswordHasher
from sqlalchemy import inspect, text

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from fastapi.testclient import TestClient

from greatwar.server import GameStore, create_app
from tests.server.conftest import browser, create, play, view

CHEAP = PasswordHasher(time_cost=1, memory_cost=1024, parallelism=1)
PASSWORD = "correct horse battery"


def app(store: GameStore, mode: str = "open", **kw: Any) -> Any:
    return create_app(store=store, accounts=mode, password_hasher=CHEAP, bot_pause=0, **kw)


@pytest.fixture
def site(store: GameStore) -> Iterator[TestClient]:
    with TestClient(app(store)) as c:
        yield c


def signup(c: TestClient, name: str, password: str = PASSWORD, **kw: Any) -> dict[str, Any]:
    r = c.post("/api/account/signup", json={"name": name, "password": password, **kw})
    assert r.status_code == 200, r.text
    doc: dict[str, Any] = r.json()
    return doc


def csrf(c: TestClient) -> dict[str, str]:
    return {"X-CSRF-Token": c.get("/api/me").json()["csrf"]}


def everything_stored(store: GameStore) -> str:
    """Every value of every table, as text."""
    out = []
    with store.engine.connect() as conn:
        for t in inspect(store.engine).get_table_names():
            for row in conn.execute(text(f"SELECT * FROM {t}")):
                out.append(" ".join(map(str, row)))
    return "\n".join(out)


def test_signing_up_logs_in_with_a_cookie_that_scripts_cannot_read(site: TestClient) -> None:
    r = site.post("/api/account/signup", json={"name": "Joffre", "password": PASSWORD})
    assert r.status_code == 200, r.text
    cookie = r.headers["set-cookie"]
    assert "greatwar_session=" in cookie and "HttpOnly" in cookie
    assert "SameSite=lax" in cookie or "samesite=lax" in cookie.lower()
    assert "Secure" not in cookie  # plain http here
    me = site.get("/api/me").json()
    assert me["user"]["name"] == "Joffre" and me["accounts"] == "open" and me["csrf"]
    assert r.json()["csrf"] == me["csrf"]
    again = site.post("/api/account/signup", json={"name": "JOFFRE", "password": PASSWORD})
    assert again.status_code == 403 and again.json()["kind"] == "csrf"  # a logged-in browser
    site.cookies.clear()
    again = site.post("/api/account/signup", json={"name": "JOFFRE", "password": PASSWORD})
    assert again.status_code == 409 and again.json()["kind"] == "name_taken"


def test_behind_https_the_cookie_is_secure(store: GameStore) -> None:
    with TestClient(app(store, public_url="https://games.example")) as c:
        r = c.post("/api/account/signup", json={"name": "Foch", "password": PASSWORD})
        assert "Secure" in r.headers["set-cookie"]
    with TestClient(app(store), base_url="https://testserver") as c:
        r = c.post("/api/account/signup", json={"name": "Haig", "password": PASSWORD})
        assert "Secure" in r.headers["set-cookie"]


def test_no_password_or_token_is_stored_in_clear(site: TestClient, store: GameStore) -> None:
    doc = signup(site, "Hindenburg")
    session = site.cookies.get("greatwar_session")
    assert session
    site.headers.update(csrf(site))
    _, tokens = create(site, seed=None)
    code = site.app.state.accounts.invite()  # type: ignore[attr-defined]
    reset = site.app.state.accounts.reset_token(doc["user"]["id"])  # type: ignore[attr-defined]
    stored = everything_stored(store)
    for secret in (PASSWORD, session, doc["csrf"], code, reset, *tokens.values()):
        assert secret not in stored
    assert "$argon2" in stored  # the password is an argon2 hash


def test_a_change_without_the_csrf_token_is_refused_and_changes_nothing(
    site: TestClient,
) -> None:
    signup(site, "Ludendorff")
    body = {"old": PASSWORD, "new": "another long password"}
    r = site.post("/api/account/password", json=body)
    assert r.status_code == 403 and r.json()["kind"] == "csrf"
    assert PASSWORD not in r.text
    r = site.post("/api/account/password", json=body, headers={"X-CSRF-Token": "0" * 40})
    assert r.status_code == 403 and r.json()["kind"] == "csrf"
    site.post("/api/account/logout", headers=csrf(site))
    assert site.get("/api/me").json()["user"] is None
    r = site.post("/api/account/login", json={"name": "ludendorff", "password": PASSWORD})
    assert r.status_code == 200, r.text  # the old password still works: nothing changed
    r = site.post("/api/account/password", json=body, headers=csrf(site))
    assert r.status_code == 200, r.text


def test_an_unknown_name_and_a_wrong_password_get_the_same_answer(site: TestClient) -> None:
    signup(site, "Falkenhayn")
    site.cookies.clear()
    wrong = site.post("/api/account/login", json={"name": "Falkenhayn", "password": "nope" * 3})
    unknown = site.post("/api/account/login", json={"name": "Nobody", "password": "nope" * 3})
    assert wrong.status_code == unknown.status_code == 401
    assert (
        wrong.json() == unknown.json() == {"detail": "wrong name or password", "kind": "bad_login"}
    )
    assert "Nobody" not in unknown.text


def test_logins_are_throttled_per_account_and_per_address(store: GameStore) -> None:
    with TestClient(app(store)) as c:
        signup(c, "Moltke")
        c.cookies.clear()
        for _ in range(5):
            r = c.post("/api/account/login", json={"name": "Moltke", "password": "x" * 8})
            assert r.status_code == 401
        r = c.post("/api/account/login", json={"name": "Moltke", "password": PASSWORD})
        assert r.status_code == 429 and r.json()["kind"] == "rate_limited"
        assert int(r.headers["Retry-After"]) >= 30
        assert "greatwar_session" not in r.headers.get("set-cookie", "")
    # another address is held back for this account too (the account's own count)
    with TestClient(app(store), client=("10.0.0.9", 5000)) as other:
        r = other.post("/api/account/login", json={"name": "Moltke", "password": PASSWORD})
        assert r.status_code == 429
        # ... and one address trying many names is held back whatever the name
        for i in range(20):
            r = other.post("/api/account/login", json={"name": f"guess{i}", "password": "x" * 8})
            assert r.status_code == 401, i
        signup_r = other.post("/api/account/signup", json={"name": "Kluck", "password": PASSWORD})
        assert signup_r.status_code == 200
        other.cookies.clear()
        r = other.post("/api/account/login", json={"name": "Kluck", "password": PASSWORD})
        assert r.status_code == 429


def test_a_guest_link_still_plays_beside_accounts(site: TestClient) -> None:
    gid, tokens = create(site)
    v = play(site, gid, tokens, 2)  # no cookie
    assert v["serial"] == 2
    signup(site, "Petain")  # a logged-in browser still plays by its seat's link
    v = play(site, gid, tokens, 2)
    assert v["serial"] == 4
    r = site.get(f"/api/games/{gid}/view")  # the cookie alone holds no seat of this game
    assert r.status_code == 401 and r.json()["kind"] == "unauthorized"


def test_accounts_are_off_unless_the_server_turns_them_on(store: GameStore) -> None:
    with TestClient(create_app(store=store)) as c:
        assert c.get("/api/me").json() == {
            "accounts": "off",
            "user": None,
            "csrf": None,
            "waiting": 0,
        }
        r = c.post("/api/account/signup", json={"name": "Joffre", "password": PASSWORD})
        assert r.status_code == 404 and r.json()["kind"] == "not_found"
        gid, tokens = create(c)
        assert view(c, gid, tokens["ap"])["serial"] == 0


def test_signing_up_by_invitation(store: GameStore) -> None:
    with TestClient(app(store, "invite")) as c:
        r = c.post("/api/account/signup", json={"name": "Brusilov", "password": PASSWORD})
        assert r.status_code == 403 and r.json()["kind"] == "forbidden"
        r = c.post(
            "/api/account/signup",
            json={"name": "Brusilov", "password": PASSWORD, "invite": "made-up"},
        )
        assert r.status_code == 403
        code = c.app.state.accounts.invite()  # type: ignore[attr-defined]
        signup(c, "Brusilov", invite=code)
        c.cookies.clear()
        r = c.post(
            "/api/account/signup", json={"name": "Samsonov", "password": PASSWORD, "invite": code}
        )
        assert r.status_code == 403  # used once


def test_a_reset_link_sets_a_new_password_once_and_ends_the_sessions(site: TestClient) -> None:
    doc = signup(site, "Cadorna")
    accounts = site.app.state.accounts  # type: ignore[attr-defined]
    token = accounts.reset_token(doc["user"]["id"])
    fresh = "a brand new password"
    other = browser(site)
    r = other.post("/api/account/reset", json={"token": token, "password": fresh})
    assert r.status_code == 200, r.text
    r = other.post("/api/account/reset", json={"token": token, "password": fresh})
    assert r.status_code == 403
    assert site.get("/api/me").json()["user"] is None  # the old session ended
    r = site.post("/api/account/login", json={"name": "Cadorna", "password": fresh})
    assert r.status_code == 200


def test_a_disabled_account_cannot_log_in_and_its_sessions_end(site: TestClient) -> None:
    signup(site, "Nivelle")
    site.app.state.accounts.disable("nivelle")  # type: ignore[attr-defined]
    assert site.get("/api/me").json()["user"] is None
    r = site.post("/api/account/login", json={"name": "Nivelle", "password": PASSWORD})
    assert r.status_code == 403


@pytest.mark.parametrize(
    "body",
    [
        {"name": "ab", "password": PASSWORD},
        {"name": "has space", "password": PASSWORD},
        {"name": "Conrad", "password": "short"},
        {"name": "Conrad", "password": PASSWORD, "email": "not-an-address"},
        {"name": 5, "password": PASSWORD},
        {"name": "Conrad", "password": PASSWORD, "admin": True},
    ],
)
def test_bad_sign_ups_are_refused_without_echo_and_store_nothing(
    site: TestClient, store: GameStore, body: dict[str, Any]
) -> None:
    r = site.post("/api/account/signup", json=body)
    assert r.status_code == 400 and r.json()["kind"] == "malformed", r.text
    for value in body.values():
        if isinstance(value, str) and len(value) > 3:
            assert value not in r.json()["detail"]
    assert site.app.state.accounts.all_users() == []  # type: ignore[attr-defined]


def test_the_users_command_adds_lists_disables_resets_and_invites(db_path: Any) -> None:
    from typer.testing import CliRunner

    from greatwar.cli import app as cli

    run = CliRunner()
    db = ["--db", str(db_path)]
    r = run.invoke(cli, ["users", "add", "Allenby", "--password-stdin", *db], input=PASSWORD + "\n")
    assert r.exit_code == 0, r.output
    r = run.invoke(cli, ["users", "add", "allenby", "--password-stdin", *db], input=PASSWORD + "\n")
    assert r.exit_code == 2 and "taken" in r.output
    r = run.invoke(cli, ["users", "add", "Short", "--password-stdin", *db], input="abc\n")
    assert r.exit_code == 2 and "password" in r.output
    r = run.invoke(cli, ["users", "list", "--json", *db])
    assert r.exit_code == 0 and [u["name"] for u in __import__("json").loads(r.output)] == [
        "Allenby"
    ]
    r = run.invoke(cli, ["users", "reset", "Allenby", "--public-url", "https://x.example", *db])
    assert r.exit_code == 0 and r.output.startswith("https://x.example/account#reset=")
    link_token = r.output.strip().split("reset=", 1)[1]
    r = run.invoke(cli, ["users", "invite", *db])
    assert r.exit_code == 0 and len(r.output.strip()) > 10
    r = run.invoke(cli, ["users", "disable", "Allenby", *db])
    assert r.exit_code == 0 and "disabled" in r.output
    store = GameStore(str(db_path))
    try:
        with TestClient(app(store)) as c:
            r = c.post("/api/account/login", json={"name": "Allenby", "password": PASSWORD})
            assert r.status_code == 403
            store_text = everything_stored(store)
            assert link_token not in store_text and PASSWORD not in store_text
    finally:
        store.close()
    r = run.invoke(cli, ["users", "disable", "Allenby", "--enable", *db])
    assert r.exit_code == 0 and "enabled" in r.output
    r = run.invoke(cli, ["users", "disable", "Nobody", *db])
    assert r.exit_code == 2
