"""The integer action spaces and the observations (docs/encoding.md): round trips, masks that
match the legal actions, one space for every set-up, fixed shapes, nothing hidden observed."""

from __future__ import annotations

import random
from typing import Any

import pytest

import herotable
from herotable import HerotableError, NotationError
from herotable.cartographers import encoding as carto
from herotable.cartographers.actions import Destroy, Draw, DrawMonster, PlaceHero
from herotable.cartographers.game import CartographersGame
from herotable.cartographers.grid import FULL, SIZE, bit, indices
from herotable.core.game import Game
from herotable.dominaria.actions import DominariaAction
from herotable.dominaria.game import DominariaGame

CARTO_SETUPS: list[dict[str, Any]] = [
    {"players": 1},
    {"players": 3, "preset": "heroes+base"},
    {"players": 2, "preset": "base", "hero_turns": False},
]


def decisions(game: Game[Any, Any, Any], seed: int, limit: int = 400,
              avoid: int | None = None) -> Any:
    """Play ``game`` by random legal indices, yielding (seat, legal actions) before each
    move; the move itself goes through ``decode_action``. Index ``avoid`` is chosen only
    when nothing else is legal (Dominaria's ``end``, so that turns get somewhere)."""
    rng = random.Random(seed)
    for _ in range(limit):
        if game.is_over:
            return
        pending = game.pending_players()
        seat = pending[rng.randrange(len(pending))]
        legal = list(game.view(seat).legal)
        yield seat, legal
        indices = game.legal_action_indices(seat)
        indices = [i for i in indices if i != avoid] or indices
        game.apply(seat, game.decode_action(rng.choice(indices)))


# ---------------------------------------------------------------------- Cartographers


@pytest.mark.parametrize("options", CARTO_SETUPS)
def test_cartographers_indices_round_trip_and_match_the_legal_actions(
        options: dict[str, Any]) -> None:
    game = herotable.new_game("cartographers", seed=11, **options)
    total = game.num_distinct_actions()
    kinds = set()
    for seat, legal in decisions(game, seed=3):
        codes = [game.encode_action(a) for a in legal]
        assert [game.decode_action(i) for i in codes] == legal
        assert game.legal_action_indices(seat) == sorted(codes)
        assert len(set(codes)) == len(codes)  # distinct actions, distinct indices
        assert all(0 <= i < total for i in codes)
        kinds.add(type(legal[0]).__name__)
    assert game.is_over
    assert "Draw" in kinds


def test_cartographers_monsters_and_heroes_are_encoded() -> None:
    """A game with hands-on ambushes and heroes reaches every kind of decision."""
    kinds = set()
    for seed in range(4):
        game = herotable.new_game("cartographers", seed=seed, players=3, preset="heroes")
        for seat, legal in decisions(game, seed=seed):
            kinds.add(type(legal[0]).__name__)
            codes = game.legal_action_indices(seat)
            assert [game.encode_action(game.decode_action(i)) for i in codes] == codes
    assert {"Draw", "DrawMonster", "PlaceHero"} <= kinds


def test_cartographers_space_is_the_same_for_every_config() -> None:
    games = [herotable.new_game("cartographers", seed=5, **options) for options in CARTO_SETUPS]
    assert {g.num_distinct_actions() for g in games} == {carto.NUM_DISTINCT_ACTIONS}
    legal = games[1].legal_actions(0)
    assert [games[0].encode_action(a) for a in legal] == [games[2].encode_action(a)
                                                          for a in legal]
    # Pinned: a changed layout silently breaks every trained agent, so it must be deliberate
    # (and docs/encoding.md updated with it).
    assert len(carto.MASKS) == 7572
    assert carto.NUM_DISTINCT_ACTIONS == 6 * 7572 + 121 * 4 + 121
    assert carto.encode(Draw("forest", bit(0, 0))) == carto.MASKS.index(bit(0, 0))
    assert carto.encode(Draw("monster", bit(0, 0))) == 4 * 7572 + carto.MASKS.index(bit(0, 0))
    assert carto.encode(PlaceHero(1, 2, 3)) == carto.HERO_BASE + (SIZE + 2) * 4 + 3
    assert carto.encode(Destroy(10, 10)) == carto.NUM_DISTINCT_ACTIONS - 1
    assert (carto.NUM_PLANES, carto.NUM_FEATURES) == (24, 222)


