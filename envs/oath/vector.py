"""Oath's batched kernels for the vector API (meeplegym.vector): reset and step a whole batch in
one compiled call, ``prange`` over games. Each game of the batch only touches its own row (and
its own decision counter); a game starts exactly as ``engine.new_game`` starts it, so slot
results equal the AEC env's.

Like the AEC env, each slot is truncated after ``max_decisions`` decisions (moving warbands is
free, O6.5, so a policy could loop inside one turn forever): the kernels count each slot's
decisions in ``OathVectorGame.decisions``."""

from __future__ import annotations

import numba as nb
import numpy as np

from meeplegym.encoders import oath as encoder
from meeplegym.envs.oath import actions, engine
from meeplegym.envs.oath.env import DEFAULT_MAX_DECISIONS
from meeplegym.envs.oath.rules import setup, turn
from meeplegym.envs.oath.state import STATE_DTYPE
from meeplegym.errors import InvalidOptionError
from meeplegym.rewards import final_rewards
from meeplegym.vector import PARALLEL_FROM, VectorGame
from meeplegym.jit import kernel, parallel_kernel, shell_kernel

_BLANK = np.zeros(1, dtype=STATE_DTYPE)
#: make_vector's Oath options (besides the shared batch, num_players, seed, max_turns, reward_mode, observations)
OPTION_NAMES = ("setup", "colours", "reconstructed_powers", "max_decisions")


@shell_kernel
def _start(states, b, seed_word, setup_args):
    """engine.new_game in compiled form: a zeroed record, its generator word, the edifice faces,
    then setup.init from the ChronicleState's arrays."""
    (n_players, colours, oath, citizen, slot_site, slot_faceup, slot_cards, slot_ruined, world, world_n, relics,
     relic_n, dispossessed, reconstructed, blank) = setup_args
    states[b] = blank[0]
    states[b]["rng"] = seed_word
    states[b]["reconstructed"] = reconstructed
    setup.init(states[b], n_players, colours, oath, citizen, slot_site, slot_faceup, slot_cards, slot_ruined, world,
               world_n, relics, relic_n, dispossessed)


@shell_kernel
def _observe(states, b, with_obs, obs, masks, seats):
    s = states[b]
    seats[b] = s["actor"]
    turn.legal(s, masks[b])
    if with_obs:
        encoder.encode(s, s["actor"], obs[b])


@shell_kernel
def _finish(s, reward_mode, terminal, rewards, scores):
    """Fill one game's reward and score rows when it ends (terminal) or is truncated: 1 for the
    winner, 0 for the others, and all 0 at a truncation (no reward), as in the AEC env."""
    n = s["n_players"]
    scores[:] = 0
    if terminal:
        scores[s["winner"]] = 1
        ranks = np.zeros(n, dtype=np.int64)
        turn.ranks(s, ranks)
        final_rewards(reward_mode, ranks, scores, n, rewards)


@shell_kernel
def _reset_one(states, b, seed_words, setup_args, decisions, with_obs, obs, masks, seats):
    _start(states, b, seed_words[b], setup_args)
    decisions[b] = 0
    _observe(states, b, with_obs, obs, masks, seats)


@shell_kernel
def _step_one(states, b, acts, active, seed_words, setup_args, decisions, max_turns, max_decisions, reward_mode,
              with_obs, obs, masks, seats, rewards, scores, terminated, truncated):
    rewards[b, :] = 0.0
    if not active[b]:  # a paused game: untouched, nothing reported
        terminated[b] = False
        truncated[b] = False
        return
    s = states[b]
    turn.apply(s, acts[b])
    decisions[b] += 1
    terminated[b] = s["terminal"] == 1
    truncated[b] = not terminated[b] and ((max_turns > 0 and s["turn"] >= max_turns)
                                          or (max_decisions > 0 and decisions[b] >= max_decisions))
    if terminated[b] or truncated[b]:
        _finish(s, reward_mode, terminated[b], rewards[b], scores[b])
        _start(states, b, seed_words[b], setup_args)
        decisions[b] = 0
    _observe(states, b, with_obs, obs, masks, seats)


# The reset runs in one thread: it runs once per reset() of the env (a game that ends restarts
# inside the step), and a threaded copy of the whole setup would cost a compile of its own.
@kernel
def reset_batch(states, seed_words, setup_args, decisions, with_obs, obs, masks, seats):
    for b in range(states.shape[0]):
        _reset_one(states, b, seed_words, setup_args, decisions, with_obs, obs, masks, seats)


