"""The ``herotable`` command: play in the terminal, score maps, measure speed.

User errors (bad map file, unknown card, corrupt save) print one clear line and exit with
code 2; tracebacks are for bugs only.
"""

from __future__ import annotations

import dataclasses
import json
import sys
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console
from rich.markup import escape
from rich.table import Table
from typer.core import TyperGroup
from typer.exceptions import TyperException

from herotable.cli_options import comma_list, with_game_options
from herotable.core.errors import HerotableError
from herotable.core.saves import BotSeat, SavedGame
from herotable.registry import game_info

err_console = Console(stderr=True)


class OneLineErrors(TyperGroup):
    """The command tree, with usage errors (an unknown option, ``--seed abc``) said in one
    line like every other user error, instead of a usage block and a framed panel."""

    def main(self, args: Sequence[str] | None = None, prog_name: str | None = None,
             complete_var: str | None = None, standalone_mode: bool = True,
             windows_expand_args: bool = True, **extra: Any) -> Any:
        try:
            code = super().main(args, prog_name, complete_var, standalone_mode=False,
                                windows_expand_args=windows_expand_args, **extra)
        except TyperException as exc:  # Typer's usage errors (its bundled click's)
            return _usage_error(_usage_message(exc), standalone_mode)
        except typer.Abort:
            err_console.print("aborted", highlight=False)
            return _exit(1, standalone_mode)
        return _exit(code if isinstance(code, int) else 0, standalone_mode)


def _usage_message(exc: TyperException) -> str:
    """The error in one line; an unknown option lists the ones the command takes (the
    default names only the closest)."""
    option = getattr(exc, "option_name", None)
    ctx = getattr(exc, "ctx", None)
    if option and ctx is not None:
        known = sorted(o for p in ctx.command.params for o in p.opts if o.startswith("--"))
        return f"no such option {option}; this command takes {', '.join(known)}"
    return exc.format_message()


def _usage_error(message: str, standalone_mode: bool) -> int:
    if message:  # empty when help was shown for a bare command: nothing more to say
        err_console.print(f"[bold red]error:[/] {message}", highlight=False, soft_wrap=True)
    return _exit(2, standalone_mode)


def _exit(code: int, standalone_mode: bool) -> int:
    if standalone_mode:
        sys.exit(code)
    return code


app = typer.Typer(
    cls=OneLineErrors,
    help="herotable: Cartographers (Heroes and base) and Heroes of Dominaria.",
    no_args_is_help=True,
    add_completion=False,
)
cartographers_app = typer.Typer(help="Cartographers: Heroes, the base game, and both combined.",
                                no_args_is_help=True)
app.add_typer(cartographers_app, name="cartographers")
dominaria_app = typer.Typer(help="Heroes of Dominaria: 2 to 4 planeswalkers, hot-seat.",
                            no_args_is_help=True)
app.add_typer(dominaria_app, name="dominaria")


def fail(message: str) -> typer.Exit:
    """Print a user error and give the exit to raise (code 2, no traceback)."""
    # Escaped: a message may quote brackets, like pip's herotable[cluster], that are not markup.
    err_console.print(f"[bold red]error:[/] {escape(message)}", highlight=False,
                      soft_wrap=True)
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

    twice = sorted({c for c in card if card.count(c) > 1})
    if twice:
        raise fail(f"--card {twice[0]} is given twice; each card scores once")
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


@cartographers_app.command("setup")
@with_game_options("cartographers")
def cartographers_setup(
    options: dict[str, Any],
    as_json: Annotated[bool, typer.Option("--json", help="Print the config as JSON.")] = False,
) -> None:
    """Check a game set-up against the combining rules and show it (no game is started)."""
    try:
        config = game_info("cartographers").config(**options)
    except HerotableError as exc:
        raise fail(str(exc)) from exc
    if as_json:
        typer.echo(json.dumps(config.to_json()))
        return
    table = Table(title=f"Cartographers set-up ({options['preset']})", show_header=False)
    for label, value in config.describe():
        table.add_row(label, value)
    Console().print(table)


