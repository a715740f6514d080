"""Rule-based Imperium bots: a numba policy that plans each card through the engine, with styles.

``policy(s, seat, style, mask, words, i)`` answers the decision pending in record ``s`` for
``seat`` with a legal action of ``mask``; ``act_states`` does a batch in one compiled call. The policy reads only what ``seat`` sees at the table: it
first resamples every hidden fact (``envs.imperium.hidden.determinize``, which depends only on
what the seat sees and on ``words[i]``) and then works on that sample, so the true hands, piles
and generator word never reach a decision; the tests check this by resampling the hidden facts
and comparing decisions.

How a decision is made:

- **Turn type** (D2) by rule: Revolt when the hand holds at least the style's number of unrest
  cards and no more playable cards than unrest; Innovate when nothing in hand can be played and
  no exhaust ability can be used, or when the search below would end an Activate turn at once;
  Activate otherwise. Past round ``STALL_ROUND`` the game has stalled, and the bot Innovates every
  turn (see there).
- **Everything a card's text asks** (which card to play or exhaust, options, targets, market
  slots, break-through routes, reactions, developments; D3-D8, D13) is a small search in the
  sampled world: each legal action is played out, with the seat's later choices of the same chain
  tried in turn (depth first, a budget of engine steps per decision), until the chain settles
  (back in the Activate loop, the turn over, another seat's own phase) and the outcome is valued.
  Payments go to the resource the style values least; another seat's decision inside the chain
  is answered "no" (no reaction, no defence) or with its first legal choice.
- **Cleanup** (D11, D12): the market token onto the card the style wants most; hand cards that
  cannot be played now are discarded. **Revolt**: every unrest card in hand goes back.
  **Before scoring** (Miyabi): the unrest cards whose return gains the most VP.

The value of a state for a seat: its VP if the game ended now (I10.3, progress included), its
pool and the resources on its cards in play at style weights (scaled down as the rounds left to
spend them run out, ``resource_worth``), its VP lead over the best opponent as the end nears, a worth per card in its deck and a
style bonus per card of each banner it owns, a bonus per pinned card in play whose ability lasts
(exhaust, passive, solstice: a turn-long search would otherwise see no gain in playing it), a
penalty per unrest card in its deck, minus a style
share of the best opponent's value (so attacks count). A finished game is valued by place.

Styles (one policy, different weights):

- ``EXPANDER`` (``imperium.expander``): regions and tributaries, materials, and pressure on the
  leader: conquest and expansion, the route of regions' VP and resources.
- ``SCHOLAR`` (``imperium.scholar``): civilised cards, fame, progress and history: the route of
  culture, scored through progress VP and fame cards.
"""

from __future__ import annotations

import sys

import numpy as np

from meeplegym import rng
from meeplegym.agents.base import EngineBot
from meeplegym.envs.imperium import actions as A
from meeplegym.envs.imperium import catalogue as K
from meeplegym.envs.imperium import data as D
from meeplegym.envs.imperium.hidden import determinize
from meeplegym.envs.imperium.rules.frames import is_alien
from meeplegym.envs.imperium.rules.steps import can_play
from meeplegym.envs.imperium.rules import turn as T
from meeplegym.envs.imperium.rules import automa as AU
from meeplegym.envs.imperium.rules.scoring import automa_won, ranks, score
from meeplegym.envs.imperium.rules.zones import rec, table
from meeplegym.envs.imperium.state import (
    DEC_PAY,
    N_RESOURCES,
    PH_ACTIVATE,
    PH_CLEANUP_DISCARD,
    PH_CLEANUP_MARKET,
    PH_EFFECT,
    PH_INNOVATE,
    PH_REVOLT,
    PH_SCORING_RETURN,
    PH_TURN_TYPE,
    PRG,
    STATE_DTYPE,
    TRAINING_TURNS,
    VARIANT_QUICK,
    VARIANT_TRAINING,
    Z_DEVELOPMENT,
    Z_DISCARD,
    Z_DRAW,
    Z_GARRISON,
    Z_HAND,
    Z_HISTORY,
    Z_PLAY,
)
from meeplegym.game_kernels import bot_kernels
from meeplegym.jit import kernel, shell_kernel

