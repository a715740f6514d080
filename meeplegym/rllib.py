"""meeplegym's games as RLlib multi-agent envs (docs/interop.md).

``rllib_env("scythe", num_players=2)`` is the AEC env inside RLlib's own ``PettingZooEnv``, with
two layers between them, both what RLlib expects of an env with legal actions:

- PettingZoo's ``TerminateIllegalWrapper``: an illegal action ends the game, its seat scores -1
  and the others 0 (RLlib's env checker and a policy's first samples try actions without the
  mask; the plain env raises ``IllegalActionError``);
- ``observations`` for ``observation`` in each observation dict, the key RLlib's action-masking
  module (``ActionMaskingTorchRLModule``) reads beside ``action_mask``.
"""

from __future__ import annotations

from gymnasium import spaces
from pettingzoo.utils.wrappers import BaseWrapper, TerminateIllegalWrapper
from ray.rllib.env.wrappers.pettingzoo_env import PettingZooEnv

from meeplegym.registry import make_env

ILLEGAL_REWARD = -1.0


class ObservationsKey(BaseWrapper):
    """The env's observation dicts with the key ``observations`` (RLlib's) for ``observation``."""

    def observation_space(self, agent):
        space = self.env.observation_space(agent)
        return spaces.Dict({"observations": space["observation"], "action_mask": space["action_mask"]})

    def observe(self, agent):
        obs = self.env.observe(agent)
        return {"observations": obs["observation"], "action_mask": obs["action_mask"]}


def rllib_env(game: str, **options) -> PettingZooEnv:
    """`game` (any `make_env` options) as an RLlib ``MultiAgentEnv``; ``register_env`` takes it
    as ``lambda config: rllib_env("scythe", **config)``."""
    return PettingZooEnv(ObservationsKey(TerminateIllegalWrapper(make_env(game, **options), ILLEGAL_REWARD)))
