"""Cartographers actions as value objects with a text notation that round-trips.

>>> parse_action("draw forest C5 C6 D6")
<Draw draw forest C5 C6 D6>
>>> str(parse_action("hero E5 r90"))
'hero E5 r90'

Cells are named as on the printed sheet (row A-K, column 1-11). A drawn shape is given by the
cells it covers, so the notation needs no orientation codes and reads like the map.
"""

from __future__ import annotations

from dataclasses import dataclass

from herotable.cartographers.grid import FULL, SIZE, bit, cell_name, mask_names, parse_cell
from herotable.cartographers.refusals import CartographersRefusal
from herotable.cartographers.sheet import EXPLORE_TERRAINS
from herotable.core.errors import IllegalAction, NotationError
from herotable.core.game import ActionBase

# The words a draw may name: the terrains an explore card can offer.
TERRAIN_WORDS = EXPLORE_TERRAINS


def _cells_text(mask: int) -> str:
    return " ".join(mask_names(mask))


def _parse_cells(tokens: list[str], what: str) -> int:
    if not tokens:
        raise NotationError(f"{what} needs at least one cell, like C5")
    mask = 0
    for token in tokens:
        b = bit(*parse_cell(token))
        if mask & b:
            raise NotationError(f"{what}: cell {token} is named twice")
        mask |= b
    return mask


@dataclass(frozen=True, slots=True, repr=False)
class Draw(ActionBase):
    """Draw an explore shape (or the 1x1 fallback) of one terrain on your own map."""

    terrain: str
    cells: int

    def __str__(self) -> str:
        return f"draw {self.terrain} {_cells_text(self.cells)}"


@dataclass(frozen=True, slots=True, repr=False)
class PlaceHero(ActionBase):
    """Draw the hero in one empty cell, its attack pattern turned ``quarter_turns`` clockwise."""

    row: int
    col: int
    quarter_turns: int = 0

    def __str__(self) -> str:
        return f"hero {cell_name(self.row, self.col)} r{90 * self.quarter_turns}"


@dataclass(frozen=True, slots=True, repr=False)
class DrawMonster(ActionBase):
    """Draw the ambush's monster (or the 1x1 fallback) on the map you were handed."""

    cells: int

    def __str__(self) -> str:
        return f"monster {_cells_text(self.cells)}"


@dataclass(frozen=True, slots=True, repr=False)
class Destroy(ActionBase):
    """Cross out one cell (the Gorgon's gaze, the Troll's ravage)."""

    row: int
    col: int

    def __str__(self) -> str:
        return f"destroy {cell_name(self.row, self.col)}"


CartographersAction = Draw | PlaceHero | DrawMonster | Destroy


def check_on_map(action: CartographersAction) -> None:
    """Refuse cells off the 11 x 11 map, and fields of the wrong type (only possible for
    actions built in code), with :class:`IllegalAction`. ``type(...) is int`` rather than
    isinstance: a bool is no number, and this runs on every action."""
    if isinstance(action, (Draw, DrawMonster)):
        if type(action.cells) is not int or action.cells <= 0 or action.cells > FULL:
            raise IllegalAction("the cells must all lie on the map", CartographersRefusal.OFF_MAP)
        if isinstance(action, Draw) and not isinstance(action.terrain, str):
            raise IllegalAction("a drawn terrain is a word like forest",
                                CartographersRefusal.TERRAIN_TYPE)
    else:
        row, col = action.row, action.col
        if not (type(row) is int and type(col) is int and 0 <= row < SIZE
                and 0 <= col < SIZE):
            raise IllegalAction("that cell is off the map", CartographersRefusal.OFF_MAP)
        if isinstance(action, PlaceHero) and (type(action.quarter_turns) is not int
                                              or not 0 <= action.quarter_turns < 4):
            raise IllegalAction("a hero turns 0 to 3 quarter turns", CartographersRefusal.ROTATION)


def parse_action(text: str) -> CartographersAction:
    """Read an action's notation; raise :class:`NotationError` saying what is wrong."""
    tokens = text.split()
    if not tokens:
        raise NotationError("empty action: try 'draw forest C5 C6', 'hero E5 r90', "
                            "'monster B2 B3' or 'destroy D4'")
    verb, args = tokens[0].lower(), tokens[1:]
    if verb == "draw":
        if not args or args[0].lower() not in TERRAIN_WORDS:
            raise NotationError(f"draw needs a terrain first, one of {', '.join(TERRAIN_WORDS)}")
        return Draw(args[0].lower(), _parse_cells(args[1:], "draw"))
    if verb == "hero":
        if len(args) not in (1, 2):
            raise NotationError("hero takes a cell and a rotation, like 'hero E5 r90'")
        row, col = parse_cell(args[0])
        turns = 0
        if len(args) == 2:
            rotation = args[1].lower()
            if rotation not in ("r0", "r90", "r180", "r270"):
                raise NotationError(f"rotation {args[1]!r} must be r0, r90, r180 or r270")
            turns = int(rotation[1:]) // 90
        return PlaceHero(row, col, turns)
    if verb == "monster":
        return DrawMonster(_parse_cells(args, "monster"))
    if verb == "destroy":
        if len(args) != 1:
            raise NotationError("destroy takes exactly one cell, like 'destroy D4'")
        return Destroy(*parse_cell(args[0]))
    raise NotationError(f"unknown action {verb!r}: use draw, hero, monster or destroy")
