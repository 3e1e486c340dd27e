"""Heroes of Dominaria rules, each on a small rigged scenario from the seed's rulebook."""

from __future__ import annotations

import pytest

from herotable.core.errors import NotationError
from herotable.dominaria.actions import parse_action
from herotable.dominaria.config import DominariaConfig, DominariaConfigError
from herotable.dominaria.game import DominariaGame
from herotable.dominaria.pack import Quest, Requirement
from herotable.dominaria.rules import moves_allowed, score
from tests.dominaria_helpers import (
    edited_data,
    empty_pool,
    game_in_play,
    give,
    put_heroes,
    refused,
)


def current(game: DominariaGame) -> int:
    return game.pending_players()[0]


def location_of(game: DominariaGame, colour: str, exclude: tuple[str, ...] = ()) -> str:
    return next(loc.id for loc in game.pack.locations.values()
                if loc.colour == colour and loc.id not in exclude)


def neighbour(game: DominariaGame, location: str) -> str:
    return sorted(game.pack.adjacency[location])[0]


# ---------------------------------------------------------------- set-up


def test_two_player_setup_two_heroes_each_and_the_extra_move():
    game = DominariaGame(DominariaConfig(players=2), seed=3)
    assert game.stage == "quests" and game.pending_players() == [0, 1]
    for player in (0, 1):
        assert len(game.players[player].choice.cards) == 4
        game.apply(player, game.legal_actions(player)[0])
    assert len(game.players[0].hand) == 2 and game.stage == "heroes"
    first, second = game.first, 1 - game.first
    order = []
    while game.stage == "heroes":
        player = current(game)
        order.append(player)
        game.apply(player, game.legal_actions(player)[0])
    assert order == [first, second, second, first]
    for state in game.players:
        assert len(state.heroes) == 2 and state.heroes_on_track == 2
        # The symbol the second Hero uncovers, and the rulebook's extra move besides.
        assert moves_allowed(state, game.pack) == 3
    assert current(game) == first and game.revealed is not None


def test_three_and_four_players_start_with_one_hero_and_one_move():
    for players in (3, 4):
        game = game_in_play(players)
        for state in game.players:
            assert len(state.heroes) == 1 and state.heroes_on_track == 3
            assert moves_allowed(state, game.pack) == 1


def test_setup_mana_one_or_two_per_location():
    game = DominariaGame(DominariaConfig(players=3), seed=1)
    assert set(game.map_mana.values()) == {1}
    game = DominariaGame(DominariaConfig(players=3, two_mana=True), seed=1)
    assert set(game.map_mana.values()) == {2}
    assert game.mana_total() == 120


def test_setup_refusals():
    game = DominariaGame(DominariaConfig(players=2), seed=3)
    refused(game, 0, "keep " + " ".join(game.players[0].choice.cards[:1]), "keep_count")
    refused(game, 0, "keep nope " + game.players[0].choice.cards[0], "not_among")
    refused(game, 0, "end", "keep_quests_first")
    for player in (0, 1):
        game.apply(player, game.legal_actions(player)[0])
    not_start = next(loc for loc in game.pack.locations.values() if not loc.start)
    refused(game, game.first, f"place {not_start.id}", "start_location")
    refused(game, 1 - game.first, f"place {game.pack.start_locations[0]}", "not_your_turn")


def test_bad_configs():
    for options, message in [({"players": 1}, "2 to 4"), ({"players": 5}, "2 to 4"),
                             ({"planeswalkers": ("teferi",)}, "1 planeswalkers given"),
                             ({"planeswalkers": ("teferi", "bolas")}, "unknown planeswalker"),
                             ({"planeswalkers": ("karn", "karn")}, "different")]:
        with pytest.raises(DominariaConfigError, match=message):
            DominariaConfig(**options)


