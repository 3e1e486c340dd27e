"""Play Cartographers Heroes in the terminal: solo or hot-seat, one typed line at a time.

Each decision is built in a small editor (:mod:`.presenter`): the shape sits on the map as a
preview, and short commands typed on a line (``w a s d r m t f``, a cell name, ``c`` to
confirm) move it around. The engine stays the judge: a confirmed placement is sent to
``game.apply``, whose refusal is shown as it is."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from rich.console import Console, Group, RenderableType
from rich.text import Text

from herotable.bots.base import Bot
from herotable.cartographers.actions import (
    CartographersAction,
)
from herotable.cartographers.game import CartographersGame
from herotable.core.errors import HerotableError, IllegalAction
from herotable.messages import environment_language, say
from herotable.terminal.cartographers.layout import final_screen, placing_screen
from herotable.terminal.cartographers.presenter import ARROWS, CONFIRM, MOVES, Editor, read_steps
from herotable.terminal.cartographers.render import (
    action_words,
    edict_rules,
    event_views,
    map_title,
    player_name,
    season_table,
    setup_line,
)
from herotable.terminal.rules import rules_view
from herotable.terminal.session import ReadLine, SessionBase, help_table, refusal_line
from herotable.terminal.words import term

# The editor's commands (typed as they are in every language) beside the keys of what each
# does, under ``terminal.cartographers.help``.
HELP_ROWS = (("w a s d", "move"), ("C5", "jump"), ("r", "rotate"), ("m", "mirror"),
             ("t", "terrain"), ("f", "shape"), ("c, ok, confirm", "confirm"),
             ("!{action}", "raw"), ("scores", "scores"), ("rules [{word}]", "rules"),
             ("save [{file}]", "save"),
             ("quit", "quit"))
RAW_EXAMPLES = "!draw forest C5 C6 D6, !hero E5 r90, !monster B2 B3, !destroy D4"


# ---------------------------------------------------------------------- the session


@dataclass
class Outcome:
    """What one typed line did: ``again`` (same decision), ``done`` (applied) or ``leave``."""

    kind: str
    messages: list[RenderableType]


class Session(SessionBase):
    """One sitting at the terminal: the loop over decisions, saving and leaving."""

    resume_command = "herotable cartographers play"

    def __init__(self, game: CartographersGame, save_path: Path | None, language: str,
                 console: Console, read_line: ReadLine,
                 bots: dict[int, Bot] | None = None) -> None:
        self.game = game
        self.bots = bots or {}
        self.save_path = save_path
        self.language = language
        self.console = console
        self.read_line = read_line
        # A fresh game has already revealed its first card (maybe an ambush): say so.
        self.notes: list[RenderableType] = (
            [Text(term(language, "common.resuming"), "bold")] if game.log.entries
            else [setup_line(game.config, language),
                  *event_views(game.view(None), game.events, language)])

    def seat_name(self, seat: int) -> str:
        return player_name(self.game.config, seat, self.language)

    def say(self, key: str, **params: object) -> str:
        return term(self.language, f"cartographers.{key}", **params)

    # ------------------------------------------------------------------ the loop

    def decide(self, player: int) -> bool:
        """Edit and apply one decision; False when the person leaves."""
        editor = Editor.start(self.game.view(player), self.language)
        messages: list[RenderableType] = []
        while True:
            self.show(editor, messages)
            try:
                line = self.read_line(self.prompt(player))
            except EOFError:
                self.console.print()
                self.leave_quietly(term(self.language, "common.end_of_input"))
                return False
            outcome = self.handle(line, editor)
            if outcome.kind == "done":
                return True
            if outcome.kind == "leave":
                return False
            messages = outcome.messages

    def prompt(self, player: int) -> str:
        return "> " if self.game.config.solo else f"{self.seat_name(player)}> "

    # ------------------------------------------------------------------ drawing

    def show(self, editor: Editor, messages: list[RenderableType]) -> None:
        if self.console.is_terminal:
            self.console.clear()
        owner = editor.sheet_index
        title = (say(self.language, "log.your_map") if owner == editor.player
                 else self.map_title(owner))
        for item in placing_screen(editor, self.banner(editor), title,
                                   [*self.notes, *messages], self.language,
                                   self.console, newest=max(1, len(messages))):
            self.console.print(item)

    def map_title(self, owner: int) -> str:
        return map_title(self.game.config, owner, self.language)

    def banner(self, editor: Editor) -> Text:
        kind = editor.kind
        if kind == "destroy" and editor.sheet_index == editor.player:
            kind = "destroy_own"
        task = self.say(f"task.{kind}", name=self.seat_name(editor.sheet_index))
        if not self.game.config.solo:
            task = term(self.language, "common.did", name=self.seat_name(editor.player),
                        what=task)
        return Text(task, "bold cyan")

    def show_final(self) -> None:
        if self.console.is_terminal:
            self.console.clear()
        view = self.game.view(None)
        titles = [self.map_title(p) for p in range(len(view.sheets))]
        for item in final_screen(view, titles, self.notes, self.language):
            self.console.print(item)

    # ------------------------------------------------------------------ one typed line

    def handle(self, line: str, editor: Editor) -> Outcome:
        for arrow, move in ARROWS.items():
            line = line.replace(arrow, move)
        text = line.strip()
        if not text:
            return Outcome("again", [Text(self.say("empty_line"), "dim")])
        if text.startswith("!"):
            return self.send_raw(editor.player, text[1:])
        words = text.split()
        head = words[0].lower()
        if head in ("help", "?"):
            return Outcome("again", self.paged(Group(*self.help_views())))
        if head == "save":
            return Outcome("again", [self.save_command(" ".join(words[1:]))])
        if head in ("quit", "exit"):
            self.quit()
            return Outcome("leave", [])
        if head in ("u", "undo"):
            done, said = self.undo_last(editor.player)
            if not done:
                return Outcome("again", [said])
            self.notes.append(said)
            return Outcome("done", [])  # the decision is asked again, as it was
        if head == "scores":
            return Outcome("again", self.score_tables())
        if head == "rules":
            return Outcome("again", self.paged(rules_view("cartographers", self.language,
                                                          " ".join(words[1:]))))
        return self.edit(words, editor)

    def edit(self, words: list[str], editor: Editor) -> Outcome:
        """Read the whole line first, refusing all of it if any part is unknown; then run the
        editor commands left to right. A confirm is a word of its own, and only the last."""
        steps, problem = read_steps(words, self.language)
        if problem is not None:
            return Outcome("again", [Text(problem, "red")])
        notes: list[RenderableType] = []
        commands = {"r": editor.rotate, "m": editor.mirror, "t": editor.next_terrain,
                    "f": editor.next_shape}
        for step in steps:
            note: str | None = None
            if isinstance(step, tuple):
                note = editor.jump(*step)
            elif step == CONFIRM:
                return self.apply(editor.player, editor.action(), notes)
            elif step == "?":
                notes += self.help_views()
            elif step in MOVES:
                note = editor.move(*MOVES[step])
            else:
                note = commands[step]()
            if note:
                notes.append(Text(note, "yellow"))
        return Outcome("again", notes)

    def help_views(self) -> list[RenderableType]:
        """The commands, then the four scoring cards' rules."""
        return [Text(self.say("help.intro", examples="ddr, C3r")),
                help_table([*((command, self.say(f"help.{key}", examples=RAW_EXAMPLES))
                              for command, key in HELP_ROWS),
                            ("u", say(self.language, "undo.help"))], self.language),
                Text(self.say("help.letters")),
                edict_rules(self.game.view(None), self.language)]

    def send_raw(self, player: int, text: str) -> Outcome:
        try:
            action = self.game.parse_action(text)
        except HerotableError as exc:
            return Outcome("again", [Text(term(self.language, "common.cannot_read",
                                               detail=str(exc)), "red")])
        return self.apply(player, action, [])

    def apply(self, player: int, action: CartographersAction,
              notes: list[RenderableType]) -> Outcome:
        try:
            events = self.game.apply(player, action)
        except IllegalAction as exc:
            return Outcome("again", [*notes, refusal_line(exc, self.language)])
        self.record(player, action, events, notes)
        return Outcome("done", [])

    def bot_moved(self, seat: int, bot: Bot, action: CartographersAction,
                  events: list[dict[str, Any]]) -> None:
        # Every Cartographers action is public (maps are open), so it is logged as it is.
        self.record(seat, action, events, [])

    def record(self, player: int, action: CartographersAction, events: list[dict[str, Any]],
               notes: list[RenderableType]) -> None:
        """Put what happened in the on-screen log (kept until the next card is out), then
        save."""
        done = Text(term(self.language, "common.did", name=self.bot_label(player),
                         what=action_words(action, self.language)),
                    "bold cyan" if player in self.bots else "dim")
        views = [done, *notes, *event_views(self.game.view(None), events, self.language)]
        # Keep what happened on screen until the next card is out, so every hot-seat player
        # sees the last card's aftermath (coins, scores) on their own turn.
        if any(e["type"] in ("reveal", "game_over") for e in events):
            self.notes = views
        else:
            self.notes += views
        if self.save_path is not None:
            problem = self.save_to(self.save_path)
            if problem is not None:
                self.notes.append(problem)

    def score_tables(self) -> list[RenderableType]:
        view = self.game.view(None)
        scored = max((len(s) for s in view.scores), default=0)
        if not scored:
            return [Text(self.say("no_scores"))]
        return [season_table(view, i, self.language) for i in range(scored)]



def play_cartographers(game: CartographersGame, save_path: Path | None = None,
                       language: str | None = None, console: Console | None = None,
                       read_line: ReadLine = input, bots: dict[int, Bot] | None = None) -> None:
    """Play ``game`` at the terminal until it ends or the person leaves; ``bots`` play the
    seats they are given.

    ``save_path``: save there after every applied decision. ``read_line`` reads one typed
    line (``input`` by default; tests pass a script). End of input leaves as ``quit`` would,
    saving if a path is known; Ctrl-C does the same without a traceback. ``language`` names
    the cards and says refusals (default: the environment's, ``LC_ALL`` or ``LANG``).
    """
    console = console or Console()
    session = Session(game, save_path, language or environment_language(), console, read_line,
                      bots)
    try:
        session.run()
    except KeyboardInterrupt:
        console.print()
        session.leave_quietly(term(session.language, "common.interrupted"))
