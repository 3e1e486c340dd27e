"""What every game's terminal session shares: the decision loop, saving and leaving."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from contextlib import AbstractContextManager, nullcontext, suppress
from pathlib import Path
from typing import Any

from rich.console import Console, RenderableType
from rich.segment import SegmentLines
from rich.table import Table
from rich.text import Text

from herotable.bots.base import Bot
from herotable.bots.seeding import decision_seed
from herotable.core.errors import HerotableError
from herotable.core.saves import BotSeat, save_game
from herotable.messages import PLACEHOLDER, message, refusal_text, say
from herotable.terminal.words import term

ReadLine = Callable[[str], str]  # reads one typed line after a prompt (``input`` or a script)

# Typed answers that refuse to save before leaving: short ASCII commands, as every command is.
NO_WORDS = ("n", "no")
LOG_LEAST = 3  # lines a short screen keeps for the log: a notice and two of the newest


def refusal_line(refusal: HerotableError, language: str) -> Text:
    """A refusal as the player reads it: its code's message in the session's ``language``,
    as the web page shows it, else the English sentence."""
    reason = refusal_text(refusal, language)
    return Text(message("error.action", {"reason": reason}, language) or reason, "bold red")


def help_table(rows: Sequence[tuple[str, str]], language: str) -> Table:
    """Typed commands in bold beside what each does: the commands are typed as they are in
    every language, the words beside them are the session's language's. What a person fills
    in (``rules {term}``, ``save [{file}]``) is named in the language too
    (``terminal.common.arg.<name>``)."""
    grid = Table.grid(padding=(0, 2))
    grid.add_column(no_wrap=True, style="bold")
    grid.add_column()
    for command, words in rows:
        grid.add_row(PLACEHOLDER.sub(lambda m: term(language, f"common.arg.{m[1]}"), command),
                     words)
    return grid


def notice(words: str) -> Text:
    """A dim line that stays one line, however narrow the screen (it is counted as one)."""
    return Text(words, "dim", no_wrap=True, overflow="ellipsis")


def height(console: Console, item: RenderableType) -> int:
    """How many lines ``item`` takes on ``console``."""
    return len(console.render_lines(item, console.options, pad=False))


def heights(console: Console, items: Sequence[RenderableType]) -> int:
    return sum(height(console, item) for item in items)


def crop(console: Console, items: Sequence[RenderableType], lines: int) -> list[RenderableType]:
    """The first ``lines`` lines of ``items``: whole items while they fit, then the first
    lines of the next one."""
    kept: list[RenderableType] = []
    for item in items:
        if lines <= 0:
            break
        rendered = console.render_lines(item, console.options, pad=False)
        if len(rendered) <= lines:
            kept.append(item)
        else:
            kept.append(SegmentLines(rendered[:lines], new_lines=True))
        lines -= len(rendered)
    return kept


def log_room(console: Console, log: Sequence[RenderableType]) -> int:
    """The lines a screen should leave its log: all of it if short, else at least
    :data:`LOG_LEAST` (a notice and the start of the newest item)."""
    if not console.is_terminal:
        return 0
    return min(heights(console, log), LOG_LEAST)


def fit_parts(console: Console, parts: Sequence[RenderableType],
              lines: int, language: str = "en") -> list[RenderableType]:
    """``parts`` cut to ``lines`` lines on a terminal (their first lines, then a notice of how
    many were left out, counted in the lines); all of them when they fit or off a terminal."""
    total = heights(console, parts) if console.is_terminal else 0
    if total <= lines:
        return list(parts)
    kept = crop(console, parts, lines - 1)
    return [*kept, notice(term(language, "common.parts_cut", count=total - max(lines - 1, 0)))]


def fit_log(console: Console, fixed: Sequence[RenderableType],
            log: Sequence[RenderableType], newest: int = 1,
            language: str = "en") -> list[RenderableType]:
    """The log as it fits on a terminal's screen beside the ``fixed`` parts (and the prompt
    line), so the header never scrolls off; off a terminal, all of it.

    The ``newest`` items (the reply to the last line typed) are always shown, cut to their
    first lines if the screen is short; then older items, newest first, while they fit. A
    notice, counted in the space, says what was left out."""
    if not console.is_terminal or not log:
        return list(log)
    room = console.height - 1 - heights(console, fixed)
    sizes = [height(console, item) for item in log]
    if sum(sizes) <= room:
        return list(log)
    room -= 1  # the notice
    newest = max(1, min(newest, len(log)))
    older, reply = list(log[:-newest]), list(log[-newest:])
    reply_size = sum(sizes[-newest:])
    if reply_size > room:
        shown = max(room, 1)
        words = term(language, "common.newest_cut", count=len(older), cut=reply_size - shown)
        return [notice(words), *crop(console, reply, shown)]
    room -= reply_size
    kept = reply
    dropped = len(older)
    for item, size in zip(reversed(older), reversed(sizes[:-newest]), strict=True):
        if size > room:
            break
        kept.insert(0, item)
        room -= size
        dropped -= 1
    return [notice(term(language, "common.older_dropped", count=dropped)), *kept]


class SessionBase:
    """The base of a game's terminal ``Session``: it needs ``game``, ``save_path``,
    ``console`` and ``read_line``, ``decide(player) -> bool`` (False when the person leaves)
    and ``show_final()``, and names the command that resumes (``resume_command``).
    ``bots`` maps seats to the bots that play them; the other seats are people. Every text
    is said in ``language``."""

    game: Any
    language: str
    save_path: Path | None
    console: Console
    read_line: Callable[[str], str]
    bots: dict[int, Bot]
    resume_command = "herotable"

    def decide(self, player: int) -> bool:
        raise NotImplementedError

    def show_final(self) -> None:
        raise NotImplementedError

    def run(self) -> None:
        while not self.game.is_over:
            pending = self.game.pending_players()
            if not pending:  # cannot happen with a sound engine; never spin
                break
            # Bots answer first, so a person never waits on a screen a bot would change.
            bot_seat = next((seat for seat in pending if seat in self.bots), None)
            if bot_seat is not None:
                self.bot_turn(bot_seat)
            elif not self.decide(pending[0]):
                return
        self.show_final()

    def bot_turn(self, seat: int) -> None:
        """Let the seat's bot choose from its own view (a spinner shows while it thinks),
        apply it, and put what it did in the session's on-screen log through
        :meth:`bot_moved`, which words it as the other seats may see it (never the action
        itself: a ``keep`` names hidden cards). Then save."""
        bot = self.bots[seat]
        bot.reseed(decision_seed(self.game.seed, seat, len(self.game.log.entries)))
        with self.thinking(seat, bot):
            action = bot.decide(self.game.view(seat), self.game.legal_actions(seat))
        events = self.game.apply(seat, action)
        self.bot_moved(seat, bot, action, events)
        if self.save_path is not None:
            problem = self.save_to(self.save_path)
            if problem is not None:
                self.console.print(problem)

    def thinking(self, seat: int, bot: Bot) -> AbstractContextManager[object]:
        """A "bot is thinking" spinner on a terminal; nothing on a file or a pipe."""
        if not self.console.is_terminal:
            return nullcontext()
        return self.console.status(Text(term(self.language, "common.thinking",
                                             name=self.bot_label(seat)), "cyan"))

    def bot_moved(self, seat: int, bot: Bot, action: Any, events: list[dict[str, Any]]) -> None:
        """Log a bot's action as the other seats may see it; each game words it."""
        raise NotImplementedError

    def bot_label(self, seat: int) -> str:
        """A seat's name, with the bot playing it if any: "Chandra (Strong bot)"."""
        bot = self.bots.get(seat)
        name = self.seat_name(seat)
        if bot is None:
            return name
        return term(self.language, "common.bot_label", name=name,
                    bot=say(self.language, f"bot_name.{bot.name}"))

    def seat_name(self, seat: int) -> str:
        return say(self.language, "seat.unnamed", n=seat + 1)

    def undo_last(self, player: int) -> tuple[bool, Text]:
        """``u``: take back the log's last action, when a person at this terminal sent it and
        the rules still allow it (:meth:`Game.undoable`); whether it did, and what to say.
        ``player`` is who is at the prompt, asked when there is no person's action to name."""
        entries = self.game.log.entries
        last = entries[-1].player if entries else -1
        seat = last if 0 <= last < self.game.num_players and last not in self.bots else player
        try:
            self.game = self.game.undo(seat)
        except HerotableError as exc:
            return False, refusal_line(exc, self.language)
        if self.save_path is not None:
            problem = self.save_to(self.save_path)
            if problem is not None:
                return True, problem
        return True, Text(say(self.language, "undo.done", name=self.seat_name(seat)), "bold")

    def save_to(self, path: Path) -> Text | None:
        """Save; a message if it failed (a full disk must not end the game)."""
        try:
            save_game(self.game, path, {seat: BotSeat(bot.name, bot.seconds)
                                        for seat, bot in self.bots.items()})
        except OSError as exc:
            return Text(term(self.language, "common.save_failed", path=path,
                             reason=exc.strerror or exc), "bold red")
        return None

    def paged(self, page: RenderableType) -> list[RenderableType]:
        """A long page (the rules reference) as the reply under the screen when it fits
        there; on a terminal too short for it, shown whole at once (the terminal scrolls
        back through it) until the person presses Enter, so nothing of it is cut."""
        console = self.console
        if not console.is_terminal or height(console, page) <= console.height - 2:
            return [page]
        self.page(page)
        return []

    def page(self, page: RenderableType) -> None:
        """Show ``page`` whole (the terminal scrolls back through it) until the person
        presses Enter."""
        self.console.print(page)
        # At the end of input the session's next read meets it too, and ends.
        with suppress(EOFError):
            self.read_line(term(self.language, "common.page_back"))

    def save_command(self, argument: str) -> Text:
        path = Path(argument) if argument else self.save_path
        if path is None:
            try:
                answer = self.read_line(term(self.language, "common.save_where")).strip()
            except EOFError:
                answer = ""
            if not answer:
                return Text(term(self.language, "common.not_saved"), "yellow")
            path = Path(answer)
        problem = self.save_to(path)
        if problem is not None:
            return problem
        self.save_path = path
        return Text(term(self.language, "common.saved", path=path), "green")

    def quit(self) -> None:
        """Leave, offering to save first."""
        try:
            if self.save_path is not None:
                answer = self.read_line(term(self.language, "common.save_before_leaving",
                                             path=self.save_path))
                if answer.strip().lower() in NO_WORDS:
                    self.console.print(term(self.language, "common.left_unsaved"))
                    return
            else:
                answer = self.read_line(term(self.language, "common.save_first")).strip()
                # "n" or "no" is a refusal, not a file name: nobody means a save called "n".
                if answer.lower() in ("", *NO_WORDS):
                    self.console.print(term(self.language, "common.left_unsaved"))
                    return
                self.save_path = Path(answer)
        except EOFError:
            self.console.print()
        self.leave_quietly("")

    def leave_quietly(self, why: str) -> None:
        """Leave without asking: save if there is somewhere to save to, and say how to resume."""
        if why:
            self.console.print(why)
        if self.save_path is None:
            self.console.print(term(self.language, "common.not_saved_game"))
            return
        problem = self.save_to(self.save_path)
        if problem is not None:
            self.console.print(problem)
            return
        command = f"{self.resume_command} --load {self.save_path}"
        self.console.print(term(self.language, "common.saved_resume", path=self.save_path,
                                command=command),
                           highlight=False, markup=False, soft_wrap=True)
