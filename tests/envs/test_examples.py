"""The research page's random-agent loops run as written. (The training example needs the
train extra and minutes of CPU: docs/research.md gives the run it produced.)"""

from __future__ import annotations

import runpy
from pathlib import Path

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
