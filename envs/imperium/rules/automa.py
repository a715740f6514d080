"""The solo automa (I14), compiled: which row of its state table answers a card, what a card is
worth to it (I14.9), how it decides what its rows leave open (I14.3 2, I14.5) and its score.

The automa's rows run on the effect machine like card text (steps.resolve_for_automa); where
a step waits for a decision whose actor is the automa, `choose_action` takes it from the legal
actions, by the automa's rules, and the turn plays it (turn.apply). Its turn and cleanup are in
turn.py."""

from __future__ import annotations

import numpy as np

from meeplegym import programs as P
from meeplegym.envs.imperium import actions as ACT
from meeplegym.envs.imperium import catalogue as K
from meeplegym.envs.imperium import data as D
from meeplegym.envs.imperium import effects as E
from meeplegym.envs.imperium.rules import zones as Z
from meeplegym.envs.imperium.state import (
    DEC_CARD,
    DEC_MARKET,
    DEC_PAY,
    DEC_ROUTE,
    DEC_UPTO,
    DIFFICULTY_NAMES,
    GDS,
    MARKET_SLOTS,
    MAT,
    N_RESOURCES,
    POP,
    PRG,
    Z_DISCARD,
    Z_DRAW,
    Z_HAND,
    Z_HISTORY,
    Z_PLAY,
    Z_AUTOMA_SLOT,
)
from meeplegym.jit import kernel

T = D.AutomaTrigger
UNREST_BIT = 1 << int(D.Suit.UNREST)
TROUTE_BIT = 1 << int(D.Suit.TROUTE)
PIN, ATK = int(D.Header.PIN), int(D.Header.ATK)
DYNASTY_STARTS = (int(D.Start.DEV), int(D.Start.ACC), int(D.Start.NAT))  # the dynasty pile's cards (I14.1 5)
(K_UNREST, K_TROUTE, K_NAMES, K_TYPES, K_SUITS, K_PINNED, K_ATTACK, K_DYNASTY, K_STATE,
 K_OTHER) = (int(t) for t in T)
VARIABLE_VP = D.AUTOMA_VARIABLE_VP
VP_PER_MARKET_PRG = D.AUTOMA_VP_PER_MARKET_PRG
EMPTY_RESOLVE_PRG = D.AUTOMA_EMPTY_RESOLVE_PRG
SUPREME_RETURN_PRG = D.SUPREME_LEADER_RETURN_PRG
KING_BARBARIAN_PRG, KING_EMPIRE_PRG = D.AUTOMA_KING_PRG
NO_FLIP = tuple(int(n) for n in D.AUTOMA_NO_FLIP)
_LEVELS = [D.DIFFICULTIES[name] for name in DIFFICULTY_NAMES]
SLOTS = np.array([d.slots for d in _LEVELS], dtype=np.int8)  # slot markers in use, by difficulty
DISCARD_AFTER_REFILL = np.array([d.discard_after_refill for d in _LEVELS], dtype=np.bool_)
START_RESOURCES = np.array([d.start_resources for d in _LEVELS], dtype=np.int16)
MAT_POP_PER_VP = np.array([d.mat_pop_per_vp for d in _LEVELS], dtype=np.int16)
NO_TOKEN_ON_SIX = np.array([d.no_token_on_six for d in _LEVELS], dtype=np.bool_)
GDS_VP_EACH = np.array([d.gds_vp_each for d in _LEVELS], dtype=np.bool_)
INUIT_WINTER_SLOTS = np.array([d.inuit_winter_slots for d in _LEVELS], dtype=np.int8)  # I14.3 4.6, I14.10
MARKET_TOKEN = np.array([[int(r), n] for r, n in (D.AUTOMA_MARKET_TOKEN.get(code, D.AUTOMA_MARKET_TOKEN_DEFAULT)
                                                   for code in D.NationCode)], dtype=np.int8)  # by nation
GDS_AS_MAT_POP = 5  # I14.9: each gds counts 5 toward the mat + pop total
OP_ACQUIRE, OP_BREAK_THROUGH, OP_SWAP_EXILED, OP_ABANDON, OP_RECALL = E.OP_ACQUIRE, E.OP_BREAK_THROUGH, E.OP_SWAP_EXILED, E.OP_ABANDON, E.OP_RECALL
SCORED_ZONES = (Z_HAND, Z_PLAY, Z_DRAW, Z_DISCARD, Z_HISTORY, Z_AUTOMA_SLOT)  # I14.9: not the dynasty pile


@kernel
def flips(nation):
    """The automa's state card turns over when its accession card enters its discard (I14.3 4.5)."""
    for n in NO_FLIP:
        if n == nation:
            return False
    return True


@kernel
def _tokens(s, c):
    n = 0
    for k in range(N_RESOURCES):
        n += s["card_res"][c, k]
    return n


