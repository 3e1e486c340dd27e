"""``herotable simulate``: seeds used as documented, the same results for any number of jobs,
seat rotation, the summary, CSV/JSON output, resumed runs and the command line's errors."""

import csv
import io
import json
import statistics

import pytest
from typer.testing import CliRunner

import herotable
from herotable.bots import BotError, bot_names, make_bot, registry
from herotable.bots.match import play_match
from herotable.bots.random_bot import RandomBot
from herotable.bots.seeding import BOT_SEED_SALT, DECISION_STEP, decision_seed
from herotable.cartographers.config import GameConfig
from herotable.cartographers.game import CartographersGame
from herotable.cli import app
from herotable.core.errors import HerotableError
from herotable.core.game import Standing, win_shares
from herotable.core.rng import SeededRng
from herotable.dominaria.config import DominariaConfig
from herotable.dominaria.game import DominariaGame
from herotable.simulate import (
    ProgressLog,
    SimulationSpec,
    csv_header,
    read_csv,
    simulate,
    summarise,
    write_csv,
)

runner = CliRunner()


def test_a_fixed_seed_gives_the_same_rows_twice():
    spec = SimulationSpec("cartographers", ["random", "random"], games=3, seed=7)
    first, second = simulate(spec), simulate(spec)
    assert first == second
    assert [r.results() for r in first] == [r.results() for r in second]
    assert [r.seed for r in first] == [7, 8, 9]
    assert [r.index for r in first] == [0, 1, 2]


def test_decision_seed_is_the_documented_splitmix_output():
    rng = SeededRng(41 ^ BOT_SEED_SALT)
    per_seat = [rng.next_u64() for _ in range(3)]
    for seat in range(3):
        for decision in (0, 1, 17):
            expected = SeededRng(per_seat[seat] ^ (decision * DECISION_STEP)).next_u64()
            assert decision_seed(41, seat, decision) == expected
    # Two copies of one bot in a game, or one bot at two decisions, must not draw alike.
    seeds = {decision_seed(41, seat, decision) for seat in range(3) for decision in range(50)}
    assert len(seeds) == 150


def test_a_bots_own_seed_does_not_change_the_game_it_plays():
    """play_match seeds every decision itself, so bots made with any seed and kept through
    the game play the game a fresh bot per decision plays (the server's way)."""
    names = ("greedy", "random")
    logs = []
    for made_with in (1, 2):
        game = herotable.new_game("dominaria", seed=9, players=2)
        play_match(game, [make_bot("dominaria", name, seed=made_with) for name in names])
        logs.append(game.log.to_json())
    fresh = herotable.new_game("dominaria", seed=9, players=2)
    while not fresh.is_over:
        seat = fresh.pending_players()[0]
        bot = make_bot("dominaria", names[seat],
                       seed=decision_seed(9, seat, len(fresh.log.entries)))
        view = fresh.view(seat)
        fresh.apply(seat, bot.decide(view, view.legal))
    assert logs[0] == logs[1] == fresh.log.to_json()


def test_a_row_is_the_game_played_by_hand_with_the_documented_seeds():
    spec = SimulationSpec("cartographers", ["random", "random"], games=2, seed=100,
                          preset="first_game")
    rows = simulate(spec)
    for i, row in enumerate(rows):
        game = CartographersGame(GameConfig.preset("first_game", players=2), 100 + i)
        bots = [make_bot("cartographers", "random") for _ in range(2)]
        clocks = play_match(game, bots)
        assert row.log == game.log.to_json()
        assert row.seed == 100 + i and row.preset == "first_game"
        assert [s.score for s in row.seats] == game.totals()
        assert [s.decisions for s in row.seats] == [c.decisions for c in clocks]
        ranks = {s.player: s.rank for s in game.standings()}
        assert [s.rank for s in row.seats] == [ranks[0], ranks[1]]


def test_a_dominaria_row_is_the_game_played_by_hand():
    row = simulate(SimulationSpec("dominaria", ["random"] * 3, games=1, seed=5))[0]
    game = DominariaGame(DominariaConfig(players=3), 5)
    play_match(game, [make_bot("dominaria", "random") for _ in range(3)])
    assert [s.score for s in row.seats] == [s["total"] for s in game.scores()]
    winners = game.winners()
    assert [s.win for s in row.seats] == [1 / len(winners) if p in winners else 0.0
                                          for p in range(3)]
    assert row.preset is None and row.rating is None