EXPANDER, SCHOLAR = 0, 1
STYLE_NAMES = ("expander", "scholar")

# Style weights, in VP. Resources: the four pool resources (prg also scores 1 VP by itself).
W_MAT, W_POP, W_PRG, W_GDS = range(4)
W_CARD = 4  # a non-unrest card in the deck (hand, draw pile, discard pile, play area)
W_UNREST = 5  # an unrest card in the deck, beyond its -2 VP: it clogs hands
W_BANNER = 6  # + banner (REG, UNC, CIV, TRI, FAME): a card of that banner the seat owns
W_HISTORY = 11  # a card in history
W_OPP = 12  # share of the best opponent's value subtracted
W_REVOLT = 13  # unrest cards in hand that make a Revolt worth a turn
W_READY = 14  # a pinned card in the play area with a lasting ability (exhaust, passive, solstice), beyond W_CARD
N_WEIGHTS = 15
N_BANNERS = 5
WEIGHTS = np.array([
    # mat   pop   prg   gds   card  unrest REG  UNC   CIV   TRI   FAME  hist  opp   revolt ready
    [0.25, 0.20, 0.00, 0.25, 0.60, 1.50, 2.00, 0.80, -0.3, 1.50, 0.00, 0.00, 0.60, 2.0, 0.40],  # expander
    [0.20, 0.25, 0.50, 0.25, 0.60, 1.50, 0.00, -0.2, 1.50, 0.00, 1.50, 0.60, 0.30, 2.0, 0.40],  # scholar
])
assert WEIGHTS.shape == (len(STYLE_NAMES), N_WEIGHTS)
assert [int(D.Suit.REG), int(D.Suit.UNC), int(D.Suit.CIV), int(D.Suit.TRI), int(D.Suit.FAME)] == list(range(N_BANNERS))

UNREST_BIT = 1 << int(D.Suit.UNREST)
PINNED = int(D.Header.PIN)
LASTING_BITS = (1 << int(D.Trigger.EXHAUST)) | (1 << int(D.Trigger.PASSIVE)) | (1 << int(D.Trigger.SOLSTICE))
PLAN_DEPTH = 16  # nested decisions of one chain the search follows before taking defaults
PLAN_BUDGET = 192  # engine steps per decision, shared among the root's actions
MAX_CHAIN = 64  # default moves before a chain is valued as it stands
WIN_VALUE = 1000.0
COLLAPSE_NEAR = 6  # unrest cards left in the pile when a collapse (I10.5: fewest unrest wins) is close
COLLAPSE_UNREST = 4.0  # how much more an unrest card weighs then
RESOURCE_HORIZON = 5.0  # rounds left to spend it within which a pool resource loses worth
DEVELOP_ROUNDS = 3.0  # rough rounds between two developments of one player
DYNASTY_ROUNDS = 2.0  # rough rounds between two of the automa's reshuffles, each costing a dynasty card (I14.3 4.4)
# Rounds after which a game between the bots has stalled: their 2-player games end by round 40
# (4 players: 20). A stall the other rules miss (issue 13, soak seed 200013020): a far-behind player
# who could end the game by developing its last card never does, and the leader, who expects it to,
# activates for a little progress each turn, so nobody takes cards from the supply. Past this
# round the bot Innovates every turn: each Innovate takes a card from the supply, which runs the
# main deck out and triggers the end (I10.1).
STALL_ROUND = 60
END_LEAD = 1.0  # worth of the VP lead as the end nears (1 - resource_worth): else a leader whose
#                 VP keep growing never ends the game


