"""The static web client: its files under /static and the one page every client address opens
(the page reads the address and draws the lobby, a table or a challenge).

The client's addresses are written once, in ``web/static/routes.json``: the page reads it to
know what to draw, the server to answer 404 (with the same page, which then says "not found")
for an address that is no page. The API's unknown paths stay its JSON 404s."""

from __future__ import annotations

import json
import re
from pathlib import Path

from fastapi import FastAPI
from fastapi.responses import HTMLResponse
from fastapi.staticfiles import StaticFiles
from starlette.convertors import Convertor, register_url_convertor

from herotable.server.guards import CONTENT_SECURITY_POLICY, inline_script_hashes

WEB = Path(__file__).resolve().parent.parent / "web" / "static"


class PagePath(Convertor[str]):
    """Any path outside /api: an unknown API path then matches no route at all and stays the
    API's JSON 404, whatever its method (a catch-all for GET would turn a POST into a 405).
    The static files, /docs and /openapi.json are routes matched before the page's."""

    regex = r"(?!api(?:/|$)).*"

    def convert(self, value: str) -> str:
        return value

    def to_string(self, value: str) -> str:
        return value


register_url_convertor("page", PagePath())


def page_patterns() -> list[re.Pattern[str]]:
    """The client's addresses, from the route table it reads too."""
    routes = json.loads((WEB / "routes.json").read_text("utf-8"))
    return [re.compile(route["pattern"]) for route in routes]


def page_policy(html: str) -> str:
    """The server's Content-Security-Policy with the page's own inline scripts (its import
    map) allowed by their hashes, and nothing else added."""
    hashes = inline_script_hashes(html)
    if not hashes:
        return CONTENT_SECURITY_POLICY
    return CONTENT_SECURITY_POLICY.replace("script-src 'self'", f"script-src 'self' {hashes}")


def mount_web_client(app: FastAPI) -> None:
    if not WEB.is_dir():
        return
    app.mount("/static", StaticFiles(directory=WEB), name="static")
    html = (WEB / "index.html").read_text("utf-8")
    headers = {"Content-Security-Policy": page_policy(html)}
    patterns = page_patterns()

    async def page(path: str) -> HTMLResponse:
        known = any(pattern.fullmatch(f"/{path}") for pattern in patterns)
        return HTMLResponse(html, status_code=200 if known else 404, headers=headers)

    # Registered after every API route, so it only answers what they do not.
    app.add_api_route("/{path:page}", page, methods=["GET"], include_in_schema=False)