@pytest.mark.parametrize(("data", "message"), [
    ({"players": "3"}, "players must be a whole number"),
    ({"players": True}, "players must be a whole number"),
    ({"two_mana": "false"}, "two_mana must be true or false"),
    ({"two_mana": 1}, "two_mana must be true or false"),
    ({"names": "Ana"}, "names must be a list of strings"),
    ({"names": ["Ana", 7]}, "names must be a list of strings"),
    ({"planeswalkers": 5}, "planeswalkers must be a list of strings"),
    ({"data": 5}, "data must be the name of a directory"),
    ([], "JSON object"),
])
def test_a_saved_config_is_read_strictly(data, message):
    # Read loosely, "false" would switch two-mana play on and "3" would pass for a number.
    with pytest.raises(DominariaConfigError, match=message):
        DominariaConfig.from_json(data)
    assert DominariaConfig.from_json({"players": 3, "two_mana": True}).two_mana is True


# ---------------------------------------------------------------- the mana phase


def test_a_short_colour_is_placed_while_the_supply_lasts_and_the_others_as_usual(tmp_path):
    # The shipped cards show one colour each, but a printed pack may show more (the loader
    # allows up to five), and the rule is per colour: a short colour gets what the supply
    # holds while the card's other colour is placed in full. So one card of an edited pack
    # shows white and blue. (The order a short supply follows:
    # tests/test_dominaria_rule_decisions.py.)
    two_colours = edited_data(tmp_path, "dominaria.toml", 'id = "dom_05"\nmana = ["W"]',
                              'id = "dom_05"\nmana = ["W", "U"]')
    game = game_in_play(2, data=str(two_colours))
    player = current(game)
    card = next(c for c in game.pack.cards if c.id == "dom_05")
    assert card.mana == ("W", "U")
    game.deck.remove(card.id)
    game.deck.insert(0, card.id)
    white = [loc.id for loc in game.pack.locations.values() if loc.colour == "W"]
    blue = [loc.id for loc in game.pack.locations.values() if loc.colour == "U"]
    give(game, player, "W" * (game.supply["W"] - (len(white) - 1)))  # one token short
    before = dict(game.map_mana)
    events = game.apply(player, "end")
    assert sum(game.map_mana[loc] - before[loc] for loc in white) == len(white) - 1
    assert game.supply["W"] == 0
    assert [game.map_mana[loc] - before[loc] for loc in blue] == [1] * len(blue)
    assert game.mana_total() == 120
    assert [e for e in events if e["type"] == "shortage"] == [
        {"type": "shortage", "colour": "W", "missed": 1}]
    # With exactly one token per location, every location of the colour gets its token.
    game.players[player].pool["W"] -= len(white)
    game.supply["W"] += len(white)
    game.deck.insert(0, card.id)
    before = dict(game.map_mana)
    events = game.apply(current(game), "end")
    assert [game.map_mana[loc] - before[loc] for loc in white] == [1] * len(white)
    assert game.supply["W"] == 0 and not [e for e in events if e["type"] == "shortage"]


# ---------------------------------------------------------------- moves and collecting


def test_move_to_adjacent_locations_only_and_count_moves():
    game = game_in_play(3)
    player = current(game)
    put_heroes(game, player, "orvada")
    refused(game, player, "move orvada hammerheim", "not_adjacent")
    refused(game, player, "move urborg orvada", "no_hero")
    game.apply(player, "move orvada urborg")
    assert game.players[player].heroes == ["urborg"]
    refused(game, player, "move urborg orvada", "no_moves")


def test_collect_once_per_turn_through_a_leyline_network_not_under_the_cabal():
    game = game_in_play(3)
    player = current(game)
    state = put_heroes(game, player, "orvada")
    # Leylines orvada-urborg and orvada-shanodin: both ends join the network (the seed).
    state.leylines = [game.pack.link_key("orvada", "urborg"),
                      game.pack.link_key("orvada", "shanodin")]
    game.map_mana["shanodin"] += 2
    game.supply[game.pack.locations["shanodin"].colour] -= 2
    game.cabal_tokens["urborg"] = 1
    refused(game, player, "collect urborg", "cabal")
    far = next(loc for loc in game.pack.locations if loc not in
               {"orvada", "urborg", "shanodin"} and game.map_mana[loc])
    refused(game, player, f"collect {far}", "not_reachable")
    colour = game.pack.locations["shanodin"].colour
    before = state.pool[colour]
    game.apply(player, "collect shanodin")
    assert state.pool[colour] == before + 3 and game.map_mana["shanodin"] == 0
    refused(game, player, "collect orvada", "collected")
    assert game.mana_total() == 120


