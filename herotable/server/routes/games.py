"""Games: creating and listing them, a seat's object, acting, the live score preview,
stepping away and back, and a finished game's log and replay."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Query, Request, Response

from herotable.server.deps import LegalList, Live, Player, Seat, Service, Viewer
from herotable.server.errors import NO_STORE, Forbidden, NotOffered
from herotable.server.live import LiveGame
from herotable.server.past_seasons import game_when_scored, scored_so_far
from herotable.server.refusals import ServerRefusal
from herotable.server.schemas import (
    ActionRequest,
    GameCreated,
    GameState,
    ListedGameOut,
    ListedSeat,
    NewGame,
    PersonSeat,
    SeatCreated,
    UndoRequest,
)
from herotable.server.service import GameRequest, SeatRequest
from herotable.server.wire import given_name, replay_object

router = APIRouter(prefix="/api/games", tags=["games"])


@router.post("", status_code=201)
async def create(body: NewGame, request: Request, response: Response,
                 service: Service) -> GameCreated:
    response.headers["Cache-Control"] = NO_STORE  # it holds the seats' tokens
    seats = [SeatRequest(s.name, None, None) if isinstance(s, PersonSeat)
             else SeatRequest(s.name, s.bot, s.seconds) for s in body.seats]
    live, tokens = await service.create(GameRequest(
        body.game, body.options, seats, body.seed, body.listed, body.hints))
    return created(live, tokens, request)


@router.get("")
async def listed(service: Service) -> list[ListedGameOut]:
    """Listed games, newest first: games to watch."""
    rows = await service.listed()
    return [ListedGameOut(id=g.id, game=g.game,
                          seats=[ListedSeat(name=given_name(name, bot), bot=bot)
                                 for name, bot in g.seats],
                          seq=g.seq, over=g.over, created=g.created) for g in rows]


@router.get("/{game_id}", response_model=GameState)
async def get_game(live: Live, seat: Viewer, service: Service,
                   legal: LegalList = "full") -> Response:
    return game_answer(service.state_text(live, seat, legal == "full"))


@router.post("/{game_id}/actions", response_model=GameState)
async def act(live: Live, seat: Seat, body: ActionRequest, service: Service,
              legal: LegalList = "full") -> Response:
    await service.act(live, seat, body.seq, body.action)
    await service.bots.wait(live)
    return game_answer(service.state_text(live, seat, legal == "full"))


@router.post("/{game_id}/undo", response_model=GameState)
async def undo(live: Live, seat: Seat, body: UndoRequest, service: Service,
               legal: LegalList = "full") -> Response:
    """Take back the seat's last action while the rules allow it (the object's ``undo``)."""
    await service.undo(live, seat, body.seq)
    return game_answer(service.state_text(live, seat, legal == "full"))


@router.get("/{game_id}/preview")
async def preview(live: Live, seat: Viewer,
                  action: Annotated[str | None, Query(max_length=2000)] = None,
                  season: Annotated[int | None, Query(ge=0, le=3)] = None,
                  sheet: Annotated[int | None, Query(ge=0, le=99)] = None,
                  ) -> dict[str, Any]:
    """What a map would score if the season ended now (after ``action``, one of the
    seat's legal actions), with the cells that score: the seat's decision's map, or
    ``sheet``; ``season`` for another season's edicts. A season already scored is
    previewed on the maps as they were when it was scored (no ``action`` then)."""
    view = live.game.view(seat)
    if not hasattr(view, "preview"):
        raise NotOffered(f"{live.row.game} has no score preview", params={"game": live.row.game})
    if action is None and season is not None and season < scored_so_far(live.game):
        view = game_when_scored(live, season).view(seat)
    result: dict[str, Any] = view.preview(action, season, sheet).to_json()
    return result


@router.post("/{game_id}/leave", response_model=GameState)
async def leave(live: Live, seat: Player, service: Service) -> Response:
    """The seat steps away (the others see it); its token brings it back."""
    await service.set_left(live, seat, True)
    return game_answer(service.state_text(live, seat))


@router.post("/{game_id}/rejoin", response_model=GameState)
async def rejoin(live: Live, seat: Player, service: Service) -> Response:
    await service.set_left(live, seat, False)
    return game_answer(service.state_text(live, seat))


@router.get("/{game_id}/log")
async def game_log(live: Live, service: Service) -> dict[str, Any]:
    """The action log (config, seed, actions) once the game is over, to replay."""
    if not live.game.is_over:
        raise Forbidden("the log is shared once the game is over", ServerRefusal.NOT_OVER)
    service.check_watchable(live, None)  # its seed would give a running challenge away
    return live.game.log.to_json()


@router.get("/{game_id}/replay/{step}")
async def replay(live: Live, step: int, service: Service) -> GameState:
    """The public object after ``step`` actions of a finished game."""
    service.check_watchable(live, None)
    return GameState.model_validate(replay_object(live, step))


def game_answer(text: str) -> Response:
    """The game object, sent as the JSON text the service built (and shares with the
    WebSocket pushes) rather than validated and encoded again."""
    return Response(text, media_type="application/json")


def created(live: LiveGame, tokens: list[str | None], request: Request) -> GameCreated:
    """The answer to a new game: each seat, with its token and invitation link."""
    base = str(request.base_url)
    return GameCreated(id=live.id, seats=[
        SeatCreated(seat=s.seat, name=given_name(s.name, s.bot), bot=s.bot, token=token,
                    url=f"{base}g/{live.id}#token={token}" if token else None)
        for s, token in zip(live.seats, tokens, strict=True)])
