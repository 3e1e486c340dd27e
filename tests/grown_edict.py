"""A solo game in which a spring edict scored nothing when spring was scored and scores now,
found by playing: the case where a past season's cells must come from the map of that day."""

from __future__ import annotations

import random
from dataclasses import dataclass

from herotable.cartographers.game import CartographersGame
from herotable.cartographers.scoring import score_card
from herotable.registry import game_info


@dataclass(frozen=True)
class GrownEdict:
    seed: int
    letter: str  # spring's edict that scored 0 then
    card: str
    stars_now: int  # what it would score on the map as it is after ``actions``
    actions: tuple[str, ...]


def solo_game(seed: int, name: str = "Ann") -> CartographersGame:
    """The solo game a server deals for one seat named ``name`` with ``seed``."""
    game: CartographersGame = game_info("cartographers").new_game(seed, players=1, names=[name])
    return game


def grown_edict(max_seed: int = 60) -> GrownEdict:
    """Random spring moves (seeded), then moves that feed a spring edict that scored 0."""
    for seed in range(1, max_seed):
        game = solo_game(seed)
        rng = random.Random(seed)
        actions: list[str] = []
        while not game.scores[0]:
            action = rng.choice(game.legal_actions(0))
            actions.append(str(action))
            game.apply(0, action)
        zero = [(letter, card) for letter, card, stars in game.scores[0][0].edicts if stars == 0]
        if not zero:
            continue
        letter, card = zero[0]
        for _ in range(6):
            if game.is_over or not game.owes(0) or game.view(0).decision is None:
                break
            view = game.view(0)
            best = max(game.legal_actions(0), key=lambda a: next(
                e.stars for e in view.preview(a, 0).edicts if e.letter == letter))
            actions.append(str(best))
            game.apply(0, best)
            now = score_card(card, game.sheets[0]).stars
            if now > 0:
                return GrownEdict(seed, letter, card, now, tuple(actions))
    raise AssertionError("no seed gives a spring edict that scored 0 then and scores now")
