"""Measure the balance of the Heroes of Dominaria data pack with bots, for
``docs/dominaria-data.md``: where the VP come from and how much of the winner's margin, how
often games are blowouts, which seat wins, how each quest, public quest and artifact plays,
how often the mana supply runs short, how much of the Cabal reaches the map.

The games are those of ``herotable simulate dominaria --players strong,strong --games N
--seed S --seconds B --rotate --jobs J`` (the same deal, seeds and bots: the module plays
them with :func:`herotable.simulate.simulate`, in ``J`` processes), then each game's log is
replayed to read what happened turn by turn. A bot's budget counts work units, never the
clock (:class:`herotable.bots.base.Allowance`), so a run gives the same figures on any
machine and with any ``--jobs``. Run from the repository root, at low priority::

    nice -n 19 python tools/dominaria_balance.py --bot strong --seconds 0.2 --games 64 \\
        --jobs 2 [--players 2 3 4] [--data DIR]
    nice -n 19 python tools/dominaria_balance.py --strength 0.2 0.8 --games 16

The first prints Markdown tables, one column per player count; every share comes with its
standard error (``±``) over games. The second plays two budgets of ``strong`` against each
other in 2-player games (each budget in each seat in turn) and prints the win shares.
"""

from __future__ import annotations

import argparse
import math
from collections import Counter, defaultdict
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from herotable.bots.match import play_match
from herotable.bots.registry import make_bot
from herotable.core.game import win_shares
from herotable.dominaria.config import DominariaConfig
from herotable.dominaria.game import DominariaGame
from herotable.dominaria.pack import CABAL_TOKENS, Pack
from herotable.simulate import GameRow, SimulationSpec, simulate

SOURCES = ("heroes", "manaliths", "leylines", "cabal", "artifacts", "accomplished", "public",
           "turn_order")
LABELS = {"accomplished": "quest cards and counted artifacts", "public": "public quests",
          "turn_order": "turn order"}
BLOWOUT = 0.6  # a blowout: the runner-up scores under this share of the winner's VP


# ---------------------------------------------------------------- statistics


def ratio(xs: Sequence[float], ys: Sequence[float]) -> tuple[float, float]:
    """Σx / Σy over games and its standard error (the delta method: games are the
    independent units, so a share pooled over games gets an honest error bar)."""
    n, total = len(xs), sum(ys)
    if not total:
        return 0.0, 0.0
    r = sum(xs) / total
    if n < 2:
        return r, 0.0
    spread = sum((x - r * y) ** 2 for x, y in zip(xs, ys, strict=True)) / (n - 1)
    return r, math.sqrt(spread / n) / (total / n)


def pct(xs: Sequence[float], ys: Sequence[float] | None = None) -> str:
    """A share in per cent with its standard error; ``ys`` default to ones (a proportion)."""
    r, se = ratio(xs, ys if ys is not None else [1.0] * len(xs))
    return f"{100 * r:.0f}% ± {100 * se:.0f}"


def mean(xs: Sequence[float], digits: int = 1) -> str:
    r, se = ratio(xs, [1.0] * len(xs))
    return f"{r:.{digits}f} ± {se:.{digits}f}"


# ---------------------------------------------------------------- one game, read


@dataclass
class Held:
    """One quest card in one player's hands: the turns (counted over the whole table from 1;
    0 is the set-up) it was kept, started and completed."""

    quest: str
    kept: int
    setup: bool
    started: int | None = None
    completed: int | None = None


@dataclass
class GameRecord:
    """What the tables need of one game."""

    players: int
    first: int
    parts: list[dict[str, int]]  # each seat's score by source, with "total"
    wins: list[float]  # each seat's share of the win (ties shared)
    ranked: list[int]  # seats best first, as the standings rank them
    held: list[Held] = field(default_factory=list)
    offered: Counter[str] = field(default_factory=Counter)  # quests looked at
    artifacts: Counter[str] = field(default_factory=Counter)  # artifacts kept
    uses: Counter[str] = field(default_factory=Counter)  # artifact abilities used
    most_in_a_turn: int = 0  # the most quest cards completed in one turn
    claims: dict[str, int] = field(default_factory=dict)  # public quest -> tiles taken
    short_turns: int = 0
    cabal_placed: int = 0
    pieces: Counter[str] = field(default_factory=Counter)  # summed over the players


