"""Who is asking: the seat token of ``Authorization: Bearer TOKEN`` (none: a spectator)."""

from __future__ import annotations

from typing import Annotated

from fastapi import Depends, Header

from herotable.server.service import Forbidden


def bearer(authorization: Annotated[str | None, Header()] = None) -> str | None:
    """The token of ``Authorization: Bearer TOKEN``; no header is a spectator."""
    if authorization is None:
        return None
    scheme, _, token = authorization.partition(" ")
    if scheme.lower() != "bearer" or not token.strip():
        raise Forbidden("send the seat's token as 'Authorization: Bearer TOKEN'")
    return token.strip()


Token = Annotated[str | None, Depends(bearer)]
