"""``scythe.mcts``: information-set MCTS (agents/mcts.py) over the Scythe engine.

The tree's decisions are every seat's choice of mat section (S6), the choice that sets a turn;
the rest of each turn (which top option, where to move, what to build, combat) is the rule-based
policy's, in the simulations as at the table. Rollouts play to the end of the game with the
rule-based policies and value it for each seat by its final score (S19.3, tie-breakers S19.5):
mostly whether it won, partly its margin over the best other seat, so that a lost game lost by
little still counts for something.
"""

from __future__ import annotations

import sys

import numpy as np

from meeplegym.agents import scythe_bots as bots
from meeplegym.agents.mcts import MctsBot, mcts_kernels, squashed_margins, every_action, any_action
from meeplegym.encoders import scythe as encoder
from meeplegym.envs.scythe import actions as A
from meeplegym.envs.scythe import hidden, state, vector
from meeplegym.envs.scythe.rules.scoring import N_TIEBREAKS, score_keys
from meeplegym.envs.scythe.rules import turn
from meeplegym.envs.scythe.state import MAX_PLAYERS, PH_SECTION
from meeplegym.jit import kernel, shell_kernel

# what the template (agents/mcts.py) reads besides this module's kernels
N_ACTIONS = A.N_ACTIONS
STATE_DTYPE = state.STATE_DTYPE
legal, apply, determinize = turn.legal, turn.apply, hidden.determinize
N_STYLES = len(bots.STYLE_NAMES)
WIN_SHARE = 0.7  # of a seat's value; the rest is its coin margin, squashed
MARGIN_SCALE = 10.0  # coins of margin worth about a quarter of that rest

policy = prior = bots.policy
branches, branched = every_action, any_action  # the tree branches on every legal action


@kernel
def searched(s, mask):
    """Every seat's choice of section, when there is a choice."""
    return s["phase"] == PH_SECTION and mask.sum() >= 2


@kernel
def horizon(s, start_turn, steps):
    return False  # rollouts play to the end of the game


@kernel
def beyond(s, root_turn):
    return False  # no bound: rollouts play to the end of the game


@kernel
def values(s, seat, style, out):
    """out[q]: WIN_SHARE for the winner (shared on a full tie) plus the squashed coin margin."""
    n = s["n_players"]
    keys = np.zeros((MAX_PLAYERS, N_TIEBREAKS), dtype=np.int64)
    score_keys(s, keys)  # the final score once the game is over
    coins = np.empty(MAX_PLAYERS)
    for q in range(n):
        coins[q] = keys[q, 0]
    squashed_margins(coins, n, MARGIN_SCALE, out)
    best = 0
    for q in range(1, n):
        for k in range(N_TIEBREAKS):
            if keys[q, k] != keys[best, k]:
                if keys[q, k] > keys[best, k]:
                    best = q
                break
    winners = 0
    for q in range(n):
        winners += np.all(keys[q] == keys[best])
    for q in range(n):
        out[q] *= 1.0 - WIN_SHARE
        if np.all(keys[q] == keys[best]):
            out[q] += WIN_SHARE / winners


# what a learned value (agents/learned_value.py) reads in the simulations: the seat's observation,
# and the scores a game cut short now would count (what the trainer's shaping read)
finish, OBS_SIZE = vector.finish, encoder.OBS_SIZE


@shell_kernel
def encode_seat(s, seat, out):
    """The seat's observation, as the trainer's tables show it (coins private: the rules' default)."""
    encoder.encode(s, seat, False, out)


(searched_at, policy_choice, learned_values, simulate, grow, open_root, halve, search_at,
 search_states) = mcts_kernels(sys.modules[__name__], __name__)


class ScytheMcts(MctsBot):
    """``scythe.mcts``: section choices by IS-MCTS with whole-game rollouts (module doc)."""

    name = "scythe.mcts"
    styles = bots.STYLE_NAMES
    style = bots.BUILDER
    default_count = 256
    search_module = sys.modules[__name__]
