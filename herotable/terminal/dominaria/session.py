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
from herotable.terminal.dominaria.layout import location_table, map_picture
from herotable.terminal.dominaria.presenter import actions_view
from herotable.terminal.dominaria.render import (
    NOTES_KEPT,
    TABLE_ROOM,
    boards_table,
    choice_view,
    event_texts,
    final_view,
    hand_view,
    header,
    in_play_lines,
    public_quests_view,
)
from herotable.terminal.session import ReadLine, SessionBase

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
            view = self.game.view(player)
            actions = list(view.legal)
            self.show(view, actions, messages)
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

    def show(self, view: DominariaView, actions: Sequence[DominariaAction],
             messages: Sequence[RenderableType]) -> None:
        """The seat's screen, drawn from its view and legal actions only."""
        if self.console.is_terminal:
            self.console.clear()
        game, player = view, view.you
        assert player is not None, "a screen is drawn for a seat"
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
        view = self.game.view(None)
        self.console.print(map_picture(view))
        for item in self.notes:
            self.console.print(item)
        self.console.print(final_view(view))

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
            view = self.game.view(player)
            return "again", [part for part in (hand_view(view, player),
                                               public_quests_view(view)) if part]
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
        views: list[RenderableType] = [*event_texts(self.game.view(None), events,
                                                              self.bot_label)]
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
