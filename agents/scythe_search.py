"""``scythe.search``: the search bot (agents/search.py) over the Scythe engine.

Searched decisions: which section of the player mat to take (S6), the choice that sets the whole
turn. Each legal section is played out in a sample of what the seat cannot see (S0.10,
``envs.scythe.hidden.determinize``) to the end of the game by the rule-based policies, and is
worth the seat's final score minus the best opponent's (S19.3). The rest of the turn (which top
option, where to move, what to build, combat) is the rule-based policy's, as in the rollouts.
"""

from __future__ import annotations

import sys

import numpy as np

from meeplegym.agents import scythe_bots as bots
from meeplegym.agents.search import SearchBot, flat_kernels
from meeplegym.envs.scythe import actions as A
from meeplegym.envs.scythe import hidden, state
from meeplegym.envs.scythe.rules.scoring import N_TIEBREAKS, score_keys
from meeplegym.envs.scythe.rules.turn import apply, legal
from meeplegym.envs.scythe.state import MAX_PLAYERS, PH_SECTION
from meeplegym.jit import kernel, shell_kernel

# what the template (agents/search.py) reads besides this module's kernels
N_STYLES = len(bots.STYLE_NAMES)
determinize, policy, STATE_DTYPE = hidden.determinize, bots.policy, state.STATE_DTYPE
ROLLOUT_CAP = 4000  # decisions; a whole 2-player game between the bots takes about 400


@kernel
def searched(states, b, mask):
    """Search the choice of section when there is a choice."""
    return states[b]["phase"] == PH_SECTION and mask.sum() >= 2


@shell_kernel
def rollout_value(s, seat, style, opponent_style, words, i):
    """Play record `s` out with the rule-based policies; seat's score minus the best other's."""
    mask = np.zeros(A.N_ACTIONS, dtype=np.int8)
    for _ in range(ROLLOUT_CAP):
        if s["terminal"] != 0:
            break
        legal(s, mask)
        p = s["actor"]
        apply(s, bots.policy(s, p, style if p == seat else opponent_style, mask, words, i))
    keys = np.zeros((MAX_PLAYERS, N_TIEBREAKS), dtype=np.int64)
    score_keys(s, keys)  # equals final_score once the game is over
    best_other = -np.inf
    for q in range(s["n_players"]):
        if q != seat:
            best_other = max(best_other, float(keys[q, 0]))
    return float(keys[seat, 0]) - best_other


add_samples, search_at, search_states = flat_kernels(sys.modules[__name__], __name__)


class ScytheSearchBot(SearchBot):
    """``scythe.search``: sections chosen by look-ahead to the end of the game (module doc)."""

    name = "scythe.search"
    styles = bots.STYLE_NAMES
    style = bots.BUILDER
    default_count = 8
    searched = staticmethod(searched)
    add_samples = staticmethod(add_samples)
    policy_at = staticmethod(search_at)
    act_states = staticmethod(search_states)
