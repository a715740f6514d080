"""The steps of card programs (I12 keywords), compiled: for each opcode of `effects.OP` a pair,
``_op_<name>_ok`` (can it do something now; for a cost, can it be paid in full) beside
``_op_<name>`` (do it, or wait for a decision), and the two switches `step_ok` and `_step` that
pick the pair by opcode, one case per opcode (tests/imperium/test_imperium_machine.py checks
that both handle every opcode).

Costs come first (I6.5-I6.8): a statement guarded by MAY, or an option of CHOOSE, is offered
only if its costs can be paid in full (`block_ok`); a card is playable only if its mandatory
costs can be paid and some part of its text can be resolved (I6.3, I6.7) -- the same test,
run on the card's own program (`can_play`). Everything else resolves as far as possible
(I6.2, I6.9). Testing a program probes steps that may probe programs again (a free play's
target), so playability lives here with the steps.

A step returns NEXT (walk on) or WAIT (a decision is pending: ``phase = PH_EFFECT``, ``dec``
and ``actor`` set); the per-opcode functions are ``@shell_kernel``: typed into the switch, not
compiled one by one (docs/architecture.md, "Compiling").
"""

from __future__ import annotations

import numpy as np

from meeplegym import programs as P
from meeplegym import rng
from meeplegym.envs.imperium import catalogue as K
from meeplegym.envs.imperium import effects as E
from meeplegym.envs.imperium.rules import automa as AU
from meeplegym.envs.imperium.rules import zones as Z
from meeplegym.envs.imperium.rules.frames import (
    AFTER_ACTIVATE_TURN,
    CEREMONIAL_GATHERING,
    CHOICE_END,
    CHOICE_NONE,
    CODE,
    C_CARD,
    C_N,
    C_PER,
    C_RES,
    C_SRC,
    C_SUITS,
    C_TYPES,
    ENTRY,
    EPIC_POETRY,
    FL,
    FRAME_ABILITY,
    FRAME_AUTOMA,
    FRAME_SYSTEM,
    HAS_PROGRAM,
    INUIT,
    JUMP,
    LOOK_ORDER,
    MANA_DISCARD,
    MANA_LEGENDS,
    NEXT,
    OP,
    OPTIONS,
    ORAL_HISTORY,
    POLYNESIANS,
    PREPARE_THE_CEREMONY,
    SUMMONED_BIT,
    WAIT,
    _advance,
    _affects_others,
    _gadget_gone,
    _if_parts,
    _program_has_no_cost,
    _wait,
    is_gadget,
    martian_power_a,
    play_card,
    program_end,
    push,
    queue_attack,
    queue_event,
    take_unrest,
    took_unrest,
)
from meeplegym.envs.imperium.rules.payment import (
    cut_mat_cost,
    no_prg_for,
    pay_step,
    payable,
    unrest_cost,
)
from meeplegym.envs.imperium.rules.choices import (
    _any_host,
    _cost_waived,
    _develop_ok,
    _eligible,
    _exile_route,
    _filter,
    _host_ok,
    _icons,
    _in_zone_of,
    _is_region,
    _is_unrest,
    _it_in_hand,
    _ordering_main,
    _same_name,
    amount,
    any_market_ok,
    automa_trade_route,
    can_trade,
    ceremony,
    condition,
    count_eligible,
    exilable_it,
    findable_in_nation_deck,
    gathers_pop,
    main_looked_left,
    next_full_route,
    pick_screen,
    resolvable,
    screened_out,
    swap_possible,
    swap_slot_for,
    voyaging,
)
from meeplegym.envs.imperium.state import (
    DEC_CARD,
    DEC_DEVELOP,
    DEC_HOST,
    DEC_MANA,
    DEC_MARKET,
    DEC_ROUTE,
    DEC_UPTO,
    DEC_YESNO,
    EV_ACCESSION,
    EV_ACQUIRE,
    EV_BREAK,
    EV_GAIN_MARKET,
    EV_GAIN_MAT,
    EV_DEVELOPED,
    EV_GAIN_RICH,
    EV_GARRISON,
    EV_LEGENDS,
    EV_RESHUFFLE,
    EV_RETURN_UNREST,
    EV_TRADE,
    GDS,
    MARKET_SLOTS,
    MAT,
    MAX_DRAWN,
    N_RESOURCES,
    N_SMALL_PILES,
    POP,
    PRG,
    VARIANT_QUICK,
    Z_DEVELOPMENT,
    Z_DISCARD,
    Z_DRAW,
    Z_EXILE,
    Z_HAND,
    Z_HISTORY,
    Z_LEGENDS,
    Z_MAIN_DECK,
    Z_NATION_DECK,
    Z_PLAY,
    Z_SET_ASIDE,
    Z_UNREST_PILE,
)
from meeplegym.jit import kernel, shell_kernel

PICK_PILE = MARKET_SLOTS  # choices for Acquire / Break through: slot, pile, exiled card
PICK_CARD = MARKET_SLOTS + N_SMALL_PILES + 1

# ---------------------------------------------------------------- playability (I5.4, I6.3, I6.7)
@kernel
def block_ok(s, f, start, end, p):
    """Statement block [start, end) can be offered: every top-level cost can be paid in full
    (I6.7) and some part of it can be resolved (I6.3). Nested CHOOSE options and IF branches
    are blocks of their own, evaluated with an explicit stack: numba cannot load a cached
    recursive function (numba issue #6061)."""
    depth = 16
    b_pc = np.empty(depth, np.int32)  # next row of each open block
    b_end = np.empty(depth, np.int32)
    b_something = np.zeros(depth, np.bool_)
    b_choose = np.full(depth, -1, np.int32)  # the CHOOSE row a block is an option of, or -1
    b_option = np.zeros(depth, np.int32)
    b_after = np.zeros(depth, np.int32)  # where the parent goes on (CHOOSE/IF end)
    top = 0
    b_pc[0], b_end[0] = start, end
    result = False
    finished = False
    while True:
        if finished:  # the block `top` ended with `result`: report it to its parent
            finished = False
            if top == 0:
                return result
            child = top
            top -= 1
            ch = b_choose[child]
            if result:
                b_something[top] = True
                b_pc[top] = b_after[child]
            elif ch >= 0 and b_option[child] + 1 < CODE[ch][C_N]:
                k = b_option[child] + 1
                o = OPTIONS[CODE[ch][C_RES] + k]
                top += 1
                b_pc[top], b_end[top], b_something[top] = o[0], o[1], False
                b_choose[top], b_option[top], b_after[top] = ch, k, b_after[child]
            else:
                b_pc[top] = b_after[child]
            continue
        pc = b_pc[top]
        if pc >= b_end[top]:
            result = b_something[top]
            finished = True
            continue
        row = CODE[pc]
        op = row[OP]
        if op == P.OP_END or op == P.OP_JMP or op == P.OP_LOOP or op == P.OP_NEXT:
            b_pc[top] = pc + 1
        elif op == P.OP_MAY or op == P.OP_UPTO:  # optional: a body that can resolve is something to do
            if top + 1 >= depth:
                raise RuntimeError("imperium: program nested too deeply")
            top += 1
            b_pc[top], b_end[top], b_something[top] = pc + 1, row[JUMP] - (1 if op == P.OP_UPTO else 0), False
            b_choose[top], b_option[top], b_after[top] = -1, 0, row[JUMP]
        elif op == P.OP_REPEAT:  # mandatory, but each repetition is judged when it comes
            b_something[top] = b_something[top] or amount(s, f, row) > 0
            b_pc[top] = row[JUMP]
        elif op == P.OP_EACH:
            b_something[top] = b_something[top] or s["n_players"] > 1
            b_pc[top] = row[JUMP]
        elif op == P.OP_CHOOSE or op == P.OP_IF:
            if top + 1 >= depth:
                raise RuntimeError("imperium: program nested too deeply")
            if op == P.OP_CHOOSE:
                o = OPTIONS[row[C_RES]]
                lo, hi, after, ch = o[0], o[1], row[JUMP], pc
            else:
                then_start, then_end, else_end = _if_parts(pc)
                after, ch = else_end, -1
                if condition(s, f, row, p):
                    lo, hi = then_start, then_end
                else:
                    lo, hi = then_end + (1 if else_end > then_end else 0), else_end
            top += 1
            b_pc[top], b_end[top], b_something[top] = lo, hi, False
            b_choose[top], b_option[top], b_after[top] = ch, 0, after
        else:
            cost = (row[FL] & P.F_COST) != 0
            ok = step_ok(s, f, row, p, cost)
            if cost and not ok:
                result = False
                finished = True
                continue
            b_something[top] = b_something[top] or ok
            b_pc[top] = pc + 1


@kernel
def _probe(s, c, p, trigger):
    """Test a card's program from the top, as if it ran now, on a scratch frame."""
    push(s, c, Z.rec(s, c), ENTRY[Z.rec(s, c), trigger], FRAME_ABILITY, p)
    f = s["depth"] - 1
    start = s["fr_pc"][f]
    ok = start != 0 and block_ok(s, f, start, program_end(start), p)
    s["depth"] = f
    return ok


@kernel
def can_play(s, p, c, ignore_state):
    """Card c in p's hand may be played now, actions aside: its state icon matches (I5.4) and its
    text can do something with its costs payable (I6.3, I6.7). Pinned cards with no immediate
    effect (I5.3) are always playable."""
    r = Z.rec(s, c)
    ignore_state = ignore_state or s["ignore_state_turn"][p] != 0
    if not ignore_state and not Z.state_allows(s, p, c):
        return False
    if not HAS_PROGRAM[r, E.TRIG_PLAY]:
        return K.HEADER[r] == Z.PIN or K.HEADER[r] == Z.TRD
    if ENTRY[r, E.TRIG_PLAY] == 0:
        return False  # "Cannot be played." (Holy Right)
    if (K.HEADER[r] == Z.PIN or K.HEADER[r] == Z.TRD) and _program_has_no_cost(ENTRY[r, E.TRIG_PLAY]):
        return True  # a card that stays in play is worth playing for itself (rule decision, docs/imperium.md)
    saved = s["op_stage"]
    ok = _probe(s, c, p, E.TRIG_PLAY)
    s["op_stage"] = saved
    return ok


@kernel
def can_use(s, p, c, trigger):
    """An exhaust (or solstice) program of c can do something now (I5.5 step 3)."""
    r = Z.rec(s, c)
    if not HAS_PROGRAM[r, trigger] or ENTRY[r, trigger] == 0:
        return False
    saved = s["op_stage"]
    ok = _probe(s, c, p, trigger)
    s["op_stage"] = saved
    return ok


@kernel
def eligible(s, f, row, c):
    """Card c is a legal pick for the pending card decision of `row` (stage `op_stage`)."""
    if not _eligible(s, f, row, c):
        return False
    if row[OP] == E.OP_FREE_PLAY and not _ordering_main(s, f, row):
        return can_play(s, s["fr_player"][f], c, (row[FL] & E.F_IGNORE_STATE) != 0)
    return True


@shell_kernel
def _any_eligible(s, f, row):
    owner, zone = pick_screen(s, f, row)
    for c in Z.table(s):
        if not screened_out(s, c, owner, zone) and eligible(s, f, row, c):
            return True
    return False


# ---------------------------------------------------------------- picking cards
@kernel
def _pick(s, f, row, p, choice, dec, need, optional):
    """Shared pattern of 'pick N cards': returns the picked card, or -1 when the step should
    wait (WAIT set) or -2 when it is finished (nothing left to pick or END)."""
    if s["op_stage"] == 0:
        s["op_stage"] = 1
        s["op_left"] = need
    if choice >= 0:
        s["op_left"] -= 1
        return choice
    if choice == CHOICE_END:
        return -2
    if s["op_left"] <= 0 or not _any_eligible(s, f, row):
        return -2
    _wait(s, DEC_UPTO if optional else dec, p)
    return -1


