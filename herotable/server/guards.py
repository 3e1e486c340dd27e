"""What protects the server from its clients: a body size limit, per-client rate limits and
security headers on every answer (a strict Content-Security-Policy among them)."""

from __future__ import annotations

import json
import time
from dataclasses import dataclass, field

from starlette.types import ASGIApp, Message, Receive, Scope, Send

CONTENT_SECURITY_POLICY = (
    "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
    "connect-src 'self'; font-src 'self'; object-src 'none'; base-uri 'none'; "
    "frame-ancestors 'none'; form-action 'self'"
)
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

    def allow(self, client: str) -> bool:
        if self.rate <= 0:
            return True
        now = time.monotonic()
        tokens, last = self.buckets.get(client, (float(self.burst), now))
        tokens = min(float(self.burst), tokens + (now - last) * self.rate)
        if tokens < 1:
            self.buckets[client] = (tokens, now)
            return False
        self.buckets[client] = (tokens - 1, now)
        if len(self.buckets) > 10_000:  # forget idle clients rather than grow forever
            self.buckets = {k: v for k, v in self.buckets.items() if now - v[1] < 60}
        return True


def _client(scope: Scope) -> str:
    client = scope.get("client")
    return client[0] if client else "?"


async def _answer(send: Send, status: int, detail: str) -> None:
    body = json.dumps({"detail": detail}).encode()
    await send({"type": "http.response.start", "status": status,
                "headers": [(b"content-type", b"application/json"),
                            (b"content-length", str(len(body)).encode()), *SECURITY_HEADERS]})
    await send({"type": "http.response.body", "body": body})


class Guard:
    """ASGI middleware: refuses bodies over ``max_body`` (413) and clients over their rate
    (429), and adds the security headers to every HTTP answer."""

    def __init__(self, app: ASGIApp, max_body: int, limiter: RateLimiter) -> None:
        self.app = app
        self.max_body = max_body
        self.limiter = limiter

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] not in ("http", "websocket"):
            await self.app(scope, receive, send)
            return
        if not self.limiter.allow(_client(scope)):
            if scope["type"] == "http":
                await _answer(send, 429, "too many requests; slow down")
            else:
                await send({"type": "websocket.close", "code": 1008})
            return
        if scope["type"] == "websocket":
            await self.app(scope, receive, send)
            return
        declared = dict(scope["headers"]).get(b"content-length")
        if declared is not None and (not declared.isdigit() or int(declared) > self.max_body):
            await _answer(send, 413, f"the request body is over {self.max_body} bytes")
            return
        received = 0

        async def limited_receive() -> Message:
            nonlocal received
            message = await receive()
            if message["type"] == "http.request":
                received += len(message.get("body", b""))
                if received > self.max_body:
                    raise BodyTooLarge
            return message

        async def secured_send(message: Message) -> None:
            if message["type"] == "http.response.start":
                message["headers"] = [*message.get("headers", []), *SECURITY_HEADERS]
            await send(message)

        try:
            await self.app(scope, limited_receive, secured_send)
        except BodyTooLarge:
            await _answer(send, 413, f"the request body is over {self.max_body} bytes")


class BodyTooLarge(Exception):
    """A chunked body grew past the limit while being read."""
