"""The agent protocol shared by every bundled and user agent.

An agent answers one decision with ``act(observation, action_mask, info) -> int`` and a batch of
them with ``act_batch(observations, action_masks, infos=None) -> int64 array``. Every agent is
seedable (``seed(n)`` restarts its random stream), so a match replays exactly.

``info`` is a dict the match runner fills for each decision:

- ``seat``: the acting seat;
- ``game``: the game's registry name;
- ``state``: the engine state as a one-record array. Agents may read only what ``seat`` could
  see at the table (public facts and the seat's own hidden facts). The search bot samples the
  rest (determinization); tests perturb hidden facts and check that no agent's choice moves.
"""

from __future__ import annotations

from abc import ABC, abstractmethod

import numpy as np


class Agent(ABC):
    """Base class: subclasses implement `act`; `act_batch` loops unless overridden."""

    name: str = "agent"
    #: True when the agent needs ``info["state"]`` (rule-based and search bots); observation-only
    #: agents (random, trained policies) work with any PettingZoo loop.
    needs_state: bool = False

    def __init__(self, seed: int | None = None):
        self.seed(seed)

    def seed(self, seed: int | None = None) -> None:
        self.rng = np.random.default_rng(seed)

    @abstractmethod
    def act(self, observation, action_mask, info=None) -> int: ...

    def act_batch(self, observations, action_masks, infos=None) -> np.ndarray:
        infos = infos if infos is not None else [None] * len(action_masks)
        return np.array([self.act(o, m, i) for o, m, i in zip(observations, action_masks, infos)], dtype=np.int64)

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.name}>"


def legal_actions(action_mask) -> np.ndarray:
    """Indices of the legal actions; a clear error when there is none (a finished game)."""
    legal = np.flatnonzero(action_mask)
    if legal.size == 0:
        raise ValueError("no legal action in the mask (is the game over, or is it another seat's turn?)")
    return legal
