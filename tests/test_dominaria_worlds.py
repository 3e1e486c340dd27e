"""Possible worlds sampled from a Dominaria seat's view: the seat cannot tell them from the
real game, their hidden cards come from what the seat has not seen, and a seed fixes them."""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from herotable.core.errors import HerotableError
from herotable.core.rng import SeededRng
from herotable.dominaria.config import DominariaConfig
from herotable.dominaria.game import DominariaGame
from herotable.dominaria.worlds import sample_world


def _played(seed: int, players: int, steps: int) -> tuple[DominariaGame, int]:
    """A game after ``steps`` random actions, and a seat that owes a decision (0 once over)."""
    game = DominariaGame(DominariaConfig(players=players), seed)
    rng = SeededRng(seed)
    for _ in range(steps):
        if game.is_over:
            break
        seat = game.pending_players()[0]
        game.apply(seat, rng.choice(game.legal_actions(seat)))
    return game, game.pending_players()[0] if not game.is_over else 0


def _quests_everywhere(game: DominariaGame) -> Counter[str]:
    """Every quest card of the game wherever it is: deck, hands, choices, started, done."""
    found = Counter(game.quest_deck)
    for board in game.players:
        found.update(board.hand)
        found.update(list(board.started))
        found.update(q for q in board.accomplished if q in game.pack.quests)
        if board.choice and board.choice.kind in ("setup", "quest"):
            found.update(board.choice.cards)
    return found


@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 10_000), players=st.integers(2, 4), steps=st.integers(0, 150))
def test_the_seat_cannot_tell_the_world_from_the_game(seed: int, players: int,
                                                      steps: int) -> None:
    game, seat = _played(seed, players, steps)
    world = sample_world(game.view(seat), SeededRng(seed + 1))
    assert world.view(seat) == game.view(seat)
    # The face-up discard pile too (views compare without it): a search must not reshuffle it.
    assert world.view(seat).reveals == game.view(seat).reveals
    assert world.legal_actions(seat) == game.legal_actions(seat)
    assert world.clone().to_json() == world.to_json()


@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 10_000), players=st.integers(2, 4), steps=st.integers(0, 150))
def test_hidden_cards_come_from_what_the_seat_has_not_seen(seed: int, players: int,
                                                           steps: int) -> None:
    game, seat = _played(seed, players, steps)
    world = sample_world(game.view(seat), SeededRng(seed + 1))
    seen = {*game.players[seat].hand, *(game.players[seat].choice.cards
                                        if game.players[seat].choice else ())}
    for board in game.players:
        seen.update(board.started, board.accomplished, board.artifacts)
    for index, (real, sampled) in enumerate(zip(game.players, world.players, strict=True)):
        if index != seat:
            assert len(sampled.hand) == len(real.hand)
            assert not seen & set(sampled.hand)
            assert (sampled.choice is None) == (real.choice is None)
            if sampled.choice and real.choice:
                assert sampled.choice.kind == real.choice.kind
                assert len(sampled.choice.cards) == len(real.choice.cards)
                assert not seen & set(sampled.choice.cards)
    assert not seen & {*world.quest_deck, *world.artifact_deck}
    # No card is in two places, and every deck keeps the size the seat was shown.
    assert max(_quests_everywhere(world).values(), default=1) == 1
    assert len(world.quest_deck) == len(game.quest_deck)
    assert len(world.artifact_deck) == len(game.artifact_deck)
    assert sorted(world.deck + world.discard) == sorted(game.deck + game.discard)
    assert world.revealed not in world.deck


def test_the_same_seed_gives_the_same_world_and_others_differ() -> None:
    game, seat = _played(3, 3, 40)
    view = game.view(seat)
    worlds = [sample_world(view, SeededRng(seed)).to_json() for seed in (1, 1, 2, 3)]
    assert worlds[0] == worlds[1]
    assert worlds[0] != worlds[2] and worlds[0] != worlds[3]


def test_a_spectator_view_is_refused() -> None:
    game, _ = _played(3, 2, 10)
    with pytest.raises(HerotableError, match="spectator"):
        sample_world(game.view(None), SeededRng(1))
