"""Agents: ``act(observation, action_mask, info) -> int`` and batched ``act_batch``."""

from meeplegym.agents.random_agent import RandomAgent

__all__ = ["RandomAgent"]
