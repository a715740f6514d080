"""agents/learned_value.py: an exported value, packed into arrays, gives in compiled code what
torch gives, for relu and tanh trunks; a policy whose value cannot be packed says why."""

from __future__ import annotations

import numpy as np
import pytest

torch = pytest.importorskip("torch")

from meeplegym.agents.learned_value import network_value, pack_value  # noqa: E402
from meeplegym.agents.policy_agent import PolicyAgent, build_actor, save_policy  # noqa: E402
from meeplegym.training.opponents import SeatAdapter  # noqa: E402


@pytest.mark.parametrize("activation, separate_critic", [("relu", False), ("tanh", True)])
def test_the_packed_value_is_the_exported_one(tmp_path, scythe_kernels, activation, separate_critic):
    from meeplegym.training import ppo

    ppo.train(ppo.Args(num_envs=8, num_steps=32, total_steps=512, num_minibatches=2, update_epochs=2,
                       hidden="32,24", activation=activation, separate_critic=separate_critic, out=str(tmp_path),
                       eval_every=0, eval_opponents="", tensorboard=False, seed=5))
    agent = PolicyAgent(path=tmp_path / "policy.pt")
    observations = SeatAdapter("scythe", 16, 2, ["random"], seed=11).observation.astype(np.float32)
    network = pack_value(agent, observations.shape[1])
    compiled = np.array([network_value(row, *network) for row in observations])
    expected = agent.values(observations).numpy()
    assert np.ptp(expected) > 0  # the positions differ in value: a wrong reading would not match
    np.testing.assert_allclose(compiled, expected, rtol=1e-4, atol=1e-4 * np.abs(expected).max())


def test_a_value_that_cannot_be_packed_says_why(tmp_path):
    path = save_policy(tmp_path / "old.pt", build_actor(10, [8], 4), game="scythe", num_players=2, hidden=[8],
                       activation="relu", obs_mean=torch.zeros(10), obs_var=torch.ones(10))
    with pytest.raises(ValueError, match="has no value"):
        pack_value(PolicyAgent(path=path), 10)
