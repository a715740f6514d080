"""The search bot shared by every game: determinized Monte-Carlo search with rule-based rollouts.

At a decision the game marks as worth searching (Scythe: which mat section to take; Imperium:
the turn type and each card played in the Activate loop), the bot

1. draws a **sample of the hidden facts** consistent with what its seat sees (the game's
   ``hidden.determinize``, which depends only on the seat's view and the bot's generator word,
   so the true hands, decks and the state's own generator word never reach the decision);
2. plays **every legal action** in that same sample (common random numbers: the arms differ
   only by the action, which makes small differences between them visible with few samples);
3. **rolls each out** with the game's rule-based policy to the game's horizon (Scythe: the end
   of the game, valued by the score margin; Imperium: the end of the bot's turn, valued by the
   rule-based bot's evaluation of the position), the bot's own seat in its rollout style and
   each opponent in a style that cycles through the game's styles from sample to sample (the
   bot does not know how its opponents play, so it plans against all of them);
4. after ``samples`` samples (or ``seconds`` of thinking) plays the action with the best total.

Every other decision (how to carry out the chosen section or card) goes to the rule-based
policy, which is also the rollout policy, so the search bot is that policy with each major choice
checked by look-ahead: policy improvement by rollouts, one level of the search tree. A deeper tree
did not pay for itself here: the rollouts already play each turn out with the policy's own plan,
and the same budget spent on more samples at the root bought more strength in our trials.

Each game's module (``scythe_search``, ``imperium_search``) names what differs: ``searched(states,
b, mask)`` and ``rollout_value(s, seat, style, opponent_style, words, i)`` (play record `s` out
with the rule-based policies; its value for seat), besides the rules' ``apply``, the hidden
module's ``determinize``, the bots' ``policy``, ``STATE_DTYPE`` and ``N_STYLES``; ``flat_kernels``
makes ``add_samples(states, b, seat, style, mask, words, i, samples, first, totals)`` and
``search_at`` / ``search_states`` (the policy for one state / a batch) from them.
"""

from __future__ import annotations

import time

import numpy as np

from meeplegym import rng
from meeplegym.agents.base import SearchAgent
from meeplegym.jit import kernel, kernel_for, shell_kernel


@kernel
def model_style(sample, n_styles):
    """The rule-based style an opponent plays in rollout `sample`: every style in turn."""
    return sample % n_styles


@kernel
def best_action(totals, mask, words, i):
    """The legal action with the highest total (uniform among ties within 1e-9, drawn from words[i])."""
    best = -1
    best_v = -np.inf
    ties = 0
    for a in range(mask.shape[0]):
        if not mask[a]:
            continue
        v = totals[a]
        if v > best_v + 1e-9:
            best_v = v
            best = a
            ties = 1
        elif v > best_v - 1e-9:
            ties += 1
            if rng.below_at(words, i, ties) == 0:
                best = a
    return best


def flat_kernels(game, module_name: str):
    """``add_samples``, ``search_at`` and ``search_states`` over the game's search module `game`
    (module doc), compiled and cached as `module_name`'s; the module binds them under these names
    (a copy calls another through it, as in ``meeplegym.game_kernels``)."""
    kernel = kernel_for(module_name)
    shell = kernel_for(module_name, shell_kernel)

    @shell
    def add_samples(states, b, seat, style, mask, words, i, samples, first, totals):
        """totals[a] += the rollout value of each legal action a in `samples` fresh samples
        (numbered from `first`, which sets the opponents' rollout style)."""
        world = np.empty(1, dtype=game.STATE_DTYPE)
        sim = np.empty(1, dtype=game.STATE_DTYPE)
        rollout_words = np.zeros(1, dtype=np.uint64)
        for k in range(first, first + samples):
            world[0] = states[b]
            game.determinize(world[0], seat, words, i)
            word = rng.fresh_word_at(words, i)
            for a in range(mask.shape[0]):
                if mask[a]:
                    sim[0] = world[0]
                    game.apply(sim[0], a)
                    rollout_words[0] = word  # the same draws for every action: common random numbers
                    totals[a] += game.rollout_value(sim[0], seat, style, model_style(k, game.N_STYLES),
                                                    rollout_words, 0)

    @shell
    def search_at(states, b, seat, style, mask, words, i, samples):
        """The search bot's action for states[b] (the rule-based policy's where nothing is searched)."""
        if not game.searched(states, b, mask):
            return game.policy(states[b], seat, style, mask, words, i)
        totals = np.zeros(mask.shape[0])
        game.add_samples(states, b, seat, style, mask, words, i, samples, 0, totals)
        return best_action(totals, mask, words, i)

    @kernel
    def search_states(states, seats, styles, masks, words, out, samples):
        for b in range(states.shape[0]):
            out[b] = game.search_at(states, b, seats[b], styles[b], masks[b], words, b, samples)

    return add_samples, search_at, search_states


class SearchBot(SearchAgent):
    """A game's search bot. Options: ``samples`` (determinized samples per searched decision;
    each plays every legal action out once) or ``seconds`` (think about each searched decision
    for this long instead, at least one sample), and ``style``, the rule-based style of the
    bot's own rollouts and of its moves between searched decisions.

    Subclasses name the game's kernels: ``policy_at = search_at(states, b, seat, style, mask,
    words, i, samples)``, ``act_states = search_states(..., out, samples)``, ``searched`` and
    ``add_samples``."""

    name = "search"
    unit = "samples"
    default_count = 8
    searched = None
    add_samples = None

    def __init__(self, seed: int | None = None, samples: int | None = None, seconds: float | None = None,
                 style: str | None = None):
        super().__init__(seed, samples, seconds, style)
        self.samples = self.count
        self.kernel_options = (self.samples,)

    def think(self, states, seat: int, mask, observation=None) -> int:
        if not self.searched(states, 0, mask):
            return self.policy_at(states, 0, seat, self.style, mask, self.words, 0, *self.kernel_options)
        totals = np.zeros(mask.shape[0])
        deadline = time.perf_counter() + self.seconds
        done = 0
        while done == 0 or time.perf_counter() < deadline:
            self.add_samples(states, 0, seat, self.style, mask, self.words, 0, 1, done, totals)
            done += 1
        return best_action(totals, mask, self.words, 0)
