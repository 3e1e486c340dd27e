"""The bench runs and reports every figure. It never asserts a speed: timings depend on the
machine and its load, so a time limit here would make the suite flaky, not the engine fast."""

from __future__ import annotations

import io
import math
import subprocess
import sys
from pathlib import Path

import pytest
from rich.console import Console

from herotable.bench.engine import half_filled_game
from herotable.bench.figures import BLOCK_BEGIN, BLOCK_END, RATE, Figure
from herotable.bench.run import run_bench
from herotable.bench.stats import percentile
from herotable.bots.random_bot import play_random_game
from herotable.cartographers.config import GameConfig
from herotable.cartographers.game import CartographersGame
from herotable.cartographers.scoring import native
from herotable.core.errors import HerotableError
from herotable.core.rng import SeededRng

EXPECTED_KEYS = {
    "placements_us",
    "placement_masks_us",
    "score_heroes_cards_us",
    "score_base_cards_us",
    "solo_game_heroes_ms",
    "solo_game_base_ms",
    "solo_game_heroes+base_ms",
    "four_player_game_ms",
    "four_player_base_game_ms",
    "public_solo_game_ms",
    "json_round_trip_us",
    "view_4p_us",
    "clone_4p_us",
    "dominaria_clone_us",
    "dominaria_legal_actions_us",
    "dominaria_game_ms",
    "cartographers_greedy_ms",
    "cartographers_strong_ms",
    "cartographers_clairvoyant_ms",
    "dominaria_greedy_ms",
    "dominaria_strong_ms",
    "web_action_p50_ms",
    "web_action_p99_ms",
    "web_push_p99_ms",
    "web_view_max_KB",
    "web_first_load_KB",
    "web_dominaria_action_p50_ms",
    "web_dominaria_action_p99_ms",
    "web_dominaria_view_max_KB",
    "web_hint_p50_ms",
    "web_hint_p95_ms",
    "env_solo_steps_per_s",
    "env_solo_candidates_steps_per_s",
    "env_parallel_4p_joint_steps_per_s",
    "env_dominaria_4p_steps_per_s",
    "env_openspiel_cartographers_4p_steps_per_s",
    "env_openspiel_dominaria_4p_steps_per_s",
}


def test_quick_bench_reports_every_figure(tmp_path: Path) -> None:
    out = io.StringIO()
    page = tmp_path / "benchmarks.md"
    page.write_text(f"# Bench\n\nbefore\n{BLOCK_BEGIN}\nold figures\n{BLOCK_END}\nafter\n")
    result = run_bench(quick=True, console=Console(file=out, width=120), write=page)
    # The kernel's row only where the install built it.
    kernel = {"score_cards_kernel_us"} if native.KERNEL is not None else set()
    assert set(result) == EXPECTED_KEYS | kernel
    for key, value in result.items():
        assert isinstance(value, float), key
        assert value > 0 and math.isfinite(value), key
    printed = out.getvalue()
    for needed in ("CPU:", "Python", "medians", "(c) solo game", "(h) Cartographers greedy"):
        assert needed in printed
    written = page.read_text()
    assert "old figures" not in written and written.startswith("# Bench\n\nbefore\n")
    assert written.endswith(f"{BLOCK_END}\nafter\n")
    assert "- Python: " in written and "| (i) Dominaria strong" in written
    assert "| (k) Gymnasium solo env" in written and ">= 5,000 steps/s" in written


def test_a_rate_is_shown_per_second_and_met_when_fast_enough() -> None:
    fast = Figure("k", "steps", median_ns=100_000, runs=1, target_ns=200_000, unit=RATE)
    slow = Figure("k", "steps", median_ns=300_000, runs=1, target_ns=200_000, unit=RATE)
    assert (fast.value, fast.target, fast.bound) == (10_000, 5_000, ">=")
    assert fast.met and not slow.met
    time = Figure("k", "time", median_ns=3e6, runs=1, target_ns=4e6, unit="ms")
    assert (time.value, time.bound, time.met) == (3.0, "<=", True)


def test_bench_refuses_a_page_without_its_block_before_timing(tmp_path: Path) -> None:
    page = tmp_path / "notes.md"
    page.write_text("no markers here\n")
    with pytest.raises(HerotableError, match="no <!-- bench:begin -->"):
        run_bench(quick=True, console=Console(file=io.StringIO()), write=page)
    assert page.read_text() == "no markers here\n"


def test_half_filled_map_is_fixed_and_half_full() -> None:
    first = half_filled_game().sheets[0]
    assert first.to_text() == half_filled_game().sheets[0].to_text()
    assert 60 <= first.filled.bit_count() <= 70


def test_random_player_finishes_games_with_its_own_rng() -> None:
    # Same seeds, same game: the player draws only from its SeededRng, never global random.
    games = []
    for _ in range(2):
        game = CartographersGame(GameConfig(players=3), 7)
        play_random_game(game, SeededRng(11))
        games.append(game.to_json())
    assert games[0] == games[1]
    assert games[0]["stage"] == "over"


def test_the_load_bench_plays_tables_and_reports_every_figure() -> None:
    from herotable.bench.load import print_load, run_load

    result = run_load(3, seconds=4, pace=0.1, busy_bots=1)
    assert result.accepted > 0 and result.other_errors == 0
    assert result.refused_409 == 0  # seats deciding at once never refuse each other
    assert result.round_trips and result.pushes and result.bot_answers
    figures = result.figures()
    assert figures["server_cpu_ms_per_action"] > 0 and figures["actions_per_s"] > 0
    output = io.StringIO()
    print_load(result, Console(file=output, width=120))
    assert "round_trip_p99_ms" in output.getvalue()


def test_the_load_bench_needs_postgresql_for_several_processes() -> None:
    from herotable.bench.load import run_load

    with pytest.raises(HerotableError, match="PostgreSQL"):
        run_load(1, seconds=1, processes=2)


def test_importing_the_engine_benchmarks_leaves_the_web_server_out() -> None:
    """The engine figures (and the run that gathers every figure) load no server and no
    FastAPI: only a run that reaches the web figures starts one."""
    loaded = subprocess.run(
        [sys.executable, "-c", "import sys, herotable.bench.engine, herotable.bench.run; "
         "print(sorted(m for m in sys.modules if m.split('.')[0] == 'fastapi' "
         "or m.startswith('herotable.server')))"],
        capture_output=True, text=True, check=True)
    assert loaded.stdout.strip() == "[]"


def test_one_percentile_interpolates_between_data_points() -> None:
    assert percentile([1, 2, 3, 4, 5], 10) == pytest.approx(1.4)
    assert percentile([1, 2, 3, 4, 5], 90) == pytest.approx(4.6)
    assert percentile(list(range(1, 101)), 99) == pytest.approx(99.01)
    assert percentile([7], 90) == 7
    with pytest.raises(ValueError, match="no values"):
        percentile([], 50)
