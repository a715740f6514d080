"""Card powers, compiled (O7): who may use a power (access, O7.1.1), paying its cost (O7.1.2)
and the interpreter that runs its program (effects.py) step by step, stopping at decisions
(PH_POWER, `pw_dec`). Action powers are minor actions (O6.2), When-played powers run right after
the card is played faceup (O7.3), Rest powers are offered after the Rest's own steps (O4.3.5).

A step that asks something has a pair of kernels side by side: `_<step>_choices(s, p, pc, mask)`
marks its answers and says how many, `_<step>(s, p, pc, a)` plays one (`_kill_choices` beside
`_kill`). The switches `choices` and `resolve` pick the pair, one case per step; a step of N
units (favor from "each" bank) asks N times. Every other step runs in `perform`.
"""

from __future__ import annotations

import numpy as np

from meeplegym import programs as P
from meeplegym.envs.oath import actions as A
from meeplegym.envs.oath import data as D
from meeplegym.envs.oath import effects as E
from meeplegym.envs.oath.rules import board as B
from meeplegym.envs.oath.rules import campaign as K
from meeplegym.envs.oath.rules import cards as C
from meeplegym.envs.oath.rules import major as M
from meeplegym.envs.oath.rules import persistent as PS
from meeplegym.envs.oath.rules import minor as N
from meeplegym.envs.oath.rules.setup import SLOT_REGION, board_colour, count_vision, move_from_bank
from meeplegym.envs.oath.state import (
    CHANCELLOR,
    DEC_BANK,
    DEC_BARGAIN,
    DEC_CARD,
    DEC_CHOOSE,
    DEC_FACEDOWN,
    DEC_KEEP,
    DEC_MAY,
    DEC_NUMBER,
    DEC_OPTION,
    DEC_PLACE,
    DEC_REGION,
    DEC_SEAT,
    DEC_SLOT,
    DEC_SPACE,
    FIRST_EDIFICE,
    FREE_TAKEN,
    FIRST_RELIC,
    FIRST_VISION,
    GRAND_SCEPTER,
    JINX_GAMBLE,
    MAX_SITE_RELICS,
    N_CARDS,
    N_REGIONS,
    N_SLOTS,
    N_SUITS,
    NOBODY,
    PH_CAMPAIGN_DEFENDER,
    PH_PLAY,
    PH_POWER,
    PH_SHED,
    RELIQUARY_SPACES,
    SIDE_EXILE,
    Z_ADVISER,
    Z_DISCARD,
    Z_DISPOSSESSED,
    Z_HAND,
    Z_PERSONAL,
    Z_RELIQUARY,
    Z_SITE,
    Z_VISION_SPACE,
)
from meeplegym.jit import kernel, shell_kernel

CODE, OPTIONS, ENTRY = E.CODE, E.OPTIONS, E.ENTRY
KIND_ACTION, KIND_PLAYED, KIND_REST, KIND_MODIFIER = E.KIND_ACTION, E.KIND_PLAYED, E.KIND_REST, E.KIND_MODIFIER
SUPPLY_MAX = D.SUPPLY_MAX
BEAST, HEARTH, NOMAD = int(D.Suit.BEAST), int(D.Suit.HEARTH), int(D.Suit.NOMAD)
GAMBLE_DICE = 4  # Gambling Hall (D2)
TAME_FAVOR = 2  # Taming Charm (D2)
PIPER_FAVOR = 2  # Pied Piper (D2)
WITCH_FAVOR = 2  # Witch's Bargain (D2): a secret for 2 favor, 2 favor for a secret
BLACKMAIL_FAVOR = 3  # Blackmail (D2)
SPIRE_MOST = 5  # Fallen Spire (D3)
OPEN_ENDED = 100  # units of a step that repeats until its player stops (END)
TRIBUNAL = int(D.SitePower.TRIBUNAL)
TRIBUNAL_SITE = D.SITE_BY_NAME["The Tribunal"].id


# ================================================================== access and cost (O7.1)
@kernel
def has_access(s, p, c):
    """O7.1.1: p rules the card (a faceup adviser of p's, a card at a site p rules, a relic in
    p's personal bank) or p's pawn is at the card's site."""
    zone = s["zone"][c]
    if zone == Z_ADVISER:
        return s["where"][c] == p and s["faceup"][c] == 1
    if zone == Z_SITE and c < FIRST_RELIC:
        slot = s["where"][c]
        return s["faceup"][c] == 1 and (B.rules_cards_at(s, p, slot) or s["pawn"][p] == slot)
    return zone == Z_PERSONAL and s["where"][c] == p and FIRST_RELIC <= c < FIRST_VISION


@kernel
def usable(s, p, c, kind):
    """A power of `kind` that p may use now: written, accessible, payable and able to change
    something (a power that would do nothing is not offered)."""
    entry = ENTRY[C.face(s, c), kind]
    if entry == 0 or C.blank(s, C.face(s, c)) or not has_access(s, p, c) or not PS.payable(s, p, c):
        return False
    running = s["pw_card"]  # the steps read "this card" from pw_card: c while asking about c
    s["pw_card"] = c
    ok = possible(s, p, entry)
    s["pw_card"] = running
    return ok


# ================================================================== the interpreter
@kernel
def start(s, p, c, kind, after):
    """Run card c's program of `kind` for p; the game goes on at phase `after` when it ends."""
    start_program(s, p, c, ENTRY[C.face(s, c), kind], after)


@kernel
def start_program(s, p, c, entry, after):
    """Run the program at `entry` for p as card c's (0: a site's power)."""
    s["pw_card"] = c
    s["pw_pc"] = entry
    s["pw_after"] = after
    s["pw_left"] = -1
    s["pw_it"] = 0
    s["actor"] = p
    run(s, p)


@kernel
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
            if s["phase"] == PH_SHED:
                return
            gambled = op == E.OP_COUNT and CODE[pc, E.C_WHAT] == E.COUNT_GAMBLE
            if gambled and PS.ask_jinx(s, p, GAMBLE_DICE, JINX_GAMBLE):
                return  # the program goes on once Jinx's ruler answers (gamble_rerolled)


@shell_kernel
def gamble_rerolled(s, reroll):
    """Jinx's answer on Gambling Hall's dice: the kept or rerolled shields count, the program goes on."""
    p = s["current"]
    if reroll:
        s["pw_count"] = count(s, p, E.COUNT_GAMBLE)
    s["actor"] = p
    s["phase"] = PH_POWER
    run(s, p)


@kernel
def ask(s, dec):
    s["pw_dec"] = dec
    s["phase"] = PH_POWER


@kernel
def amount(s, pc):
    n = CODE[pc, E.C_N]
    return s["pw_count"] if n == E.N_COUNT else n


@kernel
def decision_of(pc):
    """The DEC_* a step asks, -1 for a step that asks nothing."""
    op, src = CODE[pc, P.COL_OP], CODE[pc, E.C_FROM]
    if op == E.OP_LEVEL or op == E.OP_RIOTS:
        return DEC_BANK
    if (op == E.OP_RELIC_RETURN or op == E.OP_SWAP_ADVISER or op == E.OP_SWAP_SITE or op == E.OP_PICK_ADVISER
            or op == E.OP_SWAP_HERE or op == E.OP_ROVING):
        return DEC_CARD
    if op == E.OP_TO_SITE:
        return DEC_SLOT
    if op == E.OP_PIPER or op == E.OP_PICK_SEAT:
        return DEC_SEAT
    if op == E.OP_REVELATION or op == E.OP_SPIRE or op == E.OP_DEEDS:
        return DEC_NUMBER
    if op == E.OP_WITCH_TRADE or op == E.OP_BLACKMAIL:
        return DEC_OPTION
    if op == E.OP_PICK_RELIC or op == E.OP_PROPHET:
        return DEC_CARD
    if op == E.OP_EXCHANGE or op == E.OP_GATHERING:
        return DEC_BARGAIN
    if op == E.OP_GATHER:
        return DEC_OPTION
    if op == E.OP_MESSENGER:
        return DEC_PLACE
    if op == E.OP_UNCAGE:
        return DEC_SEAT
    if op == E.OP_WHISTLE:
        return DEC_SEAT
    if op == E.OP_PALANQUIN or op == E.OP_TRAVEL_TO_SUIT:
        return DEC_SLOT
    if op == E.OP_PICK_FACEDOWN or op == E.OP_SWAP_FACEDOWN:
        return DEC_SEAT  # then DEC_OPTION, the adviser's position
    if op == E.OP_PEEK_FACEDOWN:
        return DEC_PLACE  # then DEC_OPTION for a relic or an adviser
    if op == E.OP_CAMPAIGN_AT:
        return DEC_SLOT
    if op == E.OP_KILL and src == E.FROM_EVERY:
        return -1
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


