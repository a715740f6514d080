"""Card powers, compiled (O7): who may use a power (access, O7.1.1), paying its cost (O7.1.2)
and the interpreter that runs its program (effects.py) step by step, stopping at decisions
(PH_POWER, `pw_dec`). Action powers are minor actions (O6.2), When-played powers run right after
the card is played faceup (O7.3), Rest powers are offered after the Rest's own steps (O4.3.5).

A step that asks something fills the mask in `choices` and resolves one answer in `resolve`; a
step of N units (favor from "each" bank) asks N times. Every other step runs in `perform`.
"""

from __future__ import annotations

import numba as nb
import numpy as np

from meeplegym import programs as P
from meeplegym.envs.oath import actions as A
from meeplegym.envs.oath import data as D
from meeplegym.envs.oath import effects as E
from meeplegym.envs.oath.rules import board as B
from meeplegym.envs.oath.rules import campaign as K
from meeplegym.envs.oath.rules import cards as C
from meeplegym.envs.oath.rules import major as M
from meeplegym.envs.oath.rules import minor as N
from meeplegym.envs.oath.rules.setup import SLOT_REGION, board_colour, move_from_bank
from meeplegym.envs.oath.state import (
    CHANCELLOR,
    DEC_BANK,
    DEC_CARD,
    DEC_CHOOSE,
    DEC_FACEDOWN,
    DEC_KEEP,
    DEC_MAY,
    DEC_NUMBER,
    DEC_PLACE,
    DEC_REGION,
    DEC_SEAT,
    DEC_SLOT,
    DEC_SPACE,
    FIRST_RELIC,
    FIRST_VISION,
    MAX_SITE_RELICS,
    N_CARDS,
    N_REGIONS,
    N_SLOTS,
    N_SUITS,
    PH_POWER,
    RELIQUARY_SPACES,
    SIDE_EXILE,
    Z_ADVISER,
    Z_HAND,
    Z_PERSONAL,
    Z_RELIQUARY,
    Z_SITE,
)

CODE, OPTIONS, ENTRY = E.CODE, E.OPTIONS, E.ENTRY
KIND_ACTION, KIND_PLAYED, KIND_REST = E.KIND_ACTION, E.KIND_PLAYED, E.KIND_REST
SUPPLY_MAX = D.SUPPLY_MAX
BEAST, HEARTH, NOMAD = int(D.Suit.BEAST), int(D.Suit.HEARTH), int(D.Suit.NOMAD)
GAMBLE_DICE = 4  # Gambling Hall (D2)
TAME_FAVOR = 2  # Taming Charm (D2)
COST = B.COST


# ================================================================== access and cost (O7.1)
@nb.njit(cache=True)
def has_access(s, p, c):
    """O7.1.1: p rules the card (a faceup adviser of p's, a card at a site p rules, a relic in
    p's personal bank) or p's pawn is at the card's site."""
    zone = s["zone"][c]
    if zone == Z_ADVISER:
        return s["where"][c] == p and s["faceup"][c] == 1
    if zone == Z_SITE and c < FIRST_RELIC:
        slot = s["where"][c]
        return s["faceup"][c] == 1 and (B.rules_site(s, p, slot) or s["pawn"][p] == slot)
    return zone == Z_PERSONAL and s["where"][c] == p and FIRST_RELIC <= c < FIRST_VISION


@nb.njit(cache=True)
def can_pay(s, p, c):
    """O7.1.2: tokens to place need a card carrying none; everything is paid from p's board."""
    place_f, place_s, burn_f, burn_s = COST[c, 0], COST[c, 1], COST[c, 2], COST[c, 3]
    if (place_f or place_s) and (s["card_favor"][c] > 0 or s["card_secrets"][c] > 0):
        return False
    return s["favor"][p] >= place_f + burn_f and s["secrets"][p] >= place_s + burn_s


@nb.njit(cache=True)
def pay(s, p, c):
    place_f, place_s, burn_f, burn_s = COST[c, 0], COST[c, 1], COST[c, 2], COST[c, 3]
    s["favor"][p] -= place_f + burn_f
    s["card_favor"][c] += place_f
    s["shared_favor"] += burn_f
    s["secrets"][p] -= place_s + burn_s
    s["card_secrets"][c] += place_s


