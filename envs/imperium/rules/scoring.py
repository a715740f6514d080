"""Scoring (I10.3-I10.5, I1.12): card VP from the compiled VP rules, the 10-VP cap per card,
progress in the pool, and the collapse ranking by unrest."""

from __future__ import annotations

import numpy as np

from meeplegym.envs.imperium import catalogue as K
from meeplegym.envs.imperium import data as D
from meeplegym.envs.imperium.rules import automa as AU
from meeplegym.envs.imperium.rules.zones import cultist, rec, table, top_chaos
from meeplegym.envs.imperium.state import (
    N_RESOURCES,
    PRG,
    Z_DISCARD,
    Z_DRAW,
    Z_GARRISON,
    Z_HAND,
    Z_HISTORY,
    Z_LEGENDS,
    Z_PLAY,
)
from meeplegym.jit import kernel, shell_kernel

CAP = D.VP_CAP_PER_CARD
ZONE_SCORED, ZONE_IN_PLAY, ZONE_HISTORY, ZONE_LEGENDS, ZONE_HERE, ZONE_UNDER_REGIONS, ZONE_POOL, ZONE_ON_YOUR_CARDS = (
    int(z) for z in D.Zone)
C_SUIT, C_TYPE, C_STATE, C_PINNED, C_ATTACK, C_CARD, C_RESOURCE, C_GARRISONED = (int(k) for k in D.CountKind)
PIN, ATK = int(D.Header.PIN), int(D.Header.ATK)
REG_BIT = 1 << int(D.Suit.REG)
UNREST = int(D.Suit.UNREST)
TAINO = int(D.NationCode.TAI)
ALIEN = K.record_index("MRT29A")
CULTISTS = int(D.NationCode.CUL)


@kernel
def is_scored(s, p, c):
    """Card c counts for p at scoring (I10.3): hand, play area (garrisoned cards included),
    draw pile, discard pile, history and legends; not the nation deck, development area,
    chaos pile or anything not p's."""
    if s["owner"][c] != p:
        return False
    z = s["zone"][c]
    return z == Z_HAND or z == Z_PLAY or z == Z_GARRISON or z == Z_DRAW or z == Z_DISCARD or z == Z_HISTORY or z == Z_LEGENDS


@kernel
def _in_zone(s, p, c, zone):
    if zone == ZONE_SCORED:
        return is_scored(s, p, c)
    if s["owner"][c] != p:
        return False
    if zone == ZONE_IN_PLAY:
        return s["zone"][c] == Z_PLAY
    if zone == ZONE_HISTORY:
        return s["zone"][c] == Z_HISTORY
    if zone == ZONE_LEGENDS:
        return s["zone"][c] == Z_LEGENDS
    return False


@kernel
def _card_matches(r, kind, suits, icons, states, only_suits, except_suits):
    """How many of the counted things card row r shows (0 if filtered out)."""
    if only_suits != 0 and (K.SUITS[r] & only_suits) == 0:
        return 0
    if except_suits != 0 and (K.SUITS[r] & except_suits) != 0:
        return 0
    if kind == C_SUIT:
        best = 0  # a card counts once, a suit printed twice twice (I16 Nunavut)
        for b in range(K.SUIT_COUNT.shape[1]):
            if suits & (1 << b) and K.SUIT_COUNT[r, b] > best:
                best = K.SUIT_COUNT[r, b]
        return best
    if kind == C_TYPE:
        n = 0
        for t in range(K.TYPES.shape[1]):
            if icons & (1 << t):
                n += K.TYPES[r, t]
        return n
    if kind == C_STATE:
        return 1 if K.STATES[r] & states else 0
    if kind == C_PINNED:
        return 1 if K.HEADER[r] == PIN else 0
    if kind == C_ATTACK:
        return 1 if K.HEADER[r] == ATK else 0
    return 1  # C_CARD


