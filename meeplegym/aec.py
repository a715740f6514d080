"""The PettingZoo AEC face shared by every meeplegym game.

A game plugs in through a small `Game` adapter (engine calls, encoder, names); this class does
the PettingZoo bookkeeping once: agents, rewards, terminations, truncation by `max_turns` (or by
`max_decisions`, for games whose turns may hold unboundedly many free decisions),
dead-agent steps, observation/action spaces, and rejecting illegal actions with
``IllegalActionError`` before the state changes.
"""

from __future__ import annotations

import difflib
import secrets
from abc import ABC, abstractmethod
from typing import Any

import gymnasium
import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers

from meeplegym import rewards, warmup
from meeplegym.errors import IllegalActionError, InvalidOptionError, InvalidStateError, action_index
from meeplegym.rewards import REWARD_MODES, resolve_reward_mode



class Game(ABC):
    """What the shared env needs to know about one game's engine.

    Every method receives the game's state as a one-record array (``states``; the record is
    ``states[0]``): numba dispatches array arguments far faster than record arguments.
    """

    name: str
    num_actions: int
    observation_size: int
    observation_high: np.ndarray  # each observation element's upper bound (the encoder's feature table)
    reset_options: tuple[str, ...] = ()  # options that reset(options=...) may change per game

    @abstractmethod
    def new_state(self, n_players: int, seed: int, options: dict) -> np.ndarray: ...

    @abstractmethod
    def legal_mask(self, state, mask: np.ndarray) -> None: ...

    @abstractmethod
    def apply(self, state, action: int) -> None: ...

    @abstractmethod
    def current_player(self, state) -> int: ...

    @abstractmethod
    def is_terminal(self, state) -> bool: ...

    @abstractmethod
    def turn(self, state) -> int: ...

    @abstractmethod
    def scores(self, state) -> np.ndarray: ...

    @abstractmethod
    def decision_name(self, state) -> str: ...

    def rgb_array(self, state) -> np.ndarray:
        """The picture of the state as a (height, width, 3) uint8 array (render_mode="rgb_array")."""
        raise NotImplementedError(f"{self.name} has no picture yet")

    @abstractmethod
    def observe(self, state, seat: int, out: np.ndarray) -> None:
        """Write seat's observation into `out`, every element (it arrives uninitialised)."""

    @abstractmethod
    def action_to_str(self, state, action: int) -> str: ...

    @abstractmethod
    def render_text(self, state) -> str: ...

    @abstractmethod
    def state_to_dict(self, state) -> dict: ...

    @abstractmethod
    def state_from_dict(self, d: dict) -> np.ndarray: ...

    def check(self, state) -> str | None:
        """The engine's invariant checks (debug mode): None, or the broken invariant in words."""
        return None

    def ranks(self, state) -> list[int]:
        """Each seat's place (0 = first, ties share) by the current scores; games with
        tie-breakers override this with their final ranking."""
        scores = self.scores(state)
        return [int(sum(other > mine for other in scores)) for mine in scores]

    def seat_setup(self, state) -> list[dict]:
        """What each seat plays with (faction, mat, nation, role, ...), for tournaments and
        balance reports; empty dicts for a game without such choices."""
        return [{} for _ in range(int(state[0]["n_players"]))]

    def victory(self, state) -> str:
        """How a finished game was won, for balance reports; games with one way to win say "score"."""
        return "score"

    def final_rewards(self, state, reward_mode: str) -> np.ndarray:
        """Each seat's reward for a finished game under `reward_mode` (meeplegym.rewards)."""
        n = int(state[0]["n_players"])
        out = np.zeros(n, dtype=np.float64)
        ranks = np.asarray(self.ranks(state), dtype=np.int64)
        scores = np.asarray(self.scores(state), dtype=np.int64)
        rewards.final_rewards(REWARD_MODES.index(reward_mode), ranks, scores, n, out)
        return out


