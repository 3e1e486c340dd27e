"""Train a candidate-scoring policy on solo Cartographers and record its learning curve.

    pip install -e '.[rl]'
    python examples/train_candidate_policy.py --minutes 10 --out docs/research

The env offers each decision's legal actions as a list of candidates, a row of features each
(``actions="candidates"``, docs/research.md). The policy gives every candidate a score with
one small function of its row, a linear term plus a one-hidden-layer network, and picks by
softmax while it learns, by argmax when it is evaluated. Learning is policy gradient
(REINFORCE with Adam, its step shrinking linearly to nothing over the training time): after
each batch of games, every decision's log-probability is pushed up or down by how much the
stars that followed it beat the batch's mean at the same point of the game.
NumPy only, so it runs wherever the env does.

Games are played by ``--workers`` processes (2 on a 2-core machine). Every ``--eval-every``
seconds of training the argmax policy plays the fixed evaluation deals
(``herotable.envs.EVALUATION_SEEDS``) and its mean score is recorded; evaluations are not
counted in the training time. Writes the curve, ``candidate_curve.csv``, and the weights,
``candidate_policy.npz``, into ``--out``.
"""

from __future__ import annotations

import argparse
import csv
import multiprocessing
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import gymnasium
import numpy as np

from herotable.envs import evaluate  # and registers herotable/CartographersSolo-v0
from herotable.envs.cartographers_candidates import CANDIDATE_FEATURES, NUM_CANDIDATE_FEATURES

HIDDEN = 32
TRAINING_SEEDS = 10**6  # deals drawn above this, far from the evaluation deals
GAMES_PER_JOB = 4  # a worker's games per batch: two jobs per worker make a batch


