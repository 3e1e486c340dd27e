"""How a Cartographers Heroes game is set up: players, map side, scoring cards, options."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from herotable.cartographers.cards import CATEGORIES, heroes_set, map_sides
from herotable.core.errors import HerotableError

MAX_PLAYERS = 100
EDICTS = ("A", "B", "C", "D")


class ConfigError(HerotableError):
    """A game set-up the rules do not allow (unknown card, two cards of one category...)."""


@dataclass(frozen=True)
class GameConfig:
    """A game's set-up. ``scoring`` fixes edicts A-D; empty means dealt at random by the seed.

    ``remote_ambush``: for remote play, every map gets each ambush's monster by the solo
    placement rule instead of a neighbour drawing it.
    """

    players: int = 1
    side: str = "C"
    scoring: tuple[str, ...] = ()
    names: tuple[str, ...] = ()
    remote_ambush: bool = False
    ambushes: tuple[str, ...] = field(default_factory=lambda: tuple(heroes_set().ambushes))

    def __post_init__(self) -> None:
        if not 1 <= self.players <= MAX_PLAYERS:
            raise ConfigError(f"Cartographers takes 1 to {MAX_PLAYERS} players, not {self.players}")
        if self.side not in ("C", "D"):
            known = ", ".join(sorted(map_sides()))
            raise ConfigError(f"map side {self.side!r} is not one of C, D (known sheets: {known})")
        if self.names and len(self.names) != self.players:
            raise ConfigError(f"{len(self.names)} names given for {self.players} players")
        cards = heroes_set().scoring
        if self.scoring:
            if len(self.scoring) != 4:
                raise ConfigError("give four scoring cards, one for each edict A-D")
            for card_id in self.scoring:
                if card_id not in cards:
                    raise ConfigError(f"unknown scoring card {card_id!r}; "
                                      f"known: {', '.join(sorted(cards))}")
            categories = [cards[c].category for c in self.scoring]
            if sorted(categories) != sorted(CATEGORIES):
                raise ConfigError("the four scoring cards must be one of each category "
                                  f"({', '.join(CATEGORIES)}); got {', '.join(categories)}")
        known_ambushes = heroes_set().ambushes
        if len(self.ambushes) != 4 or len(set(self.ambushes)) != 4:
            raise ConfigError("the ambush deck holds four different ambush cards")
        for card_id in self.ambushes:
            if card_id not in known_ambushes:
                raise ConfigError(f"unknown ambush card {card_id!r}")

    @property
    def solo(self) -> bool:
        return self.players == 1

    def player_name(self, player: int) -> str:
        return self.names[player] if self.names else f"Player {player + 1}"

    @classmethod
    def preset(cls, name: str, **kwargs: Any) -> GameConfig:
        """A config with a preset's scoring cards (``first_game``)."""
        presets = heroes_set().presets
        if name not in presets:
            raise ConfigError(f"unknown preset {name!r}; known: {', '.join(sorted(presets))}")
        return cls(scoring=presets[name], **kwargs)

    def to_json(self) -> dict[str, Any]:
        return {
            "players": self.players,
            "side": self.side,
            "scoring": list(self.scoring),
            "names": list(self.names),
            "remote_ambush": self.remote_ambush,
            "ambushes": list(self.ambushes),
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> GameConfig:
        return cls(
            players=int(data["players"]),
            side=str(data["side"]),
            scoring=tuple(data.get("scoring", ())),
            names=tuple(data.get("names", ())),
            remote_ambush=bool(data.get("remote_ambush", False)),
            ambushes=tuple(data.get("ambushes", tuple(heroes_set().ambushes))),
        )
