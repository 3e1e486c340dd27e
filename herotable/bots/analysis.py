"""The analysis of a finished game: for each decision of one seat, the move a bot prefers and
what the seat's final score was expected to gain or lose by the move played.

The game is rebuilt from its action log through the public API only (``replay`` of the
log's config and seed, then ``apply`` step by step). At each decision of the seat that had a
choice (more than one legal action), a fresh bot seeded from the game's seed, the seat and the
step is asked :meth:`~herotable.bots.base.Bot.assess` for that seat's view, with the action
actually played included, so the played move and the bot's own choice are valued on the same
sampled futures. The *loss* of a decision is ``best_value - played_value``, in the bot's unit
(stars or VP, see ``docs/bots.md``); it is 0 when the bot would have played the same, and may
come out slightly negative when sampling happens to favour the played move: its sign is kept.

The work is one bot search per decision, so a server can split it: :func:`decision_steps`
lists the steps to analyse, :func:`analyse` takes any subset of them (``steps=``), and
:func:`merge` joins the partial analyses back into one.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from herotable.bots.base import Assessment, Bot, BotError
from herotable.bots.registry import make_bot
from herotable.bots.seeding import decision_seed
from herotable.core.errors import HerotableError, SaveFileError
from herotable.core.game import ActionLog, Game, is_int
from herotable.registry import game_classes

ANALYSIS_FORMAT = "herotable-analysis"
ANALYSIS_VERSION = 1


class AnalysisError(HerotableError):
    """A game that cannot be analysed: unfinished, a seat it does not have, an unreadable log,
    or partial analyses that do not belong together."""


@dataclass(frozen=True, slots=True)
class Review:
    """One decision of the analysed seat.

    ``step`` is the action's index in the game's log (0 = the first action of the game);
    ``played``/``best`` are notations of the move played and of the bot's choice, with their
    values in the analysis' unit; ``loss = best_value - played_value``. ``choices`` is how
    many legal actions there were; ``method`` and ``samples`` say how the values were found
    (:class:`~herotable.bots.base.Assessment`).
    """

    step: int
    played: str
    played_value: float
    best: str
    best_value: float
    loss: float
    choices: int
    method: str
    samples: int

    @property
    def agrees(self) -> bool:
        """Whether the bot would have played the same move."""
        return self.played == self.best

    def to_json(self) -> dict[str, Any]:
        return {"step": self.step, "played": self.played,
                "played_value": round(self.played_value, 3), "best": self.best,
                "best_value": round(self.best_value, 3), "loss": round(self.loss, 3),
                "choices": self.choices, "method": self.method, "samples": self.samples}

    @classmethod
    def from_json(cls, data: Any) -> Review:
        try:
            return cls(step=_int(data["step"]), played=_str(data["played"]),
                       played_value=_float(data["played_value"]), best=_str(data["best"]),
                       best_value=_float(data["best_value"]), loss=_float(data["loss"]),
                       choices=_int(data["choices"]), method=_str(data["method"]),
                       samples=_int(data["samples"]))
        except (KeyError, TypeError) as exc:
            raise SaveFileError(f"a review of the analysis is malformed: {exc}") from exc


@dataclass(frozen=True, slots=True)
class Analysis:
    """A seat's decisions judged by a bot. ``reviews`` are in game order; ``decisions`` is
    how many decisions with a choice the seat made in the whole game (more than
    ``len(reviews)`` for a part made with ``steps=``). ``seconds`` is the bot's budget per
    decision (its default resolved), ``unit`` ``"stars"`` or ``"vp"``."""

    game: str
    seed: int
    seat: int
    bot: str
    seconds: float
    unit: str
    decisions: int
    reviews: tuple[Review, ...]

    def mistakes(self, limit: int | None = None) -> list[Review]:
        """The reviews by loss, biggest first (ties in game order)."""
        ranked = sorted(self.reviews, key=lambda r: (-r.loss, r.step))
        return ranked if limit is None else ranked[:limit]

    @property
    def complete(self) -> bool:
        return len(self.reviews) == self.decisions

    @property
    def total_loss(self) -> float:
        """The sum of the positive losses: what the seat's play gave away by the bot's
        reckoning (an indication: the values are estimates, not exact)."""
        return sum(r.loss for r in self.reviews if r.loss > 0)

    def to_json(self) -> dict[str, Any]:
        return {"format": ANALYSIS_FORMAT, "version": ANALYSIS_VERSION, "game": self.game,
                "seed": self.seed, "seat": self.seat, "bot": self.bot,
                "seconds": self.seconds, "unit": self.unit, "decisions": self.decisions,
                "reviews": [r.to_json() for r in self.reviews],
                # The sum of the losses as written (each rounded), so that the file says the
                # same total once read back.
                "total_loss": round(sum(round(r.loss, 3) for r in self.reviews if r.loss > 0),
                                    3)}

    @classmethod
    def from_json(cls, data: Any) -> Analysis:
        """Read :meth:`to_json`'s output back; anything malformed is a
        :class:`~herotable.core.errors.SaveFileError`."""
        if not isinstance(data, dict) or data.get("format") != ANALYSIS_FORMAT:
            raise SaveFileError("this is not a herotable analysis")
        if data.get("version") != ANALYSIS_VERSION:
            raise SaveFileError(f"analysis version {data.get('version')!r}; this herotable "
                                f"reads version {ANALYSIS_VERSION}")
        try:
            reviews = data["reviews"]
            if not isinstance(reviews, list):
                raise TypeError("'reviews' is not a list")
            return cls(game=_str(data["game"]), seed=_int(data["seed"]),
                       seat=_int(data["seat"]), bot=_str(data["bot"]),
                       seconds=_float(data["seconds"]), unit=_str(data["unit"]),
                       decisions=_int(data["decisions"]),
                       reviews=tuple(Review.from_json(r) for r in reviews))
        except (KeyError, TypeError) as exc:
            raise SaveFileError(f"the analysis is malformed: {exc}") from exc


def _int(value: Any) -> int:
    if not is_int(value):
        raise TypeError(f"{value!r} is not a whole number")
    return value


def _float(value: Any) -> float:
    if not (is_int(value) or isinstance(value, float)):
        raise TypeError(f"{value!r} is not a number")
    return float(value)


def _str(value: Any) -> str:
    if not isinstance(value, str):
        raise TypeError(f"{value!r} is not text")
    return value


# --------------------------------------------------------------------------- replaying


def read_log(log: ActionLog | dict[str, Any]) -> ActionLog:
    """An :class:`ActionLog` from itself, its JSON, or a whole save file's JSON."""
    if isinstance(log, ActionLog):
        return log
    if isinstance(log, dict) and log.get("format") == "herotable-save":
        log = log.get("log")  # type: ignore[assignment]
    try:
        return ActionLog.from_json(log)
    except SaveFileError as exc:
        raise AnalysisError(f"the game's log is unreadable: {exc}") from exc


