"""Every artifact ability kind of the data pack, played through the engine: what each artifact
in play (or used) does to its owner's turn, costs, pool, cards and score."""

from __future__ import annotations

import pytest

from herotable.dominaria.game import DominariaGame
from herotable.dominaria.pack import ABILITY_COSTS, PLANESWALKER_ABILITIES, Artifact, load_pack
from herotable.dominaria.rules import score
from tests.dominaria_helpers import empty_pool, game_in_play, give, put_heroes, refused

PACK = load_pack()


def of_kind(kind: str) -> list[Artifact]:
    return [a for a in PACK.artifacts.values() if a.ability.kind == kind]


def with_artifact(artifact: Artifact) -> tuple[DominariaGame, int]:
    """A game in play whose seat to act holds ``artifact`` in play and an empty pool."""
    game = game_in_play()
    player = game.pending_players()[0]
    game.players[player].artifacts.append(artifact.id)
    empty_pool(game, player)
    return game, player


def verbs(game: DominariaGame, player: int) -> list[str]:
    return [a.verb for a in game.legal_actions(player)]


def linked_pair() -> tuple[str, str]:
    link = PACK.links[0]
    return link.a, link.b


# ---------------------------------------------------------------------- none


@pytest.mark.parametrize("artifact", of_kind("none"), ids=lambda a: a.id)
def test_an_artifact_without_ability_only_scores(artifact: Artifact) -> None:
    game, player = with_artifact(artifact)
    before = score(game.players[player], PACK)
    assert "use" not in verbs(game, player)
    refused(game, player, f"use {artifact.id}", "passive")
    game.players[player].artifacts.remove(artifact.id)
    without = score(game.players[player], PACK)
    assert before["artifacts"] - without["artifacts"] == artifact.vp


# ---------------------------------------------------------------------- discount


def ready_for(game: DominariaGame, player: int, ability: str) -> None:
    """Pieces on the map so that ``ability`` has a legal target (mana aside)."""
    a, b = linked_pair()
    put_heroes(game, player, a, b)
    game.players[player].manaliths.clear()
    if ability == "discover":
        game.artifact_tokens[a] = 1
    if ability == "confront":
        game.cabal_tokens[a] = 1
        game.cabal_cards[a] = [game.pack.cards[0].id]


@pytest.mark.parametrize("artifact", of_kind("discount"), ids=lambda a: a.id)
def test_a_discount_lowers_its_ability_cost_so_less_mana_pays_it(artifact: Artifact) -> None:
    target = artifact.ability.target
    assert target in PLANESWALKER_ABILITIES
    colour, generic = ABILITY_COSTS[target]
    cheaper = max(0, generic - artifact.ability.amount)
    for holds in (False, True):
        game, player = with_artifact(artifact)
        if not holds:
            game.players[player].artifacts.remove(artifact.id)
        ready_for(game, player, target)
        other = next(c for c in "WUBRG" if c != colour)
        give(game, player, colour + other * cheaper)  # what the discounted cost asks
        cost = game.view(player).ability_costs()[target]
        assert cost["generic"] == (cheaper if holds else generic)
        offered = [a for a in game.legal_actions(player) if a.verb == target]
        assert bool(offered) == holds, target
        if holds:
            game.apply(player, offered[0])
            assert game.players[player].mana_total() == 0  # it took exactly that


# ---------------------------------------------------------------------- moves


@pytest.mark.parametrize("artifact", of_kind("moves"), ids=lambda a: a.id)
def test_extra_moves_every_turn(artifact: Artifact) -> None:
    counted = []
    for holds in (False, True):
        game, player = with_artifact(artifact)
        if not holds:
            game.players[player].artifacts.remove(artifact.id)
        put_heroes(game, player, linked_pair()[0])
        moves = 0
        while "move" in verbs(game, player):
            game.apply(player, next(a for a in game.legal_actions(player) if a.verb == "move"))
            moves += 1
        counted.append(moves)
    assert counted[1] == counted[0] + artifact.ability.amount


# ---------------------------------------------------------------------- collect


@pytest.mark.parametrize("artifact", of_kind("collect"), ids=lambda a: a.id)
def test_extra_collects_every_turn(artifact: Artifact) -> None:
    counted = []
    for holds in (False, True):
        game, player = with_artifact(artifact)
        if not holds:
            game.players[player].artifacts.remove(artifact.id)
        places = [loc for loc in PACK.locations if not game.cabal_tokens.get(loc)][:4]
        for loc in places:
            game.map_mana[loc] = max(game.map_mana[loc], 1)
        put_heroes(game, player, *places)
        collects = 0
        while "collect" in verbs(game, player):
            game.apply(player, next(a for a in game.legal_actions(player)
                                    if a.verb == "collect"))
            collects += 1
        counted.append(collects)
        assert game.players[player].mana_total() > 0
    assert counted == [1, 1 + artifact.ability.amount]


# ---------------------------------------------------------------------- turn


@pytest.mark.parametrize("artifact", of_kind("turn"), ids=lambda a: a.id)
def test_a_once_a_turn_ability_gives_its_effects_once_each_turn(artifact: Artifact) -> None:
    game, player = with_artifact(artifact)
    (effect,) = artifact.ability.effects
    assert effect.effect == "mana" and effect.colour
    game.apply(player, f"use {artifact.id}")
    assert game.players[player].pool[effect.colour] == effect.amount
    assert artifact.id in game.players[player].artifacts  # it stays in play
    refused(game, player, f"use {artifact.id}", "used")
    while game.pending_players() != [player] or "use" not in verbs(game, player):
        seat = game.pending_players()[0]  # every seat ends its turn
        game.apply(seat, next(a for a in game.legal_actions(seat) if a.verb == "end"))
    game.apply(player, f"use {artifact.id}")  # its next turn: once more
    assert game.players[player].pool[effect.colour] == 2 * effect.amount


# ---------------------------------------------------------------------- once


@pytest.mark.parametrize("artifact", of_kind("once"), ids=lambda a: a.id)
def test_counting_an_artifact_gives_its_effects_and_keeps_its_vp(artifact: Artifact) -> None:
    game, player = with_artifact(artifact)
    state = game.players[player]
    total = score(state, PACK)["total"]
    extra_moves = state.extra_moves
    game.apply(player, f"use {artifact.id}")
    assert artifact.id not in state.artifacts and artifact.id in state.accomplished
    assert score(state, PACK)["total"] == total  # its VP moved to the accomplishments
    for effect in artifact.ability.effects:
        if effect.effect == "mana":
            assert effect.colour is not None
            assert state.pool[effect.colour] == effect.amount
        elif effect.effect == "moves":
            assert state.extra_moves == extra_moves + effect.amount
        else:  # a new quest or artifact: look at two, keep one
            assert state.choice is not None and state.choice.kind == effect.effect
            assert len(state.choice.cards) == 2
            game.apply(player, game.legal_actions(player)[0])  # kept: the turn goes on
    refused(game, player, f"use {artifact.id}", "no_artifact")


def test_every_ability_kind_of_the_pack_is_tested() -> None:
    tested = {"none", "discount", "moves", "collect", "turn", "once"}
    assert {a.ability.kind for a in PACK.artifacts.values()} <= tested
