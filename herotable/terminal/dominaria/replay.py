"""Stepping through a saved Heroes of Dominaria game, action by action, as a spectator sees
it: the map, every board, what each action did (a kept card is never named)."""

from __future__ import annotations

from collections.abc import Sequence

from rich.console import Console, RenderableType
from rich.text import Text

from herotable.dominaria.game import DominariaGame
from herotable.terminal.dominaria.layout import location_table, map_picture
from herotable.terminal.dominaria.render import (
    PICTURE_WIDTH,
    action_echo,
    boards_table,
    event_texts,
    header,
    in_play_lines,
    seat_name,
)
from herotable.terminal.replay import ReadLine, ReplayBase
from herotable.terminal.words import term


class DominariaReplay(ReplayBase):
    period = "round"

    def period_of(self, state: DominariaGame) -> int:
        return state.view(None).round

    def screen(self, step: int) -> Sequence[RenderableType]:
        view = self.states[step].view(None)
        language = self.language
        caption: list[RenderableType] = [Text(term(language, "common.start_caption"), "dim")]
        if step:
            player, action = self.actions[step - 1]
            caption = list(event_texts(view, self.events[step], language=language))
            if not caption:
                caption = [*action_echo(player, seat_name(view, player, language), action,
                                        "bold", language)]
        board = (map_picture(view, language) if self.console.width >= PICTURE_WIDTH
                 else location_table(view, self.console.width, language))
        return [header(view, view.current, language), board, boards_table(view, -1, language),
                *in_play_lines(view, language), *caption]


def replay_dominaria(game: DominariaGame, console: Console | None = None,
                     read_line: ReadLine = input, language: str = "en") -> None:
    DominariaReplay(game, console or Console(), read_line, language).run()
