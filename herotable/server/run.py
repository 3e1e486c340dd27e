"""``herotable serve``: the app under uvicorn, and the browser opened once it listens."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import threading
import time
import urllib.request
import webbrowser
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import replace

import uvicorn
from sqlalchemy.exc import ArgumentError, OperationalError

from herotable.core.errors import HerotableError
from herotable.server.app import create_app
from herotable.server.settings import Settings, database_url

# How long an idle HTTP connection stays open: a player's next move comes seconds apart, and
# a connection opened again for each one cost more than its request (docs/benchmarks.md).
KEEP_ALIVE_SECONDS = 60


def run_server(host: str, port: int, url: str | None, open_browser: bool,
               bot_workers: int | None = None, dominaria_data: str | None = None) -> None:
    settings = Settings(database_url=database_url(url))
    if dominaria_data is not None:
        settings = replace(settings, dominaria_data=dominaria_data)
    if bot_workers is not None:
        settings = replace(settings, bot_workers=bot_workers)
    try:
        app = create_app(settings)
    except (ArgumentError, OperationalError) as exc:
        raise HerotableError(f"cannot open the database {settings.database_url!r}: "
                             f"{exc.args[0] if exc.args else exc}") from exc
    address = f"http://{'127.0.0.1' if host in ('0.0.0.0', '::') else host}:{port}/"
    print(f"herotable: {address}  (games kept in {settings.database_url})", flush=True)
    if settings.dominaria_data is not None:
        print(f"herotable: Heroes of Dominaria plays the data pack in "
              f"{settings.dominaria_data}", flush=True)
    if open_browser and _has_screen():
        threading.Timer(1.0, webbrowser.open, (address,)).start()
    # No per-message compression: deflating every push was a quarter of the server's time
    # per action, for messages of a few KB (docs/benchmarks.md, "Many tables").
    uvicorn.run(app, host=host, port=port, log_level="warning", ws_max_size=65_536,
                ws_per_message_deflate=False, timeout_keep_alive=KEEP_ALIVE_SECONDS)


def _has_screen() -> bool:
    """Whether a graphical browser can open: on Linux without a display, ``webbrowser``
    would fall back to a text browser and take over the terminal the server runs in."""
    if sys.platform.startswith("linux"):
        return bool(os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY"))
    return True


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@contextmanager
def server_process(url: str, port: int | None = None, ready_seconds: float = 30.0,
                   env: dict[str, str] | None = None,
                   ) -> Iterator[tuple[str, subprocess.Popen[bytes]]]:
    """``herotable serve`` in a child process on ``url`` (for the bench and the tests that
    need a real server: restarts, two processes, the browser): yields its base URL, once it
    answers, and the process; stops it afterwards if it still runs."""
    port = port or free_port()
    process = subprocess.Popen(
        [sys.executable, "-c", "from herotable.cli import main; main()", "serve",
         "--no-browser", "--port", str(port), "--database-url", url],
        stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, env={**os.environ, **(env or {})})
    base = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + ready_seconds
        while not _answers(f"{base}/api/health"):
            if process.poll() is not None or time.monotonic() > deadline:
                error = process.stderr.read().decode(errors="replace") if process.stderr else ""
                raise HerotableError(f"the server did not start: {error.strip()[-500:]}")
            time.sleep(0.05)
        yield base, process
    finally:
        if process.poll() is None:
            process.terminate()
            process.wait(10)


def _answers(url: str) -> bool:
    try:
        with urllib.request.urlopen(url, timeout=2) as answer:
            return bool(answer.status == 200)
    except OSError:
        return False
