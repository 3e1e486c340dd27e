"""Playing the Heroes of Dominaria table as a person does: clicking locations, Heroes, ability
buttons, cards and the payment panel.

The API is read to know the seat's legal actions (a person sees them lit on the map and in the
panel) and to pick one by a simple plan; the page is then driven to it, and the action is only
ever sent by the page itself."""

from __future__ import annotations

import re
import time
from collections.abc import Callable, Sequence
from typing import Any

from playwright.sync_api import Locator, Page, expect

from tests.web.conftest import Api
from tests.web.table import text

ABILITIES = ("recruit", "discover", "confront", "manalith", "leyline")
# What the plan does first: rewards and quests, then abilities, then mana, then moving.
PRIORITY = ("keep", "place", "complete", "start", "use", "manalith", "recruit", "discover",
            "confront", "leyline")


def create(api: Api, seats: list[dict[str, Any]], seed: int = 7,
           options: dict[str, Any] | None = None) -> dict[str, Any]:
    answer = api.client.post("/api/games", json={"game": "dominaria", "seats": seats,
                                                 "options": options or {}, "seed": seed})
    assert answer.status_code == 201, answer.text
    created: dict[str, Any] = answer.json()
    return created


def answered(api: Api, game_id: str, token: str, seq: int) -> dict[str, Any]:
    """Seat 0's state once the action sent after ``seq`` is in and the bot playing the other
    seat has answered it (or the game is over)."""
    end = time.monotonic() + 30
    while True:
        state = api.state(game_id, token)
        if state["seq"] > seq and (state["over"] or state["pending"] == [0]):
            return state
        assert time.monotonic() < end, f"no answer after seq {seq}: {state['pending']}"
        time.sleep(0.05)


def first_of(state: dict[str, Any], verbs: Sequence[str]) -> str | None:
    """The first legal action of the first of ``verbs`` the seat has, if any."""
    for verb in verbs:
        found = [a for a in state["legal"] if a.split()[0] == verb]
        if found:
            return found[0]
    return None


def most_mana(state: dict[str, Any]) -> str:
    """Collect the most mana the seat can reach (moving once towards more, away from the
    Cabal, if that pays), else end the turn."""
    legal, view = state["legal"], state["view"]
    mana = view["map_mana"]
    collects = [a for a in legal if a.startswith("collect ")]
    best = max((mana[a.split()[1]] for a in collects), default=0)
    moves = [a for a in legal if a.startswith("move ")
             and not view["cabal_tokens"].get(a.split()[2])]
    if moves and view["players"][view["you"]]["moves_used"] == 0:
        move = max(moves, key=lambda a: (mana[a.split()[2]], a))
        if mana[move.split()[2]] > best:
            return move
    if collects:
        return max(collects, key=lambda a: (mana[a.split()[1]], a))
    return "end"