@kernel
def _pick_loop(s, f, pc, row, p, choice, dest):
    """Pick up to N eligible cards one by one and move each to `dest` (discard, history, exile,
    hand). An "upto" step may stop early with END."""
    optional = (row[FL] & E.F_UPTO) != 0
    some_not = (row[FL] & E.F_SOME_NOT_NAMED) != 0
    need = unrest_cost(s, f, p, row[C_N]) if row[OP] == E.OP_DISCARD else row[C_N]
    if row[C_PER] != E.PER_NONE and row[OP] == E.OP_DRAW:  # "a card for every 3 mana" (Mana)
        need = amount(s, f, row)
    if some_not and s["op_stage"] == 0:
        s["op_sel"] = 0  # 1 once a card not so named was picked
    c = _pick(s, f, row, p, choice, DEC_CARD, need, optional)
    while c >= 0:
        if row[FL] & E.F_ICONS:  # the count is of icons: a card may carry several
            s["op_left"] -= _icons(s, c, row[C_TYPES]) - 1
        if some_not and not _same_name(s, c, row[C_CARD]):
            s["op_sel"] = 1
        if dest == Z_UNREST_PILE:
            if s["zone"][c] == Z_HAND and s["current"] == p and s["after"] == AFTER_ACTIVATE_TURN:
                s["returned_unrest_turn"][p] = 1  # Taoism: on p's own Activate turn
            Z.return_unrest(s, c)
            AU.automa_returned_unrest(s, p)
            if s["op_left"] == need - 1:  # one return, however many cards (Great Wealth)
                queue_event(s, EV_RETURN_UNREST, c, p)
        elif dest == Z_HAND:  # recalled: the automa's goes on top of its deck (I14.5 Recall)
            Z.gain_card(s, c, s["owner"][c])
        elif dest == Z_EXILE:
            Z.put(s, c, Z_EXILE, -1)
            _gadget_gone(s, c, p)
        elif dest == Z_HISTORY:
            s["fr_it"][f] = c  # "if the card was UNC/CIV" (Ge'ez Script)
            to_history(s, c, p)
        elif dest == Z_LEGENDS:
            to_legends(s, c, p)
            if s["op_left"] == need - 1 and s["nation"][p] == POLYNESIANS:
                queue_event(s, EV_LEGENDS, c, p)  # "when you put 1 or more cards into legends"
        else:
            if row[OP] == E.OP_ABANDON:
                s["fr_it"][f] = c
                if s["n_abandoned"] < MAX_DRAWN:
                    s["abandoned"][s["n_abandoned"]] = c
                    s["n_abandoned"] += 1
            Z.put(s, c, dest, p)
            if row[OP] == E.OP_DISCARD:
                s["fr_it"][f] = c  # "discard a GADGET => break through a matching card" (Sword of Power)
                _gadget_gone(s, c, p)
        c = _pick(s, f, row, p, CHOICE_NONE, DEC_CARD, need, optional)
    if c == -1:
        return WAIT
    if some_not:
        s["op_sel"] = -1
    return _advance(s, f, pc + 1)


@shell_kernel
def _some_not_named_in_hand(s, f, row):
    """``discard N F some_not:ID``: one of the cards it could discard is not named like ID."""
    owner, zone = pick_screen(s, f, row)
    for c in Z.table(s):
        if not screened_out(s, c, owner, zone) and _eligible(s, f, row, c) and not _same_name(s, c, row[C_CARD]):
            return True
    return False


# ---------------------------------------------------------------- moves the steps share
@kernel
def to_history(s, c, p):
    """Put c into p's history (I12 History). The Inuit have none (I16): the card goes under Oral
    History when it is in play, else to the discard pile, with an unrest in Winter."""
    if Z.is_automa(s, p):  # the automa always has a history (I14.1 4)
        Z.put(s, c, Z_HISTORY, p)
    elif s["nation"][p] == POLYNESIANS:  # no history: discarded, and an unrest (I16)
        Z.put(s, c, Z_DISCARD, p)
        take_unrest(s, p)
    elif s["nation"][p] != INUIT:
        Z.put(s, c, Z_HISTORY, p)
    elif _in_zone_of(s, ORAL_HISTORY, Z_PLAY, p) and c != ORAL_HISTORY:
        Z.garrison(s, c, ORAL_HISTORY)
    else:
        Z.put(s, c, Z_DISCARD, p)
        if (Z.state_icons(s, p) >> Z.BARB) & 1:  # Winter
            take_unrest(s, p)


@kernel
def to_legends(s, c, p):
    """Put c into p's legends (I16 Polynesians); anyone else's card is discarded instead."""
    if s["nation"][p] == POLYNESIANS:
        Z.put(s, c, Z_LEGENDS, p)
    else:
        Z.put(s, c, Z_DISCARD, p)


@kernel
def _ceremony_enters(s, c, p):
    """A ceremony face enters play (I16 Cultists): its PLAY text runs, and during the Solstice its
    Solstice text resolves too (turn.solstice_pending sees it again)."""
    s["solstice_done"][c] = 0
    r = Z.rec(s, c)
    if HAS_PROGRAM[r, E.TRIG_PLAY] and ENTRY[r, E.TRIG_PLAY] > 0:
        push(s, c, r, ENTRY[r, E.TRIG_PLAY], FRAME_ABILITY, p)


@shell_kernel
def _free_play(s, f, nxt, p, c, fl):
    """The free play of card c picked by frame f (none if c < 0), after which f goes on at nxt."""
    _advance(s, f, nxt)
    if c >= 0:
        from_main = s["zone"][c] == Z_MAIN_DECK
        s["fr_it"][f] = c
        play_card(s, p, c, (fl & E.F_PAID_PLAY) == 0)
        if from_main:
            Z.note_main_deck(s)  # I10.1: the main deck may have run out
    return NEXT


@shell_kernel
def _find(s, f, nxt, c, p, also_play):
    """I12 Find [R]: hand, discard pile, draw pile, nation deck (not the accession card), and the
    play area when the text says so (``also_play``). The pile the card came from is shuffled,
    the accession card staying at the bottom: the seed's worked turn shuffles only the nation
    deck Kanji was found in (docs/imperium.md)."""
    z = s["zone"][c]
    s["fr_it"][f] = c
    if s["owner"][c] == p:
        if z == Z_DRAW:
            Z.put(s, c, Z_HAND, p)
            rng.shuffle(s, s["draw_pile"][p], s["draw_size"][p])
        elif findable_in_nation_deck(s, c):
            Z.put(s, c, Z_HAND, p)
            if s["nation_size"][p] > 1:
                rng.shuffle(s, s["nation_deck"][p, 1:], s["nation_size"][p] - 1)
        elif z == Z_DISCARD or (z == Z_PLAY and also_play):
            Z.put(s, c, Z_HAND, p)
    return _advance(s, f, nxt)


@kernel
def _take_fame(s, f, nxt, p, c):
    """Take a fame card into hand (I11): `c` from a Look, else the top one; with only King of
    Kings left, resolve it instead (I11.3), at most once per player (I11.5)."""
    if Z.is_automa(s, p):
        return _automa_takes_fame(s, f, nxt, p)
    if c < 0:
        if Z.fame_cards_above_king(s) > 0:
            c = s["fame_pile"][s["fame_size"] - 1]
    if c >= 0:
        Z.put(s, c, Z_HAND, p)
        s["fr_it"][f] = c
        return _advance(s, f, nxt)
    _advance(s, f, nxt)
    if s["fame_size"] >= 1 and s["kok_used"][p] == 0:
        s["kok_used"][p] = 1
        side_a = s["kok_side"] == 0
        if side_a:
            s["kok_side"] = 1
            Z.trigger_game_end(s)  # I10.1(3)
        push(s, -1, K.KING_OF_KINGS, E.SYSTEM_KING_A if side_a else E.SYSTEM_KING_B, FRAME_SYSTEM, p)
    return NEXT


@kernel
def _garrison(s, f, pc, row, p, choice):
    """I12 Garrison: a card (or this card) face down under an eligible host. Stage 1 picks the
    card, stage 2 the host; a host with no choice is taken at once."""
    this = s["fr_card"][f]
    if s["op_stage"] == 0:
        s["op_stage"] = 1
        if row[FL] & E.F_THIS:
            s["op_sel"] = this
            s["op_stage"] = 2
        elif row[FL] & E.F_IT:  # the card the last step gained ("acquire TRI and gain it as mana")
            if not step_ok(s, f, row, p, False):
                return _advance(s, f, pc + 1)
            s["op_sel"] = s["fr_it"][f]
            s["op_stage"] = 2
        elif row[C_SRC] == E.SRC_UNREST:  # the top unrest card, straight from the pile (Popol Vuh)
            if s["unrest_size"] == 0:
                return _advance(s, f, pc + 1)
            s["op_sel"] = Z.take_unrest(s, p)  # the last one collapses the game (I10.5)
            s["op_stage"] = 2
        elif count_eligible(s, f, row) == 0:
            return _advance(s, f, pc + 1)
        else:
            return _wait(s, DEC_CARD, p)
    if s["op_stage"] == 1:
        s["op_sel"] = choice
        s["op_stage"] = 2
        choice = CHOICE_NONE
    if choice < 0:
        hosts = 0
        last = -1
        for h in Z.table(s):
            if _host_ok(s, f, row, h, p):
                hosts += 1
                last = h
        if hosts == 0:
            return _advance(s, f, pc + 1)
        if hosts > 1:
            return _wait(s, DEC_HOST, p)
        choice = last
    Z.garrison(s, s["op_sel"], choice)
    queue_event(s, EV_GARRISON, s["op_sel"], p)  # (Prepare the Ceremony)
    s["fr_host"][f] = choice
    s["op_sel"] = -1
    return _advance(s, f, pc + 1)


@kernel
def _gain_card(s, f, pc, row, p, choice):
    """Acquire / Break through (I12): the pick is a market slot (0-4), a small pile or the main
    deck (PILE_BASE + k), or an exiled card (CARD_BASE + c)."""
    acquire = row[OP] == E.OP_ACQUIRE
    if row[FL] & E.F_MAIN_TOP:  # "the top card of the main deck": no choice
        c = Z.break_through_main_deck(s, p, -1, True) if s["main_size"] > 0 else -1
        s["fr_it"][f] = c
        if c >= 0:
            queue_event(s, EV_BREAK, c, p)
        return _advance(s, f, pc + 1)
    if choice < 0:
        if step_ok(s, f, row, p, False):
            return _wait(s, DEC_MARKET if acquire else DEC_ROUTE, p)
        return _advance(s, f, pc + 1)
    c = -1
    res = 0
    taken = -1  # an unrest taken with the card (I12 Acquire)
    martian_prg = 0
    s["gained_prg"] = 0
    if choice < MARKET_SLOTS:
        c = s["market"][choice]
        for k in range(N_RESOURCES):
            res += s["card_res"][c, k]
        martian_prg = s["card_res"][c, PRG]
        s["gained_prg"] = martian_prg
        if acquire:
            taken = s["market_unrest"][choice]
        Z.take_market_card(s, choice, p, acquire)
        queue_event(s, EV_GAIN_MARKET, c, p)
        if res >= 2:
            queue_event(s, EV_GAIN_RICH, c, p)
        if taken >= 0:
            took_unrest(s, taken, p)
    elif choice < PICK_CARD:
        k = choice - PICK_PILE
        if k < N_SMALL_PILES:
            i = Z.first_in_pile(s, k, row[C_SUITS])
            c = s["small_pile"][k, i]
            Z.put(s, c, Z_HAND, p)
        else:
            c = Z.break_through_main_deck(s, p, row[C_SUITS], True)
    else:
        c = choice - PICK_CARD
        if not _exile_route(s, f, row, c, p):  # Epic Poetry: a break through instead, then recall it
            acquire = False
            Z.put(s, EPIC_POETRY, Z_HAND, p)
        Z.put(s, c, Z_HAND, p)
        if acquire and not _is_region(s, c):  # I12 Acquire from the exile: take an unrest too
            taken = take_unrest(s, p)
    s["fr_it"][f] = c
    s["fr_it_res"][f] = res
    if c >= 0 and Z.is_automa(s, p) and s["zone"][c] == Z_HAND:
        Z.put_on_draw_pile(s, p, c)  # gained cards go on top of the automa's deck (I14.5)
    if c >= 0 and voyaging(s, p) and s["zone"][c] == Z_HAND and not _is_unrest(s, c):
        Z.put(s, c, Z_DISCARD, p)  # Voyaging: gained cards go to the discard pile (I16)
    if c >= 0:
        queue_event(s, EV_ACQUIRE if acquire else EV_BREAK, c, p)
    _advance(s, f, pc + 1)
    if martian_prg > 0 and martian_power_a(s, p):  # Martians power A: 1 fewer for a discarded card
        push(s, -1, -1, E.SYSTEM_MARTIAN_FEWER_PRG, FRAME_SYSTEM, p)
    if acquire and taken >= 0 and s["play_unrest_turn"][p] and s["zone"][taken] == Z_HAND:
        push(s, -1, -1, E.SYSTEM_PLAY_TAKEN_UNREST, FRAME_SYSTEM, p)  # Brave: "immediately"
        s["fr_it"][s["depth"] - 1] = taken
    return NEXT


