"""How a Cartographers game is set up: players, boxes, map side, cards, options.

One :class:`GameConfig` describes any game the rulebooks allow: Cartographers Heroes alone, the
base Cartographers alone, or the two combined with the ambush packs. Its checks are the
rulebooks' combining rules ("Combiner des jeux"): everyone on the same map side, one season set,
one explore set never mixed, the ruins cards whenever base content is used, any four ambushes
(one joins the deck each season), heroes optional, one scoring card of each category.
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Any

from herotable.cartographers.cards import (
    BOXES,
    CATEGORIES,
    DECK_BOXES,
    CardSet,
    all_ambushes,
    all_scoring_cards,
    combined_set,
    heroes_set,
    map_sides,
)
from herotable.cartographers.sheet import MapSheet
from herotable.core.errors import ConfigurationError, HerotableError
from herotable.core.game import is_int, is_text_list

MAX_PLAYERS = 100
EDICTS = ("A", "B", "C", "D")
AMBUSHES_PER_GAME = 4


class ConfigError(ConfigurationError):
    """A game set-up the rules do not allow (unknown card, two cards of one category...)."""


@dataclass(frozen=True)
class GameConfig:
    """A game's set-up.

    ``seasons`` and ``explore`` name the box whose season cards and explore deck are used.
    ``scoring`` fixes edicts A-D; empty means one card per category is dealt by the seed from
    the boxes in ``scoring_boxes``. ``ambushes`` fixes the four ambush cards; empty means four
    are dealt from the boxes in ``ambush_boxes``. ``remote_ambush``: for remote play, every map
    gets each ambush's monster by the solo placement rule instead of a neighbour drawing it.
    ``hero_turns``: a hero's attack pattern may be turned in quarter turns, as the licensed
    official app allows; off, it is drawn as printed on the card (the rulebooks grant turning
    to explore shapes only), so only ``r0`` is legal.

    ``deck`` and ``maps`` set up a scenario (a rulebook example, a puzzle, a test): ``deck``
    is the first season's deck exactly, top first and not shuffled (any cards of the game,
    even one twice, as a puzzle may); the hero and ambush decks lose the cards it names, and
    later seasons shuffle as usual. ``maps`` are the starting maps in the map notation, one
    per player, instead of the printed side.

    ``explicit_chance``: an outside driver (OpenSpiel, a search) draws the explore deck's cards.
    The engine stops before each reveal with nobody owing a decision
    (:meth:`~herotable.cartographers.game.CartographersGame.is_chance_node`) until it is told
    which card comes (``apply_chance``); the seed still deals the scoring cards and the ambush
    and hero decks. It cannot go with a scenario ``deck``, whose order is fixed.
    """

    players: int = 1
    names: tuple[str, ...] = ()
    side: str = "C"
    seasons: str = "heroes"
    explore: str = "heroes"
    heroes: bool = True
    hero_turns: bool = True
    scoring: tuple[str, ...] = ()
    scoring_boxes: tuple[str, ...] = ("heroes",)
    ambushes: tuple[str, ...] = ()
    ambush_boxes: tuple[str, ...] = ("heroes",)
    remote_ambush: bool = False
    deck: tuple[str, ...] = ()
    maps: tuple[str, ...] = ()
    explicit_chance: bool = False

    def __post_init__(self) -> None:
        if not 1 <= self.players <= MAX_PLAYERS:
            raise ConfigError(f"Cartographers takes 1 to {MAX_PLAYERS} players, not {self.players}")
        if self.names and len(self.names) != self.players:
            raise ConfigError(f"{len(self.names)} names given for {self.players} players")
        sides = map_sides()
        if self.side not in sides:
            raise ConfigError(f"map side {self.side!r} is not one of {', '.join(sorted(sides))} "
                              "(all players use the same side)")
        self._check_box("seasons", self.seasons, "season set")
        self._check_box("explore", self.explore, "explore set")
        self._check_scoring()
        self._check_ambushes()
        self._check_scenario()

    def _check_scenario(self) -> None:
        cards = self.card_set()
        known = {*cards.explore, *cards.ruins, *cards.heroes, *cards.ambushes}
        unknown = [c for c in self.deck if c not in known]
        if unknown:
            raise ConfigError(f"the scenario deck names {unknown[0]!r}, which is not a card "
                              "of this game")
        if self.deck and self.explicit_chance:
            raise ConfigError("a scenario deck fixes the order of the cards, while explicit "
                              "chance leaves every reveal to the driver: choose one")
        if self.maps and len(self.maps) != self.players:
            raise ConfigError(f"{len(self.maps)} scenario maps given for {self.players} players")
        for index, text in enumerate(self.maps):
            try:
                MapSheet.from_text(text)
            except HerotableError as exc:
                raise ConfigError(f"scenario map {index + 1}: {exc}") from exc

    def _check_box(self, name: str, value: str, what: str) -> None:
        if value not in DECK_BOXES:
            mixed = "+" in value or "," in value
            hint = " (one set only: the rules forbid mixing them)" if mixed else ""
            raise ConfigError(f"{what} {value!r} is not one of {', '.join(DECK_BOXES)}{hint}")

    @staticmethod
    def _check_boxes(boxes: tuple[str, ...], what: str) -> None:
        unknown = [b for b in boxes if b not in BOXES]
        if unknown or not boxes:
            raise ConfigError(f"{what} must name boxes among {', '.join(BOXES)}, "
                              f"got {', '.join(boxes) or 'none'}")

    def _check_scoring(self) -> None:
        self._check_boxes(self.scoring_boxes, "scoring_boxes")
        if not self.scoring:
            categories = {c.category for c in all_scoring_cards().values()
                          if c.box in self.scoring_boxes}
            if categories != set(CATEGORIES):
                raise ConfigError(f"the boxes {', '.join(self.scoring_boxes)} lack a scoring "
                                  "card of some category")
            return
        cards = all_scoring_cards()
        if len(self.scoring) != len(EDICTS):
            raise ConfigError("give four scoring cards, one for each edict A-D")
        for card_id in self.scoring:
            if card_id not in cards:
                raise ConfigError(f"unknown scoring card {card_id!r}; "
                                  f"known: {', '.join(sorted(cards))}")
        chosen = [cards[c].category for c in self.scoring]
        if sorted(chosen) != sorted(CATEGORIES):
            raise ConfigError("the four scoring cards must be one of each category "
                              f"({', '.join(CATEGORIES)}); got {', '.join(chosen)}")

    def _check_ambushes(self) -> None:
        self._check_boxes(self.ambush_boxes, "ambush_boxes")
        known = all_ambushes()
        if not self.ambushes:
            pool = [a for a in known.values() if a.box in self.ambush_boxes]
            if len(pool) < AMBUSHES_PER_GAME:
                raise ConfigError("the ambush deck needs four ambush cards")
            return
        for card_id in self.ambushes:
            if card_id not in known:
                raise ConfigError(f"unknown ambush card {card_id!r}; "
                                  f"known: {', '.join(sorted(known))}")
        if len(self.ambushes) != AMBUSHES_PER_GAME or len(set(self.ambushes)) != len(
                self.ambushes):
            raise ConfigError("the ambush deck holds exactly four different ambush cards "
                              f"(one joins the deck each season); got {len(self.ambushes)}")

    # ------------------------------------------------------------------ derived

    @property
    def solo(self) -> bool:
        return self.players == 1

    @property
    def boxes(self) -> frozenset[str]:
        """The boxes whose content this game uses."""
        used = {map_sides()[self.side].box, self.seasons, self.explore}
        if self.heroes:
            used.add("heroes")
        if self.scoring:
            scoring = all_scoring_cards()
            used.update(scoring[c].box for c in self.scoring)
        else:
            used.update(self.scoring_boxes)
        if self.ambushes:
            ambushes = all_ambushes()
            used.update(ambushes[a].box for a in self.ambushes)
        else:
            used.update(self.ambush_boxes)
        return frozenset(used)

    @property
    def ruins(self) -> bool:
        """Whether the base game's two ruins cards join the explore deck: always when base
        content is used, whichever explore set is chosen (the combining rules)."""
        return "base" in self.boxes

    @property
    def fallback_from_card(self) -> bool:
        """The base game's 1x1 fallback takes a terrain offered by the card; Heroes' takes any
        terrain but mountain. The explore set decides which rule a game follows."""
        return self.explore == "base"

    def card_set(self) -> CardSet:
        return combined_set(self.seasons, self.explore, self.ruins, self.heroes)

    def player_name(self, player: int) -> str:
        """The seat's name in the engine's own (English) sentences. An unnamed seat ("" in
        ``names``) is "Player n" here; front ends name it in their player's language."""
        return (self.names[player] if self.names else "") or f"Player {player + 1}"

    def describe(self) -> list[tuple[str, str]]:
        """The set-up as (label, value) rows, for the CLI and the terminal game."""
        def listed(chosen: tuple[str, ...], boxes: tuple[str, ...]) -> str:
            return ", ".join(chosen) if chosen else f"dealt from {' + '.join(boxes)}"

        return [
            ("players", str(self.players) + (" (solo)" if self.solo else "")),
            ("map side", self.side),
            ("seasons", f"{self.seasons} (summer {self.card_set().seasons[1].time})"),
            ("explore deck", self.explore + (" + ruins cards" if self.ruins else "")),
            ("heroes", ("yes, attack patterns turn" if self.hero_turns
                        else "yes, attack patterns as printed") if self.heroes else "no"),
            ("ambushes", listed(self.ambushes, self.ambush_boxes)
             + (" (remote: solo placement)" if self.remote_ambush else "")),
            ("scoring A-D", listed(self.scoring, self.scoring_boxes)),
        ]

    # ------------------------------------------------------------------ presets and JSON

    @classmethod
    def preset(cls, name: str, **overrides: Any) -> GameConfig:
        """A config for one of :data:`PRESETS`, with any field overridden."""
        if name not in PRESETS:
            raise ConfigError(f"unknown preset {name!r}; known: {', '.join(PRESETS)}")
        unknown = set(overrides) - {f.name for f in fields(cls)}
        if unknown:
            raise ConfigError(f"unknown setting {sorted(unknown)[0]!r}")
        return cls(**{**PRESETS[name], **overrides})

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "players": self.players,
            "names": list(self.names),
            "side": self.side,
            "seasons": self.seasons,
            "explore": self.explore,
            "heroes": self.heroes,
            "hero_turns": self.hero_turns,
            "scoring": list(self.scoring),
            "scoring_boxes": list(self.scoring_boxes),
            "ambushes": list(self.ambushes),
            "ambush_boxes": list(self.ambush_boxes),
            "remote_ambush": self.remote_ambush,
            "deck": list(self.deck),
            "maps": list(self.maps),
        }
        # Written only when set, so that every log and save of a normal game stays as it was.
        if self.explicit_chance:
            data["explicit_chance"] = True
        return data

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> GameConfig:
        """Build and validate a config from JSON; wrong shapes raise :class:`ConfigError`."""
        if not isinstance(data, dict):
            raise ConfigError("a game config is a JSON object")
        unknown = set(data) - {f.name for f in fields(cls)}
        if unknown:
            raise ConfigError(f"unknown setting {sorted(unknown)[0]!r}")

        def strings(key: str) -> tuple[str, ...]:
            value = data.get(key, ())
            if not is_text_list(value):
                raise ConfigError(f"{key} must be a list of strings")
            return tuple(value)

        def text(key: str, default: str) -> str:
            value = data.get(key, default)
            if not isinstance(value, str):
                mixed = " (one set only: the rules forbid mixing them)" if isinstance(
                    value, list) else ""
                raise ConfigError(f"{key} must be a single name{mixed}")
            return value

        def flag(key: str, default: bool) -> bool:
            # bool("false") is True: a switch must be a JSON true or false, nothing looser.
            value = data.get(key, default)
            if not isinstance(value, bool):
                raise ConfigError(f"{key} must be true or false")
            return value

        players = data.get("players", 1)
        if not is_int(players):  # int() would take "3", 2.5 or true
            raise ConfigError("players must be a whole number")
        try:
            return cls(
                players=players,
                names=strings("names"),
                side=text("side", "C"),
                seasons=text("seasons", "heroes"),
                explore=text("explore", "heroes"),
                heroes=flag("heroes", True),
                # Saves from before the option have no key: turning was always allowed then.
                hero_turns=flag("hero_turns", True),
                scoring=strings("scoring"),
                scoring_boxes=strings("scoring_boxes") or cls.scoring_boxes,
                ambushes=strings("ambushes"),
                ambush_boxes=strings("ambush_boxes") or cls.ambush_boxes,
                remote_ambush=flag("remote_ambush", False),
                deck=strings("deck"),
                maps=strings("maps"),
                explicit_chance=flag("explicit_chance", False),
            )
        except (TypeError, ValueError) as exc:
            raise ConfigError(f"malformed game config: {exc}") from exc


# One preset per box and one for both, plus the rulebooks' first game. Any field can be
# overridden on top (GameConfig.preset("base", side="B")).
PRESETS: dict[str, dict[str, Any]] = {
    "heroes": {},
    "first_game": {"scoring": heroes_set().presets["first_game"]},
    "base": {
        "side": "A",
        "seasons": "base",
        "explore": "base",
        "heroes": False,
        "scoring_boxes": ("base",),
        "ambush_boxes": ("base",),
    },
    "heroes+base": {
        "scoring_boxes": ("heroes", "base"),
        "ambush_boxes": ("heroes", "base"),
    },
}
