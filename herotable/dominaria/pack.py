"""The Heroes of Dominaria data pack: map, hero boards, decks, quests and artifacts.

The printed content of the components is not public, so the game reads it from six TOML
files that an owner of the box can copy and edit (see ``docs/dominaria-data.md``). Quest
conditions, rewards and artifact abilities are written in a small declarative vocabulary
that the engine interprets, so a new card needs no Python code. Everything is checked as it
loads: a broken file raises :class:`~herotable.core.errors.DataError` naming the file, the
record and the field, because the person reading that message is editing a text file, not
debugging Python.
"""

from __future__ import annotations

import hashlib
import pathlib
import re
import tomllib
from collections import deque
from collections.abc import Iterable
from dataclasses import dataclass
from functools import cache, cached_property
from importlib import resources
from importlib.resources.abc import Traversable
from typing import Any

from herotable.core.errors import DataError

COLOURS = ("W", "U", "B", "R", "G")
METRICS = ("heroes", "manaliths", "leylines", "cabal", "artifacts", "quests", "mana", "colours",
           "network", "locations", "hero_at", "visited")
# Only these grow by counting things gained, so only they can be measured "since the start".
COUNTER_METRICS = ("heroes", "manaliths", "leylines", "cabal", "artifacts", "quests")
# Travel: where your Heroes have been, not where they stand; also measured "since the start".
TRAVEL_METRICS = ("visited",)
COLOURED_METRICS = ("mana", "manaliths", "locations", "visited")
PLACED_METRICS = ("hero_at", "visited")  # those that take a `location`
EFFECTS = ("mana", "quest", "artifact", "moves")
ABILITY_KINDS = ("none", "discount", "moves", "collect", "turn", "once", "reach")
PLANESWALKER_ABILITIES = ("recruit", "discover", "confront", "manalith", "leyline")
# The abilities that act on a token where a Hero stands: a `reach` artifact extends them to
# the locations next to it.
REACH_TARGETS = ("discover", "confront")
PROVENANCES = ("seed", "designed", "printed")
TOKENS = ("artifact", "cabal")
FILES = ("map.toml", "boards.toml", "dominaria.toml", "quests.toml", "public_quests.toml",
         "artifacts.toml")

# Component counts the rulebook fixes; a pack that differs is not this game.
DOMINARIA_CARDS = 50
QUEST_CARDS = 45
PUBLIC_QUEST_KINDS = 5  # two tiles each: 10 tiles
ARTIFACT_CARDS = 20
START_LOCATIONS = 5
ARTIFACT_TOKENS = 15
CABAL_TOKENS = 20
HEROES = 4
MANALITHS = 5
LEYLINES = 8
MIN_PLANESWALKERS = 4  # one board per player, up to four players
MANA_SUPPLY = 120  # 24 tokens of each colour
MANA_PER_COLOUR = MANA_SUPPLY // len(COLOURS)
TOP_PUBLIC_TILE = 10  # the seed: the 10 VP tile lies on top of each stack
TRACK_LENGTHS = {"hero": HEROES - 1, "manalith": MANALITHS, "leyline": LEYLINES}
# What each planeswalker ability costs: one mana of the colour plus this much of any colour.
ABILITY_COSTS: dict[str, tuple[str, int]] = {
    "recruit": ("W", 4),
    "discover": ("U", 3),
    "confront": ("B", 2),
    "manalith": ("R", 4),
    "leyline": ("G", 2),
}
# The generic part of each ability's cost: a discount can never make it cheaper than its
# one coloured mana.
GENERIC_COST = {ability: generic for ability, (_, generic) in ABILITY_COSTS.items()}

# What the rulebook states about the map: its start locations and the places of its examples.
# They are rules, not content, so an edited pack keeps them (and these ids) or is refused.
RULEBOOK_START_LOCATIONS = ("caligo", "orvada", "esturin", "verdura", "bogardan")
RULEBOOK_COLOURS = {"hammerheim": "R"}
RULEBOOK_LINKS = (("hammerheim", "llanowar"), ("orvada", "shanodin"), ("orvada", "urborg"))
# The symbols the rulebook prints on the tracks: for each track and symbol, the spaces
# (counted from 1, left to right) that carry it; no other space does. Every Hero space shows a
# move, and a quest comes with your third Hero on the map (our reading, see
# docs/rules-decisions.md); the 2nd and 4th Manalith and the 3rd and 7th Leyline give a
# quest; the 2nd, 4th and 6th Leyline give GREEN_SYMBOL green mana. The rulebook does not say
# which Cabal spaces show a quest (None: the pack chooses), and prints no move or green there.
RULEBOOK_SYMBOLS: dict[str, dict[str, tuple[int, ...] | None]] = {
    "hero": {"move": (1, 2, 3), "quest": (2,), "green": ()},
    "manalith": {"move": (), "quest": (2, 4), "green": ()},
    "leyline": {"move": (), "quest": (3, 7), "green": (2, 4, 6)},
    "cabal": {"move": (), "quest": None, "green": ()},
}
GREEN_SYMBOL = 2
CANVAS = (100, 60)  # layout coordinates run over 0..100 x 0..60

