"""The printed sheets' server side: the page opens at /print, and GET /api/qr draws a text as
a QR code in SVG (a paper table's link), refusing an empty or too long text with a 422."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest
import segno
from fastapi.testclient import TestClient

from herotable.server.routes.qr import QR_TEXT_LIMIT

SVG = "{http://www.w3.org/2000/svg}"


def test_the_print_page_opens(client: TestClient) -> None:
    answer = client.get("/print")
    assert answer.status_code == 200
    assert '<script type="module" src="/static/app.js">' in answer.text


def drawing(client: TestClient, text: str) -> ET.Element:
    answer = client.get("/api/qr", params={"text": text})
    assert answer.status_code == 200, answer.text
    assert answer.headers["content-type"] == "image/svg+xml"
    return ET.fromstring(answer.content)


def test_a_text_is_drawn_as_an_svg_qr_code_of_its_own_size(client: TestClient) -> None:
    link = "https://herotable.example/t/3f9a-kq"
    root = drawing(client, link)
    assert root.tag == f"{SVG}svg"
    # No fixed size: the page sizes it. The viewBox is the code's modules and quiet zone.
    assert "width" not in root.attrib and "height" not in root.attrib
    code = segno.make(link, error="m", micro=False)
    side = code.symbol_size(scale=1, border=4)[0]
    assert root.attrib["viewBox"] == f"0 0 {side} {side}"
    assert root.find(f"{SVG}path") is not None
    # A longer text needs a bigger code.
    longer = ET.fromstring(client.get("/api/qr", params={"text": link * 6}).content)
    assert longer.attrib["viewBox"] != root.attrib["viewBox"]


def test_the_longest_text_allowed_fits_even_in_four_byte_characters(client: TestClient) -> None:
    drawing(client, "🗺" * QR_TEXT_LIMIT)


@pytest.mark.parametrize(("query", "problem"), [
    ({"text": ""}, "at least 1 character"),
    ({"text": "x" * (QR_TEXT_LIMIT + 1)}, f"at most {QR_TEXT_LIMIT} characters"),
    ({}, "Field required"),
])
def test_an_empty_missing_or_too_long_text_is_refused(client: TestClient,
                                                      query: dict[str, str],
                                                      problem: str) -> None:
    answer = client.get("/api/qr", params=query)
    assert answer.status_code == 422
    body = answer.json()
    assert body["code"] == "bad_request"
    assert body["detail"].startswith("query.text:")
    assert problem in body["detail"]
