"""Play Heroes of Dominaria in the terminal: hot-seat for 2 to 4 players (or against bots),
one typed line at a time.

The screen is redrawn for whoever owes the next decision: the map, every planeswalker's
board and running score, the acting player's own quests (never the others'), and the legal
actions grouped by verb. A refusal is shown as the engine words it, and nothing changes."""

from __future__ import annotations

import re
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from rich.console import Console, Group, RenderableType
from rich.rule import Rule
from rich.text import Text

from herotable.bots.base import Bot
from herotable.core.errors import HerotableError, IllegalAction
from herotable.dominaria.actions import VERBS, DominariaAction
from herotable.dominaria.game import DominariaGame
from herotable.dominaria.view import DominariaView
from herotable.messages import environment_language, say
from herotable.terminal.dominaria.layout import location_table, map_picture
from herotable.terminal.dominaria.presenter import VERB_KEYS, actions_view, keyed_actions
from herotable.terminal.dominaria.render import (
    PICTURE_WIDTH,
    TABLE_ROOM,
    action_echo,
    boards_table,
    choice_view,
    event_texts,
    final_view,
    hand_view,
    header,
    in_play_lines,
    public_quests_view,
    seat_name,
)
from herotable.terminal.rules import rules_view
from herotable.terminal.session import (
    ReadLine,
    SessionBase,
    fit_log,
    fit_parts,
    heights,
    help_table,
    log_room,
    refusal_line,
)
from herotable.terminal.words import term

# The commands (typed as they are in every language) beside the keys of what each does,
# under ``terminal.dominaria.help``: examples of actions, then the session's own commands.
EXAMPLE_ROWS = (("m3-7", "key"), ("move orvada urborg", "notation"),
                ("collect urborg", "collect"), ("manalith hammerheim pay R R G W U", "pay"),
                ("b7 pay R R G W U", "key_pay"))
COMMAND_ROWS = (("rules [{word}]", "rules"), ("locations", "locations"), ("quests", "quests"),
                ("save [{file}]", "save"), ("quit", "quit"))
HELP_NOTES = ("keys", "pool", "scores")
# What an action's key looks like (c7, m3-7): typed but not offered, it is not notation either.
KEY = re.compile(r"[a-z]\d+(-\d+)?")
KEY_VERBS = {letter: verb for verb, letter in VERB_KEYS.items()}
# Decisions owed before anything else: every action offered is of one of these verbs.
OWED = ("keep", "place")


# ---------------------------------------------------------------------- the session