@nb.njit(cache=True)
def usable(s, p, c, kind):
    """A power of `kind` that p may use now: written, accessible, payable and able to change
    something (a power that would do nothing is not offered)."""
    return ENTRY[c, kind] > 0 and has_access(s, p, c) and can_pay(s, p, c) and possible(s, p, ENTRY[c, kind])


# ================================================================== the interpreter
@nb.njit(cache=True)
def start(s, p, c, kind, after):
    """Run card c's program of `kind` for p; the game goes on at phase `after` when it ends."""
    s["pw_card"] = c
    s["pw_pc"] = ENTRY[c, kind]
    s["pw_after"] = after
    s["pw_left"] = -1
    s["pw_it"] = 0
    s["actor"] = p
    run(s, p)


@nb.njit(cache=True)
def run(s, p):
    """Walk the program until it needs a decision (phase PH_POWER) or ends."""
    while True:
        pc = s["pw_pc"]
        op = CODE[pc, P.COL_OP]
        if op == P.OP_END:
            s["pw_card"] = 0
            s["phase"] = s["pw_after"]
            return
        if op == P.OP_JMP:
            s["pw_pc"] = CODE[pc, P.COL_JUMP]
        elif op == P.OP_IF:
            s["pw_pc"] = pc + 1 if condition(s, p, CODE[pc, E.C_N]) else CODE[pc, P.COL_JUMP]
        elif op == P.OP_MAY:
            ask(s, DEC_MAY)
            return
        elif op == P.OP_CHOOSE:
            ask(s, DEC_CHOOSE)
            return
        elif decision_of(pc) >= 0:
            if not begin_decision(s, p, pc):
                return
        else:
            perform(s, p, pc)
            s["pw_pc"] = pc + 1


@nb.njit(cache=True)
def ask(s, dec):
    s["pw_dec"] = dec
    s["phase"] = PH_POWER


@nb.njit(cache=True)
def amount(s, pc):
    n = CODE[pc, E.C_N]
    return s["pw_count"] if n == E.N_COUNT else n


@nb.njit(cache=True)
def decision_of(pc):
    """The DEC_* a step asks, -1 for a step that asks nothing."""
    op, src = CODE[pc, P.COL_OP], CODE[pc, E.C_FROM]
    if op == E.OP_GAIN:
        return DEC_BANK if CODE[pc, E.C_WHAT] == E.WHAT_FAVOR and src != E.FROM_NONE else -1
    if op == E.OP_TAKE:
        return DEC_SEAT if src == E.FROM_HERE else -1
    if op == E.OP_KILL:
        return DEC_SLOT if src == E.FROM_SITE else (DEC_PLACE if src == E.FROM_REGION else DEC_SEAT)
    if op == E.OP_MOVE_BANK or op == E.OP_MOVE_FAVOR:
        return DEC_BANK
    if op == E.OP_PEEK_PILE or op == E.OP_CONVOY:
        return DEC_REGION
    if op == E.OP_DISCARD_ADVISER or op == E.OP_TAME or op == E.OP_HOMESTEAD:
        return DEC_CARD
    if op == E.OP_SACRIFICE_EVEN:
        return DEC_NUMBER
    if op == E.OP_RELIC_DRAW:
        return DEC_KEEP
    if op == E.OP_RELIQUARY_TAKE or op == E.OP_RELIQUARY_PEEK:
        return DEC_SPACE
    if op == E.OP_RELIC_BREAK:
        return DEC_FACEDOWN
    return -1


