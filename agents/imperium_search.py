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

import numpy as np

from meeplegym import rng
from meeplegym.agents import imperium_bots as bots
from meeplegym.agents.search import SearchBot, best_action, model_style
from meeplegym.envs.imperium import actions as A
from meeplegym.envs.imperium.hidden import determinize
from meeplegym.envs.imperium.rules.turn import apply, legal
from meeplegym.envs.imperium.state import PH_ACTIVATE, PH_TURN_TYPE, STATE_DTYPE
from meeplegym.jit import kernel, shell_kernel

N_STYLES = len(bots.STYLE_NAMES)
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


@shell_kernel
def add_samples(states, b, seat, style, mask, words, i, samples, first, totals):
    """totals[a] += the rollout value of each legal action a in `samples` fresh samples (numbered
    from `first`, which sets the opponents' rollout style)."""
    world = np.empty(1, dtype=STATE_DTYPE)
    sim = np.empty(1, dtype=STATE_DTYPE)
    rollout_words = np.zeros(1, dtype=np.uint64)
    for k in range(first, first + samples):
        world[0] = states[b]
        determinize(world[0], seat, words, i)
        word = rng.fresh_word_at(words, i)
        for a in range(mask.shape[0]):
            if mask[a]:
                sim[0] = world[0]
                apply(sim[0], a)
                rollout_words[0] = word  # the same draws for every action: common random numbers
                totals[a] += rollout_value(sim[0], seat, style, model_style(k, N_STYLES), rollout_words, 0)


@shell_kernel
def search_at(states, b, seat, style, mask, words, i, samples):
    """The search bot's action for states[b] (the rule-based policy's where nothing is searched)."""
    if not searched(states, b, mask):
        return bots.policy(states[b], seat, style, mask, words, i)
    totals = np.zeros(mask.shape[0])
    add_samples(states, b, seat, style, mask, words, i, samples, 0, totals)
    return best_action(totals, mask, words, i)


@kernel
def search_states(states, seats, styles, masks, words, out, samples):
    for b in range(states.shape[0]):
        out[b] = search_at(states, b, seats[b], styles[b], masks[b], words, b, samples)


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
