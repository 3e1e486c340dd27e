"""The RLlib and Tianshou examples' adapters drive the envs through those libraries for a few
steps. They need torch and the libraries themselves, which the test extra leaves out: CI runs
this file where they are installed (.ci/rllib), and it skips elsewhere."""

from __future__ import annotations

import importlib
import sys
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType

import numpy as np
import pytest

EXAMPLES = Path(__file__).parents[2] / "examples"


def example(name: str) -> Iterator[ModuleType]:
    sys.path.insert(0, str(EXAMPLES))
    try:
        yield importlib.import_module(name)
    finally:
        sys.path.remove(str(EXAMPLES))


@pytest.fixture
def rllib_example() -> Iterator[ModuleType]:
    pytest.importorskip("torch")
    pytest.importorskip("ray.rllib")
    yield from example("rllib_ppo")


@pytest.fixture
def tianshou_example() -> Iterator[ModuleType]:
    pytest.importorskip("torch")
    pytest.importorskip("tianshou")
    yield from example("tianshou_dqn")


def test_rllib_sees_the_names_its_masking_module_reads(rllib_example: ModuleType) -> None:
    env = rllib_example.make_env({"preset": "first_game"})
    observation, info = env.reset(seed=1)
    assert set(observation) == {"observations", "action_mask"}
    assert env.observation_space.contains(observation)
    assert np.array_equal(observation["action_mask"], info["action_mask"])


def test_rllib_ppo_trains_an_iteration(rllib_example: ModuleType,
                                      monkeypatch: pytest.MonkeyPatch) -> None:
    import ray

    # Ray would otherwise save a token in ~/.ray for its local cluster, and a later cluster
    # on this machine (the Ray tests') would require it.
    monkeypatch.setenv("RAY_AUTH_MODE", "disabled")
    ray.init(num_cpus=1, include_dashboard=False)
    try:
        algo = rllib_example.build("first_game", batch=64)
        result = algo.train()
        algo.stop()
    finally:
        ray.shutdown()
    assert result["env_runners"]["num_env_steps_sampled"] >= 64


def test_tianshou_sees_the_candidates_and_their_mask(tianshou_example: ModuleType) -> None:
    env = tianshou_example.make_env("first_game")
    observation, _ = env.reset(seed=1)
    offered = int(observation["mask"].sum())
    assert env.observation_space.contains(observation)
    assert observation["obs"][:offered].any() and not observation["obs"][offered:].any()
    scores, _ = tianshou_example.CandidateQ()(observation["obs"][None])
    assert scores.shape == (1, len(observation["mask"]))


def test_tianshou_dqn_trains_a_few_steps(tianshou_example: ModuleType) -> None:
    stats = tianshou_example.train(steps=20, preset="first_game", buffer=50)
    assert stats.train_step >= 20 and stats.update_step > 0
