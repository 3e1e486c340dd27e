"""One player's map sheet: the bitboard layers, the coin track and the marks rules need.

The sheet knows how to read and write the fixed map notation of DESIGN.md; it does not know
the rules of any card. The game validates an action first and only then calls the mutating
methods here, so a refused action never leaves a half-changed sheet.
"""

from __future__ import annotations

import re
from typing import Any

from herotable.cartographers.grid import FULL, SIZE, bit, indices, mask_from_names, mask_names
from herotable.core.errors import NotationError
from herotable.core.game import field_bool, field_int, field_names

# The terrains an explore card can offer (and a fallback cell may take); with the hero, every
# terrain a player draws, in the order the layers are stored. The one list of terrains.
EXPLORE_TERRAINS = ("forest", "village", "farm", "water", "monster")
DRAWN_TERRAINS = (*EXPLORE_TERRAINS, "hero")
COIN_TRACK = 14

# Each drawn terrain's letter in the map notation (lower case: drawn on a ruins cell).
TERRAIN_LETTERS = {"forest": "F", "village": "V", "farm": "P", "water": "W", "monster": "X",
                   "hero": "H"}
_CHAR_TERRAIN = {char: terrain for terrain, char in TERRAIN_LETTERS.items()}
_MAP_CHARS = frozenset("r^#*+" + "".join(_CHAR_TERRAIN) + "".join(_CHAR_TERRAIN).lower())


