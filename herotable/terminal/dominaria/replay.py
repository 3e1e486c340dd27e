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
)
from herotable.terminal.replay import ReadLine, ReplayBase

START_CAPTION = "The start of the game."


class DominariaReplay(ReplayBase):
    period = "round"

    def period_of(self, state: DominariaGame) -> int:
        return state.view(None).round

    def screen(self, step: int) -> Sequence[RenderableType]:
        view = self.states[step].view(None)
        caption: list[RenderableType] = [Text(START_CAPTION, "dim")] if not step else []
        if step:
            player, action = self.actions[step - 1]
            caption = list(event_texts(view, self.events[step]))
            if not caption:
                caption = [*action_echo(view.player_name(player), action, "bold")]
        board = (map_picture(view) if self.console.width >= PICTURE_WIDTH
                 else location_table(view, self.console.width))
        return [header(view, view.current), board, boards_table(view, -1),
                *in_play_lines(view), *caption]


def replay_dominaria(game: DominariaGame, console: Console | None = None,
                     read_line: ReadLine = input) -> None:
    DominariaReplay(game, console or Console(), read_line).run()
