"""``herotable serve``: the app under uvicorn, and the browser opened once it listens."""

from __future__ import annotations

import threading
import webbrowser

import uvicorn
from sqlalchemy.exc import ArgumentError, OperationalError

from herotable.core.errors import HerotableError
from herotable.server.app import create_app
from herotable.server.settings import Settings, database_url


def run_server(host: str, port: int, url: str | None, open_browser: bool) -> None:
    settings = Settings(database_url=database_url(url))
    try:
        app = create_app(settings)
    except (ArgumentError, OperationalError) as exc:
        raise HerotableError(f"cannot open the database {settings.database_url!r}: "
                             f"{exc.args[0] if exc.args else exc}") from exc
    address = f"http://{'127.0.0.1' if host in ('0.0.0.0', '::') else host}:{port}/"
    print(f"herotable: {address}  (games kept in {settings.database_url})", flush=True)
    if open_browser:
        threading.Timer(1.0, webbrowser.open, (address,)).start()
    uvicorn.run(app, host=host, port=port, log_level="warning", ws_max_size=65_536)
