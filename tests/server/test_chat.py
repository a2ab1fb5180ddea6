"""The chat between a game's seats (server/chat.py): seats only, stored with the game, pushed
over the game's websockets, bad input refused."""

from __future__ import annotations

from pathlib import Path

from fastapi.testclient import TestClient

from greatwar.server import GameStore, create_app
from tests.server.conftest import create


def say(client: TestClient, gid: str, token: str | None, text: str) -> tuple[int, dict]:
    headers = {"X-Seat-Token": token} if token else {}
    r = client.post(f"/api/games/{gid}/chat", headers=headers, json={"text": text})
    return r.status_code, r.json()


def test_seats_write_and_read_the_chat_in_order(client: TestClient) -> None:
    gid, tokens = create(client)
    assert say(client, gid, tokens["ap"], "  Good luck!  ")[0] == 201
    assert say(client, gid, tokens["cp"], "Likewise.")[0] == 201
    for seat in ("ap", "cp"):
        r = client.get(f"/api/games/{gid}/chat", headers={"X-Seat-Token": tokens[seat]})
        assert r.status_code == 200
        msgs = r.json()["messages"]
        assert [(m["n"], m["seat"], m["text"]) for m in msgs] == [
            (0, "ap", "Good luck!"),
            (1, "cp", "Likewise."),
        ]


def test_only_seats_may_read_or_write(client: TestClient) -> None:
    gid, tokens = create(client)
    other, other_tokens = create(client, seed=4)
    say(client, gid, tokens["ap"], "private")
    assert client.get(f"/api/games/{gid}/chat").status_code == 401
    assert client.get(f"/api/games/{gid}/chat", headers={"X-Seat-Token": "x"}).status_code == 401
    wrong = {"X-Seat-Token": other_tokens["ap"]}  # a seat of another game
    assert client.get(f"/api/games/{gid}/chat", headers=wrong).status_code == 401
    assert say(client, gid, None, "hello")[0] == 401
    assert say(client, gid, other_tokens["cp"], "hello")[0] == 401
    assert client.get(f"/api/games/{other}/chat", headers=wrong).json()["messages"] == []
    assert client.get("/api/games/nosuch/chat", headers=wrong).status_code == 404


def test_bad_messages_are_refused_and_store_nothing(client: TestClient) -> None:
    gid, tokens = create(client)
    for text in ("", "   ", "x" * 501, "bell\x07"):
        status, doc = say(client, gid, tokens["ap"], text)
        assert status == 400, (text, doc)
        assert doc["detail"]
    r = client.get(f"/api/games/{gid}/chat", headers={"X-Seat-Token": tokens["ap"]})
    assert r.json()["messages"] == []
    assert say(client, gid, tokens["ap"], "two\nlines")[0] == 201


def test_a_message_is_pushed_to_the_other_seats_socket(client: TestClient) -> None:
    gid, tokens = create(client)
    with client.websocket_connect(f"/api/games/{gid}/ws") as ws:
        ws.send_json({"token": tokens["cp"]})
        assert ws.receive_json()["type"] == "view"
        say(client, gid, tokens["ap"], "Your move.")
        msg = ws.receive_json()
        assert msg["type"] == "chat"
        assert msg["message"]["seat"] == "ap" and msg["message"]["text"] == "Your move."


def test_the_chat_is_kept_with_the_game_across_restarts(tmp_path: Path) -> None:
    path = str(tmp_path / "g.sqlite")
    store = GameStore(path)
    with TestClient(create_app(store=store)) as client:
        gid, tokens = create(client)
        say(client, gid, tokens["ap"], "before the restart")
    store.close()
    store = GameStore(path)
    with TestClient(create_app(store=store)) as client:
        r = client.get(f"/api/games/{gid}/chat", headers={"X-Seat-Token": tokens["cp"]})
        assert [m["text"] for m in r.json()["messages"]] == ["before the restart"]
    store.close()


def test_an_unknown_game_is_no_such_game_without_an_echo(client: TestClient) -> None:
    """As on every other route (issue 28, item 6): a 60,000-character id got a 60 KB 404."""
    _, tokens = create(client)
    h = {"X-Seat-Token": tokens["ap"]}
    for bad in ("ECHO" * 15_000, "ECHO-no-such-game"):
        for r in (
            client.get(f"/api/games/{bad}/chat", headers=h),
            client.post(f"/api/games/{bad}/chat", headers=h, json={"text": "hello"}),
        ):
            assert r.status_code == 404 and r.json() == {
                "detail": "no such game",
                "kind": "not_found",
            }, r.text[:200]


def test_the_chat_holds_its_game_while_it_uses_it(store: GameStore) -> None:
    """A route holds its game (never dropped from the cache, never loaded twice) until it has
    answered; the chat routes took it and let it go at once (issue 28, item 6)."""
    app = create_app(store=store, cache_size=0)
    service, chats = app.state.service, app.state.chat
    held: list[int] = []
    for name in ("add", "messages"):
        real = getattr(chats, name)

        def watched(game_id: str, *args: object, real: object = real) -> object:
            live = service._live.get(game_id)
            held.append(live.users if live is not None else 0)
            return real(game_id, *args)  # type: ignore[operator]

        setattr(chats, name, watched)
    with TestClient(app) as client:
        gid, tokens = create(client)
        assert say(client, gid, tokens["ap"], "held?")[0] == 201
        r = client.get(f"/api/games/{gid}/chat", headers={"X-Seat-Token": tokens["cp"]})
        assert r.status_code == 200
    assert held == [1, 1]
    assert service.live_count() == 0  # and let go once answered
