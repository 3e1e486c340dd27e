"""Save files: the state and its log, refused when truncated, edited or of another kind."""

import json

import pytest

import herotable
from herotable.cartographers.config import GameConfig
from herotable.cartographers.game import CartographersGame
from herotable.core.errors import SaveFileError
from herotable.core.saves import BotSeat, load_game, load_save, save_game

GAMES = {"cartographers": CartographersGame}


def half_played(seed: int = 3) -> CartographersGame:
    game = CartographersGame(GameConfig(players=2), seed=seed)
    for _ in range(12):
        for p in game.pending_players():
            game.apply(p, game.legal_actions(p)[-1])
    return game


def test_save_and_load_round_trip(tmp_path):
    game = half_played()
    path = tmp_path / "game.json"
    save_game(game, path)
    loaded = load_game(path, GAMES)
    assert loaded.to_json() == game.to_json()
    # The loaded game plays on exactly like the original.
    for g in (game, loaded):
        for p in g.pending_players():
            g.apply(p, g.legal_actions(p)[0])
    assert loaded.to_json() == game.to_json()


@pytest.mark.parametrize(
    ("mangle", "message"),
    [
        (lambda text: text[: len(text) // 2], "not valid JSON"),
        (lambda text: "[]", "not a herotable save"),
        (lambda text: text.replace('"version": 1', '"version": 9'), "save version 9"),
        (lambda text: text.replace('"game": "cartographers"', '"game": "chess"', 1),
         "unknown game"),
    ],
)
def test_broken_saves_are_refused(tmp_path, mangle, message):
    path = tmp_path / "game.json"
    save_game(half_played(), path)
    path.write_text(mangle(path.read_text()))
    with pytest.raises(SaveFileError, match=message):
        load_game(path, GAMES)


def test_state_that_disagrees_with_its_log_is_refused(tmp_path):
    path = tmp_path / "game.json"
    save_game(half_played(), path)
    document = json.loads(path.read_text())
    document["state"]["sheets"][0]["coins"] = 13
    path.write_text(json.dumps(document))
    with pytest.raises(SaveFileError, match="does not match its action log"):
        load_game(path, GAMES)


def test_missing_field_is_refused(tmp_path):
    path = tmp_path / "game.json"
    save_game(half_played(), path)
    document = json.loads(path.read_text())
    del document["state"]["deck"]
    path.write_text(json.dumps(document))
    with pytest.raises(SaveFileError, match="corrupt"):
        load_game(path, GAMES)


def test_missing_file(tmp_path):
    with pytest.raises(SaveFileError, match="cannot read"):
        load_game(tmp_path / "nothing.json", GAMES)


def test_a_dominaria_hero_track_that_disagrees_with_the_map_is_refused() -> None:
    # Found by the conformance test: Heroes missing from both track and map made a later
    # recruit read past the end of the track.
    game = herotable.new_game("dominaria", seed=52, players=2)
    state = game.to_json()
    state["players"][0]["heroes_on_track"] = 0
    with pytest.raises(SaveFileError, match="on its track, not 0"):
        type(game).from_json(state)


def test_bot_seats_round_trip_and_malformed_ones_are_refused(tmp_path):
    path = tmp_path / "game.json"
    game = half_played()
    save_game(game, path, {1: BotSeat("strong", 2.5)})
    saved = load_save(path, GAMES)
    assert saved.bots == {1: BotSeat("strong", 2.5)}
    assert saved.game.to_json() == game.to_json()
    document = json.loads(path.read_text())
    for bad in ([{"seat": 5, "kind": "strong"}], [{"seat": 0}], {"1": "strong"},
                [{"seat": 0, "kind": "greedy", "seconds": -1}]):
        document["bots"] = bad
        path.write_text(json.dumps(document))
        with pytest.raises(SaveFileError, match="corrupt"):
            load_save(path, GAMES)
