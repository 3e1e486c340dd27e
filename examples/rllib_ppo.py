"""RLlib's PPO on solo Cartographers, masked by RLlib's own action-masking module.

    pip install -e '.[rl]' 'ray[rllib]==2.60.0' torch==2.13.0
    python examples/rllib_ppo.py --iterations 20

RLlib's ``ActionMaskingTorchRLModule`` (``ray.rllib.examples``) reads an observation
``{"observations": one Box, "action_mask": a 0/1 Box over the actions}``. The env's PettingZoo
layout (``layout="pettingzoo"``) is that but for the first key's name and the mask's type:
:class:`RLlibObservations` renames the key and gives the mask as float32, which the module
takes the logarithm of. Everything else is RLlib's, as its documentation shows it: this is
the wiring, not a tuned learner (docs/research.md, "Library adapters").
"""

from __future__ import annotations

import argparse
from typing import Any

import gymnasium
import numpy as np
from gymnasium import spaces

ENV_NAME = "herotable_cartographers_solo"


class RLlibObservations(gymnasium.ObservationWrapper[dict[str, np.ndarray], Any,
                                                     dict[str, np.ndarray]]):
    """The PettingZoo layout's observation under the names RLlib's masking module reads."""

    def __init__(self, env: gymnasium.Env[dict[str, np.ndarray], Any]) -> None:
        super().__init__(env)
        inner = env.observation_space
        assert isinstance(inner, spaces.Dict)
        size = inner["action_mask"].shape
        self.observation_space = spaces.Dict({
            "observations": inner["observation"],
            "action_mask": spaces.Box(0.0, 1.0, size, dtype=np.float32)})

    def observation(self, observation: dict[str, np.ndarray]) -> dict[str, np.ndarray]:
        return {"observations": observation["observation"],
                "action_mask": observation["action_mask"].astype(np.float32)}


def make_env(config: dict[str, Any]) -> gymnasium.Env[dict[str, np.ndarray], Any]:
    """RLlib's env creator: the solo env with the game options in ``config``."""
    import herotable.envs  # noqa: F401 - registers the env in the worker that builds it

    return RLlibObservations(gymnasium.make("herotable/CartographersSolo-v0",
                                            layout="pettingzoo", **config))


def build(preset: str, batch: int) -> Any:
    """PPO with the masking module, one env runner in this process, ``batch`` steps a
    training iteration."""
    from ray.rllib.algorithms.ppo import PPOConfig
    from ray.rllib.core.rl_module.rl_module import RLModuleSpec
    from ray.rllib.examples.rl_modules.classes.action_masking_rlm import (
        ActionMaskingTorchRLModule,
    )
    from ray.tune.registry import register_env

    register_env(ENV_NAME, make_env)
    config = (
        PPOConfig()
        .environment(ENV_NAME, env_config={"preset": preset})
        .env_runners(num_env_runners=0)
        .rl_module(rl_module_spec=RLModuleSpec(module_class=ActionMaskingTorchRLModule,
                                               model_config={"head_fcnet_hiddens": [64]}))
        .training(train_batch_size_per_learner=batch, minibatch_size=min(batch, 128),
                  num_epochs=1, gamma=1.0)
    )
    return config.build_algo()


def main() -> None:
    import ray

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--iterations", type=int, default=20)
    parser.add_argument("--preset", default="heroes")
    parser.add_argument("--batch", type=int, default=1000, help="env steps an iteration")
    args = parser.parse_args()
    ray.init(num_cpus=2, include_dashboard=False)
    algo = build(args.preset, args.batch)
    for iteration in range(1, args.iterations + 1):
        result = algo.train()
        mean = result["env_runners"].get("episode_return_mean", float("nan"))
        print(f"iteration {iteration}: episode return mean {mean:.1f}", flush=True)
    algo.stop()
    ray.shutdown()


if __name__ == "__main__":
    main()
