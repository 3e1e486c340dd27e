"""Shared test helpers: rigged decks and maps for small rulebook scenarios."""

from __future__ import annotations

from herotable.cartographers.config import GameConfig
from herotable.cartographers.game import CartographersGame
from herotable.cartographers.grid import bit, parse_cell
from herotable.cartographers.sheet import MapSheet

FIRST_GAME = ("faunlost_thicket", "gnomish_colony", "ulems_wallow", "dwarvenholds")


def cells_mask(*names: str) -> int:
    mask = 0
    for name in names:
        mask |= bit(*parse_cell(name))
    return mask


def rigged_game(
    deck: list[str],
    players: int = 1,
    maps: list[str] | None = None,
    **config: object,
) -> CartographersGame:
    """A game whose explore deck is exactly ``deck`` (top first), on the given maps.

    The game is built normally, then its deck and maps are replaced before the first reveal,
    so the scenario reads like the rulebook's examples.
    """
    config.setdefault("scoring", FIRST_GAME)
    game = CartographersGame(GameConfig(players=players, **config), seed=1)  # type: ignore[arg-type]
    game.deck = list(deck)
    game.revealed = []
    game.pending = {}
    game.events = []
    game.ambushes_in_play = []
    if maps is not None:
        game.sheets = [MapSheet.from_text(m) for m in maps]
    game.stage = "reveal"
    game._advance()
    return game


def first_legal(game: CartographersGame, player: int) -> None:
    game.apply(player, game.legal_actions(player)[0])
