"""Both terminals speak every language with a message catalogue: a short game driven by
scripted lines shows that language's texts, and none of the English ones it translates."""

from __future__ import annotations

from collections.abc import Callable, Mapping

import pytest
from typer.testing import CliRunner

from herotable.bots import make_bot
from herotable.cartographers.config import GameConfig
from herotable.cartographers.game import CartographersGame
from herotable.cli import app
from herotable.dominaria.config import DominariaConfig
from herotable.dominaria.game import DominariaGame
from herotable.messages import FALLBACK, languages, message
from herotable.terminal.cartographers import play_cartographers
from herotable.terminal.cartographers.replay import replay_cartographers
from herotable.terminal.dominaria import play_dominaria
from herotable.terminal.dominaria.presenter import action_key
from herotable.terminal.dominaria.replay import replay_dominaria
from tests.terminal_helpers import recording, scripted

Said = tuple[str, Mapping[str, object]]  # a message key and its parameters, as rendered

# What the Cartographers screens below say: the help's lines, the refusal of an unknown
# command and of a mountain, the status line, the end.
CARTOGRAPHERS_SAID: list[Said] = [
    ("terminal.cartographers.help.move", {}),
    ("terminal.cartographers.help.mirror", {}),
    ("terminal.cartographers.help.scores", {}),
    ("terminal.cartographers.empty_line", {}),
    ("terminal.cartographers.line.unknown_word", {"word": "zz"}),
    ("terminal.cartographers.editor.clash.mountain", {"cell": "B2"}),
    ("terminal.cartographers.status.time", {"time": 2, "threshold": 8}),
    ("terminal.cartographers.edict_rules", {}),
    ("terminal.cartographers.no_scores", {}),
    ("terminal.common.end_of_input", {}),
    ("terminal.common.not_saved_game", {}),
]
CARTOGRAPHERS_END: list[Said] = [
    ("terminal.common.final_scores", {}),
    ("terminal.cartographers.table.lost", {}),
    ("terminal.cartographers.table.so_far", {}),
    ("terminal.cartographers.solo.title", {}),
]
DOMINARIA_SAID: list[Said] = [
    ("terminal.dominaria.help.rules", {}),
    ("terminal.dominaria.help.quests", {}),
    ("terminal.dominaria.type_a_key", {}),
    ("terminal.dominaria.choice.setup", {}),
    ("terminal.dominaria.board.pool", {}),
    ("rulebook.common.title", {}),
    ("terminal.dominaria.header.quests", {}),
    ("terminal.common.end_of_input", {}),
]
DOMINARIA_END: list[Said] = [
    ("terminal.common.final_scores", {}),
    ("terminal.dominaria.final.quests_done", {}),
    ("terminal.dominaria.last_round", {}),
]
REPLAY_SAID: list[Said] = [
    ("terminal.common.replay.help.back", {}),
    ("terminal.common.replay.help.leave", {}),
    ("terminal.common.replay.at_start", {}),
    ("terminal.common.start_caption", {}),
]


def check_said(out: str, said: list[Said], language: str) -> None:
    """Each message is on screen in ``language``; its English, where it differs, is not.
    Compared word by word: a long message wraps on the 120-column screen."""
    def flat(text: str) -> str:
        return " ".join(text.replace("│", " ").split())

    shown = flat(out)
    for key, params in said:
        text = message(key, params, language)
        assert text is not None, key
        assert flat(text) in shown, (key, text)
        english = message(key, params, FALLBACK)
        assert english is not None
        if english != text:
            assert flat(english) not in shown, (key, english)


def cartographers_game() -> CartographersGame:
    # Seed 3 opens with Frontier Dwelling on side C, whose mountain B2 refuses a placement.
    return CartographersGame(GameConfig(players=1), 3)


