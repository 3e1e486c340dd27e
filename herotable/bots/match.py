"""Playing one game between bots: each pending seat gets its own view and legal actions."""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import dataclass, field

from herotable.bots.base import Bot, BotError, MeasuringBot
from herotable.bots.seeding import decision_seed
from herotable.core.game import Game


@dataclass(slots=True)
class SeatClock:
    """How many decisions one seat took and how long they took, in seconds."""

    decisions: int = 0
    seconds: float = 0.0
    times: list[float] = field(default_factory=list)


def play_match(game: Game, bots: Sequence[Bot],
               max_decisions: int | None = None) -> list[SeatClock]:
    """Play ``game`` to its end (or until ``max_decisions`` decisions in all, for timing a
    slow bot on a sample); returns each seat's decision count and thinking time.

    The first pending seat acts, one decision at a time, as the server moves its bots
    (simultaneous Cartographers decisions are independent of the order they arrive in, but
    the log records it). Each decision is seeded with :func:`decision_seed`, whatever seed
    the bot was made with, so a game here is the game the server plays with the same seed
    and bots. A measuring bot (:class:`MeasuringBot`) gets a clone of the engine before each
    of its decisions.
    """
    if len(bots) != game.num_players:
        raise BotError(f"the game has {game.num_players} seats but {len(bots)} bots were given")
    clocks = [SeatClock() for _ in bots]
    made = 0
    while not game.is_over and (max_decisions is None or made < max_decisions):
        if game.is_chance_node():
            # Otherwise nobody would ever act and the loop would spin for ever.
            raise BotError("the game waits for its caller to reveal a card (explicit chance); "
                           "bots only play games that draw their own cards")
        seat = game.pending_players()[0]
        made += 1
        view = game.view(seat)
        player = bots[seat]
        player.reseed(decision_seed(game.seed, seat, len(game.log.entries)))
        if isinstance(player, MeasuringBot):
            player.foresee(game.clone())  # the measuring hook: see MeasuringBot
        started = time.perf_counter()
        action = player.decide(view, view.legal)
        spent = time.perf_counter() - started
        clock = clocks[seat]
        clock.decisions += 1
        clock.seconds += spent
        clock.times.append(spent)
        game.apply(seat, action)
    return clocks
