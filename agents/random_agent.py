"""The uniformly random legal-action agent: the baseline every other agent is measured against."""

from __future__ import annotations

import numpy as np


class RandomAgent:
    """Picks uniformly among the legal actions; seedable and reproducible."""

    def __init__(self, seed: int | None = None):
        self.rng = np.random.default_rng(seed)

    def act(self, observation, action_mask, info=None) -> int:
        legal = np.flatnonzero(action_mask)
        if legal.size == 0:
            raise ValueError("no legal action in the mask (is the game over?)")
        return int(self.rng.choice(legal))

    def act_batch(self, observations, action_masks, infos=None) -> np.ndarray:
        return np.array([self.act(None, m) for m in action_masks], dtype=np.int64)