@pytest.mark.parametrize("language", languages())
def test_the_cartographers_terminal_speaks_the_language(language: str) -> None:
    game = cartographers_game()
    console = recording()
    play_cartographers(game, language=language, console=console,
                       read_line=scripted(["?", "zz", "scores", "", "B1", "c"]))
    out = console.export_text()
    check_said(out, CARTOGRAPHERS_SAID, language)
    refused = message("error.action", {"reason": "x"}, language)
    assert refused is not None and refused.split("x")[0] in out  # "Not accepted: " said
    season = game.cards.seasons[0].names.get(language)
    assert season in out


@pytest.mark.parametrize("language", languages())
def test_the_cartographers_end_is_said_in_the_language(language: str) -> None:
    game = cartographers_game()
    console = recording()
    play_cartographers(game, language=language, console=console, read_line=scripted([]),
                       bots={0: make_bot("cartographers", "random")})
    assert game.is_over
    out = console.export_text()
    check_said(out, CARTOGRAPHERS_END, language)
    scored = message("terminal.cartographers.table.season_scores",
                     {"season": game.cards.seasons[3].names.get(language)}, language)
    assert scored is not None and scored in out


def dominaria_game() -> DominariaGame:
    return DominariaGame(DominariaConfig(players=2, names=("Ann", "Bob")), 1)


def first_key(game: DominariaGame) -> Callable[[str], str]:
    def key(prompt: str) -> str:
        view = game.view(game.pending_players()[0])
        return action_key(view, view.legal[0])
    return key


@pytest.mark.parametrize("language", languages())
def test_the_dominaria_terminal_speaks_the_language(language: str) -> None:
    game = dominaria_game()
    console = recording()
    typed = scripted(["?", "rules", "", "1", "<first>"])
    keep = first_key(game)

    def read_line(prompt: str) -> str:
        line = typed(prompt)
        return keep(prompt) if line == "<first>" else line

    play_dominaria(game, language=language, console=console, read_line=read_line)
    out = console.export_text()
    check_said(out, DOMINARIA_SAID, language)
    check_said(out, [("terminal.dominaria.no_numbers", {"number": "1"}),
                     ("dom.event.quest", {"name": "Ann", "count": 2})], language)


@pytest.mark.parametrize("language", languages())
def test_the_dominaria_end_is_said_in_the_language(language: str) -> None:
    game = dominaria_game()
    console = recording()
    bots = {seat: make_bot("dominaria", "random", seat) for seat in (0, 1)}
    play_dominaria(game, language=language, console=console, read_line=scripted([]),
                   bots=bots)
    assert game.is_over
    check_said(console.export_text(), DOMINARIA_END, language)


@pytest.mark.parametrize("language", languages())
def test_both_replays_speak_the_language(language: str) -> None:
    for replay, game in ((replay_cartographers, cartographers_game()),
                         (replay_dominaria, dominaria_game())):
        console = recording()
        replay(game, console, scripted(["?", "b"]), language)
        out = console.export_text()
        check_said(out, REPLAY_SAID, language)


runner = CliRunner()


def test_the_environment_chooses_russian(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("LC_ALL", raising=False)
    monkeypatch.delenv("LC_MESSAGES", raising=False)
    monkeypatch.setenv("LANG", "ru_RU.UTF-8")
    for game in ("cartographers", "dominaria"):
        result = runner.invoke(app, [game, "play", "--seed", "1"], input="")
        assert result.exit_code == 0, result.output
        assert message("terminal.common.end_of_input", None, "ru") in result.output
        assert "End of input." not in result.output


@pytest.mark.parametrize("command", [["cartographers", "play"], ["dominaria", "play"],
                                     ["cartographers", "replay", "save.json"],
                                     ["dominaria", "replay", "save.json"]])
def test_an_unknown_language_is_refused_with_the_ones_there_are(command: list[str]) -> None:
    result = runner.invoke(app, [*command, "--language", "xx"])
    assert result.exit_code == 2
    assert "unknown language 'xx'" in result.stderr
    assert ", ".join(languages()) in result.stderr
