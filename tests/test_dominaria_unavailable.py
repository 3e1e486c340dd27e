"""The view's ``unavailable``: why an action is not offered, in the engine's refusal codes,
given exactly where the legal list has no such action."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from herotable.dominaria.game import DominariaGame
from herotable.dominaria.refusals import DominariaRefusal
from herotable.dominaria.unavailable import AT_LOCATION
from herotable.messages import message
from tests.dominaria_helpers import empty_pool, game_in_play, give, put_heroes, refused
from tests.refusal_checks import CODES


def unavailable(game: DominariaGame, player: int) -> dict[str, Any]:
    found: dict[str, Any] = game.view(player).to_json()["unavailable"]
    return found


def reason_at(why: dict[str, Any], loc: str, kind: str) -> Any:
    """The reason ``kind`` is not offered at ``loc`` (None: it is), as a page reads it: the
    location's own, else the one most locations share, else the kind's everywhere."""
    here = why["at"].get(loc, {})
    own = here[kind] if kind in here else why["at_default"].get(kind)
    return own or why["kinds"].get(kind)


def code_of(reason: Any) -> str:
    return reason if isinstance(reason, str) else reason["code"]


def playing(seed: int = 1) -> tuple[DominariaGame, int]:
    game = game_in_play(2, seed=seed)
    return game, game.current


def test_a_cabal_token_blocks_collecting_there():
    game, me = playing()
    put_heroes(game, me, "urborg")
    game.map_mana["urborg"] = 2
    game.cabal_tokens["urborg"] = 1
    why = unavailable(game, me)
    assert reason_at(why, "urborg", "collect") == "cabal"
    refused(game, me, "collect urborg", "cabal")
    del game.cabal_tokens["urborg"]
    assert reason_at(unavailable(game, me), "urborg", "collect") is None


def test_too_little_mana_names_the_ability_and_its_cost():
    game, me = playing()
    empty_pool(game, me)
    give(game, me, "RRG")
    why = unavailable(game, me)
    assert why["kinds"]["manalith"] == {
        "code": "mana",
        "params": {"ability": {"terms": "dom.ability", "words": ["manalith"]},
                   "cost": {"terms": "dom.cost_part", "counts": {"generic": 4, "R": 1}}}}
    # Said in words, for a newcomer who does not read the notation yet.
    said = message("refusal.mana", why["kinds"]["manalith"]["params"], "en")
    assert said == "Build a Manalith costs 4 of any colour + 1 red, and you cannot pay it."
    assert "4 маны любого цвета + 1 красная" in message(
        "refusal.mana", why["kinds"]["manalith"]["params"], "ru")
    # The same reason holds at every location, so no location repeats it.
    assert all("manalith" not in found for found in why["at"].values())
    assert "leyline" not in why["kinds"]  # {2}{G}: paid


def test_no_hero_there_blocks_abilities_and_moving_from_it():
    game, me = playing()
    put_heroes(game, me, "orvada")
    give(game, me, "UUUU")
    game.artifact_tokens = {"keld": 1, "orvada": 1}
    why = unavailable(game, me)
    assert reason_at(why, "keld", "discover") == "no_hero"
    assert reason_at(why, "keld", "move") == "no_hero"
    assert reason_at(why, "orvada", "discover") is None
    refused(game, me, "discover keld", "no_hero")
    game.artifact_tokens = {"keld": 1}
    why = unavailable(game, me)
    assert why["kinds"]["discover"] == "no_artifact_near"
    assert reason_at(why, "orvada", "discover") == "no_artifact_token"


def test_a_collect_already_made_and_a_manalith_colour_already_built():
    game, me = playing()
    state = put_heroes(game, me, "hammerheim")
    state.collects_used = 1
    state.manaliths = ["hammerheim"]
    give(game, me, "RRRRR")
    why = unavailable(game, me)
    assert why["kinds"]["collect"] == "collected"
    assert reason_at(why, "hammerheim", "manalith") == {
        "code": "manalith_colour", "params": {"colour": {"terms": "dom.colour", "words": ["R"]}}}
    assert why["kinds"]["manalith"] == "manalith_colours"


def test_only_the_seat_on_its_turn_gets_reasons():
    game, me = playing()
    assert unavailable(game, 1 - me) == {}
    assert game.view(None).to_json()["unavailable"] == {}


def at_location(action: Any, loc: str) -> bool:
    return loc in action.args if action.verb == "leyline" else action.args[0] == loc


@pytest.mark.parametrize("seed", range(4))
def test_a_reason_is_given_exactly_where_no_legal_action_is(seed):
    game = game_in_play(2, seed=seed)
    rng = random.Random(seed)
    for _ in range(70):
        if game.is_over:
            break
        player = game.pending_players()[0]
        legal = game.legal_actions(player)
        why = unavailable(game, player)
        if why:
            check_reasons(game, legal, why)
        busy = [a for a in legal if a.verb != "end"]
        game.apply(player, rng.choice(busy if busy and rng.random() < 0.85 else legal))


def check_reasons(game: DominariaGame, legal: list, why: dict[str, Any]) -> None:
    for kind in ("move", "collect", "recruit", "discover", "confront", "manalith", "leyline"):
        assert any(a.verb == kind for a in legal) == (kind not in why["kinds"]), kind
        if kind not in AT_LOCATION:
            continue
        for loc in game.pack.locations:
            offered = any(a.verb == kind and at_location(a, loc) for a in legal)
            reason = reason_at(why, loc, kind)
            assert offered == (reason is None), (kind, loc, reason)
    offered_cards = {a.args[0] for a in legal if a.verb in ("use", "start", "complete", "claim")}
    state = game.players[game.current]
    cards = {*state.artifacts, *state.hand, *state.started, *game.pack.public_quests}
    assert offered_cards.isdisjoint(why["cards"])
    assert offered_cards | set(why["cards"]) == cards
    reasons = [*why["kinds"].values(), *why["cards"].values(), *why["at_default"].values(),
               *(r for found in why["at"].values() for r in found.values() if r is not None)]
    for reason in reasons:
        code = CODES[code_of(reason)]
        assert isinstance(code, DominariaRefusal)
        # Compact: a reason without params is its bare code.
        assert isinstance(reason, str) or reason["params"]
        # Reasons at a location or of a card leave out the location or the card's names,
        # which are their key.
        params = {} if isinstance(reason, str) else reason["params"]
        assert set(params) <= set(code.params) - {"location", "quest", "artifact"}


def test_the_reasons_stay_small():
    # Sent on every update: a reason most locations share is said once, not per location,
    # and a reason without params is its bare code.
    game, me = playing()
    why = unavailable(game, me)
    assert why["at_default"]["move"] == "no_hero"
    assert all(reason_at(why, hero, "move") is None for hero in game.players[me].heroes)
    assert len(json.dumps(why, separators=(",", ":"))) < 1500
