"""Learning happens (issue 49): the network can memorise a fixed batch of real positions, and a
short PPO run from scratch beats the random player it trained against. Long runs stay out of
`make test` (benchmarks/training.md)."""

from __future__ import annotations

import numpy as np
import pytest

torch = pytest.importorskip("torch")

from meeplegym.training.opponents import SeatAdapter  # noqa: E402

torch.set_num_threads(1)


def _positions(decisions: int, seed: int = 1):
    """`decisions` learner positions of 2-player Scythe games against random: observations, masks."""
    env = SeatAdapter("scythe", 16, 2, ["random"], seed=seed)
    rng = np.random.default_rng(seed)
    obs, masks = [], []
    while sum(len(o) for o in obs) < decisions:
        obs.append(env.observation.copy())
        masks.append(env.action_mask.astype(bool))
        env.step(np.array([rng.choice(np.flatnonzero(m)) for m in env.action_mask]))
    return torch.tensor(np.concatenate(obs)[:decisions]), torch.tensor(np.concatenate(masks)[:decisions])


def test_the_network_memorises_a_fixed_batch(scythe_kernels):
    """Overfit one batch: random legal targets and random values for 256 real positions. A
    broken mask, normaliser, head or optimiser step leaves the targets unlearnt."""
    from meeplegym.training.ppo import ActorCritic, LegalDistribution, masked_logits

    obs, masks = _positions(256)
    rng = np.random.default_rng(0)
    targets = torch.tensor([rng.choice(np.flatnonzero(m)) for m in masks.numpy()])
    values = torch.tensor(rng.uniform(-1, 1, len(targets)), dtype=torch.float32)
    torch.manual_seed(0)
    model = ActorCritic(obs.shape[1], masks.shape[1], [128, 128])
    model.norm.update(obs)
    x = model.norm(obs)
    optimizer = torch.optim.Adam(model.parameters(), lr=2e-3)
    first = None
    for _ in range(400):
        logits, v = model(x)
        nll = -LegalDistribution(logits, masks).log_prob(targets).mean()
        value_loss = ((v - values) ** 2).mean()
        first = first if first is not None else (nll.item(), value_loss.item())
        optimizer.zero_grad()
        (nll + value_loss).backward()
        optimizer.step()
    with torch.no_grad():
        logits, v = model(x)
    accuracy = (masked_logits(logits, masks).argmax(-1) == targets).float().mean().item()
    assert accuracy > 0.95, accuracy
    assert ((v - values) ** 2).mean().item() < 0.02 * first[1]
    assert bool(masks[torch.arange(len(targets)), masked_logits(logits, masks).argmax(-1)].all())


def test_a_short_run_from_scratch_beats_random(tmp_path, scythe_kernels):
    """65,536 learner decisions (about a minute) with score-margin shaping: every decision is the
    policy's own, and it must win clearly more than the 50% of a random player against random.
    Measured when written (the live layout): 79% at seed 0, 83% at seed 3. Half the decisions
    were too few: seeds 0-2 gave 40%, 87%, 84%, the first run falling to 0% training wins on the
    way (benchmarks/training.md has the 3-seed comparison with and without shaping)."""
    from meeplegym.training import ppo

    args = ppo.Args(game="scythe", opponents="random", total_steps=65_536, num_envs=32, num_steps=64,
                    shaping_coef=0.02, eval_every=0, eval_games=100, eval_opponents="random", tensorboard=False,
                    out=str(tmp_path), seed=0, torch_threads=1)
    stats = ppo.train(args)
    assert stats["samples"] == 65_536
    assert stats["eval"]["random"] >= 0.70, stats["eval"]
