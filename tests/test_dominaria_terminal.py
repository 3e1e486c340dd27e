"""The Heroes of Dominaria terminal front end, driven by scripted lines and a recording
console."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from pathlib import Path

from typer.testing import CliRunner

from herotable.cli import app
from herotable.core.saves import load_game, save_game
from herotable.dominaria.config import DominariaConfig
from herotable.dominaria.game import DominariaGame
from herotable.terminal.dominaria import play_dominaria
from herotable.terminal.dominaria.layout import Canvas, line_cells, map_picture
from herotable.terminal.dominaria.presenter import flow
from tests.dominaria_helpers import game_in_play, put_heroes
from tests.terminal_helpers import recording, scripted

runner = CliRunner()
ACTIONS_PER_TURN = 3  # then the script types the number of "end"


def new_game(seed: int = 1) -> DominariaGame:
    return DominariaGame(DominariaConfig(players=2, names=("Ann", "Bob")), seed)


def play(game: DominariaGame, lines: Iterable[str], save_path: Path | None = None) -> str:
    console = recording()
    play_dominaria(game, save_path=save_path, console=console, read_line=scripted(lines))
    return console.export_text()


def first_then_end(game: DominariaGame) -> Callable[[str], str]:
    """Type 1 (the first legal action), or the number of ``end`` once a turn has had a few
    actions, so the whole game is played in a few hundred lines."""
    calls = 0
    done_this_turn = 0

    def read_line(prompt: str) -> str:
        nonlocal calls, done_this_turn
        calls += 1
        assert calls < 2000, "the game does not end"
        verbs = [a.verb for a in game.legal_actions(game.pending_players()[0])]
        if "end" in verbs:  # a turn of the play stage
            if done_this_turn >= ACTIONS_PER_TURN or verbs[0] == "end":
                done_this_turn = 0
                return str(verbs.index("end") + 1)
            done_this_turn += 1
        return "1"

    return read_line


# ---------------------------------------------------------------------- whole sessions


def test_typing_the_first_action_plays_a_whole_game_to_the_final_table() -> None:
    game = new_game()
    console = recording()
    play_dominaria(game, console=console, read_line=first_then_end(game))
    out = console.export_text()
    assert game.is_over
    assert "Final scores" in out
    assert "Winner:" in out
    final = out[out.rindex("Final scores"):].splitlines()
    for standing in game.standings():
        row = next(line for line in final if game.player_name(standing.player) in line).split()
        assert row[0] == str(standing.rank)
        assert row[-2:] == [str(standing.total), str(standing.tiebreak)]
    assert "Keep two of these four quests" in out  # set-up showed the quests dealt
    assert "place" in out and "end your turn" in out


def test_the_screen_shows_map_boards_actions_and_the_designed_content_warning() -> None:
    game = game_in_play()
    player = game.pending_players()[0]
    out = play(game, [])
    pack = game.pack
    assert f"round {game.round}/{game.config.rounds}" in out
    assert f"Dominaria card this turn: {game.revealed}" in out
    designed = len(pack.designed_records())
    assert (f"This game uses designed content for {designed} records (the printed cards are "
            "not public); see docs/dominaria-data.md") in out
    for location in pack.locations.values():
        assert location.name in out
    assert "mana pool" in out and "score so far" in out
    assert "[1]" in out and "end your turn" in out
    assert f"{game.player_name(player)}>" not in out  # the prompt goes to read_line
    assert "End of input." in out


def test_refused_action_shows_the_rule_and_changes_nothing() -> None:
    game = game_in_play()
    before = game.to_json()
    out = play(game, ["move nowhere x", "recruit orvada pay W W W W W W"])
    assert "Refused (unknown_location): unknown location 'nowhere'" in out
    assert "Refused (mana)" in out
    assert game.to_json() == before


def test_unreadable_lines_and_numbers_out_of_range_are_explained() -> None:
    game = game_in_play()
    before = game.to_json()
    count = len(game.legal_actions(game.pending_players()[0]))
    out = play(game, ["fly away", str(count + 1), "", "help"])
    assert "Cannot read that action: unknown action 'fly'" in out
    assert f"There is no action {count + 1}; pick 1 to {count}." in out
    assert "Type the number of an action" in out
    assert "manalith hammerheim pay R R G W U" in out  # the help
    assert game.to_json() == before


def test_a_number_applies_that_legal_action() -> None:
    game = game_in_play()
    player = game.pending_players()[0]
    first = game.legal_actions(player)[0]
    expected = game.clone()
    expected.apply(player, first)
    play(game, ["1"])
    assert game.to_json() == expected.to_json()


def test_an_action_in_notation_is_applied() -> None:
    game = game_in_play()
    player = game.pending_players()[0]
    move = next(a for a in game.legal_actions(player) if a.verb == "move")
    play(game, [str(move)])
    assert game.log.entries[-1].action == str(move)


def test_only_the_acting_players_quests_are_shown() -> None:
    game = game_in_play()
    player = game.pending_players()[0]
    other = 1 - player
    out = play(game, [])
    for quest in game.players[player].hand:
        assert game.pack.quests[quest].name in out
        assert game.pack.quests[quest].text in out
    for quest in game.players[other].hand:
        if quest not in game.players[player].hand:
            assert game.pack.quests[quest].name not in out
    assert f"{game.player_name(player)}'s quests (hidden from the other players)" in out
    assert f"{len(game.players[other].hand)} in hand" in out


def test_set_up_shows_the_four_quests_dealt_with_their_text() -> None:
    game = new_game()
    out = play(game, [])
    choice = game.players[0].choice
    assert choice is not None
    for quest in choice.cards:
        assert game.pack.quests[quest].name in out
        assert game.pack.quests[quest].text in out
    hidden = game.players[1].choice
    assert hidden is not None
    assert all(game.pack.quests[q].text not in out for q in hidden.cards
               if q not in choice.cards)


def test_the_next_players_screen_does_not_name_the_quests_just_kept() -> None:
    game = new_game()
    out = play(game, ["1"])  # Ann keeps two quests; Bob's screen follows
    bobs_screen = out[out.rindex(" Heroes of Dominaria "):]
    assert "Bob (Chandra) keeps 2 of 4 quests" in bobs_screen
    assert "Ann keeps 2 quests" in bobs_screen
    for quest in game.players[0].hand:
        assert quest not in bobs_screen
        assert game.pack.quests[quest].name not in bobs_screen


def test_save_and_load_give_the_same_game(tmp_path: Path) -> None:
    game = new_game()
    path = tmp_path / "game.json"
    out = play(game, ["1", "1", "save " + str(path), "1", "1"])
    assert f"Saved to {path}" in out
    loaded = load_game(path, {DominariaGame.name: DominariaGame})
    assert loaded.to_json() == game.to_json()  # saved again after every later action
    assert len(game.log.entries) == 4
    out = play(loaded, [], save_path=path)
    assert "Resuming a saved game." in out
    assert f"herotable dominaria play --load {path}" in out


def test_quit_offers_to_save(tmp_path: Path) -> None:
    game = new_game()
    path = tmp_path / "left.json"
    out = play(game, ["1", "quit", str(path)])
    assert "Resume with: herotable dominaria play --load" in out
    assert load_game(path, {DominariaGame.name: DominariaGame}).to_json() == game.to_json()
    out = play(new_game(), ["quit", ""])
    assert "Left without saving." in out


def test_leylines_and_pieces_are_drawn_on_the_map() -> None:
    game = game_in_play()
    player = game.pending_players()[0]
    state = put_heroes(game, player, "orvada", "urborg")
    state.leylines.append(game.pack.link_key("orvada", "shanodin"))  # side by side
    state.manaliths.append("orvada")
    game.cabal_tokens["urborg"] = 2
    game.artifact_tokens["orvada"] = 1
    console = recording()
    console.print(map_picture(game.view(None)))
    out = console.export_text()
    tag = str(player + 1)
    assert f"{tag} ▲{tag} ✦" in out  # Orvada: a Hero, a Manalith, an artifact token
    assert f"{tag} ☠2" in out  # Urborg: a Hero and two Cabal tokens
    assert "Orvada W" in out and "Urborg B" in out
    # The Leyline: stars with the owner's digit half-way along, between the two labels.
    assert re.search(rf"Shanodin G .*\*{tag}\*.* Orvada W", out)


def test_location_table_is_shown_on_request() -> None:
    game = game_in_play()
    out = play(game, ["locations"])
    assert "Locations" in out and "neighbours" in out
    assert "hammerheim" in out  # ids, for typing actions


# ---------------------------------------------------------------------- drawing helpers


def test_line_cells_runs_from_end_to_end() -> None:
    assert line_cells((0, 0), (0, 3)) == [(0, 0), (0, 1), (0, 2), (0, 3)]
    assert line_cells((2, 2), (0, 0)) == [(2, 2), (1, 1), (0, 0)]
    cells = line_cells((0, 0), (2, 7))
    assert cells[0] == (0, 0) and cells[-1] == (2, 7) and len(cells) == 8


def test_canvas_claims_the_cells_it_writes() -> None:
    from rich.text import Text

    canvas = Canvas(10, 3)
    canvas.write(1, 2, Text("abc"))
    assert not canvas.is_free(1, 0, 3, 1)
    assert canvas.is_free(0, 0, 10, 1)
    assert not canvas.is_free(2, 8, 3, 1)  # past the right edge
    assert [line.plain for line in canvas.lines()] == ["", "  abc", ""]


def test_flow_wraps_between_items_only() -> None:
    from rich.text import Text

    text = flow([Text("aaaa"), Text("bbbb"), Text("cccc")], width=10)
    assert text.plain == "aaaa  bbbb\ncccc"


# ---------------------------------------------------------------------- the command line


def test_cli_refuses_five_players_in_one_line() -> None:
    result = runner.invoke(app, ["dominaria", "play", "--players", "5"])
    assert result.exit_code == 2
    assert "2 to 4 players, not 5" in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1
    assert "Traceback" not in result.output


def test_cli_refuses_an_unknown_planeswalker() -> None:
    result = runner.invoke(app, ["dominaria", "play", "--planeswalkers", "teferi,nobody"])
    assert result.exit_code == 2
    assert "unknown planeswalker 'nobody'" in result.stderr


def test_cli_play_and_quit() -> None:
    result = runner.invoke(app, ["dominaria", "play", "--seed", "1", "--names", "Ann,Bob",
                                 "--planeswalkers", "karn,jhoira", "--two-mana"],
                           input="quit\n\n")
    assert result.exit_code == 0, result.output
    assert "Keep two of these four quests" in result.stdout
    assert "Ann (Karn)" in result.stdout
    assert "Left without saving." in result.stdout


def test_cli_save_and_load(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    result = runner.invoke(app, ["dominaria", "play", "--seed", "4", "--save", str(path)],
                           input="1\n1\nquit\nn\n")
    assert result.exit_code == 0, result.output
    saved = load_game(path, {DominariaGame.name: DominariaGame})
    assert len(saved.log.entries) == 2
    result = runner.invoke(app, ["dominaria", "play", "--load", str(path)], input="quit\nn\n")
    assert result.exit_code == 0, result.output
    assert "Resuming a saved game." in result.stdout


def test_cli_refuses_a_corrupt_save(tmp_path: Path) -> None:
    game = new_game()
    path = tmp_path / "game.json"
    save_game(game, path)
    path.write_text(path.read_text()[:50])
    result = runner.invoke(app, ["dominaria", "play", "--load", str(path)])
    assert result.exit_code == 2
    assert "not valid JSON" in result.stderr
