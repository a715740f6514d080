"""The command line works end to end (typer's runner, no subprocess)."""

from pathlib import Path

import pytest
from typer.testing import CliRunner

from tests import headless

from meeplegym.cli import app
from meeplegym.envs.scythe.actions import N_ACTIONS

runner = CliRunner()


def test_info_lists_every_game_with_its_envs_sizes_without_building_an_env(monkeypatch):
    """issue 51: `meeplegym info` compiled all three engines (minutes on a cold cache) to read two numbers."""
    from meeplegym import make_env
    from meeplegym.aec import TurnBasedEnv
    from meeplegym.registry import GAMES

    sizes = {}
    for game in GAMES:
        env = make_env(game)
        sizes[game] = (env.action_space("player_0").n, env.observation_space("player_0")["observation"].shape[0])

    def refuse(*args, **kwargs):
        raise AssertionError("info built an env")

    monkeypatch.setattr(TurnBasedEnv, "__init__", refuse)
    result = runner.invoke(app, ["info"])
    assert result.exit_code == 0, result.output
    assert "scythe_v0" in result.output and str(N_ACTIONS) in result.output
    for actions, observation in sizes.values():
        assert f" {actions} " in result.output and f" {observation} " in result.output


def test_play_reaches_the_end_of_a_game_against_bots():
    result = runner.invoke(app, ["play", "scythe", "--players", "3", "--autoplay", "--seed", "4",
                                 "--opponents", "scythe.builder,random"])
    assert result.exit_code == 0, result.output
    assert "final scores" in result.output and "game over" in result.output
    bad = runner.invoke(app, ["play", "scythe", "--players", "3", "--opponents", "a,b,c"])
    assert bad.exit_code != 0 and "give one opponent or 2" in bad.output


def test_play_runs_a_whole_imperium_game():
    result = runner.invoke(app, ["play", "imperium", "--players", "2", "--autoplay", "--seed", "3",
                                 "--opponents", "imperium.scholar"])
    assert result.exit_code == 0, result.output
    assert "final scores" in result.output and "Game over" in result.output
    assert "\x1b[" not in result.output  # the text board's ANSI styles go through rich, not raw


def test_play_runs_a_whole_oath_game_and_takes_a_human_choice():
    result = runner.invoke(app, ["play", "oath", "--players", "3", "--autoplay", "--seed", "4",
                                 "--opponents", "oath.warlord"])
    assert result.exit_code == 0, result.output
    assert "final scores" in result.output and "Game over" in result.output and " wins (" in result.output
    human = runner.invoke(app, ["play", "oath", "--players", "2", "--seed", "1"], input="x\n0\n0\nq\n")
    assert human.exit_code == 0, human.output
    assert "enter a number" in human.output and "Oath of" in human.output


def test_play_passes_game_options_the_imperium_training_mode_alone():
    result = runner.invoke(app, ["play", "imperium", "--players", "1", "--option", "training=true", "--autoplay",
                                 "--seed", "2"])
    assert result.exit_code == 0, result.output
    # the 12-prg timer ran out after the 12th turn (I15.1)
    assert "final scores" in result.output and "turn 12" in result.output and "turn 13" not in result.output
    bad = runner.invoke(app, ["play", "imperium", "--players", "1", "--option", "training"])
    assert bad.exit_code != 0 and "KEY=VALUE" in bad.output
    solo = runner.invoke(app, ["play", "imperium", "--players", "1", "--option", "difficulty=tyrant"])
    assert solo.exit_code != 0 and "difficulty" in solo.output


def test_play_takes_back_a_decision_saves_and_resumes(tmp_path):
    import json

    saved = tmp_path / "game.json"
    # u: nothing yet; 0: a section; u: take it back; 0 again; then save and quit
    result = runner.invoke(app, ["play", "scythe", "--seed", "2"], input=f"u\n0\nu\n0\ns\n{saved}\nq\n")
    assert result.exit_code == 0, result.output
    assert "nothing to take back" in result.output and "taken back" in result.output
    assert result.output.count("choose (number") == 6  # each answer was asked for at a decision
    import re

    def menu(text):
        return re.findall(r"^ +\d+  .*$", text, re.M)

    first = menu(result.output.split("choose (number")[0])
    after_undo = menu(result.output.split("taken back")[1].split("choose (number")[0])
    assert first and after_undo == first  # back at the very same decision
    state = json.loads(saved.read_text())
    assert state["seat"] == 0 and state["opponents"] == "random" and state["state"]
    resumed = runner.invoke(app, ["play", "--resume", str(saved)], input="u\nq\n")
    assert resumed.exit_code == 0, resumed.output
    assert "nothing to take back" in resumed.output  # a resumed game starts with nothing to undo
    from meeplegym.registry import make_env

    env = make_env("scythe", num_players=2)
    env.reset(seed=0)
    env.unwrapped.load_state_dict(state["state"])
    assert env.unwrapped.decision_name() in resumed.output  # the saved decision is the one asked


