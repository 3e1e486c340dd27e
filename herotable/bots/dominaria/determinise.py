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

Nothing here reads hidden state, only the view: the game built is one *possible* world.
"""

from __future__ import annotations

from typing import Any

from herotable.bots.base import BotError
from herotable.core.game import ActionLog
from herotable.core.rng import SeededRng
from herotable.dominaria.game import DominariaGame, hero_placement_order
from herotable.dominaria.pack import ARTIFACT_TOKENS, CABAL_TOKENS
from herotable.dominaria.view import DominariaView


def _placements(view: dict[str, Any]) -> list[int]:
    """Who still places starting Heroes: the engine's set-up order less those placed."""
    order = hero_placement_order(view["first"], len(view["players"]))
    if view["stage"] != "heroes":
        return []
    placed = sum(len(seat["heroes"]) for seat in view["players"])
    return order[placed:]


def seat_of(view: object) -> int:
    """The seat a view belongs to; a view of another game or a spectator's is refused."""
    if not isinstance(view, DominariaView):
        raise BotError("this bot plays Heroes of Dominaria; the view is of another game")
    if view.you is None:
        raise BotError("the view does not say which seat it belongs to")
    return view.you


def build_game(seat_view: DominariaView, rng: SeededRng) -> DominariaGame:
    """A complete game agreeing with ``seat_view``; its hidden parts are sampled with
    ``rng``."""
    config = seat_view.config
    view = seat_view.to_json()
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
        data["hand"] = seat.get("hand", [])
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
        "game": "dominaria",
        "config": config.to_json(),
        **{k: view[k] for k in ("stage", "round", "current", "first", "revealed",
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
        "log": ActionLog("dominaria", config.to_json(), 0).to_json(),
    }
    return DominariaGame.from_json(data)