_ID = re.compile(r"[a-z][a-z0-9_]*\Z")
_MISSING = object()


@dataclass(frozen=True)
class Location:
    id: str
    name: str
    colour: str
    start: bool
    x: int
    y: int
    provenance: str


@dataclass(frozen=True)
class Link:
    a: str  # a < b: a link has no direction, so it is stored under one spelling
    b: str
    provenance: str


@dataclass(frozen=True)
class TrackSpace:
    vp: int
    move: bool = False
    quest: bool = False
    green: int = 0


@dataclass(frozen=True)
class Track:
    base_vp: int  # what the track scores before any space is uncovered (or covered)
    spaces: tuple[TrackSpace, ...]


@dataclass(frozen=True)
class TurnOrder:
    """The VP each seat receives at the set-up, by its place in turn order from the drawn
    first player: ``vp[players - 2][place]``. The rulebook gives the later seats nothing
    (all zeros, what a pack without the table plays); the designed pack makes up for what
    playing early costs (docs/rules-decisions.md)."""

    vp: tuple[tuple[int, ...], ...] = ((0, 0), (0, 0, 0), (0, 0, 0, 0))
    provenance: str = "seed"

    def head_start(self, players: int, place: int) -> int:
        return self.vp[players - 2][place]


@dataclass(frozen=True)
class Boards:
    hero: Track
    manalith: Track
    leyline: Track
    cabal: Track
    provenance: str
    turn_order: TurnOrder = TurnOrder()


@dataclass(frozen=True)
class Planeswalker:
    id: str
    name: str
    provenance: str


@dataclass(frozen=True)
class DominariaCard:
    id: str
    mana: tuple[str, ...]
    token: str | None  # "artifact" | "cabal" | None
    location: str | None  # set exactly when token is set
    provenance: str


@dataclass(frozen=True)
class Requirement:
    metric: str
    at_least: int
    colour: str | None = None
    location: str | None = None
    since_start: bool = False


@dataclass(frozen=True)
class Effect:
    effect: str
    amount: int = 1
    colour: str | None = None


@dataclass(frozen=True)
class Quest:
    id: str
    name: str
    vp: int
    text: str
    needs_start: bool
    start: tuple[Requirement, ...]
    requires: tuple[Requirement, ...]
    reward: tuple[Effect, ...]
    provenance: str


@dataclass(frozen=True)
class PublicQuest:
    id: str
    name: str
    text: str
    requires: tuple[Requirement, ...]
    tiles: tuple[int, int]  # (first claimant's VP, second claimant's VP)
    provenance: str


@dataclass(frozen=True)
class Ability:
    kind: str
    target: str | None = None
    amount: int = 0
    effects: tuple[Effect, ...] = ()


@dataclass(frozen=True)
class Artifact:
    id: str
    name: str
    vp: int
    text: str
    ability: Ability
    provenance: str


@dataclass(frozen=True)
class Pack:
    locations: dict[str, Location]
    links: tuple[Link, ...]
    adjacency: dict[str, frozenset[str]]
    boards: Boards
    planeswalkers: dict[str, Planeswalker]
    cards: tuple[DominariaCard, ...]
    quests: dict[str, Quest]
    public_quests: dict[str, PublicQuest]
    artifacts: dict[str, Artifact]
    # What the six files held, hashed: a game records it, so it is never replayed with
    # other content (an edited pack, a host's pack changed between two runs).
    digest: str = ""

    def designed_records(self) -> list[str]:
        """``file: id`` of every record whose content we designed, so the CLI and UI can say
        plainly that the game is not using the printed components."""
        found: list[str] = []

        def add(file: str, records: Iterable[Any]) -> None:
            found.extend(f"{file}: {r.id}" for r in records if r.provenance == "designed")

        add("map.toml", self.locations.values())
        found.extend(f"map.toml: {link.a}-{link.b}" for link in self.links
                     if link.provenance == "designed")
        if self.boards.provenance == "designed":
            found.append("boards.toml: tracks")
        if self.boards.turn_order.provenance == "designed":
            found.append("boards.toml: turn_order")
        add("boards.toml", self.planeswalkers.values())
        add("dominaria.toml", self.cards)
        add("quests.toml", self.quests.values())
        add("public_quests.toml", self.public_quests.values())
        add("artifacts.toml", self.artifacts.values())
        return found

    @property
    def start_locations(self) -> tuple[str, ...]:
        return tuple(loc.id for loc in self.locations.values() if loc.start)

    @staticmethod
    def link_key(a: str, b: str) -> tuple[str, str]:
        """The one spelling of the link between ``a`` and ``b`` (Leylines are keyed by it)."""
        return (a, b) if a <= b else (b, a)

    def are_adjacent(self, a: str, b: str) -> bool:
        return b in self.adjacency.get(a, frozenset())

    @cached_property
    def distances(self) -> dict[str, dict[str, int]]:
        """Links on the shortest path between every two locations (breadth first, once per
        pack): what a Hero's moves are counted in."""
        found: dict[str, dict[str, int]] = {}
        for origin in self.locations:
            seen = {origin: 0}
            queue = deque([origin])
            while queue:
                here = queue.popleft()
                for there in self.adjacency[here]:
                    if there not in seen:
                        seen[there] = seen[here] + 1
                        queue.append(there)
            found[origin] = seen
        return found