@cartographers_app.command("cards")
def cartographers_cards(
    box: Annotated[str | None, typer.Option(help="Only this box: heroes, base or promo.")]
    = None,
    language: Annotated[str, typer.Option(help="Card names in en, ru, fr or pl.")] = "en",
) -> None:
    """List every card id (for --card and --ambush), by box and kind."""
    from herotable.cartographers.cards import BOXES, card_sets

    _check_language(language)
    if box is not None and box not in BOXES:
        raise fail(f"unknown box {box!r}; known: {', '.join(BOXES)}")
    table = Table("box", "kind")
    table.add_column("id", no_wrap=True)  # ids are typed back into --card: never cut
    table.add_column("name")
    table.add_column("details")
    table.add_column("text (scoring: in our words)")
    for box_id, cards in card_sets().items():
        if box is not None and box_id != box:
            continue
        rows: list[tuple[str, str, str, str, str]] = []
        rows += [("explore", c.id, c.names.get(language), f"time {c.time}, "
                  + ", ".join(c.terrains), "") for c in cards.explore.values()]
        rows += [("ruins", c.id, c.names.get(language), "time 0", "")
                 for c in cards.ruins.values()]
        rows += [("hero", c.id, c.names.get(language), "", "") for c in cards.heroes.values()]
        rows += [("ambush", c.id, c.names.get(language),
                  f"{c.direction}, {c.effect if c.effect != 'none' else 'no effect'}", "")
                 for c in cards.ambushes.values()]
        rows += [("scoring", c.id, c.names.get(language), f"{c.category}, solo {c.solo}",
                  c.text) for c in cards.scoring.values()]
        for row in rows:
            table.add_row(box_id, *row)
    Console().print(table)


LanguageOption = Annotated[str | None, typer.Option(
    help="The language of every screen: one with a message catalogue, such as en or ru "
    "(default: the environment's LC_ALL, LC_MESSAGES or LANG, else en).")]
BotOption = Annotated[list[str] | None, typer.Option(
    "--bot", help="SEAT=BOT: a bot (random, greedy, strong) plays that seat, counted from 1. "
    "Repeat for more bots. A loaded game keeps the bots it was saved with; SEAT=human gives "
    "one of their seats to a person.")]
HUMAN = "human"  # --bot SEAT=human: a person plays that seat of a loaded game


@cartographers_app.command("play")
@with_game_options("cartographers")
def cartographers_play(
    options: dict[str, Any],
    seed: Annotated[int | None, typer.Option(help="Seed for the decks (random if unset).")]
    = None,
    load: Annotated[Path | None, typer.Option(help="Resume a saved game file.")] = None,
    save: Annotated[Path | None, typer.Option(
        help="File to save to after every decision (default: ask).")] = None,
    language: LanguageOption = None,
    bot: BotOption = None,
) -> None:
    """Play Cartographers (Heroes, base, or combined) in the terminal, solo, hot-seat or
    against bots."""
    import secrets

    from herotable.cartographers.game import CartographersGame
    from herotable.terminal.cartographers import play_cartographers

    saved_bots: dict[int, BotSeat] = {}
    try:
        if load is not None:
            saved = _load(load, "cartographers")
            game, saved_bots = saved.game, saved.bots
        else:
            game = game_info("cartographers").new_game(
                seed if seed is not None else secrets.randbits(32), **options)
    except HerotableError as exc:
        raise fail(str(exc)) from exc
    assert isinstance(game, CartographersGame)
    bots = _bot_seats(bot, "cartographers", game.num_players, saved_bots)
    said = _terminal_language(language)
    _check_overwrite(save, load)
    play_cartographers(game, save_path=save or load, language=said, bots=bots)


def _bot_seats(specs: list[str] | None, game: str, players: int,
               saved: Mapping[int, BotSeat] | None = None) -> dict[int, Any]:
    """The bots of a loaded game's save (``saved``), then the ``--bot 2=greedy`` options
    over them (``2=human``: seat 2 is a person's), as {seat index: bot}; the session seeds
    each decision from the game's seed, the seat and the decision, so a replayed game meets
    the same opponents."""
    from herotable.bots import make_bot

    wanted: dict[int, tuple[str, float | None] | None] = {
        seat: (bot.kind, bot.seconds) for seat, bot in (saved or {}).items()}
    for spec in specs or ():
        seat_text, _, name = spec.partition("=")
        if not seat_text.strip().isdecimal() or not name.strip():
            raise fail(f"--bot takes SEAT=BOT, for example 2=greedy, not {spec!r}")
        seat = int(seat_text) - 1
        if not 0 <= seat < players:
            raise fail(f"--bot {spec}: there is no seat {seat + 1} in a {players}-player game")
        wanted[seat] = None if name.strip() == HUMAN else (name.strip(), None)
    bots: dict[int, Any] = {}
    for seat, bot in wanted.items():
        if bot is None:
            continue
        try:
            bots[seat] = make_bot(game, bot[0], seconds=bot[1])
        except HerotableError as exc:
            raise fail(str(exc)) from exc
    return bots