@nb.njit(cache=True)
def begin_decision(s, p, pc):
    """Set up or go on with the asking step at pc; False when a decision is now due, True when
    the step is over (nothing left to ask, or nothing to choose from)."""
    if s["pw_left"] < 0:
        src = CODE[pc, E.C_FROM]
        op = CODE[pc, P.COL_OP]
        per_unit = src == E.FROM_EACH or src == E.FROM_DISTINCT or src == E.FROM_REGION or op == E.OP_MOVE_FAVOR
        units = amount(s, pc) if per_unit else 1
        if (op == E.OP_GAIN or op == E.OP_MOVE_FAVOR) and amount(s, pc) == 0:
            units = 0
        s["pw_left"] = units
        s["pw_banks"] = 0
        if op == E.OP_RELIC_DRAW and units > 0:
            r = C.relic_take_top(s)
            s["pw_it"] = r
            if r > 0:
                C.place(s, r, Z_HAND, p, 0)  # in p's hand while p decides
                s["known"][r] |= 1 << p
    mask = np.zeros(A.N_ACTIONS, dtype=np.int8)
    if s["pw_left"] == 0 or choices(s, p, pc, mask) == 0:
        s["pw_left"] = -1
        s["pw_pc"] = pc + 1
        return True
    ask(s, decision_of(pc))
    return False


@nb.njit(cache=True)
def condition(s, p, kind):
    if kind == E.COND_EXILE:
        return s["side"][p] == SIDE_EXILE
    if kind == E.COND_NO_FAVOR:
        return s["favor"][p] == 0
    if kind == E.COND_SECRETIVE:
        return all_secrets(s, p) > all_secrets(s, CHANCELLOR)
    if kind == E.COND_DS:
        return s["ds_holder"] == p
    if kind == E.COND_MORE_SITES:
        return B.sites_ruled(s, p) > B.sites_ruled(s, CHANCELLOR)
    if kind == E.COND_CHANCELLOR_HERE:
        return B.rules_site(s, CHANCELLOR, s["pawn"][p])
    h = s["title_holder"]
    return h >= 0 and s["side"][h] == SIDE_EXILE


@nb.njit(cache=True)
def all_secrets(s, p):
    """Secrets on p's board, and on cards if p placed them (it is p's turn: tokens on cards are
    the current player's until their Rest) -- Bewitch's "secrets on cards count"."""
    k = np.int64(s["secrets"][p]) + s["secrets_down"][p]
    if p == s["current"]:
        for c in range(1, N_CARDS):
            k += s["card_secrets"][c]
    return k


@nb.njit(cache=True)
def rules_card(s, p, c):
    """O10 Rule: your advisers, your relics, every card at a site you rule."""
    zone = s["zone"][c]
    if zone == Z_ADVISER or zone == Z_PERSONAL:
        return s["where"][c] == p
    return zone == Z_SITE and B.rules_site(s, p, s["where"][c])


@nb.njit(cache=True)
def discardable(s, c):
    """A faceup card that may be discarded: not locked (O7.2)."""
    return not M.LOCKED[c]


