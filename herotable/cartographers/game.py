"""The flow of a Cartographers game: seasons, cards, simultaneous decisions, scoring.

A game is built from a :class:`GameConfig` and a seed. Each revealed card hands some players
a :class:`Decision` (draw a shape, place a hero, draw a monster on a neighbour's map, destroy
a cell); :meth:`CartographersGame.pending_players` says who still owes one. When the last
decision of a card is in, the game moves on by itself: season check, scoring, the ambushes'
after-scoring effects, the next season's deck. Everything random comes from the seed.

The same engine plays Cartographers Heroes, the base game and their combinations: the
:class:`GameConfig` picks the boxes, and the differences are the cards themselves (ruins cards,
ambushes with or without ongoing effects, hero cards or none) and the base game's fallback.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from herotable.cartographers.actions import (
    CartographersAction,
    Destroy,
    Draw,
    DrawMonster,
    PlaceHero,
    parse_action,
)
from herotable.cartographers.cards import (
    FALLBACK_TERRAINS,
    AmbushCard,
    ExploreCard,
    HeroCard,
    RuinsCard,
    all_ambushes,
    map_sides,
)
from herotable.cartographers.config import EDICTS, GameConfig
from herotable.cartographers.grid import (
    FULL,
    SIZE,
    bit,
    cell_name,
    cell_of,
    indices,
    mask_from_names,
    mask_names,
    sides_all_in,
)
from herotable.cartographers.grid import neighbours as adjacent
from herotable.cartographers.scoring import monster_penalty, score_card
from herotable.cartographers.sheet import MapSheet
from herotable.cartographers.solo import solo_ambush_mask, title_for
from herotable.core.errors import IllegalAction
from herotable.core.game import ActionLog, LogEntry
from herotable.core.rng import SeededRng

DRAGON_COINS = 3


def settle(sheet: MapSheet) -> tuple[int, int, int]:
    """What follows any change to a map: heroes strike monsters on their attack cells,
    surrounded mountains pay their coin, a beaten dragon pays its three.

    Changes ``sheet`` and returns (cells struck, mountain coins gained, dragon coins gained).
    A module function rather than a method so that bots looking ahead settle their imagined
    maps exactly as the game settles real ones.
    """
    struck = sheet.monster & sheet.attack
    if struck:
        sheet.destroy(struck)
    surrounded = sides_all_in(sheet.mountain & ~sheet.paid_mountains, sheet.filled)
    mountain_coins = 0
    if surrounded:
        sheet.paid_mountains |= surrounded
        mountain_coins = sheet.gain_coins(surrounded.bit_count())
    dragon = sheet.monster_ids.get("dragon_inferno")
    # Surviving dragon cells must all be boxed in; destroyed ones already count.
    boxed_in = dragon is not None and sides_all_in(dragon, sheet.filled) == dragon
    dragon_coins = 0
    if boxed_in and not sheet.dragon_paid:
        sheet.dragon_paid = True
        dragon_coins = sheet.gain_coins(DRAGON_COINS)
    return struck, mountain_coins, dragon_coins


@dataclass(frozen=True, slots=True)
class Decision:
    """What one player owes now.

    ``kind``: ``draw`` (explore card), ``hero``, ``monster`` (ambush, on ``sheet``'s map) or
    ``destroy`` (one cell of ``allowed``). ``fallback`` means no offered shape fits, so a
    single cell is drawn instead. ``ruins`` means a ruins card came before this explore card:
    the shape must cover an empty ruins cell, or, with ``fallback``, no offered shape can, so
    a single cell of any terrain is drawn anywhere.
    """

    kind: str
    sheet: int
    card: str
    fallback: bool = False
    allowed: int = 0
    reason: str = ""
    ruins: bool = False

    def to_json(self) -> dict[str, Any]:
        return {
            "kind": self.kind,
            "sheet": self.sheet,
            "card": self.card,
            "fallback": self.fallback,
            "allowed": mask_names(self.allowed),
            "reason": self.reason,
            "ruins": self.ruins,
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Decision:
        return cls(
            kind=str(data["kind"]),
            sheet=int(data["sheet"]),
            card=str(data["card"]),
            fallback=bool(data["fallback"]),
            allowed=mask_from_names(data["allowed"]),
            reason=str(data["reason"]),
            ruins=bool(data.get("ruins", False)),
        )


@dataclass(frozen=True, slots=True)
class SeasonScore:
    """One player's score for one season: both edicts, coins and the monster penalty."""

    season: str
    edicts: tuple[tuple[str, str, int], ...]  # (edict letter, card id, stars)
    coins: int
    monsters: int  # stars lost, as a positive number

    @property
    def total(self) -> int:
        return sum(stars for _, _, stars in self.edicts) + self.coins - self.monsters

    def to_json(self) -> dict[str, Any]:
        return {
            "season": self.season,
            "edicts": [list(e) for e in self.edicts],
            "coins": self.coins,
            "monsters": self.monsters,
            "total": self.total,
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> SeasonScore:
        return cls(
            season=str(data["season"]),
            edicts=tuple((str(a), str(b), int(c)) for a, b, c in data["edicts"]),
            coins=int(data["coins"]),
            monsters=int(data["monsters"]),
        )


@dataclass(frozen=True, slots=True)
class Standing:
    player: int
    rank: int
    total: int
    monster_losses: int


class CartographersGame:
    """One game of Cartographers (Heroes, base or combined) for 1 to 100 players."""

    name = "cartographers"

    def __init__(self, config: GameConfig | None = None, seed: int = 0) -> None:
        self.config = config or GameConfig()
        self.seed = seed
        self.cards = self.config.card_set()
        self.rng = SeededRng(seed)
        self.log = ActionLog(self.name, self.config.to_json(), seed)
        self.events: list[dict[str, Any]] = []
        side = map_sides()[self.config.side]
        self.sheets = [side.new_sheet() for _ in range(self.config.players)]
        self.scoring = self.config.scoring or self._deal_scoring()
        self.season_index = 0
        self.ambush_deck = list(self.config.ambushes) or self._deal_ambushes()
        self.rng.shuffle(self.ambush_deck)
        self.hero_deck = list(self.cards.heroes)
        self.rng.shuffle(self.hero_deck)
        self.deck: list[str] = [*self.cards.explore, *self.cards.ruins]
        self._add_season_cards()
        self.revealed: list[str] = []  # this season's cards, in reveal order
        self.current: str | None = None
        self.ruins_pending = False  # a ruins card waits for the next explore card
        self.stage = "reveal"  # reveal -> resolve -> (effects) -> reveal ...; "over" at the end
        self.effect_queue: list[str] = []
        self.ambushes_in_play: list[str] = []  # revealed ambushes, in reveal order
        self.pending: dict[int, Decision] = {}
        self.scores: list[list[SeasonScore]] = [[] for _ in range(self.config.players)]
        self._advance()

    # ------------------------------------------------------------------ set-up

    def _deal_scoring(self) -> tuple[str, ...]:
        """One random card of each category from the chosen boxes, then placed at random under
        edicts A-D."""
        by_category: dict[str, list[str]] = {}
        for card in self.cards.scoring.values():
            if card.box in self.config.scoring_boxes:
                by_category.setdefault(card.category, []).append(card.id)
        chosen = [self.rng.choice(by_category[cat]) for cat in sorted(by_category)]
        self.rng.shuffle(chosen)
        return tuple(chosen)

    def _deal_ambushes(self) -> list[str]:
        """Four ambush cards from the chosen boxes (all of them when the boxes hold four)."""
        pool = [a.id for a in all_ambushes().values() if a.box in self.config.ambush_boxes]
        if len(pool) > 4:
            self.rng.shuffle(pool)
        return pool[:4]

    def _add_season_cards(self) -> None:
        """Shuffle in the top ambush and hero card (unseen) with the explore deck."""
        if self.ambush_deck:
            self.deck.append(self.ambush_deck.pop(0))
        if self.hero_deck:
            self.deck.append(self.hero_deck.pop(0))
        self.rng.shuffle(self.deck)

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
        if card_id in self.cards.explore:
            return self.cards.explore[card_id]
        if card_id in self.cards.heroes:
            return self.cards.heroes[card_id]
        if card_id in self.cards.ruins:
            return self.cards.ruins[card_id]
        return self.cards.ambushes[card_id]

    def season_time(self) -> int:
        return sum(self.cards.explore[c].time for c in self.revealed if c in self.cards.explore)

    def season_threshold(self) -> int:
        return self.cards.seasons[self.season_index].time

    def pending_players(self) -> list[int]:
        return sorted(self.pending)

    def decision(self, player: int) -> Decision | None:
        return self.pending.get(player)

    def drawer_of(self, owner: int, card: AmbushCard) -> int:
        """Who draws the ambush on ``owner``'s map: players sit clockwise in seat order, so a
        clockwise pass hands each map to the next seat."""
        step = 1 if card.direction == "clockwise" else -1
        return (owner + step) % self.num_players

    def totals(self) -> list[int]:
        return [sum(s.total for s in seasons) for seasons in self.scores]

    def monster_losses(self) -> list[int]:
        return [sum(s.monsters for s in seasons) for seasons in self.scores]

    def standings(self) -> list[Standing]:
        """Highest total first; a tie goes to fewer stars lost to monsters, then is shared."""
        totals, losses = self.totals(), self.monster_losses()
        order = sorted(range(self.num_players), key=lambda p: (-totals[p], losses[p], p))
        result: list[Standing] = []
        for i, p in enumerate(order):
            prev = result[-1] if result else None
            tied = prev is not None and (prev.total, prev.monster_losses) == (totals[p], losses[p])
            rank = prev.rank if tied and prev else i + 1
            result.append(Standing(p, rank, totals[p], losses[p]))
        return result

    def solo_rating(self) -> int:
        """Total stars minus the four scoring cards' solo values."""
        return self.totals()[0] - sum(self.cards.scoring[c].solo for c in self.scoring)

    def solo_title(self, language: str = "en") -> str | None:
        """The title the solo rating earns, in ``language``; None when it earns none."""
        title = title_for(self.solo_rating())
        return title.names.get(language) if title else None

    # ------------------------------------------------------------------ legal moves

    def placement_masks(self, player: int) -> list[int]:
        """Every cell set the player may draw now for their decision (terrain aside)."""
        decision = self.pending.get(player)
        if decision is None:
            return []
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
        decision = self.pending.get(player)
        if decision is None or decision.kind != "draw":
            return ()
        return self.terrain_options_for(decision)

    def terrain_options_for(self, decision: Decision) -> tuple[str, ...]:
        """The terrains a draw decision allows: the card's, or a fallback cell's."""
        card = self.cards.explore[decision.card]
        if not decision.fallback or (self.config.fallback_from_card and not decision.ruins):
            return card.terrains
        return FALLBACK_TERRAINS

    def legal_actions(self, player: int) -> list[CartographersAction]:
        decision = self.pending.get(player)
        if decision is None:
            return []
        masks = self.placement_masks(player)
        if decision.kind == "draw":
            return [Draw(t, m) for m in masks for t in self.terrain_options(player)]
        if decision.kind == "monster":
            return [DrawMonster(m) for m in masks]
        if decision.kind == "destroy":
            return [Destroy(*cell_of(m)) for m in masks]
        hero = self.cards.heroes[decision.card]
        turns = self._distinct_turns(hero) if self.config.hero_turns else [0]
        return [PlaceHero(*cell_of(m), t) for m in masks for t in turns]

    @staticmethod
    def _distinct_turns(hero: HeroCard) -> list[int]:
        """Quarter turns that give different patterns (a plus looks the same all four ways)."""
        seen: dict[frozenset[tuple[int, int]], int] = {}
        for turns in range(4):
            pattern = set(hero.attack)
            for _ in range(turns):
                pattern = {(-dy, dx) for dx, dy in pattern}
            seen.setdefault(frozenset(pattern), turns)
        return sorted(seen.values())

    # ------------------------------------------------------------------ applying

    def parse_action(self, text: str) -> CartographersAction:
        return parse_action(text)

    def apply(self, player: int, action: CartographersAction | str) -> list[dict[str, Any]]:
        """Apply one player's action, or raise :class:`IllegalAction` changing nothing.

        Returns the events it caused (reveals, coins, destroyed cells, season scores).
        """
        if isinstance(action, str):
            action = parse_action(action)
        if self.is_over:
            raise IllegalAction("the game is over", rule="game_over")
        if not 0 <= player < self.num_players:
            raise IllegalAction(f"there is no player {player} in this game", rule="no_such_player")
        decision = self.pending.get(player)
        if decision is None:
            raise IllegalAction(f"{self.config.player_name(player)} owes no decision now",
                                rule="not_your_turn")
        self._check_on_map(action)
        start = len(self.events)
        if decision.kind == "draw":
            self._apply_draw(player, decision, action)
        elif decision.kind == "hero":
            self._apply_hero(player, decision, action)
        elif decision.kind == "monster":
            self._apply_monster(player, decision, action)
        else:
            self._apply_destroy(player, decision, action)
        self.log.entries.append(LogEntry(player, str(action)))
        self._advance()
        return self.events[start:]

    @staticmethod
    def _check_on_map(action: object) -> None:
        """Refuse cells off the 11 x 11 map (only possible for actions built in code)."""
        if isinstance(action, Draw | DrawMonster):
            if action.cells <= 0 or action.cells > FULL:
                raise IllegalAction("the cells must all lie on the map", rule="off_map")
        elif isinstance(action, PlaceHero | Destroy):
            if not (0 <= action.row < SIZE and 0 <= action.col < SIZE):
                raise IllegalAction("that cell is off the map", rule="off_map")
            if isinstance(action, PlaceHero) and action.quarter_turns not in range(4):
                raise IllegalAction("a hero turns 0 to 3 quarter turns", rule="rotation")
        else:
            raise IllegalAction(f"{action!r} is not a Cartographers action", rule="wrong_action")

    def _expect(self, action: object, kind: type, decision: Decision) -> None:
        if not isinstance(action, kind):
            raise IllegalAction(f"a {decision.kind} action is owed now, not {action}",
                                rule="wrong_action")

    def _check_free(self, sheet: MapSheet, mask: int) -> None:
        if mask & sheet.filled:
            taken = ", ".join(mask_names(mask & sheet.filled))
            raise IllegalAction(f"cells {taken} are already filled", rule="overlap")

    def _apply_draw(self, player: int, decision: Decision, action: object) -> None:
        self._expect(action, Draw, decision)
        assert isinstance(action, Draw)
        card = self.cards.explore[decision.card]
        sheet = self.sheets[player]
        if decision.fallback:
            terrains = self.terrain_options_for(decision)
            if action.terrain not in terrains:
                raise IllegalAction(f"the fallback cell may be {', '.join(terrains)}",
                                    rule="terrain")
            if action.cells.bit_count() != 1:
                why = "covers no empty ruins" if decision.ruins else "fits your map"
                raise IllegalAction(f"no offered shape {why}, so draw a single cell",
                                    rule="fallback")
            self._check_free(sheet, action.cells)
            coin = False
        else:
            if action.terrain not in card.terrains:
                raise IllegalAction(
                    f"{card.names.en} offers {', '.join(card.terrains)}, not {action.terrain}",
                    rule="terrain")
            self._check_free(sheet, action.cells)
            option = next((o for o in card.shapes if action.cells in o.shape.placement_set), None)
            if option is None:
                shapes = " or ".join(o.shape.art() for o in card.shapes)
                raise IllegalAction(
                    f"those cells are not a shape of {card.names.en} ({shapes}, turned or "
                    "mirrored)", rule="shape")
            if decision.ruins and not action.cells & sheet.ruins & ~sheet.filled:
                raise IllegalAction("after a ruins card the shape must cover an empty ruins "
                                    "cell", rule="ruins")
            coin = option.coin
        del self.pending[player]
        sheet.draw(action.cells, action.terrain)
        if coin:
            self._gain(player, 1, "coin shape")
        self._settle(player)

    def _apply_hero(self, player: int, decision: Decision, action: object) -> None:
        self._expect(action, PlaceHero, decision)
        assert isinstance(action, PlaceHero)
        if action.quarter_turns and not self.config.hero_turns:
            raise IllegalAction("in this game a hero's attack pattern is drawn as printed "
                                "(hero turning is off): use r0", rule="rotation")
        sheet = self.sheets[player]
        cell = bit(action.row, action.col)
        self._check_free(sheet, cell)
        del self.pending[player]
        hero = self.cards.heroes[decision.card]
        sheet.draw(cell, "hero")
        sheet.attack |= hero.attack_mask(action.row, action.col, action.quarter_turns)
        self._settle(player)

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
                                    rule="fallback")
        elif action.cells not in card.shape.placement_set:
            raise IllegalAction(
                f"those cells are not the {card.names.en} shape ({card.shape.art()}, turned or "
                "mirrored)", rule="shape")
        del self.pending[player]
        self._draw_monster(owner, card, action.cells, identified=not decision.fallback)
        self._gorgon_gaze(owner, card, chooser=player)

    def _apply_destroy(self, player: int, decision: Decision, action: object) -> None:
        self._expect(action, Destroy, decision)
        assert isinstance(action, Destroy)
        cell = bit(action.row, action.col)
        if not cell & decision.allowed:
            allowed = ", ".join(mask_names(decision.allowed))
            raise IllegalAction(f"{cell_name(action.row, action.col)} may not be destroyed now; "
                                f"choose one of {allowed}", rule="destroy")
        del self.pending[player]
        self.sheets[decision.sheet].destroy(cell)
        self._event("destroyed", sheet=decision.sheet, cells=mask_names(cell),
                    reason=decision.reason)
        self._settle(decision.sheet)

    # ------------------------------------------------------------------ effects on a map

    def _event(self, kind: str, **data: Any) -> None:
        self.events.append({"type": kind, **data})

    def _gain(self, owner: int, count: int, reason: str) -> None:
        gained = self.sheets[owner].gain_coins(count)
        if gained:
            self._event("coins", sheet=owner, gained=gained, reason=reason)

    def _draw_monster(self, owner: int, card: AmbushCard | None, mask: int,
                      identified: bool) -> None:
        sheet = self.sheets[owner]
        sheet.draw(mask, "monster")
        if identified and card is not None:
            sheet.monster_ids[card.id] = sheet.monster_ids.get(card.id, 0) | mask
        self._settle(owner)

    def _settle(self, owner: int) -> None:
        struck, mountain_coins, dragon_coins = settle(self.sheets[owner])
        if struck:
            self._event("destroyed", sheet=owner, cells=mask_names(struck), reason="hero")
        if mountain_coins:
            self._event("coins", sheet=owner, gained=mountain_coins, reason="surrounded mountain")
        if dragon_coins:
            self._event("coins", sheet=owner, gained=dragon_coins, reason="dragon defeated")

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
            else:
                self._reveal()

    def _reveal(self) -> None:
        card_id = self.deck.pop(0)
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
                self._draw_monster(owner, card, mask, identified=True)
                self._event("monster", sheet=owner, card=card.id, cells=mask_names(mask))
                self._gorgon_gaze(owner, card, chooser=owner)
            return
        for owner, sheet in enumerate(self.sheets):
            if sheet.is_full():
                continue
            fits = any(not m & sheet.filled for m in card.shape.placements)
            self.pending[self.drawer_of(owner, card)] = Decision(
                "monster", owner, card.id, fallback=not fits)

    def _score_season(self) -> None:
        season = self.cards.seasons[self.season_index]
        for p, sheet in enumerate(self.sheets):
            edicts = []
            for letter in season.edicts:
                card_id = self.scoring[EDICTS.index(letter)]
                edicts.append((letter, card_id, score_card(card_id, sheet).stars))
            score = SeasonScore(season.id, tuple(edicts), sheet.coins,
                                monster_penalty(sheet).stars)
            self.scores[p].append(score)
        self._event("season_scored", season=season.id)

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
        # Revealed explore and ruins cards go back; revealed heroes and ambushes leave the game.
        self.deck += [c for c in self.revealed if c in self.cards.explore or c in self.cards.ruins]
        self.revealed = []
        self.ruins_pending = False
        self._add_season_cards()
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

    # ------------------------------------------------------------------ views and JSON

    def view(self, player: int | None = None) -> dict[str, Any]:
        """What ``player`` may see (None: a spectator): never the deck order."""
        data = self._public()
        data["you"] = player
        if player is not None and player in self.pending:
            data["your_decision"] = self.pending[player].to_json()
        return data

    def _public(self) -> dict[str, Any]:
        return {
            "game": self.name,
            "config": self.config.to_json(),
            "scoring": list(self.scoring),
            "season": self.season,
            "season_time": self.season_time(),
            "season_threshold": self.season_threshold(),
            "revealed": list(self.revealed),
            "current": self.current,
            "ruins_pending": self.ruins_pending,
            "deck_size": len(self.deck),
            "ambushes_in_play": list(self.ambushes_in_play),
            "waiting_for": self.pending_players(),
            "sheets": [s.to_json() for s in self.sheets],
            "scores": [[s.to_json() for s in seasons] for seasons in self.scores],
            "over": self.is_over,
        }

    def to_json(self) -> dict[str, Any]:
        data = self._public()
        data.update({
            "seed": self.seed,
            "rng": self.rng.state,
            "season_index": self.season_index,
            "deck": list(self.deck),
            "ambush_deck": list(self.ambush_deck),
            "hero_deck": list(self.hero_deck),
            "stage": self.stage,
            "effect_queue": list(self.effect_queue),
            "pending": {str(p): d.to_json() for p, d in sorted(self.pending.items())},
            "log": self.log.to_json(),
        })
        return data

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> CartographersGame:
        game = cls.__new__(cls)
        game.config = GameConfig.from_json(data["config"])
        game.seed = int(data["seed"])
        game.cards = game.config.card_set()
        game.rng = SeededRng(0)
        game.rng.state = int(data["rng"])
        game.log = ActionLog.from_json(data["log"])
        game.events = []
        game.sheets = [MapSheet.from_json(s) for s in data["sheets"]]
        game.scoring = tuple(data["scoring"])
        game.season_index = int(data["season_index"])
        game.deck = list(data["deck"])
        game.ambush_deck = list(data["ambush_deck"])
        game.hero_deck = list(data["hero_deck"])
        game.revealed = list(data["revealed"])
        game.current = data["current"]
        game.ruins_pending = bool(data.get("ruins_pending", False))
        game.stage = str(data["stage"])
        game.effect_queue = list(data["effect_queue"])
        game.ambushes_in_play = list(data["ambushes_in_play"])
        game.pending = {int(p): Decision.from_json(d) for p, d in data["pending"].items()}
        game.scores = [[SeasonScore.from_json(s) for s in seasons] for seasons in data["scores"]]
        game._check_loaded()
        return game

    def _check_loaded(self) -> None:
        """Refuse a state that names unknown cards or players (a corrupt save)."""
        known = {*self.cards.explore, *self.cards.heroes, *self.cards.ambushes, *self.cards.ruins}
        for card_id in [*self.deck, *self.ambush_deck, *self.hero_deck, *self.revealed]:
            if card_id not in known:
                raise IllegalAction(f"unknown card {card_id!r} in saved state", rule="corrupt")
        if len(self.sheets) != self.num_players or len(self.scores) != self.num_players:
            raise IllegalAction("saved state has the wrong number of maps", rule="corrupt")
        if self.stage not in ("reveal", "resolve", "effects", "over"):
            raise IllegalAction(f"unknown stage {self.stage!r} in saved state", rule="corrupt")
        if any(not 0 <= p < self.num_players for p in self.pending):
            raise IllegalAction("saved state has a decision for no player", rule="corrupt")

    @classmethod
    def replay(cls, log: ActionLog) -> CartographersGame:
        """Rebuild a game from its config, seed and actions."""
        game = cls(GameConfig.from_json(log.config), log.seed)
        for entry in log.entries:
            game.apply(entry.player, parse_action(entry.action))
        return game

    def copy(self) -> CartographersGame:
        """An independent copy (for bots that look ahead)."""
        return CartographersGame.from_json(self.to_json())
