"""Shared test helpers: rigged decks and maps for small rulebook scenarios."""

from __future__ import annotations

from herotable.cartographers.config import GameConfig
from herotable.cartographers.game import CartographersGame
from herotable.cartographers.grid import bit, parse_cell
from herotable.cartographers.scoring import ScoreResult, score_card
from herotable.cartographers.sheet import MapSheet

FIRST_GAME = ("faunlost_thicket", "gnomish_colony", "ulems_wallow", "dwarvenholds")


def cells_mask(*names: str) -> int:
    mask = 0
    for name in names:
        mask |= bit(*parse_cell(name))
    return mask


# An 11x11 map with nothing drawn, in the notation of MapSheet.from_text.
BLANK = "\n".join(["..........."] * 11)


def whole(char: str, at: dict[str, str] | None = None) -> str:
    """A map full of ``char``, with single cells overridden: ``{"F6": "^"}``."""
    grid = [[char] * 11 for _ in range(11)]
    for name, value in (at or {}).items():
        grid["ABCDEFGHIJK".index(name[0])][int(name[1:]) - 1] = value
    return "\n".join("".join(row) for row in grid)


def score(card_id: str, text: str) -> ScoreResult:
    """``card_id``'s score on the map drawn in ``text``."""
    return score_card(card_id, MapSheet.from_text(text))


def rigged_game(
    deck: list[str],
    players: int = 1,
    maps: list[str] | None = None,
    **config: object,
) -> CartographersGame:
    """A game whose first season's deck is exactly ``deck`` (top first), on the given maps:
    the engine's scenario set-up, so the scenario reads like the rulebook's examples."""
    config.setdefault("scoring", FIRST_GAME)
    setup = GameConfig(players=players, deck=tuple(deck), maps=tuple(maps or ()),
                       **config)  # type: ignore[arg-type]
    return CartographersGame(setup, seed=1)


def first_legal(game: CartographersGame, player: int) -> None:
    game.apply(player, game.legal_actions(player)[0])
