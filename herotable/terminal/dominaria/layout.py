"""The Dominaria map drawn as a picture (locations placed by the pack's layout, links and
Leylines between them) and as a table."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field

from rich import box
from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from herotable.dominaria.pack import Pack
from herotable.dominaria.view import DominariaView
from herotable.messages import say
from herotable.terminal.dominaria.presenter import location_number
from herotable.terminal.dominaria.render import (
    ARTIFACT_GLYPH,
    CABAL_GLYPH,
    COLOUR_STYLES,
    LAYOUT_HEIGHT,
    LAYOUT_WIDTH,
    LEYLINE_GLYPH,
    LINK_GLYPH,
    LINK_STYLE,
    MANA_GLYPH,
    MANALITH_GLYPH,
    MAP_HEIGHT,
    MAP_MARGIN,
    MAP_WIDTH,
    PLAYER_INKS,
    START_GLYPH,
    location_name,
    place,
    player_tag,
    seat_name,
    words,
)

# ---------------------------------------------------------------------- the map picture


@dataclass
class Canvas:
    """A grid of styled characters; labels claim their cells so nothing draws over them."""

    width: int
    height: int
    chars: list[list[str]] = field(init=False)
    styles: list[list[str]] = field(init=False)
    claimed: set[tuple[int, int]] = field(default_factory=set)

    def __post_init__(self) -> None:
        self.chars = [[" "] * self.width for _ in range(self.height)]
        self.styles = [[""] * self.width for _ in range(self.height)]

    def put(self, row: int, col: int, char: str, style: str) -> None:
        if 0 <= row < self.height and 0 <= col < self.width:
            self.chars[row][col] = char
            self.styles[row][col] = style

    def write(self, row: int, col: int, text: Text) -> None:
        """Write a one-line Text, keeping its styles, and claim its cells."""
        for offset, (char, style) in enumerate(styled_chars(text)):
            self.put(row, col + offset, char, style)
            self.claimed.add((row, col + offset))

    def claim(self, row: int, col: int, width: int, height: int) -> None:
        self.claimed |= {(r, c) for r in range(row, row + height)
                         for c in range(col, col + width)}

    def is_free(self, row: int, col: int, width: int, height: int) -> bool:
        inside = 0 <= row <= self.height - height and 0 <= col <= self.width - width
        return inside and not any((r, c) in self.claimed for r in range(row, row + height)
                                  for c in range(col, col + width))

    def lines(self) -> list[Text]:
        result = []
        for chars, styles in zip(self.chars, self.styles, strict=True):
            line = Text()
            for char, style in zip(chars, styles, strict=True):
                line.append(char, style or None)
            line.rstrip()  # in place: trailing blanks would only widen the panel
            result.append(line)
        return result


def styled_chars(text: Text) -> Iterator[tuple[str, str]]:
    """Each character of a Text with the style it is drawn in (spans resolved)."""
    plain = text.plain
    styles = [str(text.style or "")] * len(plain)
    for span in text.spans:
        for i in range(span.start, min(span.end, len(plain))):
            styles[i] = str(span.style)
    yield from zip(plain, styles, strict=True)


def line_cells(a: tuple[int, int], b: tuple[int, int]) -> list[tuple[int, int]]:
    """Bresenham's line from a to b, both ends included, as (row, col) cells."""
    (r0, c0), (r1, c1) = a, b
    dr, dc = abs(r1 - r0), -abs(c1 - c0)
    step_r, step_c = (1 if r1 > r0 else -1), (1 if c1 > c0 else -1)
    error = dr + dc
    cells = []
    while True:
        cells.append((r0, c0))
        if (r0, c0) == (r1, c1):
            return cells
        double = 2 * error
        if double >= dc:
            error += dc
            r0 += step_r
        if double <= dr:
            error += dr
            c0 += step_c


def anchor(pack: Pack, location: str) -> tuple[int, int]:
    """Where a location's label is centred on the canvas, as (row, col)."""
    loc = pack.locations[location]
    col = MAP_MARGIN + round(loc.x * (MAP_WIDTH - 2 * MAP_MARGIN - 1) / LAYOUT_WIDTH)
    row = round(loc.y * (MAP_HEIGHT - 2) / LAYOUT_HEIGHT)
    return row, col


