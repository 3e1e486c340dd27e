"""Tutorials: a guided game the server sets up from its own definition (options a client may
not send, such as a fixed deck), and the script its page follows."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request, Response

from herotable.server.deps import Service
from herotable.server.errors import NO_STORE, NotOffered
from herotable.server.schemas import TutorialRequest, TutorialStarted
from herotable.server.service import GameRequest, SeatRequest
from herotable.tutorials import TUTORIALS, Tutorial

router = APIRouter(prefix="/api/tutorials", tags=["tutorials"])


def tutorial_of(game: str) -> Tutorial:
    tutorial = TUTORIALS.get(game)
    if tutorial is None:
        raise NotOffered(f"{game} has no tutorial", params={"game": game})
    return tutorial


@router.get("/{game}")
async def script(game: str) -> dict[str, Any]:
    """The tutorial's script: its steps, each with its trigger, text key and pointer."""
    return tutorial_of(game).to_json()


@router.post("/{game}", status_code=201)
async def start(game: str, body: TutorialRequest, request: Request, response: Response,
                service: Service) -> TutorialStarted:
    """A new tutorial game: the person holds seat 0 (the others are the script's bots)."""
    response.headers["Cache-Control"] = NO_STORE  # it holds the seat's token
    tutorial = tutorial_of(game)
    if not service.pack.has_tutorial(game):
        raise NotOffered("this tutorial follows a deal of the shipped data pack, and this "
                         "server plays its host's own", params={"game": game})
    seats = [SeatRequest(body.name, None, None),
             *(SeatRequest(None, bot, seconds) for bot, seconds in tutorial.bots)]
    live, tokens = await service.create(GameRequest(
        game, dict(tutorial.options), seats, tutorial.seed, listed=False, hints=False,
        tutorial=game))
    token = tokens[0]
    assert token is not None  # seat 0 is the person's
    return TutorialStarted(id=live.id, token=token,
                           url=f"{request.base_url}g/{live.id}#token={token}",
                           script=tutorial.to_json())
