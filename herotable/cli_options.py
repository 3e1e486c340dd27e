"""A game's set-up options as command-line parameters, made from its schema (its
:class:`~herotable.core.options.Option` list), so the play commands take every option a person
sets, with the schema's names, types, choices and help, and nothing is written twice.

An option is ``--name`` (underscores as dashes) or its ``flag``; a list is given item by item
(``--card a --card b``) or comma-separated (``--names Ann,Bob``); a yes/no the preset decides
is ``--x/--no-x``, one that is off unless given is ``--x``; choices are checked in any case.
"""

from __future__ import annotations

import enum
import functools
import inspect
from collections.abc import Callable, Iterable
from typing import Annotated, Any

import typer

from herotable.core.options import Option
from herotable.registry import game_info

# Where --help lists them, apart from the command's own options.
PANEL = "Set-up"


def comma_list(texts: Iterable[str]) -> tuple[str, ...]:
    """Items given as several values, each of which may hold several separated by commas;
    blanks dropped."""
    return tuple(item.strip() for text in texts for item in text.split(",") if item.strip())


def _help(option: Option) -> str:
    text = option.help[0].upper() + option.help[1:] + "."
    return text + (" Repeatable, or comma-separated." if option.kind == "list" else "")


def _choice_type(option: Option) -> Any:
    """An enum of the option's choices, which Typer offers (and checks) as click choices."""
    return enum.Enum("Choice", {choice: choice for choice in option.choices})


def _parameter(option: Option) -> inspect.Parameter:
    """The command parameter for ``option``, with its type as Typer reads it."""
    name = "--" + (option.flag or option.name).replace("_", "-")
    value_type: Any = {"int": int, "bool": bool, "str": str, "list": list[str]}[option.kind]
    if option.choices:
        value_type = _choice_type(option)
    declaration = name
    if option.kind == "bool":
        # Off unless given: a plain flag (--two-mana); left to the preset: --x/--no-x.
        declaration = name if option.default is False else f"{name}/--no-{name[2:]}"
    default = None if option.kind == "list" else option.default
    if default is None:
        value_type = value_type | None
    elif option.choices:
        default = value_type(default)
    info = typer.Option(declaration, help=_help(option), case_sensitive=False,
                        rich_help_panel=PANEL)
    return inspect.Parameter(option.name, inspect.Parameter.KEYWORD_ONLY, default=default,
                             annotation=Annotated[value_type, info])


def _given(option: Option, value: Any) -> Any:
    """The schema's value for what the command line received (None: not given)."""
    if isinstance(value, enum.Enum):
        return value.value
    if option.kind == "list":
        return comma_list(value or ()) or None
    return value


def with_game_options(game: str) -> Callable[[Callable[..., None]], Callable[..., None]]:
    """Decorates a command whose first parameter is ``options``: the command takes the
    game's options the command line offers, and receives those given as one dict for
    :meth:`GameInfo.config`, before its own parameters."""
    offered = [option for option in game_info(game).options if option.command_line]

    def decorate(command: Callable[..., None]) -> Callable[..., None]:
        own = list(inspect.signature(command, eval_str=True).parameters.values())
        assert own[0].name == "options", "the command takes the set-up as its first parameter"

        @functools.wraps(command)
        def run(**arguments: Any) -> None:
            options = {option.name: value for option in offered
                       if (value := _given(option, arguments.pop(option.name))) is not None}
            command(options, **arguments)

        parameters = [_parameter(option) for option in offered] + [
            p.replace(kind=inspect.Parameter.KEYWORD_ONLY) for p in own[1:]]
        # Typer reads the parameters from the signature and their types from the annotations.
        run.__signature__ = inspect.Signature(parameters)  # type: ignore[attr-defined]
        run.__annotations__ = {p.name: p.annotation for p in parameters}
        return run

    return decorate
