"""The refusals every game shares: the codes :mod:`herotable.core.game` raises for any game
(each game declares its own rules' codes in its ``refusals`` module)."""

from __future__ import annotations

from herotable.core.errors import RefusalCode


class CoreRefusal(RefusalCode):
    NO_SUCH_PLAYER = ("no_such_player", ("player",), "the seat named is not a player of this game")
    WRONG_ACTION_TYPE = ("wrong_action_type", ("kind",),
                         "the object given is not an action of this game")
    GAME_OVER = ("game_over", (), "the game is over: nothing more can be done")
    NOT_YOUR_TURN = ("not_your_turn", (), "this seat owes no decision now")
    NO_CHANCE = ("no_chance", (), "no chance event is due now (or the game has none)")
    WRONG_OUTCOME_TYPE = ("wrong_outcome_type", ("kind",),
                          "a chance outcome is named by a string")
    NOTHING_TO_UNDO = ("nothing_to_undo", (),
                       "the seat has no last action to take back: none yet, or another seat "
                       "has acted since")
    UNDO_SEALED = ("undo_sealed", (),
                   "the seat's last action revealed a card or drew at random: it is final")
