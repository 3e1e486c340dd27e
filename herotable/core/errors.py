"""Errors that say what was wrong.

Every error a user can cause derives from :class:`HerotableError`, so the command line and
the server can turn any of them into a clear message without a traceback. Each carries a
``code`` from a closed set (:class:`RefusalCode`: each game declares its own in its
``refusals`` module, the codes common to every game are in :mod:`herotable.core.refusals`)
and the ``params`` its message names, so a front end can say it in the player's language;
the English sentence stays the error's text.
"""

from __future__ import annotations

from collections.abc import Mapping
from enum import StrEnum
from typing import Any, ClassVar

# What a refusal's parameters may hold: values any JSON reader takes as they are, a name in
# each language (``{"en": ..., "ru": ...}``), or words of a game's vocabulary (:func:`terms`,
# :func:`counted_terms`), each of which a front end says in its own language.
ParamValue = (str | int | float | bool | dict[str, str] | dict[str, str | list[str]]
              | dict[str, str | dict[str, int]] | None)


def terms(section: str, *words: str) -> dict[str, str | list[str]]:
    """Words of a game's vocabulary (terrains, colours...) as a refusal's parameter: a front
    end says each as its catalogue's message ``<section>.<word>`` (the word itself where the
    catalogue has none), joined by commas, so a Russian player reads «Водоём», not "water"."""
    return {"terms": section, "words": list(words)}


def counted_terms(section: str, counts: Mapping[str, int]) -> dict[str, str | dict[str, int]]:
    """Amounts of a game's words (a cost: four mana of any colour and one white) as a
    refusal's parameter: a front end says each amount as its catalogue's plural message
    ``<section>.<word>`` with that ``count``, joined by " + ", so a player reads the cost in
    words rather than as the engine's notation."""
    return {"terms": section, "counts": {word: count for word, count in counts.items() if count}}


class RefusalCode(StrEnum):
    """A declared refusal: its code (the member's value, as clients see it), the names of
    the parameters its message fills in, and what it means (docs/api.md lists them all)."""

    _value_: str
    params: tuple[str, ...]
    meaning: str

    def __new__(cls, code: str, params: tuple[str, ...], meaning: str) -> RefusalCode:
        member = str.__new__(cls, code)
        member._value_ = code
        member.params = params
        member.meaning = meaning
        return member


class UserErrorCode(RefusalCode):
    """The codes of the user errors that are not refusals of an action."""

    REFUSED = ("refused", (), "a request herotable turns down (no more precise code)")
    BAD_NOTATION = ("bad_notation", (), "text that is not a valid action, map or card notation")
    BAD_SAVE = ("bad_save", (), "a save or map file that cannot be read")
    BAD_DATA = ("bad_data", (), "a data file that breaks its own schema")
    BAD_CONFIGURATION = ("bad_configuration", (),
                         "parameters a game, an environment or a tool cannot be set up with")


class HerotableError(Exception):
    """Base of every error caused by bad input rather than by a bug.

    ``code`` says which refusal it is (each class has its own default) and ``params`` holds
    exactly the parameters that code declares.
    """

    default_code: ClassVar[RefusalCode] = UserErrorCode.REFUSED

    def __init__(self, message: str, code: RefusalCode | None = None,
                 params: Mapping[str, ParamValue] | None = None) -> None:
        super().__init__(message)
        self.code: RefusalCode = code or self.default_code
        self.params: dict[str, ParamValue] = dict(params or {})
        # A code names its parameters once, so every catalogue's message can rely on them.
        assert set(self.params) == set(self.code.params), (self.code, sorted(self.params))

    def __reduce__(self) -> tuple[Any, ...]:
        # An exception is pickled as its class and ``args`` alone, which would lose the code
        # and params (and fail for classes whose code is required): a refusal raised in a
        # worker process (simulate --jobs, a Ray task, the server's bot workers) must reach
        # its parent whole.
        return (_restored, (type(self), str(self), dict(self.__dict__)))


def _restored(cls: type[HerotableError], message: str, state: dict[str, Any]) -> HerotableError:
    """An unpickled error: its message, then its fields as they were."""
    error = cls.__new__(cls)
    Exception.__init__(error, message)
    error.__dict__.update(state)
    return error


class IllegalAction(HerotableError):
    """An action that the rules do not allow now; the state is left unchanged. Its ``code``
    names the rule that refused it, so tests and clients can tell refusals apart."""

    def __init__(self, message: str, code: RefusalCode,
                 params: Mapping[str, ParamValue] | None = None) -> None:
        super().__init__(message, code, params)


class NotationError(HerotableError):
    """Text that is not a valid action, map or card notation."""

    default_code = UserErrorCode.BAD_NOTATION


class SaveFileError(HerotableError):
    """A save file or map file that cannot be read: truncated, corrupt or of another game."""

    default_code = UserErrorCode.BAD_SAVE


class DataError(HerotableError):
    """A data file (cards, maps) that breaks its own schema."""

    default_code = UserErrorCode.BAD_DATA


class ConfigurationError(HerotableError):
    """Parameters something cannot be set up with (an environment's preset or observer
    parameters): the caller's mistake, not a move the rules refuse."""

    default_code = UserErrorCode.BAD_CONFIGURATION
