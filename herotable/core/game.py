"""The shape every rules engine shares (after OpenSpiel's state interface).

A game is built from a config and a seed; players send actions; the engine either applies an
action or raises :class:`~herotable.core.errors.IllegalAction` leaving the state untouched.
Simultaneous play is explicit: :meth:`Game.pending_players` names who still owes a decision.

:class:`Game` owns what every engine repeats: the opening checks of :meth:`Game.apply`, the
action log, the events an action causes, :meth:`Game.replay`, taking an action back
(:meth:`Game.undo`), the checked load (:meth:`Game.from_json`) and the outcome
(:meth:`Game.returns`). An engine supplies its rules
in the abstract methods.
"""

from __future__ import annotations

import operator
from abc import ABC, abstractmethod
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any, ClassVar, Generic, Protocol, Self, TypeGuard, TypeVar

from herotable.core.errors import HerotableError, IllegalAction, NotationError, SaveFileError
from herotable.core.refusals import CoreRefusal

# The log's player for a chance outcome (OpenSpiel's chance player is -1 too): a game set up
# for an outside driver's draws logs each draw it is given, so a replay repeats it.
CHANCE_PLAYER = -1


def is_int(value: object) -> TypeGuard[int]:
    """A whole number, and not a bool (which Python counts as one): hand-built actions and
    indices are checked with it before they are used as numbers."""
    return isinstance(value, int) and not isinstance(value, bool)


def is_text_list(value: object) -> TypeGuard[list[str] | tuple[str, ...]]:
    """A JSON list of strings (a tuple too): a saved config's list of names is checked with
    it, since ``tuple(str(n) for n in ...)`` would take ``"abc"`` as three names or a number
    as a name."""
    return isinstance(value, list | tuple) and all(isinstance(v, str) for v in value)


def whole_number(value: object, what: str) -> int:
    """A saved whole number, or a :class:`SaveFileError` naming ``what`` (``int()`` would
    quietly take ``"7"``, ``1.5`` or ``true``)."""
    if type(value) is not int:  # not isinstance: a bool is no number here
        raise SaveFileError(f"the saved {what} is not a whole number: {value!r}")
    return value


def field_int(data: Any, key: str) -> int:
    """``data[key]`` as saved: a whole number."""
    value = data[key]
    # The common case inline: a load reads dozens of these.
    return value if type(value) is int else whole_number(value, f"field {key!r}")


def field_bool(data: Any, key: str, default: bool | None = None) -> bool:
    """``data[key]`` as saved: true or false (``bool()`` would take ``"false"`` as true)."""
    value = data.get(key, default) if default is not None else data[key]
    if not isinstance(value, bool):
        raise SaveFileError(f"the saved field {key!r} is not true or false: {value!r}")
    return value


def field_list(data: Any, key: str) -> list[Any]:
    value = data[key]
    if not isinstance(value, list):
        raise SaveFileError(f"the saved field {key!r} is not a list")
    return value


def field_names(data: Any, key: str) -> list[str]:
    """``data[key]`` as saved: a list of ids."""
    value = field_list(data, key)
    if not all(isinstance(v, str) for v in value):
        raise SaveFileError(f"the saved field {key!r} must list ids (strings)")
    return list(value)


class ActionBase:
    """What every action value object shares: its ``str`` is its notation, and its ``repr``
    shows that notation so a log or a failing test reads like the game."""

    __slots__ = ()

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self}>"


class View(Protocol):
    """A seat's (or a spectator's) view: typed for code, JSON-ready for everyone else."""

    @property
    def legal(self) -> Sequence[Any] | None:
        """The seat's legal actions now (empty or None when it owes nothing)."""

    def to_json(self) -> dict[str, Any]: ...


@dataclass(frozen=True, slots=True)
class LogEntry:
    """One applied action: who sent it and its notation."""

    player: int
    action: str

    def __str__(self) -> str:
        return f"{self.player}: {self.action}"


