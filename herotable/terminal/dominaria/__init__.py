"""The Heroes of Dominaria terminal: :mod:`.render` (renderables), :mod:`.layout` (the map
picture and table), :mod:`.presenter` (the legal actions in words) and :mod:`.session` (the
loop)."""

from herotable.terminal.dominaria.session import Session, play_dominaria

__all__ = ["Session", "play_dominaria"]
