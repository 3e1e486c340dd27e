"""Each language the page offers, end to end: the lobby switched to it, then a Cartographers
solo game and a Heroes of Dominaria game against a bot, a move played in each through the
page; on every page html[lang] is the language's code and no text shown is an English
message that the language translates otherwise. Runs for every catalogue but English's, so a
new language is covered as soon as its file lands; screenshots are kept (each script's
letters must show: look at them)."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from herotable.messages import FALLBACK, languages
from tests.test_web_catalogue import PLACEHOLDER, forms, messages
from tests.web.conftest import Api
from tests.web.dominaria_table import DominariaTable
from tests.web.dominaria_table import create as create_dominaria
from tests.web.table import EN, text
from tests.web.table import messages as catalogue

# Messages that may show in English on any page, with the reason.
SHOWN_IN_ENGLISH = {
    "language.name": "the language switch names English in English",
    "app.title": "the product's name",
}
WORD = re.compile(r"[^\W\d_]{4,}")  # a word of four letters or more


def english_leftovers(code: str) -> list[str]:
    """The English texts that must not show on a page in ``code``: every English message
    (its literal parts, for one with placeholders) with a word of four letters or more whose
    translation is not the same, and that the translation does not itself say somewhere (a
    name kept in English, as a game's title may be)."""
    english, translated = messages(EN), messages(catalogue(code))
    said = "\n".join(text for message in translated.values() for text in forms(message))
    found = set()
    for key, message in english.items():
        if key in SHOWN_IN_ENGLISH:
            continue
        ours = set(forms(translated[key]))
        for form in forms(message):
            if form in ours:
                continue
            for part in PLACEHOLDER.split(form)[::2]:  # the text between placeholders
                part = part.strip(" .,:;·—()«»\"'")
                if WORD.search(part) and not whole(part).search(said):
                    found.add(part)
    return sorted(found, key=len, reverse=True)


def whole(part: str) -> re.Pattern[str]:
    """``part`` as a whole sequence of words (not inside a longer word)."""
    return re.compile(rf"(?<!\w){re.escape(part)}(?!\w)")


def assert_in_language(page: Page, code: str, leftovers: list[str], shots: Path,
                       name: str) -> None:
    expect(page.locator("html")).to_have_attribute("lang", code)
    page.evaluate("() => document.fonts.ready.then(() => null)")
    page.screenshot(path=str(shots / f"language-{code}-{name}.png"), full_page=True)
    shown = page.inner_text("body")
    for names in page.locator(".game-list a").all_inner_texts():
        shown = shown.replace(names, "\n")  # the lobby's games, named by their players
    english = [part for part in leftovers if whole(part).search(shown)]
    assert english == [], f"English on the {name} page in {code}"


@pytest.mark.parametrize("code", [code for code in languages() if code != FALLBACK])
def test_a_language_end_to_end(page: Page, api: Api, shots: Path, code: str) -> None:
    words = catalogue(code)
    leftovers = english_leftovers(code)
    assert leftovers, "nothing to look for"

    page.goto("/")
    expect(page.locator("html")).to_have_attribute("lang", "en")
    page.get_by_label(text("nav.language")).select_option(code)
    expect(page.get_by_role("heading", name=text("lobby.new_game", words))).to_be_visible()
    assert_in_language(page, code, leftovers, shots, "lobby")

    # Cartographers, solo: the hint's placement taken and confirmed (the keys and classes
    # the page offers in every language).
    created = api.create([{"name": "Ива Łęcka"}], seed=3)
    seat = created["seats"][0]
    page.goto(seat["url"])
    expect(page.get_by_role("status")).to_have_text(text("status.your_move", words))
    page.locator(".hint-button").click()
    page.locator(".hint-panel button.take").click(timeout=30_000)
    expect(page.locator("button.confirm")).to_be_focused()  # Enter confirms the placement
    with page.expect_response(lambda r: "/actions" in r.url) as answer:
        page.keyboard.press("Enter")
    assert answer.value.status == 200, answer.value.text()
    expect(page.locator(".table")).to_be_visible()
    expect(page.get_by_role("status")).to_have_text(text("status.your_move", words))
    assert api.state(created["id"], seat["token"])["seq"] == 1
    assert_in_language(page, code, leftovers, shots, "cartographers")

    # Heroes of Dominaria against a bot: two quests kept, by the words the page shows.
    created = create_dominaria(api, [{"name": "Ива Łęcka"}, {"bot": "random"}], seed=4)
    seat = created["seats"][0]
    page.goto(seat["url"])
    log = page.locator(".turn-log li")
    expect(log).to_have_count(1)  # the bot has kept its quests: the log says so
    table = DominariaTable(page, api, created["id"], seat["token"], 0)
    state = table.state()
    table.synced(state)
    keep_quests(page, state, words)
    # Once the bot has answered: a line per event the view recalls (both seats' quests kept,
    # the first player drawn, whatever the bot then did), the person's keep among them.
    state = table.wait_after(state["seq"])
    expect(log).to_have_count(len(state["view"]["recent"]))
    assert len(state["view"]["recent"]) >= 2
    assert_in_language(page, code, leftovers, shots, "dominaria")


def keep_quests(page: Page, state: dict[str, Any], words: dict[str, Any]) -> None:
    keep = next(action for action in state["legal"] if action.startswith("keep "))
    choice = page.get_by_role("group", name=text(
        f"dom.choice.{state['view']['decision']['choice']}", words))
    cards = keep.split()[1:]
    for card in cards:
        choice.locator(f"[data-card={card}]").click()
    confirm = "dom.choice.keep_two" if len(cards) == 2 else "dom.choice.keep_one"
    choice.get_by_role("button", name=text(confirm, words)).click()


def test_the_leftover_finder_sees_english_and_spares_what_the_language_says() -> None:
    leftovers = english_leftovers("ru")
    assert "Your move" in leftovers  # status.your_move, translated
    assert "Seats on this device" in leftovers
    assert all(WORD.search(part) for part in leftovers) and "of the" not in leftovers
    assert "herotable" not in leftovers and "English" not in leftovers
    assert whole("Your move").search("— Your move!")
    assert not whole("move").search("moves")
