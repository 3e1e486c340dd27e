"""The data pack's wider vocabulary: travel conditions (metric ``visited``: where your Heroes
have been) and an ability that is not about mana (kind ``reach``: discover or confront one
location further). Each is accepted by the loader, refused with a clear message when
malformed, and played by the engine."""

from __future__ import annotations

import pytest

from herotable.core.errors import DataError
from herotable.dominaria.config import DominariaConfig
from herotable.dominaria.pack import Requirement, load_pack
from herotable.dominaria.rules import ARRIVALS, counters, met, progress, reach, visited
from herotable.dominaria.state import PlayerState
from herotable.terminal.dominaria.render import ability_text, requirement_text
from tests.dominaria_helpers import edited_data, game_in_play, give, put_heroes, refused

VAULT = '{ metric = "hero_at", location = "koilos", at_least = 1 }'
SANDALS = 'ability = { kind = "moves", amount = 1 }'


def test_travel_conditions_are_accepted(tmp_path):
    travel = ('{ metric = "visited", at_least = 6 }, '
              '{ metric = "visited", colour = "U", at_least = 2 }, '
              '{ metric = "visited", location = "keld", at_least = 1 }')
    pack = load_pack(edited_data(tmp_path, "quests.toml", VAULT, travel))
    requires = pack.quests["vault_of_koilos"].requires
    assert requires[:3] == (Requirement("visited", 6), Requirement("visited", 2, colour="U"),
                            Requirement("visited", 1, location="keld"))


def test_travel_counted_since_a_quest_started_is_accepted(tmp_path):
    old = 'requires = [{ metric = "cabal", at_least = 2, since_start = true }]'
    new = 'requires = [{ metric = "visited", at_least = 3, since_start = true }]'
    pack = load_pack(edited_data(tmp_path, "quests.toml", old, new))
    assert Requirement("visited", 3, since_start=True) in (
        pack.quests["crusade_against_the_cabal"].requires)


def test_a_reach_ability_is_accepted(tmp_path):
    pack = load_pack(edited_data(tmp_path, "artifacts.toml", SANDALS,
                                 'ability = { kind = "reach", target = "discover" }'))
    ability = pack.artifacts["windstride_sandals"].ability
    assert (ability.kind, ability.target, ability.amount) == ("reach", "discover", 0)


MALFORMED = {
    "travel to more places than the map has": (
        "quests.toml", VAULT, '{ metric = "visited", at_least = 21 }',
        ["'vault_of_koilos'", "'at_least'", "from 1 to 20", "the map has 20 locations"]),
    "travel to more blue places than there are": (
        "quests.toml", VAULT, '{ metric = "visited", colour = "U", at_least = 5 }',
        ["'vault_of_koilos'", "'at_least'", "4 locations are U"]),
    "a named place counted twice": (
        "quests.toml", VAULT, '{ metric = "visited", location = "keld", at_least = 2 }',
        ["'vault_of_koilos'", "'at_least'", "must be 1", "keld is one location"]),
    "travel to an unknown place": (
        "quests.toml", VAULT, '{ metric = "visited", location = "atlantis", at_least = 1 }',
        ["'vault_of_koilos'", "'location'", "unknown location 'atlantis'"]),
    "a place and a colour together": (
        "quests.toml", VAULT,
        '{ metric = "visited", location = "keld", colour = "R", at_least = 1 }',
        ["'vault_of_koilos'", "'colour' and 'location'", "together"]),
    "a place on a metric that has none": (
        "quests.toml", VAULT, '{ metric = "heroes", location = "keld", at_least = 1 }',
        ["'vault_of_koilos'", "'location'", "hero_at, visited", "'heroes'"]),
    "travel since the start of a quest that is not started": (
        "quests.toml", VAULT, '{ metric = "visited", at_least = 2, since_start = true }',
        ["'vault_of_koilos'", "'since_start'", "needs_start"]),
    "reach without its target": (
        "artifacts.toml", SANDALS, 'ability = { kind = "reach" }',
        ["'windstride_sandals'", "'target' is missing", "reach"]),
    "reach of an ability that needs no token": (
        "artifacts.toml", SANDALS, 'ability = { kind = "reach", target = "recruit" }',
        ["'windstride_sandals'", "'target'", "'recruit'", "discover, confront"]),
    "reach with an amount": (
        "artifacts.toml", SANDALS,
        'ability = { kind = "reach", target = "confront", amount = 1 }',
        ["'windstride_sandals'", "'amount' is not used by a reach ability"]),
}


