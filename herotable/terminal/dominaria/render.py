"""Rich renderables for Heroes of Dominaria: names, the header, the boards, the quests, what
happened and the final table, each drawn from a seat's view (:class:`DominariaView`)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from rich import box
from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from herotable.dominaria.pack import COLOURS, Pack
from herotable.dominaria.rules import (
    collects_allowed,
    moves_allowed,
)
from herotable.dominaria.state import PlayerState
from herotable.dominaria.view import DominariaView

COLOUR_STYLES = {"W": "bold light_goldenrod1", "U": "bold dodger_blue1", "B": "bold magenta",
                 "R": "bold red1", "G": "bold green3"}
# Players are told apart by a digit on a background no mana colour uses, so a Hero or a
# Manalith never reads as a mana token.
PLAYER_STYLES = ("bold black on cyan", "bold black on dark_orange", "bold black on hot_pink",
                 "bold black on wheat1")
PLAYER_INKS = ("cyan", "dark_orange", "hot_pink", "wheat1")  # the same colours, for Leylines
LINK_STYLE = "grey42"
MANA_GLYPH, MANALITH_GLYPH, CABAL_GLYPH, ARTIFACT_GLYPH = "•", "▲", "☠", "✦"
LINK_GLYPH, LEYLINE_GLYPH = "·", "═"
START_GLYPH = "◆"  # a start location, on the map picture and in the table
DESIGNED_NOTE = "docs/dominaria-data.md"
ABILITY_VERBS = ("recruit", "discover", "confront", "manalith", "leyline")

# The map picture: the pack lays locations out on x 0..100, y 0..60. One column per x unit
# and one row per three y units squashes the map a little (characters are about twice as tall
# as wide) so that the whole screen fits a 45-row terminal; side margins leave room for the
# labels of the edge locations.
MAP_WIDTH, MAP_HEIGHT, MAP_MARGIN = 112, 20, 7
PICTURE_WIDTH = MAP_WIDTH + 4  # the picture's panel: borders and padding
LAYOUT_WIDTH, LAYOUT_HEIGHT = 100, 60
TABLE_ROOM = 70  # terminal rows from which the location table is shown under the map

# ---------------------------------------------------------------------- names and words


def player_label(view: DominariaView, player: int) -> str:
    """The name players gave, with the planeswalker it plays (or just the planeswalker)."""
    walker = view.pack.planeswalkers[view.boards[player].walker].name
    name = view.player_name(player)
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


def card_name(view: DominariaView, card_id: str) -> str:
    pack = view.pack
    for cards in (pack.quests, pack.artifacts, pack.public_quests):
        if card_id in cards:
            return cards[card_id].name
    return card_id


def dominaria_card_text(view: DominariaView, card_id: str) -> Text:
    """A Dominaria card by what it does (the cards have no names; their ids mean nothing to a
    player): its mana symbols and the token it puts on the map, if any."""
    card = next(c for c in view.pack.cards if c.id == card_id)
    text = Text("mana ")
    text.append_text(mana_text([c for c in COLOURS if c in card.mana]))
    if card.token and card.location:
        token = "Cabal token" if card.token == "cabal" else "artifact token"
        text.append(f", {token} at ")
        text.append_text(place(view.pack, card.location))
    return text


# ---------------------------------------------------------------------- the header


def header(view: DominariaView, player: int) -> Group:
    """Round, whose turn, this turn's Dominaria card, and the designed-content warning."""
    top = Text()
    top.append(" Heroes of Dominaria ", "bold reverse")
    top.append(f"  round {view.round}/{view.rounds}  ")
    top.append_text(player_tag(player))
    top.append(f" {player_label(view, player)}", "bold")
    top.append({"quests": " keeps 2 of 4 quests", "heroes": " places a starting Hero",
                "play": " to act", "over": ""}[view.stage])
    if view.stage == "play":
        state = view.boards[player]
        top.append(f"  moves {state.moves_used}/{moves_allowed(state, view.pack)}"
                   f"  collect {state.collects_used}/{collects_allowed(state, view.pack)}",
                   "dim")
    lines: list[RenderableType] = [top]
    if view.revealed:
        lines.append(Text.assemble("Dominaria card this turn: ",
                                   dominaria_card_text(view, view.revealed)))
    warning = designed_warning(view.pack)
    if warning is not None:
        lines.append(warning)
    return Group(*lines)


