"""The JSON API's contract as pydantic models (docs/web.md and the OpenAPI page at /docs).

The game object's ``view`` is the engine view's own JSON (typed by each game's view class),
so it is an open object here."""

from __future__ import annotations

from typing import Annotated, Any

from pydantic import BaseModel, ConfigDict, Field, JsonValue, StrictBool

from herotable.cartographers.paper_score import Snapshot
from herotable.cartographers.sheet import COIN_TRACK
from herotable.core.errors import ParamValue
from herotable.registry import game_names
from herotable.server.service import MAX_SEED

Strict = ConfigDict(extra="forbid")
# A name people read: no control characters (a NUL is refused by PostgreSQL, and a line
# break or escape sequence would garble every page and terminal that shows it).
Name = Annotated[str, Field(min_length=1, max_length=40, pattern=r"^[^\x00-\x1f\x7f]+$")]


class PersonSeat(BaseModel):
    """A person's seat, named or not (an unnamed one each front end names in its language)."""

    model_config = Strict
    name: Name | None = None


class BotSeat(BaseModel):
    """A bot's seat: which bot, optionally its name and its budget per decision."""

    model_config = Strict
    bot: str = Field(min_length=1, max_length=32)
    name: Name | None = None
    seconds: float | None = Field(None, ge=0, le=60)


SeatSpec = PersonSeat | BotSeat
# The registered games, listed in the OpenAPI schema (a plain string to pydantic, so the
# registry stays the one place that knows them).
GAME_NAMES: dict[str, JsonValue] = {"enum": list(game_names())}


class NewGame(BaseModel):
    model_config = Strict
    game: str = Field(max_length=32, json_schema_extra=GAME_NAMES)
    options: dict[str, Any] = Field(default_factory=dict)
    seats: list[SeatSpec] = Field(min_length=1, max_length=100)
    seed: int | None = Field(None, ge=0, le=MAX_SEED)
    listed: bool = True
    # Hints from the strong bot: allowed by default when one person plays; with several
    # people only when set here, that is when everyone agreed to the game as made.
    hints: bool | None = None


class SeatCreated(BaseModel):
    seat: int
    name: str | None  # None: unnamed
    bot: str | None = None
    token: str | None = None
    url: str | None = None


class GameCreated(BaseModel):
    id: str
    seats: list[SeatCreated]


class SeatState(BaseModel):
    seat: int
    name: str | None  # None: unnamed
    bot: str | None
    left: bool
    present: bool


class GameState(BaseModel):
    id: str
    game: str
    seq: int
    steps: int  # the actions in the game's log (seq counts undos too)
    over: bool
    pending: list[int]
    seat: int | None
    seats: list[SeatState]
    view: dict[str, Any]
    legal: list[str]
    undo: bool = False  # whether the seat may take back its last action now
    hints: bool  # whether the seats may ask the strong bot for a hint
    challenge: str | None  # "daily:2026-11-23" for a challenge game
    tutorial: str | None = None  # the game whose tutorial script guides this game


class UndoRequest(BaseModel):
    model_config = Strict
    seq: int = Field(ge=0)


class ActionRequest(BaseModel):
    model_config = Strict
    seq: int = Field(ge=0)
    action: str = Field(min_length=1, max_length=2000)


class ListedSeat(BaseModel):
    name: str | None  # None: unnamed
    bot: str | None


class ListedGameOut(BaseModel):
    id: str
    game: str
    seats: list[ListedSeat]
    seq: int
    over: bool
    created: str


class Health(BaseModel):
    ok: bool
    database: bool  # whether the database answers now


class Problem(BaseModel):
    """Every error's body: the English sentence, its code (docs/api.md lists them) and the
    code's parameters."""

    detail: str
    code: str
    params: dict[str, ParamValue]


class ChallengeAttempt(BaseModel):
    """A player's name and this browser's own random id (one attempt for each)."""

    model_config = Strict
    name: Name
    browser: str = Field(min_length=16, max_length=128)


class ChallengeSubmission(ChallengeAttempt):
    log: dict[str, Any]


class ChallengeStarted(BaseModel):
    id: str
    token: str
    url: str


