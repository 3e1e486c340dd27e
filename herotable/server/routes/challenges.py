"""The challenge routes: what runs now, an attempt, a game played elsewhere, leaderboards and
the finished maps."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request, Response

from herotable.server.challenges import challenge_by_key
from herotable.server.deps import Desk, Token
from herotable.server.errors import NO_STORE
from herotable.server.schemas import (
    ChallengeAttempt,
    ChallengeStarted,
    ChallengeSubmission,
    GameState,
)

router = APIRouter(prefix="/api/challenges", tags=["challenges"])


@router.get("/{kind}")
async def running(kind: str, desk: Desk) -> dict[str, Any]:
    """The challenge of ``kind`` (daily, weekly) running now, the one before it, and
    every past one that has entries."""
    challenge = desk.now_running(kind)
    return {"now": await desk.describe(challenge),
            "before": await desk.describe(challenge.previous()),
            "played": await desk.played(kind)}


@router.post("/{kind}/play", status_code=201)
async def play(kind: str, body: ChallengeAttempt, request: Request, response: Response,
               desk: Desk) -> ChallengeStarted:
    """Start this name's and this browser's one attempt at the running challenge."""
    response.headers["Cache-Control"] = NO_STORE  # it holds the seat's token
    live, token = await desk.play(kind, body.name, body.browser)
    return ChallengeStarted(id=live.id, token=token,
                            url=f"{request.base_url}g/{live.id}#token={token}")


@router.post("/{kind}/{key}/entries", status_code=201)
async def submit(kind: str, key: str, body: ChallengeSubmission, desk: Desk) -> GameState:
    """Enter a whole game played elsewhere: it counts only if replaying it on the server
    gives a finished game of this challenge's deal."""
    live = await desk.submit(kind, key, body.name, body.browser, body.log)
    return GameState.model_validate(desk.service.state(live, None))


@router.get("/{kind}/{key}")
async def leaderboard(kind: str, key: str, desk: Desk) -> dict[str, Any]:
    challenge = challenge_by_key(kind, key)
    return {"challenge": await desk.describe(challenge),
            "entries": await desk.leaderboard(challenge)}


@router.get("/{kind}/{key}/games/{game_id}")
async def finished(kind: str, key: str, game_id: str, token: Token, desk: Desk) -> GameState:
    """A finished attempt's map: send your own attempt's token while the challenge
    runs (you must have finished), or nothing once it is over."""
    challenge = challenge_by_key(kind, key)
    return GameState.model_validate(await desk.finished_game(challenge, game_id, token))