class CandidatePolicy:
    """score(row) = row @ linear + tanh(row @ hidden + bias) @ out, for every candidate; the
    columns ``shown`` zeroes are hidden from it."""

    def __init__(self, rng: np.random.Generator, features: int = NUM_CANDIDATE_FEATURES,
                 hidden: int = HIDDEN, shown: np.ndarray | None = None) -> None:
        self.shown = np.ones(features) if shown is None else shown
        self.params = {
            "linear": np.zeros(features),
            "hidden": rng.normal(0, 1 / np.sqrt(features), (features, hidden)),
            "bias": np.zeros(hidden),
            "out": np.zeros(hidden),
        }

    def scores(self, rows: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        p = self.params
        rows = rows * self.shown
        inner = np.tanh(rows @ p["hidden"] + p["bias"])
        return rows @ p["linear"] + inner @ p["out"], inner

    def choose(self, rows: np.ndarray) -> int:
        return int(np.argmax(self.scores(rows)[0]))

    def sample(self, rows: np.ndarray, rng: np.random.Generator
               ) -> tuple[int, dict[str, np.ndarray]]:
        """A candidate drawn by softmax, and the gradient of its log-probability."""
        scores, inner = self.scores(rows)
        chances = np.exp(scores - scores.max())
        chances /= chances.sum()
        pick = int(rng.choice(len(chances), p=chances))
        # d log p(pick) / d score = onehot(pick) - chances; back through both terms.
        push = -chances
        push[pick] += 1.0
        back = np.outer(push, self.params["out"]) * (1 - inner**2)  # (n, hidden)
        rows = rows * self.shown
        return pick, {"linear": push @ rows, "hidden": rows.T @ back, "bias": back.sum(0),
                      "out": push @ inner}


class Adam:
    """Adam's steps, ascending (the policy's objective is the stars it wins)."""

    def __init__(self, params: dict[str, np.ndarray], rate: float) -> None:
        self.rate, self.t = rate, 0
        self.first = {k: np.zeros_like(v) for k, v in params.items()}
        self.second = {k: np.zeros_like(v) for k, v in params.items()}

    def step(self, params: dict[str, np.ndarray], grads: dict[str, np.ndarray]) -> None:
        self.t += 1
        for key, grad in grads.items():
            self.first[key] = 0.9 * self.first[key] + 0.1 * grad
            self.second[key] = 0.999 * self.second[key] + 0.001 * grad**2
            mean = self.first[key] / (1 - 0.9**self.t)
            spread = self.second[key] / (1 - 0.999**self.t)
            params[key] += self.rate * mean / (np.sqrt(spread) + 1e-8)


_ENV: Any = None


def _start_worker(preset: str) -> None:
    global _ENV
    _ENV = gymnasium.make("herotable/CartographersSolo-v0", preset=preset,
                          actions="candidates", disable_env_checker=True)


def play(job: tuple[dict[str, np.ndarray], np.ndarray, int]
         ) -> list[tuple[list[dict[str, np.ndarray]], np.ndarray]]:
    """One worker's games with the given weights: per game, each decision's gradient of its
    log-probability and the stars each decision's step won."""
    params, shown, seed = job
    rng = np.random.default_rng(seed)
    policy = CandidatePolicy(rng, shown=shown)
    policy.params = params
    games = []
    for _ in range(GAMES_PER_JOB):
        observation, _ = _ENV.reset(seed=int(rng.integers(TRAINING_SEEDS, 2 * TRAINING_SEEDS)))
        grads, rewards, done = [], [], False
        while not done:
            offered = int(observation["action_mask"].sum())
            pick, grad = policy.sample(observation["candidates"][:offered], rng)
            observation, reward, done, _, _ = _ENV.step(pick)
            grads.append(grad)
            rewards.append(reward)
        games.append((grads, np.array(rewards)))
    return games



def policy_gradient(games: list[tuple[list[dict[str, np.ndarray]], np.ndarray]]
                    ) -> dict[str, np.ndarray]:
    """REINFORCE's step: each decision's gradient times its advantage, the stars from it to
    the game's end less the batch's mean at the same decision, averaged."""
    to_come = [np.cumsum(rewards[::-1])[::-1] for _, rewards in games]
    longest = max(len(returns) for returns in to_come)
    baseline = np.array([np.mean([r[t] for r in to_come if len(r) > t])
                         for t in range(longest)])
    spread = np.std(np.concatenate([r - baseline[:len(r)] for r in to_come])) + 1e-6
    total: dict[str, np.ndarray] = {}
    count = 0
    for (grads, _), returns in zip(games, to_come, strict=True):
        for t, grad in enumerate(grads):
            weight = (returns[t] - baseline[t]) / spread
            for key, value in grad.items():
                total[key] = total.get(key, 0) + weight * value
            count += 1
    return {key: value / count for key, value in total.items()}


def evaluated(policy: CandidatePolicy, preset: str) -> float:
    def choose(observation: dict[str, np.ndarray], _: dict[str, Any]) -> int:
        offered = int(observation["action_mask"].sum())
        return policy.choose(observation["candidates"][:offered])

    return evaluate(choose, preset=preset, actions="candidates").mean


def train(minutes: float, preset: str, workers: int, rate: float, eval_every: float,
          seed: int, hide: Sequence[str] = (), report: Callable[[str], None] = print
          ) -> tuple[CandidatePolicy, list[tuple[float, int, float]]]:
    """Train for ``minutes``, the columns named in ``hide`` (or starting with one of them,
    such as ``edict_``) hidden from the policy; the curve: (training seconds, games,
    evaluation mean)."""
    rng = np.random.default_rng(seed)
    shown = np.array([not name.startswith(tuple(hide)) for name in CANDIDATE_FEATURES],
                     dtype=float) if hide else None
    policy = CandidatePolicy(rng, shown=shown)
    optimiser = Adam(policy.params, rate)
    curve = [(0.0, 0, evaluated(policy, preset))]
    report(f"{0.0:7.1f} s {0:6d} games  evaluation mean {curve[-1][2]:.1f}")
    trained, games, next_eval = 0.0, 0, eval_every
    context = multiprocessing.get_context("spawn")
    with context.Pool(workers, _start_worker, (preset,)) as pool:
        while trained < minutes * 60:
            started = time.perf_counter()
            jobs = [(policy.params, policy.shown, int(rng.integers(2**32)))
                    for _ in range(workers * 2)]
            batch = [game for played in pool.map(play, jobs) for game in played]
            # The step shrinks to nothing by the end of the time: without it the policy,
            # nearly deterministic by then, keeps drifting on the noise of its last batches.
            optimiser.rate = rate * max(0.0, 1 - trained / (minutes * 60))
            optimiser.step(policy.params, policy_gradient(batch))
            games += len(batch)
            trained += time.perf_counter() - started
            if trained >= next_eval or trained >= minutes * 60:
                curve.append((trained, games, evaluated(policy, preset)))
                report(f"{trained:7.1f} s {games:6d} games  evaluation mean {curve[-1][2]:.1f}")
                next_eval += eval_every
    return policy, curve


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--minutes", type=float, default=10.0, help="training time")
    parser.add_argument("--preset", default="heroes")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--rate", type=float, default=0.01, help="Adam's step size")
    parser.add_argument("--eval-every", type=float, default=60.0, help="seconds of training")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--hide", nargs="*", default=[], metavar="COLUMN",
                        help="feature columns hidden from the policy (a name or its start)")
    parser.add_argument("--out", type=Path, default=Path("."))
    args = parser.parse_args()
    policy, curve = train(args.minutes, args.preset, args.workers, args.rate, args.eval_every,
                          args.seed, args.hide)
    args.out.mkdir(parents=True, exist_ok=True)
    np.savez(args.out / "candidate_policy.npz", **policy.params)
    with open(args.out / "candidate_curve.csv", "w", newline="") as file:
        writer = csv.writer(file)
        writer.writerow(["training_seconds", "games", "evaluation_mean"])
        writer.writerows((round(s, 1), g, round(m, 2)) for s, g, m in curve)
    print(f"final evaluation mean: {curve[-1][2]:.1f}")


if __name__ == "__main__":
    main()