def read_game(row: GameRow) -> GameRecord:
    """Replay ``row``'s log, watching every action, and sum up the game."""
    game = DominariaGame.replay({**row.log, "actions": []})
    turn, done_this_turn = 0, Counter[int]()
    seen: dict[tuple[int, str], Held] = {}
    record = GameRecord(game.num_players, 0, [], [], [])
    for seat, text in row.log["actions"]:
        state = game.players[seat]
        shown = state.choice.cards if state.choice else []
        had = set(state.hand) | set(state.started)
        for event in game.apply(seat, text):
            kind = event["type"]
            if kind == "dominaria":
                turn += 1
            elif kind == "quest":  # a keep: the cards looked at, the ones now in hand
                record.offered.update(shown)
                for quest in set(state.hand) - had:
                    seen[(seat, quest)] = Held(quest, turn, setup=turn == 0)
            elif kind == "start":
                seen[(seat, event["quest"])].started = turn
            elif kind == "complete":
                seen[(seat, event["quest"])].completed = turn
                done_this_turn[turn] += 1
            elif kind == "artifact":
                record.artifacts[event["artifact"]] += 1
            elif kind == "use":
                record.uses[event["artifact"]] += 1
    # The mana phases short of a colour (or several: one short phase).
    record.short_turns = sum(e["type"] == "dominaria" and nxt["type"] == "shortage"
                             for e, nxt in zip(game.events, game.events[1:], strict=False))
    record.first = game.first or 0
    record.parts = game.scores()
    standings = game.standings()
    record.ranked = [s.player for s in standings]
    record.wins = [float(w) for w in win_shares(sorted(standings, key=lambda s: s.player))]
    record.held = list(seen.values())
    record.most_in_a_turn = max(done_this_turn.values(), default=0)
    record.claims = {q: len(c) for q, c in game.claims.items()}
    record.cabal_placed = CABAL_TOKENS - game.cabal_supply
    for state in game.players:
        record.pieces.update({
            "Heroes recruited": 3 - state.heroes_on_track,
            "Manaliths": len(state.manaliths),
            "Leylines": len(state.leylines),
            "Cabal defeated": state.cabal,
            "quest cards completed": state.completed,
            "artifacts kept": state.discovered,
        })
    return record


def measure(players: int, games: int, seed: int, bot: str, seconds: float | None,
            data: str | None, jobs: int) -> list[GameRecord]:
    spec = SimulationSpec("dominaria", [bot] * players, games=games, seed=seed,
                          seconds=seconds, rotate=True, jobs=jobs,
                          options={"data": data} if data else {})
    return [read_game(row) for row in simulate(spec)]


# ---------------------------------------------------------------- the tables


def table(title: str, rows: list[tuple[str, list[str]]], heads: list[str]) -> str:
    lines = [f"| {title} | " + " | ".join(heads) + " |", "|---|" + "---:|" * len(heads)]
    lines += [f"| {name} | " + " | ".join(cells) + " |" for name, cells in rows]
    return "\n".join(lines)


def game_rows(runs: list[list[GameRecord]]) -> list[tuple[str, list[str]]]:
    def per_run(fn: Callable[[list[GameRecord]], str]) -> list[str]:
        return [fn(run) for run in runs]

    def top(run: list[GameRecord], place: int) -> list[float]:
        return [g.parts[g.ranked[place]]["total"] for g in run]

    def blowout(g: GameRecord) -> float:
        best, second = (g.parts[s]["total"] for s in g.ranked[:2])
        return float(second < BLOWOUT * best)

    mid = [[h for g in run for h in g.held if not h.setup] for run in runs]
    started = [[h for g in run for h in g.held if h.started is not None] for run in runs]
    return [
        ("games", [str(len(run)) for run in runs]),
        ("winner's VP", per_run(lambda run: mean(top(run, 0)))),
        ("runner-up's VP", per_run(lambda run: mean(top(run, 1)))),
        (f"blowouts (runner-up under {BLOWOUT:.0%} of the winner)",
         per_run(lambda run: pct([blowout(g) for g in run]))),
        ("quest cards drawn in play and completed in that turn",
         [pct([float(h.completed == h.kept) for h in hs]) if hs else "-" for hs in mid]),
        ("start quests started and completed in one turn",
         [pct([float(h.completed == h.started) for h in hs]) if hs else "-" for hs in started]),
        ("most quest cards completed in one turn (mean of games; the most)",
         per_run(lambda run: f"{mean([g.most_in_a_turn for g in run])}; "
                             f"{max(g.most_in_a_turn for g in run)}")),
    ]