# ---------------------------------------------------------------- drawing, reshuffling and developing (I7.4, I8)
@kernel
def _draw(s, f, pc, row, p, choice):
    fl = row[FL]
    if Z.is_automa(s, p) and row[C_SRC] < 0:  # I14.5 Draw: the top deck card to its discard, no reshuffle
        for _ in range(amount(s, f, row)):
            if s["draw_size"][p] > 0:
                AU.automa_discard(s, s["draw_pile"][p, s["draw_size"][p] - 1])
        return _advance(s, f, pc + 1)
    if row[C_SRC] == E.SRC_DISCARD or row[C_SRC] == E.SRC_CARD or row[C_SRC] == E.SRC_MERCHANT:
        return _pick_loop(s, f, pc, row, p, choice, Z_HAND)
    if s["op_stage"] == 0:
        s["op_stage"] = 1
        s["op_left"] = 0 if voyaging(s, p) else amount(s, f, row)  # Voyaging: no drawing (I16)
        s["n_drawn"] = 0
    elif s["op_stage"] == 2:  # a develop decision inside the reshuffle (I8.4)
        if develop_choice(s, p, choice) == WAIT:
            return WAIT
        s["op_stage"] = 1
    while s["op_left"] > 0:
        if s["draw_size"][p] == 0:
            if fl & E.F_IF_ABLE:
                break
            r = reshuffle(s, p)
            if r == WAIT:
                s["op_stage"] = 2
                return WAIT
            if s["draw_size"][p] == 0:
                break
        c = Z.draw_top(s, p)
        s["fr_it"][f] = c
        if s["n_drawn"] < MAX_DRAWN:
            s["drawn"][s["n_drawn"]] = c
            s["n_drawn"] += 1
        s["op_left"] -= 1
    return _advance(s, f, pc + 1)


@shell_kernel
def reshuffle(s, p):
    """I8.2-I8.5 for p's empty draw pile: the nation-deck step, or an optional develop (a
    decision, WAIT), then the shuffle. Returns NEXT when the new draw pile is ready."""
    size = s["nation_size"][p]
    top = s["nation_deck"][p, size - 1] if size > 0 else -1
    if Z.nation_deck_step(s, p):
        if size == 1 and s["variants"] & VARIANT_QUICK:  # the accession card went (I15.5)
            queue_event(s, EV_ACCESSION, top, p)
    elif s["nation_size"][p] == 0 and not s["deck_token"][p] and s["exhaust_tokens"][p] > 0:
        for c in Z.table(s):
            if s["zone"][c] == Z_DEVELOPMENT and s["owner"][c] == p and _develop_ok(s, p, c, False):
                s["reshuffling"] = p
                s["op_sel"] = -1
                return _wait(s, DEC_DEVELOP, p)
    _shuffle(s, p)
    return NEXT


@kernel
def _shuffle(s, p):
    """I8.5, then I8.6: "when you reshuffle" passives answer (Cultists power A)."""
    Z.shuffle_discard_into_draw(s, p)
    if s["draw_size"][p] > 0:
        queue_event(s, EV_RESHUFFLE, s["draw_pile"][p, s["draw_size"][p] - 1], p)


@shell_kernel
def develop_choice(s, p, choice):
    """The develop decision of a reshuffle (I8.4, D13): a development card, then its payment,
    or END for none; then the shuffle (I8.5)."""
    if s["op_sel"] < 0:
        if choice == CHOICE_END:
            return _end_reshuffle(s, p)
        s["op_sel"] = choice
        _owe_development(s, p, choice, _cost_waived(s, p, choice))
        choice = CHOICE_NONE
    if _pay_development(s, p, choice) == WAIT:
        return WAIT
    c = s["op_sel"]
    Z.put(s, c, Z_DISCARD, p)
    s["exhaust_tokens"][p] -= 1
    s["deck_token"][p] = 1
    _after_develop(s, p, c)
    return _end_reshuffle(s, p)


@kernel
def _owe_development(s, p, c, free):
    """The cost of developing c: resources (`pay_need`) and mana cards (`mana_due`)."""
    s["pay_need"][:] = 0
    s["mana_due"][:] = 0
    if free:
        return
    for k in range(N_RESOURCES):
        s["pay_need"][k] = K.DEV_COST[c, k]
    cut_mat_cost(s, p, s["pay_need"])
    s["mana_due"][0] = K.DEV_COST[c, MANA_DISCARD]
    s["mana_due"][1] = K.DEV_COST[c, MANA_LEGENDS]


@kernel
def _pay_development(s, p, choice):
    """Pay what `_owe_development` set: the resources (I12 Pay), then the mana cards one by one,
    each picked by p (DEC_MANA): to the discard pile, then into legends. NEXT when paid."""
    if s["pay_need"][POP] > 0 or s["pay_need"][MAT] > 0 or s["pay_need"][PRG] > 0 or s["pay_need"][GDS] > 0:
        if pay_step(s, p, choice) == WAIT:
            return WAIT
        choice = CHOICE_NONE
    if choice >= 0:  # a mana card
        if s["mana_due"][0] > 0:
            Z.put(s, choice, Z_DISCARD, p)
            s["mana_due"][0] -= 1
        else:
            to_legends(s, choice, p)
            s["mana_due"][1] -= 1
            if s["mana_due"][1] == 0:
                queue_event(s, EV_LEGENDS, choice, p)
    if s["mana_due"][0] > 0 or s["mana_due"][1] > 0:
        return _wait(s, DEC_MANA, p)
    return NEXT


@kernel
def _end_reshuffle(s, p):
    s["reshuffling"] = -1
    s["op_sel"] = -1
    _shuffle(s, p)
    return NEXT


@kernel
def _after_develop(s, p, developed):
    """I10.1(2): developing the last card of the development area triggers the game end (for the
    Polynesians too, even before their accession card, I16)."""
    queue_event(s, EV_DEVELOPED, developed, p)
    for c in Z.table(s):
        if s["zone"][c] == Z_DEVELOPMENT and s["owner"][c] == p:
            return
    Z.trigger_game_end(s)


@kernel
def _develop(s, f, nxt, row, p, choice):
    """I8.9 Develop as an effect: no token; "free" ignores the cost."""
    free = (row[FL] & E.F_FREE) != 0
    if s["op_stage"] == 0:
        if count_eligible(s, f, row) == 0:
            return _advance(s, f, nxt)
        s["op_stage"] = 1
        return _wait(s, DEC_CARD, p)
    if s["op_stage"] == 1:
        c = choice
        s["op_sel"] = c
        s["op_stage"] = 2
        _owe_development(s, p, c, free or _cost_waived(s, p, c))
        choice = CHOICE_NONE
    if _pay_development(s, p, choice) == WAIT:
        return WAIT
    c = s["op_sel"]
    Z.put(s, c, Z_HAND if row[C_SRC] == E.SRC_HAND else Z_DISCARD, p)  # "... and add it to your hand"
    s["op_sel"] = -1
    _after_develop(s, p, c)
    return _advance(s, f, nxt)


# ---------------------------------------------------------------- the automa's steps (I14.3-I14.7)
@kernel
def resolve_for_automa(s, c):
    """I14.3 2.1-2.5 / I14.4 Resolve: card c, revealed (held in the automa's hand), answers the
    first row of the automa's table that matches it and of which some part can be done; that
    row runs on a frame of its own, and the card then goes to the automa's discard pile unless
    the row moved it (FRAME_AUTOMA). A card no row can do anything with is just discarded."""
    a = s["automa"]
    if s["zone"][c] != Z_HAND:
        Z.put(s, c, Z_HAND, a)
    t = s["automa_table"]
    side = s["automa_side"]
    r = Z.rec(s, c)
    push(s, c, r, 0, FRAME_AUTOMA, a)
    f = s["depth"] - 1
    k = AU.next_row(t, side, r, -1)
    while k >= 0:
        start = E.AUTOMA_ENTRY[t, side, k]
        end = program_end(start)
        if block_ok(s, f, start, end, a):
            s["fr_pc"][f] = start
            if _affects_others(start, end):  # its effects on you are attacks (I14.5)
                queue_attack(s, c, a)
            return
        k = AU.next_row(t, side, r, k)


@kernel
def _automa_takes_fame(s, f, nxt, p):
    """The automa gains a fame card on top of its deck; King of Kings instead pays it 6 prg
    (Barbarian side) or 3 prg and the top dynasty card on top of its deck (Empire side), and
    triggers the game end; after that, fame gains do nothing (I14.7)."""
    _advance(s, f, nxt)
    if s["kok_used"][p]:
        return NEXT
    if Z.fame_cards_above_king(s) > 0:
        c = s["fame_pile"][s["fame_size"] - 1]
        Z.put_on_draw_pile(s, p, c)
        s["fr_it"][f] = c
        return NEXT
    if s["fame_size"] == 0:
        return NEXT
    s["kok_used"][p] = 1
    Z.trigger_game_end(s)
    if s["automa_side"] == 0:
        s["pool"][p, PRG] += AU.KING_BARBARIAN_PRG
    else:
        s["pool"][p, PRG] += AU.KING_EMPIRE_PRG
        if s["nation_size"][p] > 0:
            Z.put_on_draw_pile(s, p, s["nation_deck"][p, s["nation_size"][p] - 1])
            AU.dynasty_check(s)
    return NEXT


@kernel
def _automa_trade(s, f, nxt, p):
    """I14.5 Trade: 1 gds from the supply onto the chosen route (the automa gains 1 more when it
    is a player's) and the route's automa Commerce line; with none, 1 prg becomes 1 gds."""
    _advance(s, f, nxt)
    c = automa_trade_route(s, p)
    if c < 0:
        if s["pool"][p, PRG] > 0:
            s["pool"][p, PRG] -= 1
            s["pool"][p, GDS] += 1
        return NEXT
    s["card_res"][c, GDS] += 1
    if s["owner"][c] != p:
        s["pool"][p, GDS] += 1  # [R]
    r = Z.rec(s, c)
    push(s, c, r, E.AUTOMA_COMMERCE[r], FRAME_ABILITY, p)
    return NEXT


# ---------------------------------------------------------------- resources (I12 Gain, Pay, Move ...)
@shell_kernel
def _op_gain_ok(s, f, row, p, as_cost):
    this = s["fr_card"][f]
    if row[C_SRC] == E.SRC_HERE:
        return this >= 0 and s["card_res"][this, row[C_RES]] > 0
    if row[C_SRC] == E.SRC_MARKET:
        return any_market_ok(s, f, row)
    return True


@shell_kernel
def _op_gain(s, f, pc, row, p, choice):
    if row[C_SRC] == E.SRC_MARKET:
        return _gain_market_card(s, f, pc, row, p, choice)
    this = s["fr_card"][f]
    nxt = pc + 1
    k = amount(s, f, row)
    if row[C_RES] == PRG and martian_power_a(s, p) and (this < 0 or not is_gadget(s, this)):
        # Martians power A: prg gains from other sources than GADGETs may be ignored
        if s["op_stage"] == 0 and k > 0:
            s["op_stage"] = 1
            return _wait(s, DEC_YESNO, p)
        if choice == CHOICE_END:
            return _advance(s, f, nxt)
    if row[C_SRC] == E.SRC_HERE:  # off this card, not from the supply (Glass Working)
        k = min(k, s["card_res"][this, row[C_RES]]) if this >= 0 else 0
        s["card_res"][this, row[C_RES]] -= k
    if (row[C_RES] == MAT and 1 <= k <= 3 and s["nation"][p] == INUIT and s["face"][s["power_card"][p]] == 0
            and not Z.is_automa(s, p)):
        k += 1  # Inuit power A: "when you gain 3 or fewer mat, gain 1 more"
    if row[C_RES] == POP and gathers_pop(s, p):
        s["card_res"][CEREMONIAL_GATHERING, POP] += k
        return _advance(s, f, nxt)
    s["pool"][p, row[C_RES]] += k
    if row[C_RES] == PRG and k > 0 and this >= 0 and is_gadget(s, this) and martian_power_a(s, p):
        _advance(s, f, nxt)  # ... and those from GADGETs may be cut by 1 for a discarded card
        push(s, -1, -1, E.SYSTEM_MARTIAN_FEWER_PRG, FRAME_SYSTEM, p)
        return NEXT
    if k > 0 and row[C_RES] == MAT and this >= 0 and s["zone"][this] == Z_PLAY and s["owner"][this] == p:
        queue_event(s, EV_GAIN_MAT, this, p)  # answered by card filters: Vineyards #fertile, Kayaks #ocean
    return _advance(s, f, nxt)


