"""Save files: the action log plus the full state, checked against each other on load.

A save is JSON: ``{"format": "herotable-save", "version": 1, "game": ..., "log": ...,
"state": ..., "bots": [...]}``. On load the log is replayed and must rebuild the stored state
exactly, so a truncated or hand-edited file is refused with a message instead of resuming a
broken game.

``bots`` (absent from older saves, which load with none) lists the seats bots play, each as
``{"seat": index from 0, "kind": bot name, "seconds": budget or null}``, so that a game resumed
without naming its bots again is not handed to a person with the bot's hidden cards on screen.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from herotable.core.errors import HerotableError, SaveFileError
from herotable.core.game import ActionLog, Game

SAVE_FORMAT = "herotable-save"
SAVE_VERSION = 1


@dataclass(frozen=True, slots=True)
class BotSeat:
    """A seat a bot plays, as a save keeps it: the bot's ``kind`` (its name: greedy, strong)
    and its budget per decision in ``seconds`` (None: the bot's default)."""

    kind: str
    seconds: float | None = None

    def to_json(self, seat: int) -> dict[str, Any]:
        return {"seat": seat, "kind": self.kind, "seconds": self.seconds}


@dataclass(frozen=True, slots=True)
class SavedGame:
    """What a save file holds: the game, and the seats bots play in it."""

    game: Game
    bots: dict[int, BotSeat] = field(default_factory=dict)


def save_game(game: Game, path: Path, bots: Mapping[int, BotSeat] | None = None) -> None:
    """Write ``game`` to ``path``, with the seats ``bots`` play (by seat index)."""
    document = {
        "format": SAVE_FORMAT,
        "version": SAVE_VERSION,
        "game": game.name,
        "log": game.log.to_json(),
        "state": game.to_json(),
        "bots": [seat.to_json(index) for index, seat in sorted((bots or {}).items())],
    }
    tmp = path.with_name(path.name + ".tmp")
    tmp.write_text(json.dumps(document, ensure_ascii=False), encoding="utf-8")
    # Replace atomically so a crash mid-write never leaves a half-written save behind.
    tmp.replace(path)


def load_game(path: Path, games: Mapping[str, type[Game]]) -> Game:
    """Read a save file's game; raise :class:`SaveFileError` saying what is wrong with it."""
    return load_save(path, games).game


def load_save(path: Path, games: Mapping[str, type[Game]]) -> SavedGame:
    """Read a save file: its game and its bot seats; raise :class:`SaveFileError` saying
    what is wrong with it."""
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as exc:
        raise SaveFileError(f"cannot read save file {path}: {exc.strerror}") from exc
    except UnicodeDecodeError as exc:
        raise SaveFileError(f"{path} is not a text file") from exc
    try:
        document = json.loads(text)
    except json.JSONDecodeError as exc:
        raise SaveFileError(f"{path} is not valid JSON (truncated?): {exc}") from exc
    if not isinstance(document, dict) or document.get("format") != SAVE_FORMAT:
        raise SaveFileError(f"{path} is not a herotable save file")
    if document.get("version") != SAVE_VERSION:
        raise SaveFileError(f"{path} has save version {document.get('version')!r}, "
                            f"this herotable reads version {SAVE_VERSION}")
    name = document.get("game")
    game_cls = games.get(name) if isinstance(name, str) else None
    if game_cls is None:
        raise SaveFileError(f"{path} is a save of unknown game {document.get('game')!r}")
    try:
        log = ActionLog.from_json(document["log"])
        replayed = game_cls.replay(log)
        stored = game_cls.from_json(document["state"])
    except HerotableError as exc:
        raise SaveFileError(f"{path} is corrupt: {exc}") from exc
    except (KeyError, TypeError, ValueError, IndexError) as exc:
        raise SaveFileError(f"{path} is corrupt: missing or malformed field {exc}") from exc
    if replayed.to_json() != stored.to_json():
        raise SaveFileError(f"{path} is corrupt: its state does not match its action log")
    return SavedGame(stored, bot_seats(document.get("bots", []), stored.num_players, path))


def bot_seats(data: Any, players: int, path: Path) -> dict[int, BotSeat]:
    """A save's ``bots`` list as {seat: BotSeat}, each entry checked."""
    if not isinstance(data, list):
        raise SaveFileError(f"{path} is corrupt: its bots are not a list")
    seats: dict[int, BotSeat] = {}
    for entry in data:
        seat = entry.get("seat") if isinstance(entry, dict) else None
        kind = entry.get("kind") if isinstance(entry, dict) else None
        seconds = entry.get("seconds") if isinstance(entry, dict) else None
        sound = (isinstance(seat, int) and not isinstance(seat, bool) and 0 <= seat < players
                 and seat not in seats and isinstance(kind, str) and bool(kind)
                 and (seconds is None or (isinstance(seconds, int | float)
                                          and not isinstance(seconds, bool) and seconds >= 0)))
        if not sound:
            raise SaveFileError(f"{path} is corrupt: malformed bot seat {entry!r}")
        assert isinstance(seat, int) and isinstance(kind, str)
        seats[seat] = BotSeat(kind, None if seconds is None else float(seconds))
    return seats