@nb.njit(cache=True)
def choices(s, p, pc, mask):
    """The answers to the asking step at pc (marks in mask); how many."""
    op, what, src = CODE[pc, P.COL_OP], CODE[pc, E.C_WHAT], CODE[pc, E.C_FROM]
    n = 0
    if op == E.OP_MOVE_FAVOR:  # one unit from a bank with favor, not the target
        for b in range(N_SUITS):
            if s["favor_bank"][b] > 0 and not CODE[pc, E.C_SUITS] >> b & 1:
                mask[A.SUIT + b] = 1
                n += 1
    elif op == E.OP_GAIN or op == E.OP_MOVE_BANK:
        suits = 0
        if src == E.FROM_SITE:  # a bank matching a card at your site
            for c in range(1, FIRST_RELIC):
                if s["zone"][c] == Z_SITE and s["where"][c] == s["pawn"][p] and B.card_suit(s, c) >= 0:
                    suits |= 1 << B.card_suit(s, c)
        for b in range(N_SUITS):
            if s["favor_bank"][b] == 0 or (src == E.FROM_DISTINCT and s["pw_banks"] >> b & 1):
                continue
            if (src == E.FROM_SITE and not suits >> b & 1) or (op == E.OP_MOVE_BANK and CODE[pc, E.C_SUITS] >> b & 1):
                continue
            mask[A.SUIT + b] = 1
            n += 1
    elif op == E.OP_TAKE:  # a player at your site with some (a secret: never their last)
        least = 2 if what == E.WHAT_SECRET else 1
        for q in range(s["n_players"]):
            have = s["secrets"][q] if what == E.WHAT_SECRET else s["favor"][q]
            if q != p and s["pawn"][q] == s["pawn"][p] and have >= least:
                mask[A.SEAT + q] = 1
                n += 1
    elif op == E.OP_KILL and src == E.FROM_SITE:
        region = SLOT_REGION[s["pawn"][p]]
        for slot in range(N_SLOTS):
            if SLOT_REGION[slot] == region and B.site_colour(s, slot) >= 0:
                mask[A.SLOT + slot] = 1
                n += 1
    elif op == E.OP_KILL and src == E.FROM_REGION:  # a site of your region or a board there
        region = SLOT_REGION[s["pawn"][p]]
        for slot in range(N_SLOTS):
            if SLOT_REGION[slot] == region and B.site_colour(s, slot) >= 0:
                mask[A.SLOT + slot] = 1
                n += 1
        for q in range(s["n_players"]):
            if SLOT_REGION[s["pawn"][q]] == region and s["board_warbands"][q] > 0:
                mask[A.SEAT + q] = 1
                n += 1
    elif op == E.OP_KILL:  # a board; with suits, of a player with a faceup adviser of them
        suits = CODE[pc, E.C_SUITS]
        for q in range(s["n_players"]):
            if s["board_warbands"][q] > 0 and (suits == 0 or has_adviser_of(s, q, suits)):
                mask[A.SEAT + q] = 1
                n += 1
    elif op == E.OP_SACRIFICE_EVEN:
        for k in range(2, min(s["board_warbands"][p], A.MAX_NUMBER) + 1, 2):
            mask[A.NUMBER + k] = 1
            n += 1
    elif op == E.OP_CONVOY:
        here = SLOT_REGION[s["pawn"][p]]
        for region in range(N_REGIONS):
            if region != here and s["discard_size"][region] > 0:
                mask[A.OPTION + region] = 1
                n += 1
    elif op == E.OP_HOMESTEAD:
        if M.site_room(s, s["pawn"][p]):
            for c in range(1, FIRST_RELIC):
                if (s["zone"][c] == Z_ADVISER and s["where"][c] == p and s["faceup"][c] and discardable(s, c)
                        and M.RESTRICTION[c] != M.ADVISER_ONLY):
                    mask[A.CARD + c] = 1
                    n += 1
    elif op == E.OP_PEEK_PILE:
        for region in range(N_REGIONS):
            for k in range(s["discard_size"][region]):
                if not (s["known"][s["discard"][region, k]] >> p & 1):
                    mask[A.OPTION + region] = 1
            n += mask[A.OPTION + region]
    elif op == E.OP_DISCARD_ADVISER:
        for c in range(1, FIRST_VISION):
            if s["zone"][c] == Z_ADVISER and s["faceup"][c] and discardable(s, c):
                q = s["where"][c]
                if q != p and ((src == E.FROM_HERE and s["pawn"][q] == s["pawn"][p])
                               or (src == E.FROM_DS and s["ds_holder"] == q and s["pf_holder"] != q)):
                    mask[A.CARD + c] = 1
                    n += 1
    elif op == E.OP_TAME:
        for c in range(1, FIRST_RELIC):
            suit = B.card_suit(s, c)
            if (s["zone"][c] == Z_SITE and s["where"][c] == s["pawn"][p] and (suit == BEAST or suit == NOMAD)
                    and discardable(s, c)):
                mask[A.CARD + c] = 1
                n += 1
    elif op == E.OP_RELIC_DRAW:
        if s["pw_it"] > 0:
            mask[A.OPTION + 0] = 1
            mask[A.END] = 1
            n = 2
    elif op == E.OP_RELIQUARY_TAKE or op == E.OP_RELIQUARY_PEEK:
        for k in range(RELIQUARY_SPACES):
            if s["reliquary"][k] > 0:
                mask[A.OPTION + k] = 1
                n += 1
    elif op == E.OP_RELIC_BREAK:
        for k in range(MAX_SITE_RELICS):
            if C.site_relic(s, s["pawn"][p], k) > 0:
                mask[A.FACEDOWN + k] = 1
                n += 1
    return n