def test_solo_rows_carry_rating_and_title_and_the_summary_their_statistics():
    rows = simulate(SimulationSpec("cartographers", ["random"], games=4, seed=3))
    game = CartographersGame(GameConfig.preset("heroes", players=1), 3)
    play_match(game, [make_bot("cartographers", "random")])
    assert (rows[0].rating, rows[0].title) == (game.solo_rating(), game.solo_title("en"))
    assert rows[0].to_json()["title"] == game.solo_title("en")
    # Random play rates below -30, which earns no title: null in JSON, empty in the CSV.
    untitled = [r for r in rows if r.title is None]
    assert untitled and all(r.rating is not None and r.rating < -30 for r in untitled)
    assert json.loads(json.dumps(untitled[0].to_json()))["title"] is None
    out = io.StringIO()
    write_csv(rows, out)
    table = list(csv.DictReader(io.StringIO(out.getvalue())))
    assert table[untitled[0].index]["title"] == ""
    (line,) = summarise(rows)
    ratings = [r.rating for r in rows]
    assert line.games == 4 and line.win_rate == 1.0
    assert line.rating_mean == statistics.fmean(ratings)
    assert line.rating_median == statistics.median(ratings)
    assert line.rating_p10 is not None and line.rating_p90 is not None


@pytest.mark.parametrize(("game", "bots"), [("cartographers", ["random", "random"]),
                                            ("dominaria", ["random", "random", "random"])])
def test_two_jobs_give_the_same_rows_as_one(game, bots):
    spec = SimulationSpec(game, bots, games=4, seed=11)
    parallel = SimulationSpec(game, bots, games=4, seed=11, jobs=2)
    one, two = simulate(spec), simulate(parallel)
    assert [r.results() for r in one] == [r.results() for r in two]
    assert [r.index for r in two] == [0, 1, 2, 3]


@pytest.fixture
def three_bots(monkeypatch):
    """Three distinguishable (but equally random) Dominaria bots, registered for this test only."""
    names = ["random", "random_b", "random_c"]
    for name in names[1:]:
        cls = type(f"Bot_{name}", (RandomBot,), {"name": name, "game": "dominaria"})
        monkeypatch.setitem(registry._BOTS, ("dominaria", name), cls)
    return names


def test_rotation_seats_every_bot_in_every_seat(three_bots):
    rows = simulate(SimulationSpec("dominaria", three_bots, games=3, seed=1, rotate=True))
    for i, row in enumerate(rows):
        assert [s.bot for s in row.seats] == [three_bots[(s + i) % 3] for s in range(3)]
    for name in three_bots:
        assert {s.seat for r in rows for s in r.seats if s.bot == name} == {0, 1, 2}
    fixed = simulate(SimulationSpec("dominaria", three_bots, games=3, seed=1))
    assert all([s.bot for s in r.seats] == three_bots for r in fixed)
    assert [line.games for line in summarise(rows)] == [3, 3, 3]


def test_wins_add_up_to_one_game_each_and_ties_are_shared():
    tied = [Standing(0, 1, 9, 0), Standing(2, 1, 9, 0), Standing(1, 3, 4, 0)]
    assert win_shares(tied) == [0.5, 0.0, 0.5]
    assert win_shares([Standing(1, 1, 9, 0), Standing(0, 2, 4, 0)]) == [0.0, 1.0]
    rows = simulate(SimulationSpec("dominaria", ["random"] * 4, games=5, seed=2))
    assert all(sum(s.win for s in r.seats) == pytest.approx(1) for r in rows)


@pytest.mark.parametrize(("kwargs", "error", "words"), [
    ({"game": "chess", "bots": ["random"]}, HerotableError, "unknown game 'chess'"),
    ({"game": "cartographers", "bots": ["nope"]}, BotError, "known: random"),
    ({"game": "dominaria", "bots": ["random"] * 5}, HerotableError, "2 to 4 players"),
    ({"game": "dominaria", "bots": ["random"]}, HerotableError, "2 to 4 players"),
    ({"game": "cartographers", "bots": ["random"] * 101}, HerotableError, "1 to 100"),
    ({"game": "cartographers", "bots": []}, HerotableError, "at least one bot"),
    ({"game": "cartographers", "bots": ["random"], "games": 0}, HerotableError, "at least 1"),
    ({"game": "cartographers", "bots": ["random"], "jobs": 0}, HerotableError, "jobs"),
    ({"game": "cartographers", "bots": ["random"], "preset": "x"}, HerotableError,
     "option 'preset' must be one of"),
    ({"game": "dominaria", "bots": ["random"] * 2, "preset": "base"}, HerotableError,
     "no option 'preset'"),
])
def test_bad_specs_are_clear_errors(kwargs, error, words):
    with pytest.raises(error, match=words):
        SimulationSpec(**kwargs)


