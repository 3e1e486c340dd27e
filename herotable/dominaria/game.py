"""The flow of a Heroes of Dominaria game: set-up, turns (mana phase, action phase), rounds,
final scoring.

Stages: ``quests`` (every player keeps 2 of 4 dealt quests, in any order), ``heroes`` (starting
Heroes placed in turn order; two players place two each), ``play`` (the current player acts
until ``end``), ``over``. A "look at two, keep one" (new quest, artifact) is a choice the player
answers with ``keep`` before anything else. Everything random comes from the seed.
"""

from __future__ import annotations

import copy
from collections.abc import Callable, Collection
from typing import Any, ClassVar

from herotable.core.errors import IllegalAction, ParamValue, SaveFileError, terms
from herotable.core.game import (
    ActionLog,
    Game,
    Standing,
    field_int,
    field_list,
    field_names,
    whole_number,
)
from herotable.core.rng import SeededRng
from herotable.dominaria import rules
from herotable.dominaria.actions import DominariaAction, known_action, parse_action
from herotable.dominaria.config import DominariaConfig
from herotable.dominaria.encoding import PackEncoding, encoding_for
from herotable.dominaria.names import listed_names, record_names
from herotable.dominaria.pack import (
    ARTIFACT_TOKENS,
    CABAL_TOKENS,
    COLOURS,
    MANA_PER_COLOUR,
    Effect,
    Pack,
)
from herotable.dominaria.refusals import DominariaRefusal
from herotable.dominaria.rules import (
    Cost,
    ability_cost,
    auto_payment,
    can_pay,
    collectable,
    collects_allowed,
    counters,
    describe_requirement,
    gives_something,
    met,
    moves_allowed,
    payment_problem,
    reach,
    score,
)
from herotable.dominaria.state import Choice, PlayerState
from herotable.dominaria.view import DominariaView, SeatView, board_json

SETUP_QUESTS_DEALT, SETUP_QUESTS_KEPT = 4, 2
STAGES = ("quests", "heroes", "play", "over")
RECENT_EVENTS = 80  # the most events a view carries (a page update stays small)
# The quest metrics an action of these verbs can raise (they bring no reward); an action of
# any other verb may raise any. After one of these, a public quest counting none of them is
# as unfulfilled as before (see DominariaGame._take_public_tiles).
RAISES = {
    "move": frozenset({"locations", "hero_at", "visited"}),
    "collect": frozenset({"mana", "colours"}),
}


def hero_placement_order(first: int, players: int) -> list[int]:
    """Who places each starting Hero, in order: one each from the first player round the
    table; with two players, the seed's set-up: first one Hero, second both, first the other."""
    order = [(first + i) % players for i in range(players)]
    if players == 2:
        order = [order[0], order[1], order[1], order[0]]
    return order


