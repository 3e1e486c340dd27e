""""Your turn" signals online: when a seat comes to owe a decision after waiting for another
person, its page says so in the tab's title, plays a short quiet sound (which a toggle turns
off, remembered in this browser) and, hidden and opted in, shows the browser's notification.
Nothing asks for the notification permission until the person opts in."""

from __future__ import annotations

from pathlib import Path

from playwright.sync_api import Browser, Page, expect

from tests.web.conftest import DESKTOP, Api
from tests.web.table import Table, text

TITLE = text("app.title")
YOUR_TURN = text("signals.title", app=TITLE)

# Counts the tones the page starts (a Web Audio oscillator each), without silencing them.
TONES = """
window.__tones = 0;
const RealAudio = window.AudioContext;
window.AudioContext = class extends RealAudio {
  createOscillator() {
    const oscillator = super.createOscillator();
    const start = oscillator.start.bind(oscillator);
    oscillator.start = (...args) => { window.__tones += 1; return start(...args); };
    return oscillator;
  }
};
"""

# A stand-in for the browser's notifications that records what the page asks and shows, in a
# tab that says it is hidden (the person is looking elsewhere).
NOTICES = """
window.__asked = 0;
window.__notices = [];
class RecordedNotification {
  constructor(title, options) { window.__notices.push({ title, body: options && options.body }); }
  close() {}
}
// The browser remembers a permission given: so does the stand-in, across reloads.
RecordedNotification.permission = sessionStorage.getItem('granted') ? 'granted' : 'default';
RecordedNotification.requestPermission = async () => {
  window.__asked += 1;
  sessionStorage.setItem('granted', '1');
  RecordedNotification.permission = 'granted';
  return 'granted';
};
window.Notification = RecordedNotification;
Object.defineProperty(document, 'visibilityState', { get: () => 'hidden', configurable: true });
Object.defineProperty(document, 'hidden', { get: () => true, configurable: true });
"""


def seat_page(browser: Browser, url: str, *scripts: str) -> Page:
    context = browser.new_context(viewport=DESKTOP, locale="en-US")
    context.set_default_timeout(15_000)
    context.grant_permissions(["notifications"])
    for script in scripts:
        context.add_init_script(script)
    page = context.new_page()
    page.goto(url)
    return page


def own_map(page: Page, name: str) -> None:
    expect(page.get_by_role("heading", name=f"{text('map.of', name=name)} · "
                                             f"{text('map.yours')}")).to_be_visible()


def test_the_title_and_a_sound_say_your_turn_after_waiting(
        browser: Browser, api: Api, shots: Path) -> None:
    created = api.create([{"name": "Ann"}, {"name": "Bob"}], seed=5)
    game_id = created["id"]
    ann_seat, bob_seat = created["seats"]
    ann_page = seat_page(browser, ann_seat["url"], TONES)
    bob_page = seat_page(browser, bob_seat["url"], TONES)
    try:
        ann = Table(ann_page, api, game_id, ann_seat["token"], seed=1)
        bob = Table(bob_page, api, game_id, bob_seat["token"], seed=2)
        own_map(ann_page, "Ann")
        own_map(bob_page, "Bob")
        # Owing from the start is no news: the title stays plain.
        expect(ann_page).to_have_title(TITLE)
        ann.decide(0)
        expect(ann_page).to_have_title(TITLE)
        bob.decide(1)
        # Ann waited for Bob: a new card, and her page calls her.
        expect(ann_page).to_have_title(YOUR_TURN)
        ann_page.wait_for_function("window.__tones > 0")
        ann_page.screenshot(path=str(shots / "signals-your-turn.png"))
        # Bob owes the new card right after his own move: nothing to signal.
        own_map(bob_page, "Bob")
        expect(bob_page.get_by_role("status")).to_have_text(text("status.your_move"))
        expect(bob_page).to_have_title(TITLE)
        assert bob_page.evaluate("window.__tones") == 0
        # Ann acts: her title is plain again.
        ann.decide(2)
        expect(ann_page).to_have_title(TITLE)
    finally:
        ann_page.context.close()
        bob_page.context.close()


def test_the_sound_toggle_is_remembered_and_a_hidden_tab_is_notified(
        browser: Browser, api: Api, shots: Path) -> None:
    created = api.create([{"name": "Ann"}, {"name": "Bob"}], seed=6)
    game_id = created["id"]
    ann_seat, bob_seat = created["seats"]
    ann_page = seat_page(browser, ann_seat["url"], TONES, NOTICES)
    bob_page = seat_page(browser, bob_seat["url"])
    try:
        own_map(ann_page, "Ann")
        sound = ann_page.get_by_role("checkbox", name=text("signals.sound"))
        notify = ann_page.get_by_role("checkbox", name=text("signals.notify"))
        expect(sound).to_be_checked()
        expect(notify).not_to_be_checked()
        # Loading the page never asks for the permission: only the opt-in does.
        assert ann_page.evaluate("window.__asked") == 0
        sound.uncheck()
        ann_page.reload()
        own_map(ann_page, "Ann")
        expect(sound).not_to_be_checked()
        assert ann_page.evaluate("window.__asked") == 0
        notify.check()
        expect(notify).to_be_checked()
        assert ann_page.evaluate("window.__asked") == 1
        ann_page.locator(".game-bar").screenshot(path=str(shots / "signals-toggles.png"))

        ann = Table(ann_page, api, game_id, ann_seat["token"], seed=1)
        bob = Table(bob_page, api, game_id, bob_seat["token"], seed=2)
        ann.decide(0)
        assert ann_page.evaluate("window.__notices") == []
        bob.decide(1)
        expect(ann_page).to_have_title(YOUR_TURN)
        ann_page.wait_for_function("window.__notices.length > 0")
        assert ann_page.evaluate("window.__notices") == [
            {"title": text("signals.notice_title"), "body": text("signals.notice_body")}]
        assert ann_page.evaluate("window.__tones") == 0  # the sound is off
        # The opt-in is remembered too, and still asks nothing on load.
        ann_page.reload()
        own_map(ann_page, "Ann")
        expect(notify).to_be_checked()
        assert ann_page.evaluate("window.__asked") == 0
    finally:
        ann_page.context.close()
        bob_page.context.close()


def test_no_signals_where_nobody_else_plays(page: Page, api: Api) -> None:
    """Against a bot it is always your turn right after your own move: no toggles, no call."""
    created = api.create([{"name": "Ann"}, {"bot": "random"}], seed=5)
    game_id, seat = created["id"], created["seats"][0]
    page.context.add_init_script(TONES)
    page.goto(seat["url"])
    own_map(page, "Ann")
    Table(page, api, game_id, seat["token"]).decide(0)
    expect(page.get_by_role("status")).to_have_text(text("status.your_move"))
    assert api.state(game_id)["seq"] >= 2  # the bot has played the first card too
    expect(page).to_have_title(TITLE)
    expect(page.get_by_role("checkbox")).to_have_count(0)
    assert page.evaluate("window.__tones") == 0
