"""Playing the Cartographers table as a person does: the pointer and the keys (R turns, M
mirrors, arrows move, 1-9 pick a shape, A S D F G a terrain, Enter confirms) on the page.

The API is read to know which placements are legal (a person sees that on the map); the page
is then driven to one of them, checking on the way what it draws: the shape's outline (the
"ghost") turns a quarter clockwise on R, the hint names the terrain and cells the page will
send, and the action is only ever sent by the page itself."""

from __future__ import annotations

import json
import random
import re
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from playwright.sync_api import Locator, Page, expect

from tests.web.conftest import Api

ROWS = "ABCDEFGHIJK"
SIZE = 11
MARGIN = 7  # the big map's margin for its row and column labels, in SVG units
CELL = 10
STATIC = Path(__file__).resolve().parents[2] / "herotable" / "web" / "static"
MESSAGES = Path(__file__).resolve().parents[2] / "herotable" / "messages"
Cells = tuple[tuple[int, int], ...]  # [x, y] offsets (the API gives [row, col]: read swapped)


def messages(language: str) -> dict[str, Any]:
    found: dict[str, Any] = json.loads((MESSAGES / f"{language}.json").read_text("utf-8"))
    return found


EN = messages("en")


def text(key: str, language: dict[str, Any] = EN, **params: Any) -> str:
    """A catalogue message with ``{name}`` filled in (the client's t(), plurals aside but
    English's: "one" for 1 and -1, as Intl.PluralRules chooses, so "-1 star")."""
    node: Any = language
    for part in key.split("."):
        node = node[part]
    if isinstance(node, dict):
        node = node["one" if params.get("count") in (1, -1) else "other"]
    return re.sub(r"\{(\w+)\}", lambda m: str(params.get(m.group(1), m.group(0))), node)


def action_words(action: str, language: dict[str, Any] = EN) -> str:
    """The page's words for an action ("draw forest A1 A2" -> "Forest: A1 A2"), as the hint
    shows it."""
    verb, *rest = action.split()
    terrain = {"draw": rest[0], "monster": "monster", "hero": "hero",
               "destroy": "destroyed"}[verb]
    cells = [w for w in (rest[1:] if verb == "draw" else rest) if not re.fullmatch(r"r\d+", w)]
    return text("controls.action", language, what=text(f"terrain.{terrain}", language),
                cells=" ".join(cells))


def cell_name(row: int, col: int) -> str:
    return f"{ROWS[row]}{col + 1}"


def parse_cell(name: str) -> tuple[int, int]:
    return ROWS.index(name[0]), int(name[1:]) - 1


def normalize(cells: Any) -> Cells:
    min_x = min(x for x, _ in cells)
    min_y = min(y for _, y in cells)
    return tuple(sorted((x - min_x, y - min_y) for x, y in cells))


def turned(cells: Cells) -> Cells:
    """A quarter turn clockwise on screen axes (x right, y down)."""
    return normalize([(-y, x) for x, y in cells])


def orientations(cells: Cells) -> set[Cells]:
    found = set()
    for start in (normalize(cells), normalize([(-x, y) for x, y in cells])):
        for _ in range(4):
            found.add(start)
            start = turned(start)
    return found


def grip(pattern: Cells) -> tuple[int, int]:
    """The cell of a pattern the pointer holds: the one nearest its middle (first on ties)."""
    w = max(x for x, _ in pattern)
    h = max(y for _, y in pattern)
    return min(pattern, key=lambda c: (c[0] - w / 2) ** 2 + (c[1] - h / 2) ** 2)


def cells_text(cells: list[tuple[int, int]]) -> str:
    return " ".join(cell_name(r, c) for r, c in sorted(cells))


def other_button(page: Page, name: str) -> Locator:
    """The button of ``name``'s small map among "all maps", found by the name it shows: what
    another seat is doing, beside it, may name this one ("drawing a monster on Bob's map")."""
    return page.locator(".others button.other").filter(
        has=page.locator(".other-name", has_text=name))


def animation_name(page: Page, selector: str) -> str:
    """The CSS animation of the first element ``selector`` finds, read in the page as soon as
    there is one: a notice or a flash can be gone before a second call could read it."""
    found = page.wait_for_function(
        "s => { const e = document.querySelector(s);"
        " return e && getComputedStyle(e).animationName; }", arg=selector)
    return str(found.json_value())


def terrains(svg: Locator) -> dict[str, str]:
    """The terrain each cell of a drawn map shows, by cell name."""
    pairs: list[list[str]] = svg.locator("use[data-cell]").evaluate_all(
        "els => els.map(e => [e.dataset.cell, e.getAttribute('href').slice(3)])")
    return dict((cell, terrain) for cell, terrain in pairs)