def location_label(view: DominariaView, location: str,
                   language: str = "en") -> tuple[Text, Text]:
    """Two lines: name, colour letter and mana tokens; then Heroes, Manaliths and tokens."""
    pack = view.pack
    loc = pack.locations[location]
    style = COLOUR_STYLES[loc.colour]
    name = Text(f"{location_number(view, location)} ", "dim")
    name.append(location_name(pack, location, language), style)
    if loc.start:
        name.append(START_GLYPH, "bold")
    name.append(f" {loc.colour}", "bold reverse " + style.replace("bold ", ""))
    mana = view.map_mana[location]
    if mana:
        name.append(" " + (MANA_GLYPH * mana if mana <= 4 else f"{MANA_GLYPH}{mana}"), style)
    return name, pieces_text(view, location)


def pieces_text(view: DominariaView, location: str) -> Text:
    """Heroes (player digits), Manaliths (▲ + digit), Cabal and artifact tokens at a place."""
    text = Text()
    for player, state in enumerate(view.boards):
        heroes = state.heroes.count(location)
        if heroes:  # one tag per player, with a count: "1 2×2", never "122"
            text.append(" " if text else "")
            text.append_text(player_tag(player))
            if heroes > 1:
                text.append(f"×{heroes}", "bold")
    for player, state in enumerate(view.boards):
        if location in state.manaliths:
            text.append(" " if text else "")
            text.append(MANALITH_GLYPH, "bold")
            text.append_text(player_tag(player))
    for glyph, count, style in ((CABAL_GLYPH, view.cabal_tokens.get(location, 0), "bold red"),
                                (ARTIFACT_GLYPH, view.artifact_tokens.get(location, 0),
                                 "bold yellow")):
        if count:
            text.append(" " if text else "")
            text.append(glyph if count == 1 else f"{glyph}{count}", style)
    return text


@dataclass(frozen=True, slots=True)
class Spot:
    """Where a label sits on the canvas: its top-left cell and the width it claims."""

    top: int
    left: int
    width: int

    @property
    def centre(self) -> tuple[int, int]:
        return self.top, self.left + self.width // 2


# Where to try a label when its own spot is taken: a row down or up, then sideways.
LABEL_NUDGES = ((0, 0), (1, 0), (-1, 0), (0, 4), (0, -4), (2, 0), (-2, 0), (1, 6), (1, -6),
                (-1, 6), (-1, -6))


def label_spots(view: DominariaView, labels: dict[str, tuple[Text, Text]],
                language: str = "en") -> dict[str, Spot]:
    """Each label centred on its location, nudged off any label already placed. The room a
    label claims allows for a few mana tokens, so labels keep their place as mana comes and
    goes."""
    pack = view.pack
    taken = Canvas(MAP_WIDTH, MAP_HEIGHT)
    spots: dict[str, Spot] = {}
    for location in sorted(pack.locations, key=lambda i: anchor(pack, i)):
        name, pieces = labels[location]
        width = max(len(location_name(pack, location, language)) + 9, len(name) + 2,
                    len(pieces) + 2)
        row, col = anchor(pack, location)
        top, left = min(row, MAP_HEIGHT - 2), col - width // 2
        for d_row, d_col in LABEL_NUDGES:
            spot = (top + d_row, min(max(left + d_col, 0), MAP_WIDTH - width))
            if taken.is_free(*spot, width, 2):
                top, left = spot
                break
        left = min(max(left, 0), MAP_WIDTH - width)
        taken.claim(top, left, width, 2)
        spots[location] = Spot(top, left, width)
    return spots


