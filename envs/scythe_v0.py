"""Scythe, version 0: ``from meeplegym.envs import scythe_v0; env = scythe_v0.env(num_players=3)``."""

from meeplegym.envs.scythe.env import env, raw_env

__all__ = ["env", "raw_env"]
