"""Seasons, coins, the fallback and refusals: the rulebook's game flow."""

import pytest

import herotable
from herotable.cartographers.actions import Destroy, Draw, PlaceHero, parse_action
from herotable.cartographers.config import ConfigError, GameConfig
from herotable.cartographers.game import CartographersGame
from herotable.core.errors import IllegalAction, NotationError
from tests.helpers import FIRST_GAME, cells_mask, first_legal, rigged_game
from tests.refusal_checks import check_declared

EMPTY = "\n".join(["..........."] * 11)


def test_rulebook_season_example_ends_spring_at_eight():
    # Timber Grove +1, Hillside Terrace +2, Coastal Encampment +2, Frontier Dwelling +2,
    # Kethra's Gates +0, Pasture +1 = 8: spring ends after the sixth card.
    deck = ["timber_grove", "hillside_terrace", "coastal_encampment", "frontier_dwelling",
            "kethras_gates", "pasture", "lagoon", "settlement", "wildwood_garden"]
    game = rigged_game(deck)
    times = []
    for _ in range(5):
        times.append(game.season_time())  # the check after each card is revealed and drawn
        first_legal(game, 0)
        assert game.season == "spring"
    times.append(game.season_time())
    assert times == [1, 3, 5, 7, 7, 8]
    events = game.apply(0, game.legal_actions(0)[0])
    assert any(e["type"] == "season_scored" and e["season"] == "spring" for e in events)
    assert game.season == "summer"
    assert len(game.scores[0]) == 1


def test_seasons_have_the_heroes_thresholds():
    game = CartographersGame(GameConfig(scoring=FIRST_GAME), seed=3)
    assert [s.time for s in game.cards.seasons] == [8, 7, 7, 6]
    assert [s.edicts for s in game.cards.seasons] == [
        ("A", "B"), ("B", "C"), ("C", "D"), ("D", "A")]


def test_coin_only_for_the_coin_shape():
    game = rigged_game(["timber_grove", "timber_grove", "lagoon"], maps=[EMPTY])
    game.apply(0, Draw("forest", cells_mask("A1", "A2", "B2")))  # XX/.X gives a coin
    assert game.sheets[0].coins == 1
    game.apply(0, Draw("forest", cells_mask("D1", "D3", "E1", "E3")))  # X.X/X.X does not
    assert game.sheets[0].coins == 1


def test_surrounding_a_mountain_pays_one_coin_once():
    side_c = GameConfig().side
    assert side_c == "C"  # B2 is a mountain on side C
    game = rigged_game(["kethras_gates"] * 6)
    for cell in ("A2", "B1", "B3"):
        game.apply(0, Draw("farm", cells_mask(cell)))
    assert game.sheets[0].coins == 0
    events = game.apply(0, Draw("farm", cells_mask("C2")))
    assert game.sheets[0].coins == 1
    assert {"type": "coins", "sheet": 0, "gained": 1, "reason": "surrounded mountain",
            "step": 3, "by": 0} in events
    game.apply(0, Draw("farm", cells_mask("C3")))
    assert game.sheets[0].coins == 1


def test_coins_stop_at_fourteen():
    game = rigged_game(["timber_grove", "lagoon"])
    game.sheets[0].coins = 14
    game.apply(0, Draw("forest", cells_mask("E1", "E2", "F2")))
    assert game.sheets[0].coins == 14


def test_fallback_single_cell_when_no_shape_fits():
    # Only single empty cells are left: Hillside Terrace's 2x2 fits nowhere.
    checker = "\n".join(
        "".join("." if (r + c) % 2 == 0 else "F" for c in range(11)) for r in range(11))
    game = rigged_game(["hillside_terrace", "lagoon"], maps=[checker])
    decision = game.decision(0)
    assert decision is not None and decision.fallback
    assert game.terrain_options(0) == ("forest", "village", "farm", "water", "monster")
    with pytest.raises(IllegalAction, match="single cell"):
        game.apply(0, Draw("farm", cells_mask("A1", "A3")))
    game.apply(0, Draw("village", cells_mask("A1")))  # a terrain the card did not offer
    assert game.sheets[0].terrain_at(0, 0) == "village"
    assert game.sheets[0].coins == 0