def designed_warning(pack: Pack) -> Text | None:
    designed = pack.designed_records()
    if not designed:
        return None
    return Text(f"This game uses designed content for {len(designed)} records (the printed "
                f"cards are not public); see {DESIGNED_NOTE}", "yellow")


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


def boards_table(view: DominariaView, viewer: int) -> Table:
    """Every player's board in one row: pool, pieces out of their tracks, hand size (only
    the viewer's own quests are shown elsewhere), score."""
    boards = view.pack.boards
    table = Table(box=box.SIMPLE_HEAD, padding=(0, 1), show_edge=False)
    for column in ("", "player", "mana pool", "heroes", "manaliths", "leylines", "cabal",
                   "quests", "score so far"):
        table.add_column(column, no_wrap=True)
    for player, (state, parts) in enumerate(zip(view.boards, view.scores(), strict=True)):
        name = Text(player_label(view, player), "bold" if player == viewer else "")
        quests = f"{view.players[player].hand_size} in hand"
        if state.completed:
            quests += f", {state.completed} done"
        table.add_row(player_tag(player), name, pool_text(state),
                      f"{len(state.heroes)} out, {state.heroes_on_track} left",
                      f"{len(state.manaliths)}/{len(boards.manalith.spaces)}",
                      f"{len(state.leylines)}/{len(boards.leyline.spaces)}",
                      f"{state.cabal}/{len(boards.cabal.spaces)}", quests, score_text(parts))
    return table


def in_play_lines(view: DominariaView) -> list[Text]:
    """Artifacts in play and started quests: public, one line per player who has any."""
    lines = []
    for player, state in enumerate(view.boards):
        parts = []
        if state.artifacts:
            parts.append("artifacts " + ", ".join(card_name(view, a) for a in state.artifacts))
        if state.started:
            parts.append("started " + ", ".join(card_name(view, q) for q in state.started))
        if parts:
            lines.append(Text.assemble(" ", player_tag(player), " in play: ", "; ".join(parts)))
    return lines


def quest_line(view: DominariaView, quest_id: str) -> Text:
    """A quest card in full: name, VP, what starts it, what completes it, its reward."""
    quest = view.pack.quests[quest_id]
    return Text.assemble((quest.name, "bold"), f" ({quest.vp} VP): ", quest.text)


def artifact_line(view: DominariaView, artifact_id: str) -> Text:
    artifact = view.pack.artifacts[artifact_id]
    return Text.assemble((artifact.name, "bold"), f" ({artifact.vp} VP): ", artifact.text)


def hand_view(view: DominariaView, player: int) -> RenderableType | None:
    """The acting player's own quests: in hand (hidden from the others) and started."""
    state = view.boards[player]
    if not state.hand and not state.started:
        return None
    lines = [Text.assemble("  ", quest_line(view, q)) for q in state.hand]
    lines += [Text.assemble("  ", quest_line(view, q), (" (started)", "cyan"))
              for q in state.started]
    title = Text(f"{view.player_name(player)}'s quests (hidden from the other players)",
                 "bold")
    return Group(title, *lines)


def public_quests_view(view: DominariaView) -> Group:
    lines = [Text("Public quests (two tiles each; nobody takes both):", "bold")]
    for quest_id, quest in view.pack.public_quests.items():
        claims = view.claims[quest_id]
        left = [str(vp) for vp in quest.tiles[len(claims):]]
        text = Text.assemble("  ", (quest.name, "bold"), f": {quest.text}  ")
        text.append(f"tiles left {' '.join(left) or 'none'}", "dim")
        for claimant in claims:
            text.append(" ")
            text.append_text(player_tag(claimant))
        lines.append(text)
    return Group(*lines)


