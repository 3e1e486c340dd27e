"""A heuristic worth, in VP, of one seat's position: what greedy maximises and what search
scores its horizon with.

The running score (:func:`herotable.dominaria.rules.score`) is the backbone. On top of it
come the things that turn into VP later: mana (worth less as the game runs out, so that it
is spent), quests and public quests by how little is missing to complete them, the income of
Manaliths, artifacts' abilities, and where the Heroes stand: near big piles of mana, tokens
to take, and the locations quests ask for. Every term is a smooth function of progress so
that a one-step greedy choice always sees a gradient toward its goals.

Costs are in *mana equivalents*: roughly what it takes to gain one more of a metric, so that
quest progress, mana and moves are compared in one currency.
"""

from __future__ import annotations

from collections.abc import Iterable

from herotable.dominaria.game import DominariaGame
from herotable.dominaria.pack import ABILITY_COSTS, COLOURS, Effect, Pack, Quest, Requirement
from herotable.dominaria.rules import (
    ability_cost,
    collectable,
    collects_allowed,
    counters,
    moves_allowed,
    networks,
    progress,
    score,
)

INCOME = 4.0  # mana equivalents a player gains per turn, roughly: what a goal may cost
FAR = 9  # a distance standing for "unreachable"
ABILITY_COLOUR = {ability: colour for ability, (colour, _) in ABILITY_COSTS.items()}
ABILITY_OF = {colour: ability for ability, colour in ABILITY_COLOUR.items()}


def future_turns(game: DominariaGame, seat: int) -> int:
    """How many turns of ``seat`` are still to start (the current one not counted)."""
    if game.stage == "over":
        return 0
    if game.stage != "play" or game.first is None:  # ``first`` is drawn before play
        return game.config.rounds
    count = game.num_players
    mine, now = (seat - game.first) % count, (game.current - game.first) % count
    return game.config.rounds - game.round + (mine > now)


def mana_value(future: int) -> float:
    """What one mana token is worth held: about half a VP while there is time to spend it,
    little at the very end (left-over mana scores nothing)."""
    return 0.1 + 0.4 * min(1.0, future / 4)


class Position:
    """One seat's state with what every term needs computed once: how far the nearest
    Hero is from each location, and what each planeswalker ability costs it."""

    __slots__ = ("costs", "future", "game", "near", "ongoing", "pack", "state")

    def __init__(self, game: DominariaGame, seat: int) -> None:
        self.game = game
        self.pack = pack = game.pack
        self.state = state = game.players[seat]
        self.future = future_turns(game, seat)
        self.ongoing = game.stage == "play" and game.current == seat
        dist = pack.distances
        # Without a Hero yet (set-up), distances count from the start locations.
        origins = state.heroes or pack.start_locations
        near = dict(dist[origins[0]])
        for origin in origins[1:]:
            for loc, steps in dist[origin].items():
                if steps < near[loc]:
                    near[loc] = steps
        self.near = near
        self.costs = {a: 1 + ability_cost(state, pack, a).generic for a in ABILITY_OF.values()}

    def steps_to(self, targets: Iterable[str]) -> int:
        """Moves for the nearest Hero to reach any of ``targets``."""
        near = self.near
        return min((near[t] for t in targets), default=FAR)


_PLACES: dict[tuple[int, str], tuple[str, ...]] = {}


def places_of(pack: Pack, colour: str) -> tuple[str, ...]:
    """The locations of one colour (a pack is unhashable, so cached by its id: packs are
    loaded once per process and kept)."""
    key = (id(pack), colour)
    found = _PLACES.get(key)
    if found is None:
        found = _PLACES[key] = tuple(loc.id for loc in pack.locations.values()
                                     if loc.colour == colour)
    return found