def _game_class(log: ActionLog) -> type[Game[Any, Any, Any]]:
    classes = game_classes()
    if log.game not in classes:
        raise AnalysisError(f"the log is of unknown game {log.game!r}; known: "
                            f"{', '.join(classes)}")
    return classes[log.game]


def _start(log: ActionLog) -> Game[Any, Any, Any]:
    """The game at its first step (replayed from the log's config and seed, no actions)."""
    try:
        return _game_class(log).replay(ActionLog(log.game, log.config, log.seed))
    except HerotableError as exc:
        raise AnalysisError(f"the game's set-up is refused: {exc}") from exc


def _apply(game: Game[Any, Any, Any], step: int, player: int, action: str) -> None:
    try:
        game.apply(player, action)
    except HerotableError as exc:
        raise AnalysisError(f"action {step} of the log ({player}: {action}) is refused: "
                            f"{exc}") from exc


def _check(log: ActionLog, seat: object) -> int:
    """The whole game replayed once: finished, and ``seat`` one of its players."""
    game = _start(log)
    for step, entry in enumerate(log.entries):
        _apply(game, step, entry.player, entry.action)
    if not is_int(seat) or not 0 <= seat < game.num_players:
        raise AnalysisError(f"there is no seat {seat!r} in this {game.num_players}-player "
                            f"game (seats count from 0)")
    if not game.is_over:
        raise AnalysisError(f"the game is not finished ({len(log.entries)} actions so far): "
                            "only a finished game can be analysed")
    return seat


def _is_decision(game: Game[Any, Any, Any], seat: int) -> bool:
    legal = game.view(seat).legal
    return legal is not None and len(legal) > 1


def decision_steps(log: ActionLog | dict[str, Any], seat: int) -> list[int]:
    """The log steps at which ``seat`` chose among more than one legal action: what
    :func:`analyse` reviews, and what a server may split across workers."""
    log = read_log(log)
    seat = _check(log, seat)
    game = _start(log)
    steps = []
    for step, entry in enumerate(log.entries):
        if entry.player == seat and _is_decision(game, seat):
            steps.append(step)
        _apply(game, step, entry.player, entry.action)
    return steps


def played_index(game: Game[Any, Any, Any], seat: int, legal: Sequence[Any],
                 notation: str) -> int:
    """Where the action played (its notation) is in ``legal``. A move the legal list names
    another way (a symmetric hero turned; a Dominaria ability paid with other mana than the
    default) is matched to the listed move with the same effect (or verb and arguments)."""
    action = game.parse_action(notation)
    for index, candidate in enumerate(legal):
        if candidate == action:
            return index
    verb, args = getattr(action, "verb", None), getattr(action, "args", None)
    if verb is not None:
        for index, candidate in enumerate(legal):
            if (getattr(candidate, "verb", None), getattr(candidate, "args", None)) == (
                    verb, args):
                return index
    played = game.clone()
    played.apply(seat, action)
    after = played.view(seat).to_json()
    after.pop("legal", None)
    for index, candidate in enumerate(legal):
        if type(candidate) is not type(action):
            continue
        trial = game.clone()
        trial.apply(seat, candidate)
        view = trial.view(seat).to_json()
        view.pop("legal", None)
        if view == after:
            return index
    raise AnalysisError(f"the move played ({notation}) is not among the legal actions")


