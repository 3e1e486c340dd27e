"""Stepping through a saved Cartographers game: any seat's map, action by action, with what
each action caused and the seasons scored so far."""

from __future__ import annotations

from collections.abc import Sequence

from rich.console import Console, RenderableType
from rich.text import Text

from herotable.cartographers.game import CartographersGame
from herotable.terminal.cartographers.render import (
    action_words,
    event_views,
    map_title,
    map_view,
    player_name,
    season_table,
    status_line,
)
from herotable.terminal.replay import ReadLine, ReplayBase
from herotable.terminal.words import term


class CartographersReplay(ReplayBase):
    period = "season"
    extra_help = (("map N", "map"),)

    def __init__(self, game: CartographersGame, console: Console, read_line: ReadLine,
                 language: str = "en") -> None:
        super().__init__(game, console, read_line, language)
        self.seat = 0

    def period_of(self, state: CartographersGame) -> int:
        return min(state.view(None).season_index, 3) + 1

    def screen(self, step: int) -> Sequence[RenderableType]:
        view = self.states[step].view(None)
        config = view.config
        language = self.language
        caption: list[RenderableType] = [Text(term(language, "common.start_caption"), "dim")]
        if step:
            player, action = self.actions[step - 1]
            said = action_words(self.states[step - 1].parse_action(action), language)
            caption = [Text(term(language, "common.did", what=said,
                                 name=player_name(config, player, language)), "bold")]
        caption += event_views(view, self.events[step], language)
        title = map_title(config, self.seat, language)
        scored = max((len(s) for s in view.scores), default=0)
        tables = [season_table(view, i, self.language) for i in range(scored)]
        if any(e["type"] == "season_scored" for e in self.events[step]):
            tables = []  # this action's own events already show the season just scored
        return [status_line(view, self.seat, self.language), map_view(view.sheets[self.seat],
                                                                      title=title),
                *caption, *tables[-1:]]

    def extra(self, words: list[str]) -> Text | None:
        if words[0] != "map" or len(words) != 2 or not words[1].isdecimal():
            return None
        seats = len(self.states[0].view(None).sheets)
        number = int(words[1])
        if not 1 <= number <= seats:
            return Text(term(self.language, "cartographers.replay.no_seat", number=number,
                             last=seats), "red")
        self.seat = number - 1
        shown = map_title(self.states[0].config, self.seat, self.language)
        return Text(term(self.language, "cartographers.replay.showing", map=shown), "dim")


def replay_cartographers(game: CartographersGame, console: Console | None = None,
                         read_line: ReadLine = input, language: str = "en") -> None:
    CartographersReplay(game, console or Console(), read_line, language).run()
