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
from rich.text import Text

from herotable.core.game import Game
from herotable.terminal.session import ReadLine

REPLAY_HELP = """\
[b]n[/] or Enter  next action      [b]b[/]  back one action
[b]step N[/]      go to action N (0 is the start)
[b]{period} N[/]  go to the start of {period} N
[b]start[/], [b]end[/]  the first or the last state
{extra}[b]q[/]          leave the replay"""
UNKNOWN = "Unknown command {line!r}: type ? for the replay's commands."
AT_START, AT_END = "This is the start of the game.", "This is the last action saved."
NO_PERIOD = "There is no {period} {number} in this game (1 to {last})."
NO_STEP = "There is no action {number}: 0 to {last}."
STEP_TITLE = "Replay · action {step}/{last}"


class ReplayBase:
    """The states of one saved game and the loop that shows them. A game's replay gives
    ``period`` (the word for its phases), ``period_of(state)`` (1-based), ``screen(step)``
    and, if it takes more commands, ``extra(words)``."""

    period = "round"
    extra_help = ""

    def __init__(self, game: Game[Any, Any, Any], console: Console, read_line: ReadLine) -> None:
        self.console = console
        self.read_line = read_line
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
            self.console.print(Text(STEP_TITLE.format(step=self.step, last=self.last),
                                    "bold reverse"))
            for item in self.screen(self.step):
                self.console.print(item)
            if message is not None:
                self.console.print(message)
            try:
                line = self.read_line("replay> ")
            except EOFError:
                self.console.print()
                return
            if line.strip().lower() in ("q", "quit", "exit"):
                return
            message = self.handle(line)

    def handle(self, line: str) -> RenderableType | None:
        """Move as the line says; a message to show, if any."""
        words = line.strip().lower().split()
        if not words or words == ["n"] or words == ["next"]:
            if self.step == self.last:
                return Text(AT_END, "yellow")
            self.step += 1
            return None
        head = words[0]
        if words in (["b"], ["back"]):
            if self.step == 0:
                return Text(AT_START, "yellow")
            self.step -= 1
            return None
        if words == ["start"]:
            self.step = 0
            return None
        if words == ["end"]:
            self.step = self.last
            return None
        if head in ("?", "help"):
            return Text.from_markup(REPLAY_HELP.format(period=self.period,
                                                       extra=self.extra_help))
        if head in ("step", self.period) and len(words) == 2 and words[1].isdecimal():
            number = int(words[1])
            if head == "step":
                if number > self.last:
                    return Text(NO_STEP.format(number=number, last=self.last), "red")
                self.step = number
                return None
            return self.go_to_period(number)
        moved = self.extra(words)
        if moved is not None:
            return moved
        return Text(UNKNOWN.format(line=line.strip()), "red")

    def go_to_period(self, number: int) -> RenderableType | None:
        periods = [self.period_of(state) for state in self.states]
        if number not in periods:
            return Text(NO_PERIOD.format(period=self.period, number=number,
                                         last=max(periods)), "red")
        self.step = periods.index(number)
        return None
