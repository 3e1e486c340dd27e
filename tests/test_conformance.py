"""What every registered game promises through the public API, checked the same way for each.

Random legal games interleaved with junk (wrong types, malformed actions, the other game's
actions, text that is no notation, actions out of turn), mutated saved states, and the
contract's invariants: a refusal changes nothing, notation round-trips, the log replays to the
state, JSON round-trips, clones are independent, views hold no secret.
"""

from __future__ import annotations

import contextlib
import json
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import herotable
from herotable import HerotableError, SaveFileError
from herotable.cartographers.actions import Destroy, Draw, DrawMonster, PlaceHero
from herotable.core.game import ActionLog, Game
from herotable.core.rng import SeededRng
from herotable.dominaria.actions import DominariaAction

GAMES = [info.name for info in herotable.games()]
SETUPS: dict[str, list[dict[str, Any]]] = {
    "cartographers": [{"players": 1}, {"players": 3, "preset": "heroes+base"},
                      {"players": 2, "preset": "base", "hero_turns": False},
                      {"players": 2, "deck": ["lagoon", "pasture", "settlement", "temple_ruins",
                                              "timber_grove"], "preset": "heroes+base"}],
    "dominaria": [{"players": 2}, {"players": 4, "two_mana": True}],
}
JUNK: list[Any] = [
    None, 42, 3.5, "", "   ", "fly away", "draw", "draw lava A1", "hero Z9", "monster",
    "destroy A1 A2", "keep", "move", "end now", "collect", "recruit a b c", ["end"],
    Draw("forest", 0), Draw("forest", 1 << 121), Draw("lava", 1), Draw(7, 1),  # type: ignore[arg-type]
    Draw("forest", "A1"), PlaceHero(11, 0), PlaceHero(0, 0, 4),  # type: ignore[arg-type]
    PlaceHero("a", 0), DrawMonster(-5), Destroy(-1, 0), Destroy(0, 99),  # type: ignore[arg-type]
    DominariaAction("end"), DominariaAction("move", ("orvada", "urborg")),
    DominariaAction("keep", ("nothing",)),
]
SECRET_KEYS = {"deck", "rng", "seed", "log", "quest_deck", "artifact_deck", "discard", "owed",
               "ambush_deck", "hero_deck"}


def secrets_in(data: Any, path: str = "") -> list[str]:
    """Paths in a view's JSON where a secret field holds something (at any depth)."""
    found = []
    if isinstance(data, dict):
        for key, value in data.items():
            if key in SECRET_KEYS and value:
                found.append(f"{path}.{key}")
            found += secrets_in(value, f"{path}.{key}")
    elif isinstance(data, list):
        for index, value in enumerate(data):
            found += secrets_in(value, f"{path}[{index}]")
    return found


def play_some(game: Game[Any, Any, Any], rng: SeededRng, steps: int) -> None:
    for _ in range(steps):
        if game.is_over:
            return
        pending = game.pending_players()
        seat = pending[rng.below(len(pending))]
        legal = game.view(seat).legal
        game.apply(seat, legal[rng.below(len(legal))])


def games_of(name: str) -> list[tuple[str, dict[str, Any]]]:
    return [(name, options) for options in SETUPS[name]]


ALL_SETUPS = [pair for name in GAMES for pair in games_of(name)]


@pytest.mark.parametrize(("name", "options"), ALL_SETUPS)
@settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32 - 1), junk=st.lists(st.sampled_from(JUNK), min_size=5,
                                                     max_size=15))