@nb.njit(cache=True)
def resolve(s, p, pc, a):
    """One answer to the asking step at pc."""
    op, what, src = CODE[pc, P.COL_OP], CODE[pc, E.C_WHAT], CODE[pc, E.C_FROM]
    if op == E.OP_GAIN:
        b = a - A.SUIT
        unit = src == E.FROM_EACH or src == E.FROM_DISTINCT
        M.gain_from_bank(s, p, b, 1 if unit else min(amount(s, pc), s["favor_bank"][b]))
        s["pw_banks"] |= 1 << b
    elif op == E.OP_MOVE_BANK:
        b = a - A.SUIT
        to = 0
        while not CODE[pc, E.C_SUITS] >> to & 1:
            to += 1
        s["favor_bank"][to] += s["favor_bank"][b]
        s["favor_bank"][b] = 0
    elif op == E.OP_TAKE:
        q = a - A.SEAT
        if what == E.WHAT_SECRET:
            k = min(amount(s, pc), s["secrets"][q] - 1)
            s["secrets"][q] -= k
            s["secrets"][p] += k
        else:
            k = min(amount(s, pc), s["favor"][q])
            s["favor"][q] -= k
            s["favor"][p] += k
    elif op == E.OP_MOVE_FAVOR:
        b = a - A.SUIT
        to = 0
        while not CODE[pc, E.C_SUITS] >> to & 1:
            to += 1
        s["favor_bank"][b] -= 1
        s["favor_bank"][to] += 1
    elif op == E.OP_SACRIFICE_EVEN:
        k = a - A.NUMBER
        s["board_warbands"][p] -= k
        s["bank_warbands"][board_colour(s, p)] += k
        s["secrets"][p] += k // 2
    elif op == E.OP_CONVOY:
        convoy(s, p, a - A.OPTION)
    elif op == E.OP_HOMESTEAD:
        c = a - A.CARD
        C.place(s, c, Z_SITE, s["pawn"][p], 1)
    elif op == E.OP_KILL and src == E.FROM_REGION and a < A.SEAT:
        slot = a - A.SLOT
        col = B.site_colour(s, slot)
        s["site_warbands"][slot, col] -= 1
        s["bank_warbands"][col] += 1
    elif op == E.OP_KILL and src == E.FROM_SITE:
        slot = a - A.SLOT
        col = B.site_colour(s, slot)
        k = min(amount(s, pc), s["site_warbands"][slot, col])
        s["site_warbands"][slot, col] -= k
        s["bank_warbands"][col] += k
    elif op == E.OP_KILL:
        q = a - A.SEAT
        k = min(1 if src == E.FROM_REGION else amount(s, pc), s["board_warbands"][q])
        s["board_warbands"][q] -= k
        s["bank_warbands"][board_colour(s, q)] += k
    elif op == E.OP_PEEK_PILE:
        region = a - A.OPTION
        for k in range(s["discard_size"][region]):
            s["known"][s["discard"][region, k]] |= 1 << p
    elif op == E.OP_DISCARD_ADVISER:
        M.discard_card(s, p, a - A.CARD)
    elif op == E.OP_TAME:
        c = a - A.CARD
        suit = B.card_suit(s, c)
        M.discard_card(s, p, c)
        M.gain_from_bank(s, p, suit, TAME_FAVOR)
    elif op == E.OP_RELIC_DRAW:
        r = s["pw_it"]
        if a == A.OPTION + 0:
            M.take_relic(s, p, r)
        else:
            C.relic_push_bottom(s, r)
        s["pw_it"] = 0
    elif op == E.OP_RELIC_BREAK:
        C.relic_push_bottom(s, C.site_relic(s, s["pawn"][p], a - A.FACEDOWN))
    elif op == E.OP_RELIQUARY_TAKE:
        take_from_reliquary(s, p, a - A.OPTION)
    elif op == E.OP_RELIQUARY_PEEK:
        r = s["reliquary"][a - A.OPTION]
        s["known"][r] |= 1 << p
        s["pw_it"] = r