def review(game: Game[Any, Any, Any], seat: int, step: int, notation: str, bot: Bot
           ) -> tuple[Review, Assessment]:
    """``bot``'s judgement of the decision ``seat`` owes in ``game`` (not changed), where
    ``notation`` was played."""
    view = game.view(seat)
    legal = view.legal
    played = played_index(game, seat, legal, notation)
    assessment = bot.assess(view, legal, include=[played])
    best_value = assessment.values[assessment.choice]
    played_value = assessment.values[played]
    return Review(step=step, played=notation, played_value=played_value,
                  best=str(legal[assessment.choice]), best_value=best_value,
                  loss=best_value - played_value, choices=len(legal),
                  method=assessment.method, samples=assessment.samples), assessment


def analyse(log: ActionLog | dict[str, Any], seat: int, bot: str = "strong",
            seconds: float | None = None,
            progress: Callable[[int, int], None] | None = None,
            steps: Iterable[int] | None = None) -> Analysis:
    """Replay the finished game of ``log`` and judge each decision ``seat`` made with a
    choice (see the module docstring). ``seconds`` is the bot's budget per decision (None:
    its default); ``progress(done, total)`` is called before the first decision and after
    each one; ``steps`` restricts the work to some of :func:`decision_steps` (a part for one
    worker; :func:`merge` joins the parts). An unfinished game, a seat it does not have, a
    bot that cannot explain its moves or a step that is not one of the seat's decisions
    raises an :class:`AnalysisError` (or :class:`~herotable.bots.base.BotError`)."""
    log = read_log(log)
    all_steps = decision_steps(log, seat)
    wanted = set(all_steps)
    if steps is not None:
        chosen = set(steps)
        stray = sorted(s for s in chosen if s not in wanted)
        if stray:
            raise AnalysisError(f"step {stray[0]} is not a decision of seat {seat}")
        wanted = chosen
    total = len(wanted)
    # Made once up front, so an unknown bot or one that cannot explain fails at once.
    probe = make_bot(log.game, bot, seconds=seconds)
    if not probe.explains:
        raise BotError(f"the {bot} bot cannot explain its moves; analyse with greedy or "
                       "strong")
    unit = "stars" if log.game == "cartographers" else "vp"
    if progress is not None:
        progress(0, total)
    game = _start(log)
    reviews: list[Review] = []
    for step, entry in enumerate(log.entries):
        if step in wanted and entry.player == seat:
            judge = make_bot(log.game, bot, seed=decision_seed(log.seed, seat, step),
                             seconds=seconds)
            found, assessment = review(game, seat, step, entry.action, judge)
            unit = assessment.unit
            reviews.append(found)
            if progress is not None:
                progress(len(reviews), total)
        _apply(game, step, entry.player, entry.action)
    return Analysis(game=log.game, seed=log.seed, seat=seat, bot=bot, seconds=probe.seconds,
                    unit=unit, decisions=len(all_steps), reviews=tuple(reviews))


def merge(parts: Sequence[Analysis]) -> Analysis:
    """Partial analyses of one game, seat, bot and budget joined into one (reviews in game
    order; a step analysed twice must agree)."""
    if not parts:
        raise AnalysisError("there is nothing to merge")
    first = parts[0]
    key = (first.game, first.seed, first.seat, first.bot, first.seconds, first.unit,
           first.decisions)
    by_step: dict[int, Review] = {}
    for part in parts:
        if (part.game, part.seed, part.seat, part.bot, part.seconds, part.unit,
                part.decisions) != key:
            raise AnalysisError("these analyses are of different games, seats, bots or "
                                "budgets")
        for item in part.reviews:
            if by_step.setdefault(item.step, item) != item:
                raise AnalysisError(f"two parts disagree about step {item.step}")
    reviews = tuple(by_step[s] for s in sorted(by_step))
    return Analysis(game=first.game, seed=first.seed, seat=first.seat, bot=first.bot,
                    seconds=first.seconds, unit=first.unit, decisions=first.decisions,
                    reviews=reviews)


def split(steps: Sequence[int], parts: int) -> list[list[int]]:
    """``steps`` dealt into ``parts`` lists of about equal work (round robin, since
    decisions early and late in a game cost differently)."""
    if parts < 1:
        raise AnalysisError("split into at least one part")
    return [list(steps[i::parts]) for i in range(parts) if steps[i::parts]]
