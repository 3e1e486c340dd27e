"""The command line as a user meets it: scores, clear errors, exit codes."""

import json

from typer.testing import CliRunner

from herotable.cli import app

runner = CliRunner()

MAP = """
; deepwood: one forest cluster of six, touching no village
FFF........
FFF........
...........
...........
...........
...........
...........
...........
...........
.........X.
...........
"""


def test_score_json(tmp_path):
    path = tmp_path / "map.txt"
    path.write_text(MAP)
    result = runner.invoke(app, ["cartographers", "score", str(path), "--card", "deepwood",
                                 "--card", "silos", "--json"])
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout) == {"cards": {"deepwood": 6, "silos": 0},
                                         "monster_penalty": 4}


def test_score_table(tmp_path):
    path = tmp_path / "map.txt"
    path.write_text(MAP)
    result = runner.invoke(app, ["cartographers", "score", str(path), "--card", "deepwood"])
    assert result.exit_code == 0
    assert "deepwood" in result.stdout and "monster penalty" in result.stdout


def test_malformed_map_is_a_clear_error(tmp_path):
    path = tmp_path / "map.txt"
    path.write_text("FFF\n")
    result = runner.invoke(app, ["cartographers", "score", str(path), "--card", "deepwood"])
    assert result.exit_code == 2
    assert "11 rows" in result.stderr
    assert "Traceback" not in result.output


def test_unknown_card_is_a_clear_error(tmp_path):
    path = tmp_path / "map.txt"
    path.write_text(MAP)
    result = runner.invoke(app, ["cartographers", "score", str(path), "--card", "nope"])
    assert result.exit_code == 2
    assert "unknown scoring card 'nope'" in result.stderr


def test_missing_map_file(tmp_path):
    result = runner.invoke(app, ["cartographers", "score", str(tmp_path / "none.txt"),
                                 "--card", "deepwood"])
    assert result.exit_code == 2
    assert "cannot read map file" in result.stderr


def test_corrupt_save_file(tmp_path):
    path = tmp_path / "save.json"
    path.write_text('{"format": "herotable-save", "version": 1, "game": "cartog')
    result = runner.invoke(app, ["cartographers", "play", "--load", str(path)])
    assert result.exit_code == 2
    assert "not valid JSON" in result.stderr


def test_bad_play_options(tmp_path):
    result = runner.invoke(app, ["cartographers", "play", "--players", "0"])
    assert result.exit_code == 2
    assert "1 to 100 players" in result.stderr
