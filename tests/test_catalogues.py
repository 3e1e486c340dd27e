"""The translations themselves, for every catalogue herotable.messages finds (a new
``<code>.json`` is checked as soon as it lands): no empty message, the plural forms CLDR
gives the language, and no English left behind in a translation.

tests/test_web_catalogue.py checks the rest (English's keys and no other, English's
placeholders in every form, the JavaScript's keys); this file reuses its reading of a
catalogue."""

from __future__ import annotations

import re

import pytest
from babel import Locale

from herotable.messages import FALLBACK, languages
from tests.test_web_catalogue import PLACEHOLDER, catalogue, forms, messages

ENGLISH = messages(catalogue(FALLBACK))
TRANSLATIONS = [code for code in languages() if code != FALLBACK]

# Messages a translation may leave as they are in English, each with the reason: for every
# language ("*"), then per language.
SAME_AS_ENGLISH: dict[str, dict[str, str]] = {
    "*": {
        "app.title": "the product's name, which no language translates",
        "language.name": "each catalogue names its own language; English's is no guide",
    },
    "fr": {
        "game.cartographers": "the French edition keeps the English title (rulebook 001)",
        "setup.box.base": "the French edition keeps the English title (rulebook 001)",
        "option.cartographers.explore.choice.base": "the base box's title, as printed",
        "game.dominaria": "no French edition: the title stays as printed",
        "setup.box.heroes": "the French edition's title is «Cartographers Heroes»",
        "option.cartographers.preset.choice.heroes": "the Heroes box's title, as printed",
        "option.cartographers.explore.choice.heroes": "the Heroes box's title, as printed",
        "terminal.common.arg.action": "French spells action as English does",
    },
    "pl": {
        "game.dominaria": "no Polish edition: the title stays as printed",
    },
}
# Messages that are empty on purpose, with the reason.
EMPTY_ON_PURPOSE: dict[str, str] = {
    "effect.none": "an ambush without an effect: nothing is said of it, in any language",
}
# Messages that may say an English word, with the reason.
ENGLISH_ON_PURPOSE: dict[str, str] = {
    "refusal.terrain_type": "names a terrain as the action notation spells it (forest)",
}
# Words that, seen in a translation, say a message was left in English (whole words, case
# blind, placeholders removed). Only words no other catalogue's language writes the same.
ENGLISH_WORDS = (
    "VP", "Player", "Players", "bot", "bots", "Seat", "Seats", "Watching", "Season", "Seasons",
    "Edict", "Edicts", "Lobby", "Hint", "Quest", "Quests", "Game", "Games", "Move", "Moves",
    "Turn", "Card", "Cards", "Map", "Forest", "Farm", "Water", "Monster", "Ruins", "Coins",
    "Stars", "Ambush", "Shape", "Cell", "Cells", "Leyline", "Manalith", "Artifact",
    "Artifacts", "Location", "Click", "Choose", "Waiting", "Draw", "the", "and", "your",
    "you", "with", "which", "this", "not", "yet", "here", "from",
)
# Words a language shares with English (the same word in both), that neither the word
# check nor the comparison with English counts, with the reason; for every language, then
# per language.
SHARED_WORDS: dict[str, dict[str, str]] = {
    "*": {
        "min": "the minute's abbreviation is international",
        "mana": "Magic's word for its resource, kept in every edition",
    },
    "fr": {"bot": "French says bot for a program that plays",
           "village": "the French rulebook's terrain", "total": "French for total",
           "place": "French for a rank", "score": "French for a score",
           "terrain": "French for terrain", "planeswalkers": "Magic's French card type"},
    "pl": {"bot": "Polish says bot for a program that plays",
           "cabal": "Polish players keep Magic's name of the Cabal, undeclined",
           "lobby": "Polish players say lobby for a game's waiting room",
           "map": "the genitive plural of «mapa» (plików map)"},
}
# What a person types at a terminal stays as typed in every language: its command words and
# the editor's keys, which a message explains and so names.
TYPED = {"help", "rules", "locations", "quests", "save", "quit", "pay", "dd", "ddc"}
# Latin words a catalogue in another script may hold: the product's name, the keyboard's
# keys, as printed on them, "QR" (Russian writes «QR-код» in Latin letters), and the names
# of the research libraries the environments are for.
LATIN_ON_PURPOSE = {"herotable", "enter", "end", "home", "shift", "esc", "tab", "space", "qr",
                    "gymnasium", "pettingzoo"}
