"""The learner's observation layouts (issue 49): ``live`` reads only the elements that can change
at the table; it is the full observation's columns, step by step, and a policy trained on it
plays from whole observations wherever it is used."""

from __future__ import annotations

import numpy as np
import pytest

torch = pytest.importorskip("torch")

from meeplegym.agents import make_agent  # noqa: E402
from meeplegym.encoders import scythe as scythe_encoder  # noqa: E402
from meeplegym.errors import InvalidOptionError  # noqa: E402
from meeplegym.training.evaluate import evaluate  # noqa: E402
from meeplegym.training.opponents import SeatAdapter, live_columns  # noqa: E402

torch.set_num_threads(1)


def test_the_live_layout_is_the_full_one_without_what_cannot_change(scythe_kernels):
    columns = live_columns("scythe", 2)
    assert columns.size < 0.6 * scythe_encoder.OBS_SIZE  # a 2-player table: the map and 3 absent seats go
    full = SeatAdapter("scythe", 4, 2, ["random"], seed=5, max_turns=3)
    live = SeatAdapter("scythe", 4, 2, ["random"], seed=5, max_turns=3, observation="live")
    assert live.observation_size == columns.size and live.observation_space.shape == (columns.size,)
    assert np.array_equal(live.observation_columns, columns)
    rng = np.random.default_rng(1)
    ended = 0
    for _ in range(150):
        assert np.array_equal(live.observation, full.observation[:, columns])
        actions = np.array([rng.choice(np.flatnonzero(m)) for m in full.action_mask])
        a, b = full.step(actions), live.step(actions)
        if a.done.any():
            ended += int(a.done.sum())
            assert np.array_equal(b.final_observation[a.done], a.final_observation[a.done][:, columns])
    assert ended > 0
    with pytest.raises(InvalidOptionError, match="observation must be one of"):
        SeatAdapter("scythe", 1, 2, ["random"], observation="half")


def test_a_live_policy_plays_from_whole_observations(tmp_path, scythe_kernels):
    from meeplegym.training import ppo

    stats = ppo.train(ppo.Args(num_envs=4, num_steps=32, total_steps=256, num_minibatches=2, update_epochs=1,
                               hidden="32", out=str(tmp_path), eval_every=0, eval_opponents="random", eval_games=2,
                               tensorboard=False, max_turns=3))
    assert stats["samples"] == 256
    blob = torch.load(tmp_path / "policy.pt", weights_only=True)
    assert np.array_equal(blob["obs_columns"].numpy(), live_columns("scythe", 2))
    agent = make_agent(f"policy:{tmp_path / 'policy.pt'}", game="scythe", seed=1)
    whole = np.random.default_rng(0).random((3, scythe_encoder.OBS_SIZE), dtype=np.float32)
    scrambled = whole.copy()
    dropped = np.setdiff1d(np.arange(scythe_encoder.OBS_SIZE), live_columns("scythe", 2))
    scrambled[:, dropped] = 7.0  # what the network does not read cannot move its scores
    assert torch.equal(agent.logits(whole), agent.logits(scrambled))
    assert evaluate(agent, "scythe", "random", games=2, max_turns=3).games == 2


def test_resuming_keeps_the_layout_a_run_started_with(tmp_path, scythe_kernels):
    from meeplegym.training import ppo

    args = dict(num_envs=4, num_steps=32, num_minibatches=2, update_epochs=1, hidden="32", out=str(tmp_path),
                eval_every=0, eval_opponents="", tensorboard=False, max_turns=3)
    ppo.train(ppo.Args(total_steps=128, observation="full", **args))
    resumed = ppo.train(ppo.Args(total_steps=256, resume=True, **args))  # asks for live; the run reads full
    assert resumed["samples"] == 256
    assert torch.load(tmp_path / "policy.pt", weights_only=True)["obs_columns"] is None
    with pytest.raises(InvalidOptionError, match="observation is full, this run has live"):
        ppo.train(ppo.Args(total_steps=128, init_policy=str(tmp_path / "policy.pt"),
                           **{**args, "out": str(tmp_path / "next")}))


def test_the_train_command_names_a_bad_layout_or_opponent(tmp_path, scythe_kernels):
    from typer.testing import CliRunner

    from meeplegym.cli import app

    for option, value, message in (("--observation", "half", "observation must be one of"),
                                   ("--opponents", "scythe.builder@epsilon=3", "epsilon is a probability")):
        result = CliRunner().invoke(app, ["train", "scythe", option, value, "--steps", "64", "--out", str(tmp_path)])
        assert result.exit_code == 2 and message in " ".join(result.output.split()), result.output
