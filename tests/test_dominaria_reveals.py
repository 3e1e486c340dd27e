"""What a Heroes of Dominaria view tells a front end beside the board: the cards revealed so
far (whose turn, which round), the card behind each Cabal token on the map, and the actions
after which a public quest claimable now could no longer be claimed."""

from __future__ import annotations

from herotable.dominaria.config import DominariaConfig
from herotable.dominaria.game import DominariaGame
from tests.dominaria_helpers import game_in_play

SEED_WITH_A_CLAIM = 6  # hoarding mana, seat 0 may claim Masters of Mana in round 6


def hoard(game: DominariaGame, player: int) -> str:
    """Keep, place, collect the most mana, never spend: Masters of Mana comes within reach."""
    legal = [str(a) for a in game.legal_actions(player)]
    for verb in ("keep", "place"):
        found = [a for a in legal if a.split()[0] == verb]
        if found:
            return found[0]
    collects = [a for a in legal if a.startswith("collect ")]
    best = max((game.map_mana[a.split()[1]] for a in collects), default=0)
    moves = [a for a in legal if a.startswith("move ")
             and not game.cabal_tokens.get(a.split()[2])]
    if moves and game.players[player].moves_used == 0:
        move = max(moves, key=lambda a: (game.map_mana[a.split()[2]], a))
        if game.map_mana[move.split()[2]] > best:
            return move
    if collects:
        return max(collects, key=lambda a: (game.map_mana[a.split()[1]], a))
    return "end"


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


def test_actions_that_would_lose_a_claimable_public_quest_are_named():
    game = DominariaGame(DominariaConfig(players=2), seed=SEED_WITH_A_CLAIM)
    while not (game.pending_players() == [0]
               and any(a.verb == "claim" for a in game.legal_actions(0))):
        player = game.pending_players()[0]
        game.apply(player, hoard(game, player))
    at_risk = game.view(0).claims_at_risk
    assert at_risk, "spending mana should cost the claim"
    for action, quests in at_risk.items():
        assert quests == ("masters_of_mana",)
        trial = game.clone()
        trial.apply(0, action)
        assert not any(a.verb == "claim" for a in trial.legal_actions(0)), action
    # Collecting only adds mana: never at risk. Others' views and spectators carry nothing.
    assert not any(a.startswith("collect") for a in at_risk)
    assert game.view(1).claims_at_risk == {} and game.view(None).claims_at_risk == {}
    assert game.view(0).to_json()["claims_at_risk"] == {a: list(q) for a, q in at_risk.items()}
