"""The front ends use the engines' public API only: no private name of an engine is imported
or read from outside it (the bots, the simulator, the bench and the terminals), and the
terminals draw from a seat's view rather than the game's state."""

from __future__ import annotations

import ast
from pathlib import Path

import herotable

ROOT = Path(herotable.__file__).parent
FRONT_ENDS = [ROOT / "bots", ROOT / "simulate.py", ROOT / "bench", ROOT / "registry.py",
              ROOT / "terminal", ROOT / "server"]
ENGINES = ("herotable.cartographers", "herotable.dominaria", "herotable.core")


def python_files() -> list[Path]:
    files: list[Path] = []
    for place in FRONT_ENDS:
        files += sorted(place.rglob("*.py")) if place.is_dir() else [place]
    return files


def private_uses(path: Path) -> list[str]:
    """``from engine import _x`` and ``something._x`` outside ``self``/``cls``."""
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and (node.module or "").startswith(ENGINES):
            found += [f"imports {alias.name}" for alias in node.names
                      if alias.name.startswith("_")]
        elif (isinstance(node, ast.Attribute) and node.attr.startswith("_")
              and not node.attr.startswith("__")
              and not (isinstance(node.value, ast.Name) and node.value.id in ("self", "cls"))):
            found.append(f"reads .{node.attr} (line {node.lineno})")
    return found


def test_front_ends_use_no_private_engine_names() -> None:
    offenders = {str(p.relative_to(ROOT)): uses for p in python_files()
                 if (uses := private_uses(p))}
    assert offenders == {}


def test_the_checker_sees_a_private_read(tmp_path: Path) -> None:
    sample = tmp_path / "sample.py"
    sample.write_text("from herotable.cartographers.game import _is_int\n"
                      "def f(game):\n    return game._advance()\n", encoding="utf-8")
    assert private_uses(sample) == ["imports _is_int", "reads ._advance (line 3)"]


def test_the_readme_example_uses_the_entry_point() -> None:
    readme = (ROOT.parent / "README.md").read_text(encoding="utf-8")
    example = readme[readme.index("## From Python"):].split("```python")[1].split("```")[0]
    assert "herotable.new_game(" in example
    exec(compile(example, "README example", "exec"), {})


# The terminals draw from a seat's view and its legal actions: the game's own state (the
# maps, the players' boards with their hidden hands, pending decisions, the pack, the decks)
# is read through ``game.view(seat)``, never straight off the game.
GAME_STATE = frozenset({"players", "sheets", "pending", "pack", "deck", "quest_deck",
                        "artifact_deck", "hero_deck", "ambush_deck"})
VIEW_ONLY = [ROOT / "terminal"]


def game_state_reads(path: Path) -> list[str]:
    """``game.players``, ``self.game.sheets`` and the like."""
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if not (isinstance(node, ast.Attribute) and node.attr in GAME_STATE):
            continue
        owner = node.value
        if (isinstance(owner, ast.Name) and owner.id == "game") or (
                isinstance(owner, ast.Attribute) and owner.attr == "game"):
            found.append(f"reads game.{node.attr} (line {node.lineno})")
    return found


def test_terminals_draw_from_views_not_the_games_state() -> None:
    offenders = {str(p.relative_to(ROOT)): uses for place in VIEW_ONLY
                 for p in sorted(place.rglob("*.py")) if (uses := game_state_reads(p))}
    assert offenders == {}


def test_the_view_checker_sees_a_state_read(tmp_path: Path) -> None:
    sample = tmp_path / "sample.py"
    sample.write_text("def f(game, self):\n    return game.players[0].hand, self.game.pack,"
                      " view.players\n", encoding="utf-8")
    assert sorted(game_state_reads(sample)) == ["reads game.pack (line 2)",
                                                "reads game.players (line 2)"]
