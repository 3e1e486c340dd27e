"""Rich renderables for a Cartographers Heroes view: the map, the card, the status, scores.

Everything here is a pure function of the game state (and of an optional preview), so the
play loop decides what to show and when, and tests can render without any input.

Each map cell is two characters wide: terminal characters are about twice as tall as wide,
so two of them make a square and the map keeps its shape on screen.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from rich import box
from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.style import Style
from rich.table import Table
from rich.text import Text

from herotable.cartographers.actions import (
    CartographersAction,
    Destroy,
    Draw,
    DrawMonster,
    PlaceHero,
)
from herotable.cartographers.cards import (
    AmbushCard,
    ExploreCard,
    HeroCard,
    RuinsCard,
    ScoringCard,
    all_ambushes,
    all_scoring_cards,
    map_sides,
    titles,
)
from herotable.cartographers.config import EDICTS, GameConfig
from herotable.cartographers.decisions import Decision
from herotable.cartographers.grid import ROW_LETTERS, SIZE, bit, cell_name, mask_names
from herotable.cartographers.shapes import MONO, Shape
from herotable.cartographers.sheet import COIN_TRACK, MapSheet
from herotable.cartographers.view import CartographersView
from herotable.messages import message, say
from herotable.terminal.words import term

# What each kind of cell looks like: two characters and a style. The letters are the map
# files' (F V P W X H, ^ mountain, # wasteland, r ruins, * destroyed; an empty cell is . in a
# file), so a map read off the screen is written the same way; the colour does the real work.
CELL_LOOK: dict[str, tuple[str, str]] = {
    "empty": ("· ", "grey50"),
    "ruins": ("r ", "bold gold1 on grey23"),
    "forest": ("F ", "bold black on green4"),
    "village": ("V ", "bold white on red3"),
    "farm": ("P ", "bold black on gold3"),
    "water": ("W ", "bold white on dodger_blue3"),
    "monster": ("X ", "bold white on purple"),
    "hero": ("H ", "bold black on bright_cyan"),
    "mountain": ("^^", "bold grey93 on orange4"),
    "wasteland": ("##", "grey39 on grey11"),
    "destroyed": ("* ", "bold red on grey15"),
}
LEGEND_ORDER = ("forest", "village", "farm", "water", "monster", "hero", "mountain",
                "wasteland", "ruins", "destroyed", "empty")

ATTACKED = Style(underline=True)  # a hero's attack cell: subtle, on top of whatever is there
ATTACKED_EMPTY_BG = Style(bgcolor="grey19")
PREVIEW_GLYPH = "[]"
# The shape being placed: a brighter shade of its terrain, so it stands out from drawn cells.
PREVIEW_LOOK = {
    "forest": "bold black on green1",
    "village": "bold black on indian_red1",
    "farm": "bold black on yellow1",
    "water": "bold black on deep_sky_blue1",
    "monster": "bold black on orchid1",
    "hero": "bold black on bright_white",
    "destroyed": "bold bright_white on red1",
}
CLASH_LOOK = ("!!", "bold yellow on red")  # preview cell on a filled cell
PREVIEW_ATTACK_LOOK = ("++", "bold bright_cyan")
CHOICE_BG = Style(bgcolor="grey35")  # empty cells a destroy decision may pick
SHAPE_CELL = "[]"

@dataclass(frozen=True, slots=True)
class Overlay:
    """A placement being edited, drawn over the map.

    ``cells`` are drawn highlighted in ``terrain``; those on filled cells show as clashes,
    except for ``terrain == "destroyed"`` (destroying a filled cell is the point). ``attack``
    marks a hero's attack cells, ``choices`` the cells a decision may pick from.
    """

    cells: int
    terrain: str
    attack: int = 0
    choices: int = 0


# ---------------------------------------------------------------------- the map


def cell_kind(sheet: MapSheet, row: int, col: int) -> str:
    """What a cell shows: a terrain, or empty / ruins / wasteland / destroyed."""
    b = bit(row, col)
    if sheet.destroyed & b:
        return "destroyed"
    if sheet.wasteland & b:
        return "wasteland"
    terrain = sheet.terrain_at(row, col)
    if terrain is not None:
        return terrain
    return "ruins" if sheet.ruins & b else "empty"


def _cell_text(sheet: MapSheet, row: int, col: int, overlay: Overlay | None) -> Text:
    b = bit(row, col)
    kind = cell_kind(sheet, row, col)
    glyph, style_name = CELL_LOOK[kind]
    style = Style.parse(style_name)
    if sheet.attack & b:
        # An underline alone hardly shows on an empty cell, so those get a dim background.
        style += (ATTACKED_EMPTY_BG + ATTACKED) if kind in ("empty", "ruins") else ATTACKED
    if overlay is None:
        return Text(glyph, style)
    if overlay.choices & b:
        # Keep the terrain's colour (a choosable cell may be filled) and flag it with "?".
        glyph = glyph[0] + "?"
        style += CHOICE_BG if kind in ("empty", "ruins") else Style(bold=True)
    if overlay.cells & b:
        if overlay.terrain != "destroyed" and sheet.filled & b:
            glyph, style_name = CLASH_LOOK
            return Text(glyph, style_name)
        return Text(PREVIEW_GLYPH, PREVIEW_LOOK[overlay.terrain])
    if overlay.attack & b:
        glyph = PREVIEW_ATTACK_LOOK[0] if kind in ("empty", "ruins") else glyph
        return Text(glyph, style + Style.parse(PREVIEW_ATTACK_LOOK[1]))
    return Text(glyph, style)


def _column_header() -> Text:
    # Alternate two styles so that "10" and "11" do not run together.
    header = Text("  ")
    for col in range(SIZE):
        header.append(f"{col + 1:<2}", "bold" if col % 2 == 0 else "dim")
    return header


def map_view(sheet: MapSheet, overlay: Overlay | None = None, title: str = "") -> Panel:
    """The 11x11 map framed by row letters A-K and column numbers 1-11."""
    lines = [_column_header()]
    for row in range(SIZE):
        line = Text(f"{ROW_LETTERS[row]} ", "bold")
        for col in range(SIZE):
            line.append_text(_cell_text(sheet, row, col, overlay))
        line.append(f" {ROW_LETTERS[row]}", "bold")
        lines.append(line)
    lines.append(_column_header())
    return Panel(Group(*lines), title=title or None, expand=False, box=box.ROUNDED,
                 padding=(0, 1))


def legend(columns: int = 3, language: str = "en") -> Table:
    """What each cell look means, in a few short columns."""
    grid = Table.grid(padding=(0, 2))
    for _ in range(columns):
        grid.add_column()
    entries = [Text.assemble(CELL_LOOK[kind], f" {say(language, f'terrain.{kind}')}")
               for kind in LEGEND_ORDER]
    entries.append(Text.assemble(("F ", Style.parse(CELL_LOOK["forest"][1]) + ATTACKED),
                                 f" {term(language, 'cartographers.attacked')}"))
    for start in range(0, len(entries), columns):
        grid.add_row(*entries[start:start + columns])
    return grid


# ---------------------------------------------------------------------- cards


def shape_grid(shape: Shape, terrain: str | None = None) -> Text:
    """A shape as a small grid of two-character cells, in a terrain's colour if given."""
    present = set(shape.cells)
    style = CELL_LOOK[terrain][1] if terrain else "bold black on grey70"
    text = Text()
    for y in range(shape.height):
        if y:
            text.append("\n")
        for x in range(shape.width):
            if (x, y) in present:
                text.append(SHAPE_CELL, style)
            else:
                text.append("  ")
    return text