class DominariaTable:
    """One seat's table in the page, and its state as the API gives it."""

    def __init__(self, page: Page, api: Api, game_id: str, token: str, seat: int) -> None:
        self.page, self.api, self.game_id, self.token, self.seat = page, api, game_id, token, seat
        self.changed_payment: str | None = None  # the action sent with a payment of our own

    @property
    def root(self) -> Locator:
        return self.page.locator(".dom-table")

    def state(self) -> dict[str, Any]:
        return self.api.state(self.game_id, self.token)

    def location(self, loc: str) -> Locator:
        return self.page.locator(f"svg.dom-map [data-loc={loc}]")

    def synced(self, state: dict[str, Any]) -> None:
        """Wait until the page shows the state the API gave."""
        expect(self.root).to_have_attribute("data-seq", str(state["seq"]))

    def wait_until(self, wanted: Callable[[dict[str, Any]], bool],
                   timeout: float = 30) -> dict[str, Any]:
        """The game's state once ``wanted`` holds of it and the page shows it."""
        end = time.monotonic() + timeout
        while not wanted(state := self.state()):
            assert time.monotonic() < end, f"still waiting at seq {state['seq']}"
            time.sleep(0.05)
        self.synced(state)
        return state

    def wait_after(self, seq: int, timeout: float = 30) -> dict[str, Any]:
        """Wait until the action sent after ``seq`` is in, and the bots have answered.

        A bot may act at the same time as this seat (the quests kept at the start), so a
        higher ``seq`` alone does not say this seat's action is in: the page says so when it
        has finished sending (not busy) and shows the server's latest state."""
        end = time.monotonic() + timeout
        while True:
            state = self.state()
            bots = {i for i, s in enumerate(state["seats"]) if s["bot"]}
            answered = state["over"] or not bots or (self.seat in state["pending"]
                                                     and not bots & set(state["pending"]))
            if state["seq"] > seq and answered:
                if self.page.locator(".pass-card").count():
                    return state  # hot-seat: the page has passed the device on
                shown = self.page.locator(
                    f".dom-table[data-seq='{state['seq']}'][aria-busy='false']")
                if shown.count():
                    return state
            assert time.monotonic() < end, f"no answer after seq {seq}: {state['pending']}"
            time.sleep(0.05)

    def select(self, loc: str) -> None:
        """Make ``loc`` the chosen location (a click toggles it)."""
        target = self.location(loc)
        if target.get_attribute("aria-pressed") != "true":
            target.click()
        expect(target).to_have_attribute("aria-pressed", "true")

    # ------------------------------------------------------------------ a plan

    @staticmethod
    def plan(state: dict[str, Any]) -> str:
        """A plain plan for the seat: rewards and quests, abilities when it can pay, else the
        most mana it can reach (moving once towards more if that pays), else end."""
        return first_of(state, PRIORITY) or most_mana(state)

    # ------------------------------------------------------------------ acting in the page

    def do(self, action: str, state: dict[str, Any], change_payment: bool = False) -> None:
        """Send ``action`` (one of the seat's legal actions) through the page's controls."""
        verb, *args = action.split()
        page = self.page
        if verb == "keep":
            choice = page.get_by_role("group", name=text(
                f"dom.choice.{state['view']['decision']['choice']}"))
            for card in args:
                choice.locator(f"[data-card={card}]").click()
            confirm = "dom.choice.keep_two" if len(args) == 2 else "dom.choice.keep_one"
            choice.get_by_role("button", name=text(confirm)).click()
        elif verb == "place":
            self.location(args[0]).click()
        elif verb == "move":
            self.select(args[0])
            expect(self.location(args[1])).to_have_class(re.compile(r"\btarget\b"))
            self.location(args[1]).click()
        elif verb == "collect":
            self.select(args[0])
            page.locator(f".at-location button[data-action='{action}']").click()
        elif verb in ABILITIES:
            page.locator(f"button[data-ability={verb}]").click()
            if verb == "leyline":
                page.locator(f".mode-hint button[data-action='{action}']").click()
            else:
                self.location(args[0]).click()
            self.pay(verb, state, change_payment)
        elif verb == "end":
            page.get_by_role("button", name=text("dom.do.end")).click()
        else:  # start, complete, use: the button on the card
            page.locator(f"button[data-action='{action}']").click()

    def pay(self, verb: str, state: dict[str, Any], change: bool) -> None:
        """The payment panel shows the engine's payment; optionally change one token to
        another the seat holds (still a valid payment), then confirm."""
        panel = self.page.get_by_role("group", name=text("dom.pay.title"))
        expect(panel).to_be_visible()
        view = state["view"]
        auto = view["ability_costs"][verb]["pay"]
        me = view["players"][self.seat]
        held = {c: me["pool"][c] + (c in me["manalith_tokens"]) for c in "WUBRG"}
        slots = panel.locator("select")
        expect(slots).to_have_count(len(auto))
        for index, colour in enumerate(auto):
            expect(slots.nth(index)).to_have_value(colour)
        if change and self.changed_payment is None:
            for index in range(1, len(auto)):
                for colour in "WUBRG":
                    new = list(auto)
                    new[index] = colour
                    valid = (colour != auto[index] and auto[0] in new
                             and all(new.count(c) <= held[c] for c in "WUBRG"))
                    if valid and sorted(new) != sorted(auto):
                        slots.nth(index).select_option(colour)
                        expect(panel).to_contain_text(text("dom.pay.changed"))
                        self.changed_payment = " ".join(new)
                        break
                if self.changed_payment:
                    break
        panel.get_by_role("button", name=text("dom.pay.confirm")).click()


def shown(table: DominariaTable) -> dict[str, Any]:
    """The state the page shows, once the bot's answers to set-up (which arrive while the page
    loads) are in it."""
    end = time.monotonic() + 30
    while True:
        state = table.state()
        seq = table.root.get_attribute("data-seq")
        if seq == str(state["seq"]) and 0 in state["pending"]:
            return state
        assert time.monotonic() < end, f"the page shows seq {seq}, the game is at {state['seq']}"
        table.root.page.wait_for_timeout(50)
