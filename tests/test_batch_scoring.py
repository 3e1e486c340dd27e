"""The batch scorers give the reference scorers' stars exactly, card by card, on thousands of
random maps, and greedy ranks its recorded decisions exactly as it would map by map, with the
C kernel and without it."""

from __future__ import annotations

import random

import pytest

from herotable.bots import make_bot
from herotable.bots.cartographers.greedy import action_worth, ranked, weights_for
from herotable.bots.cartographers.position import read_view
from herotable.cartographers.config import GameConfig
from herotable.cartographers.game import CartographersGame
from herotable.cartographers.grid import FULL
from herotable.cartographers.scoring import native
from herotable.cartographers.scoring.batch import BATCH_SCORERS
from herotable.cartographers.sheet import MapSheet
from tests.random_maps import candidate, random_map

MAPS = 2000
CANDIDATES = 10


@pytest.mark.parametrize("reference", list(BATCH_SCORERS), ids=lambda scorer: scorer.__name__)
def test_batch_scorer_gives_the_reference_stars_on_random_maps(reference):
    batch = BATCH_SCORERS[reference]
    rng = random.Random(reference.__name__)
    scored = set()
    for _ in range(MAPS):
        sheet = random_map(rng)
        afters = [sheet, *(candidate(rng, sheet) for _ in range(CANDIDATES))]
        expected = [reference(after).stars for after in afters]
        assert batch(sheet, afters) == expected, sheet.to_text()
        scored.update(expected)
    assert len(scored) > 3  # the maps are varied enough to score in several ways


def test_a_full_map_and_an_empty_one():
    empty = MapSheet()
    full = MapSheet()
    full.draw(FULL, "farm")
    for reference, batch in BATCH_SCORERS.items():
        pairs = [(empty, full), (full, empty), (empty, empty), (full, full)]
        for sheet, after in pairs:
            assert batch(sheet, [after]) == [reference(after).stars]


# One of each category, so every batch scorer weighs in greedy's decisions.
RECORDED = [
    GameConfig.preset("heroes", scoring=("faunlost_thicket", "shoreside_expanse",
                                         "greengold_plains", "starlit_sigil")),
    GameConfig.preset("base", scoring=("sentinel_wood", "craylund", "great_city",
                                       "banded_hills")),
]


@pytest.mark.parametrize("scoring", ["native", "pure-python"])
@pytest.mark.parametrize("config", RECORDED, ids=["heroes", "base"])
def test_greedy_ranks_recorded_decisions_as_it_would_map_by_map(config, scoring, monkeypatch):
    # Both ways greedy scores a decision in one call: the C kernel (which draws the candidates
    # itself), and without it (a machine with no compiler) the batch scorers and the
    # reference cards on the drawn maps.
    if scoring == "pure-python":
        monkeypatch.setattr(native, "KERNEL", None)
    elif native.KERNEL is None:
        pytest.skip("the scoring kernel is not loaded")
    game = CartographersGame(config, seed=3)
    bot = make_bot("cartographers", "greedy", seed=3)
    decisions = 0
    while not game.is_over:
        view = game.view(0)
        position = read_view(view)
        assert position.decision is not None
        weights = weights_for(position)
        sign = 1.0 if position.decision.sheet == position.seat else -1.0
        one_by_one = sorted(((sign * action_worth(position, action, weights), i)
                             for i, action in enumerate(view.legal)),
                            key=lambda pair: (-pair[0], pair[1]))
        assert ranked(position, view.legal) == one_by_one  # identical floats, not close ones
        # The legal actions as a plain list (a bot across a wire gets them so), not the game's
        # lazy sequence of masks: the same ranking.
        assert ranked(position, list(view.legal)) == one_by_one
        decisions += 1
        game.apply(0, bot.decide(view, view.legal))
    assert decisions > 20
