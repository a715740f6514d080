"""Phase-aware action heads (issue 49, Deliver 1): one action list serves every decision, so the
policy can score each decision with a head shared by all plus a head of its phase's own
(``PhaseHead``), read from the observation's ``decision.phase`` one-hot."""

from __future__ import annotations

import numpy as np
import pytest

torch = pytest.importorskip("torch")

from meeplegym.agents import make_agent  # noqa: E402
from meeplegym.agents.policy_agent import PhaseHead, load_policy  # noqa: E402
from meeplegym.errors import InvalidOptionError  # noqa: E402
from meeplegym.training.opponents import SeatAdapter, phase_columns  # noqa: E402

torch.set_num_threads(1)


@pytest.mark.parametrize("game", ["scythe", "imperium", "oath"])
@pytest.mark.parametrize("observation", ["live", "full"])
def test_phase_columns_find_the_decisions_phase_in_the_networks_input(game, observation):
    """In either layout the columns hold a one-hot whose hot element is the engine's phase."""
    env = SeatAdapter(game, 6, 2, ["random"], seed=2, observation=observation)
    columns = phase_columns(game, env.observation_columns)
    rng = np.random.default_rng(0)
    seen = set()
    for _ in range(40):
        onehot = env.observation[:, columns]
        assert (onehot.sum(1) == 1).all()
        phases = onehot.argmax(1)
        assert np.array_equal(phases, env.venv.states["phase"])
        seen |= set(phases.tolist())
        env.step(np.array([rng.choice(np.flatnonzero(m)) for m in env.action_mask]))
    assert len(seen) >= 2


def test_a_phase_head_starts_as_the_shared_head_and_then_moves_only_its_phases_rows():
    head = PhaseHead(8, 5, [0, 1, 2])
    obs = torch.tensor([[1.0, 0, 0], [0, 1.0, 0], [0, 0, 1.0], [0, 1.0, 0]])
    normed = (obs - 0.3) / 0.5  # the normaliser keeps the hot element the largest
    features = torch.randn(4, 8)
    assert torch.allclose(head(features, normed), head.shared(features))
    with torch.no_grad():
        head.phase_out[1] += 1.0
        head.phase_bias[1, 3] = 2.0
    moved = ~torch.isclose(head(features, normed), head.shared(features)).all(1)
    assert moved.tolist() == [False, True, False, True]


def test_a_run_with_phase_heads_exports_a_policy_that_plays_and_resumes(tmp_path, scythe_kernels):
    """A policy exported with phase heads (format 2) loads, scores as the trainer's network did and
    plays; resuming keeps the heads the run started with; a run without them refuses it as a start."""
    from meeplegym.training import ppo

    args = dict(num_envs=4, num_steps=32, num_minibatches=2, update_epochs=2, hidden="16", out=str(tmp_path),
                eval_every=0, eval_opponents="", tensorboard=False, max_turns=3)
    ppo.train(ppo.Args(total_steps=128, phase_heads=True, **args))
    resumed = ppo.train(ppo.Args(total_steps=256, resume=True, **args))  # the flag is off here; the run keeps it
    assert resumed["samples"] == 256
    blob = load_policy(tmp_path / "policy.pt")
    assert blob["format"] == "meeplegym-policy/2" and blob["phase_columns"] is not None
    agent = make_agent(f"policy:{tmp_path / 'policy.pt'}", game="scythe", seed=1)
    env = SeatAdapter("scythe", 4, 2, ["random"], seed=3, observation="live")
    model = ppo.ActorCritic(env.observation_size, env.num_actions, [16],
                            phase_columns=phase_columns("scythe", env.observation_columns))
    model.load_state_dict(torch.load(tmp_path / "checkpoint.pt", weights_only=True)["model"])
    with torch.no_grad():
        expected, values = model(model.norm(torch.as_tensor(env.observation)))
    assert torch.allclose(agent.logits(env.venv.last_step.observation), expected, atol=1e-5)
    assert torch.allclose(agent.values(env.venv.last_step.observation), values, atol=1e-5)  # on the shared trunk
    actions = agent.act_batch(env.venv.last_step.observation, env.action_mask)
    assert env.action_mask[np.arange(4), actions].all()
    with pytest.raises(InvalidOptionError, match="phase_heads is True, this run has False"):
        ppo.train(ppo.Args(total_steps=128, init_policy=str(tmp_path / "policy.pt"),
                           **{**args, "out": str(tmp_path / "next")}))
