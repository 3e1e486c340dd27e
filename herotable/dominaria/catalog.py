"""Everything a browser needs to draw and name Heroes of Dominaria, as JSON: the map (locations
with their colour, start flag and drawing position, links), the planeswalkers, the four tracks
of the hero board, the Dominaria cards, quests, public quests and artifacts, each with its names
by language and whether its content is designed by us rather than printed.

The catalog is the pack's a server plays: the packaged one, or its host's own (``host``), read
once: a client may fetch it once per page. Rules text is given as data (``requires``, ``reward``,
``ability``), so a client words it in any language; ``text`` is the pack's English wording.
Names other than English come from ``names.toml`` beside the pack (see :mod:`.names`).
"""

from __future__ import annotations

from typing import Any

from herotable.dominaria.names import LANGUAGES, names, ours_of
from herotable.dominaria.pack import (
    ABILITY_COSTS,
    CANVAS,
    COLOURS,
    PLANESWALKER_ABILITIES,
    Effect,
    Pack,
    Requirement,
    Track,
    load_pack,
)


def requirement_json(req: Requirement) -> dict[str, Any]:
    data: dict[str, Any] = {"metric": req.metric, "at_least": req.at_least}
    if req.colour:
        data["colour"] = req.colour
    if req.location:
        data["location"] = req.location
    if req.since_start:
        data["since_start"] = True
    return data


def effect_json(effect: Effect) -> dict[str, Any]:
    data: dict[str, Any] = {"effect": effect.effect, "amount": effect.amount}
    if effect.colour:
        data["colour"] = effect.colour
    return data


def track_json(track: Track) -> dict[str, Any]:
    """``spaces`` left to right: the VP each shows and what uncovering (or, on the Cabal
    track, covering) it gives: a move action, a new quest, green mana."""
    return {"base_vp": track.base_vp,
            "spaces": [{"vp": s.vp, "move": s.move, "quest": s.quest, "green": s.green}
                       for s in track.spaces]}


def named(kind: str, record_id: str, english: str) -> dict[str, Any]:
    """A record's ``names`` by language, and ``ours``: the languages whose name is our own
    translation (no source giving one)."""
    return {"names": names(kind, record_id, english), "ours": ours_of(kind, record_id)}


def designed(provenance: str) -> bool:
    return provenance == "designed"


def catalog_json(pack: Pack | None = None, host: bool = False) -> dict[str, Any]:
    """The catalog (see the module docstring); records in the data files' order. ``pack``
    says which pack it is: its content hash, and whether it is the server's host's own."""
    pack = pack or load_pack()
    boards = pack.boards
    return {
        "languages": list(LANGUAGES),
        "colours": list(COLOURS),
        "canvas": list(CANVAS),
        "abilities": {a: {"colour": ABILITY_COSTS[a][0], "generic": ABILITY_COSTS[a][1]}
                      for a in PLANESWALKER_ABILITIES},
        "locations": {
            loc.id: {"id": loc.id, **named("locations", loc.id, loc.name),
                     "colour": loc.colour, "start": loc.start, "x": loc.x, "y": loc.y,
                     "designed": designed(loc.provenance)}
            for loc in pack.locations.values()},
        "links": [{"a": link.a, "b": link.b, "designed": designed(link.provenance)}
                  for link in pack.links],
        "planeswalkers": {
            w.id: {"id": w.id, **named("planeswalkers", w.id, w.name),
                   "designed": designed(w.provenance)}
            for w in pack.planeswalkers.values()},
        "tracks": {"hero": track_json(boards.hero), "manalith": track_json(boards.manalith),
                   "leyline": track_json(boards.leyline), "cabal": track_json(boards.cabal),
                   "designed": designed(boards.provenance)},
        "cards": {
            c.id: {"id": c.id, "mana": list(c.mana), "token": c.token, "location": c.location,
                   "designed": designed(c.provenance)}
            for c in pack.cards},
        "quests": {
            q.id: {"id": q.id, **named("quests", q.id, q.name), "vp": q.vp,
                   "text": q.text, "needs_start": q.needs_start,
                   "start": [requirement_json(r) for r in q.start],
                   "requires": [requirement_json(r) for r in q.requires],
                   "reward": [effect_json(e) for e in q.reward],
                   "designed": designed(q.provenance)}
            for q in pack.quests.values()},
        "public_quests": {
            q.id: {"id": q.id, **named("public_quests", q.id, q.name), "text": q.text,
                   "requires": [requirement_json(r) for r in q.requires],
                   "tiles": list(q.tiles), "designed": designed(q.provenance)}
            for q in pack.public_quests.values()},
        "artifacts": {
            a.id: {"id": a.id, **named("artifacts", a.id, a.name), "vp": a.vp,
                   "text": a.text,
                   "ability": {"kind": a.ability.kind, "target": a.ability.target,
                               "amount": a.ability.amount,
                               "effects": [effect_json(e) for e in a.ability.effects]},
                   "designed": designed(a.provenance)}
            for a in pack.artifacts.values()},
        "designed": {"records": len(pack.designed_records()),
                     "total": record_count(pack)},
        "pack": {"digest": pack.digest, "host": host},
    }


def record_count(pack: Pack) -> int:
    """Every record :meth:`Pack.designed_records` looks at, designed or not."""
    return (len(pack.locations) + len(pack.links) + 1 + len(pack.planeswalkers)
            + len(pack.cards) + len(pack.quests) + len(pack.public_quests)
            + len(pack.artifacts))
