"""Research interfaces on the public game API (install with ``pip install 'herotable[rl]'``).

* Gymnasium: importing this package registers ``herotable/CartographersSolo-v0``, so
  ``gymnasium.make("herotable/CartographersSolo-v0", preset="heroes")`` works after
  ``import herotable.envs`` (or, without the import, as
  ``gymnasium.make("herotable.envs:herotable/CartographersSolo-v0")``);
* PettingZoo: ``from herotable.envs import cartographers_v0, dominaria_v0``;
* OpenSpiel: ``import herotable.envs.openspiel`` registers ``python_herotable_cartographers``
  and ``python_herotable_dominaria`` with ``pyspiel``;
* herotable's bots as policies in any of the Gymnasium and PettingZoo envs:
  ``from herotable.envs import bot_action``; a policy scored on the fixed evaluation deals:
  ``from herotable.envs import evaluate``.

Every adapter sees a seat's view, its legal action indices and its observation, as any front
end does (docs/encoding.md); none reads an engine's private state.
"""

from __future__ import annotations

import importlib
from types import ModuleType

from herotable.envs.evaluation import EVALUATION_SEEDS, Evaluation, evaluate
from herotable.envs.policies import bot_action
from herotable.envs.registration import register_envs

register_envs()

_MODULES = ("cartographers_v0", "dominaria_v0")


def __getattr__(name: str) -> ModuleType:
    # The PettingZoo modules are imported on first use: Gymnasium users never pay for them.
    if name in _MODULES:
        return importlib.import_module(f"herotable.envs.{name}")
    raise AttributeError(f"module 'herotable.envs' has no attribute {name!r}")


__all__ = ["EVALUATION_SEEDS", "Evaluation", "bot_action", "cartographers_v0", "dominaria_v0",
           "evaluate", "register_envs"]
