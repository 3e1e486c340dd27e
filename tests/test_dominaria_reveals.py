"""What a Heroes of Dominaria view tells a front end beside the board: the cards revealed so
far (whose turn, which round) and the card behind each Cabal token on the map."""

from __future__ import annotations

from herotable.dominaria.game import DominariaGame
from tests.dominaria_helpers import game_in_play


def test_the_reveals_name_each_turn_oldest_first():
    game = game_in_play(3, seed=4)
    for _ in range(7):
        game.apply(game.current, "end")
    reveals = game.view(None).reveals
    assert [r["card"] for r in reveals] == game.discard
    assert reveals[-1] == {"card": game.revealed, "round": game.round, "player": game.current}
    turns = [(r["round"], r["player"]) for r in reveals]
    first = game.first
    assert turns == [(k // 3 + 1, (first + k) % 3) for k in range(8)]
    assert game.view(0).to_json()["reveals"] == [dict(r) for r in reveals]


def test_each_cabal_token_names_its_card_and_confronting_takes_the_oldest():
    game = game_in_play(2, seed=1)
    while len(game.cabal_tokens) < 3:
        game.apply(game.current, "end")
    cards = {c.id: c for c in game.pack.cards}
    for loc, ids in game.cabal_cards.items():
        assert len(ids) == game.cabal_tokens[loc]
        assert all(cards[i].token == "cabal" and cards[i].location == loc for i in ids)
        assert all(i in game.discard for i in ids)
    assert game.view(1).to_json()["cabal_cards"] == {
        loc: list(ids) for loc, ids in game.cabal_cards.items()}
    # A saved game keeps them; a save from before them loads with none.
    saved = game.to_json()
    assert DominariaGame.from_json(saved).cabal_cards == game.cabal_cards
    del saved["cabal_cards"]
    assert DominariaGame.from_json(saved).cabal_cards == {}
    # Confronting: the oldest of two tokens goes.
    loc = next(iter(game.cabal_cards))
    player = game.current
    state = game.players[player]
    game.cabal_tokens[loc] = 2
    newer = game.cabal_cards[loc][0]
    game.cabal_cards[loc] = ["dom_01", newer]
    state.heroes[0] = loc
    state.pool = dict.fromkeys(state.pool, 3)
    game.supply = {c: n - 3 for c, n in game.supply.items()}
    game.apply(player, f"confront {loc}")
    assert game.cabal_cards[loc] == [newer] and game.cabal_tokens[loc] == 1


