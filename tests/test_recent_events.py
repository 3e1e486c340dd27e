"""The Cartographers view's ``recent``: what happened lately, tagged with its cause, the same
whether the game was played through clones (as the server does) or replayed from its log."""

from herotable.cartographers.actions import DrawMonster
from herotable.cartographers.config import GameConfig
from herotable.cartographers.game import RECENT_EVENTS, CartographersGame
from herotable.cartographers.grid import mask_names
from herotable.cartographers.view import CartographersView
from herotable.core.rng import SeededRng
from tests.helpers import rigged_game


def test_recent_is_the_same_through_clones_and_replayed_from_the_log():
    rng = SeededRng(5)
    game = CartographersGame(GameConfig.preset("heroes", players=3), seed=5)
    for _ in range(70):
        if game.is_over:
            break
        seat = game.pending_players()[0]
        trial = game.clone()  # as the server commits: try on a clone, then adopt it
        trial.apply(seat, rng.choice(trial.legal_actions(seat)))
        game = trial
        replayed = CartographersGame.replay(game.log)
        for player in (None, 0, 2):
            assert game.view(player).recent == replayed.view(player).recent
        recent = game.view(0).recent
        assert 0 < len(recent) <= RECENT_EVENTS
        assert all(-1 <= e["step"] < len(game.log.entries) for e in recent)
        assert [e["step"] for e in recent] == sorted(e["step"] for e in recent)


def test_a_neighbours_monster_names_its_drawer_and_its_step():
    game = rigged_game(["dragon_inferno", "kethras_gates"], players=2)
    decision = game.decision(1)
    assert decision is not None and decision.kind == "monster" and decision.sheet == 0
    action = game.legal_actions(1)[0]
    assert isinstance(action, DrawMonster)
    game.apply(1, action)
    recent = game.view(0).recent
    assert {"type": "monster", "sheet": 0, "card": "dragon_inferno",
            "cells": mask_names(action.cells), "step": 0, "by": 1} in recent
    # The set-up's reveal came from no action and no seat.
    assert recent[0] == {"type": "reveal", "card": "dragon_inferno", "step": -1, "by": None}


def test_recent_starts_at_the_previous_reveal_and_survives_json():
    game = CartographersGame(GameConfig.preset("heroes"), seed=3)
    rng = SeededRng(3)
    for _ in range(6):
        game.apply(0, rng.choice(game.legal_actions(0)))
    recent = game.view(0).recent
    assert [e["type"] for e in recent].count("reveal") == 2
    assert recent[0]["type"] == "reveal"
    assert all(e["by"] in (0, None) for e in recent)
    back = CartographersView.from_json(game.view(0).to_json())
    assert back.recent == recent
