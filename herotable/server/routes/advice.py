"""The strong bot's advice: a hint for a seat's decision now, and the analysis of a seat's
play in a finished game."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Query

from herotable.server.deps import Analysts, Live, Player, Seat, Service
from herotable.server.schemas import AnalysisRequest, AnalysisState, Hint

router = APIRouter(prefix="/api/games/{game_id}", tags=["advice"])


@router.post("/hint")
async def hint(live: Live, seat: Player, service: Service) -> Hint:
    """The strong bot's choice for the seat's decision now, with what it expects of it
    and of its next best moves (where the game allows hints)."""
    return Hint.model_validate(await service.bots.hint(live, seat))


@router.post("/analysis", status_code=202)
async def analyse(live: Live, asker: Player, body: AnalysisRequest, service: Service,
                  analyst: Analysts) -> AnalysisState:
    """Start the analysis of a seat's play in a finished game (computed once): any seat of
    the game may ask, for any seat; spectators read it once started."""
    service.check_watchable(live, asker)
    return AnalysisState.model_validate(await analyst.start(live, body.seat))


@router.get("/analysis")
async def analysis(live: Live, seat: Annotated[int, Query(ge=0, le=99)], service: Service,
                   analyst: Analysts, asker: Seat) -> AnalysisState:
    """The analysis of a seat: none, running (with its progress), done or failed. A
    running challenge's attempt shows its analysis to its own player (the token), who has
    finished it, and to nobody else until the challenge is over."""
    service.check_watchable(live, asker)
    return AnalysisState.model_validate(await analyst.status(live.id, seat))
