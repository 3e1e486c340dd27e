"""Shared by the terminal tests: a recording console and scripted input lines."""

from __future__ import annotations

import io
from collections.abc import Callable, Iterable

from rich.console import Console


def recording() -> Console:
    return Console(record=True, width=120, file=io.StringIO())


def scripted(lines: Iterable[str]) -> Callable[[str], str]:
    """A ``read_line`` that types the given lines, then reports end of input."""
    queue = list(lines)

    def read_line(prompt: str) -> str:
        if not queue:
            raise EOFError
        return queue.pop(0)

    return read_line
