"""A host's own Heroes of Dominaria data pack on the server (``--dominaria-data``): checked at
start, played in every new game, recorded with it, and never swapped under a game made with
another pack."""

from __future__ import annotations

import re
import shutil
from importlib import resources
from pathlib import Path

import pytest
from typer.testing import CliRunner

from herotable.cli import app as cli
from herotable.dominaria.config import DominariaConfig, DominariaConfigError
from herotable.server.packs import HostPackError
from tests.server.conftest import make_client, new_game, state, wait_until

SHIPPED = Path(str(resources.files("herotable.dominaria").joinpath("data")))
TWO = [{"name": "Ann"}, {"name": "Bo"}]


def edited_pack(folder: Path, vp: int = 7) -> Path:
    """The shipped pack with one quest typed in "from the printed card" (a new name and VP)."""
    shutil.copytree(SHIPPED, folder)
    quests = folder / "quests.toml"
    text = quests.read_text("utf-8")
    start = text.index('id = "gaeas_blessing"')
    end = text.index("[[quest]]", start)
    record = text[start:end]
    typed = (record.replace('name = "Gaea\'s Blessing"', 'name = "Gaea\'s Gift"')
             .replace(re.findall(r"vp = \d+", record)[0], f'vp = {vp}')
             .replace('provenance = "designed"', 'provenance = "printed"'))
    assert typed != record
    quests.write_text(text[:start] + typed + text[end:], "utf-8")
    return folder


def test_the_server_plays_its_hosts_pack_in_new_games(sqlite_url: str, tmp_path: Path) -> None:
    folder = edited_pack(tmp_path / "printed")
    with make_client(sqlite_url, dominaria_data=str(folder)) as client:
        catalog = client.get("/api/catalog/dominaria").json()
        assert catalog["quests"]["gaeas_blessing"]["names"]["en"] == "Gaea's Gift"
        assert catalog["quests"]["gaeas_blessing"]["vp"] == 7
        assert catalog["pack"]["host"] is True
        created = new_game(client, "dominaria", TWO)
        live = client.app.state.service.live[created["id"]]  # type: ignore[attr-defined]
        assert live.game.pack.quests["gaeas_blessing"].vp == 7
        assert live.row.config["pack_digest"] == catalog["pack"]["digest"]
        # A bot in its worker process reads the same copy and plays on.
        bots = new_game(client, "dominaria", [{"bot": "random"}, {"bot": "random"}])
        wait_until(lambda: state(client, bots["id"])["seq"] >= 4, seconds=60)


def test_the_shipped_pack_is_marked_as_no_hosts(client) -> None:  # type: ignore[no-untyped-def]
    assert client.get("/api/catalog/dominaria").json()["pack"]["host"] is False


def test_the_tutorial_written_for_the_shipped_pack_is_not_offered_with_a_hosts(
        sqlite_url: str, tmp_path: Path) -> None:
    with make_client(sqlite_url, dominaria_data=str(edited_pack(tmp_path / "mine"))) as client:
        games = {g["name"]: g for g in client.get("/api/meta").json()["games"]}
        assert games["dominaria"]["tutorial"] is False
        assert games["cartographers"]["tutorial"] is True
        answer = client.post("/api/tutorials/dominaria", json={"name": "Ann"})
        assert answer.status_code == 404 and answer.json()["code"] == "not_offered"


@pytest.mark.parametrize("option", [{"data": "/etc"}, {"pack_digest": "0" * 64}])
def test_a_client_cannot_pick_the_pack(client, option) -> None:  # type: ignore[no-untyped-def]
    answer = client.post("/api/games", json={"game": "dominaria", "seats": TWO,
                                             "options": option})
    assert answer.status_code == 422, answer.text
    assert "local play only" in answer.json()["detail"]


def test_a_game_is_refused_once_its_pack_is_no_longer_served(sqlite_url: str,
                                                             tmp_path: Path) -> None:
    first = edited_pack(tmp_path / "first", vp=7)
    with make_client(sqlite_url, dominaria_data=str(first)) as client:
        game_id = new_game(client, "dominaria", TWO)["id"]
        shipped_id = None
    with make_client(sqlite_url) as client:  # the host went back to the shipped pack
        answer = client.get(f"/api/games/{game_id}")
        assert answer.status_code == 409, answer.text
        assert answer.json()["code"] == "pack_not_served"
        shipped_id = new_game(client, "dominaria", TWO)["id"]
    changed = edited_pack(tmp_path / "changed", vp=8)  # the host edited their pack
    with make_client(sqlite_url, dominaria_data=str(changed)) as client:
        for refused in (game_id, shipped_id):
            answer = client.get(f"/api/games/{refused}")
            assert answer.status_code == 409, answer.text
            assert answer.json()["code"] == "pack_not_served"
        assert client.get("/api/games").status_code == 200  # the rest is served
    moved = edited_pack(tmp_path / "moved", vp=7)  # the same content in another folder
    with make_client(sqlite_url, dominaria_data=str(moved)) as client:
        assert state(client, game_id)["seq"] == 0


def test_a_bad_pack_stops_the_server_naming_the_file(sqlite_url: str, tmp_path: Path) -> None:
    folder = edited_pack(tmp_path / "broken")
    quests = folder / "quests.toml"
    quests.write_text(quests.read_text("utf-8").replace('metric = "leylines"',
                                                        'metric = "wealth"', 1), "utf-8")
    with pytest.raises(HostPackError, match=r"quests.toml .*unknown metric 'wealth'"):
        make_client(sqlite_url, dominaria_data=str(folder))
    result = CliRunner().invoke(cli, ["serve", "--no-browser", "--database-url", sqlite_url,
                                      "--dominaria-data", str(folder)])
    assert result.exit_code == 2
    assert "quests.toml" in result.output and "wealth" in result.output


def test_the_environment_names_the_hosts_pack(sqlite_url: str, tmp_path: Path,
                                              monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("HEROTABLE_DOMINARIA_DATA", str(edited_pack(tmp_path / "printed")))
    with make_client(sqlite_url) as client:
        assert client.get("/api/catalog/dominaria").json()["pack"]["host"] is True


def test_a_config_refuses_a_pack_with_other_content(tmp_path: Path) -> None:
    folder = edited_pack(tmp_path / "printed")
    digest = DominariaConfig(data=str(folder)).pack().digest
    assert digest != DominariaConfig().pack().digest
    assert DominariaConfig(data=str(folder), pack_digest=digest).pack().digest == digest
    with pytest.raises(DominariaConfigError, match="not the one this game was made with"):
        DominariaConfig(pack_digest=digest)
