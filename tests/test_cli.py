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


def test_setup_shows_and_checks_a_combination():
    result = runner.invoke(app, ["cartographers", "setup", "--preset", "base", "--heroes",
                                 "--side", "b"])
    assert result.exit_code == 0, result.output
    assert "base + ruins cards" in result.stdout and "│ B" in result.stdout
    result = runner.invoke(app, ["cartographers", "setup", "--preset", "heroes+base", "--json"])
    data = json.loads(result.stdout)
    assert data["scoring_boxes"] == ["heroes", "base"]


def test_hero_turns_option_on_setup_and_play():
    result = runner.invoke(app, ["cartographers", "setup", "--no-hero-turns"])
    assert result.exit_code == 0, result.output
    assert "attack patterns as printed" in result.stdout
    result = runner.invoke(app, ["cartographers", "setup", "--no-hero-turns", "--json"])
    assert json.loads(result.stdout)["hero_turns"] is False
    result = runner.invoke(app, ["cartographers", "setup", "--json"])
    assert json.loads(result.stdout)["hero_turns"] is True
    result = runner.invoke(app, ["cartographers", "play", "--no-hero-turns", "--seed", "1"],
                           input="quit\nn\n")
    assert result.exit_code == 0, result.output
    assert "heroes yes, attack patterns as printed" in " ".join(result.stdout.split())


def test_setup_refuses_a_broken_combining_rule():
    result = runner.invoke(app, ["cartographers", "setup", "--ambush", "goblin_attack"])
    assert result.exit_code == 2
    assert "exactly four different ambush cards" in result.stderr
    result = runner.invoke(app, ["cartographers", "setup", "--explore", "heroes+base"])
    assert result.exit_code == 2 and "forbid mixing" in result.stderr


def test_cards_lists_every_box():
    result = runner.invoke(app, ["cartographers", "cards"])
    assert result.exit_code == 0
    for card_id in ("temple_ruins", "ogre_charge", "the_broken_road", "kethras_gates"):
        assert card_id in result.stdout
    result = runner.invoke(app, ["cartographers", "cards", "--box", "nope"])
    assert result.exit_code == 2


def test_cards_shows_each_scoring_cards_rule_in_our_words():
    result = runner.invoke(app, ["cartographers", "cards", "--box", "base"],
                           env={"COLUMNS": "300"})
    assert result.exit_code == 0
    assert "1 star for each forest cell on the edge of the map." in result.stdout
    assert "text (scoring" in result.stdout


def test_score_accepts_base_cards(tmp_path):
    path = tmp_path / "map.txt"
    path.write_text(MAP)
    result = runner.invoke(app, ["cartographers", "score", str(path), "--card", "sentinel_wood",
                                 "--card", "greenbough", "--json"])
    assert result.exit_code == 0
    # Forest A1-A3, B1-B3: A1 A2 A3 B1 on the edge; rows A B, columns 1 2 3.
    assert json.loads(result.stdout)["cards"] == {"sentinel_wood": 4, "greenbough": 5}


def test_play_base_game_from_the_command_line():
    result = runner.invoke(app, ["cartographers", "play", "--preset", "base", "--seed", "1"],
                           input="quit\nn\n")
    assert result.exit_code == 0, result.output
    assert "map side A" in result.stdout
