"""The Cartographers action presenter: the placement editor a person drives with short typed
commands, and the reader that turns a typed line into its steps (or refuses it whole)."""

from __future__ import annotations

from dataclasses import dataclass

from rich.text import Text

from herotable.cartographers.actions import (
    CartographersAction,
    Destroy,
    Draw,
    DrawMonster,
    PlaceHero,
)
from herotable.cartographers.decisions import Decision
from herotable.cartographers.grid import SIZE, cell_name, cells, mask_names, parse_cell
from herotable.cartographers.shapes import MONO, Shape
from herotable.cartographers.sheet import MapSheet
from herotable.cartographers.view import CartographersView
from herotable.core.errors import HerotableError
from herotable.messages import refusal_text, say
from herotable.terminal.cartographers.render import (
    Overlay,
    cell_kind,
)
from herotable.terminal.words import term

MOVES = {"w": (-1, 0), "s": (1, 0), "a": (0, -1), "d": (0, 1)}
# Arrow keys reach a plain input() line as escape sequences; read them as w a s d.
ARROWS = {f"\x1b{lead}{key}": move for lead in "[O"
          for key, move in zip("ABCD", "wsda", strict=True)}

# ---------------------------------------------------------------------- the editor


@dataclass
class Editor:
    """The placement being built for one decision.

    ``row``/``col`` is the top-left of the shape's bounding box (for a hero or a destroy
    decision: the cell itself). ``orientation`` is :meth:`Shape.oriented`'s 0-7, or the
    hero's quarter turns 0-3. Its notes and descriptions are said in ``language``.
    """

    view: CartographersView  # the seat's view: its decision, legal cell sets, the maps
    player: int
    decision: Decision
    shapes: tuple[Shape, ...]
    terrains: tuple[str, ...]
    legal: frozenset[int]
    row: int = 0
    col: int = 0
    orientation: int = 0
    shape_index: int = 0
    terrain_index: int = 0
    language: str = "en"
    # Twice the centre the shape turns about; kept across turns so that turning a shape
    # whose centre falls between cells does not make it creep. Moving forgets it.
    pivot: tuple[int, int] | None = None

    @classmethod
    def start(cls, view: CartographersView, language: str = "en") -> Editor:
        """An editor for the viewing seat's decision, starting on a legal placement if any."""
        decision, legal, player = view.decision, view.legal, view.you
        assert decision is not None and legal is not None and player is not None, \
            "the seat owes no decision"
        # A hero or destroy decision picks one cell; its "terrain" is what the preview shows.
        shapes: tuple[Shape, ...] = (MONO,)
        terrains: tuple[str, ...] = ("hero",) if decision.kind == "hero" else ("destroyed",)
        if decision.kind == "draw":
            terrains = view.terrain_options_for(decision)
            if not decision.fallback:
                shapes = tuple(o.shape for o in view.cards.explore[decision.card].shapes)
        elif decision.kind == "monster":
            terrains = ("monster",)
            if not decision.fallback:
                shapes = (view.cards.ambushes[decision.card].shape,)
        masks = list(legal.masks)
        editor = cls(view, player, decision, shapes, terrains, frozenset(masks),
                     language=language)
        if masks:
            editor.go_to(editor.starting_mask(masks))
        return editor

    def starting_mask(self, masks: list[int]) -> int:
        """The card's first shape as printed in the middle of the map if it fits there,
        else the legal placement nearest the middle: the person then needs few moves to
        reach any spot, and confirming at once is always accepted."""
        middle = SIZE // 2
        shape = self.shapes[0]
        printed = shape.mask_at(middle - shape.height // 2, middle - shape.width // 2)
        if printed in self.legal:
            return printed

        def distance(mask: int) -> float:
            spots = list(cells(mask))
            row = sum(r for r, _ in spots) / len(spots)
            col = sum(c for _, c in spots) / len(spots)
            return (row - middle) ** 2 + (col - middle) ** 2

        # The first shape (the coin one on time-1 cards) is usually the one wanted.
        first_shape = [m for m in masks if m in shape.placement_set]
        return min(first_shape or masks, key=distance)  # min keeps the first of equals

    def go_to(self, mask: int) -> None:
        """Point the editor at a given cell set (one of the engine's placements)."""
        rows, cols = zip(*cells(mask), strict=True)
        self.row, self.col = min(rows), min(cols)
        if self.single_cell:
            return
        for i, shape in enumerate(self.shapes):
            for k in range(8):
                if shape.oriented(k).mask_at(self.row, self.col) == mask:
                    self.shape_index, self.orientation = i, k
                    return

    # ------------------------------------------------------------------ what it shows

    @property
    def kind(self) -> str:
        return self.decision.kind

    @property
    def single_cell(self) -> bool:
        """Hero and destroy decisions pick one cell; the orientation is not a shape's."""
        return self.kind in ("hero", "destroy")

    @property
    def terrain(self) -> str:
        return self.terrains[self.terrain_index]

    @property
    def shape(self) -> Shape:
        if self.single_cell:
            return MONO
        return self.shapes[self.shape_index].oriented(self.orientation)

    @property
    def mask(self) -> int:
        return self.shape.mask_at(self.row, self.col) or 0

    @property
    def sheet_index(self) -> int:
        return self.decision.sheet

    def attack(self) -> int:
        if self.kind != "hero":
            return 0
        hero = self.view.cards.heroes[self.decision.card]
        return hero.attack_mask(self.row, self.col, self.orientation)

    def overlay(self) -> Overlay:
        choices = self.decision.allowed if self.kind == "destroy" else 0
        return Overlay(self.mask, self.terrain, attack=self.attack(), choices=choices)

    def say(self, key: str, **params: object) -> str:
        return term(self.language, f"cartographers.editor.{key}", **params)

    def action(self) -> CartographersAction:
        if self.kind == "draw":
            return Draw(self.terrain, self.mask)
        if self.kind == "monster":
            return DrawMonster(self.mask)
        if self.kind == "hero":
            return PlaceHero(self.row, self.col, self.orientation)
        return Destroy(self.row, self.col)

    def problem(self) -> str | None:
        """Why the current placement would be refused, in words; None if it is legal."""
        if self.mask in self.legal:
            return None
        here = cell_name(self.row, self.col)
        if self.kind == "destroy":
            return self.say("not_destroyable", cell=here,
                            cells=", ".join(mask_names(self.decision.allowed)))
        sheet = self.view.sheets[self.sheet_index]
        clashes = [self._clash(sheet, r, c) for r, c in cells(self.mask & sheet.filled)]
        if clashes:
            return "; ".join(clashes)
        if self.decision.ruins and not self.decision.fallback and not (
                self.mask & sheet.ruins & ~sheet.filled):
            return self.say("needs_ruins")
        return self.say("not_allowed_here")

    def _clash(self, sheet: MapSheet, row: int, col: int) -> str:
        """Why a filled cell cannot be drawn over: "B2 is a mountain"."""
        kind = cell_kind(sheet, row, col)
        cell = cell_name(row, col)
        if kind in ("destroyed", "wasteland", "mountain"):
            return self.say(f"clash.{kind}", cell=cell)
        return self.say("clash.filled", cell=cell, terrain=say(self.language,
                                                               f"terrain.{kind}"))

    def describe(self) -> Text:
        """One line: what would be drawn where, and whether the rules allow it."""
        text = Text()
        if self.kind == "draw":
            text.append(say(self.language, f"terrain.{self.terrain}"), "bold")
            if len(self.shapes) > 1:
                text.append(f" · {self.say('shape', n=self.shape_index + 1)}")
            if self._gives_coin():
                text.append(f" ({term(self.language, 'cartographers.card.coin')})", "yellow")
        else:
            text.append(say(self.language, f"action_kind.{self.kind}"), "bold")
        text.append(f" {self.say('on', cells=' '.join(mask_names(self.mask)))}")
        if self.kind == "hero":
            attacked = " ".join(mask_names(self.attack())) or self.say("off_map")
            turned = self.say("attack", degrees=90 * self.orientation, cells=attacked)
            text.append(f" · {turned}")
        struck = self.attack() & self.view.sheets[self.sheet_index].monster
        if struck:
            text.append(f" · {self.say('strikes', cells=' '.join(mask_names(struck)))}",
                        "magenta")
        problem = self.problem()
        if problem is None:
            text.append(f"  ✔ {self.say('allowed')}", "bold green")
        else:
            text.append(f"  ✘ {self.say('not_allowed', reason=problem)}", "bold red")
        return text

    def _gives_coin(self) -> bool:
        if self.kind != "draw" or self.decision.fallback:
            return False
        return self.view.cards.explore[self.decision.card].shapes[self.shape_index].coin

    def hint(self) -> Text:
        """The commands that make sense for this decision."""
        parts = [("wasd", "move")]
        if self.kind == "destroy":
            parts = [("wasd", "next_choice")]
        elif self.kind == "hero":
            if self.view.config.hero_turns:
                parts.append(("r", "turn_attack"))
        elif len(self.shape.orientations) > 1:
            parts += [("r", "rotate"), ("m", "mirror")]
        if len(self.terrains) > 1:
            parts.append(("t", "terrain"))
        if len(self.shapes) > 1:
            parts.append(("f", "shape"))
        parts += [("C5", "jump"), ("c", "confirm"), ("?", "help"), ("quit", "quit")]
        text = Text()
        for key, what in parts:
            text.append(key, "bold cyan")
            text.append(f" {term(self.language, f'cartographers.hint.{what}')}  ", "dim")
        return text

    # ------------------------------------------------------------------ commands

    def move(self, d_row: int, d_col: int) -> str | None:
        if self.kind == "destroy":
            return self._step_to_choice(d_row, d_col)
        if self.shape.mask_at(self.row + d_row, self.col + d_col) is None:
            return self.say("edge")
        self.row += d_row
        self.col += d_col
        self.pivot = None
        return None

    def _step_to_choice(self, d_row: int, d_col: int) -> str | None:
        """Jump to the nearest allowed cell in that direction (straight ahead preferred)."""
        best: tuple[int, int, int] | None = None
        for r, c in cells(self.decision.allowed):
            ahead = (r - self.row) * d_row + (c - self.col) * d_col
            if ahead <= 0:
                continue
            aside = abs((r - self.row) * d_col) + abs((c - self.col) * d_row)
            candidate = (ahead + 2 * aside, r, c)
            best = candidate if best is None or candidate < best else best
        if best is None:
            return self.say("no_further")
        _, self.row, self.col = best
        return None

    def rotate(self) -> str | None:
        if self.kind == "destroy":
            return self.say("no_rotate")
        if self.kind == "hero":
            if not self.view.config.hero_turns:
                return self.say("hero_fixed")
            self.orientation = (self.orientation + 1) % 4
            return None
        turned = (self.orientation & 4) | ((self.orientation + 1) % 4)
        return self._reorient(turned)

    def mirror(self) -> str | None:
        if self.single_cell:
            turns = self.kind == "hero" and self.view.config.hero_turns
            return self.say("no_mirror_turns" if turns else "no_mirror")
        # Flipping left-right after k quarter turns equals mirroring first, then -k turns.
        flipped = ((self.orientation & 4) ^ 4) | (-self.orientation % 4)
        return self._reorient(flipped)

    def _reorient(self, orientation: int) -> str | None:
        """Change the orientation keeping the shape's centre where it was."""
        if self.pivot is None:
            old = self.shape
            self.pivot = (2 * self.row + old.height - 1, 2 * self.col + old.width - 1)
        self.orientation = orientation
        new = self.shape
        self.row = (self.pivot[0] - new.height + 1) // 2
        self.col = (self.pivot[1] - new.width + 1) // 2
        self._keep_on_map()
        return None

    def next_terrain(self) -> str | None:
        if len(self.terrains) == 1:
            return self.say("one_terrain", terrain=say(self.language, f"terrain.{self.terrain}"))
        self.terrain_index = (self.terrain_index + 1) % len(self.terrains)
        return None

    def next_shape(self) -> str | None:
        if len(self.shapes) == 1:
            return self.say("one_shape")
        self.shape_index = (self.shape_index + 1) % len(self.shapes)
        self.orientation = 0
        self.pivot = None
        self._keep_on_map()
        return None

    def jump(self, row: int, col: int) -> str | None:
        self.row, self.col = row, col
        self.pivot = None
        if self._keep_on_map():
            return self.say("pulled_in", cell=cell_name(self.row, self.col))
        return None

    def _keep_on_map(self) -> bool:
        """Pull the shape back inside the map; True if it had to move."""
        shape = self.shape
        row = max(0, min(self.row, SIZE - shape.height))
        col = max(0, min(self.col, SIZE - shape.width))
        moved = (row, col) != (self.row, self.col)
        self.row, self.col = row, col
        return moved


# ---------------------------------------------------------------------- reading a line

CONFIRM = "confirm"
CONFIRM_WORDS = ("c", "ok", "confirm")
STEP_KEYS = frozenset("wasdrmtf?")
Step = str | tuple[int, int]  # a key of STEP_KEYS, CONFIRM, or a cell to jump to



def read_steps(words: list[str], language: str = "en") -> tuple[list[Step], str | None]:
    """A typed line as editor steps, or a reason to refuse all of it.

    A word is a run of keys (``ddr``) and cell names (``C3``, ``C3r``, ``D2d``): a letter
    followed by digits is always a cell. ``c``, ``ok`` or ``confirm`` on its own confirms,
    and only as the last word; a ``c`` inside a word is refused, so a typing slip never
    confirms a placement.
    """
    steps: list[Step] = []
    for index, word in enumerate(words):
        lower = word.lower()
        if lower in CONFIRM_WORDS:
            if index != len(words) - 1:
                return [], term(language, "cartographers.line.confirm_last", word=word)
            steps.append(CONFIRM)
            continue
        at = 0
        while at < len(lower):
            key = lower[at]
            end = at + 1
            while end < len(lower) and lower[end].isdecimal():
                end += 1
            if end > at + 1 and key.isalpha():
                try:
                    steps.append(parse_cell(word[at:end]))
                except HerotableError as exc:
                    return [], refusal_text(exc, language)
            elif key in STEP_KEYS:
                steps.append(key)
                end = at + 1
            elif key == "c" and end == len(lower) and at > 0:
                return [], term(language, "cartographers.line.confirm_alone", word=word,
                                fixed=f"{word[:-1]} c")
            else:
                problem = "unknown_key" if "\x1b" in word else "unknown_word"
                return [], term(language, f"cartographers.line.{problem}", word=word)
            at = end
    return steps, None
