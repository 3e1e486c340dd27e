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

from herotable.dominaria.names import names, record_names
from herotable.dominaria.pack import (
    COLOURED_METRICS,
    COLOURS,
    TRAVEL_METRICS,
    Effect,
    Pack,
    Requirement,
)
from herotable.dominaria.rules import (
    collects_allowed,
    moves_allowed,
)
from herotable.dominaria.state import PlayerState
from herotable.dominaria.view import DominariaView
from herotable.messages import say
from herotable.terminal.words import colon, semicolon, styled, term

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


def words(language: str, key: str, **params: object) -> str:
    """A message of the Dominaria terminal's own section."""
    return term(language, f"dominaria.{key}", **params)


def walker_name(view: DominariaView, player: int, language: str = "en") -> str:
    walker = view.pack.planeswalkers[view.boards[player].walker]
    return names("planeswalkers", walker.id, walker.name).get(language, walker.name)


def seat_name(view: DominariaView, player: int, language: str = "en") -> str:
    """The name the player gave, else its planeswalker's, in ``language``."""
    name = view.player_name(player)
    walker = view.pack.planeswalkers[view.boards[player].walker]
    return walker_name(view, player, language) if name == walker.name else name


def player_label(view: DominariaView, player: int, language: str = "en") -> str:
    """The name players gave, with the planeswalker it plays (or just the planeswalker)."""
    walker = walker_name(view, player, language)
    name = seat_name(view, player, language)
    return name if name == walker else f"{name} ({walker})"


def player_tag(player: int) -> Text:
    """The player's digit on their colour: how Heroes and Manaliths show on the map."""
    return Text(str(player + 1), PLAYER_STYLES[player])


def location_name(pack: Pack, location: str, language: str = "en") -> str:
    return record_names(pack, "locations", location).get(language,
                                                         pack.locations[location].name)


def place(pack: Pack, location: str, language: str = "en") -> Text:
    """A location's name in its mana colour."""
    loc = pack.locations[location]
    return Text(location_name(pack, location, language), COLOUR_STYLES[loc.colour])


def mana_text(colours: Sequence[str]) -> Text:
    """Mana symbols, each letter in its colour: ``R R G``."""
    text = Text()
    for i, colour in enumerate(colours):
        if i:
            text.append(" ")
        text.append(colour, COLOUR_STYLES[colour])
    return text


def card_name(view: DominariaView, card_id: str, language: str = "en") -> str:
    pack = view.pack
    for kind, cards in (("quests", pack.quests), ("artifacts", pack.artifacts),
                        ("public_quests", pack.public_quests)):
        if card_id in cards:
            return record_names(pack, kind, card_id).get(language, cards[card_id].name)
    return card_id


def colour_name(colour: str, language: str) -> str:
    return say(language, f"dom.colour.{colour}")


def requirement_text(view: DominariaView, req: Requirement, language: str) -> str:
    """One condition of a quest, as the page words it: "2 Heroes on white locations"."""
    params: dict[str, object] = {"count": req.at_least}
    key = f"dom.req.{req.metric}"
    if req.colour and req.metric in COLOURED_METRICS:
        key = f"dom.req_colour.{req.metric}"
        params["colour"] = colour_name(req.colour, language)
    if req.location:
        params["location"] = location_name(view.pack, req.location, language)
        if req.metric in TRAVEL_METRICS:  # "a Hero has been to Keld": no count to say
            key = f"dom.req_place.{req.metric}"
    text = say(language, key, **params)
    return say(language, "dom.req.since_start", text=text) if req.since_start else text


def effects_text(effects: Sequence[Effect], language: str) -> str:
    """What a reward or an artifact gives: "2 green mana, a new quest"."""
    return ", ".join(
        say(language, f"dom.effect.{e.effect}", count=e.amount,
            colour=colour_name(e.colour, language) if e.colour else "")
        for e in effects)


