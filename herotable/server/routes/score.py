"""Scoring a map played on paper: stateless, no game and no database, the engine's own
scoring (herotable.cartographers.paper_score)."""

from __future__ import annotations

from fastapi import APIRouter

from herotable.cartographers.paper_score import Snapshot, score_paper
from herotable.server.errors import BadRequest
from herotable.server.schemas import ScoreAnswer, ScoreRequest

router = APIRouter(prefix="/api", tags=["score"])


@router.post("/score")
async def score(body: ScoreRequest) -> ScoreAnswer:
    """Every season's edicts (stars and the cells that earned them), coins, monster penalty
    and total on a paper map; solo, the par, rating and title. A map its side or an earlier
    season rules out is refused with the code saying why."""
    if (body.map is None) == (body.seasons is None):
        raise BadRequest("give either map (with coins) or seasons, not both or neither")
    if body.seasons is not None:
        snapshots = [s.snapshot() for s in body.seasons]
    else:
        assert body.map is not None
        snapshots = [Snapshot(body.map, body.coins)]
    result = score_paper(body.side, snapshots, body.cards, solo=body.solo)
    return ScoreAnswer.model_validate(result.to_json())
