"""The C scoring kernel gives the reference cards' stars exactly, card by card, on thousands
of random maps, and a machine without it (no compiler, or HEROTABLE_PURE_PYTHON=1) falls back
to the Python cards. Greedy's rankings with and without it: tests/test_batch_scoring.py."""

from __future__ import annotations

import os
import random
import subprocess
import sys
from functools import cache

import pytest

from herotable.cartographers.grid import FULL
from herotable.cartographers.scoring import SCORERS, native
from herotable.cartographers.scoring.common import Scorer
from herotable.cartographers.sheet import MapSheet
from tests.random_maps import candidate, random_map

MAPS = 2000
CANDIDATES = 10

needs_kernel = pytest.mark.skipif(native.KERNEL is None, reason="the scoring kernel is not loaded")


@cache
def random_candidates() -> list[MapSheet]:
    """MAPS random maps, each followed by CANDIDATES candidates on it: built once for all the
    cards."""
    rng = random.Random("native scoring")
    maps = []
    for _ in range(MAPS):
        sheet = random_map(rng)
        maps += [sheet, *(candidate(rng, sheet) for _ in range(CANDIDATES))]
    empty = MapSheet()
    full = MapSheet()
    full.draw(FULL, "farm")
    return [*maps, empty, full]


@cache
def kernel_stars() -> dict[Scorer, list[int]]:
    """Every card on every random map, in one call, as the bots score a decision."""
    assert native.KERNEL is not None
    scorers = list(SCORERS.values())
    return dict(zip(scorers, native.KERNEL.stars(scorers, random_candidates()), strict=True))


@needs_kernel
def test_the_kernel_scores_every_card():
    assert native.KERNEL is not None
    assert set(native.KERNEL.cards) == set(SCORERS.values())


@needs_kernel
@pytest.mark.parametrize("card_id", sorted(SCORERS))
def test_the_kernel_gives_the_reference_stars_on_random_maps(card_id):
    reference = SCORERS[card_id]
    maps = random_candidates()
    expected = [reference(sheet).stars for sheet in maps]
    got = kernel_stars()[reference]
    mismatches = [i for i, (a, b) in enumerate(zip(expected, got, strict=True)) if a != b]
    assert not mismatches, maps[mismatches[0]].to_text()
    assert len(set(expected)) > 2  # the maps are varied enough to score in several ways


@needs_kernel
def test_one_call_scores_cards_in_the_order_asked():
    assert native.KERNEL is not None
    scorers = [SCORERS["starlit_sigil"], SCORERS["sentinel_wood"]]
    maps = random_candidates()[:50]
    assert native.KERNEL.stars(scorers, maps) == [[scorer(sheet).stars for sheet in maps]
                                                 for scorer in scorers]
    assert native.KERNEL.stars(scorers, []) == [[], []]
    assert native.KERNEL.stars([], maps) == []


def test_the_environment_variable_forces_the_python_cards(monkeypatch):
    monkeypatch.setenv(native.PURE_PYTHON, "1")
    assert native.load() is None
    monkeypatch.setenv(native.PURE_PYTHON, "0")
    assert (native.load() is None) == (native.library_path() is None)


def test_without_the_library_the_python_cards_score(monkeypatch):
    monkeypatch.setattr(native, "library_path", lambda: None)
    assert native.load() is None


def test_a_greedy_game_plays_on_the_python_cards_alone():
    # A fresh process, as on a machine whose install could not build the kernel.
    script = ("from herotable.bots import make_bot\n"
              "from herotable.bots.match import play_match\n"
              "from herotable.cartographers.config import GameConfig\n"
              "from herotable.cartographers.game import CartographersGame\n"
              "from herotable.cartographers.scoring import native\n"
              "assert native.KERNEL is None\n"
              "game = CartographersGame(GameConfig.preset('first_game'), 1)\n"
              "play_match(game, [make_bot('cartographers', 'greedy')])\n"
              "assert game.is_over\n")
    env = {**os.environ, native.PURE_PYTHON: "1"}
    subprocess.run([sys.executable, "-c", script], env=env, check=True)
