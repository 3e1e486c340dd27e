"""The flow of a Cartographers game: seasons, cards, simultaneous decisions, scoring.

A game is built from a :class:`GameConfig` and a seed. Each revealed card hands some players
a :class:`Decision` (draw a shape, place a hero, draw a monster on a neighbour's map, destroy
a cell); :meth:`CartographersGame.pending_players` says who still owes one. When the last
decision of a card is in, the game moves on by itself: season check, scoring, the ambushes'
after-scoring effects, the next season's deck. Everything random comes from the seed, unless
the config's ``explicit_chance`` leaves the reveals to an outside driver (:meth:`apply_chance`).

The same engine plays Cartographers Heroes, the base game and their combinations: the
:class:`GameConfig` picks the boxes, and the differences are the cards themselves (ruins cards,
ambushes with or without ongoing effects, hero cards or none) and the base game's fallback.
"""

from __future__ import annotations

import functools
from collections import Counter
from collections.abc import Collection
from dataclasses import replace
from fractions import Fraction
from functools import cached_property
from typing import Any, ClassVar

from herotable.cartographers import results
from herotable.cartographers.actions import (
    CartographersAction,
    Destroy,
    Draw,
    DrawMonster,
    PlaceHero,
    check_on_map,
    parse_action,
)
from herotable.cartographers.cards import (
    AmbushCard,
    ExploreCard,
    HeroCard,
    RuinsCard,
    map_sides,
)
from herotable.cartographers.config import EDICTS, GameConfig
from herotable.cartographers.decisions import Decision, SeasonScore
from herotable.cartographers.deck import Decks, deal, next_season, time_spent
from herotable.cartographers.effects import (
    Change,
    destroy_cells,
    draw_monster,
    draw_shape,
    place_hero,
)
from herotable.cartographers.grid import (
    FULL,
    bit,
    cell_name,
    indices,
    mask_names,
)
from herotable.cartographers.grid import neighbours as adjacent
from herotable.cartographers.preview import score_season
from herotable.cartographers.refusals import CartographersRefusal
from herotable.cartographers.sheet import MapSheet
from herotable.cartographers.solo import solo_ambush_mask
from herotable.cartographers.view import CartographersView, LegalMoves
from herotable.core.errors import IllegalAction, NotationError, SaveFileError, terms
from herotable.core.game import (
    ActionLog,
    Game,
    Standing,
    field_bool,
    field_int,
    field_list,
    field_names,
)
from herotable.core.rng import SeededRng

STAGES = ("reveal", "resolve", "effects", "over")
DECISION_KINDS = ("draw", "hero", "monster", "destroy")
CHANCE_VERB = "reveal"  # a chance outcome in the log: "reveal <card id>"
RECENT_EVENTS = 60  # the most events a view carries (a page update stays small)


