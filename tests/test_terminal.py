"""The terminal front end, driven by scripted input lines and a recording console."""

from __future__ import annotations

import io
import re
from collections.abc import Callable, Iterable
from pathlib import Path

import pytest
from rich.console import Console, RenderableType

from herotable import rulebook
from herotable.cartographers.cards import FALLBACK_TERRAINS
from herotable.cartographers.config import EDICTS, GameConfig
from herotable.cartographers.game import CartographersGame, Decision, SeasonScore
from herotable.cartographers.grid import FULL, bit, mask_from_names
from herotable.cartographers.scoring import score_card
from herotable.cartographers.shapes import Shape
from herotable.cartographers.sheet import MapSheet
from herotable.core.errors import NotationError
from herotable.core.saves import load_game
from herotable.messages import message
from herotable.terminal.cartographers import Editor, Session, play_cartographers
from herotable.terminal.cartographers.render import (
    Overlay,
    card_panel,
    final_view,
    legend,
    map_view,
    season_preview,
    season_table,
    setup_line,
    status_line,
)
from herotable.terminal.words import term
from tests.terminal_helpers import recording, scripted

# Seed 3 opens with Frontier Dwelling (XXX/.X./.X., village or farm) on side C, whose
# mountain B2 lets a test place a shape on a filled cell.
SEED = 3


def new_game(players: int = 1, seed: int = SEED) -> CartographersGame:
    names = ("Ann", "Bob", "Cid")[:players] if players > 1 else ()
    return CartographersGame(GameConfig(players=players, names=names), seed)


def play(game: CartographersGame, lines: Iterable[str], save_path: Path | None = None,
         language: str | None = "en") -> str:
    """What the terminal printed; ``language`` None takes the environment's, as the command
    line does when none is asked for."""
    console = recording()
    play_cartographers(game, save_path=save_path, language=language, console=console,
                       read_line=scripted(lines))
    return console.export_text()


def confirm_always(game: CartographersGame, seen: set[str]) -> Callable[[str], str]:
    """Type ``c`` at every prompt, noting the kinds of decision met on the way."""
    calls = 0

    def read_line(prompt: str) -> str:
        nonlocal calls
        calls += 1
        assert calls < 500, "the game does not end"
        pending = game.pending_players()
        decision = game.decision(pending[0]) if pending else None
        if decision is not None:
            seen.add(decision.kind)
        return "c"

    return read_line


def rendered(renderable: RenderableType) -> str:
    console = recording()
    console.print(renderable)
    return console.export_text()


# ---------------------------------------------------------------------- whole games


def test_editor_starts_with_the_printed_shape_in_the_middle() -> None:
    editor = Editor.start(new_game().view(0))
    assert editor.mask == mask_from_names(["E5", "E6", "E7", "F6", "G6"])
    assert editor.problem() is None


def test_solo_game_confirmed_at_once_reaches_the_end() -> None:
    game = new_game()
    seen: set[str] = set()
    console = recording()
    play_cartographers(game, console=console, read_line=confirm_always(game, seen))
    out = console.export_text()
    assert game.is_over
    assert {"draw", "hero", "destroy"} <= seen  # the start placement is legal for each kind
    assert "Final scores" in out
    assert "Solo rating" in out
    assert game.solo_rating() < -30  # confirming at once plays badly: no title
    assert "Title: none (the lowest title needs a rating of -30)" in out
    assert "Spring scores" in out


def test_hot_seat_game_names_the_player_and_the_map() -> None:
    game = new_game(players=2)
    seen: set[str] = set()
    console = recording()
    play_cartographers(game, console=console, read_line=confirm_always(game, seen))
    out = console.export_text()
    assert game.is_over
    assert "monster" in seen
    assert "Ann: draw the card on your map" in out
    assert "Bob: draw the card on your map" in out
    assert "draw the monster on Ann's map" in out or "draw the monster on Bob's map" in out
    assert "Winner" in out  # "Winners: Ann and Bob" on a tie


# ---------------------------------------------------------------------- the editor


def test_moves_and_rotation_put_the_shape_where_expected() -> None:
    game = new_game()
    assert game.decision(0) == Decision("draw", 0, "frontier_dwelling")
    # From A2, two right to A4, turned: the bar now stands on the right (A6 B6 C6) with the
    # stem pointing left (B4 B5); t switches village -> farm.
    play(game, ["A2", "dd r", "t", "c"])
    assert game.sheets[0].farm == mask_from_names(["A6", "B4", "B5", "B6", "C6"])
    assert game.sheets[0].village == 0