def draw_links(canvas: Canvas, view: DominariaView, spots: dict[str, Spot]) -> None:
    """Dotted lines for the links. A link carrying Leylines is drawn in stars of its first
    owner's colour with every owner's digit half-way along (plain digits: a digit on a
    coloured background is a Hero)."""
    pack = view.pack
    for link in pack.links:
        owners = [p for p, s in enumerate(view.boards)
                  if pack.link_key(link.a, link.b) in s.leylines]
        style = f"bold {PLAYER_INKS[owners[0]]}" if owners else LINK_STYLE
        glyph = LEYLINE_GLYPH if owners else LINK_GLYPH
        cells = line_cells(spots[link.a].centre, spots[link.b].centre)
        for row, col in cells:
            canvas.put(row, col, glyph, style)
        row, col = cells[len(cells) // 2]
        for offset, owner in enumerate(owners):
            canvas.put(row, col + offset, str(owner + 1), f"bold {PLAYER_INKS[owner]}")


def draw_labels(canvas: Canvas, labels: dict[str, tuple[Text, Text]],
                spots: dict[str, Spot]) -> None:
    for location, spot in spots.items():
        for line, text in enumerate(labels[location]):
            if text:  # one blank each side, so no link dot touches the text
                canvas.write(spot.top + line, spot.left + (spot.width - len(text)) // 2 - 1,
                             Text(" ").append_text(text).append(" "))


def map_picture(view: DominariaView, language: str = "en") -> Panel:
    labels = {location: location_label(view, location, language)
              for location in view.pack.locations}
    spots = label_spots(view, labels, language)
    canvas = Canvas(MAP_WIDTH, MAP_HEIGHT)
    draw_links(canvas, view, spots)
    draw_labels(canvas, labels, spots)
    lines = canvas.lines()
    while lines and not lines[-1].plain:
        lines.pop()
    while lines and not lines[0].plain:
        lines.pop(0)
    return Panel(Group(*lines), title=say(language, "dom.map.title"), title_align="left",
                 box=box.ROUNDED, padding=(0, 1), expand=False,
                 subtitle=map_legend(view, language), subtitle_align="left")


def map_legend(view: DominariaView, language: str = "en") -> Text:
    text = Text(" ")
    for player in range(view.num_players):
        text.append_text(player_tag(player))
        text.append(f" {seat_name(view, player, language)}  ")
    for glyph, key in ((MANA_GLYPH, "mana"), (MANALITH_GLYPH, "manalith"),
                       (CABAL_GLYPH, "cabal"), (ARTIFACT_GLYPH, "artifact")):
        text.append(f"{glyph} {words(language, f'legend.{key}')}  ")
    text.append(LEYLINE_GLYPH * 3, f"bold {PLAYER_INKS[0]}")
    text.append(f" {words(language, 'legend.leyline')}  ")
    text.append(START_GLYPH, "bold")
    text.append(f" {say(language, 'dom.map.start')} ")
    return text


TABLE_SPLIT_WIDTH = 150  # from this width the location table is two tables side by side


def location_table(view: DominariaView, width: int = 0,
                   language: str = "en") -> RenderableType:
    """The map as a table: each location's number, what is at it and the numbers of the
    locations it links to; in two halves side by side on a wide terminal, so that it takes
    half the rows."""
    pack = view.pack
    rows = []
    for location, loc in pack.locations.items():
        name = place(pack, location, language)
        if loc.start:
            name.append(f" {START_GLYPH} {words(language, 'table.start')}", "dim")
        mana = Text(f"{loc.colour} {view.map_mana[location]}", COLOUR_STYLES[loc.colour])
        neighbours = " ".join(str(n) for n in sorted(location_number(view, other)
                                                      for other in pack.adjacency[location]))
        rows.append((str(location_number(view, location)), location, name, mana,
                     pieces_text(view, location), neighbours))
    halves = [rows] if width < TABLE_SPLIT_WIDTH else [rows[:(len(rows) + 1) // 2],
                                                        rows[(len(rows) + 1) // 2:]]
    tables = []
    for part in halves:
        table = Table("#", "id", *(words(language, f"table.{column}") for column in
                                   ("location", "mana", "pieces", "links")),
                      box=box.SIMPLE_HEAD, padding=(0, 1))
        for row in part:
            table.add_row(*row)
        tables.append(table)
    grid = Table.grid(padding=(0, 2))
    grid.add_row(*tables)
    return Group(Text(words(language, "table.title"), "bold"), grid)
