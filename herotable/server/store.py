"""Reading and writing games in the database (blocking calls: the service runs them in
worker threads so the event loop never waits on the disk or the network)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from sqlalchemy import exists, func, insert, select, text, update
from sqlalchemy.engine import Engine
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session, sessionmaker

from herotable.server.db import (
    ActionRow,
    AnalysisRow,
    ChallengeEntry,
    GameRow,
    SeatRow,
    ServerKey,
    TableMapRow,
    TableRow,
    now,
)
from herotable.server.errors import Refusal
from herotable.server.refusals import ServerRefusal
from herotable.server.relay import CHANNEL, ActionNote


class AttemptTaken(Refusal):
    """A second attempt at a challenge by the same name or browser."""

    status = 409
    default_code = ServerRefusal.ATTEMPT_TAKEN


@dataclass(frozen=True, slots=True)
class ListedGame:
    id: str
    game: str
    seats: tuple[tuple[str, str | None], ...]  # (name as stored, bot)
    seq: int
    over: bool
    created: str


@dataclass(frozen=True, slots=True)
class ChallengeResult:
    score: int
    rating: int | None
    title: str | None


class Store:
    def __init__(self, engine: Engine) -> None:
        self.engine = engine
        self._sessions = sessionmaker(engine, expire_on_commit=False)
        # The notification to send with an action, delivered if it commits (PostgreSQL's
        # NOTIFY; :class:`herotable.server.relay.Relay` says what, or None for nothing).
        self.notice: Callable[[ActionNote], str | None] = lambda _note: None
        # The same for a paper table's change (a flip, a setting): its id.
        self.table_notice: Callable[[str], str | None] = lambda _table_id: None

    def session(self) -> Session:
        return self._sessions()

    def ping(self) -> None:
        """Ask the database the simplest question (raises when it does not answer)."""
        with self.engine.connect() as connection:
            connection.execute(text("SELECT 1"))

    def create(self, game: GameRow, seats: Sequence[SeatRow],
               entry: ChallengeEntry | None = None) -> None:
        """Store a new game (and the challenge attempt it is); an attempt that breaks the
        one-per-name-and-browser rule raises :class:`AttemptTaken` and stores nothing."""
        try:
            with self.session() as session, session.begin():
                session.add(game)
                session.flush()  # the game row first: the seats refer to it
                session.add_all(seats)
                if entry is not None:
                    session.add(entry)
        except IntegrityError as exc:
            if entry is None:
                raise
            raise AttemptTaken("this name, or this browser, has already played this "
                               "challenge") from exc

    def load(self, game_id: str) -> tuple[GameRow, list[SeatRow], list[ActionRow]] | None:
        with self.session() as session:
            game = session.get(GameRow, game_id)
            if game is None:
                return None
            seats = session.scalars(select(SeatRow).where(SeatRow.game_id == game_id)
                                    .order_by(SeatRow.seat)).all()
            actions = session.scalars(select(ActionRow).where(ActionRow.game_id == game_id)
                                      .order_by(ActionRow.seq)).all()
            return game, list(seats), list(actions)

    def actions_from(self, game_id: str, seq: int) -> list[ActionRow]:
        """The actions accepted from number ``seq`` on (by this or another process)."""
        with self.session() as session:
            rows = session.scalars(select(ActionRow)
                                   .where(ActionRow.game_id == game_id, ActionRow.seq >= seq)
                                   .order_by(ActionRow.seq)).all()
            return list(rows)

    def append(self, game_id: str, seq: int, seat: int, action: str, over: bool,
               result: ChallengeResult | None = None) -> bool:
        """Record action number ``seq`` (and, for the last action of a challenge game, its
        result); False when that number is already taken (another request or process got
        there first), and then nothing is written."""
        try:
            with self.session() as session, session.begin():
                # A plain INSERT, not the ORM's unit of work: this runs for every action.
                row = insert(ActionRow).values(game_id=game_id, seq=seq, seat=seat,
                                               action=action, created_at=now())
                notice = self.notice(ActionNote(game_id, seq, seat, action))
                if notice is None:
                    session.execute(row)
                else:  # the notification in the same statement: one round trip, not two
                    stored = row.returning(ActionRow.seq).cte("stored")
                    session.execute(select(func.pg_notify(CHANNEL, notice))
                                    .select_from(stored))
                if over:
                    session.execute(update(GameRow).where(GameRow.id == game_id)
                                    .values(over=True))
                if result is not None:
                    session.execute(update(ChallengeEntry)
                                    .where(ChallengeEntry.game_id == game_id)
                                    .values(score=result.score, rating=result.rating,
                                            title=result.title, finished_at=now()))

        except IntegrityError:
            return False
        return True

    # ------------------------------------------------------------------ paper tables

    def create_table(self, table: TableRow) -> None:
        with self.session() as session, session.begin():
            session.add(table)

    def load_table(self, table_id: str) -> TableRow | None:
        with self.session() as session:
            return session.get(TableRow, table_id)

    def change_table(self, table_id: str, seq: int, flip: bool,
                     anyone_flips: bool | None = None) -> bool:
        """Flip the table's next card if it is still at ``seq`` (``flip``), or set who may
        flip; False when nothing matched (another flip came first, or no such table):
        nothing is written then. Other processes are told in the same transaction."""
        values: dict[str, Any] = {"seq": seq + 1} if flip else {}
        if anyone_flips is not None:
            values["anyone_flips"] = anyone_flips
        which = [TableRow.id == table_id] + ([TableRow.seq == seq] if flip else [])
        with self.session() as session, session.begin():
            changed = session.execute(update(TableRow).where(*which).values(**values))
            if changed.rowcount != 1:  # type: ignore[attr-defined]
                return False
            self._tell_table(session, table_id)
        return True

    def table_maps(self, table_id: str) -> list[TableMapRow]:
        """The maps added to a table, in the order they were added."""
        with self.session() as session:
            rows = session.scalars(select(TableMapRow).where(TableMapRow.table_id == table_id)
                                   .order_by(TableMapRow.created_at, TableMapRow.map_id)).all()
            return list(rows)

    def add_table_map(self, row: TableMapRow, limit: int) -> bool:
        """Add a map to its table unless the table holds ``limit`` maps already (False, and
        nothing written). Other processes are told in the same transaction."""
        with self.session() as session, session.begin():
            held = session.scalar(select(func.count()).select_from(TableMapRow)
                                  .where(TableMapRow.table_id == row.table_id))
            if (held or 0) >= limit:
                return False
            session.add(row)
            self._tell_table(session, row.table_id)
        return True

    def replace_table_map(self, table_id: str, map_id: str, name: str,
                          seasons: list[dict[str, Any]]) -> None:
        """Replace a map's name and seasons (its author was checked by the caller)."""
        with self.session() as session, session.begin():
            session.execute(update(TableMapRow)
                            .where(TableMapRow.table_id == table_id,
                                   TableMapRow.map_id == map_id)
                            .values(name=name, seasons=seasons,
                                    revision=TableMapRow.revision + 1))
            self._tell_table(session, table_id)

    def _tell_table(self, session: Session, table_id: str) -> None:
        notice = self.table_notice(table_id)
        if notice is not None:
            session.execute(select(func.pg_notify(CHANNEL, notice)))

    def set_left(self, game_id: str, seat: int, left: bool) -> None:
        with self.session() as session, session.begin():
            session.execute(update(SeatRow)
                            .where(SeatRow.game_id == game_id, SeatRow.seat == seat)
                            .values(left=left))

    def listed(self, limit: int = 50) -> list[ListedGame]:
        """Listed games, newest first, with their players' names and progress."""
        with self.session() as session:
            seq = (select(func.count()).where(ActionRow.game_id == GameRow.id)
                   .correlate(GameRow).scalar_subquery())
            rows = session.execute(select(GameRow, seq).where(GameRow.listed)
                                   .order_by(GameRow.created_at.desc()).limit(limit)).all()
            ids = [row[0].id for row in rows]
            seats = session.scalars(select(SeatRow).where(SeatRow.game_id.in_(ids))
                                    .order_by(SeatRow.seat)).all()
        by_game: dict[str, list[tuple[str, str | None]]] = {}
        for seat in seats:
            by_game.setdefault(seat.game_id, []).append((seat.name, seat.bot))
        return [ListedGame(game.id, game.game, tuple(by_game.get(game.id, ())), int(count),
                           game.over, game.created_at.isoformat())
                for game, count in rows]

    def waiting_for_bots(self, since: datetime) -> list[str]:
        """Games a starting server wakes: not over, with a bot's seat and a person's, begun
        or played since ``since``."""
        with self.session() as session:
            bot = exists().where(SeatRow.game_id == GameRow.id, SeatRow.bot.is_not(None))
            person = exists().where(SeatRow.game_id == GameRow.id, SeatRow.bot.is_(None))
            recent = exists().where(ActionRow.game_id == GameRow.id,
                                    ActionRow.created_at >= since)
            return list(session.scalars(select(GameRow.id).where(
                ~GameRow.over, bot, person, (GameRow.created_at >= since) | recent)))

    def all_game_ids(self, unfinished_only: bool) -> list[str]:
        with self.session() as session:
            query = select(GameRow.id).order_by(GameRow.created_at)
            if unfinished_only:
                query = query.where(~GameRow.over)
            return list(session.scalars(query))

    # ------------------------------------------------------------------ challenges

    def server_key(self, name: str, make: str) -> str:
        """The server's secret ``name``, stored as ``make`` the first time it is asked for
        (whichever process stores it first wins; every process then reads the same)."""
        with self.session() as session:
            found = session.get(ServerKey, name)
            if found is not None:
                return found.value
        try:
            with self.session() as session, session.begin():
                session.add(ServerKey(name=name, value=make))
        except IntegrityError:
            pass
        with self.session() as session:
            stored = session.get(ServerKey, name)
            assert stored is not None
            return stored.value

    def leaderboard(self, challenge: str) -> list[ChallengeEntry]:
        """Finished attempts, best first: rating (or score), then the earlier finish."""
        with self.session() as session:
            rows = session.scalars(
                select(ChallengeEntry)
                .where(ChallengeEntry.challenge == challenge,
                       ChallengeEntry.finished_at.is_not(None))
                .order_by(ChallengeEntry.rating.desc(), ChallengeEntry.score.desc(),
                          ChallengeEntry.finished_at)).all()
            return list(rows)

    def challenges_played(self, kind: str) -> list[tuple[str, int]]:
        """Each challenge of ``kind`` with finished attempts, newest first, and how many."""
        with self.session() as session:
            rows = session.execute(
                select(ChallengeEntry.challenge, func.count())
                .where(ChallengeEntry.challenge.like(f"{kind}:%"),
                       ChallengeEntry.finished_at.is_not(None))
                .group_by(ChallengeEntry.challenge)
                .order_by(ChallengeEntry.challenge.desc())).all()
            return [(str(challenge), int(count)) for challenge, count in rows]

    def finished_attempt(self, challenge: str, token_hash: str) -> bool:
        """Whether the seat of this token finished an attempt at ``challenge``."""
        with self.session() as session:
            found = session.scalars(
                select(ChallengeEntry.game_id)
                .join(SeatRow, SeatRow.game_id == ChallengeEntry.game_id)
                .where(ChallengeEntry.challenge == challenge,
                       ChallengeEntry.finished_at.is_not(None),
                       SeatRow.token_hash == token_hash)).first()
            return found is not None

    # ------------------------------------------------------------------ analyses

    def analysis(self, game_id: str, seat: int) -> AnalysisRow | None:
        with self.session() as session:
            return session.get(AnalysisRow, (game_id, seat))

    def start_analysis(self, game_id: str, seat: int, total: int) -> bool:
        """Claim the analysis of (game, seat); False if somebody already has (it runs or is
        done), so it is computed once even with several server processes."""
        try:
            with self.session() as session, session.begin():
                session.add(AnalysisRow(game_id=game_id, seat=seat, status="running",
                                        done=0, total=total))
        except IntegrityError:
            return False
        return True

    def restart_analysis(self, game_id: str, seat: int) -> None:
        with self.session() as session, session.begin():
            session.execute(update(AnalysisRow)
                            .where(AnalysisRow.game_id == game_id, AnalysisRow.seat == seat)
                            .values(status="running", done=0, error=None))

    def analysis_progress(self, game_id: str, seat: int, done: int, status: str = "running",
                          result: dict[str, Any] | None = None,
                          error: str | None = None) -> None:
        with self.session() as session, session.begin():
            session.execute(update(AnalysisRow)
                            .where(AnalysisRow.game_id == game_id, AnalysisRow.seat == seat)
                            .values(done=done, status=status, result=result, error=error))

    def running_analyses(self) -> list[tuple[str, int]]:
        with self.session() as session:
            rows = session.execute(select(AnalysisRow.game_id, AnalysisRow.seat)
                                   .where(AnalysisRow.status == "running")).all()
            return [(str(game_id), int(seat)) for game_id, seat in rows]
