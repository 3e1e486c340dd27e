"""Play Heroes of Dominaria in the terminal: hot-seat for 2 to 4 players (or against bots),
one typed line at a time.

The screen is redrawn for whoever owes the next decision: the map, every planeswalker's
board and running score, the acting player's own quests (never the others'), and the legal
actions grouped by verb. A refusal is shown as the engine words it, and nothing changes."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

from rich.console import Console, RenderableType
from rich.rule import Rule
from rich.text import Text

from herotable.bots.base import Bot
from herotable.core.errors import HerotableError, IllegalAction
from herotable.dominaria.actions import DominariaAction
from herotable.dominaria.game import DominariaGame
from herotable.dominaria.view import DominariaView
from herotable.messages import environment_language
from herotable.terminal.dominaria.layout import location_table, map_picture
from herotable.terminal.dominaria.presenter import actions_view, keyed_actions
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
)
from herotable.terminal.session import (
    ReadLine,
    SessionBase,
    fit_log,
    fit_parts,
    heights,
    log_room,
    refusal_line,
)

HELP = """\
Type the [b]key[/] of an action, shown in brackets, or the action itself in notation, e.g.
  [b]m3-7[/] moves a Hero from location 3 to location 7 (locations keep their numbers all game)
  [b]move orvada urborg[/]   [b]collect urborg[/]   [b]manalith hammerheim pay R R G W U[/]
  ([b]pay[/] names the mana to spend; without it the engine pays by its rule, shown in the list.
  A key may take a payment too: [b]b7 pay R R G W U[/].)
Keys: k keep, p place, m move, c collect, r recruit, d discover, f confront, b build a
  Manalith, l Leyline, u use, s start, a accomplish (complete), q claim, e end the turn.
Mana pool: R2▲ is 2 red mana and your red Manalith token (it comes back each turn).
Scores: H Hero track, M Manaliths, L Leylines, C defeated Cabal, A artifacts in play,
  Q accomplished quests and counted artifacts, P public quest tiles.
  [b]rules[/]      the rules in short
  [b]locations[/]  show the map as a table instead of the picture (or back)
  [b]quests[/]     your quests and the public quests in full
  [b]save[/] [FILE]  save the game (and keep saving there after each action)
  [b]quit[/]       leave (you are offered to save first)"""

# The rules in our own words (a summary; the engine is the judge of the details).
RULES = """\
[b]Heroes of Dominaria in short[/]
[b]Set-up.[/] Each planeswalker keeps 2 of 4 quests dealt (hidden from the others), then places
  a starting Hero on a start location (marked ◆ on the map).
[b]A turn.[/] A Dominaria card is revealed: it adds mana to locations and may put a Cabal or an
  artifact token on the map. Then, in any order: move Heroes along links (a few moves a turn),
  collect all the mana at one location with a Hero of yours (once a turn), and pay mana for
  abilities: recruit a Hero at a start location, discover an artifact (look at 2, keep 1),
  confront a Cabal token, build a Manalith (one per colour), form a Leyline on a link. Start
  quests from your hand, complete them when their condition holds, claim public quest tiles,
  use your artifacts, then end the turn; your Manalith tokens come back.
