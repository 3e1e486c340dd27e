"""Replays in the terminal: a saved game rebuilt and stepped through, back and forth."""

from __future__ import annotations

from pathlib import Path

from typer.testing import CliRunner

from herotable.cartographers.config import GameConfig
from herotable.cartographers.game import CartographersGame
from herotable.cli import app
from herotable.core.saves import save_game
from herotable.dominaria.config import DominariaConfig
from herotable.dominaria.game import DominariaGame
from herotable.terminal.cartographers.render import action_words
from herotable.terminal.cartographers.replay import CartographersReplay
from herotable.terminal.dominaria.replay import DominariaReplay
from tests.terminal_helpers import recording, scripted

runner = CliRunner()


def finished(game):  # type: ignore[no-untyped-def]
    while not game.is_over:
        player = game.pending_players()[0]
        game.apply(player, game.legal_actions(player)[-1])
    return game


def screen_text(replay) -> str:  # type: ignore[no-untyped-def]
    console = recording()
    for item in replay.screen(replay.step):
        console.print(item)
    return console.export_text()


def test_cartographers_replay_steps_back_and_forth_and_jumps_to_a_season() -> None:
    game = finished(CartographersGame(GameConfig(players=2, names=("Ann", "Bob")), 5))
    replay = CartographersReplay(game, recording(), scripted([]))
    assert replay.last == len(game.log.entries)
    assert replay.handle("") is None and replay.step == 1
    player, action = replay.actions[0]
    said = action_words(game.parse_action(action), "en")  # in words: "Village: I8 I9"
    assert f"{('Ann', 'Bob')[player]}: {said}" in screen_text(replay)
    replay.handle("b")
    assert replay.step == 0
    assert "start of the game" in str(replay.handle("b"))
    replay.handle("season 3")
    seasons = [s.view(None).season_index for s in replay.states]
    assert seasons[replay.step] == 2 and seasons[replay.step - 1] == 1
    replay.handle("map 2")
    assert replay.seat == 1 and "Bob's map" in screen_text(replay)
    assert "no player 3" in str(replay.handle("map 3"))
    replay.handle("end")
    assert replay.step == replay.last
    assert replay.states[-1].view(None).sheets == game.view(None).sheets
    assert "last action" in str(replay.handle("n"))
    assert "Unknown command" in str(replay.handle("fly"))
    replay.handle("step 5")  # counted from 1, the start being step 1
    assert replay.step == 4
    assert "There is no step 0" in str(replay.handle("step 0")) and replay.step == 4


def test_dominaria_replay_jumps_to_a_round_and_never_names_a_kept_quest() -> None:
    game = finished(DominariaGame(DominariaConfig(players=2), 3))
    replay = DominariaReplay(game, recording(), scripted([]))
    replay.handle("round 4")
    assert replay.states[replay.step].round == 4
    assert replay.states[replay.step - 1].round == 3
    assert "no round 40" in str(replay.handle("round 40"))
    # The set-up keeps: the quests kept are secret then, and the screen says only how many.
    for step, (_player, action) in enumerate(replay.actions[:2], start=1):
        replay.handle(f"step {step + 1}")
        text = screen_text(replay)
        kept = action.split()[1:]
        assert "took 2 quests" in text
        for quest in kept:
            assert quest not in text
            assert replay.states[step].pack.quests[quest].name not in text


def test_replay_commands_read_a_save(tmp_path: Path) -> None:
    path = tmp_path / "carto.json"
    save_game(finished(CartographersGame(GameConfig(players=1), 2)), path)
    result = runner.invoke(app, ["cartographers", "replay", str(path)], input="n\nmap 1\nq\n")
    assert result.exit_code == 0, result.output
    assert "Replay · step 2 of " in result.stdout
    result = runner.invoke(app, ["dominaria", "replay", str(path)])
    assert result.exit_code == 2
    assert "is a saved game of cartographers" in result.output
    path = tmp_path / "dom.json"
    save_game(finished(DominariaGame(DominariaConfig(players=2), 1)), path)
    result = runner.invoke(app, ["dominaria", "replay", str(path)], input="round 2\nq\n")
    assert result.exit_code == 0, result.output
    assert "round 2/" in result.stdout


def test_a_season_scored_by_an_action_is_shown_once() -> None:
    game = finished(CartographersGame(GameConfig(players=1), 7))
    replay = CartographersReplay(game, recording(), scripted([]))
    replay.handle("season 2")  # just after the action that ended spring and scored it
    assert any(e["type"] == "season_scored" for e in replay.events[replay.step])
    assert screen_text(replay).count("Spring scores") == 1
    replay.handle("n")  # later in summer: the last season scored is still shown
    assert screen_text(replay).count("Spring scores") == 1


def test_superscript_numbers_are_unknown_commands_not_crashes() -> None:
    game = finished(CartographersGame(GameConfig(players=2), 6))
    replay = CartographersReplay(game, recording(), scripted([]))
    for line in ("step ²", "season ³", "map ²"):
        assert "Unknown command" in str(replay.handle(line))
    assert replay.step == 0 and replay.seat == 0
