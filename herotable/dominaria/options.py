"""Heroes of Dominaria for every front end: its options and how they make a config."""

from __future__ import annotations

from typing import Any

from herotable.core.options import GameInfo, Option
from herotable.dominaria.catalog import catalog_json
from herotable.dominaria.config import ROUNDS, DominariaConfig
from herotable.dominaria.game import DominariaGame

OPTIONS = (
    Option("players", "int", 2, "number of players: 2 to 4 planeswalkers"),
    Option("names", "list", (), "one name per player; \"\" leaves a seat unnamed (front ends "
           "name it in their language; the engine's texts say its planeswalker)"),
    Option("planeswalkers", "list", (),
           "one planeswalker id per player (default: the pack's first ones, in order)"),
    Option("two_mana", "bool", False, "the variant: two mana on each location at the start"),
    Option("data", "str", None, "a directory holding an edited data pack (default: the "
           "shipped one)", local_only=True),
    Option("pack_digest", "str", None, "the data pack's content hash the game must be played "
           "with (a server records it)", local_only=True, command_line=False),
)


def build_config(options: dict[str, Any]) -> DominariaConfig:
    return DominariaConfig(**options)


GAME = GameInfo("dominaria", "Heroes of Dominaria", DominariaGame, OPTIONS, build_config,
                catalog_json, players=range(min(ROUNDS), max(ROUNDS) + 1))
