"""``u`` in both terminals: the last action is taken back while the rules allow it (no other
seat has acted since, nothing revealed or drawn); otherwise the refusal says why."""

from __future__ import annotations

from pathlib import Path

from herotable.cartographers.config import GameConfig
from herotable.cartographers.game import CartographersGame
from herotable.core.saves import load_game
from herotable.dominaria.config import DominariaConfig
from herotable.dominaria.game import DominariaGame
from herotable.terminal.cartographers import Session
from herotable.terminal.dominaria.session import Session as DominariaSession
from tests.terminal_helpers import recording, scripted


def cartographers(players: int) -> CartographersGame:
    names = ("Ann", "Bob")[:players] if players > 1 else ()
    return CartographersGame(GameConfig(players=players, names=names), 3)


def test_u_takes_back_ann_s_placement_before_bob_places(tmp_path: Path) -> None:
    console = recording()
    save = tmp_path / "game.json"
    session = Session(cartographers(2), save, "en", console, scripted(["c", "u"]))
    session.run()
    out = console.export_text()
    assert "Ann takes back their last move." in out
    assert session.game.log.entries == []
    assert session.game.pending_players() == [0, 1]  # Ann's decision is back
    assert load_game(save, {"cartographers": CartographersGame}).log.entries == []  # saved


def test_u_after_both_placed_says_the_card_is_out() -> None:
    console = recording()
    session = Session(cartographers(2), None, "en", console, scripted(["c", "c", "u"]))
    session.run()
    out = console.export_text()
    assert "Not accepted: Your last move can no longer be undone" in out
    assert len(session.game.log.entries) == 2


def test_u_in_solo_is_refused_after_a_confirm_and_before_any() -> None:
    console = recording()
    session = Session(cartographers(1), None, "ru", console, scripted(["u", "c", "u"]))
    session.run()
    out = console.export_text()
    assert "Вам нечего отменять" in out
    assert "Последний ход уже не отменить" in out
    assert len(session.game.log.entries) == 1


def test_help_names_u() -> None:
    console = recording()
    Session(cartographers(1), None, "en", console, scripted(["help"])).run()
    assert "take back the last move" in console.export_text()


def dominaria_in_play() -> DominariaGame:
    game = DominariaGame(DominariaConfig(players=2, names=("Ann", "Bob")), 1)
    while game.stage != "play":
        seat = game.pending_players()[0]
        game.apply(seat, game.legal_actions(seat)[0])
    return game


def test_dominaria_u_takes_back_a_move_but_not_the_end_of_a_turn() -> None:
    game = dominaria_in_play()
    seat = game.current
    move = next(str(a) for a in game.legal_actions(seat) if a.verb == "move")
    console = recording()
    session = DominariaSession(game, None, console, scripted([move, "u", "end", "u", "help"]))
    session.run()
    out = console.export_text()
    name = ("Ann", "Bob")[seat]
    assert f"{name} takes back their last move." in out
    assert [e.action for e in session.game.log.entries[-1:]] == ["end"]
    # At the next seat's prompt the ended turn is still the last action, and it turned a
    # Dominaria card over.
    assert "Your last move can no longer be undone" in out
    assert "take back the last move" in out