@shell_kernel
def _gain_market_card(s, f, pc, row, p, choice):
    """``gain`` from the market: every resource on the market card chosen."""
    if choice < 0:
        if any_market_ok(s, f, row):
            return _wait(s, DEC_MARKET, p)
        return _advance(s, f, pc + 1)
    c = s["market"][choice]
    for k in range(N_RESOURCES):
        if k == POP and gathers_pop(s, p):
            s["card_res"][CEREMONIAL_GATHERING, POP] += s["card_res"][c, k]
        else:
            s["pool"][p, k] += s["card_res"][c, k]
        s["card_res"][c, k] = 0
    return _advance(s, f, pc + 1)


@shell_kernel
def _op_gain_action_ok(s, f, row, p, as_cost):
    return True


@shell_kernel
def _op_gain_action(s, f, pc, row, p, choice):
    s["actions"][p] += row[C_N]
    return _advance(s, f, pc + 1)


@shell_kernel
def _op_spend_action_ok(s, f, row, p, as_cost):
    return s["actions"][p] >= row[C_N]


@shell_kernel
def _op_spend_action(s, f, pc, row, p, choice):
    s["actions"][p] -= min(row[C_N], s["actions"][p])
    return _advance(s, f, pc + 1)


@shell_kernel
def _op_gain_xtoken_ok(s, f, row, p, as_cost):
    return True


@shell_kernel
def _op_gain_xtoken(s, f, pc, row, p, choice):
    s["exhaust_tokens"][p] += row[C_N]
    return _advance(s, f, pc + 1)


@shell_kernel
def _op_return_xtoken_ok(s, f, row, p, as_cost):
    return count_eligible(s, f, row) > 0


@shell_kernel
def _op_return_xtoken(s, f, pc, row, p, choice):
    c = _pick(s, f, row, p, choice, DEC_CARD, 1, False)
    if c == -1:
        return WAIT
    if c >= 0:
        s["exhausted"][c] = 0
        s["exhaust_tokens"][p] += 1
    return _advance(s, f, pc + 1)


@shell_kernel
def _op_lose_ok(s, f, row, p, as_cost):
    return s["pool"][p, row[C_RES]] > 0


@shell_kernel
def _op_lose(s, f, pc, row, p, choice):
    s["pool"][p, row[C_RES]] -= min(row[C_N], s["pool"][p, row[C_RES]])  # back to the supply: not a payment
    return _advance(s, f, pc + 1)


@shell_kernel
def _op_convert_ok(s, f, row, p, as_cost):
    return s["pool"][p, row[C_RES]] > 0 and ((row[FL] & E.F_IT) == 0 or s["gained_prg"] > 0)


@shell_kernel
def _op_convert(s, f, pc, row, p, choice):
    """Not a payment either (I16 Martians)."""
    k = min(amount(s, f, row), s["pool"][p, row[C_RES]])
    if row[FL] & E.F_IT:  # only prg the acquired card carried
        k = min(k, s["gained_prg"])
        s["gained_prg"] -= k
    s["pool"][p, row[C_RES]] -= k
    s["pool"][p, row[C_SRC]] += k
    return _advance(s, f, pc + 1)


@shell_kernel
def _op_pay_ok(s, f, row, p, as_cost):
    n = row[C_N]
    if row[C_SRC] == E.SRC_HERE:
        return s["card_res"][s["fr_card"][f], row[C_RES]] >= n
    if row[C_SRC] == E.SRC_CARD:
        return _in_zone_of(s, row[C_CARD], Z_PLAY, p) and s["card_res"][row[C_CARD], row[C_RES]] >= n
    need = s["pay_need"].copy()
    need[:] = 0
    need[row[C_RES]] = n
    if row[C_RES] == MAT:
        need[MAT] = unrest_cost(s, f, p, n)
    cut_mat_cost(s, p, need)
    s["no_prg_pay"] = no_prg_for(s, f, p)
    ok = payable(s, p, need)
    s["no_prg_pay"] = 0
    return ok


@shell_kernel
def _op_pay(s, f, pc, row, p, choice):
    nxt = pc + 1
    if row[C_SRC] == E.SRC_HERE or row[C_SRC] == E.SRC_CARD:
        on = s["fr_card"][f] if row[C_SRC] == E.SRC_HERE else row[C_CARD]
        n = s["card_res"][on, row[C_RES]] if row[C_PER] == 1 else row[C_N]  # ``all``
        s["card_res"][on, row[C_RES]] -= min(n, s["card_res"][on, row[C_RES]])
        return _advance(s, f, nxt)
    if s["op_stage"] == 0:
        s["op_stage"] = 1
        s["pay_need"][:] = 0
        s["pay_need"][row[C_RES]] = row[C_N]
        if row[C_RES] == MAT:
            s["pay_need"][MAT] = unrest_cost(s, f, p, row[C_N])
        cut_mat_cost(s, p, s["pay_need"])
        s["no_prg_pay"] = no_prg_for(s, f, p)
        if not payable(s, p, s["pay_need"]):
            s["pay_need"][:] = 0
            s["no_prg_pay"] = 0
            return _advance(s, f, nxt)
        it = s["fr_it"][f]
        s["pay_to"] = s["owner"][it] if row[C_SRC] == E.SRC_ATTACKER and it >= 0 else -1
    if pay_step(s, p, choice) == WAIT:
        return WAIT
    s["pay_to"] = -1
    s["no_prg_pay"] = 0
    return _advance(s, f, nxt)


@shell_kernel
def _op_move_ok(s, f, row, p, as_cost):
    n = row[C_N]
    have = s["pool"][p, row[C_RES]]
    if row[FL] & E.F_SPREAD:
        cards = 0
        for slot in range(MARKET_SLOTS):
            cards += s["market"][slot] >= 0
        return have >= n and cards >= n
    if row[C_SRC] == E.SRC_PINNED and count_eligible(s, f, row) == 0:
        return False
    return have >= (1 if row[FL] & E.F_UPTO else n)


@shell_kernel
def _op_move(s, f, pc, row, p, choice):
    return _put_resources(s, f, pc, row, p, choice, True)


@shell_kernel
def _op_add_ok(s, f, row, p, as_cost):
    if row[C_SRC] == E.SRC_DIE:  # the market card at the die's slot (I14.4)
        return 0 <= s["die"] < MARKET_SLOTS and s["market"][s["die"]] >= 0
    if row[C_SRC] == E.SRC_CEREMONY:
        return ceremony(s, p) >= 0
    return row[C_SRC] != E.SRC_CARD or _in_zone_of(s, row[C_CARD], Z_PLAY, p)


@shell_kernel
def _op_add(s, f, pc, row, p, choice):
    if row[C_SRC] == E.SRC_DIE:
        if _op_add_ok(s, f, row, p, False):
            s["card_res"][s["market"][s["die"]], row[C_RES]] += row[C_N]
        return _advance(s, f, pc + 1)
    return _put_resources(s, f, pc, row, p, choice, False)


@shell_kernel
def _put_resources(s, f, pc, row, p, choice, from_pool):
    """``move`` (from p's pool) or ``add`` (from the supply) N of a resource onto a card: this
    one, a named one, a pinned one or a market card chosen, or one unit onto each of N market
    cards (``spread``)."""
    nxt = pc + 1
    res = row[C_RES]
    n = row[C_N]
    if row[FL] & E.F_SPREAD:  # one unit at a time, each onto another market card
        if s["op_stage"] == 0:
            s["op_stage"] = 1
            s["op_sel"] = 0
            s["op_left"] = n
        elif choice >= 0:
            s["pool"][p, res] -= 1
            s["card_res"][s["market"][choice], res] += 1
            s["op_sel"] |= 1 << choice
            s["op_left"] -= 1
        if s["op_left"] > 0:
            return _wait(s, DEC_MARKET, p)
        s["op_sel"] = -1
        return _advance(s, f, nxt)
    if from_pool:
        if row[FL] & E.F_UPTO:
            n = min(n, s["pool"][p, res])  # [R] moves as many as it can, up to N
        if s["pool"][p, res] < n:
            return _advance(s, f, nxt)
    if row[C_SRC] == E.SRC_CEREMONY:
        c = ceremony(s, p)
        if c >= 0:
            s["card_res"][c, res] += n
        return _advance(s, f, nxt)
    if row[C_SRC] == E.SRC_HERE or row[C_SRC] == E.SRC_CARD or (row[C_SRC] == E.SRC_PINNED and choice >= 0):
        on = s["fr_card"][f] if row[C_SRC] == E.SRC_HERE else (row[C_CARD] if row[C_SRC] == E.SRC_CARD else choice)
        if from_pool:
            s["pool"][p, res] -= n
        s["card_res"][on, res] += n
        return _advance(s, f, nxt)
    if row[C_SRC] == E.SRC_PINNED:
        if count_eligible(s, f, row) == 0:
            return _advance(s, f, nxt)
        return _wait(s, DEC_CARD, p)
    if choice < 0:
        if any_market_ok(s, f, row):
            return _wait(s, DEC_MARKET, p)
        return _advance(s, f, nxt)
    if from_pool:
        s["pool"][p, res] -= n
    s["card_res"][s["market"][choice], res] += n
    return _advance(s, f, nxt)


@shell_kernel
def _op_steal_ok(s, f, row, p, as_cost):
    return True


@shell_kernel
def _op_steal(s, f, pc, row, p, choice):
    owner = s["fr_owner"][f]
    res = row[C_RES]
    n = amount(s, f, row)
    got = min(n, s["pool"][p, res])
    s["pool"][p, res] -= got
    s["pool"][owner, res] += got
    if got < n and (row[FL] & E.F_PENALTY):
        take_unrest(s, p)
        s["pool"][owner, res] += n - got
    return _advance(s, f, pc + 1)


# ---------------------------------------------------------------- cards (I12 Draw, Discard, Exile ...)
@shell_kernel
def _op_draw_ok(s, f, row, p, as_cost):
    if row[C_SRC] == E.SRC_DISCARD or row[C_SRC] == E.SRC_CARD or row[C_SRC] == E.SRC_MERCHANT:
        return count_eligible(s, f, row) > 0
    if voyaging(s, p):
        return False  # Voyaging: no drawing from the draw pile (I16)
    if row[FL] & E.F_IF_ABLE:
        return s["draw_size"][p] > 0
    return s["draw_size"][p] + Z.count_in_zone(s, p, Z_DISCARD) > 0 or s["nation_size"][p] > 0


@shell_kernel
def _op_draw(s, f, pc, row, p, choice):
    return _draw(s, f, pc, row, p, choice)


@shell_kernel
def _op_discard_ok(s, f, row, p, as_cost):
    if row[FL] & E.F_IT:
        return _it_in_hand(s, f)
    if (row[FL] & E.F_SOME_NOT_NAMED) and not _some_not_named_in_hand(s, f, row):
        return False
    n = unrest_cost(s, f, p, row[C_N])
    return count_eligible(s, f, row) >= (n if as_cost else 1)


@shell_kernel
def _op_discard(s, f, pc, row, p, choice):
    if row[FL] & E.F_IT:
        if _it_in_hand(s, f):
            Z.put(s, s["fr_it"][f], Z_DISCARD, p)
            _gadget_gone(s, s["fr_it"][f], p)
        return _advance(s, f, pc + 1)
    return _pick_loop(s, f, pc, row, p, choice, Z_DISCARD)


@shell_kernel
def _op_exile_ok(s, f, row, p, as_cost):
    if row[FL] & E.F_THIS or row[C_SRC] == E.SRC_NATION:
        return True
    if row[C_CARD] >= 0:
        return s["owner"][row[C_CARD]] == p and s["zone"][row[C_CARD]] != Z_EXILE
    if row[C_SRC] == E.SRC_FAME:
        return Z.fame_cards_above_king(s) > 0
    if row[FL] & E.F_IT:
        return exilable_it(s, f, p)
    if row[C_SRC] == E.SRC_MARKET:
        return any_market_ok(s, f, row)
    return count_eligible(s, f, row) >= (row[C_N] if as_cost else 1)


