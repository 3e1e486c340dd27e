"""Cartographers actions as integers, and a seat's view as fixed-shape observations.

The action space is the same for every config (any boxes, players, options), so a learning
agent trained on one set-up can be run on another and an index means the same action
everywhere. It is built once from every box's cards (docs/encoding.md gives the layout):

* ``MASKS``: the sorted tuple of every distinct cell set a shape may cover — each placement of
  every explore shape and every ambush shape of every box, turned and mirrored — plus every
  single cell (the one-cell fallback of a draw or a monster);
* ``Draw(terrain, cells)``: ``DRAW_BASE + terrain * len(MASKS) + mask`` (terrain: its position
  in :data:`TERRAIN_WORDS`);
* ``DrawMonster(cells)``: ``MONSTER_BASE + mask``;
* ``PlaceHero(row, col, turns)``: ``HERO_BASE + cell * 4 + turns`` (cell: ``row * 11 + col``);
* ``Destroy(row, col)``: ``DESTROY_BASE + cell``.

Building the table takes about 0.05 s (the shapes' placements), paid once per process when
this module is first imported; the engine imports it only when encoding is asked for.

Observations are built from :meth:`CartographersGame.view` only, so they can never show a deck
order: :data:`PLANE_NAMES` and :data:`FEATURE_NAMES` name every plane and feature in order.
"""

from __future__ import annotations

from typing import Any

from herotable.cartographers.actions import (
    TERRAIN_WORDS,
    CartographersAction,
    Destroy,
    Draw,
    DrawMonster,
    PlaceHero,
)
from herotable.cartographers.cards import card_sets
from herotable.cartographers.config import EDICTS
from herotable.cartographers.grid import CELL_COUNT, FULL, SIZE, indices
from herotable.cartographers.sheet import COIN_TRACK, MapSheet
from herotable.cartographers.view import CartographersView, LegalMoves
from herotable.core.errors import NotationError
from herotable.core.game import is_int

TURNS = 4  # a hero's attack pattern turns 0-3 quarter turns clockwise


def _all_masks() -> tuple[int, ...]:
    found = {1 << i for i in range(CELL_COUNT)}
    for card_set in card_sets().values():
        for explore in card_set.explore.values():
            found.update(explore.placements)
        for ambush in card_set.ambushes.values():
            found.update(ambush.shape.placements)
    return tuple(sorted(found))


MASKS: tuple[int, ...] = _all_masks()
MASK_INDEX: dict[int, int] = {mask: i for i, mask in enumerate(MASKS)}
_TERRAIN_INDEX = {terrain: i for i, terrain in enumerate(TERRAIN_WORDS)}

DRAW_BASE = 0
MONSTER_BASE = DRAW_BASE + len(TERRAIN_WORDS) * len(MASKS)
HERO_BASE = MONSTER_BASE + len(MASKS)
DESTROY_BASE = HERO_BASE + CELL_COUNT * TURNS
NUM_DISTINCT_ACTIONS = DESTROY_BASE + CELL_COUNT


def _mask_index(cells: object, what: str) -> int:
    # object: a hand-built action may hold anything; it is checked here, not trusted.
    index = MASK_INDEX.get(cells) if is_int(cells) else None
    if index is None:
        raise NotationError(f"{what}: those cells are no shape placement or cell of any box, "
                            "so they have no action index")
    return index


def _cell(row: object, col: object, what: str) -> int:
    if not (is_int(row) and is_int(col) and 0 <= row < SIZE and 0 <= col < SIZE):
        raise NotationError(f"{what}: the cell ({row!r}, {col!r}) is off the map")
    return row * SIZE + col


