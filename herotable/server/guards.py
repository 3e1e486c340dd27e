"""What protects the server from its clients: a body size limit, per-client rate limits and
security headers on every answer (a strict Content-Security-Policy among them)."""

from __future__ import annotations

import base64
import hashlib
import json
import math
import re
import time
from dataclasses import dataclass, field
from typing import Any

from starlette.types import ASGIApp, Message, Receive, Scope, Send

from herotable.server.errors import problem
from herotable.server.refusals import ServerRefusal

CONTENT_SECURITY_POLICY = (
    "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
    "connect-src 'self'; font-src 'self'; object-src 'none'; base-uri 'none'; "
    "frame-ancestors 'none'; form-action 'self'"
)
INLINE_SCRIPT = re.compile(r"<script\b[^>]*>(.*?)</script>", re.DOTALL)


def inline_script_hashes(html: str) -> str:
    """The CSP sources allowing exactly the inline scripts of ``html``, by their hashes (so a
    page that needs one keeps ``script-src`` closed to every other)."""
    return " ".join(
        f"'sha256-{base64.b64encode(hashlib.sha256(s.encode()).digest()).decode()}'"
        for s in INLINE_SCRIPT.findall(html) if s.strip())


SECURITY_HEADERS = [
    (b"content-security-policy", CONTENT_SECURITY_POLICY.encode()),
    (b"x-content-type-options", b"nosniff"),
    (b"x-frame-options", b"DENY"),
    (b"referrer-policy", b"no-referrer"),
]


@dataclass
class RateLimiter:
    """A token bucket per client address: ``burst`` requests at once, refilled at ``rate``
    per second."""

    burst: int
    rate: float
    buckets: dict[str, tuple[float, float]] = field(default_factory=dict)

    def wait(self, client: str) -> float:
        """Take one request from ``client``'s bucket: 0 when allowed, else the seconds until
        the next request would be."""
        if self.rate <= 0:
            return 0.0
        now = time.monotonic()
        tokens, last = self.buckets.get(client, (float(self.burst), now))
        tokens = min(float(self.burst), tokens + (now - last) * self.rate)
        if tokens < 1:
            self.buckets[client] = (tokens, now)
            return (1 - tokens) / self.rate
        self.buckets[client] = (tokens - 1, now)
        if len(self.buckets) > 10_000:  # forget idle clients rather than grow forever
            self.buckets = {k: v for k, v in self.buckets.items() if now - v[1] < 60}
        return 0.0


def _client(scope: Scope) -> str:
    client = scope.get("client")
    return client[0] if client else "?"


async def _answer(send: Send, status: int, body_json: dict[str, Any],
                  headers: list[tuple[bytes, bytes]] | None = None) -> None:
    body = json.dumps(body_json).encode()
    await send({"type": "http.response.start", "status": status,
                "headers": [(b"content-type", b"application/json"),
                            (b"content-length", str(len(body)).encode()),
                            *(headers or []), *SECURITY_HEADERS]})
    await send({"type": "http.response.body", "body": body})


async def _try_again_later(receive: Receive, send: Send) -> None:
    """Refuse a WebSocket the way its clients understand: open it, then close it with 1013
    (try again later); refused before opening, a browser would only see a 403."""
    if (await receive())["type"] == "websocket.connect":
        await send({"type": "websocket.accept"})
        await send({"type": "websocket.close", "code": 1013,
                    "reason": "too many requests; try again later"})


class Guard:
    """ASGI middleware: refuses bodies over ``max_body`` (413) and clients over their rate
    (429 with ``Retry-After``; a WebSocket is closed with 1013), and adds the security
    headers to every HTTP answer (a route that sets its own Content-Security-Policy keeps
    it)."""

    def __init__(self, app: ASGIApp, max_body: int, limiter: RateLimiter) -> None:
        self.app = app
        self.max_body = max_body
        self.limiter = limiter

    def _too_large(self) -> dict[str, Any]:
        return problem(f"the request body is over {self.max_body} bytes",
                       ServerRefusal.TOO_LARGE, {"limit": self.max_body})

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] not in ("http", "websocket"):
            await self.app(scope, receive, send)
            return
        wait = self.limiter.wait(_client(scope))
        if wait > 0:
            if scope["type"] == "http":
                await _answer(send, 429, problem("too many requests; slow down",
                                                 ServerRefusal.TOO_MANY_REQUESTS),
                              [(b"retry-after", str(math.ceil(wait)).encode())])
            else:
                await _try_again_later(receive, send)
            return
        if scope["type"] == "websocket":
            await self.app(scope, receive, send)
            return
        declared = dict(scope["headers"]).get(b"content-length")
        if declared is not None and (not declared.isdigit() or int(declared) > self.max_body):
            await _answer(send, 413, self._too_large())
            return
        received = 0
        too_large = False
        started = False

        async def limited_receive() -> Message:
            nonlocal received, too_large
            if too_large:
                return {"type": "http.disconnect"}
            message = await receive()
            if message["type"] == "http.request":
                received += len(message.get("body", b""))
                if received > self.max_body:
                    # A chunked body has no length to check up front: stop reading here,
                    # and the app's answer gives way to the 413 below.
                    too_large = True
                    return {"type": "http.disconnect"}
            return message

        async def secured_send(message: Message) -> None:
            nonlocal started
            if too_large:
                return
            if message["type"] == "http.response.start":
                started = True
                own = {name for name, _value in message.get("headers", [])}
                message["headers"] = [*message.get("headers", []),
                                      *(h for h in SECURITY_HEADERS if h[0] not in own)]
            await send(message)

        try:
            await self.app(scope, limited_receive, secured_send)
        except Exception:
            if not too_large:
                raise
        if too_large and not started:
            await _answer(send, 413, self._too_large())
