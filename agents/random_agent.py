"""The uniformly random legal-action agent: the baseline every other agent is measured against."""

from __future__ import annotations

import numpy as np

from meeplegym import rng
from meeplegym.agents.base import Agent, legal_actions
from meeplegym.jit import kernel


@kernel
def random_legal_actions(masks, words, out):
    """Row-wise `rng.random_legal` over a batch of masks (one generator word per row)."""
    for b in range(masks.shape[0]):
        out[b] = rng.random_legal(masks[b], words, b)


class RandomAgent(Agent):
    """Picks uniformly among the legal actions; seedable and reproducible."""

    name = "random"

    def act(self, observation, action_mask, info=None) -> int:
        legal = legal_actions(action_mask)
        return int(legal[self.rng.integers(legal.size)])  # 10x cheaper than Generator.choice

    def seated_bot(self) -> tuple[int, float]:
        return (0, 1.0)  # always a random move: the style is never read

    def act_batch(self, observations, action_masks, infos=None) -> np.ndarray:
        masks = np.ascontiguousarray(action_masks, dtype=np.int8)
        words = self.rng.integers(1, 2**63, size=masks.shape[0], dtype=np.uint64)
        out = np.empty(masks.shape[0], dtype=np.int64)
        random_legal_actions(masks, words, out)
        if (out < 0).any():
            raise ValueError(f"no legal action in rows {np.flatnonzero(out < 0).tolist()} of the mask batch")
        return out