def _options(specs: list[str] | None) -> dict[str, Any]:
    """``--option KEY=VALUE`` as a dict; VALUE is JSON (true, 3, ["a", "b"]) or else text."""
    options: dict[str, Any] = {}
    for spec in specs or ():
        key, sep, text = spec.partition("=")
        if not sep or not key.strip():
            raise fail(f"--option takes KEY=VALUE, for example side=B, not {spec!r}")
        try:
            options[key.strip()] = json.loads(text)
        except json.JSONDecodeError:
            options[key.strip()] = text
    return options


def _check_language(language: str) -> None:
    from herotable.cartographers.cards import LANGUAGES

    if language not in LANGUAGES:
        raise fail(f"unknown language {language!r}; herotable speaks {', '.join(LANGUAGES)}")


def _terminal_language(language: str | None) -> str:
    """The language a terminal speaks: the one asked for, which must have a message
    catalogue, else the environment's."""
    from herotable.messages import environment_language, languages

    if language is None:
        return environment_language()
    if language not in languages():
        raise fail(f"unknown language {language!r}; the terminals speak "
                   f"{', '.join(languages())}")
    return language


def _check_overwrite(save: Path | None, load: Path | None) -> None:
    """Ask before ``--save`` replaces a file that is not the game being resumed."""
    if save is None or not save.exists() or (load is not None and save.resolve()
                                             == load.resolve()):
        return
    if not typer.confirm(f"{save} exists; replace it with this game?", default=False,
                         err=True):
        raise fail(f"{save} left as it was; choose another --save file")


def _load(path: Path, game: str) -> SavedGame:
    """A saved game of ``game`` with its bot seats; a save of another game says which
    command plays it."""
    from herotable.core.saves import load_save
    from herotable.registry import game_classes

    saved = load_save(path, game_classes())
    loaded = saved.game
    if loaded.name != game:
        raise fail(f"{path} is a saved game of {loaded.name}; resume it with "
                   f"'herotable {loaded.name} play --load {path}'")
    return saved


@dominaria_app.command("play")
@with_game_options("dominaria")
def dominaria_play(
    options: dict[str, Any],
    seed: Annotated[int | None, typer.Option(help="Seed for the decks (random if unset).")]
    = None,
    load: Annotated[Path | None, typer.Option(help="Resume a saved game file.")] = None,
    save: Annotated[Path | None, typer.Option(
        help="File to save to after every action (default: ask).")] = None,
    language: LanguageOption = None,
    bot: BotOption = None,
) -> None:
    """Play Heroes of Dominaria in the terminal, hot-seat for 2 to 4 players or against
    bots."""
    import secrets

    from herotable.dominaria.game import DominariaGame
    from herotable.terminal.dominaria import play_dominaria

    saved_bots: dict[int, BotSeat] = {}
    try:
        if load is not None:
            saved = _load(load, "dominaria")
            game, saved_bots = saved.game, saved.bots
        else:
            game = game_info("dominaria").new_game(
                seed if seed is not None else secrets.randbits(32), **options)
    except HerotableError as exc:
        raise fail(str(exc)) from exc
    assert isinstance(game, DominariaGame)
    bots = _bot_seats(bot, "dominaria", game.num_players, saved_bots)
    said = _terminal_language(language)
    _check_overwrite(save, load)
    play_dominaria(game, save_path=save or load, bots=bots, language=said)


