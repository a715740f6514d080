"""Oath's batched kernels for the vector API (meeplegym.vector), made by
``game_kernels.vector_kernels`` from what is Oath's own here: a game starts exactly as
``engine.new_game`` starts it (so slot results equal the AEC env's), and how a finished game is
scored (its one winner).

Like the AEC env, each slot is truncated after ``max_decisions`` decisions (moving warbands is
free, O6.5, so a policy could loop inside one turn forever)."""

from __future__ import annotations

import sys

import numpy as np

from meeplegym.agents import oath_bots as bots
from meeplegym.encoders import oath as encoder
from meeplegym.envs.oath import actions, engine
from meeplegym.envs.oath.env import DEFAULT_MAX_DECISIONS
from meeplegym.envs.oath.rules import setup, turn
from meeplegym.envs.oath.state import STATE_DTYPE
from meeplegym.errors import InvalidOptionError
from meeplegym.game_kernels import vector_kernels
from meeplegym.jit import shell_kernel
from meeplegym.rewards import final_rewards
from meeplegym.seated_bots import seated_bot_kernels
from meeplegym.vector import VectorGame

_BLANK = np.zeros(1, dtype=STATE_DTYPE)
#: make_vector's Oath options (besides the shared batch, num_players, seed, max_turns, reward_mode, observations)
OPTION_NAMES = ("setup", "colours", "reconstructed_powers", "max_decisions")


@shell_kernel
def start(states, b, seed_word, setup_args):
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
def encode(s, seat, setup_args, out):
    encoder.encode(s, seat, out)


@shell_kernel
def finish(s, reward_mode, terminal, rewards, scores):
    """Fill one game's reward and score rows when it ends (terminal) or is truncated: 1 for the
    winner, 0 for the others, and all 0 at a truncation (no reward), as in the AEC env."""
    n = s["n_players"]
    scores[:] = 0
    if terminal:
        scores[s["winner"]] = 1
        ranks = np.zeros(n, dtype=np.int64)
        turn.ranks(s, ranks)
        final_rewards(reward_mode, ranks, scores, n, rewards)


legal, apply = turn.legal, turn.apply
(observe, reset_one, step_one, reset_batch, step_batch, step_batch_serial, restart_rows, observe_rows,
 scores_now) = vector_kernels(sys.modules[__name__], __name__)
play_bots = seated_bot_kernels(sys.modules[__name__], bots, __name__)


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
    many decisions in a slot's game, default 10000 as in the env; None: no limit)."""

    name = "oath"
    num_actions = actions.N_ACTIONS
    observation_size = encoder.OBS_SIZE
    observation_high = encoder.OBS_HIGH
    state_dtype = STATE_DTYPE
    kernels = sys.modules[__name__]

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

    def decision_name(self, state):
        return engine.decision_name(state)
