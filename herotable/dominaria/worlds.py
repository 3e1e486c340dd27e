"""A possible world: a whole game one seat cannot tell from the real one, built from its view.

A seat sees its own hand and choice, the others' hand sizes and choice kinds, and the deck
sizes but never their order. A search (a bot's rollouts, OpenSpiel's ISMCTS resampler) needs
a complete :class:`DominariaGame`, so :func:`sample_world` draws the unknowns from what the
seat has not seen:

- quest cards seen nowhere (not in the seat's hand or choice, not started or accomplished by
  anyone) are shuffled and dealt to the other seats' hands and quest choices, and the rest
  become the quest deck;
- artifacts nobody holds are shuffled, dealt to the other seats' artifact choices, and the
  rest become the artifact deck;
- the face-up discard pile is the view's (``reveals``, in its order), and the Dominaria deck
  is the other cards, shuffled.

The world is dealt like any game and then given the view's board, all in the engine's own
types, and checked as a loaded save is, so it can never hold a state the rules refuse.
"""

from __future__ import annotations

from herotable.core.errors import HerotableError
from herotable.core.rng import SeededRng
from herotable.dominaria.game import DominariaGame, hero_placement_order
from herotable.dominaria.pack import ARTIFACT_TOKENS, CABAL_TOKENS
from herotable.dominaria.refusals import DominariaRefusal
from herotable.dominaria.state import Choice
from herotable.dominaria.view import DominariaView

QUEST_CHOICES = ("setup", "quest")  # the choices dealt from the quest deck


def sample_world(view: DominariaView, rng: SeededRng) -> DominariaGame:
    """A complete game that shows seat ``view.you`` exactly ``view`` (same board, same legal
    actions); its hidden parts are drawn with ``rng`` from the cards the seat has not seen,
    so the same ``rng`` state gives the same world. A spectator's view (no seat) is refused:
    a world is sampled for a seat."""
    me = view.you
    if me is None:
        raise HerotableError("a possible world is sampled from a seat's view, not a "
                             "spectator's", DominariaRefusal.SEAT_VIEW_NEEDED)
    pack = view.pack
    boards = [seat.board.clone() for seat in view.players]
    own = boards[me]

    seen_quests = {*own.hand, *(own.choice.cards if own.choice
                                and own.choice.kind in QUEST_CHOICES else ())}
    held_artifacts = set(own.choice.cards if own.choice and own.choice.kind == "artifact"
                         else ())
    for board in boards:
        seen_quests.update(board.started)
        seen_quests.update(a for a in board.accomplished if a in pack.quests)
        held_artifacts.update(board.artifacts)
        held_artifacts.update(a for a in board.accomplished if a in pack.artifacts)
    quests = [q for q in pack.quests if q not in seen_quests]
    artifacts = [a for a in pack.artifacts if a not in held_artifacts]
    rng.shuffle(quests)
    rng.shuffle(artifacts)

    for index, (seat, board) in enumerate(zip(view.players, boards, strict=True)):
        board.owed = []  # what is owed after the open choice is shown to nobody
        if index == me:
            continue
        board.hand = _deal(quests, seat.hand_size, "quest")
        board.choice = None
        if seat.choice_kind is not None:
            source, what = ((quests, "quest") if seat.choice_kind in QUEST_CHOICES
                            else (artifacts, "artifact"))
            board.choice = Choice(seat.choice_kind, _deal(source, seat.choice_count, what))

    # The discard pile lies face up: every seat knows it, in order.
    seen = [reveal["card"] for reveal in view.reveals] or ([view.revealed] if view.revealed else [])
    cards = [c.id for c in pack.cards if c.id not in set(seen)]
    rng.shuffle(cards)
    on_deck = view.deck_sizes["dominaria"]

    world = DominariaGame(view.config, seed=rng.next_u64())
    world.stage, world.round, world.current, world.first = (view.stage, view.round,
                                                            view.current, view.first)
    world.revealed = view.revealed
    world.map_mana = dict(view.map_mana)
    world.cabal_tokens = dict(view.cabal_tokens)
    world.cabal_cards = {loc: list(ids) for loc, ids in view.cabal_cards.items()}
    world.artifact_tokens = dict(view.artifact_tokens)
    world.supply = dict(view.supply)
    world.claims = {q: list(c) for q, c in view.claims.items()}
    world.players = boards
    world.deck = cards[:on_deck]
    world.discard = cards[on_deck:] + seen
    world.quest_deck = quests[:view.deck_sizes["quests"]]
    world.artifact_deck = artifacts[:view.deck_sizes["artifacts"]]
    cabal_out = sum(view.cabal_tokens.values()) + sum(b.cabal for b in boards)
    found_out = sum(view.artifact_tokens.values()) + sum(b.discovered for b in boards)
    world.cabal_supply = max(0, CABAL_TOKENS - cabal_out)
    world.artifact_supply = max(0, ARTIFACT_TOKENS - found_out)
    world.placements = _placements_left(view)
    world._check_loaded()  # the engine's own check of a state it did not reach by play
    world.note_settled_claims()
    return world


def _deal(unseen: list[str], count: int, what: str) -> list[str]:
    """``count`` cards off the end of ``unseen``; a view asking for more than exist is not
    one the engine made (refused, never an IndexError)."""
    if count > len(unseen):
        raise HerotableError(f"the view hides more {what} cards than the pack has unseen",
                             DominariaRefusal.HIDES_TOO_MUCH)
    dealt = unseen[len(unseen) - count:]
    del unseen[len(unseen) - count:]
    return dealt


def _placements_left(view: DominariaView) -> list[int]:
    """Who still places starting Heroes: the engine's set-up order less those placed."""
    if view.stage != "heroes":
        return []
    placed = sum(len(seat.board.heroes) for seat in view.players)
    assert view.first is not None  # drawn before the Heroes are placed
    return hero_placement_order(view.first, view.num_players)[placed:]