class Session(SessionBase):
    """One sitting at the terminal: the loop over decisions, saving and leaving."""

    resume_command = "herotable dominaria play"

    def __init__(self, game: DominariaGame, save_path: Path | None, console: Console,
                 read_line: ReadLine, bots: dict[int, Bot] | None = None,
                 language: str = "en") -> None:
        self.game = game
        self.bots = bots or {}
        self.save_path = save_path
        self.language = language
        self.console = console
        self.read_line = read_line
        self.notes: list[RenderableType] = (
            [Text(term(language, "common.resuming"), "bold")] if game.log.entries else [])
        self.notes_paged = False  # the notes were too long for the screen and came as a page
        # The table repeats the picture in words; by default only where the screen has room
        # for both (on a shorter screen, asking for it shows it instead of the picture).
        self.show_locations = console.height >= TABLE_ROOM

    def seat_name(self, seat: int) -> str:
        return seat_name(self.game.view(None), seat, self.language)

    def say(self, key: str, **params: object) -> str:
        return term(self.language, f"dominaria.{key}", **params)

    def decide(self, player: int) -> bool:
        """Read lines until one action is applied; False when the person leaves."""
        messages: list[RenderableType] = []
        while True:
            view = self.game.view(player)
            actions = list(view.legal)
            self.show(view, actions, messages)
            try:
                line = self.read_line(f"{self.seat_name(player)}> ")
            except EOFError:
                self.console.print()
                self.leave_quietly(term(self.language, "common.end_of_input"))
                return False
            kind, messages = self.handle(line, player, keyed_actions(view, actions))
            if kind != "again":
                return kind == "done"

    # ------------------------------------------------------------------ drawing

    def show(self, view: DominariaView, actions: Sequence[DominariaAction],
             messages: Sequence[RenderableType]) -> None:
        """The seat's screen, drawn from its view and legal actions only. The map is a picture,
        or a table when asked (``locations``) or when the terminal is too narrow for the
        picture; both only where the terminal is tall enough for both."""
        if self.console.is_terminal:
            self.console.clear()
        player = view.you
        assert player is not None, "a screen is drawn for a seat"
        console = self.console
        language = self.language
        width = console.width
        head: list[RenderableType] = [header(view, player, language)]
        middle: list[RenderableType] = []
        narrow = width < PICTURE_WIDTH
        tall = console.height >= TABLE_ROOM
        if not narrow and (tall or not self.show_locations):
            middle.append(map_picture(view, language))
        if self.show_locations:
            middle.append(location_table(view, width, language))
        middle.append(boards_table(view, player, language))
        middle += in_play_lines(view, language)
        middle += [part for part in (choice_view(view, player, language),
                                     hand_view(view, player, language)) if part is not None]
        bottom: list[RenderableType] = []
        if narrow:  # just above the actions, where it is seen however long the screen
            bottom.append(Text(self.say("narrow", need=PICTURE_WIDTH, have=width),
                               "bold yellow"))
        bottom.append(Rule(Text(self.say("prompt_rule", name=self.seat_name(player)),
                                "bold cyan"), style="cyan", align="left"))
        bottom.append(actions_view(view, player, actions, width, language))
        log = [*self.notes, *messages]
        if console.is_terminal:
            # The header stays on top: on a short screen the boards, then the actions, are
            # cut so that the log keeps a few lines for the reply to the last line typed.
            wanted = log_room(console, log)
            free = console.height - 1 - heights(console, [*head, *bottom]) - wanted
            if heights(console, middle) > free:
                middle = fit_parts(console, middle, max(free, 1), language)
                free = console.height - 1 - heights(console, [*head, *middle]) - wanted
                bottom = fit_parts(console, bottom, max(free, 1), language)
            room = console.height - 1 - heights(console, [*head, *middle, *bottom])
            if not self.notes_paged and heights(console, self.notes) > max(
                    room - heights(console, messages), 1):
                self.page_notes()  # too long to sit under the screen: a page first
                self.show(view, actions, messages)
                return
            log = fit_log(console, [*head, *middle, *bottom], log, max(1, len(messages)),
                          language)
        for item in [*head, *middle, *bottom, *log]:
            console.print(item)

    def page_notes(self) -> None:
        """What happened since the last decision typed here (the bots' turns, a hot-seat
        neighbour's), shown whole as a page the person leaves with Enter; the screen after
        it says so in one line."""
        self.page(Group(Text(self.say("summary.title"), "bold"), *self.notes))
        self.notes = [Text(self.say("summary.paged"), "dim")]
        self.notes_paged = True

    def show_final(self) -> None:
        if self.console.is_terminal:
            self.console.clear()
        view = self.game.view(None)
        self.console.print(map_picture(view, self.language))
        for item in self.notes:
            self.console.print(item)
        self.console.print(final_view(view, self.language))

    # ------------------------------------------------------------------ one typed line

    def handle(self, line: str, player: int,
               keys: dict[str, DominariaAction]) -> tuple[str, list[RenderableType]]:
        """Run one typed line: ``again`` (same decision), ``done`` (applied) or ``leave``."""
        text = line.strip()
        words = text.split()
        head = words[0].lower() if words else ""
        if not text:
            return "again", [Text(self.say("type_a_key"), "dim")]
        if head in ("help", "?"):
            return "again", self.paged(Group(*self.help_views()))
        if head == "rules":
            return "again", self.paged(rules_view("dominaria", self.language,
                                                  " ".join(words[1:])))
        if head in ("locations", "table"):
            self.show_locations = not self.show_locations
            shown = "table_instead" if self.show_locations else "picture_instead"
            return "again", [Text(self.say(shown), "dim")]
        if head == "quests":
            view = self.game.view(player)
            return "again", [part for part in (hand_view(view, player, self.language),
                                               public_quests_view(view, self.language))
                             if part]
        if head in ("u", "undo"):
            done, said = self.undo_last(player)
            if not done:
                return "again", [said]
            self.notes, self.notes_paged = [said], False
            return "done", []  # whoever owes the decision now is asked
        if head == "save":
            return "again", [self.save_command(" ".join(words[1:]))]
        if head in ("quit", "exit"):
            self.quit()
            return "leave", []
        if head in keys:
            return self.send(player, " ".join([str(keys[head]), *words[1:]]))
        owed = self.owed_first(head, keys)
        if owed is not None:
            return "again", [owed]
        if head.isdigit():
            return "again", [Text(self.say("no_numbers", number=head), "red")]
        if KEY.fullmatch(head):  # a key, but of no action offered now
            return "again", [Text(self.say("key_not_offered", typed=head), "red")]
        return self.send(player, text)

    def owed_first(self, head: str, keys: dict[str, DominariaAction]) -> Text | None:
        """While a choice or a starting Hero is owed, a key (or a bare key letter, ``e``) or
        an action word of another verb is answered with what is expected and its keys,
        instead of "unknown action" or a refusal of the whole action."""
        verbs = {action.verb for action in keys.values()}
        if len(verbs) != 1 or not verbs <= set(OWED):
            return None
        (owed,) = verbs
        if KEY.fullmatch(head) or head in KEY_VERBS:
            typed = KEY_VERBS.get(head[0])
        else:
            typed = head if head in VERBS else None
        if typed is None or typed == owed:
            return None
        return Text(self.say(f"owed.{owed}", keys=", ".join(keys)), "yellow")

    def help_views(self) -> list[RenderableType]:
        """How to type an action, what the keys and the boards' letters mean, the commands."""
        def rows(pairs: tuple[tuple[str, str], ...]) -> list[tuple[str, str]]:
            return [(command, self.say(f"help.{key}")) for command, key in pairs]

        return [Text(self.say("help.intro")), help_table(rows(EXAMPLE_ROWS), self.language),
                *(Text(self.say(f"help.{note}")) for note in HELP_NOTES),
                help_table([*rows(COMMAND_ROWS), ("u", say(self.language, "undo.help"))],
                           self.language)]

    def send(self, player: int, text: str) -> tuple[str, list[RenderableType]]:
        try:
            action = self.game.parse_action(text)
        except HerotableError as exc:
            return "again", [Text(term(self.language, "common.cannot_read", detail=str(exc)),
                                  "red")]
        try:
            events = self.game.apply(player, action)
        except IllegalAction as exc:
            return "again", [refusal_line(exc, self.language)]
        self.notes = []  # the log starts again at each decision a person makes
        self.notes_paged = False
        self.record(player, action, events)
        return "done", []

    def bot_moved(self, seat: int, bot: Bot, action: DominariaAction,
                  events: list[dict[str, Any]]) -> None:
        # Worded from the events, which say what any seat may see ("keeps 2 quests").
        self.record(seat, action, events)

    def record(self, player: int, action: DominariaAction,
               events: list[dict[str, Any]]) -> None:
        """Put what happened in the on-screen log, which keeps everything since a person's
        last decision (the next person sees each bot move since), then save."""
        views: list[RenderableType] = [*event_texts(self.game.view(None), events,
                                                    self.bot_label, self.language)]
        # An end of turn has no words of its own: it is written out (a keep never is).
        if not views:
            views = [*action_echo(player, self.bot_label(player), action,
                                  language=self.language)]
        self.notes += views
        if self.save_path is not None:
            problem = self.save_to(self.save_path)
            if problem is not None:
                self.notes.append(problem)



def play_dominaria(game: DominariaGame, save_path: Path | None = None,
                   console: Console | None = None, read_line: ReadLine = input,
                   bots: dict[int, Bot] | None = None, language: str | None = None) -> None:
    """Play ``game`` at the terminal until it ends or the person leaves; ``bots`` play the
    seats they are given.

    ``save_path``: save there after every applied action. ``read_line`` reads one typed line
    (``input`` by default; tests pass a script). End of input leaves as ``quit`` would,
    saving if a path is known; Ctrl-C does the same without a traceback. ``language`` says
    every text (default: the environment's, ``LC_ALL``, ``LC_MESSAGES`` or ``LANG``).
    """
    console = console or Console()
    session = Session(game, save_path, console, read_line, bots,
                      language or environment_language())
    try:
        session.run()
    except KeyboardInterrupt:
        console.print()
        session.leave_quietly(term(session.language, "common.interrupted"))
