"""Play Heroes of Dominaria in the terminal: hot-seat for 2 to 4 players, one typed line at a
time.

The screen is redrawn for whoever owes the next decision: the map drawn as a picture (and, on
demand, as a table), every planeswalker's board and running score, the acting player's own
quests (never the others'), and the legal actions numbered and grouped by verb. A number or an
action in notation (``move orvada urborg``) is sent to :meth:`DominariaGame.apply`; a refusal is
shown as the engine words it, and nothing changes.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from rich import box
from rich.console import Console, Group, RenderableType
from rich.panel import Panel
from rich.rule import Rule
from rich.table import Table
from rich.text import Text

from herotable.bots.base import Bot
from herotable.core.errors import HerotableError, IllegalAction
from herotable.dominaria.actions import VERBS, DominariaAction
from herotable.dominaria.game import DominariaGame
from herotable.dominaria.pack import COLOURS, Pack
from herotable.dominaria.rules import (
    ability_cost,
    auto_payment,
    collects_allowed,
    moves_allowed,
)
from herotable.dominaria.state import PlayerState
from herotable.terminal.session import SessionBase

ReadLine = Callable[[str], str]

COLOUR_STYLES = {"W": "bold light_goldenrod1", "U": "bold dodger_blue1", "B": "bold magenta",
                 "R": "bold red1", "G": "bold green3"}
# Players are told apart by a digit on a background no mana colour uses, so a Hero or a
# Manalith never reads as a mana token.
PLAYER_STYLES = ("bold black on cyan", "bold black on dark_orange", "bold black on hot_pink",
                 "bold black on wheat1")
PLAYER_INKS = ("cyan", "dark_orange", "hot_pink", "wheat1")  # the same colours, for Leylines
LINK_STYLE = "grey42"
MANA_GLYPH, MANALITH_GLYPH, CABAL_GLYPH, ARTIFACT_GLYPH = "•", "▲", "☠", "✦"
LINK_GLYPH, LEYLINE_GLYPH = "·", "*"
DESIGNED_NOTE = "docs/dominaria-data.md"
ABILITY_VERBS = ("recruit", "discover", "confront", "manalith", "leyline")

# The map picture: the pack lays locations out on x 0..100, y 0..60. One column per x unit
# and one row per three y units squashes the map a little (characters are about twice as tall
# as wide) so that the whole screen fits a 45-row terminal; side margins leave room for the
# labels of the edge locations.
MAP_WIDTH, MAP_HEIGHT, MAP_MARGIN = 112, 20, 7
LAYOUT_WIDTH, LAYOUT_HEIGHT = 100, 60
TABLE_ROOM = 70  # terminal rows from which the location table is shown under the map
NOTES_KEPT = 8  # lines of "what happened" kept on screen (a bot's turn is several)

HELP = """\
Type the [b]number[/] of an action, or the action itself in notation, e.g.
  [b]move orvada urborg[/]   [b]collect urborg[/]   [b]manalith hammerheim pay R R G W U[/]
  ([b]pay[/] names the mana to spend; without it the engine pays by its rule, shown in the list.
  A number may take a payment too: [b]7 pay R R G W U[/].)
Mana pool: R2▲ is 2 red mana and your red Manalith token (it comes back each turn).
Scores: H Hero track, M Manaliths, L Leylines, C defeated Cabal, A artifacts in play,
  Q accomplished quests and counted artifacts, P public quest tiles.
  [b]locations[/]  show or hide the map as a table (ids, mana, Heroes, tokens, neighbours)
  [b]quests[/]     your quests and the public quests in full
  [b]save[/] [FILE]  save the game (and keep saving there after each action)
  [b]quit[/]       leave (you are offered to save first)"""


# ---------------------------------------------------------------------- names and words


def player_label(game: DominariaGame, player: int) -> str:
    """The name players gave, with the planeswalker it plays (or just the planeswalker)."""
    walker = game.pack.planeswalkers[game.players[player].walker].name
    name = game.player_name(player)
    return name if name == walker else f"{name} ({walker})"


def player_tag(player: int) -> Text:
    """The player's digit on their colour: how Heroes and Manaliths show on the map."""
    return Text(str(player + 1), PLAYER_STYLES[player])


def place(pack: Pack, location: str) -> Text:
    """A location's name in its mana colour."""
    loc = pack.locations[location]
    return Text(loc.name, COLOUR_STYLES[loc.colour])