def test_unknown_bot_message_lists_the_registry():
    with pytest.raises(BotError) as info:
        SimulationSpec("dominaria", ["random", "nope"])
    assert all(name in str(info.value) for name in bot_names("dominaria"))


def test_csv_has_a_header_and_one_row_per_game():
    rows = simulate(SimulationSpec("cartographers", ["random"], games=3, seed=1))
    out = io.StringIO()
    write_csv(rows, out)
    table = list(csv.reader(io.StringIO(out.getvalue())))
    assert table[0] == csv_header(1, solo=True)
    assert table[0][:8] == ["index", "seed", "game", "preset", "seat0_bot", "seat0_score",
                            "seat0_rank", "seat0_win"]
    assert table[0][-2:] == ["rating", "title"]
    assert len(table) == 4
    assert table[1][table[0].index("rating")] == str(rows[0].rating)


# ---------------------------------------------------------------- the command line


def test_cli_json_for_dominaria():
    result = runner.invoke(app, ["simulate", "dominaria", "--players", "random,random",
                                 "--games", "3", "--seed", "4", "--json"])
    assert result.exit_code == 0, result.output
    rows = json.loads(result.stdout)
    assert [r["seed"] for r in rows] == [4, 5, 6]
    assert [len(r["seats"]) for r in rows] == [2, 2, 2]
    expected = simulate(SimulationSpec("dominaria", ["random", "random"], games=3, seed=4))
    assert [[s["score"] for s in r["seats"]] for r in rows] == [
        [s.score for s in r.seats] for r in expected]


def test_cli_csv_for_cartographers_with_two_jobs():
    result = runner.invoke(app, ["simulate", "cartographers", "--players", "random,random",
                                 "--games", "3", "--seed", "1", "--jobs", "2", "--csv",
                                 "--preset", "base"])
    assert result.exit_code == 0, result.output
    table = list(csv.DictReader(io.StringIO(result.stdout)))
    assert len(table) == 3
    assert {row["preset"] for row in table} == {"base"}
    assert "rating" not in table[0]


def test_cli_summary_table_for_both_games():
    result = runner.invoke(app, ["simulate", "cartographers", "--players", "random,random",
                                 "--games", "2", "--seed", "1"])
    assert result.exit_code == 0, result.output
    assert "seeds 1..2" in result.stdout and "preset heroes" in result.stdout
    assert "random" in result.stdout and "win %" in result.stdout
    result = runner.invoke(app, ["simulate", "dominaria", "--players", "random,random,random",
                                 "--games", "2", "--seed", "9", "--rotate"])
    assert result.exit_code == 0, result.output
    assert "seeds 9..10" in result.stdout and "random" in result.stdout


def test_cli_solo_summary_shows_ratings():
    result = runner.invoke(app, ["simulate", "cartographers", "--players", "random",
                                 "--games", "3", "--preset", "first_game"])
    assert result.exit_code == 0, result.output
    assert "rating" in result.stdout


def test_cli_out_file_gets_the_data_and_stdout_the_summary(tmp_path):
    path = tmp_path / "games.json"
    result = runner.invoke(app, ["simulate", "dominaria", "--players", "random,random",
                                 "--games", "2", "--json", "--out", str(path)])
    assert result.exit_code == 0, result.output
    assert len(json.loads(path.read_text())) == 2
    assert "random" in result.stdout


@pytest.mark.parametrize(("args", "words"), [
    (["cartographers", "--players", "random,nope"], "no bot 'nope'"),
    (["dominaria", "--players", "random,random,random,random,random"], "2 to 4 players"),
    (["cartographers", "--players", "random", "--games", "0"], "at least 1"),
    (["cartographers", "--players", "random", "--preset", "nope"],
     "option 'preset' must be one of"),
    (["chess", "--players", "random"], "unknown game 'chess'"),
    (["cartographers", "--players", "random", "--json", "--csv"], "one of --json and --csv"),
    (["cartographers", "--players", "random", "--option", "side"], "KEY=VALUE"),
    (["cartographers", "--players", "random", "--option", "side=Q"], "one of A, B, C, D"),
    (["cartographers", "--players", "random", "--option", "players=3"], "leave 'players' out"),
    (["dominaria", "--players", "random,random", "--option", "colour=red"],
     "no option 'colour'"),
])
def test_cli_user_errors_are_one_line_and_exit_2(args, words):
    result = runner.invoke(app, ["simulate", *args])
    assert result.exit_code == 2
    assert words in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1
    assert result.stdout == ""
    assert "Traceback" not in result.output


