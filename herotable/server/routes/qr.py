"""A QR code for a short text (a paper table's address printed on its sheets), drawn here as
SVG so the printed page asks no outside service."""

from __future__ import annotations

import io
from typing import Annotated

import segno
from fastapi import APIRouter, Query
from fastapi.responses import Response

router = APIRouter(prefix="/api", tags=["server"])

# A link to a table is far shorter; the limit keeps every accepted text inside the largest QR
# code at level M (2331 bytes), even at four bytes a character.
QR_TEXT_LIMIT = 512
# A day: the same text always gives the same drawing.
QR_CACHE = "public, max-age=86400"


@router.get("/qr", response_class=Response,
            responses={200: {"content": {"image/svg+xml": {}},
                             "description": "the QR code as SVG, sized by its viewBox"}})
async def qr(text: Annotated[str, Query(min_length=1, max_length=QR_TEXT_LIMIT)]) -> Response:
    """``text`` (1 to 512 characters) as a QR code at error correction level M, black on
    white with its quiet zone, in SVG without a fixed size: the page sets it. A missing,
    empty or longer text is a 422 ``bad_request`` naming the problem."""
    return Response(qr_svg(text), media_type="image/svg+xml",
                    headers={"Cache-Control": QR_CACHE})


def qr_svg(text: str) -> bytes:
    code = segno.make(text, error="m", micro=False)
    out = io.BytesIO()
    code.save(out, kind="svg", omitsize=True, xmldecl=False, border=4, dark="black",
              light="#fff")
    return out.getvalue()