@kernel
def choose_action(s, mask):
    """The automa's action for its pending decision, among the legal ones in `mask`:
    Acquire / Break through the market card worth most to it, then the one with most tokens,
    then the lowest slot; otherwise the small pile or main deck route (I14.5); Exile and other
    market picks the lowest slot (for Exile: the lowest with no token, I14.5, which is what is
    legal); Abandon / Recall its most recently played card (I14.5); paying with the resource
    asked for (I14.4 Spend: no substitution); everything else the first legal choice: the first
    option of a CHOOSE that can be done ("X; if impossible, Y"), yes to a MAY."""
    dec = s["dec"]
    f = s["depth"] - 1
    op = E.CODE[s["fr_pc"][f]][P.COL_OP] if f >= 0 else -1
    if (dec == DEC_MARKET or dec == DEC_ROUTE) and (op == OP_ACQUIRE or op == OP_BREAK_THROUGH or op == OP_SWAP_EXILED):
        best = -1
        best_value = 0
        best_tokens = 0
        for slot in range(MARKET_SLOTS):
            if not mask[ACT.MARKET + slot]:
                continue
            c = s["market"][slot]
            value = market_value(s, c)
            tokens = _tokens(s, c)
            if best < 0 or value > best_value or (value == best_value and tokens > best_tokens):
                best, best_value, best_tokens = slot, value, tokens
        if best >= 0:
            return ACT.MARKET + best
    if (dec == DEC_CARD or dec == DEC_UPTO) and (op == OP_ABANDON or op == OP_RECALL):
        best = -1
        for c in Z.table(s):
            if mask[ACT.CARD + c] and (best < 0 or s["played_order"][c] > s["played_order"][best]):
                best = c
        if best >= 0:
            return ACT.CARD + best
    if dec == DEC_PAY:
        for r in range(N_RESOURCES):
            if s["pay_need"][r] > 0 and mask[ACT.RESOURCE + r]:
                return ACT.RESOURCE + r
    for a in range(1, mask.shape[0]):
        if mask[a]:
            return a
    return ACT.END


@kernel
def score(s):
    """The automa's final score (I14.9): 1 VP per prg; 1 VP per 10 mat + pop (5 from Sovereign
    up), each gds counting 5 toward them (from Sovereign up: 1 VP per gds instead [?]); its cards
    in hand, play, deck, discard, history and slots at their automa value (not the dynasty pile,
    not its power card); Cultist automa unrest by the difficulty (not played yet)."""
    a = s["automa"]
    d = s["difficulty"]
    vp = int(s["pool"][a, PRG])
    stock = int(s["pool"][a, MAT]) + int(s["pool"][a, POP])
    if GDS_VP_EACH[d]:
        vp += int(s["pool"][a, GDS])
    else:
        stock += GDS_AS_MAT_POP * int(s["pool"][a, GDS])
    vp += stock // MAT_POP_PER_VP[d]
    for c in Z.table(s):
        if s["owner"][c] != a or c == s["power_card"][a]:
            continue
        z = s["zone"][c]
        for scored in SCORED_ZONES:
            if z == scored:
                vp += card_value(Z.rec(s, c))
    return vp


@kernel
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


@kernel
def market_value(s, c):
    """A market card's worth to the automa: its value plus 1 per prg on it (I14.9 [R])."""
    return card_value(Z.rec(s, c)) + VP_PER_MARKET_PRG * s["card_res"][c, PRG]


@kernel
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


@kernel
def next_row(t, side, r, after):
    """The first row below row `after` (-1: from the top) that answers card record r, -1 if none:
    a row of which no part can be done passes the card on to the next matching one (I14.3 2.5)."""
    for k in range(after + 1, E.AUTOMA_ROWS[t, side]):
        if row_matches(t, side, k, r):
            return k
    return -1


# ---------------------------------------------------------------- the automa's piles (I14.3, I14.8, I14.12)
@kernel
def automa_discard(s, c):
    """c into the automa's discard pile; its accession card there turns its state card to the
    Empire side for good (I14.3 4.5; not for the nations that do not flip)."""
    a = s["automa"]
    Z.put(s, c, Z_DISCARD, a)
    if K.START[Z.rec(s, c)] == Z.ACCESSION and flips(s["nation"][a]):
        s["automa_side"] = 1


@kernel
def dynasty_check(s):
    """I14.8: the automa's dynasty pile running out triggers the game end."""
    if s["nation_size"][s["automa"]] == 0:
        Z.trigger_game_end(s)


@kernel
def automa_returned_unrest(s, p):
    """I14.12 Supreme Leader: each unrest the automa returns also gains it 1 prg."""
    if Z.is_automa(s, p) and s["supreme_leader"]:
        s["pool"][p, PRG] += SUPREME_RETURN_PRG
