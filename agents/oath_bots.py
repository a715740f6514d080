"""Rule-based Oath bots: a numba policy that plays each choice out to the end of its action, with styles.

``policy(s, seat, style, mask, words, i)`` answers the decision pending in record ``s`` for
``seat`` with a legal action of ``mask``; ``act_states`` does a batch in one compiled call. The
policy reads only what ``seat`` sees at the table: each sample it plays starts from
``envs.oath.hidden.determinize`` (every face hidden from the seat resampled from ``words[i]``),
so the world deck, the others' facedown advisers, unpeeked relics and the generator word never
reach a decision; the tests check this by resampling the hidden faces and comparing decisions.

How a decision is made: every legal action is played in ``SAMPLES`` sampled worlds and each is
carried on with uniformly random choices (the same ones for every action of a sample: common
random numbers) until the action settles -- the turn player is back at the Act phase's choice
(O4.2), the turn passed on, or the game ended. The settled state is valued for the seat, and
the action with the best mix of its mean and best sample wins (the best sample stands for the
follow-up choices the bot will make itself later; the mean keeps it from betting on dice).
One level of look-ahead, asked again at every decision: each choice of a Search, a Campaign or
a power is searched when the game reaches it.

The value of a state for a seat: a finished game by its winner (O3: one winner); otherwise how
close the seat is to winning -- holding the Oathkeeper title (an Exile's Usurper clock, O4.1.2;
the Chancellor while the title stays in the Empire, O3.3), its margin on the Oath's goal (O2.11)
over its enemies, a revealed Vision's goal (O3.2), a Citizen's Successor goal (O3.3.1) -- plus
what it holds at style weights (favor, secrets, Supply, warbands, sites ruled, relics and banners,
advisers), minus a share of the best enemy's holdings. Closer to the last round the title weighs
more and the holdings less.

Styles (one policy, different weights):

- ``WARLORD`` (``oath.warlord``): warbands, sites and relics -- the route of musters and campaigns.
- ``STEWARD`` (``oath.steward``): favor, secrets, advisers and banners -- the route of searches,
  trades and recovering the People's Favor and the Darkest Secret.
"""

from __future__ import annotations

import sys

import numpy as np

from meeplegym import rng
from meeplegym.agents.base import EngineBot
from meeplegym.agents.search import best_action
from meeplegym.envs.oath import actions as A
from meeplegym.envs.oath.hidden import determinize
from meeplegym.envs.oath.rules import board as B
from meeplegym.envs.oath.rules import turn as T
from meeplegym.envs.oath.state import (
    N_CARDS,
    N_SLOTS,
    N_VISIONS,
    PH_ACT,
    SIDE_CHANCELLOR,
    SIDE_CITIZEN,
    SIDE_EXILE,
    STATE_DTYPE,
    Z_ADVISER,
)
from meeplegym.game_kernels import bot_kernels
from meeplegym.jit import kernel, shell_kernel

WARLORD, STEWARD = 0, 1
STYLE_NAMES = ("warlord", "steward")

# Style weights, in "favor" units.
W_TITLE = 0  # holding the Oathkeeper title (the Chancellor: the title in the Empire)
W_GOAL = 1  # per point of margin on the Oath's goal over the best enemy
W_VISION = 2  # a revealed Vision whose goal the seat meets now (strictly)
W_FAVOR, W_SECRET, W_SUPPLY, W_WARBAND, W_SITE, W_RELIC, W_ADVISER = range(3, 10)
W_OPP = 10  # share of the best enemy's holdings subtracted
N_WEIGHTS = 11
WEIGHTS = np.array([
    # title goal  vision favor secret supply warband site relic adviser opp
    [14.0, 3.0, 10.0, 0.4, 0.6, 0.25, 1.3, 2.5, 2.5, 0.4, 0.5],  # warlord
    [14.0, 3.0, 10.0, 1.0, 1.5, 0.30, 0.5, 1.2, 2.0, 1.2, 0.5],  # steward
])
assert WEIGHTS.shape == (len(STYLE_NAMES), N_WEIGHTS)

SAMPLES = 4  # sampled worlds per decision
MAX_CHAIN = 40  # random follow-up decisions before a line is valued as it stands
MEAN_SHARE = 0.5  # the rest is the best sample's value
MINOR_MARGIN = 1.0  # a free action of the Act phase (a minor action, O6; a power) must gain this much over not
#                     acting (the state valued as it stands): else the bot could shuttle warbands
#                     between its board and its site all turn, and would, rather than end a lost game
WIN_VALUE = 1000.0
LAST_ROUND = 8


# ================================================================ valuing a state
@kernel
def holdings(s, p, w):
    """What p holds, at style weights."""
    v = w[W_FAVOR] * s["favor"][p] + w[W_SECRET] * (s["secrets"][p] + s["secrets_down"][p])
    v += w[W_SUPPLY] * s["supply"][p]
    colour = B.ruling_colour(s, p)
    on_sites = 0
    for slot in range(N_SLOTS):
        if B.rules_site(s, p, slot):
            on_sites += s["site_warbands"][slot, colour]
    v += w[W_WARBAND] * (s["board_warbands"][p] + on_sites)
    v += w[W_SITE] * B.sites_ruled(s, p) + w[W_RELIC] * B.relics_and_banners(s, p)
    advisers = 0
    for c in range(1, N_CARDS):
        if s["zone"][c] == Z_ADVISER and s["where"][c] == p:
            advisers += 1
    return v + w[W_ADVISER] * advisers