def encode(action: CartographersAction) -> int:
    """The action's index in ``range(NUM_DISTINCT_ACTIONS)``; anything that is no action of
    this space raises :class:`NotationError`. Legal or not is not checked here."""
    if isinstance(action, Draw):
        terrain = _TERRAIN_INDEX.get(action.terrain) if isinstance(action.terrain, str) else None
        if terrain is None:
            raise NotationError(f"draw: {action.terrain!r} is not one of "
                                f"{', '.join(TERRAIN_WORDS)}")
        return DRAW_BASE + terrain * len(MASKS) + _mask_index(action.cells, "draw")
    if isinstance(action, DrawMonster):
        return MONSTER_BASE + _mask_index(action.cells, "monster")
    if isinstance(action, PlaceHero):
        turns = action.quarter_turns
        if not is_int(turns) or not 0 <= turns < TURNS:
            raise NotationError(f"hero: {turns!r} is not 0-3 quarter turns")
        return HERO_BASE + _cell(action.row, action.col, "hero") * TURNS + turns
    if isinstance(action, Destroy):
        return DESTROY_BASE + _cell(action.row, action.col, "destroy")
    raise NotationError(f"a {type(action).__name__} is not a Cartographers action")


def decode(index: int) -> CartographersAction:
    """The action at ``index``; an index out of ``range(NUM_DISTINCT_ACTIONS)`` (or no int)
    raises :class:`NotationError`."""
    if not is_int(index) or not 0 <= index < NUM_DISTINCT_ACTIONS:
        raise NotationError(f"action index {index!r} is not 0-{NUM_DISTINCT_ACTIONS - 1}")
    if index < MONSTER_BASE:
        terrain, mask = divmod(index - DRAW_BASE, len(MASKS))
        return Draw(TERRAIN_WORDS[terrain], MASKS[mask])
    if index < HERO_BASE:
        return DrawMonster(MASKS[index - MONSTER_BASE])
    if index < DESTROY_BASE:
        cell, turns = divmod(index - HERO_BASE, TURNS)
        return PlaceHero(*divmod(cell, SIZE), turns)
    return Destroy(*divmod(index - DESTROY_BASE, SIZE))


def legal_indices(moves: LegalMoves | None) -> list[int]:
    """The sorted indices of a decision's legal actions, straight from its masks (no action
    object is built): what a learning agent's action mask is made of."""
    if moves is None:
        return []
    if moves.kind in ("hero", "destroy"):
        # One-cell masks, distinct: their union lists the cells, lowest first.
        union = 0
        for mask in moves.masks:
            union |= mask
        cells = list(indices(union))
        if moves.kind == "destroy":
            return [DESTROY_BASE + c for c in cells]
        turns = sorted(moves.turns)
        return [HERO_BASE + c * TURNS + t for c in cells for t in turns]
    try:
        found = sorted([MASK_INDEX[m] for m in moves.masks])
    except KeyError as exc:  # only a card added without rebuilding this table could do it
        raise NotationError(f"a legal placement of {moves.card} is missing from the action "
                            "table") from exc
    if moves.kind == "monster":
        return [MONSTER_BASE + i for i in found]
    # Terrain-major layout: the blocks come out sorted when the terrains are taken in order.
    result: list[int] = []
    for terrain in sorted(_TERRAIN_INDEX[t] for t in moves.terrains):
        base = DRAW_BASE + terrain * len(MASKS)
        result.extend([base + i for i in found])
    return result


# ---------------------------------------------------------------------- observations

LAYERS = ("mountain", "ruins", "wasteland", "forest", "village", "farm", "water", "monster",
          "hero", "destroyed", "attack", "empty")
# The seat's own map, then the map its decision is on (a monster is drawn, and the Gorgon's
# or Troll's cell chosen, on a neighbour's map; the own map again when it owes nothing or
# decides on its own map).
PLANE_NAMES: tuple[str, ...] = (*(f"own:{layer}" for layer in LAYERS),
                                *(f"decision:{layer}" for layer in LAYERS))
NUM_PLANES = len(PLANE_NAMES)
DECISION_KINDS = ("draw", "hero", "monster", "destroy")


def _card_ids() -> tuple[str, ...]:
    return tuple(sorted({card_id for card_set in card_sets().values()
                         for group in (card_set.explore, card_set.heroes, card_set.ambushes,
                                       card_set.ruins)
                         for card_id in group}))


CARD_IDS = _card_ids()
SCORING_IDS: tuple[str, ...] = tuple(sorted(
    card_id for card_set in card_sets().values() for card_id in card_set.scoring))
