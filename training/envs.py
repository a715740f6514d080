"""Gymnasium single-agent views of every game: ``gymnasium.make("meeplegym/Scythe-v0", ...)``.

One game, one learner seat; the other seats are played by agents from an opponent pool (names,
policy paths or Agent objects), so a plain single-agent algorithm can train on a multi-player
game. The observation is the learner's float32 vector; ``action_masks()`` returns the legal
actions (what sb3-contrib's MaskablePPO asks for) and ``info["action_mask"]`` carries the same.

An illegal action ends the episode with reward -1 (``illegal_action="terminate"``, the default,
as PettingZoo's classic games and Pgx do), or raises ``IllegalActionError`` with
``illegal_action="raise"``.

``meeplegym.training.register_envs()`` registers one id per game with a vector API, pointing
here by a string entry point; importing ``meeplegym.training`` calls it.
"""

from __future__ import annotations

import gymnasium
import numpy as np
from gymnasium import spaces

from meeplegym.errors import IllegalActionError, InvalidOptionError, action_index
from meeplegym.training.opponents import SeatAdapter

ILLEGAL_MODES = ("terminate", "raise")


class SingleSeatEnv(gymnasium.Env):
    """A Gymnasium env: the learner's seat of one game against an opponent pool.

    Options: ``opponents`` (list; default ``["random"]``), ``seat`` (a seat, ``"rotate"`` or
    ``"random"``; default 0), ``num_players``, ``max_turns``, ``reward_mode`` (``"rank"``,
    ``"score"``, ``"margin"``), ``illegal_action``, ``delegate`` (a bundled bot that plays the
    learner's decisions but the strategic ones, ``agents/delegate.py``), ``observation``
    (``"full"``, the default, or ``"live"``: only the elements that can change at this table),
    and the game's own options.
    """

    metadata = {"render_modes": ["ansi", "rgb_array"], "render_fps": 1}

    def __init__(self, game: str = "scythe", opponents=("random",), seat: int | str = 0, num_players: int = 2,
                 max_turns: int | None = None, reward_mode: str = "rank", illegal_action: str = "terminate",
                 render_mode: str | None = None, **options):
        if illegal_action not in ILLEGAL_MODES:
            raise InvalidOptionError(f"illegal_action must be one of {ILLEGAL_MODES}, got {illegal_action!r}")
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise InvalidOptionError(f"render_mode must be one of {self.metadata['render_modes']} or None")
        self.adapter = SeatAdapter(game, 1, num_players, opponents, seat=seat, seed=0, max_turns=max_turns,
                                   reward_mode=reward_mode, **options)
        self.game = game
        self.illegal_action = illegal_action
        self.render_mode = render_mode
        self.observation_space = self.adapter.observation_space
        self.action_space = spaces.Discrete(self.adapter.num_actions)
        self._games = 0
        self._needs_reset = True
        self._renderer = None

    def reset(self, *, seed: int | None = None, options: dict | None = None):
        super().reset(seed=seed)
        # Each episode is one game; its seed comes from the env's generator so that
        # reset(seed=s) and the resets after it replay exactly.
        game_seed = int(self.np_random.integers(0, 2**62))
        out = self.adapter.reset(game_seed, game_index=self._games)
        self._games += 1
        self._needs_reset = False
        return out.observation[0].copy(), self._info()

    def step(self, action):
        if self._needs_reset:
            raise RuntimeError("the episode is over (or never started): call reset()")
        a = action_index(action)
        mask = self.adapter.action_mask[0]
        if not 0 <= a < mask.size or not mask[a]:
            if self.illegal_action == "raise":
                raise IllegalActionError(action, self.adapter.venv.game.decision_name(self.adapter.venv.states[0]),
                                         int(mask.sum()))
            self._needs_reset = True
            info = self._info()
            info["illegal_action"] = True
            return self.adapter.observation[0].copy(), -1.0, True, False, info
        out = self.adapter.step(np.array([a], dtype=np.int64))
        info = self._info()
        if out.done[0]:
            # The adapter has already started the next game in this slot: report the end of
            # this one with the state it ended in, as the learner's seat sees it.
            self._needs_reset = True
            info.update(final_scores=out.final_scores[0].tolist(), win=float(out.episode_win[0]),
                        seat=int(out.episode_seat[0]), episode_seed=int(out.episode_seed[0]))
            return (out.final_observation[0].copy(), float(out.reward[0]), bool(out.terminated[0]),
                    bool(out.truncated[0]), info)
        return out.observation[0].copy(), float(out.reward[0]), False, False, info

    def action_masks(self) -> np.ndarray:
        """The legal actions now, bool (num_actions,)."""
        return self.adapter.action_mask[0].astype(bool)

    def render(self):
        if self.render_mode is None:
            gymnasium.logger.warn("render() called without a render_mode; pass render_mode='ansi' or 'rgb_array'")
            return None
        if self._renderer is None:
            from meeplegym.registry import make_env

            self._renderer = make_env(self.game, num_players=self.adapter.num_players).unwrapped.game
        if self.render_mode == "rgb_array":  # e.g. for gymnasium.wrappers.RecordVideo
            return self._renderer.rgb_array(self.adapter.venv.states[:1])
        return self._renderer.render_text(self.adapter.venv.states[:1])

    def _info(self) -> dict:
        return {"action_mask": self.adapter.action_mask[0].copy(), "seat": int(self.adapter.learner_seat[0])}