@kernel
def evaluate(s, seat, w):
    """The value of state s for seat (module doc)."""
    if s["terminal"]:
        return WIN_VALUE if s["winner"] == seat else -WIN_VALUE
    n = s["n_players"]
    late = min(1.0, max(0.0, (s["round"] - 1) / (LAST_ROUND - 1)))  # 0 in round 1, 1 in the last
    title_w = w[W_TITLE] * (1.0 + late)
    side = s["side"][seat]
    holder = s["title_holder"]
    v = 0.0
    if side == SIDE_EXILE:
        if holder == seat:
            v += title_w * (2.0 if s["usurper"] else 1.0)
    elif holder >= 0 and B.imperial(s, holder):
        v += title_w if side == SIDE_CHANCELLOR else 0.3 * title_w
    elif holder >= 0 and side == SIDE_CHANCELLOR:
        v -= title_w  # an Exile holds it: its Usurper clock runs
    goal = B.OATHKEEPER_GOAL[s["oath"]]
    mine = B.goal_score(s, seat, goal)
    if side != SIDE_EXILE:  # the Empire's best counts for an Imperial player
        for q in range(n):
            if q != seat and B.imperial(s, q):
                mine = max(mine, B.goal_score(s, q, goal))
    best = 0
    best_holdings = 0.0
    for q in range(n):
        if B.enemy(s, seat, q):
            best = max(best, B.goal_score(s, q, goal))
            best_holdings = max(best_holdings, holdings(s, q, w))
    v += w[W_GOAL] * (mine - best)
    if side == SIDE_EXILE:
        for k in range(N_VISIONS):
            if T.counts_vision(s, seat, k) and T.VISION_GOAL[k] >= 0:
                v += w[W_VISION] * (1.0 if B.meets_goal(s, seat, T.VISION_GOAL[k], True) else 0.3)
    elif side == SIDE_CITIZEN and B.goal_score(s, seat, B.SUCCESSOR_GOAL[s["oath"]]) > 0:
        v += w[W_VISION]
    v += (1.0 - 0.5 * late) * (holdings(s, seat, w) - w[W_OPP] * best_holdings)
    return v


# ================================================================ the look-ahead
@kernel
def _settled(s, current0, steps):
    if s["terminal"] or s["current"] != current0:
        return True
    return steps > 0 and s["phase"] == PH_ACT and s["actor"] == current0


@kernel
def _line_value(buf, a, seat, w, word, mask):
    """Play action a in buf[0], carry on with random choices drawn from `word` until the line
    settles, and value the result."""
    s = buf[0]
    current0 = s["current"]
    T.apply(s, a)
    follow = np.empty(1, dtype=np.uint64)
    follow[0] = word
    steps = 1
    while not _settled(s, current0, steps) and steps < MAX_CHAIN:
        mask[:] = 0
        T.legal(s, mask)
        if s["actor"] != seat and mask[A.END]:
            b = A.END  # the others refuse what they are asked and skip what they may
        else:
            b = rng.random_legal(mask, follow, 0)
        if b < 0:
            break
        T.apply(s, b)
        steps += 1
    return evaluate(s, seat, w)


@shell_kernel
def policy(s, seat, style, mask, words, i):
    """A legal action of `mask` for `seat` in the style (module doc); -1 if none is legal."""
    n = 0
    only = -1
    for a in range(mask.shape[0]):
        if mask[a]:
            n += 1
            only = a
    if n <= 1:
        return only
    w = WEIGHTS[style]
    sample = np.empty(1, dtype=STATE_DTYPE)
    buf = np.empty(1, dtype=STATE_DTYPE)
    sums = np.zeros(mask.shape[0])
    best = np.full(mask.shape[0], -np.inf)
    seen = np.zeros(mask.shape[0], dtype=np.int64)
    stay = 0.0
    here = np.zeros(mask.shape[0], dtype=np.int8)
    scratch = np.zeros(mask.shape[0], dtype=np.int8)
    for k in range(SAMPLES):
        sample[0] = s
        determinize(sample[0], seat, words, i)
        stay += evaluate(sample[0], seat, w) / SAMPLES
        T.legal(sample[0], here)
        word = rng.fresh_word_at(words, i)
        for a in range(mask.shape[0]):
            if not mask[a] or not here[a]:
                continue
            buf[0] = sample[0]
            v = _line_value(buf, a, seat, w, word, scratch)
            sums[a] += v
            best[a] = max(best[a], v)
            seen[a] += 1
    values = np.full(mask.shape[0], -np.inf)
    minor_phase = s["phase"] == PH_ACT
    for a in range(mask.shape[0]):
        if not mask[a] or seen[a] == 0:
            continue
        v = MEAN_SHARE * sums[a] / seen[a] + (1.0 - MEAN_SHARE) * best[a]
        if not (minor_phase and a != A.END and not A.MAJOR <= a < A.SLOT and v < stay + MINOR_MARGIN):
            values[a] = v
    pick = best_action(values, mask, words, i)  # uniform among exact ties
    return pick if pick >= 0 else only


policy_at, act_states = bot_kernels(sys.modules[__name__], __name__)


# ================================================================ agents
class OathBot(EngineBot):
    """A rule-based Oath bot of one style; reads ``info["state"]`` as its seat sees it."""

    name = "oath.bot"
    policy_at = staticmethod(policy_at)
    act_states = staticmethod(act_states)
    rule_based = True


class WarlordBot(OathBot):
    """``oath.warlord``: warbands, sites and relics (see the module doc)."""

    name = "oath.warlord"
    style = WARLORD


class StewardBot(OathBot):
    """``oath.steward``: favor, secrets, advisers and banners (see the module doc)."""

    name = "oath.steward"
    style = STEWARD
