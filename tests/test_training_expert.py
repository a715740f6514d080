"""Expert iteration (issue 49, Deliver 3): the IS-MCTS agent, guided by the learner's policy at its
root, answers the learner's searched decisions, and the policy learns the search's moves. The
learner still plays every decision; the decisions the search leaves to its rule-based policy give
no target, so nothing of a bot is cloned."""

from __future__ import annotations

import math

import numpy as np
import pytest

torch = pytest.importorskip("torch")

from meeplegym.agents import make_agent  # noqa: E402
from meeplegym.errors import InvalidOptionError  # noqa: E402
from meeplegym.training.opponents import SeatAdapter, StateBatch  # noqa: E402

torch.set_num_threads(1)
GAMES = pytest.mark.parametrize("game", ["scythe", "imperium", "oath"])


def learner_rows(env: SeatAdapter) -> StateBatch:
    return StateBatch(env.game, env.venv.states, env.learner_seat.copy())


@GAMES
def test_search_targets_are_the_searchs_moves_where_it_searches_and_none_elsewhere(game):
    """Where the search searches, its target is the move the same agent plays at the table
    (same seed, same draws); where its rule-based policy answers alone, there is no target
    (-1). Both kinds of decision occur in the learner's first turns."""
    env = SeatAdapter(game, 8, 2, ["random"], seed=3)
    free_rng = np.random.default_rng(0)
    searched = unsearched = 0
    for k in range(60):
        observations, masks = env.venv.last_step.observation.copy(), env.action_mask.copy()
        targets = make_agent(f"{game}.mcts", seed=k, simulations=4).search_targets(observations, masks, learner_rows(env))
        played = make_agent(f"{game}.mcts", seed=k, simulations=4).act_batch(observations, masks, learner_rows(env))
        here = targets >= 0
        assert (targets[here] == played[here]).all()
        assert masks[here, targets[here]].all()
        searched += int(here.sum())
        unsearched += int((~here).sum())
        env.step(np.array([free_rng.choice(np.flatnonzero(m)) for m in masks]))
    assert searched > 0 and unsearched > 0


def test_a_learner_policy_guides_the_search_through_the_live_columns(tmp_path):
    """The trainer's network, handed to the search as it stands (``learner_policy``), reads its
    live columns out of whole observations; a whole observation of the wrong width is refused
    by name."""
    from meeplegym.training import ppo

    args = ppo.Args(hidden="8", out=str(tmp_path))
    env = SeatAdapter("scythe", 4, 2, ["random"], seed=1, observation="live")
    model = ppo.ActorCritic(env.observation_size, env.num_actions, [8])
    policy = ppo.learner_policy(model, args, env.observation_columns)
    whole = env.venv.last_step.observation
    with torch.no_grad():
        expected = model.actor()(model.norm(torch.as_tensor(whole[:, env.observation_columns])))
    assert torch.allclose(policy.logits(whole), expected)
    expert = make_agent("scythe.mcts", seed=0, simulations=4, consider=2)
    expert.guide(policy)
    targets = expert.search_targets(whole, env.action_mask, learner_rows(env))
    assert ((targets == -1) | env.action_mask[np.arange(4), targets.clip(0)].astype(bool)).all()
    with pytest.raises(ValueError, match="observations of"):
        policy.logits(whole[:, : int(env.observation_columns.max())])
    with pytest.raises(ValueError, match="root=halving"):
        make_agent("scythe.mcts", root="ucb").guide(policy)


def test_the_trainer_learns_the_experts_moves_and_records_it(tmp_path, scythe_kernels):
    """A short run with an expert: a share of the learner's decisions carry the search's move,
    the policy's cross-entropy on them falls as it learns them, and the exported policy names
    its expert."""
    from meeplegym.agents.policy_agent import load_policy
    from meeplegym.training import ppo

    losses = []
    # 12 updates: each one's loss is on new positions, and over 6 the noise can hide the trend
    args = ppo.Args(num_envs=8, num_steps=32, total_steps=8 * 32 * 12, num_minibatches=2, update_epochs=4,
                    hidden="32", out=str(tmp_path), eval_every=0, eval_opponents="", tensorboard=False, seed=4,
                    expert="scythe.mcts@simulations=4,consider=2", expert_coef=5.0, learning_rate=1e-3,
                    anneal_lr=False)
    stats = ppo.train(args, callback=lambda s: losses.append(s["expert_loss"]))
    assert 0 < stats["expert_targets"] < 1  # some learner decisions are searched, not all
    assert all(math.isfinite(x) for x in losses)
    assert np.mean(losses[-3:]) < np.mean(losses[:3]) - 0.02
    assert load_policy(tmp_path / "policy.pt")["meta"]["expert"] == args.expert


@pytest.mark.parametrize("expert, share, message", [
    ("scythe.builder", 1.0, "not a search agent"),
    ("scythe.mcts@seconds=0.1", 1.0, "not a search agent"),
    ("scythe.mcts@root=ucb", 1.0, "root=halving"),
    ("scythe.mcts", 0.0, "--expert-share"),
])
def test_a_bad_expert_is_named(tmp_path, expert, share, message):
    from meeplegym.training import ppo

    args = ppo.Args(num_envs=2, num_steps=8, total_steps=16, hidden="8", out=str(tmp_path), eval_every=0,
                    eval_opponents="", tensorboard=False, expert=expert, expert_share=share)
    with pytest.raises(InvalidOptionError, match=message):
        ppo.train(args)


def test_the_train_command_names_a_bad_expert(tmp_path, scythe_kernels):
    from typer.testing import CliRunner

    from meeplegym.cli import app

    result = CliRunner().invoke(app, ["train", "scythe", "--expert", "scythe.rusher", "--steps", "64",
                                      "--out", str(tmp_path)])
    assert result.exit_code == 2 and "not a search agent" in " ".join(result.output.split()), result.output
    result = CliRunner().invoke(app, ["train", "scythe", "--algo", "maskable-ppo", "--expert", "scythe.mcts",
                                      "--steps", "64", "--out", str(tmp_path)])
    assert result.exit_code == 2 and "--expert" in result.output, result.output
