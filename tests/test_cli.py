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
    assert "map side Wilderness (side A)" in result.stdout


def _one_line_error(args: list[str], words: str, stdin: str | None = None) -> None:
    result = runner.invoke(app, args, input=stdin)
    assert result.exit_code == 2, result.output
    lines = [line for line in result.stderr.splitlines() if line.strip()]
    assert "error:" in lines[-1] and words in lines[-1], result.stderr
    assert "╭" not in result.stderr and "Usage:" not in result.stderr


def test_usage_errors_are_one_line() -> None:
    _one_line_error(["cartographers", "play", "--seed", "abc"], "'--seed'")
    _one_line_error(["dominaria", "play", "--players", "x"], "'--players'")
    _one_line_error(["nosuch"], "No such command")


def test_an_unknown_option_lists_the_commands_options() -> None:
    _one_line_error(["cartographers", "play", "--foo"], "--foo")
    result = runner.invoke(app, ["cartographers", "play", "--foo"])
    assert all(option in result.stderr for option in ("--seed", "--players", "--bot", "--side"))


def test_an_unknown_language_is_refused() -> None:
    _one_line_error(["cartographers", "play", "--language", "de"], "unknown language 'de'")


def test_the_same_scoring_card_twice_is_refused(tmp_path) -> None:
    path = tmp_path / "map.txt"
    path.write_text(MAP, encoding="utf-8")
    _one_line_error(["cartographers", "score", str(path), "--card", "deepwood", "--card",
                     "deepwood"], "deepwood is given twice")


def test_save_asks_before_replacing_a_file(tmp_path) -> None:
    path = tmp_path / "old.json"
    path.write_text("keep me", encoding="utf-8")
    _one_line_error(["dominaria", "play", "--save", str(path)], "left as it was", stdin="n\n")
    assert path.read_text(encoding="utf-8") == "keep me"


def test_a_save_of_the_other_game_says_which_command_resumes_it(tmp_path) -> None:
    from herotable.core.saves import save_game
    from herotable.registry import new_game

    path = tmp_path / "carto.json"
    save_game(new_game("cartographers", seed=1), path)
    _one_line_error(["dominaria", "play", "--load", str(path)],
                    "herotable cartographers play --load")


def test_simulate_json_on_stdout_keeps_the_summary_on_stderr() -> None:
    result = runner.invoke(app, ["simulate", "cartographers", "--players", "random",
                                 "--games", "2", "--json"])
    assert result.exit_code == 0, result.output
    assert len(json.loads(result.stdout)) == 2
    assert "score per bot" in result.stderr


def test_every_command_with_a_language_refuses_an_unknown_one(tmp_path) -> None:
    from herotable.core.saves import save_game
    from herotable.registry import new_game

    path = tmp_path / "game.json"
    save_game(new_game("cartographers", seed=1), path)
    _one_line_error(["cartographers", "cards", "--language", "de"], "unknown language 'de'")
    _one_line_error(["cartographers", "replay", str(path), "--language", "xx"],
                    "unknown language 'xx'")


def test_a_saved_cartographers_bot_seat_is_restored_and_bot_options_override_it() -> None:
    from herotable.cli import _bot_seats
    from herotable.core.saves import BotSeat

    saved = {1: BotSeat("random", 0.25), 2: BotSeat("greedy")}
    bots = _bot_seats(None, "cartographers", 3, saved)
    assert {seat: (bot.name, bot.seconds) for seat, bot in bots.items()} == {
        1: ("random", 0.25), 2: ("greedy", bots[2].seconds)}
    bots = _bot_seats(["2=greedy", "3=human"], "cartographers", 3, saved)
    assert {seat: bot.name for seat, bot in bots.items()} == {1: "greedy"}