class DominariaGame(Game[DominariaConfig, DominariaAction, DominariaView]):
    """One game of Heroes of Dominaria for 2 to 4 players.

    :meth:`standings` break ties by completed quests (``Standing.tiebreak``, more is better).
    """

    name = "dominaria"
    action_types: ClassVar[tuple[type, ...]] = (DominariaAction,)
    # A Dominaria card turned over (a new turn) or the end: each is final (see undoable).
    revealing_events = frozenset({"dominaria", "game_over"})

    @classmethod
    def config_from_json(cls, data: Any) -> DominariaConfig:
        return DominariaConfig.from_json(data)

    def __init__(self, config: DominariaConfig | None = None, seed: int = 0) -> None:
        self.config = config or DominariaConfig()
        self.pack: Pack = self.config.pack()
        self.seed = seed
        self.rng = SeededRng(seed)
        self.log = ActionLog(self.name, self.config.to_json(), seed)
        self.events: list[dict[str, Any]] = []
        pack = self.pack
        per_location = self.config.start_mana
        self.supply = dict.fromkeys(COLOURS, MANA_PER_COLOUR)
        self.map_mana: dict[str, int] = {}
        for loc in pack.locations.values():
            placed = min(per_location, self.supply[loc.colour])
            self.supply[loc.colour] -= placed
            self.map_mana[loc.id] = placed
        self.cabal_tokens: dict[str, int] = {}
        # The Dominaria cards whose Cabal tokens stand at each location, oldest first.
        self.cabal_cards: dict[str, list[str]] = {}
        self.artifact_tokens: dict[str, int] = {}
        self.cabal_supply, self.artifact_supply = CABAL_TOKENS, ARTIFACT_TOKENS
        self.deck = [c.id for c in pack.cards]
        self.discard: list[str] = []
        self.artifact_deck = list(pack.artifacts)
        self.quest_deck = list(pack.quests)
        for deck in (self.deck, self.artifact_deck, self.quest_deck):
            self.rng.shuffle(deck)
        self.claims: dict[str, list[int]] = {q: [] for q in pack.public_quests}
        self.players = [PlayerState(w, setup_moves=self._setup_moves())
                        for w in self.config.walkers()]
        for player in self.players:
            dealt = [self.quest_deck.pop(0) for _ in range(SETUP_QUESTS_DEALT)]
            player.choice = Choice("setup", dealt)
        # The first player is drawn once the quests are kept (the rulebook's step 9 follows
        # step 8); until then nobody is first, and ``current`` means nothing.
        self.first: int | None = None
        self.current = 0
        self.round = 1
        self.stage = "quests"
        self.placements: list[int] = []  # who places the next starting Heroes, in order
        self.revealed: str | None = None  # this turn's Dominaria card
        self._claims_settled = False  # see _take_public_tiles

    def _setup_moves(self) -> int:
        """The rulebook's extra move of a two-player game, beyond the move symbol the second
        starting Hero uncovers: its turn example gives Brian three moves with two Heroes
        (docs/rules-decisions.md)."""
        return rules.TWO_PLAYER_MOVES if self.config.players == 2 else 0

    # ------------------------------------------------------------------ queries

    @property
    def num_players(self) -> int:
        return self.config.players

    @property
    def is_over(self) -> bool:
        return self.stage == "over"

    def pending_players(self) -> list[int]:
        if self.stage == "quests":
            return [p for p, s in enumerate(self.players) if s.choice is not None]
        if self.stage == "heroes":
            return self.placements[:1]
        if self.stage == "play":
            return [self.current]
        return []

    def player_name(self, player: int) -> str:
        return self.config.player_name(player)

    def scores(self) -> list[dict[str, int]]:
        return [score(p, self.pack) for p in self.players]

    def standings(self) -> list[Standing]:
        """Best first: the most VP, then the most completed quests (:func:`rules.standings`)."""
        return rules.standings(self.players, [s["total"] for s in self.scores()])

    def mana_on_map(self) -> int:
        return sum(self.map_mana.values())

    def mana_total(self) -> int:
        """Supply + pools + map: always 120 (Manalith tokens are each player's own)."""
        return (sum(self.supply.values()) + self.mana_on_map()
                + sum(sum(p.pool.values()) for p in self.players))

    # ------------------------------------------------------------------ legal actions

    def legal_actions(self, player: int) -> list[DominariaAction]:
        self.check_seat(player)
        if player not in self.pending_players():
            return []
        state = self.players[player]
        act = known_action
        if self.stage == "quests":
            assert state.choice is not None
            cards = state.choice.cards
            # A kept pair is unordered: spelled with its ids sorted, as the action encoding
            # lists it (the hand keeps the dealt order whatever the spelling).
            return [act("keep", (a, b) if a <= b else (b, a))
                    for i, a in enumerate(cards) for b in cards[i + 1:]]
        if self.stage == "heroes":
            return [act("place", (loc,)) for loc in self.pack.start_locations]
        if state.choice is not None:
            return [act("keep", (card,)) for card in state.choice.cards]
        actions: list[DominariaAction] = []
        pack = self.pack
        here = sorted(set(state.heroes))
        if state.moves_used < moves_allowed(state, pack):
            actions += [act("move", (a, b)) for a in here for b in sorted(pack.adjacency[a])]
        if state.collects_used < collects_allowed(state, pack):
            actions += [act("collect", (loc,)) for loc in sorted(collectable(state))
                        if self.map_mana[loc] and not self.cabal_tokens.get(loc)]
        if state.heroes_on_track and self._affordable(state, "recruit"):
            actions += [act("recruit", (loc,)) for loc in pack.start_locations]
        if self.artifact_deck and self._affordable(state, "discover"):
            actions += [act("discover", (loc,)) for loc in sorted(reach(state, pack, "discover"))
                        if self.artifact_tokens.get(loc)]
        if (state.cabal < len(pack.boards.cabal.spaces)
                and self._affordable(state, "confront")):
            actions += [act("confront", (loc,)) for loc in sorted(reach(state, pack, "confront"))
                        if self.cabal_tokens.get(loc)]
        if (len(state.manaliths) < len(pack.boards.manalith.spaces)
                and self._affordable(state, "manalith")):
            built = {pack.locations[m].colour for m in state.manaliths}
            actions += [act("manalith", (loc,)) for loc in here
                        if pack.locations[loc].colour not in built]
        if (len(state.leylines) < len(pack.boards.leyline.spaces)
                and self._affordable(state, "leyline")):
            links = {pack.link_key(a, b) for a in here for b in pack.adjacency[a]}
            actions += [act("leyline", link) for link in sorted(links - set(state.leylines))]
        actions += [act("use", (a,)) for a in state.artifacts if self._usable(state, a)]
        for quest_id in state.hand:
            quest = pack.quests[quest_id]
            if quest.needs_start and met(state, pack, quest.start):
                actions.append(act("start", (quest_id,)))
            elif not quest.needs_start and met(state, pack, quest.requires):
                actions.append(act("complete", (quest_id,)))
        actions += [act("complete", (q,)) for q, since in state.started.items()
                    if met(state, pack, pack.quests[q].requires, since)]
        actions.append(act("end"))
        return actions

    def has_legal_action(self, player: int) -> bool:
        return bool(self.legal_actions(player))

    def _affordable(self, state: PlayerState, ability: str) -> bool:
        return can_pay(state, ability_cost(state, self.pack, ability))

    def _usable(self, state: PlayerState, artifact: str) -> bool:
        ability = self.pack.artifacts[artifact].ability
        return ((ability.kind == "once"
                 or (ability.kind == "turn" and artifact not in state.used_artifacts))
                and self._gives_something(ability.effects))

    def _gives_something(self, effects: tuple[Effect, ...]) -> bool:
        return gives_something(effects, self.supply, len(self.quest_deck),
                               len(self.artifact_deck))

    def _fulfils(self, player: int, quest_id: str) -> bool:
        """Whether the player meets a public quest's condition and may still take a tile."""
        claims = self.claims[quest_id]
        quest = self.pack.public_quests[quest_id]
        return (len(claims) < len(quest.tiles) and player not in claims
                and met(self.players[player], self.pack, quest.requires))

    def note_settled_claims(self) -> None:
        """For a state set up other than by play (a load, a world sampled from a view): note
        whether no seat fulfils a public quest whose tile is still there, so that the next
        action checks its actor alone (see :meth:`_take_public_tiles`)."""
        self._claims_settled = not any(self._fulfils(player, quest_id)
                                       for player in range(self.num_players)
                                       for quest_id in self.claims)

    # ------------------------------------------------------------------ applying

    @classmethod
    def parse_action(cls, text: str) -> DominariaAction:
        return parse_action(text)

    def _named(self, kind: str, record_id: str) -> dict[str, str]:
        """A refusal's parameter for a location, quest or artifact: its names by language."""
        return record_names(self.pack, kind, record_id)

    @staticmethod
    def _cards_kind(choice: Choice) -> str:
        """Which of the pack's records the cards looked at are."""
        return "artifacts" if choice.kind == "artifact" else "quests"

    def _cards_named(self, choice: Choice) -> dict[str, str]:
        """The cards a player is looking at, listed by language."""
        return listed_names(self._named(self._cards_kind(choice), card) for card in choice.cards)

    def _starts_named(self) -> dict[str, str]:
        return listed_names(self._named("locations", start) for start in self.pack.start_locations)

    def _link_named(self, a: str, b: str) -> dict[str, ParamValue]:
        return {"origin": self._named("locations", a), "target": self._named("locations", b)}

    def _not_your_turn(self, player: int) -> str:
        waiting = ", ".join(self.player_name(p) for p in self.pending_players())
        return f"it is not {self.player_name(player)}'s turn (waiting for {waiting})"

    def _random_state(self) -> int:
        return self.rng.state

    def _face_down_piles(self) -> tuple[int, ...]:
        # A quest or artifact dealt to look at shrinks its deck; a card put back grows it.
        return len(self.deck), len(self.quest_deck), len(self.artifact_deck)

    def _resolve(self, player: int, action: DominariaAction) -> None:
        """Every check runs before the first change, so a refusal changes nothing."""
        self._check_stage(player, action)
        HANDLERS[action.verb](self, player, action)
        if action.verb != "end":  # ending a turn takes the tiles itself, before it passes
            self._take_public_tiles(player, RAISES.get(action.verb))

    def _check_stage(self, player: int, action: DominariaAction) -> None:
        state = self.players[player]
        if self.stage == "quests" and action.verb != "keep":
            raise IllegalAction("first keep two of your four quests: keep <quest> <quest>",
                                DominariaRefusal.KEEP_QUESTS_FIRST)
        if self.stage == "heroes" and action.verb != "place":
            raise IllegalAction("place your starting Hero first: place <start location>",
                                DominariaRefusal.PLACE_HERO_FIRST)
        if self.stage == "play":
            if state.choice is not None and action.verb != "keep":
                shown = " or ".join(state.choice.cards)
                raise IllegalAction(f"first keep one of the cards you are looking at: {shown}",
                                    DominariaRefusal.KEEP_CARD_FIRST,
                                    {"cards": self._cards_named(state.choice)})
            if action.verb == "place":
                raise IllegalAction("starting Heroes are placed at set-up only",
                                    DominariaRefusal.SETUP_ONLY)
        for arg in action.args:
            if (action.verb in ("place", "move", "collect", "recruit", "discover", "confront",
                                "manalith", "leyline") and arg not in self.pack.locations):
                raise IllegalAction(f"unknown location {arg!r}", DominariaRefusal.UNKNOWN_LOCATION,
                                    {"location": arg})

    # ------------------------------------------------------------------ set-up

    def _do_keep(self, player: int, action: DominariaAction) -> None:
        state = self.players[player]
        choice = state.choice
        if choice is None:
            raise IllegalAction("you are not looking at any cards",
                                DominariaRefusal.NOTHING_TO_KEEP)
        wanted = SETUP_QUESTS_KEPT if choice.kind == "setup" else 1
        if len(action.args) != wanted or len(set(action.args)) != wanted:
            raise IllegalAction(f"keep {wanted} different card(s) of {', '.join(choice.cards)}",
                                DominariaRefusal.KEEP_COUNT,
                                {"count": wanted, "cards": self._cards_named(choice)})
        missing = [c for c in action.args if c not in choice.cards]
        if missing:
            raise IllegalAction(f"{missing[0]} is not among {', '.join(choice.cards)}",
                                DominariaRefusal.NOT_AMONG,
                                {"card": self._named(self._cards_kind(choice), missing[0]),
                                 "cards": self._cards_named(choice)})
        rest = [c for c in choice.cards if c not in action.args]
        state.choice = None
        if choice.kind == "artifact":
            state.artifacts.append(action.args[0])
            state.discovered += 1
            self.artifact_deck += rest
            self._event("artifact", player=player, artifact=action.args[0])
        else:
            state.hand += [c for c in choice.cards if c in action.args]  # in dealt order
            self.quest_deck += rest
            self._event("quest", player=player, count=len(action.args))
        if choice.kind == "setup":
            if all(p.choice is None for p in self.players):
                self.rng.shuffle(self.quest_deck)  # the rulebook: shuffled back in
                self.first = self.current = self.rng.below(self.num_players)
                self._give_head_starts(self.first)
                self._start_hero_placement(self.first)
        else:
            self._next_choice(player)

    def _head_start(self, seat: int) -> int:
        """The VP ``seat`` receives for its place in turn order (none before the draw)."""
        if self.first is None:
            return 0
        place = (seat - self.first) % self.num_players
        return self.pack.boards.turn_order.head_start(self.num_players, place)

    def _give_head_starts(self, first: int) -> None:
        """Each seat's VP for its place in turn order, from the pack (nothing in the
        rulebook's game). Every place is announced, none too: the log says who plays when,
        and where each player's VP came from."""
        for place in range(self.num_players):
            seat = (first + place) % self.num_players
            vp = self.players[seat].head_start = self._head_start(seat)
            self._event("head_start", player=seat, vp=vp, place=place + 1)

    def _start_hero_placement(self, first: int) -> None:
        self.placements = hero_placement_order(first, self.num_players)
        self.stage = "heroes"

    def _do_place(self, player: int, action: DominariaAction) -> None:
        location = action.args[0]
        if not self.pack.locations[location].start:
            starts = ", ".join(self.pack.start_locations)
            raise IllegalAction(f"{location} is not a start location ({starts})",
                                DominariaRefusal.START_LOCATION,
                                {"location": self._named("locations", location),
                                 "starts": self._starts_named()})
        state = self.players[player]
        if state.heroes:  # a second starting Hero (two players) comes off the Hero track
            state.heroes_on_track -= 1
        state.heroes.append(location)
        state.travels.append(location)
        self.placements.pop(0)
        self._event("hero", player=player, location=location)
        if not self.placements:
            self.stage = "play"  # ``current`` is the first player since the draw
            self._start_turn()

    # ------------------------------------------------------------------ turns

    def _start_turn(self) -> None:
        """The mana phase: reveal a Dominaria card and put its mana and token on the map."""
        self.players[self.current].new_turn()
        if not self.deck:  # more turns than cards: the discards are shuffled into a new deck
            self.deck, self.discard = self.discard, []
            self.rng.shuffle(self.deck)
        card_id = self.deck.pop(0)
        self.discard.append(card_id)
        self.revealed = card_id
        card = next(c for c in self.pack.cards if c.id == card_id)
        # Every location of a colour shown gets one token while the supply lasts; when it
        # cannot cover them all, the order needs no choice and favours nobody
        # (docs/rules-decisions.md): locations free of Cabal tokens first (mana there can be
        # collected), then those holding the fewest tokens, then map order.
        shortages: list[tuple[str, int]] = []
        for colour in card.mana:
            places = sorted((loc.id for loc in self.pack.locations.values()
                             if loc.colour == colour), key=self._shortage_order)
            given = places[:self.supply[colour]]
            self.supply[colour] -= len(given)
            for place in given:
                self.map_mana[place] += 1
            if len(given) < len(places):
                shortages.append((colour, len(places) - len(given)))
        if card.token == "cabal" and card.location and self.cabal_supply:
            self.cabal_supply -= 1
            self.cabal_tokens[card.location] = self.cabal_tokens.get(card.location, 0) + 1
            self.cabal_cards.setdefault(card.location, []).append(card_id)
        elif card.token == "artifact" and card.location and self.artifact_supply:
            self.artifact_supply -= 1
            self.artifact_tokens[card.location] = self.artifact_tokens.get(card.location, 0) + 1
        self._event("dominaria", player=self.current, card=card_id, round=self.round)
        for colour, missed in shortages:
            self._event("shortage", colour=colour, missed=missed)

    def _shortage_order(self, location: str) -> tuple[bool, int]:
        """Where a short supply's tokens go first (the smallest key; a stable sort keeps map
        order among equals)."""
        return bool(self.cabal_tokens.get(location)), self.map_mana[location]

    def _do_end(self, player: int, action: DominariaAction) -> None:
        state = self.players[player]
        # Manalith tokens come back for every built colour not already in the pool.
        for location in state.manaliths:
            state.manalith_tokens.add(self.pack.locations[location].colour)
        # Still the player's turn: the tokens back may fulfil a public quest.
        self._take_public_tiles(player)
        self.current = (self.current + 1) % self.num_players
        if self.current == self.first:
            self.round += 1
            if self.round > self.config.rounds:
                self.stage = "over"
                self.round = self.config.rounds
                self._event("game_over", winners=self.winners())
                return
        self._start_turn()

    # ------------------------------------------------------------------ the action phase

    def _hero_at(self, state: PlayerState, location: str, what: str) -> None:
        if location not in state.heroes:
            raise IllegalAction(f"{what} needs one of your Heroes at {location}",
                                DominariaRefusal.NO_HERO,
                                {"location": self._named("locations", location)})

    def _within_reach(self, state: PlayerState, location: str, ability: str,
                      what: str) -> None:
        """A Hero of yours stands at ``location``, or next to it with a ``reach`` artifact
        for ``ability`` in play."""
        if location not in reach(state, self.pack, ability):
            self._hero_at(state, location, what)

    def _pay(self, player: int, action: DominariaAction, ability: str) -> tuple[str, ...]:
        """Check the payment (the named one, or the engine's) without spending it yet."""
        state = self.players[player]
        cost: Cost = ability_cost(state, self.pack, ability)
        if not can_pay(state, cost):
            raise IllegalAction(f"{ability} costs {cost}: you hold {state.mana_of(cost.colour)} "
                                f"{cost.colour} and {state.mana_total()} mana in all",
                                DominariaRefusal.MANA, {"ability": terms("dom.ability", ability),
                                                        "cost": cost.said()})
        pay = action.pay or auto_payment(state, cost)
        problem = payment_problem(state, cost, pay)
        if problem:
            raise IllegalAction(problem, DominariaRefusal.MANA,
                                {"ability": terms("dom.ability", ability), "cost": cost.said()})
        return pay

    def _spend(self, state: PlayerState, pay: tuple[str, ...]) -> None:
        """Spend ``pay``: a Manalith token of a colour goes first (it comes back at the end of
        the turn), ordinary mana returns to the supply."""
        for colour in pay:
            if colour in state.manalith_tokens:
                state.manalith_tokens.discard(colour)
            else:
                state.pool[colour] -= 1
                self.supply[colour] += 1

    def _do_move(self, player: int, action: DominariaAction) -> None:
        state = self.players[player]
        origin, target = action.args
        self._hero_at(state, origin, "moving")
        if target not in self.pack.adjacency[origin]:
            raise IllegalAction(f"{target} is not next to {origin}", DominariaRefusal.NOT_ADJACENT,
                                {"origin": self._named("locations", origin),
                                 "target": self._named("locations", target)})
        if state.moves_used >= moves_allowed(state, self.pack):
            raise IllegalAction("no move action left this turn", DominariaRefusal.NO_MOVES)
        state.moves_used += 1
        state.heroes[state.heroes.index(origin)] = target
        state.travels.append(target)
        self._event("move", player=player, origin=origin, target=target)

    def _do_collect(self, player: int, action: DominariaAction) -> None:
        state = self.players[player]
        location = action.args[0]
        if state.collects_used >= collects_allowed(state, self.pack):
            raise IllegalAction("you have already collected mana this turn",
                                DominariaRefusal.COLLECTED)
        if location not in collectable(state):
            raise IllegalAction(f"{location} holds none of your Heroes and is not joined to one "
                                "by your Leylines", DominariaRefusal.NOT_REACHABLE,
                                {"location": self._named("locations", location)})
        if self.cabal_tokens.get(location):
            raise IllegalAction(f"a Cabal token at {location} blocks collecting there",
                                DominariaRefusal.CABAL,
                                {"location": self._named("locations", location)})
        amount = self.map_mana[location]
        if not amount:
            raise IllegalAction(f"there is no mana at {location}", DominariaRefusal.NO_MANA,
                                {"location": self._named("locations", location)})
        colour = self.pack.locations[location].colour
        state.collects_used += 1
        self.map_mana[location] = 0
        state.pool[colour] += amount
        self._event("collect", player=player, location=location, colour=colour, amount=amount)

    def _do_recruit(self, player: int, action: DominariaAction) -> None:
        state = self.players[player]
        location = action.args[0]
        if not state.heroes_on_track:
            raise IllegalAction("all four of your Heroes are already on the map",
                                DominariaRefusal.NO_HEROES)
        if not self.pack.locations[location].start:
            starts = ", ".join(self.pack.start_locations)
            raise IllegalAction(f"a recruited Hero enters at a start location ({starts})",
                                DominariaRefusal.START_LOCATION,
                                {"location": self._named("locations", location),
                                 "starts": self._starts_named()})
        pay = self._pay(player, action, "recruit")
        self._spend(state, pay)
        state.heroes_on_track -= 1
        state.heroes.append(location)
        state.travels.append(location)
        space = self.pack.boards.hero.spaces[len(self.pack.boards.hero.spaces)
                                             - state.heroes_on_track - 1]
        self._event("recruit", player=player, location=location)
        self._track_rewards(player, space.quest, space.green)

    def _do_discover(self, player: int, action: DominariaAction) -> None:
        state = self.players[player]
        location = action.args[0]
        self._within_reach(state, location, "discover", "discovering an artifact")
        if not self.artifact_tokens.get(location):
            raise IllegalAction(f"there is no artifact token at {location}",
                                DominariaRefusal.NO_ARTIFACT_TOKEN,
                                {"location": self._named("locations", location)})
        if not self.artifact_deck:
            raise IllegalAction("the artifact deck is empty", DominariaRefusal.EMPTY_DECK)
        pay = self._pay(player, action, "discover")
        self._spend(state, pay)
        self.artifact_tokens[location] -= 1  # [D] the token leaves the map
        if not self.artifact_tokens[location]:
            del self.artifact_tokens[location]
        self._event("discover", player=player, location=location)
        state.owed.insert(0, "artifact")
        self._next_choice(player)

    def _do_confront(self, player: int, action: DominariaAction) -> None:
        state = self.players[player]
        location = action.args[0]
        self._within_reach(state, location, "confront", "confronting the Cabal")
        if not self.cabal_tokens.get(location):
            raise IllegalAction(f"there is no Cabal token at {location}",
                                DominariaRefusal.NO_CABAL_TOKEN,
                                {"location": self._named("locations", location)})
        spaces = self.pack.boards.cabal.spaces
        if state.cabal >= len(spaces):
            raise IllegalAction("your defeated-Cabal track is full",
                                DominariaRefusal.CABAL_TRACK_FULL)
        pay = self._pay(player, action, "confront")
        self._spend(state, pay)
        self.cabal_tokens[location] -= 1
        if not self.cabal_tokens[location]:
            del self.cabal_tokens[location]
        # The tokens are alike: the oldest one goes, so the page names the newer card.
        origins = self.cabal_cards.get(location)
        if origins:
            origins.pop(0)
            if not origins:
                del self.cabal_cards[location]
        state.cabal += 1
        space = spaces[state.cabal - 1]
        self._event("confront", player=player, location=location)
        self._track_rewards(player, space.quest, space.green)

    def _do_manalith(self, player: int, action: DominariaAction) -> None:
        state = self.players[player]
        location = action.args[0]
        self._hero_at(state, location, "building a Manalith")
        spaces = self.pack.boards.manalith.spaces
        if len(state.manaliths) >= len(spaces):
            raise IllegalAction("all your Manaliths are built", DominariaRefusal.MANALITHS_BUILT)
        colour = self.pack.locations[location].colour
        if any(self.pack.locations[m].colour == colour for m in state.manaliths):
            raise IllegalAction(f"you already have a Manalith on a {colour} location; each must "
                                "stand on a different colour", DominariaRefusal.MANALITH_COLOUR,
                                {"colour": terms("dom.colour", colour)})
        pay = self._pay(player, action, "manalith")
        self._spend(state, pay)
        state.manaliths.append(location)
        space = spaces[len(state.manaliths) - 1]
        self._event("manalith", player=player, location=location)
        self._track_rewards(player, space.quest, space.green)

    def _do_leyline(self, player: int, action: DominariaAction) -> None:
        state = self.players[player]
        a, b = action.args
        if not self.pack.are_adjacent(a, b):
            raise IllegalAction(f"{a} and {b} are not linked on the map",
                                DominariaRefusal.NOT_ADJACENT, self._link_named(a, b))
        if a not in state.heroes and b not in state.heroes:
            raise IllegalAction(f"a Leyline starts where one of your Heroes stands ({a} or {b})",
                                DominariaRefusal.LEYLINE_NO_HERO, self._link_named(a, b))
        link = self.pack.link_key(a, b)
        if link in state.leylines:
            raise IllegalAction(f"you already have a Leyline between {a} and {b}",
                                DominariaRefusal.LEYLINE_HELD, self._link_named(a, b))
        spaces = self.pack.boards.leyline.spaces
        if len(state.leylines) >= len(spaces):
            raise IllegalAction("all your Leylines are formed", DominariaRefusal.LEYLINES_FORMED)
        pay = self._pay(player, action, "leyline")
        self._spend(state, pay)
        state.leylines.append(link)
        space = spaces[len(state.leylines) - 1]
        self._event("leyline", player=player, link=list(link))
        self._track_rewards(player, space.quest, space.green)

    def _do_use(self, player: int, action: DominariaAction) -> None:
        state = self.players[player]
        artifact_id = action.args[0]
        if artifact_id not in state.artifacts:
            raise IllegalAction(f"{artifact_id} is not one of your artifacts in play",
                                DominariaRefusal.NO_ARTIFACT,
                                {"artifact": self._named("artifacts", artifact_id)})
        artifact = self.pack.artifacts[artifact_id]
        kind = artifact.ability.kind
        if kind not in ("turn", "once"):
            raise IllegalAction(f"{artifact.name} has no ability to use (it works by itself)",
                                DominariaRefusal.PASSIVE,
                                {"artifact": self._named("artifacts", artifact_id)})
        if kind == "turn" and artifact_id in state.used_artifacts:
            raise IllegalAction(f"{artifact.name} was already used this turn",
                                DominariaRefusal.USED,
                                {"artifact": self._named("artifacts", artifact_id)})
        if not self._gives_something(artifact.ability.effects):
            raise IllegalAction(f"{artifact.name} would give nothing now: what it gives has run "
                                "out", DominariaRefusal.GIVES_NOTHING,
                                {"artifact": self._named("artifacts", artifact_id)})
        if kind == "once":
            state.artifacts.remove(artifact_id)
            state.accomplished.append(artifact_id)
        state.used_artifacts.add(artifact_id)
        self._event("use", player=player, artifact=artifact_id)
        self._gain(player, artifact.ability.effects)

    def _do_start(self, player: int, action: DominariaAction) -> None:
        state = self.players[player]
        quest_id = action.args[0]
        if quest_id not in state.hand:
            raise IllegalAction(f"{quest_id} is not a quest in your hand",
                                DominariaRefusal.NO_QUEST,
                                {"quest": self._named("quests", quest_id)})
        quest = self.pack.quests[quest_id]
        if not quest.needs_start:
            raise IllegalAction(f"{quest.name} is completed straight from your hand",
                                DominariaRefusal.NO_START,
                                {"quest": self._named("quests", quest_id)})
        self._check_met(state, quest.start, ("quests", quest_id), "start")
        state.hand.remove(quest_id)
        state.started[quest_id] = counters(state)
        self._event("start", player=player, quest=quest_id)

    def _do_complete(self, player: int, action: DominariaAction) -> None:
        state = self.players[player]
        quest_id = action.args[0]
        quest = self.pack.quests.get(quest_id)
        if quest is None or (quest_id not in state.hand and quest_id not in state.started):
            raise IllegalAction(f"{quest_id} is not a quest in your hand or in play",
                                DominariaRefusal.NO_QUEST,
                                {"quest": self._named("quests", quest_id)})
        if quest_id in state.hand and quest.needs_start:
            raise IllegalAction(f"{quest.name} must be started first (start {quest_id})",
                                DominariaRefusal.NOT_STARTED,
                                {"quest": self._named("quests", quest_id)})
        self._check_met(state, quest.requires, ("quests", quest_id), "complete",
                        state.started.get(quest_id))
        if quest_id in state.hand:
            state.hand.remove(quest_id)
        else:
            del state.started[quest_id]
        state.accomplished.append(quest_id)
        state.completed += 1
        self._event("complete", player=player, quest=quest_id, vp=quest.vp)
        self._gain(player, quest.reward)

    def _take_public_tiles(self, actor: int, raised: frozenset[str] | None = None) -> None:
        """Give a public quest's tile to every player who fulfils it, the moment an action
        ends: the rulebook gives it to the first player to fulfil the condition, so taking it
        is no decision (docs/rules-decisions.md). Only the acting player's board changes, but
        a loaded state may hold an untaken tile another fulfils: seats are checked from the
        actor round the table, and quests in the pack's order.

        Once every seat has been checked, only the actor can have come to fulfil a quest (an
        action changes no other board's metrics, and a turn's start only resets the turn's
        counts), so later calls check the actor alone, and of its quests only those that
        count a metric ``raised`` names (None: any metric may have risen): checking every
        seat and every quest after every action made the engine about twice as slow."""
        if not self._claims_settled:
            seats, raised = self.num_players, None
        else:
            seats = 1
        self._claims_settled = True
        for offset in range(seats):
            player = (actor + offset) % self.num_players
            for quest_id, quest in self.pack.public_quests.items():
                if raised is not None and all(r.metric not in raised for r in quest.requires):
                    continue
                if self._fulfils(player, quest_id):
                    claims = self.claims[quest_id]
                    vp = quest.tiles[len(claims)]
                    claims.append(player)
                    self.players[player].public.append((quest_id, vp))
                    self._event("claim", player=player, quest=quest_id, vp=vp)

    def _check_met(self, state: PlayerState, reqs: tuple, quest: tuple[str, str], verb: str,
                   since: dict[str, int] | None = None) -> None:
        """``quest`` is the kind and id of the quest whose requirements ``reqs`` are."""
        if not met(state, self.pack, reqs, since):
            named = self._named(*quest)
            needed = "; ".join(describe_requirement(r) for r in reqs)
            # The requirements travel as the quest itself: each front end shows them from
            # the catalogue's quest, in its own words, as it does on the quest's card.
            raise IllegalAction(f"you cannot {verb} {named['en']} yet: it needs {needed}",
                                DominariaRefusal.QUEST_UNMET, {"quest": named})

    # ------------------------------------------------------------------ rewards

    def _track_rewards(self, player: int, quest: bool, green: int) -> None:
        if green:
            self._gain(player, (Effect("mana", green, "G"),))
        if quest:
            self._gain(player, (Effect("quest"),))

    def _gain(self, player: int, effects: tuple[Effect, ...]) -> None:
        state = self.players[player]
        for effect in effects:
            if effect.effect == "mana" and effect.colour:
                given = min(effect.amount, self.supply[effect.colour])
                self.supply[effect.colour] -= given
                state.pool[effect.colour] += given
                self._event("mana", player=player, colour=effect.colour, amount=given)
            elif effect.effect == "moves":
                state.extra_moves += effect.amount
            elif effect.effect in ("quest", "artifact"):
                state.owed += [effect.effect] * effect.amount
        self._next_choice(player)

    def _next_choice(self, player: int) -> None:
        """Show the next owed "look at two, keep one", if none is shown now."""
        state = self.players[player]
        while state.choice is None and state.owed:
            kind = state.owed.pop(0)
            deck = self.quest_deck if kind == "quest" else self.artifact_deck
            cards = [deck.pop(0) for _ in range(min(2, len(deck)))]
            if cards:  # an empty deck gives nothing
                state.choice = Choice(kind, cards)

    # ------------------------------------------------------------------ integers and observations

    @property
    def encoding(self) -> PackEncoding:
        """The pack's action space and observation layout (built once per pack)."""
        return encoding_for(self.pack)

    def num_distinct_actions(self) -> int:
        """Fixed by the data pack, whatever the player count or the state."""
        return self.encoding.num_distinct_actions

    def encode_action(self, action: DominariaAction) -> int:
        """An action with a payment encodes as the same action without it."""
        return self.encoding.encode(action)

    def decode_action(self, index: int) -> DominariaAction:
        """The action without a payment: the engine pays by its rule when it is applied."""
        return self.encoding.decode(index)

    def legal_action_indices(self, player: int) -> list[int]:
        encode = self.encoding.encode
        return sorted(encode(a) for a in self.legal_actions(player))

    def observation(self, player: int) -> dict[str, Any]:
        """``features`` of ``player``'s view and their ``names`` (``self.encoding``)."""
        return self.encoding.observation(self.view(player))

    # ------------------------------------------------------------------ views and JSON

    def view(self, player: int | None = None) -> DominariaView:
        """What ``player`` may see: their own hand and the cards they are choosing from; of
        the others only hand sizes; never any deck order. None: a spectator."""
        self.check_seat(player, spectator=True)
        seats = []
        for index, state in enumerate(self.players):
            own = index == player
            board = state.clone()
            board.owed = []
            if not own:
                board.hand, board.choice = [], None
            seats.append(SeatView(
                name=self.config.given_name(index),
                board=board,
                hand_size=len(state.hand),
                choice_kind=state.choice.kind if state.choice else None,
                choice_count=len(state.choice.cards) if state.choice else 0,
                score=score(state, self.pack),
                own=own,
            ))
        pending = self.pending_players()
        return DominariaView(
            you=player,
            config=self.config,
            stage=self.stage,
            round=self.round,
            rounds=self.config.rounds,
            current=self.current,
            first=self.first,
            revealed=self.revealed,
            map_mana=dict(self.map_mana),
            cabal_tokens=dict(self.cabal_tokens),
            cabal_cards={loc: tuple(ids) for loc, ids in self.cabal_cards.items()},
            artifact_tokens=dict(self.artifact_tokens),
            supply=dict(self.supply),
            claims={q: tuple(c) for q, c in self.claims.items()},
            deck_sizes={"dominaria": len(self.deck), "quests": len(self.quest_deck),
                        "artifacts": len(self.artifact_deck)},
            waiting_for=tuple(pending),
            players=tuple(seats),
            over=self.is_over,
            legal=tuple(self.legal_actions(player)) if player in pending else (),
            recent=self._recent(),
            reveals=self._reveals(),
        )

    def _reveals(self) -> tuple[dict[str, Any], ...]:
        """The face-up discard pile, oldest first: each card with the round and the player
        whose turn revealed it. One card is revealed a turn, so the pile's last card is this
        turn's and the others are the turns before it, one each (after a reshuffle the pile
        starts again)."""
        players = self.num_players
        if self.first is None:  # nothing is revealed before the first player is drawn
            return ()
        if self.stage == "over":
            turns = self.config.rounds * players
        elif self.stage == "play":
            turns = (self.round - 1) * players + (self.current - self.first) % players + 1
        else:
            turns = 0
        first_turn = turns - len(self.discard)
        return tuple({"card": card, "round": (first_turn + i) // players + 1,
                      "player": (self.first + first_turn + i) % players}
                     for i, card in enumerate(self.discard))

    def _recent(self) -> tuple[dict[str, Any], ...]:
        """The events since the start of the current player's previous turn (a round ago),
        at most RECENT_EVENTS of them; before the first turns, since the game began."""
        turns = 0
        start = 0
        for index in range(len(self.events) - 1, -1, -1):
            if self.events[index]["type"] == "dominaria":
                turns += 1
                if turns == self.num_players:
                    start = index
                    break
        return tuple(dict(e) for e in self.events[max(start, len(self.events) - RECENT_EVENTS):])

    def clone(self) -> DominariaGame:
        """An independent copy for search, without a JSON round trip."""
        new = copy.copy(self)
        new.rng = SeededRng(0)
        new.rng.state = self.rng.state
        new.log = self.log.copy()
        # The last events only (what a view shows of them): the server adopts a clone once
        # it has tried an action on it, so its views keep the log of the turns in words.
        new.events = self.events[-RECENT_EVENTS:]
        new.supply = dict(self.supply)
        new.map_mana = dict(self.map_mana)
        new.cabal_tokens = dict(self.cabal_tokens)
        new.cabal_cards = {loc: list(ids) for loc, ids in self.cabal_cards.items()}
        new.artifact_tokens = dict(self.artifact_tokens)
        new.deck = list(self.deck)
        new.discard = list(self.discard)
        new.artifact_deck = list(self.artifact_deck)
        new.quest_deck = list(self.quest_deck)
        new.claims = {q: list(c) for q, c in self.claims.items()}
        new.players = [p.clone() for p in self.players]
        new.placements = list(self.placements)
        return new

    def to_json(self) -> dict[str, Any]:
        return {
            "game": self.name,
            "config": self.config.to_json(),
            "seed": self.seed,
            "rng": self.rng.state,
            **board_json(self),
            "players": [p.to_json() for p in self.players],
            "deck": list(self.deck),
            "discard": list(self.discard),
            "artifact_deck": list(self.artifact_deck),
            "quest_deck": list(self.quest_deck),
            "cabal_supply": self.cabal_supply,
            "artifact_supply": self.artifact_supply,
            "placements": list(self.placements),
            "log": self.log.to_json(),
        }

    @classmethod
    def _from_json(cls, data: dict[str, Any]) -> DominariaGame:
        game = cls.__new__(cls)
        game.config = DominariaConfig.from_json(data["config"])
        game.pack = game.config.pack()
        game.seed = field_int(data, "seed")
        game.rng = SeededRng(0)
        game.rng.state = field_int(data, "rng")
        game.log = ActionLog.from_json(data["log"])
        game.events = []
        game.supply = {c: field_int(data["supply"], c) for c in COLOURS}
        game.map_mana = counts(data, "map_mana")
        game.cabal_tokens = counts(data, "cabal_tokens")
        game.cabal_cards = cabal_cards(data)
        game.artifact_tokens = counts(data, "artifact_tokens")
        game.cabal_supply = field_int(data, "cabal_supply")
        game.artifact_supply = field_int(data, "artifact_supply")
        game.deck = field_names(data, "deck")
        game.discard = field_names(data, "discard")
        game.artifact_deck = field_names(data, "artifact_deck")
        game.quest_deck = field_names(data, "quest_deck")
        game.claims = {str(q): [whole_number(p, f"claim of {q!r}") for p in c]
                       for q, c in data["claims"].items()}
        game.players = [PlayerState.from_json(p) for p in field_list(data, "players")]
        for state, saved in zip(game.players, field_list(data, "players"), strict=True):
            if "setup_moves" not in saved:  # saved before the field: the rule applies too
                state.setup_moves = game._setup_moves()
        game.first = None if data["first"] is None else field_int(data, "first")
        if data["stage"] == "quests":  # saved when the first player was drawn at once
            game.first = None
        game.current = field_int(data, "current")
        game.round = field_int(data, "round")
        game.stage = str(data["stage"])
        game.placements = [whole_number(p, "placement order")
                           for p in field_list(data, "placements")]
        revealed = data["revealed"]
        game.revealed = None if revealed is None else str(revealed)
        game._check_loaded()
        game.note_settled_claims()
        return game

    def _check_loaded(self) -> None:
        """Refuse a state whose fields disagree with the pack and the rules (a corrupt save),
        naming the field, so that nothing fails later inside a move."""
        pack = self.pack
        players = self.num_players

        def bad(field: str, why: str) -> SaveFileError:
            return SaveFileError(f"the saved state's {field!r} {why}")

        if self.stage not in STAGES:
            raise bad("stage", f"{self.stage!r} is not one of {', '.join(STAGES)}")
        if len(self.players) != players:
            raise bad("players", f"holds {len(self.players)} boards for {players} players")
        if self.first is None and self.stage != "quests":
            raise bad("first", "is missing: the first player is drawn once the quests are "
                      "kept")
        for field, value in (("current", self.current), ("first", self.first)):
            if value is not None and not 0 <= value < players:
                raise bad(field, f"is {value}, not a player 0-{players - 1}")
        if not 1 <= self.round <= self.config.rounds:
            raise bad("round", f"is {self.round}, not 1-{self.config.rounds}")
        if any(not 0 <= p < players for p in self.placements):
            raise bad("placements", "names a player who is not in the game")
        if self.stage != "over" and not (self.deck or self.discard):
            raise bad("deck", "and the discard pile are both empty: no card could be revealed")
        if set(self.map_mana) != set(pack.locations):
            raise bad("map_mana", "does not list exactly the pack's locations")
        if any(v < 0 for v in (*self.map_mana.values(), *self.supply.values())):
            raise bad("supply", "or the map holds a negative amount of mana")
        for field, tokens, limit in (("cabal_tokens", self.cabal_tokens, CABAL_TOKENS),
                                     ("artifact_tokens", self.artifact_tokens, ARTIFACT_TOKENS)):
            if any(loc not in pack.locations or n < 1 for loc, n in tokens.items()):
                raise bad(field, "names an unknown location or a count below 1")
            if sum(tokens.values()) > limit:
                raise bad(field, f"holds more than the box's {limit} tokens")
        card_ids = {c.id for c in pack.cards}
        for loc, origins in self.cabal_cards.items():
            if len(origins) > self.cabal_tokens.get(loc, 0) or not set(origins) <= card_ids:
                raise bad("cabal_cards", f"names more cards at {loc!r} than it holds Cabal "
                          "tokens, or an unknown card")
        if not 0 <= self.cabal_supply <= CABAL_TOKENS:
            raise bad("cabal_supply", f"is not 0-{CABAL_TOKENS}")
        if not 0 <= self.artifact_supply <= ARTIFACT_TOKENS:
            raise bad("artifact_supply", f"is not 0-{ARTIFACT_TOKENS}")
        for field, ids, known in (("deck", self.deck, card_ids),
                                  ("discard", self.discard, card_ids),
                                  ("artifact_deck", self.artifact_deck, pack.artifacts),
                                  ("quest_deck", self.quest_deck, pack.quests)):
            unknown = [c for c in ids if c not in known]
            if unknown:
                raise bad(field, f"names {unknown[0]!r}, which is not a card of that deck")
        if self.revealed is not None and self.revealed not in card_ids:
            raise bad("revealed", f"names unknown card {self.revealed!r}")
        if set(self.claims) != set(pack.public_quests):
            raise bad("claims", "does not list exactly the pack's public quests")
        for quest, claimants in self.claims.items():
            tiles = len(pack.public_quests[quest].tiles)
            if len(claimants) > tiles or any(not 0 <= p < players for p in claimants):
                raise bad("claims", f"of {quest!r} name too many or unknown players")
        for index, state in enumerate(self.players):
            self._check_board(index, state)
        if self.mana_total() != MANA_PER_COLOUR * len(COLOURS):
            raise bad("supply", "and the pools and the map do not add up to 120 mana")

    def _check_board(self, index: int, state: PlayerState) -> None:
        pack = self.pack
        where = f"the saved state's board of player {index}"
        if state.walker not in pack.planeswalkers:
            raise SaveFileError(f"{where} names unknown planeswalker {state.walker!r}")
        places = [*state.heroes, *state.manaliths, *(x for link in state.leylines
                                                   for x in link)]
        unknown = [p for p in places if p not in pack.locations]
        if unknown:
            raise SaveFileError(f"{where} names unknown location {unknown[0]!r}")
        for a, b in state.leylines:
            if not pack.are_adjacent(a, b) or pack.link_key(a, b) != (a, b):
                raise SaveFileError(f"{where} has a Leyline {a}-{b} that is no link of the "
                                    "map, or not written as the map writes it")
        for field, ids, known in (
                ("hand", state.hand, pack.quests),
                ("started", list(state.started), pack.quests),
                ("artifacts", state.artifacts, pack.artifacts),
                ("used_artifacts", list(state.used_artifacts), pack.artifacts),
                ("accomplished", state.accomplished, {*pack.quests, *pack.artifacts}),
                ("public", [q for q, _ in state.public], pack.public_quests)):
            wrong = [c for c in ids if c not in known]
            if wrong:
                raise SaveFileError(f"{where} lists {wrong[0]!r} under {field!r}, where it "
                                    "does not belong")
        boards = pack.boards
        limits = (("cabal", state.cabal, len(boards.cabal.spaces)),
                  ("manaliths", len(state.manaliths), len(boards.manalith.spaces)),
                  ("leylines", len(state.leylines), len(boards.leyline.spaces)),
                  ("heroes_on_track", state.heroes_on_track, len(boards.hero.spaces)))
        for field, value, limit in limits:
            if not 0 <= value <= limit:
                raise SaveFileError(f"{where} has {field!r} {value}, outside 0-{limit}")
        # A player's first Hero comes from outside the track, every later one off it.
        expected_on_track = len(boards.hero.spaces) - max(0, len(state.heroes) - 1)
        if state.heroes_on_track != expected_on_track:
            raise SaveFileError(f"{where} has {len(state.heroes)} Heroes on the map, so "
                                f"{expected_on_track} on its track, not "
                                f"{state.heroes_on_track}")
        if state.setup_moves != self._setup_moves():
            raise SaveFileError(f"{where} has {state.setup_moves} extra moves from the set-up, "
                                f"not {self._setup_moves()}")
        head_start = self._head_start(index)
        if state.head_start != head_start:
            raise SaveFileError(f"{where} has {state.head_start} VP for its place in turn "
                                f"order, not {head_start}")
        if any(c not in COLOURS for c in state.manalith_tokens):
            raise SaveFileError(f"{where} holds a Manalith token of no colour")
        if any(v < 0 for v in state.pool.values()):
            raise SaveFileError(f"{where} holds a negative amount of mana")
        if any(kind not in ("quest", "artifact") for kind in state.owed):
            raise SaveFileError(f"{where} owes something that is neither a quest nor an "
                                "artifact")
        if state.choice is not None:
            decks: dict[str, Collection[str]] = {"setup": pack.quests, "quest": pack.quests,
                                                 "artifact": pack.artifacts}
            deck = decks.get(state.choice.kind)
            if deck is None or not state.choice.cards or any(
                    c not in deck for c in state.choice.cards):
                raise SaveFileError(f"{where} has a malformed choice")