@nb.njit(cache=True)
def answer(s, p, a):
    """The decision inside a program: a MAY, a CHOOSE, or one unit of an asking step."""
    pc = s["pw_pc"]
    dec = s["pw_dec"]
    if dec == DEC_MAY:
        s["pw_pc"] = pc + 1 if a == A.OPTION + 0 else CODE[pc, P.COL_JUMP]
    elif dec == DEC_CHOOSE:
        s["pw_pc"] = OPTIONS[CODE[pc, 3] + a - A.OPTION, 0]
    else:
        resolve(s, p, pc, a)
        s["pw_left"] -= 1
    run(s, p)


@nb.njit(cache=True)
def legal(s, p, mask):
    pc = s["pw_pc"]
    dec = s["pw_dec"]
    if dec == DEC_MAY:
        mask[A.OPTION + 0] = 1
        mask[A.END] = 1
    elif dec == DEC_CHOOSE:
        for k in range(CODE[pc, 2]):
            if possible(s, p, OPTIONS[CODE[pc, 3] + k, 0]):
                mask[A.OPTION + k] = 1
    else:
        choices(s, p, pc, mask)


@nb.njit(cache=True)
def possible(s, p, pc):
    """Whether the program from pc would change something: its first step can act (through its
    leading conditions and MAYs; a CHOOSE when one of its options can)."""
    op = CODE[pc, P.COL_OP]
    while op == P.OP_IF or op == P.OP_MAY:
        if op == P.OP_IF and not condition(s, p, CODE[pc, E.C_N]):
            return False
        pc += 1
        op = CODE[pc, P.COL_OP]
    if op == P.OP_END:
        return False
    if op == P.OP_CHOOSE:
        for k in range(CODE[pc, 2]):
            if first_step_acts(s, p, OPTIONS[CODE[pc, 3] + k, 0]):
                return True
        return False
    return first_step_acts(s, p, pc)


@nb.njit(cache=True)
def first_step_acts(s, p, pc):
    op, what, src = CODE[pc, P.COL_OP], CODE[pc, E.C_WHAT], CODE[pc, E.C_FROM]
    if op == E.OP_RELIC_DRAW:
        return s["relic_size"] > 0
    if decision_of(pc) >= 0:
        mask = np.zeros(A.N_ACTIONS, dtype=np.int8)
        return choices(s, p, pc, mask) > 0
    if op == E.OP_GAIN and what == E.WHAT_SUPPLY:
        return s["supply"][p] < SUPPLY_MAX
    if op == E.OP_GAIN and what == E.WHAT_WARBANDS:
        return s["bank_warbands"][board_colour(s, p)] > 0
    if op == E.OP_TAKE and src == E.FROM_CHANCELLOR:
        return p != CHANCELLOR and s["favor"][CHANCELLOR] > 0
    if op == E.OP_DS_BURN:
        return s["ds_tokens"] > 1
    if op == E.OP_PEEK_DISCARD or op == E.OP_PEEK_WORLD:
        return peek(s, p, pc, False)
    return True