def test_collect_needs_mana_there():
    game = game_in_play(3)
    player = current(game)
    put_heroes(game, player, "orvada")
    game.supply[game.pack.locations["orvada"].colour] += game.map_mana["orvada"]
    game.map_mana["orvada"] = 0
    refused(game, player, "collect orvada", "no_mana")


# ---------------------------------------------------------------- the five abilities


def test_recruit_costs_4w_enters_at_a_start_location_and_can_move_at_once():
    game = game_in_play(3)
    player = current(game)
    state = put_heroes(game, player, "orvada")
    empty_pool(game, player)
    give(game, player, "UUUUB")
    start = game.pack.start_locations[0]
    refused(game, player, f"recruit {start}", "mana")  # four mana, but no white
    give(game, player, "W")
    refused(game, player, "recruit hammerheim", "start_location")
    game.apply(player, "move orvada urborg")  # the one move of the turn
    game.apply(player, f"recruit {start} pay W U U U U")
    assert state.heroes == ["urborg", start] and state.heroes_on_track == 2
    assert state.pool["W"] == 0 and state.pool["B"] == 1  # paid exactly as named
    # The uncovered space's move symbol is a move this very turn.
    game.apply(player, f"move {start} {neighbour(game, start)}")
    assert game.mana_total() == 120


def test_recruiting_the_third_hero_gives_a_new_quest():
    game = game_in_play(3)
    player = current(game)
    state = put_heroes(game, player, "orvada")
    start = game.pack.start_locations[0]
    give(game, player, "WWWWWWWWWW")
    game.apply(player, f"recruit {start}")
    assert state.choice is None
    game.apply(player, f"recruit {start}")  # the third Hero on the map
    assert state.choice is not None and state.choice.kind == "quest"
    shown = list(state.choice.cards)
    refused(game, player, "end", "keep_card_first")
    game.apply(player, f"keep {shown[1]}")
    assert shown[1] in state.hand and game.quest_deck[-1] == shown[0]  # the other to the bottom


def test_discover_needs_a_token_where_a_hero_stands_and_keeps_one_of_two():
    game = game_in_play(3)
    player = current(game)
    state = put_heroes(game, player, "orvada")
    give(game, player, "UUUU")
    refused(game, player, "discover orvada", "no_artifact_token")
    game.artifact_tokens["orvada"] = 1
    game.artifact_supply -= 1
    top = game.artifact_deck[:2]
    game.apply(player, "discover orvada")
    assert "orvada" not in game.artifact_tokens  # the token leaves the map
    assert state.choice.kind == "artifact" and state.choice.cards == top
    game.apply(player, f"keep {top[0]}")
    assert state.artifacts == [top[0]] and game.artifact_deck[-1] == top[1]
    assert state.discovered == 1


def test_confront_moves_a_cabal_token_to_the_track_and_pays_its_quest_symbols():
    game = game_in_play(3)
    player = current(game)
    state = put_heroes(game, player, "orvada")
    spaces = game.pack.boards.cabal.spaces
    give(game, player, "BBB" * len(spaces))
    refused(game, player, "confront orvada", "no_cabal_token")
    quests_before = 0
    for index, space in enumerate(spaces):
        game.cabal_tokens["orvada"] = 1
        game.apply(player, "confront orvada")
        assert state.cabal == index + 1
        if space.quest:
            assert state.choice is not None
            game.apply(player, f"keep {state.choice.cards[0]}")
            quests_before += 1
    assert quests_before == sum(1 for s in spaces if s.quest) >= 1
    game.cabal_tokens["orvada"] = 1
    refused(game, player, "confront orvada", "cabal_track_full")