@app.command("serve")
def serve(
    host: Annotated[str, typer.Option(help="Address to listen on.")] = "127.0.0.1",
    port: Annotated[int, typer.Option(help="Port to listen on.")] = 8000,
    database_url: Annotated[str | None, typer.Option(
        help="SQLAlchemy URL (default: $HEROTABLE_DATABASE_URL, else SQLite in the user's "
             "data folder).")] = None,
    no_browser: Annotated[bool, typer.Option(
        "--no-browser", help="Do not open the web page in a browser.")] = False,
    bot_workers: Annotated[int | None, typer.Option(
        min=1, help="Worker processes for bot moves and hints (default: "
                    "$HEROTABLE_BOT_WORKERS, else 2).")] = None,
    dominaria_data: Annotated[Path | None, typer.Option(
        help="Your own Heroes of Dominaria data pack (a folder, as `dominaria play --data`), "
             "played in every new Dominaria game (default: $HEROTABLE_DOMINARIA_DATA, else "
             "the shipped pack; docs/dominaria-data.md).")] = None,
) -> None:
    """The web app: lobby, games in the browser, the JSON API (docs/web.md)."""
    from herotable.server.run import run_server

    try:
        run_server(host, port, database_url, open_browser=not no_browser,
                   bot_workers=bot_workers,
                   dominaria_data=None if dominaria_data is None else str(dominaria_data))
    except HerotableError as exc:
        raise fail(str(exc)) from exc


@app.command("damaged")
def damaged(
    database_url: Annotated[str | None, typer.Option(
        help="SQLAlchemy URL (default: as `herotable serve`).")] = None,
    unfinished: Annotated[bool, typer.Option(
        help="Only games that are not over.")] = False,
) -> None:
    """List the games whose stored record no longer replays (a server keeps them apart)."""
    from sqlalchemy.engine import make_url
    from sqlalchemy.exc import SQLAlchemyError

    from herotable.server.audit import damaged_games
    from herotable.server.errors import outage_line
    from herotable.server.settings import database_url as default_url

    url = default_url(database_url)
    try:
        found = damaged_games(url, unfinished)
    except SQLAlchemyError as exc:  # the database itself cannot be read: one line
        shown = make_url(url).render_as_string(hide_password=True)
        raise fail(f"cannot read the database {shown}: {outage_line(exc)}") from exc
    for damage in found:
        typer.echo(f"{damage.game_id}\t{damage.game}\t{damage.reason}")
    typer.echo(f"{len(found)} damaged game(s)", err=True)


@app.command("bench")
def bench(
    quick: Annotated[bool, typer.Option(help="Fewer repetitions (a smoke run).")] = False,
    write: Annotated[Path | None, typer.Option(
        help="Also replace the figures block of this Markdown file (docs/benchmarks.md).")]
    = None,
    load: Annotated[int | None, typer.Option(
        min=1, help="Instead: the load benchmark, with this many games played at once "
                    "against real server processes (docs/benchmarks.md, \"Many tables\").")]
    = None,
    seconds: Annotated[float, typer.Option(min=1, help="With --load: how long.")] = 60.0,
    pace: Annotated[float, typer.Option(
        min=0, help="With --load: a seat's pause before each move, in seconds on average "
                    "(0: as fast as the server answers).")] = 2.0,
    processes: Annotated[int, typer.Option(
        min=1, help="With --load: server processes (more than one needs PostgreSQL).")] = 1,
    database_url: Annotated[str | None, typer.Option(
        help="With --load: the database (default: a new SQLite file).")] = None,
    busy_bots: Annotated[int, typer.Option(
        min=0, help="With --load: games of strong bots (5 s a move) running beside, "
                    "watched.")] = 0,
    opponent: Annotated[str, typer.Option(
        help="With --load: the bot a person plays beside the load, its answers timed.")]
    = "greedy",
) -> None:
    """Measure the engines' and the bots' speed and print medians; with --load, how a
    server holds many tables at once."""
    try:
        if load is not None:
            from herotable.bench.load import print_load, run_load

            print_load(run_load(load, seconds=seconds, pace=pace, processes=processes,
                                database_url=database_url, busy_bots=busy_bots,
                                opponent=opponent))
            return
        from herotable.bench.run import run_bench

        run_bench(quick=quick, write=write)
    except HerotableError as exc:
        raise fail(str(exc)) from exc


