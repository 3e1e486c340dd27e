"""Bots by name, so the CLI, the server and the simulator all say ``random``, ``greedy``,
``strong`` and mean the same players."""

from __future__ import annotations

from herotable.bots.base import Bot, BotError
from herotable.registry import game_names

_BOTS: dict[tuple[str, str], type[Bot]] = {}


def register(cls: type[Bot]) -> type[Bot]:
    games = game_names() if cls.game == "*" else [cls.game]
    for game in games:
        _BOTS[(game, cls.name)] = cls
    return cls


def _load_all() -> None:
    # The bot modules register themselves on import; importing them here keeps the registry
    # complete whichever module a caller imported first.
    import herotable.bots.cartographers
    import herotable.bots.dominaria
    import herotable.bots.random_bot  # noqa: F401


def bot_names(game: str, measuring: bool = False) -> list[str]:
    """The bots that play ``game``, weakest first; with ``measuring``, the measuring bots
    too (:class:`~herotable.bots.base.MeasuringBot`: never offered to a player)."""
    _load_all()
    order = {"random": 0, "greedy": 1, "strong": 2}
    names = [name for (g, name), cls in _BOTS.items()
             if g == game and (measuring or not cls.measuring)]
    return sorted(names, key=lambda n: (order.get(n, 9), n))


def make_bot(game: str, name: str, seed: int = 0, seconds: float | None = None,
             wall_clock: bool = False, measuring: bool = False) -> Bot:
    """A fresh bot; an unknown game or name is a :class:`BotError` listing the known ones.

    A measuring bot (one that reads the true future) is made only with ``measuring=True``,
    which ``herotable simulate`` and ``herotable bench`` pass and nothing a player reaches
    does; asked for one without it, the error says what it is and where it runs."""
    _load_all()
    if game not in game_names():
        raise BotError(f"unknown game {game!r}; known: {', '.join(game_names())}")
    cls = _BOTS.get((game, name))
    if cls is None:
        raise BotError(f"no bot {name!r} for {game}; known: "
                       f"{', '.join(bot_names(game, measuring))}")
    if cls.measuring and not measuring:
        raise BotError(f"the {name} bot reads the hidden deck order: it is a measuring stick "
                       "for `herotable simulate` and `herotable bench`, never a player; "
                       f"players for {game}: {', '.join(bot_names(game))}")
    return cls(seed=seed, seconds=seconds, wall_clock=wall_clock)