# ================================================================ valuing a state
@kernel
def resource_worth(s):
    """The share of its style weight a resource keeps: the rounds left to spend it (I10.1-I10.2:
    the round of the trigger and one more, or just it in the quick variant, I15.5) over
    RESOURCE_HORIZON. Before the trigger the rounds until it are estimated from the main deck and
    the fewest development cards any player has left, so the estimate runs on smoothly across the
    trigger: a bot that can end the game loses no worth by doing so beyond the rounds it really
    gives up (a drop there made two bots that could each end the game hoard for ever instead)."""
    if s["game_end_triggered"]:
        rounds = float(s["rounds_left"])
    else:
        n = s["n_players"]
        until = s["main_size"] / n  # about one card a turn leaves the main deck
        left = np.zeros(n, dtype=np.int64)
        for c in table(s):
            if s["zone"][c] == Z_DEVELOPMENT:
                left[s["owner"][c]] += 1
        for p in range(n):
            if left[p] > 0:
                until = min(until, DEVELOP_ROUNDS * (left[p] - 1))  # the last one ends the game at will
        if s["automa"] >= 0:  # its empty dynasty pile ends the game too (I14.8)
            until = min(until, DYNASTY_ROUNDS * s["nation_size"][s["automa"]])
        rounds = until + (1.0 if s["variants"] & VARIANT_QUICK else 2.0)
    if s["variants"] & VARIANT_TRAINING:  # I15.1: the timer runs out after turn 12
        rounds = min(rounds, float(TRAINING_TURNS + 1 - s["round"]))
    return min(1.0, rounds / RESOURCE_HORIZON)


@kernel
def player_value(s, p, w, spend, vp):
    """p's worth in VP under style weights w, given p's VP now and the share of its weight a
    resource keeps (module doc)."""
    v = float(vp)
    unrest_weight = w[W_UNREST] * (COLLAPSE_UNREST if s["unrest_size"] <= COLLAPSE_NEAR else 1.0)
    for r in range(N_RESOURCES):
        v += spend * w[W_MAT + r] * s["pool"][p, r]
    for c in table(s):
        if s["owner"][c] != p:
            continue
        z = s["zone"][c]
        r = rec(s, c)
        in_deck = z == Z_HAND or z == Z_DRAW or z == Z_DISCARD or z == Z_PLAY
        if in_deck:
            if K.SUITS[r] & UNREST_BIT:
                v -= unrest_weight
            else:
                v += w[W_CARD]
        if in_deck or z == Z_HISTORY or z == Z_GARRISON:
            b = K.BANNER[r]
            if 0 <= b < N_BANNERS:
                v += w[W_BANNER + b]
        if z == Z_HISTORY:
            v += w[W_HISTORY]
        elif z == Z_PLAY:
            if K.HEADER[r] == PINNED and K.TRIGGERS[r] & LASTING_BITS:
                v += w[W_READY]  # it works every turn from here, where in hand it waits to be played
            for k in range(N_RESOURCES):
                v += 0.5 * spend * w[W_MAT + k] * s["card_res"][c, k]  # back to the pool when it leaves play
    return v


