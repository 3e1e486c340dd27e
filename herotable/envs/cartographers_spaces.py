"""Cartographers' spaces as NumPy arrays: what the Gymnasium and PettingZoo envs share.

The layout is the game's own (docs/encoding.md): one ``Discrete`` space of every action of
every box, and an observation of 24 map planes plus 222 features, built from a seat's view.
"""

from __future__ import annotations

import numpy as np
from gymnasium import spaces

from herotable.cartographers import encoding
from herotable.cartographers.view import CartographersView

ACTION_COUNT = encoding.NUM_DISTINCT_ACTIONS
# The PettingZoo env's one action beyond the game's: "nothing to do now" (a seat that owes no
# decision while others decide). The solo env in the PettingZoo layout has it too, never legal.
WAIT = ACTION_COUNT
PLANES_SHAPE = (encoding.NUM_PLANES, encoding.SIZE, encoding.SIZE)
_BYTES_PER_PLANE = (encoding.CELL_COUNT + 7) // 8
# The season's time over its threshold passes 1 when the last card overshoots (at most by a
# card's time, 2, over a threshold of at least 6); every other feature is a 0/1 flag or a
# share of a track.
_FEATURE_HIGH = np.ones(encoding.NUM_FEATURES, dtype=np.float32)
_FEATURE_HIGH[encoding.FEATURE_NAMES.index("season_time/threshold")] = 2.0


def observation_space() -> spaces.Dict:
    return spaces.Dict({
        "planes": spaces.Box(0, 1, PLANES_SHAPE, dtype=np.int8),
        "features": spaces.Box(np.zeros(encoding.NUM_FEATURES, dtype=np.float32),
                               _FEATURE_HIGH, dtype=np.float32),
    })


def observe(view: CartographersView) -> dict[str, np.ndarray]:
    """The view's observation: the same numbers as ``game.observation(seat)``, as arrays."""
    packed = b"".join(mask.to_bytes(_BYTES_PER_PLANE, "little")
                      for mask in encoding.plane_masks(view))
    bits = np.unpackbits(np.frombuffer(packed, dtype=np.uint8), bitorder="little")
    planes = bits.reshape(encoding.NUM_PLANES, -1)[:, :encoding.CELL_COUNT]
    return {"planes": planes.reshape(PLANES_SHAPE).astype(np.int8),
            "features": np.array(encoding.features(view), dtype=np.float32)}


FLAT_SIZE = encoding.NUM_PLANES * encoding.CELL_COUNT + encoding.NUM_FEATURES


def flat_space() -> spaces.Box:
    """The observation as one vector: the planes (row-major, plane by plane), then the
    features; what tools that want a single array take."""
    high = np.concatenate([np.ones(FLAT_SIZE - encoding.NUM_FEATURES, dtype=np.float32),
                           _FEATURE_HIGH])
    return spaces.Box(np.zeros(FLAT_SIZE, dtype=np.float32), high, dtype=np.float32)


def observe_flat(view: CartographersView) -> np.ndarray:
    """:func:`observe`'s numbers as one vector in :func:`flat_space`."""
    parts = observe(view)
    return np.concatenate([parts["planes"].ravel(), parts["features"]], dtype=np.float32)


def action_mask(view: CartographersView, size: int = ACTION_COUNT) -> np.ndarray:
    """1 at each legal action's index of the view's seat, 0 elsewhere (all 0: it owes
    nothing); ``size`` leaves room for actions an env adds after the game's own."""
    mask = np.zeros(size, dtype=np.int8)
    mask[encoding.legal_indices(view.legal)] = 1
    return mask
