"""The sparse first layer (training/network_input.py): the same outputs and gradients as the dense
layer with the same weights, the same saved form, and a trainer that runs with it."""

from __future__ import annotations

import dataclasses
import math

import numpy as np
import pytest

torch = pytest.importorskip("torch")

from meeplegym.training.network_input import SparseLinear, concat_rows, sparse_rows  # noqa: E402
from meeplegym.training.ppo import ActorCritic, RunningNorm  # noqa: E402

SIZE, ACTIONS, PHASES = 120, 9, np.arange(10, 14)


def _observations(rows: int, seed: int) -> np.ndarray:
    """Mostly zeros, some counts up to 40 (clipped by the normaliser), a phase one-hot, and
    entries at column 0 (where the padding lies too)."""
    rng = np.random.default_rng(seed)
    x = ((rng.random((rows, SIZE)) < 0.08) * rng.integers(1, 40, (rows, SIZE))).astype(np.float32)
    x[:, PHASES] = 0.0
    x[np.arange(rows), PHASES[0] + rng.integers(0, PHASES.size, rows)] = 1.0
    x[::3, 0] = 2.0
    return x


def _twins(separate_critic: bool) -> tuple[ActorCritic, ActorCritic]:
    torch.manual_seed(0)
    dense = ActorCritic(SIZE, ACTIONS, [16, 16], separate_critic=separate_critic, phase_columns=PHASES)
    sparse = ActorCritic(SIZE, ACTIONS, [16, 16], separate_critic=separate_critic, phase_columns=PHASES,
                         sparse_input=True)
    with torch.no_grad():
        dense.pi.phase_out.normal_()  # the phase heads start at zero: make them matter
    sparse.load_state_dict(dense.state_dict())
    seen = torch.tensor(_observations(40, seed=1))
    dense.norm.update(seen)
    sparse.norm.update(seen)
    return dense, sparse


@pytest.mark.parametrize("separate_critic", [False, True])
def test_sparse_first_layer_gives_the_dense_outputs_and_gradients(separate_critic):
    dense, sparse = _twins(separate_critic)
    x = _observations(25, seed=2)
    logits, value = dense(dense.norm(torch.tensor(x)))
    sparse_logits, sparse_value = sparse(sparse_rows(x))
    torch.testing.assert_close(sparse_logits, logits, rtol=1e-5, atol=1e-5)
    torch.testing.assert_close(sparse_value, value, rtol=1e-5, atol=1e-5)
    assert (logits.abs() > 1e-3).any()  # not a trivially equal zero
    (logits.square().sum() + value.sum()).backward()
    (sparse_logits.square().sum() + sparse_value.sum()).backward()
    torch.testing.assert_close(sparse.trunk[0].weight_t.grad.t(), dense.trunk[0].weight.grad, rtol=1e-3, atol=1e-4)
    torch.testing.assert_close(sparse.trunk[0].bias.grad, dense.trunk[0].bias.grad, rtol=1e-3, atol=1e-4)
    # without gradients (a rollout) it takes another path: the same numbers
    with torch.no_grad():
        torch.testing.assert_close(sparse(sparse_rows(x))[0], logits.detach(), rtol=1e-5, atol=1e-5)


def test_sparse_layer_saves_and_loads_as_a_linear():
    linear = torch.nn.Linear(SIZE, 7)
    layer = SparseLinear(linear)
    assert set(layer.state_dict()) == {"weight", "bias"}
    torch.testing.assert_close(layer.state_dict()["weight"], linear.weight.detach())
    other = SparseLinear(torch.nn.Linear(SIZE, 7))
    other.load_state_dict(linear.state_dict())
    torch.testing.assert_close(other.weight_t, linear.weight.detach().t())
    x = torch.randn(4, SIZE)
    torch.testing.assert_close(other(x), linear(x))  # a dense input still works


def test_frozen_constant_part_ends_with_the_rollout():
    """The constant part kept through a rollout must not outlive it: the optimiser changes the
    weights in place between rollouts (fused Adam does not even bump a tensor's version)."""
    _, model = _twins(False)
    rows = sparse_rows(_observations(6, seed=3))
    optimizer = torch.optim.Adam(model.parameters(), lr=0.1, fused=True)
    with model.frozen(), torch.no_grad():
        before = model(rows)[0]
    model(rows)[0].sum().backward()
    optimizer.step()
    with model.frozen(), torch.no_grad():
        after = model(rows)[0]
    with torch.no_grad():
        fresh = model(rows)[0]
    assert not torch.allclose(after, before)
    torch.testing.assert_close(after, fresh)
    model.zero_grad()
    with model.frozen():  # a pass with gradients does not take the kept part, which has none
        model(rows)[0].sum().backward()
    assert model.trunk[0].bias.grad.abs().sum() > 0  # the bias reaches the output through it alone


