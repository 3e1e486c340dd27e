"""A paper table in the browser: the host sets it up in the lobby and flips the cards; two
other devices (a desktop and a phone) follow through a whole season: the same card on every
screen, an ambush's pass, the season's scoring prompt."""

from __future__ import annotations

import re
from pathlib import Path

from playwright.sync_api import Browser, BrowserContext, Page, ViewportSize, expect

from herotable.cartographers.paper_table import PaperTable
from herotable.server.tables import table_config
from tests.web.conftest import DESKTOP, Api
from tests.web.table import text

PHONE: ViewportSize = {"width": 390, "height": 844}
AMBUSHES = set(table_config({}, solo=False).card_set().ambushes)


def spring_with_an_ambush() -> tuple[int, list[str]]:
    """The first seed whose spring holds an ambush, with the card each flip of spring shows
    (the lobby's default set-up: the Heroes preset, not solo)."""
    config = table_config({}, solo=False)
    for seed in range(1, 500):
        table = PaperTable(config, seed)
        shown = []
        while not table.season_over:
            table.flip()
            shown.append(table.current or "")
        if any(card in config.card_set().ambushes for card in shown):
            return seed, shown
    raise AssertionError("no seed deals an ambush in spring")


def device(browser: Browser, server: str, url: str, phone: bool = False) -> Page:
    context: BrowserContext = browser.new_context(
        viewport=PHONE if phone else DESKTOP, locale="en-US", base_url=server,
        is_mobile=phone, has_touch=phone, device_scale_factor=2 if phone else 1)
    context.set_default_timeout(15_000)
    page = context.new_page()
    page.goto(url)
    return page


def test_a_host_and_two_devices_follow_one_table_through_a_season(
        page: Page, browser: Browser, server: str, shots: Path) -> None:
    seed, spring = spring_with_an_ambush()
    page.goto("/")
    page.get_by_role("button", name=text("paper_table.lobby.title")).click()
    page.locator(".paper-setup summary").click()
    page.locator("#seed").fill(str(seed))
    page.get_by_role("button", name=text("paper_table.lobby.create")).click()
    share = page.locator(".table-link[data-link=share] input").input_value()
    host = page.locator(".table-link[data-link=host] input").input_value()
    assert host.startswith(f"{share}#host=")
    page.screenshot(path=str(shots / "paper-lobby-created.png"))
    # Each link takes the panel's width, its copy button beside it.
    panel = page.locator(".paper-created").bounding_box()
    for name in ("share", "host"):
        field = page.locator(f".table-link[data-link={name}] input").bounding_box()
        button = page.locator(f".table-link[data-link={name}] button").bounding_box()
        assert panel and field and button
        assert field["width"] > panel["width"] * 0.6, (field, panel)
        assert button["x"] > field["x"] + field["width"] and \
            button["y"] < field["y"] + field["height"], (field, button)
    page.get_by_role("button", name=text("paper_table.lobby.open")).click()
    expect(page.locator(".badge.host")).to_have_text(text("paper_table.host"))

    desk = device(browser, server, share)
    phone = device(browser, server, share, phone=True)
    devices = (page, desk, phone)
    try:
        for other in (desk, phone):
            expect(other.locator(".paper-card .card-face.empty")).to_have_text(
                text("paper_table.waiting"))
            expect(other.locator(".flip-button")).to_have_count(0)  # only the host flips
        ambushes = 0
        for flip, card in enumerate(spring):
            if flip % 2:
                page.keyboard.press("f")
            else:
                page.locator(".flip-button").click()
            for shown in devices:
                expect(shown.locator(".paper-card")).to_have_attribute("data-card", card)
                # Every device says which map side to use, by name and letter.
                expect(shown.locator(".paper-side-name")).to_have_text(
                    text("paper_fixes.side", name="Wilderness (side C)"))
                expect(shown.locator("main.paper-table")).to_have_attribute("data-seq",
                                                                             str(flip + 1))
            rule = phone.locator(".paper-rule[data-ambush]")
            if card in AMBUSHES:
                ambushes += 1
                side = phone.locator(".paper-rule").get_attribute("data-ambush")
                assert side in ("left", "right")
                for shown in devices:
                    expect(shown.locator(".paper-rule")).to_contain_text(
                        text(f"paper_table.pass.{side}"))
                    # Players on a video call are told what the host can do.
                    expect(shown.locator(".paper-rule [data-remote]")).to_have_text(
                        text("paper_fixes.remote"))
                if ambushes == 1:
                    page.screenshot(path=str(shots / "paper-ambush-host.png"))
                    desk.screenshot(path=str(shots / "paper-ambush-desktop.png"))
                    phone.screenshot(path=str(shots / "paper-ambush-phone.png"))
            else:
                expect(rule).to_have_count(0)
        assert ambushes
        # The season ends on the card just flipped: draw it first, then score.
        prompt = text("paper_fixes.season_ends", season="Spring", first="A", second="B")
        # Zombies and the troll act after the scoring: the prompt says so.
        ambushes = table_config({}, solo=False).card_set().ambushes
        lasting = [c for c in spring if c in AMBUSHES and ambushes[c].effect in ("zombie", "troll")]
        for shown in devices:
            expect(shown.locator(".paper-score")).to_contain_text(prompt)
            expect(shown.locator(".paper-score li")).to_have_count(len(lasting))
            for card in lasting:
                expect(shown.locator(f'.paper-score li[data-card="{card}"]')).to_contain_text(
                    text(f"paper_fixes.after.{ambushes[card].effect}"))
            # What acts after the scoring reads before the next season starts.
            expect(shown.locator(".paper-score > *:last-child")).to_have_text(
                text("paper_fixes.next_season"))
            expect(shown.locator(".season.now .season-time")).to_have_text(
                text("season.time_up"))
        desk.screenshot(path=str(shots / "paper-season-end-desktop.png"))
        phone.screenshot(path=str(shots / "paper-season-end-phone.png"), full_page=True)
        width = phone.evaluate("document.documentElement.scrollWidth")
        assert width <= PHONE["width"], f"the page is {width}px wide on a phone"
        # The host's link opened on a phone flips too (its token kept there), from a button
        # under the thumb: the next flip starts summer on every screen.
        host_phone = device(browser, server, host, phone=True)
        devices = (page, desk, phone, host_phone)
        flip_button = host_phone.locator(".flip-button")
        expect(flip_button).to_contain_text(text("paper_table.flip_season", season="Summer"))
        assert "#host=" not in host_phone.url  # the token leaves the address at once
        host_phone.screenshot(path=str(shots / "paper-host-phone.png"))
        flip_button.click()
        for shown in devices:
            expect(shown.locator(".paper-score")).to_have_count(0)
            expect(shown.locator("main.paper-table")).to_have_attribute(
                "data-seq", str(len(spring) + 1))
    finally:
        for other in devices[1:]:
            other.context.close()


