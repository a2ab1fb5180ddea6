"""Chat between the seats of a game, stored with the game.

Routes (JSON, both need a seat's token in ``X-Seat-Token``; nobody else may read or write):

    GET  /api/games/{id}/chat             the game's messages, oldest first
    POST /api/games/{id}/chat             {"text"} -> the stored message

A message is stored (its own table, ``chat``, in the game store's database, keyed by game and
number) before it is answered, then pushed to every open websocket of the game as
``{"type": "chat", "message": {...}}``; a client that reconnects reads the list again. A message
names the seat that wrote it (the first seat its token holds). Text is trimmed, 1-500
characters; control characters other than new lines are refused.
"""

from __future__ import annotations

import time
from typing import Annotated, Any

from fastapi import FastAPI, Header
from pydantic import BaseModel, Field
from sqlalchemy import Column, Float, Integer, MetaData, String, Table, func, select
from sqlalchemy.exc import IntegrityError, SQLAlchemyError
from starlette.concurrency import run_in_threadpool

from greatwar.server.games import GameService, ServiceError, Unavailable
from greatwar.server.hub import Hub
from greatwar.server.store import GameStore

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

    def __init__(self, store: GameStore) -> None:
        self.engine = store.engine
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
        return [{"n": r.n, "seat": r.seat, "text": r.text, "at": r.at} for r in rows]

    def add(self, game_id: str, seat: str, text: str) -> dict[str, Any]:
        """Append a message (numbered after the game's last one) and return it."""
        for _ in range(5):  # two writers at once: the loser takes the next number
            now = time.time()
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
                return {"n": n, "seat": seat, "text": text, "at": now}
            except IntegrityError:
                continue
            except SQLAlchemyError as e:
                raise Unavailable(f"chat store error: {e}") from None
        raise Unavailable("the chat message could not be stored; try again")


def install(app: FastAPI, service: GameService, hub: Hub) -> ChatStore:
    """Add the chat routes to the web app."""
    chats = ChatStore(service.store)

    @app.get("/api/games/{game_id}/chat")
    async def read_chat(game_id: str, token: Token = None) -> dict[str, Any]:
        live = await run_in_threadpool(service.load, game_id)
        service.seats_of(live, token)  # seats only
        return {"messages": await run_in_threadpool(chats.messages, live.id)}

    @app.post("/api/games/{game_id}/chat", status_code=201)
    async def write_chat(game_id: str, body: ChatBody, token: Token = None) -> dict[str, Any]:
        live = await run_in_threadpool(service.load, game_id)
        held = service.seats_of(live, token)
        text = clean(body.text)
        msg = await run_in_threadpool(chats.add, live.id, held[0], text)
        for conn in list(hub.conns.get(live.id, ())):
            try:
                async with conn.lock:  # one send at a time on a socket
                    await conn.ws.send_json({"type": "chat", "message": msg})
            except Exception:  # a closed socket: the hub forgets it on its next send
                continue
        return {"message": msg}

    return chats