@kernel
def evaluate(s, seat, w):
    """The seat's worth minus a share of the best opponent's; a finished game by place. Against
    the automa (I14) its score is the opponent's; alone (the training mode, I15.1) only the
    seat's own worth counts."""
    n = s["n_players"]
    automa = s["automa"] >= 0
    if n == 1 and not automa:
        if s["terminal"] != 0 or s["phase"] == PH_SCORING_RETURN:
            return float(score(s, seat))
        return player_value(s, seat, w, resource_worth(s), score(s, seat))
    if s["terminal"] != 0 or s["phase"] == PH_SCORING_RETURN:  # the game has ended
        if automa:
            won = not automa_won(s)
            best_other = float(AU.score(s))
        else:
            place = np.zeros(n, dtype=np.int64)
            ranks(s, s["collapsed"], place)
            won = place[seat] == 0
            best_other = -1e9
            for q in range(n):
                if q != seat:
                    best_other = max(best_other, float(score(s, q)))
        return (WIN_VALUE if won else -WIN_VALUE) + float(score(s, seat)) - best_other
    spend = resource_worth(s)
    vp = np.empty(n, dtype=np.int64)
    for q in range(n):
        vp[q] = score(s, q)
    if automa:  # its worth is its score (I14.9)
        best_other = best_other_vp = float(AU.score(s))
    else:
        best_other = -1e9
        best_other_vp = -1e9
        for q in range(n):
            if q != seat:
                best_other = max(best_other, player_value(s, q, w, spend, vp[q]))
                best_other_vp = max(best_other_vp, float(vp[q]))
    lead = (vp[seat] - best_other_vp) * (1.0 - spend) * END_LEAD  # the leader wants the end near, the others away
    return player_value(s, seat, w, spend, vp[seat]) - w[W_OPP] * best_other + lead


@kernel
def card_worth(c, w):
    """What owning card c (physical) is worth to the style before it is played: the market token."""
    r = c
    v = w[W_CARD]
    if K.SUITS[r] & UNREST_BIT:
        return -w[W_UNREST]
    b = K.BANNER[r]
    if 0 <= b < N_BANNERS:
        v += w[W_BANNER + b]
    if K.VP_KIND[r] == K.VP_FIXED:
        v += K.VP_AMOUNT[r]
    return v


# ================================================================ rules of thumb
@kernel
def _cheapest_payment(s, p, mask, w):
    """The resource the style values least among those that may pay the next unit (D5)."""
    best = -1
    best_v = 1e9
    alien = is_alien(s, p)
    for r in range(N_RESOURCES):
        if mask[A.RESOURCE + r]:
            v = w[W_MAT + r] + (1.0 if r == PRG else 0.0)  # prg in the pool is 1 VP (I10.3)
            if r == PRG and alien:  # ... and costs an Alien an unrest card (I16 Martians)
                v += 2.0 + w[W_UNREST]
            if v < best_v:
                best_v = v
                best = A.RESOURCE + r
    return best


@shell_kernel
def _turn_type(s, p, w, words, i):
    """D2 by rule (module doc)."""
    unrest = 0
    playable = 0
    for c in table(s):
        if s["owner"][c] != p:
            continue
        if s["zone"][c] == Z_HAND:
            if K.SUITS[rec(s, c)] & UNREST_BIT:
                unrest += 1
            elif T.can_play_from_hand(s, p, c):
                playable += 1
        elif T.can_exhaust(s, p, c):
            playable += 1
    threshold = 1 if s["unrest_size"] <= COLLAPSE_NEAR else w[W_REVOLT]  # near a collapse, shed them
    if unrest >= threshold and unrest >= playable:
        return A.TURN_TYPE + A.REVOLT
    if playable == 0 or s["round"] > STALL_ROUND or _activate_idles(s, p, w, words, i):
        return A.TURN_TYPE + A.INNOVATE
    return A.TURN_TYPE + A.ACTIVATE


@shell_kernel
def _activate_idles(s, p, w, words, i):
    """The search's first choice in an Activate turn would be to end it: the turn would gain
    nothing, while an Innovate gains a card. Without this, two bots whose decks are played out
    can pass turn after turn and the game never ends (the bot soak met such games, issue 13)."""
    probe = np.empty(1, dtype=STATE_DTYPE)
    probe[0] = s
    T.apply(probe[0], A.TURN_TYPE + A.ACTIVATE)
    mask = np.zeros(A.N_ACTIONS, dtype=np.int8)
    T.legal(probe[0], mask)
    # The array goes to the call, not the record probe[0]: numba frees a local array right after
    # its last use, and a record taken from it holds no reference, so `_search(probe[0], ...)`
    # read freed memory (games that differed from run to run, issue 13).
    return _search_at(probe, 0, p, w, mask, words, i) == A.END