@kernel
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
        if op == E.OP_LEVEL:  # the bank to take from, then the bank to put in
            units = 2
        elif op == E.OP_REVELATION:  # one answer per player
            units = s["n_players"]
        elif op == E.OP_WITCH_TRADE or op == E.OP_MESSENGER or op == E.OP_UNCAGE:
            units = OPEN_ENDED
        elif E.BY_POSITION[op]:  # a player or a site, then a position
            units = 2
        elif op == E.OP_EXCHANGE:  # what you give, what you ask, their answer
            units = 3
            s["bargain_give"] = A.END
            s["bargain"] = A.END
        elif op == E.OP_GATHER:  # one answer per player
            units = s["n_players"]
        elif op == E.OP_DEEDS:  # one answer per site handed over
            units = 0
            for slot in range(N_SLOTS):
                units += s["deed_taker"][slot] > 0
        elif op == E.OP_GATHERING:
            units = GATHERING_STAGES * s["n_players"]
            s["bargain_give"] = A.END
            s["bargain"] = A.END
        s["pw_left"] = units
        s["pw_banks"] = 0
        if op == E.OP_RELIC_DRAW and units > 0:
            r = C.relic_take_top(s)
            s["pw_it"] = r
            if r > 0:
                C.place(s, r, Z_HAND, p, 0)  # in p's hand while p decides
                s["known"][r] |= 1 << p
    if CODE[pc, P.COL_OP] == E.OP_REVELATION:  # players with no favor have nothing to burn
        while s["pw_left"] > 0 and B.spendable_favor(s, responder(s, p)) == 0:
            s["pw_left"] -= 1
    if CODE[pc, P.COL_OP] == E.OP_GATHER:  # those already there are not asked
        while s["pw_left"] > 0 and s["pawn"][gatherer(s)] == s["where"][s["pw_card"]]:
            s["pw_left"] -= 1
    if CODE[pc, P.COL_OP] == E.OP_GATHERING:  # nor those away, or with nobody to exchange with
        scratch = np.zeros(A.N_ACTIONS, dtype=np.int8)
        while (s["pw_left"] > 0 and gathering_turn(s, p)[1] == 0
               and gathering_partners(s, gathering_turn(s, p)[0], CODE[pc, E.C_SUITS], scratch) == 0):
            s["pw_left"] -= GATHERING_STAGES
    if CODE[pc, P.COL_OP] == E.OP_BLACKMAIL and s["pw_it"] > 0:
        if B.spendable_favor(s, s["where"][s["pw_it"]]) < BLACKMAIL_FAVOR:  # they cannot pay: nothing to ask
            M.take_relic(s, p, s["pw_it"])
            s["pw_it"] = 0
            s["pw_left"] = 0
    mask = np.zeros(A.N_ACTIONS, dtype=np.int8)
    if s["pw_left"] == 0 or choices(s, p, pc, mask) == 0:
        s["pw_left"] = -1
        s["pw_pc"] = pc + 1
        s["actor"] = p
        s["regroup_onto"] = 0  # Messenger's moves are over
        if E.WITH_PARTNER[CODE[pc, P.COL_OP]]:  # the picked player's part is over
            s["offer_target"] = NOBODY
            s["bargain_give"] = A.END
            s["bargain"] = A.END
            s["proposer"] = -1
        return True
    ask(s, decision_of(pc))
    if CODE[pc, P.COL_OP] == E.OP_REVELATION:
        s["actor"] = responder(s, p)
    elif CODE[pc, P.COL_OP] == E.OP_BLACKMAIL:
        s["actor"] = s["where"][s["pw_it"]]  # the relic's holder answers
    elif CODE[pc, P.COL_OP] == E.OP_EXCHANGE and s["pw_left"] == 1:
        s["pw_dec"] = DEC_OPTION
        s["actor"] = s["offer_target"]
    elif E.BY_POSITION[CODE[pc, P.COL_OP]] and s["pw_left"] == 1:
        s["pw_dec"] = DEC_OPTION
    elif CODE[pc, P.COL_OP] == E.OP_GATHER:
        s["actor"] = gatherer(s)
    elif CODE[pc, P.COL_OP] == E.OP_DEEDS:
        s["actor"] = s["deed_taker"][next_deed(s)] - 1
    elif CODE[pc, P.COL_OP] == E.OP_GATHERING:
        q, stage = gathering_turn(s, p)
        s["proposer"] = q
        s["actor"] = s["offer_target"] if stage == GATHERING_STAGES - 1 else q
        if stage == 0:
            s["pw_dec"] = DEC_SEAT
        elif stage == GATHERING_STAGES - 1:
            s["pw_dec"] = DEC_OPTION
    return False


@kernel
def responder(s, p):
    """Who answers a step asked of every player in turn order, p first (Revelation)."""
    n = s["n_players"]
    return (p + n - s["pw_left"]) % n


@kernel
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
    if kind == E.COND_PF:
        return s["pf_holder"] == p
    if kind == E.COND_MOB:
        return s["pf_mob"] == 1
    h = s["title_holder"]
    return h >= 0 and s["side"][h] == SIDE_EXILE


@kernel
def all_secrets(s, p):
    """Secrets on p's board, and on cards if p placed them (it is p's turn: tokens on cards are
    the current player's until their Rest) -- Bewitch's "secrets on cards count"."""
    k = np.int64(s["secrets"][p]) + s["secrets_down"][p]
    if p == B.turn_player(s):
        for c in range(1, N_CARDS):
            k += s["card_secrets"][c]
    return k


@kernel
def discardable(s, c):
    """A faceup card that may be discarded: not locked (O7.2)."""
    return not M.locked(s, c)


# ================================================================== the steps that ask: one pair each
# `choices` and `resolve` name the same pairs for the same opcodes (tests/oath/test_oath_powers.py).
@kernel
def choices(s, p, pc, mask):
    """The answers to the asking step at pc (marks in mask); how many."""
    op = CODE[pc, P.COL_OP]
    if op == E.OP_MOVE_FAVOR:
        return _move_favor_choices(s, p, pc, mask)
    if op == E.OP_GAIN or op == E.OP_MOVE_BANK:
        return _bank_choices(s, p, pc, mask)
    if op == E.OP_TAKE:
        return _take_choices(s, p, pc, mask)
    if op == E.OP_KILL:
        return _kill_choices(s, p, pc, mask)
    if op == E.OP_SACRIFICE_EVEN:
        return _sacrifice_even_choices(s, p, pc, mask)
    if op == E.OP_CONVOY:
        return _convoy_choices(s, p, pc, mask)
    if op == E.OP_HOMESTEAD:
        return _homestead_choices(s, p, pc, mask)
    if op == E.OP_PEEK_PILE:
        return _peek_pile_choices(s, p, pc, mask)
    if op == E.OP_DISCARD_ADVISER:
        return _discard_adviser_choices(s, p, pc, mask)
    if op == E.OP_TAME:
        return _tame_choices(s, p, pc, mask)
    if op == E.OP_RELIC_DRAW:
        return _relic_draw_choices(s, p, pc, mask)
    if op == E.OP_RELIQUARY_TAKE or op == E.OP_RELIQUARY_PEEK:
        return _reliquary_choices(s, p, pc, mask)
    if op == E.OP_RELIC_BREAK:
        return _relic_break_choices(s, p, pc, mask)
    if op == E.OP_DEEDS:
        return _deeds_choices(s, p, pc, mask)
    if op == E.OP_LEVEL:
        return _level_choices(s, p, pc, mask)
    if op == E.OP_RIOTS:
        return _riots_choices(s, p, pc, mask)
    if op == E.OP_REVELATION:
        return _revelation_choices(s, p, pc, mask)
    if op == E.OP_RELIC_RETURN:
        return _relic_return_choices(s, p, pc, mask)
    if op == E.OP_SWAP_ADVISER or op == E.OP_SWAP_SITE:
        return _swap_choices(s, p, pc, mask)
    if op == E.OP_PICK_ADVISER:
        return _pick_adviser_choices(s, p, pc, mask)
    if op == E.OP_SWAP_HERE:
        return _swap_here_choices(s, p, pc, mask)
    if op == E.OP_TO_SITE:
        return _to_site_choices(s, p, pc, mask)
    if op == E.OP_ROVING:
        return _roving_choices(s, p, pc, mask)
    if op == E.OP_PIPER:
        return _piper_choices(s, p, pc, mask)
    if op == E.OP_PICK_SEAT:
        return _pick_seat_choices(s, p, pc, mask)
    if op == E.OP_WITCH_TRADE:
        return _witch_trade_choices(s, p, pc, mask)
    if op == E.OP_EXCHANGE:
        return _exchange_choices(s, p, pc, mask)
    if op == E.OP_GATHERING:
        return _gathering_choices(s, p, pc, mask)
    if op == E.OP_GATHER:
        return _gather_choices(s, p, pc, mask)
    if op == E.OP_PICK_FACEDOWN or op == E.OP_SWAP_FACEDOWN or op == E.OP_PEEK_FACEDOWN:
        return _facedown_choices(s, p, pc, mask)
    if op == E.OP_CAMPAIGN_AT:
        return _campaign_at_choices(s, p, pc, mask)
    if op == E.OP_BLACKMAIL:
        return _blackmail_choices(s, p, pc, mask)
    if op == E.OP_PICK_RELIC:
        return _pick_relic_choices(s, p, pc, mask)
    if op == E.OP_PROPHET:
        return _prophet_choices(s, p, pc, mask)
    if op == E.OP_SPIRE:
        return _spire_choices(s, p, pc, mask)
    if op == E.OP_MESSENGER:
        return _messenger_choices(s, p, pc, mask)
    if op == E.OP_UNCAGE:
        return _uncage_choices(s, p, pc, mask)
    if op == E.OP_WHISTLE:
        return _whistle_choices(s, p, pc, mask)
    if op == E.OP_PALANQUIN:
        return _palanquin_choices(s, p, pc, mask)
    if op == E.OP_TRAVEL_TO_SUIT:
        return _travel_to_suit_choices(s, p, pc, mask)
    return 0


