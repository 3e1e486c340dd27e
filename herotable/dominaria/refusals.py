"""Every refusal of Heroes of Dominaria's rules, with the parameters its message names (the
codes every game shares are :class:`herotable.core.refusals.CoreRefusal`)."""

from __future__ import annotations

from herotable.core.errors import RefusalCode


class DominariaRefusal(RefusalCode):
    KEEP_QUESTS_FIRST = ("keep_quests_first", (), "set-up begins with keeping two quests")
    PLACE_HERO_FIRST = ("place_hero_first", (), "set-up goes on with placing a starting Hero")
    KEEP_CARD_FIRST = ("keep_card_first", ("cards",),
                       "the player is looking at cards and keeps one before anything else")
    SETUP_ONLY = ("setup_only", (), "starting Heroes are placed at set-up only")
    UNKNOWN_LOCATION = ("unknown_location", ("location",), "no location has that id")
    NOTHING_TO_KEEP = ("nothing_to_keep", (), "the player is looking at no cards")
    KEEP_COUNT = ("keep_count", ("count", "cards"),
                  "keep exactly that many different cards of those shown")
    NOT_AMONG = ("not_among", ("card", "cards"), "the card kept is not among those shown")
    START_LOCATION = ("start_location", ("location", "starts"),
                      "a Hero is placed or recruited at a start location only")
    NO_HERO = ("no_hero", ("location",), "the action needs one of the player's Heroes there")
    MANA = ("mana", ("ability", "cost"), "the mana held or named does not pay the cost")
    NOT_ADJACENT = ("not_adjacent", ("origin", "target"),
                    "the two locations are not linked on the map")
    NO_MOVES = ("no_moves", (), "no move action is left this turn")
    COLLECTED = ("collected", (), "mana was already collected this turn")
    NOT_REACHABLE = ("not_reachable", ("location",),
                     "no Hero of the player is there or joined to it by a Leyline")
    CABAL = ("cabal", ("location",), "a Cabal token there blocks collecting")
    NO_MANA = ("no_mana", ("location",), "there is no mana there")
    NO_HEROES = ("no_heroes", (), "all four of the player's Heroes are on the map")
    NO_ARTIFACT_TOKEN = ("no_artifact_token", ("location",), "no artifact token lies there")
    EMPTY_DECK = ("empty_deck", (), "the artifact deck is empty")
    NO_CABAL_TOKEN = ("no_cabal_token", ("location",), "no Cabal token lies there")
    CABAL_TRACK_FULL = ("cabal_track_full", (), "the defeated-Cabal track is full")
    MANALITHS_BUILT = ("manaliths_built", (), "all the player's Manaliths are built")
    MANALITH_COLOUR = ("manalith_colour", ("colour",),
                       "the player has a Manalith on a location of that colour already")
    LEYLINE_NO_HERO = ("leyline_no_hero", ("origin", "target"),
                       "a Leyline starts where one of the player's Heroes stands")
    LEYLINE_HELD = ("leyline_held", ("origin", "target"),
                    "the player has a Leyline there already")
    LEYLINES_FORMED = ("leylines_formed", (), "all the player's Leylines are formed")
    NO_ARTIFACT = ("no_artifact", ("artifact",), "the artifact is not one of the player's in play")
    PASSIVE = ("passive", ("artifact",), "the artifact works by itself: it has no ability to use")
    USED = ("used", ("artifact",), "the artifact was already used this turn")
    GIVES_NOTHING = ("gives_nothing", ("artifact",),
                     "the artifact's ability would give nothing now: the supply has none of "
                     "its mana left, or the deck it draws from is empty")
    NO_QUEST = ("no_quest", ("quest",), "the player holds no such quest")
    NO_START = ("no_start", ("quest",), "the quest is completed straight from the hand")
    NOT_STARTED = ("not_started", ("quest",), "the quest must be started first")
    TILE_HELD = ("tile_held", ("quest",), "the player holds a tile of that public quest already")
    TILES_TAKEN = ("tiles_taken", ("quest",), "both tiles of that public quest are taken")
    QUEST_UNMET = ("quest_unmet", ("quest",),
                   "the quest's requirements (the catalogue's, as its card shows them) are not "
                   "met yet")
    # Why a kind of action is offered nowhere this turn (the view's ``unavailable``), where
    # no single location's refusal says it.
    NOTHING_TO_COLLECT = ("nothing_to_collect", (),
                          "no location the player may collect from holds mana free of Cabal "
                          "tokens")
    NO_ARTIFACT_NEAR = ("no_artifact_near", (),
                        "no artifact token lies where one of the player's Heroes stands")
    NO_CABAL_NEAR = ("no_cabal_near", (),
                     "no Cabal token lies where one of the player's Heroes stands")
    MANALITH_COLOURS = ("manalith_colours", (),
                        "every location where the player's Heroes stand is of a colour they "
                        "have a Manalith on already")
    LEYLINES_HELD = ("leylines_held", (),
                     "every link from a location with one of the player's Heroes carries one "
                     "of their Leylines already")
    LEYLINE_NONE_AT = ("leyline_none_at", ("location",),
                       "every link between that location and one with the player's Hero "
                       "carries the player's Leyline already")
    SEAT_VIEW_NEEDED = ("seat_view_needed", (),
                        "a possible world is sampled from a seat's view, not a spectator's")
    HIDES_TOO_MUCH = ("hides_too_much", (),
                      "the view hides more cards than the pack has unseen: no game made it")
