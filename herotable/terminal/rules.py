"""A game's rules reference in a terminal: the sections with their entries' titles, or the
entries a query finds, in full (herotable/rulebook)."""

from __future__ import annotations

from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.text import Text

from herotable import rulebook
from herotable.messages import say
from herotable.rulebook import RuleEntry
from herotable.terminal.words import colon


def rules_view(game: str, language: str, query: str | None = None) -> RenderableType:
    """No query: every section, each with the titles of its entries. A query: the entries it
    finds (``rulebook.find``), each in full, or one line saying nothing matches."""
    if query and query.strip():
        found = rulebook.find(game, language, query)
        if not found:
            return Text(say(language, "rulebook.common.nothing", query=query.strip()))
        return Group(*(_entry_panel(game, entry, language) for entry in found))
    entries = rulebook.entries(game, language)
    parts: list[RenderableType] = [Text(say(language, "rulebook.common.title"), style="bold")]
    for section, title in rulebook.sections(game, language):
        parts.append(Text(f"\n{title}", style="bold underline"))
        parts += [Text(f"  {entry.title}") for entry in entries if entry.section == section]
    return Group(*parts)


def _entry_panel(game: str, entry: RuleEntry, language: str) -> Panel:
    body = Text(entry.text)
    if entry.see_also:
        titles = {e.id: e.title for e in rulebook.entries(game, language)}
        said = ", ".join(titles.get(key, key) for key in entry.see_also)
        label = say(language, "rulebook.common.see_also") + colon(language)
        body.append(f"\n\n{label} {said}", style="dim")
    return Panel(body, title=Text(entry.title, style="bold"), title_align="left", expand=False)