@kernel
def resolve(s, p, pc, a):
    """One answer to the asking step at pc."""
    op = CODE[pc, P.COL_OP]
    if op == E.OP_MOVE_FAVOR:
        _move_favor(s, p, pc, a)
    elif op == E.OP_GAIN or op == E.OP_MOVE_BANK:
        _bank(s, p, pc, a)
    elif op == E.OP_TAKE:
        _take(s, p, pc, a)
    elif op == E.OP_KILL:
        _kill(s, p, pc, a)
    elif op == E.OP_SACRIFICE_EVEN:
        _sacrifice_even(s, p, pc, a)
    elif op == E.OP_CONVOY:
        _convoy(s, p, pc, a)
    elif op == E.OP_HOMESTEAD:
        _homestead(s, p, pc, a)
    elif op == E.OP_PEEK_PILE:
        _peek_pile(s, p, pc, a)
    elif op == E.OP_DISCARD_ADVISER:
        _discard_adviser(s, p, pc, a)
    elif op == E.OP_TAME:
        _tame(s, p, pc, a)
    elif op == E.OP_RELIC_DRAW:
        _relic_draw(s, p, pc, a)
    elif op == E.OP_RELIQUARY_TAKE or op == E.OP_RELIQUARY_PEEK:
        _reliquary(s, p, pc, a)
    elif op == E.OP_RELIC_BREAK:
        _relic_break(s, p, pc, a)
    elif op == E.OP_DEEDS:
        _deeds(s, p, pc, a)
    elif op == E.OP_LEVEL:
        _level(s, p, pc, a)
    elif op == E.OP_RIOTS:
        _riots(s, p, pc, a)
    elif op == E.OP_REVELATION:
        _revelation(s, p, pc, a)
    elif op == E.OP_RELIC_RETURN:
        _relic_return(s, p, pc, a)
    elif op == E.OP_SWAP_ADVISER or op == E.OP_SWAP_SITE:
        _swap(s, p, pc, a)
    elif op == E.OP_PICK_ADVISER:
        _pick_adviser(s, p, pc, a)
    elif op == E.OP_SWAP_HERE:
        _swap_here(s, p, pc, a)
    elif op == E.OP_TO_SITE:
        _to_site(s, p, pc, a)
    elif op == E.OP_ROVING:
        _roving(s, p, pc, a)
    elif op == E.OP_PIPER:
        _piper(s, p, pc, a)
    elif op == E.OP_PICK_SEAT:
        _pick_seat(s, p, pc, a)
    elif op == E.OP_WITCH_TRADE:
        _witch_trade(s, p, pc, a)
    elif op == E.OP_EXCHANGE:
        _exchange(s, p, pc, a)
    elif op == E.OP_GATHERING:
        _gathering(s, p, pc, a)
    elif op == E.OP_GATHER:
        _gather(s, p, pc, a)
    elif op == E.OP_PICK_FACEDOWN or op == E.OP_SWAP_FACEDOWN or op == E.OP_PEEK_FACEDOWN:
        _facedown(s, p, pc, a)
    elif op == E.OP_CAMPAIGN_AT:
        _campaign_at(s, p, pc, a)
    elif op == E.OP_BLACKMAIL:
        _blackmail(s, p, pc, a)
    elif op == E.OP_PICK_RELIC:
        _pick_relic(s, p, pc, a)
    elif op == E.OP_PROPHET:
        _prophet(s, p, pc, a)
    elif op == E.OP_SPIRE:
        _spire(s, p, pc, a)
    elif op == E.OP_MESSENGER:
        _messenger(s, p, pc, a)
    elif op == E.OP_UNCAGE:
        _uncage(s, p, pc, a)
    elif op == E.OP_WHISTLE:
        _whistle(s, p, pc, a)
    elif op == E.OP_PALANQUIN:
        _palanquin(s, p, pc, a)
    elif op == E.OP_TRAVEL_TO_SUIT:
        _travel_to_suit(s, p, pc, a)


@shell_kernel
def _move_favor_choices(s, p, pc, mask):
    # one unit from a bank with favor, not the target
    n = 0
    for b in range(N_SUITS):
        if s["favor_bank"][b] > 0 and not CODE[pc, E.C_SUITS] >> b & 1:
            mask[A.SUIT + b] = 1
            n += 1
    return n


@shell_kernel
def _move_favor(s, p, pc, a):
    b = a - A.SUIT
    to = 0
    while not CODE[pc, E.C_SUITS] >> to & 1:
        to += 1
    s["favor_bank"][b] -= 1
    s["favor_bank"][to] += 1


@shell_kernel
def _bank_choices(s, p, pc, mask):
    op = CODE[pc, P.COL_OP]
    src = CODE[pc, E.C_FROM]
    n = 0
    suits = 0
    if src == E.FROM_SITE or src == E.FROM_HOSTED:  # a bank matching a card at your site
        for c in range(1, FIRST_RELIC):
            if s["zone"][c] == Z_SITE and s["where"][c] == s["pawn"][p] and B.card_suit(s, c) >= 0:
                suits |= 1 << B.card_suit(s, c)
    for b in range(N_SUITS):
        if s["favor_bank"][b] == 0 or (src == E.FROM_DISTINCT and s["pw_banks"] >> b & 1):
            continue
        if src == E.FROM_HOSTED and B.matching_advisers(s, p, b) == 0:
            continue
        if ((src == E.FROM_SITE or src == E.FROM_HOSTED) and not suits >> b & 1) or (
                op == E.OP_MOVE_BANK and CODE[pc, E.C_SUITS] >> b & 1):
            continue
        mask[A.SUIT + b] = 1
        n += 1
    return n


@shell_kernel
def _bank(s, p, pc, a):
    op = CODE[pc, P.COL_OP]
    src = CODE[pc, E.C_FROM]
    if op == E.OP_GAIN:
        b = a - A.SUIT
        unit = src == E.FROM_EACH or src == E.FROM_DISTINCT
        B.gain_from_bank(s, p, b, 1 if unit else min(amount(s, pc), s["favor_bank"][b]))
        s["pw_banks"] |= 1 << b
    elif op == E.OP_MOVE_BANK:
        b = a - A.SUIT
        to = 0
        while not CODE[pc, E.C_SUITS] >> to & 1:
            to += 1
        s["favor_bank"][to] += s["favor_bank"][b]
        s["favor_bank"][b] = 0


@shell_kernel
def _take_choices(s, p, pc, mask):
    # a player at your site with some (a secret: never their last)
    what = CODE[pc, E.C_WHAT]
    n = 0
    least = 2 if what == E.WHAT_SECRET else 1
    for q in range(s["n_players"]):
        have = s["secrets"][q] if what == E.WHAT_SECRET else s["favor"][q]
        if q != p and s["pawn"][q] == s["pawn"][p] and have >= least:
            mask[A.SEAT + q] = 1
            n += 1
    return n


@shell_kernel
def _take(s, p, pc, a):
    what = CODE[pc, E.C_WHAT]
    q = a - A.SEAT
    if what == E.WHAT_SECRET:
        k = min(amount(s, pc), s["secrets"][q] - 1)
        s["secrets"][q] -= k
        s["secrets"][p] += k
    else:
        k = min(amount(s, pc), s["favor"][q])
        s["favor"][q] -= k
        B.add_favor(s, p, k)


@shell_kernel
def _kill_choices(s, p, pc, mask):
    src = CODE[pc, E.C_FROM]
    n = 0
    if src == E.FROM_SITE:
        region = SLOT_REGION[s["pawn"][p]]
        for slot in range(N_SLOTS):
            if SLOT_REGION[slot] == region and B.site_colour(s, slot) >= 0:
                mask[A.SLOT + slot] = 1
                n += 1
    elif src == E.FROM_REGION:  # a site of your region or a board there
        region = SLOT_REGION[s["pawn"][p]]
        for slot in range(N_SLOTS):
            if SLOT_REGION[slot] == region and B.site_colour(s, slot) >= 0:
                mask[A.SLOT + slot] = 1
                n += 1
        for q in range(s["n_players"]):
            if SLOT_REGION[s["pawn"][q]] == region and s["board_warbands"][q] > 0:
                mask[A.SEAT + q] = 1
                n += 1
    else:  # a board; with suits, of a player with a faceup adviser of them
        suits = CODE[pc, E.C_SUITS]
        for q in range(s["n_players"]):
            if s["board_warbands"][q] > 0 and (suits == 0 or has_adviser_of(s, q, suits)):
                mask[A.SEAT + q] = 1
                n += 1
    return n


@shell_kernel
def _kill(s, p, pc, a):
    src = CODE[pc, E.C_FROM]
    if src == E.FROM_REGION and a < A.SEAT:
        slot = a - A.SLOT
        col = B.site_colour(s, slot)
        s["site_warbands"][slot, col] -= 1
        s["bank_warbands"][col] += 1
    elif src == E.FROM_SITE:
        slot = a - A.SLOT
        col = B.site_colour(s, slot)
        k = min(amount(s, pc), s["site_warbands"][slot, col])
        s["site_warbands"][slot, col] -= k
        s["bank_warbands"][col] += k
    else:
        q = a - A.SEAT
        k = min(1 if src == E.FROM_REGION else amount(s, pc), s["board_warbands"][q])
        s["board_warbands"][q] -= k
        s["bank_warbands"][board_colour(s, q)] += k