# --- reading -------------------------------------------------------------------------------


def _read(source: Traversable | pathlib.Path, label: str, name: str) -> dict[str, Any]:
    path = source.joinpath(name)
    where = f"{label}/{name}"
    if not path.is_file():
        raise DataError(f"{where}: file missing (a pack needs all of {', '.join(FILES)})")
    try:
        return tomllib.loads(path.read_text("utf-8"))
    except UnicodeDecodeError as exc:
        raise DataError(f"{where}: not UTF-8 text ({exc})") from exc
    except tomllib.TOMLDecodeError as exc:
        raise DataError(f"{where}: not valid TOML: {exc}") from exc


def _type_name(kind: type) -> str:
    return {str: "a string", int: "an integer", bool: "true or false", list: "a list",
            dict: "a table"}[kind]


def _check_type(value: Any, kind: type, where: str, key: str) -> Any:
    # bool is an int in Python, but `vp = true` is a typo, not a number.
    wrong = not isinstance(value, kind) or (kind is int and isinstance(value, bool))
    if wrong:
        raise DataError(f"{where}: field {key!r} should be {_type_name(kind)}, got {value!r}")
    return value


def _fields(entry: Any, where: str, required: dict[str, type],
            optional: dict[str, type] | None = None) -> dict[str, Any]:
    """The entry's fields, type-checked; unknown and missing fields are refused by name
    because a misspelt optional field would otherwise be silently ignored."""
    if not isinstance(entry, dict):
        raise DataError(f"{where}: should be a table, got {entry!r}")
    optional = optional or {}
    for key in entry:
        if key not in required and key not in optional:
            known = ", ".join(sorted({*required, *optional}))
            raise DataError(f"{where}: unknown field {key!r} (known fields: {known})")
    for key, kind in required.items():
        if key not in entry:
            raise DataError(f"{where}: missing field {key!r}")
        _check_type(entry[key], kind, where, key)
    for key, kind in optional.items():
        if key in entry:
            _check_type(entry[key], kind, where, key)
    return entry


def _one_of(value: Any, allowed: Iterable[str], where: str, key: str, what: str) -> str:
    allowed = tuple(allowed)
    if value not in allowed:
        raise DataError(f"{where}: field {key!r}: unknown {what} {value!r} "
                        f"(one of {', '.join(allowed)})")
    return value


def _records(data: dict[str, Any], table: str, where: str) -> list[Any]:
    records = data.get(table, [])
    if not isinstance(records, list):
        raise DataError(f"{where}: [[{table}]] should be an array of tables")
    return records


def _top_level(data: dict[str, Any], where: str, allowed: tuple[str, ...]) -> None:
    for key in data:
        if key not in allowed:
            raise DataError(f"{where}: unknown top-level key {key!r} "
                            f"(known: {', '.join(allowed)})")


def _record_where(where: str, table: str, entry: Any, index: int) -> str:
    record_id = entry.get("id") if isinstance(entry, dict) else None
    if isinstance(record_id, str):
        return f"{where} {table} {record_id!r}"
    return f"{where} {table} #{index + 1}"


def _id(entry: dict[str, Any], at: str) -> str:
    value = entry["id"]
    if not _ID.match(value):
        raise DataError(f"{at}: field 'id': {value!r} should be lower-case letters, digits and "
                        f"'_', starting with a letter")
    return value


def _provenance(entry: dict[str, Any], at: str) -> str:
    return _one_of(entry["provenance"], PROVENANCES, at, "provenance", "provenance")


def _count(found: int, wanted: int, where: str, table: str, what: str) -> None:
    if found != wanted:
        raise DataError(f"{where}: [[{table}]] has {found} records; the game has {wanted} {what}")


def _positive(value: int, at: str, key: str, low: int = 1, high: int | None = None) -> int:
    if value < low or (high is not None and value > high):
        span = f"at least {low}" if high is None else f"from {low} to {high}"
        raise DataError(f"{at}: field {key!r} should be {span}, got {value}")
    return value


def _unique(by_id: dict[str, Any], record_id: str, at: str) -> None:
    if record_id in by_id:
        raise DataError(f"{at}: field 'id': duplicate id {record_id!r}")


# --- map.toml ------------------------------------------------------------------------------


