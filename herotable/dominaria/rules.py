"""Pure rule helpers over one player's state and the data pack: metrics for quest conditions,
Leyline networks, costs and payments, moves, and the final score."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from herotable.core.errors import counted_terms
from herotable.core.game import Standing, rank_standings
from herotable.dominaria.pack import (
    ABILITY_COSTS,
    COLOURS,
    COUNTER_METRICS,
    Effect,
    Pack,
    Requirement,
    Track,
)
from herotable.dominaria.state import PlayerState

ARRIVALS = "arrivals"  # the key of :func:`counters` the travel conditions count from
# The rulebook's extra move action every turn of a two-player game, beyond the move symbol the
# second starting Hero uncovers (a board holds it as ``setup_moves``).
TWO_PLAYER_MOVES = 1

# ---------------------------------------------------------------- Leyline networks


def networks(player: PlayerState) -> list[set[str]]:
    """The player's Leyline networks: groups of locations joined by their own Leylines."""
    groups: list[set[str]] = []
    for a, b in player.leylines:
        touching = [g for g in groups if a in g or b in g]
        merged = {a, b}.union(*touching)
        groups = [g for g in groups if g not in touching] + [merged]
    return groups


def collectable(player: PlayerState) -> set[str]:
    """Locations the player may collect from: where a Hero stands, or joined to one by a
    network of their own Leylines (Cabal tokens are checked by the caller)."""
    reach = set(player.heroes)
    for group in networks(player):
        if group & reach:
            reach |= group
    return reach


# ---------------------------------------------------------------- metrics


# How each counting metric is read off a board: :func:`metric` reads one alone, since quest
# conditions are checked after every action and building them all each time cost much.
COUNTER_READERS: dict[str, Callable[[PlayerState], int]] = {
    "heroes": lambda player: len(player.heroes),
    "manaliths": lambda player: len(player.manaliths),
    "leylines": lambda player: len(player.leylines),
    "cabal": lambda player: player.cabal,
    "artifacts": lambda player: player.discovered,
    "quests": lambda player: player.completed,
    ARRIVALS: lambda player: len(player.travels),
}


def counters(player: PlayerState) -> dict[str, int]:
    """The counting metrics that only grow: a started quest keeps a copy to count from
    (``arrivals``: how many arrivals the travel conditions count from)."""
    return {name: read(player) for name, read in COUNTER_READERS.items()}


def visited(player: PlayerState, pack: Pack, req: Requirement, first: int = 0) -> int:
    """Travel: the different locations (of ``req.colour``; or ``req.location`` alone) your
    Heroes arrived at from arrival number ``first`` on (0: the whole game). Arriving again
    where you have been counts once; standing still counts nothing."""
    places = set(player.travels[first:])
    if req.location is not None:
        return int(req.location in places)
    if req.colour is not None:
        return sum(1 for p in places if pack.locations[p].colour == req.colour)
    return len(places)


def progress(player: PlayerState, pack: Pack, req: Requirement,
             since: dict[str, int] | None = None) -> int:
    """How far the player is towards ``req``: its metric now, or with ``since_start``
    what was gained since the quest started (``since``: :func:`counters` then)."""
    if not req.since_start:
        return metric(player, pack, req)
    if req.metric == "visited":
        return visited(player, pack, req, (since or {}).get(ARRIVALS, 0))
    return metric(player, pack, req) - (since or {}).get(req.metric, 0)


def reach(player: PlayerState, pack: Pack, ability: str) -> set[str]:
    """Where the player may use ``ability`` (discover, confront): where a Hero of theirs
    stands, and next to it too with an artifact of kind ``reach`` for it in play."""
    here = set(player.heroes)
    if any(pack.artifacts[a].ability.kind == "reach" and pack.artifacts[a].ability.target
           == ability for a in player.artifacts):
        here = here.union(*(pack.adjacency[h] for h in player.heroes))
    return here


def metric(player: PlayerState, pack: Pack, req: Requirement) -> int:
    """The value of one requirement's metric for the player now."""
    name = req.metric
    if name in COUNTER_METRICS and req.colour is None:
        return COUNTER_READERS[name](player)
    if name == "manaliths":
        return sum(1 for m in player.manaliths if pack.locations[m].colour == req.colour)
    if name == "mana":
        return player.mana_of(req.colour) if req.colour else player.mana_total()
    if name == "colours":
        return sum(1 for c in COLOURS if player.mana_of(c))
    if name == "network":
        return max((len(g) for g in networks(player)), default=0)
    if name == "locations":
        places = set(player.heroes)
        if req.colour:
            places = {p for p in places if pack.locations[p].colour == req.colour}
        return len(places)
    if name == "hero_at":
        return player.heroes.count(req.location or "")
    if name == "visited":
        return visited(player, pack, req)
    raise ValueError(f"unknown metric {name!r}")  # the pack loader refuses these first


def met(player: PlayerState, pack: Pack, reqs: tuple[Requirement, ...],
        since: dict[str, int] | None = None) -> bool:
    """Whether every requirement holds; ``since_start`` ones count from ``since``."""
    return all(progress(player, pack, req, since) >= req.at_least for req in reqs)


def describe_requirement(req: Requirement) -> str:
    what = req.metric + (f" {req.colour}" if req.colour else "") + (
        f" at {req.location}" if req.location else "")
    return f"{what} >= {req.at_least}" + (" since started" if req.since_start else "")


# ---------------------------------------------------------------- moves, costs, payment


