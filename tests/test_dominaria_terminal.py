"""The Heroes of Dominaria terminal front end, driven by scripted lines and a recording
console."""

from __future__ import annotations

import io
import json
import re
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

import pytest
from rich.console import Console
from typer.testing import CliRunner

from herotable import rulebook
from herotable.bots import make_bot
from herotable.bots.base import Bot
from herotable.cli import app
from herotable.core.saves import BotSeat, load_game, load_save, save_game
from herotable.dominaria.actions import DominariaAction
from herotable.dominaria.config import DominariaConfig
from herotable.dominaria.game import DominariaGame
from herotable.dominaria.state import Choice
from herotable.terminal.dominaria import play_dominaria
from herotable.terminal.dominaria.layout import Canvas, line_cells, map_picture
from herotable.terminal.dominaria.presenter import (
    action_key,
    actions_view,
    flow,
    keyed_actions,
)
from herotable.terminal.dominaria.render import (
    action_echo,
    boards_table,
    event_texts,
    quest_text,
    requirement_text,
)
from herotable.terminal.dominaria.session import Session as DominariaSession
from herotable.terminal.words import term
from tests.dominaria_helpers import game_in_play, put_heroes
from tests.terminal_helpers import recording, scripted

runner = CliRunner()
ACTIONS_PER_TURN = 3  # then the script types the number of "end"


def new_game(seed: int = 1) -> DominariaGame:
    return DominariaGame(DominariaConfig(players=2, names=("Ann", "Bob")), seed)


FIRST = "<first>"  # in a script: the key of the first legal action, found when typed


def first_key(game: DominariaGame) -> str:
    player = game.pending_players()[0]
    view = game.view(player)
    return action_key(view, view.legal[0])


def play(game: DominariaGame, lines: Iterable[str], save_path: Path | None = None,
         console: Console | None = None) -> str:
    console = console or recording()
    typed = scripted(lines)

    def read_line(prompt: str) -> str:
        line = typed(prompt)
        return first_key(game) if line == FIRST else line

    play_dominaria(game, save_path=save_path, console=console, read_line=read_line)
    return console.export_text()


def first_then_end(game: DominariaGame) -> Callable[[str], str]:
    """Type the first legal action's key, or ``e`` (end) once a turn has had a few actions,
    so the whole game is played in a few hundred lines."""
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
                return "e"
            done_this_turn += 1
        return first_key(game)

    return read_line


# ---------------------------------------------------------------------- whole sessions


def test_typing_the_first_action_plays_a_whole_game_to_the_final_table() -> None:
    game = new_game()
    console = recording()
    play_dominaria(game, console=console, read_line=first_then_end(game))
    out = console.export_text()
    assert game.is_over
    assert "Final scores" in out
    assert "Winner" in out  # "Winners: ..." on a tie
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
    assert "Dominaria card this turn: mana " in out
    assert game.revealed is not None and game.revealed not in out  # no raw card id
    designed = len(pack.designed_records())
    assert (f"This game uses designed content for {designed} records (the printed cards are "
            "not public); see docs/dominaria-data.md") in out
    for location in pack.locations.values():
        assert location.name in out
    assert "mana pool" in out and "score so far" in out
    assert "[e] end your turn" in out
    assert f"{game.player_name(player)}>" not in out  # the prompt goes to read_line
    assert "End of input." in out


def test_refused_action_shows_the_rule_and_changes_nothing(monkeypatch) -> None:
    monkeypatch.setenv("LC_ALL", "en_US.UTF-8")
    game = game_in_play()
    before = game.to_json()
    out = play(game, ["move nowhere x", "recruit orvada pay W W W W W W"])
    assert "Not accepted: There is no location nowhere." in out
    assert "costs 4 of any colour + 1 white, and you cannot pay it." in out
    assert game.to_json() == before


def test_unreadable_lines_and_menu_numbers_are_explained() -> None:
    game = game_in_play()
    before = game.to_json()
    out = play(game, ["fly away", "1", "z99", "", "help"])
    assert "Cannot read that action: unknown action 'fly'" in out
    assert "There is no action 1: actions have keys like c7" in out
    # A key of no action offered now is said so, not handed to the notation reader.
    assert "No action has the key “z99” now" in out
    assert "unknown action 'z99'" not in out
    assert "Type the key of an action" in out
    assert "manalith hammerheim pay R R G W U" in out  # the help
    assert game.to_json() == before