def _load_map(data: dict[str, Any], where: str) -> tuple[dict[str, Location], tuple[Link, ...]]:
    _top_level(data, where, ("location", "link"))
    locations: dict[str, Location] = {}
    seen_at: dict[tuple[int, int], str] = {}
    for index, raw in enumerate(_records(data, "location", where)):
        at = _record_where(where, "location", raw, index)
        entry = _fields(raw, at, {"id": str, "name": str, "colour": str, "start": bool,
                                  "x": int, "y": int, "provenance": str})
        loc = Location(
            id=_id(entry, at),
            name=entry["name"],
            colour=_one_of(entry["colour"], COLOURS, at, "colour", "colour"),
            start=entry["start"],
            x=_positive(entry["x"], at, "x", 0, CANVAS[0]),
            y=_positive(entry["y"], at, "y", 0, CANVAS[1]),
            provenance=_provenance(entry, at),
        )
        _unique(locations, loc.id, at)
        if (loc.x, loc.y) in seen_at:
            raise DataError(f"{at}: fields 'x', 'y': same place as {seen_at[loc.x, loc.y]!r}; "
                            f"the map could not be drawn")
        seen_at[loc.x, loc.y] = loc.id
        locations[loc.id] = loc
    if not locations:
        raise DataError(f"{where}: no [[location]] records")
    starts = [loc.id for loc in locations.values() if loc.start]
    if len(starts) != START_LOCATIONS:
        raise DataError(f"{where}: field 'start' is true on {len(starts)} locations "
                        f"({', '.join(starts) or 'none'}); the game has {START_LOCATIONS}")

    links: list[Link] = []
    seen: set[tuple[str, str]] = set()
    for index, raw in enumerate(_records(data, "link", where)):
        entry = _fields(raw, f"{where} link #{index + 1}",
                        {"a": str, "b": str, "provenance": str})
        at = f"{where} link {entry['a']}-{entry['b']}"
        for key in ("a", "b"):
            if entry[key] not in locations:
                raise DataError(f"{at}: field {key!r}: unknown location {entry[key]!r}")
        if entry["a"] == entry["b"]:
            raise DataError(f"{at}: field 'b': a location cannot be linked to itself")
        a, b = Pack.link_key(entry["a"], entry["b"])
        if (a, b) in seen:
            raise DataError(f"{at}: fields 'a', 'b': duplicate link {a}-{b}")
        seen.add((a, b))
        links.append(Link(a, b, _provenance(entry, at)))
    _rulebook_map(locations, seen, where)
    return locations, tuple(links)


def _rulebook_map(locations: dict[str, Location], links: set[tuple[str, str]],
                  where: str) -> None:
    """Refuse a map that changes what the rulebook states about it."""
    named = ", ".join(RULEBOOK_START_LOCATIONS)
    for loc_id in (*RULEBOOK_START_LOCATIONS, *RULEBOOK_COLOURS):
        if loc_id not in locations:
            raise DataError(f"{where}: no [[location]] has field 'id' = {loc_id!r}; the "
                            f"rulebook names it (keep the id: the rulebook's facts are "
                            f"checked by id)")
    for loc in locations.values():
        if loc.start != (loc.id in RULEBOOK_START_LOCATIONS):
            raise DataError(f"{where} location {loc.id!r}: field 'start' should be "
                            f"{str(not loc.start).lower()}: the rulebook's start locations "
                            f"are {named}")
    for loc_id, colour in RULEBOOK_COLOURS.items():
        if locations[loc_id].colour != colour:
            raise DataError(f"{where} location {loc_id!r}: field 'colour' should be {colour!r}, "
                            f"as the rulebook's example has it")
    for a, b in RULEBOOK_LINKS:
        if (a, b) not in links:
            raise DataError(f"{where}: no [[link]] joins {a} and {b} (fields 'a', 'b'); the "
                            f"rulebook's example has them adjacent")


def _adjacency(locations: dict[str, Location], links: tuple[Link, ...],
               where: str) -> dict[str, frozenset[str]]:
    neighbours: dict[str, set[str]] = {loc: set() for loc in locations}
    for link in links:
        neighbours[link.a].add(link.b)
        neighbours[link.b].add(link.a)
    first = next(iter(locations))
    reached = {first}
    frontier = [first]
    while frontier:
        for other in neighbours[frontier.pop()]:
            if other not in reached:
                reached.add(other)
                frontier.append(other)
    cut_off = [loc for loc in locations if loc not in reached]
    if cut_off:
        raise DataError(f"{where} location {cut_off[0]!r}: no chain of [[link]] records "
                        f"(fields 'a', 'b') joins it to {first!r}; the map must be connected "
                        f"(cut off: {', '.join(cut_off)})")
    return {loc: frozenset(others) for loc, others in neighbours.items()}


# --- boards.toml ---------------------------------------------------------------------------


