"""The Russian catalogue uses the Russian Heroes of Dominaria rulebook's words where it has
them (tests/test_catalogues.py checks that no English is left in any translation)."""

import json
from pathlib import Path

CATALOGUE = Path(__file__).resolve().parent.parent / "herotable" / "messages" / "ru.json"


def test_victory_points_are_the_rulebooks_words():
    catalogue = json.loads(CATALOGUE.read_text("utf-8"))
    assert all(form == "{count} ПО" for form in catalogue["dom"]["vp"].values())