def test_kethras_gates_offers_every_terrain_but_mountain():
    game = rigged_game(["kethras_gates", "lagoon"])
    assert game.terrain_options(0) == ("forest", "village", "farm", "water", "monster")
    with pytest.raises(NotationError):
        parse_action("draw mountain A1")


class TestRefusals:
    def setup_method(self):
        self.game = rigged_game(["coastal_encampment", "lagoon"], players=2)

    def refused(self, player, action, code):
        before = self.game.to_json()
        with pytest.raises(IllegalAction) as info:
            self.game.apply(player, action)
        assert info.value.code == code
        check_declared(info.value)
        assert self.game.to_json() == before

    def test_over_a_filled_cell(self):
        # B2 is a mountain on side C.
        self.refused(0, Draw("village", cells_mask("B1", "B2", "B3", "C3")), "overlap")

    def test_a_shape_the_card_does_not_offer(self):
        self.refused(0, Draw("village", cells_mask("A1", "A2", "A3", "A4")), "shape")

    def test_a_partial_shape_at_the_edge(self):
        # The L's missing cell would be off the map: the three cells are no card shape.
        self.refused(0, Draw("village", cells_mask("K9", "K10", "K11")), "shape")

    def test_a_terrain_the_card_does_not_offer(self):
        self.refused(0, Draw("farm", cells_mask("A1", "A2", "A3", "B3")), "terrain")

    def test_a_player_who_owes_nothing(self):
        self.game.apply(0, Draw("village", cells_mask("A1", "A2", "A3", "B3")))
        self.refused(0, Draw("village", cells_mask("E1", "E2", "E3", "F3")), "not_your_turn")

    def test_a_wrong_kind_of_action(self):
        self.refused(0, PlaceHero(5, 5, 0), "wrong_action")
        self.refused(1, Destroy(5, 5), "wrong_action")

    def test_cells_off_the_map(self):
        self.refused(0, Draw("village", 1 << 121), "off_map")
        self.refused(0, Draw("village", 0), "off_map")

    def test_hero_off_the_map_or_overturned(self):
        game = rigged_game(["wren_the_lioness", "lagoon"])
        before = game.to_json()
        for action, code in ((PlaceHero(11, 0, 0), "off_map"), (PlaceHero(3, 3, 4), "rotation"),
                             (object(), "wrong_action_type")):
            with pytest.raises(IllegalAction) as info:
                game.apply(0, action)
            assert info.value.code == code
        assert game.to_json() == before

    def test_a_player_not_in_the_game(self):
        self.refused(7, Draw("village", cells_mask("A1", "A2", "A3", "B3")), "no_such_player")


def test_simultaneous_decisions_wait_for_everyone():
    game = rigged_game(["lagoon", "pasture"], players=3)
    assert game.pending_players() == [0, 1, 2]
    game.apply(1, Draw("water", cells_mask("C1", "D2")))
    assert game.pending_players() == [0, 2]
    assert game.revealed == ["lagoon"]
    game.apply(0, Draw("water", cells_mask("C1", "D2")))
    game.apply(2, Draw("water", cells_mask("C1", "D2")))
    assert game.revealed == ["lagoon", "pasture"]


def test_actions_round_trip_their_notation():
    game = CartographersGame(GameConfig(players=2, scoring=FIRST_GAME), seed=11)
    for action in game.legal_actions(0)[:50]:
        assert parse_action(str(action)) == action
    for text in ("hero E5 r90", "monster B2 B3", "destroy D4", "draw forest C5 C6 D6"):
        assert str(parse_action(text)) == text


@pytest.mark.parametrize(
    ("text", "message"),
    [("", "empty"), ("fly A1", "unknown action"), ("draw lava A1", "terrain"),
     ("draw forest", "at least one cell"), ("draw forest A1 A1", "twice"),
     ("hero E5 r45", "rotation"), ("destroy A1 A2", "exactly one")],
)
def test_bad_notation_is_explained(text, message):
    with pytest.raises(NotationError, match=message):
        parse_action(text)