@kernel
def _resources(s, p, c, zone, mask):
    n = 0
    for res in range(N_RESOURCES):
        if mask != 0 and not mask & (1 << res):
            continue
        if zone == ZONE_POOL:
            n += s["pool"][p, res]
            if s["nation"][p] == TAINO:  # I16: resources on Taino cards count as pool resources
                for d in table(s):
                    if s["owner"][d] == p and s["zone"][d] == Z_PLAY:
                        n += s["card_res"][d, res]
        elif zone == ZONE_HERE:
            n += s["card_res"][c, res]
        else:  # on your cards
            for d in table(s):
                if s["owner"][d] == p and s["zone"][d] == Z_PLAY:
                    n += s["card_res"][d, res]
    return n


@kernel
def count_for(s, p, c, r):
    """The count of the variable VP rule of row r printed on p's card c."""
    kind = K.VP_COUNT_KIND[r]
    zone = K.VP_ZONE[r]
    if kind == C_RESOURCE:
        return _resources(s, p, c, zone, K.VP_RESOURCES[r])
    n = 0
    if kind == C_GARRISONED:
        for d in table(s):
            if s["zone"][d] != Z_GARRISON or s["owner"][d] != p:
                continue
            host = s["host"][d]
            if zone == ZONE_HERE and host == c:
                n += 1
            elif zone == ZONE_UNDER_REGIONS and host >= 0 and K.SUITS[rec(s, host)] & REG_BIT:
                n += 1
        return n
    for d in table(s):
        if not _in_zone(s, p, d, zone):
            continue
        n += _card_matches(rec(s, d), kind, K.VP_SUITS[r], K.VP_ICONS[r], K.VP_STATES[r],
                           K.VP_ONLY_SUITS[r], K.VP_EXCEPT_SUITS[r])
    return n


@kernel
def unrest_scores_nothing(s, p):
    """Cultists power B: "you do not score any negative points for UNREST" (C4.CUL)."""
    return s["nation"][p] == CULTISTS and s["face"][s["power_card"][p]] == 1