def test_chained_commands_and_cell_jump() -> None:
    game = new_game()
    play(game, ["E5 md c"])
    # Top-left at E5, mirrored (symmetric: no change), one right: E6 E7 E8 F7 G7.
    assert game.sheets[0].village == mask_from_names(["E6", "E7", "E8", "F7", "G7"])


def test_illegal_placement_is_explained_and_refused_without_change(monkeypatch) -> None:
    monkeypatch.setenv("LC_ALL", "en_GB.UTF-8")
    game = new_game()
    before = game.to_json()
    out = play(game, ["B1", "c"])
    assert "not allowed: B2 is a mountain" in out
    assert "Not accepted: Already filled: B2." in out
    assert game.to_json() == before


def test_a_refusal_is_shown_in_the_language_the_environment_asks_for(monkeypatch) -> None:
    monkeypatch.delenv("LC_ALL", raising=False)
    monkeypatch.delenv("LC_MESSAGES", raising=False)
    monkeypatch.setenv("LANG", "ru_RU.UTF-8")
    out = play(new_game(), ["B1", "c"], language=None)
    assert "Ход не принят: Уже заполнено: B2." in out
    monkeypatch.setenv("LANG", "xx_XX.UTF-8")  # no catalogue: English
    out = play(new_game(), ["B1", "c"], language=None)
    assert "Not accepted: Already filled: B2." in out


def test_unknown_command_and_edge_are_reported() -> None:
    game = new_game()
    out = play(game, ["wq", "L5", "A9 d"])
    assert "Unknown command “wq”" in out
    assert "edge of the map" in out
    assert "'L5' is not a cell" in out
    assert not game.log.entries


def editor_after(lines: list[str], seed: int = 42) -> tuple[CartographersGame, Editor, str]:
    """Type the lines at the first decision of a solo game; the game, a fresh editor moved
    as the lines say (to compare masks) and what was printed."""
    game = CartographersGame(GameConfig(players=1), seed)
    console = recording()
    session = Session(game, None, "en", console, scripted([]))
    editor = Editor.start(game.view(0))
    for line in lines:
        outcome = session.handle(line, editor)
        console.print(*outcome.messages)
    return game, editor, console.export_text()


def test_a_cell_jump_then_rotate_on_one_line_rotates_and_does_not_confirm() -> None:
    game, editor, out = editor_after(["C3r"])
    _, expected, _ = editor_after(["C3", "r"])
    assert not game.log.entries
    assert "Ignored" not in out
    _, unturned, _ = editor_after(["C3"])
    assert editor.mask == expected.mask != unturned.mask


def test_a_cell_jump_then_terrain_keys_cycle_the_terrain_without_confirming() -> None:
    game, editor, _ = editor_after(["C3ttt"])
    _, expected, _ = editor_after(["C3", "t", "t", "t"])
    assert not game.log.entries
    assert (editor.row, editor.col) == (2, 2)
    assert (editor.mask, editor.terrain) == (expected.mask, expected.terrain)


def test_a_cell_jump_then_a_move_moves_and_is_not_unknown() -> None:
    game, editor, out = editor_after(["D2d"])
    assert "Unknown" not in out
    assert not game.log.entries
    assert (editor.row, editor.col) == (3, 2)


def test_a_word_starting_with_c_is_refused_whole_and_never_confirms() -> None:
    game, editor, out = editor_after(["cards"])
    _, fresh, _ = editor_after([])
    assert not game.log.entries
    assert "Unknown command “cards”" in out
    assert editor.mask == fresh.mask


def test_a_line_with_an_unknown_part_changes_nothing() -> None:
    game, editor, out = editor_after(["dd r x"])
    _, fresh, _ = editor_after([])
    assert "Unknown command “x”" in out
    assert (editor.mask, editor.orientation) == (fresh.mask, fresh.orientation)
    assert not game.log.entries


def test_c_inside_a_word_does_not_confirm_but_on_its_own_it_does() -> None:
    game, _, out = editor_after(["ddc"])
    assert not game.log.entries
    assert "“dd c”" in out
    game, _, out = editor_after(["c dd"])
    assert not game.log.entries
    assert "goes last" in out
    for word in ("c", "ok", "confirm", "dd c"):
        game, _, _ = editor_after([word])
        assert len(game.log.entries) == 1, word