@dataclass(slots=True)
class ActionLog:
    """Config + seed + the actions applied, in order: enough to rebuild a game exactly."""

    game: str
    config: dict[str, Any]
    seed: int
    entries: list[LogEntry] = field(default_factory=list)

    def to_json(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "config": self.config,
            "seed": self.seed,
            "actions": [[e.player, e.action] for e in self.entries],
        }

    @classmethod
    def from_json(cls, data: Any) -> ActionLog:
        """Read a log; anything malformed is a :class:`SaveFileError` naming the field."""
        if not isinstance(data, dict):
            raise SaveFileError("the action log is not a JSON object")
        for key, kind in (("game", str), ("config", dict), ("seed", int), ("actions", list)):
            if not isinstance(data.get(key), kind) or isinstance(data.get(key), bool):
                raise SaveFileError(f"the action log's {key!r} is missing or malformed")
        entries = []
        for index, pair in enumerate(data["actions"]):
            if (not isinstance(pair, list) or len(pair) != 2 or not is_int(pair[0])
                    or not isinstance(pair[1], str)):
                raise SaveFileError(f"action {index} of the log is not [player, notation]")
            entries.append(LogEntry(pair[0], pair[1]))
        return cls(data["game"], dict(data["config"]), data["seed"], entries)

    def copy(self) -> ActionLog:
        # Entries are frozen, so sharing them is safe; the list itself must be new.
        return ActionLog(self.game, self.config, self.seed, list(self.entries))


@dataclass(frozen=True, slots=True)
class Standing:
    """One player's place at the end (or now).

    ``total`` is the score; ``tiebreak`` the rules' tie-break figure, whose meaning each game
    documents (Cartographers: stars lost to monsters, fewer is better; Heroes of Dominaria:
    completed quests, more is better). Players tied on both share ``rank``.
    """

    player: int
    rank: int
    total: int
    tiebreak: int

    def to_json(self) -> dict[str, int]:
        return {"player": self.player, "rank": self.rank, "total": self.total,
                "tiebreak": self.tiebreak}


def rank_standings(totals: Sequence[int], tiebreaks: Sequence[int],
                   lower_tiebreak_wins: bool) -> list[Standing]:
    """Standings best first: the highest total, then the tie-break; a tie on both is shared."""
    sign = 1 if lower_tiebreak_wins else -1
    order = sorted(range(len(totals)), key=lambda p: (-totals[p], sign * tiebreaks[p], p))
    result: list[Standing] = []
    for index, player in enumerate(order):
        prev = result[-1] if result else None
        tied = prev is not None and (prev.total, prev.tiebreak) == (totals[player],
                                                                     tiebreaks[player])
        rank = prev.rank if prev is not None and tied else index + 1
        result.append(Standing(player, rank, totals[player], tiebreaks[player]))
    return result


def winners_of(standings: Sequence[Standing]) -> list[int]:
    """The players ranked first (several when the rules cannot break a tie)."""
    return [s.player for s in standings if s.rank == 1]


def win_shares(standings: Sequence[Standing]) -> list[Fraction]:
    """Per player: 1 for a sole winner, ``1/k`` for each of ``k`` sharing first place, else 0."""
    first = winners_of(standings)
    shares = [Fraction(0)] * len(standings)
    for player in first:
        shares[player] = Fraction(1, len(first))
    return shares


class Config(Protocol):
    """A game's set-up: whatever it holds, it writes itself as JSON for the action log."""

    def to_json(self) -> dict[str, Any]: ...


ConfigT = TypeVar("ConfigT", bound=Config)
ActionT = TypeVar("ActionT")
ViewT = TypeVar("ViewT", bound=View)


