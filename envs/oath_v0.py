"""Oath, version 0: ``from meeplegym.envs import oath_v0; env = oath_v0.env(num_players=4)``."""

from meeplegym.envs.oath.env import env, raw_env

__all__ = ["env", "raw_env"]
