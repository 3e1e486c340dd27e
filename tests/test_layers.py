"""The rules packages stand on ``herotable.core`` alone: each game imports only ``core``, the
standard library and its own modules, and ``core`` imports no game, so nothing above the
engines (the registry, the bots, a front end) can become part of a game, even through a cycle
that ``importlib`` would hide."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import pytest

import herotable

ROOT = Path(herotable.__file__).parent
# Each package, and the herotable packages it may import besides itself.
LAYERS = {
    "herotable.cartographers": ("herotable.core",),
    "herotable.dominaria": ("herotable.core",),
    "herotable.core": (),
}


def imported_modules(path: Path, package: str) -> set[str]:
    """Every module a file imports, relative imports resolved against ``package``."""
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.rsplit(".", node.level - 1)[0] if node.level > 1 else package
                found.add(f"{base}.{node.module}" if node.module else base)
            else:
                found.add(node.module or "")
    return found


def foreign_imports(path: Path, package: str, allowed: tuple[str, ...]) -> list[str]:
    """The imports of ``path`` (a module of ``package``) that are neither the standard
    library nor in one of the ``allowed`` packages."""
    return sorted(module for module in imported_modules(path, package)
                  if module.split(".")[0] not in sys.stdlib_module_names
                  and not any(module == p or module.startswith(p + ".") for p in allowed))


@pytest.mark.parametrize("package", list(LAYERS))
def test_each_rules_package_imports_only_core_and_the_standard_library(package: str) -> None:
    folder = ROOT.parent / package.replace(".", "/")
    files = sorted(folder.rglob("*.py"))
    assert len(files) > 3
    allowed = (package, *LAYERS[package])
    offenders = {str(path.relative_to(ROOT)): found for path in files
                 if (found := foreign_imports(path, _package_of(path), allowed))}
    assert offenders == {}


def _package_of(path: Path) -> str:
    """The dotted package a module file belongs to (its folder)."""
    return ".".join(path.relative_to(ROOT.parent).parent.parts)


def test_the_checker_sees_an_import_from_above(tmp_path: Path) -> None:
    sample = tmp_path / "sample.py"
    sample.write_text("import json\nimport herotable.registry\nfrom herotable.bots import x\n"
                      "from herotable.core.game import Game\nfrom . import cards\n"
                      "from ..core import rng\nimport numpy\n", encoding="utf-8")
    allowed = ("herotable.cartographers", "herotable.core")
    assert foreign_imports(sample, "herotable.cartographers", allowed) == [
        "herotable.bots", "herotable.registry", "numpy"]


def test_loading_both_games_loads_nothing_above_them() -> None:
    """What actually runs, beside what the files say: importing both games' descriptions
    (which pull in their engines) brings in no herotable module outside them and core."""
    code = ("import sys, herotable.cartographers.options, herotable.dominaria.options\n"
            "print('\\n'.join(m for m in sys.modules if m.startswith('herotable')))")
    loaded = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                            check=True, cwd=ROOT.parent).stdout.split()
    assert "herotable.cartographers.game" in loaded and "herotable.dominaria.game" in loaded
    assert [m for m in loaded if not m.startswith(tuple(LAYERS)) and m != "herotable"] == []
