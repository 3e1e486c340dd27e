"""The page renders what the engine computed and computes no rule itself: no JavaScript module
adds up scores, ranks players, rates a solo game or picks its title, digs winners out of the
event log, guesses a catalogue entry's kind or keeps its own copy of the map notation, the coin
track or the terrain palette; each game's action notation is written and read in one
module."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import herotable

STATIC = Path(herotable.__file__).parent / "web" / "static"

# What each pattern gives away, and what the page reads instead.
RULES = {
    r"\.reduce\(": "adds a list up (totals, stars, losses): the view or the API sends the sum",
    r"\btotals\b": "ranks by totals: the view sends its standings",
    # A card's solo value is read off a card or a catalogue entry; a game's or a paper table's
    # `solo` flag, and message keys such as 'paper_table.solo.title', are no such value.
    r"(\)|\b(card|entry|info|c))\.solo\b":
        "reads a card's solo value: the view sends the solo par and rating",
    r"titleFor|\.threshold\b|\btitle\.min\b": "picks a solo title: the view sends it",
    r"type === 'game_over'": "reads the winners from the event log: the view sends winners",
    r"/ruins/\.test|\bin entry\b": "guesses a catalogue entry's kind: each entry has its kind",
    r"'\^'\s*:|\bCOIN_TRACK\s*=": "copies the map notation or the coin track (in the catalogue)",
}
# The terrain palette is named once, in style.css; the Dominaria seats have colours of their own.
PALETTE = r"#(009E73|D55E00|F0E442|56B4E9|CC79A7|E69F00)\b"
# Writing an action in the notation, and reading one: only each game's notation module does.
# The verbs are both games' (docs/cartographers.md, docs/dominaria.md); ``('end')`` is
# Dominaria's one action without arguments.
VERBS = ("draw|monster|hero|destroy|place|move|keep|use|start|complete|collect|recruit"
         "|discover|confront|manalith|leyline")
NOTATION = rf"`({VERBS}) \$\{{|\bpay \$\{{|\.split\(' '\)|\('end'\)"


def scripts() -> list[Path]:
    return sorted(p for p in STATIC.rglob("*.js") if "vendor" not in p.parts)


def rule_breaches(source: str) -> list[str]:
    return [why for pattern, why in RULES.items() if re.search(pattern, source)]


def test_the_scanner_catches_the_computations_the_page_once_made() -> None:
    """Lines the page's score table, catalogue index and Dominaria standings held before the
    view carried the results."""
    old = {
        "const totals = view.scores.map((rows) => rows.reduce((a, r) => a + r.total, 0));",
        "const par = view.scoring.reduce((a, id) => a + ((catalog.card(id) || {}).solo || 0), 0);",
        "const title = catalog.titleFor(rating);",
        "const over = (view.recent || []).filter((e) => e.type === 'game_over').pop();",
        "if (entry.kind === 'ruins' || /ruins/.test(entry.id)) return 'ruins';",
        "if ('threshold' in entry) return 'title';",
        "'.': ['empty', false], r: ['empty', true], '^': ['mountain', false],",
        "const COIN_TRACK = 14;",
    }
    for line in old:
        assert rule_breaches(line), line
    assert not rule_breaches("view.solo && html`${view.solo.rating}`")


@pytest.mark.parametrize("path", scripts(), ids=lambda p: str(p.relative_to(STATIC)))
def test_no_script_computes_a_result_or_copies_engine_data(path: Path) -> None:
    source = path.read_text("utf-8")
    assert rule_breaches(source) == []
    if path.parent.name == "cartographers":
        assert not re.search(PALETTE, source, re.IGNORECASE), "the palette is in style.css"


@pytest.mark.parametrize("game", ["cartographers", "dominaria"])
def test_only_the_notation_module_writes_or_reads_a_games_actions(game: str) -> None:
    writers = [p.name for p in (STATIC / game).glob("*.js")
               if re.search(NOTATION, p.read_text("utf-8"))]
    assert writers == ["notation.js"]
    # The pattern knows the forms the page once used.
    assert re.search(NOTATION, "send(`${pending.text} pay ${pay.join(' ')}`)")
    assert re.search(NOTATION, "const [verb, ...args] = text.split(' ');")
    for line in (
        "if (placing) { if (legal.has(`place ${loc}`)) send(`place ${loc}`); return; }",
        "if (await send(`move ${selected} ${loc}`)) setSelected(loc);",
        "disabled=${busy || !legal.has('end')} onClick=${() => send('end')}>",
        "if (!setup) { if (legal.has(`keep ${id}`)) onAction(`keep ${id}`); return; }",
        "const action = pair.length === 2 ? `keep ${pair.join(' ')}` : null;",
        "const use = `use ${id}`;",
        "if (legal.has(`start ${id}`)) list.push([`start ${id}`, t('dom.do.start_short')]);",
        "const a = `draw ${terrain} ${cells}`;",
    ):
        assert re.search(NOTATION, line), line
    # Class names and catalogue keys built from a word are not actions.
    assert not re.search(NOTATION, "class=${`ability ${mode === verb ? 'on' : ''}`}")
    assert not re.search(NOTATION, "t(`dom.ability.${verb}`)")
