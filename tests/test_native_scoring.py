"""The C scoring kernel gives the reference cards' stars exactly, card by card, on thousands
of random maps, and the bots' other terms as they count them; a machine without it (no
compiler, or HEROTABLE_PURE_PYTHON=1) falls back to the Python cards. Greedy's rankings with
and without it: tests/test_batch_scoring.py."""

from __future__ import annotations

import os
import random
import subprocess
import sys
from functools import cache

import pytest

from herotable.bots.cartographers.evaluate import draw_values, isolated_empty, value, weights_from
from herotable.cartographers.config import GameConfig
from herotable.cartographers.effects import DRAGON
from herotable.cartographers.grid import CELL_COUNT, FULL
from herotable.cartographers.outcomes import draw_outcome
from herotable.cartographers.scoring import SCORERS, monster_penalty, native
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
def kernel_counts() -> dict[native.Count, list[int]]:
    """Every card and term on every random map, in one call, as the bots score a decision."""
    assert native.KERNEL is not None
    counted = [*SCORERS.values(), *native.TERMS]
    return dict(zip(counted, native.KERNEL.counts(counted, random_candidates()), strict=True))


@needs_kernel
def test_the_kernel_scores_every_card():
    assert native.KERNEL is not None
    assert set(native.KERNEL.kinds) == {*SCORERS.values(), *native.TERMS}


@needs_kernel
@pytest.mark.parametrize("card_id", sorted(SCORERS))
def test_the_kernel_gives_the_reference_stars_on_random_maps(card_id):
    reference = SCORERS[card_id]
    maps = random_candidates()
    expected = [reference(sheet).stars for sheet in maps]
    got = kernel_counts()[reference]
    mismatches = [i for i, (a, b) in enumerate(zip(expected, got, strict=True)) if a != b]
    assert not mismatches, maps[mismatches[0]].to_text()
    assert len(set(expected)) > 2  # the maps are varied enough to score in several ways


@needs_kernel
@pytest.mark.parametrize(("term", "reference"), [
    (native.MONSTER_PENALTY, lambda sheet: monster_penalty(sheet).stars),
    (native.ISOLATED_EMPTY, isolated_empty),
], ids=native.TERMS)
def test_the_kernel_counts_the_bots_terms_as_they_do(term, reference):
    maps = random_candidates()
    assert kernel_counts()[term] == [reference(sheet) for sheet in maps]


@needs_kernel
def test_one_call_counts_in_the_order_asked():
    assert native.KERNEL is not None
    counted = [SCORERS["starlit_sigil"], native.ISOLATED_EMPTY, SCORERS["sentinel_wood"]]
    maps = random_candidates()[:50]
    assert native.KERNEL.counts(counted, maps) == [
        [SCORERS["starlit_sigil"](sheet).stars for sheet in maps],
        [isolated_empty(sheet) for sheet in maps],
        [SCORERS["sentinel_wood"](sheet).stars for sheet in maps]]
    assert native.KERNEL.counts(counted, []) == [[], [], []]
    assert native.KERNEL.counts([], maps) == []


@needs_kernel
def test_the_kernel_draws_and_values_as_the_game_and_value_do():
    # Draws as the game makes them (effects.draw_shape, then value) against the kernel's own
    # drawing: coin shapes near the coin track's end, monsters drawn on hero attack cells,
    # newly surrounded mountains, a dragon boxed in or already paid for, every term weighted.
    rng = random.Random("native draws")
    cards = GameConfig.preset("heroes").card_set()
    compared = coins_differ = 0
    for _ in range(400):
        sheet = random_map(rng)
        sheet.attack = sum(1 << i for i in range(CELL_COUNT) if rng.random() < 0.15)
        sheet.paid_mountains = sheet.mountain & random_map(rng).filled
        sheet.coins = rng.choice([0, 5, 13, 14])
        if rng.random() < 0.5 and sheet.monster:
            sheet.monster_ids[DRAGON] = sheet.monster & random_map(rng).filled
            sheet.dragon_paid = rng.random() < 0.3
        scoring = tuple(rng.sample(sorted(SCORERS), 4))
        weights = weights_from(cards, scoring, rng.randrange(4))
        draws = []
        for _ in range(CANDIDATES):
            shape = candidate(rng, sheet)
            cells = shape.filled & ~sheet.filled
            if cells:
                terrain = rng.choice(["forest", "village", "farm", "water", "monster", "hero"])
                draws.append((cells, terrain, rng.random() < 0.3))
        afters = [draw_outcome(sheet, *draw) for draw in draws]
        assert draw_values(sheet, draws, weights) == [value(after, weights) for after in afters]
        compared += len(draws)
        coins_differ += len({after.coins for after in afters}) > 1
    assert compared > 2000 and coins_differ > 50


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