def test_manaliths_on_different_colours_with_quests_on_the_second_and_fourth():
    game = game_in_play(3)
    player = current(game)
    state = put_heroes(game, player, "hammerheim")
    give(game, player, "RRRRR" * 5)
    game.apply(player, "manalith hammerheim")
    other_red = location_of(game, "R", exclude=("hammerheim",))
    put_heroes(game, player, other_red)
    refused(game, player, f"manalith {other_red}", "manalith_colour")
    quests = []
    for colour in "WUBG":
        place = location_of(game, colour)
        state.heroes = [place]
        game.apply(player, f"manalith {place}")
        if state.choice is not None:
            quests.append(len(state.manaliths))
            game.apply(player, f"keep {state.choice.cards[0]}")
    assert quests == [2, 4]
    assert len(state.manaliths) == 5
    refused(game, player, f"manalith {state.heroes[0]}", "manaliths_built")


def test_leylines_rewards_and_no_two_on_one_link():
    game = game_in_play(3)
    player = current(game)
    state = put_heroes(game, player, "orvada")
    give(game, player, "GGG" * 8)
    game.apply(player, "leyline orvada urborg")
    refused(game, player, "leyline urborg orvada", "leyline_held")
    refused(game, player, "leyline llanowar hammerheim", "leyline_no_hero")
    quests = []
    count = 1
    # Seven more links anywhere: a Hero is stood on one end of each before forming it.
    links = sorted({game.pack.link_key(a, b) for a in game.pack.locations
                    for b in game.pack.adjacency[a]} - {game.pack.link_key("orvada", "urborg")})
    for a, b in links[:7]:
        state.heroes = [a]
        game.apply(player, f"leyline {a} {b}")
        count += 1
        if state.choice is not None:
            quests.append(count)
            game.apply(player, f"keep {state.choice.cards[0]}")
    assert quests == [3, 7]
    # Every other Leyline (2nd, 4th, 6th) gave 2 green from the supply.
    gained = [e for e in game.events if e["type"] == "mana" and e["colour"] == "G"]
    assert [e["amount"] for e in gained] == [2, 2, 2]
    assert game.mana_total() == 120


def test_another_player_may_share_a_link():
    game = game_in_play(3)
    player = current(game)
    other = (player + 1) % 3
    game.players[other].leylines = [game.pack.link_key("orvada", "urborg")]
    put_heroes(game, player, "orvada")
    give(game, player, "GGG")
    game.apply(player, "leyline orvada urborg")


def test_not_enough_mana_of_the_colour_names_the_rule():
    game = game_in_play(3)
    player = current(game)
    put_heroes(game, player, "hammerheim")
    empty_pool(game, player)
    give(game, player, "WWWWWW")
    message = refused(game, player, "manalith hammerheim", "mana")
    assert "{4}{R}" in message
    give(game, player, "R")
    refused(game, player, "manalith hammerheim pay R R W W W", "mana")  # one R only
    refused(game, player, "manalith hammerheim pay W W W W W", "mana")  # no R named


# ---------------------------------------------------------------- Manalith tokens


def test_manalith_tokens_refresh_the_seed_example():
    """The seed: two Manaliths (red and blue) give a red and a blue token at the end of the
    turn; after spending only the blue one, only the blue one comes back."""
    game = game_in_play(2)
    player = current(game)
    state = put_heroes(game, player, "hammerheim")
    blue = location_of(game, "U")
    state.manaliths = ["hammerheim", blue]
    empty_pool(game, player)
    game.apply(player, "end")
    assert state.manalith_tokens == {"R", "U"}
    while current(game) != player:
        game.apply(current(game), "end")
    # Spend the blue token only (its colour pays for a Leyline's generic part).
    give(game, player, "GG")
    state.heroes = ["orvada"]
    game.apply(player, "leyline orvada urborg pay G G U")
    assert state.manalith_tokens == {"R"}
    game.apply(player, "end")
    assert state.manalith_tokens == {"R", "U"}
    assert state.pool == dict.fromkeys("WUBRG", 0)  # tokens are not ordinary mana
    assert game.mana_total() == 120


