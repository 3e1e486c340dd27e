"""The message catalogues every front end reads: one JSON file per language here, named by
its code (``en.json``, ``ru.json``, ``fr.json``, ``pl.json``; see README.md). The web server
hands them to the page and the terminals read them through this module.

A message is a string with ``{name}`` placeholders, or a plural message: an object of CLDR
plural forms (``one``, ``few``, ``many``, ``other``) chosen by the ``count`` parameter with
Babel's plural rules, as the page chooses them with ``Intl.PluralRules``.
"""

from __future__ import annotations

import functools
import json
import os
import re
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from babel import Locale, UnknownLocaleError

from herotable.core.errors import HerotableError

CATALOGUES = Path(__file__).resolve().parent
FALLBACK = "en"
PLACEHOLDER = re.compile(r"\{(\w+)\}")


def languages() -> list[str]:
    """The language codes with a catalogue, English first."""
    codes = sorted(path.stem for path in CATALOGUES.glob("*.json"))
    return sorted(codes, key=lambda code: code != FALLBACK)


def catalogue_path(language: str) -> Path | None:
    """The file of ``language``'s catalogue, or None when there is none."""
    return CATALOGUES / f"{language}.json" if language in languages() else None


@functools.cache
def catalogue(language: str) -> dict[str, Any]:
    """The catalogue of ``language`` (English for a language without one)."""
    path = catalogue_path(language) or CATALOGUES / f"{FALLBACK}.json"
    found: dict[str, Any] = json.loads(path.read_text("utf-8"))
    return found


def language_name(language: str) -> str:
    """The language's own name, as its catalogue gives it (``language.name``)."""
    name = _lookup(catalogue(language), "language.name")
    return name if isinstance(name, str) else language


def _lookup(table: Mapping[str, Any], key: str) -> object:
    node: object = table
    for part in key.split("."):
        if not isinstance(node, Mapping):
            return None
        node = node.get(part)
    return node


@functools.cache
def _locale(language: str) -> Locale:
    try:
        return Locale.parse(language)
    except (UnknownLocaleError, ValueError):
        return Locale.parse(FALLBACK)


def message(key: str, params: Mapping[str, object] | None = None,
            language: str = FALLBACK) -> str | None:
    """The message ``key`` in ``language`` (else in English) with its placeholders filled
    from ``params``, or None when no catalogue has it. A parameter that is a name in each
    language (``{"en": ..., "ru": ...}``) is said in ``language`` (else in English); a
    placeholder without a parameter is left as written, as the page leaves it."""
    params = {name: _in_language(value, language) for name, value in (params or {}).items()}
    chosen = language
    value = _lookup(catalogue(language), key)
    if value is None:
        chosen, value = FALLBACK, _lookup(catalogue(FALLBACK), key)
    if isinstance(value, Mapping):
        count = params.get("count", 0)
        form = _locale(chosen).plural_form(count if isinstance(count, int | float) else 0)
        value = value.get(form, value.get("other"))
    if not isinstance(value, str):
        return None
    return PLACEHOLDER.sub(lambda m: str(params[m[1]]) if m[1] in params else m[0], value)


def say(language: str, key: str, **params: object) -> str:
    """:func:`message` for a key the caller knows is there (a front end's own text): a key
    no catalogue holds is a bug in that code, not a text to show, so it raises ``KeyError``."""
    found = message(key, params, language)
    if found is None:
        raise KeyError(f"no message {key!r} in the catalogues")
    return found


def _in_language(value: object, language: str) -> object:
    if isinstance(value, Mapping) and isinstance(value.get("counts"), Mapping):
        section = str(value.get("terms"))
        return " + ".join(message(f"{section}.{word}", {"count": count}, language)
                          or f"{count} {word}" for word, count in value["counts"].items())
    if isinstance(value, Mapping) and "terms" in value:
        words = value.get("words") or []
        return ", ".join(_term(str(value["terms"]), str(word), language) for word in words)
    if isinstance(value, Mapping):
        return value.get(language) or value.get(FALLBACK, "")
    return value


def _term(section: str, word: str, language: str) -> str:
    said = message(f"{section}.{word}", None, language)
    return said if said is not None else word


def refusal_text(error: HerotableError, language: str) -> str:
    """What a person reads for ``error``: the message for its code in ``language`` (or in
    English), else the error's own English sentence. A generic code's message may name
    ``{detail}``, that English sentence, when nothing else would say which input was wrong."""
    code = getattr(error, "code", None)
    params = {**getattr(error, "params", {}), "detail": str(error)}
    text = message(f"refusal.{code}", params, language) if code else None
    return text if text is not None else str(error)


def environment_language(environ: Mapping[str, str] | None = None) -> str:
    """The language the environment asks for (``LC_ALL``, then ``LC_MESSAGES``, then
    ``LANG``, as POSIX orders them), when a catalogue has it; else English."""
    environ = os.environ if environ is None else environ
    for variable in ("LC_ALL", "LC_MESSAGES", "LANG"):
        value = environ.get(variable, "")
        if value:
            code = value.split(".")[0].split("_")[0].split("-")[0].lower()
            return code if code in languages() else FALLBACK
    return FALLBACK
