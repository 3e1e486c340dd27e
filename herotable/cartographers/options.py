"""Cartographers for every front end: its options and how they make a :class:`GameConfig`."""

from __future__ import annotations

from typing import Any

from herotable.cartographers.catalog import catalog_json
from herotable.cartographers.config import MAX_PLAYERS, PRESETS, GameConfig
from herotable.cartographers.game import CartographersGame
from herotable.core.options import GameInfo, Option

OPTIONS = (
    Option("preset", "str", "heroes", "the set-up preset, which the other options adjust",
           tuple(PRESETS)),
    Option("players", "int", 1, "number of players: 1 (solo) to 100"),
    Option("names", "list", (), "one name per player; \"\" leaves a seat unnamed (front ends "
           "call it Player 1, Player 2... in their language)"),
    Option("side", "str", None, "map side for everyone", ("A", "B", "C", "D")),
    Option("seasons", "str", None, "season cards: heroes (summer lasts 7) or base (summer "
           "lasts 8)"),
    Option("explore", "str", None, "explore deck: heroes or base (never mixed)"),
    Option("heroes", "bool", None, "include the hero cards"),
    Option("hero_turns", "bool", None,
           "heroes' attack patterns may be turned, as in the official app; off: drawn as "
           "printed on the card"),
    Option("cards", "list", None, "four scoring cards for edicts A-D, in order, one per "
           "category", flag="card"),
    Option("ambushes", "list", None, "four ambush cards from any box", flag="ambush"),
    Option("remote_ambush", "bool", None,
           "monsters place themselves on every map by the solo rule (for remote play)"),
    # Scenarios, for tests and local play: a set deck is known to its author, set maps may
    # differ between players (at a table everyone starts on the same sheet).
    Option("deck", "list", None, "a scenario: the first season's cards, top first, "
           "unshuffled", local_only=True, command_line=False),
    Option("maps", "list", None, "a scenario: each player's starting map in the map notation",
           local_only=True, command_line=False),
    # Nobody at a table or on a server reveals cards: only a program driving the engine can.
    Option("explicit_chance", "bool", None,
           "the caller reveals every card (apply_chance), as OpenSpiel's chance nodes do",
           local_only=True, command_line=False),
)

# Option names that differ from the config's field names.
FIELDS = {"cards": "scoring"}


def build_config(options: dict[str, Any]) -> GameConfig:
    """The preset with every given option laid over it (validated by :class:`GameConfig`)."""
    preset = options.pop("preset", "heroes")
    overrides = {FIELDS.get(k, k): v for k, v in options.items() if v is not None}
    return GameConfig.preset(preset, **overrides)


GAME = GameInfo("cartographers", "Cartographers", CartographersGame, OPTIONS, build_config,
                catalog_json, players=range(1, MAX_PLAYERS + 1))
