"""The Heroes of Dominaria table tells what the cards did: the cards revealed so far, newest
first, each in words with its turn, and the card behind each Cabal token on the map. And a
public quest's tile is taken by itself: the page says so, marks the tile and logs it."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from playwright.sync_api import Page, expect

from tests.web.conftest import Api
from tests.web.dominaria_table import DominariaTable, answered, create, first_of, most_mana
from tests.web.table import text

MAX_ACTIONS = 400
SEED_WITH_A_TILE = 6  # hoarding mana, seat 0 takes a Masters of Mana tile
NAMES = {"masters_of_mana": "Masters of Mana"}


def test_the_cards_revealed_so_far_and_the_card_behind_each_cabal_token(
        page: Page, api: Api, shots: Path) -> None:
    created = create(api, [{"name": "Ann"}, {"bot": "greedy"}], seed=3)
    game_id, seat = created["id"], created["seats"][0]
    state = answered(api, game_id, seat["token"], -1)
    for _ in range(MAX_ACTIONS):
        view = state["view"]
        if (view["round"] >= 4 and view["cabal_cards"]
                and (view["decision"] or {}).get("kind") == "turn"):
            break
        state = api.act(game_id, seat["token"], state["seq"], DominariaTable.plan(state))
        state = answered(api, game_id, seat["token"], state["seq"] - 1)
    else:
        raise AssertionError("no Cabal token came up by round 4")
    page.goto(seat["url"])
    table = DominariaTable(page, api, game_id, seat["token"], 0)
    table.synced(state)
    view = state["view"]
    reveals = view["reveals"]
    names = ["Ann", text("bot_name.greedy")]

    box = page.get_by_role("region", name=text("dom.revealed.title"))
    box.get_by_text(text("dom.revealed.summary", count=len(reveals))).click()
    items = box.locator("li[data-card]")
    expect(items).to_have_count(len(reveals))
    # Newest first: this turn's card on top, then the turn before it.
    for index, reveal in enumerate(reversed(reveals[-3:])):
        item = items.nth(index)
        expect(item).to_have_attribute("data-card", reveal["card"])
        expect(item).to_contain_text(text("dom.revealed.turn", round=reveal["round"],
                                          name=names[reveal["player"]]))
    catalog = api.client.get("/api/catalog/dominaria").json()
    for index, reveal in enumerate(reversed(reveals)):
        card = catalog["cards"][reveal["card"]]
        if card["token"] == "cabal":
            place = catalog["locations"][card["location"]]["names"]["en"]
            expect(items.nth(index)).to_contain_text(text("dom.card.token.cabal", location=place))
            break
    page.screenshot(path=str(shots / "dominaria-revealed.png"))

    # Each Cabal token on the map names the card (and its turn) that put it there: its own
    # title (the tooltip on hover) and its location's name (its title, read when it has the focus).
    turn_of = {r["card"]: r for r in reveals}
    for loc, cards in view["cabal_cards"].items():
        said = [text("dom.revealed.cabal_from", round=turn_of[c]["round"],
                     name=names[turn_of[c]["player"]]) for c in cards]
        token = table.location(loc).locator(".cabal-token")
        for words in said:
            expect(token.locator("title")).to_contain_text(words)
            expect(table.location(loc).locator(":scope > title")).to_contain_text(words)


def hoard(state: dict[str, Any]) -> str:
    """Keep, place, collect the most mana, never spend: Masters of Mana comes within reach."""
    return first_of(state, ("keep", "place")) or most_mana(state)


def to_a_tile(api: Api) -> tuple[dict[str, Any], dict[str, Any]]:
    """Two people hoarding mana, through the API, until seat 0, on its turn, has taken a
    Masters of Mana tile by itself (within the round its log shows)."""
    created = create(api, [{"name": "Ann"}, {"name": "Bob"}], seed=SEED_WITH_A_TILE)
    game_id = created["id"]
    tokens = [s["token"] for s in created["seats"]]
    for _ in range(MAX_ACTIONS):
        pending = api.state(game_id, tokens[0])["pending"]
        state = api.state(game_id, tokens[pending[0]])
        assert not any(a.startswith("claim ") for a in state["legal"])  # no such action
        if pending == [0] and 0 in state["view"]["claims"]["masters_of_mana"]:
            return created, state
        api.act(game_id, tokens[pending[0]], state["seq"], hoard(state))
    raise AssertionError("no public quest tile was taken")


def test_a_public_quest_tile_is_taken_by_itself_and_the_log_says_so(page: Page, api: Api,
                                                                     shots: Path) -> None:
    created, state = to_a_tile(api)
    seat = created["seats"][0]
    page.goto(seat["url"])
    table = DominariaTable(page, api, created["id"], seat["token"], 0)
    table.synced(state)
    quest = "masters_of_mana"
    taken = next(e for e in state["view"]["recent"]
                 if e["type"] == "claim" and e["quest"] == quest)
    public = page.get_by_role("region", name=text("dom.public.title"))
    expect(public).to_contain_text(text("dom.public.auto"))
    tiles = public.locator(f"li[data-public={quest}] .tile")
    for index, taker in enumerate(state["view"]["claims"][quest]):
        expect(tiles.nth(index)).to_have_class("tile taken")
        expect(tiles.nth(index)).to_have_attribute(
            "title", text("dom.public.taken_by", name=["Ann", "Bob"][taker]))
    expect(page.locator("button[data-action^='claim']")).to_have_count(0)
    log = page.get_by_role("region", name=text("dom.log.title"))
    expect(log).to_contain_text(text("dom.event.claim", name="Ann", quest=NAMES[quest],
                                     count=taken["vp"]))
    page.screenshot(path=str(shots / "dominaria-public-tile.png"))