def test_paying_uses_the_manalith_token_first():
    game = game_in_play(3)
    player = current(game)
    state = put_heroes(game, player, "orvada")
    empty_pool(game, player)
    state.manalith_tokens = {"G"}
    give(game, player, "GGU")
    game.apply(player, "leyline orvada urborg pay G G U")
    assert state.manalith_tokens == set() and state.pool["G"] == 1  # token went first
    assert game.mana_total() == 120


# ---------------------------------------------------------------- quests


def test_quest_from_hand_completes_when_met_and_gives_its_reward(monkeypatch):
    game = game_in_play(3)
    player = current(game)
    state = put_heroes(game, player, "orvada")
    quest = Quest("test_gift", "Test Gift", 4, "Hold 2 green mana.", False, (),
                  (Requirement("mana", 2, colour="G"),), (), "designed")
    monkeypatch.setitem(game.pack.quests, quest.id, quest)
    state.hand.append(quest.id)
    empty_pool(game, player)
    give(game, player, "G")
    refused(game, player, "complete test_gift", "quest_unmet")
    give(game, player, "G")
    assert "complete test_gift" in [str(a) for a in game.legal_actions(player)]
    game.apply(player, "complete test_gift")
    assert state.accomplished == ["test_gift"] and state.completed == 1
    assert score(state, game.pack)["accomplished"] == 4


def test_start_quest_counts_from_when_it_was_started(monkeypatch):
    game = game_in_play(3)
    player = current(game)
    state = put_heroes(game, player, "orvada")
    quest = Quest("test_crusade", "Test Crusade", 5, "Start at Orvada; then defeat 1 Cabal.",
                  True, (Requirement("hero_at", 1, location="orvada"),),
                  (Requirement("cabal", 1, since_start=True),), (), "designed")
    monkeypatch.setitem(game.pack.quests, quest.id, quest)
    state.hand.append(quest.id)
    state.cabal = 2  # defeated before the start: they do not count
    refused(game, player, "complete test_crusade", "not_started")
    game.apply(player, "start test_crusade")
    assert "test_crusade" in state.started
    refused(game, player, "complete test_crusade", "quest_unmet")
    give(game, player, "BBB")
    game.cabal_tokens["orvada"] = 1
    game.apply(player, "confront orvada")
    if state.choice is not None:
        game.apply(player, f"keep {state.choice.cards[0]}")
    game.apply(player, "complete test_crusade")
    assert "test_crusade" in state.accomplished


# ---------------------------------------------------------------- scoring and the end


def test_final_scoring_the_seed_example_shape():
    """The seed's example board: all Heroes recruited, four Manaliths, six Leylines, five
    Cabal defeated gives 9 + 10 + 8 + 8 before cards."""
    game = game_in_play(2)
    state = game.players[0]
    state.heroes_on_track = 0
    state.manaliths = ["a", "b", "c", "d"]
    state.leylines = [("a", "b")] * 6
    state.cabal = 5
    state.artifacts, state.accomplished, state.public = [], [], []
    parts = score(state, game.pack)
    assert (parts["heroes"], parts["manaliths"], parts["leylines"], parts["cabal"]) == (
        9, 10, 8, 8)
    artifact = next(iter(game.pack.artifacts.values()))
    state.artifacts = [artifact.id]
    quest = next(iter(game.pack.quests.values()))
    state.accomplished = [quest.id]
    state.public = [("tile", 10)]
    assert score(state, game.pack)["total"] == 35 + artifact.vp + quest.vp + 10 + state.head_start