def progress_text(value: int, at_least: int) -> str:
    """How far a condition is: "2/3" (a count may pass what is needed: "4/3")."""
    return f"{value}/{at_least}"


def quest_text(view: DominariaView, quest_id: str, language: str,
               progress: Sequence[dict[str, Any]] | None = None) -> str:
    """A quest's conditions (what starts it, what completes it) and reward, in words.
    ``progress`` (the view's, for this quest) puts "(2/3)" after each condition it counts:
    those that start a quest in hand that needs starting, else those that complete it."""
    quest = view.pack.quests[quest_id]
    started = view.you is not None and quest_id in view.boards[view.you].started
    counted = quest.start if quest.needs_start and not started else quest.requires

    def listed(reqs: Sequence[Requirement]) -> str:
        said = [requirement_text(view, r, language) for r in reqs]
        if progress is not None and reqs is counted:
            said = [f"{text} ({progress_text(p['value'], p['at_least'])})"
                    for text, p in zip(said, progress, strict=True)]
        return semicolon(language).join(said)

    parts = [listed(quest.requires)]
    if quest.needs_start:
        parts = [f"{say(language, 'dom.quest.start_when')} {listed(quest.start)}.",
                 f"{say(language, 'dom.quest.then')} {listed(quest.requires)}"]
    text = " ".join(parts)
    if quest.reward:
        reward = say(language, "dom.quest.reward", reward=effects_text(quest.reward, language))
        text += f". {reward}"
    return text


def ability_text(view: DominariaView, artifact_id: str, language: str) -> str:
    """An artifact's ability in words."""
    ability = view.pack.artifacts[artifact_id].ability
    params: dict[str, object] = {"count": ability.amount,
                                 "effects": effects_text(ability.effects, language)}
    if ability.target:
        params["ability"] = say(language, f"dom.ability.{ability.target}")
    return say(language, f"dom.artifact_ability.{ability.kind}", **params)


def dominaria_card_text(view: DominariaView, card_id: str, language: str = "en") -> Text:
    """A Dominaria card by what it does (the cards have no names; their ids mean nothing to a
    player): its mana symbols and the token it puts on the map, if any."""
    card = next(c for c in view.pack.cards if c.id == card_id)
    text = styled(language, "terminal.dominaria.card.mana",
                  {"colours": mana_text([c for c in COLOURS if c in card.mana])})
    if card.token and card.location:
        text.append(", ")
        text.append_text(styled(language, f"terminal.dominaria.card.{card.token}",
                                {"location": place(view.pack, card.location, language)}))
    return text


# ---------------------------------------------------------------------- the header


def header(view: DominariaView, player: int, language: str = "en") -> Group:
    """Round, whose turn, this turn's Dominaria card, and the designed-content warning."""
    top = Text()
    top.append(f" {say(language, 'game.dominaria')} ", "bold reverse")
    top.append(f"  {words(language, 'header.round', round=view.round, rounds=view.rounds)}  ")
    top.append_text(player_tag(player))
    top.append(f" {player_label(view, player, language)}", "bold")
    if view.stage != "over":
        top.append(f" {words(language, f'header.{view.stage}')}")
    if view.stage == "play":
        state = view.boards[player]
        used = words(language, "header.used", moves=state.moves_used,
                     most_moves=moves_allowed(state, view.pack),
                     collects=state.collects_used,
                     most_collects=collects_allowed(state, view.pack))
        top.append(f"  {used}", "dim")
    lines: list[RenderableType] = [top]
    if view.revealed:
        lines.append(styled(language, "terminal.dominaria.header.card",
                            {"card": dominaria_card_text(view, view.revealed, language)}))
    warning = designed_warning(view.pack, language)
    if warning is not None:
        lines.append(warning)
    return Group(*lines)


def designed_warning(pack: Pack, language: str = "en") -> Text | None:
    designed = pack.designed_records()
    if not designed:
        return None
    return Text(words(language, "designed", count=len(designed), note=DESIGNED_NOTE), "yellow")


