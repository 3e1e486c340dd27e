"""The records a Cartographers game keeps besides its maps: what a player owes now
(:class:`Decision`) and what a season scored (:class:`SeasonScore`)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from herotable.cartographers.grid import mask_from_names, mask_names
from herotable.core.game import field_bool, field_int, field_names, whole_number


@dataclass(frozen=True, slots=True)
class Decision:
    """What one player owes now.

    ``kind``: ``draw`` (explore card), ``hero``, ``monster`` (ambush, on ``sheet``'s map) or
    ``destroy`` (one cell of ``allowed``). ``fallback`` means no offered shape fits, so a
    single cell is drawn instead. ``ruins`` means a ruins card came before this explore card:
    the shape must cover an empty ruins cell, or, with ``fallback``, no offered shape can, so
    a single cell of any terrain is drawn anywhere.
    """

    kind: str
    sheet: int
    card: str
    fallback: bool = False
    allowed: int = 0
    reason: str = ""
    ruins: bool = False

    def to_json(self) -> dict[str, Any]:
        return {
            "kind": self.kind,
            "sheet": self.sheet,
            "card": self.card,
            "fallback": self.fallback,
            "allowed": mask_names(self.allowed),
            "reason": self.reason,
            "ruins": self.ruins,
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Decision:
        return cls(
            kind=str(data["kind"]),
            sheet=field_int(data, "sheet"),
            card=str(data["card"]),
            fallback=field_bool(data, "fallback"),
            allowed=mask_from_names(field_names(data, "allowed")),
            reason=str(data["reason"]),
            ruins=field_bool(data, "ruins", False),
        )


@dataclass(frozen=True, slots=True)
class SeasonScore:
    """One player's score for one season: both edicts, coins and the monster penalty."""

    season: str
    edicts: tuple[tuple[str, str, int], ...]  # (edict letter, card id, stars)
    coins: int
    monsters: int  # stars lost, as a positive number

    @property
    def total(self) -> int:
        return sum(stars for _, _, stars in self.edicts) + self.coins - self.monsters

    def to_json(self) -> dict[str, Any]:
        return {
            "season": self.season,
            "edicts": [list(e) for e in self.edicts],
            "coins": self.coins,
            "monsters": self.monsters,
            "total": self.total,
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> SeasonScore:
        return cls(
            season=str(data["season"]),
            edicts=tuple((str(a), str(b), whole_number(c, "edict's stars"))
                         for a, b, c in data["edicts"]),
            coins=field_int(data, "coins"),
            monsters=field_int(data, "monsters"),
        )
