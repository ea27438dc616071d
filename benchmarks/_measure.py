"""Shared by the benchmark scripts (files starting with "_" are not run by `make bench`)."""

from __future__ import annotations

import time
import tracemalloc


def measure(what, *args) -> tuple[float, float, object]:
    """(seconds, peak MB, result) of ``what(*args)``. The time comes from a run without
    tracemalloc (which slows Python down several times), the memory from a second run."""
    started = time.perf_counter()
    result = what(*args)
    seconds = time.perf_counter() - started
    tracemalloc.start()
    what(*args)
    peak = tracemalloc.get_traced_memory()[1] / 1e6
    tracemalloc.stop()
    return seconds, peak, result


def percentile(values: list[float], share: float) -> float:
    """The value at ``share`` (0.95 for p95) of the sorted values, by the rounded index
    ``share * (n - 1)``; NaN when there are none."""
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(share * (len(ordered) - 1)))]
