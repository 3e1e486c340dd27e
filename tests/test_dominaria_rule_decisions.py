"""Heroes of Dominaria rule decisions read from the rulebook's own words
(docs/rules-decisions.md): a short supply in the mana phase, public quests taken by
themselves, the two-player set-up, turn order's head start, and artifacts that would give
nothing."""

from __future__ import annotations

from pathlib import Path

import pytest

from herotable.core.errors import NotationError, SaveFileError
from herotable.dominaria.actions import parse_action
from herotable.dominaria.config import DominariaConfig
from herotable.dominaria.game import DominariaGame
from herotable.dominaria.rules import moves_allowed
from herotable.messages import say
from herotable.terminal.dominaria.render import colour_name, event_texts
from tests.dominaria_helpers import (
    DATA,
    edited_data,
    empty_pool,
    game_in_play,
    give,
    put_heroes,
    refused,
)


def current(game: DominariaGame) -> int:
    return game.pending_players()[0]


def on_top(game: DominariaGame, card_id: str) -> None:
    """The next turn reveals ``card_id``."""
    if card_id in game.deck:
        game.deck.remove(card_id)
    game.deck.insert(0, card_id)


# ---------------------------------------------------------------- a short supply


def test_a_short_supply_feeds_cabal_free_then_emptiest_locations_then_map_order():
    game = game_in_play(2)
    player = current(game)
    empty_pool(game, player)
    red = [loc.id for loc in game.pack.locations.values() if loc.colour == "R"]
    assert len(red) == 4
    blocked, fuller, first, last = red
    # A Cabal token on the first red location; one more token on the second than elsewhere.
    game.cabal_tokens[blocked] = game.cabal_tokens.get(blocked, 0) + 1
    game.cabal_supply -= 1
    for loc in red:
        game.supply["R"] += game.map_mana[loc]
        game.map_mana[loc] = 0
    game.map_mana[fuller] = 1
    game.supply["R"] -= 1
    give(game, player, "R" * (game.supply["R"] - 2))  # two tokens for four locations
    assert game.mana_total() == 120
    card = next(c for c in game.pack.cards if c.mana == ("R",) and c.token != "cabal")
    on_top(game, card.id)
    before = dict(game.map_mana)
    events = game.apply(player, "end")
    # The two Cabal-free locations holding no token get them, in map order among equals.
    got = {loc: game.map_mana[loc] - before[loc] for loc in red}
    assert got == {blocked: 0, fuller: 0, first: 1, last: 1}
    assert game.supply["R"] == 0 and game.mana_total() == 120
    shortage = [e for e in events if e["type"] == "shortage"]
    assert shortage == [{"type": "shortage", "colour": "R", "missed": 2}]
    kinds = [e["type"] for e in events]
    assert kinds.index("dominaria") < kinds.index("shortage")  # said after the card


def test_with_one_token_left_the_fewest_tokens_win_over_map_order():
    game = game_in_play(2)
    player = current(game)
    empty_pool(game, player)
    red = [loc.id for loc in game.pack.locations.values() if loc.colour == "R"]
    for loc in red:  # every red location is Cabal-free and holds one token but the last
        game.supply["R"] += game.map_mana[loc] - 1
        game.map_mana[loc] = 1
        game.cabal_supply += game.cabal_tokens.pop(loc, 0)
    game.map_mana[red[-1]] = 0
    game.supply["R"] += 1
    give(game, player, "R" * (game.supply["R"] - 1))
    card = next(c for c in game.pack.cards if c.mana == ("R",) and c.token != "cabal")
    on_top(game, card.id)
    events = game.apply(player, "end")
    assert [game.map_mana[loc] for loc in red] == [1, 1, 1, 1]
    assert {"type": "shortage", "colour": "R", "missed": 3} in events


# ---------------------------------------------------------------- public quests


def test_a_public_tile_is_taken_the_moment_the_action_that_fulfils_it_ends():
    game = game_in_play(2)
    player = current(game)
    empty_pool(game, player)
    state = game.players[player]
    target = "urborg"
    put_heroes(game, player, target)
    game.cabal_tokens[target] = game.cabal_tokens.get(target, 0) + 1
    game.cabal_supply -= 1
    scourge = game.pack.public_quests["scourge_of_the_cabal"]
    state.cabal = scourge.requires[0].at_least - 1  # one short of Scourge of the Cabal
    give(game, player, "BBB")
    assert not any(a.verb == "claim" for a in game.legal_actions(player))
    events = game.apply(player, f"confront {target}")
    taken = [e for e in events if e["type"] == "claim"]
    assert taken == [{"type": "claim", "player": player, "quest": "scourge_of_the_cabal",
                      "vp": 10}]
    assert game.claims["scourge_of_the_cabal"] == [player]
    assert state.public == [("scourge_of_the_cabal", 10)]
    # Nothing is taken twice: the next actions give no second tile.
    later = [*game.apply(player, game.legal_actions(player)[0]), *game.apply(player, "end")]
    assert not [e for e in later if e["type"] == "claim"]


