"""Refusal codes: the declared set, its listing in docs/api.md, a message for each code in
every catalogue, the codes the engines and the server actually send, and the catalogues'
Python reader that the terminals use."""

from __future__ import annotations

import pickle
import random
import re
from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from herotable import messages
from herotable.cartographers.actions import Destroy, Draw, DrawMonster, PlaceHero
from herotable.cartographers.refusals import CartographersRefusal
from herotable.core.errors import HerotableError, IllegalAction, RefusalCode, terms
from herotable.core.game import Game
from herotable.dominaria.game import DominariaGame
from herotable.dominaria.names import LANGUAGES, record_names
from herotable.dominaria.rules import met
from herotable.dominaria.state import Choice
from herotable.registry import new_game
from herotable.server.app import create_app
from herotable.server.errors import Busy, StaleSeq
from herotable.server.settings import Settings
from tests.dominaria_helpers import game_in_play
from tests.helpers import cells_mask, rigged_game
from tests.refusal_checks import CODES, DECLARED, check_declared, declaring_classes

DOCS = Path(__file__).resolve().parent.parent / "docs" / "api.md"
ROW = re.compile(r"^\| `(\w+)` \| ([^|]*) \|", re.MULTILINE)


# ---------------------------------------------------------------- the declared set


def test_every_class_of_codes_in_the_package_is_declared():
    assert declaring_classes() == {table.__name__ for table in DECLARED}


def test_codes_are_unique_across_every_table():
    assert len(CODES) == sum(len(table) for table in DECLARED)


def documented() -> dict[str, tuple[str, ...]]:
    text = DOCS.read_text("utf-8")
    section = text[text.index("## Refusals"):text.index("## Conformance")]
    return {code: tuple(re.findall(r"`(\w+)`", params)) for code, params in ROW.findall(section)}


def test_docs_list_every_code_with_its_parameters():
    assert documented() == {code: member.params for code, member in CODES.items()}


@pytest.mark.parametrize("language", messages.languages())
def test_every_code_has_a_message_naming_its_parameters_in_every_catalogue(language):
    refusals = messages.catalogue(language)["refusal"]
    assert sorted(refusals) == sorted(CODES), language
    for code, member in CODES.items():
        texts = refusals[code].values() if isinstance(refusals[code], dict) else [refusals[code]]
        for text in texts:
            named = set(re.findall(r"\{(\w+)\}", text))
            # {detail}, the English sentence, only where the code has no params of its own.
            allowed = {"detail"} if not member.params else set()
            assert set(member.params) <= named <= set(member.params) | allowed, (language, code)


def test_an_error_must_give_exactly_its_codes_parameters():
    with pytest.raises(AssertionError):
        IllegalAction("no", CODES["overlap"], {})
    with pytest.raises(AssertionError):
        IllegalAction("no", CODES["game_over"], {"extra": 1})


# ---------------------------------------------------------------- what the engines raise

DRAWN = ["forest", "village", "farm", "water", "monster", "mountain", "lava", ""]


def cartographers_junk(rng: random.Random, players: int) -> tuple[int, object]:
    """A seat (sometimes none of the game's) and an action that is most likely refused."""
    seat = rng.randrange(players + 2) - 1
    cells = rng.getrandbits(121) if rng.getrandbits(1) else 1 << rng.randrange(125)
    row, col = rng.randrange(14) - 1, rng.randrange(14) - 1
    action = rng.choice([
        Draw(rng.choice(DRAWN), cells), DrawMonster(cells), Destroy(row, col),
        PlaceHero(row, col, rng.randrange(6) - 1), "draw forest A1", "hero Z9", "paint", 7])
    return seat, action


def dominaria_junk(rng: random.Random, game) -> tuple[int, str]:
    verb = rng.choice(["keep", "place", "move", "collect", "recruit", "discover", "confront",
                       "manalith", "leyline", "use", "start", "complete", "claim", "end",
                       "fly"])
    ids = [*game.pack.locations, *game.pack.quests, *game.pack.artifacts,
           *game.pack.public_quests, "nowhere"]
    args = " ".join(rng.choice(ids) for _ in range(rng.randrange(3)))
    pay = " pay " + " ".join(rng.choice("WUBRGX") for _ in range(rng.randrange(4))) \
        if rng.randrange(4) == 0 else ""
    return rng.randrange(game.num_players + 1), f"{verb} {args}{pay}".strip()


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32), players=st.integers(1, 3), game_name=st.sampled_from(
    ["cartographers", "dominaria"]))