class RecordGame(Game):
    """A `Game` over the usual engine shape: a module with ``legal_mask_at`` / ``apply_at``
    kernels, a state record with ``actor``, ``terminal`` and ``turn`` fields, and the game's
    ``render`` (``render_text``), ``state_json`` (``state_to_dict`` / ``state_from_dict``) and
    ``picture`` (``rgb_array``) modules."""

    engine: Any  # the game's engine module
    render: Any
    state_json: Any
    picture: Any = None  # the game's ``picture`` module, once it has one (render_mode="rgb_array")

    def render_text(self, states):
        return self.render.render_text(states[0])

    def rgb_array(self, states):
        if self.picture is None:
            return super().rgb_array(states)
        return self.picture.rgb_array(states[0])

    def state_to_dict(self, states):
        return self.state_json.state_to_dict(states[0])

    def state_from_dict(self, d):
        return self.state_json.state_from_dict(d)

    def legal_mask(self, states, mask):
        self.engine.legal_mask_at(states, 0, mask)

    def apply(self, states, action):
        self.engine.apply_at(states, 0, action)

    def current_player(self, states):
        return int(states[0]["actor"])

    def is_terminal(self, states):
        return bool(states[0]["terminal"])

    def turn(self, states):
        return int(states[0]["turn"])


def check_options(raw_env_class, kwargs: dict) -> None:
    """Unknown keyword options fail with InvalidOptionError naming the known ones (instead of
    Python's TypeError from the constructor)."""
    import inspect

    known = [n for n in inspect.signature(raw_env_class.__init__).parameters if n != "self"]
    unknown = sorted(set(kwargs) - set(known))
    if unknown:
        raise InvalidOptionError(f"unknown options {unknown}; known: {', '.join(known)}")


class OrderEnforcing(wrappers.OrderEnforcingWrapper):
    """PettingZoo's order-enforcing wrapper with `last` and `step` passed straight to the env:
    the base class reaches each attribute they read through `__getattr__`, a quarter of the cost
    of a decision in a Python loop. Behaviour is unchanged; ``str(env)`` is the env's name
    (``scythe_v0``), not the wrapper's."""

    def __str__(self) -> str:
        return str(self.env)

    def last(self, observe: bool = True):
        if not self._has_reset:
            raise AttributeError("agent_selection cannot be accessed before reset")
        return self.env.last(observe)

    def step(self, action) -> None:
        if self._has_reset and self.env.agents:
            self._has_updated = True
            self.env.step(action)
        else:
            super().step(action)  # the base class's errors and warnings


