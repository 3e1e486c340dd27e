"""A full game state consistent with one seat's view, and a cheap copy of it for search.

A bot only ever sees ``game.view(seat)``: its own hand and choice, the others' hand sizes, and
the deck sizes but never their order. To simulate anything it needs a complete
:class:`DominariaGame`, so the unknowns are *sampled*:

- quest cards not visible anywhere (not in our hand or choice, not started or accomplished
  by anyone) are shuffled and dealt to the other seats' hands and set-up choices, and the
  rest become the quest deck;
- the artifact deck is every artifact nobody holds, shuffled;
- the Dominaria deck is a random sample (of the shown size) of the cards other than the
  one revealed, the remainder being the discard pile. A card revealed earlier could be
  remembered, but which cards are gone matters little: only the next few reveals are ever
  simulated.

Nothing here reads hidden state, only the view dict: the game built is one *possible* world.
"""

from __future__ import annotations

import copy
from typing import Any

from herotable.core.game import ActionLog
from herotable.core.rng import SeededRng
from herotable.dominaria.config import DominariaConfig
from herotable.dominaria.game import ARTIFACT_TOKENS, CABAL_TOKENS, DominariaGame
from herotable.dominaria.state import PlayerState


def _placements(view: dict[str, Any]) -> list[int]:
    """Who still places starting Heroes: the engine's set-up order less those placed."""
    count = len(view["players"])
    order = [(view["first"] + i) % count for i in range(count)]
    if count == 2:
        order = [order[0], order[1], order[1], order[0]]
    if view["stage"] != "heroes":
        return []
    placed = sum(len(seat["heroes"]) for seat in view["players"])
    return order[placed:]


def build_game(view: dict[str, Any], rng: SeededRng) -> DominariaGame:
    """A complete game agreeing with ``view``; its hidden parts are sampled with ``rng``."""
    config = DominariaConfig.from_json(view["config"])
    pack = config.pack()
    me = view["you"]
    seats = view["players"]
    sizes = view["deck_sizes"]

    seen_quests: set[str] = set()
    for index, seat in enumerate(seats):
        seen_quests.update(seat["started"], (a for a in seat["accomplished"]
                                             if a in pack.quests))
        if index == me:
            seen_quests.update(seat["hand"])
            if seat["choice"] and seat["choice"]["kind"] in ("setup", "quest"):
                seen_quests.update(seat["choice"]["cards"])
    unseen = [q for q in pack.quests if q not in seen_quests]
    rng.shuffle(unseen)

    players: list[dict[str, Any]] = []
    for index, seat in enumerate(seats):
        data = {k: v for k, v in seat.items() if k not in ("hand_size", "name", "score")}
        if index != me:
            data["hand"] = [unseen.pop() for _ in range(seat["hand_size"])]
            shown = seat["choice"]
            # Only set-up choices can be pending at another seat when we are asked to act.
            data["choice"] = ({"kind": shown["kind"],
                               "cards": [unseen.pop() for _ in range(shown["count"])]}
                              if shown and shown["kind"] == "setup" else None)
        data["owed"] = []  # the view never shows what is still owed after the open choice
        players.append(data)
    quest_deck = unseen[: sizes["quests"]]

    held = {a for seat in seats for a in (*seat["artifacts"], *seat["accomplished"])}
    mine = seats[me]["choice"]
    if mine and mine["kind"] == "artifact":
        held.update(mine["cards"])
    artifact_deck = [a for a in pack.artifacts if a not in held]
    rng.shuffle(artifact_deck)

    cards = [c.id for c in pack.cards if c.id != view["revealed"]]
    rng.shuffle(cards)
    deck = cards[: sizes["dominaria"]]
    discard = cards[sizes["dominaria"]:] + ([view["revealed"]] if view["revealed"] else [])

    cabal_out = sum(view["cabal_tokens"].values()) + sum(s["cabal"] for s in seats)
    artifacts_out = sum(view["artifact_tokens"].values()) + sum(s["discovered"] for s in seats)
    data = {
        **{k: view[k] for k in ("config", "stage", "round", "current", "first", "revealed",
                                "map_mana", "cabal_tokens", "artifact_tokens", "supply",
                                "claims")},
        "seed": 0,
        "rng": rng.next_u64(),
        "players": players,
        "deck": deck,
        "discard": discard,
        "artifact_deck": artifact_deck[: sizes["artifacts"]],
        "quest_deck": quest_deck,
        "cabal_supply": max(0, CABAL_TOKENS - cabal_out),
        "artifact_supply": max(0, ARTIFACT_TOKENS - artifacts_out),
        "placements": _placements(view),
        "log": ActionLog("dominaria", view["config"], 0).to_json(),
    }
    return DominariaGame.from_json(data)


def _clone_player(state: PlayerState) -> PlayerState:
    new = copy.copy(state)
    new.heroes = list(state.heroes)
    new.manaliths = list(state.manaliths)
    new.leylines = list(state.leylines)
    new.pool = dict(state.pool)
    new.manalith_tokens = set(state.manalith_tokens)
    new.hand = list(state.hand)
    new.started = dict(state.started)  # the counters inside are replaced, never changed
    new.artifacts = list(state.artifacts)
    new.accomplished = list(state.accomplished)
    new.public = list(state.public)
    new.used_artifacts = set(state.used_artifacts)
    new.owed = list(state.owed)
    return new  # a Choice is replaced, never changed, so it may be shared


def clone(game: DominariaGame) -> DominariaGame:
    """A copy of a bot's own simulated game, several times cheaper than ``game.copy()``
    (which round-trips JSON and the whole log): search copies a game for every action it
    tries. The log and events start empty, since a simulation never replays them."""
    new = copy.copy(game)
    new.rng = SeededRng(game.rng.state)
    new.log = ActionLog(game.log.game, game.log.config, game.log.seed)
    new.events = []
    new.supply = dict(game.supply)
    new.map_mana = dict(game.map_mana)
    new.cabal_tokens = dict(game.cabal_tokens)
    new.artifact_tokens = dict(game.artifact_tokens)
    new.deck = list(game.deck)
    new.discard = list(game.discard)
    new.artifact_deck = list(game.artifact_deck)
    new.quest_deck = list(game.quest_deck)
    new.claims = {q: list(c) for q, c in game.claims.items()}
    new.players = [_clone_player(p) for p in game.players]
    new.placements = list(game.placements)
    return new