# The step comes twice: threads (prange) for large batches, and a plain loop for small ones,
# where waking the thread pool costs more than the games.
@parallel_kernel
def step_batch(states, acts, active, seed_words, setup_args, decisions, max_turns, max_decisions, reward_mode,
               with_obs, obs, masks, seats, rewards, scores, terminated, truncated):
    for b in nb.prange(states.shape[0]):
        _step_one(states, b, acts, active, seed_words, setup_args, decisions, max_turns, max_decisions, reward_mode,
                  with_obs, obs, masks, seats, rewards, scores, terminated, truncated)


@kernel
def step_batch_serial(states, acts, active, seed_words, setup_args, decisions, max_turns, max_decisions, reward_mode,
                      with_obs, obs, masks, seats, rewards, scores, terminated, truncated):
    for b in range(states.shape[0]):
        _step_one(states, b, acts, active, seed_words, setup_args, decisions, max_turns, max_decisions, reward_mode,
                  with_obs, obs, masks, seats, rewards, scores, terminated, truncated)


@kernel
def restart_rows(states, rows, seed_words, setup_args, decisions, with_obs, obs, masks, seats):
    for b in rows:
        _reset_one(states, b, seed_words, setup_args, decisions, with_obs, obs, masks, seats)


def check_max_decisions(value) -> int:
    """max_decisions as the kernels take it: a positive integer, or 0 for None (no limit)."""
    if value is None:
        return 0
    if isinstance(value, (bool, np.bool_)) or not isinstance(value, (int, np.integer)) or value < 1:
        raise InvalidOptionError(f"max_decisions must be a positive integer or None, got {value!r}")
    return int(value)


class OathVectorGame(VectorGame):
    """Options as the AEC env's: setup ('first_game' default, 'tutorial', a ChronicleState or its
    JSON text), colours (the boards of seats 1.. by name; None: chosen at setup step 9, as
    decisions), reconstructed_powers (default True), and max_decisions (truncation after that
    many decisions in a slot's game, default 10000 as in the env; None: no limit).
    ``decisions`` holds each slot's decisions so far in its current game."""

    name = "oath"
    num_actions = actions.N_ACTIONS
    observation_size = encoder.OBS_SIZE
    state_dtype = STATE_DTYPE

    def configure(self, num_players, options):
        n = engine.check_players(num_players)
        unknown = set(options) - set(OPTION_NAMES)
        if unknown:
            raise InvalidOptionError(f"unknown Oath options {sorted(unknown)}; known: {', '.join(OPTION_NAMES)}")
        self.max_decisions = check_max_decisions(options.get("max_decisions", DEFAULT_MAX_DECISIONS))
        table = engine.table_options(n, options)
        # one game set up in Python first: every refusal new_game makes (colours, reconstructed_powers,
        # a chronicle whose world deck is too small ...) happens here, not inside a kernel
        engine.new_game(n, 0, **table)
        a = table["chronicle"].arrays()
        self.setup_args = (np.int64(n), engine.resolve_colours(table["colours"], n), np.int64(a.oath), a.citizen,
                           a.slot_site, a.slot_faceup, a.slot_cards, a.slot_ruined, a.world, np.int64(a.world_n),
                           a.relics, np.int64(a.relic_n), a.dispossessed, np.int64(int(table["reconstructed_powers"])),
                           _BLANK)
        self.decisions = np.zeros(0, dtype=np.int64)

    def _counters(self, batch: int) -> np.ndarray:
        if self.decisions.shape[0] != batch:
            self.decisions = np.zeros(batch, dtype=np.int64)
        return self.decisions

    def reset(self, states, seed_words, obs, masks, seats, with_obs):
        decisions = self._counters(states.shape[0])
        reset_batch(states, seed_words, self.setup_args, decisions, with_obs, obs, masks, seats)

    def step(self, states, acts, active, seed_words, max_turns, reward_mode, with_obs, obs, masks, seats, rewards,
             scores, terminated, truncated):
        kernel = step_batch if states.shape[0] >= PARALLEL_FROM else step_batch_serial
        kernel(states, acts, active, seed_words, self.setup_args, self._counters(states.shape[0]), max_turns,
               self.max_decisions, reward_mode, with_obs, obs, masks, seats, rewards, scores, terminated, truncated)

    def restart(self, states, rows, seed_words, obs, masks, seats, with_obs):
        restart_rows(states, rows, seed_words, self.setup_args, self._counters(states.shape[0]), with_obs, obs, masks,
                     seats)

    def decision_name(self, state):
        return engine.decision_name(state)