# ---------------------------------------------------------------------- the boards


def pool_text(state: PlayerState, player: int) -> Text:
    """Mana by colour; a Manalith token held follows its colour's count as the map draws a
    Manalith, ▲ and its owner's digit (``U0+▲1``: no blue mana, and player 1's blue
    Manalith token), so it reads as one more mana of that colour, not as a count."""
    text = Text()
    for colour in COLOURS:
        if text:
            text.append(" ")
        token = colour in state.manalith_tokens
        text.append(f"{colour}{state.pool[colour]}", COLOUR_STYLES[colour]
                    if state.pool[colour] or token else "dim")
        if token:
            text.append(f"+{MANALITH_GLYPH}", COLOUR_STYLES[colour])
            text.append_text(player_tag(player))
    return text


SCORE_LETTERS = (("H", "heroes"), ("M", "manaliths"), ("L", "leylines"), ("C", "cabal"),
                 ("A", "artifacts"), ("Q", "accomplished"), ("P", "public"), ("O", "turn_order"))


def score_text(parts: dict[str, int]) -> Text:
    """The running score: the items worth something (letters as in the help), then the
    total."""
    items = [f"{letter}{parts[key]}" for letter, key in SCORE_LETTERS if parts[key]]
    text = Text(" ".join(items), "dim")
    text.append(f"{' ' if items else ''}= {parts['total']}", "bold")
    return text


BOARD_COLUMNS = ("player", "pool", "heroes", "manaliths", "leylines", "cabal", "quests",
                 "score")


def boards_table(view: DominariaView, viewer: int, language: str = "en") -> Table:
    """Every player's board in one row: pool, pieces out of their tracks, hand size (only
    the viewer's own quests are shown elsewhere), score."""
    boards = view.pack.boards
    table = Table(box=box.SIMPLE_HEAD, padding=(0, 1), show_edge=False)
    table.add_column("", no_wrap=True)
    for column in BOARD_COLUMNS:
        table.add_column(words(language, f"board.{column}"), no_wrap=True)
    for player, (state, parts) in enumerate(zip(view.boards, view.scores(), strict=True)):
        name = Text(player_label(view, player, language), "bold" if player == viewer else "")
        quests = words(language, "board.in_hand", count=view.players[player].hand_size)
        if state.completed:
            quests += words(language, "board.done", count=state.completed)
        table.add_row(player_tag(player), name, pool_text(state, player),
                      words(language, "board.heroes_out", count=len(state.heroes),
                            left=state.heroes_on_track),
                      f"{len(state.manaliths)}/{len(boards.manalith.spaces)}",
                      f"{len(state.leylines)}/{len(boards.leyline.spaces)}",
                      f"{state.cabal}/{len(boards.cabal.spaces)}", quests, score_text(parts))
    return table


def in_play_lines(view: DominariaView, language: str = "en") -> list[Text]:
    """Every card a player has shown, one line per player who has any: artifacts in play
    and started quests, then the accomplishments (quests completed, artifacts counted) and
    the public quest tiles taken, with their VP."""
    lines = []
    for player, state in enumerate(view.boards):
        in_play, shown = [], []
        if state.artifacts:
            in_play.append(words(language, "in_play.artifacts", names=", ".join(
                card_name(view, a, language) for a in state.artifacts)))
        if state.started:
            in_play.append(words(language, "in_play.started", names=", ".join(
                card_name(view, q, language) for q in state.started)))
        if in_play:
            shown.append(words(language, "in_play.line", what=semicolon(language).join(in_play)))
        if state.accomplished:
            shown.append(words(language, "shown.accomplished", names=", ".join(
                card_name(view, c, language) for c in state.accomplished)))
        if state.public:
            shown.append(words(language, "shown.tiles", names=", ".join(
                f"{card_name(view, q, language)} ({say(language, 'dom.vp', count=vp)})"
                for q, vp in state.public)))
        if shown:
            lines.append(Text.assemble(" ", player_tag(player), " ",
                                       semicolon(language).join(shown)))
    return lines


