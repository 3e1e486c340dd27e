"""The names of the pack's records in each language: English from the pack, the others from
``names.toml`` beside it. The catalogue sends them to the page, and a refusal that names a
location, quest or artifact carries them, so each front end says it in its player's language.
The file's ``[ours]`` table marks the names that are our own translation, no source giving one.
"""

from __future__ import annotations

import tomllib
from collections.abc import Iterable, Mapping
from functools import cache
from importlib import resources
from typing import Any, Protocol

from herotable.core.errors import DataError
from herotable.dominaria.pack import Pack

LANGUAGES = ("en", "ru", "fr", "pl")
KINDS = ("locations", "planeswalkers", "quests", "public_quests", "artifacts")


class Named(Protocol):
    """A record of the pack: a location, quest, public quest or artifact."""

    @property
    def name(self) -> str: ...


@cache
def _document() -> dict[str, Any]:
    text = resources.files("herotable.dominaria").joinpath("names.toml").read_text("utf-8")
    return tomllib.loads(text)


@cache
def translations() -> dict[str, dict[str, dict[str, str]]]:
    """``{language: {kind: {id: name}}}`` from ``names.toml``."""
    found = {language: kinds for language, kinds in _document().items() if language != "ours"}
    for language, kinds in found.items():
        if language not in LANGUAGES[1:]:
            raise DataError(f"names.toml: unknown language [{language}]")
        unknown = set(kinds) - set(KINDS)
        if unknown:
            raise DataError(f"names.toml: [{language}] has unknown kinds {sorted(unknown)}")
    return found


@cache
def ours() -> frozenset[tuple[str, str, str]]:
    """``(language, kind, id)`` of every name in ``names.toml`` that is our own translation:
    its ``[ours]`` table lists, per language, whole kinds (``"quests"``) or single records
    (``"locations.caligo"``), each of which must have a name there."""
    marks: dict[str, list[str]] = _document().get("ours", {})
    found = set()
    for language, marked in marks.items():
        named = translations().get(language, {})
        for mark in marked:
            kind, _, record_id = mark.partition(".")
            records = named.get(kind, {})
            if kind not in KINDS or not records or (record_id and record_id not in records):
                raise DataError(f"names.toml: [ours] {language} marks {mark!r}, which has no "
                                f"[{language}.{kind}] name")
            found |= {(language, kind, r) for r in ([record_id] if record_id else records)}
    return frozenset(found)


def ours_of(kind: str, record_id: str) -> list[str]:
    """The languages whose name of this record is our own translation."""
    return [language for language in LANGUAGES if (language, kind, record_id) in ours()]


def names(kind: str, record_id: str, english: str) -> dict[str, str]:
    """The record's name by language: English from the pack, the others where given."""
    found = {"en": english}
    for language, kinds in translations().items():
        name = kinds.get(kind, {}).get(record_id)
        if name:
            found[language] = name
    return found


def record_names(pack: Pack, kind: str, record_id: str) -> dict[str, str]:
    """The names of the pack's record ``record_id`` of ``kind`` (``locations``, ``quests``,
    ``public_quests``, ``artifacts``); a record the pack lacks is named by its id, as the
    player wrote it."""
    records: dict[str, Mapping[str, Named]] = {"locations": pack.locations, "quests": pack.quests,
                                               "public_quests": pack.public_quests,
                                               "artifacts": pack.artifacts}
    record = records[kind].get(record_id)
    return names(kind, record_id, record.name) if record is not None else {"en": record_id}


def listed_names(each: Iterable[dict[str, str]]) -> dict[str, str]:
    """Several records' names as one name by language, joined by commas (a record without a
    name in a language keeps its English one there), so a refusal lists them in any
    language and the catalogue's message holds the wording around the list."""
    each = list(each)
    languages = dict.fromkeys(language for found in each for language in found)
    return {language: ", ".join(found.get(language, found["en"]) for found in each)
            for language in languages}
