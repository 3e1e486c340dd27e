"""``herotable damaged``: the games whose stored record no longer replays, for the host of a
server (a running server keeps them apart and serves every other game)."""

from __future__ import annotations

from dataclasses import dataclass

from herotable.server.db import make_engine
from herotable.server.errors import DamagedGame
from herotable.server.service import rebuild
from herotable.server.store import Store


@dataclass(frozen=True, slots=True)
class Damage:
    game_id: str
    game: str
    reason: str


def damaged_games(database_url: str, unfinished_only: bool = False) -> list[Damage]:
    """Every stored game that does not replay, with what its replay found wrong."""
    engine = make_engine(database_url)
    store = Store(engine)
    found: list[Damage] = []
    try:
        for game_id in store.all_game_ids(unfinished_only):
            try:
                loaded = store.load(game_id)
                if loaded is None:  # deleted meanwhile
                    continue
                row, seats, actions = loaded
                rebuild(row, seats, actions)
            except DamagedGame as exc:
                cause = exc.__cause__
                found.append(Damage(game_id, row.game, f"{type(cause).__name__}: {cause}"))
            except (ValueError, TypeError, LookupError) as exc:
                found.append(Damage(game_id, "?", f"{type(exc).__name__}: {exc}"))
    finally:
        engine.dispose()
    return found
