"""The shape every rules engine shares (after OpenSpiel's state interface).

A game is built from a config and a seed; players send actions; the engine either applies an
action or raises :class:`~herotable.core.errors.IllegalAction` leaving the state untouched.
Simultaneous play is explicit: :meth:`Game.pending_players` names who still owes a decision.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Protocol, Self, runtime_checkable


@runtime_checkable
class Action(Protocol):
    """A value object with a text notation: ``parse(str(action)) == action``."""

    def __str__(self) -> str: ...


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
    def from_json(cls, data: dict[str, Any]) -> ActionLog:
        return cls(
            game=data["game"],
            config=data["config"],
            seed=data["seed"],
            entries=[LogEntry(int(p), str(a)) for p, a in data["actions"]],
        )


class Game(Protocol):
    """What the CLI, the bots and the server rely on, whatever the game."""

    name: str
    log: ActionLog

    @property
    def num_players(self) -> int: ...

    @property
    def is_over(self) -> bool: ...

    def pending_players(self) -> list[int]: ...

    def legal_actions(self, player: int) -> list[Any]: ...

    def apply(self, player: int, action: Any) -> list[dict[str, Any]]: ...

    def parse_action(self, text: str) -> Any: ...

    def view(self, player: int | None) -> dict[str, Any]: ...

    def to_json(self) -> dict[str, Any]: ...

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Self: ...

    @classmethod
    def replay(cls, log: ActionLog) -> Self: ...
