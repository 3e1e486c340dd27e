"""The stored action rows as a game: the one place that says what a row does to a game.

A row holds a seat's action in notation, or :data:`UNDO`, the seat taking back its last
action (:meth:`herotable.core.game.Game.undo`). Rows are numbered by the requests accepted
(the game's ``seq``), so an undo is a row too and ``seq`` only ever grows, while the engine's
log holds the actions that still count: the log, the replay and the bots read that."""

from __future__ import annotations

from typing import Any

from herotable.core.game import Game

# No game's notation starts with "!" (the terminals use it to mark raw notation), so no
# action can be read as this.
UNDO = "!undo"


def with_row(game: Game[Any, Any, Any], seat: int, text: str) -> Game[Any, Any, Any]:
    """``game`` after one stored row: the action applied to it in place, or, for an undo,
    the game without the seat's last action (a new object). A refusal changes nothing."""
    if text == UNDO:
        return game.undo(seat)
    game.apply(seat, text)
    return game
