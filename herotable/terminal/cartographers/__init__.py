"""The Cartographers terminal: :mod:`.render` (renderables), :mod:`.presenter` (the placement
editor and the line reader), :mod:`.layout` (the screen) and :mod:`.session` (the loop)."""

from herotable.terminal.cartographers.presenter import Editor
from herotable.terminal.cartographers.session import Session, play_cartographers

__all__ = ["Editor", "Session", "play_cartographers"]
