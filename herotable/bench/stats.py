"""The one percentile every figure uses: the benchmarks' p50/p95/p99 and the summaries of
``herotable simulate``."""

from __future__ import annotations

import statistics
from collections.abc import Sequence


def percentile(values: Sequence[float], p: int) -> float:
    """The ``p``-th percentile (``p`` in 1..99) by linear interpolation between data points.

    This is ``statistics.quantiles(values, n=100, method="inclusive")`` (numpy's default
    method), except that a single value is its own every percentile instead of an error.
    """
    if not values:
        raise ValueError("no values to take a percentile of")
    if len(values) == 1:
        return float(values[0])
    return statistics.quantiles(values, n=100, method="inclusive")[p - 1]
