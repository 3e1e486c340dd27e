"""The ``herotable`` command: play in the terminal, score maps, measure speed.

User errors (bad map file, unknown card, corrupt save) print one clear line and exit with
code 2; tracebacks are for bugs only.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console

from herotable.core.errors import HerotableError

app = typer.Typer(
    help="herotable: Cartographers Heroes (and soon Heroes of Dominaria) on the computer.",
    no_args_is_help=True,
    add_completion=False,
)
cartographers_app = typer.Typer(help="Cartographers Heroes.", no_args_is_help=True)
app.add_typer(cartographers_app, name="cartographers")

err_console = Console(stderr=True)


def fail(message: str) -> typer.Exit:
    """Print a user error and give the exit to raise (code 2, no traceback)."""
    err_console.print(f"[bold red]error:[/] {message}", highlight=False, soft_wrap=True)
    return typer.Exit(code=2)


@cartographers_app.command("score")
def cartographers_score(
    mapfile: Annotated[Path, typer.Argument(help="A map in herotable's 11x11 notation.")],
    card: Annotated[list[str], typer.Option("--card", help="A scoring card id (repeatable).")],
    as_json: Annotated[bool, typer.Option("--json", help="Print JSON.")] = False,
) -> None:
    """Score a map file against scoring cards, plus the monster penalty."""
    from herotable.cartographers.scoring import SCORERS, monster_penalty, score_card
    from herotable.cartographers.sheet import MapSheet

    unknown = [c for c in card if c not in SCORERS]
    if unknown:
        raise fail(f"unknown scoring card {unknown[0]!r}; known: {', '.join(sorted(SCORERS))}")
    try:
        text = mapfile.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise fail(f"cannot read map file {mapfile}: {exc}") from exc
    try:
        sheet = MapSheet.from_text(text)
    except HerotableError as exc:
        raise fail(f"{mapfile}: {exc}") from exc
    stars = {c: score_card(c, sheet).stars for c in card}
    penalty = monster_penalty(sheet).stars
    if as_json:
        typer.echo(json.dumps({"cards": stars, "monster_penalty": penalty}))
        return
    console = Console()
    for card_id, value in stars.items():
        console.print(f"{card_id:24} {value:4d}")
    console.print(f"{'monster penalty':24} {-penalty:4d}")
    console.print(f"{'total':24} {sum(stars.values()) - penalty:4d}")


@cartographers_app.command("play")
def cartographers_play(
    players: Annotated[int, typer.Option(help="Number of players (1 = solo).")] = 1,
    names: Annotated[str, typer.Option(help="Comma-separated player names.")] = "",
    side: Annotated[str, typer.Option(help="Map side: C or D.")] = "C",
    seed: Annotated[int | None, typer.Option(help="Seed for the decks (random if unset).")]
    = None,
    card: Annotated[list[str] | None, typer.Option(
        "--card", help="Scoring cards for edicts A-D, in order (give four).")] = None,
    preset: Annotated[str, typer.Option(help="Scoring preset, e.g. first_game.")] = "",
    load: Annotated[Path | None, typer.Option(help="Resume a saved game file.")] = None,
    save: Annotated[Path | None, typer.Option(
        help="File to save to after every decision (default: ask).")] = None,
    language: Annotated[str, typer.Option(help="Card names in en, ru, fr or pl.")] = "en",
) -> None:
    """Play Cartographers Heroes in the terminal, solo or hot-seat."""
    import secrets

    from herotable.cartographers.config import GameConfig
    from herotable.cartographers.game import CartographersGame
    from herotable.core.saves import load_game
    from herotable.terminal.play import play_cartographers

    try:
        if load is not None:
            game = load_game(load, {CartographersGame.name: CartographersGame})
        else:
            player_names = tuple(n.strip() for n in names.split(",") if n.strip())
            options = {"players": players, "side": side.upper(), "names": player_names}
            config = (GameConfig.preset(preset, **options) if preset
                      else GameConfig(scoring=tuple(card or ()), **options))
            game = CartographersGame(config, seed if seed is not None else secrets.randbits(32))
    except HerotableError as exc:
        raise fail(str(exc)) from exc
    assert isinstance(game, CartographersGame)
    play_cartographers(game, save_path=save or load, language=language)


@app.command("bench")
def bench(
    quick: Annotated[bool, typer.Option(help="Fewer repetitions (a smoke run).")] = False,
) -> None:
    """Measure the engines' speed and print medians."""
    from herotable.bench import run_bench

    run_bench(quick=quick)


def main() -> None:
    app()


if __name__ == "__main__":
    main()
