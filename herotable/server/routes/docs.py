"""The OpenAPI page at /docs. Swagger UI comes from its CDN and starts with an inline
script, both of which the server's strict Content-Security-Policy forbids, so this one
route gets a policy of its own: the CDN and that very script (by its hash), nothing more."""

from __future__ import annotations

from fastapi import APIRouter
from fastapi.openapi.docs import get_swagger_ui_html
from fastapi.responses import HTMLResponse

from herotable.server.guards import inline_script_hashes

router = APIRouter(include_in_schema=False)
CDN = "https://cdn.jsdelivr.net"


def docs_policy(html: str) -> str:
    hashes = inline_script_hashes(html)
    return (f"default-src 'self'; script-src 'self' {CDN} {hashes}; style-src 'self' {CDN}; "
            f"img-src 'self' data: {CDN} https://fastapi.tiangolo.com; connect-src 'self'; "
            "object-src 'none'; base-uri 'none'; frame-ancestors 'none'")


@router.get("/docs")
async def docs() -> HTMLResponse:
    page = get_swagger_ui_html(openapi_url="/openapi.json", title="herotable API")
    html = bytes(page.body).decode()
    return HTMLResponse(html, headers={"Content-Security-Policy": docs_policy(html)})