def test_a_key_applies_that_legal_action() -> None:
    game = game_in_play()
    player = game.pending_players()[0]
    move = next(a for a in game.legal_actions(player) if a.verb == "move")
    expected = game.clone()
    expected.apply(player, move)
    key = action_key(game.view(player), move)
    assert key.startswith("m") and "-" in key
    out = play(game, [key])
    assert f"[{key}]" in out
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
    view = game.view(player)
    for quest in game.players[player].hand:
        assert game.pack.quests[quest].name in out
        assert quest_text(view, quest, "en", view.progress()[quest]) in out
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
    flat = " ".join(out.replace("│", " ").split())  # a long quest's text wraps in its panel
    for quest in choice.cards:
        assert game.pack.quests[quest].name in out
        assert quest_text(game.view(0), quest, "en") in flat
    hidden = game.players[1].choice
    assert hidden is not None
    assert all(quest_text(game.view(1), q, "en") not in flat for q in hidden.cards
               if q not in choice.cards)


def test_the_next_players_screen_does_not_name_the_quests_just_kept() -> None:
    game = new_game()
    out = play(game, [FIRST])  # Ann keeps two quests; Bob's screen follows
    bobs_screen = out[out.rindex(" Heroes of Dominaria "):]
    assert "Bob (Chandra) keeps 2 of 4 quests" in bobs_screen
    assert "Ann took 2 quests" in bobs_screen
    for quest in game.players[0].hand:
        assert quest not in bobs_screen
        assert game.pack.quests[quest].name not in bobs_screen


def test_save_and_load_give_the_same_game(tmp_path: Path) -> None:
    game = new_game()
    path = tmp_path / "game.json"
    out = play(game, [FIRST, FIRST, "save " + str(path), FIRST, FIRST])
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
    out = play(game, [FIRST, "quit", str(path)])
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
    assert "Orvada◆ W" in out and "Urborg B" in out  # Orvada is a start location
    # The Leyline: a double line with the owner's digit half-way along, between the labels.
    assert re.search(rf"Shanodin G [^│]*═?{tag}═[^│]*Orvada◆ W", out)


def test_location_table_is_shown_on_request() -> None:
    game = game_in_play()
    out = play(game, ["locations"])
    assert "Locations" in out and "links to" in out
    assert "hammerheim" in out  # ids, for typing actions
    assert "The map is shown as a table" in out


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
                           input="k12\nk12\nquit\nn\n")
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


# ---------------------------------------------------------------------- screen defects


def last_screen(out: str) -> list[str]:
    """The last screen drawn, from its header to the line before the end-of-input notice."""
    screen = out[out.rindex(" Heroes of Dominaria "):out.rindex("End of input.")]
    return screen.rstrip("\n").split("\n")


def test_a_whole_game_shows_no_raw_card_ids_and_no_literal_asterisks() -> None:
    game = new_game(seed=2)
    console = recording()
    play_dominaria(game, console=console, read_line=first_then_end(game))
    out = console.export_text()
    assert game.is_over
    assert not re.search(r"\bdom_\d+", out)
    assert "**" not in out


def test_heroes_are_told_apart_and_start_locations_are_marked() -> None:
    game = game_in_play()
    player = game.pending_players()[0]
    other = 1 - player
    put_heroes(game, player, "urborg", "urborg")
    put_heroes(game, other, "urborg")
    console = recording()
    console.print(map_picture(game.view(None)))
    out = console.export_text()
    mine, theirs = str(player + 1), str(other + 1)
    assert f"{mine}×2 {theirs}" in out or f"{theirs} {mine}×2" in out
    for loc in game.pack.locations.values():
        assert (f"{loc.name}◆" in out) == loc.start, loc.name
    assert "◆ start location" in out  # the legend says what the mark means


def test_action_keys_stay_the_same_after_other_actions() -> None:
    game = game_in_play()
    player = game.pending_players()[0]
    before = keyed_actions(game.view(player), game.legal_actions(player))
    move = next(a for a in game.legal_actions(player) if a.verb == "move")
    game.apply(player, move)
    after = keyed_actions(game.view(player), game.legal_actions(player))
    shared = set(before) & set(after)
    assert len(shared) >= 2  # collect and end at least
    assert all(before[key] == after[key] for key in shared)
    assert len(after) == len(game.legal_actions(player))  # one key per action


def test_rules_command_shows_the_reference_and_finds_the_cost_notation() -> None:
    out = play(game_in_play(), ["rules"])
    assert all(title in out for _, title in rulebook.sections("dominaria", "en"))
    found = play(game_in_play(), ["rules 4 W"])
    cost = next(entry for entry in rulebook.find("dominaria", "en", "4 W"))
    assert cost.title in found


