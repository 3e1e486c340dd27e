"""The game object every client reads (``GET /api/games/{id}``, each WebSocket push, the
replay): built here from a game in memory, for one seat or a spectator."""

from __future__ import annotations

from typing import Any

from herotable.core.game import ActionLog, Game
from herotable.registry import game_classes
from herotable.server.errors import BadRequest, Forbidden
from herotable.server.live import LiveGame
from herotable.server.refusals import ServerRefusal


def game_object(live: LiveGame, seat: int | None, present: set[int],
                with_legal: bool = True) -> dict[str, Any]:
    """What ``seat`` (None: a spectator) sees of the game now; ``present`` are the seats
    whose people are connected, ``with_legal`` whether to list the seat's legal actions."""
    game = live.game
    legal: list[str] = []
    if with_legal and seat is not None and not game.is_over and game.owes(seat):
        legal = [str(a) for a in game.legal_actions(seat)]
    # Whether the seat may take back its last action now, so a page never guesses.
    undo = seat is not None and live.seats[seat].bot is None and game.undoable(seat)
    return _object(live, game, live.seq, seat, present, legal, undo)


def replay_object(live: LiveGame, step: int) -> dict[str, Any]:
    """The public object after the first ``step`` actions of a finished game."""
    entries = live.game.log.entries
    if not live.game.is_over:
        raise Forbidden("a game is replayed once it is over", ServerRefusal.NOT_OVER)
    if not 0 <= step <= len(entries):
        raise BadRequest(f"step must be between 0 and {len(entries)}", ServerRefusal.NO_SUCH_STEP,
                         {"last": len(entries)})
    log_json = ActionLog(live.row.game, live.row.config, live.row.seed, entries[:step])
    game = game_classes()[live.row.game].replay(log_json)
    return _object(live, game, step, None, set(), [], undo=False)


def given_name(name: str, bot: str | None) -> str | None:
    """The name a seat's creator gave it; None for an unnamed seat, which each front end
    names in its own language ("Player 2", the bot's name). Games stored before seats could
    stay unnamed hold "" or, for a bot, the bot's id there: unnamed too."""
    return name if name and name != bot else None


def seats_object(live: LiveGame, present: set[int]) -> list[dict[str, Any]]:
    """Each seat: who holds it (``name`` None: unnamed), whether it stepped away and whether
    it is connected (a bot always is)."""
    return [{"seat": s.seat, "name": given_name(s.name, s.bot), "bot": s.bot, "left": s.left,
             "present": s.bot is not None or s.seat in present} for s in live.seats]


def presence_object(live: LiveGame, present: set[int]) -> dict[str, Any]:
    """The small message a WebSocket gets when somebody connects or goes: the game object's
    ``id``, ``seq`` and ``seats``, without the view."""
    return {"id": live.id, "seq": live.seq, "seats": seats_object(live, present)}


def _object(live: LiveGame, game: Game[Any, Any, Any], seq: int, seat: int | None,
            present: set[int], legal: list[str], undo: bool) -> dict[str, Any]:
    return {
        "id": live.id,
        "game": live.row.game,
        "seq": seq,
        # The actions that stand (an undone one is gone): a finished game's replay steps.
        "steps": len(game.log.entries),
        "over": game.is_over,
        "pending": [] if game.is_over else game.pending_players(),
        "seat": seat,
        "seats": seats_object(live, present),
        "view": game.view(seat).to_json(),
        "legal": legal,
        "undo": undo,
        "hints": live.row.hints,
        "challenge": live.row.challenge,
        "tutorial": live.row.tutorial,
    }