def test_the_cabal_track_scores_the_highest_value_covered(tmp_path):
    """The rulebook scores the highest value on a covered space of the defeated-Cabal track.
    With the shipped values, rising left to right, that is the last covered space; an owner's
    printed board need not rise."""
    falling = edited_data(tmp_path, "boards.toml",
                          "spaces = [\n    { vp = 3 },\n    { vp = 5 },\n    { vp = 6 },",
                          "spaces = [\n    { vp = 7 },\n    { vp = 2 },\n    { vp = 6 },")
    game = game_in_play(2, data=str(falling))
    state = game.players[0]
    assert game.scores()[0]["cabal"] == 0
    state.cabal = 1
    assert game.scores()[0]["cabal"] == 7
    state.cabal = 3  # covered: 7, 2, 6 (the last covered would score 6)
    assert game.scores()[0]["cabal"] == 7
    state.cabal = 8
    assert score(state, game.pack)["cabal"] == game.pack.boards.cabal.spaces[-1].vp


def test_the_game_ends_after_the_rounds_and_ties_go_to_completed_quests():
    for players, rounds in ((2, 11), (3, 10), (4, 9)):
        game = game_in_play(players)
        turns = 0
        while not game.is_over:
            game.apply(current(game), "end")
            turns += 1
        assert turns == players * rounds
    for state in game.players:  # nobody scored: equal VP once turn order's are set aside
        state.head_start = 0
    game.players[0].completed = 1
    standings = game.standings()
    assert standings[0].player == 0 and standings[0].rank == 1  # equal VP: more quests wins
    assert all(s.rank == 2 for s in standings[1:])  # the rest share second place
    refused(game, 0, "end", "game_over")


def test_claimed_public_quests_count_as_completed_quests_in_the_tie_break():
    """The rulebook's tie-break is "more completed quests", and a claimed public quest is a
    completed quest: it goes to the same accomplishments area."""
    game = game_in_play(2)
    while not game.is_over:
        game.apply(current(game), "end")
    first, second, third = list(game.pack.public_quests.values())[:3]
    # Equal VP: two tiles worth 5 + 5 against one 10 VP tile and one quest card worth 0.
    game.players[0].public = [(first.id, 5), (second.id, 5)]
    game.players[1].public = [(third.id, 10)]
    game.players[1].completed = 1
    for state in game.players:  # turn order's VP set aside
        state.head_start = 0
    totals = [s["total"] for s in game.scores()]
    assert totals[0] == totals[1]
    assert [(s.rank, s.player, s.tiebreak) for s in game.standings()] == [(1, 0, 2), (1, 1, 2)]
    game.players[1].completed = 0  # now 2 quests against 1: the two public tiles win
    assert [(s.rank, s.player, s.tiebreak) for s in game.standings()] == [(1, 0, 2), (2, 1, 1)]
    assert game.winners() == [0]


def test_wrong_player_and_bad_notation():
    game = game_in_play(3)
    other = (current(game) + 1) % 3
    refused(game, other, "end", "not_your_turn")
    refused(game, 9, "end", "no_such_player")
    for text in ("", "fly orvada", "move orvada", "end now", "collect orvada pay R",
                 "leyline a b pay Q"):
        with pytest.raises(NotationError):
            parse_action(text)
    refused(game, current(game), "move atlantis orvada", "unknown_location")


def test_views_hide_other_hands_and_deck_order():
    game = game_in_play(3)
    player = current(game)
    view = game.view(player).to_json()
    mine = view["players"][player]
    other = view["players"][(player + 1) % 3]
    assert mine["hand"] == game.players[player].hand
    assert "hand" not in other and other["hand_size"] == 2
    spectator = game.view(None).to_json()
    text = str(view) + str(spectator)
    assert "quest_deck" not in text and "artifact_deck" not in text
    for quest in game.quest_deck[:5]:
        assert quest not in str(spectator)
    assert view["legal"]["actions"] and view["legal"]["count"] == len(view["legal"]["actions"])
    assert spectator["legal"] is None and spectator["decision"] is None
