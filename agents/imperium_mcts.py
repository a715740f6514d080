"""``imperium.mcts``: information-set MCTS (agents/mcts.py) over the Imperium engine.

The tree's decisions are the seat's turn type (D2) and each choice of its Activate loop (D3:
which card to play or exhaust, or to end), so a path through it is an order of the turn's plays;
everything inside a card's text is the rule-based policy's, in the simulations as at the table.
Every simulation ends with the round: the searcher's turn (cleanup included, so the cards drawn
for the next turn count) and every other seat's turn after it, as far as the searcher's next
turn; the rest of the searcher's turn is the rule-based policy's, and the other seats' turns are
in the tree too (their own turn types and plays, by their own values). The state reached is
valued for each seat by the rule-based bots' evaluation (``imperium_bots.evaluate`` at the
searcher's style weights: VP now, resources, deck, banners, minus a share of the best
opponent's) over the best other seat's, squashed into [0, 1]; a finished game by its winner.
Valued after the others' replies, a turn that leaves an opening (a province to take, a card to
contest) is seen to cost what it costs: against ``imperium.expander`` this horizon won 75.6% of
209 ladder games where the turn's end won 68.4% of the same seeds, at several times the time per
searched decision (0.8 s on a busy 2-core machine, against 0.2 s). One horizon for every simulation keeps their values comparable; a
whole game per rollout would cost about 60 times more.
"""

from __future__ import annotations

import sys

import numpy as np

from meeplegym.agents import imperium_bots as bots
from meeplegym.agents.mcts import MctsBot, evaluation_values, mcts_kernels, every_action, any_action
from meeplegym.encoders import imperium as encoder
from meeplegym.envs.imperium import actions as A
from meeplegym.envs.imperium import hidden, state, vector
from meeplegym.envs.imperium.rules import turn
from meeplegym.envs.imperium.state import PH_ACTIVATE, PH_TURN_TYPE
from meeplegym.jit import kernel

# what the template (agents/mcts.py) reads besides this module's kernels
N_ACTIONS, MAX_PLAYERS = A.N_ACTIONS, state.MAX_PLAYERS
STATE_DTYPE = state.STATE_DTYPE
legal, apply, determinize = turn.legal, turn.apply, hidden.determinize
N_STYLES = len(bots.STYLE_NAMES)
evaluate, WEIGHTS = bots.evaluate, bots.WEIGHTS  # a seat's value: evaluation_values
VALUE_SCALE = 5.0  # VP of evaluation margin that move a seat's value from 0.5 to about 0.73

policy = prior = bots.policy
branches, branched = every_action, any_action  # the tree branches on every legal action


@kernel
def searched(s, mask):
    """The turn type and the Activate loop's choices, when there is a choice, of every seat before
    the horizon (``beyond``)."""
    ph = s["phase"]
    return (ph == PH_TURN_TYPE or ph == PH_ACTIVATE) and mask.sum() >= 2


@kernel
def horizon(s, start_turn, steps):
    return s["turn"] >= start_turn + s["n_players"]  # the round from the searcher's turn: its next turn begins


@kernel
def beyond(s, root_turn):
    return s["turn"] >= root_turn + s["n_players"]  # every simulation ends with the round: all valued at one horizon


values = evaluation_values(sys.modules[__name__], __name__)
# what a learned value (agents/learned_value.py) reads in the simulations: the seat's observation,
# and the scores a game cut short now would count (what the trainer's shaping read)
encode_seat, finish, OBS_SIZE = encoder.encode, vector.finish, encoder.OBS_SIZE

(searched_at, policy_choice, learned_values, simulate, grow, open_root, halve, search_at,
 search_states) = mcts_kernels(sys.modules[__name__], __name__)


class ImperiumMcts(MctsBot):
    """``imperium.mcts``: turn types and card plays by IS-MCTS with round-long rollouts (module doc)."""

    name = "imperium.mcts"
    styles = bots.STYLE_NAMES
    style = bots.EXPANDER
    default_count = 512
    search_module = sys.modules[__name__]
