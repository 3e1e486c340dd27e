"""The Heroes of Dominaria rules reference: set-up, the turn, the five planeswalker abilities,
the boards' tracks and symbols, quests by what they count, public quests, artifacts by their
kind of ability, scoring and the two-mana variant.

Titles and texts are the catalogues' ``rulebook.dominaria.*`` messages (an ability's title is
its name on the table, ``dom.ability.<verb>``); costs, track values, public quest tiles and
every name come from the packaged data pack, so the reference says what the table plays.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Protocol

from herotable import messages
from herotable.dominaria.config import DominariaConfig
from herotable.dominaria.names import names
from herotable.dominaria.pack import (
    ABILITY_COSTS,
    COLOURS,
    METRICS,
    PLANESWALKER_ABILITIES,
    Artifact,
    Pack,
    Quest,
)
from herotable.messages import say
from herotable.rulebook import RuleEntry

SECTIONS = ("basics", "turn", "abilities", "board", "quests", "artifacts", "end", "variants")
ARTIFACT_KINDS = ("none", "discount", "moves", "collect", "turn", "once", "reach")
TRACKS = ("hero", "manalith", "leyline", "cabal")

PREFIX = "rulebook.dominaria"
# (id, section, see also), in reading order. An id is also the path of the entry's messages
# under rulebook.dominaria (``ability.recruit`` -> ``rulebook.dominaria.ability.recruit.text``).
ENTRIES: tuple[tuple[str, str, tuple[str, ...]], ...] = (
    ("overview", "basics", ("setup", "turn", "scoring")),
    ("map", "basics", ("move", "collect", "symbol.start")),
    ("setup", "basics", ("two_players", "turn_order", "symbol.start", "quests", "two_mana")),
    ("two_players", "basics", ("setup", "move", "track.hero")),
    ("turn_order", "basics", ("setup", "scoring")),
    ("turn", "turn", ("mana_phase", "move", "collect", "cost", "end_turn")),
    ("mana_phase", "turn", ("cabal", "symbol.mana", "symbol.artifact_token", "two_mana")),
    ("move", "turn", ("symbol.move", "track.hero", "artifact.moves")),
    ("collect", "turn", ("network", "cabal", "artifact.collect")),
    ("network", "turn", ("ability.leyline", "collect", "quest.network")),
    ("cabal", "turn", ("ability.confront", "symbol.cabal_token", "track.cabal")),
    ("end_turn", "turn", ("symbol.manalith_token", "ability.manalith", "game_end")),
    ("cost", "turn", ("symbol.mana", "symbol.manalith_token", "artifact.discount")),
    ("ability.recruit", "abilities", ("cost", "track.hero", "symbol.start")),
    ("ability.discover", "abilities", ("cost", "artifacts", "symbol.artifact_token")),
    ("ability.confront", "abilities", ("cost", "cabal", "track.cabal")),
    ("ability.manalith", "abilities", ("cost", "track.manalith", "symbol.manalith_token")),
    ("ability.leyline", "abilities", ("cost", "track.leyline", "network")),
    ("track.hero", "board", ("ability.recruit", "symbol.move", "symbol.quest", "scoring")),
    ("track.manalith", "board", ("ability.manalith", "symbol.quest", "scoring")),
    ("track.leyline", "board", ("ability.leyline", "symbol.green", "symbol.quest", "scoring")),
    ("track.cabal", "board", ("ability.confront", "symbol.quest", "scoring")),
    ("symbol.mana", "board", ("cost", "collect", "symbol.manalith_token")),
    ("symbol.vp", "board", ("scoring",)),
    ("symbol.move", "board", ("move", "track.hero")),
    ("symbol.quest", "board", ("quest.new",)),
    ("symbol.green", "board", ("track.leyline",)),
    ("symbol.manalith_token", "board", ("end_turn", "ability.manalith", "cost")),
    ("symbol.start", "board", ("setup", "ability.recruit")),
    ("symbol.cabal_token", "board", ("cabal", "ability.confront")),
    ("symbol.artifact_token", "board", ("ability.discover", "artifacts")),
    ("symbol.hero", "board", ("move", "ability.recruit")),
    ("symbol.manalith", "board", ("ability.manalith",)),
    ("symbol.leyline", "board", ("ability.leyline", "network")),
    ("quests", "quests", ("quest.new", "quest.started", "public")),
    ("quest.new", "quests", ("quests", "symbol.quest")),
    ("quest.started", "quests", ("quests",)),
    *((f"quest.{metric}", "quests", ("quests", "quest.started")) for metric in METRICS),
    ("public", "quests", ("quests", "scoring")),
    ("artifacts", "artifacts", ("ability.discover", "scoring")),
    *((f"artifact.{kind}", "artifacts", ("artifacts",)) for kind in ARTIFACT_KINDS),
    ("game_end", "end", ("scoring", "end_turn")),
    ("scoring", "end", ("track.hero", "track.manalith", "track.leyline", "track.cabal",
                        "public", "turn_order", "game_end")),
    ("two_mana", "variants", ("setup", "mana_phase")),
)

SYMBOL_TERMS = {"symbol.move": ("»",), "symbol.quest": ("?",), "symbol.green": ("+2",),
                "symbol.start": ("★",), "symbol.mana": COLOURS, "cost": ("4 W", "{4}{W}")}


def quest_entry(quest: Quest) -> str:
    """The entry a quest card opens: the one about what its (first) condition counts; the
    table links a quest's name the same way."""
    return f"quest.{quest.requires[0].metric}" if quest.requires else "quest.started"


