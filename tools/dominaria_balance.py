"""Measure the balance of the Heroes of Dominaria data pack with bots, for
``docs/dominaria-data.md``: where the VP come from, how often each public quest is taken,
how often the mana supply runs short, how much of the Cabal reaches the map.

Games are dealt and the bots seeded exactly as ``herotable simulate dominaria --players
greedy,greedy --games N --seed S --rotate`` deals and seeds them, so each game's totals match
that command's. Run from the repository root::

    python tools/dominaria_balance.py --games 40 --seed 1 [--bot greedy] [--data DIR]

It prints Markdown tables, one column per player count (2, 3 and 4 players).
"""

from __future__ import annotations

import argparse
from collections import Counter
from dataclasses import dataclass, field

from herotable.bots.match import play_match
from herotable.bots.registry import make_bot
from herotable.dominaria.config import DominariaConfig
from herotable.dominaria.game import DominariaGame
from herotable.dominaria.pack import CABAL_TOKENS
from herotable.simulate import SimulationSpec

SOURCES = ("heroes", "manaliths", "leylines", "cabal", "artifacts", "accomplished", "public")
LABELS = {"accomplished": "quest cards and counted artifacts", "public": "public quests"}


@dataclass
class Tally:
    """Sums over the games of one player count."""

    players: int
    games: int = 0
    vp: Counter[str] = field(default_factory=Counter)
    claims: Counter[str] = field(default_factory=Counter)  # public quest -> tiles claimed
    both: Counter[str] = field(default_factory=Counter)  # public quest -> games both went
    short_games: int = 0
    short_turns: int = 0
    cabal_placed: int = 0
    pieces: Counter[str] = field(default_factory=Counter)  # what players built or won

    def add(self, game: DominariaGame) -> None:
        self.games += 1
        for parts in game.scores():
            self.vp.update({k: parts[k] for k in SOURCES})
        for quest, claimed in game.claims.items():
            self.claims[quest] += len(claimed)
            self.both[quest] += len(claimed) == 2
        # A mana phase the supply could not cover says so after its card, colour by colour.
        turn, shorts = 0, set()
        for event in game.events:
            turn += event["type"] == "dominaria"
            if event["type"] == "shortage":
                shorts.add(turn)
        self.short_turns += len(shorts)
        self.short_games += bool(shorts)
        self.cabal_placed += CABAL_TOKENS - game.cabal_supply
        for state in game.players:
            self.pieces.update({
                "Heroes recruited": 3 - state.heroes_on_track,
                "Manaliths": len(state.manaliths),
                "Leylines": len(state.leylines),
                "Cabal defeated": state.cabal,
                "quest cards completed": state.completed,
                "artifacts kept": state.discovered,
            })

    def per_player(self, value: int) -> float:
        return value / (self.games * self.players)


def measure(players: int, games: int, seed: int, bot: str, data: str | None) -> Tally:
    spec = SimulationSpec("dominaria", [bot] * players, games=games, seed=seed, rotate=True)
    tally = Tally(players)
    for index in range(games):
        game = DominariaGame(DominariaConfig(players=players, data=data),
                             spec.game_seed(index))
        bots = [make_bot("dominaria", name) for name in spec.seating(index)]
        play_match(game, bots)
        tally.add(game)
    return tally


def table(title: str, rows: list[tuple[str, list[str]]], tallies: list[Tally]) -> str:
    head = f"| {title} | " + " | ".join(f"{t.players} players" for t in tallies) + " |"
    lines = [head, "|---|" + "---:|" * len(tallies)]
    lines += [f"| {name} | " + " | ".join(cells) + " |" for name, cells in rows]
    return "\n".join(lines)


def report(tallies: list[Tally]) -> str:
    totals = [sum(t.vp.values()) for t in tallies]
    vp_rows = [(LABELS.get(k, k), [f"{t.per_player(t.vp[k]):.1f} ({100 * t.vp[k] / total:.0f}%)"
                                   for t, total in zip(tallies, totals, strict=True)])
               for k in SOURCES]
    vp_rows.append(("total", [f"{t.per_player(total):.1f}"
                              for t, total in zip(tallies, totals, strict=True)]))
    quests = list(tallies[0].claims)
    claim_rows = [(q, [f"{t.claims[q] / t.games:.2f} ({100 * t.both[q] / t.games:.0f}%)"
                       for t in tallies]) for q in quests]
    supply_rows = [
        ("games with a short mana phase", [f"{100 * t.short_games / t.games:.0f}%"
                                           for t in tallies]),
        ("short mana phases per game", [f"{t.short_turns / t.games:.2f}" for t in tallies]),
        ("Cabal tokens placed per game", [f"{t.cabal_placed / t.games:.1f}" for t in tallies]),
    ]
    piece_rows = [(k, [f"{t.per_player(t.pieces[k]):.2f}" for t in tallies])
                  for k in tallies[0].pieces]
    return "\n\n".join([
        table("VP per player (share)", vp_rows, tallies),
        table("public quest: tiles claimed per game (games both tiles went)", claim_rows,
              tallies),
        table("mana supply and Cabal", supply_rows, tallies),
        table("per player, at the end", piece_rows, tallies),
    ])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--bot", default="greedy")
    parser.add_argument("--data", default=None, help="an edited data pack directory")
    args = parser.parse_args()
    tallies = [measure(players, args.games, args.seed, args.bot, args.data)
               for players in (2, 3, 4)]
    print(report(tallies))


if __name__ == "__main__":
    main()
