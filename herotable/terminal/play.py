"""The Cartographers terminal's old import path (the command line imports it from here)."""

from herotable.terminal.cartographers import play_cartographers

__all__ = ["play_cartographers"]