def test_help_shows_the_four_scoring_cards_rules() -> None:
    game = new_game()
    out = play(game, ["?"])
    for card_id in game.scoring:
        card = game.cards.scoring[card_id]
        assert message(f"scoring.{card_id}.text") in out  # the catalogue's words, as the page's
        assert card.names.get("en") in out
    assert "this season's are marked" in out


def test_the_screen_shows_the_stars_if_the_season_ended_after_this_placement() -> None:
    game = new_game()
    editor = Editor.start(game.view(0))
    after = game.sheets[0].copy()
    after.draw(editor.mask, editor.terrain)
    season = game.cards.seasons[0]
    expected = [score_card(game.scoring[EDICTS.index(letter)], after).stars
                for letter in season.edicts]
    text = rendered(season_preview(game.view(0), editor.action()))
    assert text.startswith("If the season ended now: ")
    assert [int(n) for n in re.findall(r"(\d+)★", text)] == expected
    assert "If the season ended now" in play(game, [])


def test_the_season_preview_counts_the_shape_under_the_cursor() -> None:
    # Spring scores edicts A and B; A is Sentinel Wood: 1 star per forest cell on the edge.
    # Timber Grove's coin shape XX/.X drawn on A1 A2 B2 puts two forest cells on the edge.
    empty = "\n".join(["..........."] * 11)
    config = GameConfig(players=1, scoring_boxes=("base",), deck=("timber_grove",),
                        maps=(empty,), scoring=(
                            "sentinel_wood", "canal_lake", "wildholds", "borderlands"))
    game = CartographersGame(config, SEED)
    assert game.cards.seasons[0].edicts == ("A", "B")
    view = game.view(0)
    before = rendered(season_preview(view, None))
    with_forest = rendered(season_preview(view, game.parse_action("draw forest A1 A2 B2")))
    assert "Sentinel Wood 0★" in before
    assert "not allowed" in before
    assert "Sentinel Wood 2★" in with_forest
    assert "Canal Lake 0★" in with_forest


def test_arrow_keys_move_like_wasd() -> None:
    game = new_game()
    # Without readline, arrow keys arrive as escape sequences on the typed line.
    play(game, ["A2", "\x1b[C\x1bOC\x1b[B", "c"])
    assert game.sheets[0].village == mask_from_names(["B4", "B5", "B6", "C5", "D5"])


def test_help_and_scores_commands() -> None:
    out = play(new_game(), ["?", "scores"])
    assert "rotate clockwise" in out
    assert "No season has been scored yet." in out


def test_rotate_four_times_and_mirror_twice_are_identities() -> None:
    game = new_game()
    editor = Editor.start(game.view(0))
    editor.jump(4, 4)
    start = editor.mask
    for _ in range(4):
        editor.rotate()
    assert editor.mask == start
    editor.rotate()  # the T on its side is not left-right symmetric, so mirroring shows
    turned = editor.mask
    editor.mirror()
    assert editor.mask != turned
    editor.mirror()
    assert editor.mask == turned


def test_turning_a_long_shape_does_not_make_it_creep() -> None:
    editor = Editor.start(new_game().view(0))
    editor.shapes = (Shape.from_art("XXX/X.X"),)  # 3 x 2: its centre is between cells
    editor.jump(4, 4)
    start = editor.mask
    for _ in range(2):
        editor.rotate()
        editor.rotate()
        assert editor.mask != start
        editor.rotate()
        editor.rotate()
        assert editor.mask == start


def test_hero_attack_turns_with_r() -> None:
    game = new_game()
    while game.decision(0) is None or game.decision(0).kind != "hero":  # type: ignore[union-attr]
        game.apply(0, game.legal_actions(0)[0])
    hero = game.cards.heroes[game.decision(0).card]  # type: ignore[union-attr]
    editor = Editor.start(game.view(0))
    row, col = editor.row, editor.col
    out = play(game, ["r", "c"])
    assert "attack turned 90°" in out
    assert game.sheets[0].hero & bit(row, col)
    assert game.sheets[0].attack & hero.attack_mask(row, col, 1) == hero.attack_mask(row, col, 1)


def test_hero_attack_does_not_turn_when_hero_turning_is_off() -> None:
    game = CartographersGame(GameConfig(hero_turns=False), SEED)
    while game.decision(0) is None or game.decision(0).kind != "hero":  # type: ignore[union-attr]
        game.apply(0, game.legal_actions(0)[0])
    hero = game.cards.heroes[game.decision(0).card]  # type: ignore[union-attr]
    editor = Editor.start(game.view(0))
    row, col = editor.row, editor.col
    assert "turn the attack" not in editor.hint().plain
    assert "heroes yes, attack patterns as printed" in setup_line(game.config).plain
    out = play(game, ["r", "c"])
    assert "drawn as printed in this game (hero turning is off)" in out
    assert game.sheets[0].attack & hero.attack_mask(row, col, 0) == hero.attack_mask(row, col, 0)


