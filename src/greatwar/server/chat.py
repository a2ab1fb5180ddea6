"""Chat between the seats of a game, stored with the game.

Routes (JSON, both need a seat's token in ``X-Seat-Token``; nobody else may read or write):

    GET  /api/games/{id}/chat             the game's messages, oldest first
    POST /api/games/{id}/chat             {"text"} -> the stored message

A message is stored (its own table, ``chat``, in the game store's database, keyed by game and
number) before it is answered, then pushed to every open websocket of the game as
``{"type": "chat", "message": {...}}``; a client that reconnects reads the list again. With
several servers on one PostgreSQL store, the message's commit notifies the others
(``'chat <game id> <n>'``, :mod:`greatwar.server.listen`), which push it to their own sockets
of the game. A message
names the seat that wrote it (the first seat its token holds). Text is trimmed, 1-500
characters; control characters other than new lines are refused.
"""

from __future__ import annotations

import time
from collections import OrderedDict
from typing import Annotated, Any

from fastapi import FastAPI, Header
from pydantic import BaseModel, ConfigDict, Field
from sqlalchemy import Column, Float, Integer, MetaData, String, Table, func, select, text
from sqlalchemy.exc import IntegrityError, SQLAlchemyError
from starlette.concurrency import run_in_threadpool

from greatwar.server.games import GameService, ServiceError, Unavailable
from greatwar.server.hub import Hub, dumps
from greatwar.server.listen import Follower
from greatwar.server.store import CHANNEL, GameStore, finite

MAX_TEXT = 500

metadata = MetaData()

chat_table = Table(
    "chat",
    metadata,
    Column("game_id", String(40), primary_key=True),
    Column("n", Integer, primary_key=True),
    Column("seat", String(16), nullable=False),
    Column("text", String(MAX_TEXT), nullable=False),
    Column("at", Float, nullable=False),
)


class ChatBody(BaseModel):
    model_config = ConfigDict(strict=True)

    text: str = Field(max_length=2000)


Token = Annotated[str | None, Header(alias="X-Seat-Token")]


def clean(text: str) -> str:
    """The text to store, or a refusal (empty, too long, control characters)."""
    out = text.strip()
    if not out:
        raise ServiceError("a chat message needs some text")
    if len(out) > MAX_TEXT:
        raise ServiceError(f"a chat message has at most {MAX_TEXT} characters")
    if any(ord(ch) < 32 and ch not in "\n\t" for ch in out):
        raise ServiceError("a chat message may not hold control characters")
    return out


class ChatStore:
    """The chat table in the game store's database."""

    KEEP = 1000  # messages this process stored, remembered to know their notices

    def __init__(self, store: GameStore) -> None:
        self.engine = store.engine
        self.mine: OrderedDict[tuple[str, int], None] = OrderedDict()
        try:
            metadata.create_all(self.engine)
        except SQLAlchemyError as e:
            raise Unavailable(f"cannot open the chat table: {e}") from None

    def messages(self, game_id: str) -> list[dict[str, Any]]:
        try:
            with self.engine.begin() as conn:
                rows = conn.execute(
                    select(chat_table)
                    .where(chat_table.c.game_id == game_id)
                    .order_by(chat_table.c.n)
                ).all()
        except SQLAlchemyError as e:
            raise Unavailable(f"chat store error: {e}") from None
        return [{"n": r.n, "seat": r.seat, "text": r.text, "at": finite(r.at)} for r in rows]

    def add(self, game_id: str, seat: str, text: str) -> dict[str, Any]:
        """Append a message (numbered after the game's last one) and return it."""
        for _ in range(5):  # two writers at once: the loser takes the next number
            now = time.time()
            n = -1
            try:
                with self.engine.begin() as conn:
                    last = conn.execute(
                        select(func.max(chat_table.c.n)).where(chat_table.c.game_id == game_id)
                    ).scalar()
                    n = 0 if last is None else int(last) + 1
                    conn.execute(
                        chat_table.insert().values(
                            game_id=game_id, n=n, seat=seat, text=text, at=now
                        )
                    )
                    if conn.dialect.name == "postgresql":  # the other servers' sockets
                        conn.execute(_NOTIFY, {"p": f"chat {game_id} {n}"})
                        self.mine[game_id, n] = None
                        while len(self.mine) > self.KEEP:
                            self.mine.popitem(last=False)
                return {"n": n, "seat": seat, "text": text, "at": now}
            except IntegrityError:
                self.mine.pop((game_id, n), None)  # that number was another's
                continue
            except SQLAlchemyError as e:
                raise Unavailable(f"chat store error: {e}") from None
        raise Unavailable("the chat message could not be stored; try again")

    def message(self, game_id: str, n: int) -> dict[str, Any] | None:
        """One message (None: there is none)."""
        c = chat_table.c
        try:
            with self.engine.connect() as conn:
                r = conn.execute(select(chat_table).where(c.game_id == game_id, c.n == n)).first()
        except SQLAlchemyError as e:
            raise Unavailable(f"chat store error: {e}") from None
        if r is None:
            return None
        return {"n": r.n, "seat": r.seat, "text": r.text, "at": finite(r.at)}


_NOTIFY = text(f"SELECT pg_notify('{CHANNEL}', :p)")


def install(
    app: FastAPI, service: GameService, hub: Hub, follower: Follower | None = None
) -> ChatStore:
    """Add the chat routes to the web app (``follower``: other servers share the store; their
    messages are pushed to this one's sockets too)."""
    chats = ChatStore(service.store)

    async def push(game_id: str, msg: dict[str, Any]) -> None:
        for conn in list(hub.conns.get(game_id, ())):
            try:
                async with conn.lock:  # one send at a time on a socket
                    await conn.ws.send_text(dumps({"type": "chat", "message": msg}))
            except Exception:  # a closed socket: the hub forgets it on its next send
                continue

    async def relay(game_id: str, n: int) -> None:
        """Another server stored message ``n`` of the game: push it to this one's sockets."""
        if (game_id, n) in chats.mine:
            del chats.mine[game_id, n]
            return  # stored here: pushed already
        msg = await run_in_threadpool(chats.message, game_id, n)
        if msg is not None:
            await push(game_id, msg)

    if follower is not None:
        follower.on_chat = relay

    @app.get("/api/games/{game_id}/chat")
    async def read_chat(game_id: str, token: Token = None) -> dict[str, Any]:
        async with service.using(game_id) as live:  # held, as by every other route
            service.seats_of(live, token)  # seats only
            return {"messages": await run_in_threadpool(chats.messages, live.id)}

    @app.post("/api/games/{game_id}/chat", status_code=201)
    async def write_chat(game_id: str, body: ChatBody, token: Token = None) -> dict[str, Any]:
        async with service.using(game_id) as live:
            held = service.seats_of(live, token)
            text = clean(body.text)
            msg = await run_in_threadpool(chats.add, live.id, held[0], text)
            await push(live.id, msg)
            return {"message": msg}

    return chats
