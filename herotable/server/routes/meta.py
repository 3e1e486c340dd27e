"""What the server offers: its health, the games with their options and bots, the languages
of the web client, and each game's card catalogue."""

from __future__ import annotations

import functools
import json
from typing import Annotated, Any

from fastapi import APIRouter, Path
from fastapi.responses import JSONResponse

from herotable.bots.registry import bot_names
from herotable.registry import game_info, games
from herotable.server.deps import Analysts, Service
from herotable.server.errors import DATABASE_RETRY_SECONDS, UnknownGame, retry_headers
from herotable.server.schemas import GAME_NAMES, Health
from herotable.server.static import WEB

router = APIRouter(prefix="/api", tags=["server"])


@router.get("/health")
async def health(service: Service) -> Health:
    """The server answers (``ok``), and whether its database does."""
    return Health(ok=True, database=await service.database_answers())


@router.get("/ready", responses={503: {"model": Health}})
async def ready(service: Service) -> JSONResponse:
    """For a load balancer: 200 while this process can serve games (its database answers
    and it is not stopping), else 503."""
    database = await service.database_answers()
    serving = database and not service.draining
    return JSONResponse(Health(ok=serving, database=database).model_dump(),
                        status_code=200 if serving else 503,
                        headers={} if serving else retry_headers(DATABASE_RETRY_SECONDS))


@router.get("/stats")
async def stats(service: Service, analyst: Analysts) -> dict[str, Any]:
    """This process's figures, for a host to watch (docs/web.md, "What to watch")."""
    return {"process": service.relay.process,
            "games_in_memory": len(service.live),
            "watchers": sum(len(group) for group in service.hub.watchers.values()),
            "bot_moves_thought": service.bots.moves_thought,
            "bots": service.bots.pool.load(),
            "analyses": analyst.pool.load(),
            "draining": service.draining}


@router.get("/meta")
async def meta() -> dict[str, Any]:
    """The games, their options (those a server accepts), bots and the languages."""
    described = []
    for info in games():
        data = info.to_json()
        data["options"] = [o for o in data["options"] if not o["local_only"]]
        data["bots"] = bot_names(info.name)
        described.append(data)
    return {"games": described, **_languages()}


@router.get("/catalog/{game}")
async def catalog(game: Annotated[str, Path(json_schema_extra=GAME_NAMES)]) -> dict[str, Any]:
    """Everything a client needs to draw and name the game's cards (the same for every
    game of it, so clients cache it)."""
    info = game_info(game)
    if info.catalog is None:
        raise UnknownGame(f"{info.title} has no card catalogue yet")
    return _catalog(info.name)


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
