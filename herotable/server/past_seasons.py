"""A past season's score preview on the maps as they were when that season was scored.

The view previews any season on the maps as they are now, which is right for the season
being played and wrong for one already scored: its edicts lit the cells of that day, not
today's. The game keeps no old maps, but its log replays (the engines are pure): the game is
rebuilt action by action up to the one that scored the season, and previewed there.

That action also carries what follows the scoring at once: zombies spreading next to their
monster (an ambush's effect in the Heroes edition) are on the rebuilt map too."""

from __future__ import annotations

from typing import Any

from herotable.core.game import ActionLog, Game
from herotable.registry import game_classes
from herotable.server.live import LiveGame


def scored_so_far(game: Game[Any, Any, Any]) -> int:
    """How many seasons the game has scored (the same for every map)."""
    scores = getattr(game, "scores", None)
    return len(scores[0]) if scores else 0


def game_when_scored(live: LiveGame, season: int) -> Game[Any, Any, Any]:
    """The game right after the action that scored season ``season`` (already scored):
    replayed from the live game's own log, so it holds nothing the game did not."""
    log: ActionLog = live.game.log
    return game_classes()[log.game].replay(log, until=lambda game: scored_so_far(game) > season)
