"""What the two OpenSpiel adapters share: the engine inside a state, view strings, observers.

OpenSpiel copies a Python state by building a fresh initial state and deep-copying every
attribute of the old one, and serialises it by pickling those attributes. An engine held in an
:class:`EngineHandle` is copied with the engine's own cheap ``clone()`` and pickled as its
checked JSON state, so neither path walks the engine's object graph.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import numpy as np

from herotable.core.errors import ConfigurationError
from herotable.core.game import Game
from herotable.core.options import GameOptionError
from herotable.registry import game_classes

# View fields that are derived from the rest (legal moves, results, costs, progress) or that
# record a window of past events: left out of the strings, which say what a seat sees now.
DERIVED_VIEW_FIELDS = frozenset({"legal", "standings", "winners", "solo", "ability_costs",
                                 "progress", "recent"})


class EngineHandle:
    """One herotable engine inside an OpenSpiel state."""

    __slots__ = ("game",)

    def __init__(self, game: Game[Any, Any, Any]) -> None:
        self.game = game

    def __deepcopy__(self, memo: dict[int, Any]) -> EngineHandle:
        return EngineHandle(self.game.clone())

    def __getstate__(self) -> dict[str, Any]:
        return self.game.to_json()

    def __setstate__(self, state: dict[str, Any]) -> None:
        self.game = game_classes()[state["game"]].from_json(state)


def view_string(game: Game[Any, Any, Any], player: int | None) -> str:
    """``player``'s view (None: a spectator's) as compact JSON with sorted keys, without the
    derived fields: equal strings for equal views, whatever built the state."""
    data = {k: v for k, v in game.view(player).to_json().items()
            if k not in DERIVED_VIEW_FIELDS}
    return json.dumps(data, sort_keys=True, separators=(",", ":"))


class ViewObserver:
    """A PyObserver (see ``open_spiel/python/observation.py``) reading a seat's observation.

    ``pieces`` names the observation's parts with their shapes, in the tensor's order;
    ``read`` gives the state's engine observation for a seat as a dict of nested lists with
    those names, or None before the engine exists (Dominaria's deal); ``text`` its string.
    ``no_tensor``, when given, is why this observer has a string but no tensor: asking it for
    one raises that, rather than hand a learner a tensor that is not what it asked for.
    """

    def __init__(self, pieces: list[tuple[str, tuple[int, ...]]],
                 read: Callable[[Any, int], dict[str, Any] | None],
                 text: Callable[[Any, int], str], no_tensor: str | None = None) -> None:
        self.tensor = np.zeros(sum(int(np.prod(shape)) for _, shape in pieces), np.float32)
        self.dict: dict[str, np.ndarray] = {}
        start = 0
        for name, shape in pieces:
            size = int(np.prod(shape))
            self.dict[name] = self.tensor[start:start + size].reshape(shape)
            start += size
        self._read = read
        self._text = text
        self._no_tensor = no_tensor

    def set_from(self, state: Any, player: int) -> None:
        if self._no_tensor is not None:
            raise ConfigurationError(self._no_tensor)
        observation = self._read(state, player)
        if observation is None:
            self.tensor.fill(0)
            return
        for name, values in self.dict.items():
            values[...] = np.asarray(observation[name], dtype=np.float32).reshape(values.shape)

    def string_from(self, state: Any, player: int) -> str:
        return self._text(state, player)


def check_players(params: dict[str, Any], lowest: int, highest: int, game: str) -> int:
    players = int(params["players"])
    if not lowest <= players <= highest:
        raise GameOptionError(f"{game} in OpenSpiel takes {lowest} to {highest} players, "
                              f"not {players}")
    return players

