"""`--device cuda` end to end (issue 49, Deliver 6): training, resuming, evaluating, exporting
and expert iteration on a GPU, and the files it writes read back on a machine without one.
Skipped where torch sees no CUDA device (CI has none); run it on a GPU machine with
`python -m pytest tests/test_cuda.py`."""

from __future__ import annotations

import math

import numpy as np
import pytest

torch = pytest.importorskip("torch")
pytestmark = pytest.mark.skipif(not torch.cuda.is_available(), reason="no CUDA device")

from meeplegym.training.opponents import SeatAdapter  # noqa: E402


def _args(out, **overrides):
    from meeplegym.training import ppo

    base = dict(num_envs=8, num_steps=32, total_steps=512, num_minibatches=2, update_epochs=2, hidden="32,32",
                out=str(out), eval_every=0, eval_opponents="", tensorboard=False, checkpoint_every=1, seed=3,
                device="cuda")
    base.update(overrides)
    return ppo.Args(**base)


def test_a_cuda_run_resumes_on_the_cpu_and_its_policy_plays_the_same_on_both(tmp_path, scythe_kernels):
    """Train on the GPU, with an evaluation; resume the checkpoint on the CPU; the exported
    policy's scores agree on both devices (float32 on each: the policy file holds float32)."""
    from meeplegym.agents.policy_agent import PolicyAgent
    from meeplegym.training import ppo

    stats = ppo.train(_args(tmp_path, eval_every=1, eval_games=4, eval_opponents="random"))
    assert stats["samples"] == 512 and "random" in stats["eval"]
    for key in ("loss", "policy_loss", "value_loss", "entropy", "approx_kl"):
        assert math.isfinite(stats[key]), key
    assert ppo.load_checkpoint(tmp_path / "checkpoint.pt", "cpu")["model"]["pi.weight"].device.type == "cpu"
    observations = SeatAdapter("scythe", 6, 2, ["random"], seed=9).observation.copy()
    on_gpu = PolicyAgent(path=tmp_path / "policy.pt", device="cuda").logits(observations).cpu()
    on_cpu = PolicyAgent(path=tmp_path / "policy.pt", device="cpu").logits(observations)
    torch.testing.assert_close(on_gpu, on_cpu, rtol=1e-4, atol=1e-4)
    resumed = ppo.train(_args(tmp_path, total_steps=768, resume=True, device="cpu"))
    assert resumed["samples"] == 768 and resumed["update"] == 3


@pytest.mark.parametrize("first_layer", ["dense", "sparse"])
def test_both_first_layers_train_on_cuda_in_bf16(tmp_path, scythe_kernels, first_layer):
    from meeplegym.agents.policy_agent import load_policy
    from meeplegym.training import ppo

    stats = ppo.train(_args(tmp_path, first_layer=first_layer, opponents="scythe.builder"))
    assert math.isfinite(stats["loss"]) and stats["entropy"] > 0
    meta = load_policy(tmp_path / "policy.pt")["meta"]
    assert (meta["precision"], meta["first_layer"]) == ("bf16", first_layer)


def test_an_entity_network_trains_on_cuda_and_plays_the_same_on_the_cpu(tmp_path, scythe_kernels):
    """`--network entities` (agents/entity_input.py) on the GPU; its policy file reads back on both."""
    from meeplegym.agents.policy_agent import ENTITY_FORMAT, PolicyAgent, load_policy
    from meeplegym.training import ppo

    stats = ppo.train(_args(tmp_path, network="entities", opponents="scythe.builder"))
    assert math.isfinite(stats["loss"]) and load_policy(tmp_path / "policy.pt")["format"] == ENTITY_FORMAT
    observations = SeatAdapter("scythe", 6, 2, ["random"], seed=9).observation.copy()
    on_gpu = PolicyAgent(path=tmp_path / "policy.pt", device="cuda").logits(observations).cpu()
    on_cpu = PolicyAgent(path=tmp_path / "policy.pt", device="cpu").logits(observations)
    torch.testing.assert_close(on_gpu, on_cpu, rtol=1e-4, atol=1e-4)


def test_expert_iteration_runs_on_cuda(tmp_path, scythe_kernels):
    """The learner's network guides the search from the GPU; the search's targets train it."""
    from meeplegym.training import ppo

    stats = ppo.train(_args(tmp_path, total_steps=8 * 32 * 3, hidden="32",
                            expert="scythe.mcts@simulations=4,consider=2", expert_coef=5.0))
    assert 0 < stats["expert_targets"] < 1 and math.isfinite(stats["expert_loss"])


def test_a_short_cuda_run_from_scratch_beats_random(tmp_path, scythe_kernels):
    """tests/test_training_learning.py's run on the GPU: learning happens there too."""
    from meeplegym.training import ppo

    args = ppo.Args(game="scythe", opponents="random", total_steps=65_536, num_envs=32, num_steps=64,
                    shaping_coef=0.02, eval_every=0, eval_games=100, eval_opponents="random", tensorboard=False,
                    out=str(tmp_path), seed=0, device="cuda")
    stats = ppo.train(args)
    assert stats["eval"]["random"] >= 0.70, stats["eval"]
    assert np.isfinite(stats["loss"])