def test_play_takes_a_human_choice_then_quits():
    result = runner.invoke(app, ["play", "scythe", "--seed", "1"], input="x\n0\nq\n")
    assert result.exit_code == 0, result.output
    assert "enter a number" in result.output  # the bad input was refused, then 0 accepted
    assert "Section" in result.output


@pytest.mark.parametrize("game, words", [("scythe", "your combat cards: "), ("imperium", "your hand: "),
                                         ("oath", "your facedown advisers: ")])
def test_a_person_playing_sees_their_hidden_cards_by_name(game, words):
    """issue 51: in Imperium your hand showed only as "hand 5"; the board shows hidden cards as counts."""
    from meeplegym import make_env

    result = runner.invoke(app, ["play", game, "--seed", "3"], input="0\nq\n")
    assert result.exit_code == 0, result.output
    assert words in result.output
    if game == "imperium":  # the names of the cards dealt to seat 0 of this game
        env = make_env(game, num_players=2)
        env.reset(seed=3)
        hand = env.unwrapped.game.render.private_text(env.unwrapped.state_record, 0)
        assert hand.split(": ", 1)[1].split(", ")[0] in result.output


def test_a_person_playing_is_told_what_the_other_seats_did_since_their_last_decision():
    """issue 51: you diffed the board yourself to find the opponents' moves."""
    result = runner.invoke(app, ["play", "scythe", "--seed", "5", "--opponents", "scythe.builder"], input="0\n0\n0\n0\nq\n")
    assert result.exit_code == 0, result.output
    assert "since your last decision:" in result.output and "  seat 1, " in result.output


def test_unknown_game_is_refused():
    result = runner.invoke(app, ["play", "chess"])
    assert result.exit_code != 0
    assert "unknown game" in result.output


def test_tournament_command_stores_and_rates(tmp_path):
    from typer.testing import CliRunner

    from meeplegym.cli import app

    db = tmp_path / "t.sqlite"
    result = CliRunner().invoke(app, ["tournament", "scythe", "--agents", "random,random", "--games", "2",
                                      "--max-turns", "6", "--db", str(db)])
    assert result.exit_code == 0, result.output
    assert "ratings" in result.output and db.exists()
    import sqlite3

    assert sqlite3.connect(db).execute("SELECT COUNT(*) FROM games").fetchone()[0] == 2
    bad = CliRunner().invoke(app, ["tournament", "scythe", "--agents", "random,nobody", "--db", str(db)])
    assert bad.exit_code != 0 and "unknown agent" in bad.output
    bad = CliRunner().invoke(app, ["tournament", "scythe", "--backend", "dask", "--db", str(db)])
    assert bad.exit_code != 0 and "unknown backend 'dask'" in bad.output


def test_user_strings_are_printed_as_text_not_rich_markup(tmp_path):
    """issue 47: a policy path holding "[/bold]" once crashed the tournament summary after the games."""
    torch = pytest.importorskip("torch")
    from meeplegym.agents.policy_agent import build_actor, save_policy
    from meeplegym.envs import scythe_v0

    env = scythe_v0.env(num_players=2)
    size, actions = env.unwrapped.game.observation_size, env.unwrapped.game.num_actions
    path = tmp_path / "[/bold][red]x" / "policy.pt"
    save_policy(path, build_actor(size, [8], actions), game="scythe", num_players=2, hidden=[8], activation="relu",
                obs_mean=torch.zeros(size), obs_var=torch.ones(size))
    result = runner.invoke(app, ["tournament", "scythe", "--agents", f"policy:{path},random", "--games", "2",
                                 "--max-turns", "3", "--db", str(tmp_path / "t.sqlite")])
    assert result.exit_code == 0, result.output  # as markup, the name raised Rich's MarkupError
    assert "ratings" in result.output