def test_every_refusal_the_engines_raise_carries_a_declared_code(seed, players, game_name):
    if game_name == "dominaria":
        players = max(players, 2)
    game = new_game(game_name, seed=seed, players=players)
    rng = random.Random(seed)
    raised = 0
    for _ in range(60):
        if game.is_over:
            break
        for _ in range(3):
            seat, action = (cartographers_junk(rng, players) if game_name == "cartographers"
                            else dominaria_junk(rng, game))
            try:
                game.apply(seat, action)  # type: ignore[arg-type]
            except HerotableError as refused:
                check_declared(refused)
                raised += 1
            if game_name == "cartographers" and 0 <= seat < players:
                try:
                    game.view(seat).preview(action)  # type: ignore[attr-defined]
                except HerotableError as refused:
                    check_declared(refused)
        pending = game.pending_players()
        if pending:
            seat = rng.choice(pending)
            legal = game.legal_actions(seat)
            game.apply(seat, legal[rng.randrange(len(legal))])
    assert raised


# ---------------------------------------------------------------- what the server sends


@pytest.fixture
def client(tmp_path):
    with TestClient(create_app(Settings(database_url=f"sqlite:///{tmp_path / 'g.sqlite3'}")),
                    raise_server_exceptions=False) as client:
        yield client


def test_the_server_answers_every_refusal_with_its_code_and_params(client):
    created = client.post("/api/games", json={
        "game": "cartographers", "options": {}, "seats": [{"name": "Ann"}, {"name": "Bo"}],
        "seed": 5}).json()
    token = created["seats"][0]["token"]
    headers = {"Authorization": f"Bearer {token}"}
    game = client.get(f"/api/games/{created['id']}", headers=headers).json()

    illegal = client.post(f"/api/games/{created['id']}/actions", headers=headers,
                          json={"seq": game["seq"], "action": "hero A1"})
    body = illegal.json()
    assert illegal.status_code == 422
    assert body["code"] == "wrong_action"
    assert body["params"] == {"owed": terms("action_kind", "draw"), "action": "hero A1 r0"}
    assert body["detail"].startswith("a draw action is owed now")

    assert client.get("/api/games/nosuchgame1").json()["code"] == "unknown_game"
    stale = client.post(f"/api/games/{created['id']}/actions", headers=headers,
                        json={"seq": game["seq"] + 3, "action": "hero A1"})
    assert (stale.status_code, stale.json()["code"]) == (409, "stale_seq")
    assert client.post(f"/api/games/{created['id']}/actions",
                       json={"seq": game["seq"], "action": "hero A1"}).json()["code"] \
        in {"spectator", "token_needed"}
    malformed = client.post(f"/api/games/{created['id']}/actions", headers=headers,
                            json={"seq": -1})
    assert (malformed.status_code, malformed.json()["code"]) == (422, "bad_request")
    dominaria = client.post("/api/games", json={
        "game": "dominaria", "options": {}, "seats": [{"name": "Ann"}, {"name": "Bo"}]}).json()
    not_offered = client.get(f"/api/games/{dominaria['id']}/preview")
    assert not_offered.status_code == 404
    assert not_offered.json() == {"detail": "dominaria has no score preview",
                                  "code": "not_offered", "params": {"game": "dominaria"}}
    for answer in (illegal, stale, malformed, not_offered):
        assert set(answer.json()) == {"detail", "code", "params"}
        assert answer.json()["code"] in CODES


def test_the_server_serves_each_catalogue_and_refuses_another_language(client):
    for language in messages.languages():
        answer = client.get(f"/api/messages/{language}")
        assert answer.status_code == 200
        assert answer.json() == messages.catalogue(language)
    unknown = client.get("/api/messages/xx")
    assert (unknown.status_code, unknown.json()["code"]) == (404, "unknown_language")


# ---------------------------------------------------------------- the catalogues' reader


def test_a_message_fills_its_placeholders_in_the_language_asked():
    params = {"cells": "B2"}
    assert messages.message("refusal.overlap", params) == "Already filled: B2."
    assert messages.message("refusal.overlap", params, "ru") == "Уже заполнено: B2."
    assert messages.message("refusal.overlap", {}, "ru") == "Уже заполнено: {cells}."
    assert messages.message("no.such.key", {}, "ru") is None


@pytest.mark.parametrize(("count", "english", "russian"), [
    (1, "Keep 1 card of a, b.", "Оставьте 1 карту из: a, b."),
    (2, "Keep 2 different cards of a, b.", "Оставьте 2 разные карты из: a, b."),
    (5, "Keep 5 different cards of a, b.", "Оставьте 5 разных карт из: a, b."),
    (21, "Keep 21 different cards of a, b.", "Оставьте 21 карту из: a, b."),
])
def test_plural_messages_follow_each_languages_plural_rules(count, english, russian):
    params = {"count": count, "cards": "a, b"}
    assert messages.message("refusal.keep_count", params, "en") == english
    assert messages.message("refusal.keep_count", params, "ru") == russian


