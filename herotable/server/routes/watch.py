"""The WebSocket of a game: a first message with the seat's token (or none to watch), then
the seat's object after every change."""

from __future__ import annotations

import asyncio
import json
import time

from fastapi import APIRouter, WebSocket, WebSocketDisconnect
from pydantic import BaseModel, ConfigDict, Field, ValidationError

from herotable.core.errors import HerotableError
from herotable.server.deps import Service
from herotable.server.errors import Forbidden, UnknownGame
from herotable.server.hub import Watcher

router = APIRouter()
FIRST_MESSAGE_SECONDS = 10.0
MESSAGES_PER_SECOND = 20  # after the first, a client has no reason to send many


class Hello(BaseModel):
    """A WebSocket's first message: the seat's token, or none to watch."""

    model_config = ConfigDict(extra="forbid")
    token: str | None = Field(None, max_length=200)
    legal: str = Field("full", pattern="^(full|none)$")


@router.websocket("/api/games/{game_id}/ws")
async def watch(socket: WebSocket, game_id: str, service: Service) -> None:
    limit = service.settings.max_ws_message_bytes
    await socket.accept()
    try:
        hello = Hello.model_validate(json.loads(await asyncio.wait_for(
            _small_text(socket, limit), FIRST_MESSAGE_SECONDS)))
        live = await service.get(game_id)
        seat = service.seat_of(live, hello.token)
        service.check_watchable(live, seat)
    except (TimeoutError, ValueError, ValidationError, HerotableError) as exc:
        await _refuse(socket, exc)
        return
    except WebSocketDisconnect:
        return
    watcher = Watcher(socket, seat, hello.legal == "full")
    service.hub.join(game_id, watcher)
    try:
        await socket.send_text(json.dumps(service.state(live, seat, watcher.with_legal),
                                          separators=(",", ":")))
        await service.publish(live)  # the others see this seat present
        window, count = time.monotonic(), 0
        while True:  # clients need not send more; what they do send is checked
            await _small_text(socket, limit)
            now = time.monotonic()
            window, count = (window, count + 1) if now - window < 1 else (now, 1)
            if count > MESSAGES_PER_SECOND:
                await socket.close(1008)  # "policy violation": a flood
                break
    except WebSocketDisconnect:
        pass
    except ValueError:
        await socket.close(1009)  # "message too big"
    finally:
        service.hub.leave(game_id, watcher)
        await service.publish(live)


async def _small_text(socket: WebSocket, limit: int) -> str:
    text = await socket.receive_text()
    if len(text.encode("utf-8")) > limit:
        raise ValueError(f"a message is over {limit} bytes")
    return text


async def _refuse(socket: WebSocket, exc: Exception) -> None:
    """Tell a WebSocket client why it is refused, then close (4403, 4404 or 4400)."""
    code = 4403 if isinstance(exc, Forbidden) else 4404 if isinstance(exc, UnknownGame) else 4400
    reason = str(exc) if isinstance(exc, HerotableError) else "send {\"token\": ...} or {} first"
    await socket.send_text(json.dumps({"error": reason}))
    await socket.close(code)
