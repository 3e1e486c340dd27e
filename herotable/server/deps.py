"""What a route needs, as typed dependencies: a route's signature says which service it
uses, which game it acts on and who is asking (a seat, or a spectator).

Every dependency is ``async``, though none waits: FastAPI runs a plain function in a worker
thread, and several thread hops per request cost more than the whole lookup."""

from __future__ import annotations

from typing import Annotated

from fastapi import Depends, Header, Query
from starlette.requests import HTTPConnection

from herotable.server.analyst import Analyst
from herotable.server.challenge_desk import ChallengeDesk
from herotable.server.errors import Forbidden
from herotable.server.live import LiveGame
from herotable.server.refusals import ServerRefusal
from herotable.server.service import GameService


async def _service(connection: HTTPConnection) -> GameService:
    service: GameService = connection.app.state.service
    return service


async def _analyst(connection: HTTPConnection) -> Analyst:
    analyst: Analyst = connection.app.state.analyst
    return analyst


async def _desk(connection: HTTPConnection) -> ChallengeDesk:
    desk: ChallengeDesk = connection.app.state.desk
    return desk


Service = Annotated[GameService, Depends(_service)]
Analysts = Annotated[Analyst, Depends(_analyst)]
Desk = Annotated[ChallengeDesk, Depends(_desk)]


async def bearer(authorization: Annotated[str | None, Header()] = None) -> str | None:
    """The token of ``Authorization: Bearer TOKEN``; no header is a spectator."""
    if authorization is None:
        return None
    scheme, _, token = authorization.partition(" ")
    if scheme.lower() != "bearer" or not token.strip():
        raise Forbidden("send the seat's token as 'Authorization: Bearer TOKEN'",
                        ServerRefusal.TOKEN_NEEDED)
    return token.strip()


Token = Annotated[str | None, Depends(bearer)]


async def _live(game_id: str, service: Service) -> LiveGame:
    return await service.get(game_id)


Live = Annotated[LiveGame, Depends(_live)]
"""The game of the path's ``game_id``, loaded and caught up."""


async def _seat(live: Live, token: Token, service: Service) -> int | None:
    return service.seat_of(live, token)


Seat = Annotated[int | None, Depends(_seat)]
"""The seat the request's token holds in that game (None: a spectator)."""


async def _player(seat: Seat) -> int:
    if seat is None:
        raise Forbidden("send the seat's token", ServerRefusal.TOKEN_NEEDED)
    return seat


Player = Annotated[int, Depends(_player)]
"""A seat, required: spectators are refused."""


async def _viewer(live: Live, seat: Seat, service: Service) -> int | None:
    service.check_watchable(live, seat)
    return seat


Viewer = Annotated[int | None, Depends(_viewer)]
"""A seat or a spectator allowed to see the game (a running challenge's game is hidden
from spectators)."""

LegalList = Annotated[str, Query(pattern="^(full|none)$")]
"""``full``: the answer lists the seat's legal actions; ``none``: it does not (smaller)."""
