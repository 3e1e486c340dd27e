"""Bots in the terminal: ``--bot SEAT=NAME`` hands a seat to a bot through the registry."""

from __future__ import annotations

import io
import re
from collections.abc import Callable
from typing import Any

import pytest
from rich.console import Console
from typer.testing import CliRunner

from herotable.bots import make_bot
from herotable.cartographers.config import GameConfig
from herotable.cartographers.game import CartographersGame
from herotable.cli import app
from herotable.dominaria.config import DominariaConfig
from herotable.dominaria.game import DominariaGame
from herotable.terminal.cartographers import Session as CartographersSession
from herotable.terminal.cartographers import play_cartographers
from herotable.terminal.cartographers.render import action_words
from herotable.terminal.dominaria import Session as DominariaSession
from herotable.terminal.dominaria import play_dominaria
from tests.terminal_helpers import recording

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
    # The last card's moves stay in the log under the final maps.
    # Each bot move in words, as the page says it ("Forest: A1 A2").
    said = r"(Forest|Village|Farm|Water|Monster|Hero|Destroyed): "
    assert re.search(r"\((Greedy|Random) bot\): " + said, out.getvalue())


def test_bots_play_a_whole_dominaria_game_in_the_terminal():
    game = DominariaGame(DominariaConfig(players=2), seed=4)
    out = io.StringIO()
    bots = {0: make_bot("dominaria", "greedy", 1), 1: make_bot("dominaria", "random", 2)}
    play_dominaria(game, console=Console(file=out, width=120), read_line=no_person, bots=bots)
    assert game.is_over
    # The log of the last moves stays under the final table, each named with its bot.
    assert re.search(r"\((Greedy|Random) bot\)", out.getvalue())


def test_a_person_plays_against_a_bot_from_the_command_line():
    result = runner.invoke(app, ["cartographers", "play", "--players", "2", "--seed", "3",
                                 "--bot", "2=greedy"], input="c\nquit\n\n")
    assert result.exit_code == 0, result.output
    assert re.search(r"\(Greedy bot\): (Forest|Village|Farm|Water): [A-K]\d", result.output)


def test_bad_bot_options_print_one_line_and_exit_2():
    for args, message in (
        (["cartographers", "play", "--bot", "2=greedy"], "no seat 2 in a 1-player game"),
        (["cartographers", "play", "--bot", "1=genius"], "no bot 'genius'"),
        (["dominaria", "play", "--bot", "greedy"], "--bot takes SEAT=BOT"),
    ):
        result = runner.invoke(app, args)
        assert result.exit_code == 2, args
        assert message in result.output, result.output


# ---------------------------------------------------------------------- what a person sees


class Recorder:
    """A bot that plays like another and remembers what it did."""

    def __init__(self, bot: Any) -> None:
        self.bot = bot
        self.name = bot.name
        self.actions: list[str] = []

    def reseed(self, seed: int) -> None:
        self.bot.reseed(seed)

    def decide(self, view: Any, legal: Any) -> Any:
        action = self.bot.decide(view, legal)
        self.actions.append(str(action))
        return action


def watch(session: Any, person: Callable[[str], str], since_redraw: bool = True) -> None:
    """Run the session; ``person`` answers each prompt, given as text the screen drawn for it
    (from the last redraw to the prompt) or, not ``since_redraw``, all printed since the last
    prompt (what a terminal may keep above the screen)."""
    show = session.show

    def show_and_mark(*args: Any) -> None:
        session.console.export_text(clear=True)  # drop what came before this redraw
        show(*args)

    if since_redraw:
        session.show = show_and_mark
    session.read_line = lambda prompt: person(session.console.export_text(clear=True))
    session.run()


def secret_words(game: DominariaGame, seat: int) -> set[str]:
    """The ids and names of the cards only ``seat`` may see now: its hand and open choice."""
    state = game.players[seat]
    cards = [*state.hand, *(state.choice.cards if state.choice else ())]
    pack = game.pack
    names = {c: (pack.quests.get(c) or pack.artifacts.get(c)) for c in cards}
    return {c for c in cards} | {card.name for card in names.values() if card is not None}


@pytest.mark.parametrize("seed", [1, 2])
def test_no_bots_hidden_cards_appear_on_a_persons_screen(seed: int) -> None:
    game = DominariaGame(DominariaConfig(players=3), seed=seed)
    bots = {1: make_bot("dominaria", "greedy", seed), 2: make_bot("dominaria", "random", 7)}
    plays_for_person = make_bot("dominaria", "greedy", 99)
    leaks: list[str] = []
    screens: list[str] = []

    def person(screen: str) -> str:
        # Checked against the secrets as they are while this screen is up.
        screens.append(screen)
        for seat in bots:
            leaks.extend(f"seat {seat}: {word}" for word in secret_words(game, seat)
                         if word in screen)
        return str(plays_for_person.decide(game.view(0), game.legal_actions(0)))

    watch(DominariaSession(game, None, recording(), no_person, bots), person,
          since_redraw=False)
    assert game.is_over
    assert len(screens) > 20
    assert leaks == []
    assert any("(Greedy bot) took 2 quests" in screen for screen in screens)


def test_a_bots_move_stays_on_the_next_screen_until_the_person_has_seen_it():
    game = CartographersGame(GameConfig.preset("first_game", players=2), seed=4)
    bot = Recorder(make_bot("cartographers", "greedy", 1))
    seen = 0
    missing: list[str] = []

    def person(screen: str) -> str:
        nonlocal seen
        missing.extend(a for a in bot.actions[seen:]
                       if f"(Greedy bot): {action_words(game.parse_action(a), 'en')}"
                       not in screen)
        seen = len(bot.actions)
        return "c"

    watch(CartographersSession(game, None, "en", recording(), no_person, {1: bot}), person)
    assert game.is_over
    assert any(a.startswith("monster") for a in bot.actions)  # an ambush on the person's map
    assert len(bot.actions) > 10
    assert missing == []


def test_a_spinner_shows_while_a_bot_thinks():
    game = CartographersGame(GameConfig.preset("first_game", players=2), seed=4)
    console = Console(file=io.StringIO(), width=120, force_terminal=True)
    shown: list[str] = []
    status = console.status

    def spy(text: Any, **kwargs: Any) -> Any:
        shown.append(str(text))
        return status(text, **kwargs)

    console.status = spy  # type: ignore[method-assign]
    session = CartographersSession(game, None, "en", console, no_person,
                                   {1: make_bot("cartographers", "greedy", 1)})
    session.bot_turn(1)
    assert shown == ["Player 2 (Greedy bot) is thinking…"]
