"""The scoring cards in C (``kernel.c``), for the bots: every candidate map of a decision
scored for every weighted card in one call, about twenty times faster than the Python cards,
with the bots' other terms on the map (the monster penalty, isolated empty cells).

``pip install`` builds the kernel with the machine's C compiler when there is one (setup.py,
an optional build); it is a plain shared library, loaded here with ctypes, so it needs no
Python headers and adds no dependency. Without it (no compiler, a compiler without 128-bit
integers, or ``HEROTABLE_PURE_PYTHON=1`` set to test that path) :data:`KERNEL` is None and
the Python cards score alone. The Python cards stay the reference: each C card gives exactly
their stars (tests/test_native_scoring.py). An editable install builds the library in place,
next to this module; after changing ``kernel.c``, build it again (``pip install -e .``, or
``python setup.py build_ext --inplace``) before running the tests.
"""

from __future__ import annotations

import ctypes
import os
import sys
from collections.abc import Iterable, Sequence
from importlib.machinery import EXTENSION_SUFFIXES
from operator import attrgetter
from pathlib import Path

from herotable.cartographers.effects import DRAGON
from herotable.cartographers.scoring.common import SCORERS, Scorer
from herotable.cartographers.sheet import MapSheet

# Set to a non-empty value other than 0, the kernel is not loaded even when built.
PURE_PYTHON = "HEROTABLE_PURE_PYTHON"

# The built library's name: setup.py builds it as if it were an extension module, so it
# carries an extension module's suffix (``_kernel.cpython-311-x86_64-linux-gnu.so``).
LIBRARY = "_kernel"

# The layers of a map in the kernel's order (Kernel.counts packs them so), 16 bytes each.
LAYERS = ("forest", "village", "farm", "water", "monster", "mountain", "hero", "filled",
          "ruins")
_LAYER_BYTES = 16
_layers_of = attrgetter(*LAYERS)  # a map's layers in that order, as a tuple
# The layers a draw may draw on (the terrains of explore cards, and heroes), by their index.
_LAYER_INDEX = {terrain: LAYERS.index(terrain)
                for terrain in ("forest", "village", "farm", "water", "monster", "hero")}


# The bots' terms the kernel counts besides the cards (its ids for them): the empty cells
# next to a monster (the monster penalty), and the empty cells with no empty neighbour.
MONSTER_PENALTY = "monster_penalty"
ISOLATED_EMPTY = "isolated_empty"
TERMS = (MONSTER_PENALTY, ISOLATED_EMPTY)

# What a call counts: a scoring card's stars (the card's reference scorer), or a term.
Count = Scorer | str