def attack_grid(hero: HeroCard, quarter_turns: int = 0) -> Text:
    """The hero's attack pattern, turned, as a small grid: H the hero, ++ attacked cells."""
    offsets = {(0, 0): "hero"}
    # Ask the card for the turned pattern of a hero in the map's centre, read back as offsets.
    centre = SIZE // 2
    attacked = hero.attack_mask(centre, centre, quarter_turns)
    for r in range(SIZE):
        for c in range(SIZE):
            if attacked & bit(r, c):
                offsets[(c - centre, r - centre)] = "attack"
    xs = [x for x, _ in offsets]
    ys = [y for _, y in offsets]
    text = Text()
    for y in range(min(ys), max(ys) + 1):
        if y != min(ys):
            text.append("\n")
        for x in range(min(xs), max(xs) + 1):
            kind = offsets.get((x, y))
            if kind == "hero":
                text.append(*CELL_LOOK["hero"])
            elif kind == "attack":
                text.append(*PREVIEW_ATTACK_LOOK)
            else:
                text.append("· ", "grey50")
    return text


def terrain_swatch(terrain: str, selected: bool = False, language: str = "en") -> Text:
    glyph, style = CELL_LOOK[terrain]
    text = Text(glyph, style)
    text.append(f" {say(language, f'terrain.{terrain}')}", "bold underline" if selected else "")
    return text


