"""The Cartographers tutorial: a solo first game on side A whose spring deals, in order, each
first decision a newcomer meets: a shape with a choice of terrain, a shape to turn and
mirror, a coin shape that closes a mountain in, a ruins card and the shape that must cover
ruins, a monster that places itself, then the season's scoring.

Side A is the base game's map, which brings its ruins cards into the deck (the combining
rules): the Heroes box has none. The suggested moves fill a mountain's four sides, make a
2x2 village square (edict B) and a vertical line of forest (edict A), so spring scores.
"""

from __future__ import annotations

from herotable.tutorials.script import Step, Tutorial

DECK = ("hillside_terrace", "coastal_encampment", "timber_grove", "temple_ruins",
        "settlement", "goblin_attack", "wildwood_garden")


def _spring(turn: int, card: str, **more: object) -> dict[str, object]:
    """The seat's decision on spring's ``turn``-th revealed card, ``card``."""
    return {"season_index": 0, "revealed.length": turn, "decision.card": card, **more}


TERRACE = _spring(1, "hillside_terrace")
ENCAMPMENT = _spring(2, "coastal_encampment")
GROVE = _spring(3, "timber_grove")
RUINS = _spring(5, "settlement", **{"decision.ruins": True})
GARDEN = _spring(7, "wildwood_garden")
SUMMER = {"season_index": {"min": 1}}

FIRST_WATER = "draw water A2 A3 B2 B3"
TURNED_VILLAGE = "draw village A4 A5 B5 C5"
COIN_FOREST = "draw forest C3 C4 D4"
VILLAGE_ON_RUINS = "draw village B6 C6"
LONG_FOREST = "draw forest E4 F4 G3"

TUTORIAL = Tutorial(
    game="cartographers",
    options={"preset": "first_game", "side": "A", "deck": list(DECK)},
    seed=2026,
    steps=(
        Step("welcome", TERRACE, "cartographers.welcome", point="map"),
        Step("edicts", TERRACE, "cartographers.edicts", point="edicts"),
        Step("terrain", TERRACE, "cartographers.terrain", point="terrains",
             suggest=FIRST_WATER),
        Step("place", TERRACE, "cartographers.place", point="confirm", suggest=FIRST_WATER),
        Step("turn", ENCAMPMENT, "cartographers.turn", point="turn", suggest=TURNED_VILLAGE),
        Step("coin_shape", GROVE, "cartographers.coin_shape", point="shapes",
             suggest=COIN_FOREST),
        Step("mountain", GROVE, "cartographers.mountain", point="map", suggest=COIN_FOREST),
        Step("ruins", RUINS, "cartographers.ruins", point="card", suggest=VILLAGE_ON_RUINS),
        Step("ambush", GARDEN, "cartographers.ambush", point="map"),
        Step("season_end", GARDEN, "cartographers.season_end", point="season",
             suggest=LONG_FOREST),
        Step("scoring", SUMMER, "cartographers.scoring", point="scores", light={"season": 0}),
        Step("finish", SUMMER, "cartographers.finish", finish=True),
    ),
)