def report(runs: list[list[GameRecord]], pack: Pack) -> str:
    heads = [f"{run[0].players} players" for run in runs]
    totals = [[float(sum(p["total"] for p in g.parts)) for g in run] for run in runs]
    vp_rows = [(LABELS.get(k, k), [
        f"{sum(sum(p[k] for p in g.parts) for g in run) / (len(run) * run[0].players):.1f} "
        f"({pct([sum(p[k] for p in g.parts) for g in run], tot)})"
        for run, tot in zip(runs, totals, strict=True)]) for k in SOURCES]
    vp_rows.append(("total", [mean([t / run[0].players for t in tot])
                              for run, tot in zip(runs, totals, strict=True)]))
    margin_rows = []
    for k in (*SOURCES, "total"):
        cells = []
        for run in runs:
            lead = [g.parts[g.ranked[0]][k] - g.parts[g.ranked[1]][k] for g in run]
            margin = [g.parts[g.ranked[0]]["total"] - g.parts[g.ranked[1]]["total"]
                      for g in run]
            cells.append(mean(lead) if k == "total" else pct(lead, margin))
        margin_rows.append((LABELS.get(k, k) if k != "total" else "the margin, VP", cells))
    seat_rows = [(f"{place + 1}. in turn order", [
        pct([g.wins[(g.first + place) % g.players] for g in run]) if place < run[0].players
        else "" for run in runs]) for place in range(max(len(r[0].wins) for r in runs))]
    quest_rows = []
    for quest in pack.quests.values():
        cells = []
        for run in runs:
            held = [h for g in run for h in g.held if h.quest == quest.id]
            done = [h for h in held if h.completed is not None]
            # At once: a start quest in the turn it was started, another in the turn it
            # was drawn (never a set-up quest: those wait for their holder's first turn).
            at_once = [h for h in done if h.completed == h.started] if quest.needs_start \
                else [h for h in done if not h.setup and h.completed == h.kept]
            cells.append(f"{len(held) / len(run):.2f} · "
                         f"{100 * len(done) / len(held):.0f}% · {len(at_once)}"
                         if held else "0")
        name = f"{quest.name} ({quest.vp}{', start' if quest.needs_start else ''})"
        quest_rows.append((name, cells))
    claim_rows = [(q.name, [
        f"{mean([g.claims[q.id] for g in run], 2)} (both {pct([g.claims[q.id] == 2 for g in run])},"
        f" none {pct([g.claims[q.id] == 0 for g in run])})" for run in runs])
        for q in pack.public_quests.values()]
    kinds: dict[str, list[str]] = defaultdict(list)
    for artifact in pack.artifacts.values():
        kinds[artifact.ability.kind].append(artifact.id)
    kind_rows = []
    for kind, ids in kinds.items():
        cells = []
        for run in runs:
            kept = [sum(g.artifacts[a] for a in ids) for g in run]
            vp = [sum(g.artifacts[a] * pack.artifacts[a].vp for a in ids) / g.players
                  for g in run]
            cells.append(f"{mean(kept, 2)} · {mean(vp, 2)}")
        kind_rows.append((f"{kind} ({len(ids)})", cells))
    artifact_rows = [(f"{a.name} ({a.ability.kind}, {a.vp})", [
        f"{sum(g.artifacts[a.id] for g in run) / len(run):.2f}"
        + (f" · {sum(g.uses[a.id] for g in run) / len(run):.1f}"
           if a.ability.kind == "turn" else "") for run in runs])
        for a in pack.artifacts.values()]
    supply_rows = [
        ("games with a short mana phase", [pct([float(g.short_turns > 0) for g in run])
                                           for run in runs]),
        ("short mana phases per game", [mean([g.short_turns for g in run], 2) for run in runs]),
        ("Cabal tokens placed per game", [mean([g.cabal_placed for g in run]) for run in runs]),
    ]
    piece_rows = [(k, [f"{sum(g.pieces[k] for g in run) / (len(run) * run[0].players):.2f}"
                       for run in runs]) for k in runs[0][0].pieces]
    return "\n\n".join([
        table("the games", game_rows(runs), heads),
        table("VP per player (share of all VP)", vp_rows, heads),
        table("share of the winner's margin over the runner-up", margin_rows, heads),
        table("wins (ties shared)", seat_rows, heads),
        table("quest (VP): kept per game · completed · completed at once", quest_rows, heads),
        table("public quest: tiles taken per game", claim_rows, heads),
        table("artifact kind (cards): kept per game · VP per player", kind_rows, heads),
        table("artifact (kind, VP): kept per game · uses per game", artifact_rows, heads),
        table("mana supply and Cabal", supply_rows, heads),
        table("per player, at the end", piece_rows, heads),
    ])


# ---------------------------------------------------------------- a budget's strength


def strength(budgets: Sequence[float], games: int, seed: int) -> str:
    """2-player games of ``strong`` at the two budgets, each budget in each seat in turn:
    the win share of each (ties shared) with its standard error."""
    wins: list[list[float]] = [[], []]
    for index in range(games):
        game = DominariaGame(DominariaConfig(players=2), seed + index)
        order = [index % 2, 1 - index % 2]  # order[seat] is the budget playing that seat
        play_match(game, [make_bot("dominaria", "strong", seconds=budgets[b]) for b in order])
        shares = win_shares(sorted(game.standings(), key=lambda s: s.player))
        for seat, b in enumerate(order):
            wins[b].append(float(shares[seat]))
    return "\n".join(f"strong {b} s: wins {pct(w)} of {games} games"
                     for b, w in zip(budgets, wins, strict=True))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--bot", default="greedy")
    parser.add_argument("--seconds", type=float, default=None,
                        help="the bots' budget per decision (default: each bot's own)")
    parser.add_argument("--players", type=int, nargs="+", default=[2, 3, 4])
    parser.add_argument("--jobs", type=int, default=1, help="processes playing at once")
    parser.add_argument("--data", default=None, help="an edited data pack directory")
    parser.add_argument("--strength", type=float, nargs=2, metavar="SECONDS",
                        help="instead: two budgets of strong against each other")
    args = parser.parse_args()
    if args.strength:
        print(strength(args.strength, args.games, args.seed))
        return
    runs = [measure(players, args.games, args.seed, args.bot, args.seconds, args.data,
                    args.jobs) for players in args.players]
    print(report(runs, DominariaConfig(data=args.data).pack()))


if __name__ == "__main__":
    main()
