"""The Heroes of Dominaria catalogue a browser caches (GET /api/catalog/dominaria), and what the
view adds for a front end: the engine's prices and payments, quest progress, the move and
collect actions of the turn, and the recent events."""

from __future__ import annotations

import json
import random
from pathlib import Path

import herotable
from herotable.dominaria import rules
from herotable.dominaria.catalog import catalog_json
from herotable.dominaria.game import RECENT_EVENTS, DominariaGame
from herotable.dominaria.pack import COLOURS, PLANESWALKER_ABILITIES, load_pack
from herotable.dominaria.state import PlayerState
from herotable.registry import game_info

I18N = Path(__file__).resolve().parent.parent / "herotable" / "messages"


def test_the_catalog_is_json_and_registered():
    catalog = catalog_json()
    assert json.loads(json.dumps(catalog)) == catalog
    assert game_info("dominaria").catalog is catalog_json
    assert len(json.dumps(catalog)) < 60_000  # fetched once per page


def test_the_map_locations_links_and_start_locations():
    pack = load_pack()
    catalog = catalog_json()
    assert list(catalog["locations"]) == list(pack.locations)
    for loc in pack.locations.values():
        entry = catalog["locations"][loc.id]
        assert (entry["colour"], entry["start"], entry["x"], entry["y"]) == (
            loc.colour, loc.start, loc.x, loc.y)
        assert entry["designed"] == (loc.provenance == "designed")
    assert sorted(n for n, e in catalog["locations"].items() if e["start"]) == sorted(
        pack.start_locations)
    assert {(link["a"], link["b"]) for link in catalog["links"]} == {
        (link.a, link.b) for link in pack.links}
    assert catalog["canvas"] == [100, 60]


def test_tracks_cards_quests_and_artifacts_as_data():
    pack = load_pack()
    catalog = catalog_json()
    hero = catalog["tracks"]["hero"]["spaces"]
    assert [s["move"] for s in hero] == [s.move for s in pack.boards.hero.spaces]
    assert [s["green"] for s in catalog["tracks"]["leyline"]["spaces"]] == [
        s.green for s in pack.boards.leyline.spaces]
    assert len(catalog["cards"]) == 50 and len(catalog["quests"]) == 45
    assert len(catalog["public_quests"]) == 5 and len(catalog["artifacts"]) == 20
    cabal = [c for c in catalog["cards"].values() if c["token"] == "cabal"]
    assert cabal and all(c["location"] in catalog["locations"] for c in cabal)
    banner = catalog["quests"]["banner_of_benalia"]
    assert banner["requires"][0] == {"metric": "hero_at", "at_least": 1, "location": "benalia"}
    assert banner["reward"] == [{"effect": "moves", "amount": 2}]
    assert catalog["artifacts"]["horn_of_mustering"]["ability"]["target"] == "recruit"
    assert catalog["designed"] == {"records": len(pack.designed_records()),
                                   "total": catalog["designed"]["total"]}
    assert 0 < catalog["designed"]["records"] <= catalog["designed"]["total"]
    assert catalog["abilities"]["manalith"] == {"colour": "R", "generic": 4}


def test_the_client_words_every_metric_effect_and_ability_kind():
    english = json.loads((I18N / "en.json").read_text("utf-8"))["dom"]
    catalog = catalog_json()
    for quest in [*catalog["quests"].values(), *catalog["public_quests"].values()]:
        for req in [*quest.get("start", []), *quest["requires"]]:
            family = "req_colour" if req.get("colour") else "req"
            assert req["metric"] in english[family], req
        for effect in quest.get("reward", []):
            assert effect["effect"] in english["effect"]
    for artifact in catalog["artifacts"].values():
        assert artifact["ability"]["kind"] in english["artifact_ability"]
    for colour in COLOURS:
        assert colour in english["colour"]
    for ability in PLANESWALKER_ABILITIES:
        assert ability in english["ability"] and ability in english["ability"]["help"]


def played(seed: int, actions: int) -> DominariaGame:
    game = herotable.new_game("dominaria", seed=seed, players=2)
    rng = random.Random(seed)
    for _ in range(actions):
        if game.is_over:
            break
        player = game.pending_players()[0]
        legal = game.view(player).legal
        busy = [a for a in legal if a.verb != "end"]
        game.apply(player, rng.choice(busy if busy and rng.random() < 0.85 else legal))
    assert isinstance(game, DominariaGame)
    return game