@shell_kernel
def _sacrifice_even_choices(s, p, pc, mask):
    n = 0
    for k in range(2, min(s["board_warbands"][p], A.MAX_NUMBER) + 1, 2):
        mask[A.NUMBER + k] = 1
        n += 1
    return n


@shell_kernel
def _sacrifice_even(s, p, pc, a):
    k = a - A.NUMBER
    s["board_warbands"][p] -= k
    s["bank_warbands"][board_colour(s, p)] += k
    s["secrets"][p] += k // 2


@shell_kernel
def _convoy_choices(s, p, pc, mask):
    n = 0
    here = SLOT_REGION[s["pawn"][p]]
    for region in range(N_REGIONS):
        if region != here and s["discard_size"][region] > 0:
            mask[A.OPTION + region] = 1
            n += 1
    return n


@shell_kernel
def _convoy(s, p, pc, a):
    convoy(s, p, a - A.OPTION)


@shell_kernel
def _homestead_choices(s, p, pc, mask):
    n = 0
    if M.slum_takes(s, s["pawn"][p]):
        for c in range(1, FIRST_RELIC):
            if (s["zone"][c] == Z_ADVISER and s["where"][c] == p and s["faceup"][c] and discardable(s, c)
                    and M.RESTRICTION[c] != M.ADVISER_ONLY):
                mask[A.CARD + c] = 1
                n += 1
    return n


@shell_kernel
def _homestead(s, p, pc, a):
    c = a - A.CARD
    C.place(s, c, Z_SITE, s["pawn"][p], 1)
    N.note_slum(s, c)


@shell_kernel
def _peek_pile_choices(s, p, pc, mask):
    n = 0
    for region in range(N_REGIONS):
        for k in range(s["discard_size"][region]):
            if not (s["known"][s["discard"][region, k]] >> p & 1):
                mask[A.OPTION + region] = 1
        n += mask[A.OPTION + region]
    return n


@shell_kernel
def _peek_pile(s, p, pc, a):
    region = a - A.OPTION
    for k in range(s["discard_size"][region]):
        s["known"][s["discard"][region, k]] |= 1 << p


@shell_kernel
def _discard_adviser_choices(s, p, pc, mask):
    src = CODE[pc, E.C_FROM]
    n = 0
    for c in range(1, FIRST_VISION):
        if s["zone"][c] == Z_ADVISER and s["faceup"][c] and discardable(s, c):
            q = s["where"][c]
            if q != p and ((src == E.FROM_HERE and s["pawn"][q] == s["pawn"][p])
                           or (src == E.FROM_DS and s["ds_holder"] == q and s["pf_holder"] != q)):
                mask[A.CARD + c] = 1
                n += 1
    return n


@shell_kernel
def _discard_adviser(s, p, pc, a):
    M.discard_card(s, p, a - A.CARD)


@shell_kernel
def _tame_choices(s, p, pc, mask):
    n = 0
    for c in range(1, FIRST_RELIC):
        suit = B.card_suit(s, c)
        if (s["zone"][c] == Z_SITE and s["where"][c] == s["pawn"][p] and (suit == BEAST or suit == NOMAD)
                and discardable(s, c)):
            mask[A.CARD + c] = 1
            n += 1
    return n


@shell_kernel
def _tame(s, p, pc, a):
    c = a - A.CARD
    suit = B.card_suit(s, c)
    M.discard_card(s, p, c)
    B.gain_from_bank(s, p, suit, TAME_FAVOR)


@shell_kernel
def _relic_draw_choices(s, p, pc, mask):
    n = 0
    if s["pw_it"] > 0:
        mask[A.OPTION + 0] = 1
        mask[A.END] = 1
        n = 2
    return n


@shell_kernel
def _relic_draw(s, p, pc, a):
    r = s["pw_it"]
    if a == A.OPTION + 0:
        M.take_relic(s, p, r)
    else:
        C.relic_push_bottom(s, r)
    s["pw_it"] = 0


@shell_kernel
def _reliquary_choices(s, p, pc, mask):
    n = 0
    for k in range(RELIQUARY_SPACES):
        if s["reliquary"][k] > 0:
            mask[A.OPTION + k] = 1
            n += 1
    return n


@shell_kernel
def _reliquary(s, p, pc, a):
    op = CODE[pc, P.COL_OP]
    if op == E.OP_RELIQUARY_TAKE:
        take_from_reliquary(s, p, a - A.OPTION)
    else:
        r = s["reliquary"][a - A.OPTION]
        s["known"][r] |= 1 << p
        s["pw_it"] = r


@shell_kernel
def _relic_break_choices(s, p, pc, mask):
    n = 0
    for k in range(MAX_SITE_RELICS):
        r = C.site_relic(s, s["pawn"][p], k)
        if r > 0 and not M.locked(s, r):
            mask[A.FACEDOWN + k] = 1
            n += 1
    return n


@shell_kernel
def _relic_break(s, p, pc, a):
    C.relic_push_bottom(s, C.site_relic(s, s["pawn"][p], a - A.FACEDOWN))


@shell_kernel
def _deeds_choices(s, p, pc, mask):
    # at least one warband: the new ruler must rule the site
    n = 0
    slot = next_deed(s)
    if slot >= 0:
        q = s["deed_taker"][slot] - 1
        least = N.staying(s, q)
        most = min(s["board_warbands"][q], A.MAX_NUMBER) if B.places_at_sites(s, q) else 0
        C.numbers_upto(mask, least, most)
        n = max(most - least + 1, 0)
    return n


@shell_kernel
def _deeds(s, p, pc, a):
    slot = next_deed(s)
    q = s["deed_taker"][slot] - 1
    k = a - A.NUMBER
    s["board_warbands"][q] -= k
    s["site_warbands"][slot, B.ruling_colour(s, q)] += k
    s["deed_taker"][slot] = 0


@shell_kernel
def _level_choices(s, p, pc, mask):
    # first the fullest banks, then the emptiest of the others
    n = 0
    source = -1 if s["pw_left"] != 1 else lowest_bit(s["pw_banks"])
    if source < 0:
        best = s["favor_bank"].max()
    else:
        best = 127
        for b in range(N_SUITS):
            if b != source:
                best = min(best, s["favor_bank"][b])
    for b in range(N_SUITS):
        if b != source and s["favor_bank"][b] == best and (source >= 0 or best > 0):
            mask[A.SUIT + b] = 1
            n += 1
    return n


@shell_kernel
def _level(s, p, pc, a):
    b = a - A.SUIT
    if s["pw_left"] == 2:
        s["pw_banks"] = 1 << b
    else:
        source = lowest_bit(s["pw_banks"])
        k = min(CODE[pc, E.C_N], s["favor_bank"][source])
        s["favor_bank"][source] -= k
        s["favor_bank"][b] += k


@shell_kernel
def _riots_choices(s, p, pc, mask):
    n = 0
    counts = suits_on_map(s)
    most = counts.max()
    for b in range(N_SUITS):
        if most > 0 and counts[b] == most:
            mask[A.SUIT + b] = 1
            n += 1
    return n


@shell_kernel
def _riots(s, p, pc, a):
    this = s["pw_card"]
    b = a - A.SUIT
    for c in range(1, FIRST_RELIC):
        if s["zone"][c] == Z_SITE and B.card_suit(s, c) == b and c != this and not M.locked(s, c):
            M.discard_card(s, p, c)


@shell_kernel
def _revelation_choices(s, p, pc, mask):
    n = 0
    q = responder(s, p)
    for k in range(min(B.spendable_favor(s, q), A.MAX_NUMBER) + 1):
        mask[A.NUMBER + k] = 1
        n += 1
    return n


@shell_kernel
def _revelation(s, p, pc, a):
    q = responder(s, p)
    k = a - A.NUMBER
    B.spend_favor(s, q, k)
    B.burn_favor(s, k)
    s["secrets"][q] += k


@shell_kernel
def _relic_return_choices(s, p, pc, mask):
    n = 0
    for r in range(FIRST_RELIC, FIRST_VISION):
        if s["zone"][r] == Z_PERSONAL and s["where"][r] == p and r != GRAND_SCEPTER:
            mask[A.CARD + r] = 1
            n += 1
    return n


@shell_kernel
def _relic_return(s, p, pc, a):
    r = a - A.CARD
    M.return_tokens(s, r, p, False)
    C.relic_push_bottom(s, r)


@shell_kernel
def _swap_choices(s, p, pc, mask):
    op = CODE[pc, P.COL_OP]
    suits = CODE[pc, E.C_SUITS]
    this = s["pw_card"]
    n = 0
    if op == E.OP_SWAP_ADVISER:  # another player's faceup adviser, both councils keeping their limits
        for c in range(1, FIRST_VISION):
            if (s["zone"][c] == Z_ADVISER and s["where"][c] != p and movable(s, c, suits)
                    and swap_fits(s, this, c)):
                mask[A.CARD + c] = 1
                n += 1
    else:
        for c in range(1, FIRST_EDIFICE):
            if (s["zone"][c] == Z_SITE and s["where"][c] != s["where"][this] and movable(s, c, suits)
                    and M.RESTRICTION[c] != M.ADVISER_ONLY):
                mask[A.CARD + c] = 1
                n += 1
    return n


@shell_kernel
def _swap(s, p, pc, a):
    this = s["pw_card"]
    swap_cards(s, this, a - A.CARD)
    N.note_slum(s, this)
    N.note_slum(s, a - A.CARD)


