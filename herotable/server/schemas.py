"""The JSON API's contract as pydantic models (docs/web.md and the OpenAPI page at /docs).

The game object's ``view`` is the engine view's own JSON (typed by each game's view class),
so it is an open object here."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict, Field, model_validator

from herotable.server.service import MAX_SEED

Strict = ConfigDict(extra="forbid")


class SeatSpec(BaseModel):
    """A person's seat (``name``) or a bot's (``bot``, optionally its budget per decision)."""

    model_config = Strict
    name: str | None = Field(None, min_length=1, max_length=40)
    bot: str | None = Field(None, min_length=1, max_length=32)
    seconds: float | None = Field(None, ge=0, le=60)

    @model_validator(mode="after")
    def _person_or_bot(self) -> SeatSpec:
        if self.name is None and self.bot is None:
            raise ValueError("a seat needs a person's name or a bot")
        if self.seconds is not None and self.bot is None:
            raise ValueError("only a bot's seat takes seconds")
        return self


class NewGame(BaseModel):
    model_config = Strict
    game: str = Field(max_length=32)
    options: dict[str, Any] = Field(default_factory=dict)
    seats: list[SeatSpec] = Field(min_length=1, max_length=100)
    seed: int | None = Field(None, ge=0, le=MAX_SEED)
    listed: bool = True


class SeatCreated(BaseModel):
    seat: int
    name: str
    bot: str | None = None
    token: str | None = None
    url: str | None = None


class GameCreated(BaseModel):
    id: str
    seats: list[SeatCreated]


class SeatState(BaseModel):
    seat: int
    name: str
    bot: str | None
    left: bool
    present: bool


class GameState(BaseModel):
    id: str
    game: str
    seq: int
    over: bool
    pending: list[int]
    seat: int | None
    seats: list[SeatState]
    view: dict[str, Any]
    legal: list[str]


class ActionRequest(BaseModel):
    model_config = Strict
    seq: int = Field(ge=0)
    action: str = Field(min_length=1, max_length=2000)


class ListedGameOut(BaseModel):
    id: str
    game: str
    seats: list[str]
    seq: int
    over: bool
    created: str


class Health(BaseModel):
    ok: bool


class Problem(BaseModel):
    detail: str
