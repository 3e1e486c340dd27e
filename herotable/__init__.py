"""herotable: board games brought to the computer with exact rules engines.

>>> import herotable
>>> game = herotable.new_game("cartographers", seed=7, players=2, preset="heroes")
>>> view = game.view(0)            # what seat 0 may see, with its legal actions
>>> events = game.apply(0, view.legal[0])

``herotable.games()`` lists the games and their options; the main types are importable from
here. Everything a person can get wrong raises a :class:`HerotableError` subclass.
"""

from typing import TYPE_CHECKING

from herotable.core.errors import (
    HerotableError,
    IllegalAction,
    NotationError,
    SaveFileError,
)
from herotable.core.game import ActionLog, Game, LogEntry, Standing
from herotable.core.options import GameInfo, GameOptionError, Option

if TYPE_CHECKING:
    from herotable.registry import game_info, games, new_game

__version__ = "0.1.0"

# The registry and the games' own types, imported on first use so that ``import herotable``
# stays light and loads no game while a game package is being imported.
_LAZY = {
    "game_info": "herotable.registry",
    "games": "herotable.registry",
    "new_game": "herotable.registry",
    "CartographersGame": "herotable.cartographers.game",
    "GameConfig": "herotable.cartographers.config",
    "CartographersView": "herotable.cartographers.view",
    "LegalMoves": "herotable.cartographers.view",
    "Draw": "herotable.cartographers.actions",
    "PlaceHero": "herotable.cartographers.actions",
    "DrawMonster": "herotable.cartographers.actions",
    "Destroy": "herotable.cartographers.actions",
    "DominariaGame": "herotable.dominaria.game",
    "DominariaConfig": "herotable.dominaria.config",
    "DominariaView": "herotable.dominaria.view",
    "DominariaAction": "herotable.dominaria.actions",
}


def __getattr__(name: str) -> object:
    if name in _LAZY:
        import importlib

        return getattr(importlib.import_module(_LAZY[name]), name)
    raise AttributeError(f"module 'herotable' has no attribute {name!r}")

__all__ = [
    "ActionLog",
    "Game",
    "GameInfo",
    "GameOptionError",
    "HerotableError",
    "IllegalAction",
    "LogEntry",
    "NotationError",
    "Option",
    "SaveFileError",
    "Standing",
    "__version__",
    "game_info",
    "games",
    "new_game",
    *_LAZY,
]