def test_destroy_cursor_moves_between_allowed_cells() -> None:
    game = new_game()
    game.pending[0] = Decision("destroy", 0, "gorgon_gaze", allowed=mask_from_names(
        ["C3", "C7", "F3"]), reason="gorgon")
    editor = Editor.start(game.view(0))
    assert (editor.row, editor.col) == (5, 2)  # F3, the allowed cell nearest the middle
    editor.move(-1, 0)
    assert (editor.row, editor.col) == (2, 2)  # C3: straight up
    editor.move(0, 1)
    assert (editor.row, editor.col) == (2, 6)  # C7: straight right
    assert editor.move(0, 1) is not None  # nothing further right
    editor.move(1, 0)
    assert (editor.row, editor.col) == (5, 2)  # F3: the only cell below
    editor.jump(0, 0)
    assert "cannot be destroyed now" in (editor.problem() or "")


def test_fallback_draws_one_cell_of_any_terrain() -> None:
    game = new_game()
    sheet = game.sheets[0]
    sheet.draw(FULL & ~sheet.filled & ~bit(10, 10) & ~bit(10, 8), "forest")
    game.pending[0] = Decision("draw", 0, game.current or "", fallback=True)
    editor = Editor.start(game.view(0))
    assert editor.terrains == FALLBACK_TERRAINS
    out = play(game, ["tt", "c"])
    assert "No shape fits your map" in out
    assert game.sheets[0].farm == bit(10, 8)


# ---------------------------------------------------------------------- raw actions, saving


def test_raw_actions_in_notation(monkeypatch) -> None:
    monkeypatch.setenv("LC_ALL", "C.UTF-8")  # no catalogue for "c": English
    game = new_game()
    out = play(game, ["!draw lava A1", "!hero A1", "!draw farm E5 E6 E7 F6 G6"])
    assert "Cannot read that action" in out
    assert "Not accepted: A draw action is owed now, not hero A1" in out
    assert game.sheets[0].farm == mask_from_names(["E5", "E6", "E7", "F6", "G6"])


def test_autosave_then_load_gives_the_same_game(tmp_path: Path) -> None:
    game = new_game()
    path = tmp_path / "game.json"
    out = play(game, ["c", "c"], save_path=path)
    assert len(game.log.entries) == 2
    loaded = load_game(path, {"cartographers": CartographersGame})
    assert loaded.to_json() == game.to_json()
    assert "Game saved to" in out  # end of input saves too


def test_save_command_and_quit_offer(tmp_path: Path) -> None:
    game = new_game()
    first, second = tmp_path / "one.json", tmp_path / "two.json"
    out = play(game, [f"save {first}", "c", "quit", "y"])
    assert "Saved to" in out
    # After "save FILE" every move is saved there, and quit saves there again.
    loaded = load_game(first, {"cartographers": CartographersGame})
    assert loaded.to_json() == game.to_json()
    game = new_game()
    play(game, ["quit", str(second)])
    assert load_game(second, {"cartographers": CartographersGame}).to_json() == game.to_json()