def test_ability_costs_are_the_engines_prices_and_payments():
    for seed in range(6):
        game = played(seed, 60)
        if game.is_over:
            continue
        seat = game.pending_players()[0]
        view = game.view(seat)
        costs = view.to_json()["ability_costs"]
        board = game.players[seat]
        for ability in PLANESWALKER_ABILITIES:
            cost = rules.ability_cost(board, game.pack, ability)
            entry = costs[ability]
            assert (entry["colour"], entry["generic"], entry["cost"]) == (
                cost.colour, cost.generic, str(cost))
            assert entry["affordable"] == rules.can_pay(board, cost)
            if entry["affordable"]:
                assert tuple(entry["pay"]) == rules.auto_payment(board, cost)
                assert rules.payment_problem(board, cost, tuple(entry["pay"])) is None
            else:
                assert entry["pay"] == []
    assert game.view(None).to_json()["ability_costs"] == {}


def test_an_ability_paid_as_the_view_says_is_the_same_as_unpaid():
    """The payment the view shows is the one the engine takes: naming it changes nothing."""
    for seed in range(30):
        game = played(seed, 80)
        if game.is_over:
            continue
        seat = game.pending_players()[0]
        view = game.view(seat)
        paid = [a for a in view.legal if a.verb in PLANESWALKER_ABILITIES]
        if not paid:
            continue
        action = paid[0]
        pay = view.to_json()["ability_costs"][action.verb]["pay"]
        other = game.clone()
        game.apply(seat, action)
        other.apply(seat, f"{action} pay {' '.join(pay)}")
        assert other.players[seat].to_json() == game.players[seat].to_json()
        assert other.supply == game.supply
        return
    raise AssertionError("no game reached an ability")


def test_progress_counts_as_the_engine_checks():
    for seed in range(8):
        game = played(seed, 70)
        if game.is_over:
            continue
        seat = game.pending_players()[0]
        data = game.view(seat).to_json()
        board: PlayerState = game.players[seat]
        progress = data["progress"]
        assert set(progress) == {*board.hand, *board.started, *game.pack.public_quests}
        for quest_id in board.hand:
            quest = game.pack.quests[quest_id]
            reqs = quest.start if quest.needs_start else quest.requires
            met = all(p["value"] >= p["at_least"] for p in progress[quest_id])
            assert met == rules.met(board, game.pack, reqs)
            assert [p["at_least"] for p in progress[quest_id]] == [r.at_least for r in reqs]
        for quest_id, since in board.started.items():
            met = all(p["value"] >= p["at_least"] for p in progress[quest_id])
            assert met == rules.met(board, game.pack, game.pack.quests[quest_id].requires,
                                    since)
        assert game.view(None).to_json()["progress"] == {}


def test_moves_and_collects_allowed_are_public():
    game = played(2, 50)
    data = game.view(None).to_json()
    for seat, board in enumerate(game.players):
        assert data["players"][seat]["moves_allowed"] == rules.moves_allowed(board, game.pack)
        assert data["players"][seat]["collects_allowed"] == rules.collects_allowed(
            board, game.pack)


def test_recent_events_cover_the_last_round_and_hide_nothing_secret():
    game = played(4, 90)
    for seat in (None, 0, 1):
        recent = game.view(seat).to_json()["recent"]
        assert recent == [dict(e) for e in game.events[-len(recent):]]
        turns = [e for e in recent if e["type"] == "dominaria"]
        assert 1 <= len(turns) <= game.num_players
        assert recent[0]["type"] == "dominaria" or len(recent) == RECENT_EVENTS
        assert json.loads(json.dumps(recent)) == recent
        # Nobody's hand is in an event: a kept quest is counted, never named.
        for event in recent:
            if event["type"] == "quest":
                assert set(event) == {"type", "player", "count"}
    # The same for a game rebuilt from its log (as the server does after a restart).
    again = DominariaGame.replay(game.log)
    assert again.view(0).to_json()["recent"] == game.view(0).to_json()["recent"]


def test_before_the_first_turn_the_log_starts_with_the_game():
    game = herotable.new_game("dominaria", seed=1, players=3)
    for _ in range(3):
        player = game.pending_players()[0]
        game.apply(player, game.view(player).legal[0])
    # The three keeps, then each place in turn order and its VP.
    assert [e["type"] for e in game.view(None).recent] == ["quest"] * 3 + ["head_start"] * 3


def test_a_clone_keeps_the_recent_events():
    """The server tries an action on a clone and adopts it: its views still show the turn."""
    game = played(5, 60)
    copy = game.clone()
    assert copy.view(None).recent == game.view(None).recent
    player = copy.pending_players()[0]
    copy.apply(player, copy.view(player).legal[0])
    assert copy.view(None).recent[-1] != game.view(None).recent[-1]
