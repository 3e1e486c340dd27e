"""One option schema: each game's options as its package declares them, and the copies made
from it (the options table of docs/api.md, the play commands' parameters) kept the same."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from herotable.cli import app
from herotable.registry import game_info, games, options_table

DOCS = Path(__file__).parent.parent / "docs" / "api.md"
runner = CliRunner()


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
                     ("cartographers", "explicit_chance"), ("dominaria", "data"),
                     ("dominaria", "pack_digest")}


# The play commands' set-up parameters are the schema's, with its help.
PLAY = {"cartographers": ["cartographers", "play"], "dominaria": ["dominaria", "play"]}


@pytest.mark.parametrize("game", list(PLAY))
def test_the_play_commands_take_the_schemas_options(game: str) -> None:
    # Wide enough that no help text is wrapped; then one help row is one line.
    shown = runner.invoke(app, [*PLAY[game], "--help"], env={"COLUMNS": "400"}).stdout
    rows = {line.split()[1]: " ".join(line.split()) for line in shown.splitlines()
            if line.split()[1:2] and line.split()[1].startswith("--")}
    for option in game_info(game).options:
        flag = "--" + (option.flag or option.name).replace("_", "-")
        if not option.command_line:
            assert flag not in rows
            continue
        assert option.help[1:] in rows[flag]
        # Choices are read in any case, and listed in lower case.
        assert all(choice.lower() in rows[flag] for choice in option.choices)
    assert len(rows) > 4


def setup_json(*words: str) -> dict[str, Any]:
    result = runner.invoke(app, ["cartographers", "setup", "--json", *words])
    assert result.exit_code == 0, result.output
    found: dict[str, Any] = json.loads(result.stdout)
    return found


CARDS = ["sentinel_wood", "canal_lake", "wildholds", "borderlands"]


def test_a_list_is_given_item_by_item_or_comma_separated() -> None:
    by_items = setup_json(*[f"--card={card}" for card in CARDS])
    assert by_items["scoring"] == CARDS
    assert setup_json("--card", ",".join(CARDS[:2]), "--card", ",".join(CARDS[2:])) == by_items


def test_yes_no_options_left_out_leave_the_preset_its_choice() -> None:
    assert setup_json()["hero_turns"] is True and setup_json("--preset", "base")["heroes"] is False
    assert setup_json("--no-hero-turns")["hero_turns"] is False
    assert setup_json("--preset", "base", "--heroes")["heroes"] is True


def test_choices_are_checked_and_read_in_any_case() -> None:
    assert setup_json("--side", "d")["side"] == "D"
    result = runner.invoke(app, ["cartographers", "setup", "--side", "E"])
    assert result.exit_code == 2 and "--side" in result.stderr


def test_a_program_only_option_is_not_on_the_command_line() -> None:
    result = runner.invoke(app, ["cartographers", "play", "--explicit-chance"])
    assert result.exit_code == 2 and "no such option --explicit-chance" in result.stderr
