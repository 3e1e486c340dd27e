"""The Russian catalogue says everything in Russian: no English word is left over, only the
names that stay Latin whatever the language (the program's name, keyboard keys, a file path,
a word of the map notation a player types)."""

import json
import re
from pathlib import Path

CATALOGUE = Path(__file__).resolve().parent.parent / "herotable" / "messages" / "ru.json"
# The mana letters too: the Dominaria table draws each mana symbol as its letter (W U B R G),
# so the rules reference names them so.
LATIN_ON_PURPOSE = {"herotable", "R", "M", "H", "Shift", "Enter", "Home", "End", "docs",
                    "dominaria-data", "md", "forest", "W", "U", "B", "G"}
# What a person types at a terminal stays the same in every language: one-letter keys and map
# letters, the row/column placeholder N, the [Y/n] answer, and the command words.
TYPED = {*"abcdefklmpqrsuACDFLNPQVWXYn", "dd", "ddc", "help", "locations", "quests", "quit",
         "rules", "save", "pay"}


def messages(node: object, key: str = "") -> list[tuple[str, str]]:
    if isinstance(node, dict):
        return [found for k, v in node.items() for found in messages(v, f"{key}.{k}".strip("."))]
    return [(key, str(node))]


def test_no_english_is_left_in_the_russian_catalogue():
    leftovers = []
    for key, text in messages(json.loads(CATALOGUE.read_text("utf-8"))):
        words = set(re.findall(r"[A-Za-z][A-Za-z'’-]*", re.sub(r"\{[^}]*\}", "", text)))
        if words - LATIN_ON_PURPOSE - TYPED:
            leftovers.append((key, sorted(words - LATIN_ON_PURPOSE - TYPED)))
    assert leftovers == []


def test_victory_points_are_the_rulebooks_words():
    catalogue = json.loads(CATALOGUE.read_text("utf-8"))
    assert all(form == "{count} ПО" for form in catalogue["dom"]["vp"].values())
