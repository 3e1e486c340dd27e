"""Bots in the terminal: ``--bot SEAT=NAME`` hands a seat to a bot through the registry."""

from __future__ import annotations

import io

from rich.console import Console
from typer.testing import CliRunner

from herotable.bots import make_bot
from herotable.cartographers.config import GameConfig
from herotable.cartographers.game import CartographersGame
from herotable.cli import app
from herotable.dominaria.config import DominariaConfig
from herotable.dominaria.game import DominariaGame
from herotable.terminal.dominaria import play_dominaria
from herotable.terminal.play import play_cartographers

runner = CliRunner()


def no_person(prompt: str) -> str:
    raise AssertionError(f"a person was asked ({prompt!r}) though bots hold every seat")


def test_bots_play_a_whole_cartographers_game_in_the_terminal():
    game = CartographersGame(GameConfig.preset("first_game", players=2), seed=4)
    out = io.StringIO()
    bots = {0: make_bot("cartographers", "greedy", 1), 1: make_bot("cartographers", "random", 2)}
    play_cartographers(game, console=Console(file=out, width=120), read_line=no_person,
                       bots=bots)
    assert game.is_over
    assert "(greedy bot): draw" in out.getvalue()


def test_bots_play_a_whole_dominaria_game_in_the_terminal():
    game = DominariaGame(DominariaConfig(players=2), seed=4)
    out = io.StringIO()
    bots = {0: make_bot("dominaria", "greedy", 1), 1: make_bot("dominaria", "random", 2)}
    play_dominaria(game, console=Console(file=out, width=120), read_line=no_person, bots=bots)
    assert game.is_over
    assert "(random bot): keep" in out.getvalue()


def test_a_person_plays_against_a_bot_from_the_command_line():
    result = runner.invoke(app, ["cartographers", "play", "--players", "2", "--seed", "3",
                                 "--bot", "2=greedy"], input="c\nquit\n\n")
    assert result.exit_code == 0, result.output
    assert "(greedy bot): draw" in result.output


def test_bad_bot_options_print_one_line_and_exit_2():
    for args, message in (
        (["cartographers", "play", "--bot", "2=greedy"], "no seat 2 in a 1-player game"),
        (["cartographers", "play", "--bot", "1=genius"], "no bot 'genius'"),
        (["dominaria", "play", "--bot", "greedy"], "--bot takes SEAT=BOT"),
    ):
        result = runner.invoke(app, args)
        assert result.exit_code == 2, args
        assert message in result.output, result.output
