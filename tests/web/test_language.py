"""The header's language switch: Russian texts from ru.json at once, kept after a reload, and
on a game's table too, a refused move included."""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from pathlib import Path

from playwright.sync_api import Page, Route, expect

from tests.web.conftest import Api
from tests.web.table import EN, Table, messages, text

RU = messages("ru")


def test_switching_to_russian_survives_a_reload(page: Page, api: Api, shots: Path) -> None:
    page.goto("/")
    expect(page.get_by_role("heading", name=text("lobby.new_game"))).to_be_visible()
    expect(page.locator("html")).to_have_attribute("lang", "en")
    page.get_by_label(text("nav.language")).select_option("ru")

    def russian() -> None:
        expect(page.locator("html")).to_have_attribute("lang", "ru")
        expect(page.get_by_role("heading", name=text("lobby.new_game", RU))).to_be_visible()
        expect(page.get_by_role("button", name=text("lobby.create", RU))).to_be_visible()
        expect(page.get_by_role("link", name=text("nav.lobby", RU), exact=True)).to_be_visible()
        expect(page.get_by_label(text("nav.language", RU))).to_have_value("ru")
        expect(page.get_by_role("heading", name=text("lobby.new_game", EN))).to_have_count(0)

    russian()
    page.screenshot(path=str(shots / "lobby-ru.png"))
    page.reload()
    russian()

    # A table in Russian: its heading, status and controls come from the same catalogue.
    created = api.create([{"name": "Аня"}], seed=2)
    page.goto(created["seats"][0]["url"])
    expect(page.get_by_role("heading", name=f"{text('map.of', RU, name='Аня')} · "
                                             f"{text('map.yours', RU)}")).to_be_visible()
    expect(page.get_by_role("status")).to_have_text(text("status.your_move", RU))
    expect(page.get_by_role("group", name=text("controls.label", RU))).to_be_visible()
    page.get_by_label(text("nav.language", RU)).select_option("en")
    expect(page.get_by_role("status")).to_have_text(text("status.your_move"))


def test_a_refused_move_is_explained_in_the_pages_language(page: Page, api: Api) -> None:
    created = api.create([{"name": "Ann"}], seed=2)
    seat = created["seats"][0]
    page.goto(seat["url"])
    table = Table(page, api, created["id"], seat["token"])
    offered: list[str] = []

    def made_illegal(route: Route) -> None:
        """The page sends the move it offers; an illegal one takes its place on the way."""
        body = json.loads(route.request.post_data or "{}")
        offered.append(body["action"])
        route.continue_(post_data=json.dumps({**body, "action": "destroy A1"}))

    def to_russian(_action: str) -> None:
        page.get_by_label(text("nav.language")).select_option("ru")
        expect(page.locator("html")).to_have_attribute("lang", "ru")

    page.route("**/api/games/*/actions*", made_illegal)
    table.decide(2, before_confirm=to_russian, refused=True)  # 2: the cell clicked again
    owed = f"action_kind.{offered[0].split()[0]}"  # the kind of decision, said as a word
    reason = text("refusal.wrong_action", RU, owed=text(owed, RU), action="destroy A1")
    expect(page.get_by_role("alert")).to_have_text(text("error.action", RU, reason=reason))
    page.get_by_label(text("nav.language", RU)).select_option("en")
    reason = text("refusal.wrong_action", owed=text(owed), action="destroy A1")
    expect(page.get_by_role("alert")).to_have_text(text("error.action", reason=reason))


def refusing(code: str) -> Callable[[Route], None]:
    """A route handler answering as the server refuses a game it holds but cannot play."""
    body = json.dumps({"detail": "refused", "code": code, "params": {}})
    return lambda route: route.fulfill(status=500, content_type="application/json", body=body)


def test_a_game_the_page_cannot_show_says_why_in_the_pages_language(page: Page, api: Api) -> None:
    """Each refusal by its own code: a link of no seat is not a hidden game, nor a missing
    one."""
    created = api.create([{"name": "Аня"}], seed=2)
    page.goto("/")
    page.get_by_label(text("nav.language")).select_option("ru")
    expect(page.locator("html")).to_have_attribute("lang", "ru")
    page.goto(f"/g/{created['id']}#token=no-seat-holds-this-token")
    expect(page.locator("main .error")).to_have_text(text("refusal.not_a_seat", RU))
    page.goto("/g/no-such-game")
    expect(page.locator("main .error")).to_have_text(text("refusal.unknown_game", RU))
    # A game the server holds but cannot play (a damaged record, a pack no longer served)
    # says so, rather than "loading" for ever.
    for code in ("damaged_game", "pack_not_served"):
        page.route(re.compile(rf"/api/games/{created['id']}(\?.*)?$"), refusing(code))
        page.route_web_socket(re.compile(rf"/api/games/{created['id']}/ws$"),
                              lambda socket: socket.close())
        page.goto(f"/g/{created['id']}")
        expect(page.locator("main .error")).to_have_text(text(f"refusal.{code}", RU))
        page.unroute_all()


def test_seats_left_unnamed_are_named_in_the_pages_language(page: Page, api: Api,
                                                           shots: Path) -> None:
    """The lobby in Russian, a person's seat left unnamed and a bot's: the server keeps both
    unnamed, and the page names them in Russian, then in English once switched."""
    page.goto("/")
    page.get_by_label(text("nav.language")).select_option("ru")
    form = page.locator("form.new-game")
    form.get_by_label(text("lobby.players", RU), exact=True).fill("2")
    bot = form.get_by_label(text("lobby.which_bot", RU, n=2))
    expect(bot).to_be_visible()
    bot.select_option("greedy")
    expect(form.locator(".bot-name")).to_have_text(text("bot_name.greedy", RU))
    form.get_by_role("button", name=text("lobby.create", RU)).click()

    player = text("seat.unnamed", RU, n=1)
    # The seat's own map by its name (the big map may be the bot's, when the first card is an
    # ambush whose monster the person draws there).
    others = page.locator(".others button.other")
    expect(others.nth(0).locator(".other-name")).to_have_text(player)
    expect(others.nth(1)).to_contain_text(text("bot_name.greedy", RU))
    page.screenshot(path=str(shots / "unnamed-seats-ru.png"))
    game_id = page.url.rsplit("/", 1)[1]
    seats = api.state(game_id)["seats"]
    assert [(s["name"], s["bot"]) for s in seats] == [(None, None), (None, "greedy")]

    page.get_by_label(text("nav.language", RU)).select_option("en")
    expect(others.nth(0).locator(".other-name")).to_have_text(text("seat.unnamed", n=1))
    expect(others.nth(1)).to_contain_text(text("bot_name.greedy"))


def test_a_name_stored_by_an_older_lobby_still_shows(page: Page, api: Api) -> None:
    created = api.create([{"name": "Player 1"}, {"bot": "greedy", "name": "greedy"}])
    page.goto(created["seats"][0]["url"])
    page.get_by_label(text("nav.language")).select_option("ru")
    expect(page.get_by_role("heading", name=f"{text('map.of', RU, name='Player 1')} · "
                                             f"{text('map.yours', RU)}")).to_be_visible()
    # A bot's id was stored where no name was given: the page names the bot itself.
    expect(page.locator(".others button.other").nth(1)).to_contain_text(
        text("bot_name.greedy", RU))
