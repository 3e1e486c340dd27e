"""Playing the challenges: an attempt per player name and browser, the leaderboards, and the
finished maps (shown to those who have finished the same challenge while it runs).

Scores are never sent by a client: the server plays every challenge game itself, action by
action, and writes the result with the last one. A log played elsewhere is accepted only by
replaying it on the server against the challenge's own deal.
"""

from __future__ import annotations

import secrets
from typing import Any

from herotable.core.errors import HerotableError, SaveFileError
from herotable.core.game import ActionLog
from herotable.registry import game_info
from herotable.server.challenges import Challenge, challenge_at, challenge_by_key, name_key
from herotable.server.db import ChallengeEntry
from herotable.server.errors import Forbidden
from herotable.server.live import LiveGame
from herotable.server.refusals import ServerRefusal
from herotable.server.service import GameRequest, GameService, SeatRequest
from herotable.server.tokens import hash_token

SECRET_NAME = "challenges"


class ChallengeDesk:
    def __init__(self, service: GameService) -> None:
        self.service = service
        self._secret: str | None = None

    async def secret(self) -> str:
        if self._secret is None:
            self._secret = await self.service.db(self.service.store.server_key, SECRET_NAME,
                                                 secrets.token_hex(32))
        return self._secret

    def now_running(self, kind: str) -> Challenge:
        return challenge_at(kind, self.service.settings.clock())

    async def describe(self, challenge: Challenge) -> dict[str, Any]:
        return challenge.to_json(self.service.settings.clock(), await self.secret())

    async def play(self, kind: str, name: str, browser: str) -> tuple[LiveGame, str]:
        """A new attempt at the running challenge ``kind``: its game and the seat's token."""
        challenge = self.now_running(kind)
        entry = ChallengeEntry(challenge=challenge.id, name_key=name_key(name), name=name,
                               browser_hash=hash_token(browser))
        live, tokens = await self.service.create(self._request(challenge, name,
                                                               await self.secret()), entry)
        token = tokens[0]
        assert token is not None
        return live, token

    @staticmethod
    def _request(challenge: Challenge, name: str, secret: str) -> GameRequest:
        return GameRequest(challenge.game, challenge.options, [SeatRequest(name, None, None)],
                           seed=challenge.seed(secret), listed=False, hints=False,
                           challenge=challenge.id)

    async def submit(self, kind: str, key: str, name: str, browser: str,
                     log: Any) -> LiveGame:
        """A whole game played elsewhere, entered only if replaying it on the server gives
        a finished game of this very challenge's deal."""
        challenge = challenge_by_key(kind, key)
        if not challenge.is_open(self.service.settings.clock()):
            raise Forbidden(f"the {kind} challenge {key} is not running now",
                            ServerRefusal.CHALLENGE_CLOSED)
        secret = await self.secret()
        request = self._request(challenge, name, secret)
        expected = game_info(challenge.game).new_game(challenge.seed(secret),
                                                      **request.options, names=[name])
        try:
            played = ActionLog.from_json(log)
            # The player's name is theirs to choose; everything else must be the deal's.
            same_setup = {**played.config, "names": [name]} == expected.config.to_json()
            if played.game != challenge.game or played.seed != expected.seed or not same_setup:
                raise SaveFileError("the log is not of this challenge's deal")
            game = type(expected).replay(played)
        except HerotableError as exc:
            raise SaveFileError(f"the submitted game is refused: {exc}") from exc
        if not game.is_over:
            raise SaveFileError("the submitted game is refused: it is not finished")
        entry = ChallengeEntry(challenge=challenge.id, name_key=name_key(name), name=name,
                               browser_hash=hash_token(browser))
        live, _tokens = await self.service.create(request, entry)
        for index, step in enumerate(played.entries):
            await self.service.act(live, 0, index, step.action)
        return live

    async def leaderboard(self, challenge: Challenge) -> list[dict[str, Any]]:
        """The finished attempts, best first; each title as its names by language (from the
        stored rating), for every page to say in its own."""
        rows = await self.service.db(self.service.store.leaderboard, challenge.id)
        rated = game_info(challenge.game).game_class
        return [{"rank": rank, "name": row.name, "score": row.score, "rating": row.rating,
                 "title": None if row.rating is None else rated.solo_title_names(row.rating),
                 "game": row.game_id, "finished": row.finished_at
                 and row.finished_at.isoformat()}
                for rank, row in enumerate(rows, 1)]

    async def played(self, kind: str) -> list[dict[str, Any]]:
        rows = await self.service.db(self.service.store.challenges_played, kind)
        return [{"key": challenge.partition(":")[2], "entries": count}
                for challenge, count in rows]

    async def finished_game(self, challenge: Challenge, game_id: str,
                            token: str | None) -> dict[str, Any]:
        """The public object of a finished attempt: to anyone once the challenge is over;
        while it runs, to a holder of a finished attempt at the same challenge."""
        live = await self.service.get(game_id)
        if live.row.challenge != challenge.id or not live.game.is_over:
            raise Forbidden("that game is no finished attempt at this challenge",
                            ServerRefusal.NOT_AN_ATTEMPT)
        if challenge.is_open(self.service.settings.clock()) and not await self._finished(
                challenge, token):
            raise Forbidden("finish your own attempt first: then every finished map of "
                            "this challenge is yours to see", ServerRefusal.FINISH_FIRST)
        return self.service.state(live, None)

    async def _finished(self, challenge: Challenge, token: str | None) -> bool:
        if token is None:
            return False
        return await self.service.db(self.service.store.finished_attempt, challenge.id,
                                     hash_token(token))