class CartographersGame(Game[GameConfig, CartographersAction, CartographersView]):
    """One game of Cartographers (Heroes, base or combined) for 1 to 100 players.

    :meth:`standings` break ties by stars lost to monsters (``Standing.tiebreak``, fewer is
    better).
    """

    name = "cartographers"
    action_types: ClassVar[tuple[type, ...]] = (Draw, PlaceHero, DrawMonster, Destroy)

    @classmethod
    def config_from_json(cls, data: Any) -> GameConfig:
        return GameConfig.from_json(data)

    def __init__(self, config: GameConfig | None = None, seed: int = 0) -> None:
        self.config = config or GameConfig()
        self.seed = seed
        self.cards = self.config.card_set()
        self.rng = SeededRng(seed)
        self.log = ActionLog(self.name, self.config.to_json(), seed)
        self.events: list[dict[str, Any]] = []
        self._cause: tuple[int, int | None] = (-1, None)  # see _event
        side = map_sides()[self.config.side]
        if self.config.maps:
            self.sheets = [MapSheet.from_text(text) for text in self.config.maps]
        else:
            self.sheets = [side.new_sheet() for _ in range(self.config.players)]
        decks = deal(self.config, self.cards, self.rng)
        self.scoring = decks.scoring
        self.season_index = 0
        self.deck, self.ambush_deck, self.hero_deck = decks.deck, decks.ambush_deck, decks.hero_deck
        self.revealed: list[str] = []  # this season's cards, in reveal order
        self.current: str | None = None
        self.ruins_pending = False  # a ruins card waits for the next explore card
        self.stage = "reveal"  # reveal -> resolve -> (effects) -> reveal ...; "over" at the end
        self.effect_queue: list[str] = []
        self.ambushes_in_play: list[str] = []  # revealed ambushes, in reveal order
        self.pending: dict[int, Decision] = {}
        self.scores: list[list[SeasonScore]] = [[] for _ in range(self.config.players)]
        self._advance()

    # ------------------------------------------------------------------ queries

    @property
    def num_players(self) -> int:
        return self.config.players

    @property
    def is_over(self) -> bool:
        return self.stage == "over"

    @property
    def season(self) -> str:
        return self.cards.seasons[min(self.season_index, 3)].id

    def card(self, card_id: str) -> ExploreCard | HeroCard | AmbushCard | RuinsCard:
        return self.cards.card(card_id)

    def season_time(self) -> int:
        return time_spent(self.cards, self.revealed)

    def season_threshold(self) -> int:
        return self.cards.seasons[self.season_index].time

    def pending_players(self) -> list[int]:
        return sorted(self.pending)

    @cached_property
    def public_config(self) -> GameConfig:
        """The config as every seat may see it: a scenario's deck order is the one secret a
        config can hold, so it is left out."""
        return replace(self.config, deck=()) if self.config.deck else self.config

    @functools.cached_property
    def ambushes_in_game(self) -> tuple[str, ...]:
        """The game's ambush cards as a set, sorted by id: public from the set-up (every
        player sees which four are shuffled in), while their order stays secret. Found where
        the cards are now (the ambush deck, this season's deck and reveals, those in play),
        so a save needs no field of its own; cards only move between those places, so it is
        found once (every view carries it) and a clone shares it."""
        ambushes = self.cards.ambushes
        seen = (*self.ambush_deck, *self.deck, *self.revealed, *self.ambushes_in_play)
        return tuple(sorted({c for c in seen if c in ambushes}))

    def owes(self, player: int) -> bool:
        return player in self.pending  # cheaper than the sorted list, on every apply

    def decision(self, player: int) -> Decision | None:
        self.check_seat(player)
        return self.pending.get(player)

    def drawer_of(self, owner: int, card: AmbushCard) -> int:
        """Who draws the ambush on ``owner``'s map: players sit clockwise in seat order, so a
        clockwise pass hands each map to the next seat."""
        step = 1 if card.direction == "clockwise" else -1
        return (owner + step) % self.num_players

    def totals(self) -> list[int]:
        return results.totals(self.scores)

    def monster_losses(self) -> list[int]:
        return results.monster_losses(self.scores)

    def standings(self) -> list[Standing]:
        """Highest total first; a tie goes to fewer stars lost to monsters, then is shared."""
        return results.standings(self.scores)

    def solo_rating(self) -> int:
        """Total stars minus the four scoring cards' solo values."""
        return results.solo_rating(self.cards, self.scoring, self.scores)

    def solo_result(self) -> tuple[int, str | None] | None:
        if self.num_players != 1 or not self.is_over:
            return None
        return self.solo_rating(), self.solo_title("en")

    def solo_title(self, language: str = "en") -> str | None:
        """The title the solo rating earns, in ``language``; None when it earns none."""
        return results.title_name(self.solo_rating(), language)

    @classmethod
    def solo_title_names(cls, rating: int) -> dict[str, str] | None:
        return results.title_names(rating)

    # ------------------------------------------------------------------ legal moves

    def placement_masks(self, player: int) -> list[int]:
        """Every cell set the player may draw now for their decision (terrain aside)."""
        self.check_seat(player)
        decision = self.pending.get(player)
        return self._masks_for(decision) if decision is not None else []

    def _masks_for(self, decision: Decision) -> list[int]:
        filled = self.sheets[decision.sheet].filled
        if decision.kind == "destroy":
            return [1 << i for i in indices(decision.allowed)]
        if decision.fallback or decision.kind == "hero":
            return [1 << i for i in indices(FULL & ~filled)]
        if decision.kind == "monster":
            shape = self.cards.ambushes[decision.card].shape
            return [m for m in shape.placements if not m & filled]
        masks = self.cards.explore[decision.card].placements
        if decision.ruins:
            empty_ruins = self.sheets[decision.sheet].ruins & ~filled
            return [m for m in masks if m & empty_ruins and not m & filled]
        return [m for m in masks if not m & filled]

    def terrain_options(self, player: int) -> tuple[str, ...]:
        self.check_seat(player)
        decision = self.pending.get(player)
        if decision is None or decision.kind != "draw":
            return ()
        return self.terrain_options_for(decision)

    def terrain_options_for(self, decision: Decision) -> tuple[str, ...]:
        """The terrains a draw decision allows: the card's, or a fallback cell's."""
        return results.terrain_options(self.cards, self.config, decision)

    def legal_moves(self, player: int) -> LegalMoves | None:
        """The player's legal actions in compact form (None when it owes nothing)."""
        self.check_seat(player)
        decision = self.pending.get(player)
        return self._moves_for(decision) if decision is not None else None

    def _moves_for(self, decision: Decision) -> LegalMoves:
        masks = tuple(self._masks_for(decision))
        terrains = self.terrain_options_for(decision) if decision.kind == "draw" else ()
        turns: tuple[int, ...] = ()
        if decision.kind == "hero":
            hero = self.cards.heroes[decision.card]
            # As printed, the pattern does not turn at all (the hero_turns option).
            turns = hero.distinct_turns() if self.config.hero_turns else (0,)
        return LegalMoves(decision.kind, decision.sheet, decision.card, masks, terrains, turns)

    def has_legal_action(self, player: int) -> bool:
        moves = self.legal_moves(player)
        return moves is not None and len(moves) > 0

    def legal_actions(self, player: int) -> list[CartographersAction]:
        moves = self.legal_moves(player)
        return list(moves) if moves is not None else []

    # ------------------------------------------------------------------ applying

    @classmethod
    def parse_action(cls, text: str) -> CartographersAction:
        return parse_action(text)

    def _not_your_turn(self, player: int) -> str:
        return f"{self.config.player_name(player)} owes no decision now"

    def _resolve(self, player: int, action: CartographersAction) -> None:
        decision = self.pending[player]
        self._cause = (len(self.log.entries), player)
        check_on_map(action)
        if decision.kind == "draw":
            self._apply_draw(player, decision, action)
        elif decision.kind == "hero":
            self._apply_hero(player, decision, action)
        elif decision.kind == "monster":
            self._apply_monster(player, decision, action)
        else:
            self._apply_destroy(player, decision, action)

    def _after(self, player: int) -> None:
        # What the game then does by itself (reveals, scoring, zombies) follows from the
        # action just logged, but no seat chose it.
        self._cause = (len(self.log.entries) - 1, None)
        self._advance()

    # A card revealed, a season scored or begun, or the end: each is final (see undoable). A
    # monster drawn on a neighbour's map is a seat's placement like any other, so it is not
    # here: an ambush drawing itself (solo) always follows the card's own "reveal".
    revealing_events = frozenset({"reveal", "ambush_ignored", "zombies",
                                  "season_scored", "season_start", "game_over"})

    def _random_state(self) -> int:
        return self.rng.state

    def _face_down_piles(self) -> tuple[int, ...]:
        return len(self.deck), len(self.ambush_deck), len(self.hero_deck)

    def _event(self, kind: str, **data: Any) -> None:
        """An event tagged with what caused it: ``step``, the index in the action log of the
        action it follows from (-1: the set-up), and ``by``, the seat whose decision it was
        (None: the game itself, a card's reveal and all it does by itself)."""
        step, by = self._cause
        self.events.append({"type": kind, **data, "step": step, "by": by})

    def _expect(self, action: object, kind: type, decision: Decision) -> None:
        if not isinstance(action, kind):
            raise IllegalAction(f"a {decision.kind} action is owed now, not {action}",
                                CartographersRefusal.WRONG_ACTION,
                                {"owed": terms("action_kind", decision.kind),
                                 "action": str(action)})

    def _check_free(self, sheet: MapSheet, mask: int) -> None:
        if mask & sheet.filled:
            taken = ", ".join(mask_names(mask & sheet.filled))
            raise IllegalAction(f"cells {taken} are already filled", CartographersRefusal.OVERLAP,
                                {"cells": taken})

    def _apply_draw(self, player: int, decision: Decision, action: object) -> None:
        self._expect(action, Draw, decision)
        assert isinstance(action, Draw)
        card = self.cards.explore[decision.card]
        sheet = self.sheets[player]
        if decision.fallback:
            terrains = self.terrain_options_for(decision)
            if action.terrain not in terrains:
                raise IllegalAction(f"the fallback cell may be {', '.join(terrains)}",
                                    CartographersRefusal.DRAW_TERRAIN,
                                    {"terrains": terms("terrain", *terrains),
                                     "terrain": terms("terrain", action.terrain)})
            if action.cells.bit_count() != 1:
                why = "covers no empty ruins" if decision.ruins else "fits your map"
                raise IllegalAction(f"no offered shape {why}, so draw a single cell",
                                    CartographersRefusal.FALLBACK)
            self._check_free(sheet, action.cells)
            coin = False
        else:
            if action.terrain not in card.terrains:
                raise IllegalAction(
                    f"{card.names.en} offers {', '.join(card.terrains)}, not {action.terrain}",
                    CartographersRefusal.TERRAIN, {"card": card.names.to_json(),
                                                   "terrains": terms("terrain", *card.terrains),
                                                   "terrain": terms("terrain", action.terrain)})
            self._check_free(sheet, action.cells)
            option = next((o for o in card.shapes if action.cells in o.shape.placement_set), None)
            if option is None:
                shapes = " or ".join(o.shape.art() for o in card.shapes)
                raise IllegalAction(
                    f"those cells are not a shape of {card.names.en} ({shapes}, turned or "
                    "mirrored)", CartographersRefusal.SHAPE,
                    {"card": card.names.to_json(), "shapes": shapes})
            if decision.ruins and not action.cells & sheet.ruins & ~sheet.filled:
                raise IllegalAction("after a ruins card the shape must cover an empty ruins "
                                    "cell", CartographersRefusal.RUINS)
            coin = option.coin
        del self.pending[player]
        self._report(player, draw_shape(sheet, action.cells, action.terrain, coin))

    def _apply_hero(self, player: int, decision: Decision, action: object) -> None:
        self._expect(action, PlaceHero, decision)
        assert isinstance(action, PlaceHero)
        if action.quarter_turns and not self.config.hero_turns:
            raise IllegalAction("in this game a hero's attack pattern is drawn as printed "
                                "(hero turning is off): use r0", CartographersRefusal.ROTATION)
        sheet = self.sheets[player]
        cell = bit(action.row, action.col)
        self._check_free(sheet, cell)
        del self.pending[player]
        hero = self.cards.heroes[decision.card]
        self._report(player, place_hero(sheet, hero, action.row, action.col,
                                        action.quarter_turns))

    def _apply_monster(self, player: int, decision: Decision, action: object) -> None:
        self._expect(action, DrawMonster, decision)
        assert isinstance(action, DrawMonster)
        card = self.cards.ambushes[decision.card]
        owner = decision.sheet
        sheet = self.sheets[owner]
        self._check_free(sheet, action.cells)
        if decision.fallback:
            if action.cells.bit_count() != 1:
                raise IllegalAction("the monster fits nowhere on this map, so draw one cell",
                                    CartographersRefusal.FALLBACK)
        elif action.cells not in card.shape.placement_set:
            raise IllegalAction(
                f"those cells are not the {card.names.en} shape ({card.shape.art()}, turned or "
                "mirrored)", CartographersRefusal.SHAPE,
                {"card": card.names.to_json(), "shapes": card.shape.art()})
        del self.pending[player]
        self._event("monster", sheet=owner, card=card.id, cells=mask_names(action.cells))
        self._draw_monster(owner, card, action.cells, identified=not decision.fallback)
        self._gorgon_gaze(owner, card, chooser=player)

    def _apply_destroy(self, player: int, decision: Decision, action: object) -> None:
        self._expect(action, Destroy, decision)
        assert isinstance(action, Destroy)
        cell = bit(action.row, action.col)
        if not cell & decision.allowed:
            allowed = ", ".join(mask_names(decision.allowed))
            raise IllegalAction(f"{cell_name(action.row, action.col)} may not be destroyed now; "
                                f"choose one of {allowed}", CartographersRefusal.DESTROY,
                                {"cell": cell_name(action.row, action.col), "allowed": allowed})
        del self.pending[player]
        self._report(decision.sheet,
                     destroy_cells(self.sheets[decision.sheet], cell, decision.reason))

    # ------------------------------------------------------------------ effects on a map

    def _report(self, owner: int, changes: list[Change]) -> None:
        """Events for what an effect did to ``owner``'s map."""
        for kind, amount, reason in changes:
            if kind == "coins":
                self._event("coins", sheet=owner, gained=amount, reason=reason)
            else:
                self._event("destroyed", sheet=owner, cells=mask_names(amount), reason=reason)

    def _draw_monster(self, owner: int, card: AmbushCard, mask: int, identified: bool) -> None:
        sheet = self.sheets[owner]
        self._report(owner, draw_monster(sheet, mask, card.id if identified else None))

    def _gorgon_gaze(self, owner: int, card: AmbushCard, chooser: int) -> None:
        """Right after the Gorgon is drawn, whoever drew it destroys a cell next to it."""
        if card.effect != "gorgon":
            return
        gorgon = self.sheets[owner].monster_ids.get(card.id, 0)
        if not gorgon:  # drawn as the plain 1x1 fallback, or already struck by a hero
            return
        sheet = self.sheets[owner]
        allowed = adjacent(gorgon) & ~gorgon & ~sheet.mountain & ~sheet.wasteland
        allowed &= ~sheet.destroyed
        if allowed:
            self.pending[chooser] = Decision("destroy", owner, card.id, allowed=allowed,
                                             reason="gorgon")

    # ------------------------------------------------------------------ the flow

    def _advance(self) -> None:
        """Move the game on until somebody owes a decision or the game ends."""
        while not self.pending and self.stage != "over":
            if self.stage == "resolve":
                self.current = None
                if self.config.solo and self.sheets[0].is_full():
                    self._end_early()
                elif self.season_time() >= self.season_threshold() or not self.deck:
                    self._score_season()
                    self.effect_queue = [
                        a for a in self.ambushes_in_play
                        if self.cards.ambushes[a].effect in ("zombie", "troll")
                    ]
                    self.stage = "effects"
                else:
                    self.stage = "reveal"
            elif self.stage == "effects":
                if self.season_index == 3:
                    # Winter's scoring is the last: an effect after it could change nothing.
                    self.stage = "over"
                    self._event("game_over")
                elif self.effect_queue:
                    self._after_scoring_effect(self.effect_queue.pop(0))
                else:
                    self._next_season()
            elif self.deck:
                if self.config.explicit_chance:
                    return  # a chance node: the driver says which card comes (apply_chance)
                self._reveal(self.deck.pop(0))
            else:  # the season's deck ran out (possible in a scenario): the season ends
                self.stage = "resolve"

    def _reveal(self, card_id: str) -> None:
        """Reveal ``card_id``, already taken from the deck."""
        self.revealed.append(card_id)
        self.current = card_id
        self.stage = "resolve"
        self._event("reveal", card=card_id)
        card = self.card(card_id)
        if isinstance(card, RuinsCard):
            # The next card is revealed at once; the ruins wait for the next explore card.
            self.ruins_pending = True
            self.stage = "reveal"
        elif isinstance(card, ExploreCard):
            ruins, self.ruins_pending = self.ruins_pending, False
            for p, sheet in enumerate(self.sheets):
                target = sheet.ruins & ~sheet.filled if ruins else FULL
                fits = any(m & target and not m & sheet.filled for m in card.placements)
                if fits:
                    self.pending[p] = Decision("draw", p, card_id, ruins=ruins)
                elif not sheet.is_full():
                    self.pending[p] = Decision("draw", p, card_id, fallback=True, ruins=ruins)
        elif isinstance(card, HeroCard):
            for p, sheet in enumerate(self.sheets):
                if not sheet.is_full():
                    self.pending[p] = Decision("hero", p, card_id)
        else:
            self._reveal_ambush(card)

    def _reveal_ambush(self, card: AmbushCard) -> None:
        self.ambushes_in_play.append(card.id)
        if self.config.solo or self.config.remote_ambush:
            for owner, sheet in enumerate(self.sheets):
                mask = solo_ambush_mask(card.shape, card.corner, card.direction, sheet.filled)
                if mask is None:
                    self._event("ambush_ignored", sheet=owner, card=card.id)
                    continue
                self._event("monster", sheet=owner, card=card.id, cells=mask_names(mask))
                self._draw_monster(owner, card, mask, identified=True)
                self._gorgon_gaze(owner, card, chooser=owner)
            return
        for owner, sheet in enumerate(self.sheets):
            if sheet.is_full():
                continue
            fits = any(not m & sheet.filled for m in card.shape.placements)
            self.pending[self.drawer_of(owner, card)] = Decision(
                "monster", owner, card.id, fallback=not fits)

    def _score_season(self) -> None:
        for p, sheet in enumerate(self.sheets):
            score = score_season(self.cards, self.scoring, self.season_index, p, sheet)
            self.scores[p].append(score.season_score())
        self._event("season_scored", season=self.cards.seasons[self.season_index].id)

    def _after_scoring_effect(self, card_id: str) -> None:
        card = self.cards.ambushes[card_id]
        for owner, sheet in enumerate(self.sheets):
            cells_of_card = sheet.monster_ids.get(card_id, 0)
            if not cells_of_card:
                continue
            if card.effect == "zombie":
                spread = adjacent(cells_of_card) & sheet.empty
                if spread:
                    self._draw_monster(owner, card, spread, identified=True)
                    self._event("zombies", sheet=owner, cells=mask_names(spread))
            elif card.effect == "troll":
                allowed = adjacent(cells_of_card) & sheet.empty
                if allowed:
                    self.pending[owner] = Decision("destroy", owner, card_id, allowed=allowed,
                                                   reason="troll")

    def _next_season(self) -> None:
        self.season_index += 1
        decks = Decks(self.scoring, self.deck, self.ambush_deck, self.hero_deck)
        next_season(decks, self.revealed, self.cards, self.rng)
        self.deck, self.ambush_deck, self.hero_deck = decks.deck, decks.ambush_deck, decks.hero_deck
        self.revealed = []
        self.ruins_pending = False
        self.stage = "reveal"
        self._event("season_start", season=self.season)

    def _end_early(self) -> None:
        """A solo map filled before winter's end: nothing can change any more, so the current
        and remaining seasons are scored at once, as playing on would score them."""
        while self.season_index < 4:
            self._score_season()
            self.season_index += 1
        self.season_index = 3
        self.stage = "over"
        self._event("game_over", early=True)

    # ------------------------------------------------------------------ chance (explicit_chance)

    def is_chance_node(self) -> bool:
        """In a game set up with ``explicit_chance``: whether the next card waits to be
        revealed by :meth:`apply_chance` (a ruins card's follow-up and a new season's first
        card included)."""
        return (self.config.explicit_chance and self.stage == "reveal" and not self.pending
                and bool(self.deck))

    def chance_outcomes(self) -> list[tuple[str, Fraction]]:
        """Each card left in this season's deck, by id, with the chance that it comes next
        (uniform over the cards: the deck is shuffled)."""
        if not self.is_chance_node():
            return []
        counts = Counter(self.deck)
        return [(card, Fraction(count, len(self.deck))) for card, count in sorted(counts.items())]

    def _resolve_chance(self, outcome: str) -> str:
        if outcome not in self.deck:
            raise IllegalAction(f"{outcome!r} is not among the {len(self.deck)} cards left in "
                                "the season's deck", CartographersRefusal.NOT_IN_DECK,
                                {"card": outcome, "left": len(self.deck)})
        self.deck.remove(outcome)
        self._cause = (len(self.log.entries), None)
        self._reveal(outcome)
        return f"{CHANCE_VERB} {outcome}"

    @classmethod
    def parse_chance(cls, text: str) -> str:
        verb, _, card = text.partition(" ")
        if verb != CHANCE_VERB or not card or " " in card:
            raise NotationError(f"a revealed card is written '{CHANCE_VERB} <card id>', not "
                                f"{text!r}")
        return card

    # ------------------------------------------------------------------ integers and observations

    # The encoding module builds its table (every placement of every box) when first
    # imported, so it is imported here, on first use, and plain play never pays for it.

    @classmethod
    def num_distinct_actions(cls) -> int:
        """The same for every config: see :mod:`herotable.cartographers.encoding`."""
        from herotable.cartographers import encoding

        return encoding.NUM_DISTINCT_ACTIONS

    def encode_action(self, action: CartographersAction) -> int:
        from herotable.cartographers import encoding

        return encoding.encode(action)

    def decode_action(self, index: int) -> CartographersAction:
        from herotable.cartographers import encoding

        return encoding.decode(index)

    def legal_action_indices(self, player: int) -> list[int]:
        self.check_seat(player)
        from herotable.cartographers import encoding

        return encoding.legal_indices(self.legal_moves(player))

    def observation(self, player: int) -> dict[str, Any]:
        """Planes and features of ``player``'s view (``encoding.PLANE_NAMES`` and
        ``encoding.FEATURE_NAMES``)."""
        from herotable.cartographers import encoding

        return encoding.observation(self.view(player))

    # ------------------------------------------------------------------ views and JSON

    def view(self, player: int | None = None) -> CartographersView:
        """What ``player`` may see (None: a spectator): every map, never a deck's order."""
        self.check_seat(player, spectator=True)
        decision = self.pending.get(player) if player is not None else None
        return CartographersView(
            you=player,
            config=self.public_config,
            scoring=tuple(self.scoring),
            season_index=self.season_index,
            season=self.season,
            season_time=self.season_time(),
            season_threshold=self.season_threshold(),
            revealed=tuple(self.revealed),
            current=self.current,
            ruins_pending=self.ruins_pending,
            deck_size=len(self.deck),
            ambushes_in_play=tuple(self.ambushes_in_play),
            waiting_for=tuple(sorted(self.pending)),
            ambushes=self.ambushes_in_game,
            sheets=tuple(s.copy() for s in self.sheets),
            scores=tuple(tuple(seasons) for seasons in self.scores),
            over=self.is_over,
            decision=decision,
            legal=self._moves_for(decision) if decision is not None else None,
            recent=self._recent(),
            owing=tuple((p, d.kind, d.sheet) for p, d in sorted(self.pending.items())),
        )

    def _recent(self) -> tuple[dict[str, Any], ...]:
        """The events since the previous card's reveal (that card's decisions, and this
        one's reveal and what followed), at most RECENT_EVENTS of them. Only the last
        RECENT_EVENTS events are looked at, so a clone that keeps only those (:meth:`clone`)
        gives the same as the whole game replayed from its log."""
        events = self.events
        first = max(0, len(events) - RECENT_EVENTS)
        reveals = 0
        for index in range(len(events) - 1, first - 1, -1):
            if events[index]["type"] == "reveal":
                reveals += 1
                if reveals == 2:
                    first = index
                    break
        return tuple(dict(e) for e in events[first:])

    def clone(self) -> CartographersGame:
        """An independent copy for search: maps copied, immutable records shared."""
        game = CartographersGame.__new__(CartographersGame)
        game.__dict__.update(self.__dict__)
        game.rng = SeededRng(0)
        game.rng.state = self.rng.state
        game.log = self.log.copy()
        # The last events only (what a view shows of them): the server adopts a clone once
        # it has tried an action on it, so its views keep telling what happened.
        game.events = self.events[-RECENT_EVENTS:]
        game.sheets = [s.copy() for s in self.sheets]
        for name in ("deck", "ambush_deck", "hero_deck", "revealed", "effect_queue",
                     "ambushes_in_play"):
            setattr(game, name, list(getattr(self, name)))
        game.pending = dict(self.pending)
        game.scores = [list(seasons) for seasons in self.scores]
        return game

    def to_json(self) -> dict[str, Any]:
        return {
            "game": self.name,
            "config": self.config.to_json(),
            "seed": self.seed,
            "rng": self.rng.state,
            "scoring": list(self.scoring),
            "season_index": self.season_index,
            "deck": list(self.deck),
            "ambush_deck": list(self.ambush_deck),
            "hero_deck": list(self.hero_deck),
            "revealed": list(self.revealed),
            "current": self.current,
            "ruins_pending": self.ruins_pending,
            "stage": self.stage,
            "effect_queue": list(self.effect_queue),
            "ambushes_in_play": list(self.ambushes_in_play),
            "pending": {str(p): d.to_json() for p, d in sorted(self.pending.items())},
            "sheets": [s.to_json() for s in self.sheets],
            "scores": [[s.to_json() for s in seasons] for seasons in self.scores],
            "log": self.log.to_json(),
        }

    @classmethod
    def _from_json(cls, data: dict[str, Any]) -> CartographersGame:
        game = cls.__new__(cls)
        game.config = GameConfig.from_json(data["config"])
        game.seed = field_int(data, "seed")
        game.cards = game.config.card_set()
        game.rng = SeededRng(0)
        game.rng.state = field_int(data, "rng")
        game.log = ActionLog.from_json(data["log"])
        game.events = []
        game._cause = (-1, None)
        game.sheets = [MapSheet.from_json(s) for s in field_list(data, "sheets")]
        game.scoring = tuple(field_names(data, "scoring"))
        game.season_index = field_int(data, "season_index")
        game.deck = field_names(data, "deck")
        game.ambush_deck = field_names(data, "ambush_deck")
        game.hero_deck = field_names(data, "hero_deck")
        game.revealed = field_names(data, "revealed")
        current = data["current"]
        game.current = None if current is None else str(current)
        game.ruins_pending = field_bool(data, "ruins_pending", False)
        game.stage = str(data["stage"])
        game.effect_queue = field_names(data, "effect_queue")
        game.ambushes_in_play = field_names(data, "ambushes_in_play")
        pending = data["pending"]
        if not isinstance(pending, dict):
            raise SaveFileError("the saved state's 'pending' is not an object")
        game.pending = {int(p): Decision.from_json(d) for p, d in pending.items()}
        game.scores = [[SeasonScore.from_json(s) for s in seasons]
                       for seasons in field_list(data, "scores")]
        game._check_loaded()
        return game

    def _check_loaded(self) -> None:
        """Refuse a state whose fields disagree with its config and cards (a corrupt save),
        naming the field, so that nothing fails later inside a move."""
        cards = self.cards
        card_lists: tuple[tuple[str, list[str] | tuple[str, ...], Collection[str]], ...] = (
            ("deck", self.deck, {*cards.explore, *cards.heroes, *cards.ambushes, *cards.ruins}),
            ("revealed", self.revealed,
             {*cards.explore, *cards.heroes, *cards.ambushes, *cards.ruins}),
            ("ambush_deck", self.ambush_deck, cards.ambushes),
            ("ambushes_in_play", self.ambushes_in_play, cards.ambushes),
            ("effect_queue", self.effect_queue, cards.ambushes),
            ("hero_deck", self.hero_deck, cards.heroes),
            ("scoring", self.scoring, cards.scoring),
        )
        for field, ids, known in card_lists:
            unknown = [c for c in ids if c not in known]
            if unknown:
                raise SaveFileError(f"the saved state's {field!r} names unknown card "
                                    f"{unknown[0]!r}")
        if len(self.scoring) != len(EDICTS):
            raise SaveFileError("the saved state's 'scoring' must name four cards")
        if len(self.sheets) != self.num_players or len(self.scores) != self.num_players:
            raise SaveFileError("the saved state's 'sheets' or 'scores' do not hold one entry "
                                "per player")
        if self.stage not in STAGES:
            raise SaveFileError(f"the saved state's 'stage' {self.stage!r} is not one of "
                                f"{', '.join(STAGES)}")
        if not 0 <= self.season_index < len(cards.seasons):
            raise SaveFileError(f"the saved state's 'season_index' {self.season_index} is not "
                                f"0-{len(cards.seasons) - 1}")
        if self.current is not None and self.current not in self.revealed:
            raise SaveFileError(f"the saved state's 'current' card {self.current!r} was not "
                                "revealed this season")
        if any(len(seasons) > self.season_index + 1 for seasons in self.scores):
            raise SaveFileError("the saved state's 'scores' hold seasons not yet played")
        for player, decision in self.pending.items():
            self._check_decision(player, decision)

    def _check_decision(self, player: int, decision: Decision) -> None:
        where = f"the saved state's decision for player {player}"
        if not 0 <= player < self.num_players:
            raise SaveFileError(f"the saved state has a decision for no player ({player})")
        if decision.kind not in DECISION_KINDS:
            raise SaveFileError(f"{where} has unknown kind {decision.kind!r}")
        if not 0 <= decision.sheet < self.num_players:
            raise SaveFileError(f"{where} names map {decision.sheet}, which does not exist")
        decks: dict[str, Collection[str]] = {
            "draw": self.cards.explore, "hero": self.cards.heroes,
            "monster": self.cards.ambushes, "destroy": self.cards.ambushes}
        deck = decks[decision.kind]
        if decision.card not in deck:
            raise SaveFileError(f"{where} names card {decision.card!r}, which is not a "
                                f"{decision.kind} card of this game")
        if decision.kind == "destroy" and not decision.allowed:
            raise SaveFileError(f"{where} allows no cell to destroy")
        if decision.kind in ("draw", "hero") and decision.sheet != player:
            raise SaveFileError(f"{where} is a {decision.kind} on another player's map")
        if decision.kind == "monster" and decision.sheet == player:
            raise SaveFileError(f"{where} has a player draw a monster on their own map")
