"""Errors that say what was wrong.

Every error a user can cause derives from :class:`HerotableError`, so the command line and
the server can turn any of them into a clear message without a traceback.
"""


class HerotableError(Exception):
    """Base of every error caused by bad input rather than by a bug."""


class IllegalAction(HerotableError):
    """An action that the rules do not allow now; the state is left unchanged.

    ``rule`` names the rule that refused it, so tests and clients can tell refusals apart.
    """

    def __init__(self, message: str, rule: str = "illegal") -> None:
        super().__init__(message)
        self.rule = rule


class NotationError(HerotableError):
    """Text that is not a valid action, map or card notation."""


class SaveFileError(HerotableError):
    """A save file or map file that cannot be read: truncated, corrupt or of another game."""


class DataError(HerotableError):
    """A data file (cards, maps) that breaks its own schema."""
