"""Train sb3-contrib's MaskablePPO on solo Cartographers and plot its learning curve.

    pip install -e '.[train]'
    python examples/train_maskable_ppo.py --minutes 8 --out docs/research

Every ``--eval-every`` steps the policy (deterministic, masked) plays the same evaluation deals
and its mean score is recorded; the masked random agent's mean on those deals is the line to
beat. Writes ``learning_curve.csv`` and ``learning_curve.png`` into ``--out``.
"""

from __future__ import annotations

import argparse
import csv
import time
from pathlib import Path

import gymnasium
import matplotlib
import numpy as np
from sb3_contrib import MaskablePPO
from stable_baselines3.common.callbacks import BaseCallback

import herotable.envs  # noqa: F401 - registers herotable/CartographersSolo-v0

matplotlib.use("Agg")  # no screen needed
import matplotlib.pyplot as plt

EVAL_SEEDS = range(10_000, 10_030)  # deals never used in training (training seeds are random)


def evaluate(env: gymnasium.Env, choose) -> float:
    """Mean final score over the evaluation deals, ``choose(obs, mask)`` picking each action."""
    scores = []
    for seed in EVAL_SEEDS:
        obs, info = env.reset(seed=seed)
        done, total = False, 0.0
        while not done:
            obs, reward, done, _, info = env.step(choose(obs, info["action_mask"]))
            total += reward
        scores.append(total)
    return float(np.mean(scores))


class Curve(BaseCallback):
    """Evaluates the policy every ``every`` steps and stops when the time is up."""

    def __init__(self, env: gymnasium.Env, every: int, seconds: float) -> None:
        super().__init__()
        self.eval_env, self.every, self.seconds = env, every, seconds
        self.start = time.monotonic()
        self.rows: list[tuple[int, float, float]] = []
        self.next_eval = 0

    def _evaluate(self) -> None:
        def policy(obs, mask):
            action, _ = self.model.predict(obs, action_masks=mask.astype(bool),
                                           deterministic=True)
            return int(action)

        score = evaluate(self.eval_env, policy)
        elapsed = time.monotonic() - self.start
        self.rows.append((self.num_timesteps, round(elapsed, 1), round(score, 2)))
        print(f"{self.num_timesteps:>8} steps  {elapsed:6.0f} s  mean score {score:6.1f}",
              flush=True)

    def _on_step(self) -> bool:
        if self.num_timesteps >= self.next_eval:
            self._evaluate()
            self.next_eval += self.every
        return time.monotonic() - self.start < self.seconds

    def _on_training_end(self) -> None:
        if self.rows[-1][0] < self.num_timesteps:  # the curve ends where training ended
            self._evaluate()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--preset", default="first_game")
    parser.add_argument("--minutes", type=float, default=8.0)
    parser.add_argument("--eval-every", type=int, default=2048)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--out", type=Path, default=Path("."))
    args = parser.parse_args()

    env = gymnasium.make("herotable/CartographersSolo-v0", preset=args.preset)
    eval_env = gymnasium.make("herotable/CartographersSolo-v0", preset=args.preset)
    rng = np.random.default_rng(args.seed)
    baseline = evaluate(eval_env, lambda obs, mask: int(rng.choice(np.flatnonzero(mask))))
    print(f"masked random agent: mean score {baseline:.1f}", flush=True)

    model = MaskablePPO("MultiInputPolicy", env, n_steps=1024, batch_size=256,
                        learning_rate=3e-4, gamma=1.0, seed=args.seed, verbose=0)
    curve = Curve(eval_env, args.eval_every, args.minutes * 60)
    model.learn(total_timesteps=10**9, callback=curve)

    args.out.mkdir(parents=True, exist_ok=True)
    with (args.out / "learning_curve.csv").open("w", newline="") as handle:
        writer = csv.writer(handle)
        writer.writerow(["steps", "seconds", "mean_score", "random_mean_score"])
        writer.writerows((*row, round(baseline, 2)) for row in curve.rows)
    steps = [row[0] for row in curve.rows]
    fig, ax = plt.subplots(figsize=(7, 4))
    ax.plot(steps, [row[2] for row in curve.rows], marker="o", label="MaskablePPO")
    ax.axhline(baseline, color="grey", linestyle="--", label="masked random agent")
    ax.set_xlabel("training steps")
    ax.set_ylabel(f"mean score, {len(EVAL_SEEDS)} evaluation deals")
    ax.set_title(f"Solo Cartographers ({args.preset}): MaskablePPO, "
                 f"{curve.rows[-1][1] / 60:.0f} min on the CPU")
    ax.legend()
    fig.tight_layout()
    fig.savefig(args.out / "learning_curve.png", dpi=110)
    print(f"wrote {args.out / 'learning_curve.png'}")


if __name__ == "__main__":
    main()
