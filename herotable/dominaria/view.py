"""What a Heroes of Dominaria seat sees: the typed view every front end and bot reads.

A seat sees its own quest hand and the cards it is choosing from; of the others, only how many
quests they hold and what kind of choice they face. No view holds the order of any deck, and
none holds a server path: the config's data directory becomes a flag saying the pack is an
edited one.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from herotable.core.game import Standing, winners_of
from herotable.dominaria import rules
from herotable.dominaria.actions import DominariaAction
from herotable.dominaria.config import DominariaConfig
from herotable.dominaria.pack import PLANESWALKER_ABILITIES, Pack, Requirement
from herotable.dominaria.state import PlayerState
from herotable.dominaria.unavailable import unavailable

# The public board: the game and its views hold these under the same names.
BOARD_FIELDS = ("stage", "round", "current", "first", "revealed", "map_mana", "cabal_tokens",
                "cabal_cards", "artifact_tokens", "supply", "claims")


def board_json(source: object) -> dict[str, Any]:
    """The public board as JSON, read alike from a game (for its save) or a view."""
    data: dict[str, Any] = {}
    for name in BOARD_FIELDS:
        value = getattr(source, name)
        if isinstance(value, dict):
            value = {k: list(v) if isinstance(v, list | tuple) else v for k, v in value.items()}
        data[name] = value
    return data


@dataclass(frozen=True, slots=True)
class SeatView:
    """One planeswalker as the viewer may see it.

    ``board`` is a copy of the seat's state with the secrets emptied unless it is the
    viewer's own (``owed``, the choices still to come, is never shown: the rulebook deals
    them one at a time). ``choice_kind`` and ``choice_count`` describe an open choice
    without its cards. ``name`` is None for a seat its creator left unnamed: each front end
    names it in its own language.
    """

    name: str | None
    board: PlayerState
    hand_size: int
    choice_kind: str | None
    choice_count: int
    score: dict[str, int]
    own: bool

    def to_json(self) -> dict[str, Any]:
        data = self.board.to_json()
        del data["owed"]
        data["name"] = self.name
        data["hand_size"] = self.hand_size
        data["score"] = dict(self.score)
        if not self.own:
            del data["hand"]
            data["choice"] = ({"kind": self.choice_kind, "count": self.choice_count}
                              if self.choice_kind else None)
        return data


@dataclass(frozen=True, slots=True)
class Decision:
    """What a seat owes now: ``keep`` (choose from ``cards`` of a ``choice``, keeping
    ``count``), ``place`` (a starting Hero) or ``turn`` (act, then ``end``)."""

    kind: str
    choice: str | None = None  # keep: the kind of choice (setup, quest, artifact...)
    cards: tuple[str, ...] = ()
    count: int = 0

    def to_json(self) -> dict[str, Any]:
        if self.kind != "keep":
            return {"kind": self.kind}
        return {"kind": self.kind, "choice": self.choice, "cards": list(self.cards),
                "count": self.count}


@dataclass(frozen=True, slots=True)
class DominariaView:
    """What seat ``you`` (None: a spectator) may see now, and its legal actions."""

    you: int | None
    config: DominariaConfig
    stage: str
    round: int
    rounds: int
    current: int
    first: int | None  # None while the set-up quests are kept: nobody is drawn yet
    revealed: str | None
    map_mana: dict[str, int]
    cabal_tokens: dict[str, int]
    cabal_cards: dict[str, tuple[str, ...]]  # the cards whose tokens stand there, oldest first
    artifact_tokens: dict[str, int]
    supply: dict[str, int]
    claims: dict[str, tuple[int, ...]]
    deck_sizes: dict[str, int]
    waiting_for: tuple[int, ...]
    players: tuple[SeatView, ...]
    over: bool
    legal: tuple[DominariaAction, ...] = ()
    # What happened lately, oldest first: the game's events (all public) since the start of
    # the turn the seat now playing had one round ago, so every seat sees the others' turns.
    # Words for a front end, not state: two views of the same position are equal without it
    # (a bot's sampled world has no history).
    recent: tuple[dict[str, Any], ...] = field(default=(), compare=False)
    # The face-up discard pile, oldest first: ``card``, and the ``round`` and ``player`` of
    # the turn that revealed it. Words too (a sampled world's pile is drawn at random).
    reveals: tuple[dict[str, Any], ...] = field(default=(), compare=False)

    game = "dominaria"

    # What a front end needs beside the fields, all public: the pack's printed cards and map
    # (the same pack the game plays with), and names, boards and scores seat by seat.

    @property
    def pack(self) -> Pack:
        return self.config.pack()

    @property
    def num_players(self) -> int:
        return len(self.players)

    @property
    def boards(self) -> tuple[PlayerState, ...]:
        """Each seat's board as the viewer may see it (others' hands and choices empty)."""
        return tuple(seat.board for seat in self.players)

    def player_name(self, player: int) -> str:
        return self.config.player_name(player)

    def scores(self) -> list[dict[str, int]]:
        return [dict(seat.score) for seat in self.players]

    def standings(self) -> list[Standing]:
        """As the game ranks (:func:`herotable.dominaria.rules.standings`)."""
        return rules.standings(self.boards, [seat.score["total"] for seat in self.players])

    def winners(self) -> list[int]:
        return winners_of(self.standings())

    @property
    def decision(self) -> Decision | None:
        """What seat ``you`` owes now, or None (read from the seat's board and the stage)."""
        if self.you is None or self.you not in self.waiting_for:
            return None
        board = self.players[self.you].board
        if board.choice is not None:
            count = 2 if board.choice.kind == "setup" else 1
            return Decision("keep", board.choice.kind, tuple(board.choice.cards), count)
        return Decision("place" if self.stage == "heroes" else "turn")

    def ability_costs(self) -> dict[str, dict[str, Any]]:
        """Seat ``you``'s planeswalker abilities as the engine prices them now: the coloured
        mana and the generic part after artifact discounts (``cost``, e.g. ``{2}{R}``), and,
        where ``affordable``, the payment the engine takes when an action names none
        (:func:`rules.auto_payment`: an action's ``pay`` suffix may name another). Empty for
        a spectator."""
        if self.you is None:
            return {}
        board = self.players[self.you].board
        found = {}
        for ability in PLANESWALKER_ABILITIES:
            cost = rules.ability_cost(board, self.pack, ability)
            affordable = rules.can_pay(board, cost)
            found[ability] = {"colour": cost.colour, "generic": cost.generic,
                              "cost": str(cost), "affordable": affordable,
                              "pay": list(rules.auto_payment(board, cost)) if affordable else []}
        return found

    def progress(self) -> dict[str, list[dict[str, Any]]]:
        """How far seat ``you`` is with each quest it can see a condition of: the quests in
        its hand (their ``start`` conditions if they need starting), those it started
        (counted since they started, as the engine counts them) and the public quests; per
        condition its ``value`` now and ``at_least``. Empty for a spectator."""
        if self.you is None:
            return {}
        board = self.players[self.you].board
        pack = self.pack

        def conditions(reqs: tuple[Requirement, ...],
                       since: dict[str, int] | None = None) -> list[dict[str, Any]]:
            return [{"value": rules.progress(board, pack, req, since), "at_least": req.at_least}
                    for req in reqs]

        found: dict[str, list[dict[str, Any]]] = {}
        for quest_id in board.hand:
            quest = pack.quests[quest_id]
            found[quest_id] = conditions(quest.start if quest.needs_start else quest.requires)
        for quest_id, since in board.started.items():
            found[quest_id] = conditions(pack.quests[quest_id].requires, since)
        for quest_id, public in pack.public_quests.items():
            found[quest_id] = conditions(public.requires)
        return found

    def public_config(self) -> dict[str, Any]:
        """The config without its data directory (a path on the server's disk)."""
        data = self.config.to_json()
        data["custom_pack"] = data.pop("data") is not None
        return data

    def to_json(self) -> dict[str, Any]:
        decision, standings = self.decision, self.standings()
        return {
            "game": self.game,
            "you": self.you,
            "config": self.public_config(),
            **board_json(self),
            "rounds": self.rounds,
            "deck_sizes": dict(self.deck_sizes),
            "waiting_for": list(self.waiting_for),
            "players": [self._seat_json(seat) for seat in self.players],
            "over": self.over,
            "decision": decision.to_json() if decision else None,
            # The game's compact form of the legal moves: short lists, so the notations.
            "legal": ({"count": len(self.legal), "actions": [str(a) for a in self.legal]}
                      if self.legal else None),
            "standings": [s.to_json() for s in standings],
            "winners": winners_of(standings) if self.over else [],
            "ability_costs": self.ability_costs(),
            "progress": self.progress(),
            "unavailable": unavailable(self),
            "recent": [dict(event) for event in self.recent],
            "reveals": [dict(reveal) for reveal in self.reveals],
        }

    def _seat_json(self, seat: SeatView) -> dict[str, Any]:
        """A seat's JSON with the move and collect actions it has this turn (public)."""
        data = seat.to_json()
        data["moves_allowed"] = rules.moves_allowed(seat.board, self.pack)
        data["collects_allowed"] = rules.collects_allowed(seat.board, self.pack)
        return data
