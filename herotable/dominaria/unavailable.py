"""Why an action is not offered: for the seat whose turn it is, each kind of action its legal
list lacks, with the refusal the engine would give (a code of
:class:`~herotable.dominaria.refusals.DominariaRefusal` and its parameters), so a front end
says in words why a button is missing without knowing the rules.

The checks are the engine's (:mod:`herotable.dominaria.game` refuses with the same codes);
tests keep the two in step: a reason is given exactly where no legal action is.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from herotable.core.errors import terms
from herotable.dominaria import rules
from herotable.dominaria.pack import Pack
from herotable.dominaria.refusals import DominariaRefusal
from herotable.dominaria.state import PlayerState

if TYPE_CHECKING:
    from herotable.dominaria.view import DominariaView

# A refusal's body, {"code": ..., "params": {...}}, or its bare code when it has no params:
# the view carries a few dozen of them on every update, so they are kept small.
Reason = str | dict[str, Any]
# The kinds of action tied to a location: the view says, location by location, why not there.
AT_LOCATION = ("move", "collect", "discover", "confront", "manalith", "leyline")


def reason(code: DominariaRefusal, **params: Any) -> Reason:
    return {"code": str(code), "params": params} if params else str(code)


def unavailable(view: DominariaView) -> dict[str, Any]:
    """For seat ``view.you`` on its turn (else empty):

    - ``kinds``: each kind of action (``move``, ``collect``, an ability, ...) offered nowhere
      now, with the reason;
    - ``at``: for each location, each kind tied to a location that is not offered there, with
      the reason there; a kind whose reason in ``kinds`` holds everywhere alike (no move
      left, too little mana...) is left out, as that reason says it. The location is the
      key, so its names are not repeated as the reason's ``location`` parameter: a front end
      fills that in from the catalog;
    - ``at_default``: for a kind, the reason most locations share (no Hero there...): ``at``
      then lists that kind only where its reason differs, and as null where it is offered;
    - ``cards``: each quest in hand or in play, public quest and artifact in play that cannot
      be completed, started or used now, by id, with the reason (a public quest's
      tile is taken by itself the moment it is fulfilled, so one is listed while it is not).
      The card is the key, so its names are not repeated as the reason's ``quest`` or
      ``artifact`` parameter either.

    Reasons without parameters are bare codes: the view stays small (twenty locations, six
    kinds, on every update).
    """
    decision = view.decision
    if view.you is None or decision is None or decision.kind != "turn":
        return {}
    board = view.players[view.you].board
    checks = _Checks(view, board, view.pack)
    kinds: dict[str, Reason] = {}
    at: dict[str, dict[str, Reason | None]] = {loc: {} for loc in view.pack.locations}
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
                at[loc][kind] = why
        if kind in SOFT and all(kind in found for found in at.values()):
            kinds[kind] = reason(SOFT[kind])
    defaults = _defaults(at)
    return {"kinds": kinds, "at": {loc: found for loc, found in at.items() if found},
            "at_default": defaults, "cards": checks.cards(view.you)}


def _defaults(at: dict[str, dict[str, Reason | None]]) -> dict[str, Reason]:
    """Take out of ``at`` each kind's reason that most locations share (a bare code), and
    return those defaults; a location where the kind is offered then holds it as None."""
    defaults: dict[str, Reason] = {}
    for kind in AT_LOCATION:
        codes = Counter(code for found in at.values()
                        if isinstance(code := found.get(kind), str))
        if not codes:
            continue
        common, count = codes.most_common(1)[0]
        if 2 * count <= len(at):  # a default only where it saves more than it costs
            continue
        defaults[kind] = common
        for found in at.values():
            if found.get(kind) == common:
                del found[kind]
            elif kind not in found:
                found[kind] = None
    return defaults


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
        """Why the kind is not offered at ``loc`` (its reason everywhere aside), without the
        location's names: the location is the key it is listed under."""
        board, view = self.board, self.view
        if kind == "collect":
            if loc not in rules.collectable(board):
                return reason(DominariaRefusal.NOT_REACHABLE)
            if view.cabal_tokens.get(loc):
                return reason(DominariaRefusal.CABAL)
            if not view.map_mana.get(loc):
                return reason(DominariaRefusal.NO_MANA)
            return None
        if kind == "leyline":
            links = {self.pack.link_key(loc, other) for other in self.pack.adjacency[loc]
                     if loc in board.heroes or other in board.heroes}
            if links - set(board.leylines):
                return None
            return reason(DominariaRefusal.LEYLINE_NONE_AT)
        if loc not in board.heroes:
            return reason(DominariaRefusal.NO_HERO)
        if kind == "discover" and not view.artifact_tokens.get(loc):
            return reason(DominariaRefusal.NO_ARTIFACT_TOKEN)
        if kind == "confront" and not view.cabal_tokens.get(loc):
            return reason(DominariaRefusal.NO_CABAL_TOKEN)
        if kind == "manalith":
            colour = self.pack.locations[loc].colour
            if any(self.pack.locations[m].colour == colour for m in board.manaliths):
                return reason(DominariaRefusal.MANALITH_COLOUR,
                              colour=terms("dom.colour", colour))
        return None

    def cards(self, seat: int) -> dict[str, Reason]:
        """The card is the key: its names are left out of the reason."""
        board, pack = self.board, self.pack
        found: dict[str, Reason] = {}
        for artifact_id in board.artifacts:
            kind = pack.artifacts[artifact_id].ability.kind
            if kind not in ("turn", "once"):
                found[artifact_id] = reason(DominariaRefusal.PASSIVE)
            elif kind == "turn" and artifact_id in board.used_artifacts:
                found[artifact_id] = reason(DominariaRefusal.USED)
            elif not rules.gives_something(pack.artifacts[artifact_id].ability.effects,
                                           self.view.supply, self.view.deck_sizes["quests"],
                                           self.view.deck_sizes["artifacts"]):
                found[artifact_id] = reason(DominariaRefusal.GIVES_NOTHING)
        for quest_id in board.hand:
            quest = pack.quests[quest_id]
            needed = quest.start if quest.needs_start else quest.requires
            if not rules.met(board, pack, needed):
                found[quest_id] = reason(DominariaRefusal.QUEST_UNMET)
        for quest_id, since in board.started.items():
            if not rules.met(board, pack, pack.quests[quest_id].requires, since):
                found[quest_id] = reason(DominariaRefusal.QUEST_UNMET)
        claims: Mapping[str, tuple[int, ...]] = self.view.claims
        for quest_id, public in pack.public_quests.items():
            if seat in claims[quest_id]:
                found[quest_id] = reason(DominariaRefusal.TILE_HELD)
            elif len(claims[quest_id]) >= len(public.tiles):
                found[quest_id] = reason(DominariaRefusal.TILES_TAKEN)
            elif not rules.met(board, pack, public.requires):
                found[quest_id] = reason(DominariaRefusal.QUEST_UNMET)
        return found