def test_junk_between_legal_moves_is_refused_and_changes_nothing(
        name: str, options: dict[str, Any], seed: int, junk: list[Any]) -> None:
    game = herotable.new_game(name, seed=seed, **options)
    rng = SeededRng(seed)
    for item in junk:
        play_some(game, rng, 7)
        if game.is_over:
            break
        seat = rng.below(game.num_players + 2) - 1  # sometimes no such seat at all
        before = game.to_json()
        try:
            game.apply(seat, item)
        except HerotableError:
            assert game.to_json() == before
    if not game.is_over:
        # Text that parses but comes from the wrong seat is refused too.
        waiting = set(game.pending_players())
        idle = [p for p in range(game.num_players) if p not in waiting]
        if idle:
            action = game.legal_actions(min(waiting))[0]
            with pytest.raises(HerotableError):
                game.apply(idle[0], action)


def assert_shared_shape(game: Game[Any, Any, Any], view: dict[str, Any],
                        seat: int | None) -> None:
    """The fields every game's view JSON shares (docs/api.md, Views), with the game's values."""
    owes = seat is not None and not game.is_over and game.owes(seat)
    assert view["game"] == game.name and view["you"] == seat and view["over"] == game.is_over
    assert (view["decision"] is not None) == owes and (view["legal"] is not None) == owes
    if seat is not None and owes:
        assert view["decision"]["kind"]
        assert view["legal"]["count"] == len(game.legal_actions(seat))
    assert view["standings"] == [s.to_json() for s in game.standings()]
    assert view["winners"] == (game.winners() if game.is_over else [])


@pytest.mark.parametrize(("name", "options"), ALL_SETUPS)
def test_a_whole_game_keeps_the_contract(name: str, options: dict[str, Any]) -> None:
    game = herotable.new_game(name, seed=5, **options)
    rng = SeededRng(5)
    checked = 0
    while not game.is_over:
        for seat in game.pending_players():
            view = game.view(seat)
            assert view.legal, "a seat that owes a decision has a legal action"
            text = json.dumps(view.to_json())
            assert_shared_shape(game, view.to_json(), seat)
            assert secrets_in(view.to_json()) == []
            assert json.loads(text) == view.to_json()
            if checked % 7 == 0:
                for action in list(view.legal)[:30]:
                    assert game.parse_action(str(action)) == action
                before = game.to_json()
                twin = game.clone()
                twin.apply(seat, view.legal[0])
                play_some(twin, SeededRng(checked), 5)
                assert game.to_json() == before  # the clone shares nothing that changes
                twin_state = twin.to_json()
                game.clone().apply(seat, view.legal[-1])
                assert twin.to_json() == twin_state
                assert type(game).from_json(json.loads(json.dumps(game.to_json()))
                                            ).to_json() == game.to_json()
            checked += 1
        play_some(game, rng, 1)
    assert game.view(None).legal in (None, ())
    for seat in [None, *range(game.num_players)]:
        assert_shared_shape(game, game.view(seat).to_json(), seat)
    assert type(game).replay(game.log).to_json() == game.to_json()
    assert type(game).replay(ActionLog.from_json(json.loads(json.dumps(
        game.log.to_json())))).to_json() == game.to_json()
    returns = game.returns()
    assert len(returns) == game.num_players
    if game.num_players > 1:
        assert sum(returns) == pytest.approx(1.0)
    assert sorted(s.player for s in game.standings()) == list(range(game.num_players))


def test_dominaria_views_never_show_another_seats_hand() -> None:
    game = herotable.new_game("dominaria", seed=9, players=3)
    rng = SeededRng(9)
    while not game.is_over:
        full = game.to_json()
        for seat in range(3):
            text = json.dumps(game.view(seat).to_json())
            for other, board in enumerate(full["players"]):
                if other != seat:
                    assert all(f'"{quest}"' not in text for quest in board["hand"])
        play_some(game, rng, 5)


def mutations() -> st.SearchStrategy[tuple[str, Any]]:
    values = st.one_of(st.none(), st.integers(-3, 200), st.text(max_size=6),
                       st.lists(st.integers(-2, 9), max_size=3), st.booleans(),
                       st.dictionaries(st.text(max_size=3), st.integers(), max_size=2))
    return st.tuples(st.text(max_size=12), values)