@app.command("simulate")
def simulate(
    game: Annotated[str, typer.Argument(help="cartographers or dominaria.")],
    players: Annotated[str, typer.Option(
        help="Comma-separated bot names, one per seat (one bot: solo Cartographers).")],
    games: Annotated[int, typer.Option(help="How many games to play.")] = 100,
    seed: Annotated[int, typer.Option(help="Game i is dealt with seed S+i.")] = 0,
    preset: Annotated[str | None, typer.Option(
        help="Cartographers set-up preset (default heroes); not for Dominaria.")] = None,
    jobs: Annotated[int, typer.Option(help="Games played at once, in separate processes.")]
    = 1,
    ray: Annotated[str | None, typer.Option(
        "--ray", metavar="ADDRESS",
        help="Play the games as tasks on the Ray cluster at HOST:PORT (or auto) instead of "
        "--jobs; needs herotable[cluster] on every node.")] = None,
    seconds: Annotated[float | None, typer.Option(
        help="Every bot's budget per decision (default: each bot's own).")] = None,
    rotate: Annotated[bool, typer.Option(
        "--rotate", help="Shift the bots one seat each game so each plays every seat.")]
    = False,
    as_json: Annotated[bool, typer.Option("--json", help="Write the games as JSON.")] = False,
    as_csv: Annotated[bool, typer.Option("--csv", help="Write the games as CSV.")] = False,
    out: Annotated[Path | None, typer.Option(
        help="Write the JSON or CSV here and the summary to the screen.")] = None,
    resume: Annotated[bool, typer.Option(
        "--resume", help="With --csv --out FILE: keep the games FILE holds already (a run "
        "that was stopped) and play only the others; a larger --games extends the run.")]
    = False,
    option: Annotated[list[str] | None, typer.Option(
        "--option", help="KEY=VALUE: a set-up option for every game (side=B, hero_turns=false, "
        "two_mana=true...); repeatable. VALUE is read as JSON when it can be, else as text.")]
    = None,
    logs: Annotated[Path | None, typer.Option(
        help="Also write each game's action log to this folder as game-SEED.json, in the "
        "form the server's /api/games/ID/log answers.")] = None,
    trajectories: Annotated[Path | None, typer.Option(
        help="Also write every decision (observation, legal actions, action, scores, seed, "
        "bot) to this NumPy .npz file, for imitation learning (docs/research.md; needs the "
        "rl extra).")] = None,
) -> None:
    """Play bots against each other many times and summarise, or write every game."""
    import io

    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TimeRemainingColumn

    from herotable.simulate import (
        GameRow,
        ProgressLog,
        SimulationSpec,
        resumable_rows,
        simulate,
        summarise,
        write_csv,
    )

    if as_json and as_csv:
        raise fail("choose one of --json and --csv")
    if out is not None and not (as_json or as_csv):
        raise fail("--out needs --json or --csv to say the file's format")
    if resume and (out is None or not as_csv):
        raise fail("--resume needs --csv --out FILE: the file holds the games already played")
    if resume and (logs is not None or trajectories is not None):
        # The games already played left no logs in the CSV.
        raise fail("--resume plays only the games the file lacks, so --logs and "
                   "--trajectories would miss the others: leave them out")
    try:
        spec = SimulationSpec(game, comma_list([players]), games=games, seed=seed, preset=preset,
                              seconds=seconds, rotate=rotate, jobs=jobs,
                              options=_options(option), ray=ray)
    except HerotableError as exc:
        raise fail(str(exc)) from exc
    earlier: list[GameRow] = []
    if resume and out is not None and out.exists():
        try:
            earlier = resumable_rows(spec, out.read_text(encoding="utf-8"))
        except HerotableError as exc:
            raise fail(f"cannot resume from {out}: {exc}; resume with the run's own "
                       "settings, or write to another file") from exc
        except (OSError, UnicodeDecodeError) as exc:
            raise fail(f"cannot read {out}: {exc}") from exc
        spec = dataclasses.replace(spec, done=frozenset(row.index for row in earlier))
        err_console.print(f"resuming: {len(earlier)} games kept from {out}, "
                          f"{len(spec.pending())} to play", highlight=False)

    # --csv --out FILE: each game's line is added as it finishes (a long run, on Ray say,
    # shows its rows at once, and a stopped one keeps them, for --resume); the file is
    # written again in game order at the end. A resumed run starts it with the games kept.
    partial = None
    if as_csv and out is not None:
        try:
            partial = out.open("w", encoding="utf-8")
            write_csv(earlier, partial)
            partial.flush()
        except OSError as exc:
            raise fail(f"cannot write {out}: {exc}") from exc
    pending = len(spec.pending())
    log_progress = ProgressLog(pending) if not err_console.is_terminal and pending else None

    def on_game(row: Any) -> None:
        progress.advance(task)
        if partial is not None:
            write_csv([row], partial, header=partial.tell() == 0)
            partial.flush()
        if log_progress is not None:
            line = log_progress.game_done()
            if line:
                err_console.print(line, highlight=False)

    # The bar goes to stderr, and only on a terminal, so stdout stays clean for --json/--csv;
    # elsewhere (a log file, a Ray job's output) a plain line says how far the run is.
    with Progress("[progress.description]{task.description}", BarColumn(),
                  MofNCompleteColumn(), TimeRemainingColumn(), console=err_console,
                  transient=True, disable=not err_console.is_terminal) as progress:
        task = progress.add_task(f"{game} games", total=pending)
        try:
            rows = sorted([*earlier, *simulate(spec, on_game=on_game)],
                          key=lambda row: row.index)
        except HerotableError as exc:  # no Ray, an unreachable cluster, a mismatched node
            raise fail(str(exc)) from exc
        except KeyboardInterrupt:
            if partial is None:
                raise
            err_console.print(f"stopped: {out} keeps the games played; the same command with "
                              "--resume plays the others", highlight=False)
            raise typer.Exit(code=130) from None
        finally:
            if partial is not None:
                partial.close()

    if logs is not None:
        try:
            logs.mkdir(parents=True, exist_ok=True)
            for row in rows:
                (logs / f"game-{row.seed}.json").write_text(json.dumps(row.log) + "\n",
                                                            encoding="utf-8")
        except OSError as exc:
            raise fail(f"cannot write the logs to {logs}: {exc}") from exc

    if trajectories is not None:
        try:
            from herotable.trajectories import write_trajectories
        except ImportError as exc:
            raise fail("--trajectories needs NumPy: pip install 'herotable[rl]'") from exc
        try:
            write_trajectories(rows, trajectories)
        except OSError as exc:
            raise fail(f"cannot write {trajectories}: {exc}") from exc

    if as_json or as_csv:
        buffer = io.StringIO()
        if as_json:
            json.dump([row.to_json() for row in rows], buffer)
            buffer.write("\n")
        else:
            write_csv(rows, buffer)
        if out is None:
            typer.echo(buffer.getvalue(), nl=False)
        else:
            try:
                out.write_text(buffer.getvalue(), encoding="utf-8")
            except OSError as exc:
                raise fail(f"cannot write {out}: {exc}") from exc

    # With the games on stdout, the summary goes to stderr so the data stays clean to pipe.
    console = err_console if (as_json or as_csv) and out is None else Console()
    last = spec.seed + spec.games - 1
    console.print(f"{game}" + (f", preset {spec.preset}" if spec.preset else "")
                  + f", {spec.players} seat{'s' if spec.players > 1 else ''}"
                  + f", {spec.games} games, seeds {spec.seed}..{last}"
                  + (f", Ray cluster {spec.ray}" if spec.ray else f", jobs {spec.jobs}")
                  + "".join(f", {k}={json.dumps(v)}" for k, v in spec.options.items())
                  + (", seats rotated" if rotate else "")
                  + (f", {seconds:g} s per decision" if seconds is not None else ""),
                  highlight=False, soft_wrap=True)
    summaries = summarise(rows)
    # Scores are stars (Cartographers) or VP (Dominaria); "rating" is the solo rating's mean.
    table = Table(title="score per bot")
    table.add_column("bot", no_wrap=True)
    columns = ["games", "mean", "median", "p10", "p90"]
    # A solo player always "wins", so solo shows the rating in place of the win rate.
    columns += ["rating", "rating med"] if spec.solo else ["win %"]
    columns += ["ms/dec med"]
    for column in columns:
        table.add_column(column, justify="right")
    for line in summaries:
        cells = [line.bot, str(line.games), f"{line.score_mean:.1f}", f"{line.score_median:g}",
                 f"{line.score_p10:.1f}", f"{line.score_p90:.1f}"]
        if spec.solo:
            cells += [f"{line.rating_mean:.1f}", f"{line.rating_median:g}"]
        else:
            cells += [f"{100 * line.win_rate:.1f}"]
        cells += [f"{line.ms_per_decision_median:.3g}"]
        table.add_row(*cells)
    console.print(table)


