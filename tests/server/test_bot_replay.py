"""A game of bots played on the server is the game ``herotable simulate`` plays from its seed:
both seed every decision from the game's seed, the seat and the decision, and move the first
seat that owes one. The bots here (greedy, random) do not search, so the server's wall-clock
budgets cannot change their moves."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from typer.testing import CliRunner

from herotable.cli import app
from tests.server.conftest import new_game, state, wait_until


@pytest.mark.parametrize(("game", "options"), [
    ("dominaria", {}),
    ("cartographers", {"preset": "first_game"}),
])
def test_a_bot_game_on_the_server_is_rerun_by_simulate(client: TestClient, tmp_path: Path,
                                                       game: str, options: dict[str, str]
                                                       ) -> None:
    seed = 31
    bots = ["greedy", "random"]
    created = new_game(client, game, seats=[{"bot": name} for name in bots], seed=seed,
                       options=options)
    wait_until(lambda: state(client, created["id"])["over"])
    played = client.get(f"/api/games/{created['id']}/log").json()

    command = ["simulate", game, "--players", ",".join(bots), "--games", "1",
               "--seed", str(seed), "--logs", str(tmp_path)]
    for key, value in options.items():
        command += [f"--{key}", value]
    result = CliRunner().invoke(app, command)
    assert result.exit_code == 0, result.output
    rerun = json.loads((tmp_path / f"game-{seed}.json").read_text(encoding="utf-8"))

    assert len(played["actions"]) > 20  # a whole game, not a few set-up choices
    assert rerun["actions"] == played["actions"]
    assert (rerun["game"], rerun["seed"]) == (played["game"], played["seed"])
    # The same set-up but for the seats' names (the server names a bot's seat after it) and
    # the data pack's hash, which the server records with a Dominaria game.
    recorded = played["config"].pop("pack_digest", None)
    assert (recorded is not None) == (game == "dominaria")
    assert {**rerun["config"], "names": []} == {**played["config"], "names": []}