class MapSheet:
    """Bitboards of one map: printed cells, drawn terrains, destroyed cells, hero marks."""

    __slots__ = (
        "attack",
        "coins",
        "destroyed",
        "dragon_paid",
        "farm",
        "filled",
        "forest",
        "hero",
        "monster",
        "monster_ids",
        "mountain",
        "paid_mountains",
        "ruins",
        "village",
        "wasteland",
        "water",
    )

    def __init__(self, mountain: int = 0, ruins: int = 0, wasteland: int = 0) -> None:
        self.mountain = mountain
        self.ruins = ruins  # printed ruins, drawn on or not
        self.wasteland = wasteland
        self.forest = self.village = self.farm = self.water = 0
        self.monster = self.hero = 0
        self.destroyed = 0
        self.filled = mountain | wasteland
        self.attack = 0  # cells under a hero's attack pattern (on the map)
        self.monster_ids: dict[str, int] = {}  # ambush card id -> its monster cells
        self.coins = 0
        self.paid_mountains = 0  # surrounded mountains whose coin was taken
        self.dragon_paid = False

    # ------------------------------------------------------------------ queries

    @property
    def empty(self) -> int:
        return FULL & ~self.filled

    def layer(self, terrain: str) -> int:
        return getattr(self, terrain)

    def terrain_at(self, row: int, col: int) -> str | None:
        """The terrain drawn or printed at a cell; None for empty or destroyed cells."""
        b = bit(row, col)
        for terrain in DRAWN_TERRAINS:
            if getattr(self, terrain) & b:
                return terrain
        if self.mountain & b:
            return "mountain"
        return None

    def is_full(self) -> bool:
        return self.filled == FULL

    # ------------------------------------------------------------------ changes

    def draw(self, mask: int, terrain: str) -> None:
        setattr(self, terrain, getattr(self, terrain) | mask)
        self.filled |= mask

    def destroy(self, mask: int) -> None:
        """Cross cells out: they stay filled but lose their terrain."""
        keep = ~mask
        self.forest &= keep
        self.village &= keep
        self.farm &= keep
        self.water &= keep
        self.monster &= keep
        self.hero &= keep
        self.destroyed |= mask
        self.filled |= mask
        for card_id, cells in self.monster_ids.items():
            self.monster_ids[card_id] = cells & keep

    def gain_coins(self, count: int) -> int:
        """Add coins up to the track's end; returns how many were really gained."""
        gained = max(0, min(count, COIN_TRACK - self.coins))
        self.coins += gained
        return gained

    def copy(self) -> MapSheet:
        # Written out rather than looped over __slots__: views and bots copy maps on every
        # decision, and this is about twice as fast.
        clone = MapSheet.__new__(MapSheet)
        clone.mountain, clone.ruins, clone.wasteland = self.mountain, self.ruins, self.wasteland
        clone.forest, clone.village, clone.farm = self.forest, self.village, self.farm
        clone.water, clone.monster, clone.hero = self.water, self.monster, self.hero
        clone.destroyed, clone.filled, clone.attack = self.destroyed, self.filled, self.attack
        clone.monster_ids = dict(self.monster_ids)
        clone.coins, clone.paid_mountains = self.coins, self.paid_mountains
        clone.dragon_paid = self.dragon_paid
        return clone

    # ------------------------------------------------------------------ notation

    def to_text(self) -> str:
        """The map in DESIGN.md's notation: 11 lines of 11 characters.

        Painted layer by layer over the set bits, the weakest first (every view the server
        sends writes each map out, so this is on the hot path): ruins, the drawn terrains
        (the first of ``DRAWN_TERRAINS`` wins, as a cell holds one), destroyed cells, then
        the chasm and the mountains."""
        chars = ["."] * (SIZE * SIZE)
        ruins = self.ruins
        for index in indices(ruins):
            chars[index] = "r"
        for terrain in reversed(DRAWN_TERRAINS):
            letter = TERRAIN_LETTERS[terrain]
            mask = getattr(self, terrain)
            for index in indices(mask & ~ruins):
                chars[index] = letter
            for index in indices(mask & ruins):
                chars[index] = letter.lower()
        for index in indices(self.destroyed):
            chars[index] = "+" if ruins >> index & 1 else "*"
        for index in indices(self.wasteland):
            chars[index] = "#"
        for index in indices(self.mountain):
            chars[index] = "^"
        return "\n".join("".join(chars[row * SIZE:(row + 1) * SIZE]) for row in range(SIZE))

    @classmethod
    def from_text(cls, text: str) -> MapSheet:
        """Parse the map notation; blank lines and lines starting with ``;`` are ignored. A map
        copied from the terminal's screen is read too (:func:`screen_to_notation`)."""
        if "·" in text or "│" in text:
            text = screen_to_notation(text)
        rows = [
            line.strip()
            for line in text.splitlines()
            if line.strip() and not line.lstrip().startswith(";")
        ]
        if len(rows) != SIZE:
            raise NotationError(f"a map has {SIZE} rows of {SIZE} cells, found {len(rows)} rows")
        # One mask per character first, then one layer update per character: far cheaper
        # than touching the layers cell by cell (saves and views read many maps).
        masks: dict[str, int] = {}
        for row, line in enumerate(rows):
            if len(line) != SIZE:
                raise NotationError(
                    f"row {row + 1} has {len(line)} characters, a map row has {SIZE}"
                )
            base = row * SIZE
            for col, char in enumerate(line):
                if char != ".":
                    if char not in masks and char not in _MAP_CHARS:
                        raise NotationError(f"unknown map character {char!r} at row {row + 1}, "
                                            f"column {col + 1}")
                    masks[char] = masks.get(char, 0) | (1 << (base + col))
        sheet = cls()
        for char, mask in masks.items():
            sheet._read_mask(char, mask)
        return sheet

    def _read_mask(self, char: str, mask: int) -> None:
        """Mark every cell of ``mask``, all written ``char`` in the notation."""
        if char == "r":
            self.ruins |= mask
        elif char == "^":
            self.mountain |= mask
            self.filled |= mask
        elif char == "#":
            self.wasteland |= mask
            self.filled |= mask
        elif char in "*+":
            self.destroyed |= mask
            self.filled |= mask
            if char == "+":
                self.ruins |= mask
        else:
            if char.islower():
                self.ruins |= mask
            self.draw(mask, _CHAR_TERRAIN[char.upper()])

    # ------------------------------------------------------------------ JSON

    def to_json(self) -> dict[str, Any]:
        return {
            "grid": self.to_text().split("\n"),
            "coins": self.coins,
            "attack": mask_names(self.attack),
            "monsters": {cid: mask_names(m) for cid, m in sorted(self.monster_ids.items())},
            "paid_mountains": mask_names(self.paid_mountains),
            "dragon_paid": self.dragon_paid,
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> MapSheet:
        sheet = cls.from_text("\n".join(field_names(data, "grid")))
        coins = field_int(data, "coins")
        if not 0 <= coins <= COIN_TRACK:
            raise NotationError(f"coins must be 0-{COIN_TRACK}, found {coins}")
        sheet.coins = coins
        sheet.attack = mask_from_names(field_names(data, "attack"))
        monsters = data["monsters"]
        if not isinstance(monsters, dict):
            raise NotationError("a map's monsters are an object: card id -> cells")
        sheet.monster_ids = {
            str(cid): mask_from_names(field_names(monsters, cid)) for cid in monsters
        }
        sheet.paid_mountains = mask_from_names(field_names(data, "paid_mountains"))
        sheet.dragon_paid = field_bool(data, "dragon_paid")
        return sheet

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, MapSheet):
            return NotImplemented
        return self.to_json() == other.to_json()

    __hash__ = None  # type: ignore[assignment]


# The terminal draws each cell two characters wide; these are the looks that are not simply a
# terrain letter and a space.
_SCREEN_CELLS = {"· ": ".", "r ": "r", "^^": "^", "##": "#", "* ": "*"}
_SCREEN_ROW = re.compile(r"^([A-K]) (.{22}) ([A-K])$")


def screen_to_notation(text: str) -> str:
    """A map copied from the terminal (rows like ``B · ^^· r · ·…  B`` inside the frame) in
    the file notation. The screen does not show ruins under a drawn terrain, so such a cell
    reads as the plain terrain; a cell of the shape being placed (``[]``) is refused."""
    rows = []
    for line in text.splitlines():
        found = _SCREEN_ROW.match(line.strip().strip("│").strip())
        if found is None:
            continue
        letter, cells, _ = found.groups()
        chars = []
        for col in range(SIZE):
            cell = cells[2 * col:2 * col + 2]
            char = _SCREEN_CELLS.get(cell)
            if char is None and cell[1] == " " and cell[0] in _CHAR_TERRAIN:
                char = cell[0]
            if char is None:
                raise NotationError(f"{cell!r} at {letter}{col + 1} is no map cell; copy the map "
                                    "without a shape being placed on it")
            chars.append(char)
        rows.append("".join(chars))
    return "\n".join(rows)
