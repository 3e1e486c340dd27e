"""Solo mode: where ambush monsters go by themselves, the early end, rating and title."""

import pytest

from herotable.cartographers.actions import Draw
from herotable.cartographers.cards import heroes_set
from herotable.cartographers.game import CartographersGame, SeasonScore
from herotable.cartographers.grid import mask_names
from herotable.cartographers.sheet import MapSheet
from herotable.cartographers.solo import solo_ambush_mask, solo_walk, title_for
from herotable.dominaria.game import DominariaGame
from tests.helpers import cells_mask, rigged_game

EMPTY = "\n".join(["..........."] * 11)


def place(card_id: str, grid: str) -> list[str] | None:
    card = heroes_set().ambushes[card_id]
    mask = solo_ambush_mask(card.shape, card.corner, card.direction,
                            MapSheet.from_text(grid).filled)
    return None if mask is None else mask_names(mask)


def test_walk_starts_in_the_corner_and_follows_the_arrows():
    zombie = heroes_set().ambushes["zombie_plague"]  # top-left, counter-clockwise
    ring = list(solo_walk(zombie.shape, zombie.corner, zombie.direction)[0])
    assert ring[:3] == [(0, 0), (1, 0), (2, 0)]  # down the left edge first
    assert ring[-2:] == [(0, 2), (0, 1)]  # and back along the top
    assert len(ring) == 40
    troll = heroes_set().ambushes["giant_troll_ravage"]  # top-right, clockwise
    ring = list(solo_walk(troll.shape, troll.corner, troll.direction)[0])
    assert ring[:3] == [(0, 8), (1, 8), (2, 8)]  # down the right edge first
    rings = solo_walk(troll.shape, troll.corner, troll.direction)
    assert rings[1][0] == (1, 7)  # the next ring starts in the same corner, one step in
    assert len(rings) == 5


@pytest.mark.parametrize(
    ("card", "expected"),
    [
        ("zombie_plague", ["A1"]),
        ("dragon_inferno", ["I3", "J1", "J2", "J3", "K1"]),
        ("giant_troll_ravage", ["A9", "A10", "A11", "B10"]),
        ("gorgon_gaze", ["J9", "J11", "K10"]),
    ],
)
def test_first_choice_on_an_empty_map(card, expected):
    assert place(card, EMPTY) == expected


BLOCKED_CORNERS = """
FF.........
F..........
...........
...........
...........
...........
...........
...........
...........
.........FF
.........FF
"""


@pytest.mark.parametrize(
    ("card", "expected"),
    [
        ("zombie_plague", ["C1"]),  # A1, B1 filled: on down the left edge
        ("gorgon_gaze", ["J7", "J9", "K8"]),  # bottom-right blocked: clockwise is leftwards
    ],
)
def test_blocked_corner_moves_along_the_edge(card, expected):
    assert place(card, BLOCKED_CORNERS) == expected


RIM_FILLED = "\n".join(
    "".join("F" if r in (0, 10) or c in (0, 10) else "." for c in range(11)) for r in range(11))


def test_full_rim_sends_the_monster_one_ring_in():
    assert place("zombie_plague", RIM_FILLED) == ["B2"]
    assert place("giant_troll_ravage", RIM_FILLED) == ["B8", "B9", "B10", "C9"]


def test_monster_that_fits_nowhere_is_ignored():
    checker = "\n".join(
        "".join("." if (r + c) % 2 == 0 else "F" for c in range(11)) for r in range(11))
    assert place("dragon_inferno", checker) is None
    game = rigged_game(["dragon_inferno", "lagoon"], maps=[checker])
    assert "dragon_inferno" not in game.sheets[0].monster_ids
    assert game.events[-2]["type"] == "ambush_ignored"


def test_solo_game_ends_at_once_when_the_map_is_full():
    almost_full = "\n".join(["FFFFFFFFFFF"] * 10 + ["FFFFFFFFF.."])
    game = rigged_game(["settlement", "lagoon"], maps=[almost_full])
    game.apply(0, Draw("village", cells_mask("K10", "K11")))
    assert game.is_over
    # Nothing could change any more, so every season is scored on the full map.
    assert [s.season for s in game.scores[0]] == ["spring", "summer", "autumn", "winter"]
    assert game.scores[0][0].coins == 1


def test_rating_subtracts_the_solo_values_and_names_a_title():
    game = rigged_game(["lagoon"])  # first-game cards: 16 + 12 + 14 + 28 = 70
    assert game.solo_rating() == 0 - 70
    game.scores[0] = [SeasonScore("spring", (("A", "faunlost_thicket", 26),), 14, 0)]
    assert game.solo_rating() == 40 - 70
    assert game.solo_title() == "Oblivious Inkdrinker"
    assert game.solo_title("pl") == "Poplamiony Ochlapus"


def test_rating_below_minus_thirty_earns_no_title():
    game = rigged_game(["lagoon"])
    assert game.solo_rating() == -70
    assert game.solo_title() is None
    assert game.solo_title("ru") is None


def test_a_stored_rating_gives_the_titles_names_in_every_language():
    # What a leaderboard sends from a rating it stored, without the game at hand.
    names = CartographersGame.solo_title_names(-30)
    assert names is not None
    assert (names["en"], names["pl"]) == ("Oblivious Inkdrinker", "Poplamiony Ochlapus")
    assert set(names) == {"en", "ru", "fr", "pl"} and all(names.values())
    assert CartographersGame.solo_title_names(-31) is None
    assert DominariaGame.solo_title_names(10) is None  # it rates no solo play


@pytest.mark.parametrize(
    ("rating", "title"),
    [(45, "Legendary Cartographer"), (30, "Legendary Cartographer"), (29, "Master Mapsmith"),
     (10, "Journeyman Topographer"), (0, "Apprentice Surveyor"), (-1, "Amateur Assessor"),
     (-5, "Amateur Assessor"), (-6, "Inept Assistant"), (-20, "Dimwitted Doodler"),
     (-21, "Oblivious Inkdrinker"), (-30, "Oblivious Inkdrinker")],
)
def test_titles_by_threshold(rating, title):
    assert title_for(rating).names.en == title


@pytest.mark.parametrize("rating", [-31, -99])
def test_no_title_below_the_last_threshold(rating):
    # The RU table's last range is "-30 ... -21"; FR and PL give the highest level reached.
    assert title_for(rating) is None


def test_titles_are_localised():
    assert title_for(35).names.get("ru") == "Легендарный картограф"
    assert title_for(-7).names.get("fr") == "Assistant Incompétent"
    assert title_for(12).names.get("pl") == "Wędrowny Topograf"