def test_sparse_rows_of_some_columns_are_those_of_the_copied_columns():
    """The live layout read from the whole observation: the same entries as from a copy of its
    columns, numbered by their place among them; an all-zero batch still has one (padding) slot."""
    x = _observations(25, seed=5)
    columns = np.flatnonzero(np.random.default_rng(6).random(SIZE) < 0.7)
    direct, copied = sparse_rows(x, columns), sparse_rows(x[:, columns])
    torch.testing.assert_close(direct.columns, copied.columns)
    torch.testing.assert_close(direct.values, copied.values)
    np.testing.assert_array_equal(direct.dense_columns(torch.arange(columns.size)).numpy(), x[:, columns])
    empty = sparse_rows(np.zeros((3, SIZE), np.float32))
    assert empty.columns.shape == (3, 1) and not empty.values.any()


def test_sparse_rows_hold_every_entry_and_its_moments():
    x = _observations(30, seed=4)
    rows = concat_rows([sparse_rows(x[:10]), sparse_rows(x[10:])])  # two widths, padded to one
    assert rows.columns.shape[1] == (x != 0).sum(1).max()
    every = torch.arange(SIZE)
    np.testing.assert_array_equal(rows.dense_columns(every).numpy(), x)
    used, dense = rows.compact(rows.values)
    np.testing.assert_array_equal(used.numpy(), np.flatnonzero((x != 0).any(0)))
    np.testing.assert_array_equal(dense.numpy(), x[:, used.numpy()])  # column 0's entry survives its padding
    n, sums, squares = rows.moments(SIZE)
    by_rows, by_sums = RunningNorm(SIZE), RunningNorm(SIZE)
    by_rows.update(torch.tensor(x))
    by_sums.update_from_sums(n, sums, squares)
    torch.testing.assert_close(by_sums.mean, by_rows.mean)
    torch.testing.assert_close(by_sums.var, by_rows.var)


def test_ppo_trains_with_a_sparse_first_layer_and_exports_a_playable_policy(tmp_path, scythe_kernels):
    from meeplegym.agents import make_agent, play_match
    from meeplegym.agents.policy_agent import load_policy
    from meeplegym.errors import InvalidOptionError
    from meeplegym.training import ppo

    args = ppo.Args(num_envs=8, num_steps=32, total_steps=512, num_minibatches=2, update_epochs=2, hidden="32,32",
                    out=str(tmp_path), eval_every=0, eval_opponents="", tensorboard=False, checkpoint_every=1, seed=3,
                    first_layer="sparse", phase_heads=True)
    stats = ppo.train(args)
    assert math.isfinite(stats["loss"])
    ckpt = torch.load(tmp_path / "checkpoint.pt", weights_only=True)
    assert ckpt["args"]["first_layer"] == "sparse"
    assert ckpt["model"]["norm.count"] > 500  # the normaliser took in the rollouts' observations
    policy = load_policy(tmp_path / "policy.pt")
    assert policy["meta"]["first_layer"] == "sparse"
    agent = make_agent("policy", game="scythe", path=str(tmp_path / "policy.pt"), seed=0)
    assert play_match("scythe", [agent, make_agent("random", seed=1)], seed=5, max_turns=4).decisions > 0
    # a resumed run keeps the first layer its optimiser state was made for
    resumed = ppo.train(dataclasses.replace(args, total_steps=768, resume=True, first_layer="dense"))
    assert resumed["samples"] >= 768
    assert torch.load(tmp_path / "checkpoint.pt", weights_only=True)["args"]["first_layer"] == "sparse"
    with pytest.raises(InvalidOptionError, match="--first-layer must be one of auto, dense, sparse, got 'thin'"):
        ppo.train(dataclasses.replace(args, out=str(tmp_path / "bad"), first_layer="thin"))
    assert ppo.resolve_first_layer("auto", 21_278) == "sparse" and ppo.resolve_first_layer("auto", 2_428) == "dense"
