"""The Cartographers screens, put together from the renderables: the placing screen (status,
task, the map beside the card, the placement in words, the season preview, the log, the keys)
and the final screen. Each is drawn from a seat's view only."""

from __future__ import annotations

from collections.abc import Sequence

from rich.columns import Columns
from rich.console import Console, Group, RenderableType
from rich.rule import Rule
from rich.table import Table
from rich.text import Text

from herotable.cartographers.view import CartographersView
from herotable.terminal.cartographers.presenter import Editor
from herotable.terminal.cartographers.render import (
    card_panel,
    final_view,
    legend,
    map_view,
    season_preview,
    status_line,
)
from herotable.terminal.session import fit_log, heights, log_room


def placing_screen(editor: Editor, banner: Text, map_title: str,
                   log: Sequence[RenderableType], language: str = "en",
                   console: Console | None = None, newest: int = 1) -> list[RenderableType]:
    """What a person deciding sees, top to bottom; ``log`` is what happened lately, cut to
    its newest lines when ``console`` is a terminal too short for all of it (the ``newest``
    items, the reply to the last line typed, are always shown)."""
    view, player = editor.view, editor.player
    owner = editor.sheet_index
    board = map_view(view.sheets[owner], editor.overlay(), map_title)
    card = card_panel(view, editor.decision.card, language, editor.decision,
                      shape_index=editor.shape_index if editor.kind == "draw" else None,
                      terrain=editor.terrain if editor.kind == "draw" else None,
                      quarter_turns=editor.orientation if editor.kind == "hero" else 0)
    grid = Table.grid(padding=(0, 2))
    grid.add_row(board, Group(card, legend(language=language)))
    allowed = editor.problem() is None
    preview = season_preview(view, editor.action() if allowed else None, language)
    top: list[RenderableType] = [status_line(view, player, language),
                                 Rule(banner, style="cyan"), grid,
                                 editor.describe(), preview]
    bottom: list[RenderableType] = [editor.hint()]
    if console is not None:
        # On a short screen the keys (``?`` shows them), then the season preview, make room
        # for the reply to the last line typed.
        wanted = log_room(console, log)
        for spare in (bottom, top):
            if console.height - 1 - heights(console, [*top, *bottom]) < wanted:
                spare.pop()
        log = fit_log(console, [*top, *bottom], log, newest, language)
    return [*top, *log, *bottom]


def final_screen(view: CartographersView, map_titles: Sequence[str],
                 log: Sequence[RenderableType], language: str = "en") -> list[RenderableType]:
    """Every map side by side, the last things that happened, and the final scores."""
    maps = [map_view(sheet, title=title) for sheet, title in zip(view.sheets, map_titles,
                                                                  strict=True)]
    return [Columns(maps), *log, final_view(view, language)]