@shell_kernel
def _op_exile(s, f, pc, row, p, choice):
    nxt = pc + 1
    if row[FL] & E.F_THIS:
        this = s["fr_card"][f]
        Z.put(s, this, Z_EXILE, -1)
        _gadget_gone(s, this, s["fr_owner"][f])
        return _advance(s, f, nxt)
    if row[FL] & E.F_IT:
        it = s["fr_it"][f]
        if exilable_it(s, f, p):
            Z.put(s, it, Z_EXILE, -1)
            _gadget_gone(s, it, p)
        return _advance(s, f, nxt)
    if row[C_SRC] == E.SRC_NATION:  # the whole nation deck (Alien)
        while s["nation_size"][p] > 0:
            Z.put(s, s["nation_deck"][p, s["nation_size"][p] - 1], Z_EXILE, -1)
        return _advance(s, f, nxt)
    if row[C_CARD] >= 0:  # the named card of yours, wherever it is (Alien: Reactor Explosion)
        c = row[C_CARD]
        if s["owner"][c] == p and s["zone"][c] != Z_EXILE:
            Z.put(s, c, Z_EXILE, -1)
        return _advance(s, f, nxt)
    if row[C_SRC] == E.SRC_FAME:  # the top fame card, never King of Kings
        if Z.fame_cards_above_king(s) > 0:
            Z.put(s, s["fame_pile"][s["fame_size"] - 1], Z_EXILE, -1)
        return _advance(s, f, nxt)
    if row[C_SRC] == E.SRC_MARKET:
        if choice < 0:
            if any_market_ok(s, f, row):
                return _wait(s, DEC_MARKET, p)
            return _advance(s, f, nxt)
        Z.exile_market_card(s, choice)
        return _advance(s, f, nxt)
    return _pick_loop(s, f, pc, row, p, choice, Z_EXILE)


@shell_kernel
def _to_pile_ok(s, f, row, p, as_cost):
    """Can ``history``, ``legends``, ``abandon`` or ``recall`` move N cards (for a cost: all N
    of them; with an icon filter: N icons)?"""
    if row[FL] & E.F_THIS:
        return True  # a card whose text runs is in play (or about to be, when probed)
    if row[FL] & E.F_ICONS:
        icons = 0
        owner, zone = pick_screen(s, f, row)
        for c in Z.table(s):
            if not screened_out(s, c, owner, zone) and _eligible(s, f, row, c):
                icons += _icons(s, c, row[C_TYPES])
        return icons >= (row[C_N] if as_cost else 1)
    return count_eligible(s, f, row) >= (row[C_N] if as_cost else 1)


@shell_kernel
def _op_history_ok(s, f, row, p, as_cost):
    return _to_pile_ok(s, f, row, p, as_cost)


@shell_kernel
def _op_history(s, f, pc, row, p, choice):
    if row[FL] & E.F_IT:
        if _it_in_hand(s, f):
            to_history(s, s["fr_it"][f], p)
        return _advance(s, f, pc + 1)
    if row[FL] & E.F_THIS:
        this = s["fr_card"][f]
        if s["zone"][this] == Z_PLAY or s["zone"][this] == Z_HAND:
            to_history(s, this, s["fr_owner"][f])
        return _advance(s, f, pc + 1)
    return _pick_loop(s, f, pc, row, p, choice, Z_HISTORY)


@shell_kernel
def _op_legends_ok(s, f, row, p, as_cost):
    return _to_pile_ok(s, f, row, p, as_cost)


@shell_kernel
def _op_legends(s, f, pc, row, p, choice):
    if row[FL] & E.F_THIS:
        this = s["fr_card"][f]
        owner = s["fr_owner"][f]
        if s["zone"][this] == Z_PLAY or s["zone"][this] == Z_HAND:
            to_legends(s, this, owner)
            if s["nation"][owner] == POLYNESIANS:
                queue_event(s, EV_LEGENDS, this, owner)
        return _advance(s, f, pc + 1)
    return _pick_loop(s, f, pc, row, p, choice, Z_LEGENDS)


@shell_kernel
def _op_abandon_ok(s, f, row, p, as_cost):
    if (row[FL] & E.F_THIS) == 0 and row[C_CARD] >= 0:
        return _in_zone_of(s, row[C_CARD], Z_PLAY, p)
    return _to_pile_ok(s, f, row, p, as_cost)


@shell_kernel
def _op_abandon(s, f, pc, row, p, choice):
    if (row[FL] & E.F_THIS) == 0 and row[C_CARD] < 0 and s["op_stage"] == 0:
        s["n_abandoned"] = 0  # per:abandoned counts this step's cards
    return _leave_play(s, f, pc, row, p, choice, Z_DISCARD)


@shell_kernel
def _op_recall_ok(s, f, row, p, as_cost):
    return _to_pile_ok(s, f, row, p, as_cost)


@shell_kernel
def _op_recall(s, f, pc, row, p, choice):
    return _leave_play(s, f, pc, row, p, choice, Z_HAND)


@shell_kernel
def _leave_play(s, f, pc, row, p, choice, dest):
    """``abandon`` (to the discard pile) or ``recall`` (to hand) this card, a named one, or N
    cards of p's in play."""
    this = s["fr_card"][f]
    if row[FL] & E.F_THIS:
        if s["zone"][this] == Z_PLAY:
            Z.put(s, this, dest, s["owner"][this])
        return _advance(s, f, pc + 1)
    if row[C_CARD] >= 0:
        if _in_zone_of(s, row[C_CARD], Z_PLAY, p):
            Z.put(s, row[C_CARD], dest, p)
        return _advance(s, f, pc + 1)
    return _pick_loop(s, f, pc, row, p, choice, dest)


@shell_kernel
def _op_return_unrest_ok(s, f, row, p, as_cost):
    return count_eligible(s, f, row) >= (row[C_N] if as_cost else 1)


@shell_kernel
def _op_return_unrest(s, f, pc, row, p, choice):
    return _pick_loop(s, f, pc, row, p, choice, Z_UNREST_PILE)


@shell_kernel
def _op_remove_ok(s, f, row, p, as_cost):
    return count_eligible(s, f, row) > 0


@shell_kernel
def _op_remove(s, f, pc, row, p, choice):
    return _pick_loop(s, f, pc, row, p, choice, Z_DISCARD if row[C_SRC] == E.SRC_DISCARD else Z_SET_ASIDE)


@shell_kernel
def _op_place_top_ok(s, f, row, p, as_cost):
    if row[FL] & E.F_IT:
        return _it_in_hand(s, f)
    return count_eligible(s, f, row) > 0


@shell_kernel
def _op_place_top(s, f, pc, row, p, choice):
    if row[FL] & E.F_IT:
        if _it_in_hand(s, f):
            Z.put_on_draw_pile(s, p, s["fr_it"][f])
        return _advance(s, f, pc + 1)
    c = _pick(s, f, row, p, choice, DEC_CARD, 1, False)
    if c == -1:
        return WAIT
    if c >= 0:
        Z.put_on_draw_pile(s, p, c)
    return _advance(s, f, pc + 1)


@shell_kernel
def _op_give_ok(s, f, row, p, as_cost):
    return count_eligible(s, f, row) > 0


@shell_kernel
def _op_give(s, f, pc, row, p, choice):
    c = _pick(s, f, row, s["fr_owner"][f], choice, DEC_CARD, 1, False)
    if c == -1:
        return WAIT
    s["fr_it"][f] = c if c >= 0 else -1  # "any player you give a #mask ..." (Mayan Traders)
    if c >= 0:
        Z.put(s, c, Z_HAND, p)
    return _advance(s, f, pc + 1)


@shell_kernel
def _op_find_ok(s, f, row, p, as_cost):
    c = row[C_CARD]
    if c < 0:
        return count_eligible(s, f, row) > 0
    z = s["zone"][c]
    if s["owner"][c] != p:
        return False
    if z == Z_NATION_DECK:
        return findable_in_nation_deck(s, c)
    return z == Z_HAND or z == Z_DISCARD or z == Z_DRAW or (z == Z_PLAY and row[C_SRC] == E.SRC_PLAY)


@shell_kernel
def _op_find(s, f, pc, row, p, choice):
    nxt = pc + 1
    if row[C_CARD] >= 0:
        return _find(s, f, nxt, row[C_CARD], p, row[C_SRC] == E.SRC_PLAY)
    c = _pick(s, f, row, p, choice, DEC_CARD, 1, False)
    if c == -1:
        return WAIT
    if c >= 0:
        return _find(s, f, nxt, c, p, row[C_SRC] == E.SRC_PLAY)
    return _advance(s, f, nxt)


@shell_kernel
def _op_free_play_ok(s, f, row, p, as_cost):
    return count_eligible(s, f, row) > 0


@shell_kernel
def _op_free_play(s, f, pc, row, p, choice):
    nxt = pc + 1
    if s["op_stage"] >= LOOK_ORDER:  # D18: the next looked-at main-deck card back, from the top
        k = s["op_stage"] - LOOK_ORDER
        j = s["main_size"] - 1
        while s["main_deck"][j] != choice:
            j -= 1
        s["main_deck"][j] = s["main_deck"][s["main_size"] - 1 - k]
        s["main_deck"][s["main_size"] - 1 - k] = choice
        s["op_stage"] += 1
        if main_looked_left(s, row) >= 2:
            return _wait(s, DEC_CARD, p)
        c = s["op_sel"]
        s["op_sel"] = -1
        return _free_play(s, f, nxt, p, c, row[FL])
    c = _pick(s, f, row, p, choice, DEC_CARD, 1, False)
    if c == -1:
        return WAIT
    if row[C_SRC] == E.SRC_MAIN and not Z.is_automa(s, p):
        s["op_sel"] = c if c >= 0 else -1
        s["op_stage"] = LOOK_ORDER  # I12 Look: the rest go back in any order, the top one first
        if main_looked_left(s, row) >= 2:
            return _wait(s, DEC_CARD, p)
        s["op_sel"] = -1
    return _free_play(s, f, nxt, p, c, row[FL])


@shell_kernel
def _op_garrison_ok(s, f, row, p, as_cost):
    if not _any_host(s, f, row, p):
        return False
    if row[C_SRC] == E.SRC_UNREST:
        return s["unrest_size"] > 0
    if row[FL] & E.F_THIS:
        return E.CANNOT_GARRISON[Z.rec(s, s["fr_card"][f])] == 0
    if row[FL] & E.F_IT:
        it = s["fr_it"][f]
        return it >= 0 and _in_zone_of(s, it, Z_HAND, p) and E.CANNOT_GARRISON[Z.rec(s, it)] == 0
    return count_eligible(s, f, row) > 0


@shell_kernel
def _op_garrison(s, f, pc, row, p, choice):
    return _garrison(s, f, pc, row, p, choice)


@shell_kernel
def _op_acquire_ok(s, f, row, p, as_cost):
    return any_market_ok(s, f, row) or count_eligible(s, f, row) > 0


@shell_kernel
def _op_acquire(s, f, pc, row, p, choice):
    return _gain_card(s, f, pc, row, p, choice)


@shell_kernel
def _op_break_through_ok(s, f, row, p, as_cost):
    if row[FL] & E.F_FROM_EXILE:
        return count_eligible(s, f, row) > 0
    return True  # route (c) always gains something (I12 Break through)


@shell_kernel
def _op_break_through(s, f, pc, row, p, choice):
    return _gain_card(s, f, pc, row, p, choice)


@shell_kernel
def _op_develop_ok(s, f, row, p, as_cost):
    return count_eligible(s, f, row) > 0


@shell_kernel
def _op_develop(s, f, pc, row, p, choice):
    return _develop(s, f, pc + 1, row, p, choice)


@shell_kernel
def _op_swap_exiled_ok(s, f, row, p, as_cost):
    return swap_possible(s, f, row)


@shell_kernel
def _op_swap_exiled(s, f, pc, row, p, choice):
    if s["op_stage"] == 0:
        s["op_stage"] = 1
    if s["op_stage"] == 1:
        if choice < 0:
            if not swap_possible(s, f, row):
                return _advance(s, f, pc + 1)
            return _wait(s, DEC_CARD, p)
        s["op_sel"] = choice
        s["op_stage"] = 2
        return _wait(s, DEC_MARKET, p)
    Z.swap_into_market(s, choice, s["op_sel"])
    return _advance(s, f, pc + 1)


