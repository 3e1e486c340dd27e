"""The static web client: its files under /static and the one page every client route opens
(the page reads the address and draws the lobby, a table or a challenge)."""

from __future__ import annotations

from pathlib import Path

from fastapi import FastAPI
from fastapi.responses import FileResponse
from fastapi.staticfiles import StaticFiles

WEB = Path(__file__).resolve().parent.parent / "web" / "static"
PAGES = ("/", "/g/{game_id}", "/daily", "/weekly", "/daily/{key}", "/weekly/{key}",
         "/daily/{key}/g/{game_id}", "/weekly/{key}/g/{game_id}")


def mount_web_client(app: FastAPI) -> None:
    if not WEB.is_dir():
        return
    app.mount("/static", StaticFiles(directory=WEB), name="static")

    async def page() -> FileResponse:
        return FileResponse(WEB / "index.html")

    for path in PAGES:
        app.add_api_route(path, page, methods=["GET"], include_in_schema=False)
