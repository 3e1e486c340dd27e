"""Property tests: random legal Heroes of Dominaria games keep the rules' invariants.

Games are played by :func:`herotable.bots.random_bot.play_random_dominaria`'s rule (uniform
among ``legal_actions``). After every action: the 120 mana tokens are all somewhere (supply, pools,
map), counts stay within the boards, and junk actions are refused without any change.
"""

from __future__ import annotations

import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from herotable.core.errors import IllegalAction
from herotable.core.rng import SeededRng
from herotable.dominaria.actions import VERBS, DominariaAction
from herotable.dominaria.config import DominariaConfig
from herotable.dominaria.game import DominariaGame
from tests.refusal_checks import check_declared

seeds = st.integers(min_value=0, max_value=2**64 - 1)


def normal(game: DominariaGame, action: DominariaAction) -> str:
    """An action's text with argument orders that mean the same thing made equal."""
    args = list(action.args)
    if action.verb == "leyline" and len(args) == 2:
        args = sorted(args)
    if action.verb == "keep":
        args = sorted(args)
    return str(DominariaAction(action.verb, tuple(args), action.pay))


def junk(game: DominariaGame, rng: SeededRng) -> tuple[int, DominariaAction]:
    """A probably illegal (player, action): any verb, random ids, sometimes a bad payment."""
    pack = game.pack
    pending = game.pending_players()
    player = rng.choice(pending) if pending and rng.below(4) else rng.below(game.num_players)
    verb = rng.choice(list(VERBS))
    pools = {
        "keep": [*pack.quests, *pack.artifacts],
        "use": list(pack.artifacts),
        "start": list(pack.quests),
        "complete": list(pack.quests),
        "claim": [*pack.public_quests, "nowhere"],
    }
    names = pools.get(verb, [*pack.locations, "atlantis"])
    counts = VERBS[verb][0]
    args = tuple(rng.choice(names) for _ in range(rng.choice(list(counts))))
    pay: tuple[str, ...] = ()
    if VERBS[verb][2] and rng.below(3) == 0:
        pay = tuple(rng.choice("WUBRG") for _ in range(rng.below(6) + 1))
    return player, DominariaAction(verb, args, pay)


def check_invariants(game: DominariaGame) -> None:
    assert game.mana_total() == 120
    assert all(v >= 0 for v in game.supply.values())
    assert all(v >= 0 for v in game.map_mana.values())
    boards = game.pack.boards
    for state in game.players:
        assert all(v >= 0 for v in state.pool.values())
        # The starting Hero is off the track before it is placed.
        placed = len(state.heroes) + state.heroes_on_track
        assert placed == 4 if game.stage in ("play", "over") else placed <= 4
        assert len(state.manaliths) <= len(boards.manalith.spaces)
        assert len(state.leylines) <= len(boards.leyline.spaces)
        assert len(set(state.leylines)) == len(state.leylines)
        colours = [game.pack.locations[m].colour for m in state.manaliths]
        assert len(set(colours)) == len(colours)
        assert state.cabal <= len(boards.cabal.spaces)
    for quest, claims in game.claims.items():
        assert len(claims) == len(set(claims)) <= len(game.pack.public_quests[quest].tiles)
    assert (game.cabal_supply + sum(game.cabal_tokens.values())
            + sum(p.cabal for p in game.players) == 20)
    assert bool(game.pending_players()) != game.is_over


def play_checked(players: int, seed: int, player_seed: int, junk_seed: int,
                 junk_per_step: int = 1) -> DominariaGame:
    game = DominariaGame(DominariaConfig(players=players), seed)
    rng, junk_rng = SeededRng(player_seed), SeededRng(junk_seed)
    steps = 0
    while not game.is_over:
        check_invariants(game)
        player = game.pending_players()[0]
        legal = game.legal_actions(player)
        assert legal, "a pending player must have a legal action"
        legal_texts = {normal(game, a) for a in legal}
        for _ in range(junk_per_step):
            who, action = junk(game, junk_rng)
            if who == player and not action.pay and normal(game, action) in legal_texts:
                continue  # a lucky legal guess
            if action.pay:  # an explicit payment may be legal: only check it changes nothing
                continue    # when refused, below
            state = game.to_json()
            with pytest.raises(IllegalAction) as refused:
                game.apply(who, action)
            check_declared(refused.value)
            assert game.to_json() == state, f"refused {action} by {who} but the state changed"
        action = legal[rng.below(len(legal))]
        game.apply(player, action)
        steps += 1
        assert steps < 3000, "the game does not end"
    check_invariants(game)
    state = game.to_json()
    assert DominariaGame.replay(game.log).to_json() == state
    assert DominariaGame.from_json(json.loads(json.dumps(state))).to_json() == state
    return game


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(players=st.integers(min_value=2, max_value=4), seed=seeds, player_seed=seeds,
       junk_seed=seeds)
def test_random_legal_games_keep_every_invariant(players, seed, player_seed, junk_seed):
    game = play_checked(players, seed, player_seed, junk_seed)
    assert game.round == game.config.rounds


@settings(max_examples=40, deadline=None)
@given(seed=seeds, junk_seed=seeds)
def test_explicit_payments_are_refused_without_change_or_spent_exactly(seed, junk_seed):
    game = DominariaGame(DominariaConfig(players=3), seed % 1000)
    rng = SeededRng(junk_seed)
    while game.stage != "play":
        player = game.pending_players()[0]
        game.apply(player, game.legal_actions(player)[0])
    player = game.pending_players()[0]
    for colour in "WUBRG":
        for _ in range(2):
            game.supply[colour] -= 1
            game.players[player].pool[colour] += 1
    for _ in range(10):
        _, action = junk(game, rng)
        if not action.pay:
            continue
        before = game.to_json()
        pool = dict(game.players[player].pool)
        try:
            events = game.apply(player, action)
        except IllegalAction as refused:
            check_declared(refused)
            assert game.to_json() == before
        else:  # accepted: exactly the named mana left the pool (less any mana reward)
            spent = {c: pool[c] - game.players[player].pool[c] for c in pool}
            gained = sum(e["amount"] for e in events if e["type"] == "mana")
            assert sum(spent.values()) == len(action.pay) - gained
        assert game.mana_total() == 120