HANDLERS: dict[str, Callable[[DominariaGame, int, DominariaAction], None]] = {
    "keep": DominariaGame._do_keep,
    "place": DominariaGame._do_place,
    "move": DominariaGame._do_move,
    "collect": DominariaGame._do_collect,
    "recruit": DominariaGame._do_recruit,
    "discover": DominariaGame._do_discover,
    "confront": DominariaGame._do_confront,
    "manalith": DominariaGame._do_manalith,
    "leyline": DominariaGame._do_leyline,
    "use": DominariaGame._do_use,
    "start": DominariaGame._do_start,
    "complete": DominariaGame._do_complete,
    "end": DominariaGame._do_end,
}


def counts(data: dict[str, Any], key: str) -> dict[str, int]:
    """A saved ``{location: count}`` object, its counts checked as whole numbers."""
    value = data[key]
    if not isinstance(value, dict):
        raise SaveFileError(f"the saved field {key!r} is not an object")
    return {str(k): field_int(value, k) for k in value}


def cabal_cards(data: dict[str, Any]) -> dict[str, list[str]]:
    """A saved ``{location: [card, ...]}`` object; a save from before the field holds none
    (its tokens then name no card)."""
    value = data.get("cabal_cards", {})
    if not isinstance(value, dict) or not all(isinstance(v, list) for v in value.values()):
        raise SaveFileError("the saved field 'cabal_cards' is not an object of lists")
    return {str(loc): [str(c) for c in ids] for loc, ids in value.items()}
