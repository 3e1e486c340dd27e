"""Undo: a seat takes back its last action while no other seat has acted since and the action
revealed nothing and drew nothing at random; the rule survives a save, a load and a replay."""

from __future__ import annotations

import pytest

from herotable.cartographers.game import CartographersGame
from herotable.core.errors import IllegalAction
from herotable.core.refusals import CoreRefusal
from herotable.dominaria.game import DominariaGame
from herotable.registry import new_game
from tests.dominaria_helpers import game_in_play, give, put_heroes
from tests.helpers import first_legal
from tests.refusal_checks import check_declared


def refusal(game, player) -> CoreRefusal:
    with pytest.raises(IllegalAction) as caught:
        game.undo(player)
    check_declared(caught.value)
    return caught.value.code


def test_a_placement_is_undone_while_the_other_seat_has_not_placed():
    game = new_game("cartographers", seed=5, players=2)
    before = game.view(0).to_json()
    first_legal(game, 0)
    assert game.undoable(0) and not game.undoable(1)
    assert refusal(game, 1) is CoreRefusal.NOTHING_TO_UNDO
    back = game.undo(0)
    assert back.view(0).to_json() == before
    assert back.log.entries == game.log.entries[:-1]
    assert not back.undoable(0)  # nothing of Ann's is left to take back


def test_the_last_placement_of_a_card_reveals_the_next_and_is_final():
    game = new_game("cartographers", seed=5, players=2)
    first_legal(game, 0)
    first_legal(game, 1)  # both placed: the next card is revealed
    assert refusal(game, 1) is CoreRefusal.UNDO_SEALED
    assert refusal(game, 0) is CoreRefusal.NOTHING_TO_UNDO


def test_a_monster_drawn_on_a_neighbour_s_map_is_undone_like_any_placement():
    game = new_game("cartographers", seed=5, players=3)
    while not any(game.view(s).decision.kind == "monster" for s in game.view(None).waiting_for):
        first_legal(game, game.view(None).waiting_for[0])
    drawer, *others = game.view(None).waiting_for
    assert others, "the others still owe their monster: the drawer's is not the last of the card"
    first_legal(game, drawer)
    assert game.events[-1]["type"] == "monster" and game.events[-1]["by"] == drawer
    assert game.undoable(drawer)
    assert game.undo(drawer).view(drawer).decision.kind == "monster"


def test_a_solo_placement_reveals_the_next_card_at_once():
    game = new_game("cartographers", seed=5, players=1)
    assert refusal(game, 0) is CoreRefusal.NOTHING_TO_UNDO
    first_legal(game, 0)
    assert refusal(game, 0) is CoreRefusal.UNDO_SEALED


@pytest.mark.parametrize("rebuild", [
    lambda g: CartographersGame.from_json(g.to_json()),
    lambda g: CartographersGame.replay(g.log.to_json()),
    lambda g: g.clone(),
])
def test_the_rule_holds_after_a_save_a_load_a_replay_and_a_clone(rebuild):
    game = new_game("cartographers", seed=9, players=3)
    first_legal(game, 2)
    first_legal(game, 0)
    copy = rebuild(game)
    assert copy.undoable(0) and not copy.undoable(2)
    first_legal(game, 1)
    copy = rebuild(game)
    assert not any(copy.undoable(p) for p in range(3))


def test_an_undone_game_plays_on_as_if_the_action_had_never_been_sent():
    game = new_game("cartographers", seed=3, players=2)
    untouched = game.clone()
    first_legal(game, 0)
    game = game.undo(0)
    last = untouched.legal_actions(0)[-1]
    game.apply(0, last)
    untouched.apply(0, last)
    assert game.to_json() == untouched.to_json()


def test_a_chance_entry_is_nobody_s_to_undo():
    game = new_game("cartographers", seed=4, players=1, explicit_chance=True)
    game.apply_chance(game.chance_outcomes()[0][0])
    first_legal(game, 0)
    assert game.undoable(0)  # the next card waits for the driver: nothing shown yet
    game.apply_chance(game.chance_outcomes()[0][0])
    assert refusal(game, 0) is CoreRefusal.NOTHING_TO_UNDO


def test_nothing_is_undone_once_the_game_is_over():
    game = new_game("cartographers", seed=2, players=1)
    while not game.is_over:
        first_legal(game, 0)
    assert refusal(game, 0) is CoreRefusal.GAME_OVER


def test_a_seat_that_is_no_player_is_refused():
    game = new_game("cartographers", seed=2, players=2)
    assert refusal(game, 5) is CoreRefusal.NO_SUCH_PLAYER


# ---------------------------------------------------------------- Heroes of Dominaria


def plain_move(game: DominariaGame, player: int) -> str:
    """An action of the turn that deals no card: a Hero's move."""
    return next(str(a) for a in game.legal_actions(player) if str(a).startswith("move "))


def test_a_move_in_one_s_turn_is_undone_and_the_end_of_the_turn_is_final():
    game = game_in_play()
    player = game.current
    before = game.view(player).to_json()
    game.apply(player, plain_move(game, player))
    assert game.undoable(player)
    assert game.undo(player).view(player).to_json() == before
    game.apply(player, "end")  # the next turn turns a Dominaria card over
    assert refusal(game, player) is CoreRefusal.UNDO_SEALED
    assert refusal(game, game.current) is CoreRefusal.NOTHING_TO_UNDO


def test_the_last_hero_placed_turns_the_first_dominaria_card_over():
    game = DominariaGame(seed=1)
    while game.stage != "play":
        player = game.pending_players()[0]
        game.apply(player, game.legal_actions(player)[0])
        if game.stage == "heroes" and game.log.entries[-1].action.startswith("keep"):
            # every seat kept its quests: the rest were shuffled back, at random
            assert refusal(game, player) is CoreRefusal.UNDO_SEALED
    assert refusal(game, player) is CoreRefusal.UNDO_SEALED


def test_a_card_dealt_to_look_at_is_final_and_keeping_one_is_not():
    game = game_in_play(3)
    player = game.current
    put_heroes(game, player, "orvada")
    give(game, player, "UUUU")
    game.artifact_tokens["orvada"] = 1
    game.artifact_supply -= 1
    game.apply(player, "discover orvada")  # two artifacts dealt face up to this seat
    assert refusal(game, player) is CoreRefusal.UNDO_SEALED
    game.apply(player, f"keep {game.players[player].choice.cards[0]}")
    assert game.undoable(player)  # the other goes back under the deck: nothing new is seen