def terrain_names(terrains: Sequence[str], language: str) -> str:
    return ", ".join(say(language, f"terrain.{t}") for t in terrains)


def _shape_options(card: ExploreCard, shape_index: int | None, terrain: str | None,
                   language: str) -> Table:
    grid = Table.grid(padding=(0, 3))
    for _ in card.shapes:
        grid.add_column(vertical="bottom")
    grids: list[RenderableType] = []
    captions: list[Text] = []
    for i, option in enumerate(card.shapes):
        chosen = shape_index == i
        grids.append(shape_grid(option.shape, terrain if chosen or len(card.shapes) == 1
                                else None))
        caption = Text()
        if len(card.shapes) > 1:
            caption.append(f"{i + 1}", "bold reverse" if chosen else "bold")
        if option.coin:
            caption.append(f" {term(language, 'cartographers.card.coin')}", "bold yellow")
        captions.append(caption)
    grid.add_row(*grids)
    if any(str(caption) for caption in captions):
        grid.add_row(*captions)
    return grid


def card_panel(view: CartographersView, card_id: str, language: str = "en",
               decision: Decision | None = None, shape_index: int | None = None,
               terrain: str | None = None, quarter_turns: int = 0) -> Panel:
    """The card being played: name, time, terrains, shapes (or attack, or monster).

    ``shape_index``, ``terrain`` and ``quarter_turns`` show the editor's current choice.
    """
    card = view.card(card_id)
    parts: list[RenderableType] = []

    def words(key: str, **params: object) -> str:
        return term(language, f"cartographers.card.{key}", **params)

    if isinstance(card, ExploreCard):
        parts.append(Text(words("explore", time=card.time), "dim"))
        terrains = Text(f"{words('terrain')} ")
        for i, t in enumerate(card.terrains):
            if i:
                terrains.append(f" {words('or')} ")
            terrains.append_text(terrain_swatch(t, selected=t == terrain, language=language))
        parts.append(terrains)
        parts.append(_shape_options(card, shape_index, terrain, language))
        if decision is not None:
            parts.extend(_draw_constraints(view, decision, language))
    elif isinstance(card, RuinsCard):
        parts.append(Text(words("ruins"), "dim"))
        parts.append(Text(words("ruins_rule")))
    elif isinstance(card, HeroCard):
        parts.append(Text(words("hero"), "dim"))
        parts.append(Text(words("hero_rule")))
        parts.append(attack_grid(card, quarter_turns))
    else:
        parts.extend(_ambush_parts(card, decision, language, automatic=view.config.solo
                                   or view.config.remote_ambush))
    title = Text(card.names.get(language), "bold")
    return Panel(Group(*parts), title=title, title_align="left", expand=False,
                 box=box.ROUNDED, width=44)


def _draw_constraints(view: CartographersView, decision: Decision,
                      language: str) -> list[Text]:
    """What a ruins card before this one, or a full map, changes about the drawing."""
    if decision.ruins and decision.fallback:
        return [Text(term(language, "cartographers.card.ruins_fallback"), "bold yellow")]
    if decision.ruins:
        return [Text(term(language, "cartographers.card.ruins_before"), "bold yellow")]
    if decision.fallback:
        terrains = terrain_names(view.terrain_options_for(decision), language)
        return [Text(term(language, "cartographers.card.fallback", terrains=terrains),
                     "bold yellow")]
    return []


