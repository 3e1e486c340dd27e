"""Heroes of Dominaria actions: one value object with a text notation that round-trips.

>>> str(parse_action("manalith hammerheim pay R R G W U"))
'manalith hammerheim pay R R G W U'

Every action is a verb and its arguments (location, quest, artifact ids); abilities that cost
mana may name the tokens to pay with after ``pay``, otherwise the engine pays by its rule
(see :func:`herotable.dominaria.rules.auto_payment`).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from herotable.core.errors import NotationError
from herotable.core.game import ActionBase
from herotable.dominaria.pack import COLOURS

# verb -> (how many arguments, what they are, whether a payment may follow)
VERBS: dict[str, tuple[tuple[int, ...], str, bool]] = {
    "keep": ((1, 2), "the card(s) to keep", False),
    "place": ((1,), "a start location", False),
    "move": ((2,), "from and to locations", False),
    "collect": ((1,), "a location", False),
    "recruit": ((1,), "a start location", True),
    "discover": ((1,), "a location with an artifact token", True),
    "confront": ((1,), "a location with a Cabal token", True),
    "manalith": ((1,), "a location", True),
    "leyline": ((2,), "two adjacent locations", True),
    "use": ((1,), "an artifact in play", False),
    "start": ((1,), "a quest in your hand", False),
    "complete": ((1,), "a quest in hand or in play", False),
    "end": ((0,), "nothing", False),
}

# Verbs the notation no longer has, with why: a log written before may hold them.
RETIRED: dict[str, str] = {
    "claim": "a public quest's tile is now taken by itself the moment its condition is met, so "
             "'claim' is no longer an action (a log that holds one was played under the old "
             "rules and cannot be replayed; its saved state still loads)",
}


@dataclass(frozen=True, slots=True, repr=False)
class DominariaAction(ActionBase):
    """A verb of :data:`VERBS` with its arguments and, for abilities, the mana to pay.

    Built in code or parsed, it is checked on creation: an unknown verb, a wrong number or
    type of arguments, or a payment where none is due raises :class:`NotationError`, so a
    malformed action can never reach the game or its log.
    """

    verb: str
    args: tuple[str, ...] = ()
    pay: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        if isinstance(self.verb, str) and self.verb in RETIRED:
            raise NotationError(RETIRED[self.verb])
        if not isinstance(self.verb, str) or self.verb not in VERBS:
            raise NotationError(f"unknown action {self.verb!r}; known: {', '.join(VERBS)}")
        counts, what, payable = VERBS[self.verb]
        if not isinstance(self.args, tuple) or not all(
                isinstance(a, str) and a and not a.isspace() and " " not in a
                for a in self.args):
            raise NotationError(f"{self.verb}'s arguments are a tuple of ids, like ('urborg',)")
        if len(self.args) not in counts:
            wanted = " or ".join(str(c) for c in counts)
            raise NotationError(f"{self.verb} takes {wanted} argument(s): {what}")
        if not isinstance(self.pay, tuple):
            raise NotationError("a payment is a tuple of mana colours, like ('R', 'G')")
        if self.pay and not payable:
            raise NotationError(f"{self.verb} costs no mana, so it takes no payment")
        bad = [c for c in self.pay if c not in COLOURS]
        if bad:
            raise NotationError(f"unknown mana colour {bad[0]!r}; colours are "
                                f"{' '.join(COLOURS)}")

    def __str__(self) -> str:
        words = [self.verb, *self.args]
        if self.pay:
            words += ["pay", *self.pay]
        return " ".join(words)


@lru_cache(maxsize=8192)
def known_action(verb: str, args: tuple[str, ...] = ()) -> DominariaAction:
    """The action ``verb args`` without a payment, made once and shared: actions are frozen,
    and the engine lists the same few hundred over and over, so each is checked only once."""
    return DominariaAction(verb, args)


def parse_action(text: str) -> DominariaAction:
    """Read an action; a malformed one raises :class:`NotationError` saying what is wrong."""
    if not isinstance(text, str):
        raise NotationError(f"an action is text, not {type(text).__name__}")
    words = text.strip().split()
    if not words:
        raise NotationError("empty action; try 'end' or 'move orvada urborg'")
    verb, rest = words[0].lower(), words[1:]
    pay: list[str] = []
    if "pay" in rest:
        at = rest.index("pay")
        rest, pay = rest[:at], [c.upper() for c in rest[at + 1:]]
        if not pay:
            raise NotationError("'pay' needs mana colours, like 'pay R G G'")
    return DominariaAction(verb, tuple(a.lower() for a in rest), tuple(pay))
