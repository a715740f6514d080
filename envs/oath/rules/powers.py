"""Card powers, compiled (O7): who may use a power (access, O7.1.1), paying its cost (O7.1.2)
and the interpreter that runs its program (effects.py) step by step, stopping at decisions
(PH_POWER). Action powers are minor actions (O6.2), When-played powers run right after the card
is played faceup (O7.3), Rest powers are offered after the Rest's own steps (O4.3.5).
"""

from __future__ import annotations

import numba as nb
import numpy as np

from meeplegym import programs as P
from meeplegym.envs.oath import actions as A
from meeplegym.envs.oath import data as D
from meeplegym.envs.oath import effects as E
from meeplegym.envs.oath.rules import board as B
from meeplegym.envs.oath.rules import cards as C
from meeplegym.envs.oath.rules import major as M
from meeplegym.envs.oath.rules import minor as N
from meeplegym.envs.oath.rules.setup import SLOT_REGION, board_colour, move_from_bank
from meeplegym.envs.oath.state import (
    CHANCELLOR,
    DEC_BANK,
    DEC_MAY,
    DEC_SEAT,
    FIRST_RELIC,
    FIRST_VISION,
    N_CARDS,
    N_SUITS,
    PH_POWER,
    SIDE_EXILE,
    Z_ADVISER,
    Z_PERSONAL,
    Z_RELIC_DECK,
    Z_SITE,
)

CODE, ENTRY = E.CODE, E.ENTRY
KIND_ACTION, KIND_PLAYED, KIND_REST = E.KIND_ACTION, E.KIND_PLAYED, E.KIND_REST
SUPPLY_MAX = D.SUPPLY_MAX
# cost of each card's power (D2-D4): favor and secrets placed, favor and secrets burned
COST = np.zeros((N_CARDS, 4), dtype=np.int8)
for _r in (*D.DENIZENS, *D.RELICS):
    COST[_r.number] = tuple(_r.cost)
del _r


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


# ================================================================== starting and running
@nb.njit(cache=True)
def start(s, p, c, kind, after):
    """Run card c's program of `kind` for p; the game goes on at phase `after` when it ends."""
    s["pw_card"] = c
    s["pw_pc"] = ENTRY[c, kind]
    s["pw_after"] = after
    s["pw_left"] = -1
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
        elif not step(s, p, pc):
            return  # a decision is due


@nb.njit(cache=True)
def ask(s, dec):
    s["pw_dec"] = dec
    s["phase"] = PH_POWER


@nb.njit(cache=True)
def condition(s, p, kind):
    if kind == E.COND_EXILE:
        return s["side"][p] == SIDE_EXILE
    if kind == E.COND_NO_FAVOR:
        return s["favor"][p] == 0
    h = s["title_holder"]
    return h >= 0 and s["side"][h] == SIDE_EXILE


@nb.njit(cache=True)
def targets(s, p, pc, mask):
    """The answers of the decision the step at pc asks (SUIT or SEAT marks); how many."""
    op, what, src = CODE[pc, P.COL_OP], CODE[pc, E.C_WHAT], CODE[pc, E.C_FROM]
    n = 0
    if op == E.OP_GAIN:  # a bank with favor (and not used yet, for "distinct")
        for b in range(N_SUITS):
            if s["favor_bank"][b] > 0 and not (src == E.FROM_DISTINCT and s["pw_banks"] >> b & 1):
                mask[A.SUIT + b] = 1
                n += 1
    elif op == E.OP_TAKE:  # a player at your site with some (a secret: never their last)
        least = 2 if what == E.WHAT_SECRET else 1
        for q in range(s["n_players"]):
            have = s["secrets"][q] if what == E.WHAT_SECRET else s["favor"][q]
            if q != p and s["pawn"][q] == s["pawn"][p] and have >= least:
                mask[A.SEAT + q] = 1
                n += 1
    elif op == E.OP_KILL:
        for q in range(s["n_players"]):
            if s["board_warbands"][q] > 0:
                mask[A.SEAT + q] = 1
                n += 1
    return n


@nb.njit(cache=True)
def needs_choice(pc):
    op, src = CODE[pc, P.COL_OP], CODE[pc, E.C_FROM]
    if op == E.OP_GAIN:
        return CODE[pc, E.C_WHAT] == E.WHAT_FAVOR and src != E.FROM_NONE
    return (op == E.OP_TAKE and src == E.FROM_HERE) or op == E.OP_KILL


