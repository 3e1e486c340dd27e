"""The FastAPI application: the JSON API of DESIGN.md ("The web API"), the WebSocket, and
the static web client.

Routes stay thin: they read the request, ask :class:`GameService`, and shape the answer.
Every error a client can cause is a :class:`HerotableError` that maps to a status code with a
one-line ``detail``; anything else is logged and answered with a bare 500 (no trace ever
reaches a client).
"""

from __future__ import annotations

import asyncio
import functools
import json
import logging
import time
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path as FilePath
from typing import Annotated, Any

from fastapi import (
    FastAPI,
    Path,
    Query,
    Request,
    WebSocket,
    WebSocketDisconnect,
)
from fastapi.exceptions import RequestValidationError
from fastapi.responses import FileResponse, JSONResponse
from fastapi.staticfiles import StaticFiles
from pydantic import BaseModel, ConfigDict, Field, ValidationError

from herotable.bots.registry import bot_names
from herotable.core.errors import HerotableError, IllegalAction
from herotable.registry import game_info, games
from herotable.server.analyst import Analyst
from herotable.server.auth import Token
from herotable.server.challenge_desk import ChallengeDesk
from herotable.server.challenge_routes import challenge_routes
from herotable.server.challenges import UnknownChallenge
from herotable.server.db import make_engine, migrate
from herotable.server.guards import Guard, RateLimiter
from herotable.server.hub import Hub, Watcher
from herotable.server.schemas import (
    GAME_NAMES,
    ActionRequest,
    AnalysisRequest,
    AnalysisState,
    GameCreated,
    GameState,
    Health,
    Hint,
    ListedGameOut,
    NewGame,
    PersonSeat,
    Problem,
    SeatCreated,
)
from herotable.server.service import (
    Forbidden,
    GameRequest,
    GameService,
    LiveGame,
    SeatRequest,
    StaleSeq,
    UnknownGame,
)
from herotable.server.settings import Settings
from herotable.server.store import AttemptTaken, Store

log = logging.getLogger("herotable.server")

WEB = FilePath(__file__).resolve().parent.parent / "web" / "static"
STATUS = {UnknownGame: 404, UnknownChallenge: 404, Forbidden: 403, StaleSeq: 409,
          AttemptTaken: 409}
ERRORS: dict[int | str, dict[str, Any]] = {
    code: {"model": Problem} for code in (400, 403, 404, 409, 413, 422, 429)}
FIRST_MESSAGE_SECONDS = 10.0
MESSAGES_PER_SECOND = 20  # after the first, a client has no reason to send many


class Hello(BaseModel):
    """A WebSocket's first message: the seat's token, or none to watch."""

    model_config = ConfigDict(extra="forbid")
    token: str | None = Field(None, max_length=200)
    legal: str = Field("full", pattern="^(full|none)$")