@shell_kernel
def _pick_adviser_choices(s, p, pc, mask):
    # for a site: never an adviser-only card; the next step must be able to act
    src = CODE[pc, E.C_FROM]
    suits = CODE[pc, E.C_SUITS]
    n = 0
    for c in range(1, FIRST_EDIFICE):
        if (s["zone"][c] == Z_ADVISER and (src != E.FROM_OWN or s["where"][c] == p) and movable(s, c, suits)
                and M.RESTRICTION[c] != M.ADVISER_ONLY and placeable(s, p, pc + 1, c)):
            mask[A.CARD + c] = 1
            n += 1
    return n


@shell_kernel
def _pick_adviser(s, p, pc, a):
    s["pw_it"] = a - A.CARD


@shell_kernel
def _swap_here_choices(s, p, pc, mask):
    n = 0
    for c in range(1, FIRST_EDIFICE):
        if swappable_here(s, p, s["pw_it"], c):
            mask[A.CARD + c] = 1
            n += 1
    return n


@shell_kernel
def _swap_here(s, p, pc, a):
    swap_cards(s, s["pw_it"], a - A.CARD)
    N.note_slum(s, s["pw_it"])
    s["pw_it"] = 0


@shell_kernel
def _to_site_choices(s, p, pc, mask):
    n = 0
    for slot in range(N_SLOTS):
        if M.slum_takes(s, slot):
            mask[A.SLOT + slot] = 1
            n += 1
    return n


@shell_kernel
def _to_site(s, p, pc, a):
    C.place(s, s["pw_it"], Z_SITE, a - A.SLOT, 1)
    N.note_slum(s, s["pw_it"])
    s["pw_it"] = 0


@shell_kernel
def _roving_choices(s, p, pc, mask):
    # a denizen at any other site
    this = s["pw_card"]
    n = 0
    for c in range(1, FIRST_EDIFICE):
        if s["zone"][c] == Z_SITE and s["where"][c] != s["where"][this] and s["faceup"][c] and not M.locked(s, c):
            mask[A.CARD + c] = 1
            n += 1
    return n


@shell_kernel
def _roving(s, p, pc, a):
    this = s["pw_card"]
    c = a - A.CARD
    slot = s["where"][c]
    M.discard_card(s, p, c)
    C.place(s, this, Z_SITE, slot, 1)
    N.note_slum(s, this)


@shell_kernel
def _piper_choices(s, p, pc, mask):
    this = s["pw_card"]
    n = 0
    for q in range(s["n_players"]):
        if q != p and M.council_fits(s, q, this, True, False):
            mask[A.SEAT + q] = 1
            n += 1
    return n


@shell_kernel
def _piper(s, p, pc, a):
    this = s["pw_card"]
    q = a - A.SEAT
    C.place(s, this, Z_ADVISER, q, 1)
    take_favor(s, p, q, PIPER_FAVOR)


@shell_kernel
def _pick_seat_choices(s, p, pc, mask):
    # for an exchange, only a partner with whom one can be made
    src = CODE[pc, E.C_FROM]
    n = 0
    exchange_next = CODE[pc + 1, P.COL_OP] == E.OP_EXCHANGE
    for q in range(s["n_players"]):
        if q != p and (src != E.FROM_HERE or s["pawn"][q] == s["pawn"][p]) and (
                not exchange_next or exchangeable(s, p, q, CODE[pc + 1, E.C_SUITS])):
            mask[A.SEAT + q] = 1
            n += 1
    return n


@shell_kernel
def _pick_seat(s, p, pc, a):
    # the partner of the next step, as an offer's target is
    s["offer_target"] = a - A.SEAT


@shell_kernel
def _witch_trade_choices(s, p, pc, mask):
    # END (stop) is always there; n counts the trades still possible
    n = 0
    q = s["offer_target"]
    if s["secrets"][p] >= 1 and s["favor"][q] >= 1 and PS.gives_secrets(s, p):
        mask[A.OPTION + 0] = 1
        n += 1
    if B.spendable_favor(s, p) >= WITCH_FAVOR and s["secrets"][q] >= 1 and PS.gives_secrets(s, q):
        mask[A.OPTION + 1] = 1
        n += 1
    mask[A.END] = 1
    return n


@shell_kernel
def _witch_trade(s, p, pc, a):
    q = s["offer_target"]
    if a == A.END:
        s["pw_left"] = 1  # the step ends with this answer
    elif a == A.OPTION + 0:
        s["secrets"][p] -= 1
        s["secrets"][q] += 1
        take_favor(s, p, q, WITCH_FAVOR)
    else:
        B.give_favor(s, p, q, WITCH_FAVOR)
        s["secrets"][q] -= 1
        s["secrets"][p] += 1


@shell_kernel
def _exchange_choices(s, p, pc, mask):
    return exchange_choices(s, p, CODE[pc, E.C_SUITS], s["pw_left"], mask)


@shell_kernel
def _exchange(s, p, pc, a):
    exchange_step(s, p, s["pw_left"], a)


@shell_kernel
def _gather_choices(s, p, pc, mask):
    # the asked player comes (OPTION 0) or stays (END)
    mask[A.OPTION + 0] = 1
    mask[A.END] = 1
    return 1


@shell_kernel
def _gather(s, p, pc, a):
    this = s["pw_card"]
    if a == A.OPTION + 0:
        s["pawn"][gatherer(s)] = s["where"][this]


@shell_kernel
def _campaign_at_choices(s, p, pc, mask):
    src = CODE[pc, E.C_FROM]
    suits = CODE[pc, E.C_SUITS]
    n = 0
    for slot in range(N_SLOTS):
        if ((B.rules_site(s, p, slot) if src == E.FROM_OWN else holds_suits(s, slot, suits))
                and K.can_campaign_at(s, p, slot)):
            mask[A.SLOT + slot] = 1
            n += 1
    return n


@shell_kernel
def _campaign_at(s, p, pc, a):
    # the program ends into the campaign
    s["camp_from"] = a - A.SLOT
    s["free_campaign"] = FREE_TAKEN
    s["pw_after"] = PH_CAMPAIGN_DEFENDER


@shell_kernel
def _blackmail_choices(s, p, pc, mask):
    # asked of the holder, only when they can pay
    n = 0
    if B.spendable_favor(s, s["where"][s["pw_it"]]) >= BLACKMAIL_FAVOR:
        mask[A.OPTION + 0] = 1
        mask[A.END] = 1
        n = 2
    return n


@shell_kernel
def _blackmail(s, p, pc, a):
    r = s["pw_it"]
    q = s["where"][r]
    if a == A.OPTION + 0:
        B.give_favor(s, q, p, BLACKMAIL_FAVOR)
    else:
        M.take_relic(s, p, r)
    s["pw_it"] = 0
    s["pw_left"] = 1  # one answer ends it


@shell_kernel
def _pick_relic_choices(s, p, pc, mask):
    n = 0
    for r in range(FIRST_RELIC, FIRST_VISION):
        q = s["where"][r]
        if (s["zone"][r] == Z_PERSONAL and q != p and s["pawn"][q] == s["pawn"][p]
                and not PS.relic_guarded(s, p, r)):
            mask[A.CARD + r] = 1
            n += 1
    return n


@shell_kernel
def _pick_relic(s, p, pc, a):
    s["pw_it"] = a - A.CARD


@shell_kernel
def _prophet_choices(s, p, pc, mask):
    n = 0
    if s["bank_warbands"][board_colour(s, p)] > 0:
        for v in range(FIRST_VISION, N_CARDS):
            if s["zone"][v] == Z_VISION_SPACE and s["where"][v] != p and s["prophet"][v - FIRST_VISION] < 0:
                mask[A.CARD + v] = 1
                n += 1
    return n


@shell_kernel
def _prophet(s, p, pc, a):
    s["bank_warbands"][board_colour(s, p)] -= 1
    s["prophet"][a - A.CARD - FIRST_VISION] = p


@shell_kernel
def _spire_choices(s, p, pc, mask):
    n = 0
    if C.len_dispossessed(s) > 0 and nth_denizen_down(s, SLOT_REGION[s["pawn"][p]], 0) >= 0:
        for k in range(1, SPIRE_MOST + 1):
            mask[A.NUMBER + k] = 1
            n += 1
    return n


@shell_kernel
def _spire(s, p, pc, a):
    spire(s, p, a - A.NUMBER)


@shell_kernel
def _messenger_choices(s, p, pc, mask):
    n = N.regroup_legal(s, p, mask)
    mask[A.END] = 1
    return n


@shell_kernel
def _messenger(s, p, pc, a):
    if a == A.END:
        s["pw_left"] = 1
    else:
        N.regroup(s, p, a)


@shell_kernel
def _uncage_choices(s, p, pc, mask):
    # SEAT q: one warband of q's colour from the Cage to q's board
    n = 0
    for q in range(s["n_players"]):
        if s["cage_warbands"][board_colour(s, q)] > 0:
            mask[A.SEAT + q] = 1
            n += 1
    mask[A.END] = 1
    return n


@shell_kernel
def _uncage(s, p, pc, a):
    if a == A.END:
        s["pw_left"] = 1
    else:
        q = a - A.SEAT
        s["cage_warbands"][board_colour(s, q)] -= 1
        s["board_warbands"][q] += 1


