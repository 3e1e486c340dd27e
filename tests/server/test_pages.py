"""The page: every client address opens it (200), any other address outside the API opens it
with 404 (the page then says "not found"), the API's unknown paths stay JSON 404s, and the
page's Content-Security-Policy allows its one inline script (the import map) by its hash."""

from __future__ import annotations

import base64
import hashlib
import json
import re

import pytest
from fastapi.testclient import TestClient

from herotable.registry import games
from herotable.server.static import WEB


@pytest.mark.parametrize("path", [
    "/", "/g/abc-123", "/g/abc-123/", "/daily", "/weekly", "/daily/2026-11-23",
    "/weekly/2026-W48", "/daily/2026-11-23/g/abc", "/weekly/2026-W48/g/abc/", "/score",
    "/score?side=C&m1=11-", "/t/abc-123"])
def test_every_client_address_opens_the_page(client: TestClient, path: str) -> None:
    answer = client.get(path)
    assert answer.status_code == 200
    assert answer.headers["content-type"].startswith("text/html")
    assert '<script type="module" src="/static/app.js">' in answer.text


@pytest.mark.parametrize("path", ["/nowhere", "/g/", "/g/a/b", "/t/", "/monthly", "/daily/x/y",
                                  "/static", "/g/a%20b", "/score/x"])
def test_an_address_that_is_no_page_opens_the_page_with_404(client: TestClient,
                                                            path: str) -> None:
    answer = client.get(path)
    assert answer.status_code == 404
    assert '<script type="module" src="/static/app.js">' in answer.text


@pytest.mark.parametrize(("method", "path"), [
    ("GET", "/api/nowhere"), ("GET", "/api"), ("POST", "/api/nowhere"),
    ("GET", "/api/games/x/nowhere")])
def test_unknown_api_paths_stay_json_404s(client: TestClient, method: str, path: str) -> None:
    answer = client.request(method, path)
    assert answer.status_code == 404
    assert answer.json() == {"detail": "Not Found", "code": "no_such_address", "params": {}}


def test_a_method_an_address_does_not_take_answers_with_its_code(client: TestClient) -> None:
    answer = client.delete("/api/meta")
    assert answer.status_code == 405
    assert answer.json()["code"] == "method_not_allowed"
    assert "GET" in answer.headers["allow"]


def test_the_other_routes_keep_their_own_answers(client: TestClient) -> None:
    assert client.get("/static/app.js").headers["content-type"].startswith("text/javascript")
    assert client.get("/static/nowhere.js").status_code == 404
    assert client.get("/openapi.json").json()["paths"]["/api/meta"]
    assert "swagger-ui" in client.get("/docs").text
    assert client.post("/").status_code == 405


def test_the_page_policy_allows_its_import_map_by_hash_and_nothing_else(
        client: TestClient) -> None:
    answer = client.get("/")
    policy = answer.headers["content-security-policy"]
    [import_map] = re.findall(r'<script type="importmap">(.*?)</script>', answer.text, re.S)
    assert set(json.loads(import_map)["imports"]) == {"preact", "preact/hooks", "htm"}
    digest = base64.b64encode(hashlib.sha256(import_map.encode()).digest()).decode()
    [script_src] = [d for d in policy.split(";") if d.strip().startswith("script-src")]
    assert script_src.split() == ["script-src", "'self'", f"'sha256-{digest}'"]
    assert "unsafe" not in policy and "default-src 'self'" in policy
    assert len(answer.headers.get_list("content-security-policy")) == 1
    # The API keeps the server's policy, with no script allowed inline.
    assert "sha256" not in client.get("/api/health").headers["content-security-policy"]


def test_the_route_table_is_what_the_page_reads() -> None:
    routes = json.loads((WEB / "routes.json").read_text("utf-8"))
    assert {r["page"] for r in routes} == {"lobby", "game", "table", "challenge", "print", "score"}
    for route in routes:
        assert re.compile(route["pattern"]).groups == len(route["params"])
        # A game's own page names its game, one the server plays.
        assert route.get("game", "cartographers") in {info.name for info in games()}
    assert "from './routes.json'" in (WEB / "app.js").read_text("utf-8")


def test_answers_go_compressed_to_a_client_that_asks(client: TestClient) -> None:
    gzip = {"Accept-Encoding": "gzip"}
    script = client.get("/static/app.js", headers=gzip)
    assert script.headers["content-encoding"] == "gzip"
    assert script.headers["vary"] == "Accept-Encoding"
    assert int(script.headers["content-length"]) < len(script.content)
    # The Guard's headers are kept, and the file is the same once decompressed.
    assert script.headers["x-content-type-options"] == "nosniff"
    plain = client.get("/static/app.js", headers={"Accept-Encoding": "identity"})
    assert "content-encoding" not in plain.headers
    assert plain.content == script.content
    # A cached copy is still checked by its ETag.
    again = client.get("/static/app.js", headers={**gzip, "If-None-Match": plain.headers["etag"]})
    assert again.status_code == 304
    # JSON answers too; a small one (the page itself) goes as it is.
    assert client.get("/api/catalog/cartographers", headers=gzip).headers[
        "content-encoding"] == "gzip"
    assert "content-encoding" not in client.get("/", headers=gzip).headers