def test_cartographers_every_index_decodes_and_encodes_back() -> None:
    for index in range(carto.NUM_DISTINCT_ACTIONS):
        assert carto.encode(carto.decode(index)) == index


def test_cartographers_table_holds_every_shape_and_cell() -> None:
    assert list(carto.MASKS) == sorted(set(carto.MASKS))
    assert all(bit(r, c) in carto.MASK_INDEX for r in range(SIZE) for c in range(SIZE))
    from herotable.cartographers.cards import card_sets
    for card_set in card_sets().values():
        for card in card_set.explore.values():
            assert all(m in carto.MASK_INDEX for m in card.placements)
        for ambush in card_set.ambushes.values():
            assert all(m in carto.MASK_INDEX for m in ambush.shape.placements)


@pytest.mark.parametrize("bad", [-1, carto.NUM_DISTINCT_ACTIONS, 10**9, True, "3", 1.5, None])
def test_cartographers_decode_refuses_what_is_no_index(bad: Any) -> None:
    game = herotable.new_game("cartographers", seed=1)
    with pytest.raises(NotationError):
        game.decode_action(bad)


@pytest.mark.parametrize("bad", [
    Draw("lava", bit(0, 0)), Draw("forest", 0), Draw("forest", FULL + 1),
    Draw("forest", bit(0, 0) | bit(10, 10)),  # two far cells: no shape of any box
    Draw(7, bit(0, 0)),  # type: ignore[arg-type]
    DrawMonster(-5), DrawMonster("A1"),  # type: ignore[arg-type]
    PlaceHero(11, 0), PlaceHero(0, 0, 4), PlaceHero("a", 0), Destroy(-1, 0),  # type: ignore[arg-type]
    Destroy(0, 99), "draw forest A1", None,
])
def test_cartographers_encode_refuses_what_is_no_action(bad: Any) -> None:
    with pytest.raises(NotationError):
        carto.encode(bad)


def test_cartographers_legal_indices_of_nothing_owed_is_empty() -> None:
    game = herotable.new_game("cartographers", seed=1, players=2)
    game.apply(0, game.legal_actions(0)[0])
    assert 0 not in game.pending_players()
    assert game.legal_action_indices(0) == []


def _carto_snapshots(options: dict[str, Any], seed: int) -> list[tuple[int, CartographersGame]]:
    game = herotable.new_game("cartographers", seed=seed, **options)
    assert isinstance(game, CartographersGame)
    found = []
    for step, (seat, _) in enumerate(decisions(game, seed=seed)):
        if step % 7 == 0:
            found.append((seat, game.clone()))
    return found


@pytest.mark.parametrize("options", CARTO_SETUPS)
def test_cartographers_observation_has_the_documented_fixed_shape(
        options: dict[str, Any]) -> None:
    for seat, game in _carto_snapshots(options, seed=8):
        for player in range(game.num_players):
            obs = game.observation(player)
            assert len(obs["planes"]) == carto.NUM_PLANES == len(carto.PLANE_NAMES) == 24
            assert all(len(plane) == SIZE and all(len(row) == SIZE for row in plane)
                       for plane in obs["planes"])
            assert {v for plane in obs["planes"] for row in plane for v in row} <= {0, 1}
            assert len(obs["features"]) == carto.NUM_FEATURES == len(carto.FEATURE_NAMES)
            assert all(isinstance(v, float) for v in obs["features"])
        assert game.observation(seat)["features"][
            carto.FEATURE_NAMES.index(f"decision:{game.pending[seat].kind}")] == 1.0


def _mask_of(plane: list[list[int]]) -> int:
    return sum(bit(r, c) for r in range(SIZE) for c in range(SIZE) if plane[r][c])


