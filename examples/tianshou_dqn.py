"""Tianshou's DQN on solo Cartographers' candidate actions, with a Q-network that scores each
candidate from its row of features.

    pip install -e '.[rl]' tianshou==2.0.1 torch==2.13.0
    python examples/tianshou_dqn.py --steps 20000

Tianshou's DQN masks actions when the observation is ``{"obs": ..., "mask": 0/1 over the
actions}`` (it reads ``batch.obs.mask``). :class:`TianshouCandidates` gives the candidate
env's observation so: ``obs`` the candidates' rows (1440 x 39, zeros past the last),
``mask`` the positions on offer. The network is one small MLP applied to every row, so its
outputs are the candidates' Q-values whatever their number. A transition holds 225 KB of
rows, so the replay buffer is small (``--buffer``; 2,000 transitions are about 450 MB) and
keeps each observation once (``ignore_obs_next``). This is the wiring, not a tuned learner
(docs/research.md, "Library adapters").
"""

from __future__ import annotations

import argparse
from typing import Any

import gymnasium
import numpy as np
import torch
from gymnasium import spaces
from tianshou.algorithm import DQN
from tianshou.algorithm.modelfree.dqn import DiscreteQLearningPolicy
from tianshou.algorithm.optim import AdamOptimizerFactory
from tianshou.data import Collector, VectorReplayBuffer
from tianshou.env import DummyVectorEnv
from tianshou.trainer import OffPolicyTrainerParams

import herotable.envs  # noqa: F401 - registers herotable/CartographersSolo-v0
from herotable.envs.cartographers_candidates import NUM_CANDIDATE_FEATURES


class TianshouCandidates(gymnasium.ObservationWrapper[dict[str, np.ndarray], Any,
                                                      dict[str, np.ndarray]]):
    """The candidate env's observation under the names Tianshou's DQN reads."""

    def __init__(self, env: gymnasium.Env[dict[str, np.ndarray], Any]) -> None:
        super().__init__(env)
        inner = env.observation_space
        assert isinstance(inner, spaces.Dict)
        self.observation_space = spaces.Dict({"obs": inner["candidates"],
                                              "mask": inner["action_mask"]})

    def observation(self, observation: dict[str, np.ndarray]) -> dict[str, np.ndarray]:
        return {"obs": observation["candidates"], "mask": observation["action_mask"]}


def make_env(preset: str) -> gymnasium.Env[dict[str, np.ndarray], Any]:
    return TianshouCandidates(gymnasium.make("herotable/CartographersSolo-v0", preset=preset,
                                             actions="candidates"))


class CandidateQ(torch.nn.Module):
    """Q(candidate) = MLP(its row), for every row of the observation at once."""

    def __init__(self, hidden: int = 64) -> None:
        super().__init__()
        self.score = torch.nn.Sequential(torch.nn.Linear(NUM_CANDIDATE_FEATURES, hidden),
                                         torch.nn.ReLU(), torch.nn.Linear(hidden, 1))

    def forward(self, obs: Any, state: Any = None, info: Any = None) -> tuple[torch.Tensor, Any]:
        rows = torch.as_tensor(obs, dtype=torch.float32)  # (batch, candidates, features)
        return self.score(rows).squeeze(-1), state


def train(steps: int, preset: str = "heroes", buffer: int = 2000, seed: int = 0) -> Any:
    """DQN for ``steps`` env steps (epsilon 0.1, gamma 1: the return is the final score);
    the trainer's statistics."""
    torch.manual_seed(seed)
    envs = DummyVectorEnv([lambda: make_env(preset)])
    envs.seed(seed)
    policy = DiscreteQLearningPolicy(model=CandidateQ(), action_space=envs.action_space[0],
                                     eps_training=0.1)
    algorithm = DQN(policy=policy, optim=AdamOptimizerFactory(lr=1e-3), gamma=1.0,
                    target_update_freq=100)
    collector = Collector(algorithm, envs, VectorReplayBuffer(buffer, 1, ignore_obs_next=True),
                          exploration_noise=True)
    collector.reset()
    params = OffPolicyTrainerParams(training_collector=collector, max_epochs=1,
                                    epoch_num_steps=steps, collection_step_num_env_steps=10,
                                    batch_size=32, test_in_training=False,
                                    show_progress=False, verbose=False)
    return algorithm.run_training(params)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--steps", type=int, default=20_000)
    parser.add_argument("--preset", default="heroes")
    parser.add_argument("--buffer", type=int, default=2000, help="transitions kept")
    args = parser.parse_args()
    print(train(args.steps, args.preset, args.buffer))


if __name__ == "__main__":
    main()