@pytest.mark.parametrize("name", GAMES)
@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 1000), steps=st.integers(0, 60), change=mutations(),
       pick=st.integers(0, 10_000), delete=st.booleans())
def test_mutated_states_load_cleanly_or_are_refused(
        name: str, seed: int, steps: int, change: tuple[str, Any], pick: int,
        delete: bool) -> None:
    game = herotable.new_game(name, seed=seed, players=2)
    play_some(game, SeededRng(seed), steps)
    state = game.to_json()
    # Mutate one field: a top-level one, or one inside a player's board or a map.
    targets: list[dict[str, Any]] = [state]
    targets += state.get("players", []) + state.get("sheets", [])
    target = targets[pick % len(targets)]
    keys = sorted(target)
    key = keys[pick % len(keys)] if not change[0] else change[0]
    if delete:
        target.pop(key, None)
    else:
        target[key] = change[1]
    try:
        loaded = type(game).from_json(state)
    except SaveFileError:
        return
    # A state that loads must be usable through the whole public API without crashing, and
    # its legal moves must stay legal for the rest of the game.
    for seat in [None, *range(loaded.num_players)]:
        json.dumps(loaded.view(seat).to_json())
    for seat in loaded.pending_players():
        for action in loaded.legal_actions(seat)[:3]:
            with contextlib.suppress(HerotableError):
                loaded.clone().apply(seat, action)
    loaded.standings()
    play_some(loaded, SeededRng(pick), 80)


@pytest.mark.parametrize("junk", [None, 7, "x", [], {"game": "cartographers"}])
@pytest.mark.parametrize("name", GAMES)
def test_states_that_are_not_states_are_refused(name: str, junk: Any) -> None:
    with pytest.raises(SaveFileError):
        herotable.game_info(name).game_class.from_json(junk)


def test_a_state_of_one_game_is_refused_by_the_other() -> None:
    state = herotable.new_game("cartographers", seed=1).to_json()
    with pytest.raises(SaveFileError, match="cartographers"):
        herotable.game_info("dominaria").game_class.from_json(state)


def test_the_registry_lists_games_with_option_schemas() -> None:
    infos = {info.name: info.to_json() for info in herotable.games()}
    assert set(infos) == {"cartographers", "dominaria"}
    carto = {o["name"]: o for o in infos["cartographers"]["options"]}
    assert carto["preset"]["choices"] == ["heroes", "first_game", "base", "heroes+base"]
    assert carto["hero_turns"]["type"] == "bool"
    assert {o["name"] for o in infos["dominaria"]["options"]} >= {"players", "two_mana"}
    json.dumps(infos)


@pytest.mark.parametrize(("options", "message"), [
    ({"players": "2"}, "whole number"),
    ({"colour": "red"}, "no option 'colour'"),
    ({"preset": "nope"}, "must be one of"),
    ({"cards": "deepwood"}, "list of strings"),
    ({"players": 0}, "1 to 100 players"),
])
def test_new_game_refuses_bad_options_with_one_clear_error(options: dict[str, Any],
                                                           message: str) -> None:
    with pytest.raises(HerotableError, match=message):
        herotable.new_game("cartographers", **options)


def test_new_game_refuses_unknown_games_and_seeds() -> None:
    with pytest.raises(HerotableError, match="unknown game 'chess'"):
        herotable.new_game("chess")
    with pytest.raises(HerotableError, match="seed"):
        herotable.new_game("dominaria", seed="7")  # type: ignore[arg-type]


def test_hand_built_dominaria_actions_are_checked_on_creation() -> None:
    with pytest.raises(HerotableError, match="recruit takes 1"):
        DominariaAction("recruit", ("orvada", "caligo"))
    with pytest.raises(HerotableError, match="unknown action"):
        DominariaAction("fly")
    with pytest.raises(HerotableError, match="no payment"):
        DominariaAction("move", ("a", "b"), ("R",))
    with pytest.raises(HerotableError):
        DominariaAction("collect", ("a b",))