def mana_text(colours: Sequence[str]) -> Text:
    """Mana symbols, each letter in its colour: ``R R G``."""
    text = Text()
    for i, colour in enumerate(colours):
        if i:
            text.append(" ")
        text.append(colour, COLOUR_STYLES[colour])
    return text


def card_name(game: DominariaGame, card_id: str) -> str:
    pack = game.pack
    for cards in (pack.quests, pack.artifacts, pack.public_quests):
        if card_id in cards:
            return cards[card_id].name
    return card_id


def dominaria_card_text(game: DominariaGame, card_id: str) -> Text:
    """A Dominaria card: its mana symbols and the token it puts on the map, if any."""
    card = next(c for c in game.pack.cards if c.id == card_id)
    text = Text.assemble((card_id, "bold"), ": mana ")
    text.append_text(mana_text([c for c in COLOURS if c in card.mana]))
    if card.token and card.location:
        token = "Cabal token" if card.token == "cabal" else "artifact token"
        text.append(f", {token} at ")
        text.append_text(place(game.pack, card.location))
    return text


# ---------------------------------------------------------------------- the header


def header(game: DominariaGame, player: int) -> Group:
    """Round, whose turn, this turn's Dominaria card, and the designed-content warning."""
    top = Text()
    top.append(" Heroes of Dominaria ", "bold reverse")
    top.append(f"  round {game.round}/{game.config.rounds}  ")
    top.append_text(player_tag(player))
    top.append(f" {player_label(game, player)}", "bold")
    top.append({"quests": " keeps 2 of 4 quests", "heroes": " places a starting Hero",
                "play": " to act", "over": ""}[game.stage])
    if game.stage == "play":
        state = game.players[player]
        top.append(f"  moves {state.moves_used}/{moves_allowed(state, game.pack)}"
                   f"  collect {state.collects_used}/{collects_allowed(state, game.pack)}",
                   "dim")
    lines: list[RenderableType] = [top]
    if game.revealed:
        lines.append(Text.assemble("Dominaria card this turn: ",
                                   dominaria_card_text(game, game.revealed)))
    warning = designed_warning(game.pack)
    if warning is not None:
        lines.append(warning)
    return Group(*lines)


def designed_warning(pack: Pack) -> Text | None:
    designed = pack.designed_records()
    if not designed:
        return None
    return Text(f"This game uses designed content for {len(designed)} records (the printed "
                f"cards are not public); see {DESIGNED_NOTE}", "yellow")


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


def location_label(game: DominariaGame, location: str) -> tuple[Text, Text]:
    """Two lines: name, colour letter and mana tokens; then Heroes, Manaliths and tokens."""
    pack = game.pack
    loc = pack.locations[location]
    style = COLOUR_STYLES[loc.colour]
    name = Text(loc.name, style)
    name.append(f" {loc.colour}", "bold reverse " + style.replace("bold ", ""))
    mana = game.map_mana[location]
    if mana:
        name.append(" " + (MANA_GLYPH * mana if mana <= 4 else f"{MANA_GLYPH}{mana}"), style)
    return name, pieces_text(game, location)