class Undeclared(RefusalCode):
    NO_MESSAGE = ("no_message_anywhere", (), "a code no catalogue has a message for")


def test_a_refusal_is_said_in_the_language_asked_else_in_its_own_english():
    overlap = IllegalAction("cells B2 are already filled", CODES["overlap"], {"cells": "B2"})
    assert messages.refusal_text(overlap, "ru") == "Уже заполнено: B2."
    assert messages.refusal_text(overlap, "xx") == "Already filled: B2."
    unknown = IllegalAction("the English sentence", Undeclared.NO_MESSAGE)
    assert messages.refusal_text(unknown, "ru") == "the English sentence"


@pytest.mark.parametrize(("environ", "language"), [
    ({}, "en"),
    ({"LANG": "ru_RU.UTF-8"}, "ru"),
    ({"LC_ALL": "en_GB.UTF-8", "LANG": "ru_RU.UTF-8"}, "en"),
    ({"LC_MESSAGES": "ru_RU", "LANG": "en_US"}, "ru"),
    ({"LANG": "C.UTF-8"}, "en"),
    ({"LANG": "de_DE.UTF-8"}, "en"),
])
def test_the_terminal_language_comes_from_the_environment(environ, language):
    assert messages.environment_language(environ) == language


def test_a_card_a_refusal_names_is_named_in_the_language_asked():
    game = rigged_game(["coastal_encampment", "lagoon"], players=2)
    with pytest.raises(IllegalAction) as refused:
        game.apply(0, Draw("farm", cells_mask("A1", "A2", "A3", "B3")))
    names = game.cards.explore["coastal_encampment"].names
    assert names.ru != names.en
    assert refused.value.params["card"] == names.to_json()
    assert str(refused.value).startswith(names.en)  # the English detail, as before
    assert messages.refusal_text(refused.value, "ru").startswith(f"«{names.ru}»")
    assert messages.refusal_text(refused.value, "en").startswith(names.en)


def test_words_of_the_game_a_refusal_names_are_said_in_the_language_asked():
    game = rigged_game(["coastal_encampment", "lagoon"], players=2)
    card = game.cards.explore["coastal_encampment"]
    wrong = next(t for t in ("forest", "village", "farm", "water") if t not in card.terrains)
    with pytest.raises(IllegalAction) as refused:
        game.apply(0, Draw(wrong, cells_mask("A1", "A2", "A3", "B3")))
    assert refused.value.params["terrain"] == {"terms": "terrain", "words": [wrong]}
    assert str(refused.value).endswith(f"not {wrong}")  # the English detail, as before
    russian = messages.refusal_text(refused.value, "ru")
    english = messages.refusal_text(refused.value, "en")
    for terrain in (*card.terrains, wrong):
        assert messages.message(f"terrain.{terrain}", None, "ru") in russian
        assert messages.message(f"terrain.{terrain}", None, "en") in english
    assert wrong not in russian
    # A word the catalogue does not know is said as itself.
    unknown = IllegalAction("x", refused.value.code, {**refused.value.params,
                                                      "terrain": terms("terrain", "lava")})
    assert "lava" in messages.refusal_text(unknown, "ru")


def _every_error_class(base: type[HerotableError] = HerotableError) -> list[type[HerotableError]]:
    found: list[type[HerotableError]] = []
    for cls in base.__subclasses__():
        found += [cls, *_every_error_class(cls)]
    return found


def test_a_refusal_crosses_a_process_boundary_whole():
    """Worker processes (simulate --jobs, Ray, the server's bot workers) hand errors back
    pickled: every class keeps its message, code, params and own fields."""
    refused = IllegalAction("cells A1 are already filled", CartographersRefusal.OVERLAP,
                            {"cells": "A1"})
    stale = StaleSeq("seq 3 is behind", params={"seq": 3})
    busy = Busy("too many hints", retry_after=2.5)
    for error in (refused, stale, busy):
        back = pickle.loads(pickle.dumps(error))
        assert type(back) is type(error) and str(back) == str(error)
        assert (back.code, back.params) == (error.code, error.params)
    assert pickle.loads(pickle.dumps(busy)).retry_after == 2.5
    classes = _every_error_class()
    assert len(classes) > 10
    for cls in classes:
        code = cls.default_code
        error = cls.__new__(cls)
        HerotableError.__init__(error, f"a {cls.__name__}", code,
                                {name: 1 for name in code.params})
        back = pickle.loads(pickle.dumps(error))
        assert (type(back), str(back), back.code, back.params) == (
            cls, str(error), code, error.params), cls


