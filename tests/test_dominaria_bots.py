"""The Heroes of Dominaria bots: legal, blind to hidden state, reproducible, every stage."""

from __future__ import annotations

from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from herotable.bots import make_bot
from herotable.bots.dominaria.evaluate import evaluate
from herotable.bots.match import play_match
from herotable.dominaria.config import DominariaConfig
from herotable.dominaria.game import DominariaGame
from herotable.dominaria.view import DominariaView
from tests.dominaria_helpers import game_in_play

BUDGET = 0.01  # seconds: a search of a few units, enough to take every code path


def _assert_blind(seat_view: DominariaView) -> None:
    """The view holds no other seat's secrets and no deck order."""
    view: dict[str, Any] = seat_view.to_json()
    for key in ("deck", "discard", "quest_deck", "artifact_deck", "rng", "seed", "log"):
        assert key not in view
    for index, seat in enumerate(view["players"]):
        assert "owed" not in seat
        if index != view["you"]:
            assert "hand" not in seat
            assert seat["choice"] is None or "cards" not in seat["choice"]


def _play(game: DominariaGame, names: list[str], seed: int, check: bool = False) -> list[str]:
    """Play to the end, each bot seeing only its seat's view; returns the action log."""
    bots = [make_bot("dominaria", n, seed=seed + i, seconds=BUDGET) for i, n in enumerate(names)]
    while not game.is_over:
        seat = game.pending_players()[0]
        legal = game.legal_actions(seat)
        view = game.view(seat)
        if check:
            _assert_blind(view)
        action = bots[seat].decide(view, legal)
        assert action in legal
        game.apply(seat, action)
    return [f"{e.player}:{e.action}" for e in game.log.entries]


@settings(max_examples=12, deadline=None)
@given(seed=st.integers(0, 10_000), players=st.integers(2, 4))
def test_greedy_plays_only_legal_actions(seed: int, players: int) -> None:
    game = DominariaGame(DominariaConfig(players=players), seed)
    _play(game, ["greedy"] * players, seed, check=True)
    assert game.is_over


@settings(max_examples=3, deadline=None)
@given(seed=st.integers(0, 10_000), players=st.integers(2, 4))
def test_strong_plays_only_legal_actions(seed: int, players: int) -> None:
    game = DominariaGame(DominariaConfig(players=players), seed)
    names = ["strong", *["greedy"] * (players - 1)]
    _play(game, names, seed, check=True)
    assert game.is_over


def test_strong_copes_with_every_stage() -> None:
    game = DominariaGame(DominariaConfig(players=3), 11)
    bots = [make_bot("dominaria", "strong", seed=s, seconds=BUDGET) for s in range(3)]
    stages = set()
    while not game.is_over:
        seat = game.pending_players()[0]
        view = game.view(seat)
        stages.add((view.stage, view.players[seat].choice_kind is not None))
        game.apply(seat, bots[seat].decide(view, game.legal_actions(seat)))
    assert {("quests", True), ("heroes", False), ("play", False), ("play", True)} <= stages


def test_same_seed_same_game() -> None:
    first = _play(DominariaGame(DominariaConfig(players=2), 5), ["strong", "greedy"], 3)
    second = _play(DominariaGame(DominariaConfig(players=2), 5), ["strong", "greedy"], 3)
    assert first == second


def test_play_match_with_greedy_beats_random() -> None:
    game = DominariaGame(DominariaConfig(players=2), 2)
    bots = [make_bot("dominaria", "greedy", seed=1), make_bot("dominaria", "random", seed=2)]
    clocks = play_match(game, bots)
    assert all(c.decisions for c in clocks)
    assert game.winners() == [0]



def test_starting_a_start_quest_never_looks_like_a_loss() -> None:
    """Starting is free, and what a player had before it does not count towards the
    quest's "more since started": a bot must not value the quest in hand (counting everything
    the player has) above the same quest started (counting from now), or it puts it off."""
    game = game_in_play(2)
    seat = game.pending_players()[0]
    state = game.players[seat]
    charter = game.pack.quests["surveyors_charter"]  # start: a Leyline; then 3 more
    links = sorted({game.pack.link_key(a, b) for a in game.pack.adjacency
                    for b in game.pack.adjacency[a]})
    state.leylines = links[:4]  # already more than the "3 more" the started quest asks for
    state.hand = [charter.id]
    in_hand = evaluate(game, seat)
    assert f"start {charter.id}" in [str(a) for a in game.legal_actions(seat)]
    game.apply(seat, f"start {charter.id}")
    assert evaluate(game, seat) >= in_hand
