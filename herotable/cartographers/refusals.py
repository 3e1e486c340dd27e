"""Every refusal of Cartographers' rules, with the parameters its message names (the codes
every game shares are :class:`herotable.core.refusals.CoreRefusal`)."""

from __future__ import annotations

from herotable.core.errors import RefusalCode


class CartographersRefusal(RefusalCode):
    OFF_MAP = ("off_map", (), "a cell lies off the 11 × 11 map")
    TERRAIN_TYPE = ("terrain_type", (), "a drawn terrain must be a terrain's name")
    ROTATION = ("rotation", (), "a hero turns 0 to 3 quarter turns, and only when hero "
                                "turning is on")
    WRONG_ACTION = ("wrong_action", ("owed", "action"),
                    "the seat owes another kind of action (draw, hero, monster, destroy)")
    OVERLAP = ("overlap", ("cells",), "some of the cells are already filled")
    DRAW_TERRAIN = ("draw_terrain", ("terrains", "terrain"),
                        "this draw may be only one of the terrains named")
    FALLBACK = ("fallback", (), "no offered shape fits, so a single cell is drawn")
    TERRAIN = ("terrain", ("card", "terrains", "terrain"), "the card offers other terrains")
    SHAPE = ("shape", ("card", "shapes"), "the cells are not a shape of the card")
    RUINS = ("ruins", (), "after a ruins card the shape must cover an empty ruins cell")
    DESTROY = ("destroy", ("cell", "allowed"), "that cell may not be destroyed now")
    NOT_IN_DECK = ("not_in_deck", ("card", "left"),
                   "a chance outcome names a card not left in the season's deck")
    PLACEMENT = ("placement", ("action",),
                 "a previewed action is not one of the seat's legal moves now")
    WRONG_MAP = ("wrong_map", ("map", "asked"),
                 "a previewed decision is on another map than the one asked for")
    NO_SUCH_MAP = ("no_such_map", ("map", "last"), "a preview names a map the game lacks")
    NOTHING_TO_PREVIEW = ("nothing_to_preview", (),
                          "the seat owes no decision, so only the map as it is can be previewed")
    SIDE_MOUNTAINS = ("side_mountains", ("side", "cells"),
                      "a paper map's mountains and chasm are exactly its side's printed ones, "
                      "with nothing drawn on them")
    SIDE_RUINS = ("side_ruins", ("side", "cells"),
                  "a paper map marks ruins exactly where its side prints them")
    SEASON_ERASED = ("season_erased", ("season", "cells"),
                     "a season's paper map keeps every cell drawn before (or crosses it out)")
    COINS_LOST = ("coins_lost", ("season", "coins", "before"),
                  "a season's coins are at least the season before's: coins are never lost")