def _load_track(raw: Any, where: str, name: str) -> Track:
    at = f"{where} tracks.{name}"
    length = TRACK_LENGTHS.get(name)
    entry = _fields(raw, at, {"base_vp": int, "spaces": list})
    _positive(entry["base_vp"], at, "base_vp", 0)
    spaces = []
    for index, space_raw in enumerate(entry["spaces"]):
        space_at = f"{at}: field 'spaces' [{index + 1}]"
        space = _fields(space_raw, space_at, {"vp": int},
                        {"move": bool, "quest": bool, "green": int})
        spaces.append(TrackSpace(
            vp=_positive(space["vp"], space_at, "vp", 0),
            move=space.get("move", False),
            quest=space.get("quest", False),
            green=_positive(space.get("green", 0), space_at, "green", 0),
        ))
    if length is not None and len(spaces) != length:
        raise DataError(f"{at}: field 'spaces' has {len(spaces)} spaces; the board has {length}")
    if length is None and not 1 <= len(spaces) <= CABAL_TOKENS:
        raise DataError(f"{at}: field 'spaces' has {len(spaces)} spaces; "
                        f"it needs 1 to {CABAL_TOKENS}")
    _rulebook_symbols(name, spaces, at)
    return Track(entry["base_vp"], tuple(spaces))


def _rulebook_symbols(name: str, spaces: list[TrackSpace], at: str) -> None:
    """Refuse a track whose symbols differ from the rulebook's: what a Hero, a Manalith or a
    Leyline gives is a rule, not content an edited pack may change."""
    for symbol, fixed in RULEBOOK_SYMBOLS[name].items():
        if fixed is None:
            continue
        for number, space in enumerate(spaces, 1):
            if symbol == "green":
                wanted: bool | int = GREEN_SYMBOL if number in fixed else 0
                shown = f"{GREEN_SYMBOL} green mana"
            else:
                wanted = number in fixed
                shown = f"a {symbol} symbol"
            if getattr(space, symbol) != wanted:
                spots = (f"only on spaces {', '.join(map(str, fixed))}" if fixed
                         else "on no space")
                raise DataError(f"{at}: field 'spaces' [{number}]: field {symbol!r} should be "
                                f"{str(wanted).lower()}: the rulebook prints {shown} "
                                f"{spots} of the {name} track")


# The player counts, in the order of TurnOrder.vp, and their field names in [turn_order].
TURN_ORDER_FIELDS = (("two_players", 2), ("three_players", 3), ("four_players", 4))
MAX_HEAD_START = 20  # VP: more would outweigh most of a game


def _load_turn_order(raw: Any, where: str) -> TurnOrder:
    at = f"{where} turn_order"
    entry = _fields(raw, at, {"provenance": str, **{name: list for name, _ in TURN_ORDER_FIELDS}})
    vp = []
    for name, players in TURN_ORDER_FIELDS:
        values = entry[name]
        if len(values) != players or not all(type(v) is int for v in values):
            raise DataError(f"{at}: field {name!r} should list {players} whole numbers of VP, "
                            f"one per place in turn order, got {values!r}")
        vp.append(tuple(_positive(v, at, f"{name} [{i + 1}]", 0, MAX_HEAD_START)
                        for i, v in enumerate(values)))
    return TurnOrder(tuple(vp), _provenance(entry, at))


def _load_boards(data: dict[str, Any], where: str) -> tuple[Boards, dict[str, Planeswalker]]:
    _top_level(data, where, ("tracks", "turn_order", "planeswalker"))
    if "tracks" not in data:
        raise DataError(f"{where}: missing table [tracks]")
    at = f"{where} tracks"
    tracks = _fields(data["tracks"], at, {"provenance": str, "hero": dict, "manalith": dict,
                                          "leyline": dict, "cabal": dict})
    boards = Boards(
        hero=_load_track(tracks["hero"], where, "hero"),
        manalith=_load_track(tracks["manalith"], where, "manalith"),
        leyline=_load_track(tracks["leyline"], where, "leyline"),
        cabal=_load_track(tracks["cabal"], where, "cabal"),
        provenance=_provenance(tracks, at),
        turn_order=(_load_turn_order(data["turn_order"], where) if "turn_order" in data
                    else TurnOrder()),
    )
    walkers: dict[str, Planeswalker] = {}
    for index, raw in enumerate(_records(data, "planeswalker", where)):
        pw_at = _record_where(where, "planeswalker", raw, index)
        entry = _fields(raw, pw_at, {"id": str, "name": str, "provenance": str})
        walker = Planeswalker(_id(entry, pw_at), entry["name"], _provenance(entry, pw_at))
        _unique(walkers, walker.id, pw_at)
        walkers[walker.id] = walker
    if len(walkers) < MIN_PLANESWALKERS:
        raise DataError(f"{where}: [[planeswalker]] has {len(walkers)} records; "
                        f"four players need at least {MIN_PLANESWALKERS}")
    return boards, walkers


# --- dominaria.toml ------------------------------------------------------------------------


