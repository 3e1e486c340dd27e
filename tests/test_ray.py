"""``herotable simulate --ray``: on a Ray instance started here, the same rows, summary and CSV
as ``--jobs 1``; and clear one-line errors without Ray, for a cluster that is not there, for
``--jobs`` with ``--ray`` and for a node with another herotable."""

import csv
import io
import os
import shutil
import socket
import subprocess
import sys
import tempfile
import time
import types
from collections.abc import Iterator
from dataclasses import asdict
from pathlib import Path

import pytest
from typer.testing import CliRunner

import herotable
import herotable.cluster
from herotable.cli import app
from herotable.cluster import TASK_SECONDS, chunk_size
from herotable.simulate import (
    TIMING_FIELDS,
    BotSummary,
    SimulationError,
    SimulationSpec,
    simulate,
    summarise,
)

pytest.importorskip("ray")

runner = CliRunner()

# Ray's own fixed default ports (dashboard 8265, its agent 52365) would clash with any other
# Ray on this machine; every other port of a node is picked free by Ray itself.
PORT_OPTIONS = ("--port", "--dashboard-port", "--dashboard-agent-listen-port")


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


@pytest.fixture(scope="module")
def cluster() -> Iterator[str]:
    """A one-node Ray cluster of 2 CPUs, started for this module; its address.

    ``ray start --block`` keeps the node's processes as its children (Ray ties their lives to
    it), so ending that one process ends exactly this cluster; ``ray stop`` would end every
    Ray on the machine.
    """
    ray_script = Path(sys.executable).with_name("ray")
    # A short directory: Ray puts Unix sockets in it, whose paths are limited to ~100 bytes.
    temp_dir = tempfile.mkdtemp(prefix="ray-", dir="/tmp")
    ports = {option: free_port() for option in PORT_OPTIONS}
    # Without token authentication, whatever the machine holds: a token Ray saved for an
    # earlier local cluster (~/.ray/auth_token) would otherwise turn it on for this one.
    env = {**os.environ, "RAY_USAGE_STATS_ENABLED": "0", "PYTHONUNBUFFERED": "1",
           "RAY_AUTH_MODE": "disabled"}
    env.pop("RAY_ADDRESS", None)
    log_path = Path(temp_dir) / "start.log"
    with log_path.open("w") as log:
        process = subprocess.Popen(
            [str(ray_script), "start", "--head", "--block", "--num-cpus=2",
             "--disable-usage-stats", "--include-dashboard=false", f"--temp-dir={temp_dir}",
             *(f"{option}={port}" for option, port in ports.items())],
            stdout=log, stderr=subprocess.STDOUT, env=env)
    try:
        deadline = time.monotonic() + 90
        while "Ray runtime started" not in log_path.read_text():
            if process.poll() is not None or time.monotonic() > deadline:
                pytest.fail(f"ray start failed:\n{log_path.read_text()}")
            time.sleep(0.2)
        yield f"127.0.0.1:{ports['--port']}"
    finally:
        process.terminate()
        try:
            process.wait(timeout=30)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()
        shutil.rmtree(temp_dir, ignore_errors=True)