def test_options_set_up_every_game_of_a_run() -> None:
    spec = SimulationSpec("cartographers", ["random", "random"], games=2, seed=4,
                          options={"side": "B", "hero_turns": False})
    for index in range(2):
        game = spec.new_game(index)
        assert game.config.side == "B" and not game.config.hero_turns
    rows = simulate(spec)
    by_hand = herotable.new_game("cartographers", seed=4, players=2, side="B", hero_turns=False)
    play_match(by_hand, [make_bot("cartographers", "random") for _ in range(2)])
    assert [s.score for s in rows[0].seats] == [st.total for st in sorted(
        by_hand.standings(), key=lambda st: st.player)]


def test_cli_options_reach_the_games_and_the_summary() -> None:
    result = CliRunner().invoke(app, ["simulate", "dominaria", "--players", "random,random",
                                      "--games", "1", "--option", "two_mana=true"])
    assert result.exit_code == 0, result.output
    assert "two_mana=true" in result.stdout
    spec = SimulationSpec("dominaria", ["random", "random"], games=1,
                          options={"two_mana": True})
    assert spec.new_game(0).config.two_mana


def test_a_progress_log_says_how_far_a_run_is_at_most_every_ten_seconds():
    now = [0.0]
    log = ProgressLog(4, clock=lambda: now[0])
    now[0] = 3.0
    assert log.game_done() is None  # too soon after the start
    now[0] = 11.0
    assert log.game_done() == "simulate: 2/4 games done (50%), 11 s"
    now[0] = 12.0
    assert log.game_done() is None
    assert log.game_done() == "simulate: 4/4 games done (100%), 12 s"  # the last game always


def test_cli_csv_file_gets_each_game_as_it_finishes_then_game_order(tmp_path, monkeypatch):
    # A long run (on Ray, say) shows its rows at once and a stopped one keeps them: when the
    # third game starts, the file holds the header and the first two games already.
    import herotable.simulate as simulate_module

    path = tmp_path / "games.csv"
    seen: dict[int, list[str]] = {}
    play = simulate_module.play_one

    def watched(spec, index):
        seen[index] = path.read_text().splitlines() if path.exists() else []
        return play(spec, index)

    monkeypatch.setattr(simulate_module, "play_one", watched)
    result = runner.invoke(app, ["simulate", "cartographers", "--players", "random",
                                 "--games", "3", "--seed", "5", "--csv", "--out", str(path)])
    assert result.exit_code == 0, result.output
    assert seen[0] == [] and len(seen[2]) == 3 and seen[2][0].startswith("index,seed")
    table = list(csv.DictReader(io.StringIO(path.read_text())))
    assert [row["index"] for row in table] == ["0", "1", "2"]
    # Not on a terminal, plain lines say how far the run is (the last game's at least).
    assert "simulate: 3/3 games done (100%)" in result.output


# ---------------------------------------------------------------- resumed runs


@pytest.mark.parametrize("bots", [["random"], ["random", "greedy"]])
def test_a_csv_reads_back_as_the_rows_it_was_written_from(bots):
    rows = simulate(SimulationSpec("cartographers", bots, games=3, seed=4))
    out = io.StringIO()
    write_csv(rows, out)
    assert read_csv(out.getvalue()) == rows
    dominaria = simulate(SimulationSpec("dominaria", ["random", "random"], games=1, seed=2))
    out = io.StringIO()
    write_csv(dominaria, out)
    assert read_csv(out.getvalue()) == dominaria


def test_a_line_cut_short_is_left_out_and_a_bad_line_is_named():
    rows = simulate(SimulationSpec("cartographers", ["random"], games=3, seed=4))
    out = io.StringIO()
    write_csv(rows, out)
    text = out.getvalue()
    # Cut in the last line's rating: "12" cut to "1" would still read, so a line without its
    # end is never trusted.
    assert read_csv(text[:-8]) == rows[:2]
    assert read_csv(text[:text.index("\n") + 1]) == [] and read_csv("") == []
    lines = text.splitlines(keepends=True)
    with pytest.raises(HerotableError, match="line 3 of the CSV"):
        read_csv("".join([*lines[:2], "1,5,cartographers\n", lines[3]]))
    with pytest.raises(HerotableError, match="no CSV of herotable simulate"):
        read_csv("index,seed\n1,2\n")