def pieces_text(game: DominariaGame, location: str) -> Text:
    """Heroes (player digits), Manaliths (▲ + digit), Cabal and artifact tokens at a place."""
    text = Text()
    for player, state in enumerate(game.players):
        for _ in range(state.heroes.count(location)):
            text.append_text(player_tag(player))
    for player, state in enumerate(game.players):
        if location in state.manaliths:
            text.append(" " if text else "")
            text.append(MANALITH_GLYPH, "bold")
            text.append_text(player_tag(player))
    for glyph, count, style in ((CABAL_GLYPH, game.cabal_tokens.get(location, 0), "bold red"),
                                (ARTIFACT_GLYPH, game.artifact_tokens.get(location, 0),
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


def label_spots(game: DominariaGame, labels: dict[str, tuple[Text, Text]]) -> dict[str, Spot]:
    """Each label centred on its location, nudged off any label already placed. The room a
    label claims allows for a few mana tokens, so labels keep their place as mana comes and
    goes."""
    pack = game.pack
    taken = Canvas(MAP_WIDTH, MAP_HEIGHT)
    spots: dict[str, Spot] = {}
    for location in sorted(pack.locations, key=lambda i: anchor(pack, i)):
        name, pieces = labels[location]
        width = max(len(pack.locations[location].name) + 9, len(name) + 2, len(pieces) + 2)
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


def draw_links(canvas: Canvas, game: DominariaGame, spots: dict[str, Spot]) -> None:
    """Dotted lines for the links. A link carrying Leylines is drawn in stars of its first
    owner's colour with every owner's digit half-way along (plain digits: a digit on a
    coloured background is a Hero)."""
    pack = game.pack
    for link in pack.links:
        owners = [p for p, s in enumerate(game.players)
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


def map_picture(game: DominariaGame) -> Panel:
    labels = {location: location_label(game, location) for location in game.pack.locations}
    spots = label_spots(game, labels)
    canvas = Canvas(MAP_WIDTH, MAP_HEIGHT)
    draw_links(canvas, game, spots)
    draw_labels(canvas, labels, spots)
    lines = canvas.lines()
    while lines and not lines[-1].plain:
        lines.pop()
    while lines and not lines[0].plain:
        lines.pop(0)
    return Panel(Group(*lines), title="Dominaria", title_align="left", box=box.ROUNDED,
                 padding=(0, 1), expand=False, subtitle=map_legend(game),
                 subtitle_align="left")


def map_legend(game: DominariaGame) -> Text:
    text = Text(" ")
    for player in range(game.num_players):
        text.append_text(player_tag(player))
        text.append(f" {game.player_name(player)}  ")
    text.append(f"{MANA_GLYPH} mana  {MANALITH_GLYPH} Manalith  {CABAL_GLYPH} Cabal  "
                f"{ARTIFACT_GLYPH} artifact  ")
    text.append(LEYLINE_GLYPH * 2 + "1" + LEYLINE_GLYPH * 2, f"bold {PLAYER_INKS[0]}")
    text.append(" Leyline of player 1 ")
    return text


def location_table(game: DominariaGame) -> Table:
    """The map as a table: what is at each location and where it leads."""
    pack = game.pack
    table = Table("id", "location", "mana", "pieces", "neighbours", box=box.SIMPLE_HEAD,
                  title="Locations", title_style="bold", padding=(0, 1))
    for location, loc in pack.locations.items():
        name = place(pack, location)
        if loc.start:
            name.append(" (start)", "dim")
        mana = Text(f"{loc.colour} {game.map_mana[location]}", COLOUR_STYLES[loc.colour])
        neighbours = ", ".join(sorted(pack.adjacency[location]))
        table.add_row(location, name, mana, pieces_text(game, location), neighbours)
    return table


# ---------------------------------------------------------------------- the boards


def pool_text(state: PlayerState) -> Text:
    """Mana by colour; a Manalith token held shows as ▲ after its colour's count."""
    text = Text()
    for colour in COLOURS:
        text.append(f"{colour}{state.pool[colour]}", COLOUR_STYLES[colour]
                    if state.pool[colour] or colour in state.manalith_tokens else "dim")
        text.append(MANALITH_GLYPH if colour in state.manalith_tokens else " ",
                    COLOUR_STYLES[colour])
    return text


SCORE_LETTERS = (("H", "heroes"), ("M", "manaliths"), ("L", "leylines"), ("C", "cabal"),
                 ("A", "artifacts"), ("Q", "accomplished"), ("P", "public"))


def score_text(parts: dict[str, int]) -> Text:
    """The running score: the items worth something (letters as in the help), then the
    total."""
    items = [f"{letter}{parts[key]}" for letter, key in SCORE_LETTERS if parts[key]]
    text = Text(" ".join(items), "dim")
    text.append(f"{' ' if items else ''}= {parts['total']}", "bold")
    return text


def boards_table(game: DominariaGame, viewer: int) -> Table:
    """Every player's board in one row: pool, pieces out of their tracks, hand size (only
    the viewer's own quests are shown elsewhere), score."""
    boards = game.pack.boards
    table = Table(box=box.SIMPLE_HEAD, padding=(0, 1), show_edge=False)
    for column in ("", "player", "mana pool", "heroes", "manaliths", "leylines", "cabal",
                   "quests", "score so far"):
        table.add_column(column, no_wrap=True)
    for player, (state, parts) in enumerate(zip(game.players, game.scores(), strict=True)):
        name = Text(player_label(game, player), "bold" if player == viewer else "")
        quests = f"{len(state.hand)} in hand"
        if state.completed:
            quests += f", {state.completed} done"
        table.add_row(player_tag(player), name, pool_text(state),
                      f"{len(state.heroes)} out, {state.heroes_on_track} left",
                      f"{len(state.manaliths)}/{len(boards.manalith.spaces)}",
                      f"{len(state.leylines)}/{len(boards.leyline.spaces)}",
                      f"{state.cabal}/{len(boards.cabal.spaces)}", quests, score_text(parts))
    return table


def in_play_lines(game: DominariaGame) -> list[Text]:
    """Artifacts in play and started quests: public, one line per player who has any."""
    lines = []
    for player, state in enumerate(game.players):
        parts = []
        if state.artifacts:
            parts.append("artifacts " + ", ".join(card_name(game, a) for a in state.artifacts))
        if state.started:
            parts.append("started " + ", ".join(card_name(game, q) for q in state.started))
        if parts:
            lines.append(Text.assemble(" ", player_tag(player), " in play: ", "; ".join(parts)))
    return lines


def quest_line(game: DominariaGame, quest_id: str) -> Text:
    """A quest card in full: name, VP, what starts it, what completes it, its reward."""
    quest = game.pack.quests[quest_id]
    return Text.assemble((quest.name, "bold"), f" ({quest.vp} VP): ", quest.text)


def artifact_line(game: DominariaGame, artifact_id: str) -> Text:
    artifact = game.pack.artifacts[artifact_id]
    return Text.assemble((artifact.name, "bold"), f" ({artifact.vp} VP): ", artifact.text)


def hand_view(game: DominariaGame, player: int) -> RenderableType | None:
    """The acting player's own quests: in hand (hidden from the others) and started."""
    state = game.players[player]
    if not state.hand and not state.started:
        return None
    lines = [Text.assemble("  ", quest_line(game, q)) for q in state.hand]
    lines += [Text.assemble("  ", quest_line(game, q), (" (started)", "cyan"))
              for q in state.started]
    title = Text(f"{game.player_name(player)}'s quests (hidden from the other players)",
                 "bold")
    return Group(title, *lines)


def public_quests_view(game: DominariaGame) -> Group:
    lines = [Text("Public quests (two tiles each; nobody takes both):", "bold")]
    for quest_id, quest in game.pack.public_quests.items():
        claims = game.claims[quest_id]
        left = [str(vp) for vp in quest.tiles[len(claims):]]
        text = Text.assemble("  ", (quest.name, "bold"), f": {quest.text}  ")
        text.append(f"tiles left {' '.join(left) or 'none'}", "dim")
        for claimant in claims:
            text.append(" ")
            text.append_text(player_tag(claimant))
        lines.append(text)
    return Group(*lines)


def choice_view(game: DominariaGame, player: int) -> RenderableType | None:
    """The cards a "keep" decision chooses from, in full."""
    choice = game.players[player].choice
    if choice is None:
        return None
    if choice.kind == "setup":
        title = "Keep two of these four quests (the others go back into the deck):"
    elif choice.kind == "artifact":
        title = "Look at two artifacts, keep one in play (the other goes to the bottom):"
    else:
        title = "Look at two quests, keep one (the other goes to the bottom):"
    show = artifact_line if choice.kind == "artifact" else quest_line
    # Not numbered: the numbers on screen are the actions' (keep ... below).
    lines = [Text.assemble("  • ", show(game, card)) for card in choice.cards]
    return Panel(Group(*lines), title=Text(title, "bold"), title_align="left",
                 box=box.ROUNDED, expand=False)


# ---------------------------------------------------------------------- the actions


def verb_hint(game: DominariaGame, player: int, verb: str) -> Text:
    """What a verb does, with its cost and what the engine pays when no mana is named."""
    state = game.players[player]
    hint = Text()
    if verb in ABILITY_VERBS:
        cost = ability_cost(state, game.pack, verb)
        hint.append(f"{cost}", "bold")
        hint.append(" pays ")
        hint.append_text(mana_text(auto_payment(state, cost)))
        hint.append(": ")
    elif verb == "move":
        left = moves_allowed(state, game.pack) - state.moves_used
        hint.append(f"{left} left: ")
    hint.append(VERB_HINTS.get(verb, ""))
    hint.stylize("dim")
    return hint


def action_words(game: DominariaGame, action: DominariaAction) -> Text:
    """One action in words, short enough to sit several to a line."""
    pack, args = game.pack, action.args
    verb = action.verb
    if verb == "keep":
        return Text(" + ".join(card_name(game, c) for c in args))
    if verb == "move":
        return Text.assemble(place(pack, args[0]), "→", place(pack, args[1]))
    if verb == "collect":
        loc = pack.locations[args[0]]
        return Text.assemble(place(pack, args[0]),
                             (f" +{game.map_mana[args[0]]}{loc.colour}",
                              COLOUR_STYLES[loc.colour]))
    if verb == "leyline":
        return Text.assemble(place(pack, args[0]), "–", place(pack, args[1]))
    if verb in ("place", "recruit", "discover", "confront", "manalith"):
        return place(pack, args[0])
    if verb == "complete":
        return Text(f"{card_name(game, args[0])} (+{pack.quests[args[0]].vp} VP)")
    if verb == "claim":
        tile = pack.public_quests[args[0]].tiles[len(game.claims[args[0]])]
        return Text(f"{card_name(game, args[0])} (+{tile} VP)")
    if verb == "end":
        return Text("end your turn (your Manalith tokens come back)")
    return Text(card_name(game, args[0]) if args else str(action))


VERB_HINTS = {
    "keep": "the cards to keep",
    "place": "your starting Hero at",
    "move": "a Hero to a linked location",
    "collect": "all the mana at one location, once a turn",
    "recruit": "a Hero from your track enters at",
    "discover": "look at 2 artifacts, keep 1",
    "confront": "defeat the Cabal token at",
    "manalith": "build on a colour you have none on",
    "leyline": "on the link",
    "use": "an artifact's ability",
    "start": "a quest, face up in play",
    "complete": "a quest and take its reward",
    "claim": "a public quest tile",
}


def flow(items: Sequence[Text], width: int, gap: str = "  ") -> Text:
    """Items laid out left to right, starting a new line rather than breaking one."""
    text = Text()
    used = 0
    for item in items:
        if used and used + len(gap) + len(item) > width:
            text.append("\n")
            used = 0
        elif used:
            text.append(gap)
            used += len(gap)
        text.append_text(item)
        used += len(item)
    return text


def actions_view(game: DominariaGame, player: int, actions: Sequence[DominariaAction],
                 width: int) -> Table:
    """The legal actions numbered from 1 and grouped by verb, in the rules' order."""
    verbs = [v for v in VERBS if any(a.verb == v for a in actions)]
    heading_width = max((len(v) for v in verbs), default=0)
    grid = Table.grid(padding=(0, 1))
    grid.add_column(no_wrap=True, width=heading_width)
    grid.add_column(no_wrap=True)
    for verb in verbs:
        items = [verb_hint(game, player, verb)]
        for number, action in enumerate(actions, start=1):
            if action.verb == verb:
                items.append(Text.assemble((f"[{number}]", "bold cyan"), " ",
                                           action_words(game, action)))
        grid.add_row(Text(verb, "bold"), flow(items, width - heading_width - 1))
    return grid


# ---------------------------------------------------------------------- events and the end


Event = dict[str, Any]


def _at(game: DominariaGame, words: str) -> Callable[[Event], Text]:
    return lambda e: Text.assemble(words, place(game.pack, e["location"]))


def _mana(amount: int, colour: str) -> Text:
    return Text(f"{amount} {colour}", COLOUR_STYLES[colour])


def event_words(game: DominariaGame) -> dict[str, Callable[[Event], Text]]:
    """How each kind of event reads, after the player's name."""
    pack = game.pack
    return {
        "hero": _at(game, "places a Hero at "),
        "recruit": _at(game, "recruits a Hero at "),
        "discover": _at(game, "uncovers the artifact token at "),
        "confront": _at(game, "defeats the Cabal at "),
        "manalith": _at(game, "builds a Manalith at "),
        "move": lambda e: Text.assemble("moves ", place(pack, e["origin"]), " → ",
                                        place(pack, e["target"])),
        "collect": lambda e: Text.assemble("collects ", _mana(e["amount"], e["colour"]), " at ",
                                           place(pack, e["location"])),
        "leyline": lambda e: Text.assemble("forms a Leyline ", place(pack, e["link"][0]), "–",
                                           place(pack, e["link"][1])),
        "mana": lambda e: Text.assemble("gains ", _mana(e["amount"], e["colour"])),
        "quest": lambda e: Text("keeps 1 quest" if e["count"] == 1
                                else f"keeps {e['count']} quests"),
        "artifact": lambda e: Text("keeps an artifact (now in play)"),
        "use": lambda e: Text(f"uses {card_name(game, e['artifact'])}"),
        "start": lambda e: Text(f"starts the quest {card_name(game, e['quest'])}"),
        "complete": lambda e: Text(f"completes {card_name(game, e['quest'])} "
                                   f"(+{e['vp']} VP)", "green"),
        "claim": lambda e: Text(f"claims {card_name(game, e['quest'])} (+{e['vp']} VP)",
                                "green"),
    }


def event_texts(game: DominariaGame, events: Sequence[Event],
                name: Callable[[int], str] | None = None) -> list[Text]:
    """What happened, in words, after each player's ``name`` (the seat's name by default). A
    new turn's Dominaria card is left out: the header shows it."""
    words = event_words(game)
    name = name or game.player_name
    texts = []
    for event in events:
        if event["type"] == "game_over":
            texts.append(Text("The last round is over.", "bold"))
        elif event["type"] in words:
            texts.append(Text.assemble(player_tag(event["player"]), " ",
                                       (name(event["player"]), "bold"), " ",
                                       words[event["type"]](event)))
    return texts


def final_view(game: DominariaGame) -> Group:
    """The standings with every player's score item by item ("cards done": quests completed
    and artifacts counted), and the winners."""
    table = Table(title="Final scores", box=box.SIMPLE_HEAD, title_style="bold")
    for column in ("rank", "player", "heroes", "manaliths", "leylines", "cabal", "artifacts",
                   "cards done", "public", "total", "quests done"):
        table.add_column(column, justify="left" if column == "player" else "right",
                         style="bold" if column == "total" else None, no_wrap=True)
    scores = game.scores()
    for standing in game.standings():  # the tie-break is completed quests
        parts = scores[standing.player]
        table.add_row(str(standing.rank), player_label(game, standing.player),
                      *(str(parts[k]) for k in ("heroes", "manaliths", "leylines", "cabal",
                                                "artifacts", "accomplished", "public")),
                      str(standing.total), str(standing.tiebreak))
    winners = " and ".join(player_label(game, p) for p in game.winners())
    return Group(table, Text(f"Winner: {winners}", "bold magenta"))


# ---------------------------------------------------------------------- the session


class Session(SessionBase):
    """One sitting at the terminal: the loop over decisions, saving and leaving."""

    resume_command = "herotable dominaria play"

    def __init__(self, game: DominariaGame, save_path: Path | None, console: Console,
                 read_line: ReadLine, bots: dict[int, Bot] | None = None) -> None:
        self.game = game
        self.bots = bots or {}
        self.save_path = save_path
        self.console = console
        self.read_line = read_line
        self.notes: list[RenderableType] = (
            [Text("Resuming a saved game.", "bold")] if game.log.entries else [])
        # The table repeats the picture in words; by default only where the screen has room.
        self.show_locations = console.height >= TABLE_ROOM

    def seat_name(self, seat: int) -> str:
        return self.game.player_name(seat)

    def decide(self, player: int) -> bool:
        """Read lines until one action is applied; False when the person leaves."""
        messages: list[RenderableType] = []
        while True:
            actions = self.game.legal_actions(player)
            self.show(player, actions, messages)
            try:
                line = self.read_line(f"{self.game.player_name(player)}> ")
            except EOFError:
                self.console.print()
                self.leave_quietly("End of input.")
                return False
            kind, messages = self.handle(line, player, actions)
            if kind != "again":
                return kind == "done"

    # ------------------------------------------------------------------ drawing

    def show(self, player: int, actions: Sequence[DominariaAction],
             messages: Sequence[RenderableType]) -> None:
        if self.console.is_terminal:
            self.console.clear()
        game = self.game
        print_ = self.console.print
        print_(header(game, player))
        print_(map_picture(game))
        print_(boards_table(game, player))
        for line in in_play_lines(game):
            print_(line)
        for part in (choice_view(game, player), hand_view(game, player)):
            if part is not None:
                print_(part)
        if self.show_locations:
            print_(location_table(game))
        print_(Rule(Text(f"{game.player_name(player)}: type a number or an action "
                         "(help, locations, quests, save, quit)", "bold cyan"),
                    style="cyan", align="left"))
        print_(actions_view(game, player, actions, self.console.width))
        for item in [*self.notes, *messages]:
            print_(item)

    def show_final(self) -> None:
        if self.console.is_terminal:
            self.console.clear()
        self.console.print(map_picture(self.game))
        for item in self.notes:
            self.console.print(item)
        self.console.print(final_view(self.game))

    # ------------------------------------------------------------------ one typed line

    def handle(self, line: str, player: int,
               actions: Sequence[DominariaAction]) -> tuple[str, list[RenderableType]]:
        """Run one typed line: ``again`` (same decision), ``done`` (applied) or ``leave``."""
        text = line.strip()
        words = text.split()
        head = words[0].lower() if words else ""
        if not text:
            return "again", [Text("Type the number of an action, or help.", "dim")]
        if head in ("help", "?"):
            return "again", [Text.from_markup(HELP)]
        if head in ("locations", "table", "l"):
            self.show_locations = not self.show_locations
            shown = "under the map" if self.show_locations else "hidden (locations shows it)"
            return "again", [Text(f"The location table is {shown}.", "dim")]
        if head == "quests":
            return "again", [part for part in (hand_view(self.game, player),
                                               public_quests_view(self.game)) if part]
        if head == "save":
            return "again", [self.save_command(" ".join(words[1:]))]
        if head in ("quit", "exit"):
            self.quit()
            return "leave", []
        if head.isdigit():
            return self.choose(player, actions, int(head), words[1:])
        return self.send(player, text)

    def choose(self, player: int, actions: Sequence[DominariaAction], number: int,
               rest: list[str]) -> tuple[str, list[RenderableType]]:
        """Apply the numbered action, with a payment typed after it if any."""
        if not 1 <= number <= len(actions):
            return "again", [Text(f"There is no action {number}; pick 1 to {len(actions)}.",
                                  "red")]
        return self.send(player, " ".join([str(actions[number - 1]), *rest]))

    def send(self, player: int, text: str) -> tuple[str, list[RenderableType]]:
        try:
            action = self.game.parse_action(text)
        except HerotableError as exc:
            return "again", [Text(f"Cannot read that action: {exc}", "red")]
        try:
            events = self.game.apply(player, action)
        except IllegalAction as exc:
            return "again", [Text(f"Refused ({exc.rule}): {exc}", "bold red")]
        self.record(player, action, events)
        return "done", []

    def bot_moved(self, seat: int, bot: Bot, action: DominariaAction,
                  events: list[dict[str, Any]]) -> None:
        # Worded from the events, which say what any seat may see ("keeps 2 quests").
        self.record(seat, action, events)

    def record(self, player: int, action: DominariaAction,
               events: list[dict[str, Any]]) -> None:
        """Keep the last few things that happened on screen (the next player sees how the
        last turn ended), then save."""
        views: list[RenderableType] = [*event_texts(self.game, events, self.bot_label)]
        # An end of turn has no words of its own; a keep must never be echoed (it would name
        # the quests kept), and its event says how many were kept.
        if not views and action.verb != "keep":
            views = [Text(f"{self.bot_label(player)}: {action}", "dim")]
        self.notes = [*self.notes, *views][-NOTES_KEPT:]
        if self.save_path is not None:
            problem = self.save_to(self.save_path)
            if problem is not None:
                self.notes.append(problem)



def play_dominaria(game: DominariaGame, save_path: Path | None = None,
                   console: Console | None = None, read_line: ReadLine = input,
                   bots: dict[int, Bot] | None = None) -> None:
    """Play ``game`` at the terminal until it ends or the person leaves; ``bots`` play the
    seats they are given.

    ``save_path``: save there after every applied action. ``read_line`` reads one typed line
    (``input`` by default; tests pass a script). End of input leaves as ``quit`` would,
    saving if a path is known; Ctrl-C does the same without a traceback.
    """
    console = console or Console()
    session = Session(game, save_path, console, read_line, bots)
    try:
        session.run()
    except KeyboardInterrupt:
        console.print()
        session.leave_quietly("Interrupted.")
