"""The research page's random-agent loops run as written, and the candidate-scoring example
trains (a batch here; docs/research.md gives its ten-minute run). The MaskablePPO example
needs the train extra and minutes of CPU: docs/research.md gives the run it produced."""

from __future__ import annotations

import importlib
import runpy
import sys
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType

import numpy as np
import pytest

EXAMPLES = Path(__file__).parents[2] / "examples"


def test_random_agent_loops_run_every_env(capsys: pytest.CaptureFixture[str]) -> None:
    runpy.run_path(str(EXAMPLES / "random_agents.py"), run_name="__main__")
    printed = capsys.readouterr().out
    for env in ("Gymnasium, solo", "in parallel", "(AEC)", "Heroes of Dominaria"):
        assert env in printed


def test_random_agent_loop_is_seeded() -> None:
    loops = runpy.run_path(str(EXAMPLES / "random_agents.py"))
    assert loops["gymnasium_solo"]() == loops["gymnasium_solo"]()  # seeded: it repeats


@pytest.fixture
def candidate_example() -> Iterator[ModuleType]:
    # Imported as a module (not run_path): its worker processes import it by name.
    sys.path.insert(0, str(EXAMPLES))
    try:
        yield importlib.import_module("train_candidate_policy")
    finally:
        sys.path.remove(str(EXAMPLES))


def test_the_candidate_policy_s_gradient_is_its_log_probability_s(
        candidate_example: ModuleType) -> None:
    rng = np.random.default_rng(0)
    policy = candidate_example.CandidatePolicy(rng, features=5, hidden=3)
    policy.params["linear"] = rng.normal(size=5)
    policy.params["out"] = rng.normal(size=3)
    rows = rng.normal(size=(4, 5))
    pick, grad = policy.sample(rows, np.random.default_rng(1))

    def log_chance() -> float:
        scores, _ = policy.scores(rows)
        return float(scores[pick] - np.log(np.exp(scores).sum()))

    for key, values in policy.params.items():
        for at in np.ndindex(values.shape):
            kept = values[at]
            values[at] = kept + 1e-6
            higher = log_chance()
            values[at] = kept - 1e-6
            lower = log_chance()
            values[at] = kept
            assert grad[key][at] == pytest.approx((higher - lower) / 2e-6, abs=1e-6), key


def test_the_candidate_example_trains_and_evaluates(candidate_example: ModuleType) -> None:
    policy, curve = candidate_example.train(minutes=1e-4, preset="first_game", workers=1,
                                            rate=0.01, eval_every=60, seed=0,
                                            report=lambda _line: None)
    assert [games for _, games, _ in curve] == [0, 2 * candidate_example.GAMES_PER_JOB]
    # One batch moved the weights, and the evaluation played the fixed deals with them.
    assert policy.params["linear"].any() and all(mean > 0 for _, _, mean in curve)
