"""The WebSocket of a game: a first message with the seat's token (or none to watch), then
the seat's object after every change, and a small presence message when a seat connects or
goes (``{"id", "seq", "seats"}``, no view).

Each connection has a sender task fed by the hub's one-message mailbox, and a listener that
checks what the client sends; whichever ends first ends the connection, so a client that
stops reading is dropped without anyone waiting for it."""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import time

from fastapi import APIRouter, WebSocket
from pydantic import BaseModel, ConfigDict, Field, ValidationError
from sqlalchemy.exc import SQLAlchemyError

from herotable.core.errors import HerotableError
from herotable.server.deps import Service
from herotable.server.errors import (
    DamagedGame,
    Forbidden,
    Refusal,
    is_outage,
    outage_line,
    problem,
    refusal_body,
)
from herotable.server.hub import TooManyWatchers, Watcher
from herotable.server.refusals import ServerRefusal

log = logging.getLogger("herotable.server")
router = APIRouter()
FIRST_MESSAGE_SECONDS = 10.0
MESSAGES_PER_SECOND = 20  # after the first, a client has no reason to send many
CLOSE_SECONDS = 5.0
# Close codes: RFC 6455's, and 4000 + the HTTP status for a refused first message.
UNSUPPORTED, POLICY, TOO_BIG, TRY_AGAIN = 1003, 1008, 1009, 1013


class Hello(BaseModel):
    """A WebSocket's first message: the seat's token, or none to watch."""

    model_config = ConfigDict(extra="forbid")
    token: str | None = Field(None, max_length=200)
    legal: str = Field("full", pattern="^(full|none)$")


class Unreadable(Exception):
    """A message the server does not read: ``code`` is the close code that says why."""

    def __init__(self, message: str, code: int) -> None:
        super().__init__(message)
        self.code = code


class Disconnected(Exception):
    """The client went away."""


@router.websocket("/api/games/{game_id}/ws")
async def watch(socket: WebSocket, game_id: str, service: Service) -> None:
    limit = service.settings.max_ws_message_bytes
    await socket.accept()
    try:
        hello = Hello.model_validate(json.loads(await asyncio.wait_for(
            _text(socket, limit), FIRST_MESSAGE_SECONDS)))
        live = await service.get(game_id)
        seat = service.seat_of(live, hello.token)
        service.check_watchable(live, seat)
        watcher = Watcher(socket, seat, hello.legal == "full")
        arrived = service.hub.join(game_id, watcher)
    except Disconnected:
        return
    except (TimeoutError, ValueError, ValidationError, HerotableError, Unreadable,
            TooManyWatchers) as exc:
        await refuse(socket, exc)
        return
    except SQLAlchemyError as exc:
        if not is_outage(exc):
            raise
        log.warning("database unavailable: %s", outage_line(exc))
        await refuse(socket, exc)
        return
    try:
        if arrived:
            service.presence_changed(live)  # the others see this seat present
        # After the presence, so that this watcher's mailbox holds its whole state only.
        watcher.offer_state(service.state_text(live, seat, watcher.with_legal))
        await pump(socket, watcher, limit)
    finally:
        if service.hub.leave(game_id, watcher):
            service.presence_changed(live)


async def pump(socket: WebSocket, watcher: Watcher, limit: int) -> None:
    """Send the watcher's states and listen to its socket until either stops, then close the
    socket with the listener's code (a sender that stopped first: "try again")."""
    sender = asyncio.create_task(watcher.send_forever())
    listener = asyncio.create_task(listen(socket, limit))
    done, pending = await asyncio.wait({sender, listener}, return_when=asyncio.FIRST_COMPLETED)
    for task in pending:
        task.cancel()
    code = listener.result() if listener in done else TRY_AGAIN
    if code is not None:
        with contextlib.suppress(Exception):
            await asyncio.wait_for(socket.close(code), CLOSE_SECONDS)


async def listen(socket: WebSocket, limit: int) -> int | None:
    """Read what the client sends (it need not send anything) until it goes (None) or
    breaks a rule (the close code that says which)."""
    window, count = time.monotonic(), 0
    while True:
        try:
            await _text(socket, limit)
        except Disconnected:
            return None
        except Unreadable as exc:
            return exc.code
        now = time.monotonic()
        window, count = (window, count + 1) if now - window < 1 else (now, 1)
        if count > MESSAGES_PER_SECOND:
            return POLICY  # a flood


async def _text(socket: WebSocket, limit: int) -> str:
    """The next text message; a binary or oversized one is :class:`Unreadable`."""
    message = await socket.receive()
    if message["type"] == "websocket.disconnect":
        raise Disconnected
    text = message.get("text")
    if text is None:
        raise Unreadable("the server reads text messages only", UNSUPPORTED)
    if len(text.encode("utf-8")) > limit:
        raise Unreadable(f"a message is over {limit} bytes", TOO_BIG)
    return str(text)


async def refuse(socket: WebSocket, exc: Exception) -> None:
    """Tell a WebSocket client why it is refused, in the body every refusal of the API has
    (``{"detail", "code", "params"}``), then close: 4403, 4404 or 4400 for
    its first message, 4500 for a damaged game, 1013 (try again later) for a game at its
    watcher limit or a database that does not answer."""
    if isinstance(exc, TooManyWatchers | SQLAlchemyError):
        code = TRY_AGAIN
    elif isinstance(exc, DamagedGame):
        code = 4500
    elif isinstance(exc, Forbidden):
        code = 4403
    elif isinstance(exc, Refusal) and exc.status == 404:  # no such game (or paper table)
        code = 4404
    else:
        code = 4400
    if isinstance(exc, HerotableError):
        body = refusal_body(exc)
    elif isinstance(exc, SQLAlchemyError):
        body = problem("the database is not answering; try again shortly",
                       ServerRefusal.DATABASE_UNAVAILABLE)
    elif isinstance(exc, TooManyWatchers):
        body = problem(str(exc), ServerRefusal.BUSY)
    elif isinstance(exc, Unreadable):
        body = problem(str(exc), ServerRefusal.BAD_REQUEST)
    else:
        body = problem("send {\"token\": ...} or {} first", ServerRefusal.BAD_REQUEST)
    with contextlib.suppress(Exception):
        await socket.send_text(json.dumps(body))
        await socket.close(code)
