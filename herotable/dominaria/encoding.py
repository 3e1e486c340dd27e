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
of floats named by :attr:`PackEncoding.feature_names`; counts are raw, not scaled.
"""

from __future__ import annotations

from typing import Any

from herotable.core.errors import NotationError
from herotable.core.game import is_int
from herotable.dominaria.actions import DominariaAction
from herotable.dominaria.pack import COLOURS, Pack
from herotable.dominaria.view import DominariaView

STAGES = ("quests", "heroes", "play", "over")
CHOICE_KINDS = ("setup", "quest", "artifact")
MAX_SEATS = 4  # observations keep room for four seats, so one length serves every count
DECKS = ("dominaria", "quests", "artifacts")
LOCATION_VERBS = ("place", "collect", "recruit", "discover", "confront", "manalith")

ActionKey = tuple[str, tuple[str, ...]]


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
        seat_blocks: list[tuple[str, tuple[str, ...]]] = [
            ("present", ("",)),
            ("heroes", self.locations),  # Heroes standing there
            ("heroes_on_track", ("",)),
            ("manaliths", self.locations),
            ("leylines", tuple(f"{a}-{b}" for a, b in self.links)),
            ("cabal", ("",)),
            ("pool", COLOURS),
            ("manalith_token", COLOURS),
            ("hand_size", ("",)),
            ("started", self.quests),
            ("artifacts", self.artifacts),
            ("accomplished", ("",)),
            ("completed", ("",)),
            ("discovered", ("",)),
            ("public", self.public_quests),
            ("vp", ("",)),
            ("choice", CHOICE_KINDS),
        ]
        blocks: list[tuple[str, tuple[str, ...]]] = [
            ("stage", STAGES),
            ("round_progress", ("",)),  # round / rounds
            ("players", ("2", "3", "4")),
            ("current", tuple(f"seat{k}" for k in range(MAX_SEATS))),
            ("first", tuple(f"seat{k}" for k in range(MAX_SEATS))),
            ("map_mana", self.locations),
            ("cabal_tokens", self.locations),
            ("artifact_tokens", self.locations),
            ("supply", COLOURS),
            ("deck", DECKS),
            ("revealed", self.cards),
            ("claims", self.public_quests),
            ("hand", self.quests),
            ("choosing", (*self.quests, *self.artifacts)),
            ("used_artifacts", self.artifacts),
            ("moves_used", ("",)),
            ("extra_moves", ("",)),
            ("collects_used", ("",)),
            *((f"seat{k}/{name}", keys) for k in range(MAX_SEATS) for name, keys in seat_blocks),
        ]
        # Block name -> its first feature; every key of a block -> its place in the block.
        self.offset: dict[str, int] = {}
        names: list[str] = []
        for name, keys in blocks:
            self.offset[name] = len(names)
            names += [f"{name}:{key}" if key else name for key in keys]
        self.feature_names: tuple[str, ...] = tuple(names)
        self._at = {name: {key: i for i, key in enumerate(keys)} for name, keys in blocks}

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