@shell_kernel
def _op_swap_market_ok(s, f, row, p, as_cost):
    for c in Z.table(s):
        if _in_zone_of(s, c, Z_HAND, p) and _filter(s, c, row) and swap_slot_for(s, c) >= 0:
            return True
    return False


@shell_kernel
def _op_swap_market(s, f, pc, row, p, choice):
    return _swap_from_hand(s, f, pc, row, p, choice, True)


@shell_kernel
def _op_swap_nation_ok(s, f, row, p, as_cost):
    return count_eligible(s, f, row) > 0


@shell_kernel
def _op_swap_nation(s, f, pc, row, p, choice):
    return _swap_from_hand(s, f, pc, row, p, choice, False)


@shell_kernel
def _swap_from_hand(s, f, pc, row, p, choice, market):
    """A card from hand, then what it changes places with: a market card or one of the nation deck."""
    if s["op_stage"] == 0:
        if count_eligible(s, f, row) == 0:
            return _advance(s, f, pc + 1)
        s["op_stage"] = 1
        return _wait(s, DEC_CARD, p)
    if s["op_stage"] == 1:
        s["op_sel"] = choice
        s["op_stage"] = 2
        return _wait(s, DEC_MARKET if market else DEC_CARD, p)
    if market:
        Z.swap_hand_into_market(s, choice, s["op_sel"], p)
    else:
        Z.swap_with_nation(s, p, s["op_sel"], choice)
    s["op_sel"] = -1
    return _advance(s, f, pc + 1)


@shell_kernel
def _op_main_bottom_ok(s, f, row, p, as_cost):
    return count_eligible(s, f, row) > 0


@shell_kernel
def _op_main_bottom(s, f, pc, row, p, choice):
    c = _pick(s, f, row, p, choice, DEC_CARD, 1, False)
    if c == -1:
        return WAIT
    if c >= 0:
        Z.put_main_bottom(s, c)
    return _advance(s, f, pc + 1)


@shell_kernel
def _op_discard_hand_ok(s, f, row, p, as_cost):
    return True


@shell_kernel
def _op_discard_hand(s, f, pc, row, p, choice):
    for c in Z.table(s):
        if _in_zone_of(s, c, Z_HAND, p):
            Z.put(s, c, Z_DISCARD, p)
    return _advance(s, f, pc + 1)


@shell_kernel
def _op_exile_hand_ok(s, f, row, p, as_cost):
    return True


@shell_kernel
def _op_exile_hand(s, f, pc, row, p, choice):
    """All but unrest and SUMM cards (Summoned); ``did`` counts them."""
    s["fr_did"][f] = 0
    for c in Z.table(s):
        if _in_zone_of(s, c, Z_HAND, p) and not _is_unrest(s, c) and (K.STATES[Z.rec(s, c)] & SUMMONED_BIT) == 0:
            Z.put(s, c, Z_EXILE, -1)
            _gadget_gone(s, c, p)
            s["fr_did"][f] += 1
    return _advance(s, f, pc + 1)


# ---------------------------------------------------------------- unrest and fame (I12 Take, Look, Return)
@shell_kernel
def _op_take_ok(s, f, row, p, as_cost):
    if row[C_SRC] == E.SRC_CHAOS:
        return Z.top_chaos(s) >= 0
    if (row[FL] & E.F_FAME) == 0:
        return s["unrest_size"] > 0
    if Z.is_automa(s, p):
        return s["fame_size"] > 0 and s["kok_used"][p] == 0  # King of Kings pays it instead (I14.7)
    return _fame_to_take(s, p)


@shell_kernel
def _op_take(s, f, pc, row, p, choice):
    nxt = pc + 1
    if row[FL] & E.F_FAME:
        return _take_fame(s, f, nxt, p, -1)
    if row[C_SRC] == E.SRC_CHAOS:  # into the discard pile (I16 Cultists)
        c = Z.top_chaos(s)
        if c >= 0:
            Z.put(s, c, Z_DISCARD, p)
        return _advance(s, f, nxt)
    c = take_unrest(s, p)
    s["fr_it"][f] = c
    if c >= 0 and row[C_SRC] == E.SRC_DISCARD:  # ``to:discard`` (the Mayan automa's Patolli row)
        Z.put(s, c, Z_DISCARD, p)
    return _advance(s, f, nxt)


@shell_kernel
def _fame_to_take(s, p):
    """A fame card p could take: one above King of Kings, or King of Kings itself while unused."""
    return s["fame_size"] > 1 or (s["fame_size"] == 1 and s["kok_used"][p] == 0)


@shell_kernel
def _op_look_fame_ok(s, f, row, p, as_cost):
    return _fame_to_take(s, p)


@shell_kernel
def _op_look_fame(s, f, pc, row, p, choice):
    nxt = pc + 1
    if s["op_stage"] == LOOK_ORDER:  # D18: which of the looked-at cards left goes back on top
        if choice < 0:
            return _wait(s, DEC_CARD, p)
        Z.to_top(s["fame_pile"], s["fame_size"], choice)
        return _advance(s, f, nxt)
    looked = min(row[C_N], Z.fame_cards_above_king(s))
    if looked == 0:
        return _take_fame(s, f, nxt, p, -1)
    c = _pick(s, f, row, p, choice, DEC_CARD, 1, False)
    if c == -1:
        return WAIT
    done = _take_fame(s, f, nxt, p, c)
    if looked - 1 < 2 or Z.is_automa(s, p):  # one card back, or none: no order to choose
        return done
    s["fr_pc"][f] = pc  # I12 Look: the rest go back in any order, the top one chosen
    s["op_stage"] = LOOK_ORDER
    return _wait(s, DEC_CARD, p)


@shell_kernel
def _op_fame_bottom_ok(s, f, row, p, as_cost):
    return Z.fame_cards_above_king(s) >= 2


@shell_kernel
def _op_fame_bottom(s, f, pc, row, p, choice):
    """Just above King of Kings, which stays at the bottom (I11.1)."""
    n = s["fame_size"]
    if Z.fame_cards_above_king(s) >= 2:
        bottom = 1 if s["fame_pile"][0] == K.KING_OF_KINGS else 0
        top = s["fame_pile"][n - 1]
        s["fame_pile"][bottom + 1:n] = s["fame_pile"][bottom:n - 1].copy()
        s["fame_pile"][bottom] = top
    return _advance(s, f, pc + 1)


@shell_kernel
def _op_return_ok(s, f, row, p, as_cost):
    return True


@shell_kernel
def _op_return(s, f, pc, row, p, choice):
    this = s["fr_card"][f]
    if s["zone"][this] == Z_PLAY or s["zone"][this] == Z_HAND:
        Z.return_unrest(s, this)
        AU.automa_returned_unrest(s, p)
        queue_event(s, EV_RETURN_UNREST, this, p)
    return _advance(s, f, pc + 1)


@shell_kernel
def _op_chaos_instead_ok(s, f, row, p, as_cost):
    """The unrest just taken is still in its taker's hand."""
    it = s["fr_it"][f]
    return (it >= 0 and s["zone"][it] == Z_HAND and s["owner"][it] != p and _is_unrest(s, it)
            and not Z.is_chaos(s, it) and Z.top_chaos(s) >= 0)


@shell_kernel
def _op_chaos_instead(s, f, pc, row, p, choice):
    it = s["fr_it"][f]
    _advance(s, f, pc + 1)
    if _op_chaos_instead_ok(s, f, row, p, False):
        taker = s["owner"][it]
        Z.push_unrest(s, it)
        Z.put(s, Z.top_chaos(s), Z_DISCARD, taker)
    return NEXT


# ---------------------------------------------------------------- the nation deck
@shell_kernel
def _op_look_nation_ok(s, f, row, p, as_cost):
    return s["nation_size"][p] > 1  # the accession card is ignored unless alone (I12 Look)


@shell_kernel
def _op_look_nation(s, f, pc, row, p, choice):
    if s["nation_size"][p] > 1:
        s["fr_it"][f] = s["nation_deck"][p, s["nation_size"][p] - 1]
    return _advance(s, f, pc + 1)


@shell_kernel
def _op_nation_bottom_ok(s, f, row, p, as_cost):
    return s["nation_size"][p] > 2 and s["fr_it"][f] == s["nation_deck"][p, s["nation_size"][p] - 1]


@shell_kernel
def _op_nation_bottom(s, f, pc, row, p, choice):
    n = s["nation_size"][p]
    if n > 2 and s["fr_it"][f] == s["nation_deck"][p, n - 1]:
        top = s["nation_deck"][p, n - 1]
        s["nation_deck"][p, 2:n] = s["nation_deck"][p, 1:n - 1].copy()
        s["nation_deck"][p, 1] = top  # just above the accession card (I12 Accession)
    return _advance(s, f, pc + 1)


@shell_kernel
def _op_shuffle_nation_ok(s, f, row, p, as_cost):
    return s["nation_size"][p] > 2  # two cards above the accession card


@shell_kernel
def _op_shuffle_nation(s, f, pc, row, p, choice):
    if s["nation_size"][p] > 2:
        rng.shuffle(s, s["nation_deck"][p, 1:], s["nation_size"][p] - 1)
    return _advance(s, f, pc + 1)


@shell_kernel
def _op_order_nation_ok(s, f, row, p, as_cost):
    return s["nation_size"][p] > 2


@shell_kernel
def _op_order_nation(s, f, pc, row, p, choice):
    if s["nation_size"][p] <= 2 or Z.is_automa(s, p):  # one card above the accession card: no order
        return _advance(s, f, pc + 1)
    if choice < 0:
        return _wait(s, DEC_CARD, p)
    Z.to_top(s["nation_deck"][p], s["nation_size"][p], choice)
    return _advance(s, f, pc + 1)


@shell_kernel
def _op_discard_nation_ok(s, f, row, p, as_cost):
    return s["nation_size"][p] > 0


@shell_kernel
def _op_discard_nation(s, f, pc, row, p, choice):
    if s["nation_size"][p] > 0:
        size = s["nation_size"][p]
        c = Z.gain_nation_top(s, p)
        if size == 1 and s["variants"] & VARIANT_QUICK:  # the accession card went (I15.5)
            queue_event(s, EV_ACCESSION, c, p)
    return _advance(s, f, pc + 1)


# ---------------------------------------------------------------- trade (I13)
@shell_kernel
def _op_trade_ok(s, f, row, p, as_cost):
    if Z.is_automa(s, p):  # a trade route to add to, or 1 prg to turn into 1 gds (I14.5 Trade)
        return automa_trade_route(s, p) >= 0 or s["pool"][p, PRG] > 0
    return can_trade(s, p)


@shell_kernel
def _op_trade(s, f, pc, row, p, choice):
    if Z.is_automa(s, p):
        return _automa_trade(s, f, pc + 1, p)
    this = s["fr_card"][f]
    _advance(s, f, pc + 1)
    if this >= 0:
        queue_event(s, EV_TRADE, this, p)  # answered once the trade is done (Controlling the Trade)
    push(s, -1, -1, E.SYSTEM_TRADE, FRAME_SYSTEM, p)
    return NEXT


@shell_kernel
def _op_trade_route_ok(s, f, row, p, as_cost):
    if (row[FL] & E.F_OTHER) == 0 and s["pool"][p, GDS] == 0:
        return False
    return count_eligible(s, f, row) > 0


@shell_kernel
def _op_trade_route(s, f, pc, row, p, choice):
    return _route_commerce(s, f, pc, row, p, choice, True)


@shell_kernel
def _op_commerce_ok(s, f, row, p, as_cost):
    return count_eligible(s, f, row) > 0


@shell_kernel
def _op_commerce(s, f, pc, row, p, choice):
    return _route_commerce(s, f, pc, row, p, choice, False)


@shell_kernel
def _route_commerce(s, f, pc, row, p, choice, add_good):
    """A trade route chosen (``trade_route``: a good onto it first) runs its Commerce effect,
    resolved by p (I13.5)."""
    c = _pick(s, f, row, p, choice, DEC_CARD, 1, False)
    if c == -1:
        return WAIT
    _advance(s, f, pc + 1)
    if c >= 0:
        if add_good:
            if (row[FL] & E.F_OTHER) == 0:
                s["pool"][p, GDS] -= 1
            s["card_res"][c, GDS] += 1
        r = Z.rec(s, c)
        push(s, c, r, ENTRY[r, E.TRIG_COMMERCE], FRAME_ABILITY, p)
    return NEXT


