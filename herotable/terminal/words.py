"""The terminals' words: every text they show is a message of the catalogues
(:mod:`herotable.messages`), in the session's language, as the web page shows it."""

from __future__ import annotations

from collections.abc import Mapping

from rich.text import Text

from herotable.messages import PLACEHOLDER, say


def colon(language: str) -> str:
    """A label's colon as the language sets it (French puts a space before it)."""
    return say(language, "punct.colon")


def semicolon(language: str) -> str:
    """The separator of a list's clauses as the language sets it, with its space after."""
    return say(language, "punct.semicolon") + " "


def term(language: str, key: str, **params: object) -> str:
    """A message of the terminals' own section, ``terminal.<key>``."""
    return say(language, f"terminal.{key}", **params)


def styled(language: str, key: str, parts: Mapping[str, Text], style: str = "",
           **params: object) -> Text:
    """The message ``key`` as Rich text, the ``parts`` (a place name in its mana colour, a
    player's name in bold) put in place of their placeholders with their own styles."""
    template = say(language, key, **params)  # the parts' placeholders are left as written
    text = Text(style=style)
    at = 0
    for found in PLACEHOLDER.finditer(template):
        if found[1] in parts:
            text.append(template[at:found.start()])
            text.append_text(parts[found[1]])
            at = found.end()
    text.append(template[at:])
    return text
