"""The terminals' words: every text they show is a message of the catalogues
(:mod:`herotable.messages`), in the session's language, as the web page shows it."""

from __future__ import annotations

from herotable.messages import message


def say(language: str, key: str, **params: object) -> str:
    """The message ``key`` in ``language`` (else in English), its placeholders filled from
    ``params`` (``count`` chooses a plural's form). A key no catalogue holds is a bug in the
    terminal, not a text to show: it raises ``KeyError``."""
    found = message(key, params, language)
    if found is None:
        raise KeyError(f"no message {key!r} in the catalogues")
    return found


def term(language: str, key: str, **params: object) -> str:
    """A message of the terminals' own section, ``terminal.<key>``."""
    return say(language, f"terminal.{key}", **params)
