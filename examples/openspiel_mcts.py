"""OpenSpiel's MCTS (or IS-MCTS) in seat 0 against herotable's ``greedy`` bot in seat 1, in
Heroes of Dominaria.

    python examples/openspiel_mcts.py --games 10 --simulations 50
    python examples/openspiel_mcts.py --games 10 --simulations 50 --ismcts

OpenSpiel's MCTS searches the true state it is handed, hidden cards included (the deck order,
the other seat's quests): a strong baseline, not a fair player. IS-MCTS searches worlds drawn
from seat 0's view only (``herotable.envs.openspiel.Resampler``). The greedy bot decides from
its own view, as in any herotable game. Game ``i`` is dealt with seed ``seed + i``.
"""

from __future__ import annotations

import argparse
import time

import numpy as np
import pyspiel
from open_spiel.python.algorithms import ismcts, mcts

import herotable.envs.openspiel as herotable_openspiel
from herotable.bots import make_bot


def play(game: pyspiel.Game, searcher: pyspiel.Bot, seed: int) -> tuple[list[float], list[int]]:
    """One game: the searcher in seat 0, greedy in seat 1. Returns OpenSpiel's returns and
    the victory points."""
    greedy = make_bot("dominaria", "greedy", seed=seed)
    state = game.new_initial_state()
    state.apply_action(0)  # the deal: the game's chance node
    while not state.is_terminal():
        seat = state.current_player()
        if seat == 0:
            state.apply_action(searcher.step(state))
        else:
            engine = state.engine
            view = engine.view(seat)
            state.apply_action(engine.encode_action(greedy.decide(view, view.legal)))
    return state.returns(), [score["total"] for score in state.engine.scores()]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=10)
    parser.add_argument("--simulations", type=int, default=50, help="MCTS simulations a move")
    parser.add_argument("--rollouts", type=int, default=1, help="random rollouts a leaf")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--ismcts", action="store_true", help="IS-MCTS instead of MCTS")
    args = parser.parse_args()

    game = pyspiel.load_game(herotable_openspiel.DOMINARIA, {"players": 2, "seed": args.seed})
    rng = np.random.RandomState(args.seed)
    evaluator = mcts.RandomRolloutEvaluator(args.rollouts, rng)
    searcher: pyspiel.Bot
    if args.ismcts:
        searcher = ismcts.ISMCTSBot(game, evaluator, 2.0, args.simulations, random_state=rng,
                                    use_observation_string=True)
        searcher.set_resampler(herotable_openspiel.Resampler(args.seed))
    else:
        searcher = mcts.MCTSBot(game, 2.0, args.simulations, evaluator, random_state=rng)
    name = "IS-MCTS" if args.ismcts else "MCTS"
    wins = 0.0
    started = time.perf_counter()
    for index in range(args.games):
        returns, points = play(game, searcher, args.seed + index)
        wins += returns[0]
        print(f"game {index + 1} (seed {args.seed + index}): {name} {points[0]} VP, "
              f"greedy {points[1]} VP, {name} share {returns[0]:g}")
    seconds = time.perf_counter() - started
    print(f"{name} ({args.simulations} simulations, {args.rollouts} rollout(s)) against greedy: "
          f"{wins:g} of {args.games} games won ({seconds:.0f} s)")


if __name__ == "__main__":
    main()