@pytest.fixture(autouse=True)
def no_usage_stats(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("RAY_USAGE_STATS_ENABLED", "0")
    monkeypatch.setenv("RAY_AUTH_MODE", "disabled")  # as the cluster runs
    monkeypatch.delenv("RAY_ADDRESS", raising=False)


def without_timing(summary: BotSummary) -> dict[str, object]:
    data = asdict(summary)
    return {k: v for k, v in data.items() if not k.startswith("ms_per_decision")}


@pytest.mark.parametrize(("game", "bots", "games", "rotate"), [
    ("cartographers", ["random", "greedy"], 4, True),
    ("cartographers", ["random"], 3, False),
    ("dominaria", ["greedy", "random", "random"], 3, True),
    # Enough quick games that later tasks carry several games each.
    ("cartographers", ["random", "random"], 40, False),
])
def test_ray_gives_the_rows_and_summary_of_one_job(cluster, game, bots, games, rotate):
    local = SimulationSpec(game, bots, games=games, seed=5, rotate=rotate)
    on_ray = SimulationSpec(game, bots, games=games, seed=5, rotate=rotate, ray=cluster)
    finished: list[int] = []
    rows = simulate(on_ray, on_game=lambda row: finished.append(row.index))
    expected = simulate(local)
    assert [r.results() for r in rows] == [r.results() for r in expected]
    assert rows == expected
    assert [r.index for r in rows] == list(range(games))
    assert sorted(finished) == list(range(games))
    assert ([without_timing(s) for s in summarise(rows)]
            == [without_timing(s) for s in summarise(expected)])
    import ray

    assert not ray.is_initialized()  # the connection opened for the run is closed


def test_auto_finds_the_cluster_in_ray_address(cluster, monkeypatch):
    monkeypatch.setenv("RAY_ADDRESS", cluster)
    spec = SimulationSpec("dominaria", ["random", "random"], games=2, seed=3, ray="auto")
    assert simulate(spec) == simulate(SimulationSpec("dominaria", ["random", "random"],
                                                     games=2, seed=3))


def test_a_connection_opened_by_the_caller_is_used_and_left_open(cluster):
    import ray

    ray.init(address=cluster, log_to_driver=False)
    try:
        spec = SimulationSpec("cartographers", ["random"], games=2, seed=1, ray=cluster)
        assert simulate(spec) == simulate(SimulationSpec("cartographers", ["random"], games=2,
                                                         seed=1))
        assert ray.is_initialized()
    finally:
        ray.shutdown()


def test_a_node_with_another_herotable_is_a_clear_error(cluster, monkeypatch):
    # The workers import the installed herotable; the run says it is another version.
    monkeypatch.setattr(herotable, "__version__", "0.0.0+elsewhere")
    spec = SimulationSpec("cartographers", ["random"], games=1, ray=cluster)
    with pytest.raises(SimulationError, match=r"the run was started with 0\.0\.0\+elsewhere: "
                                              r"install the same version on every node"):
        simulate(spec)


def test_a_node_without_herotable_is_a_clear_error(cluster, monkeypatch):
    # The task function from a module only this process has: the workers fail to import it
    # as they would fail to import herotable on a node where it is not installed.
    module = types.ModuleType("herotable.only_here")
    monkeypatch.setitem(sys.modules, module.__name__, module)

    def play_games(*args: object) -> None:
        raise AssertionError("a worker found a module it should not have")

    play_games.__module__, play_games.__qualname__ = module.__name__, "play_games"
    module.play_games = play_games  # type: ignore[attr-defined]
    monkeypatch.setattr(herotable.cluster, "play_games", play_games)
    spec = SimulationSpec("cartographers", ["random"], games=1, ray=cluster)
    with pytest.raises(SimulationError, match=r"a Ray worker cannot import herotable: install "
                                              r"herotable .* on every node"):
        simulate(spec)


def csv_without_timing(text: str) -> list[dict[str, str]]:
    return [{k: v for k, v in row.items() if not k.endswith(TIMING_FIELDS)}
            for row in csv.DictReader(io.StringIO(text))]


def test_cli_csv_on_ray_is_the_csv_of_one_job(cluster):
    args = ["simulate", "cartographers", "--players", "greedy,random", "--games", "3",
            "--seed", "2", "--rotate", "--csv"]
    on_ray = runner.invoke(app, [*args, "--ray", cluster])
    assert on_ray.exit_code == 0, on_ray.output
    local = runner.invoke(app, [*args, "--jobs", "1"])
    assert local.exit_code == 0, local.output
    assert csv_without_timing(on_ray.stdout) == csv_without_timing(local.stdout)
    assert len(csv_without_timing(on_ray.stdout)) == 3
    assert f"Ray cluster {cluster}" in on_ray.stderr
    assert "jobs 1" in local.stderr


def one_line_error(args: list[str]) -> str:
    result = runner.invoke(app, ["simulate", "cartographers", "--players", "random", *args])
    assert result.exit_code == 2
    assert result.stdout == ""
    assert "Traceback" not in result.output
    assert len(result.stderr.strip().splitlines()) == 1, result.stderr
    return result.stderr


def test_without_ray_the_error_says_what_to_install(monkeypatch):
    monkeypatch.setitem(sys.modules, "ray", None)  # what `import ray` sees without Ray
    with pytest.raises(SimulationError, match=r"pip install 'herotable\[cluster\]'"):
        simulate(SimulationSpec("cartographers", ["random"], games=1, ray="127.0.0.1:6379"))
    assert "pip install 'herotable[cluster]'" in one_line_error(["--ray", "127.0.0.1:6379"])


def test_an_unreachable_cluster_is_a_quick_one_line_error():
    address = f"127.0.0.1:{free_port()}"  # nothing listens there
    began = time.monotonic()
    stderr = one_line_error(["--ray", address])
    assert f"cannot reach a Ray cluster at {address}" in stderr
    assert "ray start --head" in stderr
    assert time.monotonic() - began < 30


@pytest.mark.parametrize(("args", "words"), [
    (["--ray", "127.0.0.1:6379", "--jobs", "2"], "not both"),
    (["--ray", "headnode"], "HOST:PORT"),
    (["--ray", "headnode:99999"], "HOST:PORT"),
])
def test_bad_ray_options_are_one_line_errors(args, words):
    assert words in one_line_error(args)


def test_tasks_grow_to_the_target_time_but_leave_work_for_every_cpu():
    # 5 ms games: about TASK_SECONDS of them, unless that would starve the other tasks.
    assert chunk_size(0.005, 10_000, 4) == int(TASK_SECONDS / 0.005)
    assert chunk_size(0.005, 40, 4) == 10
    # Slow games, or the last few: one game per task.
    assert chunk_size(30.0, 10_000, 4) == 1
    assert chunk_size(0.005, 3, 4) == 1


def test_a_refused_connection_names_token_authentication(monkeypatch):
    # A cluster started with RAY_AUTH_MODE=token refuses a driver without its token, and Ray
    # raises only "Failed to connect to Ray cluster at ..." (seen with Ray 2.60): the error
    # says what to set, or, with token mode on here, to check the token.
    failed = ConnectionError("Failed to connect to Ray cluster at 10.0.0.5:6379")
    monkeypatch.delenv(herotable.cluster.AUTH_MODE_VARIABLE, raising=False)
    assert "RAY_AUTH_MODE=token" in herotable.cluster.auth_hint(failed)
    monkeypatch.setenv(herotable.cluster.AUTH_MODE_VARIABLE, "token")
    assert "check that the token" in herotable.cluster.auth_hint(failed)
    assert herotable.cluster.auth_hint(RuntimeError("Version mismatch")) == ""
