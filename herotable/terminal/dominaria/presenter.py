"""The Dominaria action presenter: the legal actions grouped by verb, each in words, with
what each verb costs and does."""

from __future__ import annotations

from collections.abc import Sequence

from rich.table import Table
from rich.text import Text

from herotable.dominaria.actions import VERBS, DominariaAction
from herotable.dominaria.rules import (
    ability_cost,
    auto_payment,
    collects_allowed,
    moves_allowed,
)
from herotable.dominaria.view import DominariaView
from herotable.messages import say
from herotable.terminal.dominaria.render import (
    ABILITY_VERBS,
    COLOUR_STYLES,
    card_name,
    mana_text,
    place,
    words,
)
from herotable.terminal.words import colon

# ---------------------------------------------------------------------- the actions


def verb_hint(view: DominariaView, player: int, verb: str, language: str = "en") -> Text:
    """What a verb does, with its cost and what the engine pays when no mana is named."""
    state = view.boards[player]
    hint = Text()
    if verb in ABILITY_VERBS:
        cost = ability_cost(state, view.pack, verb)
        hint.append(f"{cost}", "bold")
        hint.append(f" {words(language, 'actions.pays')} ")
        hint.append_text(mana_text(auto_payment(state, cost)))
        hint.append(f"{colon(language)} ")
    elif verb in ("move", "collect"):  # as many as the rules and the artifacts allow now
        left = (moves_allowed(state, view.pack) - state.moves_used if verb == "move"
                else collects_allowed(state, view.pack) - state.collects_used)
        hint.append(f"{words(language, 'actions.moves_left', count=left)}{colon(language)} ")
    if verb != "end":
        hint.append(words(language, f"verb.{verb}"))
    hint.stylize("dim")
    return hint


def action_words(view: DominariaView, action: DominariaAction, language: str = "en") -> Text:
    """One action in words, short enough to sit several to a line."""
    pack, args = view.pack, action.args
    verb = action.verb
    if verb == "keep":  # in the order the cards are shown, as the key numbers them
        choice = view.boards[view.you].choice if view.you is not None else None
        shown = list(choice.cards) if choice is not None else list(args)
        ordered = sorted(args, key=lambda c: shown.index(c) if c in shown else len(shown))
        return Text(" + ".join(card_name(view, c, language) for c in ordered))
    if verb == "move":
        return Text.assemble(place(pack, args[0], language), "→", place(pack, args[1], language))
    if verb == "collect":
        loc = pack.locations[args[0]]
        return Text.assemble(place(pack, args[0], language),
                             (f" +{view.map_mana[args[0]]}{loc.colour}",
                              COLOUR_STYLES[loc.colour]))
    if verb == "leyline":
        return Text.assemble(place(pack, args[0], language), "–",
                             place(pack, args[1], language))
    if verb in ("place", "recruit", "discover", "confront", "manalith"):
        return place(pack, args[0], language)
    if verb == "complete":
        vp = pack.quests[args[0]].vp
        return Text(f"{card_name(view, args[0], language)} "
                    f"(+{say(language, 'dom.vp', count=vp)})")
    if verb == "end":
        return Text(words(language, "actions.end"))
    return Text(card_name(view, args[0], language) if args else str(action))


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


# Each action's key: a letter for its verb and the numbers of what it acts on, which never
# change during a game (locations as numbered on the map, cards by their place in the pack or
# in the choice on screen), so a key read a moment ago still means the same action.
VERB_KEYS = {"keep": "k", "place": "p", "move": "m", "collect": "c", "recruit": "r",
             "discover": "d", "confront": "f", "manalith": "b", "leyline": "l", "use": "u",
             "start": "s", "complete": "a", "end": "e"}


def location_number(view: DominariaView, location: str) -> int:
    """A location's fixed number (its place in the pack), shown on the map and the table."""
    return list(view.pack.locations).index(location) + 1


def action_key(view: DominariaView, action: DominariaAction) -> str:
    """``c7`` (collect at location 7), ``m3-7`` (move from 3 to 7), ``k13`` (keep the first
    and third cards shown), ``s12`` (start quest 12 of the pack), ``e`` (end the turn)."""
    letter, args, pack = VERB_KEYS[action.verb], action.args, view.pack
    if action.verb == "keep":
        you = view.you if view.you is not None else 0
        choice = view.boards[you].choice
        cards = list(choice.cards) if choice is not None else []
        places = sorted(cards.index(c) + 1 for c in args if c in cards)
        return letter + "".join(str(n) for n in places)
    if action.verb in ("use", "start", "complete"):
        ids: list[str] = list(pack.artifacts if action.verb == "use" else pack.quests)
        return f"{letter}{ids.index(args[0]) + 1}"
    return letter + "-".join(str(location_number(view, a)) for a in args)


def keyed_actions(view: DominariaView,
                  actions: Sequence[DominariaAction]) -> dict[str, DominariaAction]:
    return {action_key(view, action): action for action in actions}


def actions_view(view: DominariaView, player: int, actions: Sequence[DominariaAction],
                 width: int, language: str = "en") -> Table:
    """The legal actions grouped by verb, in the rules' order, each with its stable key."""
    verbs = [v for v in VERBS if any(a.verb == v for a in actions)]
    headings = {verb: words(language, f"heading.{verb}") for verb in verbs}
    heading_width = max((len(h) for h in headings.values()), default=0)
    grid = Table.grid(padding=(0, 1))
    grid.add_column(no_wrap=True, width=heading_width)
    grid.add_column(no_wrap=True)
    for verb in verbs:
        items = [verb_hint(view, player, verb, language)]
        for action in actions:
            if action.verb == verb:
                items.append(Text.assemble((f"[{action_key(view, action)}]", "bold cyan"), " ",
                                           action_words(view, action, language)))
        grid.add_row(Text(headings[verb], "bold"), flow(items, width - heading_width - 1))
    return grid
