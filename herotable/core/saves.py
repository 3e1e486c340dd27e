"""Save files: the action log plus the full state, checked against each other on load.

A save is JSON: ``{"format": "herotable-save", "version": 1, "game": ..., "log": ...,
"state": ...}``. On load the log is replayed and must rebuild the stored state exactly, so a
truncated or hand-edited file is refused with a message instead of resuming a broken game.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from pathlib import Path

from herotable.core.errors import HerotableError, SaveFileError
from herotable.core.game import ActionLog, Game

SAVE_FORMAT = "herotable-save"
SAVE_VERSION = 1


def save_game(game: Game, path: Path) -> None:
    document = {
        "format": SAVE_FORMAT,
        "version": SAVE_VERSION,
        "game": game.name,
        "log": game.log.to_json(),
        "state": game.to_json(),
    }
    tmp = path.with_name(path.name + ".tmp")
    tmp.write_text(json.dumps(document, ensure_ascii=False), encoding="utf-8")
    # Replace atomically so a crash mid-write never leaves a half-written save behind.
    tmp.replace(path)


def load_game(path: Path, games: Mapping[str, type[Game]]) -> Game:
    """Read a save file; raise :class:`SaveFileError` saying what is wrong with it."""
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
    return stored