def quest_line(view: DominariaView, quest_id: str, language: str = "en",
               progress: Sequence[dict[str, Any]] | None = None) -> Text:
    """A quest card in full: name, VP, what starts it, what completes it, its reward (with
    the ``progress`` of its conditions, when given)."""
    quest = view.pack.quests[quest_id]
    return Text.assemble((card_name(view, quest_id, language), "bold"),
                         f" ({say(language, 'dom.vp', count=quest.vp)}){colon(language)} ",
                         quest_text(view, quest_id, language, progress))


def artifact_line(view: DominariaView, artifact_id: str, language: str = "en") -> Text:
    artifact = view.pack.artifacts[artifact_id]
    return Text.assemble((card_name(view, artifact_id, language), "bold"),
                         f" ({say(language, 'dom.vp', count=artifact.vp)}){colon(language)} ",
                         ability_text(view, artifact_id, language))


def hand_view(view: DominariaView, player: int, language: str = "en") -> RenderableType | None:
    """The acting player's own quests: in hand (hidden from the others) and started."""
    state = view.boards[player]
    if not state.hand and not state.started:
        return None
    progress = view.progress()
    lines = [Text.assemble("  ", quest_line(view, q, language, progress.get(q)))
             for q in state.hand]
    lines += [Text.assemble("  ", quest_line(view, q, language, progress.get(q)),
                            (f" ({words(language, 'quests.started')})", "cyan"))
              for q in state.started]
    title = Text(words(language, "quests.hidden", name=seat_name(view, player, language)),
                 "bold")
    return Group(title, *lines)


def public_quests_view(view: DominariaView, language: str = "en") -> Group:
    lines = [Text(words(language, "quests.public"), "bold")]
    progress = view.progress()
    for quest_id, quest in view.pack.public_quests.items():
        claims = view.claims[quest_id]
        left = " ".join(str(vp) for vp in quest.tiles[len(claims):])
        said = [requirement_text(view, r, language) for r in quest.requires]
        if quest_id in progress:  # a seat's own counts; a spectator sees none
            said = [f"{text} ({progress_text(p['value'], p['at_least'])})"
                    for text, p in zip(said, progress[quest_id], strict=True)]
        conditions = semicolon(language).join(said)
        text = Text.assemble("  ", (card_name(view, quest_id, language), "bold"),
                             f"{colon(language)} {conditions}  ")
        text.append(words(language, "quests.tiles_left", tiles=left) if left
                    else words(language, "quests.no_tiles"), "dim")
        for claimant in claims:
            text.append(" ")
            text.append_text(player_tag(claimant))
        lines.append(text)
    return Group(*lines)


def choice_view(view: DominariaView, player: int,
                language: str = "en") -> RenderableType | None:
    """The cards a "keep" decision chooses from, in full."""
    choice = view.boards[player].choice
    if choice is None:
        return None
    title = words(language, f"choice.{choice.kind}")
    show = artifact_line if choice.kind == "artifact" else quest_line
    # Not numbered: the numbers on screen are the actions' (keep ... below).
    lines = [Text.assemble("  • ", show(view, card, language)) for card in choice.cards]
    return Panel(Group(*lines), title=Text(title, "bold"), title_align="left",
                 box=box.ROUNDED, expand=False)


# ---------------------------------------------------------------------- events and the end


Event = dict[str, Any]


def event_parts(view: DominariaView, event: Event, language: str) -> dict[str, Text]:
    """An event's places and cards, each in its own style, for its message."""
    pack = view.pack
    parts: dict[str, Text] = {}
    for param, field in (("location", "location"), ("from", "origin"), ("to", "target")):
        if field in event:
            parts[param] = place(pack, event[field], language)
    if "link" in event:
        parts["from"], parts["to"] = (place(pack, end, language) for end in event["link"])
    for param in ("artifact", "quest"):
        if param in event:
            parts[param] = Text(card_name(view, event[param], language), "bold")
    return parts