# ---------------------------------------------------------------- this turn's effects and the card itself
@shell_kernel
def _op_nothing_ok(s, f, row, p, as_cost):
    return True


@shell_kernel
def _op_nothing(s, f, pc, row, p, choice):
    return _advance(s, f, pc + 1)


@shell_kernel
def _op_require_ok(s, f, row, p, as_cost):
    return condition(s, f, row, p)


@shell_kernel
def _op_require(s, f, pc, row, p, choice):
    return _advance(s, f, pc + 1)


@shell_kernel
def _op_avoid_ok(s, f, row, p, as_cost):
    return True


@shell_kernel
def _op_avoid(s, f, pc, row, p, choice):
    s["avoid"][p] = 1
    return _advance(s, f, pc + 1)


@shell_kernel
def _op_ignore_state_turn_ok(s, f, row, p, as_cost):
    return s["ignore_state_turn"][p] == 0


@shell_kernel
def _op_ignore_state_turn(s, f, pc, row, p, choice):
    s["ignore_state_turn"][p] = 1
    return _advance(s, f, pc + 1)


@shell_kernel
def _op_treat_ok(s, f, row, p, as_cost):
    return Z.count_in_play(s, p, 0, row[C_TYPES]) > 0


@shell_kernel
def _op_treat(s, f, pc, row, p, choice):
    """One icon of the filter (``all``: each) counts as N #production instead."""
    for t in range(K.N_TYPES):
        if (row[C_TYPES] >> t) & 1:
            k = Z.count_in_play(s, p, 0, 1 << t)
            if k > 0:
                k = k if row[C_PER] == 1 else 1
                s["treated_icons"][p, t] += k
                s["treated_production"][p] += row[C_N] * k
                break
    return _advance(s, f, pc + 1)


@shell_kernel
def _op_play_unrest_turn_ok(s, f, row, p, as_cost):
    return s["play_unrest_turn"][p] == 0


@shell_kernel
def _op_play_unrest_turn(s, f, pc, row, p, choice):
    s["play_unrest_turn"][p] = 1
    return _advance(s, f, pc + 1)


@shell_kernel
def _op_fertile_as_production_ok(s, f, row, p, as_cost):
    return s["fertile_as_production"][p] == 0


@shell_kernel
def _op_fertile_as_production(s, f, pc, row, p, choice):
    s["fertile_as_production"][p] = 1
    return _advance(s, f, pc + 1)


@shell_kernel
def _op_ignore_emp_next_ok(s, f, row, p, as_cost):
    return True


@shell_kernel
def _op_ignore_emp_next(s, f, pc, row, p, choice):
    s["ignore_emp_next"][p] = 1
    return _advance(s, f, pc + 1)


@shell_kernel
def _op_flip_state_ok(s, f, row, p, as_cost):
    return True


@shell_kernel
def _op_flip_state(s, f, pc, row, p, choice):
    Z.flip_state(s, p)
    return _advance(s, f, pc + 1)


@shell_kernel
def _op_state_ok(s, f, row, p, as_cost):
    return True


@shell_kernel
def _op_state(s, f, pc, row, p, choice):
    Z.show_state(s, p, row[E.C_STATES])
    return _advance(s, f, pc + 1)


@shell_kernel
def _op_flip_ok(s, f, row, p, as_cost):
    return True


@shell_kernel
def _op_flip(s, f, pc, row, p, choice):
    this = s["fr_card"][f]
    _advance(s, f, pc + 1)
    if K.OTHER_FACE[this] >= 0:
        s["face"][this] = 1 - s["face"][this]  # an exhaust token on it stays (I13.2)
        if E.IS_CEREMONY[this]:
            _ceremony_enters(s, this, s["fr_owner"][f])
    return NEXT


@shell_kernel
def _op_ceremony_next_ok(s, f, row, p, as_cost):
    return _in_zone_of(s, PREPARE_THE_CEREMONY, Z_PLAY, p) and s["zone"][CEREMONIAL_GATHERING] == Z_SET_ASIDE


@shell_kernel
def _op_ceremony_next(s, f, pc, row, p, choice):
    """Prepare the Ceremony gives way to Ceremonial Gathering (I16)."""
    _advance(s, f, pc + 1)
    if _op_ceremony_next_ok(s, f, row, p, False):
        Z.put(s, PREPARE_THE_CEREMONY, Z_SET_ASIDE, p)  # its garrisoned cards: to the discard pile
        s["face"][CEREMONIAL_GATHERING] = 0
        Z.put(s, CEREMONIAL_GATHERING, Z_PLAY, p)
        _ceremony_enters(s, CEREMONIAL_GATHERING, p)
    return NEXT


@shell_kernel
def _op_trigger_host_ok(s, f, row, p, as_cost):
    return s["fr_host"][f] >= 0


@shell_kernel
def _op_trigger_host(s, f, pc, row, p, choice):
    h = s["fr_host"][f]
    _advance(s, f, pc + 1)
    if h >= 0 and HAS_PROGRAM[Z.rec(s, h), E.TRIG_PLAY] and ENTRY[Z.rec(s, h), E.TRIG_PLAY] > 0:
        push(s, h, Z.rec(s, h), ENTRY[Z.rec(s, h), E.TRIG_PLAY], FRAME_ABILITY, s["fr_owner"][f])
    return NEXT


@shell_kernel
def _op_reveal_ok(s, f, row, p, as_cost):
    return s["main_size"] > 0


@shell_kernel
def _op_reveal(s, f, pc, row, p, choice):
    """Held in hand until the next steps place it (Patolli)."""
    s["fr_it"][f] = Z.break_through_main_deck(s, p, -1, True) if s["main_size"] > 0 else -1
    return _advance(s, f, pc + 1)


@shell_kernel
def _op_end_game_ok(s, f, row, p, as_cost):
    return True


@shell_kernel
def _op_end_game(s, f, pc, row, p, choice):
    Z.trigger_game_end(s)
    return _advance(s, f, pc + 1)


# ---------------------------------------------------------------- the automa's rows (I14.4, I14.5)
@shell_kernel
def _op_put_in_play_ok(s, f, row, p, as_cost):
    this = s["fr_card"][f]
    return this >= 0 and s["zone"][this] != Z_PLAY


@shell_kernel
def _op_put_in_play(s, f, pc, row, p, choice):
    """I14.4 Play: it stays in play, its text ignored."""
    this = s["fr_card"][f]
    if this >= 0 and s["zone"][this] != Z_PLAY:
        Z.put(s, this, Z_PLAY, p)
        s["plays"] += 1
        s["played_order"][this] = s["plays"]
    return _advance(s, f, pc + 1)


@shell_kernel
def _op_trigger_ok(s, f, row, p, as_cost):
    this = s["fr_card"][f]
    return this >= 0 and E.AUTOMA_COMMERCE[Z.rec(s, this)] > 0


@shell_kernel
def _op_trigger(s, f, pc, row, p, choice):
    """I14.4 Trigger: the automa Commerce line, the card staying in play."""
    this = s["fr_card"][f]
    _advance(s, f, pc + 1)
    if _op_trigger_ok(s, f, row, p, False):
        r = Z.rec(s, this)
        push(s, this, r, E.AUTOMA_COMMERCE[r], FRAME_ABILITY, p)
    return NEXT


@shell_kernel
def _op_resolve_ok(s, f, row, p, as_cost):
    """An empty deck or dynasty pile: 2 prg instead (I14.4)."""
    return (row[C_SRC] != E.SRC_MAIN and (row[FL] & E.F_IT) == 0) or resolvable(s, f, row, p) >= 0


@shell_kernel
def _op_resolve(s, f, pc, row, p, choice):
    c = resolvable(s, f, row, p)
    _advance(s, f, pc + 1)
    if c < 0:
        if row[C_SRC] == E.SRC_DECK or row[C_SRC] == E.SRC_DYNASTY:
            s["pool"][p, PRG] += AU.EMPTY_RESOLVE_PRG  # no reshuffle outside cleanup (I14.4)
        return NEXT
    if row[C_SRC] == E.SRC_MAIN:
        Z.put(s, c, Z_HAND, p)
        Z.note_main_deck(s)
    resolve_for_automa(s, c)
    return NEXT


@shell_kernel
def _op_discard_top_ok(s, f, row, p, as_cost):
    """The part fails on an empty pile (I14.5)."""
    return (s["nation_size"][p] if row[C_SRC] == E.SRC_DYNASTY else s["draw_size"][p]) > 0


@shell_kernel
def _op_discard_top(s, f, pc, row, p, choice):
    for _ in range(row[C_N]):
        if row[C_SRC] == E.SRC_DYNASTY and s["nation_size"][p] > 0:
            AU.automa_discard(s, s["nation_deck"][p, s["nation_size"][p] - 1])
            AU.dynasty_check(s)
        elif row[C_SRC] != E.SRC_DYNASTY and s["draw_size"][p] > 0:
            AU.automa_discard(s, s["draw_pile"][p, s["draw_size"][p] - 1])
    return _advance(s, f, pc + 1)


@shell_kernel
def _op_profits_ok(s, f, row, p, as_cost):
    return next_full_route(s, p) >= 0


@shell_kernel
def _op_profits(s, f, pc, row, p, choice):
    """I14.5: one full route at a time, most recently played first."""
    c = next_full_route(s, p)
    if c < 0:
        return _advance(s, f, pc + 1)
    s["pool"][p, GDS] += s["card_res"][c, GDS]
    s["card_res"][c, GDS] = 0
    to_history(s, c, p)
    r = Z.rec(s, c)
    push(s, c, r, E.AUTOMA_PROFIT[r], FRAME_ABILITY, p)  # this step runs again after it
    return NEXT


