"""herotable: board games brought to the computer with exact rules engines."""

__version__ = "0.1.0"