def choice_view(view: DominariaView, player: int) -> RenderableType | None:
    """The cards a "keep" decision chooses from, in full."""
    choice = view.boards[player].choice
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
    lines = [Text.assemble("  • ", show(view, card)) for card in choice.cards]
    return Panel(Group(*lines), title=Text(title, "bold"), title_align="left",
                 box=box.ROUNDED, expand=False)


# ---------------------------------------------------------------------- events and the end


Event = dict[str, Any]


def _at(view: DominariaView, words: str) -> Callable[[Event], Text]:
    return lambda e: Text.assemble(words, place(view.pack, e["location"]))


def _mana(amount: int, colour: str) -> Text:
    return Text(f"{amount} {colour}", COLOUR_STYLES[colour])


def event_words(view: DominariaView) -> dict[str, Callable[[Event], Text]]:
    """How each kind of event reads, after the player's name."""
    pack = view.pack
    return {
        "hero": _at(view, "places a Hero at "),
        "recruit": _at(view, "recruits a Hero at "),
        "discover": _at(view, "uncovers the artifact token at "),
        "confront": _at(view, "defeats the Cabal at "),
        "manalith": _at(view, "builds a Manalith at "),
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
        "use": lambda e: Text(f"uses {card_name(view, e['artifact'])}"),
        "start": lambda e: Text(f"starts the quest {card_name(view, e['quest'])}"),
        "complete": lambda e: Text(f"completes {card_name(view, e['quest'])} "
                                   f"(+{e['vp']} VP)", "green"),
        "claim": lambda e: Text(f"claims {card_name(view, e['quest'])} (+{e['vp']} VP)",
                                "green"),
    }


def event_texts(view: DominariaView, events: Sequence[Event],
                name: Callable[[int], str] | None = None) -> list[Text]:
    """What happened, in words, after each player's ``name`` (the seat's name by default). A
    new turn's Dominaria card is left out: the header shows it."""
    words = event_words(view)
    name = name or view.player_name
    texts = []
    for event in events:
        if event["type"] == "game_over":
            texts.append(Text("The last round is over.", "bold"))
        elif event["type"] in words:
            texts.append(Text.assemble(player_tag(event["player"]), " ",
                                       (name(event["player"]), "bold"), " ",
                                       words[event["type"]](event)))
    return texts


def action_echo(who: str, action: object, style: str = "dim") -> list[Text]:
    """An action in notation after who did it, for an action whose events say nothing (an end
    of turn). Never a keep: it would name the hidden cards kept (its event says how many)."""
    if str(action).split()[:1] == ["keep"]:
        return []
    return [Text(f"{who}: {action}", style)]


def final_view(view: DominariaView) -> Group:
    """The standings with every player's score item by item ("cards done": quests completed
    and artifacts counted), and the winners."""
    table = Table(title="Final scores", box=box.SIMPLE_HEAD, title_style="bold")
    for column in ("rank", "player", "heroes", "manaliths", "leylines", "cabal", "artifacts",
                   "cards done", "public", "total", "quests done"):
        table.add_column(column, justify="left" if column == "player" else "right",
                         style="bold" if column == "total" else None, no_wrap=True)
    scores = view.scores()
    for standing in view.standings():  # the tie-break is completed quests
        parts = scores[standing.player]
        table.add_row(str(standing.rank), player_label(view, standing.player),
                      *(str(parts[k]) for k in ("heroes", "manaliths", "leylines", "cabal",
                                                "artifacts", "accomplished", "public")),
                      str(standing.total), str(standing.tiebreak))
    winners = " and ".join(player_label(view, p) for p in view.winners())
    return Group(table, Text(f"Winner: {winners}", "bold magenta"))