def test_balance_command_writes_a_report(tmp_path):
    import pytest

    pytest.importorskip("matplotlib")
    from typer.testing import CliRunner

    from meeplegym.cli import app

    result = CliRunner().invoke(app, ["balance", "scythe", "--games", "3", "--players", "2", "--max-turns", "6",
                                      "--db", str(tmp_path / "b.sqlite"), "--out", str(tmp_path / "rep")])
    assert result.exit_code == 0, result.output
    assert (tmp_path / "rep" / "report.html").exists() and (tmp_path / "rep" / "by_faction.png").exists()


def test_agents_command_lists_random():
    from typer.testing import CliRunner

    from meeplegym.cli import app

    result = CliRunner().invoke(app, ["agents", "scythe"])
    assert result.exit_code == 0 and "random" in result.output


def test_demo_runs_end_to_end_small(tmp_path):
    """What `make demo` runs, shrunk: the commands it calls as functions get every option."""
    import pytest

    pytest.importorskip("matplotlib")
    result = runner.invoke(app, ["demo", "--games", "4", "--tournament-games", "1", "--balance-games", "2",
                                 "--out", str(tmp_path)])
    assert result.exit_code == 0, result.output
    for name in ("scythe", "imperium", "oath"):
        assert (tmp_path / f"replay-{name}.html").stat().st_size > 10_000
    report = tmp_path / "balance-report" / "report.html"
    assert str(report) in result.output.replace("\n", "")  # the demo says where its report is
    if headless.chromium():  # the report as a browser draws it (issue 11)
        image = headless.screenshot(report.as_uri(), tmp_path / "report.png", size=(1000, 1400))
        assert len(image.getcolors(1 << 20)) > 50


def test_play_shows_the_picture_in_a_window(monkeypatch):
    import pytest

    pytest.importorskip("pygame")
    for name in ("DISPLAY", "WAYLAND_DISPLAY", "SDL_VIDEODRIVER"):
        monkeypatch.delenv(name, raising=False)
    refused = runner.invoke(app, ["play", "scythe", "--gui", "--autoplay", "--seed", "4"])
    assert refused.exit_code != 0 and "needs a display" in refused.output
    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")  # SDL's off-screen driver stands in for a display
    result = runner.invoke(app, ["play", "scythe", "--gui", "--autoplay", "--seed", "4"])
    assert result.exit_code == 0, result.output
    shown = int(result.output.split("window: ")[1].split()[0])
    assert shown > 10  # a picture per turn, and the last one


def test_bad_paths_and_databases_are_named_before_any_game_is_played(tmp_path):
    """issue 47: a message naming the file and a non-zero exit, checked before the work, not a
    traceback (or a lost sweep) after it."""
    def refused(*args):
        result = runner.invoke(app, list(args), env={"COLUMNS": "500"})
        assert result.exit_code != 0 and "Traceback" not in result.output
        return " ".join(result.output.split())

    text = tmp_path / "notes.sqlite"
    text.write_text("not a database")
    assert "notes.sqlite is not a SQLite database" in refused("tournament", "scythe", "--db", str(text))
    assert "folder" in refused("tournament", "scythe", "--db", str(tmp_path / "nowhere" / "t.sqlite"))
    report = tmp_path / "report"
    report.write_text("a file, not a folder")
    db = tmp_path / "b.sqlite"
    assert "report exists and is not a folder" in refused("balance", "scythe", "--out", str(report), "--db", str(db))
    assert not db.exists()  # no game was played
    assert "none.sqlite: no such database" in refused("replay", "0", "--db", str(tmp_path / "none.sqlite"))
    assert "does not exist" in refused("replay", "0", "--html", str(tmp_path / "missing" / "x.html"))


def test_the_demos_next_step_names_a_command_that_runs_from_here(monkeypatch, tmp_path):
    """issue 51: the demo's hint said `meeplegym play scythe`, not on PATH after `make demo`."""
    import shutil
    import sys

    from meeplegym.cli import _own_command

    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(sys, "argv", [str(tmp_path / ".venv" / "bin" / "meeplegym")])
    monkeypatch.setattr(shutil, "which", lambda name: None)
    assert _own_command() == str(Path(".venv") / "bin" / "meeplegym")
    monkeypatch.setattr(shutil, "which", lambda name: "/usr/bin/meeplegym")
    assert _own_command() == "meeplegym"
