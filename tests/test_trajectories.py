"""``herotable simulate --trajectories FILE``: every decision of a run as NumPy arrays, read
back from the games' logs (docs/research.md, "Games as data")."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
from typer.testing import CliRunner

import herotable
from herotable.cli import app
from herotable.simulate import SimulationSpec, simulate
from herotable.trajectories import trajectories

runner = CliRunner()


@pytest.mark.parametrize(("game", "bots", "options"), [
    ("cartographers", ["random", "greedy"], {"preset": "first_game"}),
    ("dominaria", ["greedy", "random"], {}),
])
def test_every_decision_is_there_and_replays_the_games(game: str, bots: list[str],
                                                       options: dict[str, str]) -> None:
    rows = simulate(SimulationSpec(game, bots, games=2, seed=3, rotate=True, **options))  # type: ignore[arg-type]
    data = trajectories(rows)
    count = len(data["action"])
    assert all(len(data[name]) == count for name in (
        "game", "seed", "step", "seat", "bot", "observation", "score_before", "final_score"))
    assert len(data["legal_offsets"]) == count + 1
    for index in range(count):  # every action taken was one of the seat's legal ones
        legal = data["legal"][data["legal_offsets"][index]:data["legal_offsets"][index + 1]]
        assert data["action"][index] in legal
    for row in rows:  # replaying the recorded actions gives the run's scores
        mine = data["game"] == row.index
        assert set(data["bot"][mine]) == set(bots) and set(data["seed"][mine]) == {row.seed}
        played = herotable.new_game(game, seed=row.seed, players=2, **options)
        for seat, action in zip(data["seat"][mine], data["action"][mine], strict=True):
            played.apply(int(seat), played.decode_action(int(action)))
        finals = {standing.player: standing.total for standing in played.standings()}
        assert [finals[s] for s in range(2)] == [seat.score for seat in row.seats]
        assert all(data["final_score"][mine] == [finals[int(s)] for s in data["seat"][mine]])
        first = np.flatnonzero(mine)[0]
        seen = herotable.new_game(game, seed=row.seed, players=2, **options).observation(
            int(data["seat"][first]))
        assert np.array_equal(data["observation"][first], np.concatenate([
            np.asarray(seen[part], dtype=np.float32).ravel()
            for part in ("planes", "features") if part in seen]))


def test_the_cli_writes_an_npz_file(tmp_path: Path) -> None:
    path = tmp_path / "games.npz"
    result = runner.invoke(app, ["simulate", "cartographers", "--players", "greedy",
                                 "--games", "2", "--seed", "4", "--preset", "first_game",
                                 "--trajectories", str(path)])
    assert result.exit_code == 0, result.output
    with np.load(path) as data:
        assert set(data["bot"]) == {"greedy"} and list(np.unique(data["seed"])) == [4, 5]
        assert data["observation"].dtype == np.float32 and data["observation"].shape[1] > 0