def test_cartographers_observation_shows_the_view() -> None:
    """Each plane is the layer it is named after; the named features hold the view's values."""
    other_maps = 0
    for seat, game in _carto_snapshots({"players": 3, "preset": "heroes"}, seed=4):
        obs = game.observation(seat)
        view = game.view(seat)
        planes = dict(zip(carto.PLANE_NAMES, obs["planes"], strict=True))
        features = dict(zip(carto.FEATURE_NAMES, obs["features"], strict=True))
        own = view.sheets[seat]
        decision = view.decision
        assert decision is not None
        target = view.sheets[decision.sheet]
        for layer in ("mountain", "ruins", "forest", "monster", "hero", "attack", "destroyed"):
            assert _mask_of(planes[f"own:{layer}"]) == getattr(own, layer)
            assert _mask_of(planes[f"decision:{layer}"]) == getattr(target, layer)
        assert _mask_of(planes["own:empty"]) == FULL & ~own.filled
        assert features["coins/14"] == own.coins / 14
        assert features[f"season:{view.season_index}"] == 1.0
        assert features["decision:other_map"] == float(decision.sheet != seat)
        other_maps += decision.sheet != seat
        for letter, card_id in zip("ABCD", view.scoring, strict=True):
            assert features[f"edict_{letter}:{card_id}"] == 1.0
        assert sum(v for k, v in features.items() if k.startswith("edict_")) == 4
        assert features[f"current:{view.current}"] == 1.0
        assert sum(v for k, v in features.items() if k.startswith("revealed:")) == len(
            view.revealed)
        # The cell a legal hero or destroy names is empty or allowed on the decision's map.
        for index in game.legal_action_indices(seat)[:5]:
            action = game.decode_action(index)
            if isinstance(action, Destroy):
                assert bit(action.row, action.col) & decision.allowed
            if isinstance(action, PlaceHero | DrawMonster | Draw):
                cells = (action.cells if isinstance(action, Draw | DrawMonster)
                         else bit(action.row, action.col))
                assert all(planes["decision:empty"][i // SIZE][i % SIZE]
                           for i in indices(cells))
    assert other_maps  # the snapshots include a monster drawn on a neighbour's map


@pytest.mark.parametrize("options", CARTO_SETUPS)
def test_cartographers_observation_ignores_the_hidden_deck_order(
        options: dict[str, Any]) -> None:
    for seat, game in _carto_snapshots(options, seed=6):
        state = game.to_json()
        state["deck"] = state["deck"][::-1]
        other = CartographersGame.from_json(state)
        assert other.deck != game.deck or len(set(game.deck)) < 2
        for player in range(game.num_players):
            assert other.observation(player) == game.observation(player)
        assert other.legal_action_indices(seat) == game.legal_action_indices(seat)


def test_cartographers_observation_of_no_seat_is_refused() -> None:
    game = herotable.new_game("cartographers", seed=1, players=2)
    with pytest.raises(NotationError):  # a spectator's view belongs to no seat
        carto.observation(game.view(None))
    for bad in (None, 2, -1, True, "0"):
        with pytest.raises(HerotableError):
            game.observation(bad)  # type: ignore[arg-type]


# ---------------------------------------------------------------------- Heroes of Dominaria

DOM_SETUPS: list[dict[str, Any]] = [{"players": 2}, {"players": 3},
                                    {"players": 4, "two_mana": True}]


def _dominaria(seed: int, **options: Any) -> DominariaGame:
    game = herotable.new_game("dominaria", seed=seed, **options)
    assert isinstance(game, DominariaGame)
    return game


def _end(game: DominariaGame) -> int:
    return game.encode_action(DominariaAction("end"))


@pytest.mark.parametrize("options", DOM_SETUPS)
def test_dominaria_indices_round_trip_and_match_the_legal_actions(
        options: dict[str, Any]) -> None:
    verbs = set()
    for seed in range(3):
        game = _dominaria(seed, **options)
        total = game.num_distinct_actions()
        for seat, legal in decisions(game, seed=seed, limit=2000, avoid=_end(game)):
            codes = [game.encode_action(a) for a in legal]
            assert [game.decode_action(i) for i in codes] == legal
            assert game.legal_action_indices(seat) == sorted(codes)
            assert len(set(codes)) == len(codes)
            assert all(0 <= i < total for i in codes)
        assert game.is_over
        verbs |= {entry.action.split()[0] for entry in game.log.entries}
    # Abilities decoded without a payment were applied: the engine paid by its rule.
    assert {"keep", "place", "move", "collect", "recruit", "leyline", "end"} <= verbs


def test_dominaria_space_is_fixed_by_the_pack_not_the_setup() -> None:
    games = [_dominaria(1, **options) for options in DOM_SETUPS]
    assert {g.num_distinct_actions() for g in games} == {games[0].encoding.num_distinct_actions}
    space = games[0].encoding
    pack = games[0].pack
    locations, quests, artifacts = len(pack.locations), len(pack.quests), len(pack.artifacts)
    moves = sum(len(n) for n in pack.adjacency.values())
    assert space.num_distinct_actions == (
        quests + artifacts + quests * (quests - 1) // 2 + 6 * locations + moves
        + len(pack.links) + artifacts + 2 * quests + 1)
    everything = [space.decode(i) for i in range(space.num_distinct_actions)]
    assert [g.encode_action(a) for g in games for a in everything] == list(
        range(space.num_distinct_actions)) * len(games)
    assert space.blocks[0] == ("keep <card>", 0, quests + artifacts)
    assert space.blocks[-1] == ("end", space.num_distinct_actions - 1, 1)
    # The shipped pack's figures, as docs/encoding.md gives them.
    assert (space.num_distinct_actions, space.num_features) == (1385, 928)
    assert dict((label, first) for label, first, _ in space.blocks)["leyline"] == 1241


def test_dominaria_spellings_and_payments_share_an_index() -> None:
    game = _dominaria(2)
    link = game.pack.links[0]
    a, b = sorted(game.pack.quests)[:2]
    encode = game.encode_action
    assert encode(DominariaAction("leyline", (link.b, link.a))) == encode(
        DominariaAction("leyline", (link.a, link.b)))
    assert encode(DominariaAction("keep", (b, a))) == encode(DominariaAction("keep", (a, b)))
    assert game.decode_action(encode(DominariaAction("keep", (b, a)))).args == (a, b)
    recruit = DominariaAction("recruit", ("orvada",))
    paid = DominariaAction("recruit", ("orvada",), ("W", "R", "R", "G", "U"))
    assert encode(paid) == encode(recruit)
    assert game.decode_action(encode(paid)) == recruit
    assert encode(DominariaAction("move", (link.a, link.b))) != encode(
        DominariaAction("move", (link.b, link.a)))


def test_dominaria_a_kept_pair_is_unordered() -> None:
    """Either spelling of a set-up keep leaves the same state: the hand keeps the dealt
    order, so the one index the pair has stands for one outcome."""
    game = _dominaria(4)
    dealt = game.players[0].choice.cards  # type: ignore[union-attr]
    other = game.clone()
    game.apply(0, DominariaAction("keep", (dealt[0], dealt[2])))
    other.apply(0, DominariaAction("keep", (dealt[2], dealt[0])))
    assert game.players[0].hand == other.players[0].hand == [dealt[0], dealt[2]]


@pytest.mark.parametrize("bad", [-1, 10**6, True, "3", 2.0, None])
def test_dominaria_decode_refuses_what_is_no_index(bad: Any) -> None:
    game = _dominaria(1)
    with pytest.raises(NotationError):
        game.decode_action(bad)
    with pytest.raises(NotationError):
        game.decode_action(game.num_distinct_actions())


def test_dominaria_encode_refuses_what_the_pack_does_not_hold() -> None:
    game = _dominaria(1)
    quest = next(iter(game.pack.quests))
    artifact = next(iter(game.pack.artifacts))
    far = next(b for b in game.pack.locations
               if b not in game.pack.adjacency["orvada"] and b != "orvada")
    for bad in (DominariaAction("move", ("orvada", far)), DominariaAction("collect", ("mars",)),
                DominariaAction("keep", ("orvada",)), DominariaAction("keep", (quest, quest)),
                DominariaAction("keep", (quest, artifact)), DominariaAction("use", (quest,)),
                DominariaAction("start", (artifact,)), DominariaAction("leyline", ("orvada", far)),
                Destroy(0, 0), "end", None):
        with pytest.raises(NotationError):
            game.encode_action(bad)  # type: ignore[arg-type]


def _dom_snapshots(options: dict[str, Any], seed: int) -> list[tuple[int, DominariaGame]]:
    game = _dominaria(seed, **options)
    found = []
    for step, (seat, _) in enumerate(decisions(game, seed=seed, limit=600, avoid=_end(game))):
        if step < 8 or step % 9 == 0:  # the set-up's few decisions, then a sample
            found.append((seat, game.clone()))
    return found


@pytest.mark.parametrize("options", DOM_SETUPS)
def test_dominaria_observation_has_the_documented_fixed_length(
        options: dict[str, Any]) -> None:
    lengths = set()
    for _, game in _dom_snapshots(options, seed=5):
        for player in range(game.num_players):
            obs = game.observation(player)
            assert obs["names"] == game.encoding.feature_names
            assert all(isinstance(v, float) for v in obs["features"])
            lengths.add(len(obs["features"]))
    assert lengths == {game.encoding.num_features}
    assert len(set(game.encoding.feature_names)) == game.encoding.num_features


def test_dominaria_observation_shows_the_view_from_the_seat() -> None:
    stages = set()
    for seat, game in _dom_snapshots({"players": 3}, seed=7):
        obs = game.observation(seat)
        features = dict(zip(obs["names"], obs["features"], strict=True))
        view = game.view(seat)
        me = view.players[seat].board
        stages.add(view.stage)
        assert features[f"stage:{view.stage}"] == 1.0
        assert features["round_progress"] == view.round / view.rounds
        assert features["players:3"] == 1.0
        assert features[f"current:seat{(view.current - seat) % 3}"] == 1.0
        for colour in "WUBRG":
            assert features[f"seat0/pool:{colour}"] == me.pool[colour]
            assert features[f"supply:{colour}"] == view.supply[colour]
        for loc, mana in view.map_mana.items():
            assert features[f"map_mana:{loc}"] == mana
        assert sum(features[f"hand:{q}"] for q in game.pack.quests) == len(me.hand)
        assert all(features[f"hand:{q}"] == 1.0 for q in me.hand)
        nxt = game.players[(seat + 1) % 3]
        assert features["seat1/hand_size"] == len(nxt.hand)
        assert sum(features[f"seat1/heroes:{loc}"] for loc in game.pack.locations) == len(
            nxt.heroes)
        assert features["seat1/vp"] == game.scores()[(seat + 1) % 3]["total"]
        assert features["seat3/present"] == 0.0  # three players: the fourth seat is empty
        assert not any(v for k, v in features.items() if k.startswith("seat3/"))
    assert {"quests", "heroes", "play"} <= stages


@pytest.mark.parametrize("options", DOM_SETUPS)
def test_dominaria_observation_ignores_hidden_cards(options: dict[str, Any]) -> None:
    """Deck orders, and the other seats' hands, change nothing a seat observes."""
    swaps = 0
    for _, game in _dom_snapshots(options, seed=3):
        state = game.to_json()
        for deck in ("deck", "quest_deck", "artifact_deck"):
            state[deck] = state[deck][::-1]
        reordered = DominariaGame.from_json(state)
        for player in range(game.num_players):
            assert reordered.observation(player) == game.observation(player)
            # Swap the next seat's hand with the same number of unseen quests.
            swapped = game.to_json()
            other = swapped["players"][(player + 1) % game.num_players]
            count = len(other["hand"])
            if count and len(swapped["quest_deck"]) >= count:
                other["hand"], swapped["quest_deck"][:count] = (swapped["quest_deck"][:count],
                                                                other["hand"])
                changed = DominariaGame.from_json(swapped)
                assert changed.players[(player + 1) % game.num_players].hand != (
                    game.players[(player + 1) % game.num_players].hand)
                assert changed.observation(player) == game.observation(player)
                swaps += 1
    assert swaps
