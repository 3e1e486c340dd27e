"""Paper tables the server serves: a Cartographers deck flipped by a host for players who
draw on paper (:mod:`herotable.cartographers.paper_table`), shown live on every device.

A table is stored as its set-up, seed and number of flips (one row), so every process and
every restart deals it again exactly. Players add their maps to it (one row each, with the
hash of the token that lets its author replace it); the table object carries the scoreboard,
every map scored by the engine on the table's own side and edicts. A flip is one conditional
update (``seq`` must still be the one the host saw), so two flips sent at once never both
count; on PostgreSQL the same transaction (or a map's) tells the other processes, which push
the table to their own watchers.
"""

from __future__ import annotations

import asyncio
import json
import logging
import secrets
from dataclasses import dataclass, field
from typing import Any

from herotable.cartographers.config import GameConfig
from herotable.cartographers.paper_score import PaperScore, Snapshot, score_paper
from herotable.cartographers.paper_table import PaperTable
from herotable.core.errors import HerotableError, IllegalAction
from herotable.core.options import GameOptionError
from herotable.core.refusals import CoreRefusal
from herotable.registry import game_info
from herotable.server.db import TableMapRow, TableRow
from herotable.server.errors import BadRequest, DamagedGame, Forbidden, Refusal, StaleSeq
from herotable.server.hub import Hub
from herotable.server.refusals import ServerRefusal
from herotable.server.service import GameService
from herotable.server.tokens import hash_token, is_game_id, new_game_id, new_token, token_matches

log = logging.getLogger("herotable.server")
GAME = "cartographers"
# What a table's set-up leaves out: a table has no seats (solo says how ambushes go), and
# what a server refuses for any game (scenarios, explicit chance) it refuses here too.
NOT_FOR_TABLES = ("players", "names")
# How many maps a table's scoreboard holds: a big club night, not a tournament server.
MAX_MAPS = 100


class UnknownTable(Refusal):
    """No paper table has this id."""

    status = 404
    default_code = ServerRefusal.UNKNOWN_TABLE


class UnknownMap(Refusal):
    """No map at this table has this id."""

    status = 404
    default_code = ServerRefusal.UNKNOWN_MAP


