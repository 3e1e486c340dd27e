"""The median time of one greedy Cartographers decision for each preset, as ``herotable
bench`` row (h) times it, for comparing two trees side by side::

    for tree in OLD NEW OLD NEW OLD NEW; do
        PYTHONPATH=$tree python tools/greedy_step.py $tree; done
"""

from __future__ import annotations

import sys

from herotable.bench.engine import bot_decision_ns
from herotable.cartographers.config import GameConfig
from herotable.cartographers.game import CartographersGame

PRESETS = ("first_game", "heroes", "base")
GAMES, DECISIONS = 30, 100


def main() -> None:
    label = sys.argv[1] if len(sys.argv) > 1 else ""
    medians = []
    for preset in PRESETS:
        config = GameConfig.preset(preset)
        median, _ = bot_decision_ns(lambda seed, c=config: CartographersGame(c, seed),
                                    "greedy", None, GAMES, DECISIONS)
        medians.append(f"{preset}={median / 1e6:.2f} ms")
    print(label, " ".join(medians))


if __name__ == "__main__":
    main()