def create_app(settings: Settings | None = None) -> FastAPI:
    settings = settings or Settings()
    engine = make_engine(settings.database_url)
    migrate(engine)
    hub = Hub()
    service = GameService(settings, Store(engine), hub)
    analyst = Analyst(service)

    @asynccontextmanager
    async def lifespan(_app: FastAPI) -> AsyncIterator[None]:
        await service.resume()
        await analyst.resume()
        yield
        analyst.close()
        service.close()
        engine.dispose()

    app = FastAPI(title="herotable", lifespan=lifespan, responses=ERRORS)
    app.state.service = service
    app.add_middleware(Guard, max_body=settings.max_body_bytes,
                       limiter=RateLimiter(settings.rate_burst, settings.rate_per_second))

    @app.exception_handler(HerotableError)
    async def refused(_request: Request, exc: HerotableError) -> JSONResponse:
        body: dict[str, Any] = {"detail": str(exc)}
        if isinstance(exc, IllegalAction):
            body["rule"] = exc.rule
        return JSONResponse(body, status_code=STATUS.get(type(exc), 422))

    @app.exception_handler(RequestValidationError)
    async def malformed(_request: Request, exc: RequestValidationError) -> JSONResponse:
        return JSONResponse({"detail": _first_problem(exc)}, status_code=422)

    @app.exception_handler(Exception)
    async def failed(_request: Request, exc: Exception) -> JSONResponse:
        log.exception("unexpected error", exc_info=exc)
        return JSONResponse({"detail": "internal server error"}, status_code=500)

    # ------------------------------------------------------------------ the API

    @app.get("/api/health")
    async def health() -> Health:
        return Health(ok=True)

    @app.get("/api/meta")
    async def meta() -> dict[str, Any]:
        """The games, their options (those a server accepts), bots and the languages."""
        described = []
        for info in games():
            data = info.to_json()
            data["options"] = [o for o in data["options"] if not o["local_only"]]
            data["bots"] = bot_names(info.name)
            described.append(data)
        return {"games": described, **_languages()}

    @app.get("/api/catalog/{game}")
    async def catalog(game: Annotated[str, Path(json_schema_extra=GAME_NAMES)],
                      ) -> dict[str, Any]:
        """Everything a client needs to draw and name the game's cards (the same for every
        game of it, so clients cache it)."""
        info = game_info(game)
        if info.catalog is None:
            raise UnknownGame(f"{info.title} has no card catalogue yet")
        return _catalog(info.name)

    @app.post("/api/games", status_code=201)
    async def create(body: NewGame, request: Request) -> GameCreated:
        seats = [SeatRequest(s.name, None, None) if isinstance(s, PersonSeat)
                 else SeatRequest(s.name, s.bot, s.seconds) for s in body.seats]
        live, tokens = await service.create(GameRequest(
            body.game, body.options, seats, body.seed, body.listed, body.hints))
        return created(live, tokens, request)

    @app.get("/api/games")
    async def listed() -> list[ListedGameOut]:
        """Listed games, newest first: games to watch."""
        rows = await service.listed()
        return [ListedGameOut(id=g.id, game=g.game, seats=list(g.names), seq=g.seq,
                              over=g.over, created=g.created) for g in rows]

    @app.get("/api/games/{game_id}")
    async def get_game(game_id: str, token: Token,
                       legal: Annotated[str, Query(pattern="^(full|none)$")] = "full",
                       ) -> GameState:
        live = await service.get(game_id)
        seat = service.seat_of(live, token)
        service.check_watchable(live, seat)
        return GameState.model_validate(service.state(live, seat, legal == "full"))

    @app.post("/api/games/{game_id}/actions")
    async def act(game_id: str, body: ActionRequest, token: Token,
                  legal: Annotated[str, Query(pattern="^(full|none)$")] = "full",
                  ) -> GameState:
        live = await service.get(game_id)
        seat = service.seat_of(live, token)
        await service.act(live, seat, body.seq, body.action)
        await service.wait_for_bots(live)
        return GameState.model_validate(service.state(live, seat, legal == "full"))

    @app.get("/api/games/{game_id}/preview")
    async def preview(game_id: str, token: Token,
                      action: Annotated[str | None, Query(max_length=2000)] = None,
                      season: Annotated[int | None, Query(ge=0, le=3)] = None,
                      sheet: Annotated[int | None, Query(ge=0, le=99)] = None,
                      ) -> dict[str, Any]:
        """What a map would score if the season ended now (after ``action``, one of the
        seat's legal actions), with the cells that score: the seat's decision's map, or
        ``sheet``; ``season`` for another season's edicts."""
        live = await service.get(game_id)
        seat = service.seat_of(live, token)
        service.check_watchable(live, seat)
        view = live.game.view(seat)
        if not hasattr(view, "preview"):
            raise UnknownGame(f"{live.row.game} has no score preview")
        result: dict[str, Any] = view.preview(action, season, sheet).to_json()
        return result

    async def presence(game_id: str, token: str | None, left: bool) -> GameState:
        live = await service.get(game_id)
        seat = _seat(service, live, token)
        await service.set_left(live, seat, left)
        return GameState.model_validate(service.state(live, seat))

    @app.post("/api/games/{game_id}/leave")
    async def leave(game_id: str, token: Token) -> GameState:
        """The seat steps away (the others see it); its token brings it back."""
        return await presence(game_id, token, True)

    @app.post("/api/games/{game_id}/rejoin")
    async def rejoin(game_id: str, token: Token) -> GameState:
        return await presence(game_id, token, False)

    @app.post("/api/games/{game_id}/hint")
    async def hint(game_id: str, token: Token) -> Hint:
        """The strong bot's choice for the seat's decision now, with what it expects of it
        and of its next best moves (where the game allows hints)."""
        live = await service.get(game_id)
        return Hint.model_validate(await service.hint(live, _seat(service, live, token)))

    @app.post("/api/games/{game_id}/analysis", status_code=202)
    async def analyse(game_id: str, body: AnalysisRequest) -> AnalysisState:
        """Start the analysis of a seat's play in a finished game (computed once)."""
        live = await service.get(game_id)
        return AnalysisState.model_validate(await analyst.start(live, body.seat))

    @app.get("/api/games/{game_id}/analysis")
    async def analysis(game_id: str, seat: Annotated[int, Query(ge=0, le=99)]
                       ) -> AnalysisState:
        """The analysis of a seat: none, running (with its progress), done or failed."""
        live = await service.get(game_id)
        service.check_watchable(live, None)
        return AnalysisState.model_validate(await analyst.status(live.id, seat))

    @app.get("/api/games/{game_id}/log")
    async def game_log(game_id: str) -> dict[str, Any]:
        """The action log (config, seed, actions) once the game is over, to replay."""
        live = await service.get(game_id)
        if not live.game.is_over:
            raise Forbidden("the log is shared once the game is over")
        service.check_watchable(live, None)  # its seed would give a running challenge away
        return live.game.log.to_json()

    @app.get("/api/games/{game_id}/replay/{step}")
    async def replay(game_id: str, step: int) -> GameState:
        """The public object after ``step`` actions of a finished game."""
        live = await service.get(game_id)
        service.check_watchable(live, None)
        return GameState.model_validate(service.replay_state(live, step))

    @app.websocket("/api/games/{game_id}/ws")
    async def watch(socket: WebSocket, game_id: str) -> None:
        await socket.accept()
        try:
            hello = Hello.model_validate(json.loads(await asyncio.wait_for(
                _small_text(socket, settings.max_ws_message_bytes), FIRST_MESSAGE_SECONDS)))
            live = await service.get(game_id)
            seat = service.seat_of(live, hello.token)
            service.check_watchable(live, seat)
        except (TimeoutError, ValueError, ValidationError, HerotableError) as exc:
            await _refuse(socket, exc)
            return
        except WebSocketDisconnect:
            return
        watcher = Watcher(socket, seat, hello.legal == "full")
        hub.join(game_id, watcher)
        try:
            await socket.send_text(json.dumps(service.state(live, seat, watcher.with_legal),
                                              separators=(",", ":")))
            await service.publish(live)  # the others see this seat present
            window, count = time.monotonic(), 0
            while True:  # clients need not send more; what they do send is checked
                await _small_text(socket, settings.max_ws_message_bytes)
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
            hub.leave(game_id, watcher)
            await service.publish(live)

    app.include_router(challenge_routes(ChallengeDesk(service)))

    # ------------------------------------------------------------------ the web client

    if WEB.is_dir():
        app.mount("/static", StaticFiles(directory=WEB), name="static")

        @app.get("/", include_in_schema=False)
        @app.get("/g/{game_id}", include_in_schema=False)
        @app.get("/daily", include_in_schema=False)
        @app.get("/weekly", include_in_schema=False)
        @app.get("/daily/{key}", include_in_schema=False)
        @app.get("/weekly/{key}", include_in_schema=False)
        @app.get("/daily/{key}/g/{game_id}", include_in_schema=False)
        @app.get("/weekly/{key}/g/{game_id}", include_in_schema=False)
        async def page(game_id: str | None = None, key: str | None = None) -> FileResponse:
            return FileResponse(WEB / "index.html")

    return app


