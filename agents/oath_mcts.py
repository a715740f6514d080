"""``oath.mcts``: information-set MCTS (agents/mcts.py) over the Oath engine.

The tree's decisions are every seat's choices in its Act phase (O4.2: which major action, or to
end the phase), the choices that set a turn; a free action there (a facedown adviser, a relic
peek, O6) and everything that follows a major action (a Search's cards, a Campaign's targets and
dice, a power's steps) is the rule-based policy's (``oath_bots.policy``), at the table and in the
simulations; it also picks the first child of each node. A rollout ends where the action
settles (the next Act-phase choice, the turn passed on, the game over), and the state is valued
for each seat by the rule-based bots' evaluation (``oath_bots.evaluate`` at the searcher's style
weights: the Oathkeeper title, the goal's margin, Visions, holdings) over the best other seat's,
squashed into [0, 1]; a finished game by its one winner (O3).
"""

from __future__ import annotations

import sys

import numpy as np

from meeplegym.agents import oath_bots as bots
from meeplegym.agents.mcts import MctsBot, evaluation_values, mcts_kernels
from meeplegym.encoders import oath as encoder
from meeplegym.envs.oath import actions as A
from meeplegym.envs.oath import hidden, state, vector
from meeplegym.envs.oath.rules import turn
from meeplegym.envs.oath.state import PH_ACT
from meeplegym.jit import kernel

# what the template (agents/mcts.py) reads besides this module's kernels
N_ACTIONS, MAX_PLAYERS = A.N_ACTIONS, state.MAX_PLAYERS
STATE_DTYPE = state.STATE_DTYPE
legal, apply, determinize = turn.legal, turn.apply, hidden.determinize
N_STYLES = len(bots.STYLE_NAMES)
evaluate, WEIGHTS = bots.evaluate, bots.WEIGHTS  # a seat's value: evaluation_values
VALUE_SCALE = 5.0  # evaluation points of margin that move a seat's value from 0.5 to about 0.73
MAX_CHAIN = bots.MAX_CHAIN  # follow-up decisions before a line is valued as it stands

policy = prior = bots.policy


@kernel
def searched(s, mask):
    """The choices of a seat's Act phase, when there is a choice."""
    return s["phase"] == PH_ACT and mask.sum() >= 2


@kernel
def branched(s, a):
    """The tree branches on the major actions and on ending the phase; a free action (playing a
    facedown adviser, peeking at a relic, O6) is the rule-based policy's, which takes one only
    when it gains clearly, so that the tree cannot idle on free actions that change nothing."""
    return a == A.END or A.MAJOR <= a < A.SLOT


@kernel
def branches(s, mask):
    for a in range(mask.shape[0]):
        if mask[a] and not branched(s, a):
            mask[a] = 0


@kernel
def horizon(s, start_turn, steps):
    """The action has settled: back at an Act-phase choice, the turn passed on, or a long chain."""
    return s["phase"] == PH_ACT or s["turn"] != start_turn or steps >= MAX_CHAIN


@kernel
def beyond(s, root_turn):
    return False  # no bound: each rollout ends where its own action settles


values = evaluation_values(sys.modules[__name__], __name__)
# what a learned value (agents/learned_value.py) reads in the simulations: the seat's observation,
# and the scores a game cut short now would count (what the trainer's shaping read)
encode_seat, finish, OBS_SIZE = encoder.encode, vector.finish, encoder.OBS_SIZE

(searched_at, policy_choice, learned_values, simulate, grow, open_root, halve, search_at,
 search_states) = mcts_kernels(sys.modules[__name__], __name__)


class OathMcts(MctsBot):
    """``oath.mcts``: Act-phase choices by IS-MCTS with action-long rollouts (module doc)."""

    name = "oath.mcts"
    styles = bots.STYLE_NAMES
    style = bots.WARLORD
    default_count = 512
    search_module = sys.modules[__name__]