def _load_cards(data: dict[str, Any], where: str,
                locations: dict[str, Location]) -> tuple[DominariaCard, ...]:
    _top_level(data, where, ("card",))
    cards: dict[str, DominariaCard] = {}
    for index, raw in enumerate(_records(data, "card", where)):
        at = _record_where(where, "card", raw, index)
        entry = _fields(raw, at, {"id": str, "mana": list, "provenance": str},
                        {"token": str, "location": str})
        mana = tuple(_one_of(c, COLOURS, at, "mana", "colour") for c in entry["mana"])
        if not mana or len(set(mana)) != len(mana):
            raise DataError(f"{at}: field 'mana' needs 1 to 5 different colours, got {mana!r}")
        token = entry.get("token")
        location = entry.get("location")
        if token is not None:
            _one_of(token, TOKENS, at, "token", "token")
            if location is None:
                raise DataError(f"{at}: field 'location' is missing; a {token} token needs "
                                f"the location it goes to")
            if location not in locations:
                raise DataError(f"{at}: field 'location': unknown location {location!r}")
        elif location is not None:
            raise DataError(f"{at}: field 'location' is set but there is no 'token'")
        card = DominariaCard(_id(entry, at), mana, token, location, _provenance(entry, at))
        _unique(cards, card.id, at)
        cards[card.id] = card
    _count(len(cards), DOMINARIA_CARDS, where, "card", "Dominaria cards")
    for token, limit in (("artifact", ARTIFACT_TOKENS), ("cabal", CABAL_TOKENS)):
        with_token = [c.id for c in cards.values() if c.token == token]
        if len(with_token) > limit:
            raise DataError(f"{where} card {with_token[limit]!r}: field 'token': "
                            f"{len(with_token)} cards place a {token} token; the box has "
                            f"only {limit}")
    return tuple(cards.values())


# --- requirements and effects --------------------------------------------------------------


@dataclass(frozen=True)
class _Limits:
    """What a player can reach in a game, for refusing quests nobody can complete."""

    locations: dict[str, Location]
    cabal_spaces: int

    def colours(self) -> set[str]:
        return {loc.colour for loc in self.locations.values()}

    def of_colour(self, colour: str) -> int:
        return sum(loc.colour == colour for loc in self.locations.values())


def _requirement(raw: Any, at: str, limits: _Limits, since_start_allowed: bool) -> Requirement:
    entry = _fields(raw, at, {"metric": str, "at_least": int},
                    {"colour": str, "location": str, "since_start": bool})
    metric = _one_of(entry["metric"], METRICS, at, "metric", "metric")
    colour = entry.get("colour")
    location = entry.get("location")
    since_start = entry.get("since_start", False)
    if colour is not None:
        if metric not in COLOURED_METRICS:
            raise DataError(f"{at}: field 'colour' is only allowed with the metrics "
                            f"{', '.join(COLOURED_METRICS)}, not {metric!r}")
        _one_of(colour, COLOURS, at, "colour", "colour")
    if metric == "hero_at" and location is None:
        raise DataError(f"{at}: field 'location' is missing; hero_at needs it")
    if location is not None:
        if metric not in PLACED_METRICS:
            raise DataError(f"{at}: field 'location' is only allowed with the metrics "
                            f"{', '.join(PLACED_METRICS)}, not {metric!r}")
        if location not in limits.locations:
            raise DataError(f"{at}: field 'location': unknown location {location!r}")
        if colour is not None:
            raise DataError(f"{at}: fields 'colour' and 'location' cannot be used together "
                            f"(the location has its own colour)")
    if since_start:
        if metric not in COUNTER_METRICS + TRAVEL_METRICS:
            raise DataError(f"{at}: field 'since_start' is only allowed with the metrics "
                            f"{', '.join(COUNTER_METRICS + TRAVEL_METRICS)}, not {metric!r}")
        if not since_start_allowed:
            raise DataError(f"{at}: field 'since_start' is only allowed in 'requires' of a "
                            f"quest with needs_start = true")
    high, why = _ceiling(metric, colour, location, limits)
    at_least = entry["at_least"]
    if at_least < 1 or at_least > high:
        span = "1" if high == 1 else f"from 1 to {high}"
        raise DataError(f"{at}: field 'at_least' is {at_least}; {metric}"
                        f"{f' ({colour})' if colour else ''} must be {span} ({why})")
    return Requirement(metric, at_least, colour, location, since_start)


def _ceiling(metric: str, colour: str | None, location: str | None,
             limits: _Limits) -> tuple[int, str]:
    """The most of ``metric`` a player can ever have, and why, for the error message."""
    if metric == "visited":
        if location is not None:
            return 1, f"{location} is one location"
        if colour is not None:
            count = limits.of_colour(colour)
            return count, f"{count} locations are {colour}"
        return len(limits.locations), f"the map has {len(limits.locations)} locations"
    if metric == "manaliths":
        if colour is not None:
            if colour not in limits.colours():
                return 0, f"no location is {colour}"
            return 1, "each of your Manaliths stands on a different colour"
        return min(MANALITHS, len(limits.colours())), "one Manalith per colour, five in all"
    if metric in ("heroes", "hero_at"):
        return HEROES, "a player has 4 Heroes"
    if metric == "locations":
        if colour is not None:
            count = limits.of_colour(colour)
            return min(HEROES, count), f"4 Heroes, {count} locations are {colour}"
        return min(HEROES, len(limits.locations)), "a player has 4 Heroes"
    if metric == "leylines":
        return LEYLINES, "a player has 8 Leylines"
    if metric == "network":
        return min(LEYLINES + 1, len(limits.locations)), "8 Leylines join at most 9 locations"
    if metric == "cabal":
        return limits.cabal_spaces, "the defeated-Cabal track's length"
    if metric == "artifacts":
        return ARTIFACT_CARDS, "there are 20 artifacts"
    if metric == "quests":
        return QUEST_CARDS, "there are 45 quests"
    if metric == "colours":
        return len(COLOURS), "there are 5 colours"
    # mana
    if colour is not None:
        return MANA_PER_COLOUR, "the supply holds 24 tokens of a colour"
    return MANA_SUPPLY, "the supply holds 120 tokens"


