"""What the worker processes run (:mod:`herotable.server.workers` schedules them): bot
moves, hints and parts of analyses, so a bot's search never holds up the event loop.

Moves and hints think to a wall-clock ``seconds`` (the time left of their budget when a
worker took them up); analyses spend counted work units, so they are the same every time.

A worker keeps the last game it saw for each game id and applies only the actions it has not
seen yet, so a bot playing a long game does not replay it from the start at every decision.
"""

from __future__ import annotations

from typing import Any

from herotable.bots.analysis import analyse
from herotable.bots.registry import make_bot
from herotable.bots.seeding import decision_seed
from herotable.core.game import ActionLog, Game
from herotable.registry import game_classes

_WORKER_GAMES: dict[str, Game[Any, Any, Any]] = {}
_WORKER_CACHE_SIZE = 32


def _worker_game(game_id: str, log: dict[str, Any]) -> Game[Any, Any, Any]:
    wanted = ActionLog.from_json(log)
    game = _WORKER_GAMES.get(game_id)
    seen = game.log.entries if game is not None else []
    if game is None or wanted.entries[:len(seen)] != seen or game.seed != wanted.seed:
        game = game_classes()[wanted.game].replay(wanted)
    else:
        for entry in wanted.entries[len(seen):]:
            game.apply(entry.player, entry.action)
    _WORKER_GAMES.pop(game_id, None)
    _WORKER_GAMES[game_id] = game
    while len(_WORKER_GAMES) > _WORKER_CACHE_SIZE:
        _WORKER_GAMES.pop(next(iter(_WORKER_GAMES)))
    return game


def warm_up() -> None:
    """What a new worker does as it starts: import every game's bots (and load the scoring
    kernel), which a bot move or a hint would otherwise do on first use."""
    for game in game_classes():
        make_bot(game, "strong")


def decide(game_id: str, log: dict[str, Any], seat: int, bot: str, *,
           seconds: float) -> str:
    """The bot's action (in notation) for ``seat`` in the game ``log`` rebuilds.

    The bot's seed is :func:`decision_seed` of the game's seed, the seat and the decision,
    as in ``herotable simulate``; its budget is wall-clock, so a bot that searches (``strong``)
    may move differently with the machine's load, while one that does not (``random``,
    ``greedy``) plays what ``herotable simulate`` plays from the game's seed."""
    game = _worker_game(game_id, log)
    seed = decision_seed(game.seed, seat, len(game.log.entries))
    player = make_bot(game.name, bot, seed=seed, seconds=seconds, wall_clock=True)
    view = game.view(seat)
    return str(player.decide(view, view.legal))


def hint(game_id: str, log: dict[str, Any], seat: int, *, seconds: float) -> dict[str, Any]:
    """The ``strong`` bot's choice for ``seat`` now, its value and the best few moves: the
    move a ``strong`` bot in that seat would be seeded to make (:func:`decision_seed`)."""
    game = _worker_game(game_id, log)
    seed = decision_seed(game.seed, seat, len(game.log.entries))
    view = game.view(seat)
    assessment = make_bot(game.name, "strong", seed=seed, seconds=seconds,
                          wall_clock=True).assess(
        view, view.legal)
    return {"action": str(view.legal[assessment.choice]),
            "value": round(assessment.value, 3), "unit": assessment.unit,
            "method": assessment.method,
            "options": [{"action": str(view.legal[index]), "value": round(value, 3)}
                        for index, value in assessment.ranking()[:HINT_OPTIONS]]}


HINT_OPTIONS = 3


def analyse_steps(log: dict[str, Any], seat: int, steps: list[int],
                  seconds: float | None) -> dict[str, Any]:
    """Part of a game's analysis (see :mod:`herotable.bots.analysis`), as JSON."""
    return analyse(log, seat, seconds=seconds, steps=steps).to_json()