# A word: two letters or more; a hyphenated compound (hot-seat) is one word.
WORD = re.compile(r"[^\W\d_]{2,}(?:-[^\W\d_]+)*")
LATIN_WORD = re.compile(r"[A-Za-z]{2,}")
PATH = re.compile(r"\S+/\S+")


def plural_tags(code: str) -> set[str]:
    """The CLDR plural categories of ``code`` for integers, and ``other`` (chosen for the
    fractions a count can be: 1.5 stars)."""
    return set(Locale.parse(code).plural_form.tags) | {"other"}


def bare(text: str) -> str:
    """``text`` without its placeholders, case-folded and with spaces squeezed: what a
    person reads of it whatever the parameters."""
    return " ".join(PLACEHOLDER.sub(" ", text).casefold().split())


def shared(code: str) -> set[str]:
    return {word.casefold() for word in {**SHARED_WORDS["*"], **SHARED_WORDS.get(code, {})}
            } | TYPED


def english_words_in(text: str, code: str) -> list[str]:
    said = set(WORD.findall(bare(text))) - shared(code)
    return [word for word in ENGLISH_WORDS if word.casefold() in said]


def latin_script(code: str) -> bool:
    """Whether ``code``'s language is written in Latin letters, as its own name is."""
    return bool(LATIN_WORD.search(catalogue(code)["language"]["name"]))


def latin_words_in(text: str) -> list[str]:
    """The Latin words of ``text`` (a file's path aside), for a language in another script."""
    words = LATIN_WORD.findall(PATH.sub(" ", PLACEHOLDER.sub(" ", text)))
    return [word for word in words if word.casefold() not in LATIN_ON_PURPOSE | TYPED]


def english_left(code: str) -> list[tuple[str, str]]:
    """(key, what is English in it) for each message of ``code`` still in English: one the
    same as English's (placeholders aside; symbols, numbers, single letters and shared
    words are nothing to translate), one saying an English word or, in a language not
    written in Latin letters, any Latin word but a key's name."""
    found = []
    for key, message in messages(catalogue(code)).items():
        if key in {**SAME_AS_ENGLISH["*"], **SAME_AS_ENGLISH.get(code, {})} \
                or key in ENGLISH_ON_PURPOSE:
            continue
        for form, text in (message.items() if isinstance(message, dict) else [("", message)]):
            where = f"{key}.{form}" if form else key
            if not set(WORD.findall(bare(text))) - shared(code):
                continue
            if any(bare(english) == bare(text) for english in forms(ENGLISH[key])):
                found.append((where, f"as in English: {text!r}"))
            elif words := english_words_in(text, code):
                found.append((where, f"English {words}: {text!r}"))
            elif not latin_script(code) and (words := latin_words_in(text)):
                found.append((where, f"Latin {words}: {text!r}"))
    return found


def test_every_allowed_exception_is_a_key_of_english():
    same = {key for keys in SAME_AS_ENGLISH.values() for key in keys}
    assert sorted({*same, *EMPTY_ON_PURPOSE, *ENGLISH_ON_PURPOSE} - set(ENGLISH)) == []


@pytest.mark.parametrize("code", languages())
def test_no_message_is_empty(code):
    empty = [key for key, message in messages(catalogue(code)).items()
             if key not in EMPTY_ON_PURPOSE and not all(text.strip() for text in forms(message))]
    assert empty == []


@pytest.mark.parametrize("code", languages())
def test_plurals_have_exactly_the_languages_cldr_forms(code):
    wanted = plural_tags(code)
    wrong = [(key, sorted(message)) for key, message in messages(catalogue(code)).items()
             if isinstance(ENGLISH.get(key), dict)
             and (not isinstance(message, dict) or set(message) != wanted)]
    assert wrong == [], f"{code} needs the forms {sorted(wanted)}"


@pytest.mark.parametrize("code", TRANSLATIONS)
def test_no_english_is_left_in_a_translation(code):
    assert english_left(code) == []


def test_the_english_finder_sees_copies_and_english_words_and_spares_the_rest():
    assert bare("{count} VP") == "vp"
    assert english_words_in("Игрок {name}: 3 VP", "ru") == ["VP"]
    assert english_words_in("Ход бота", "ru") == []
    assert english_words_in("{name} — {count}", "ru") == []
    assert english_words_in("The Seat", "ru") == ["Seat", "the"]
    assert english_words_in("Bot myśli…", "pl") == []
    assert english_words_in("na tym urządzeniu (hot-seat)", "pl") == []
    assert english_words_in("{count} mana", "ru") == []
    assert latin_words_in("нажмите Enter (docs/api.md) в herotable, id {kind}") == ["id"]
    assert not latin_script("ru") and latin_script("en")