@app.command("analyse")
def analyse_command(
    file: Annotated[Path, typer.Argument(help="A finished game: a save file or an action log "
                                              "(JSON).")],
    seat: Annotated[int, typer.Option(help="The seat to analyse, counted from 1.")],
    bot: Annotated[str, typer.Option(help="The bot that judges: strong or greedy.")]
    = "strong",
    seconds: Annotated[float | None, typer.Option(
        help="The bot's budget per decision (default: its own).")] = None,
    top: Annotated[int, typer.Option(help="How many of the biggest mistakes to list.")] = 10,
    as_json: Annotated[bool, typer.Option("--json", help="Print the whole analysis as "
                                                          "JSON.")] = False,
) -> None:
    """Judge each decision of one seat in a finished game with a bot: the move it prefers
    and what the move played was expected to cost (docs/bots.md, "Hints and analysis")."""
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TimeRemainingColumn

    from herotable.bots.analysis import analyse
    from herotable.registry import game_classes

    try:
        log = _load_log(file)
        players = game_classes()[log.game].replay(log).num_players if (
            log.game in game_classes()) else 0
        if players and not 1 <= seat <= players:
            raise fail(f"there is no seat {seat} in this {players}-player game (seats count "
                       "from 1)")
        with Progress("[progress.description]{task.description}", BarColumn(),
                      MofNCompleteColumn(), TimeRemainingColumn(), console=err_console,
                      transient=True, disable=not err_console.is_terminal) as progress:
            task = progress.add_task(f"analysing seat {seat}", total=None)

            def advance(done: int, total: int) -> None:
                progress.update(task, completed=done, total=total)

            result = analyse(log, seat - 1, bot=bot, seconds=seconds, progress=advance)
    except HerotableError as exc:
        raise fail(str(exc)) from exc
    if as_json:
        typer.echo(json.dumps(result.to_json()))
        return
    console = Console()
    unit = result.unit
    agreed = sum(1 for r in result.reviews if r.agrees)
    console.print(f"{result.game}, seat {seat}: {len(result.reviews)} decisions judged by "
                  f"{result.bot} ({result.seconds:g} s each); it agrees with {agreed}; "
                  f"expected {unit} given away: {result.total_loss:.1f}", highlight=False,
                  soft_wrap=True)
    table = Table(title=f"biggest mistakes ({unit})")
    table.add_column("step", justify="right")
    table.add_column("played")
    table.add_column("value", justify="right")
    table.add_column(f"{result.bot} prefers")
    table.add_column("value", justify="right")
    table.add_column("loss", justify="right")
    shown = [item for item in result.mistakes(top) if item.loss > 0]
    if not shown:
        console.print(f"{result.bot} finds no move it prefers to the ones played")
        return
    for item in shown:
        table.add_row(str(item.step), item.played, f"{item.played_value:.1f}",
                      item.best, f"{item.best_value:.1f}",
                      f"{item.loss:.1f}")
    console.print(table)


