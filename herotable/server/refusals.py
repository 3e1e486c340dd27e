"""Every refusal of the web server's own (the games' refusals pass through it unchanged):
the ``code`` of each error body it sends, with the parameters its message names."""

from __future__ import annotations

from herotable.core.errors import RefusalCode


class ServerRefusal(RefusalCode):
    BAD_REQUEST = ("bad_request", (), "the request's body or parameters are malformed")
    UNKNOWN_GAME = ("unknown_game", (), "no game has this id")
    UNKNOWN_TABLE = ("unknown_table", (), "no paper table has this id")
    NOT_HOST = ("not_host", (), "the token is not the paper table's host's")
    UNKNOWN_MAP = ("unknown_map", (), "no map at this paper table has this id")
    NOT_MAP_AUTHOR = ("not_map_author", (),
                      "the token is not the one given to this map's author when it was added")
    TABLE_FULL = ("table_full", ("limit",), "the paper table holds as many maps as it may")
    UNKNOWN_LANGUAGE = ("unknown_language", (), "no message catalogue has this language")
    NOT_OFFERED = ("not_offered", ("game",),
                   "this game offers no such thing (a card catalogue, a score preview, a "
                   "tutorial)")
    FORBIDDEN = ("forbidden", (), "the token holds no seat that may do this")
    TOKEN_NEEDED = ("token_needed", (), "the request needs a seat's token")
    NOT_A_SEAT = ("not_a_seat", (), "the token holds no seat in this game")
    SPECTATOR = ("spectator", (), "a spectator cannot act")
    BOT_SEAT = ("bot_seat", (), "a bot plays this seat")
    HINTS_OFF = ("hints_off", (), "the game was made without hints")
    NOT_OVER = ("not_over", (), "this is shown or done once the game is over")
    NO_SUCH_STEP = ("no_such_step", ("last",), "a replay step is 0 to the number of actions")
    CHALLENGE_HIDDEN = ("challenge_hidden", (),
                        "a challenge game is shown once the challenge is over or to those "
                        "who finished it")
    CHALLENGE_CLOSED = ("challenge_closed", (), "the challenge is not running now")
    UNKNOWN_CHALLENGE = ("unknown_challenge", (), "no challenge has this kind and key")
    NOT_AN_ATTEMPT = ("not_an_attempt", (), "the game is no finished attempt at this challenge")
    FINISH_FIRST = ("finish_first", (),
                    "a running challenge's maps are shown to those who finished their own")
    ATTEMPT_TAKEN = ("attempt_taken", (), "this name or browser has played this challenge")
    STALE_SEQ = ("stale_seq", ("seq",),
                 "somebody acted first: the seat's decision changed since the seq sent")
    BUSY = ("busy", (), "too many requests of this kind are waiting: come back later")
    TOO_MANY_REQUESTS = ("too_many_requests", (), "this client sends too many requests")
    TOO_LARGE = ("too_large", ("limit",), "the request body is over the server's limit")
    DAMAGED_GAME = ("damaged_game", (), "the game's stored record does not replay")
    PACK_NOT_SERVED = ("pack_not_served", (),
                       "the game was made with a data pack this server does not play now")
    DATABASE_UNAVAILABLE = ("database_unavailable", (),
                            "the database is not answering: try again shortly")
    INTERNAL_ERROR = ("internal_error", (), "the server failed; the fault is logged")
    NO_SUCH_ADDRESS = ("no_such_address", (), "the API has no such address")
    METHOD_NOT_ALLOWED = ("method_not_allowed", (), "this address does not take this method")
