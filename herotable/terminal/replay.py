"""Stepping through a saved game in the terminal: the shared loop of both games' replays.

A save holds the config, the seed and every action, so the game is rebuilt from its start one
action at a time and each state kept; the person then moves back and forth between them. Each
game says how a state is drawn (from a spectator's view: a replay shows no hidden hand) and
what its periods are (Cartographers' seasons, Dominaria's rounds).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rich.console import Console, RenderableType
from rich.table import Table
from rich.text import Text

from herotable.core.game import Game
from herotable.terminal.session import ReadLine, help_table
from herotable.terminal.words import term

# The replay's commands (typed as they are in every language) and what each does.
REPLAY_KEYS = (("n, Enter", "next"), ("b", "back"), ("step N", "step"))
CLOSING_KEYS = (("start, end", "ends"),)
LEAVE_KEY = (("q", "leave"),)


class ReplayBase:
    """The states of one saved game and the loop that shows them. A game's replay gives
    ``period`` (the command for its phases), ``period_of(state)`` (1-based),
    ``screen(step)`` and, if it takes more commands, ``extra(words)`` and their ``extra_help``
    (command, key of ``terminal.common.replay.help``) rows."""

    period = "round"
    extra_help: tuple[tuple[str, str], ...] = ()

    def __init__(self, game: Game[Any, Any, Any], console: Console, read_line: ReadLine,
                 language: str = "en") -> None:
        self.console = console
        self.read_line = read_line
        self.language = language
        fresh = type(game).replay({**game.log.to_json(), "actions": []})
        self.states = [fresh.clone()]
        self.events: list[list[dict[str, Any]]] = [list(fresh.events)]
        self.actions: list[tuple[int, str]] = []
        for entry in game.log.entries:
            self.events.append(fresh.apply(entry.player, entry.action))
            self.actions.append((entry.player, entry.action))
            self.states.append(fresh.clone())
        self.step = 0

    @property
    def last(self) -> int:
        return len(self.states) - 1

    def period_of(self, state: Any) -> int:
        raise NotImplementedError

    def screen(self, step: int) -> Sequence[RenderableType]:
        raise NotImplementedError

    def extra(self, words: list[str]) -> Text | None:
        """A game's own command; None when ``words`` is not one of them."""
        return None

    def run(self) -> None:
        message: RenderableType | None = None
        while True:
            if self.console.is_terminal:
                self.console.clear()
            # Counted from 1, the start being step 1, as the web page's replay counts them.
            self.console.print(Text(self.say("title", step=self.step + 1, steps=self.last + 1),
                                    "bold reverse"))
            for item in self.screen(self.step):
                self.console.print(item)
            if message is not None:
                self.console.print(message)
            try:
                line = self.read_line(self.say("prompt"))
            except EOFError:
                self.console.print()
                return
            if line.strip().lower() in ("q", "quit", "exit"):
                return
            message = self.handle(line)

    def say(self, key: str, **params: object) -> str:
        return term(self.language, f"common.replay.{key}", **params)

    def help_view(self) -> Table:
        """The replay's commands, this game's period and own commands included."""
        rows = [*REPLAY_KEYS, (f"{self.period} N", self.period), *CLOSING_KEYS,
                *self.extra_help, *LEAVE_KEY]
        return help_table([(command, self.say(f"help.{key}")) for command, key in rows],
                          self.language)

    def handle(self, line: str) -> RenderableType | None:
        """Move as the line says; a message to show, if any."""
        words = line.strip().lower().split()
        if not words or words == ["n"] or words == ["next"]:
            if self.step == self.last:
                return Text(self.say("at_end"), "yellow")
            self.step += 1
            return None
        head = words[0]
        if words in (["b"], ["back"]):
            if self.step == 0:
                return Text(self.say("at_start"), "yellow")
            self.step -= 1
            return None
        if words == ["start"]:
            self.step = 0
            return None
        if words == ["end"]:
            self.step = self.last
            return None
        if head in ("?", "help"):
            return self.help_view()
        if head in ("step", self.period) and len(words) == 2 and words[1].isdecimal():
            number = int(words[1])
            if head == "step":
                if not 1 <= number <= self.last + 1:
                    return Text(self.say("no_step", number=number, steps=self.last + 1),
                                "red")
                self.step = number - 1
                return None
            return self.go_to_period(number)
        moved = self.extra(words)
        if moved is not None:
            return moved
        return Text(self.say("unknown", line=line.strip()), "red")

    def go_to_period(self, number: int) -> RenderableType | None:
        periods = [self.period_of(state) for state in self.states]
        if number not in periods:
            return Text(self.say(f"no_{self.period}", number=number, last=max(periods)),
                        "red")
        self.step = periods.index(number)
        return None
