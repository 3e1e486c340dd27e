"""The tutorials' definitions: their fixed games deal what the scripts explain, replaying the
suggested moves reaches every step (each suggestion legal when shown), every text exists in
the catalogues and every control pointed at is marked on the page."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

import herotable
from herotable.bots.registry import make_bot
from herotable.bots.seeding import decision_seed
from herotable.messages import catalogue
from herotable.tutorials import TUTORIALS, Tutorial, current_step, matches
from herotable.tutorials.cartographers import DECK

STATIC = Path(herotable.__file__).parent / "web" / "static"


def walk(tutorial: Tutorial, limit: int = 60) -> list[str]:
    """Play the tutorial's game as the page guides it: the person plays each stop's
    suggestion (checked legal; the first legal move where none is given), the bots as the
    server's do; the ids of the stops met, in order, until the hand-over."""
    game = herotable.new_game(tutorial.game, seed=tutorial.seed,
                              players=1 + len(tutorial.bots), **tutorial.options)
    stops: list[str] = []
    while len(game.log.entries) < limit and not game.is_over:
        seat = game.pending_players()[0]
        if seat > 0:
            name, seconds = tutorial.bots[seat - 1]
            bot = make_bot(tutorial.game, name, seconds=seconds,
                           seed=decision_seed(game.seed, seat, len(game.log.entries)))
            view = game.view(seat)
            game.apply(seat, bot.decide(view, view.legal))
            continue
        step = current_step(tutorial, game.view(0).to_json())
        if step is not None and (not stops or stops[-1] != step.id):
            stops.append(step.id)
        if step is not None and step.finish:
            break
        legal = [str(action) for action in game.legal_actions(0)]
        stop = [s for s in tutorial.steps if step is not None and s.trigger == step.trigger]
        suggested = [s.suggest for s in stop if s.suggest]
        for move in suggested:
            assert move in legal, f"{tutorial.game}: {move!r} is not legal at {step}"
        game.apply(0, suggested[0] if suggested else legal[0])
    return stops


def stop_ids(tutorial: Tutorial) -> list[str]:
    """The first step of each stop (the run of steps with one trigger) in script order."""
    steps = tutorial.steps
    return [s.id for i, s in enumerate(steps) if i == 0 or steps[i - 1].trigger != s.trigger]


@pytest.mark.parametrize("name", sorted(TUTORIALS))
def test_suggested_moves_reach_every_step(name: str) -> None:
    tutorial = TUTORIALS[name]
    assert walk(tutorial) == stop_ids(tutorial)


def test_the_fixed_deck_deals_spring_in_the_scripts_order() -> None:
    """Spring reveals the deck as set, and each card a step names is the decision it meets."""
    tutorial = TUTORIALS["cartographers"]
    game = herotable.new_game("cartographers", seed=tutorial.seed, players=1,
                              **tutorial.options)
    decided, revealed = [], []
    while game.view(0).to_json()["season_index"] == 0:
        view = game.view(0).to_json()
        decided.append(view["decision"]["card"])
        revealed = view["revealed"]
        game.apply(0, game.legal_actions(0)[0])
    assert revealed == list(DECK)
    named = [s.trigger["decision.card"] for s in tutorial.steps if "decision.card" in s.trigger]
    assert list(dict.fromkeys(named)) == decided


def test_the_first_season_scores_what_the_scoring_step_shows() -> None:
    """Played as suggested, spring scores both edicts, the coins and the monster's cost."""
    tutorial = TUTORIALS["cartographers"]
    game = herotable.new_game("cartographers", seed=tutorial.seed, players=1,
                              **tutorial.options)
    for step in tutorial.steps:
        if step.suggest and matches(step.trigger, game.view(0).to_json()):
            game.apply(0, step.suggest)
    spring = game.view(0).to_json()["scores"][0][0]
    assert [stars for _, _, stars in spring["edicts"]] == [8, 6]
    assert spring["coins"] == 3 and spring["monsters"] > 0


@pytest.mark.parametrize("language", ["en", "ru"])
def test_every_step_text_exists(language: str) -> None:
    texts = catalogue(language)
    for tutorial in TUTORIALS.values():
        for step in tutorial.to_json()["steps"]:
            node: Any = texts
            for part in step["text"].split("."):
                node = node[part]
            assert isinstance(node, str) and node.strip()


def test_every_control_pointed_at_is_marked_on_the_page() -> None:
    marked = set()
    for path in STATIC.rglob("*.js"):
        marked |= set(re.findall(r'data-tour="([a-z_]+)"', path.read_text(encoding="utf-8")))
    pointed = {s.point for t in TUTORIALS.values() for s in t.steps if s.point}
    assert pointed <= marked


def test_triggers_read_dotted_paths_counts_and_minimums() -> None:
    view = {"season_index": 1, "revealed": ["a", "b"], "players": [{"cabal": 2}]}
    assert matches({"revealed.length": 2, "players.0.cabal": {"min": 2}}, view)
    assert not matches({"players.0.cabal": {"min": 3}}, view)
    assert not matches({"players.3.cabal": 0}, view)
    assert not matches({"season_index": 0}, view)
