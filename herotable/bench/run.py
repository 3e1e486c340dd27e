"""``herotable bench``: every figure (engines, bots, the web app, the research environments)
in one table, and optionally into docs/benchmarks.md.

The web figures start a real server and the environment figures need the ``rl`` extra, so
both are imported only when a run reaches them.
"""

from __future__ import annotations

from pathlib import Path

from rich.console import Console
from rich.table import Table

from herotable.bench.engine import engine_figures
from herotable.bench.figures import Figure, figures_block, machine_info, shown, write_figures


def env_figures(quick: bool) -> list[Figure]:
    """The research environments' figures, or none where the rl extra is not installed."""
    try:
        from herotable.bench.envs import env_figures as measured
    except ImportError:  # the base install has no Gymnasium: nothing to time
        return []
    return measured(quick)


def run_bench(quick: bool = False, console: Console | None = None,
              write: Path | None = None) -> dict[str, float]:
    """Run every benchmark, print a table, and return ``{key: median}`` (units in the key).

    ``quick`` times only a few runs of each, to check the bench itself works. ``write``
    names a Markdown file (docs/benchmarks.md) whose figures block is replaced by this run's.
    """
    console = console or Console()
    if write is not None:
        figures_block(write)  # refuse a wrong file before a minute of timing, not after
    figures, about_map = engine_figures(quick)
    from herotable.bench.web import web_figures

    figures += web_figures(quick)
    figures += env_figures(quick)

    info = machine_info()
    console.print(f"[bold]herotable bench[/]{' (quick)' if quick else ''}  {info['date']}")
    console.print(f"CPU: {info['cpu']}, {info['cores']} cores", highlight=False)
    console.print(f"Python: {info['python']} on {info['platform']}", highlight=False)
    console.print(about_map, highlight=False)
    table = Table(title="medians")
    table.add_column("benchmark")
    table.add_column("median", justify="right")
    table.add_column("target", justify="right")
    table.add_column("runs", justify="right")
    table.add_column("ok", justify="center")
    for fig in figures:
        target = fig.target
        ok = "" if fig.met is None else ("yes" if fig.met else "[red]NO[/]")
        table.add_row(
            fig.label,
            shown(fig.value, fig.unit),
            "" if target is None else f"{fig.bound} {shown(target, fig.unit)}",
            str(fig.runs),
            ok,
        )
    console.print(table)
    if write is not None:
        write_figures(write, figures, info, quick)
        console.print(f"figures written to {write}", highlight=False)
    return {fig.key: fig.value for fig in figures}
