"""Scythe's batched kernels for the vector API (meeplegym.vector), made by
``game_kernels.vector_kernels`` from what is Scythe's own here: a game starts exactly as
``engine.new_game`` starts it, the observation (coins public or not) and how a finished or
truncated game is scored."""

from __future__ import annotations

import sys

import numpy as np

from meeplegym.agents import scythe_bots as bots
from meeplegym.encoders import scythe as encoder
from meeplegym.envs.scythe import actions, engine
from meeplegym.envs.scythe.rules.scoring import N_TIEBREAKS, score_keys
from meeplegym.envs.scythe.rules.setup import init
from meeplegym.envs.scythe.rules import turn
from meeplegym.envs.scythe.state import MAX_PLAYERS, PHASE_NAMES, STATE_DTYPE
from meeplegym.game_kernels import vector_kernels
from meeplegym.jit import shell_kernel
from meeplegym.rewards import final_rewards
from meeplegym.seated_bots import seated_bot_kernels
from meeplegym.vector import VectorGame

_BLANK = np.zeros(1, dtype=STATE_DTYPE)


@shell_kernel
def start(states, b, seed_word, setup_args):
    """engine.new_game in compiled form: a zeroed record, its generator word, then setup."""
    n_players, factions, mats, public_coins, blank = setup_args
    states[b] = blank[0]
    states[b]["rng"] = seed_word
    init(states[b], n_players, factions, mats)


@shell_kernel
def encode(s, seat, setup_args, out):
    _, _, _, public_coins, _ = setup_args
    encoder.encode(s, seat, public_coins, out)


@shell_kernel
def finish(s, reward_mode, terminal, rewards, scores):
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


legal, apply = turn.legal, turn.apply
(observe, reset_one, step_one, reset_batch, step_batch, step_batch_serial, restart_rows, observe_rows,
 scores_now) = vector_kernels(sys.modules[__name__], __name__)
play_bots = seated_bot_kernels(sys.modules[__name__], bots, __name__)


class ScytheVectorGame(VectorGame):
    """Options: factions, mats (one name or 'random' per player), public_coins."""

    name = "scythe"
    num_actions = actions.N_ACTIONS
    observation_size = encoder.OBS_SIZE
    observation_high = encoder.OBS_HIGH
    state_dtype = STATE_DTYPE
    kernels = sys.modules[__name__]

    def configure(self, num_players, options):
        from meeplegym.errors import InvalidOptionError

        unknown = set(options) - {"factions", "mats", "public_coins"}
        if unknown:
            raise InvalidOptionError(f"unknown Scythe options {sorted(unknown)}; known: factions, mats, public_coins")
        self.n_players = engine.check_players(num_players)
        self.factions = engine.resolve_factions(options.get("factions"), self.n_players)
        self.mats = engine.resolve_mats(options.get("mats"), self.n_players)
        self.public_coins = bool(options.get("public_coins", False))
        self.setup_args = (np.int64(self.n_players), self.factions, self.mats, self.public_coins, _BLANK)

    def decision_name(self, state):
        return PHASE_NAMES[state["phase"]]
