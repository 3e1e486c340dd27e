"""``herotable damaged``: the games whose stored record no longer replays, for the host of a
server (a running server keeps them apart and serves every other game). A game made with a
Heroes of Dominaria data pack other than the one served (``HEROTABLE_DOMINARIA_DATA``, else the
shipped pack) is listed too, with that reason."""

from __future__ import annotations

from dataclasses import dataclass

from herotable.server.db import make_engine
from herotable.server.errors import DamagedGame
from herotable.server.packs import PackNotServed, dominaria_data, served_pack
from herotable.server.service import read_stored, rebuild
from herotable.server.store import Store


@dataclass(frozen=True, slots=True)
class Damage:
    game_id: str
    game: str
    reason: str


def damaged_games(database_url: str, unfinished_only: bool = False) -> list[Damage]:
    """Every stored game that does not replay, with what its replay found wrong."""
    served = served_pack(dominaria_data())
    engine = make_engine(database_url)
    store = Store(engine)
    found: list[Damage] = []
    try:
        for game_id in store.all_game_ids(unfinished_only):
            game = "?"  # until its row is read
            try:
                loaded = read_stored(store, game_id)
                if loaded is None:  # deleted meanwhile
                    continue
                game = loaded[0].game
                rebuild(*loaded, served)
            except DamagedGame as exc:
                cause = exc.__cause__
                found.append(Damage(game_id, game, f"{type(cause).__name__}: {cause}"))
            except PackNotServed as exc:
                found.append(Damage(game_id, game, f"PackNotServed: {exc}"))
    finally:
        engine.dispose()
    return found
