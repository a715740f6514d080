"""Imperium: Horizons, version 0: ``from meeplegym.envs import imperium_v0; env = imperium_v0.env(num_players=2)``."""

from meeplegym.envs.imperium.env import env, raw_env

__all__ = ["env", "raw_env"]
