"""The Heroes of Dominaria data pack a server plays: the shipped one, or its host's own
(``herotable serve --dominaria-data DIR`` or ``HEROTABLE_DOMINARIA_DATA``; never a client's
choice).

The pack is loaded and checked once, at start. Each new Dominaria game records the pack's
content hash in its config (``pack_digest``), so a game is only ever rebuilt with the very
content it was made with: a game whose pack this process does not serve (the host edited or
changed the pack, or another process of the same host serves another one) is refused with
:class:`PackNotServed`, never replayed with other cards.
"""

from __future__ import annotations

import functools
import os
from dataclasses import dataclass
from typing import Any

from herotable.core.errors import HerotableError
from herotable.dominaria.catalog import catalog_json
from herotable.dominaria.config import DominariaConfig
from herotable.dominaria.pack import Pack
from herotable.registry import game_info
from herotable.server.errors import Refusal
from herotable.server.refusals import ServerRefusal

DOMINARIA_DATA_VARIABLE = "HEROTABLE_DOMINARIA_DATA"
DOMINARIA = "dominaria"


class PackNotServed(Refusal):
    """The game was made with a data pack this server process does not play."""

    status = 409
    default_code = ServerRefusal.PACK_NOT_SERVED


def dominaria_data(given: str | None = None) -> str | None:
    """The command line's directory, else the environment's, else None (the shipped pack)."""
    return given or os.environ.get(DOMINARIA_DATA_VARIABLE) or None


@dataclass(frozen=True, eq=False)  # one per process, cached by identity
class ServedPack:
    """``directory``: the host's pack (None: the shipped one); ``pack``: it, as loaded."""

    directory: str | None
    pack: Pack

    @property
    def host(self) -> bool:
        return self.directory is not None

    def options(self, game: str) -> dict[str, Any]:
        """The server's own options for a new game of ``game``: which pack, and its hash."""
        if game != DOMINARIA:
            return {}
        return {"data": self.directory, "pack_digest": self.pack.digest}

    def config_for(self, game: str, config: Any) -> Any:
        """The stored ``config`` to rebuild a game of ``game`` from, pointed at the pack this
        process serves; :class:`PackNotServed` when the game was made with another. A game
        recorded before packs were recorded was made with the shipped pack."""
        if game != DOMINARIA or not isinstance(config, dict):
            return config  # a malformed config is the replay's to find
        recorded = config.get("pack_digest")
        if recorded is None and config.get("data") is None and not self.host:
            return config
        if recorded != self.pack.digest:
            raise PackNotServed(
                "this game was made with a Heroes of Dominaria data pack this server does not "
                "play now (its host changed the pack, or this process serves another one)")
        return {**config, "data": self.directory}

    def has_tutorial(self, game: str) -> bool:
        """Whether the server offers ``game``'s tutorial: the Dominaria one follows a deal
        of the shipped pack (its cards, places and tokens), so not with a host's own."""
        return not (self.host and game == DOMINARIA)

    def catalog(self, game: str) -> dict[str, Any]:
        """Game ``game``'s card catalogue: for Dominaria, the served pack's, saying whether it
        is the host's own."""
        if game == DOMINARIA:
            return _dominaria_catalog(self)
        return _catalog(game)


@functools.cache
def _dominaria_catalog(served: ServedPack) -> dict[str, Any]:
    return catalog_json(served.pack, host=served.host)


@functools.cache
def _catalog(game: str) -> dict[str, Any]:
    catalog = game_info(game).catalog
    assert catalog is not None
    return catalog()


class HostPackError(HerotableError):
    """The host's pack cannot be played: the server does not start."""


def served_pack(directory: str | None) -> ServedPack:
    """The pack in ``directory`` (None: the shipped one), loaded and checked now, through the
    same loader as the terminal's ``--data`` (so the game reads this very copy later)."""
    try:
        pack = DominariaConfig(data=directory).pack()
    except HerotableError as exc:
        raise HostPackError(f"the Heroes of Dominaria data pack in {directory} cannot be "
                            f"played: {exc}") from exc
    return ServedPack(directory, pack)
