"""What the server refuses, each refusal with its HTTP status, and how every error reaches a
client: ``{"detail": <one English line>, "code": <code>, "params": {...}}`` (and
``Retry-After`` where coming back later helps), the code one of those docs/api.md lists, so
a client says it in its own language; anything unexpected is logged and answered with a bare
500, so no trace ever reaches a client."""

from __future__ import annotations

import logging
import math
from collections.abc import Mapping
from typing import Any, ClassVar

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from sqlalchemy.exc import DBAPIError, InterfaceError, OperationalError, SQLAlchemyError
from sqlalchemy.exc import TimeoutError as PoolTimeout
from starlette.exceptions import HTTPException as StarletteHTTPException

from herotable.core.errors import HerotableError, ParamValue, RefusalCode
from herotable.server.refusals import ServerRefusal

log = logging.getLogger("herotable.server")
# For answers that hold a seat's token: no cache or proxy may keep them.
NO_STORE = "no-store"


class Refusal(HerotableError):
    """A request the server turns down; ``status`` is its HTTP status and ``retry_after``,
    when set, the seconds after which the same request may succeed."""

    status: ClassVar[int] = 422

    def __init__(self, message: str, code: RefusalCode | None = None,
                 params: Mapping[str, ParamValue] | None = None,
                 retry_after: float | None = None) -> None:
        super().__init__(message, code, params)
        self.retry_after = retry_after


class BadRequest(Refusal):
    """A request whose parameters make no sense for this game (a replay step past its end)."""

    default_code = ServerRefusal.BAD_REQUEST


class UnknownGame(Refusal):
    """No game has this id."""

    status = 404
    default_code = ServerRefusal.UNKNOWN_GAME


class UnknownLanguage(Refusal):
    """No message catalogue has this language."""

    status = 404
    default_code = ServerRefusal.UNKNOWN_LANGUAGE


class NotOffered(Refusal):
    """The game exists but offers no such thing (a card catalogue, a score preview)."""

    status = 404
    default_code = ServerRefusal.NOT_OFFERED


class Forbidden(Refusal):
    """The token holds no seat that may do this."""

    status = 403
    default_code = ServerRefusal.FORBIDDEN


class StaleSeq(Refusal):
    """The request's ``seq`` is behind what the seat must have seen: somebody acted first."""

    status = 409
    default_code = ServerRefusal.STALE_SEQ


class DamagedGame(Refusal):
    """The game's stored record does not replay: the fault is the server's, not the
    request's, and the game is kept apart while every other game is served."""

    status = 500
    default_code = ServerRefusal.DAMAGED_GAME


class Busy(Refusal):
    """Too many requests of this kind are waiting: come back after ``retry_after``."""

    status = 429
    default_code = ServerRefusal.BUSY


def status_of(exc: HerotableError) -> int:
    """The HTTP status of an error a client caused: a refusal's own, else 422 (a request
    the rules or the input checks refuse)."""
    return exc.status if isinstance(exc, Refusal) else 422


def refusal_body(exc: HerotableError) -> dict[str, Any]:
    return problem(str(exc), exc.code, exc.params)


def problem(detail: str, code: RefusalCode,
            params: Mapping[str, ParamValue] | None = None) -> dict[str, Any]:
    """An error's body: the English ``detail``, its ``code`` and the code's ``params``."""
    return {"detail": detail, "code": code.value, "params": dict(params or {})}


def retry_headers(seconds: float | None) -> dict[str, str]:
    """``Retry-After`` in whole seconds (at least one), or nothing."""
    return {} if seconds is None else {"Retry-After": str(max(1, math.ceil(seconds)))}


def first_problem(exc: RequestValidationError) -> str:
    """A malformed request's problems in one line, e.g. ``body.seq: Input should be greater
    than or equal to 0`` (every refusal's ``detail`` is a string). Two are shown, since a
    seat that is neither a person's nor a bot's fails both ways."""
    problems = [f"{'.'.join(str(p) for p in error.get('loc', ()))}: "
                f"{error.get('msg', 'invalid')}" for error in exc.errors()]
    more = f" (and {len(problems) - 2} more)" if len(problems) > 2 else ""
    return "; ".join(problems[:2]) + more if problems else "malformed request"


DATABASE_RETRY_SECONDS = 5


def is_outage(exc: BaseException) -> bool:
    """Whether a database error means the database cannot be reached now (down, restarting,
    the connection cut, SQLite busy, every pooled connection in use): worth trying again,
    unlike a bad statement."""
    return isinstance(exc, OperationalError | InterfaceError | PoolTimeout) or (
        isinstance(exc, DBAPIError) and exc.connection_invalidated)


def outage_line(exc: BaseException) -> str:
    """The first line of a database error, without the statement and its parameters."""
    original = getattr(exc, "orig", None) or exc
    text = str(original).strip().splitlines()
    return f"{type(original).__name__}: {text[0] if text else ''}"


def install_error_handlers(app: FastAPI) -> None:
    @app.exception_handler(SQLAlchemyError)
    async def database_failed(_request: Request, exc: SQLAlchemyError) -> JSONResponse:
        if not is_outage(exc):
            log.exception("unexpected database error", exc_info=exc)
            return JSONResponse(problem("internal server error", ServerRefusal.INTERNAL_ERROR),
                                status_code=500)
        log.warning("database unavailable: %s", outage_line(exc))
        return JSONResponse(problem("the database is not answering; try again shortly",
                                    ServerRefusal.DATABASE_UNAVAILABLE),
                            status_code=503, headers=retry_headers(DATABASE_RETRY_SECONDS))

    @app.exception_handler(HerotableError)
    async def refused(_request: Request, exc: HerotableError) -> JSONResponse:
        retry_after = exc.retry_after if isinstance(exc, Refusal) else None
        return JSONResponse(refusal_body(exc), status_code=status_of(exc),
                            headers=retry_headers(retry_after))

    @app.exception_handler(StarletteHTTPException)
    async def not_routed(_request: Request, exc: StarletteHTTPException) -> JSONResponse:
        # Addresses and methods the router does not know answer like every other error.
        code = {404: ServerRefusal.NO_SUCH_ADDRESS,
                405: ServerRefusal.METHOD_NOT_ALLOWED}.get(exc.status_code,
                                                          ServerRefusal.BAD_REQUEST)
        return JSONResponse(problem(str(exc.detail), code), status_code=exc.status_code,
                            headers=exc.headers)

    @app.exception_handler(RequestValidationError)
    async def malformed(_request: Request, exc: RequestValidationError) -> JSONResponse:
        return JSONResponse(problem(first_problem(exc), ServerRefusal.BAD_REQUEST),
                            status_code=422)

    @app.exception_handler(Exception)
    async def failed(_request: Request, exc: Exception) -> JSONResponse:
        log.exception("unexpected error", exc_info=exc)
        return JSONResponse(problem("internal server error", ServerRefusal.INTERNAL_ERROR),
                            status_code=500)
