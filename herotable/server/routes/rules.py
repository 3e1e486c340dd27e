"""Each game's rules reference in each language (herotable/rulebook): what the page's rules
panel shows and searches."""

from __future__ import annotations

import functools
from typing import Annotated, Any

from fastapi import APIRouter, Path

from herotable import messages, rulebook
from herotable.registry import game_info
from herotable.server.errors import NotOffered, UnknownLanguage
from herotable.server.schemas import GAME_NAMES

router = APIRouter(prefix="/api", tags=["server"])


@router.get("/rules/{game}/{language}")
async def rules(game: Annotated[str, Path(json_schema_extra=GAME_NAMES)],
                language: str) -> dict[str, Any]:
    """The game's rules reference in ``language``: its sections, then every entry in
    reading order (the same for every game of it, so clients cache it)."""
    info = game_info(game)
    if info.name not in rulebook.games():
        raise NotOffered(f"{info.title} has no rules reference yet", params={"game": info.name})
    if messages.catalogue_path(language) is None:
        raise UnknownLanguage(f"there is no catalogue for {language!r}")
    return _reference(info.name, language)


@functools.cache
def _reference(game: str, language: str) -> dict[str, Any]:
    return rulebook.reference_json(game, language)