def _requirements(entry: dict[str, Any], key: str, at: str, limits: _Limits,
                  since_start_allowed: bool = False) -> tuple[Requirement, ...]:
    return tuple(
        _requirement(raw, f"{at}: field {key!r} [{index + 1}]", limits, since_start_allowed)
        for index, raw in enumerate(entry.get(key, []))
    )


def _effect(raw: Any, at: str) -> Effect:
    entry = _fields(raw, at, {"effect": str}, {"amount": int, "colour": str})
    effect = _one_of(entry["effect"], EFFECTS, at, "effect", "effect")
    amount = _positive(entry.get("amount", 1), at, "amount")
    colour = entry.get("colour")
    if effect == "mana":
        if colour is None:
            raise DataError(f"{at}: field 'colour' is missing; a mana effect names its colour")
        _one_of(colour, COLOURS, at, "colour", "colour")
    elif colour is not None:
        raise DataError(f"{at}: field 'colour' is only allowed with the effect mana")
    return Effect(effect, amount, colour)


def _effects(items: list[Any], key: str, at: str) -> tuple[Effect, ...]:
    return tuple(_effect(raw, f"{at}: field {key!r} [{index + 1}]")
                 for index, raw in enumerate(items))


# --- quests.toml, public_quests.toml -------------------------------------------------------


def _load_quests(data: dict[str, Any], where: str, limits: _Limits) -> dict[str, Quest]:
    _top_level(data, where, ("quest",))
    quests: dict[str, Quest] = {}
    for index, raw in enumerate(_records(data, "quest", where)):
        at = _record_where(where, "quest", raw, index)
        entry = _fields(raw, at, {"id": str, "name": str, "vp": int, "text": str,
                                  "requires": list, "provenance": str},
                        {"needs_start": bool, "start": list, "reward": list})
        needs_start = entry.get("needs_start", False)
        if "start" in entry and not needs_start:
            raise DataError(f"{at}: field 'start' is only allowed with needs_start = true")
        requires = _requirements(entry, "requires", at, limits, needs_start)
        if not requires:
            raise DataError(f"{at}: field 'requires' is empty; a quest needs a condition")
        quest = Quest(
            id=_id(entry, at),
            name=entry["name"],
            vp=_positive(entry["vp"], at, "vp", 0),
            text=entry["text"],
            needs_start=needs_start,
            start=_requirements(entry, "start", at, limits),
            requires=requires,
            reward=_effects(entry.get("reward", []), "reward", at),
            provenance=_provenance(entry, at),
        )
        _unique(quests, quest.id, at)
        quests[quest.id] = quest
    _count(len(quests), QUEST_CARDS, where, "quest", "quest cards")
    return quests


def _load_public_quests(data: dict[str, Any], where: str,
                        limits: _Limits) -> dict[str, PublicQuest]:
    _top_level(data, where, ("public_quest",))
    found: dict[str, PublicQuest] = {}
    for index, raw in enumerate(_records(data, "public_quest", where)):
        at = _record_where(where, "public_quest", raw, index)
        entry = _fields(raw, at, {"id": str, "name": str, "text": str, "requires": list,
                                  "tiles": list, "provenance": str})
        requires = _requirements(entry, "requires", at, limits)
        if not requires:
            raise DataError(f"{at}: field 'requires' is empty; a quest needs a condition")
        tiles = entry["tiles"]
        good = (len(tiles) == 2 and all(isinstance(t, int) and not isinstance(t, bool)
                                        for t in tiles)
                and tiles[0] == TOP_PUBLIC_TILE and 0 < tiles[1] < TOP_PUBLIC_TILE)
        if not good:
            raise DataError(f"{at}: field 'tiles' should be [{TOP_PUBLIC_TILE}, N] with "
                            f"0 < N < {TOP_PUBLIC_TILE} (the 10 VP tile lies on top), "
                            f"got {tiles!r}")
        quest = PublicQuest(_id(entry, at), entry["name"], entry["text"], requires,
                            (tiles[0], tiles[1]), _provenance(entry, at))
        _unique(found, quest.id, at)
        found[quest.id] = quest
    _count(len(found), PUBLIC_QUEST_KINDS, where, "public_quest",
           "public quest kinds (two tiles each)")
    return found


# --- artifacts.toml ------------------------------------------------------------------------