# ================================================================== the steps that ask nothing
@nb.njit(cache=True)
def perform(s, p, pc):
    op, what, src = CODE[pc, P.COL_OP], CODE[pc, E.C_WHAT], CODE[pc, E.C_FROM]
    n = amount(s, pc)
    if op == E.OP_GAIN:
        if what == E.WHAT_SECRET:
            s["secrets"][p] += n
        elif what == E.WHAT_WARBANDS:
            move_from_bank(s, p, n)
        else:
            s["supply"][p] = min(SUPPLY_MAX, s["supply"][p] + n)
    elif op == E.OP_TAKE and src == E.FROM_CHANCELLOR:
        take_favor(s, p, CHANCELLOR, n)
    elif op == E.OP_TAKE:  # taxed: each player at a site you rule in your region
        region = SLOT_REGION[s["pawn"][p]]
        for q in range(s["n_players"]):
            where = s["pawn"][q]
            if q != p and SLOT_REGION[where] == region and B.rules_site(s, p, where):
                take_favor(s, p, q, n)
    elif op == E.OP_COUNT:
        s["pw_count"] = count(s, p, what)
    elif op == E.OP_DS_ADD:
        s["ds_tokens"] += 1
    elif op == E.OP_DS_BURN:
        s["ds_tokens"] = max(1, s["ds_tokens"] - 1)
    elif op == E.OP_DS_KEEP:
        s["ds_tokens"] = min(s["ds_tokens"], n)
    elif op == E.OP_KEEP_SECRETS:
        for q in range(s["n_players"]):
            s["secrets"][q] = 0 if q == p else min(s["secrets"][q], 1)
    elif op == E.OP_TITHE:
        tithe(s, CODE[pc, E.C_SUITS])
    elif op == E.OP_PEEK_DISCARD or op == E.OP_PEEK_WORLD:
        peek(s, p, pc, True)
    elif op == E.OP_DISCARD_REGION:
        discard_region(s, p, CODE[pc, E.C_SUITS])
    elif op == E.OP_GARRISON:
        garrison(s, p)
    elif op == E.OP_KEY_CITY:
        key_city(s, p, s["pw_card"])
    elif op == E.OP_CITIZEN:
        if s["side"][p] == SIDE_EXILE:
            N.become_citizen(s, p)  # the Act phase ends when the program does
    elif op == E.OP_END_ACT:
        s["end_act"] = 1
    elif op == E.OP_TAKE_IT:
        r = s["pw_it"]
        if r > 0 and s["zone"][r] == Z_RELIQUARY:
            take_from_reliquary(s, p, s["where"][r])
    elif op == E.OP_GIVE_DS:
        s["ds_holder"] = CHANCELLOR
    elif op == E.OP_DISSENT:
        dissent(s, s["pw_card"])
    elif op == E.OP_RELIC_BOTTOM:
        C.relic_push_bottom(s, s["pw_card"])


@nb.njit(cache=True)
def take_from_reliquary(s, p, space):
    """The relic leaves its space for p's personal bank; the Chancellor now has the space's
    modifier (O2.3)."""
    r = s["reliquary"][space]
    s["reliquary"][space] = 0
    M.take_relic(s, p, r)


@nb.njit(cache=True)
def dissent(s, c):
    """Dissent (D2): every player but the People's Favor's holder places on this card one favor
    per suit among the cards they rule (as much as they have)."""
    for q in range(s["n_players"]):
        if s["pf_holder"] == q:
            continue
        suits = 0
        for d in range(1, FIRST_RELIC):
            suit = B.card_suit(s, d)
            if suit >= 0 and rules_card(s, q, d):
                suits |= 1 << suit
        k = 0
        for b in range(N_SUITS):
            k += suits >> b & 1
        k = min(k, s["favor"][q])
        s["favor"][q] -= k
        s["card_favor"][c] += k


@nb.njit(cache=True)
def has_adviser_of(s, q, suits):
    for c in range(1, FIRST_RELIC):
        if s["zone"][c] == Z_ADVISER and s["where"][c] == q and B.card_suit(s, c) >= 0 and suits >> B.card_suit(s, c) & 1:
            return True
    return False


@nb.njit(cache=True)
def convoy(s, p, region):
    """Convoys (D2): a region's discard pile, in its order, onto the top of p's region's."""
    here = SLOT_REGION[s["pawn"][p]]
    for k in range(s["discard_size"][region]):
        c = s["discard"][region, k]
        s["discard"][region, k] = 0
        C.discard_push(s, here, c)
    s["discard_size"][region] = 0


@nb.njit(cache=True)
def take_favor(s, p, q, n):
    k = min(n, s["favor"][q])
    s["favor"][q] -= k
    s["favor"][p] += k