@pytest.mark.parametrize(
    ("options", "message"),
    [({"players": 0}, "1 to 100"), ({"players": 101}, "1 to 100"), ({"side": "Q"}, "side"),
     ({"scoring": ("deepwood",)}, "four"),
     ({"scoring": ("deepwood", "sleepy_valley", "craylund", "silos")}, "one of each"),
     ({"scoring": ("nope", "sleepy_valley", "craylund", "silos")}, "unknown scoring card")],
)
def test_bad_configs_are_refused(options, message):
    with pytest.raises(ConfigError, match=message):
        GameConfig(**options)


def test_random_setup_takes_one_scoring_card_of_each_category():
    for seed in range(20):
        game = CartographersGame(GameConfig(), seed=seed)
        categories = sorted(game.cards.scoring[c].category for c in game.scoring)
        assert categories == ["farm_water", "forest", "general", "village"]


def test_first_game_preset():
    assert GameConfig.preset("first_game").scoring == FIRST_GAME


def test_each_season_adds_one_ambush_and_one_hero():
    game = CartographersGame(GameConfig(scoring=FIRST_GAME), seed=5)
    all_cards = game.deck + game.revealed
    assert sum(c in game.cards.ambushes for c in all_cards) == 1
    assert sum(c in game.cards.heroes for c in all_cards) == 1
    assert sum(c in game.cards.explore for c in all_cards) == 11
    assert len(game.ambush_deck) == 3 and len(game.hero_deck) == 3


def test_unrevealed_ambush_and_hero_stay_for_the_next_season():
    game = rigged_game(["lagoon", "pasture", "settlement", "timber_grove", "hillside_terrace",
                        "hillside_terrace", "dragon_inferno", "wren_the_lioness"])
    game.ambush_deck = ["zombie_plague"]
    game.hero_deck = ["freyla_the_true"]
    while game.season == "spring":
        first_legal(game, 0)
    cards = game.deck + game.revealed
    assert {"dragon_inferno", "zombie_plague", "wren_the_lioness", "freyla_the_true"} <= set(cards)


def test_same_seed_same_game_and_replay():
    def play(seed):
        game = CartographersGame(GameConfig(players=2), seed=seed)
        while not game.is_over:
            for p in game.pending_players():
                first_legal(game, p)
        return game

    a, b = play(9), play(9)
    assert a.to_json() == b.to_json()
    assert CartographersGame.replay(a.log).to_json() == a.to_json()
    assert play(10).to_json() != a.to_json()


def test_view_hides_the_deck_order():
    game = CartographersGame(GameConfig(players=2), seed=4)
    view = game.view(0).to_json()
    assert "deck" not in view and "rng" not in view
    assert view["deck_size"] == len(game.deck)
    assert view["decision"]["kind"] == "draw"
    assert game.view(None).to_json()["decision"] is None


def test_a_scenario_sets_the_first_deck_and_the_maps_and_replays() -> None:
    empty = "\n".join(["." * 11] * 11)
    game = herotable.new_game("cartographers", seed=3, deck=["lagoon", "pasture"],
                              maps=[empty], cards=list(FIRST_GAME))
    assert game.view(0).current == "lagoon" and game.view(0).sheets[0].filled == 0
    game.apply(0, game.legal_actions(0)[0])
    assert game.view(0).current == "pasture"
    assert type(game).replay(game.log).to_json() == game.to_json()


@pytest.mark.parametrize(("options", "message"), [
    ({"deck": ["no_such_card"]}, "scenario deck names 'no_such_card'"),
    ({"maps": ["...", "..."]}, "2 scenario maps given for 1 players"),
    ({"maps": ["x"]}, "scenario map 1"),
])
def test_a_broken_scenario_is_refused(options: dict[str, object], message: str) -> None:
    with pytest.raises(herotable.HerotableError, match=message):
        herotable.new_game("cartographers", **options)