@shell_kernel
def _whistle_choices(s, p, pc, mask):
    n = 0
    here = s["pawn"][p]
    for q in range(s["n_players"]):
        if s["pawn"][q] != here and M.travel_cost(s, q, here) >= 0:
            mask[A.SEAT + q] = 1
            n += 1
    return n


@shell_kernel
def _whistle(s, p, pc, a):
    this = s["pw_card"]
    q = a - A.SEAT
    M.arrive(s, q, s["pawn"][p], False)
    s["secrets"][q] += s["card_secrets"][this]
    s["card_secrets"][this] = 0


@shell_kernel
def _palanquin_choices(s, p, pc, mask):
    n = 0
    q = s["offer_target"]
    for slot in range(N_SLOTS):
        if M.travel_cost(s, q, slot) >= 0:
            mask[A.SLOT + slot] = 1
            n += 1
    return n


@shell_kernel
def _palanquin(s, p, pc, a):
    slot = a - A.SLOT
    q = s["offer_target"]
    s["pawn"][p] = slot  # put there, not travelling: the site is revealed by q's arrival
    M.arrive(s, q, slot, False)


@shell_kernel
def _travel_to_suit_choices(s, p, pc, mask):
    n = 0
    suit = B.SUITLESS if s["pw_it"] <= 0 else B.SUIT_OF[s["pw_it"]]
    for slot in range(N_SLOTS):
        if M.travel_cost(s, p, slot) >= 0 and suit != B.SUITLESS and M.holds_suit(s, slot, suit):
            mask[A.SLOT + slot] = 1
            n += 1
    if n == 0:  # none holds that suit within reach: travel normally, still for free
        for slot in range(N_SLOTS):
            if M.travel_cost(s, p, slot) >= 0:
                mask[A.SLOT + slot] = 1
                n += 1
    return n


@shell_kernel
def _travel_to_suit(s, p, pc, a):
    M.arrive(s, p, a - A.SLOT, False)
    s["pw_it"] = 0


@kernel
def exchange_choices(s, p, goods, left, mask):
    """An exchange's menu (O7.6.3) between p and the partner: what p gives (left 3), then what p
    asks (left 2; nothing for nothing is no exchange, and giving nothing needs something to ask
    for), then the partner's answer (left 1). Favor and secrets 1-5 are NUMBER entries as in
    the Citizenship bargain (minor.py); a relic or a faceup adviser (never a locked one, and
    only where both councils keep their limits) is its CARD."""
    q = s["offer_target"]
    if left == 1:
        mask[A.OPTION + 0] = 1
        mask[A.END] = 1
        return 2
    if left == 2:
        given = s["bargain_give"] - A.CARD if s["bargain_give"] >= A.CARD else 0
        n = mark_goods(s, q, p, goods, True, given if given < FIRST_RELIC else 0, mask)
        nothing_ok = s["bargain_give"] != A.END
    else:
        n = mark_goods(s, p, q, goods, False, 0, mask)
        nothing_ok = mark_goods(s, q, p, goods, True, 0, np.zeros(A.N_ACTIONS, dtype=np.int8)) > 0
    if nothing_ok:
        mask[A.END] = 1
        n += 1
    return n


@kernel
def mark_goods(s, giver, taker, goods, asking, given, mask):
    """Mark what giver may hand taker in an exchange (at the give or the ask entries); `given`:
    the adviser taker gives in return (0: none), which the swap's limits must allow. How many."""
    n = 0
    favor_at = N.FAVOR_ASK if asking else N.FAVOR_GIVE
    secrets_at = N.SECRETS_ASK if asking else N.SECRETS_GIVE
    for k in range(1, N.BARGAIN_MAX + 1):
        if B.spendable_favor(s, giver) >= k:
            mask[A.NUMBER + favor_at + k] = 1
            n += 1
        if s["secrets"][giver] >= k and PS.gives_secrets(s, giver):
            mask[A.NUMBER + secrets_at + k] = 1
            n += 1
    if goods & E.GOODS_RELICS:
        for r in range(FIRST_RELIC, FIRST_VISION):
            if B.holds_relic(s, giver, r):
                mask[A.CARD + r] = 1
                n += 1
    if goods & E.GOODS_ADVISERS:
        for c in range(1, FIRST_EDIFICE):
            if s["zone"][c] == Z_ADVISER and s["where"][c] == giver and movable(s, c, 0) and (
                    swap_fits(s, given, c) if given > 0 else transfer_fits(s, c, taker)):
                mask[A.CARD + c] = 1
                n += 1
    if goods & E.GOODS_SITES:  # a site the taker does not rule already and has a warband to rule with
        garrisons = s["board_warbands"][taker] > 0 and B.places_at_sites(s, taker)  # (Ring of Devotion: none)
        for slot in range(N_SLOTS):  # (the Bandit Crown's holder rules it with none, O7.6.5)
            if (B.rules_site(s, giver, slot) and not B.rules_site(s, taker, slot)
                    and (garrisons or B.holds_relic(s, taker, B.BANDIT_CROWN))):
                mask[A.SLOT + slot] = 1
                n += 1
    return n


@shell_kernel
def exchange_step(s, p, left, a):
    """One answer of the exchange p proposes to the partner (left: as in exchange_choices); an
    accepted exchange is kept at once."""
    if left == 3:
        s["bargain_give"] = a
    elif left == 2:
        s["bargain"] = a
    else:
        if a == A.OPTION + 0:
            deliver(s, p, s["offer_target"], s["bargain_give"])
            deliver(s, p, s["offer_target"], s["bargain"])
        s["bargain_give"] = A.END
        s["bargain"] = A.END
        s["offer_target"] = NOBODY


# The Gathering (D2): per player, in turn order from the card's player, GATHERING_STAGES units --
# a partner at the site (or END: none), what they give, what they ask, the partner's answer.
GATHERING_STAGES = 4


@kernel
def gatherer(s):
    """The player The Gathering asks to come: in turn order from the Chancellor."""
    return s["n_players"] - s["pw_left"]