@kernel
def _market_token(s, mask, w):
    best = -1
    best_v = -1e9
    for slot in range(D.MARKET_SLOTS):
        if mask[A.MARKET + slot]:
            v = card_worth(s["market"][slot], w)
            if v > best_v:
                best_v = v
                best = A.MARKET + slot
    return best


@shell_kernel
def _scoring_return(s, p, mask):
    """Before scoring (Miyabi): the unrest card whose return gains the most VP, END when none does."""
    probe = np.empty(1, dtype=STATE_DTYPE)
    base = score(s, p)
    best = A.END
    best_gain = 0
    for a in range(mask.shape[0]):
        if mask[a] and a != A.END:
            probe[0] = s
            T.apply(probe[0], a)
            gain = score(probe[0], p) - base
            if gain > best_gain:
                best_gain = gain
                best = a
    return best


@shell_kernel
def _cleanup_discard(s, p, mask):
    """Discard a hand card that cannot be played now (unrest cannot be discarded at cleanup
    anyway when its text forbids it); END when every card left is playable."""
    for c in table(s):
        if mask[A.CARD + c] and not (K.SUITS[rec(s, c)] & UNREST_BIT) and not can_play(s, p, c, False):
            return A.CARD + c
    return A.END


@kernel
def _first_legal(mask, avoid_end):
    first = -1
    for a in range(mask.shape[0]):
        if mask[a]:
            if a != A.END or not avoid_end:
                return a
            first = a
    return first


# ================================================================ the plan search
@kernel
def _settled(s, turn0):
    """The chain of decisions has come to rest: a phase of its own (Activate loop, turn type,
    cleanup, Revolt, Solstice), the turn over, or the game over."""
    if s["terminal"] != 0 or s["turn"] != turn0:
        return True
    return not (s["phase"] == PH_EFFECT or s["phase"] == PH_INNOVATE)


@kernel
def _default(s, seat, w, mask, budget_left):
    """A move made without branching, or -1 when the search should branch here."""
    if s["actor"] != seat:
        return A.END if mask[A.END] else _first_legal(mask, False)
    if s["phase"] == PH_EFFECT and s["dec"] == DEC_PAY:
        return _cheapest_payment(s, seat, mask, w)
    n = 0
    for a in range(mask.shape[0]):
        n += mask[a]
    if n == 1:
        return _first_legal(mask, False)
    if not budget_left:
        return _first_legal(mask, True)
    return -1


@kernel
def _chain_value(buf, k0, seat, turn0, w, budget, acts, n_acts, pos, best, mask):
    """Value of buf[k0] when `seat` makes the rest of the chain's choices as well as the search
    finds (depth first over buf[k0..], at most budget[0] engine steps with branching)."""
    k = k0
    enter = True
    v = 0.0
    while True:
        if enter:
            s = buf[k]
            leaf = False
            steps = 0
            while True:
                if _settled(s, turn0) or steps >= MAX_CHAIN:
                    leaf = True
                    break
                T.legal(s, mask)
                a = _default(s, seat, w, mask, budget[0] > 0 and k < PLAN_DEPTH)
                if a < 0:
                    break
                T.apply(s, a)
                steps += 1
            if leaf:
                v = evaluate(s, seat, w)
                if k == k0:
                    return v
                k -= 1
                best[k] = max(best[k], v)
                enter = False
                continue
            n = 0
            for a in range(mask.shape[0]):
                if mask[a]:
                    acts[k, n] = a
                    n += 1
            n_acts[k] = n
            pos[k] = 0
            best[k] = -1e18
            enter = False
        if pos[k] < n_acts[k]:
            a = acts[k, pos[k]]
            pos[k] += 1
            buf[k + 1] = buf[k]
            T.apply(buf[k + 1], a)
            budget[0] -= 1
            k += 1
            enter = True
        else:
            v = best[k]
            if k == k0:
                return v
            k -= 1
            best[k] = max(best[k], v)