def _languages() -> dict[str, Any]:
    """The web client's languages: one message catalogue per file in i18n/ (its name is the
    language code), each naming its own language under ``language.name``. Read on every
    request (two small files), so a catalogue dropped in shows without a restart."""
    languages: list[str] = []
    names: dict[str, str] = {}
    for path in sorted((WEB / "i18n").glob("*.json")):
        languages.append(path.stem)
        try:
            names[path.stem] = json.loads(path.read_text("utf-8"))["language"]["name"]
        except (ValueError, KeyError, TypeError):
            names[path.stem] = path.stem
    return {"languages": languages, "language_names": names}


@functools.cache
def _catalog(game: str) -> dict[str, Any]:
    catalog = game_info(game).catalog
    assert catalog is not None
    return catalog()


def created(live: LiveGame, tokens: list[str | None], request: Request) -> GameCreated:
    """The answer to a new game: each seat, with its token and invitation link."""
    base = str(request.base_url)
    return GameCreated(id=live.id, seats=[
        SeatCreated(seat=s.seat, name=s.name, bot=s.bot, token=token,
                    url=f"{base}g/{live.id}#token={token}" if token else None)
        for s, token in zip(live.seats, tokens, strict=True)])


def _first_problem(exc: RequestValidationError) -> str:
    """A malformed request's problems in one line, e.g. ``body.seq: Input should be greater
    than or equal to 0`` (every refusal's ``detail`` is a string). Two are shown, since a
    seat that is neither a person's nor a bot's fails both ways."""
    problems = [f"{'.'.join(str(p) for p in error.get('loc', ()))}: "
                f"{error.get('msg', 'invalid')}" for error in exc.errors()]
    more = f" (and {len(problems) - 2} more)" if len(problems) > 2 else ""
    return "; ".join(problems[:2]) + more if problems else "malformed request"


def _seat(service: GameService, live: LiveGame, token: str | None) -> int:
    seat = service.seat_of(live, token)
    if seat is None:
        raise Forbidden("send the seat's token")
    return seat


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