def _ability(raw: Any, at: str) -> Ability:
    entry = _fields(raw, at, {"kind": str}, {"target": str, "amount": int, "effects": list})
    kind = _one_of(entry["kind"], ABILITY_KINDS, at, "kind", "ability kind")
    uses = {"none": (), "discount": ("target", "amount"), "moves": ("amount",),
            "collect": ("amount",), "turn": ("effects",), "once": ("effects",),
            "reach": ("target",)}[kind]
    for key in ("target", "amount", "effects"):
        if key in uses and key not in entry:
            raise DataError(f"{at}: field {key!r} is missing; a {kind} ability needs it")
        if key not in uses and key in entry:
            raise DataError(f"{at}: field {key!r} is not used by a {kind} ability")
    target = entry.get("target")
    amount = entry.get("amount", 0)
    if kind == "discount":
        target = _one_of(target, PLANESWALKER_ABILITIES, at, "target", "planeswalker ability")
        _positive(amount, at, "amount", 1, GENERIC_COST[target])
    elif kind == "reach":
        target = _one_of(target, REACH_TARGETS, at, "target", "ability a reach extends")
    elif "amount" in uses:
        _positive(amount, at, "amount")
    effects = _effects(entry.get("effects", []), "effects", at)
    if "effects" in uses and not effects:
        raise DataError(f"{at}: field 'effects' is empty; a {kind} ability gives something")
    return Ability(kind, target, amount, effects)


def _load_artifacts(data: dict[str, Any], where: str) -> dict[str, Artifact]:
    _top_level(data, where, ("artifact",))
    found: dict[str, Artifact] = {}
    for index, raw in enumerate(_records(data, "artifact", where)):
        at = _record_where(where, "artifact", raw, index)
        entry = _fields(raw, at, {"id": str, "name": str, "vp": int, "text": str,
                                  "ability": dict, "provenance": str})
        artifact = Artifact(
            id=_id(entry, at),
            name=entry["name"],
            vp=_positive(entry["vp"], at, "vp", 0),
            text=entry["text"],
            ability=_ability(entry["ability"], f"{at}: field 'ability'"),
            provenance=_provenance(entry, at),
        )
        _unique(found, artifact.id, at)
        found[artifact.id] = artifact
    _count(len(found), ARTIFACT_CARDS, where, "artifact", "artifact cards")
    return found


# --- the pack ------------------------------------------------------------------------------


def _shared_namespace(groups: list[tuple[str, str, dict[str, Any]]]) -> None:
    """Quest cards, public quest tiles and counted artifacts all end up in the same
    accomplishments area, which the engine keeps as a list of ids: one id, one card."""
    owner: dict[str, str] = {}
    for file, table, records in groups:
        for record_id in records:
            if record_id in owner:
                raise DataError(f"{file} {table} {record_id!r}: field 'id': duplicate id, also "
                                f"used in {owner[record_id]} (quests, public quests and "
                                f"artifacts share one set of ids)")
            owner[record_id] = file


def _digest(source: Traversable | pathlib.Path) -> str:
    """The SHA-256 of the six files, each with its name, in :data:`FILES`' order."""
    hashed = hashlib.sha256()
    for name in FILES:
        content = source.joinpath(name).read_bytes()
        hashed.update(f"{name}\0{len(content)}\0".encode())
        hashed.update(content)
    return hashed.hexdigest()


def _load(source: Traversable | pathlib.Path, label: str) -> Pack:
    data = {name: _read(source, label, name) for name in FILES}

    def where(name: str) -> str:
        return f"{label}/{name}"

    locations, links = _load_map(data["map.toml"], where("map.toml"))
    adjacency = _adjacency(locations, links, where("map.toml"))
    boards, planeswalkers = _load_boards(data["boards.toml"], where("boards.toml"))
    cards = _load_cards(data["dominaria.toml"], where("dominaria.toml"), locations)
    limits = _Limits(locations, len(boards.cabal.spaces))
    artifacts = _load_artifacts(data["artifacts.toml"], where("artifacts.toml"))
    quests = _load_quests(data["quests.toml"], where("quests.toml"), limits)
    public = _load_public_quests(data["public_quests.toml"], where("public_quests.toml"), limits)
    _shared_namespace([(where("quests.toml"), "quest", quests),
                       (where("public_quests.toml"), "public_quest", public),
                       (where("artifacts.toml"), "artifact", artifacts)])
    return Pack(locations, links, adjacency, boards, planeswalkers, cards, quests, public,
                artifacts, _digest(source))


@cache
def _default_pack() -> Pack:
    return _load(resources.files("herotable.dominaria").joinpath("data"), "data")


def load_pack(directory: pathlib.Path | None = None) -> Pack:
    """The packaged data pack, or the six files in ``directory`` (an edited copy of
    ``herotable/dominaria/data``). Only the packaged pack is cached: an edited copy is read
    afresh so that a fix shows up at once."""
    if directory is None:
        return _default_pack()
    directory = pathlib.Path(directory)
    if not directory.is_dir():
        raise DataError(f"{directory}: not a directory holding {', '.join(FILES)}")
    return _load(directory, str(directory))