@kernel
def _search(s, seat, w, mask, words, i):
    """Play each legal action out in a sample of the hidden facts; the best-valued one."""
    buf = np.empty(PLAN_DEPTH + 2, dtype=STATE_DTYPE)
    buf[0] = s
    determinize(buf[0], seat, words, i)
    n_root = 0
    for a in range(mask.shape[0]):
        if mask[a]:  # counted as int: adding int8 entries wraps at 128 without the JIT
            n_root += 1
    acts = np.empty((PLAN_DEPTH + 2, A.N_ACTIONS), dtype=np.int16)
    n_acts = np.zeros(PLAN_DEPTH + 2, dtype=np.int64)
    pos = np.zeros(PLAN_DEPTH + 2, dtype=np.int64)
    best = np.zeros(PLAN_DEPTH + 2)
    scratch = np.zeros(A.N_ACTIONS, dtype=np.int8)
    budget = np.zeros(1, dtype=np.int64)
    turn0 = s["turn"]
    best_v = -1e18
    pick = _first_legal(mask, False)  # kept if every line leads where nothing is legal (valued -1e18)
    ties = 0
    for a in range(mask.shape[0]):
        if not mask[a]:
            continue
        buf[1] = buf[0]
        T.apply(buf[1], a)
        budget[0] = max(8, PLAN_BUDGET // n_root)
        v = _chain_value(buf, 1, seat, turn0, w, budget, acts, n_acts, pos, best, scratch)
        if v > best_v + 1e-9:
            best_v = v
            pick = a
            ties = 1
        elif v > best_v - 1e-9:
            ties += 1
            if rng.below_at(words, i, ties) == 0:  # uniform among exact ties
                pick = a
    return pick


@shell_kernel
def _search_at(states, b, seat, w, mask, words, i):
    return _search(states[b], seat, w, mask, words, i)


@shell_kernel
def policy(s, seat, style, mask, words, i):
    """A legal action of `mask` for `seat` in the style (module doc); -1 if none is legal."""
    w = WEIGHTS[style]
    ph = s["phase"]
    n = 0
    for a in range(mask.shape[0]):
        n += mask[a]
    if n == 0:
        return -1
    if n == 1:
        return _first_legal(mask, False)
    if ph == PH_TURN_TYPE:
        return _turn_type(s, seat, w, words, i)
    if ph == PH_REVOLT:
        return _first_legal(mask, True)  # every unrest card back, then END
    if ph == PH_CLEANUP_MARKET:
        return _market_token(s, mask, w)
    if ph == PH_SCORING_RETURN:
        return _scoring_return(s, seat, mask)
    if ph == PH_CLEANUP_DISCARD:
        return _cleanup_discard(s, seat, mask)
    if ph == PH_EFFECT and s["dec"] == DEC_PAY:
        return _cheapest_payment(s, seat, mask, w)
    if ph != PH_EFFECT and ph != PH_INNOVATE and ph != PH_ACTIVATE:
        return _first_legal(mask, False)  # Solstice order
    return _search(s, seat, w, mask, words, i)


policy_at, act_states = bot_kernels(sys.modules[__name__], __name__)


# ================================================================ agents
class ImperiumBot(EngineBot):
    """A rule-based Imperium bot of one style; reads ``info["state"]`` as its seat sees it."""

    name = "imperium.bot"
    policy_at = staticmethod(policy_at)
    act_states = staticmethod(act_states)
    rule_based = True


class ExpanderBot(ImperiumBot):
    """``imperium.expander``: regions, tributaries, materials (see the module doc)."""

    name = "imperium.expander"
    style = EXPANDER


class ScholarBot(ImperiumBot):
    """``imperium.scholar``: civilised cards, fame, progress, history (see the module doc)."""

    name = "imperium.scholar"
    style = SCHOLAR