def requirement_cost(pos: Position, req: Requirement,
                     since: dict[str, int] | None = None) -> float:
    """Mana equivalents still missing for one condition (0: it holds)."""
    state, pack = pos.state, pos.pack
    missing = req.at_least - progress(state, pack, req, since)
    if missing <= 0:
        return 0.0
    name, costs = req.metric, pos.costs
    if name == "heroes":
        return 99.0 if missing > state.heroes_on_track else missing * costs["recruit"]
    if name == "manaliths":
        if req.colour is None:
            return missing * costs["manalith"]
        return costs["manalith"] + 0.5 * pos.steps_to(places_of(pack, req.colour))
    if name in ("leylines", "network"):
        return missing * costs["leyline"]
    if name == "cabal":
        return missing * (1.5 + costs["confront"])
    if name == "artifacts":
        return missing * (1.5 + costs["discover"])
    if name == "quests":
        return missing * 5.0
    if name == "mana":
        return missing * (1.2 if req.colour else 0.8)
    if name == "colours":
        return missing * 1.5
    if name == "locations":
        short = max(0, req.at_least - len(state.heroes))
        return missing * (2.0 if req.colour else 1.5) + short * 5.0
    if name == "hero_at":
        assert req.location is not None
        dist = pack.distances[req.location]
        if not state.heroes:
            return 0.5 * pos.near[req.location] * missing
        steps = sorted(dist[h] for h in state.heroes if h != req.location)[:missing]
        return 0.5 * sum(steps) + 5.0 * max(0, missing - len(steps))
    if name == "visited":  # travel: a move or two per new place
        if req.location is not None:
            return 0.5 * min((pack.distances[req.location][h] for h in state.heroes),
                             default=pos.near[req.location])
        return missing * (1.5 if req.colour else 1.0)
    return 5.0 * missing


def conditions_cost(pos: Position, reqs: tuple[Requirement, ...],
                    since: dict[str, int] | None = None) -> float:
    return sum(requirement_cost(pos, r, since) for r in reqs)


def effects_value(effects: tuple[Effect, ...], future: int) -> float:
    """What gaining ``effects`` is worth (the cards of a "keep one of two" unknown yet)."""
    worth = {"quest": 2.0, "artifact": 2.5, "moves": 0.2}
    return sum(e.amount * (mana_value(future) if e.effect == "mana" else worth[e.effect])
               for e in effects)


def _goal_value(vp: float, cost: float, future: int, ongoing: bool) -> float:
    """A goal worth ``vp`` when done, ``cost`` away: most of it when nearly done, little
    when it cannot be paid for in the turns left."""
    budget = INCOME * (future + ongoing)
    if cost > budget:
        return 0.05 * vp
    return 0.7 * vp / (1.0 + cost / 5.0)


def quest_value(pos: Position, quest: Quest, started: dict[str, int] | None) -> float:
    """A quest in hand (``started`` None) or in play, by its VP, reward and what is missing.

    A start quest in hand counts its "since started" conditions from now, as if started at
    once: counted from the game's start instead, what the player already has would make the
    quest look nearly done in hand and far from done once started, so starting it would look
    like a loss and a bot would put it off until too late."""
    if quest.needs_start and started is None:
        cost = (conditions_cost(pos, quest.requires, counters(pos.state)) + 0.5
                + conditions_cost(pos, quest.start))
    else:
        cost = conditions_cost(pos, quest.requires, started)
    vp = quest.vp + effects_value(quest.reward, pos.future)
    return _goal_value(vp, cost, pos.future, pos.ongoing)


def _artifact_value(pack: Pack, artifact: str, future: int) -> float:
    """An artifact's ability, beyond its VP (which the score already counts)."""
    ability = pack.artifacts[artifact].ability
    soon = min(1.0, future / 3)
    if ability.kind in ("discount", "moves"):
        return 0.4 * ability.amount * soon
    if ability.kind == "collect":
        return 1.5 * ability.amount * soon
    if ability.kind == "turn":
        return 0.9 * mana_value(future) * future
    if ability.kind == "once":
        return 0.8 * effects_value(ability.effects, future)
    return 0.0


def _affordability(pos: Position, ability: str) -> float:
    """1 when the ability can be paid now, less the more mana is missing."""
    state, price = pos.state, pos.costs[ability]
    colour = ABILITY_COLOUR[ability]
    total = state.mana_total()
    if state.mana_of(colour) and total >= price:
        return 1.0
    coloured = 1.0 if state.mana_of(colour) else 0.6
    return coloured * min(1.0, total / price) ** 2 * 0.7


def _collection_value(pos: Position) -> float:
    """Mana the Heroes and Leylines can reach: now (this turn's collect is unused) and at
    the next turn, discounted by the moves it takes."""
    game, state, pack, near = pos.game, pos.state, pos.pack, pos.near
    groups = networks(state)
    reach = collectable(state)
    allowed = moves_allowed(state, pack)
    moves_now = allowed - state.moves_used
    moves_next = allowed - state.extra_moves
    collect_now = pos.ongoing and state.collects_used < collects_allowed(state, pack)
    best_now = best_next = 0.0
    for loc, amount in game.map_mana.items():
        if not amount or loc in game.cabal_tokens:
            continue
        if loc in reach:
            steps = 0
        elif groups:
            group = next((g for g in groups if loc in g), None)
            steps = min(near[t] for t in group) if group else near[loc]
        else:
            steps = near[loc]
        if collect_now and steps <= moves_now:
            best_now = max(best_now, amount * (1.0 - 0.04 * steps))
        late = amount * (1.0 - 0.04 * steps if steps <= moves_next
                         else 0.5 ** (steps - moves_next) * 0.8)
        best_next = max(best_next, late)
    worth = mana_value(pos.future)
    return worth * (0.95 * best_now + (0.5 * best_next if pos.future else 0.0))


