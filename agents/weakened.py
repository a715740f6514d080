"""A weakened agent: another agent that plays a uniformly random legal action now and then.

``scythe.builder@epsilon=0.3`` names one (``make_agent`` wraps any registered agent this way):
at each decision it plays a random legal action with probability 0.3 and the builder's move
otherwise. A learner that cannot yet beat a bot can beat it weakened, so a run can start
against ``@epsilon=0.8`` and move to the full bot (issue 49's stepping stones); tournaments can
measure how much a bot's strength rests on its moves.
"""

from __future__ import annotations

import numpy as np

from meeplegym.agents.base import Agent, legal_actions
from meeplegym.agents.random_agent import RandomAgent


class Weakened(Agent):
    """`agent`, but a uniformly random legal action with probability `epsilon` at each decision."""

    def __init__(self, agent: Agent, epsilon: float, seed: int | None = None):
        if isinstance(epsilon, bool) or not 0.0 <= float(epsilon) <= 1.0:
            raise ValueError(f"epsilon is a probability in [0, 1], got {epsilon!r}")
        self.agent = agent
        self.random = RandomAgent()  # its batched random moves, seeded with this agent below
        self.epsilon = float(epsilon)
        self.needs_state = agent.needs_state
        self.name = f"{agent.name}@epsilon={epsilon:g}"
        super().__init__(seed)

    def seed(self, seed: int | None = None) -> None:
        super().seed(seed)
        # The wrapped agent and the random moves get streams of their own, so the wrapped agent's
        # moves do not depend on the coin flips.
        streams = [None, None] if seed is None else np.random.default_rng([seed, 0xE95]).integers(2**62, size=2)
        self.agent.seed(None if seed is None else int(streams[0]))
        self.random.seed(None if seed is None else int(streams[1]))

    def seated_bot(self) -> tuple[int, float] | None:
        inner = self.agent.seated_bot()
        if inner is None:
            return None
        style, epsilon = inner
        return style, 1.0 - (1.0 - self.epsilon) * (1.0 - epsilon)  # a random move from either

    def act(self, observation, action_mask, info=None) -> int:
        if self.rng.random() < self.epsilon:
            legal = legal_actions(action_mask)
            return int(legal[self.rng.integers(legal.size)])
        return self.agent.act(observation, action_mask, info)

    def act_batch(self, observations, action_masks, infos=None) -> np.ndarray:
        masks = np.asarray(action_masks)
        randomly = self.rng.random(len(masks)) < self.epsilon
        out = np.empty(len(masks), dtype=np.int64)
        if randomly.any():
            out[randomly] = self.random.act_batch(None, masks[randomly])
        keep = np.flatnonzero(~randomly)
        if keep.size:
            kept = None if observations is None else np.asarray(observations)[keep]
            out[keep] = self.agent.act_batch(kept, masks[keep], _rows(infos, keep))
        return out


def _rows(infos, rows: np.ndarray):
    """The infos of some rows of a batch: a `StateBatch` slices itself, a list is picked from."""
    if infos is None or hasattr(infos, "states"):
        return None if infos is None else infos[rows]
    return [infos[i] for i in rows]