class HintOption(BaseModel):
    action: str
    value: float


class Hint(BaseModel):
    """The strong bot's choice. ``value`` is its estimate for the move in ``unit`` (stars:
    a floor of the final score, so compare the options rather than read it as a forecast;
    vp: the seat's lead over the strongest rival); docs/bots.md explains both."""

    action: str
    value: float
    unit: str
    method: str
    options: list[HintOption]


class AnalysisRequest(BaseModel):
    model_config = Strict
    seat: int = Field(ge=0, le=99)


class AnalysisState(BaseModel):
    status: str  # none, running, done or failed
    done: int
    total: int
    analysis: dict[str, Any] | None = None  # herotable.bots.analysis.Analysis.to_json()
    error: str | None = None


class TutorialRequest(BaseModel):
    """The person's name for the seat (default: the game's own name for seat 1)."""

    model_config = Strict
    name: Name | None = None


class TutorialStarted(BaseModel):
    id: str
    token: str
    url: str
    script: dict[str, Any]  # the steps, as GET /api/tutorials/{game} gives them


# A map in the notation is 11 lines of 11 characters; a few comment lines are allowed for.
MAP_TEXT_LIMIT = 2000


class PaperSnapshot(BaseModel):
    """A paper map at one season's end: the map notation and the coins on the coin track."""

    model_config = Strict
    map: str = Field(max_length=MAP_TEXT_LIMIT)
    coins: int = Field(0, ge=0, le=COIN_TRACK)

    def snapshot(self) -> Snapshot:
        """The engine's snapshot of this season's map."""
        return Snapshot(self.map, self.coins)


class ScoreRequest(BaseModel):
    """A paper map to score (POST /api/score): the side, the cards of edicts A-D, and either
    ``map`` and ``coins`` (every season scored on it) or ``seasons``, the map at the end of
    one to four seasons (a season past them is scored on the last)."""

    model_config = Strict
    side: str = Field(max_length=8)
    cards: list[str] = Field(min_length=4, max_length=4)
    map: str | None = Field(None, max_length=MAP_TEXT_LIMIT)
    coins: int = Field(0, ge=0, le=COIN_TRACK)
    seasons: list[PaperSnapshot] | None = Field(None, min_length=1, max_length=4)
    solo: bool = False


class PaperSeason(BaseModel):
    season: str
    edicts: list[dict[str, JsonValue]]  # letter, card, stars, cells
    edict_stars: int
    coins: int
    monsters: int
    monster_cells: list[str]
    total: int


class ScoreAnswer(BaseModel):
    """herotable.cartographers.paper_score.PaperScore.to_json()."""

    side: str
    cards: list[str]
    seasons: list[PaperSeason]
    total: int
    solo: dict[str, JsonValue] | None
class NewTable(BaseModel):
    """A paper table: the lobby's Cartographers options (a preset and what adjusts it),
    solo or not, and whether anyone may flip (else only the host)."""

    model_config = Strict
    options: dict[str, Any] = Field(default_factory=dict)
    seed: int | None = Field(None, ge=0, le=MAX_SEED)
    solo: StrictBool = False
    anyone_flips: StrictBool = False


class TableCreated(BaseModel):
    id: str
    url: str  # for every device
    host_url: str  # the host's device: the url with the token in its fragment
    host_token: str


class FlipRequest(BaseModel):
    model_config = Strict
    seq: int = Field(ge=0)


class TableSettings(BaseModel):
    model_config = Strict
    anyone_flips: StrictBool


class TableMap(BaseModel):
    """A player's map for a paper table's scoreboard: the name it shows and the map at the
    end of one to four seasons, as ``POST /api/score`` takes them; the side, the edicts and
    solo are the table's."""

    model_config = Strict
    name: Name
    seasons: list[PaperSnapshot] = Field(min_length=1, max_length=4)

    def snapshots(self) -> list[Snapshot]:
        return [season.snapshot() for season in self.seasons]


class TableMapAdded(BaseModel):
    map_id: str
    token: str  # replaces this map: shown this once
    table: dict[str, JsonValue]  # the table object, its scoreboard holding the map
