"""Why an action is not offered: for the seat whose turn it is, each kind of action its legal
list lacks, with the refusal the engine would give (a code of
:class:`~herotable.dominaria.refusals.DominariaRefusal` and its parameters), so a front end
says in words why a button is missing without knowing the rules.

The checks are the engine's (:mod:`herotable.dominaria.game` refuses with the same codes);
tests keep the two in step: a reason is given exactly where no legal action is.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from herotable.core.errors import terms
from herotable.dominaria import rules
from herotable.dominaria.names import record_names
from herotable.dominaria.pack import Pack
from herotable.dominaria.refusals import DominariaRefusal
from herotable.dominaria.state import PlayerState

if TYPE_CHECKING:
    from herotable.dominaria.view import DominariaView

Reason = dict[str, Any]  # {"code": ..., "params": {...}}, the shape of a refusal's body
# The kinds of action tied to a location: the view says, location by location, why not there.
AT_LOCATION = ("move", "collect", "discover", "confront", "manalith", "leyline")


def reason(code: DominariaRefusal, **params: Any) -> Reason:
    return {"code": str(code), "params": params}


def unavailable(view: DominariaView) -> dict[str, Any]:
    """For seat ``view.you`` on its turn (else empty):

    - ``kinds``: each kind of action (``move``, ``collect``, an ability, ...) offered nowhere
      now, with the reason;
    - ``at``: for each location, each kind tied to a location that is not offered there, with
      the reason there; a kind whose reason in ``kinds`` holds everywhere alike (no move
      left, too little mana...) is left out, as that reason says it. The location is the
      key, so its names are not repeated as the reason's ``location`` parameter: a front end
      fills that in from the catalog (the view stays small: twenty locations, six kinds);
    - ``cards``: each quest in hand or in play, public quest and artifact in play that cannot
      be completed, started or used now, by id, with the reason (a public quest's
      tile is taken by itself the moment it is fulfilled, so one is listed while it is not).
    """
    decision = view.decision
    if view.you is None or decision is None or decision.kind != "turn":
        return {}
    board = view.players[view.you].board
    checks = _Checks(view, board, view.pack)
    kinds: dict[str, Reason] = {}
    at: dict[str, dict[str, Reason]] = {loc: {} for loc in view.pack.locations}
    for kind in ("move", "collect", "recruit", "discover", "confront", "manalith", "leyline"):
        everywhere = checks.everywhere(kind)
        if everywhere is not None:
            kinds[kind] = everywhere
            continue
        if kind not in AT_LOCATION:
            continue
        for loc in at:
            why = checks.at(kind, loc)
            if why is not None:
                why["params"].pop("location", None)
                at[loc][kind] = why
        if kind in SOFT and all(kind in found for found in at.values()):
            kinds[kind] = reason(SOFT[kind])
    return {"kinds": kinds, "at": {loc: found for loc, found in at.items() if found},
            "cards": checks.cards(view.you)}


# When every location has its own reason, the one the kind gets as a whole (a Hero can always
# move somewhere, so moving has none).
SOFT = {
    "collect": DominariaRefusal.NOTHING_TO_COLLECT,
    "discover": DominariaRefusal.NO_ARTIFACT_NEAR,
    "confront": DominariaRefusal.NO_CABAL_NEAR,
    "manalith": DominariaRefusal.MANALITH_COLOURS,
    "leyline": DominariaRefusal.LEYLINES_HELD,
}


class _Checks:
    """The engine's checks over the seat's board and the public map, in its order."""

    def __init__(self, view: DominariaView, board: PlayerState, pack: Pack) -> None:
        self.view, self.board, self.pack = view, board, pack

    def named(self, kind: str, record_id: str) -> dict[str, str]:
        return record_names(self.pack, kind, record_id)

    def mana(self, ability: str) -> Reason | None:
        cost = rules.ability_cost(self.board, self.pack, ability)
        if rules.can_pay(self.board, cost):
            return None
        return reason(DominariaRefusal.MANA, ability=terms("dom.ability", ability),
                      cost=cost.said())

    def everywhere(self, kind: str) -> Reason | None:
        """The reason that holds for the kind wherever it is tried, if any."""
        board, pack, boards = self.board, self.pack, self.pack.boards
        if kind == "move":
            if board.moves_used >= rules.moves_allowed(board, pack):
                return reason(DominariaRefusal.NO_MOVES)
            return None
        if kind == "collect":
            if board.collects_used >= rules.collects_allowed(board, pack):
                return reason(DominariaRefusal.COLLECTED)
            return None
        full = {
            "recruit": (not board.heroes_on_track, DominariaRefusal.NO_HEROES),
            "discover": (not self.view.deck_sizes["artifacts"], DominariaRefusal.EMPTY_DECK),
            "confront": (board.cabal >= len(boards.cabal.spaces),
                         DominariaRefusal.CABAL_TRACK_FULL),
            "manalith": (len(board.manaliths) >= len(boards.manalith.spaces),
                         DominariaRefusal.MANALITHS_BUILT),
            "leyline": (len(board.leylines) >= len(boards.leyline.spaces),
                        DominariaRefusal.LEYLINES_FORMED),
        }
        done, code = full[kind]
        return reason(code) if done else self.mana(kind)

    def at(self, kind: str, loc: str) -> Reason | None:
        """Why the kind is not offered at ``loc`` (its reason everywhere aside)."""
        board, view = self.board, self.view
        here = self.named("locations", loc)
        if kind == "collect":
            if loc not in rules.collectable(board):
                return reason(DominariaRefusal.NOT_REACHABLE, location=here)
            if view.cabal_tokens.get(loc):
                return reason(DominariaRefusal.CABAL, location=here)
            if not view.map_mana.get(loc):
                return reason(DominariaRefusal.NO_MANA, location=here)
            return None
        if kind == "leyline":
            links = {self.pack.link_key(loc, other) for other in self.pack.adjacency[loc]
                     if loc in board.heroes or other in board.heroes}
            if links - set(board.leylines):
                return None
            return reason(DominariaRefusal.LEYLINE_NONE_AT, location=here)
        if loc not in board.heroes:
            return reason(DominariaRefusal.NO_HERO, location=here)
        if kind == "discover" and not view.artifact_tokens.get(loc):
            return reason(DominariaRefusal.NO_ARTIFACT_TOKEN, location=here)
        if kind == "confront" and not view.cabal_tokens.get(loc):
            return reason(DominariaRefusal.NO_CABAL_TOKEN, location=here)
        if kind == "manalith":
            colour = self.pack.locations[loc].colour
            if any(self.pack.locations[m].colour == colour for m in board.manaliths):
                return reason(DominariaRefusal.MANALITH_COLOUR,
                              colour=terms("dom.colour", colour))
        return None

    def cards(self, seat: int) -> dict[str, Reason]:
        board, pack = self.board, self.pack
        found: dict[str, Reason] = {}
        for artifact_id in board.artifacts:
            kind = pack.artifacts[artifact_id].ability.kind
            named = self.named("artifacts", artifact_id)
            if kind not in ("turn", "once"):
                found[artifact_id] = reason(DominariaRefusal.PASSIVE, artifact=named)
            elif kind == "turn" and artifact_id in board.used_artifacts:
                found[artifact_id] = reason(DominariaRefusal.USED, artifact=named)
            elif not rules.gives_something(pack.artifacts[artifact_id].ability.effects,
                                           self.view.supply, self.view.deck_sizes["quests"],
                                           self.view.deck_sizes["artifacts"]):
                found[artifact_id] = reason(DominariaRefusal.GIVES_NOTHING, artifact=named)
        for quest_id in board.hand:
            quest = pack.quests[quest_id]
            needed = quest.start if quest.needs_start else quest.requires
            if not rules.met(board, pack, needed):
                found[quest_id] = reason(DominariaRefusal.QUEST_UNMET,
                                         quest=self.named("quests", quest_id))
        for quest_id, since in board.started.items():
            if not rules.met(board, pack, pack.quests[quest_id].requires, since):
                found[quest_id] = reason(DominariaRefusal.QUEST_UNMET,
                                         quest=self.named("quests", quest_id))
        claims: Mapping[str, tuple[int, ...]] = self.view.claims
        for quest_id, public in pack.public_quests.items():
            named = self.named("public_quests", quest_id)
            if seat in claims[quest_id]:
                found[quest_id] = reason(DominariaRefusal.TILE_HELD, quest=named)
            elif len(claims[quest_id]) >= len(public.tiles):
                found[quest_id] = reason(DominariaRefusal.TILES_TAKEN, quest=named)
            elif not rules.met(board, pack, public.requires):
                found[quest_id] = reason(DominariaRefusal.QUEST_UNMET, quest=named)
        return found