def test_a_stopped_run_resumes_with_the_games_it_lacks(tmp_path, monkeypatch):
    import herotable.simulate as simulate_module

    whole = tmp_path / "whole.csv"
    arguments = ["simulate", "cartographers", "--players", "random,greedy", "--games", "4",
                 "--seed", "3", "--csv", "--out"]
    assert runner.invoke(app, [*arguments, str(whole)]).exit_code == 0
    text = whole.read_text()
    stopped = tmp_path / "stopped.csv"
    # Stopped while writing the third game's line: games 0 and 1 are kept, 2 and 3 played.
    stopped.write_text(text[:text.index("\n", text.index("\n", text.index("\n") + 1) + 1)
                            + 20])
    played: list[int] = []
    play = simulate_module.play_one

    def watched(spec, index):
        played.append(index)
        return play(spec, index)

    monkeypatch.setattr(simulate_module, "play_one", watched)
    result = runner.invoke(app, [*arguments, str(stopped), "--resume"])
    assert result.exit_code == 0, result.output
    # Game 0 is played again only to check the file is this run's; 2 and 3 are the new ones.
    assert played == [0, 2, 3]
    assert read_csv(stopped.read_text()) == read_csv(text)  # the same games, in game order
    # Resumed again, nothing is left to play; a missing file is a fresh run.
    played.clear()
    assert runner.invoke(app, [*arguments, str(stopped), "--resume"]).exit_code == 0
    assert played == [0]
    played.clear()
    fresh = tmp_path / "fresh.csv"
    assert runner.invoke(app, [*arguments, str(fresh), "--resume"]).exit_code == 0
    assert played == [0, 1, 2, 3]


RUN = ["simulate", "cartographers", "--players", "random,greedy", "--games", "2", "--seed",
       "3", "--csv"]


@pytest.mark.parametrize("change, message", [
    (["--seed", "4"], "dealt with seed 3, this run deals it with 4"),
    (["--players", "greedy,random"], "its seats were random,greedy"),
    (["--players", "random"], "not that of a run of 1 seat"),
    (["--games", "1"], "this run has 1 games"),
    (["--preset", "base"], "its preset is heroes"),
    # The CSV does not say the options: the first game kept, played again, does.
    (["--option", "side=B"], "comes out otherwise"),
])
def test_resuming_another_run_s_file_is_refused_and_leaves_it(tmp_path, change, message):
    path = tmp_path / "games.csv"
    assert runner.invoke(app, [*RUN, "--out", str(path)]).exit_code == 0
    before = path.read_text()
    changed = list(RUN)
    for option, value in zip(change[::2], change[1::2], strict=True):
        if option in changed:
            changed[changed.index(option) + 1] = value
        else:
            changed += [option, value]
    result = runner.invoke(app, [*changed, "--out", str(path), "--resume"])
    assert result.exit_code == 2 and message in result.output, result.output
    assert "cannot resume" in result.output and path.read_text() == before


@pytest.mark.parametrize("text", ["my notes, no line end", "my notes\nmore\n"])
def test_a_file_that_is_no_run_s_csv_is_never_overwritten(tmp_path, text):
    path = tmp_path / "notes.txt"
    path.write_text(text)
    result = runner.invoke(app, [*RUN, "--out", str(path), "--resume"])
    assert result.exit_code == 2 and "no CSV of this run" in result.output
    assert path.read_text() == text


def test_a_larger_games_count_extends_a_run(tmp_path):
    path = tmp_path / "games.csv"
    assert runner.invoke(app, [*RUN, "--out", str(path)]).exit_code == 0
    extended = list(RUN)
    extended[extended.index("--games") + 1] = "3"
    result = runner.invoke(app, [*extended, "--out", str(path), "--resume"])
    assert result.exit_code == 0 and "2 games kept" in result.output
    whole = tmp_path / "whole.csv"
    assert runner.invoke(app, [*extended, "--out", str(whole)]).exit_code == 0
    assert read_csv(path.read_text()) == read_csv(whole.read_text())


@pytest.mark.parametrize("arguments, message", [
    (["--resume"], "--resume needs --csv --out"),
    (["--json", "--out", "x.json", "--resume"], "--resume needs --csv --out"),
    (["--csv", "--out", "x.csv", "--resume", "--logs", "logs"], "leave them out"),
])
def test_resume_asks_for_a_csv_file_and_no_logs(arguments, message):
    result = runner.invoke(app, ["simulate", "cartographers", "--players", "random",
                                 *arguments])
    assert result.exit_code == 2 and message in result.output