def reason_words(reason: str, language: str) -> str:
    """Who destroys a cell (a hero, the Gorgon, the Troll), or gives a coin, in words."""
    found = message(f"log.reason.{reason.replace(' ', '_')}", None,
                    language)
    return found if found is not None else reason


def _ambush_parts(card: AmbushCard, decision: Decision | None, language: str,
                  automatic: bool) -> list[RenderableType]:
    def words(key: str, **params: object) -> str:
        return term(language, f"cartographers.card.{key}", **params)

    parts: list[RenderableType] = [Text(words("ambush"), "dim")]
    if decision is not None and decision.kind == "destroy":
        parts.append(Text(words("destroy_marked", reason=reason_words(decision.reason,
                                                                      language)),
                          "bold yellow"))
    parts.append(shape_grid(MONO if decision is not None and decision.fallback else card.shape,
                            "monster"))
    if decision is not None and decision.fallback:
        parts.append(Text(words("monster_fallback"), "bold yellow"))
    if automatic:
        corner = words(f"corner.{card.corner}")
        parts.append(Text(words(f"automatic_{card.direction}", corner=corner)))
    else:
        parts.append(Text(words(f"pass_{card.direction}")))
    if card.effect != "none":
        parts.append(Text(say(language, f"effect.{card.effect}"), "italic"))
    return parts


# ---------------------------------------------------------------------- status and scores


def scoring_name(view: CartographersView, card_id: str, language: str = "en") -> str:
    return view.cards.scoring[card_id].names.get(language)


def player_name(config: GameConfig, player: int, language: str = "en") -> str:
    """The name a player gave, else "Player N" in ``language``."""
    return config.names[player] if config.names else say(language, "seat.unnamed", n=player + 1)


def map_title(config: GameConfig, player: int, language: str = "en") -> str:
    """"your map" in a solo game (the only map), else "Ann's map"."""
    if config.solo:
        return say(language, "log.your_map")
    return say(language, "map.of", name=player_name(config, player, language))


def edict_rules(view: CartographersView, language: str = "en") -> Table:
    """The four edicts with each card's rule in our own words; this season's two marked."""
    season = view.cards.seasons[min(view.season_index, 3)]
    table = Table(box=box.SIMPLE_HEAD, title=term(language, "cartographers.edict_rules"),
                  title_style="bold", title_justify="left", padding=(0, 1), show_header=False)
    table.add_column(no_wrap=True)
    table.add_column(no_wrap=True)
    table.add_column(ratio=1)
    for letter, card_id in zip(EDICTS, view.scoring, strict=True):
        current = letter in season.edicts
        said = say(language, f"edict.letter.{letter}")
        mark = f"▶ {said}" if current else f"  {said}"
        table.add_row(Text(mark, "bold" if current else "dim"),
                      Text(scoring_name(view, card_id, language), "bold" if current else ""),
                      say(language, f"scoring.{card_id}.text"))
    return table


def season_preview(view: CartographersView, action: CartographersAction | None,
                   language: str = "en") -> Text:
    """The stars this season's two edicts would give if the season ended now, on the map
    the seat's decision is on, after ``action`` (None: the map as it is)."""
    preview = view.preview(action)
    text = Text(f"{say(language, 'preview.if_now')} ", "bold")
    for i, edict in enumerate(preview.edicts):
        text.append(f"{', ' if i else ''}{say(language, f'edict.letter.{edict.letter}')} "
                    f"{scoring_name(view, edict.card, language)} ")
        text.append(f"{edict.stars}★", "bold yellow")
    if action is None:
        text.append(f" {term(language, 'cartographers.preview_without')}", "dim")
    return text


