"""The 16 scoring cards of the base game, Cartographers (2019), one function each."""

from __future__ import annotations