@kernel
def card_vp(s, p, c):
    """VP of p's card c (physical), capped at 10 (I1.12, I10.3)."""
    r = rec(s, c)
    kind = K.VP_KIND[r]
    vp = 0
    if kind == K.VP_FIXED:
        vp = K.VP_AMOUNT[r]
        if vp < 0 and K.SUITS[r] & (1 << UNREST) and unrest_scores_nothing(s, p):
            vp = 0
    elif kind == K.VP_VAR:
        vp = K.VP_AMOUNT[r] * (count_for(s, p, c, r) // K.VP_DIVISOR[r])
    elif kind == K.VP_COND:
        here = _in_zone(s, p, c, K.VP_ZONE[r])
        vp = K.VP_AMOUNT[r] if here != K.VP_NEGATED[r] else K.VP_OTHERWISE[r]
    return min(vp, CAP)


@kernel
def score(s, p):
    """p's VP (I10.3): every scored card, the power card, then 1 VP per prg in the pool
    (1 per 3 while a Martian is Alien, I16)."""
    total = 0
    for c in table(s):
        if is_scored(s, p, c):
            total += card_vp(s, p, c)
    prg = _resources(s, p, -1, ZONE_POOL, 1 << PRG)  # Taino: progress on their cards too (I16)
    if s["state_card"][p] == ALIEN and s["face"][ALIEN] == 0:
        total += prg // 3
    else:
        total += prg
    return total


@kernel
def unrest_held(s, p):
    """Unrest p holds for the collapse ranking (I10.5): the unrest icons of p's cards in hand,
    play area, draw pile, discard pile and history (one per unrest card; the last ceremony
    cards show one and two, I16 Cultists)."""
    n = 0
    for c in table(s):
        if s["owner"][c] != p:
            continue
        z = s["zone"][c]
        if z == Z_HAND or z == Z_PLAY or z == Z_DRAW or z == Z_DISCARD or z == Z_HISTORY:
            n += K.SUIT_COUNT[rec(s, c), UNREST]
    return n


@kernel
def returns_allowed(s, p):
    """Unrest cards p may return before scoring: Miyabi's "RETURN up to 2 UNREST before scoring"
    while it is scored for p (C4.JPN; the seed's note: from any scored area, chaos included)."""
    n = 0
    for c in table(s):
        if is_scored(s, p, c):
            n += K.VP_RETURN_UNREST[rec(s, c)]
    return n


@kernel
def returnable(s, p, c):
    """An unrest card (chaos included) p may return before scoring: one scored for p."""
    return is_scored(s, p, c) and (K.SUITS[rec(s, c)] & (1 << UNREST)) != 0


@kernel
def _can_return(s, p):
    for c in table(s):
        if returnable(s, p, c):
            return True
    return False


@kernel
def note_collapse(s):
    """The collapse ranking as it stands when the game collapses (I10.5): returns made before a
    VP tie-break change neither the unrest counts nor a Chaos victory (the seed, on Miyabi)."""
    for p in range(s["n_players"]):
        s["collapse_unrest"][p] = unrest_held(s, p)
    s["collapse_chaos"] = chaos_winner(s)


@kernel
def returns_due(s, p):
    """Unrest cards p may return now the game has ended, 0 for none: not the automa (its score is
    its valuation, I14.9); after a collapse, only a seat tied on unrest with another, whose place
    VP decide, and none when the Cultists won the collapse at once (the seed, on Miyabi)."""
    if p >= s["n_players"]:
        return 0
    if s["collapsed"]:
        if s["collapse_chaos"] >= 0:
            return 0
        tied = False
        for q in range(s["n_players"]):
            if q != p and s["collapse_unrest"][q] == s["collapse_unrest"][p]:
                tied = True
        if not tied:
            return 0
    n = returns_allowed(s, p)
    return n if n > 0 and _can_return(s, p) else 0


@kernel
def chaos_winner(s):
    """The Cultists' seat when they win a collapse at once: their chaos pile is empty (I10.5,
    I16); -1 otherwise. The game ends at the collapse, so the pile is as it was then."""
    p = cultist(s)
    return p if p >= 0 and top_chaos(s) < 0 else -1


@kernel
def automa_won(s):
    """The solo game's result (I14.8-I14.9): the automa wins ties, and every collapse unless the
    player's Cultists won it with an empty chaos pile."""
    if s["collapsed"]:
        return s["collapse_chaos"] != 0
    return AU.score(s) >= score(s, 0)


@shell_kernel
def final_scores(s, out):
    for p in range(s["n_players"]):
        out[p] = score(s, p)


@kernel
def ranks(s, collapsed, out):
    """0 = winner; ties share the place (I10.4). After a collapse (``note_collapse``), fewest
    unrest wins and VP breaks ties (I10.5); the Cultists win it alone when their chaos pile is
    empty, the others ranked behind them as usual (I16)."""
    n = s["n_players"]
    if s["automa"] >= 0:  # the solo game: first when beating the automa, else second
        out[0] = 1 if automa_won(s) else 0
        return
    vp = np.zeros(n, dtype=np.int64)
    unrest = np.zeros(n, dtype=np.int64)
    for p in range(n):
        vp[p] = score(s, p)
        unrest[p] = s["collapse_unrest"][p] if collapsed else 0
    chaos = s["collapse_chaos"] if collapsed else -1
    for p in range(n):
        if p == chaos:
            out[p] = 0
            continue
        better = 1 if chaos >= 0 else 0
        for q in range(n):
            if q == chaos:
                continue
            if collapsed:
                if unrest[q] < unrest[p] or (unrest[q] == unrest[p] and vp[q] > vp[p]):
                    better += 1
            elif vp[q] > vp[p]:
                better += 1
        out[p] = better
