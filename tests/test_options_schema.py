"""One option schema: each game's options as its package declares them, and the copies made
from it (the options table of docs/api.md, the play commands' parameters) kept the same."""

from __future__ import annotations

from pathlib import Path

from herotable.registry import games, options_table

DOCS = Path(__file__).parent.parent / "docs" / "api.md"


def test_the_docs_options_table_is_the_schemas() -> None:
    text = DOCS.read_text(encoding="utf-8")
    begin, end = text.index("<!-- options:begin"), text.index("<!-- options:end -->")
    table = text[text.index("-->", begin) + len("-->\n"):end]
    assert table == options_table(), (
        "docs/api.md's options table is stale: paste the output of "
        "`python -c \"from herotable.registry import options_table; print(options_table())\"`")


def test_the_table_lists_every_option_once_with_its_help() -> None:
    rows = options_table().splitlines()[2:]
    options = [(info.name, option) for info in games() for option in info.options]
    assert len(rows) == len(options)
    for row, (_, option) in zip(rows, options, strict=True):
        assert f"`{option.name}`" in row and option.help in row
        assert row.split(" | ")[4] == ("yes" if option.local_only else "")


def test_scenarios_and_local_files_are_local_only() -> None:
    local = {(info.name, o.name) for info in games() for o in info.options if o.local_only}
    assert local == {("cartographers", "deck"), ("cartographers", "maps"),
                     ("cartographers", "explicit_chance"), ("dominaria", "data")}