def artifact_entry(artifact: Artifact) -> str:
    return f"artifact.{artifact.ability.kind}"


def cost_text(ability: str) -> str:
    """A planeswalker ability's printed cost as the reference and the table write it: "4 W"."""
    colour, generic = ABILITY_COSTS[ability]
    return f"{generic} {colour}" if generic else colour


def sections(language: str) -> list[tuple[str, str]]:
    return [(key, say(language, f"{PREFIX}.section.{key}")) for key in SECTIONS]


def entries(language: str) -> list[RuleEntry]:
    pack = DominariaConfig().pack()
    return [_entry(pack, language, key, section, see_also)
            for key, section, see_also in ENTRIES]


class _Record(Protocol):
    @property
    def id(self) -> str: ...

    @property
    def name(self) -> str: ...


def _named(language: str, kind: str, records: Iterable[_Record]) -> tuple[str, ...]:
    """The records' names in ``language`` (English where names.toml has none)."""
    return tuple(names(kind, record.id, record.name).get(language, record.name)
                 for record in records)


def _entry(pack: Pack, language: str, key: str, section: str,
           see_also: tuple[str, ...]) -> RuleEntry:
    starts = _named(language, "locations",
                    (pack.locations[loc] for loc in pack.start_locations))
    params: dict[str, object] = {"starts": ", ".join(starts), "notation": "{4}{W}"}
    terms: tuple[str, ...] = SYMBOL_TERMS.get(key, ())
    title_key = f"{PREFIX}.{key}.title"
    kind, _, what = key.partition(".")
    if kind == "ability" and what in PLANESWALKER_ABILITIES:
        title_key = f"dom.ability.{what}"
        colour, generic = ABILITY_COSTS[what]
        params["cost"] = cost_text(what)
        terms = (cost_text(what), f"{{{generic}}}{{{colour}}}")
    elif kind == "track" and what in TRACKS:
        track = getattr(pack.boards, what)
        params["values"] = ", ".join(str(space.vp) for space in track.spaces)
    elif key == "turn_order":
        two, three, four = ("/".join(map(str, vp)) for vp in pack.boards.turn_order.vp)
        params.update(two=two, three=three, four=four)
    elif key == "public":
        first, second = next(iter(pack.public_quests.values())).tiles
        params.update(first=first, second=second)
        terms = _named(language, "public_quests", pack.public_quests.values())
    elif kind == "quest" and what in METRICS:
        terms = _named(language, "quests", (q for q in pack.quests.values()
                                            if quest_entry(q) == key))
    elif key == "quest.started":
        terms = _named(language, "quests", (q for q in pack.quests.values() if q.needs_start))
    elif kind == "artifact":
        terms = _named(language, "artifacts", (a for a in pack.artifacts.values()
                                               if artifact_entry(a) == key))
    elif key == "map":
        terms = _named(language, "locations", pack.locations.values())
    elif key in ("setup", "symbol.start"):
        terms = starts
        if key == "setup":
            terms += _named(language, "planeswalkers", pack.planeswalkers.values())
    elif key == "symbol.mana":
        terms = COLOURS + tuple(messages.message(f"dom.colour.{c}", None, language) or c
                                for c in COLOURS)
    return RuleEntry(id=key, section=section, title=say(language, title_key),
                     text=say(language, f"{PREFIX}.{key}.text", **params),
                     terms=terms, see_also=see_also)