def test_manalith_tokens_back_at_the_end_of_the_turn_can_fulfil_a_public_quest():
    game = game_in_play(2)
    player = current(game)
    empty_pool(game, player)
    state = game.players[player]
    red = next(loc.id for loc in game.pack.locations.values() if loc.colour == "R")
    state.manaliths = [red]
    masters = game.pack.public_quests["masters_of_mana"]
    need = next(r.at_least for r in masters.requires if r.metric == "mana")
    # One short, in four colours: the red Manalith token makes all five and enough.
    give(game, player, "WUB" + "G" * (need - 4))
    events = game.apply(player, "end")
    kinds = [e["type"] for e in events]
    claim = events[kinds.index("claim")]
    assert claim == {"type": "claim", "player": player, "quest": "masters_of_mana", "vp": 10}
    # Still the player's own turn: the tile is taken before the next card is revealed.
    assert kinds.index("claim") < kinds.index("dominaria")


def test_the_second_player_to_fulfil_takes_the_other_tile_and_nobody_takes_both():
    game = game_in_play(3)
    first = current(game)
    scourge = game.pack.public_quests["scourge_of_the_cabal"]
    need = scourge.requires[0].at_least
    game.players[first].cabal = need  # as a saved state may hold it: taken at the next action
    events = game.apply(first, "end")
    assert {"type": "claim", "player": first, "quest": "scourge_of_the_cabal",
            "vp": 10} in events
    second = current(game)
    game.players[second].cabal = need
    other = (second + 1) % 3
    game.players[other].cabal = need
    # Both fulfil it when the second player acts: the actor first, so it takes the second tile.
    events = game.apply(second, "end")
    claims = [e for e in events if e["type"] == "claim"]
    assert claims == [{"type": "claim", "player": second, "quest": "scourge_of_the_cabal",
                       "vp": scourge.tiles[1]}]
    assert game.claims["scourge_of_the_cabal"] == [first, second]
    assert [q for q, _ in game.players[first].public].count("scourge_of_the_cabal") == 1
    assert game.players[other].public == []


def test_a_loaded_state_gives_an_untaken_tile_another_seat_fulfils_at_the_next_action():
    # Once every seat has been checked the engine checks only the actor, whose board alone an
    # action changes; a save may hold a board that fulfils a quest nobody has checked yet.
    game = game_in_play(2)
    actor = current(game)
    other = 1 - actor
    saved = game.to_json()
    saved["players"][other]["cabal"] = game.pack.public_quests[
        "scourge_of_the_cabal"].requires[0].at_least
    loaded = DominariaGame.from_json(saved)
    events = loaded.apply(actor, "end")
    assert {"type": "claim", "player": other, "quest": "scourge_of_the_cabal",
            "vp": 10} in events
    assert loaded.claims["scourge_of_the_cabal"] == [other]


def test_claim_is_no_longer_an_action_and_an_old_log_says_why():
    with pytest.raises(NotationError, match="taken by itself"):
        parse_action("claim masters_of_mana")
    game = game_in_play(2)
    log = game.log.to_json()
    log["actions"].append([current(game), "claim masters_of_mana"])
    with pytest.raises(SaveFileError, match="taken by itself"):
        DominariaGame.replay(log)
    # A state saved with claims in its log still loads: the state is read, not replayed.
    saved = game.to_json()
    saved["log"] = log
    assert DominariaGame.from_json(saved).claims == game.claims


# ---------------------------------------------------------------- two-player set-up


def test_two_players_have_three_moves_with_their_two_starting_heroes():
    game = game_in_play(2)
    for state in game.players:
        assert len(state.heroes) == 2 and state.heroes_on_track == 2
        # 1 + the symbol the second Hero uncovers + the rulebook's extra move (Brian's 3).
        assert moves_allowed(state, game.pack) == 3
    for players in (3, 4):
        assert {moves_allowed(s, game.pack) for s in game_in_play(players).players} == {1}


def test_a_two_player_save_from_before_the_extra_move_gets_it_when_loaded():
    saved = game_in_play(2).to_json()
    for board in saved["players"]:
        del board["setup_moves"]
    loaded = DominariaGame.from_json(saved)
    assert [moves_allowed(s, loaded.pack) for s in loaded.players] == [3, 3]


def test_the_first_player_is_drawn_after_the_quests_are_kept():
    game = DominariaGame(DominariaConfig(players=3), seed=5)
    assert game.first is None and game.view(0).first is None
    for player in range(3):
        game.apply(player, game.legal_actions(player)[0])
        if player < 2:
            assert game.first is None
    assert game.first is not None and game.stage == "heroes"
    assert game.pending_players() == [game.first] and game.current == game.first
    # A state saved while the quests are kept loads, and draws the first player later.
    fresh = DominariaGame(DominariaConfig(players=3), seed=5)
    assert DominariaGame.from_json(fresh.to_json()).first is None