def filled(svg: Locator) -> int:
    """How many cells of a drawn map someone has drawn on (not empty, not mountain)."""
    return sum(t not in ("empty", "mountain") for t in terrains(svg).values())


@dataclass
class Target:
    """One legal placement: the pattern, its top-left corner, and what the page should send."""

    kind: str
    pattern: Cells
    corner: tuple[int, int]
    action: str
    shape: int = 0
    terrain: str | None = None
    turn: int = 0

    @property
    def pointer(self) -> tuple[int, int]:
        """The cell to point at so that the pattern lands on ``corner``."""
        gx, gy = grip(self.pattern)
        return self.corner[0] + gy, self.corner[1] + gx


class Table:
    """One seat's table in one page."""

    def __init__(self, page: Page, api: Api, game_id: str, token: str, seed: int = 1) -> None:
        self.page = page
        self.api = api
        self.game_id = game_id
        self.token = token
        self.rng = random.Random(seed)
        self.turns_pressed = 0
        self.mirrors_pressed = 0
        self.terrain_keys: list[str] = []  # terrain keys pressed, as their buttons show them
        self.done: list[str] = []

    # ---------------------------------------------------------------- reading the page

    @property
    def big_map(self) -> Locator:
        return self.page.locator("svg.map.big")

    @property
    def controls(self) -> Locator:
        return self.page.get_by_role("group", name=text("controls.label"))

    @property
    def hint(self) -> Locator:
        return self.controls.locator(".hint")

    def ghost(self) -> Cells:
        """The cells of the shape being placed, as the big map draws them, normalized."""
        boxes = self.big_map.locator("g.ghost rect.ghost-edge").evaluate_all(
            "els => els.map(e => [Number(e.getAttribute('x')), Number(e.getAttribute('y'))])")
        assert boxes, "the page draws no shape to place"
        return normalize([(round((x - 0.5 - MARGIN) / CELL), round((y - 0.5 - MARGIN) / CELL))
                          for x, y in boxes])

    def settle(self) -> None:
        """Let the page run its effects (a new decision resets the shape after it renders)."""
        self.page.evaluate("() => new Promise((done) => requestAnimationFrame(() =>"
                           " requestAnimationFrame(() => setTimeout(done, 30))))")

    # ---------------------------------------------------------------- acting

    def click_cell(self, row: int, col: int) -> None:
        """Press the pointer on a cell of the big map (where the cell is drawn on screen)."""
        box = self.big_map.locator(f'[data-cell="{cell_name(row, col)}"]').bounding_box()
        assert box is not None
        self.page.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)

    def press(self, key: str) -> None:
        self.page.keyboard.press(key)

    def choose(self, state: dict[str, Any]) -> Target:
        """A legal placement of the seat's decision, at random, and the shape it uses."""
        legal = state["view"]["legal"]
        kind = legal["kind"]
        if kind in ("hero", "destroy"):
            action = self.rng.choice(state["legal"])
            parts = action.split()
            row, col = parse_cell(parts[1])
            turn = int(parts[2][1:]) if kind == "hero" else 0
            return Target(kind, ((0, 0),), (row, col), action, turn=turn)
        shapes = self.shapes(state)
        group = self.rng.choice(legal["shapes"])
        pattern = normalize([(c, r) for r, c in group["cells"]])
        corner = parse_cell(self.rng.choice(group["at"]))
        shape = next(i for i, s in enumerate(shapes) if pattern in orientations(s))
        cells = [(corner[0] + y, corner[1] + x) for x, y in pattern]
        if kind == "monster":
            return Target(kind, pattern, corner, f"monster {cells_text(cells)}", shape)
        terrain = self.rng.choice(legal["terrains"])
        return Target(kind, pattern, corner, f"draw {terrain} {cells_text(cells)}", shape,
                      terrain)

    def shapes(self, state: dict[str, Any]) -> list[Cells]:
        """The shapes the page offers (buttons 1-9), from the card catalogue."""
        view = state["view"]
        card_id = view["legal"]["card"]
        catalog = self.api.catalog()
        if view["legal"]["kind"] == "monster":
            return [normalize([(c, r) for r, c in catalog["ambushes"][card_id]["cells"]])]
        if view["decision"].get("fallback") or card_id not in catalog["explore"]:
            return [((0, 0),)]
        return [normalize([(c, r) for r, c in s["cells"]])
                for s in catalog["explore"][card_id]["shapes"]]

    def decide(self, index: int, before_confirm: Callable[[str], object] | None = None,
               refused: bool = False) -> str:
        """Make the seat's decision through the page; returns the action sent.
        ``before_confirm(action)`` runs once the page offers the action, before it is sent;
        ``refused``: the server is to refuse it (a test changed it on its way), so the page
        stays at this decision."""
        state = self.api.state(self.game_id, self.token)
        assert state["legal"], "the seat owes no decision"
        target = self.choose(state)
        assert target.action in state["legal"], target
        expect(self.controls).to_be_visible()
        self.settle()
        if target.kind in ("draw", "monster"):
            self.orient(target, state)
        if target.kind == "hero":
            self.turn_hero(target)
        if target.terrain is not None and len(state["view"]["legal"]["terrains"]) > 1:
            self.pick_terrain(target.terrain, state["view"]["legal"]["terrains"], index)
        ready = text("controls.ready", action=action_words(target.action))
        row, col = target.pointer
        if index % 2 == 0 or target.kind == "destroy":
            self.click_cell(row, col)
        else:  # point near the spot, then walk there with the arrow keys
            start = (min(SIZE - 1, max(0, row + self.rng.choice((-2, -1, 1, 2)))),
                     min(SIZE - 1, max(0, col + self.rng.choice((-2, -1, 1, 2)))))
            self.click_cell(*start)
            for _ in range(abs(row - start[0])):
                self.press("ArrowDown" if row > start[0] else "ArrowUp")
            for _ in range(abs(col - start[1])):
                self.press("ArrowRight" if col > start[1] else "ArrowLeft")
        expect(self.hint).to_have_text(ready)
        if before_confirm is not None:
            before_confirm(target.action)
        with self.page.expect_response(lambda r: "/actions" in r.url) as answer:
            how = index % 3
            if how == 0:
                self.press("Enter")
            elif how == 1:
                self.controls.get_by_role("button", name=re.compile(text("controls.confirm")))\
                    .click()
            else:  # the same cell again confirms
                self.click_cell(row, col)
        assert answer.value.status == (422 if refused else 200), answer.value.text()
        if refused:
            return target.action
        self.done.append(target.action)
        # The page has moved on: the hint no longer offers the action just made.
        expect(self.page.get_by_text(ready)).to_have_count(0)
        return target.action

    def orient(self, target: Target, state: dict[str, Any]) -> None:
        """Pick the shape (1-9), then turn (R) and mirror (M) until the ghost matches."""
        shapes = self.shapes(state)
        if len(shapes) > 1:
            buttons = self.controls.locator(".shape-btn")
            expect(buttons).to_have_count(len(shapes))
            if buttons.nth(target.shape).get_attribute("aria-pressed") != "true":
                self.press(str(target.shape + 1))
                expect(buttons.nth(target.shape)).to_have_attribute("aria-pressed", "true")
        now = self.ghost()
        for step in range(8):
            if now == target.pattern:
                return
            if step == 3:
                self.press("m")
                self.mirrors_pressed += 1
                self.settle()
                now = self.ghost()
            else:
                self.press("r")
                self.turns_pressed += 1
                now = self.wait_ghost(turned(now))
        raise AssertionError(f"R and M never showed {target.pattern}; the ghost is {now}")

    def wait_ghost(self, expected: Cells) -> Cells:
        """R turns the shape a quarter clockwise: the ghost shows exactly that."""
        for _ in range(50):
            if self.ghost() == expected:
                return expected
            self.page.wait_for_timeout(20)
        raise AssertionError(f"R did not turn the shape clockwise: {self.ghost()} != {expected}")

    def turn_hero(self, target: Target) -> None:
        note = self.controls.locator(".turn-note")
        wanted = text("controls.hero_turn", degrees=target.turn)
        for _ in range(4):
            if note.inner_text() == wanted:
                return
            self.press("r")
            self.turns_pressed += 1
            self.page.wait_for_timeout(30)
        expect(note).to_have_text(wanted)

    def pick_terrain(self, terrain: str, terrains: list[str], index: int) -> None:
        where = terrains.index(terrain)
        button = self.controls.locator(f".terrain-btn.t-{terrain}")
        if index % 2:
            # The key its button shows picks it: never a command key (R turns, M mirrors,
            # digits pick a shape), whichever of up to five terrains it is.
            keys = self.controls.locator(".terrain-btn .key").all_inner_texts()
            assert len(keys) == len(terrains) and len(set(keys)) == len(keys), keys
            assert all(re.fullmatch(r"[A-Z]", k) and k not in "RM" for k in keys), keys
            shape = self.ghost()
            # Four or five on offer (Kethra's Gates, the 1x1 fallback): every key in turn.
            for i in [*(range(len(terrains)) if len(terrains) >= 4 else ()), where]:
                self.press(keys[i].lower())
                self.terrain_keys.append(keys[i])
                expect(self.controls.locator(".terrain-btn").nth(i)).to_have_attribute(
                    "aria-pressed", "true")
            assert self.ghost() == shape, "a terrain key turned or mirrored the shape"
        else:
            button.click()
        expect(button).to_have_attribute("aria-pressed", "true")
