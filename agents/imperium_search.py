"""``imperium.search``: the search bot (agents/search.py) over the Imperium engine.

Searched decisions: the turn type (D2) and each choice of the Activate loop (D3: which card to
play or exhaust, or to end). Each legal action is played out in a sample of what the seat cannot
see (I17, ``envs.imperium.hidden.determinize``) to the end of the seat's turn by the rule-based
policies (cleanup included, so the cards drawn for the next turn are part of the outcome) and is
worth the rule-based bot's evaluation of the position for the seat
(``imperium_bots.evaluate``: its VP now, resources, deck and banners at the style's weights,
minus a share of the best opponent's). Everything inside a card's text is the rule-based
policy's, as in the rollouts.

The horizon is the turn, not the game: a whole game of rollouts costs about 60 times more, and
turn-long rollouts already carried the search to 70-85% against the rule-based styles in our
trials (40-game samples; see benchmarks/RESULTS.md for the ladder).
"""

from __future__ import annotations

import sys

import numpy as np

from meeplegym.agents import imperium_bots as bots
from meeplegym.agents.search import SearchBot, flat_kernels
from meeplegym.envs.imperium import actions as A
from meeplegym.envs.imperium import hidden, state
from meeplegym.envs.imperium.rules.turn import apply, legal
from meeplegym.envs.imperium.state import PH_ACTIVATE, PH_TURN_TYPE
from meeplegym.jit import kernel, shell_kernel

# what the template (agents/search.py) reads besides this module's kernels
N_STYLES = len(bots.STYLE_NAMES)
determinize, policy, STATE_DTYPE = hidden.determinize, bots.policy, state.STATE_DTYPE
ROLLOUT_CAP = 2000  # decisions; a turn takes about 20


@kernel
def searched(states, b, mask):
    """Search the turn type and the Activate loop's choices when there is a choice."""
    ph = states[b]["phase"]
    return (ph == PH_TURN_TYPE or ph == PH_ACTIVATE) and mask.sum() >= 2


@shell_kernel
def rollout_value(s, seat, style, opponent_style, words, i):
    """Play record `s` to the end of the current turn with the rule-based policies; its value for
    `seat` under the style's weights."""
    mask = np.zeros(A.N_ACTIONS, dtype=np.int8)
    turn = s["turn"]
    for _ in range(ROLLOUT_CAP):
        if s["terminal"] != 0 or s["turn"] != turn:
            break
        legal(s, mask)
        p = s["actor"]
        apply(s, bots.policy(s, p, style if p == seat else opponent_style, mask, words, i))
    return bots.evaluate(s, seat, bots.WEIGHTS[style])


add_samples, search_at, search_states = flat_kernels(sys.modules[__name__], __name__)


class ImperiumSearchBot(SearchBot):
    """``imperium.search``: turn types and card plays chosen by look-ahead (module doc)."""

    name = "imperium.search"
    styles = bots.STYLE_NAMES
    style = bots.EXPANDER
    default_count = 8
    searched = staticmethod(searched)
    add_samples = staticmethod(add_samples)
    policy_at = staticmethod(search_at)
    act_states = staticmethod(search_states)
