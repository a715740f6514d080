"""Imperium's batched kernels for the vector API (meeplegym.vector), made by
``game_kernels.vector_kernels`` from what is Imperium's own here: a game starts exactly as
``engine.new_game`` starts it (so slot results equal the AEC env's), and how a finished or
truncated game is scored."""

from __future__ import annotations

import sys

import numpy as np

from meeplegym.agents import imperium_bots as bots
from meeplegym.encoders import imperium as encoder
from meeplegym.envs.imperium import actions, engine
from meeplegym.envs.imperium.rules import scoring, turn
from meeplegym.envs.imperium.rules.setup import init
from meeplegym.envs.imperium.state import MAX_PLAYERS, STATE_DTYPE
from meeplegym.game_kernels import vector_kernels
from meeplegym.jit import shell_kernel
from meeplegym.rewards import final_rewards
from meeplegym.seated_bots import seated_bot_kernels
from meeplegym.vector import VectorGame

_BLANK = np.zeros(1, dtype=STATE_DTYPE)


@shell_kernel
def start(states, b, seed_word, setup_args):
    """engine.new_game in compiled form: a zeroed record, its generator word, setup, first turn."""
    n_players, trade_routes, nations, allowed, sides, variants, automa, automa_allowed, campaign, blank = setup_args
    states[b] = blank[0]
    states[b]["rng"] = seed_word
    init(states[b], n_players, trade_routes, nations, allowed, sides, variants, automa, automa_allowed, campaign)
    turn.start(states[b])


@shell_kernel
def encode(s, seat, setup_args, out):
    encoder.encode(s, seat, out)


@shell_kernel
def finish(s, reward_mode, terminal, rewards, scores):
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


legal, apply = turn.legal, turn.apply
(observe, reset_one, step_one, reset_batch, step_batch, step_batch_serial, restart_rows, observe_rows,
 scores_now) = vector_kernels(sys.modules[__name__], __name__)
play_bots = seated_bot_kernels(sys.modules[__name__], bots, __name__)


class ImperiumVectorGame(VectorGame):
    """Options as the AEC env's: nations (a name, 'random' or None per player), power_sides
    ('A'/'B' per player), trade_routes, and the I15 variants (low_aggression, quick_setup,
    precious_cards, quick)."""

    name = "imperium"
    num_actions = actions.N_ACTIONS
    observation_size = encoder.OBS_SIZE
    observation_high = encoder.OBS_HIGH
    state_dtype = STATE_DTYPE
    kernels = sys.modules[__name__]

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

    def decision_name(self, state):
        return engine.decision_name(state)
