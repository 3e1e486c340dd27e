"""Paper tables the server serves: a Cartographers deck flipped by a host for players who
draw on paper (:mod:`herotable.cartographers.paper_table`), shown live on every device.

A table is stored as its set-up, seed and number of flips (one row), so every process and
every restart deals it again exactly. A flip is one conditional update (``seq`` must still be
the one the host saw), so two flips sent at once never both count; on PostgreSQL the same
transaction tells the other processes, which push the table to their own watchers.
"""

from __future__ import annotations

import asyncio
import json
import logging
import secrets
from dataclasses import dataclass
from typing import Any

from herotable.cartographers.config import GameConfig
from herotable.cartographers.paper_table import PaperTable
from herotable.core.errors import HerotableError, IllegalAction
from herotable.core.options import GameOptionError
from herotable.core.refusals import CoreRefusal
from herotable.registry import game_info
from herotable.server.db import TableRow
from herotable.server.errors import DamagedGame, Forbidden, Refusal, StaleSeq
from herotable.server.hub import Hub
from herotable.server.refusals import ServerRefusal
from herotable.server.service import GameService
from herotable.server.tokens import hash_token, is_game_id, new_game_id, new_token, token_matches

log = logging.getLogger("herotable.server")
GAME = "cartographers"
# What a table's set-up leaves out: a table has no seats (solo says how ambushes go), and
# what a server refuses for any game (scenarios, explicit chance) it refuses here too.
NOT_FOR_TABLES = ("players", "names")


class UnknownTable(Refusal):
    """No paper table has this id."""

    status = 404
    default_code = ServerRefusal.UNKNOWN_TABLE


def table_config(options: dict[str, Any], solo: bool) -> GameConfig:
    """The engine config of a table's lobby options (checked as a game's are); a solo table
    is one player's, any other deals the same deck whatever its size."""
    info = game_info(GAME)
    for key in options:
        option = info.option(key)  # an unknown option is refused here, by name
        if option.local_only or key in NOT_FOR_TABLES:
            raise GameOptionError(f"option {key!r} is not a paper table's")
    config: GameConfig = info.config(**options, players=1 if solo else 2)
    return config


@dataclass
class LiveTable:
    """A table as this process last read it: its row and its deck after ``row.seq`` flips."""

    row: TableRow
    table: PaperTable

    def answer(self) -> dict[str, Any]:
        """The object of ``GET /api/tables/{id}``: the public state, ``seq`` and the host's
        setting."""
        return {"id": self.row.id, "seq": self.row.seq, "anyone_flips": self.row.anyone_flips,
                **self.table.state()}

    def text(self) -> str:
        return json.dumps(self.answer(), separators=(",", ":"))