def setup_line(config: GameConfig, language: str = "en") -> Text:
    """The game's set-up in one line, so players can check the boxes and options used: the
    boxes, the map side and the chosen cards by their names in ``language``."""
    def words(key: str, **params: object) -> str:
        return term(language, f"cartographers.setup.{key}", **params)

    def box(box_id: str) -> str:
        return say(language, f"setup.box.{box_id}")

    def listed(chosen: tuple[str, ...], boxes: tuple[str, ...],
               cards: Mapping[str, AmbushCard] | Mapping[str, ScoringCard]) -> str:
        if not chosen:
            return words("dealt", boxes=" + ".join(box(b) for b in boxes))
        return ", ".join(cards[card].names.get(language) for card in chosen)

    heroes = "no_heroes"
    if config.heroes:
        heroes = "heroes_turn" if config.hero_turns else "heroes_printed"
    parts = [words("solo" if config.solo else "players", count=config.players),
             words("side", side=map_sides()[config.side].names.get(language)),
             words("seasons", box=box(config.seasons),
                   time=config.card_set().seasons[1].time),
             words("explore_ruins" if config.ruins else "explore", box=box(config.explore)),
             words(heroes),
             words("ambushes_remote" if config.remote_ambush else "ambushes",
                   cards=listed(config.ambushes, config.ambush_boxes, all_ambushes())),
             words("scoring", cards=listed(config.scoring, config.scoring_boxes,
                                           all_scoring_cards()))]
    text = Text(f"{words('title')} ", "bold")
    text.append(" · ".join(parts), "dim")
    return text


def status_line(view: CartographersView, player: int, language: str = "en") -> Text:
    """Season, time so far / threshold, the player's coins, and edicts A-D (this season's in
    bold), then the cards already revealed this season."""
    season = view.cards.seasons[min(view.season_index, 3)]
    text = Text()
    text.append(season.names.get(language), "bold reverse")
    time = term(language, "cartographers.status.time", time=view.season_time,
                threshold=view.season_threshold)
    coins = term(language, "cartographers.status.coins", coins=view.sheets[player].coins,
                 most=COIN_TRACK)
    text.append(f"  {time}")
    text.append(f"  {coins}", "yellow")
    text.append("  ")
    for letter, card_id in zip(EDICTS, view.scoring, strict=True):
        current = letter in season.edicts
        text.append(f" {say(language, f'edict.letter.{letter}')} ",
                    "bold reverse" if current else "dim reverse")
        text.append(f" {scoring_name(view, card_id, language)} ", "bold" if current else "dim")
    if view.revealed:
        names = ", ".join(view.card(c).names.get(language) for c in view.revealed)
        text.append(f"\n{term(language, 'cartographers.status.revealed', names=names)}", "dim")
    return text


def season_table(view: CartographersView, season_index: int, language: str = "en") -> Table:
    """Every player's score for one season: both edicts, coins, monster penalty, total."""
    season = view.cards.seasons[season_index]

    def words(key: str, **params: object) -> str:
        return term(language, f"cartographers.table.{key}", **params)

    table = Table(title=words("season_scores", season=season.names.get(language)),
                  box=box.SIMPLE_HEAD, title_style="bold")
    table.add_column(words("player"))
    for letter in season.edicts:
        card_id = view.scoring[EDICTS.index(letter)]
        table.add_column(f"{say(language, f'edict.letter.{letter}')} "
                         f"{scoring_name(view, card_id, language)}", justify="right")
    table.add_column(say(language, "scores.coins"), justify="right")
    table.add_column(say(language, "scores.monsters"), justify="right")
    table.add_column(words("season"), justify="right", style="bold")
    table.add_column(words("so_far"), justify="right")
    for p, seasons in enumerate(view.scores):
        if len(seasons) <= season_index:
            continue
        score = seasons[season_index]
        running = sum(s.total for s in seasons[: season_index + 1])
        table.add_row(player_name(view.config, p, language),
                      *(str(stars) for _, _, stars in score.edicts),
                      str(score.coins), f"-{score.monsters}", str(score.total), str(running))
    return table