class TableFull(Refusal):
    """The table holds as many maps as it may."""

    status = 409
    default_code = ServerRefusal.TABLE_FULL


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
    """A table as this process last read it: its row, its deck after ``row.seq`` flips, the
    maps added to it, and each map's score by (map id, revision), so a map is scored once."""

    row: TableRow
    table: PaperTable
    maps: list[TableMapRow] = field(default_factory=list)
    scores: dict[tuple[str, int], PaperScore | None] = field(default_factory=dict)

    def score(self, snapshots: list[Snapshot]) -> PaperScore:
        """A map scored as this table scores it: its side and edicts, solo if it is solo
        (raises the engine's refusal for a map no game on this side could have drawn)."""
        config = self.table.config
        return score_paper(config.side, snapshots, self.table.scoring, solo=config.solo)

    def _scored(self, row: TableMapRow) -> PaperScore | None:
        key = (row.map_id, row.revision)
        if key not in self.scores:
            try:
                self.scores[key] = self.score([Snapshot(s["map"], s["coins"])
                                               for s in row.seasons])
            except (HerotableError, KeyError, TypeError) as exc:
                # A map accepted once always scores again: this one's record is damaged.
                log.error("table %s: map %s does not score: %s", self.row.id, row.map_id, exc)
                self.scores[key] = None
        return self.scores[key]

    def seasons_scored(self) -> int:
        """How many seasons the table has reached the end of (a season whose end is showing
        is scored; all four once the table is over): the scoreboard counts only these, so a
        map added after spring is not scored on seasons nobody has played yet."""
        return self.table.season_index + (1 if self.table.season_over else 0)

    def scoreboard(self) -> list[dict[str, Any]]:
        """Every map that scores, best total first (ties keep the order maps were added in
        and share a rank): its id, name, the totals of the seasons scored so far (null for a
        season still to come), their running total, solo rating and title (null until the
        table is over), and its snapshots (so any device reopens it on /score)."""
        counted = self.seasons_scored()
        over = self.table.over
        scored = [(row, result) for row in self.maps
                  if (result := self._scored(row)) is not None]
        current = {(row.map_id, row.revision) for row in self.maps}
        self.scores = {key: score for key, score in self.scores.items() if key in current}
        entries: list[dict[str, Any]] = []
        for row, result in scored:
            seasons = [season.total if k < counted else None
                       for k, season in enumerate(result.seasons)]
            solo = None if result.solo is None else {
                "rating": result.solo["rating"] if over else None,
                "title": result.solo["title"] if over else None}
            entries.append({"map_id": row.map_id, "name": row.name, "seasons": seasons,
                            "total": sum(total for total in seasons if total is not None),
                            "solo": solo, "snapshots": row.seasons})
        entries.sort(key=lambda entry: -entry["total"])
        totals = [entry["total"] for entry in entries]
        for entry in entries:
            entry["rank"] = 1 + sum(other > entry["total"] for other in totals)
        return entries

    def answer(self) -> dict[str, Any]:
        """The object of ``GET /api/tables/{id}``: the public state, ``seq``, the host's
        setting, how many seasons the scoreboard counts, and the scoreboard."""
        return {"id": self.row.id, "seq": self.row.seq, "anyone_flips": self.row.anyone_flips,
                **self.table.state(), "seasons_scored": self.seasons_scored(),
                "scoreboard": self.scoreboard()}

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
        maps = await self.service.db(self.service.store.table_maps, table_id)
        return self._live(row, maps)

    def _live(self, row: TableRow, maps: list[TableMapRow] | None = None) -> LiveTable:
        live = self.tables.get(row.id)
        if live is None or live.table.flips > row.seq:
            try:
                live = LiveTable(row, PaperTable(GameConfig.from_json(row.config), row.seed))
            except HerotableError as exc:
                log.error("table %s is damaged: %s", row.id, exc)
                raise DamagedGame("this table's record is damaged") from exc
        live.row = row
        if maps is not None:
            live.maps = maps
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
            raise _flipped_first(live, seq)
        if live.table.over:
            raise IllegalAction("the table's last season is over: no card is left to flip",
                                CoreRefusal.GAME_OVER)
        if not await self.service.db(self.service.store.change_table, table_id, seq, True):
            raise _flipped_first(await self.get(table_id), seq)
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

    async def add_map(self, table_id: str, name: str,
                      snapshots: list[Snapshot]) -> tuple[LiveTable, str, str]:
        """Add a player's map (refused as ``POST /api/score`` refuses it when no game on the
        table's side could have drawn it); its id and its author's token, shown once."""
        live = await self.get(table_id)
        name = _player_name(name)
        result = live.score(snapshots)
        token = new_token()
        row = TableMapRow(table_id=table_id, map_id=new_game_id(), name=name,
                          seasons=_stored(snapshots), token_hash=hash_token(token), revision=0)
        if not await self.service.db(self.service.store.add_table_map, row, MAX_MAPS):
            raise TableFull(f"a table holds at most {MAX_MAPS} maps", params={"limit": MAX_MAPS})
        live.scores[(row.map_id, row.revision)] = result  # scored once, not again to publish
        return await self._changed(table_id), row.map_id, token

    async def replace_map(self, table_id: str, map_id: str, token: str | None, name: str,
                          snapshots: list[Snapshot]) -> LiveTable:
        """Replace a map with its author's token."""
        live = await self.get(table_id)
        row = next((m for m in live.maps if m.map_id == map_id), None)
        if row is None:
            raise UnknownMap(f"table {table_id!r} has no map {map_id!r}")
        if token is None:
            raise Forbidden("send the token given when this map was added",
                            ServerRefusal.TOKEN_NEEDED)
        if not token_matches(token, row.token_hash):
            raise Forbidden("this token is not this map's author's", ServerRefusal.NOT_MAP_AUTHOR)
        name = _player_name(name)
        live.score(snapshots)
        await self.service.db(self.service.store.replace_table_map, table_id, map_id, name,
                              _stored(snapshots))
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


def _flipped_first(live: LiveTable, seq: int) -> StaleSeq:
    return StaleSeq(f"the table is at seq {live.row.seq}, not {seq}: somebody flipped first",
                    params={"seq": live.row.seq})


def _player_name(name: str) -> str:
    """The name as the scoreboard shows it: without the spaces around it, never empty."""
    name = name.strip()
    if not name:
        raise BadRequest("a map's name is needed: the scoreboard shows it")
    return name


def _stored(snapshots: list[Snapshot]) -> list[dict[str, Any]]:
    return [{"map": s.map, "coins": s.coins} for s in snapshots]