class TableDesk:
    def __init__(self, service: GameService) -> None:
        self.service = service
        self.hub = Hub(service.settings.watchers_per_game)
        self.tables: dict[str, LiveTable] = {}
        self._tasks: set[asyncio.Task[None]] = set()
        service.on_table = self.heard
        service.store.table_notice = service.relay.table_payload

    async def create(self, options: dict[str, Any], seed: int | None, solo: bool,
                     anyone_flips: bool) -> tuple[LiveTable, str]:
        """A new table and its host's token (shown once, stored as a hash)."""
        config = table_config(dict(options), solo)
        seed = secrets.randbits(62) if seed is None else seed
        token = new_token()
        row = TableRow(id=new_game_id(), options={**options, "solo": solo},
                       config=config.to_json(), seed=seed, seq=0,
                       host_hash=hash_token(token), anyone_flips=anyone_flips)
        await self.service.db(self.service.store.create_table, row)
        return self._live(row), token

    async def get(self, table_id: str) -> LiveTable:
        """The table as stored now (one read by its key: another process may have flipped)."""
        if not is_game_id(table_id):
            raise UnknownTable("there is no such table (a table id is a short code of "
                               "letters, digits, '-' and '_')")
        row = await self.service.db(self.service.store.load_table, table_id)
        if row is None:
            raise UnknownTable(f"there is no table {table_id!r}")
        return self._live(row)

    def _live(self, row: TableRow) -> LiveTable:
        live = self.tables.get(row.id)
        if live is None or live.table.flips > row.seq:
            try:
                live = LiveTable(row, PaperTable(GameConfig.from_json(row.config), row.seed))
            except HerotableError as exc:
                log.error("table %s is damaged: %s", row.id, exc)
                raise DamagedGame("this table's record is damaged") from exc
        live.row = row
        while live.table.flips < row.seq and not live.table.over:
            live.table.flip()
        self._keep(live)
        return live

    def _keep(self, live: LiveTable) -> None:
        """Hold the table, letting go of unwatched ones beyond the server's limit (a table
        comes back by dealing its deck again)."""
        self.tables[live.row.id] = live
        if len(self.tables) > self.service.settings.games_in_memory:
            for table_id in list(self.tables):
                if table_id != live.row.id and not self.hub.watchers.get(table_id):
                    del self.tables[table_id]
                    break

    def check_flipper(self, live: LiveTable, token: str | None) -> None:
        """The host flips; anyone may when the host allows it. A token that is not the
        host's is refused even then: it is a mistake worth saying."""
        if token is not None:
            if not token_matches(token, live.row.host_hash):
                raise Forbidden("this token is not the table's host's", ServerRefusal.NOT_HOST)
        elif not live.row.anyone_flips:
            raise Forbidden("the host flips the cards: send the host's token",
                            ServerRefusal.TOKEN_NEEDED)

    async def flip(self, table_id: str, token: str | None, seq: int) -> LiveTable:
        """Flip the next card if the table is at ``seq`` (409 otherwise: somebody flipped
        first); the game being over is refused (``game_over``)."""
        live = await self.get(table_id)
        self.check_flipper(live, token)
        if seq != live.row.seq:
            raise StaleSeq(f"the table is at seq {live.row.seq}, not {seq}: somebody flipped "
                           "first", params={"seq": live.row.seq})
        if live.table.over:
            raise IllegalAction("the table's last season is over: no card is left to flip",
                                CoreRefusal.GAME_OVER)
        if not await self.service.db(self.service.store.change_table, table_id, seq, True):
            live = await self.get(table_id)
            raise StaleSeq(f"the table is at seq {live.row.seq}, not {seq}: somebody flipped "
                           "first", params={"seq": live.row.seq})
        return await self._changed(table_id)

    async def set_anyone_flips(self, table_id: str, token: str | None,
                               anyone_flips: bool) -> LiveTable:
        live = await self.get(table_id)
        if token is None:
            raise Forbidden("send the host's token", ServerRefusal.TOKEN_NEEDED)
        self.check_flipper(live, token)
        await self.service.db(self.service.store.change_table, table_id, live.row.seq, False,
                              anyone_flips)
        return await self._changed(table_id)

    async def _changed(self, table_id: str) -> LiveTable:
        live = await self.get(table_id)
        self.publish(live)
        return live

    def publish(self, live: LiveTable) -> None:
        text = live.text()
        self.hub.publish(live.row.id, lambda _seat, _legal: text)

    def heard(self, table_id: str | None) -> None:
        """Another process changed the table (None: any table may have changed): read it
        again for this process's watchers."""
        for watched in [table_id] if table_id is not None else list(self.hub.watchers):
            if self.hub.watchers.get(watched):
                task = asyncio.get_running_loop().create_task(self._refresh(watched))
                self._tasks.add(task)
                task.add_done_callback(self._tasks.discard)

    async def _refresh(self, table_id: str) -> None:
        try:
            await self._changed(table_id)
        except Exception as exc:  # the database away: the next flip or reconnect shows it
            log.warning("table %s not refreshed: %s: %s", table_id, type(exc).__name__, exc)