def test_quit_answered_no_saves_nothing(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    out = play(new_game(), ["quit", "n"])
    assert "Left without saving." in out
    assert list(tmp_path.iterdir()) == []


def test_end_of_input_and_interrupt_leave_quietly(tmp_path: Path) -> None:
    game = new_game()
    out = play(game, [])
    assert "End of input." in out and "not saved" in out

    def interrupt(prompt: str) -> str:
        raise KeyboardInterrupt

    console = recording()
    path = tmp_path / "int.json"
    play_cartographers(game, save_path=path, console=console, read_line=interrupt)
    assert "Interrupted." in console.export_text()
    assert path.exists()


# ---------------------------------------------------------------------- rendering


def test_map_view_has_the_frame_and_the_preview() -> None:
    game = new_game()
    text = rendered(map_view(game.sheets[0], Overlay(mask_from_names(["B1", "B2"]), "forest"),
                             title="your map"))
    for letter in "ABCDEFGHIJK":
        assert f"\n│ {letter} " in text
    assert "1 2 3 4 5 6 7 8 9 1011" in text
    assert "[]!!" in text  # B1 drawn as preview, B2 (a mountain) as a clash


def test_card_panel_names_the_card_in_the_chosen_language() -> None:
    game = new_game()
    assert "Sous-Bois" in rendered(card_panel(game.view(None), "timber_grove", "fr"))
    text = rendered(card_panel(game.view(None), "timber_grove"))
    assert "Timber Grove" in text and "+1 coin" in text and "time 1" in text
    assert "counter-clockwise" in rendered(card_panel(game.view(None), "dragon_inferno"))
    assert "H" in rendered(card_panel(game.view(None), "freyla_the_true"))


def test_status_and_score_tables() -> None:
    game = new_game()
    status = rendered(status_line(game.view(None), 0))
    assert "Spring" in status and "time 2/8" in status and "coins 0/14" in status
    assert game.cards.scoring[game.scoring[0]].names.en in status
    while not game.is_over:
        player = game.pending_players()[0]
        game.apply(player, game.legal_actions(player)[0])
    assert "Spring scores" in rendered(season_table(game.view(None), 0))
    final = rendered(final_view(game.view(None), "fr"))
    assert "Printemps" in final
    assert game.solo_rating() < -30 and "Titre\xa0: aucun" in final
    # Stars 30 short of the scoring cards' solo values: a rating of -30, the lowest title.
    par = game.totals()[0] - game.solo_rating()
    game.scores[0] = [SeasonScore("spring", (("A", game.scoring[0], par - 30),), 0, 0)]
    final = rendered(final_view(game.view(None), "fr"))
    assert game.solo_rating() == -30 and "Titre\xa0: Buveur d'Encre Patenté" in final


@pytest.mark.parametrize("language", ["en", "ru", "fr", "pl"])
def test_every_language_renders(language: str) -> None:
    game = new_game()
    assert game.card("frontier_dwelling").names.get(language) in rendered(
        card_panel(game.view(None), "frontier_dwelling", language))


# ---------------------------------------------------------------------- base game and ruins


def test_base_solo_game_confirmed_at_once_reaches_the_end() -> None:
    game = CartographersGame(GameConfig.preset("base"), seed=SEED)
    seen: set[str] = set()
    console = recording()
    play_cartographers(game, console=console, read_line=confirm_always(game, seen))
    out = console.export_text()
    assert game.is_over and "Solo rating" in out
    assert ("Setup: players 1 (solo) · map side Wilderness (side A) · seasons Cartographers "
            "(summer 8)") in out
    assert "hero" not in seen


def test_ruins_decision_is_explained_and_enforced() -> None:
    game = CartographersGame(GameConfig.preset(
        "base", deck=("temple_ruins", "fishing_village", "homestead")), seed=SEED)
    assert game.decision(0).ruins
    editor = Editor.start(game.view(0))
    assert editor.problem() is None  # the editor starts on a placement over ruins
    # Move the line of four to the bottom-right, away from every ruins cell of side A.
    out = play(game, ["K8", "c"])
    assert "must cover an empty ruins cell" in out
    assert not game.sheets[0].village & mask_from_names(["K8"])


def test_ruins_card_panel() -> None:
    game = CartographersGame(GameConfig.preset("base"), seed=SEED)
    assert "next explore card must be drawn over" in rendered(
        card_panel(game.view(None), "outpost_ruins"))


def test_at_80x24_the_header_stays_on_screen_and_the_log_is_cut_to_fit() -> None:
    console = Console(record=True, width=80, height=24, file=io.StringIO(), force_terminal=True)
    game = CartographersGame(GameConfig(players=1), 42)
    play_cartographers(game, console=console, read_line=scripted([]))
    out = console.export_text()
    screen = out[out.index("Spring"):out.index("End of input.")].rstrip("\n").split("\n")
    assert len(screen) <= 23  # and the prompt line
    assert re.search(r"older lines? of the log left out", out)


def test_the_screen_writes_cells_with_the_map_files_letters() -> None:
    row = "FVPWXH^#r*."
    sheet = MapSheet.from_text("\n".join([row] + ["..........."] * 10))
    out = rendered(map_view(sheet))
    assert "A F V P W X H ^^##r * ·  A" in out
    assert sheet.to_text().splitlines()[0] == row
    legend_text = rendered(legend())
    assert "F  attacked" in legend_text and "·  Empty" in legend_text


def test_at_80x24_the_reply_to_what_was_typed_is_shown_under_the_header() -> None:
    console = Console(record=True, width=80, height=24, file=io.StringIO(), force_terminal=True)
    game = CartographersGame(GameConfig(players=1), 42)
    play_cartographers(game, console=console, read_line=scripted(["zz"]))
    out = console.export_text()
    last = out[out.rindex("Spring"):out.index("End of input.")].rstrip("\n").split("\n")
    assert last[0].startswith("Spring  time 1/8")  # the status header is the first line
    assert len(last) <= 23  # and the prompt line
    assert any("Unknown command “zz”" in line for line in last)


def test_at_80x24_the_help_is_shown_whole_then_the_screen() -> None:
    """Too long for the space under the screen, the help is a page of its own until Enter:
    none of it is cut."""
    console = Console(record=True, width=80, height=24, file=io.StringIO(), force_terminal=True)
    game = CartographersGame(GameConfig(players=1), 42)
    prompts: list[str] = []
    typed = scripted(["?", ""])

    def read_line(prompt: str) -> str:
        prompts.append(prompt)
        return typed(prompt)

    play_cartographers(game, console=console, read_line=read_line)
    assert term("en", "common.page_back") in prompts
    out = console.export_text()
    help_text = out[:out.rindex("Spring  time")]  # all before the screen shown after it
    for words in ("Build your placement", "take back the last move"):
        assert words in help_text
    last = out[out.rindex("Spring"):out.index("End of input.")].rstrip("\n").split("\n")
    assert last[0].startswith("Spring  time 1/8") and len(last) <= 23


def test_a_seat_is_named_one_way_in_the_cartographers_session() -> None:
    assert "name" not in vars(Session)  # seat_name, shared with the base session
    game = new_game(players=2)
    session = Session(game, None, "en", recording(), scripted([]))
    assert session.prompt(1) == "Bob> "
    assert session.map_title(0) == "Ann's map"


SCREEN_SOURCE = """
^FVPWXH*#r.
...........
..r........
.....^.....
...........
FFF....WWW.
...........
.X.........
...........
........VVV
PP.........
"""


def test_a_map_copied_from_the_screen_reads_as_the_same_map(tmp_path: Path) -> None:
    from typer.testing import CliRunner

    from herotable.cli import app

    sheet = MapSheet.from_text(SCREEN_SOURCE)
    sheet.attack = bit(5, 1)  # an attack mark is only an underline: it must not get in the way
    console = Console(record=True, width=80, file=io.StringIO())
    console.print(map_view(sheet, title="your map"))
    copied = console.export_text()
    assert MapSheet.from_text(copied).to_text() == sheet.to_text()
    path = tmp_path / "copied.txt"
    path.write_text(copied, encoding="utf-8")
    result = CliRunner().invoke(app, ["cartographers", "score", str(path), "--card", "deepwood"])
    assert result.exit_code == 0, result.output


def test_a_screen_map_with_a_shape_being_placed_is_refused() -> None:
    line = "│ A [][]· · · · · · · · ·  A │"
    with pytest.raises(NotationError, match="shape being placed"):
        MapSheet.from_text(line)


def test_the_language_asked_for_names_the_cards_and_says_the_refusals(monkeypatch) -> None:
    monkeypatch.setenv("LANG", "en_GB.UTF-8")  # the option wins over the environment
    out = play(new_game(), ["B1", "c"], language="ru")
    assert "Ход не принят: Уже заполнено: B2." in out


def test_rules_command_lists_the_reference_and_finds_a_card_by_its_russian_name() -> None:
    contents = play(new_game(), ["rules", "quit"])
    assert all(title in contents for _, title in rulebook.sections("cartographers", "en"))
    russian = play(new_game(), ["rules лагуна", "rules zzzz", "quit"], language="ru")
    assert "Лагуна" in russian
    assert "zzzz" in russian  # the line saying nothing matches names the query


def test_a_rules_page_taller_than_the_screen_is_shown_whole_until_enter() -> None:
    console = Console(record=True, width=80, height=24, file=io.StringIO(), force_terminal=True)
    prompts: list[str] = []
    lines = ["rules", ""]

    def read_line(prompt: str) -> str:
        prompts.append(prompt)
        if not lines:
            raise EOFError
        return lines.pop(0)

    play_cartographers(new_game(), console=console, read_line=read_line)
    out = console.export_text()
    # Every section and every entry title, not the first screenful with a notice.
    entries = rulebook.entries("cartographers", "en")
    assert all(entry.title in out for entry in entries)
    assert message("terminal.common.page_back") in prompts