def track_uncovered(track: Track, count: int) -> int:
    """The highest VP value among the track's first ``count`` spaces (``base_vp`` if higher
    or if ``count`` is 0): the spaces uncovered once ``count`` pieces have left the Hero,
    Manalith or Leyline track, or covered by ``count`` tokens on the defeated-Cabal track.
    The rulebook scores the highest value on all four, which is not the last one when a
    printed track does not rise left to right."""
    return max([track.base_vp, *(s.vp for s in track.spaces[:count])])


def moves_allowed(player: PlayerState, pack: Pack) -> int:
    """One move, plus one per uncovered move symbol of the Hero track, plus the two-player
    game's extra one, plus artifacts and rewards of this turn."""
    uncovered = len(pack.boards.hero.spaces) - player.heroes_on_track
    symbols = sum(1 for s in pack.boards.hero.spaces[:uncovered] if s.move)
    passive = sum(pack.artifacts[a].ability.amount for a in player.artifacts
                  if pack.artifacts[a].ability.kind == "moves")
    return 1 + symbols + player.setup_moves + passive + player.extra_moves


def gives_something(effects: tuple[Effect, ...], supply: dict[str, int],
                    quest_deck: int, artifact_deck: int) -> bool:
    """Whether gaining ``effects`` now would give anything: mana the supply still holds, extra
    moves, or a card from a deck (of ``quest_deck`` or ``artifact_deck`` cards) not empty."""
    return any((e.effect == "mana" and e.colour is not None and supply[e.colour] > 0)
               or e.effect == "moves"
               or (e.effect == "quest" and quest_deck > 0)
               or (e.effect == "artifact" and artifact_deck > 0)
               for e in effects)


def collects_allowed(player: PlayerState, pack: Pack) -> int:
    return 1 + sum(pack.artifacts[a].ability.amount for a in player.artifacts
                   if pack.artifacts[a].ability.kind == "collect")


@dataclass(frozen=True, slots=True)
class Cost:
    colour: str
    generic: int

    def __str__(self) -> str:
        return f"{{{self.generic}}}{{{self.colour}}}" if self.generic else f"{{{self.colour}}}"

    def said(self) -> dict[str, str | dict[str, int]]:
        """The cost as a refusal's parameter, which a front end says in words ("4 of any
        colour + 1 white"): a newcomer does not read the notation."""
        return counted_terms("dom.cost_part", {"generic": self.generic, self.colour: 1})


def ability_cost(player: PlayerState, pack: Pack, ability: str) -> Cost:
    """The printed cost less the player's artifact discounts (never below the coloured one)."""
    colour, generic = ABILITY_COSTS[ability]
    discount = sum(pack.artifacts[a].ability.amount for a in player.artifacts
                   if pack.artifacts[a].ability.kind == "discount"
                   and pack.artifacts[a].ability.target == ability)
    return Cost(colour, max(0, generic - discount))


def can_pay(player: PlayerState, cost: Cost) -> bool:
    return player.mana_of(cost.colour) >= 1 and player.mana_total() >= 1 + cost.generic


def auto_payment(player: PlayerState, cost: Cost) -> tuple[str, ...]:
    """The engine's payment when the player names none: the coloured mana first, then for the
    generic part the Manalith tokens (they come back at the end of the turn, ordinary mana
    does not), then the colour the player holds most of (ties: W U B R G order)."""
    held = {c: player.mana_of(c) for c in COLOURS}
    paid = [cost.colour]
    held[cost.colour] -= 1
    tokens = [c for c in COLOURS if c in player.manalith_tokens and c != cost.colour]
    for colour in tokens[: cost.generic]:
        paid.append(colour)
        held[colour] -= 1
    while len(paid) < 1 + cost.generic:
        colour = max(COLOURS, key=lambda c: (held[c], -COLOURS.index(c)))
        paid.append(colour)
        held[colour] -= 1
    return tuple(paid)


def payment_problem(player: PlayerState, cost: Cost, pay: tuple[str, ...]) -> str | None:
    """Why ``pay`` does not settle ``cost`` from the player's pool; None if it does."""
    if len(pay) != 1 + cost.generic:
        return f"this costs {cost} ({1 + cost.generic} mana), but {len(pay)} were named"
    if cost.colour not in pay:
        return f"this costs {cost}: at least one {cost.colour} mana is needed"
    for colour in COLOURS:
        if pay.count(colour) > player.mana_of(colour):
            return f"you hold {player.mana_of(colour)} {colour} mana, not {pay.count(colour)}"
    return None


# ---------------------------------------------------------------- score


def score(player: PlayerState, pack: Pack) -> dict[str, int]:
    """The seed's final scoring, item by item (it can be shown at any time as a running
    score)."""
    boards = pack.boards
    parts = {
        "heroes": track_uncovered(boards.hero, len(boards.hero.spaces) - player.heroes_on_track),
        "manaliths": track_uncovered(boards.manalith, len(player.manaliths)),
        "leylines": track_uncovered(boards.leyline, len(player.leylines)),
        "cabal": track_uncovered(boards.cabal, player.cabal),
        "artifacts": sum(pack.artifacts[a].vp for a in player.artifacts),
        "accomplished": sum(pack.quests[q].vp if q in pack.quests else pack.artifacts[q].vp
                            for q in player.accomplished),
        "public": sum(vp for _, vp in player.public),
        "turn_order": player.head_start,
    }
    parts["total"] = sum(parts.values())
    return parts


def standings(boards: Sequence[PlayerState], totals: Sequence[int]) -> list[Standing]:
    """Best first: the most VP, then the most completed quests (quest cards and claimed
    public quests, which the rulebook also calls completed); a tie on both is shared."""
    done = [board.completed + len(board.public) for board in boards]
    return rank_standings(totals, done, lower_tiebreak_wins=False)