class Kernel:
    """The loaded library and what it counts."""

    def __init__(self, library: ctypes.CDLL) -> None:
        library.herotable_init.argtypes = ()
        library.herotable_init.restype = None
        library.herotable_kinds.restype = ctypes.c_int
        library.herotable_kind_id.argtypes = (ctypes.c_int,)
        library.herotable_kind_id.restype = ctypes.c_char_p
        library.herotable_layer_count.restype = ctypes.c_int
        count = library.herotable_count
        count.argtypes = (ctypes.c_char_p, ctypes.c_int, ctypes.POINTER(ctypes.c_int32),
                          ctypes.c_int, ctypes.POINTER(ctypes.c_int32))
        count.restype = None
        draws = library.herotable_draw_values
        draws.argtypes = (ctypes.c_char_p, ctypes.c_char_p, ctypes.c_int, ctypes.c_int,
                          ctypes.c_char_p, ctypes.c_char_p, ctypes.c_char_p, ctypes.c_int,
                          ctypes.POINTER(ctypes.c_int32), ctypes.POINTER(ctypes.c_double),
                          ctypes.c_int, ctypes.c_double, ctypes.POINTER(ctypes.c_double))
        draws.restype = None
        draw_counts = library.herotable_draw_counts
        draw_counts.argtypes = (*draws.argtypes[:9], ctypes.c_int,
                                ctypes.POINTER(ctypes.c_int32))
        draw_counts.restype = None
        ids = [library.herotable_kind_id(kind).decode()
               for kind in range(library.herotable_kinds())]
        # A library left from another version of the cards must not score in their place.
        if (library.herotable_layer_count() != len(LAYERS)
                or sorted(ids) != sorted([*SCORERS, *TERMS])):
            raise OSError("the scoring kernel was built from another version of herotable")
        library.herotable_init()
        self._count = count
        self._draw_values = draws
        self._draw_counts = draw_counts
        self.kinds: dict[Count, int] = {
            (card_id if card_id in TERMS else SCORERS[card_id]): kind
            for kind, card_id in enumerate(ids)}

    def counts(self, counted: Sequence[Count], afters: Sequence[MapSheet]) -> list[list[int]]:
        """For each of ``counted`` (cards and terms), its count on each map of ``afters``:
        each map is packed once and counted for all of them in the same call."""
        maps, width = len(afters), len(counted)
        if not maps or not width:
            return [[] for _ in counted]
        packed = _packed(layer for sheet in afters for layer in _layers_of(sheet))
        kinds = (ctypes.c_int32 * width)(*(self.kinds[one] for one in counted))
        out = (ctypes.c_int32 * (maps * width))()
        self._count(packed, maps, kinds, width, out)
        flat = list(out)
        return [flat[column::width] for column in range(width)]

    def draw_values(self, sheet: MapSheet, draws: Sequence[tuple[int, str, bool]],
                    counted: Sequence[tuple[Count, float]], coin_weight: float) -> list[float]:
        """The worth of ``sheet`` after each of ``draws`` (cells, terrain, whether it is the
        coin shape), drawn and settled as effects.draw_shape does it: ``coin_weight`` per
        coin, plus each of ``counted`` (a card or term, and its weight) times its count, summed
        in that order, so that the total is the double Python's same sum gives."""
        if not draws:
            return []
        width = len(counted)
        kinds = (ctypes.c_int32 * width)(*(self.kinds[one] for one, _ in counted))
        weights = (ctypes.c_double * width)(*(weight for _, weight in counted))
        out = (ctypes.c_double * len(draws))()
        self._draw_values(*_draw_arguments(sheet, draws), kinds, weights, width, coin_weight,
                          out)
        return list(out)

    def draw_counts(self, sheet: MapSheet, draws: Sequence[tuple[int, str, bool]],
                    counted: Sequence[Count]) -> tuple[list[int], list[list[int]]]:
        """The coins on ``sheet``'s track after each of ``draws``, and each of ``counted``
        (cards and terms) counted on the map each draw leaves: drawn and settled as
        :meth:`draw_values` draws them, the terms apart rather than summed."""
        width = len(counted)
        if not draws:
            return [], [[] for _ in counted]
        kinds = (ctypes.c_int32 * width)(*(self.kinds[one] for one in counted))
        out = (ctypes.c_int32 * (len(draws) * (width + 1)))()
        self._draw_counts(*_draw_arguments(sheet, draws), kinds, width, out)
        flat = list(out)
        return flat[::width + 1], [flat[1 + column::width + 1] for column in range(width)]


def _draw_arguments(sheet: MapSheet, draws: Sequence[tuple[int, str, bool]]
                    ) -> tuple[bytes, bytes, int, int, bytes, bytes, bytes, int]:
    """What the kernel's draw functions take first: the map and its effects packed, its
    coins, its dragon's state, then the draws' cells, layers and coin flags, and how many."""
    dragon = sheet.monster_ids.get(DRAGON)
    effects = _packed((sheet.attack, sheet.paid_mountains, dragon or 0))
    dragon_state = 0 if dragon is None else 2 if sheet.dragon_paid else 1
    masks = _packed(cells for cells, _, _ in draws)
    layers = bytes([_LAYER_INDEX[terrain] for _, terrain, _ in draws])
    coins = bytes([coin for _, _, coin in draws])
    return (_packed(_layers_of(sheet)), effects, sheet.coins, dragon_state, masks, layers,
            coins, len(draws))


def _packed(bitboards: Iterable[int]) -> bytes:
    """Bitboards (map layers, cell masks) as the kernel reads them: 16 bytes each, in the
    machine's byte order, one after another."""
    order = sys.byteorder
    return b"".join([cells.to_bytes(_LAYER_BYTES, order) for cells in bitboards])


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
    except (OSError, AttributeError):
        # Not loadable here, or from another version (missing symbols, other cards): the
        # Python cards still give the right stars.
        return None


KERNEL = load()
