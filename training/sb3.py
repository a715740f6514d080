"""A stable-baselines3 `VecEnv` over `SeatAdapter`: a batch of games, one learner seat each.

``SeatVecEnv("scythe", num_envs=32, opponents=["random"], seat="rotate")`` steps the whole
batch in compiled calls (no per-env Python objects, no subprocesses). MaskablePPO asks for the
legal actions through ``env_method("action_masks")`` on every step (sb3-contrib #154): here that
returns the whole batch's masks as one array, without a call per env; ``get_action_masks(env)``
and ``env.action_masks()`` give the same.

Each env's episode is one game; a finished game reports ``done`` with ``infos[i]["episode"]``
(``r``: learner return, ``l``: learner decisions, ``t``: seconds since start, as SB3's
`Monitor` writes it) and ``infos[i]["win"]``, and the slot's next game is already under way.
"""

from __future__ import annotations

import time
from typing import Any

import numpy as np
from gymnasium import spaces
from stable_baselines3.common.vec_env import VecEnv

from meeplegym.training.opponents import SeatAdapter


class SeatVecEnv(VecEnv):
    """See the module docstring; options go to `SeatAdapter`."""

    render_mode = None

    def __init__(self, game: str = "scythe", num_envs: int = 16, opponents=("random",), seat="rotate",
                 num_players: int = 2, seed: int = 0, **options):
        self.adapter = SeatAdapter(game, num_envs, num_players, opponents, seat=seat, seed=seed, **options)
        self._seed = seed
        super().__init__(num_envs, self.adapter.observation_space, spaces.Discrete(self.adapter.num_actions))
        self._actions: np.ndarray | None = None
        self._start = time.time()
        self.recent_wins: list[float] = []  # win share of the games finished since the caller last cleared it

    # ---------------------------------------------------------------- VecEnv API
    def reset(self):
        seed = self._seeds[0] if self._seeds[0] is not None else self._seed
        out = self.adapter.reset(seed)
        self._reset_seeds()
        self._reset_options()
        self.reset_infos = [{} for _ in range(self.num_envs)]
        return out.observation.copy()

    def step_async(self, actions: np.ndarray) -> None:
        self._actions = np.asarray(actions, dtype=np.int64).reshape(self.num_envs)

    def step_wait(self):
        out = self.adapter.step(self._actions)
        infos: list[dict[str, Any]] = [{} for _ in range(self.num_envs)]
        if out.done.any():
            now = round(time.time() - self._start, 6)
            for b in np.flatnonzero(out.done):
                win = float(out.episode_win[b])
                infos[b] = {
                    "episode": {"r": float(out.episode_return[b]), "l": int(out.episode_length[b]), "t": now},
                    "win": win,
                    "seat": int(out.episode_seat[b]),
                    "final_scores": out.final_scores[b].tolist(),
                }
                self.recent_wins.append(win)
        return out.observation.copy(), out.reward.copy(), out.done.copy(), infos

    def close(self) -> None:
        pass

    def action_masks(self) -> np.ndarray:
        """Every env's legal actions, bool (num_envs, num_actions)."""
        return self.adapter.action_masks()

    def get_attr(self, attr_name: str, indices=None) -> list[Any]:
        value = getattr(self, attr_name)  # AttributeError for unknown names, as has_attr expects
        return [value for _ in self._get_indices(indices)]

    def set_attr(self, attr_name: str, value: Any, indices=None) -> None:
        setattr(self, attr_name, value)

    def env_method(self, method_name: str, *method_args, indices=None, **method_kwargs) -> list[Any]:
        if method_name == "action_masks":
            masks = self.action_masks()
            return masks if indices is None else masks[list(self._get_indices(indices))]
        result = getattr(self, method_name)(*method_args, **method_kwargs)
        return [result for _ in self._get_indices(indices)]

    def env_is_wrapped(self, wrapper_class, indices=None) -> list[bool]:
        return [False for _ in self._get_indices(indices)]
