"""Fixed batches of work for timing one version of herotable against another as whole
processes (docs/benchmarks.md, "Before and after").

    python tools/workloads.py NAME [DATA]

NAME is one of solo, four, json, dominaria, simulate, greedy, domgreedy (DATA: a Dominaria
data pack directory for domgreedy). The script uses only what the versions before and after
the public game API both have, so the same file runs in an old checkout too; time it there
and here in turn (e.g. with ``/usr/bin/time``) and compare.
"""

from __future__ import annotations

import json
import sys

from herotable.bench.engine import HALF_MAP_SEED
from herotable.bots import make_bot
from herotable.bots.match import play_match
from herotable.bots.random_bot import play_random_dominaria, play_random_game, random_legal_action
from herotable.cartographers.config import GameConfig
from herotable.cartographers.game import CartographersGame
from herotable.core.rng import SeededRng
from herotable.dominaria.config import DominariaConfig
from herotable.dominaria.game import DominariaGame
from herotable.simulate import SimulationSpec, play_one


def solo() -> None:
    for i in range(1500):
        play_random_game(CartographersGame(GameConfig.preset("heroes"), i), SeededRng(i))


def four() -> None:
    for i in range(500):
        play_random_game(CartographersGame(GameConfig(players=4), i), SeededRng(i))


def json_round_trip() -> None:
    mid = CartographersGame(GameConfig(players=4, side="C"), HALF_MAP_SEED)
    rng = SeededRng(HALF_MAP_SEED)
    while len(mid.log.entries) < 60:
        seat = mid.pending_players()[0]
        mid.apply(seat, random_legal_action(mid, seat, rng))
    for _ in range(2500):
        CartographersGame.from_json(json.loads(json.dumps(mid.to_json())))


def dominaria() -> None:
    for i in range(500):
        play_random_dominaria(DominariaGame(DominariaConfig(players=4), i), SeededRng(i))


def simulate() -> None:
    spec = SimulationSpec("cartographers", ["random"], games=1)
    for i in range(600):
        play_one(spec, i)


def greedy() -> None:
    for seed in (1, 2):
        game = CartographersGame(GameConfig.preset("first_game"), seed)
        play_match(game, [make_bot("cartographers", "greedy")])


def dominaria_greedy(data: str | None = None) -> None:
    for i in range(3):
        game = DominariaGame(DominariaConfig(players=2, data=data), i)
        play_match(game, [make_bot("dominaria", "greedy") for _ in range(2)])


WORKLOADS = {"solo": solo, "four": four, "json": json_round_trip, "dominaria": dominaria,
             "simulate": simulate, "greedy": greedy}

if __name__ == "__main__":
    name = sys.argv[1] if len(sys.argv) > 1 else ""
    if name == "domgreedy":
        dominaria_greedy(sys.argv[2] if len(sys.argv) > 2 else None)
    elif name in WORKLOADS:
        WORKLOADS[name]()
    else:
        sys.exit(f"usage: workloads.py {{{','.join([*WORKLOADS, 'domgreedy'])}}} [DATA]")
