"""Heroes of Dominaria actions as integers, and a seat's view as a fixed-length observation.

The data pack fixes the locations, links, quests, artifacts and public quests, so it fixes
the action space: one :class:`PackEncoding` per pack (built once, ~3 ms) lists every verb with
every argument the pack allows, in :data:`herotable.dominaria.actions.VERBS` order, each block
sorted by id (docs/encoding.md gives the layout):

* ``keep <card>`` (every quest and artifact), then ``keep <quest> <quest>`` (each unordered
  pair once, the two ids sorted);
* ``place``, ``collect``, ``recruit``, ``discover``, ``confront``, ``manalith``: a location;
* ``move <from> <to>``: each ordered pair of adjacent locations;
* ``leyline <a> <b>``: each link, spelled as :meth:`Pack.link_key` spells it;
* ``use``: an artifact; ``start``, ``complete``: a quest;
* ``end``.

A payment is not part of an index: an action with ``pay`` encodes as the same action without
it, and a decoded action pays by the engine's rule (``rules.auto_payment``), so an agent
chooses what to do and the engine how to pay.

The observation is built from the seat's view only (never from hidden state), as a flat list
of floats named by :attr:`PackEncoding.feature_names`; counts are raw, not scaled. Each
feature has a bound, the most it can be with this pack under the rules
(:attr:`PackEncoding.feature_bounds`), and a scale (:attr:`PackEncoding.feature_scales`): the
bound, except for VP, whose bound is far beyond any game, so it is divided by a typical final
score instead. The PettingZoo env divides by the scales.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from herotable.core.errors import NotationError
from herotable.core.game import is_int
from herotable.dominaria import rules
from herotable.dominaria.actions import DominariaAction
from herotable.dominaria.config import ROUNDS, TWO_MANA_START
from herotable.dominaria.pack import (
    ARTIFACT_TOKENS,
    CABAL_TOKENS,
    COLOURS,
    MANA_PER_COLOUR,
    Pack,
)
from herotable.dominaria.state import PlayerState
from herotable.dominaria.view import DominariaView

STAGES = ("quests", "heroes", "play", "over")
CHOICE_KINDS = ("setup", "quest", "artifact")
MAX_SEATS = 4  # observations keep room for four seats, so one length serves every count
DECKS = ("dominaria", "quests", "artifacts")
LOCATION_VERBS = ("place", "collect", "recruit", "discover", "confront", "manalith")
# The most turns a game has (four players, nine rounds): each turn reveals one Dominaria card.
MOST_TURNS = max(players * rounds for players, rounds in ROUNDS.items())
# What a seat's VP is divided by: about a strong two-player game's final score (94.6 VP a
# seat, the winner 111; three and four players score less: docs/dominaria-data.md). A scale,
# not a bound: the pack's bound (every VP a seat could score) is some three times as much.
VP_SCALE = 100.0

ActionKey = tuple[str, tuple[str, ...]]
# A block's bound: one for every feature of the block, or one each.
Bound = float | tuple[float, ...]


class PackEncoding:
    """The action space and the observation layout of one data pack."""

    def __init__(self, pack: Pack) -> None:
        self.pack = pack
        self.locations = tuple(sorted(pack.locations))
        self.quests = tuple(sorted(pack.quests))
        self.artifacts = tuple(sorted(pack.artifacts))
        self.public_quests = tuple(sorted(pack.public_quests))
        self.links = tuple(sorted(pack.link_key(link.a, link.b) for link in pack.links))
        self.cards = tuple(sorted(c.id for c in pack.cards))
        moves = tuple((a, b) for a in self.locations for b in sorted(pack.adjacency[a]))
        kept = tuple(sorted({*self.quests, *self.artifacts}))
        pairs = tuple((a, b) for i, a in enumerate(self.quests) for b in self.quests[i + 1:])

        args_of: dict[str, tuple[tuple[str, ...], ...]] = {
            "keep": (*((c,) for c in kept), *pairs),
            **{verb: tuple((loc,) for loc in self.locations) for verb in LOCATION_VERBS},
            "move": moves,
            "leyline": self.links,
            "use": tuple((a,) for a in self.artifacts),
            "start": tuple((q,) for q in self.quests),
            "complete": tuple((q,) for q in self.quests),
            "end": ((),),
        }
        order = ("keep", "place", "move", "collect", "recruit", "discover", "confront",
                 "manalith", "leyline", "use", "start", "complete", "end")
        actions: list[DominariaAction] = []
        # (label, first index, how many): the layout docs/encoding.md describes.
        self.blocks: list[tuple[str, int, int]] = []
        for verb in order:
            if verb == "keep":
                self.blocks += [("keep <card>", 0, len(kept)),
                                ("keep <quest> <quest>", len(kept), len(pairs))]
            else:
                self.blocks.append((verb, len(actions), len(args_of[verb])))
            actions += [DominariaAction(verb, args) for args in args_of[verb]]
        self.actions: tuple[DominariaAction, ...] = tuple(actions)
        self.index: dict[ActionKey, int] = {(a.verb, a.args): i for i, a in enumerate(actions)}
        self._build_layout()

    # ------------------------------------------------------------------ actions

    @property
    def num_distinct_actions(self) -> int:
        return len(self.actions)

    def key(self, action: DominariaAction) -> ActionKey:
        """The action's arguments in the one spelling the space lists: a kept pair sorted, a
        link as the pack keys it; the payment left out."""
        args = action.args
        if action.verb == "keep" and len(args) == 2:
            args = tuple(sorted(args))
        elif action.verb == "leyline" and len(args) == 2:
            args = self.pack.link_key(*args)
        return action.verb, args

    def encode(self, action: DominariaAction) -> int:
        if not isinstance(action, DominariaAction):
            raise NotationError(f"a {type(action).__name__} is not a Dominaria action")
        index = self.index.get(self.key(action))
        if index is None:
            raise NotationError(f"{action} names no card, location or link of this data pack "
                                "in the way the action needs, so it has no index")
        return index

    def decode(self, index: int) -> DominariaAction:
        if not is_int(index) or not 0 <= index < len(self.actions):
            raise NotationError(f"action index {index!r} is not 0-{len(self.actions) - 1}")
        return self.actions[index]

    # ------------------------------------------------------------------ observations

    def _build_layout(self) -> None:
        """The features' names, bounds and scales, block by block."""
        pack, boards = self.pack, self.pack.boards
        one = 1.0  # a one-hot, a flag, or a card or link that is there or not
        # No card is revealed twice in a game unless the turns outrun the deck (they do not:
        # 36 turns at most, 50 cards), so a card's mana and token come this often at most.
        passes = -(-MOST_TURNS // len(pack.cards))
        shown = Counter(colour for card in pack.cards for colour in card.mana)
        placed = Counter((card.token, card.location) for card in pack.cards if card.token)
        # A location holds what it started with (two tokens at most, in the variant) and one
        # token per card showing its colour, never more than the box's tokens of that colour.
        map_mana = tuple(float(min(MANA_PER_COLOUR,
                                   TWO_MANA_START + passes * shown[pack.locations[loc].colour]))
                         for loc in self.locations)
        # Only the cards naming a location put tokens there, each from the box's supply.
        cabal_tokens = tuple(float(min(CABAL_TOKENS, passes * placed["cabal", loc]))
                             for loc in self.locations)
        artifact_tokens = tuple(float(min(ARTIFACT_TOKENS, passes * placed["artifact", loc]))
                                for loc in self.locations)
        # A turn's extra moves come from the moves its quests and artifacts give: each quest
        # is completed once, a "turn" artifact used once a turn, a "once" one once a game.
        given = [*(e for q in pack.quests.values() for e in q.reward),
                 *(e for a in pack.artifacts.values() if a.ability.kind in ("turn", "once")
                   for e in a.ability.effects)]
        extra_moves = sum(e.amount for e in given if e.effect == "moves")
        # The most moves and collects a turn allows: a board with every Hero on the map,
        # every artifact in play, the two-player move and all those extra moves.
        everything = PlayerState("", heroes_on_track=0, artifacts=list(pack.artifacts),
                                 setup_moves=rules.TWO_PLAYER_MOVES, extra_moves=extra_moves)
        moves = float(rules.moves_allowed(everything, pack))
        collects = float(rules.collects_allowed(everything, pack))
        quests, artifacts = float(len(pack.quests)), float(len(pack.artifacts))
        # Only a "once" artifact is counted (put with the completed quests).
        counted = sum(1 for a in pack.artifacts.values() if a.ability.kind == "once")
        # Every VP a seat could hold: each track's best space, every quest and artifact, the
        # first tile of each public quest (a seat takes one of each), the best head start.
        most_vp = float(
            sum(rules.track_uncovered(track, len(track.spaces))
                for track in (boards.hero, boards.manalith, boards.leyline, boards.cabal))
            + sum(q.vp for q in pack.quests.values()) + sum(a.vp for a in pack.artifacts.values())
            + sum(max(q.tiles) for q in pack.public_quests.values())
            + max(vp for row in boards.turn_order.vp for vp in row))
        seat_blocks: list[tuple[str, tuple[str, ...], Bound]] = [
            ("present", ("",), one),
            # Heroes standing there: all of a seat's (three on the track, one set up on the map)
            ("heroes", self.locations, float(len(boards.hero.spaces) + 1)),
            ("heroes_on_track", ("",), float(len(boards.hero.spaces))),
            # A seat's Manaliths stand on different colours, so on different locations.
            ("manaliths", self.locations, one),
            ("leylines", tuple(f"{a}-{b}" for a, b in self.links), one),  # one a link a seat
            ("cabal", ("",), float(len(boards.cabal.spaces))),  # the defeated-Cabal track
            ("pool", COLOURS, float(MANA_PER_COLOUR)),  # the box's tokens of the colour
            ("manalith_token", COLOURS, one),  # a token of a colour comes back if none is held
            ("hand_size", ("",), quests),  # every quest card: true, but far above a hand
            ("started", self.quests, one),
            ("artifacts", self.artifacts, one),
            ("accomplished", ("",), quests + counted),
            ("completed", ("",), quests),
            ("discovered", ("",), artifacts),  # a kept artifact never goes back to the deck
            ("public", self.public_quests, one),  # a seat takes one tile of each
            ("vp", ("",), most_vp),
            ("choice", CHOICE_KINDS, one),
        ]
        blocks: list[tuple[str, tuple[str, ...], Bound]] = [
            ("stage", STAGES, one),
            ("round_progress", ("",), one),  # round / rounds
            ("players", ("2", "3", "4"), one),
            ("current", tuple(f"seat{k}" for k in range(MAX_SEATS)), one),
            ("first", tuple(f"seat{k}" for k in range(MAX_SEATS)), one),
            ("map_mana", self.locations, map_mana),
            ("cabal_tokens", self.locations, cabal_tokens),
            ("artifact_tokens", self.locations, artifact_tokens),
            ("supply", COLOURS, float(MANA_PER_COLOUR)),
            # A deck never holds more than its cards in the box (its size before dealing).
            ("deck", DECKS, (float(len(pack.cards)), quests, artifacts)),
            ("revealed", self.cards, one),
            ("claims", self.public_quests,
             tuple(float(len(pack.public_quests[q].tiles)) for q in self.public_quests)),
            ("hand", self.quests, one),
            ("choosing", (*self.quests, *self.artifacts), one),
            ("used_artifacts", self.artifacts, one),
            ("moves_used", ("",), moves),
            ("extra_moves", ("",), float(extra_moves)),
            ("collects_used", ("",), collects),
            *((f"seat{k}/{name}", keys, bound) for k in range(MAX_SEATS)
              for name, keys, bound in seat_blocks),
        ]
        # Block name -> its first feature; every key of a block -> its place in the block.
        self.offset: dict[str, int] = {}
        names: list[str] = []
        bounds: list[float] = []
        for name, keys, bound in blocks:
            self.offset[name] = len(names)
            names += [f"{name}:{key}" if key else name for key in keys]
            bounds += [bound] * len(keys) if isinstance(bound, float) else bound
        self.feature_names: tuple[str, ...] = tuple(names)
        # The most each feature can be with this pack under the rules.
        self.feature_bounds: tuple[float, ...] = tuple(bounds)
        # What the PettingZoo env divides each feature by: its bound (1 for one that is always
        # 0, a location no card puts a token on), except VP's scale.
        scaled = {f"seat{k}/vp" for k in range(MAX_SEATS)}
        self.feature_scales: tuple[float, ...] = tuple(
            VP_SCALE if name in scaled else bound or 1.0
            for name, bound in zip(names, bounds, strict=True))
        self._at = {name: {key: i for i, key in enumerate(keys)} for name, keys, _ in blocks}

    @property
    def num_features(self) -> int:
        return len(self.feature_names)

    def observation(self, view: DominariaView) -> dict[str, Any]:
        """``features``: :attr:`num_features` floats in :attr:`feature_names` order, and
        ``names`` (that tuple). Seats are counted from the viewer: ``seat0`` is the viewer,
        ``seat1`` the next in turn order, and so on; absent seats are all zero."""
        you = view.you
        seats = len(view.players)
        if not is_int(you) or not 0 <= you < seats:
            raise NotationError(f"there is no seat {you!r} to observe")
        out = [0.0] * len(self.feature_names)
        off, at = self.offset, self._at

        def put(block: str, key: str, value: float) -> None:
            out[off[block] + at[block][key]] = value

        def counts(block: str, values: dict[str, int] | list[str] | set[str]) -> None:
            index, base = at[block], off[block]
            if isinstance(values, dict):
                for key, value in values.items():
                    out[base + index[key]] = float(value)
            else:
                for key in values:
                    out[base + index[key]] += 1.0

        put("stage", view.stage, 1.0)
        out[off["round_progress"]] = view.round / view.rounds
        put("players", str(seats), 1.0)
        put("current", f"seat{(view.current - you) % seats}", 1.0)
        if view.first is not None:
            put("first", f"seat{(view.first - you) % seats}", 1.0)
        counts("map_mana", view.map_mana)
        counts("cabal_tokens", view.cabal_tokens)
        counts("artifact_tokens", view.artifact_tokens)
        counts("supply", view.supply)
        counts("deck", view.deck_sizes)
        if view.revealed is not None:
            put("revealed", view.revealed, 1.0)
        counts("claims", {q: len(c) for q, c in view.claims.items()})
        own = view.players[you].board
        counts("hand", own.hand)
        if own.choice is not None:
            counts("choosing", own.choice.cards)
        counts("used_artifacts", own.used_artifacts)
        out[off["moves_used"]] = float(own.moves_used)
        out[off["extra_moves"]] = float(own.extra_moves)
        out[off["collects_used"]] = float(own.collects_used)
        for k in range(seats):
            seat = view.players[(you + k) % seats]
            board, p = seat.board, f"seat{k}/"
            out[off[p + "present"]] = 1.0
            counts(p + "heroes", board.heroes)
            out[off[p + "heroes_on_track"]] = float(board.heroes_on_track)
            counts(p + "manaliths", board.manaliths)
            counts(p + "leylines", [f"{a}-{b}" for a, b in board.leylines])
            out[off[p + "cabal"]] = float(board.cabal)
            counts(p + "pool", board.pool)
            counts(p + "manalith_token", board.manalith_tokens)
            out[off[p + "hand_size"]] = float(seat.hand_size)
            counts(p + "started", list(board.started))
            counts(p + "artifacts", board.artifacts)
            out[off[p + "accomplished"]] = float(len(board.accomplished))
            out[off[p + "completed"]] = float(board.completed)
            out[off[p + "discovered"]] = float(board.discovered)
            counts(p + "public", [q for q, _ in board.public])
            out[off[p + "vp"]] = float(seat.score["total"])
            if seat.choice_kind is not None:
                put(p + "choice", seat.choice_kind, 1.0)
        return {"features": out, "names": self.feature_names}


# One encoding per pack. Packs are read once per process and kept (config._pack_at), so
# keying by identity is safe, and a Pack (holding dicts) cannot be hashed anyway.
_ENCODINGS: dict[int, PackEncoding] = {}


def encoding_for(pack: Pack) -> PackEncoding:
    found = _ENCODINGS.get(id(pack))
    if found is None or found.pack is not pack:
        found = _ENCODINGS[id(pack)] = PackEncoding(pack)
    return found
