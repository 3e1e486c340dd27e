"""The FastAPI application: the JSON API of DESIGN.md ("The web API"), the WebSocket, and
the static web client.

Routes stay thin (one module per resource in :mod:`herotable.server.routes`): they read the
request, ask :class:`GameService`, and shape the answer. Every error a client can cause is
a :class:`HerotableError` whose status :mod:`herotable.server.errors` knows.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any

from fastapi import FastAPI
from sqlalchemy.exc import SQLAlchemyError
from starlette.middleware.gzip import GZipMiddleware

from herotable.server.analyst import Analyst
from herotable.server.challenge_desk import ChallengeDesk
from herotable.server.db import make_engine, migrate
from herotable.server.errors import install_error_handlers, outage_line
from herotable.server.guards import Guard, RateLimiter
from herotable.server.hub import Hub
from herotable.server.routes import (
    advice,
    challenges,
    docs,
    games,
    meta,
    qr,
    rules,
    score,
    tables,
    tutorials,
    watch,
)
from herotable.server.schemas import Problem
from herotable.server.service import GameService
from herotable.server.settings import Settings
from herotable.server.static import mount_web_client
from herotable.server.store import Store
from herotable.server.tables import TableDesk

log = logging.getLogger("herotable.server")
# Smaller answers are sent as they are: compressing them saves less than it costs.
GZIP_MINIMUM_BYTES = 1024
ERRORS: dict[int | str, dict[str, Any]] = {
    code: {"model": Problem} for code in (400, 403, 404, 409, 413, 422, 429, 500, 503)}


async def _resume(service: GameService, analyst: Analyst) -> None:
    try:
        await service.resume()
        await analyst.resume()
    except SQLAlchemyError as exc:  # the database is away: games wake as they are opened
        log.warning("games not resumed at start: %s", outage_line(exc))


def create_app(settings: Settings | None = None) -> FastAPI:
    settings = settings or Settings()
    engine = make_engine(settings.database_url)
    migrate(engine)
    service = GameService(settings, Store(engine), Hub(settings.watchers_per_game))
    analyst = Analyst(service)

    @asynccontextmanager
    async def lifespan(_app: FastAPI) -> AsyncIterator[None]:
        # In the background: a server with many games to wake answers at once, and a game
        # that cannot be woken (damaged, or the database away) stops nothing.
        await service.start()
        resuming = asyncio.create_task(_resume(service, analyst))
        yield
        resuming.cancel()
        analyst.close()
        await service.close()
        engine.dispose()

    app = FastAPI(title="herotable", lifespan=lifespan, responses=ERRORS, docs_url=None,
                  redoc_url=None)
    app.state.service = service
    app.state.analyst = analyst
    app.state.desk = ChallengeDesk(service)
    app.state.tables = TableDesk(service)
    # Static files and JSON answers go compressed to a client that asks (Accept-Encoding):
    # the page's first load is about a third of its size so. Added first, it runs inside the
    # Guard, which refuses before anything is compressed; WebSockets pass through it as is.
    # zlib's default level: 9 costs more time on every answer for a few bytes less.
    app.add_middleware(GZipMiddleware, minimum_size=GZIP_MINIMUM_BYTES, compresslevel=6)
    app.add_middleware(Guard, max_body=settings.max_body_bytes,
                       limiter=RateLimiter(settings.rate_burst, settings.rate_per_second))
    install_error_handlers(app)
    for module in (meta, games, advice, challenges, tutorials, watch, tables, rules, qr, score,
                   docs):
        app.include_router(module.router)
    mount_web_client(app)
    return app