@nb.njit(cache=True)
def possible(s, p, pc):
    """Whether the program starting at pc would change something: its first step can act
    (through its leading conditions and MAYs)."""
    op = CODE[pc, P.COL_OP]
    while op == P.OP_IF or op == P.OP_MAY:
        if op == P.OP_IF and not condition(s, p, CODE[pc, E.C_N]):
            return False
        pc += 1
        op = CODE[pc, P.COL_OP]
    if op == P.OP_END:
        return False
    if needs_choice(pc):
        mask = np.zeros(A.N_ACTIONS, dtype=np.int8)
        return targets(s, p, pc, mask) > 0
    what, src = CODE[pc, E.C_WHAT], CODE[pc, E.C_FROM]
    if op == E.OP_GAIN and what == E.WHAT_SUPPLY:
        return s["supply"][p] < SUPPLY_MAX
    if op == E.OP_GAIN and what == E.WHAT_WARBANDS:
        return s["bank_warbands"][board_colour(s, p)] > 0
    if op == E.OP_TAKE and src == E.FROM_CHANCELLOR:
        return p != CHANCELLOR and s["favor"][CHANCELLOR] > 0
    if op == E.OP_PEEK_DISCARD or op == E.OP_PEEK_WORLD:
        return peek(s, p, pc, False)
    return True


@nb.njit(cache=True)
def step(s, p, pc):
    """Resolve the step at pc (its next unit); False when it waits on a decision."""
    op, n, what, src = CODE[pc, P.COL_OP], CODE[pc, E.C_N], CODE[pc, E.C_WHAT], CODE[pc, E.C_FROM]
    if needs_choice(pc):
        if s["pw_left"] < 0:
            s["pw_left"] = n if (src == E.FROM_EACH or src == E.FROM_DISTINCT) else 1
            s["pw_banks"] = 0
        mask = np.zeros(A.N_ACTIONS, dtype=np.int8)
        if s["pw_left"] == 0 or targets(s, p, pc, mask) == 0:
            s["pw_left"] = -1
            s["pw_pc"] = pc + 1
            return True
        ask(s, DEC_SEAT if op != E.OP_GAIN else DEC_BANK)
        return False
    if op == E.OP_GAIN:
        if what == E.WHAT_SECRET:
            s["secrets"][p] += n
        elif what == E.WHAT_WARBANDS:
            move_from_bank(s, p, n)
        else:
            s["supply"][p] = min(SUPPLY_MAX, s["supply"][p] + n)
    elif op == E.OP_TAKE:  # from the Chancellor
        k = min(n, s["favor"][CHANCELLOR])
        s["favor"][CHANCELLOR] -= k
        s["favor"][p] += k
    elif op == E.OP_DS_ADD:
        s["ds_tokens"] += 1
    elif op == E.OP_DS_KEEP:
        s["ds_tokens"] = min(s["ds_tokens"], n)
    elif op == E.OP_PEEK_DISCARD or op == E.OP_PEEK_WORLD:
        peek(s, p, pc, True)
    elif op == E.OP_CITIZEN:
        if s["side"][p] == SIDE_EXILE:
            N.become_citizen(s, p)  # the Act phase ends when the program does
    elif op == E.OP_END_ACT:
        s["end_act"] = 1
    elif op == E.OP_RELIC_BOTTOM:
        relic_to_bottom(s, s["pw_card"])
    s["pw_pc"] = pc + 1
    return True


@nb.njit(cache=True)
def answer(s, p, a):
    """The decision inside a program: a MAY, or one unit of a step's choice."""
    pc = s["pw_pc"]
    if s["pw_dec"] == DEC_MAY:
        s["pw_pc"] = pc + 1 if a == A.OPTION + 0 else CODE[pc, P.COL_JUMP]
        run(s, p)
        return
    op, n, what = CODE[pc, P.COL_OP], CODE[pc, E.C_N], CODE[pc, E.C_WHAT]
    src = CODE[pc, E.C_FROM]
    if op == E.OP_GAIN:
        b = a - A.SUIT
        k = 1 if (src == E.FROM_EACH or src == E.FROM_DISTINCT) else min(n, s["favor_bank"][b])
        M.gain_from_bank(s, p, b, k)
        s["pw_banks"] |= 1 << b
    elif op == E.OP_TAKE:
        q = a - A.SEAT
        if what == E.WHAT_SECRET:
            k = min(n, s["secrets"][q] - 1)
            s["secrets"][q] -= k
            s["secrets"][p] += k
        else:
            k = min(n, s["favor"][q])
            s["favor"][q] -= k
            s["favor"][p] += k
    else:  # kill on a board
        q = a - A.SEAT
        k = min(n, s["board_warbands"][q])
        s["board_warbands"][q] -= k
        s["bank_warbands"][board_colour(s, q)] += k
    s["pw_left"] -= 1
    run(s, p)


@nb.njit(cache=True)
def legal(s, p, mask):
    if s["pw_dec"] == DEC_MAY:
        mask[A.OPTION + 0] = 1
        mask[A.END] = 1
    else:
        targets(s, p, s["pw_pc"], mask)


# ================================================================== steps with their own code
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
def relic_to_bottom(s, r):
    n = s["relic_size"]
    for k in range(n, 0, -1):
        s["relic_deck"][k] = s["relic_deck"][k - 1]
    s["relic_deck"][0] = r
    s["relic_size"] = n + 1
    C.place(s, r, Z_RELIC_DECK, 0, 0)
    s["known"][r] = 0


# ================================================================== the three uses
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
