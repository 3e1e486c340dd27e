"""The games herotable plays, by name: one entry point for every front end.

>>> import herotable
>>> game = herotable.new_game("cartographers", seed=7, players=2, preset="heroes")
>>> [info.name for info in herotable.games()]
['cartographers', 'dominaria']

Each game package describes itself in its ``options`` module (its :class:`GameInfo`: its
title, its engine class, the options it takes and how they make a config), built from
``herotable.core`` alone; adding a game is one package and one line in :data:`GAMES`. The
command line, the simulator, the server, save files and the bots all look games up here, so
they take the same options with the same names.
"""

from __future__ import annotations

import json
from typing import Any

from herotable.cartographers.options import GAME as CARTOGRAPHERS
from herotable.core.game import Game
from herotable.core.options import GameInfo, GameOptionError
from herotable.dominaria.options import GAME as DOMINARIA

GAMES: dict[str, GameInfo] = {info.name: info for info in (CARTOGRAPHERS, DOMINARIA)}


def game_names() -> list[str]:
    return list(GAMES)


def game_info(name: str) -> GameInfo:
    """The registered game ``name``; an unknown name lists the known ones."""
    info = GAMES.get(name) if isinstance(name, str) else None
    if info is None:
        raise GameOptionError(f"unknown game {name!r}; known: {', '.join(GAMES)}")
    return info


def games() -> list[GameInfo]:
    """Every registered game, with its option schema."""
    return list(GAMES.values())


def new_game(name: str, seed: int = 0, **options: Any) -> Game[Any, Any, Any]:
    """A new game of ``name`` dealt with ``seed``, set up by ``options`` (the command line's
    and the web API's options: ``preset``, ``players``, ``side``, ``cards``, ``two_mana``...)."""
    return game_info(name).new_game(seed, **options)


def game_classes() -> dict[str, type[Game[Any, Any, Any]]]:
    """Engine class by game name (for reading save files and logs)."""
    return {info.name: info.game_class for info in games()}


def options_table() -> str:
    """Every game's options as the Markdown table of ``docs/api.md`` (a test keeps the two
    the same)."""
    lines = ["| game | option | type | default | local only | meaning |",
             "|---|---|---|---|---|---|"]
    for info in games():
        for index, option in enumerate(info.options):
            meaning = option.help
            if option.choices:
                meaning += ": " + ", ".join(f"`{choice}`" for choice in option.choices)
            default = option.default
            shown = "" if default in (None, ()) else f"`{default}`" if isinstance(
                default, str) else f"`{json.dumps(default)}`"
            cells = [info.name if index == 0 else "", f"`{option.name}`", option.kind, shown,
                     "yes" if option.local_only else "", meaning]
            lines.append("| " + " | ".join(cells) + " |")
    return "\n".join(lines) + "\n"
