"""What every bot shares: the ``decide`` contract, its own seeded randomness, its budget, and
(for the bots that can say why) ``assess``: the values behind a choice.

A bot's thinking time is a budget in seconds. Searching bots spend it in *work units*
(playouts, evaluated positions) so that a game against them can be reproduced: by default a
budget of ``s`` seconds buys ``s * units_per_second`` units, a rate measured on the reference
machine (``herotable bench`` prints the real time per decision). With ``wall_clock=True``
the bot stops at the deadline instead, which suits live play but gives up reproducibility.
"""

from __future__ import annotations

import math
import time
from abc import ABC
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

from herotable.core.errors import HerotableError
from herotable.core.game import Game, is_int
from herotable.core.rng import SeededRng


class BotError(HerotableError):
    """An unknown bot, a bot for the wrong game, or a view a bot cannot read."""


class Allowance:
    """The work one decision may still do: counted units, or a clock deadline."""

    __slots__ = ("deadline", "limit", "spent")

    def __init__(self, seconds: float, units_per_second: float, wall_clock: bool) -> None:
        self.spent = 0
        # At least one unit, so that a zero budget still searches a little.
        self.limit = max(1, round(seconds * units_per_second))
        self.deadline = time.perf_counter() + seconds if wall_clock else None

    def left(self, ahead: float = 0.0) -> bool:
        """Whether there is budget left; with a clock deadline, enough for ``ahead`` more
        seconds of work (the length of the round about to start), so a round that would
        end past the deadline is not begun. Counted units ignore ``ahead``, so a
        reproducible search stays exactly as it was."""
        if self.deadline is not None:
            return time.perf_counter() + ahead < self.deadline
        return self.spent < self.limit

    def spend(self, units: int = 1) -> None:
        self.spent += units


@dataclass(frozen=True, slots=True)
class Assessment:
    """A bot's judgement of one decision: what it would play and what it expects of each move
    it weighed.

    ``choice`` is an index into the legal actions: exactly what ``decide`` would return for
    the same bot, seed and budget. ``values`` maps indices to the bot's expected value of
    playing that move (higher is better for the seat deciding); it always holds ``choice``
    and every index asked for with ``include``, and those are valued on the same sampled
    futures, so their differences compare the moves rather than the luck of the samples.

    ``unit`` is ``"stars"`` (Cartographers: the stars already scored, plus what the bot
    expects this season's scoring to give once the season is played out, plus what the
    later seasons would score on the map as it then stands, with nothing more drawn: a
    floor of the final total, which rises as the game goes on) or ``"vp"`` (Heroes of
    Dominaria: see ``method``). ``method`` says how the values were found:

    - ``rollouts``: Monte Carlo over sampled futures (the ``strong`` bots), ``samples`` of
      them: Cartographers plays the season out over orders of the unseen cards; Dominaria
      plays the move and the rest of the turn, then everyone greedily to the end of the
      seat's next turn, in worlds sampled from the view, and values the seat's lead (its
      heuristic worth minus the strongest rival's, in VP; the true VP difference once the
      game is over);
    - ``one-step``: the worth of the position right after the move, by the bot's heuristic
      (``greedy``; for the Dominaria ``strong`` bot a "keep" choice, valued as a lead);
    - ``harm``: a decision on another player's map (a Cartographers monster): minus that
      map's worth afterwards (``strong``: after its rollouts, as ``rollouts`` on the
      neighbour's map), so hurting the neighbour more ranks higher;
    - ``plan``: the Dominaria ``strong`` bot following the plan it made earlier in the turn:
      the plan's value when it was chosen.

    The numbers are the bot's estimates, as good as its evaluation and budget: a difference
    smaller than a star or a VP is within their noise.
    """

    choice: int
    values: dict[int, float]
    unit: str
    method: str
    samples: int = 0

    @property
    def value(self) -> float:
        """The value of the bot's choice."""
        return self.values[self.choice]

    def ranking(self) -> list[tuple[int, float]]:
        """(index, value) best first; ties by index."""
        return sorted(self.values.items(), key=lambda iv: (-iv[1], iv[0]))

    def to_json(self) -> dict[str, Any]:
        """``{"choice": 3, "value": 41.2, "unit": "stars", "method": "rollouts",
        "samples": 24, "values": [[3, 41.2], [0, 40.8]]}``: values best first, rounded to
        three decimals; indices are into the view's legal actions."""
        return {"choice": self.choice, "value": round(self.value, 3), "unit": self.unit,
                "method": self.method, "samples": self.samples,
                "values": [[i, round(v, 3)] for i, v in self.ranking()]}

    @classmethod
    def from_json(cls, data: Any) -> Assessment:
        """:meth:`to_json` read back (values as rounded there); malformed: a
        :class:`BotError`."""
        try:
            values = {}
            for index, value in data["values"]:
                if not is_int(index) or isinstance(value, bool) or not isinstance(
                        value, int | float):
                    raise TypeError("a value is not [index, number]")
                values[index] = float(value)
            found = cls(data["choice"], values, data["unit"], data["method"], data["samples"])
        except (KeyError, TypeError, ValueError) as exc:
            raise BotError(f"an unreadable assessment: {exc}") from exc
        if not is_int(found.choice) or found.choice not in values:
            raise BotError("an unreadable assessment: its choice has no value")
        return found


