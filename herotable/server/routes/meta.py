"""What the server offers: its health, the games with their options and bots, the languages
with their message catalogues, and each game's card catalogue."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Path
from fastapi.responses import FileResponse, JSONResponse

from herotable import messages
from herotable.bots.registry import bot_names
from herotable.registry import game_info, games
from herotable.server.deps import Analysts, Service
from herotable.server.errors import (
    DATABASE_RETRY_SECONDS,
    NotOffered,
    UnknownLanguage,
    retry_headers,
)
from herotable.server.schemas import GAME_NAMES, Health
from herotable.tutorials import TUTORIALS

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
async def meta(service: Service) -> dict[str, Any]:
    """The games, their options (those a server accepts), bots, whether each has a
    tutorial (here: a server playing its host's own Dominaria pack offers none for it), and
    the languages."""
    described = []
    for info in games():
        data = info.to_json()
        data["options"] = [o for o in data["options"] if not o["local_only"]]
        data["bots"] = bot_names(info.name)
        # POST /api/tutorials/{game} starts one.
        data["tutorial"] = info.name in TUTORIALS and service.pack.has_tutorial(info.name)
        described.append(data)
    return {"games": described, **_languages()}


@router.get("/catalog/{game}")
async def catalog(game: Annotated[str, Path(json_schema_extra=GAME_NAMES)],
                  service: Service) -> dict[str, Any]:
    """Everything a client needs to draw and name the game's cards (the same for every
    game of it on this server, so clients cache it): for Heroes of Dominaria, the data
    pack the server plays (``pack.host``: its host's own)."""
    info = game_info(game)
    if info.catalog is None:
        raise NotOffered(f"{info.title} has no card catalogue yet", params={"game": info.name})
    return service.pack.catalog(info.name)


@router.get("/messages/{language}", response_class=FileResponse)
async def catalogue(language: str) -> FileResponse:
    """The message catalogue of ``language`` (one of ``languages`` in ``/api/meta``): every
    text the page shows, refusals by their code included. The page loads only its own."""
    path = messages.catalogue_path(language)
    if path is None:
        raise UnknownLanguage(f"there is no catalogue for {language!r}")
    return FileResponse(path, media_type="application/json")


def _languages() -> dict[str, Any]:
    """The languages with a message catalogue (herotable/messages), each named in its own
    language."""
    languages = messages.languages()
    return {"languages": languages,
            "language_names": {code: messages.language_name(code) for code in languages}}