def test_a_narrow_terminal_gets_a_warning_and_the_table_instead_of_the_picture() -> None:
    console = Console(record=True, width=80, height=24, file=io.StringIO())
    out = play(game_in_play(), [], console=console)
    screen = last_screen(out)
    warning = next(i for i, line in enumerate(screen) if "This screen needs 116" in line)
    rule = next(i for i, line in enumerate(screen) if "type a key or an action" in line)
    assert warning < rule and rule - warning <= 3  # right above the actions
    assert "╭─ Dominaria" not in out  # no wrapped picture
    assert max(len(line) for line in out.splitlines()) <= 80
    out = play(game_in_play(), ["locations"], console=console)
    assert "Locations" in "\n".join(last_screen(out))


def test_the_location_table_keeps_the_header_on_a_160x50_screen() -> None:
    console = Console(record=True, width=160, height=50, file=io.StringIO())
    out = play(game_in_play(), ["locations"], console=console)
    screen = last_screen(out)
    assert "Locations" in "\n".join(screen)
    assert len(screen) <= 50, len(screen)


def test_keep_keys_number_the_cards_as_shown() -> None:
    game = new_game()
    choice = game.players[0].choice
    assert choice is not None
    names = [game.pack.quests[q].name for q in choice.cards]
    out = play(game, [])
    assert f"[k12] {names[0]} + {names[1]}" in out
    assert f"[k34] {names[2]} + {names[3]}" in out


def test_another_seats_hand_count_is_its_real_hand_size() -> None:
    game = game_in_play()
    bob_hand = len(game.players[1].hand)
    assert bob_hand > 0
    console = recording()
    console.print(boards_table(game.view(0), 0))
    out = console.export_text()
    second_row = next(line for line in out.splitlines() if line.strip().startswith("2 "))
    assert f"{bob_hand} in hand" in second_row, out


TITLE = " Heroes of Dominaria "


def screen_shown(text: str) -> list[str]:
    """The last screen drawn in ``text``: from its title line (a bot's spinner comes before)."""
    return text[text.rindex(TITLE):].rstrip("\n").split("\n")


def words(text: str) -> str:
    return " ".join(text.split())


@pytest.mark.parametrize("size", [(80, 24), (160, 50)])
def test_the_title_stays_first_after_locations_and_help(size: tuple[int, int]) -> None:
    width, height = size
    console = Console(record=True, width=width, height=height, file=io.StringIO(),
                      force_terminal=True)
    game = game_in_play(players=4)
    screens: list[list[str]] = []
    pages: list[str] = []  # a reply too long for the screen, shown whole until Enter
    typed = scripted(["locations", "help", "locations", "help"])

    def read_line(prompt: str) -> str:
        shown = console.export_text(clear=True)
        if prompt == term("en", "common.page_back"):
            pages.append(shown)
            return ""
        screens.append(screen_shown(shown))
        return typed(prompt)

    play_dominaria(game, console=console, read_line=read_line)
    assert len(screens) == 5
    for screen in screens:
        assert screen[0].startswith(TITLE), screen[0]
        assert len(screen) <= height - 1, len(screen)
    # The help whole, under the screen where it fits, else as a page of its own: never cut.
    for screen in (screens[2], screens[4]):
        helped = any("Type the key of an action" in line for line in screen)
        assert helped or any("Type the key of an action" in page for page in pages)
    assert all("a bare u undoes" in page for page in pages)
    assert bool(pages) == (height < 50)


def test_an_action_is_echoed_unless_it_is_a_keep_in_the_session_and_the_replay() -> None:
    game = new_game()
    keep = game.legal_actions(game.pending_players()[0])[0]
    assert keep.verb == "keep"
    assert action_echo(0, "Ann", keep) == []
    assert action_echo(0, "Ann", str(keep)) == []  # a replay's action is the logged notation
    assert [t.plain for t in action_echo(0, "Ann", "end", "bold")] == ["1 Ann: End turn"]
    assert [t.plain for t in action_echo(1, "Ann", "end", language="ru")] == [
        "2 Ann: Завершить ход"]


# ---------------------------------------------------------------------- bots kept in a save


def bobs_keep_pending(path: Path, bots: dict[int, BotSeat] | None) -> DominariaGame:
    """A set-up saved after Ann kept her quests, Bob (seat 2) still choosing his."""
    game = new_game()
    game.apply(0, game.legal_actions(0)[0])
    assert game.pending_players() == [1]
    save_game(game, path, bots)
    return game


