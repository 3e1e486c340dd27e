"""Paper maps for the score tests: a side's sheet filled at random (a seed gives the same map),
the sets of four scoring cards that use every card of the game once, and the scores
``herotable cartographers score`` prints for a map."""

from __future__ import annotations

import json
import random
from pathlib import Path

from typer.testing import CliRunner

from herotable.cartographers.cards import CATEGORIES, all_scoring_cards, map_sides
from herotable.cli import app

# What a paper player draws, weighted towards the terrains; "." leaves cells empty.
DRAWN = "..FFFFVVVPPPWWWXXH*"


def random_map(side: str, seed: int, fill: float = 0.6) -> str:
    """Side ``side``'s sheet drawn on as a pencil would: blocks of one terrain (as explore
    shapes make them), then single cells, until about ``fill`` of its free cells are drawn
    (lower case on its printed ruins)."""
    chance = random.Random(seed)
    grid = [list(line) for line in map_sides()[side].grid.split("\n")]
    free = [(r, c) for r in range(11) for c in range(11) if grid[r][c] in ".r"]
    drawn: set[tuple[int, int]] = set()
    while len(drawn) < fill * len(free):
        terrain = chance.choice(DRAWN)
        top, left = chance.randrange(11), chance.randrange(11)
        height, width = (chance.randint(1, 4), chance.randint(1, 4)) if chance.random() < 0.8 \
            else (1, 1)
        for r in range(top, min(11, top + height)):
            for c in range(left, min(11, left + width)):
                if (r, c) in drawn or grid[r][c] not in ".r":
                    continue
                drawn.add((r, c))
                if grid[r][c] == "r":
                    grid[r][c] = {".": "r", "*": "+"}.get(terrain, terrain.lower())
                else:
                    grid[r][c] = terrain
    return "\n".join("".join(row) for row in grid)


# How full each sample map of a card set is: together they give every card some stars.
FILLS = (0.5, 0.8, 1.0, 0.7, 0.9, 1.0)


def sample_map(card_set: int, k: int) -> tuple[str, str]:
    """The side and the map of card set ``card_set``'s sample map ``k`` (0 to len(FILLS)-1)."""
    side = sorted(map_sides())[(card_set + k) % len(map_sides())]
    return side, random_map(side, 100 * k + card_set, FILLS[k])


def grown(side: str, seed: int, seasons: int = 4) -> list[str]:
    """The maps at the end of each season of one paper game: each keeps what the one before
    drew and draws more."""
    final = random_map(side, seed, fill=0.8).split("\n")
    chance = random.Random(seed)
    order = [(r, c) for r in range(11) for c in range(11)]
    chance.shuffle(order)
    printed = map_sides()[side].grid.split("\n")
    maps = []
    for k in range(1, seasons + 1):
        shown = set(order[:len(order) * k // seasons])
        maps.append("\n".join("".join(final[r][c] if (r, c) in shown else printed[r][c]
                                      for c in range(11)) for r in range(11)))
    return maps


def card_sets() -> list[list[str]]:
    """Sets of one card of each category, together holding every scoring card of the game at
    least once, each set's categories turned a step further along edicts A-D."""
    by_category = {c: sorted(i for i, card in all_scoring_cards().items() if card.category == c)
                   for c in CATEGORIES}
    longest = max(len(ids) for ids in by_category.values())
    sets = []
    for i in range(longest):
        chosen = [by_category[c][i % len(by_category[c])] for c in CATEGORIES]
        sets.append(chosen[i % 4:] + chosen[:i % 4])
    return sets


def cli_scores(tmp_path: Path, text: str, cards: list[str]) -> dict[str, object]:
    """``herotable cartographers score MAP --card ... --json``: {"cards": {id: stars},
    "monster_penalty": n}."""
    path = tmp_path / "map.txt"
    path.write_text(text + "\n", encoding="utf-8")
    args = ["cartographers", "score", str(path), "--json"]
    for card in cards:
        args += ["--card", card]
    result = CliRunner().invoke(app, args)
    assert result.exit_code == 0, result.output
    found: dict[str, object] = json.loads(result.stdout)
    return found
