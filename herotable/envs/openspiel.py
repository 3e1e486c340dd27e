"""OpenSpiel Python games for herotable: importing this module registers them.

>>> import pyspiel
>>> import herotable.envs.openspiel
>>> cartographers = pyspiel.load_game("python_herotable_cartographers", {"players": 2})
>>> dominaria = pyspiel.load_game("python_herotable_dominaria", {"players": 2})

``python_herotable_cartographers`` is simultaneous with explicit chance nodes for the card
reveals; ``python_herotable_dominaria`` is sequential with imperfect information and one
sampled chance node, the deal. docs/research.md ("OpenSpiel") explains both, their returns and
how OpenSpiel's MCTS and IS-MCTS bots play them.
"""

from __future__ import annotations

from herotable.envs.openspiel_cartographers import SHORT_NAME as CARTOGRAPHERS
from herotable.envs.openspiel_cartographers import CartographersOpenSpielGame, CartographersState
from herotable.envs.openspiel_dominaria import SHORT_NAME as DOMINARIA
from herotable.envs.openspiel_dominaria import DominariaOpenSpielGame, DominariaState, Resampler

GAME_NAMES = (CARTOGRAPHERS, DOMINARIA)

__all__ = [
    "CARTOGRAPHERS",
    "DOMINARIA",
    "GAME_NAMES",
    "CartographersOpenSpielGame",
    "CartographersState",
    "DominariaOpenSpielGame",
    "DominariaState",
    "Resampler",
]
