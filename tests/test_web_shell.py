"""The web page's shell names no game: only games.js imports a game's folder, every game the
server plays has its entry there, and no file imports the vendored Preact and htm by path
(the page's import map names them)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from herotable.registry import game_names

STATIC = Path(__file__).resolve().parent.parent / "herotable" / "web" / "static"
IMPORT = re.compile(r"""^\s*import\b[^;]*?\bfrom\s+['"]([^'"]+)['"]""", re.M)
SHELL = sorted(p for p in STATIC.glob("*.js") if p.name != "games.js")
OWN = sorted(p for p in STATIC.rglob("*.js") if "vendor" not in p.parts)


def imports(path: Path) -> list[str]:
    return IMPORT.findall(path.read_text("utf-8"))


def test_the_import_reader_sees_imports() -> None:
    assert "./cartographers/table.js" in imports(STATIC / "games.js")
    assert "preact/hooks" in imports(STATIC / "game.js")


@pytest.mark.parametrize("path", SHELL, ids=lambda p: p.name)
def test_the_shell_imports_no_game_folder(path: Path) -> None:
    into_folders = [m for m in imports(path) if re.match(r"\./[^/]+/", m)]
    assert into_folders == []
    assert "import(" not in path.read_text("utf-8")  # nor loads one by a built name


@pytest.mark.parametrize("path", OWN, ids=lambda p: str(p.relative_to(STATIC)))
def test_no_file_imports_the_vendored_files_by_path(path: Path) -> None:
    assert [m for m in imports(path) if "vendor" in m] == []


def test_every_game_has_its_entry_and_folder() -> None:
    source = (STATIC / "games.js").read_text("utf-8")
    entries = re.search(r"^const GAMES = \{\n(.*?)^\};", source, re.M | re.S)
    assert entries
    assert set(re.findall(r"^  (\w+): \{", entries.group(1), re.M)) == set(game_names())
    for name in game_names():
        assert (STATIC / name / "table.js").is_file()
