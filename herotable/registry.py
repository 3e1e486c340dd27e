"""The games herotable plays, by name: one entry point for every front end.

>>> import herotable
>>> game = herotable.new_game("cartographers", seed=7, players=2, preset="heroes")
>>> [info.name for info in herotable.games()]
['cartographers', 'dominaria']

Each game package describes itself in its ``options`` module (:data:`GAME`: its title, its
engine class, the options it takes and how they make a config); adding a game is one package
and one line in :data:`PACKAGES`. The command line, the simulator, save files and the bots all
look games up here, so they take the same options with the same names.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from herotable.core.errors import HerotableError
from herotable.core.game import Game, is_int, is_text_list

# Game name -> the module whose GAME describes it.
PACKAGES: dict[str, str] = {
    "cartographers": "herotable.cartographers.options",
    "dominaria": "herotable.dominaria.options",
}


class GameOptionError(HerotableError):
    """An unknown game, an unknown option or an option value of the wrong type."""


@dataclass(frozen=True, slots=True)
class Option:
    """One set-up option: its name (as the API and ``new_game`` spell it), its type
    (``int``, ``bool``, ``str`` or ``list``: a list of strings), default and meaning."""

    name: str
    kind: str
    default: Any
    help: str
    choices: tuple[str, ...] = ()
    # Options a server refuses: those that name something on the local machine (a data
    # folder), since a client must not make it read its files, and those only a program
    # driving the engine itself can play (explicit chance).
    local_only: bool = False

    def check(self, value: Any) -> Any:
        """``value`` if it fits this option (a tuple for a list); else :class:`GameOptionError`.
        None stands for "not given" where the default is None (the preset decides)."""
        if value is None and self.default is None:
            return None
        fits = {
            "int": is_int(value),
            "bool": isinstance(value, bool),
            "str": isinstance(value, str),
            "list": is_text_list(value),
        }[self.kind]
        if not fits:
            wanted = {"int": "a whole number", "bool": "true or false", "str": "a string",
                      "list": "a list of strings"}[self.kind]
            raise GameOptionError(f"option {self.name!r} must be {wanted}, not {value!r}")
        if self.choices and value not in self.choices:
            raise GameOptionError(f"option {self.name!r} must be one of "
                                  f"{', '.join(self.choices)}, not {value!r}")
        return tuple(value) if self.kind == "list" else value

    def to_json(self) -> dict[str, Any]:
        default = list(self.default) if isinstance(self.default, tuple) else self.default
        return {"name": self.name, "type": self.kind, "default": default, "help": self.help,
                "choices": list(self.choices), "local_only": self.local_only}


@dataclass(frozen=True, slots=True)
class GameInfo:
    """What the registry knows of one game."""

    name: str
    title: str
    game_class: type[Game[Any, Any, Any]]
    options: tuple[Option, ...]
    # Builds the engine's config from checked options (only those the caller gave).
    build_config: Callable[[dict[str, Any]], Any]
    # The game's printed material as JSON for a client to draw and name it (None: none yet).
    catalog: Callable[[], dict[str, Any]] | None = None
    # How many players it takes (the web lobby offers that many seats).
    players: range = field(kw_only=True)

    def option(self, name: str) -> Option:
        for option in self.options:
            if option.name == name:
                return option
        known = ", ".join(o.name for o in self.options)
        raise GameOptionError(f"{self.title} has no option {name!r}; options: {known}")

    def config(self, **options: Any) -> Any:
        """The engine config for ``options`` (checked; unknown names are refused)."""
        checked = {name: self.option(name).check(value) for name, value in options.items()}
        return self.build_config(checked)

    def new_game(self, seed: int = 0, **options: Any) -> Game[Any, Any, Any]:
        if not is_int(seed):
            raise GameOptionError(f"a seed is a whole number, not {seed!r}")
        return self.game_class(self.config(**options), seed)

    def to_json(self) -> dict[str, Any]:
        return {"name": self.name, "title": self.title, "min_players": self.players[0],
                "max_players": self.players[-1], "options": [o.to_json() for o in self.options]}


def game_names() -> list[str]:
    return list(PACKAGES)


def game_info(name: str) -> GameInfo:
    """The registered game ``name``; an unknown name lists the known ones."""
    module = PACKAGES.get(name) if isinstance(name, str) else None
    if module is None:
        raise GameOptionError(f"unknown game {name!r}; known: {', '.join(PACKAGES)}")
    info: GameInfo = importlib.import_module(module).GAME
    return info


def games() -> list[GameInfo]:
    """Every registered game, with its option schema."""
    return [game_info(name) for name in PACKAGES]


def new_game(name: str, seed: int = 0, **options: Any) -> Game[Any, Any, Any]:
    """A new game of ``name`` dealt with ``seed``, set up by ``options`` (the command line's
    and the web API's options: ``preset``, ``players``, ``side``, ``cards``, ``two_mana``...)."""
    return game_info(name).new_game(seed, **options)


def game_classes() -> dict[str, type[Game[Any, Any, Any]]]:
    """Engine class by game name (for reading save files and logs)."""
    return {info.name: info.game_class for info in games()}