class TurnBasedEnv(AECEnv):
    """A PettingZoo AEC environment over a meeplegym `Game`."""

    metadata: dict[str, Any] = {"render_modes": ["ansi", "human"], "is_parallelizable": False, "render_fps": 1}

    def __init__(
        self,
        game: Game,
        num_players: int,
        render_mode: str | None = None,
        max_turns: int | None = None,
        reward_mode: str | None = None,
        options: dict | None = None,
        debug: bool = False,
        max_decisions: int | None = None,
    ):
        super().__init__()
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise InvalidOptionError(f"render_mode must be one of {self.metadata['render_modes']} or None, got {render_mode!r}")
        for name, value in (("max_turns", max_turns), ("max_decisions", max_decisions)):
            if value is not None and (isinstance(value, (bool, np.bool_))
                                      or not isinstance(value, (int, np.integer)) or value < 1):
                raise InvalidOptionError(f"{name} must be a positive integer or None, got {value!r}")
        reward_mode = resolve_reward_mode(reward_mode, num_players)
        self.game = game
        self.debug = bool(debug)
        self.render_mode = render_mode
        self.max_turns = None if max_turns is None else int(max_turns)
        self.max_decisions = None if max_decisions is None else int(max_decisions)
        self._decisions = 0
        self.reward_mode = reward_mode
        self.num_players = num_players
        self._options = dict(options or {})
        warmup.first_run(game.name, ("engine",))
        # Validate the options now (bad options fail at construction, not at reset).
        self._state = game.new_state(num_players, 0, self._options)
        self._mask = np.zeros(game.num_actions, dtype=np.int8)
        self._undo = np.empty(self._state.dtype.itemsize, dtype=np.uint8)  # the state before a step
        self._state_changed()
        self.possible_agents = [f"player_{i}" for i in range(num_players)]
        self.agent_name_mapping = {a: i for i, a in enumerate(self.possible_agents)}
        self._action_space = spaces.Discrete(game.num_actions)
        self._observation_space = spaces.Dict(
            {
                "observation": spaces.Box(np.zeros(game.observation_size, np.float32), game.observation_high, dtype=np.float32),
                "action_mask": spaces.Box(0, 1, (game.num_actions,), np.int8),
            }
        )
        self.action_spaces = {a: self._action_space for a in self.possible_agents}
        self.observation_spaces = {a: self._observation_space for a in self.possible_agents}
        observation, seats = self._observation_space["observation"], int(num_players)
        self.state_space = spaces.Box(np.tile(observation.low, seats), np.tile(observation.high, seats),
                                      (seats * game.observation_size,), np.float32)

    # ---------------------------------------------------------------- spaces
    def observation_space(self, agent):
        return self._observation_space

    def action_space(self, agent):
        return self._action_space

    # ---------------------------------------------------------------- core API
    def reset(self, seed: int | None = None, options: dict | None = None):
        if seed is None:
            seed = secrets.randbits(63)
        merged = dict(self._options)
        for key, value in (options or {}).items():
            if key in self.game.reset_options:
                merged[key] = value
            elif difflib.get_close_matches(str(key), self.game.reset_options, n=1, cutoff=0.8):
                # a likely typo of a known option is worth a word; other keys (PettingZoo's api_test
                # passes {"options": 1}) are ignored quietly, as Gymnasium envs do
                gymnasium.logger.warn(f"reset: ignoring unknown option {key!r}; known: {self.game.reset_options}")
        self._state = self.game.new_state(self.num_players, seed, merged)
        self._decisions = 0
        self._state_changed()
        self.agents = self.possible_agents[:]
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos = {a: {} for a in self.agents}
        self._sync_selection()

    def state(self) -> np.ndarray:
        """The privileged global state for centralised critics (MAPPO-style trainers): every seat's
        observation, seat 0's first, so it holds every seat's private information (hands, secret
        objectives), and still not what no seat has seen (deck orders). In `state_space`."""
        size = self.game.observation_size
        out = np.empty(self.num_players * size, dtype=np.float32)
        for seat in range(self.num_players):
            self.game.observe(self._state, seat, out[seat * size:(seat + 1) * size])
        return out

    def observe(self, agent):
        seat = self.agent_name_mapping[agent]
        obs = np.empty(self.game.observation_size, dtype=np.float32)  # the encoders write it whole
        self.game.observe(self._state, seat, obs)
        if not self._terminal and seat == self._actor:
            mask = self._legal_mask().copy()
        else:
            mask = np.zeros(self.game.num_actions, dtype=np.int8)
        return {"observation": obs, "action_mask": mask}

    def step(self, action):
        warmup.poll()  # a first run's kernels run as Python until another process has compiled them
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        state = self._state
        mask = self._legal_mask()
        a = action_index(action)
        if not 0 <= a < self.game.num_actions or mask[a] == 0:
            raise IllegalActionError(action, self.game.decision_name(state), int(mask.sum()))
        self._apply(state, a)
        self._cumulative_rewards[agent] = 0.0
        self._decisions += 1
        self._state_changed()
        self.rewards = {ag: 0.0 for ag in self.agents}
        if self._terminal:
            final = self.game.final_rewards(state, self.reward_mode)
            for ag in self.agents:
                self.rewards[ag] = float(final[self.agent_name_mapping[ag]])
                self.terminations[ag] = True
                self.infos[ag] = {"final_scores": self.game.scores(state).tolist()}
        elif ((self.max_turns is not None and self.game.turn(state) >= self.max_turns)
              or (self.max_decisions is not None and self._decisions >= self.max_decisions)):
            for ag in self.agents:
                self.truncations[ag] = True
                self.infos[ag] = {"scores_at_truncation": self.game.scores(state).tolist()}
        self._sync_selection()
        self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    def _apply(self, state, a: int) -> None:
        """Play legal action a as one transaction: should the engine raise, or (debug) an invariant
        break, the state is put back as it was (a byte copy, well under a microsecond) and the
        error says so; the env's cached mask and bookkeeping were not touched yet."""
        raw = state.view(np.uint8)
        np.copyto(self._undo, raw)
        try:
            self.game.apply(state, a)
            problem = self.game.check(state) if self.debug else None
        except Exception as err:
            np.copyto(raw, self._undo)
            err.add_note("meeplegym: the step was undone; the game is as it was before the action")
            raise
        if problem is not None:
            words = self.game.action_to_str(state, a)
            np.copyto(raw, self._undo)
            raise InvalidStateError(f"invariant broken after action {a} ({words}): {problem}; "
                                    "the step was undone: the game is as it was before the action")

    def render(self):
        if self.render_mode is None:
            gymnasium.logger.warn(f"render() called without a render_mode; pass one of {self.metadata['render_modes']}")
            return None
        if self.render_mode == "rgb_array":
            return self.game.rgb_array(self._state)
        text = self.game.render_text(self._state)
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self):
        pass

    # ---------------------------------------------------------------- helpers beyond PettingZoo
    @property
    def state_record(self):
        """The engine's state record (a numpy structured scalar view; read-only by contract:
        the env caches what it derives from the state)."""
        return self._state[0]

    @property
    def turn_count(self) -> int:
        """Turns completed, all players together."""
        return self.game.turn(self._state)

    def decision_name(self) -> str:
        """The decision the seat to act faces now."""
        return self.game.decision_name(self._state)

    def scores(self) -> np.ndarray:
        """Final scores once the game is over; the score each seat would get now before that."""
        return self.game.scores(self._state)

    def action_to_str(self, action: int) -> str:
        return self.game.action_to_str(self._state, action)

    def legal_actions(self) -> list[int]:
        return np.flatnonzero(self._legal_mask()).tolist()

    def state_to_dict(self) -> dict:
        return self.game.state_to_dict(self._state)

    def ranks(self) -> list[int]:
        """Each seat's place, 0 = first (final ranking with tie-breakers once the game is over)."""
        return self.game.ranks(self._state)

    def seat_setup(self) -> list[dict]:
        """What each seat plays with, e.g. ``[{"faction": "nordic", "mat": "engineering"}, ...]``."""
        return self.game.seat_setup(self._state)

    def victory(self) -> str | None:
        """How the game was won (Imperium: "scoring", "collapse" or "chaos"); None while it goes on."""
        return self.game.victory(self._state) if self._terminal else None

    def new_game_state(self, seed: int) -> np.ndarray:
        """A fresh game of this env's table and options dealt from `seed`, as the engine's
        one-record state array; the env's own game is left alone (bridges to other libraries
        deal their games with it)."""
        return self.game.new_state(self.num_players, seed, self._options)

    def load_state_dict(self, d: dict) -> None:
        """Replace the game with a validated state dict (the env's agents restart from it)."""
        try:
            loaded = self.game.state_from_dict(d)
        except RecursionError:
            raise InvalidStateError("the state dict is nested too deeply to be a saved state; nothing was loaded") from None
        n = int(loaded[0]["n_players"])
        if n != self.num_players:
            raise InvalidOptionError(f"state has {n} players, this env was built for {self.num_players}")
        self._state = loaded
        self._decisions = 0  # max_decisions counts from the load
        self._state_changed()
        self.agents = self.possible_agents[:]
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: self._terminal for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos = {a: {} for a in self.agents}
        self._sync_selection()

    def _state_changed(self) -> None:
        # The seat to act, the end flag and the legal mask are read several times per decision;
        # computing them once per change keeps the Python loop fast.
        self._terminal = self.game.is_terminal(self._state)
        self._actor = self.game.current_player(self._state)
        self._mask_ready = False

    def _legal_mask(self) -> np.ndarray:
        """The current legal mask (an internal buffer: copy before handing it out)."""
        if not self._mask_ready:
            self.game.legal_mask(self._state, self._mask)
            self._mask_ready = True
        return self._mask

    def _sync_selection(self):
        # Dead agents step out with step(None), beginning with the one who would have acted.
        if (self._terminal or any(self.truncations.values())) and not self.agents:
            return
        self.agent_selection = self.possible_agents[self._actor]