def test_a_solo_tables_ambush_gives_the_solo_rule(browser: Browser, server: str,
                                                  api: Api, shots: Path) -> None:
    config = table_config({}, solo=True)
    seed = next(s for s in range(1, 500)
                if PaperTable(config, s).flip()[-1] in config.card_set().ambushes)
    card = config.card_set().ambushes[PaperTable(config, seed).flip()[-1]]
    created = api.client.post("/api/tables", json={"seed": seed, "solo": True}).json()
    phone = device(browser, server, created["host_url"], phone=True)
    try:
        phone.locator(".flip-button").click()
        rule = phone.locator(".paper-rule[data-ambush=solo]")
        expect(rule).to_contain_text(text("paper_table.solo.title"))
        expect(rule).to_contain_text(text(f"paper_table.solo.{card.direction}",
                                          corner=text(f"ambush.corner.{card.corner}")))
        expect(phone.locator(".badge", has_text=text("paper_table.solo_badge"))).to_be_visible()
        phone.screenshot(path=str(shots / "paper-solo-phone.png"))
    finally:
        phone.context.close()


def test_a_tables_score_link_opens_the_score_page_with_its_side_and_edicts(
        page: Page, api: Api) -> None:
    created = api.client.post("/api/tables", json={"seed": 4, "options": {"side": "D"}}).json()
    edicts = api.client.get(f"/api/tables/{created['id']}").json()["edicts"]
    page.goto(created["url"])
    page.get_by_role("link", name=text("paper_table.score_map")).click()
    expect(page).to_have_url(re.compile(r"/score\?"))
    expect(page.get_by_role("heading", name=text("paper_score.title"))).to_be_visible()
    for edict in edicts:
        expect(page.locator(f'select[data-edict="{edict["letter"]}"]')).to_have_value(
            edict["card"])
    expect(page.get_by_label(text("paper_score.side"))).to_have_value("D")


def test_a_hero_card_says_what_every_player_draws(browser: Browser, server: str,
                                                   api: Api, shots: Path) -> None:
    config = table_config({}, solo=False)
    heroes = config.card_set().heroes

    def first_hero(seed: int) -> int | None:
        """How many flips show this seed's first hero (within the game), or None."""
        table = PaperTable(config, seed)
        while not table.over:
            table.flip()
            if table.current in heroes:
                return table.flips
        return None

    seed = next(s for s in range(1, 200) if first_hero(s) is not None)
    flips = first_hero(seed)
    assert flips is not None
    created = api.client.post("/api/tables", json={"seed": seed}).json()
    for seq in range(flips):
        assert api.client.post(f"/api/tables/{created['id']}/flip", json={"seq": seq},
                               headers={"Authorization": f"Bearer {created['host_token']}"}
                               ).status_code == 200
    phone = device(browser, server, created["url"], phone=True)
    try:
        rule = phone.locator(".paper-rule.hero")
        expect(rule).to_contain_text(text("paper_fixes.hero.title"))
        expect(rule).to_contain_text(text("paper_fixes.hero.text"))
        phone.screenshot(path=str(shots / "paper-hero-phone.png"), full_page=True)
    finally:
        phone.context.close()


def test_the_lobby_lists_the_tables_this_browser_hosts(page: Page, shots: Path) -> None:
    page.goto("/")
    expect(page.locator("[data-my-tables]")).to_have_count(0)
    page.get_by_role("button", name=text("paper_table.lobby.title")).click()
    page.get_by_role("button", name=text("paper_table.lobby.create")).click()
    table_id = page.locator(".paper-created").get_attribute("data-table")
    mine = page.locator(f"[data-my-tables] li[data-table='{table_id}']")
    expect(mine).to_contain_text(text("paper_fixes.lobby.flips", count=0))  # at once
    page.goto("/")
    expect(mine).to_contain_text(text("paper_fixes.lobby.flips", count=0))
    page.screenshot(path=str(shots / "paper-lobby-my-tables.png"))
    mine.get_by_role("link").click()
    # Back as host: the token kept in this browser flips.
    expect(page.locator(".badge.host")).to_have_text(text("paper_table.host"))
    expect(page.locator(".flip-button")).to_be_visible()
    page.goto("/")
    mine.get_by_role("button", name=text("lobby.forget")).click()
    expect(page.locator("[data-my-tables]")).to_have_count(0)