def checked_include(include: Sequence[int], count: int) -> list[int]:
    """``include`` as indices into ``count`` legal actions, or a :class:`BotError`."""
    for index in include:
        if not is_int(index) or not 0 <= index < count:
            raise BotError(f"cannot assess move {index!r}: there are {count} legal actions")
    return list(dict.fromkeys(include))


def finite(values: dict[int, float]) -> dict[int, float]:
    """``values`` checked finite (a NaN or infinity would be a bug in an evaluation)."""
    for index, value in values.items():
        if not math.isfinite(value):
            raise BotError(f"the value of move {index} is not a number: {value}")
    return values


class Bot(ABC):
    """A player: ``decide(view, legal_actions)`` returns one of ``legal_actions``; a bot that
    can explain itself (``explains``) also answers ``assess`` (:class:`Assessment`).

    ``seed`` feeds the bot's own generator (never the game's), and :meth:`reseed` restarts
    it for each decision (:func:`herotable.bots.seeding.decision_seed`); ``seconds`` is its
    budget per decision (None: the bot's default); ``wall_clock`` trades reproducibility for
    a real deadline (see the module docstring).
    """

    name: ClassVar[str]
    game: ClassVar[str]  # "cartographers", "dominaria" or "*" for any game
    # A measuring stick (:class:`MeasuringBot`), never a player.
    measuring: ClassVar[bool] = False
    default_seconds: ClassVar[float] = 0.0
    units_per_second: ClassVar[float] = 1.0
    # A hint's budget when the server sets none (None: ``default_seconds``): a person waits
    # for it, so a bot may answer sooner than it moves.
    hint_seconds: ClassVar[float | None] = None
    explains: ClassVar[bool] = False

    def __init__(self, seed: int = 0, seconds: float | None = None,
                 wall_clock: bool = False) -> None:
        self.rng = SeededRng(seed)
        self.seconds = self.default_seconds if seconds is None else seconds
        if self.seconds < 0:
            raise BotError("a bot's budget cannot be negative")
        self.wall_clock = wall_clock

    def reseed(self, seed: int) -> None:
        """Restart the bot's generator with ``seed`` before a decision, so that a bot kept
        between decisions draws what a fresh bot made with that seed would."""
        self.rng = SeededRng(seed)

    def allowance(self) -> Allowance:
        return Allowance(self.seconds, self.units_per_second, self.wall_clock)

    def decide(self, view: Any, legal_actions: Sequence[Any]) -> Any:
        """Choose one of ``legal_actions`` (a sequence: the view's ``legal``) knowing only
        ``view``, the seat's typed view. A bot that explains itself decides by
        :meth:`assess`, so a hint and the move played are one computation; a forced move
        (one legal action) costs nothing."""
        if not legal_actions:
            raise BotError("there is no legal action to choose from")
        if len(legal_actions) == 1:
            return legal_actions[0]
        return legal_actions[self.assess(view, legal_actions).choice]

    def assess(self, view: Any, legal_actions: Sequence[Any],
               include: Sequence[int] = ()) -> Assessment:
        """The bot's choice among ``legal_actions`` with its values (:class:`Assessment`),
        valuing also the moves whose indices are in ``include``. Asking for an assessment
        takes the bot's turn like ``decide`` (same seed, same budget, same choice); moves
        in ``include`` cost extra work on top of the budget."""
        raise BotError(f"the {self.name} bot cannot explain its moves")

    def __repr__(self) -> str:
        return f"{type(self).__name__}(seconds={self.seconds})"


class MeasuringBot(Bot):
    """A measuring stick, never a player: a bot that may read the true future, to bound what
    the fair bots could reach (``herotable simulate cartographers --players clairvoyant``).

    Its one window on hidden information is :meth:`foresee`: before each of its decisions
    the match runner (:func:`herotable.bots.match.play_match`, used by ``simulate`` and
    ``bench``) hands it a *clone* of the engine. Nothing else may: the registry makes one
    only when asked with ``measuring=True`` (``simulate`` and ``bench`` do; the terminal,
    the web app and the environments never do), and it never offers one by name.
    """

    measuring: ClassVar[bool] = True

    def __init__(self, seed: int = 0, seconds: float | None = None,
                 wall_clock: bool = False) -> None:
        super().__init__(seed, seconds, wall_clock)
        self.engine: Game[Any, Any, Any] | None = None

    def foresee(self, engine: Game[Any, Any, Any]) -> None:
        """Take ``engine``, a clone of the game about to ask this bot for a decision: the
        bot may play it forward to read the future (a clone, so the real game is safe)."""
        self.engine = engine

    def foreseen(self) -> Game[Any, Any, Any]:
        """The engine handed over by :meth:`foresee`; without one the bot cannot play."""
        if self.engine is None:
            raise BotError(f"the {self.name} bot reads the true future, which only the match "
                           "runner of `herotable simulate` and `herotable bench` hands it")
        return self.engine