EVENT_COUNTS = {"collect": "amount", "mana": "amount", "quest": "count", "complete": "vp",
                "claim": "vp", "head_start": "vp"}
EVENT_STYLES = {"complete": "green", "claim": "green"}
EVENT_KINDS = ("hero", "move", "collect", "recruit", "discover", "confront", "manalith",
               "leyline", "mana", "quest", "artifact", "use", "start", "complete", "claim",
               "head_start")


def event_texts(view: DominariaView, events: Sequence[Event],
                name: Callable[[int], str] | None = None, language: str = "en") -> list[Text]:
    """What happened, in words, after each player's ``name`` (the seat's name by default),
    as the page words the log. A new turn's Dominaria card is left out: the header shows it."""
    texts = []
    for event in events:
        kind = event["type"]
        if kind == "game_over":
            texts.append(Text(words(language, "last_round"), "bold"))
        elif kind == "shortage":  # the mana phase's, no player's doing
            texts.append(Text(say(language, "dom.shortage.event", count=event["missed"],
                                  colour=colour_name(event["colour"], language)), "yellow"))
        elif kind in EVENT_KINDS:
            player = event["player"]
            who = name(player) if name is not None else seat_name(view, player, language)
            parts = {"name": Text(who, "bold"), **event_parts(view, event, language)}
            params: dict[str, object] = {}
            if kind in EVENT_COUNTS:
                params["count"] = event[EVENT_COUNTS[kind]]
            if "colour" in event:
                params["colour"] = colour_name(event["colour"], language)
            if "place" in event:
                params["place"] = event["place"]
            line = Text.assemble(player_tag(player), " ")
            line.append_text(styled(language, f"dom.event.{kind}", parts,
                                    EVENT_STYLES.get(kind, ""), **params))
            texts.append(line)
    return texts


def action_echo(player: int, who: str, action: object, style: str = "dim",
                language: str = "en") -> list[Text]:
    """An action after who did it (``player``'s digit first), for an action whose events say
    nothing (an end of turn, said in words as the page's button says it; anything else in
    notation). Never a keep: it would name the hidden cards kept (its event says how many)."""
    verb = str(action).split()[:1]
    if verb == ["keep"]:
        return []
    what = say(language, "dom.do.end") if verb == ["end"] else str(action)
    # Tagged with the player's digit, as the events' lines are.
    return [Text.assemble(player_tag(player), " ",
                          Text(term(language, "common.did", name=who, what=what), style))]


FINAL_COLUMNS = ("rank", "player", "heroes", "manaliths", "leylines", "cabal", "artifacts",
                 "cards_done", "public", "turn_order", "total", "quests_done")


def final_view(view: DominariaView, language: str = "en") -> Group:
    """The standings with every player's score item by item ("cards done": quests completed
    and artifacts counted), and the winners."""
    # Twelve columns: padded on one side only, so that every heading fits 120 columns.
    table = Table(title=term(language, "common.final_scores"), box=box.SIMPLE_HEAD,
                  title_style="bold", padding=(0, 1, 0, 0), pad_edge=False)
    for column in FINAL_COLUMNS:
        table.add_column(words(language, f"final.{column}"),
                         justify="left" if column == "player" else "right",
                         style="bold" if column == "total" else None, no_wrap=True)
    scores = view.scores()
    for standing in view.standings():  # the tie-break is completed quests
        parts = scores[standing.player]
        table.add_row(str(standing.rank), player_label(view, standing.player, language),
                      *(str(parts[k]) for k in ("heroes", "manaliths", "leylines", "cabal",
                                                "artifacts", "accomplished", "public",
                                                "turn_order")),
                      str(standing.total), str(standing.tiebreak))
    winners = [player_label(view, p, language) for p in view.winners()]
    return Group(table, Text(term(language, "common.winner", count=len(winners),
                                  names=term(language, "common.and").join(winners)),
                             "bold magenta"))