# ---------------------------------------------------------------- the switches: one case per opcode
@kernel
def step_ok(s, f, row, p, as_cost):
    """Can this step do something now (for a cost: can it be paid in full)?"""
    op = row[OP]
    if op == E.OP_GAIN:
        return _op_gain_ok(s, f, row, p, as_cost)
    if op == E.OP_GAIN_ACTION:
        return _op_gain_action_ok(s, f, row, p, as_cost)
    if op == E.OP_SPEND_ACTION:
        return _op_spend_action_ok(s, f, row, p, as_cost)
    if op == E.OP_RETURN_XTOKEN:
        return _op_return_xtoken_ok(s, f, row, p, as_cost)
    if op == E.OP_PAY:
        return _op_pay_ok(s, f, row, p, as_cost)
    if op == E.OP_MOVE:
        return _op_move_ok(s, f, row, p, as_cost)
    if op == E.OP_ADD:
        return _op_add_ok(s, f, row, p, as_cost)
    if op == E.OP_STEAL:
        return _op_steal_ok(s, f, row, p, as_cost)
    if op == E.OP_DRAW:
        return _op_draw_ok(s, f, row, p, as_cost)
    if op == E.OP_DISCARD:
        return _op_discard_ok(s, f, row, p, as_cost)
    if op == E.OP_ACQUIRE:
        return _op_acquire_ok(s, f, row, p, as_cost)
    if op == E.OP_BREAK_THROUGH:
        return _op_break_through_ok(s, f, row, p, as_cost)
    if op == E.OP_EXILE:
        return _op_exile_ok(s, f, row, p, as_cost)
    if op == E.OP_HISTORY:
        return _op_history_ok(s, f, row, p, as_cost)
    if op == E.OP_GARRISON:
        return _op_garrison_ok(s, f, row, p, as_cost)
    if op == E.OP_ABANDON:
        return _op_abandon_ok(s, f, row, p, as_cost)
    if op == E.OP_RECALL:
        return _op_recall_ok(s, f, row, p, as_cost)
    if op == E.OP_TAKE:
        return _op_take_ok(s, f, row, p, as_cost)
    if op == E.OP_LOOK_FAME:
        return _op_look_fame_ok(s, f, row, p, as_cost)
    if op == E.OP_RETURN_UNREST:
        return _op_return_unrest_ok(s, f, row, p, as_cost)
    if op == E.OP_RETURN:
        return _op_return_ok(s, f, row, p, as_cost)
    if op == E.OP_FREE_PLAY:
        return _op_free_play_ok(s, f, row, p, as_cost)
    if op == E.OP_PLACE_TOP:
        return _op_place_top_ok(s, f, row, p, as_cost)
    if op == E.OP_FIND:
        return _op_find_ok(s, f, row, p, as_cost)
    if op == E.OP_DEVELOP:
        return _op_develop_ok(s, f, row, p, as_cost)
    if op == E.OP_FLIP_STATE:
        return _op_flip_state_ok(s, f, row, p, as_cost)
    if op == E.OP_TRIGGER_HOST:
        return _op_trigger_host_ok(s, f, row, p, as_cost)
    if op == E.OP_GIVE:
        return _op_give_ok(s, f, row, p, as_cost)
    if op == E.OP_NOTHING:
        return _op_nothing_ok(s, f, row, p, as_cost)
    if op == E.OP_REQUIRE:
        return _op_require_ok(s, f, row, p, as_cost)
    if op == E.OP_SWAP_EXILED:
        return _op_swap_exiled_ok(s, f, row, p, as_cost)
    if op == E.OP_AVOID:
        return _op_avoid_ok(s, f, row, p, as_cost)
    if op == E.OP_IGNORE_STATE_TURN:
        return _op_ignore_state_turn_ok(s, f, row, p, as_cost)
    if op == E.OP_TREAT:
        return _op_treat_ok(s, f, row, p, as_cost)
    if op == E.OP_PLAY_UNREST_TURN:
        return _op_play_unrest_turn_ok(s, f, row, p, as_cost)
    if op == E.OP_LOOK_NATION:
        return _op_look_nation_ok(s, f, row, p, as_cost)
    if op == E.OP_NATION_BOTTOM:
        return _op_nation_bottom_ok(s, f, row, p, as_cost)
    if op == E.OP_FERTILE_AS_PRODUCTION:
        return _op_fertile_as_production_ok(s, f, row, p, as_cost)
    if op == E.OP_REVEAL:
        return _op_reveal_ok(s, f, row, p, as_cost)
    if op == E.OP_GAIN_XTOKEN:
        return _op_gain_xtoken_ok(s, f, row, p, as_cost)
    if op == E.OP_TRADE:
        return _op_trade_ok(s, f, row, p, as_cost)
    if op == E.OP_TRADE_ROUTE:
        return _op_trade_route_ok(s, f, row, p, as_cost)
    if op == E.OP_COMMERCE:
        return _op_commerce_ok(s, f, row, p, as_cost)
    if op == E.OP_FLIP:
        return _op_flip_ok(s, f, row, p, as_cost)
    if op == E.OP_SHUFFLE_NATION:
        return _op_shuffle_nation_ok(s, f, row, p, as_cost)
    if op == E.OP_FAME_BOTTOM:
        return _op_fame_bottom_ok(s, f, row, p, as_cost)
    if op == E.OP_REMOVE:
        return _op_remove_ok(s, f, row, p, as_cost)
    if op == E.OP_LOSE:
        return _op_lose_ok(s, f, row, p, as_cost)
    if op == E.OP_CONVERT:
        return _op_convert_ok(s, f, row, p, as_cost)
    if op == E.OP_SWAP_MARKET:
        return _op_swap_market_ok(s, f, row, p, as_cost)
    if op == E.OP_SWAP_NATION:
        return _op_swap_nation_ok(s, f, row, p, as_cost)
    if op == E.OP_MAIN_BOTTOM:
        return _op_main_bottom_ok(s, f, row, p, as_cost)
    if op == E.OP_DISCARD_NATION:
        return _op_discard_nation_ok(s, f, row, p, as_cost)
    if op == E.OP_LEGENDS:
        return _op_legends_ok(s, f, row, p, as_cost)
    if op == E.OP_DISCARD_HAND:
        return _op_discard_hand_ok(s, f, row, p, as_cost)
    if op == E.OP_IGNORE_EMP_NEXT:
        return _op_ignore_emp_next_ok(s, f, row, p, as_cost)
    if op == E.OP_STATE:
        return _op_state_ok(s, f, row, p, as_cost)
    if op == E.OP_CHAOS_INSTEAD:
        return _op_chaos_instead_ok(s, f, row, p, as_cost)
    if op == E.OP_CEREMONY_NEXT:
        return _op_ceremony_next_ok(s, f, row, p, as_cost)
    if op == E.OP_EXILE_HAND:
        return _op_exile_hand_ok(s, f, row, p, as_cost)
    if op == E.OP_END_GAME:
        return _op_end_game_ok(s, f, row, p, as_cost)
    if op == E.OP_PUT_IN_PLAY:
        return _op_put_in_play_ok(s, f, row, p, as_cost)
    if op == E.OP_TRIGGER:
        return _op_trigger_ok(s, f, row, p, as_cost)
    if op == E.OP_RESOLVE:
        return _op_resolve_ok(s, f, row, p, as_cost)
    if op == E.OP_DISCARD_TOP:
        return _op_discard_top_ok(s, f, row, p, as_cost)
    if op == E.OP_PROFITS:
        return _op_profits_ok(s, f, row, p, as_cost)
    if op == E.OP_ORDER_NATION:
        return _op_order_nation_ok(s, f, row, p, as_cost)
    return False


@kernel
def _step(s, f, pc, row, p, choice):
    """Do the step at row pc of frame f for player p: NEXT once done, WAIT for a decision."""
    op = row[OP]
    if op == E.OP_GAIN:
        return _op_gain(s, f, pc, row, p, choice)
    if op == E.OP_GAIN_ACTION:
        return _op_gain_action(s, f, pc, row, p, choice)
    if op == E.OP_SPEND_ACTION:
        return _op_spend_action(s, f, pc, row, p, choice)
    if op == E.OP_RETURN_XTOKEN:
        return _op_return_xtoken(s, f, pc, row, p, choice)
    if op == E.OP_PAY:
        return _op_pay(s, f, pc, row, p, choice)
    if op == E.OP_MOVE:
        return _op_move(s, f, pc, row, p, choice)
    if op == E.OP_ADD:
        return _op_add(s, f, pc, row, p, choice)
    if op == E.OP_STEAL:
        return _op_steal(s, f, pc, row, p, choice)
    if op == E.OP_DRAW:
        return _op_draw(s, f, pc, row, p, choice)
    if op == E.OP_DISCARD:
        return _op_discard(s, f, pc, row, p, choice)
    if op == E.OP_ACQUIRE:
        return _op_acquire(s, f, pc, row, p, choice)
    if op == E.OP_BREAK_THROUGH:
        return _op_break_through(s, f, pc, row, p, choice)
    if op == E.OP_EXILE:
        return _op_exile(s, f, pc, row, p, choice)
    if op == E.OP_HISTORY:
        return _op_history(s, f, pc, row, p, choice)
    if op == E.OP_GARRISON:
        return _op_garrison(s, f, pc, row, p, choice)
    if op == E.OP_ABANDON:
        return _op_abandon(s, f, pc, row, p, choice)
    if op == E.OP_RECALL:
        return _op_recall(s, f, pc, row, p, choice)
    if op == E.OP_TAKE:
        return _op_take(s, f, pc, row, p, choice)
    if op == E.OP_LOOK_FAME:
        return _op_look_fame(s, f, pc, row, p, choice)
    if op == E.OP_RETURN_UNREST:
        return _op_return_unrest(s, f, pc, row, p, choice)
    if op == E.OP_RETURN:
        return _op_return(s, f, pc, row, p, choice)
    if op == E.OP_FREE_PLAY:
        return _op_free_play(s, f, pc, row, p, choice)
    if op == E.OP_PLACE_TOP:
        return _op_place_top(s, f, pc, row, p, choice)
    if op == E.OP_FIND:
        return _op_find(s, f, pc, row, p, choice)
    if op == E.OP_DEVELOP:
        return _op_develop(s, f, pc, row, p, choice)
    if op == E.OP_FLIP_STATE:
        return _op_flip_state(s, f, pc, row, p, choice)
    if op == E.OP_TRIGGER_HOST:
        return _op_trigger_host(s, f, pc, row, p, choice)
    if op == E.OP_GIVE:
        return _op_give(s, f, pc, row, p, choice)
    if op == E.OP_NOTHING:
        return _op_nothing(s, f, pc, row, p, choice)
    if op == E.OP_REQUIRE:
        return _op_require(s, f, pc, row, p, choice)
    if op == E.OP_SWAP_EXILED:
        return _op_swap_exiled(s, f, pc, row, p, choice)
    if op == E.OP_AVOID:
        return _op_avoid(s, f, pc, row, p, choice)
    if op == E.OP_IGNORE_STATE_TURN:
        return _op_ignore_state_turn(s, f, pc, row, p, choice)
    if op == E.OP_TREAT:
        return _op_treat(s, f, pc, row, p, choice)
    if op == E.OP_PLAY_UNREST_TURN:
        return _op_play_unrest_turn(s, f, pc, row, p, choice)
    if op == E.OP_LOOK_NATION:
        return _op_look_nation(s, f, pc, row, p, choice)
    if op == E.OP_NATION_BOTTOM:
        return _op_nation_bottom(s, f, pc, row, p, choice)
    if op == E.OP_FERTILE_AS_PRODUCTION:
        return _op_fertile_as_production(s, f, pc, row, p, choice)
    if op == E.OP_REVEAL:
        return _op_reveal(s, f, pc, row, p, choice)
    if op == E.OP_GAIN_XTOKEN:
        return _op_gain_xtoken(s, f, pc, row, p, choice)
    if op == E.OP_TRADE:
        return _op_trade(s, f, pc, row, p, choice)
    if op == E.OP_TRADE_ROUTE:
        return _op_trade_route(s, f, pc, row, p, choice)
    if op == E.OP_COMMERCE:
        return _op_commerce(s, f, pc, row, p, choice)
    if op == E.OP_FLIP:
        return _op_flip(s, f, pc, row, p, choice)
    if op == E.OP_SHUFFLE_NATION:
        return _op_shuffle_nation(s, f, pc, row, p, choice)
    if op == E.OP_FAME_BOTTOM:
        return _op_fame_bottom(s, f, pc, row, p, choice)
    if op == E.OP_REMOVE:
        return _op_remove(s, f, pc, row, p, choice)
    if op == E.OP_LOSE:
        return _op_lose(s, f, pc, row, p, choice)
    if op == E.OP_CONVERT:
        return _op_convert(s, f, pc, row, p, choice)
    if op == E.OP_SWAP_MARKET:
        return _op_swap_market(s, f, pc, row, p, choice)
    if op == E.OP_SWAP_NATION:
        return _op_swap_nation(s, f, pc, row, p, choice)
    if op == E.OP_MAIN_BOTTOM:
        return _op_main_bottom(s, f, pc, row, p, choice)
    if op == E.OP_DISCARD_NATION:
        return _op_discard_nation(s, f, pc, row, p, choice)
    if op == E.OP_LEGENDS:
        return _op_legends(s, f, pc, row, p, choice)
    if op == E.OP_DISCARD_HAND:
        return _op_discard_hand(s, f, pc, row, p, choice)
    if op == E.OP_IGNORE_EMP_NEXT:
        return _op_ignore_emp_next(s, f, pc, row, p, choice)
    if op == E.OP_STATE:
        return _op_state(s, f, pc, row, p, choice)
    if op == E.OP_CHAOS_INSTEAD:
        return _op_chaos_instead(s, f, pc, row, p, choice)
    if op == E.OP_CEREMONY_NEXT:
        return _op_ceremony_next(s, f, pc, row, p, choice)
    if op == E.OP_EXILE_HAND:
        return _op_exile_hand(s, f, pc, row, p, choice)
    if op == E.OP_END_GAME:
        return _op_end_game(s, f, pc, row, p, choice)
    if op == E.OP_PUT_IN_PLAY:
        return _op_put_in_play(s, f, pc, row, p, choice)
    if op == E.OP_TRIGGER:
        return _op_trigger(s, f, pc, row, p, choice)
    if op == E.OP_RESOLVE:
        return _op_resolve(s, f, pc, row, p, choice)
    if op == E.OP_DISCARD_TOP:
        return _op_discard_top(s, f, pc, row, p, choice)
    if op == E.OP_PROFITS:
        return _op_profits(s, f, pc, row, p, choice)
    if op == E.OP_ORDER_NATION:
        return _op_order_nation(s, f, pc, row, p, choice)
    raise RuntimeError("imperium: unknown opcode")
