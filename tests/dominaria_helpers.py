"""Helpers for Heroes of Dominaria rule tests: games past set-up, rigged pools and maps,
edited copies of the data pack."""

from __future__ import annotations

import shutil
from importlib import resources
from pathlib import Path

from herotable.dominaria.config import DominariaConfig
from herotable.dominaria.game import DominariaGame
from herotable.dominaria.state import PlayerState
from tests.refusal_checks import check_declared

DATA = Path(str(resources.files("herotable.dominaria").joinpath("data")))


def edited_data(tmp_path: Path, file: str, old: str, new: str) -> Path:
    """A copy of the shipped data pack with ``old`` (which must occur once in ``file``)
    replaced by ``new``; the directory to load it from."""
    directory = tmp_path / "data"
    shutil.copytree(DATA, directory)
    path = directory / file
    text = path.read_text("utf-8")
    assert text.count(old) == 1, f"{old!r} should occur once in {file}"
    path.write_text(text.replace(old, new), "utf-8")
    return directory


def game_in_play(players: int = 2, seed: int = 1, **config: object) -> DominariaGame:
    """A game whose set-up is done by always taking the first legal choice."""
    game = DominariaGame(DominariaConfig(players=players, **config), seed)  # type: ignore[arg-type]
    while game.stage != "play":
        player = game.pending_players()[0]
        game.apply(player, game.legal_actions(player)[0])
    return game


def give(game: DominariaGame, player: int, colours: str) -> None:
    """Move mana tokens from the supply to a player's pool, keeping the 120 tokens whole."""
    state = game.players[player]
    for colour in colours:
        game.supply[colour] -= 1
        state.pool[colour] += 1


def empty_pool(game: DominariaGame, player: int) -> None:
    state = game.players[player]
    for colour, count in state.pool.items():
        game.supply[colour] += count
        state.pool[colour] = 0
    state.manalith_tokens.clear()


def put_heroes(game: DominariaGame, player: int, *locations: str) -> PlayerState:
    """Stand the player's Heroes on these locations (the rest stay on the track)."""
    state = game.players[player]
    state.heroes = list(locations)
    state.heroes_on_track = 4 - len(locations)
    return state


def refused(game: DominariaGame, player: int, action: str, code: str) -> str:
    """Apply an action that must be refused with ``code``; the state must not change."""
    import pytest

    from herotable.core.errors import IllegalAction

    before = game.to_json()
    with pytest.raises(IllegalAction) as info:
        game.apply(player, action)
    assert info.value.code == code, str(info.value)
    check_declared(info.value)
    assert game.to_json() == before
    return str(info.value)