SEASONS = 4
FEATURE_NAMES: tuple[str, ...] = (
    *(f"season:{i}" for i in range(SEASONS)),
    "season_time/threshold",
    "coins/14",
    "ruins_pending",
    *(f"decision:{kind}" for kind in DECISION_KINDS),
    "decision:fallback",
    "decision:ruins",
    "decision:other_map",
    *(f"edict_{letter}:{card_id}" for letter in EDICTS for card_id in SCORING_IDS),
    *(f"current:{card_id}" for card_id in CARD_IDS),
    *(f"revealed:{card_id}" for card_id in CARD_IDS),
)
NUM_FEATURES = len(FEATURE_NAMES)
_CARD_INDEX = {card_id: i for i, card_id in enumerate(CARD_IDS)}
_SCORING_INDEX = {card_id: i for i, card_id in enumerate(SCORING_IDS)}
_ROW_BITS = (1 << SIZE) - 1
# Each 11-bit row value as its 0/1 cells, so a plane is 11 lookups rather than 121 shifts.
_ROW_CELLS: tuple[tuple[int, ...], ...] = tuple(
    tuple((value >> col) & 1 for col in range(SIZE)) for value in range(1 << SIZE))


def _plane(mask: int) -> list[list[int]]:
    return [list(_ROW_CELLS[(mask >> (row * SIZE)) & _ROW_BITS]) for row in range(SIZE)]


def _sheet_layers(sheet: MapSheet) -> list[int]:
    return [sheet.mountain, sheet.ruins, sheet.wasteland, sheet.forest, sheet.village,
            sheet.farm, sheet.water, sheet.monster, sheet.hero, sheet.destroyed, sheet.attack,
            FULL & ~sheet.filled]


def _observed_seat(view: CartographersView) -> int:
    you = view.you
    if not is_int(you) or not 0 <= you < len(view.sheets):
        raise NotationError(f"there is no seat {you!r} to observe")
    return you


def plane_masks(view: CartographersView) -> list[int]:
    """The observation's planes as :data:`NUM_PLANES` cell masks (bit ``row*11 + col``), in
    :data:`PLANE_NAMES` order: what :func:`observation` unpacks into 0/1 rows, and what an
    array library can unpack faster by itself."""
    you = _observed_seat(view)
    decision = view.decision
    target = view.sheets[decision.sheet] if decision is not None else view.sheets[you]
    return _sheet_layers(view.sheets[you]) + _sheet_layers(target)


def features(view: CartographersView) -> list[float]:
    """The observation's :data:`NUM_FEATURES` features, in :data:`FEATURE_NAMES` order."""
    you = _observed_seat(view)
    decision = view.decision
    values = [0.0] * NUM_FEATURES
    values[min(view.season_index, SEASONS - 1)] = 1.0
    at = SEASONS
    values[at] = view.season_time / view.season_threshold if view.season_threshold else 0.0
    values[at + 1] = view.sheets[you].coins / COIN_TRACK
    values[at + 2] = float(view.ruins_pending)
    at += 3
    if decision is not None:
        values[at + DECISION_KINDS.index(decision.kind)] = 1.0
        values[at + 4] = float(decision.fallback)
        values[at + 5] = float(decision.ruins)
        values[at + 6] = float(decision.sheet != you)
    at += len(DECISION_KINDS) + 3
    for edict, card_id in enumerate(view.scoring):
        values[at + edict * len(SCORING_IDS) + _SCORING_INDEX[card_id]] = 1.0
    at += len(EDICTS) * len(SCORING_IDS)
    if view.current is not None:
        values[at + _CARD_INDEX[view.current]] = 1.0
    at += len(CARD_IDS)
    for card_id in view.revealed:
        values[at + _CARD_INDEX[card_id]] = 1.0
    return values


def observation(view: CartographersView) -> dict[str, Any]:
    """``planes`` (:data:`NUM_PLANES` planes of 11 x 11 0/1 ints, row-major, in
    :data:`PLANE_NAMES` order) and ``features`` (:data:`NUM_FEATURES` floats, in
    :data:`FEATURE_NAMES` order) of a seat's view."""
    # Each plane is built on its own even when both maps are the seat's: shared rows would
    # let a caller who edits one plane change another.
    return {"planes": [_plane(mask) for mask in plane_masks(view)], "features": features(view)}