# ---------------------------------------------------------------- turn order


def draw_first(players: int, seed: int, data: Path | None = None) -> tuple[DominariaGame, list]:
    """A game just past the quests' keep, where the first player is drawn; its events."""
    game = DominariaGame(DominariaConfig(players=players, data=str(data) if data else None),
                         seed)
    events: list = []
    while game.first is None:
        player = game.pending_players()[0]
        events += game.apply(player, game.legal_actions(player)[0])
    return game, events


@pytest.mark.parametrize("players", [2, 3, 4])
def test_each_seat_receives_the_packs_vp_for_its_place_in_turn_order(players):
    turn_order = DominariaConfig(players=players).pack().boards.turn_order
    wanted = turn_order.vp[players - 2]
    # The designed pack makes up for playing early: the first seat most, the last nothing.
    assert wanted[0] > 0 and wanted[-1] == 0 and list(wanted) == sorted(wanted, reverse=True)
    for seed in (1, 2, 3):
        game, events = draw_first(players, seed)
        got = [game.players[(game.first + place) % players].head_start
               for place in range(players)]
        assert got == list(wanted)
        for seat, parts in enumerate(game.scores()):
            assert parts["turn_order"] == game.players[seat].head_start
            assert parts["total"] == sum(v for k, v in parts.items() if k != "total")
        announced = [(e["player"], e["vp"], e["place"]) for e in events
                     if e["type"] == "head_start"]
        assert announced == [((game.first + place) % players, vp, place + 1)
                             for place, vp in enumerate(wanted)]  # every place, none too


def test_the_rulebooks_game_without_the_table_gives_nothing(tmp_path):
    text = (DATA / "boards.toml").read_text("utf-8")
    start = text.index("[turn_order]")
    end = text.index("[[planeswalker]]")
    data = edited_data(tmp_path, "boards.toml", text[start:end], "")
    game, events = draw_first(4, 1, data)
    assert all(state.head_start == 0 for state in game.players)
    assert {parts["turn_order"] for parts in game.scores()} == {0}
    # The places are still announced (who plays when), with nothing for them.
    assert [(e["vp"], e["place"]) for e in events if e["type"] == "head_start"] == [
        (0, place) for place in (1, 2, 3, 4)]
    assert "boards.toml: turn_order" not in game.pack.designed_records()


def test_a_save_keeps_the_head_start_and_refuses_a_wrong_one():
    game = game_in_play(4, seed=2)
    loaded = DominariaGame.from_json(game.to_json())
    assert [s.head_start for s in loaded.players] == [s.head_start for s in game.players]
    saved = game.to_json()
    saved["players"][game.first]["head_start"] += 1
    with pytest.raises(SaveFileError, match="turn order"):
        DominariaGame.from_json(saved)
    # Nothing is owed before the first player is drawn.
    fresh = DominariaGame(DominariaConfig(players=4), seed=2).to_json()
    fresh["players"][0]["head_start"] = 3
    with pytest.raises(SaveFileError, match="turn order"):
        DominariaGame.from_json(fresh)


def test_the_terminal_words_a_head_start_in_every_language():
    game, events = draw_first(3, 1)
    for head in [e for e in events if e["type"] == "head_start"]:
        for language in ("en", "ru", "fr", "pl"):
            [line] = event_texts(game.view(0), [head], language=language)
            assert str(head["vp"]) in line.plain and str(head["place"]) in line.plain


# ---------------------------------------------------------------- artifacts giving nothing


@pytest.mark.parametrize(("artifact", "empty"), [
    ("map_of_lost_vaults", "artifact_deck"),
    ("oracles_lens", "quest_deck"),
    ("ember_lantern", "supply"),
])
def test_an_artifact_that_would_give_nothing_is_not_offered_and_says_why(artifact, empty):
    game = game_in_play(2)
    player = current(game)
    state = game.players[player]
    state.artifacts.append(artifact)
    game.artifact_deck = [a for a in game.artifact_deck if a != artifact]
    assert any(a.verb == "use" and a.args == (artifact,) for a in game.legal_actions(player))
    if empty == "supply":
        give(game, player, "R" * game.supply["R"])
    else:
        setattr(game, empty, [])
    assert not any(a.verb == "use" and a.args == (artifact,)
                   for a in game.legal_actions(player))
    refused(game, player, f"use {artifact}", "gives_nothing")
    why = game.view(player).to_json()["unavailable"]["cards"][artifact]
    assert why == "gives_nothing"


def test_the_terminal_says_a_shortage_in_every_language():
    game = game_in_play(2)
    event = {"type": "shortage", "colour": "R", "missed": 2}
    for language in ("en", "ru", "fr", "pl"):
        [line] = event_texts(game.view(0), [event], language=language)
        assert line.plain == say(language, "dom.shortage.event", count=2,
                                 colour=colour_name("R", language))
    assert event_texts(game.view(0), [event])[0].plain == (
        "The supply ran out of red mana: 2 locations got no token.")
