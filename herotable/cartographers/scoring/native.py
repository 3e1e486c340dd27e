"""The scoring cards in C (``kernel.c``), for the bots: every candidate map of a decision
scored for every weighted card in one call, about thirty times faster than the Python cards.

``pip install`` builds the kernel with the machine's C compiler when there is one (setup.py,
an optional build); it is a plain shared library, loaded here with ctypes, so it needs no
Python headers and adds no dependency. Without it (no compiler, a compiler without 128-bit
integers, or ``HEROTABLE_PURE_PYTHON=1`` set to test that path) :data:`KERNEL` is None and
the Python cards score alone. The Python cards stay the reference: each C card gives exactly
their stars (tests/test_native_scoring.py).
"""

from __future__ import annotations

import ctypes
import os
import sys
from collections.abc import Sequence
from importlib.machinery import EXTENSION_SUFFIXES
from pathlib import Path

from herotable.cartographers.scoring.common import SCORERS, Scorer
from herotable.cartographers.sheet import MapSheet

# Set to a non-empty value other than 0, the kernel is not loaded even when built.
PURE_PYTHON = "HEROTABLE_PURE_PYTHON"

# The built library's name: setup.py builds it as if it were an extension module, so it
# carries an extension module's suffix (``_kernel.cpython-311-x86_64-linux-gnu.so``).
LIBRARY = "_kernel"

# The layers of a map in the kernel's order, each packed in 16 bytes.
LAYERS = ("forest", "village", "farm", "water", "monster", "mountain", "hero", "filled",
          "ruins")
_LAYER_BYTES = 16


class Kernel:
    """The loaded library and the cards it scores."""

    def __init__(self, library: ctypes.CDLL) -> None:
        library.herotable_init.argtypes = ()
        library.herotable_init.restype = None
        library.herotable_card_count.restype = ctypes.c_int
        library.herotable_card_id.argtypes = (ctypes.c_int,)
        library.herotable_card_id.restype = ctypes.c_char_p
        library.herotable_layer_count.restype = ctypes.c_int
        score = library.herotable_score
        score.argtypes = (ctypes.c_char_p, ctypes.c_int, ctypes.POINTER(ctypes.c_int32),
                          ctypes.c_int, ctypes.POINTER(ctypes.c_int32))
        score.restype = None
        if library.herotable_layer_count() != len(LAYERS):
            raise OSError("the scoring kernel was built for other map layers")
        library.herotable_init()
        self._score = score
        # Each card the kernel scores, under the reference scorer of the same id.
        self.cards: dict[Scorer, int] = {}
        for index in range(library.herotable_card_count()):
            card_id = library.herotable_card_id(index).decode()
            self.cards[SCORERS[card_id]] = index

    def stars(self, scorers: Sequence[Scorer], afters: Sequence[MapSheet]) -> list[list[int]]:
        """For each of ``scorers`` (all in :attr:`cards`), the stars it gives each map of
        ``afters``: each map is packed once and scored for every card in the same call."""
        count, width = len(afters), len(scorers)
        if not count or not width:
            return [[] for _ in scorers]
        order = sys.byteorder
        packed = b"".join([layer.to_bytes(_LAYER_BYTES, order) for sheet in afters
                           for layer in (sheet.forest, sheet.village, sheet.farm, sheet.water,
                                         sheet.monster, sheet.mountain, sheet.hero,
                                         sheet.filled, sheet.ruins)])
        cards = (ctypes.c_int32 * width)(*(self.cards[scorer] for scorer in scorers))
        out = (ctypes.c_int32 * (count * width))()
        self._score(packed, count, cards, width, out)
        flat = list(out)
        return [flat[column::width] for column in range(width)]


def library_path() -> Path | None:
    """The built kernel next to this module, if the install built it."""
    here = Path(__file__).parent
    for suffix in EXTENSION_SUFFIXES:
        path = here / (LIBRARY + suffix)
        if path.is_file():
            return path
    return None


def load() -> Kernel | None:
    """The kernel, or None when it is not built, cannot be loaded, or is switched off."""
    if os.environ.get(PURE_PYTHON, "") not in ("", "0"):
        return None
    path = library_path()
    if path is None:
        return None
    try:
        return Kernel(ctypes.CDLL(str(path)))
    except (OSError, AttributeError, KeyError):
        # A library from another build of this package (missing symbols, other cards):
        # the Python cards still give the right stars.
        return None


KERNEL = load()