@pytest.mark.parametrize("name", list(MALFORMED))
def test_a_malformed_new_kind_is_refused_clearly(tmp_path, name):
    file, old, new, fragments = MALFORMED[name]
    with pytest.raises(DataError) as caught:
        load_pack(edited_data(tmp_path, file, old, new))
    message = str(caught.value)
    assert message.startswith(f"{tmp_path / 'data' / file}"), message
    for fragment in fragments:
        assert fragment in message, (fragment, message)


# --- the engine ---------------------------------------------------------------------------


def test_travel_counts_each_place_once_and_since_a_start():
    pack = DominariaConfig().pack()
    state = PlayerState("teferi", travels=["orvada", "urborg", "orvada", "keld", "hammerheim"])
    assert visited(state, pack, Requirement("visited", 1)) == 4
    assert visited(state, pack, Requirement("visited", 1, colour="R")) == 2
    assert visited(state, pack, Requirement("visited", 1, location="urborg")) == 1
    assert visited(state, pack, Requirement("visited", 1, location="tolaria")) == 0
    started = {ARRIVALS: 2}  # the quest was started after the first two arrivals
    since = Requirement("visited", 2, since_start=True)
    assert progress(state, pack, since, started) == 3  # orvada again, keld, hammerheim
    assert met(state, pack, (Requirement("visited", 3, since_start=True),), started)
    assert not met(state, pack, (Requirement("visited", 1, location="urborg",
                                             since_start=True),), started)
    assert counters(state)[ARRIVALS] == 5


def test_placing_recruiting_and_moving_are_travels():
    game = game_in_play(2)
    player = game.pending_players()[0]
    state = game.players[player]
    assert state.travels == state.heroes  # both starting Heroes were placed
    origin = state.heroes[0]
    target = sorted(game.pack.adjacency[origin])[0]
    game.apply(player, f"move {origin} {target}")
    assert state.travels[-1] == target
    give(game, player, "WWWWW")
    game.apply(player, "recruit bogardan")
    assert state.travels[-1] == "bogardan"
    assert game.clone().players[player].travels == state.travels
    assert type(state).from_json(state.to_json()).travels == state.travels


def test_a_reach_artifact_discovers_next_to_a_hero(tmp_path):
    data = edited_data(tmp_path, "artifacts.toml", SANDALS,
                       'ability = { kind = "reach", target = "discover" }')
    game = game_in_play(3, data=str(data))
    player = game.pending_players()[0]
    state = put_heroes(game, player, "orvada")
    neighbour = sorted(game.pack.adjacency["orvada"])[0]
    game.artifact_tokens[neighbour] = 1
    game.artifact_supply -= 1
    give(game, player, "UUUU")
    assert f"discover {neighbour}" not in {str(a) for a in game.legal_actions(player)}
    refused(game, player, f"discover {neighbour}", "no_hero")
    state.artifacts.append("windstride_sandals")
    assert reach(state, game.pack, "discover") == {"orvada", *game.pack.adjacency["orvada"]}
    assert reach(state, game.pack, "confront") == {"orvada"}
    assert f"discover {neighbour}" in {str(a) for a in game.legal_actions(player)}
    game.apply(player, f"discover {neighbour}")
    assert neighbour not in game.artifact_tokens and state.choice is not None


def test_the_terminal_words_the_new_kinds(tmp_path):
    data = edited_data(tmp_path, "artifacts.toml", SANDALS,
                       'ability = { kind = "reach", target = "confront" }')
    view = game_in_play(2, data=str(data)).view(0)
    keld = Requirement("visited", 1, location="keld")
    assert requirement_text(view, keld, "en") == "a Hero has been to Keld"
    assert requirement_text(view, Requirement("visited", 3, colour="G"), "en") == (
        "Heroes have been to 3 different green locations")
    assert requirement_text(view, Requirement("visited", 2, since_start=True), "ru") == (
        "Герои побывали в 2 разных локациях с начала квеста")
    assert ability_text(view, "windstride_sandals", "en") == (
        "Confront the Cabal: also on a location next to one of your Heroes.")


def test_the_view_counts_travel_progress_as_the_engine_does(tmp_path):
    old = 'requires = [{ metric = "cabal", at_least = 2, since_start = true }]'
    new = 'requires = [{ metric = "visited", at_least = 3, since_start = true }]'
    game = game_in_play(2, data=str(edited_data(tmp_path, "quests.toml", old, new)))
    player = game.pending_players()[0]
    state = game.players[player]
    state.started["crusade_against_the_cabal"] = counters(state)
    state.travels += ["keld", "shiv", "keld"]  # two new places since the quest started
    assert game.view(player).progress()["crusade_against_the_cabal"] == [
        {"value": 2, "at_least": 3}]