def final_view(view: CartographersView, language: str = "en") -> Group:
    """Standings (rank, seasons, total, monster losses); in solo, the rating and title."""
    solo = view.config.solo

    def words(key: str, **params: object) -> str:
        return term(language, f"cartographers.table.{key}", **params)

    table = Table(title=term(language, "common.final_scores"), box=box.SIMPLE_HEAD,
                  title_style="bold")
    if not solo:
        table.add_column(words("rank"), justify="right")
    table.add_column(words("player"))
    for season in view.cards.seasons:
        table.add_column(season.names.get(language), justify="right")
    table.add_column(say(language, "scores.total"), justify="right", style="bold")
    table.add_column(words("lost"), justify="right")
    for standing in view.standings():
        seasons = [str(s.total) for s in view.scores[standing.player]]
        seasons += ["-"] * (len(view.cards.seasons) - len(seasons))
        rank = [] if solo else [str(standing.rank)]
        table.add_row(*rank, player_name(view.config, standing.player, language), *seasons,
                      str(standing.total), str(standing.tiebreak))
    parts: list[RenderableType] = [table]
    if solo:
        stars = view.totals()[0]
        line = Text(term(language, "cartographers.solo.rating", count=stars,
                         par=view.solo_par(), rating=f"{view.solo_rating():+d}"))
        line.append(f"\n{term(language, 'cartographers.solo.title')} ")
        title = view.solo_title(language)
        if title is None:
            line.append(term(language, "cartographers.solo.no_title",
                             threshold=titles()[-1].threshold), "bold")
        else:
            line.append(title, "bold magenta")
        parts.append(line)
    else:
        winners = [player_name(view.config, p, language) for p in view.winners()]
        parts.append(Text(term(language, "common.winner", count=len(winners),
                               names=term(language, "common.and").join(winners)),
                          "bold magenta"))
    return Group(*parts)


# ---------------------------------------------------------------------- events


def event_views(view: CartographersView, events: Sequence[dict[str, Any]],
                language: str = "en") -> list[RenderableType]:
    """What happened, in words (and a score table when a season is scored)."""
    views: list[RenderableType] = []

    def words(key: str, **params: object) -> str:
        # What the page's log says alike lives in its section, "log"; the rest is the
        # terminal's own wording.
        if key in ("reveal", "no_room", "season_start", "map_full", "game_over"):
            return say(language, f"log.{key}", **params)
        return term(language, f"cartographers.event.{key}", **params)

    for event in events:
        kind = event["type"]
        where = map_title(view.config, event["sheet"], language) if "sheet" in event else ""
        cells = " ".join(event.get("cells", ()))
        if kind in ("reveal", "monster", "ambush_ignored"):
            name = view.card(event["card"]).names.get(language)
        if kind == "reveal":
            views.append(Text(words("reveal", name=name), "bold"))
        elif kind == "coins":
            views.append(Text(words("coins", count=event["gained"], map=where,
                                    reason=reason_words(event["reason"], language)), "yellow"))
        elif kind == "destroyed":
            views.append(Text(words("destroyed", map=where, cells=cells,
                                    reason=reason_words(event["reason"], language)), "red"))
        elif kind == "monster":
            views.append(Text(words("monster", name=name, map=where, cells=cells),
                              "bold magenta"))
        elif kind == "ambush_ignored":
            views.append(Text(words("no_room", name=name, map=where)))
        elif kind == "zombies":
            views.append(Text(words("zombies", map=where, cells=cells), "magenta"))
        elif kind == "season_scored":
            index = [s.id for s in view.cards.seasons].index(event["season"])
            views.append(season_table(view, index, language))
        elif kind == "season_start":
            season = next(s for s in view.cards.seasons if s.id == event["season"])
            views.append(Text(words("season_start", season=season.names.get(language),
                                    time=season.time), "bold"))
        elif kind == "game_over":
            views.append(Text(words("map_full" if event.get("early") else "game_over"),
                              "bold"))
    return views


def action_words(action: CartographersAction, language: str) -> str:
    """A placement in words, as the page says it ("Forest: A1 A2"), for the log: what is
    drawn and where, never the engine's notation."""
    if isinstance(action, Draw | DrawMonster):
        what = action.terrain if isinstance(action, Draw) else "monster"
        where = mask_names(action.cells)
    elif isinstance(action, PlaceHero | Destroy):
        what = "hero" if isinstance(action, PlaceHero) else "destroyed"
        where = [cell_name(action.row, action.col)]
    else:
        return str(action)
    return say(language, "controls.action", what=say(language, f"terrain.{what}"),
               cells=" ".join(where))
