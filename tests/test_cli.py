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