# ---------------------------------------------------------------- names and words, said in Russian

LATIN = re.compile(r"[A-Za-z]")


def russian_refusal(game: Game, player: int, action: object, code: str) -> IllegalAction:
    """The refusal of ``action``, checked to have ``code`` and to leave no Latin letter in its
    Russian text (the action's own notation aside)."""
    with pytest.raises(IllegalAction) as refused:
        game.apply(player, action)  # type: ignore[arg-type]
    assert refused.value.code == code
    russian = messages.refusal_text(refused.value, "ru").replace(str(action), "")
    assert not LATIN.search(russian), russian
    return refused.value


def test_the_decision_owed_is_said_in_the_language_asked():
    game = rigged_game(["coastal_encampment", "lagoon"], players=2)
    hero = PlaceHero(5, 5, 0)
    with pytest.raises(IllegalAction) as previewed:
        game.view(0).preview(hero)
    for refused in (russian_refusal(game, 0, hero, "wrong_action"), previewed.value):
        assert refused.params["owed"] == terms("action_kind", "draw")
        assert str(refused) == f"a draw action is owed now, not {hero}"  # as before
        assert messages.message("action_kind.draw", None, "ru") in messages.refusal_text(
            refused, "ru")
        assert messages.refusal_text(refused, "en") == "A draw action is owed now, not hero F6 r0."


def dominaria_names(game: DominariaGame, kind: str, *ids: str) -> list[dict[str, str]]:
    found = [record_names(game.pack, kind, record_id) for record_id in ids]
    assert all(name["ru"] != name["en"] for name in found)  # so the test can tell them apart
    return found


def test_a_dominaria_quest_is_named_in_the_language_asked():
    game = game_in_play(2)
    player = game.current
    unmet = next(q.id for q in game.pack.quests.values()
                 if not q.needs_start and q.requires
                 and not met(game.players[player], game.pack, q.requires))
    game.players[player].hand.append(unmet)
    refused = russian_refusal(game, player, f"complete {unmet}", "quest_unmet")
    [name] = dominaria_names(game, "quests", unmet)
    assert refused.params == {"quest": name}
    assert name["ru"] in messages.refusal_text(refused, "ru")
    assert name["en"] in messages.refusal_text(refused, "en")
    assert str(refused).startswith(f"you cannot complete {name['en']} yet: it needs ")
    game.players[player].hand.remove(unmet)

    straight = next(q.id for q in game.pack.quests.values() if not q.needs_start)
    game.players[player].hand.append(straight)
    refused = russian_refusal(game, player, f"start {straight}", "no_start")
    [name] = dominaria_names(game, "quests", straight)
    assert name["ru"] in messages.refusal_text(refused, "ru")
    assert str(refused) == f"{name['en']} is completed straight from your hand"


def test_a_dominaria_artifact_is_named_in_the_language_asked():
    game = game_in_play(2)
    player = game.current
    passive = next(a.id for a in game.pack.artifacts.values()
                   if a.ability.kind not in ("turn", "once"))
    game.players[player].artifacts.append(passive)
    refused = russian_refusal(game, player, f"use {passive}", "passive")
    [name] = dominaria_names(game, "artifacts", passive)
    assert name["ru"] in messages.refusal_text(refused, "ru")
    assert str(refused) == f"{name['en']} has no ability to use (it works by itself)"


def test_the_cards_a_player_looks_at_are_listed_in_the_language_asked():
    game = game_in_play(2)
    player = game.current
    shown = list(game.pack.artifacts)[:2]
    game.players[player].choice = Choice("artifact", shown)
    refused = russian_refusal(game, player, "end", "keep_card_first")
    first, second = dominaria_names(game, "artifacts", *shown)
    assert refused.params == {"cards": {
        language: f"{first[language]}, {second[language]}" for language in LANGUAGES}}
    assert str(refused) == f"first keep one of the cards you are looking at: {' or '.join(shown)}"


def test_a_dominaria_location_is_named_in_the_language_asked():
    game = game_in_play(2)
    player = game.current
    away = next(loc for loc in game.pack.locations.values()
                if not loc.start and loc.id not in game.players[player].heroes)
    refused = russian_refusal(game, player, f"discover {away.id}", "no_hero")
    [name] = dominaria_names(game, "locations", away.id)
    assert refused.params == {"location": name}
    refused = russian_refusal(game, player, f"recruit {away.id}", "start_location")
    starts = dominaria_names(game, "locations", *game.pack.start_locations)
    assert refused.params["starts"] == {
        language: ", ".join(start[language] for start in starts) for language in LANGUAGES}
    assert str(refused) == (f"a recruited Hero enters at a start location "
                            f"({', '.join(game.pack.start_locations)})")