@nb.njit(cache=True)
def count(s, p, what):
    if what == E.COUNT_GAMBLE:  # the shields of 4 defense dice (O2.12)
        return min(K.roll_shields(s, GAMBLE_DICE), 100)
    k = 0
    for c in range(1, FIRST_RELIC):
        if what == E.COUNT_BEAST_SITES and s["zone"][c] == Z_SITE and B.card_suit(s, c) == BEAST:
            k += 1
        elif what == E.COUNT_HEARTH_RULED and B.card_suit(s, c) == HEARTH and rules_card(s, p, c):
            k += 1
    return k


@nb.njit(cache=True)
def tithe(s, suits):
    """Every player moves 1 favor per site they rule into the bank of `suits` (Plague Engines)."""
    b = 0
    while not suits >> b & 1:
        b += 1
    for q in range(s["n_players"]):
        k = min(B.sites_ruled(s, q), s["favor"][q])
        s["favor"][q] -= k
        s["favor_bank"][b] += k


@nb.njit(cache=True)
def discard_region(s, p, suits):
    """Discard every faceup card of `suits` at the sites of p's region (not locked)."""
    region = SLOT_REGION[s["pawn"][p]]
    for c in range(1, FIRST_RELIC):
        if (s["zone"][c] == Z_SITE and SLOT_REGION[s["where"][c]] == region and B.card_suit(s, c) >= 0
                and suits >> B.card_suit(s, c) & 1 and discardable(s, c) and c != s["pw_card"]):
            M.discard_card(s, p, c)


@nb.njit(cache=True)
def garrison(s, p):
    """Garrison (D2): a warband per site p rules, then one from p's board onto each of them."""
    ruled = B.sites_ruled(s, p)
    move_from_bank(s, p, ruled)
    col = board_colour(s, p)
    for slot in range(N_SLOTS):
        if B.rules_site(s, p, slot) and s["board_warbands"][p] > 0:
            s["board_warbands"][p] -= 1
            s["site_warbands"][slot, col] += 1


@nb.njit(cache=True)
def key_city(s, p, c):
    """Key to the City (D2): if the ruler of this card's site has no pawn there, every warband
    there dies; then p gains one and puts it there."""
    slot = s["where"][c]
    col = B.site_colour(s, slot)
    if col >= 0:
        present = False
        for q in range(s["n_players"]):
            if s["pawn"][q] == slot and B.rules_site(s, q, slot):
                present = True
        if present:
            return
        s["bank_warbands"][col] += s["site_warbands"][slot, col]
        s["site_warbands"][slot, col] = 0
    own = board_colour(s, p)
    if s["bank_warbands"][own] > 0:
        s["bank_warbands"][own] -= 1
        s["site_warbands"][slot, own] += 1


@nb.njit(cache=True)
def peek(s, p, pc, do):
    """Look at the top N cards of your region's discard pile or of the world deck; with `do`
    False, only whether any of them is still unseen by p."""
    n = CODE[pc, E.C_N]
    if CODE[pc, P.COL_OP] == E.OP_PEEK_WORLD:
        return peek_top(s, p, s["world"], s["world_size"], n, do)
    region = SLOT_REGION[s["pawn"][p]]
    return peek_top(s, p, s["discard"][region], s["discard_size"][region], n, do)


@nb.njit(cache=True)
def peek_top(s, p, cards, size, n, do):
    unseen = False
    for k in range(max(0, size - n), size):
        c = cards[k]
        unseen = unseen or not (s["known"][c] >> p & 1)
        if do:
            s["known"][c] |= 1 << p
    return unseen


@nb.njit(cache=True)
def action_legal(s, p, mask):
    """O6.2: CARD marks for the Action powers p may use now."""
    for c in range(1, FIRST_VISION):
        if usable(s, p, c, KIND_ACTION):
            mask[A.CARD + c] = 1


@nb.njit(cache=True)
def use_action(s, p, c, after):
    pay(s, p, c)
    start(s, p, c, KIND_ACTION, after)


@nb.njit(cache=True)
def rest_legal(s, p, mask):
    """O4.3.5: the Rest powers p has access to and has not used this Rest."""
    n = 0
    for c in range(1, FIRST_VISION):
        if not s["used"][c] and usable(s, p, c, KIND_REST):
            mask[A.CARD + c] = 1
            n += 1
    return n

