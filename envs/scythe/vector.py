"""Scythe's batched kernels for the vector API (meeplegym.vector): reset and step a whole batch
in one compiled call, ``prange`` over games. Each game of the batch only touches its own row."""

from __future__ import annotations

import numba as nb
import numpy as np

from meeplegym.encoders import scythe as encoder
from meeplegym.envs.scythe import actions, engine
from meeplegym.envs.scythe.rules.scoring import N_TIEBREAKS, score_keys
from meeplegym.envs.scythe.rules.setup import init
from meeplegym.envs.scythe.rules.turn import apply, legal
from meeplegym.envs.scythe.state import MAX_PLAYERS, PHASE_NAMES, STATE_DTYPE
from meeplegym.rewards import final_rewards
from meeplegym.vector import PARALLEL_FROM, VectorGame
from meeplegym.jit import kernel, parallel_kernel, shell_kernel

_BLANK = np.zeros(1, dtype=STATE_DTYPE)


@shell_kernel
def _start(states, b, n_players, seed_word, factions, mats, blank):
    # Exactly engine.new_game: a zeroed record, its generator word, then setup.
    states[b] = blank[0]
    states[b]["rng"] = seed_word
    init(states[b], n_players, factions, mats)


@shell_kernel
def _observe(states, b, public_coins, with_obs, obs, masks, seats):
    s = states[b]
    seats[b] = s["actor"]
    legal(s, masks[b])
    if with_obs:
        encoder.encode(s, s["actor"], public_coins, obs[b])


@shell_kernel
def _finish(s, reward_mode, terminal, rewards, scores):
    """Fill one game's reward and score rows when it ends (terminal) or is truncated."""
    n = s["n_players"]
    if terminal:
        for p in range(n):
            scores[p] = s["final_score"][p]
        final_rewards(reward_mode, s["rank"], scores, n, rewards)
        return
    keys = np.zeros((MAX_PLAYERS, N_TIEBREAKS), dtype=np.int64)
    score_keys(s, keys)
    for p in range(n):
        scores[p] = keys[p, 0]  # truncation gives no reward, as in the AEC env


@shell_kernel
def _reset_one(states, b, seed_words, n_players, factions, mats, blank, public_coins, with_obs, obs, masks, seats):
    _start(states, b, n_players, seed_words[b], factions, mats, blank)
    _observe(states, b, public_coins, with_obs, obs, masks, seats)


@shell_kernel
def _step_one(states, b, acts, active, seed_words, n_players, factions, mats, blank, max_turns, reward_mode,
              public_coins, with_obs, obs, masks, seats, rewards, scores, terminated, truncated):
    rewards[b, :] = 0.0
    if not active[b]:  # a paused game: untouched, nothing reported
        terminated[b] = False
        truncated[b] = False
        return
    s = states[b]
    apply(s, acts[b])
    terminated[b] = s["terminal"] == 1
    truncated[b] = not terminated[b] and max_turns > 0 and s["turn"] >= max_turns
    if terminated[b] or truncated[b]:
        _finish(s, reward_mode, terminated[b], rewards[b], scores[b])
        _start(states, b, n_players, seed_words[b], factions, mats, blank)
    _observe(states, b, public_coins, with_obs, obs, masks, seats)


# The reset runs in one thread: it runs once per reset() of the env (a game that ends restarts
# inside the step), and a threaded copy of the whole setup would cost a compile of its own.
@kernel
def reset_batch(states, seed_words, n_players, factions, mats, blank, public_coins, with_obs, obs, masks, seats):
    for b in range(states.shape[0]):
        _reset_one(states, b, seed_words, n_players, factions, mats, blank, public_coins, with_obs, obs, masks, seats)


# The step comes twice: threads (prange) for large batches, and a plain loop for small ones,
# where waking the thread pool costs more than the games.
@parallel_kernel
def step_batch(states, acts, active, seed_words, n_players, factions, mats, blank, max_turns, reward_mode,
               public_coins, with_obs, obs, masks, seats, rewards, scores, terminated, truncated):
    for b in nb.prange(states.shape[0]):
        _step_one(states, b, acts, active, seed_words, n_players, factions, mats, blank, max_turns, reward_mode,
                  public_coins, with_obs, obs, masks, seats, rewards, scores, terminated, truncated)


@kernel
def step_batch_serial(states, acts, active, seed_words, n_players, factions, mats, blank, max_turns, reward_mode,
                      public_coins, with_obs, obs, masks, seats, rewards, scores, terminated, truncated):
    for b in range(states.shape[0]):
        _step_one(states, b, acts, active, seed_words, n_players, factions, mats, blank, max_turns, reward_mode,
                  public_coins, with_obs, obs, masks, seats, rewards, scores, terminated, truncated)


@kernel
def restart_rows(states, rows, seed_words, n_players, factions, mats, blank, public_coins, with_obs, obs, masks,
                 seats):
    for b in rows:
        _reset_one(states, b, seed_words, n_players, factions, mats, blank, public_coins, with_obs, obs, masks, seats)


class ScytheVectorGame(VectorGame):
    """Options: factions, mats (one name or 'random' per player), public_coins."""

    name = "scythe"
    num_actions = actions.N_ACTIONS
    observation_size = encoder.OBS_SIZE
    state_dtype = STATE_DTYPE

    def configure(self, num_players, options):
        from meeplegym.errors import InvalidOptionError

        unknown = set(options) - {"factions", "mats", "public_coins"}
        if unknown:
            raise InvalidOptionError(f"unknown Scythe options {sorted(unknown)}; known: factions, mats, public_coins")
        self.n_players = engine.check_players(num_players)
        self.factions = engine.resolve_factions(options.get("factions"), self.n_players)
        self.mats = engine.resolve_mats(options.get("mats"), self.n_players)
        self.public_coins = bool(options.get("public_coins", False))

    def reset(self, states, seed_words, obs, masks, seats, with_obs):
        reset_batch(states, seed_words, self.n_players, self.factions, self.mats, _BLANK, self.public_coins, with_obs,
                    obs, masks, seats)

    def step(self, states, acts, active, seed_words, max_turns, reward_mode, with_obs, obs, masks, seats, rewards,
             scores, terminated, truncated):
        kernel = step_batch if states.shape[0] >= PARALLEL_FROM else step_batch_serial
        kernel(states, acts, active, seed_words, self.n_players, self.factions, self.mats, _BLANK, max_turns,
               reward_mode, self.public_coins, with_obs, obs, masks, seats, rewards, scores, terminated, truncated)

    def restart(self, states, rows, seed_words, obs, masks, seats, with_obs):
        restart_rows(states, rows, seed_words, self.n_players, self.factions, self.mats, _BLANK, self.public_coins,
                     with_obs, obs, masks, seats)

    def decision_name(self, state):
        return PHASE_NAMES[state["phase"]]
