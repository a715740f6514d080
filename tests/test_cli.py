"""The command line works end to end (typer's runner, no subprocess)."""

from typer.testing import CliRunner

from meeplegym.cli import app
from meeplegym.envs.scythe.actions import NUM_ACTIONS

runner = CliRunner()


def test_info_lists_scythe():
    result = runner.invoke(app, ["info"])
    assert result.exit_code == 0, result.output
    assert "scythe_v0" in result.output and str(NUM_ACTIONS) in result.output


def test_play_reaches_the_end_of_a_game():
    result = runner.invoke(app, ["play", "scythe", "--players", "3", "--autoplay", "--seed", "4"])
    assert result.exit_code == 0, result.output
    assert "final scores" in result.output and "game over" in result.output


def test_play_takes_a_human_choice_then_quits():
    result = runner.invoke(app, ["play", "scythe", "--seed", "1"], input="x\n0\nq\n")
    assert result.exit_code == 0, result.output
    assert "enter a number" in result.output  # the bad input was refused, then 0 accepted
    assert "Section" in result.output


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
