"""Paper tables: a Cartographers deck that a host flips for players who draw on paper, and
every device that opens the table's link follows it live (docs/web.md, "Paper tables")."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Depends, Request, Response, WebSocket
from sqlalchemy.exc import SQLAlchemyError
from starlette.requests import HTTPConnection

from herotable.core.errors import HerotableError
from herotable.server.deps import Service, Token
from herotable.server.errors import NO_STORE, is_outage
from herotable.server.hub import TooManyWatchers, Watcher
from herotable.server.routes.watch import pump, refuse
from herotable.server.schemas import (
    FlipRequest,
    NewTable,
    TableCreated,
    TableMap,
    TableMapAdded,
    TableSettings,
)
from herotable.server.tables import TableDesk

router = APIRouter(prefix="/api/tables", tags=["tables"])


async def _desk(connection: HTTPConnection) -> TableDesk:
    desk: TableDesk = connection.app.state.tables
    return desk


Desk = Annotated[TableDesk, Depends(_desk)]


def table_answer(text: str) -> Response:
    return Response(text, media_type="application/json")


@router.post("", status_code=201)
async def create(body: NewTable, request: Request, response: Response,
                 desk: Desk) -> TableCreated:
    """A new table: its link for every device, and the host's link (with the token that
    flips the cards, shown this once)."""
    response.headers["Cache-Control"] = NO_STORE  # it holds the host's token
    live, token = await desk.create(body.options, body.seed, body.solo, body.anyone_flips)
    url = f"{request.base_url}t/{live.row.id}"
    return TableCreated(id=live.row.id, url=url, host_url=f"{url}#host={token}",
                        host_token=token)


@router.get("/{table_id}")
async def get_table(table_id: str, desk: Desk) -> Response:
    return table_answer((await desk.get(table_id)).text())


@router.post("/{table_id}/flip")
async def flip(table_id: str, body: FlipRequest, token: Token, desk: Desk) -> Response:
    """Flip the next card (the host, or anyone when the host allows it)."""
    return table_answer((await desk.flip(table_id, token, body.seq)).text())


@router.post("/{table_id}/settings")
async def settings(table_id: str, body: TableSettings, token: Token, desk: Desk) -> Response:
    """The host's settings: whether anyone may flip."""
    return table_answer((await desk.set_anyone_flips(table_id, token, body.anyone_flips))
                        .text())


@router.post("/{table_id}/maps", status_code=201)
async def add_map(table_id: str, body: TableMap, response: Response,
                  desk: Desk) -> TableMapAdded:
    """Add a player's map to the table's scoreboard: its id, and the token that replaces it
    (shown this once)."""
    response.headers["Cache-Control"] = NO_STORE  # it holds the map's token
    live, map_id, token = await desk.add_map(table_id, body.name, body.snapshots())
    return TableMapAdded(map_id=map_id, token=token, table=live.answer())


@router.put("/{table_id}/maps/{map_id}")
async def replace_map(table_id: str, map_id: str, body: TableMap, token: Token,
                      desk: Desk) -> Response:
    """Replace a map with the token its author was given: the table object after it."""
    live = await desk.replace_map(table_id, map_id, token, body.name, body.snapshots())
    return table_answer(live.text())


@router.websocket("/{table_id}/ws")
async def watch(socket: WebSocket, table_id: str, service: Service) -> None:
    """The table's state now, then after every change; the client need send nothing."""
    desk: TableDesk = socket.app.state.tables
    await socket.accept()
    try:
        live = await desk.get(table_id)
        watcher = Watcher(socket, None, False)
        desk.hub.join(table_id, watcher)
    except (HerotableError, TooManyWatchers) as exc:
        await refuse(socket, exc)
        return
    except SQLAlchemyError as exc:
        if not is_outage(exc):
            raise
        await refuse(socket, exc)
        return
    try:
        watcher.offer_state(live.text())
        await pump(socket, watcher, service.settings.max_ws_message_bytes)
    finally:
        desk.hub.leave(table_id, watcher)

