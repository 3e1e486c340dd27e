"""What one planeswalker owns during a game: heroes, buildings, mana, quests, artifacts."""

from __future__ import annotations

import copy
from dataclasses import dataclass, field
from typing import Any

from herotable.core.game import field_int, whole_number
from herotable.dominaria.pack import COLOURS


@dataclass
class Choice:
    """A "look at two, keep one" in progress: ``kind`` is quest or artifact (or setup: keep
    two of four quests); ``cards`` are the ones looked at."""

    kind: str
    cards: list[str]

    def to_json(self) -> dict[str, Any]:
        return {"kind": self.kind, "cards": list(self.cards)}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Choice:
        return cls(str(data["kind"]), [str(c) for c in data["cards"]])


@dataclass
class PlayerState:
    walker: str
    heroes: list[str] = field(default_factory=list)  # locations, one entry per Hero on the map
    heroes_on_track: int = 3
    manaliths: list[str] = field(default_factory=list)  # locations, in build order
    leylines: list[tuple[str, str]] = field(default_factory=list)  # sorted location pairs
    cabal: int = 0  # defeated Cabal tokens on the track
    pool: dict[str, int] = field(default_factory=lambda: dict.fromkeys(COLOURS, 0))
    manalith_tokens: set[str] = field(default_factory=set)  # colours held in the pool
    hand: list[str] = field(default_factory=list)  # quests, hidden from the others
    started: dict[str, dict[str, int]] = field(default_factory=dict)  # quest -> counters then
    artifacts: list[str] = field(default_factory=list)  # in play
    accomplished: list[str] = field(default_factory=list)  # completed quests, counted artifacts
    public: list[tuple[str, int]] = field(default_factory=list)  # (public quest, VP tile)
    discovered: int = 0  # artifacts ever kept (in play or counted)
    # Move actions every turn beyond the Hero track's: the rulebook's extra one of a
    # two-player game, held from the start to the end.
    setup_moves: int = 0
    # The VP received at the set-up for this seat's place in turn order (the pack's
    # [turn_order]); scored with the rest.
    head_start: int = 0
    completed: int = 0  # quest cards completed
    # Every location one of your Heroes arrived at (placed, recruited or moved), in order,
    # repeats included: what the travel conditions (metric ``visited``) count.
    travels: list[str] = field(default_factory=list)
    # This turn only.
    moves_used: int = 0
    extra_moves: int = 0
    collects_used: int = 0
    used_artifacts: set[str] = field(default_factory=set)
    # "Look at two, keep one" waiting: the one shown now and those still to come.
    choice: Choice | None = None
    owed: list[str] = field(default_factory=list)

    def mana_total(self) -> int:
        return sum(self.pool.values()) + len(self.manalith_tokens)

    def mana_of(self, colour: str) -> int:
        return self.pool[colour] + (colour in self.manalith_tokens)

    def new_turn(self) -> None:
        self.moves_used = self.extra_moves = self.collects_used = 0
        self.used_artifacts = set()

    def clone(self) -> PlayerState:
        """An independent copy: every container is new (a Choice and the counters inside
        ``started`` are replaced, never changed, so they may be shared)."""
        new = copy.copy(self)
        new.heroes = list(self.heroes)
        new.manaliths = list(self.manaliths)
        new.leylines = list(self.leylines)
        new.pool = dict(self.pool)
        new.manalith_tokens = set(self.manalith_tokens)
        new.hand = list(self.hand)
        new.started = dict(self.started)
        new.artifacts = list(self.artifacts)
        new.accomplished = list(self.accomplished)
        new.public = list(self.public)
        new.used_artifacts = set(self.used_artifacts)
        new.owed = list(self.owed)
        new.travels = list(self.travels)
        return new

    def to_json(self) -> dict[str, Any]:
        return {
            "walker": self.walker,
            "heroes": list(self.heroes),
            "heroes_on_track": self.heroes_on_track,
            "manaliths": list(self.manaliths),
            "leylines": [list(link) for link in self.leylines],
            "cabal": self.cabal,
            "pool": dict(self.pool),
            "manalith_tokens": sorted(self.manalith_tokens, key=COLOURS.index),
            "hand": list(self.hand),
            "started": {q: dict(c) for q, c in self.started.items()},
            "artifacts": list(self.artifacts),
            "accomplished": list(self.accomplished),
            "public": [list(p) for p in self.public],
            "discovered": self.discovered,
            "completed": self.completed,
            "setup_moves": self.setup_moves,
            "head_start": self.head_start,
            "moves_used": self.moves_used,
            "extra_moves": self.extra_moves,
            "collects_used": self.collects_used,
            "used_artifacts": sorted(self.used_artifacts),
            "choice": self.choice.to_json() if self.choice else None,
            "owed": list(self.owed),
            "travels": list(self.travels),
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> PlayerState:
        return cls(
            walker=str(data["walker"]),
            heroes=[str(h) for h in data["heroes"]],
            heroes_on_track=field_int(data, "heroes_on_track"),
            manaliths=[str(m) for m in data["manaliths"]],
            leylines=[(str(a), str(b)) for a, b in data["leylines"]],
            cabal=field_int(data, "cabal"),
            pool={c: field_int(data["pool"], c) for c in COLOURS},
            manalith_tokens={str(c) for c in data["manalith_tokens"]},
            hand=[str(q) for q in data["hand"]],
            started={str(q): {str(k): field_int(c, k) for k in c}
                     for q, c in data["started"].items()},
            artifacts=[str(a) for a in data["artifacts"]],
            accomplished=[str(a) for a in data["accomplished"]],
            public=[(str(p), whole_number(v, "public tile VP")) for p, v in data["public"]],
            discovered=field_int(data, "discovered"),
            completed=field_int(data, "completed"),
            # A save from before the field: the game fills it in (DominariaGame._from_json).
            setup_moves=field_int(data, "setup_moves") if "setup_moves" in data else 0,
            # A save from before turn order was compensated: its pack gave nothing.
            head_start=field_int(data, "head_start") if "head_start" in data else 0,
            moves_used=field_int(data, "moves_used"),
            extra_moves=field_int(data, "extra_moves"),
            collects_used=field_int(data, "collects_used"),
            used_artifacts={str(a) for a in data["used_artifacts"]},
            choice=Choice.from_json(data["choice"]) if data["choice"] else None,
            owed=[str(k) for k in data["owed"]],
            travels=[str(t) for t in data.get("travels", [])],  # absent before travels counted
        )