class Game(ABC, Generic[ConfigT, ActionT, ViewT]):
    """What the CLI, the bots, the environments and the server rely on, whatever the game.

    Subclasses set :attr:`name`, :attr:`action_types`, and implement the rules in the abstract
    methods; :meth:`apply` checks what every game checks first and then calls
    :meth:`_resolve`, which must validate everything before its first change.
    """

    name: ClassVar[str]
    action_types: ClassVar[tuple[type, ...]]

    config: ConfigT
    seed: int
    log: ActionLog
    events: list[dict[str, Any]]
    # The log's length after the last action this object applied, and whether that action
    # revealed or drew something (see :meth:`undoable`).
    _undo_mark: tuple[int, bool]

    # ------------------------------------------------------------------ building

    @classmethod
    @abstractmethod
    def config_from_json(cls, data: Any) -> ConfigT:
        """The game's config from its JSON form (validated)."""

    @abstractmethod
    def __init__(self, config: ConfigT | None = None, seed: int = 0) -> None: ...

    @classmethod
    def replay(cls, log: ActionLog | dict[str, Any],
               until: Callable[[Self], bool] | None = None) -> Self:
        """Rebuild a game from its config, seed and actions (an :class:`ActionLog` or its
        JSON form); with ``until``, stop before the first action at which it holds (the game
        as it was at some point of the log)."""
        if not isinstance(log, ActionLog):
            log = ActionLog.from_json(log)
        if log.game != cls.name:
            raise SaveFileError(f"the log is of {log.game!r}, not {cls.name!r}")
        game = cls(cls.config_from_json(log.config), log.seed)
        for index, entry in enumerate(log.entries):
            if until is not None and until(game):
                break
            try:
                if entry.player == CHANCE_PLAYER:
                    game.apply_chance(cls.parse_chance(entry.action))
                else:
                    game.apply(entry.player, entry.action)
            except HerotableError as exc:
                raise SaveFileError(f"action {index} of the log ({entry}) is refused: "
                                    f"{exc}") from exc
        return game

    @abstractmethod
    def clone(self) -> Self:
        """An independent copy, cheap enough for search (no JSON round trip)."""

    # ------------------------------------------------------------------ queries

    @property
    @abstractmethod
    def num_players(self) -> int: ...

    @property
    @abstractmethod
    def is_over(self) -> bool: ...

    @abstractmethod
    def pending_players(self) -> list[int]:
        """The players who owe a decision now (several at once in a simultaneous game)."""

    def check_seat(self, player: object, spectator: bool = False) -> None:
        """Refuse a seat that is not a player of this game (None too, unless a spectator is
        meant) with :class:`IllegalAction`: every method that takes a seat starts here."""
        # type() is int and not isinstance(): a bool is no seat. The common case first,
        # since this runs on every view and every legal-move query.
        if type(player) is int and 0 <= player < self.num_players:
            return
        if player is None and spectator:
            return
        if not is_int(player) or not 0 <= player < self.num_players:
            raise IllegalAction(f"there is no player {player!r} in this game",
                                CoreRefusal.NO_SUCH_PLAYER, {"player": repr(player)})

    def owes(self, player: int) -> bool:
        """Whether ``player`` owes a decision now."""
        return player in self.pending_players()

    def has_legal_action(self, player: int) -> bool:
        """Whether ``player`` has some legal action now."""
        return bool(self.view(player).legal)

    @abstractmethod
    def standings(self) -> list[Standing]:
        """Best first, with shared ranks for ties the rules cannot break."""

    def winners(self) -> list[int]:
        return winners_of(self.standings())

    def totals(self) -> list[int]:
        """Each seat's score so far, in seat order."""
        by_seat = {standing.player: standing.total for standing in self.standings()}
        return [by_seat[seat] for seat in range(self.num_players)]

    def solo_result(self) -> tuple[int, str | None] | None:
        """A solo game's rating on the game's own scale and the title it earns (in English),
        once it is over; None where the game rates no solo play."""
        return None

    @classmethod
    def solo_title_names(cls, rating: int) -> dict[str, str] | None:
        """The names by language of the title a solo ``rating`` (as :meth:`solo_result`
        gives it) earns, for a front end to say in its language; None when it earns none or
        the game rates no solo play."""
        return None

    def returns(self) -> list[float]:
        """Each player's outcome: 0 while the game runs; at the end, the share of the win
        (1 for a sole winner, 1/k for each of k tied winners, 0 for the others). A solo game
        has no opponent to beat, so its return is the player's score."""
        if not self.is_over:
            return [0.0] * self.num_players
        standings = self.standings()
        if self.num_players == 1:
            return [float(standings[0].total)]
        return [float(share) for share in win_shares(standings)]

    # ------------------------------------------------------------------ actions

    @abstractmethod
    def legal_actions(self, player: int) -> list[ActionT]: ...

    @classmethod
    @abstractmethod
    def parse_action(cls, text: str) -> ActionT:
        """Read an action's notation; raise :class:`NotationError` saying what is wrong."""

    def apply(self, player: int, action: ActionT | str) -> list[dict[str, Any]]:
        """Apply one player's action, or raise :class:`IllegalAction` (or
        :class:`NotationError` for unreadable text) changing nothing.

        Returns the events the action caused.
        """
        if isinstance(action, str):
            action = self.parse_action(action)
        if not isinstance(action, self.action_types):
            # Named by type only: the repr of a malformed object may itself fail.
            raise IllegalAction(f"a {type(action).__name__} is not a {self.name} action",
                                CoreRefusal.WRONG_ACTION_TYPE, {"kind": type(action).__name__})
        if self.is_over:
            raise IllegalAction("the game is over", CoreRefusal.GAME_OVER)
        self.check_seat(player)
        if not self.owes(player):
            raise IllegalAction(self._not_your_turn(player), CoreRefusal.NOT_YOUR_TURN)
        start = len(self.events)
        random_state, piles = self._random_state(), self._face_down_piles()
        self._resolve(player, action)
        self.log.entries.append(LogEntry(player, str(action)))
        self._after(player)
        caused = self.events[start:]
        # map() and isdisjoint() rather than generators: this runs on every action, and a
        # bot's search applies thousands of them a decision.
        sealed = (self._random_state() != random_state
                  or any(map(operator.lt, self._face_down_piles(), piles))
                  or not self.revealing_events.isdisjoint([e["type"] for e in caused]))
        self._undo_mark = (len(self.log.entries), sealed)
        return caused

    # ------------------------------------------------------------------ undo

    # A seat may take back its last action while that changed nothing it cannot give back:
    # no other seat has acted since, and the action showed nothing hidden and drew nothing at
    # random (undoing then would let a player peek and choose again).

    # Event types that show something hidden (a card revealed, a season scored): an action
    # causing one is final.
    revealing_events: ClassVar[frozenset[str]] = frozenset()

    def _random_state(self) -> int | None:
        """The game's seeded generator's state (an action that moves it drew at random)."""
        return None

    def _face_down_piles(self) -> tuple[int, ...]:
        """The sizes of the piles cards are drawn from face down, always in the same order
        (an action that shrinks one drew a card)."""
        return ()

    def undoable(self, player: int) -> bool:
        """Whether ``player`` may take back the last action of the log now: it is theirs, the
        game is not over, and it revealed nothing and drew nothing at random."""
        return self._undo_refusal(player) is None

    def undo(self, player: int) -> Self:
        """The game as it was before ``player``'s last action (a new game, replayed from the
        log without it), or :class:`IllegalAction` saying why not."""
        refusal = self._undo_refusal(player)
        if refusal is not None:
            raise refusal
        log = self.log.copy()
        log.entries.pop()
        return type(self).replay(log)

    def _undo_refusal(self, player: int) -> IllegalAction | None:
        self.check_seat(player)
        if self.is_over:
            return IllegalAction("the game is over", CoreRefusal.GAME_OVER)
        entries = self.log.entries
        if not entries or entries[-1].player != player:
            return IllegalAction("there is no action of this seat to undo: none yet, or "
                                 "another has acted since", CoreRefusal.NOTHING_TO_UNDO)
        if self._last_sealed():
            return IllegalAction("the last action revealed a card or drew at random",
                                 CoreRefusal.UNDO_SEALED)
        return None

    def _last_sealed(self) -> bool:
        """Whether the log's last action revealed or drew something. A game loaded from a
        save (or a clone of one) has not seen it applied, so it applies it again."""
        mark: tuple[int, bool] | None = getattr(self, "_undo_mark", None)
        if mark is None or mark[0] != len(self.log.entries):
            log = self.log.copy()
            last = log.entries.pop()
            before = type(self).replay(log)
            before.apply(last.player, last.action)
            mark = before._undo_mark
            self._undo_mark = mark
        return mark[1]

    @abstractmethod
    def _resolve(self, player: int, action: ActionT) -> None:
        """Check ``action`` fully, then carry it out (never the other way round)."""

    def _after(self, player: int) -> None:
        """What follows an applied and logged action (moving the game on by itself)."""

    @abstractmethod
    def _not_your_turn(self, player: int) -> str:
        """Why ``player``, who owes nothing now, may not act."""

    # ------------------------------------------------------------------ chance

    # By default an engine draws its cards itself from the seed. A game set up for it
    # (Cartographers' ``explicit_chance``) instead stops before each draw, with nobody owing a
    # decision, until an outside driver (OpenSpiel, a search) says what was drawn.

    def is_chance_node(self) -> bool:
        """Whether the game waits for :meth:`apply_chance` (nobody owes a decision then)."""
        return False

    def chance_outcomes(self) -> list[tuple[str, Fraction]]:
        """The outcomes possible now with their exact probabilities, summing to 1 (empty when
        no chance event is due). The state knows what its decks hold; views never show it."""
        return []

    def apply_chance(self, outcome: str) -> list[dict[str, Any]]:
        """Carry out ``outcome`` (one of :meth:`chance_outcomes`) and log it, or raise
        :class:`IllegalAction` changing nothing. Returns the events it caused."""
        if self.is_over:
            raise IllegalAction("the game is over", CoreRefusal.GAME_OVER)
        if not self.is_chance_node():
            raise IllegalAction("no chance event is due now", CoreRefusal.NO_CHANCE)
        if not isinstance(outcome, str):
            raise IllegalAction(f"a chance outcome is named by a string, not a "
                                f"{type(outcome).__name__}", CoreRefusal.WRONG_OUTCOME_TYPE,
                                {"kind": type(outcome).__name__})
        start = len(self.events)
        notation = self._resolve_chance(outcome)
        self.log.entries.append(LogEntry(CHANCE_PLAYER, notation))
        self._undo_mark = (len(self.log.entries), True)
        self._after(CHANCE_PLAYER)
        return self.events[start:]

    def _resolve_chance(self, outcome: str) -> str:
        """Check ``outcome`` fully, then carry it out; return its notation for the log. Only a
        game that has chance nodes is ever asked."""
        raise IllegalAction(f"{self.name} has no chance events", CoreRefusal.NO_CHANCE)

    @classmethod
    def parse_chance(cls, text: str) -> str:
        """The outcome a chance entry of the log names; :class:`NotationError` if none."""
        raise NotationError(f"{cls.name} logs no chance outcomes, yet the log holds {text!r}")

    def _event(self, kind: str, **data: Any) -> None:
        self.events.append({"type": kind, **data})

    # ------------------------------------------------------------------ integers and observations

    # A fixed integer action space and fixed-shape observations, for learning environments
    # (docs/encoding.md gives each game's layout).

    @abstractmethod
    def num_distinct_actions(self) -> int:
        """How many action indices there are: the same in every state of this set-up."""

    @abstractmethod
    def encode_action(self, action: ActionT) -> int:
        """The action's index in ``range(num_distinct_actions())``; an action the space
        does not hold raises :class:`NotationError`. Legality is not checked."""

    @abstractmethod
    def decode_action(self, index: int) -> ActionT:
        """The action at ``index``; an index out of range raises :class:`NotationError`."""

    @abstractmethod
    def legal_action_indices(self, player: int) -> list[int]:
        """The sorted indices of ``player``'s legal actions (empty when it owes nothing)."""

    @abstractmethod
    def observation(self, player: int) -> dict[str, Any]:
        """``player``'s view as fixed-shape lists of numbers, built from :meth:`view` only."""

    # ------------------------------------------------------------------ views and JSON

    @abstractmethod
    def view(self, player: int | None = None) -> ViewT:
        """What ``player`` may see (None: a spectator), what it owes and its legal actions."""

    @abstractmethod
    def to_json(self) -> dict[str, Any]:
        """The whole state, secrets included: for saves, never for clients."""

    @classmethod
    def from_json(cls, data: Any) -> Self:
        """A state from :meth:`to_json`, checked field by field: anything missing, malformed
        or inconsistent is a :class:`SaveFileError` naming it."""
        if not isinstance(data, dict):
            raise SaveFileError("a saved state is a JSON object")
        if data.get("game") != cls.name:
            raise SaveFileError(f"the saved state is of {data.get('game')!r}, not {cls.name!r}")
        try:
            game = cls._from_json(data)
            game._check_playable()
            return game
        except SaveFileError:
            raise
        except (HerotableError, NotationError) as exc:
            raise SaveFileError(f"the saved state is corrupt: {exc}") from exc
        except KeyError as exc:
            raise SaveFileError(f"the saved state lacks the field {exc}") from exc
        except (TypeError, ValueError, AttributeError, IndexError) as exc:
            raise SaveFileError(f"the saved state has a malformed field: {exc}") from exc

    def _check_playable(self) -> None:
        """What every loaded state must satisfy: its log is of this very set-up, and unless
        the game is over somebody owes a decision and has a legal action for it (or a chance
        event is due)."""
        log = self.log
        # Comparing the JSON is enough unless the log was written before an option existed.
        same_setup = (log.config == self.config.to_json()
                      or self.config_from_json(log.config) == self.config)
        if log.game != self.name or log.seed != self.seed or not same_setup:
            raise SaveFileError("the saved state's log is of another game, seed or set-up")
        pending = self.pending_players()
        if not self.is_over and not pending and not self.is_chance_node():
            raise SaveFileError("in the saved state the game is not over, yet nobody owes a "
                                "decision")
        for player in pending:
            if not self.has_legal_action(player):
                raise SaveFileError(f"in the saved state player {player} owes a decision "
                                    "that no action can meet")

    @classmethod
    @abstractmethod
    def _from_json(cls, data: dict[str, Any]) -> Self:
        """Build and fully check a state; may raise anything :meth:`from_json` translates."""