@kernel
def gathering_turn(s, p):
    """(the proposer, the stage 0-3) of The Gathering's exchanges at this point."""
    done = GATHERING_STAGES * s["n_players"] - s["pw_left"]
    return (p + done // GATHERING_STAGES) % s["n_players"], done % GATHERING_STAGES


@kernel
def gathering_partners(s, q, goods, mask):
    """The players at The Gathering's site with whom q, also there, could make some exchange."""
    here = s["where"][s["pw_card"]]
    n = 0
    if s["pawn"][q] != here:
        return 0
    for r in range(s["n_players"]):
        if r != q and s["pawn"][r] == here and exchangeable(s, q, r, goods):
            mask[A.SEAT + r] = 1
            n += 1
    return n


@kernel
def exchangeable(s, p, q, goods):
    """Whether p and q could make some exchange of `goods` (O7.6.3): either has something to give."""
    scratch = np.zeros(A.N_ACTIONS, dtype=np.int8)
    return mark_goods(s, p, q, goods, False, 0, scratch) > 0 or mark_goods(s, q, p, goods, True, 0, scratch) > 0


@shell_kernel
def _gathering_choices(s, p, pc, mask):
    q, stage = gathering_turn(s, p)
    goods = CODE[pc, E.C_SUITS]
    if stage == 0:
        n = gathering_partners(s, q, goods, mask)
        mask[A.END] = 1
        return n
    return exchange_choices(s, q, goods, GATHERING_STAGES - stage, mask)


@shell_kernel
def _gathering(s, p, pc, a):
    q, stage = gathering_turn(s, p)
    if stage > 0:
        exchange_step(s, q, GATHERING_STAGES - stage, a)
    elif a == A.END:  # no exchange for q: on to the next player
        s["pw_left"] -= GATHERING_STAGES - 1
    else:
        s["offer_target"] = a - A.SEAT


@shell_kernel
def deliver(s, p, q, a):
    """One side of an accepted exchange: an adviser changes council; a site's old ruler takes
    their warbands there back to their board, and its new ruler garrisons it at the `deeds`
    step; anything else is kept as a Citizenship bargain is (minor.keep_bargain)."""
    if a >= A.CARD and a - A.CARD < FIRST_RELIC:
        c = a - A.CARD
        C.place(s, c, Z_ADVISER, q if s["where"][c] == p else p, 1)
    elif A.SLOT <= a < A.SEAT:
        slot = a - A.SLOT
        giver, taker = (p, q) if B.rules_site(s, p, slot) else (q, p)
        col = B.site_colour(s, slot)
        if col >= 0:  # (none at a site ruled through the Bandit Crown)
            s["board_warbands"][giver] += s["site_warbands"][slot, col]
            s["site_warbands"][slot, col] = 0
        s["deed_taker"][slot] = taker + 1
    else:
        N.keep_bargain(s, p, q, a)


@kernel
def next_deed(s):
    """The first site an exchange handed over that waits on its new ruler's warbands, -1 none."""
    for slot in range(N_SLOTS):
        if s["deed_taker"][slot] > 0:
            return slot
    return -1


@kernel
def _facedown_choices(s, p, pc, mask):
    """The steps naming facedown cards by position: first a player (or, peeking, a site), then
    OPTION k for their k-th facedown card. Peeking offers only what p has not seen; picking for
    a swap needs two players with facedown advisers."""
    op, src = CODE[pc, P.COL_OP], CODE[pc, E.C_FROM]
    peeking = op == E.OP_PEEK_FACEDOWN
    n = 0
    if s["pw_left"] == 1:  # the position, in the player's council or at the site picked
        q = s["offer_target"]
        zone, where = (Z_ADVISER, q) if q >= 0 else (Z_SITE, s["target"])
        for k in range(min(C.count_facedown(s, zone, where), A.N_OPTIONS)):
            if not peeking or not s["known"][C.nth_facedown(s, zone, where, k)] >> p & 1:
                mask[A.OPTION + k] = 1
                n += 1
        return n
    holders = 0
    for q in range(s["n_players"]):
        holders += C.count_facedown(s, Z_ADVISER, q) > 0
    for q in range(s["n_players"]):
        if C.count_facedown(s, Z_ADVISER, q) == 0:
            continue
        if op == E.OP_PICK_FACEDOWN:
            ok = (q != p and s["pawn"][q] == s["pawn"][p]) if src == E.FROM_HERE else (
                holders >= 2 or CODE[pc + 1, P.COL_OP] != E.OP_SWAP_FACEDOWN)
        elif op == E.OP_SWAP_FACEDOWN:
            ok = q != s["where"][s["pw_it"]]
        else:
            ok = q != p and unseen_facedown(s, p, Z_ADVISER, q)
        if ok:
            mask[A.SEAT + q] = 1
            n += 1
    if peeking:
        for slot in range(N_SLOTS):
            if ((not s["slot_faceup"][slot] and not s["slot_known"][slot] >> p & 1)
                    or (s["slot_faceup"][slot] and unseen_facedown(s, p, Z_SITE, slot))):
                mask[A.SLOT + slot] = 1
                n += 1
    return n


@kernel
def unseen_facedown(s, p, zone, where):
    for k in range(C.count_facedown(s, zone, where)):
        if not s["known"][C.nth_facedown(s, zone, where, k)] >> p & 1:
            return True
    return False


@kernel
def _facedown(s, p, pc, a):
    op = CODE[pc, P.COL_OP]
    if s["pw_left"] == 2:  # whose council, or which site
        if a >= A.SEAT:
            s["offer_target"] = a - A.SEAT
            return
        slot = a - A.SLOT
        if not s["slot_faceup"][slot]:  # a facedown site: seen, and the step is over
            s["slot_known"][slot] |= 1 << p
            s["pw_left"] = 1
        else:
            s["offer_target"] = NOBODY
            s["target"] = slot
        return
    q = s["offer_target"]
    zone, where = (Z_ADVISER, q) if q >= 0 else (Z_SITE, s["target"])
    c = C.nth_facedown(s, zone, where, a - A.OPTION)
    if op == E.OP_PICK_FACEDOWN:
        s["pw_it"] = c
    elif op == E.OP_PEEK_FACEDOWN:
        s["known"][c] |= 1 << p
        s["target"] = -1
    else:  # Dream Thief: the two advisers trade councils, each seen by its new holder
        first = s["pw_it"]
        other = s["where"][first]
        C.place(s, first, Z_ADVISER, q, 0)
        C.place(s, c, Z_ADVISER, other, 0)
        s["known"][first] |= 1 << q
        s["known"][c] |= 1 << other
        s["pw_it"] = 0


@shell_kernel
def inquire(s, p):
    """Inquisitor (D2): p sees the picked adviser. The Conspiracy becomes p's, played or discarded
    as if searched; anything else earns its holder the favor placed on Inquisitor."""
    c = s["pw_it"]
    q = s["offer_target"]
    s["known"][c] |= 1 << p
    if c == M.CONSPIRACY:
        M.take_drawn(s, p, c)
        M.keep(s, p, c)
        s["pw_after"] = PH_PLAY
    else:
        this = s["pw_card"]
        B.add_favor(s, q, s["card_favor"][this])
        s["card_favor"][this] = 0
    s["pw_it"] = 0
    s["offer_target"] = NOBODY


@kernel
def holds_suits(s, slot, suits):
    """A faceup card of one of `suits` stands at the slot."""
    for b in range(N_SUITS):
        if suits >> b & 1 and M.holds_suit(s, slot, b):
            return True
    return False


@kernel
def nth_denizen_down(s, region, n):
    """Position in a region's discard pile of its n-th denizen from the top (Visions skipped);
    -1 if there are fewer."""
    for k in range(s["discard_size"][region] - 1, -1, -1):
        if C.is_denizen(s["discard"][region, k]):
            if n == 0:
                return k
            n -= 1
    return -1


@kernel
def lowest_bit(bits):
    b = 0
    while not bits >> b & 1:
        b += 1
    return b


@kernel
def movable(s, c, suits):
    """A faceup card that may be moved or swapped (not locked, O7.2), of `suits` (0: any)."""
    if not s["faceup"][c] or M.locked(s, c):
        return False
    return suits == 0 or (B.card_suit(s, c) >= 0 and suits >> B.card_suit(s, c) & 1)


@kernel
def swap_cards(s, a, b):
    """Cards a and b trade places (zone and owner or site); each keeps its tokens."""
    za, wa = s["zone"][a], s["where"][a]
    s["zone"][a], s["where"][a] = s["zone"][b], s["where"][b]
    s["zone"][b], s["where"][b] = za, wa


@kernel
def swap_fits(s, a, b):
    """Whether every council can keep its adviser limits (O7.6.4) once a and b trade places, its
    holder discarding down afterwards if need be (minor.discard_down_due)."""
    owner_a = s["where"][a] if s["zone"][a] == Z_ADVISER else -1
    owner_b = s["where"][b] if s["zone"][b] == Z_ADVISER else -1
    swap_cards(s, a, b)
    fits = (owner_a < 0 or M.council_keeps(s, owner_a)) and (owner_b < 0 or M.council_keeps(s, owner_b))
    swap_cards(s, a, b)
    return fits


@kernel
def transfer_fits(s, c, q):
    """Whether both councils can keep their limits (O7.6.4) once adviser c joins q's, discarding
    down afterwards if need be: the giver's can break too, when c is the Family Wagon letting
    Nomads go uncounted."""
    owner = s["where"][c]
    s["where"][c] = q
    fits = M.council_keeps(s, q) and M.council_keeps(s, owner)
    s["where"][c] = owner
    return fits


@kernel
def swappable_here(s, p, adviser, c):
    """Horned Mask: c, a faceup denizen at p's site that may become an adviser, for p's adviser."""
    return (s["zone"][c] == Z_SITE and s["where"][c] == s["pawn"][p] and movable(s, c, 0)
            and M.RESTRICTION[c] != M.SITE_ONLY and swap_fits(s, adviser, c))


@shell_kernel
def placeable(s, p, pc, c):
    """Whether the step at pc can take the picked card c: a site with room, or a card at p's
    site to swap with."""
    if CODE[pc, P.COL_OP] == E.OP_SWAP_HERE:
        for d in range(1, FIRST_EDIFICE):
            if swappable_here(s, p, c, d):
                return True
        return False
    for slot in range(N_SLOTS):
        if M.slum_takes(s, slot):
            return True
    return False


@kernel
def suits_on_map(s):
    """Faceup cards of each suit at the sites (Riots)."""
    counts = np.zeros(N_SUITS, dtype=np.int64)
    for c in range(1, FIRST_RELIC):
        if s["zone"][c] == Z_SITE and B.card_suit(s, c) >= 0:
            counts[B.card_suit(s, c)] += 1
    return counts


@shell_kernel
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
    go_on(s, p)


@kernel
def go_on(s, p):
    """The program goes on after a decision -- once any player over an adviser limit (a swap or
    an exchange broke it) has discarded down, and the mover of a card to the Great Slum has
    answered whether to discard another there."""
    if N.discard_down_due(s) or N.slum_due(s, p):
        return
    run(s, p)


@shell_kernel
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


@kernel
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


@kernel
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
    if op == E.OP_RELIC_TAKE:
        return s["relic_size"] > 0
    if op == E.OP_REST_RETURNS:
        return rest_returns(s, p, False)
    if op == E.OP_ORACLE:
        for k in range(s["world_size"]):
            if C.is_vision(s["world"][k]):
                return True
        return False
    if op == E.OP_KILL and src == E.FROM_EVERY:
        for slot in range(N_SLOTS):
            if B.site_colour(s, slot) >= 0:
                return True
        return False
    if op == E.OP_REPAIR:
        return s["ruined"][s["pw_card"]] == 1
    if op == E.OP_REVEAL_DISCARD:
        return s["discard_size"][SLOT_REGION[s["pawn"][p]]] > 0
    return True


# ================================================================== the steps that ask nothing
@kernel
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
            if s["phase"] == PH_SHED:  # purple runs short: the program waits on p's picks
                s["resume_phase"] = PH_POWER
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
    elif op == E.OP_RELIC_TAKE:
        r = C.relic_take_top(s)
        if r > 0:
            M.take_relic(s, p, r)
    elif op == E.OP_REST_RETURNS:
        rest_returns(s, p, True)
    elif op == E.OP_KILL:  # every: n warbands at each site
        for slot in range(N_SLOTS):
            col = B.site_colour(s, slot)
            if col >= 0:
                k = min(n, s["site_warbands"][slot, col])
                s["site_warbands"][slot, col] -= k
                s["bank_warbands"][col] += k
    elif op == E.OP_ORACLE:
        oracle(s, p)
    elif op == E.OP_REPAIR:
        s["ruined"][s["pw_card"]] = 0
    elif op == E.OP_PILGRIMAGE:
        pilgrimage(s, p)
    elif op == E.OP_SALT:
        c = s["pw_card"]
        for d in range(1, FIRST_EDIFICE):
            if d != c and s["zone"][d] == Z_SITE and s["where"][d] == s["where"][c] and not M.locked(s, d):
                M.discard_card(s, p, d)
    elif op == E.OP_INQUIRE:
        inquire(s, p)
    elif op == E.OP_REVEAL_DISCARD:
        region = SLOT_REGION[s["pawn"][p]]
        top = s["discard"][region, s["discard_size"][region] - 1]
        s["known"][top] = -1
        s["pw_it"] = top


@kernel
def spire(s, p, n):
    """Fallen Spire (D3): the top n denizens of p's region's discard pile (Visions skipped), one
    at a time, each trade places with a random card of the Dispossessed, unseen by anyone."""
    region = SLOT_REGION[s["pawn"][p]]
    out = np.zeros(SPIRE_MOST, dtype=np.int64)
    m = 0
    for j in range(n):  # the replacements come from the Dispossessed as it was
        k = nth_denizen_down(s, region, j)
        if k < 0 or C.len_dispossessed(s) == 0:
            break
        out[m] = s["discard"][region, k]
        m += 1
        into = C.random_dispossessed(s)
        s["discard"][region, k] = into
        C.place(s, into, Z_DISCARD, region, 0)
        s["known"][into] = 0
    for j in range(m):
        C.place(s, out[j], Z_DISPOSSESSED, 0, 0)


@shell_kernel
def pilgrimage(s, p):
    """Pilgrimage (D2): the denizens at p's site (not locked) go to the Dispossessed; as many are
    drawn from it at random, seen by p, and put on p's region's discard pile."""
    here = s["pawn"][p]
    k = 0
    for c in range(1, FIRST_EDIFICE):
        if s["zone"][c] == Z_SITE and s["where"][c] == here and not M.locked(s, c):
            M.return_tokens(s, c, p, True)
            C.place(s, c, Z_DISPOSSESSED, 0, 0)
            k += 1
    for _ in range(k):
        c = C.random_dispossessed(s)
        C.discard_push(s, SLOT_REGION[here], c)
        s["known"][c] = 1 << p


@kernel
def rest_returns(s, p, do):
    """A Round of Ale (D2): the Rest's returns now (O4.3.1-2) -- every card's favor and secrets
    home, p's facedown secrets faceup -- except the favor on this card. With `do` False, only
    whether anything would move."""
    this = s["pw_card"]
    moves = s["secrets_down"][p] > 0
    for c in range(1, N_CARDS):
        if (c != this and s["card_favor"][c] > 0) or s["card_secrets"][c] > 0:
            moves = True
            if do and c != this:
                M.return_tokens(s, c, p, False)
    if do:
        s["secrets"][p] += s["card_secrets"][this] + s["secrets_down"][p]
        s["card_secrets"][this] = 0
        s["secrets_down"][p] = 0
    return moves


@shell_kernel
def oracle(s, p):
    """Oracle (D2): the Vision nearest the top of the world deck is drawn (the Visions Drawn
    track advances) and kept as if searched: p plays or discards it when the program ends."""
    c = C.world_take_vision(s)
    if c == 0:
        return
    M.take_drawn(s, p, c)
    count_vision(s, c)
    M.keep(s, p, c)
    s["pw_after"] = PH_PLAY


@kernel
def take_from_reliquary(s, p, space):
    """The relic leaves its space for p's personal bank; the Chancellor now has the space's
    modifier (O2.3)."""
    r = s["reliquary"][space]
    s["reliquary"][space] = 0
    M.take_relic(s, p, r)


@shell_kernel
def dissent(s, c):
    """Dissent (D2): every player but the People's Favor's holder places on this card one favor
    per suit among the cards they rule (as much as they have)."""
    for q in range(s["n_players"]):
        if s["pf_holder"] == q:
            continue
        suits = 0
        for d in range(1, FIRST_RELIC):
            suit = B.card_suit(s, d)
            if suit >= 0 and B.rules_card(s, q, d):
                suits |= 1 << suit
        k = 0
        for b in range(N_SUITS):
            k += suits >> b & 1
        k = min(k, s["favor"][q])
        s["favor"][q] -= k
        s["card_favor"][c] += k


@kernel
def has_adviser_of(s, q, suits):
    for c in range(1, FIRST_RELIC):
        if s["zone"][c] == Z_ADVISER and s["where"][c] == q and B.card_suit(s, c) >= 0 and suits >> B.card_suit(s, c) & 1:
            return True
    return False


@kernel
def convoy(s, p, region):
    """Convoys (D2): a region's discard pile, in its order, onto the top of p's region's."""
    here = SLOT_REGION[s["pawn"][p]]
    for k in range(s["discard_size"][region]):
        c = s["discard"][region, k]
        s["discard"][region, k] = 0
        C.discard_push(s, here, c)
    s["discard_size"][region] = 0


@kernel
def take_favor(s, p, q, n):
    k = min(n, s["favor"][q])  # taken: from their board only (B.kin)
    s["favor"][q] -= k
    B.add_favor(s, p, k)


@kernel
def count(s, p, what):
    if what == E.COUNT_GAMBLE:  # the shields of 4 defense dice (O2.12)
        return min(K.roll_shields(s, GAMBLE_DICE), 100)
    k = 0
    for c in range(1, FIRST_RELIC):
        if what == E.COUNT_BEAST_SITES and s["zone"][c] == Z_SITE and B.card_suit(s, c) == BEAST:
            k += 1
        elif what == E.COUNT_HEARTH_RULED and B.card_suit(s, c) == HEARTH and B.rules_card(s, p, c):
            k += 1
    return k


@kernel
def tithe(s, suits):
    """Every player moves 1 favor per site they rule into the bank of `suits` (Plague Engines)."""
    b = 0
    while not suits >> b & 1:
        b += 1
    for q in range(s["n_players"]):
        k = min(B.sites_ruled(s, q), s["favor"][q])
        s["favor"][q] -= k
        s["favor_bank"][b] += k


@shell_kernel
def discard_region(s, p, suits):
    """Discard every faceup card of `suits` at the sites of p's region (not locked)."""
    region = SLOT_REGION[s["pawn"][p]]
    for c in range(1, FIRST_RELIC):
        if (s["zone"][c] == Z_SITE and SLOT_REGION[s["where"][c]] == region and B.card_suit(s, c) >= 0
                and suits >> B.card_suit(s, c) & 1 and discardable(s, c) and c != s["pw_card"]):
            M.discard_card(s, p, c)


@shell_kernel
def garrison(s, p):
    """Garrison (D2): a warband per site p rules, then one from p's board onto each of them."""
    ruled = B.sites_ruled(s, p)
    move_from_bank(s, p, ruled)
    col = board_colour(s, p)
    for slot in range(N_SLOTS):
        if B.rules_site(s, p, slot) and s["board_warbands"][p] > 0 and B.places_at_sites(s, p):
            s["board_warbands"][p] -= 1
            s["site_warbands"][slot, col] += 1


@shell_kernel
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
    if s["bank_warbands"][own] > 0 and B.places_at_sites(s, p):
        s["bank_warbands"][own] -= 1
        s["site_warbands"][slot, own] += 1


@kernel
def peek(s, p, pc, do):
    """Look at the top N cards of your region's discard pile or of the world deck; with `do`
    False, only whether any of them is still unseen by p."""
    n = CODE[pc, E.C_N]
    if CODE[pc, P.COL_OP] == E.OP_PEEK_WORLD:
        return peek_top(s, p, s["world"], s["world_size"], n, do)
    region = SLOT_REGION[s["pawn"][p]]
    return peek_top(s, p, s["discard"][region], s["discard_size"][region], n, do)


@kernel
def peek_top(s, p, cards, size, n, do):
    unseen = False
    for k in range(max(0, size - n), size):
        c = cards[k]
        unseen = unseen or not (s["known"][c] >> p & 1)
        if do:
            s["known"][c] |= 1 << p
    return unseen


@shell_kernel
def action_legal(s, p, mask):
    """O6.2: CARD marks for the Action powers p may use now."""
    for c in range(1, FIRST_VISION):
        if usable(s, p, c, KIND_ACTION):
            mask[A.CARD + c] = 1


@shell_kernel
def use_action(s, p, c, after):
    B.pay_cost(s, p, c)
    start(s, p, c, KIND_ACTION, after)


@shell_kernel
def tribunal_open(s, p):
    """D1 The Tribunal: its Action is p's while p rules the faceup site or stands there, and
    some exchange can be made. It costs nothing and runs with no card (pw_card 0)."""
    for slot in range(N_SLOTS):
        if (s["slot_site"][slot] == TRIBUNAL_SITE and s["slot_faceup"][slot]
                and (B.rules_site(s, p, slot) or s["pawn"][p] == slot)):
            return possible(s, p, E.SITE_ENTRY[TRIBUNAL])
    return False


@shell_kernel
def use_tribunal(s, p, after):
    start_program(s, p, 0, E.SITE_ENTRY[TRIBUNAL], after)


@kernel
def rest_legal(s, p, mask):
    """O4.3.5: the Rest powers p has access to and has not used this Rest."""
    n = 0
    for c in range(1, FIRST_VISION):
        if not s["used"][c] and usable(s, p, c, KIND_REST):
            mask[A.CARD + c] = 1
            n += 1
    return n

