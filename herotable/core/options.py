"""A game's description for every front end: its set-up options and how they make a config.

Each game package declares its :class:`GameInfo` (in its ``options`` module) with these types
only, so the games depend on ``core`` and nothing above it; :mod:`herotable.registry` lists
the games, and the command line, the web API and ``docs/api.md`` all read the one schema.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from herotable.core.errors import ConfigurationError
from herotable.core.game import Game, is_int, is_text_list


class GameOptionError(ConfigurationError):
    """An unknown game, an unknown option or an option value of the wrong type."""


# What each kind of value must be, as an error message says it.
WANTED = {"int": "a whole number", "bool": "true or false", "str": "a string",
          "list": "a list of strings"}


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
    # folder), since a client must not make it read its files; scenarios (a set deck, set
    # maps), which only their author may know or which break the rule that every player
    # starts on the same sheet; and what only a program driving the engine can play
    # (explicit chance).
    local_only: bool = False
    # The play commands' name for it when that differs: a list given one item at a time is
    # named for one item (``--card``).
    flag: str = ""
    # False for what no person at a terminal sets: a program's or a scenario's options
    # (``herotable simulate --option`` and Python still take them).
    command_line: bool = True

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
            raise GameOptionError(f"option {self.name!r} must be {WANTED[self.kind]}, "
                                  f"not {value!r}")
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
    """What every front end knows of one game."""

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