[b]The end.[/] After the last round, victory points count: Heroes out of the track, Manaliths,
  Leylines, defeated Cabal, artifacts, accomplished quests and public tiles. Most points wins;
  a tie goes to the most quests accomplished."""

PROMPT_RULE = "{name}: type a key or an action (help, rules, locations, quests, save, quit)"
TYPE_A_KEY = "Type the key of an action (in brackets), an action, or help."
NO_NUMBERS = ("There is no action {number!r}: actions have keys like c7 or m3-7 (shown in "
              "brackets), which stay the same all game.")
NARROW = ("This screen needs {need} columns and the terminal has {have}: the map picture is "
          "left out (type locations for the map as a table). Widen the terminal for it.")
TABLE_INSTEAD = "The map is shown as a table (locations switches back to the picture)."
PICTURE_INSTEAD = "The map is shown as a picture (locations shows the table instead)."


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
        # The table repeats the picture in words; by default only where the screen has room
        # for both (on a shorter screen, asking for it shows it instead of the picture).
        self.show_locations = console.height >= TABLE_ROOM

    def seat_name(self, seat: int) -> str:
        return self.game.player_name(seat)

    def decide(self, player: int) -> bool:
        """Read lines until one action is applied; False when the person leaves."""
        messages: list[RenderableType] = []
        while True:
            view = self.game.view(player)
            actions = list(view.legal)
            self.show(view, actions, messages)
            try:
                line = self.read_line(f"{self.game.player_name(player)}> ")
            except EOFError:
                self.console.print()
                self.leave_quietly("End of input.")
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
        width = console.width
        head: list[RenderableType] = [header(view, player)]
        middle: list[RenderableType] = []
        narrow = width < PICTURE_WIDTH
        tall = console.height >= TABLE_ROOM
        if not narrow and (tall or not self.show_locations):
            middle.append(map_picture(view))
        if self.show_locations:
            middle.append(location_table(view, width))
        middle.append(boards_table(view, player))
        middle += in_play_lines(view)
        middle += [part for part in (choice_view(view, player), hand_view(view, player))
                   if part is not None]
        bottom: list[RenderableType] = []
        if narrow:  # just above the actions, where it is seen however long the screen
            bottom.append(Text(NARROW.format(need=PICTURE_WIDTH, have=width), "bold yellow"))
        bottom.append(Rule(Text(PROMPT_RULE.format(name=view.player_name(player)),
                                "bold cyan"), style="cyan", align="left"))
        bottom.append(actions_view(view, player, actions, width))
        log = [*self.notes, *messages]
        if console.is_terminal:
            # The header stays on top: on a short screen the boards, then the actions, are
            # cut so that the log keeps a few lines for the reply to the last line typed.
            wanted = log_room(console, log)
            free = console.height - 1 - heights(console, [*head, *bottom]) - wanted
            if heights(console, middle) > free:
                middle = fit_parts(console, middle, max(free, 1))
                free = console.height - 1 - heights(console, [*head, *middle]) - wanted
                bottom = fit_parts(console, bottom, max(free, 1))
            log = fit_log(console, [*head, *middle, *bottom], log, max(1, len(messages)))
        for item in [*head, *middle, *bottom, *log]:
            console.print(item)

    def show_final(self) -> None:
        if self.console.is_terminal:
            self.console.clear()
        view = self.game.view(None)
        self.console.print(map_picture(view))
        for item in self.notes:
            self.console.print(item)
        self.console.print(final_view(view))

    # ------------------------------------------------------------------ one typed line

    def handle(self, line: str, player: int,
               keys: dict[str, DominariaAction]) -> tuple[str, list[RenderableType]]:
        """Run one typed line: ``again`` (same decision), ``done`` (applied) or ``leave``."""
        text = line.strip()
        words = text.split()
        head = words[0].lower() if words else ""
        if not text:
            return "again", [Text(TYPE_A_KEY, "dim")]
        if head in ("help", "?"):
            return "again", [Text.from_markup(HELP)]
        if head == "rules":
            return "again", [Text.from_markup(RULES)]
        if head in ("locations", "table"):
            self.show_locations = not self.show_locations
            shown = TABLE_INSTEAD if self.show_locations else PICTURE_INSTEAD
            return "again", [Text(shown, "dim")]
        if head == "quests":
            view = self.game.view(player)
            return "again", [part for part in (hand_view(view, player),
                                               public_quests_view(view)) if part]
        if head == "save":
            return "again", [self.save_command(" ".join(words[1:]))]
        if head in ("quit", "exit"):
            self.quit()
            return "leave", []
        if head in keys:
            return self.send(player, " ".join([str(keys[head]), *words[1:]]))
        if head.isdigit():
            return "again", [Text(NO_NUMBERS.format(number=head), "red")]
        return self.send(player, text)

    def send(self, player: int, text: str) -> tuple[str, list[RenderableType]]:
        try:
            action = self.game.parse_action(text)
        except HerotableError as exc:
            return "again", [Text(f"Cannot read that action: {exc}", "red")]
        try:
            events = self.game.apply(player, action)
        except IllegalAction as exc:
            return "again", [refusal_line(exc, environment_language())]
        self.notes = []  # the log starts again at each decision a person makes
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
                                                              self.bot_label)]
        # An end of turn has no words of its own: it is written out (a keep never is).
        if not views:
            views = [*action_echo(self.bot_label(player), action)]
        self.notes += views
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