def _load_log(path: Path) -> Any:
    """The action log of a save file (checked as ``play --load`` checks it) or of a file
    holding just a log."""
    from herotable.core.game import ActionLog
    from herotable.core.saves import load_game
    from herotable.registry import game_classes

    try:
        document = json.loads(path.read_text(encoding="utf-8"))
    except OSError as exc:
        raise fail(f"cannot read {path}: {exc.strerror}") from exc
    except (UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise fail(f"{path} is not a JSON file: {exc}") from exc
    if isinstance(document, dict) and document.get("format") == "herotable-save":
        return load_game(path, game_classes()).log
    return ActionLog.from_json(document)


@cartographers_app.command("replay")
def cartographers_replay(
    save: Annotated[Path, typer.Argument(help="A saved Cartographers game.")],
    language: LanguageOption = None,
) -> None:
    """Step through a saved game: n next, b back, season N, step N, map N (any player's)."""
    from herotable.cartographers.game import CartographersGame
    from herotable.terminal.cartographers.replay import replay_cartographers

    said = _terminal_language(language)
    try:
        game = _load(save, "cartographers").game
    except HerotableError as exc:
        raise fail(str(exc)) from exc
    assert isinstance(game, CartographersGame)
    replay_cartographers(game, language=said)


@dominaria_app.command("replay")
def dominaria_replay(
    save: Annotated[Path, typer.Argument(help="A saved Heroes of Dominaria game.")],
    language: LanguageOption = None,
) -> None:
    """Step through a saved game as a spectator: n next, b back, round N, step N."""
    from herotable.dominaria.game import DominariaGame
    from herotable.terminal.dominaria.replay import replay_dominaria

    said = _terminal_language(language)
    try:
        game = _load(save, "dominaria").game
    except HerotableError as exc:
        raise fail(str(exc)) from exc
    assert isinstance(game, DominariaGame)
    replay_dominaria(game, language=said)


def main() -> None:
    app()


if __name__ == "__main__":
    main()
