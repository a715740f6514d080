"""Imperium's batched kernels for the vector API (meeplegym.vector): reset and step a whole batch
in one compiled call, ``prange`` over games. Each game of the batch only touches its own row;
a game starts exactly as ``engine.new_game`` starts it, so slot results equal the AEC env's."""

from __future__ import annotations

import numba as nb
import numpy as np

from meeplegym.encoders import imperium as encoder
from meeplegym.envs.imperium import actions, engine
from meeplegym.envs.imperium.rules import scoring, turn
from meeplegym.envs.imperium.rules.setup import init
from meeplegym.envs.imperium.state import MAX_PLAYERS, STATE_DTYPE
from meeplegym.rewards import final_rewards
from meeplegym.vector import PARALLEL_FROM, VectorGame
from meeplegym.jit import kernel, parallel_kernel, shell_kernel

_BLANK = np.zeros(1, dtype=STATE_DTYPE)


@shell_kernel
def _start(states, b, seed_word, setup_args):
    """engine.new_game in compiled form: a zeroed record, its generator word, setup, first turn."""
    n_players, trade_routes, nations, allowed, sides, variants, automa, automa_allowed, campaign, blank = setup_args
    states[b] = blank[0]
    states[b]["rng"] = seed_word
    init(states[b], n_players, trade_routes, nations, allowed, sides, variants, automa, automa_allowed, campaign)
    turn.start(states[b])


@shell_kernel
def _observe(states, b, with_obs, obs, masks, seats):
    s = states[b]
    seats[b] = s["actor"]
    turn.legal(s, masks[b])
    if with_obs:
        encoder.encode(s, s["actor"], obs[b])


@shell_kernel
def _finish(s, reward_mode, terminal, rewards, scores):
    """Fill one game's reward and score rows when it ends (terminal) or is truncated."""
    n = s["n_players"]
    full = np.zeros(MAX_PLAYERS, dtype=np.int64)
    scoring.final_scores(s, full)
    for p in range(n):
        scores[p] = full[p]
    if terminal:  # truncation gives no reward, as in the AEC env
        ranks = np.zeros(n, dtype=np.int64)
        scoring.ranks(s, s["collapsed"], ranks)
        final_rewards(reward_mode, ranks, scores, n, rewards)


@shell_kernel
def _reset_one(states, b, seed_words, setup_args, with_obs, obs, masks, seats):
    _start(states, b, seed_words[b], setup_args)
    _observe(states, b, with_obs, obs, masks, seats)


@shell_kernel
def _step_one(states, b, acts, active, seed_words, setup_args, max_turns, reward_mode, with_obs, obs, masks, seats,
              rewards, scores, terminated, truncated):
    rewards[b, :] = 0.0
    if not active[b]:  # a paused game: untouched, nothing reported
        terminated[b] = False
        truncated[b] = False
        return
    s = states[b]
    turn.apply(s, acts[b])
    terminated[b] = s["terminal"] == 1
    truncated[b] = not terminated[b] and max_turns > 0 and s["turn"] >= max_turns
    if terminated[b] or truncated[b]:
        _finish(s, reward_mode, terminated[b], rewards[b], scores[b])
        _start(states, b, seed_words[b], setup_args)
    _observe(states, b, with_obs, obs, masks, seats)


# The reset runs in one thread: it runs once per reset() of the env (a game that ends restarts
# inside the step), and a threaded copy of the whole setup would cost a compile of its own.
@kernel
def reset_batch(states, seed_words, setup_args, with_obs, obs, masks, seats):
    for b in range(states.shape[0]):
        _reset_one(states, b, seed_words, setup_args, with_obs, obs, masks, seats)


# The step comes twice: threads (prange) for large batches, and a plain loop for small ones,
# where waking the thread pool costs more than the games.
@parallel_kernel
def step_batch(states, acts, active, seed_words, setup_args, max_turns, reward_mode, with_obs, obs, masks, seats,
               rewards, scores, terminated, truncated):
    for b in nb.prange(states.shape[0]):
        _step_one(states, b, acts, active, seed_words, setup_args, max_turns, reward_mode, with_obs, obs, masks, seats,
                  rewards, scores, terminated, truncated)


@kernel
def step_batch_serial(states, acts, active, seed_words, setup_args, max_turns, reward_mode, with_obs, obs, masks,
                      seats, rewards, scores, terminated, truncated):
    for b in range(states.shape[0]):
        _step_one(states, b, acts, active, seed_words, setup_args, max_turns, reward_mode, with_obs, obs, masks, seats,
                  rewards, scores, terminated, truncated)


@kernel
def restart_rows(states, rows, seed_words, setup_args, with_obs, obs, masks, seats):
    for b in rows:
        _reset_one(states, b, seed_words, setup_args, with_obs, obs, masks, seats)


class ImperiumVectorGame(VectorGame):
    """Options as the AEC env's: nations (a name, 'random' or None per player), power_sides
    ('A'/'B' per player), trade_routes, and the I15 variants (low_aggression, quick_setup,
    precious_cards, quick)."""

    name = "imperium"
    num_actions = actions.N_ACTIONS
    observation_size = encoder.OBS_SIZE
    state_dtype = STATE_DTYPE

    def configure(self, num_players, options):
        n = engine.check_players(num_players)
        table = engine.table_options(n, options)
        # one game set up in Python first: every refusal new_game makes (cards not implemented
        # yet ...) happens here, not inside a kernel
        engine.new_game(n, 0, **table)
        variants = {k: table[k] for k in engine.VARIANT_NAMES if k in table}
        n, trade_routes, chosen, allowed, sides, bits, automa, automa_allowed, campaign = engine.setup_arguments(
            n, table["nations"], table["power_sides"], table["trade_routes"], False, table.get("automa"),
            table.get("difficulty"), table.get("supreme_leader", False), variants, table.get("campaign"))
        self.setup_args = (np.int64(n), np.int64(trade_routes), chosen, allowed, sides, np.int64(bits), automa,
                           automa_allowed, campaign, _BLANK)

    def reset(self, states, seed_words, obs, masks, seats, with_obs):
        reset_batch(states, seed_words, self.setup_args, with_obs, obs, masks, seats)

    def step(self, states, acts, active, seed_words, max_turns, reward_mode, with_obs, obs, masks, seats, rewards,
             scores, terminated, truncated):
        kernel = step_batch if states.shape[0] >= PARALLEL_FROM else step_batch_serial
        kernel(states, acts, active, seed_words, self.setup_args, max_turns, reward_mode, with_obs, obs, masks, seats,
               rewards, scores, terminated, truncated)

    def restart(self, states, rows, seed_words, obs, masks, seats, with_obs):
        restart_rows(states, rows, seed_words, self.setup_args, with_obs, obs, masks, seats)

    def decision_name(self, state):
        return engine.decision_name(state)
