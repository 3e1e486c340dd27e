"""A tutorial's shape: the game it sets up and its script, the steps a page shows as the
seat's view reaches them.

A step's ``trigger`` is matched against the seat's view as JSON: each key is a dotted path
into it (``decision.card``, ``players.0.cabal``; ``revealed.length`` counts a list) and each
value is what must be there, or ``{"min": n}`` for at least ``n``. The step shown is the last
one in the script whose trigger matches; steps next to each other with the same trigger are
one stop, read in turn with a "next" button. When none matches (the person played another
move than the one suggested), the page keeps the step it showed last. The page
(``web/static/tutorial.js``) and :func:`current_step` follow the same rule.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

Trigger = dict[str, Any]


@dataclass(frozen=True, slots=True)
class Step:
    """One explanation. ``text`` is its catalogue key under ``tutorial.``; ``point`` names
    the control it points at (the page marks it with ``data-tour``); ``suggest`` is a good
    move in the engine's notation, drawn on the table; ``light`` asks the table to light the
    cells a past season's edicts scored (``{"season": 0}``); ``finish`` offers the hand-over
    (keep playing alone, or a new game)."""

    id: str
    trigger: Trigger
    text: str
    point: str | None = None
    suggest: str | None = None
    light: dict[str, int] | None = None
    finish: bool = False

    def to_json(self) -> dict[str, Any]:
        return {"id": self.id, "trigger": self.trigger, "text": f"tutorial.{self.text}",
                "point": self.point, "suggest": self.suggest, "light": self.light,
                "finish": self.finish}


@dataclass(frozen=True, slots=True)
class Tutorial:
    """A game set up for teaching: its options (local-only ones allowed: the server makes
    it), fixed seed, the seats besides the person's (bots, by name and budget) and the
    script. The person always holds seat 0."""

    game: str
    options: dict[str, Any]
    seed: int
    steps: tuple[Step, ...]
    bots: tuple[tuple[str, float], ...] = field(default=())

    def to_json(self) -> dict[str, Any]:
        return {"game": self.game, "steps": [step.to_json() for step in self.steps]}


def _at(view: Any, path: str) -> Any:
    """The value at dotted ``path`` in ``view`` (None where the path leads nowhere)."""
    value = view
    for part in path.split("."):
        if isinstance(value, list):
            if part == "length":
                value = len(value)
            elif part.isdigit() and int(part) < len(value):
                value = value[int(part)]
            else:
                return None
        elif isinstance(value, dict):
            value = value.get(part)
        else:
            return None
    return value


def matches(trigger: Trigger, view: dict[str, Any]) -> bool:
    """Whether the view (as JSON) is where ``trigger`` says."""
    for path, wanted in trigger.items():
        found = _at(view, path)
        if isinstance(wanted, dict):
            if not isinstance(found, int) or found < wanted["min"]:
                return False
        elif found != wanted:
            return False
    return True


def current_step(tutorial: Tutorial, view: dict[str, Any]) -> Step | None:
    """The first step of the stop the view is at: the last matching step's run of steps
    with the same trigger (None: no step matches)."""
    steps = tutorial.steps
    last = next((i for i in reversed(range(len(steps))) if matches(steps[i].trigger, view)),
                None)
    if last is None:
        return None
    first = last
    while first > 0 and steps[first - 1].trigger == steps[last].trigger:
        first -= 1
    return steps[first]
