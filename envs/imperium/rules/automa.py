"""The solo automa (I14), compiled: which row of its state table answers a card, and what a card
is worth to it (I14.9). The automa's turn, keywords and scoring build on these (issue 5)."""

from __future__ import annotations

import numba as nb

from meeplegym.envs.imperium import catalogue as K
from meeplegym.envs.imperium import data as D
from meeplegym.envs.imperium import effects as E
from meeplegym.envs.imperium.rules.zones import rec
from meeplegym.envs.imperium.state import PRG

T = D.AutomaTrigger
UNREST_BIT = 1 << int(D.Suit.UNREST)
TROUTE_BIT = 1 << int(D.Suit.TROUTE)
PIN, ATK = int(D.Header.PIN), int(D.Header.ATK)
DYNASTY_STARTS = (int(D.Start.DEV), int(D.Start.ACC), int(D.Start.NAT))  # the dynasty pile's cards (I14.1 5)
(K_UNREST, K_TROUTE, K_NAMES, K_TYPES, K_SUITS, K_PINNED, K_ATTACK, K_DYNASTY, K_STATE,
 K_OTHER) = (int(t) for t in T)
VARIABLE_VP = D.AUTOMA_VARIABLE_VP
VP_PER_MARKET_PRG = D.AUTOMA_VP_PER_MARKET_PRG


@nb.njit(cache=True)
def card_value(r):
    """Card record r's VP for the automa (I14.9): fixed VP as printed, negatives included;
    variable VP 5; conditional VP its best case ("8 in history, else 3" is 8, "-4 unless in
    history" is 0). Used to choose what to acquire, to order the dynasty pile and to score."""
    kind = K.VP_KIND[r]
    if kind == K.VP_FIXED:
        return int(K.VP_AMOUNT[r])
    if kind == K.VP_VAR:
        return VARIABLE_VP
    if kind == K.VP_COND:
        return int(max(K.VP_AMOUNT[r], K.VP_OTHERWISE[r]))
    return 0


@nb.njit(cache=True)
def market_value(s, c):
    """A market card's worth to the automa: its value plus 1 per prg on it (I14.9 [R])."""
    return card_value(rec(s, c)) + VP_PER_MARKET_PRG * s["card_res"][c, PRG]


@nb.njit(cache=True)
def row_matches(t, side, k, r):
    """Row k of side `side` (0 Barbarian, 1 Empire) of automa table t answers card record r:
    its name, a type icon, a suit ... (I14.3 step 2.2)."""
    kind = E.AUTOMA_KIND[t, side, k]
    if kind == K_UNREST:
        return (K.SUITS[r] & UNREST_BIT) != 0
    if kind == K_TROUTE:
        return (K.SUITS[r] & TROUTE_BIT) != 0
    if kind == K_NAMES or kind == K_ATTACK:
        for j in range(E.MAX_AUTOMA_NAMES):
            if E.AUTOMA_NAMES[t, side, k, j] >= 0 and K.NAME_ID[r] == E.AUTOMA_NAMES[t, side, k, j]:
                return True
        return kind == K_ATTACK and K.HEADER[r] == ATK
    if kind == K_TYPES:
        for i in range(K.N_TYPES):
            if (E.AUTOMA_TYPES[t, side, k] >> i) & 1 and K.TYPES[r, i] > 0:
                return True
        return False
    if kind == K_SUITS:
        return (K.SUITS[r] & E.AUTOMA_SUITS[t, side, k]) != 0
    if kind == K_PINNED:
        return K.HEADER[r] == PIN
    if kind == K_DYNASTY:
        return K.START[r] == DYNASTY_STARTS[0] or K.START[r] == DYNASTY_STARTS[1] or K.START[r] == DYNASTY_STARTS[2]
    if kind == K_STATE:
        return (K.STATES[r] & E.AUTOMA_STATES[t, side, k]) != 0
    return True  # OTHER


@nb.njit(cache=True)
def next_row(t, side, r, after):
    """The first row below row `after` (-1: from the top) that answers card record r, -1 if none:
    a row of which no part can be done passes the card on to the next matching one (I14.3 2.5)."""
    for k in range(after + 1, E.AUTOMA_ROWS[t, side]):
        if row_matches(t, side, k, r):
            return k
    return -1
