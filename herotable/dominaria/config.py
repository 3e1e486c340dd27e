"""How a Heroes of Dominaria game is set up: 2 to 4 planeswalkers, the variant, the data pack."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from herotable.core.errors import ConfigurationError
from herotable.core.game import is_int, is_text_list
from herotable.dominaria.pack import Pack, load_pack

ROUNDS = {2: 11, 3: 10, 4: 9}  # the seed: the game ends after this many rounds
# Mana tokens each location starts with: one, or two in the seed's variant.
START_MANA, TWO_MANA_START = 1, 2


@cache
def _pack_at(directory: str | None) -> Pack:
    """The pack in ``directory`` (None: the shipped one), read once per process: a redraw or
    a copy must not re-read six files."""
    return load_pack(Path(directory) if directory else None)


class DominariaConfigError(ConfigurationError):
    """A set-up the rules do not allow (player count, unknown planeswalker...)."""


@dataclass(frozen=True)
class DominariaConfig:
    """``planeswalkers``: one board per player (default: the pack's first ones, in order).
    ``two_mana``: the seed's variant with two mana tokens on each location at the start.
    ``data``: a directory holding an edited data pack (None: the pack shipped with herotable).
    ``pack_digest``: the :attr:`Pack.digest` the game was made with, when it was recorded (a
    server records it); a pack whose content differs is then refused, never played instead.
    """

    players: int = 2
    names: tuple[str, ...] = ()
    planeswalkers: tuple[str, ...] = ()
    two_mana: bool = False
    data: str | None = None
    pack_digest: str | None = None

    def __post_init__(self) -> None:
        if self.data is not None and not self.data.strip():
            raise DominariaConfigError("the data pack's directory must be named (leave it out "
                                       "for the shipped pack)")
        if self.players not in ROUNDS:
            raise DominariaConfigError(
                f"Heroes of Dominaria takes 2 to 4 players, not {self.players}")
        if self.names and len(self.names) != self.players:
            raise DominariaConfigError(f"{len(self.names)} names given for {self.players} "
                                       "players")
        known = self.pack().planeswalkers
        if self.planeswalkers:
            if len(self.planeswalkers) != self.players:
                raise DominariaConfigError(
                    f"{len(self.planeswalkers)} planeswalkers given for {self.players} players")
            for walker in self.planeswalkers:
                if walker not in known:
                    raise DominariaConfigError(f"unknown planeswalker {walker!r}; known: "
                                               f"{', '.join(known)}")
            if len(set(self.planeswalkers)) != len(self.planeswalkers):
                raise DominariaConfigError("each player needs a different planeswalker")
        elif len(known) < self.players:
            raise DominariaConfigError(f"the data pack has only {len(known)} planeswalkers")

    def pack(self) -> Pack:
        pack = _pack_at(self.data)
        if self.pack_digest is not None and pack.digest != self.pack_digest:
            where = self.data or "shipped with herotable"
            raise DominariaConfigError(
                f"the data pack ({where}) is not the one this game was made with: its "
                f"content is {pack.digest[:12]}, the game's {self.pack_digest[:12]}")
        return pack

    @property
    def rounds(self) -> int:
        return ROUNDS[self.players]

    @property
    def start_mana(self) -> int:
        """The mana tokens each location starts with."""
        return TWO_MANA_START if self.two_mana else START_MANA

    def walkers(self) -> tuple[str, ...]:
        return self.planeswalkers or tuple(self.pack().planeswalkers)[: self.players]

    def given_name(self, player: int) -> str | None:
        """The name the seat's creator gave it; None when unnamed (no names, or "")."""
        return (self.names[player] if self.names else "") or None

    def player_name(self, player: int) -> str:
        """The seat's name in the engine's own (English) sentences: the given name, else its
        planeswalker's."""
        return self.given_name(player) or self.pack().planeswalkers[self.walkers()[player]].name

    def to_json(self) -> dict[str, Any]:
        found: dict[str, Any] = {
            "players": self.players, "names": list(self.names),
            "planeswalkers": list(self.planeswalkers), "two_mana": self.two_mana,
            "data": self.data}
        if self.pack_digest is not None:  # only where recorded: older records stay the same
            found["pack_digest"] = self.pack_digest
        return found

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> DominariaConfig:
        if not isinstance(data, dict):
            raise DominariaConfigError("a game config is a JSON object")
        players, two_mana = data.get("players", 2), data.get("two_mana", False)
        names, walkers = data.get("names", ()), data.get("planeswalkers", ())
        directory, digest = data.get("data"), data.get("pack_digest")
        if not is_int(players):  # int() would take "3", 2.5 or true
            raise DominariaConfigError("players must be a whole number")
        if not isinstance(two_mana, bool):  # bool("false") is True
            raise DominariaConfigError("two_mana must be true or false")
        for key, value in (("names", names), ("planeswalkers", walkers)):
            if not is_text_list(value):  # str() would take "Ana" as three names
                raise DominariaConfigError(f"{key} must be a list of strings")
        if directory is not None and not isinstance(directory, str):
            raise DominariaConfigError("data must be the name of a directory")
        if digest is not None and not isinstance(digest, str):
            raise DominariaConfigError("pack_digest must be a string")
        return cls(players=players, names=tuple(names), planeswalkers=tuple(walkers),
                   two_mana=two_mana, data=directory, pack_digest=digest)
