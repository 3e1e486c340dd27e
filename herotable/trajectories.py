"""Whole games as data, for imitation learning and offline study: every decision of a
``herotable simulate`` run (``--trajectories FILE``), with what the deciding seat observed,
the actions it could take, the one its bot took and what the seat's score did.

The decisions are read back by replaying each game's action log, so they are exactly the
games of the run's rows, whatever ran them (one process, ``--jobs``, Ray). The file is a
NumPy ``.npz`` (``numpy.load``), one entry per decision, in game order, then log order:

- ``game``, ``seed``, ``step`` (the action's index in the game's log), ``seat``, ``bot``;
- ``observation``: float32, the seat's observation (``game.observation(seat)``: for
  Cartographers the planes then the features, flattened; for Dominaria the raw features, as
  the PettingZoo env gives them with ``scaled=False``), as the research environments give it;
- ``action``: the action's index in the game's fixed encoding (docs/encoding.md);
- ``legal`` and ``legal_offsets``: the legal action indices of decision i are
  ``legal[legal_offsets[i]:legal_offsets[i + 1]]`` (their number varies, so they are kept
  end to end);
- ``score_before`` and ``final_score``: the seat's score when it decided and at the game's
  end (their difference is the return to go).

Needs NumPy (``pip install 'herotable[rl]'``).
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

import numpy as np

from herotable.core.game import CHANCE_PLAYER, ActionLog
from herotable.registry import game_classes
from herotable.simulate import GameRow

# The numeric parts of a game's observation, in the order they are laid end to end (a
# Dominaria observation also names its features, which are no data).
OBSERVED_PARTS = ("planes", "features")


def _flat(observation: dict[str, Any]) -> np.ndarray:
    """An observation's numeric parts end to end: the planes (if any), then the features."""
    return np.concatenate([np.asarray(observation[part], dtype=np.float32).ravel()
                           for part in OBSERVED_PARTS if part in observation])


def trajectories(rows: Sequence[GameRow]) -> dict[str, np.ndarray]:
    """Every decision of ``rows``' games, as the arrays the module docstring lists."""
    columns: dict[str, list[Any]] = {name: [] for name in (
        "game", "seed", "step", "seat", "bot", "observation", "action", "score_before",
        "final_score")}
    legal: list[np.ndarray] = []
    for row in rows:
        log = ActionLog.from_json(row.log)
        cls = game_classes()[log.game]
        game = cls(cls.config_from_json(log.config), log.seed)
        first = len(columns["seat"])
        for step, entry in enumerate(log.entries):
            if entry.player == CHANCE_PLAYER:
                game.apply_chance(cls.parse_chance(entry.action))
                continue
            action = cls.parse_action(entry.action)
            columns["game"].append(row.index)
            columns["seed"].append(row.seed)
            columns["step"].append(step)
            columns["seat"].append(entry.player)
            columns["bot"].append(row.seats[entry.player].bot)
            columns["observation"].append(_flat(game.observation(entry.player)))
            columns["action"].append(game.encode_action(action))
            columns["score_before"].append(game.totals()[entry.player])
            legal.append(np.asarray(game.legal_action_indices(entry.player), dtype=np.int32))
            game.apply(entry.player, action)
        final = game.totals()
        columns["final_score"] += [final[seat] for seat in columns["seat"][first:]]
    offsets = np.zeros(len(legal) + 1, dtype=np.int64)
    np.cumsum([len(indices) for indices in legal], out=offsets[1:])
    return {
        "game": np.asarray(columns["game"], dtype=np.int32),
        "seed": np.asarray(columns["seed"], dtype=np.int64),
        "step": np.asarray(columns["step"], dtype=np.int32),
        "seat": np.asarray(columns["seat"], dtype=np.int8),
        "bot": np.asarray(columns["bot"], dtype=np.str_),
        "observation": (np.stack(columns["observation"]) if legal
                        else np.zeros((0, 0), dtype=np.float32)),
        "action": np.asarray(columns["action"], dtype=np.int64),
        "legal": (np.concatenate(legal) if legal else np.zeros(0, dtype=np.int32)),
        "legal_offsets": offsets,
        "score_before": np.asarray(columns["score_before"], dtype=np.int32),
        "final_score": np.asarray(columns["final_score"], dtype=np.int32),
    }


def write_trajectories(rows: Sequence[GameRow], path: Path) -> int:
    """Write :func:`trajectories` of ``rows`` to ``path`` (compressed ``.npz``); how many
    decisions it holds."""
    arrays: dict[str, Any] = trajectories(rows)
    with path.open("wb") as out:
        np.savez_compressed(out, **arrays)
    return len(arrays["action"])
