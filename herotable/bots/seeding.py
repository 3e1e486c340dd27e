"""Every bot's seed: one derivation from the game's seed, the seat and the decision.

``herotable simulate``, the terminal, the server's bot moves and hints, analyses and the
benchmarks all seed a bot's decision with :func:`decision_seed`, so a game between bots
played on the server is played again move for move by ``herotable simulate`` from the
game's seed (with bots whose moves do not depend on the clock: see docs/bots.md).

The decision is counted by the game's log: the number of actions applied before the bot is
asked. It is derived per decision, not per game, because the server asks a fresh bot in a
worker process for each move and a bot kept between moves must choose as that fresh bot
would; two bots of one game, or one bot at two decisions, still draw different numbers.
"""

from __future__ import annotations

from herotable.core.rng import SeededRng

# Any fixed odd constants would do. The salt spells "bots" in ASCII, so it is easy to
# recognise; it keeps the bots' streams apart from the game's own generator, which is seeded
# with the bare game seed. The step is SplitMix64's own increment.
BOT_SEED_SALT = 0x626F7473
DECISION_STEP = 0x9E3779B97F4A7C15


def decision_seed(game_seed: int, seat: int, decision: int) -> int:
    """The seed of the bot in ``seat`` for the decision it owes after ``decision`` actions
    of the game dealt with ``game_seed``: the ``seat``-th output (from 0) of a SplitMix64
    seeded with ``game_seed ^ BOT_SEED_SALT``, XOR ``decision * DECISION_STEP``, fed to a
    fresh SplitMix64 whose first output it is."""
    seats = SeededRng(game_seed ^ BOT_SEED_SALT)
    for _ in range(seat):
        seats.next_u64()
    return SeededRng(seats.next_u64() ^ (decision * DECISION_STEP)).next_u64()
