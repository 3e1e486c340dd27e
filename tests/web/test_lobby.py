"""The lobby's form creates a game (which game, how many players, a bot in a seat) and gives
the invitation links, each with a copy button; "play here" opens the table. A game with one
person's seat goes straight to its table, whose seat link is that person's invitation."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from playwright.sync_api import BrowserContext, Page, expect

from tests.web.conftest import Api
from tests.web.table import text


def decision_heading(state: dict[str, Any]) -> str:
    """The heading of the map a seat's table shows first: the map its decision is on. That is
    the seat's own, or a neighbour's when the game's first card is an ambush whose monster the
    seat draws there (a game made in the lobby has a random seed, so either can come)."""
    sheet = state["view"]["legal"]["sheet"]
    seat = state["seats"][sheet]
    heading = text("map.of", name=seat["name"] or text(f"bot_name.{seat['bot']}"))
    return heading + f" · {text('map.yours')}" if sheet == state["seat"] else heading


def test_the_lobby_creates_a_game_with_a_bot_and_invitations(
        context: BrowserContext, page: Page, api: Api, shots: Path) -> None:
    context.grant_permissions(["clipboard-read", "clipboard-write"], origin=api.base)
    page.goto("/")
    form = page.locator("form.new-game")
    form.get_by_label(text("lobby.game"), exact=True).select_option("cartographers")
    form.get_by_label(text("lobby.players"), exact=True).fill("3")
    seat_kind = [form.get_by_label(text("lobby.seat_kind", n=n)) for n in (1, 2, 3)]
    expect(seat_kind[2]).to_be_visible()
    form.get_by_label(text("lobby.seat_name", n=1)).fill("Ann")
    seat_kind[1].select_option("person")
    form.get_by_label(text("lobby.seat_name", n=2)).fill("Bob")
    seat_kind[2].select_option("bot")
    form.get_by_label(text("lobby.which_bot", n=3)).select_option("greedy")
    form.get_by_role("button", name=text("lobby.create")).click()

    expect(page.get_by_role("heading", name=text("lobby.created"))).to_be_visible()
    ann_link = page.get_by_label(text("lobby.invite_for", name="Ann"))
    bob_link = page.get_by_label(text("lobby.invite_for", name="Bob"))
    url = ann_link.input_value()
    found = re.fullmatch(rf"{re.escape(api.base)}/g/([\w-]+)#token=([\w-]+)", url)
    assert found, url
    game_id, token = found.groups()
    assert bob_link.input_value() != url and f"/g/{game_id}#token=" in bob_link.input_value()
    expect(page.get_by_text(text("lobby.bot_seat", bot="greedy"))).to_be_visible()
    copies = page.get_by_role("button", name=text("lobby.copy"))
    expect(copies).to_have_count(2)  # one per person, none for the bot
    copies.first.click()
    expect(page.get_by_role("button", name=text("lobby.copied"))).to_have_count(1)
    assert page.evaluate("() => navigator.clipboard.readText()") == url
    page.screenshot(path=str(shots / "lobby-invitations.png"))

    # The server holds the game as the form asked: three seats, the third a greedy bot.
    state = api.state(game_id, token)
    assert state["seat"] == 0
    assert [(s["name"], s["bot"]) for s in state["seats"]][:2] == [("Ann", None), ("Bob", None)]
    assert state["seats"][2]["bot"] == "greedy"
    assert state["view"]["config"]["players"] == 3

    page.get_by_role("button", name=text("lobby.play_here")).first.click()
    expect(page).to_have_url(f"{api.base}/g/{game_id}")
    expect(page.get_by_role("heading", name=decision_heading(api.state(game_id, token)),
                            exact=True)).to_be_visible()
    expect(page.get_by_role("group", name=text("controls.label"))).to_be_visible()
    # Back in the lobby, the game is among "my games", Ann to move.
    page.get_by_role("link", name=text("nav.lobby"), exact=True).click()
    mine = page.locator("section.panel", has=page.get_by_role(
        "heading", name=text("lobby.my_games")))
    expect(mine.get_by_role("link", name=re.compile("Ann, Bob"))).to_be_visible()
    expect(mine.get_by_text(text("lobby.status_your_move"))).to_be_visible()

    # One person against a bot: nobody to invite, so straight to the table (no invitation
    # screen); the table copies the seat's own link.
    form.get_by_label(text("lobby.seat_name", n=1)).fill("Cy")
    form.get_by_label(text("lobby.players"), exact=True).fill("2")
    expect(form.get_by_label(text("lobby.which_bot", n=2))).to_be_visible()
    form.get_by_role("button", name=text("lobby.create")).click()
    expect(page.get_by_role("group", name=text("controls.label"))).to_be_visible()
    expect(page.get_by_role("heading", name=text("lobby.created"))).to_have_count(0)
    found = re.fullmatch(rf"{re.escape(api.base)}/g/([\w-]+)", page.url)
    assert found and found.group(1) != game_id, page.url
    page.get_by_role("button", name=text("game.seat_link")).click()
    expect(page.get_by_role("button", name=text("lobby.copied"))).to_be_visible()
    link = page.evaluate("() => navigator.clipboard.readText()")
    assert link.startswith(f"{api.base}/g/{found.group(1)}#token="), link
    state = api.state(found.group(1), link.split("#token=")[1])
    assert state["seat"] == 0 and state["seats"][0]["name"] == "Cy" and state["seats"][1]["bot"]
    expect(page.get_by_role("heading", name=decision_heading(state), exact=True)).to_be_visible()


def test_the_lobby_creates_a_heroes_of_dominaria_game(page: Page, api: Api,
                                                      shots: Path) -> None:
    page.goto("/")
    form = page.locator("form.new-game")
    form.get_by_label(text("lobby.game"), exact=True).select_option("dominaria")
    # The game's own player range (2 to 4, from /api/meta): two seats at once, the second a bot.
    players = form.get_by_label(text("lobby.players"), exact=True)
    expect(players).to_have_value("2")
    expect(players).to_have_attribute("min", "2")
    expect(players).to_have_attribute("max", "4")
    expect(form.get_by_label(text("lobby.which_bot", n=2))).to_be_visible()
    form.get_by_label(text("lobby.seat_name", n=1)).fill("Dee")
    page.screenshot(path=str(shots / "lobby-dominaria.png"))
    form.get_by_role("button", name=text("lobby.create")).click()

    # One person against a bot: straight to the Dominaria table.
    expect(page.get_by_role("note")).to_contain_text(text("dom.designed.banner"))
    found = re.fullmatch(rf"{re.escape(api.base)}/g/([\w-]+)", page.url)
    assert found, page.url
    state = api.state(found.group(1))
    assert state["game"] == "dominaria" and state["view"]["config"]["players"] == 2
    assert state["seats"][0]["name"] == "Dee" and state["seats"][1]["bot"]
    expect(page.get_by_role("group", name=text("dom.map.title"))).to_be_visible()
    page.screenshot(path=str(shots / "dominaria-from-lobby.png"))


def test_an_address_that_is_no_page_says_so(page: Page, api: Api) -> None:
    answer = page.goto("/no/such/page")
    assert answer is not None and answer.status == 404
    expect(page.get_by_text(text("nav.not_found"))).to_be_visible()
    page.locator("main").get_by_role("link", name=text("nav.lobby")).click()
    expect(page.locator("form.new-game")).to_be_visible()
    assert page.url == f"{api.base}/"


def test_forgetting_a_game_can_be_undone(page: Page, api: Api, shots: Path) -> None:
    created = api.create([{"name": "Fay"}, {"bot": "greedy"}], seed=3)
    game_id = created["id"]
    seat = created["seats"][0]
    yours = page.get_by_role("heading", name=f"{text('map.of', name='Fay')} · "
                                             f"{text('map.yours')}")
    # Opening the invitation makes this browser remember the seat.
    page.goto(seat["url"])
    expect(yours).to_be_visible()
    remembered = page.evaluate("() => localStorage.getItem('herotable.games')")

    page.goto("/")
    mine = page.locator("section.panel.my-games")
    row = mine.locator(f"li[data-game='{game_id}']")
    expect(row).to_be_visible()
    row.get_by_role("button", name=text("lobby.forget")).click()
    expect(row).to_have_count(0)
    notice = mine.get_by_role("status")
    expect(notice).to_contain_text("Fay")
    page.screenshot(path=str(shots / "lobby-forgotten.png"))

    notice.get_by_role("button", name=text("lobby.undo")).click()
    expect(row).to_be_visible()
    expect(notice).to_have_count(0)
    # The seat is back exactly as it was, so the table opens on it, not as a spectator.
    assert page.evaluate("() => localStorage.getItem('herotable.games')") == remembered
    row.get_by_role("link").click()
    expect(yours).to_be_visible()
    expect(page.get_by_text(text("status.spectating"))).to_have_count(0)