def _token_value(pos: Position) -> float:
    """Heroes near what the planeswalker abilities need: artifact and Cabal tokens, and a
    location of a colour without a Manalith, weighed by how affordable the ability is."""
    if not (pos.future or pos.ongoing):
        return 0.0
    game, state, pack = pos.game, pos.state, pos.pack
    value = 0.0
    if game.artifact_tokens and game.artifact_deck:
        value += 1.2 * _affordability(pos, "discover") / (1 + pos.steps_to(game.artifact_tokens))
    if game.cabal_tokens and state.cabal < len(pack.boards.cabal.spaces):
        value += 1.0 * _affordability(pos, "confront") / (1 + pos.steps_to(game.cabal_tokens))
    if len(state.manaliths) < len(pack.boards.manalith.spaces):
        built = {pack.locations[m].colour for m in state.manaliths}
        steps = min(pos.steps_to(places_of(pack, c)) for c in COLOURS if c not in built)
        value += 1.0 * _affordability(pos, "manalith") / (1 + steps)
    return value


def _mana_held_value(pos: Position) -> float:
    state, future = pos.state, pos.future
    value = mana_value(future) * sum(state.pool.values()) + 0.05 * len(state.manalith_tokens)
    if future:
        useful = [a for a in ABILITY_OF.values() if _ability_useful(pos, a)]
        # The first token of a colour unlocks that colour's ability.
        value += 0.3 * sum(1 for a in useful if state.mana_of(ABILITY_COLOUR[a]))
        value += 0.4 * max((_affordability(pos, a) for a in useful), default=0.0)
    return value


def _ability_useful(pos: Position, ability: str) -> bool:
    game, state, boards = pos.game, pos.state, pos.pack.boards
    if ability == "recruit":
        return state.heroes_on_track > 0
    if ability == "discover":
        return bool(game.artifact_tokens)
    if ability == "confront":
        return bool(game.cabal_tokens) and state.cabal < len(boards.cabal.spaces)
    if ability == "manalith":
        return len(state.manaliths) < len(boards.manalith.spaces)
    return len(state.leylines) < len(boards.leyline.spaces)


def evaluate(game: DominariaGame, seat: int) -> float:
    """The seat's position in VP: its score plus what its assets should still bring."""
    state = game.players[seat]
    pack = game.pack
    total = float(score(state, pack)["total"])
    if game.is_over:
        return total
    pos = Position(game, seat)
    future = pos.future
    total += _mana_held_value(pos)
    # Manalith tokens come back every turn: their income is worth its mana.
    total += 0.8 * mana_value(future) * len(state.manaliths) * future
    # Each uncovered Hero-track space gives a move every turn.
    total += 0.12 * (len(pack.boards.hero.spaces) - state.heroes_on_track) * min(future, 6)
    for quest_id in state.hand:
        total += quest_value(pos, pack.quests[quest_id], None)
    for quest_id, since in state.started.items():
        total += quest_value(pos, pack.quests[quest_id], since)
    for quest_id, public in pack.public_quests.items():
        claims = game.claims[quest_id]
        if seat not in claims and len(claims) < len(public.tiles):
            cost = conditions_cost(pos, public.requires)
            total += 0.8 * _goal_value(public.tiles[len(claims)], cost, future, pos.ongoing)
    total += sum(_artifact_value(pack, a, future) for a in state.artifacts)
    pending = [state.choice.kind] if state.choice else []
    total += sum(2.5 if kind == "artifact" else 2.0 for kind in pending + state.owed
                 if kind != "setup")
    total += _collection_value(pos)
    total += _token_value(pos)
    return total


def relative(game: DominariaGame, seat: int) -> float:
    """The seat's worth against its strongest rival: what search maximises, since a VP the
    leader loses is as good as one gained."""
    mine = evaluate(game, seat)
    others = [evaluate(game, s) for s in range(game.num_players) if s != seat]
    return mine - max(others)