def test_a_loaded_game_keeps_its_bot_seats(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    bobs_keep_pending(path, {1: BotSeat("greedy")})
    result = runner.invoke(app, ["dominaria", "play", "--load", str(path)], input="quit\nn\n")
    assert result.exit_code == 0, result.output
    assert "Bob (Greedy bot) took 2 quests" in result.stdout  # the bot chose, not a person
    assert "Keep two of these four quests" not in result.stdout  # the bot's stay hidden


def test_a_bot_option_overrides_a_saved_bot_seat(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    bobs_keep_pending(path, {1: BotSeat("greedy")})
    result = runner.invoke(app, ["dominaria", "play", "--load", str(path), "--bot", "2=random"],
                           input="quit\nn\n")
    assert "Bob (Random bot) took 2 quests" in result.stdout
    bobs_keep_pending(path, {1: BotSeat("greedy")})  # the random bot's keep was saved
    result = runner.invoke(app, ["dominaria", "play", "--load", str(path), "--bot", "2=human"],
                           input="quit\nn\n")
    assert result.exit_code == 0, result.output
    assert "Keep two of these four quests" in result.stdout  # Bob's cards, to a person


def test_an_old_save_without_bots_loads_with_people_at_every_seat(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    bobs_keep_pending(path, {1: BotSeat("greedy")})
    document = json.loads(path.read_text())
    del document["bots"]
    path.write_text(json.dumps(document))
    result = runner.invoke(app, ["dominaria", "play", "--load", str(path)], input="quit\nn\n")
    assert result.exit_code == 0, result.output
    assert "Keep two of these four quests" in result.stdout  # Bob's cards, to a person


def test_the_session_saves_its_bot_seats(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    game = new_game()
    bots = {1: make_bot("dominaria", "greedy", seconds=0.5)}
    play_dominaria(game, save_path=path, console=recording(), read_line=scripted([FIRST]),
                   bots=bots)
    saved = load_save(path, {DominariaGame.name: DominariaGame})
    assert saved.bots == {1: BotSeat("greedy", 0.5)}
    assert saved.game.to_json() == game.to_json()


# ---------------------------------------------------------------------- what the screen says


def test_each_visible_quest_condition_shows_its_progress() -> None:
    game = game_in_play()
    player = game.pending_players()[0]
    quest = game.players[player].hand[0]
    game.players[player].started[quest] = {}  # started just now: counted from nothing
    game.players[player].hand.remove(quest)
    view = game.view(player)
    out = " ".join(play(game, []).split())
    for quest_id in [*game.players[player].hand, quest]:
        req = game.pack.quests[quest_id]
        counted = req.requires if quest_id == quest or not req.needs_start else req.start
        for condition, done in zip(counted, view.progress()[quest_id], strict=True):
            said = requirement_text(view, condition, "en")
            assert f"{said} ({done['value']}/{done['at_least']})" in out
    public = " ".join(play(game_in_play(), ["quests"]).split())
    view = game_in_play().view(player)
    for quest_id, public_quest in game.pack.public_quests.items():
        for condition, done in zip(public_quest.requires, view.progress()[quest_id],
                                   strict=True):
            said = requirement_text(view, condition, "en")
            assert f"{said} ({done['value']}/{done['at_least']})" in public


def test_the_other_seats_accomplishments_and_public_tiles_are_shown() -> None:
    game = game_in_play()
    player = game.pending_players()[0]
    other = game.players[1 - player]
    quest = other.hand.pop()
    other.accomplished.append(quest)
    public = next(iter(game.pack.public_quests))
    other.public.append((public, 10))
    out = play(game, [])
    names = game.pack.quests[quest].name, game.pack.public_quests[public].name
    line = next(line for line in out.splitlines() if "accomplishments" in line)
    assert line.strip().startswith(f"{2 - player} ")  # the other seat's digit
    assert f"accomplishments {names[0]}; public quest tiles {names[1]} (10 VP)" in line


def test_a_manalith_token_in_the_pool_shows_as_on_the_map() -> None:
    game = game_in_play()
    game.players[0].manalith_tokens.add("U")
    console = recording()
    console.print(boards_table(game.view(0), 0))
    first_row = next(line for line in console.export_text().splitlines()
                     if line.strip().startswith("1 "))
    assert "U0+▲1" in first_row  # no blue mana, and player 1's blue Manalith token
    assert "▲" not in first_row.replace("U0+▲1", "")


def test_collects_left_follow_an_artifact_that_gives_two() -> None:
    game = game_in_play()
    player = game.pending_players()[0]
    game.players[player].artifacts.append("brass_mana_funnel")
    # Two Heroes where there is mana to collect, so a second collect is offered.
    places = [loc for loc, mana in game.map_mana.items()
              if mana and not game.cabal_tokens.get(loc)][:2]
    put_heroes(game, player, *places)

    def collect_row() -> str:
        view = game.view(player)
        console = recording()
        console.print(actions_view(view, player, view.legal, 120))
        return next(line for line in console.export_text().splitlines()
                    if line.startswith("collect"))

    assert "2 left: all the mana at one location" in collect_row()
    assert "once a turn" not in collect_row()
    game.apply(player, next(a for a in game.legal_actions(player) if a.verb == "collect"))
    assert "1 left: all the mana at one location" in collect_row()


def choice_pending() -> DominariaGame:
    """A game in play whose seat to act is looking at two quests, keeping one."""
    game = game_in_play()
    player = game.pending_players()[0]
    state = game.players[player]
    state.choice = Choice("quest", [game.quest_deck.pop(), game.quest_deck.pop()])
    assert {a.verb for a in game.legal_actions(player)} == {"keep"}
    return game


@pytest.mark.parametrize("typed", ["e", "m3-7", "c2", "move orvada urborg", "end"])
def test_a_key_of_another_kind_during_a_choice_says_what_is_expected(typed: str) -> None:
    game = choice_pending()
    before = game.to_json()
    out = play(game, [typed])
    assert "First choose the cards to keep: type one of k1, k2." in out
    assert "unknown action" not in out and "Not accepted" not in out
    assert game.to_json() == before


def test_a_key_of_another_kind_before_the_starting_hero_says_what_is_expected() -> None:
    game = new_game()
    for _ in range(2):
        game.apply(game.pending_players()[0], game.legal_actions(game.pending_players()[0])[0])
    assert game.stage == "heroes"
    out = play(game, ["e"])
    assert "First place your starting Hero: type one of p" in out
    out = play(choice_pending(), ["k3"])  # a keep key not offered is said so, as before
    assert "No action has the key “k3” now" in out


PAGE_BACK = "Enter: back to the game"
SCREENS = 30  # a few rounds: later turns do more


@pytest.mark.parametrize("width, height", [(120, 55), (80, 24)])
def test_the_bots_turns_fit_the_screen_or_come_as_a_page_first(width: int,
                                                                 height: int) -> None:
    game = DominariaGame(DominariaConfig(players=4), seed=1)
    bots = {seat: make_bot("dominaria", "greedy", seat) for seat in (1, 2, 3)}
    console = Console(record=True, width=width, height=height, file=io.StringIO(),
                      force_terminal=True)
    session = DominariaSession(game, None, console, scripted([]), bots)
    plays_for_person = make_bot("dominaria", "greedy", 99)
    since: list[str] = []
    moved = session.bot_moved

    def bot_moved(seat: int, bot: Bot, action: DominariaAction,
                  events: list[dict[str, Any]]) -> None:
        lines = [t.plain for t in event_texts(game.view(None), events, session.bot_label)]
        if not lines and action.verb != "keep":
            lines = [t.plain for t in action_echo(seat, session.bot_label(seat), action)]
        since.extend(lines)
        moved(seat, bot, action, events)

    screens = pages = 0
    page = ""

    def person(prompt: str) -> str:
        nonlocal screens, pages, page
        shown = console.export_text(clear=True)
        if prompt.startswith(PAGE_BACK):  # a page of what happened, before the screen
            pages += 1
            page = words(shown)
            return ""
        screens += 1
        if screens > SCREENS:
            raise EOFError
        screen = screen_shown(shown)
        assert screen[0].startswith(TITLE), screen[0]
        assert len(screen) <= height - 1, len(screen)
        # Nothing of the log dropped (fit_log's notices).
        assert "older line" not in shown and "the newest's last" not in shown
        missing = [line for line in since
                   if words(line) not in words("\n".join(screen)) and words(line) not in page]
        assert not missing, missing
        since.clear()
        page = ""
        return str(plays_for_person.decide(game.view(0), game.legal_actions(0)))

    session.bot_moved = bot_moved  # type: ignore[method-assign]
    session.read_line = person
    session.run()
    assert screens > SCREENS and pages >= 1
