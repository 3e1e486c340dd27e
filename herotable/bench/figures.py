"""A benchmark's figure and how a run reports them: medians timed with
``time.perf_counter_ns``, the machine they were measured on, and the Markdown block of
docs/benchmarks.md that ``herotable bench --write`` replaces.

Each figure is the median of many timed runs, because the mean is dragged up by the odd
garbage collection or scheduler pause that a bot playing thousands of games also amortises.
"""

from __future__ import annotations

import datetime
import os
import platform
import statistics
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from herotable.core.errors import HerotableError

# What one display unit is worth in the figure's raw measure (nanoseconds or bytes).
UNIT_SIZE = {"us": 1_000, "ms": 1_000_000, "KB": 1_024}
# A rate is shown as how many fit in a second of the measured time: more is better.
RATE = "steps/s"


@dataclass(frozen=True, slots=True)
class Figure:
    """One benchmark's result: the median (or the named percentile) of its runs, in
    nanoseconds for a time and bytes for a size, and how many runs were measured."""

    key: str
    label: str
    median_ns: float
    runs: int
    target_ns: float | None
    unit: str  # "us", "ms", "KB" or RATE, for display and for the key's value

    def _shown_as(self, ns: float) -> float:
        return 1e9 / ns if self.unit == RATE else ns / UNIT_SIZE[self.unit]

    @property
    def value(self) -> float:
        return self._shown_as(self.median_ns)

    @property
    def target(self) -> float | None:
        return None if self.target_ns is None else self._shown_as(self.target_ns)

    @property
    def met(self) -> bool | None:
        """Within the target (None: the figure has none)."""
        return None if self.target_ns is None else self.median_ns <= self.target_ns

    @property
    def bound(self) -> str:
        """How the target reads: an upper bound for a time or size, a lower one for a rate."""
        return ">=" if self.unit == RATE else "<="


def median_ns(run: Callable[[int], object], samples: int, inner: int = 1) -> float:
    """Median over ``samples`` of the time of one ``run(i)`` call.

    Short calls are batched ``inner`` at a time so the timer's own cost (about 100 ns) is
    spread thin; ``i`` is the sample number, for runs that vary their seed.
    """
    run(0)  # warm caches (shape placements, card data) outside the timing
    times = []
    for i in range(samples):
        start = time.perf_counter_ns()
        for _ in range(inner):
            run(i)
        times.append((time.perf_counter_ns() - start) / inner)
    return statistics.median(times)


def machine_info() -> dict[str, str]:
    cpu = "unknown"
    try:
        for line in Path("/proc/cpuinfo").read_text(encoding="utf-8").splitlines():
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    except OSError:  # not Linux: platform's answer is vaguer but better than nothing
        cpu = platform.processor() or "unknown"
    return {
        "cpu": cpu,
        "cores": str(os.cpu_count()),
        "python": f"{platform.python_implementation()} {platform.python_version()}",
        "platform": platform.platform(),
        "date": datetime.date.today().isoformat(),
    }


BLOCK_BEGIN = "<!-- bench:begin -->"
BLOCK_END = "<!-- bench:end -->"


def shown(value: float, unit: str) -> str:
    digits = 2 if unit == "ms" and value < 100 else 1 if value < 1000 else 0
    return f"{value:,.{digits}f} {unit.replace('us', 'µs')}"


def figures_markdown(figures: list[Figure], info: dict[str, str], quick: bool) -> str:
    """The machine, the Python and a table of medians, as Markdown."""
    lines = [
        f"- Machine: {info['cpu']}, {info['cores']} cores, {info['platform']}",
        f"- Python: {info['python']}",
        f"- Date: {info['date']}",
        f"- Command: `herotable bench{' --quick' if quick else ''} --write docs/benchmarks.md`",
        "",
        "| benchmark | median | target | runs | met |",
        "|---|---:|---:|---:|:---:|",
    ]
    for fig in figures:
        target = fig.target
        lines.append(
            f"| {fig.label} | {shown(fig.value, fig.unit)} | "
            f"{'—' if target is None else fig.bound + ' ' + shown(target, fig.unit)} | "
            f"{fig.runs:,} | {'' if fig.met is None else 'yes' if fig.met else 'NO'} |")
    return "\n".join(lines)


def figures_block(path: Path) -> tuple[str, int, int]:
    """The file's text and where its figures block begins and ends; refused if it has none."""
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as exc:
        raise HerotableError(f"cannot read {path}: {exc.strerror}") from exc
    begin, end = text.find(BLOCK_BEGIN), text.find(BLOCK_END)
    if begin < 0 or end < begin:
        raise HerotableError(f"{path} has no {BLOCK_BEGIN} ... {BLOCK_END} block to replace")
    return text, begin, end


def write_figures(path: Path, figures: list[Figure], info: dict[str, str], quick: bool) -> None:
    """Replace the text between the bench markers of ``path`` with this run's figures."""
    text, begin, end = figures_block(path)
    block = figures_markdown(figures, info, quick)
    path.write_text(text[: begin + len(BLOCK_BEGIN)] + "\n" + block + "\n" + text[end:],
                    encoding="utf-8")

