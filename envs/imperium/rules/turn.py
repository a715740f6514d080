"""The turn, compiled: turn types (I4), actions and exhaust tokens (I5), cleanup (I7), the
Solstice (I9) and the end of the game (I10). Card text runs on the effect machine; this module
decides what happens when a program finishes (`after`), which is where the phase was.

`legal(s, mask)` fills the legal mask of the flat action space (actions.py); `apply(s, a)`
plays one legal action. Both dispatch on ``phase`` and, inside programs, on ``dec``.
"""

from __future__ import annotations

import numpy as np

from meeplegym.envs.imperium import actions as A
from meeplegym.envs.imperium import catalogue as K
from meeplegym.envs.imperium import data as D
from meeplegym.envs.imperium import effects as E
from meeplegym import rng
from meeplegym.envs.imperium.rules import automa as AU
from meeplegym.envs.imperium.rules import choices, frames, machine, payment, steps
from meeplegym.envs.imperium.rules import scoring
from meeplegym.envs.imperium.rules import zones as Z
from meeplegym.envs.imperium.state import (
    DEC_ALLOT,
    DEC_CHOOSE,
    DEC_DEVELOP,
    DEC_HOST,
    DEC_MANA,
    DEC_MARKET,
    DEC_NONE,
    DEC_PAY,
    DEC_REACT,
    DEC_ROUTE,
    DEC_UPTO,
    DEC_YESNO,
    MARKET_SLOTS,
    N_SMALL_PILES,
    PH_ACTIVATE,
    PH_CLEANUP_DISCARD,
    PH_CLEANUP_MARKET,
    PH_GAME_OVER,
    PH_INNOVATE,
    PH_REVOLT,
    PH_SCORING_RETURN,
    PH_SOLSTICE,
    PH_TURN_TYPE,
    PRG,
    TRAINING_TURNS,
    VARIANT_PRECIOUS_CARDS,
    VARIANT_QUICK,
    VARIANT_TRAINING,
    Z_DEVELOPMENT,
    Z_DISCARD,
    Z_EXILE,
    Z_HAND,
    Z_PLAY,
    Z_STATE_CARD,
    AUTOMA_SLOTS,
)
from meeplegym.jit import kernel, shell_kernel

# Where to go when the machine's stack empties: the phase the program was started from.
AFTER_ACTIVATE = frames.AFTER_ACTIVATE_TURN
AFTER_INNOVATE = 1
AFTER_DRAW_UP = 2
AFTER_SOLSTICE = frames.AFTER_SOLSTICE_EFFECT
AFTER_SETUP = frames.AFTER_SETUP_CHOICE  # decisions of the setup taken before the first turn (the Inuit's quick setup, I15.5)
AFTER_MARKET_TOKEN = 5  # a market card exiled after the cleanup token (Cultists power B, training mode), then I7.2
AFTER_AUTOMA_CARD = 6  # an automa slot card was resolved (I14.3 2): the next one, then its cleanup
FREE_ACTION = int(D.Trigger.FREE_ACTION)
UNREST_BIT = 1 << int(D.Suit.UNREST)
INUIT = int(D.NationCode.INU)
SIKU = K.PHYSICAL[K.record_index("INU3")]  # recalled when the Inuit turn to Summer
MAT = int(D.Resource.MAT)


# ---------------------------------------------------------------- starting and finishing programs
# The turn never calls itself back: `_settle` loops, and each step either waits for a decision
# (returns False) or starts a program (returns True). Numba cannot load cached recursive
# functions (numba issue #6061).
@kernel
def _start(s, card, record, pc, kind, p, after):
    frames.push(s, card, record, pc, kind, p)
    s["after"] = after
    return True


@kernel
def _settle(s):
    """Run programs and the turn on until a decision is pending or the game is over."""
    while True:
        if (s["depth"] > 0 or s["n_events"] > 0) and machine.run(s) == frames.WAIT:
            return
        if s["collapsed"]:
            _game_over(s)
            return
        if not _go_on(s):
            return


@kernel
def _go_on(s):
    """The running programs finished: go on from where they were started."""
    after = s["after"]
    s["dec"] = DEC_NONE
    if after == AFTER_ACTIVATE:
        s["phase"] = PH_ACTIVATE
        s["actor"] = s["current"]
        return False
    if after == AFTER_INNOVATE:
        _cleanup_begin(s)
        return False
    if after == AFTER_DRAW_UP:
        return _end_turn(s)
    if after == AFTER_SETUP:
        _start_turn(s, s["first_player"])
        return False
    if after == AFTER_MARKET_TOKEN:
        _cleanup_reset(s)
        return False
    if after == AFTER_AUTOMA_CARD:
        return _automa_next(s)
    return _solstice_next(s)


# ---------------------------------------------------------------- turn types (I4)
@kernel
def _turn_type(s, k):
    p = s["current"]
    if k == A.ACTIVATE:
        s["phase"] = PH_ACTIVATE
    elif k == A.INNOVATE:  # I4.4: discard the whole hand, then break through
        for c in Z.table(s):
            if s["zone"][c] == Z_HAND and s["owner"][c] == p:
                Z.put(s, c, Z_DISCARD, p)
        s["phase"] = PH_INNOVATE
    else:
        s["phase"] = PH_REVOLT
    s["actor"] = p


@kernel
def plays_free(s, c):
    """I12 Free action: a card with the keyword plays without an action once per turn; King
    Pakal has it while Palenque is in its player's play area (E.FREE_ACTION_IF)."""
    if s["free_played"][c]:
        return False
    r = Z.rec(s, c)
    if (K.TRIGGERS[r] >> FREE_ACTION) & 1:
        return True
    other = E.FREE_ACTION_WITH[r]
    return other >= 0 and s["zone"][other] == Z_PLAY and s["owner"][other] == s["owner"][c]


@kernel
def can_play_from_hand(s, p, c):
    if s["zone"][c] != Z_HAND or s["owner"][c] != p:
        return False
    if s["actions"][p] == 0 and not plays_free(s, c):
        return False
    return steps.can_play(s, p, c, False)


@kernel
def can_exhaust(s, p, c):
    """I5.5: a card of p's in play (power card included) with an exhaust ability, no token on it,
    a token on the state card, and an ability that can resolve with its costs paid."""
    if s["owner"][c] != p or s["zone"][c] != Z_PLAY or s["exhausted"][c] or s["exhaust_tokens"][p] == 0:
        return False
    if E.REACT_EVENTS[Z.rec(s, c)] != 0 and not E.ALSO_FROM_LOOP[Z.rec(s, c)]:
        return False  # a reactive ability is used when its event happens (I5.6)
    return steps.can_use(s, p, c, E.TRIG_EXHAUST)


@shell_kernel
def _activate_card(s, c):
    p = s["current"]
    if s["zone"][c] == Z_HAND:
        free = plays_free(s, c)
        if not free:
            s["actions"][p] -= 1  # I5.1
        frames.play_card(s, p, c, free)
    elif choices.can_profit(s, p, c):  # a full trade route has no exhaust ability (C3)
        frames.profit(s, p, c)
    else:
        s["exhausted"][c] = 1  # I5.5
        s["exhaust_tokens"][p] -= 1
        frames.use_ability(s, p, c, E.TRIG_EXHAUST)
    s["after"] = AFTER_ACTIVATE
    _settle(s)


# ---------------------------------------------------------------- cleanup (I7)
@kernel
def _cleanup_begin(s):
    """The start of cleanup: passives that look at the hand now (Advanced Mathematics), then I7.1."""
    p = s["current"]
    if Z.count_in_zone(s, p, Z_HAND) == 0:
        for c in Z.table(s):
            if s["zone"][c] == Z_PLAY and s["owner"][c] == p:
                s["pool"][p, PRG] += E.CLEANUP_EMPTY_HAND_PRG[Z.rec(s, c)]
    _cleanup_market(s)


@kernel
def _cleanup_market(s):
    """I7.1: 1 prg from the supply onto a market card (a decision unless the market is empty)."""
    for slot in range(MARKET_SLOTS):
        if s["market"][slot] >= 0:
            s["phase"] = PH_CLEANUP_MARKET
            s["actor"] = s["current"]
            return
    _cleanup_reset(s)


@kernel
def _cleanup_reset(s):
    """I7.2: tokens back to the state card; then I7.3 (optional discards)."""
    p = s["current"]
    for c in Z.table(s):
        if s["owner"][c] == p:
            s["exhausted"][c] = 0
            s["free_played"][c] = 0
    s["actions"][p] = D.ACTION_TOKENS
    s["exhaust_tokens"][p] = s["base_exhaust"][p]
    s["deck_token"][p] = 0
    s["ignore_state_turn"][p] = 0
    s["treated_icons"][p] = 0
    s["treated_production"][p] = 0
    s["play_unrest_turn"][p] = 0
    s["fertile_as_production"][p] = 0
    s["returned_unrest_turn"][p] = 0
    s["ignore_emp_next"][p] = 0
    s["phase"] = PH_CLEANUP_DISCARD
    s["actor"] = p


@kernel
def cleanup_discardable(s, p, c):
    return s["zone"][c] == Z_HAND and s["owner"][c] == p and E.CANNOT_CLEANUP_DISCARD[Z.rec(s, c)] == 0


@shell_kernel
def _draw_up(s):
    """I7.4 through the machine: a reshuffle may ask for a develop decision (I8.4)."""
    _start(s, -1, -1, E.SYSTEM_DRAW_UP, frames.FRAME_SYSTEM, s["current"], AFTER_DRAW_UP)
    _settle(s)


@shell_kernel
def _end_turn(s):
    """Returns True when a Solstice effect was started."""
    if s["nation"][s["current"]] == INUIT:
        _change_season(s, s["current"])
    s["turn"] += 1
    nxt = Z.next_player(s, s["current"])
    if nxt == s["first_player"]:
        return _solstice_begin(s)
    if Z.is_automa(s, nxt):
        return automa_turn(s, rng.below(s, 6))
    _start_turn(s, nxt)
    return False


# ---------------------------------------------------------------- the automa's turn (I14.3)
@shell_kernel
def automa_turn(s, roll):
    """I14.3 1: the die (`roll` 0-5 for faces 1-6) covers the card of its slot, or is set aside
    when that slot is not in use at this difficulty; then the uncovered cards resolve from slot
    1 up. Returns True when a card's row was started."""
    s["current"] = s["automa"]
    s["actor"] = s["automa"]
    s["die"] = roll if roll < AU.SLOTS[s["difficulty"]] else -1
    s["automa_next"] = 0
    return _automa_next(s)


@kernel
def _automa_next(s):
    """Reveal and resolve the next uncovered slot card (I14.3 2); when all are done, with Trade
    Routes its Merchant's turn-end line (I14.3 3); then the automa's cleanup (I14.3 4) and the
    Solstice."""
    while s["automa_next"] < AUTOMA_SLOTS:
        k = s["automa_next"]
        s["automa_next"] += 1
        c = s["slot_card"][k]
        if c >= 0 and k != s["die"]:
            steps.resolve_for_automa(s, c)
            s["after"] = AFTER_AUTOMA_CARD
            return True
    m = s["merchant"][s["automa"]]
    if m >= 0 and s["automa_next"] == AUTOMA_SLOTS:  # I14.3 3: the first line of its Merchant's table that can be done
        s["automa_next"] += 1
        frames.push(s, m, Z.rec(s, m), E.AUTOMA_MERCHANT_END[s["face"][m]], frames.FRAME_ABILITY, s["automa"])
        s["after"] = AFTER_AUTOMA_CARD
        return True
    _automa_cleanup(s)
    s["turn"] += 1
    return _solstice_begin(s)


@kernel
def _automa_cleanup(s):
    """I14.3 4: a token on the market card at the die's slot (prg, or the nation's resource;
    none on a 6 at Overlord or with the die set aside); the covered card to slot 1; the other
    slots refilled from the automa deck, the dynasty pile feeding reshuffles; Warlord: the top
    deck card into the discard pile."""
    a = s["automa"]
    d = s["die"]
    if 0 <= d < MARKET_SLOTS and s["market"][d] >= 0:
        res, n = AU.MARKET_TOKEN[s["nation"][a], 0], AU.MARKET_TOKEN[s["nation"][a], 1]
        s["card_res"][s["market"][d], res] += n
    if d >= 0 and s["slot_card"][d] >= 0:
        Z.put_in_slot(s, s["slot_card"][d], 0)
    s["die"] = -1
    slots = AU.SLOTS[s["difficulty"]]
    if s["nation"][a] == INUIT:  # I14.3 4.6: Summer ends with tokens on the last slots, Winter lifts them
        if s["automa_side"] == 1:
            slots = AU.INUIT_WINTER_SLOTS[s["difficulty"]]
        s["automa_side"] = 1 - s["automa_side"]
    refill_slots(s, slots)
    if AU.DISCARD_AFTER_REFILL[s["difficulty"]] and s["draw_size"][a] > 0:
        AU.automa_discard(s, s["draw_pile"][a, s["draw_size"][a] - 1])


@shell_kernel
def refill_slots(s, slots):
    """Deal a card from the automa deck under each empty slot marker of the first `slots`; an
    empty deck takes the top dynasty card into the discard pile and reshuffles, as often as
    needed (I14.3 4.3-4.4)."""
    a = s["automa"]
    for k in range(slots):
        if s["slot_card"][k] >= 0:
            continue
        if s["draw_size"][a] == 0:
            if s["nation_size"][a] > 0:
                AU.automa_discard(s, s["nation_deck"][a, s["nation_size"][a] - 1])
                AU.dynasty_check(s)
            Z.shuffle_discard_into_draw(s, a)
            if s["draw_size"][a] == 0:
                return
        Z.put_in_slot(s, s["draw_pile"][a, s["draw_size"][a] - 1], k)


@kernel
def _change_season(s, p):
    """I16 Inuit: the state card turns over at the end of each of their turns (seed PT l.1810);
    turning to Summer recalls Siku with 1 mat."""
    Z.flip_state(s, p)
    if s["face"][s["state_card"][p]] == 0 and s["zone"][SIKU] == Z_PLAY and s["owner"][SIKU] == p:
        Z.put(s, SIKU, Z_HAND, p)
        s["pool"][p, MAT] += 1


@kernel
def _start_turn(s, p):
    s["current"] = p
    s["actor"] = p
    s["phase"] = PH_TURN_TYPE
    s["dec"] = DEC_NONE


# ---------------------------------------------------------------- the Solstice (I9)
@kernel
def _solstice_trigger(s):
    return E.TRIG_END_OF_SOLSTICE if s["solstice_end"] else E.TRIG_SOLSTICE


@kernel
def solstice_pending(s, p, c):
    """c is one of p's Solstice effects still to resolve this Solstice (I9.1: cards in play, the
    power card, the state card)."""
    if s["owner"][c] != p or s["solstice_done"][c]:
        return False
    z = s["zone"][c]
    if z != Z_PLAY and z != Z_STATE_CARD:
        return False
    r = Z.rec(s, c)
    t = _solstice_trigger(s)
    return frames.HAS_PROGRAM[r, t] and frames.ENTRY[r, t] > 0


@kernel
def _solstice_begin(s):
    s["solstice_player"] = s["first_player"]
    s["solstice_end"] = 0
    s["solstice_done"][:] = 0
    return _solstice_next(s)


@kernel
def _solstice_next(s):
    """Start the next Solstice effect (True), or wait for an order decision / end the round
    (False): player by player in turn order (I9.2), each choosing the order of their own (I9.4,
    D14), End-of-Solstice effects last (I9.5)."""
    while True:
        p = s["solstice_player"]
        n = 0
        last = -1
        for c in Z.table(s):
            if solstice_pending(s, p, c) and not Z.is_automa(s, p):  # I14.2: the automa ignores them
                n += 1
                last = c
        if n == 1:
            return _solstice_effect(s, last)
        if n > 1:
            s["phase"] = PH_SOLSTICE
            s["actor"] = p
            return False
        if not s["solstice_end"]:
            s["solstice_end"] = 1
            s["solstice_done"][:] = 0
            continue
        nxt = Z.next_player(s, p)
        s["solstice_end"] = 0
        s["solstice_done"][:] = 0
        if nxt == s["first_player"]:
            _end_round(s)
            return False
        s["solstice_player"] = nxt


@kernel
def _solstice_effect(s, c):
    p = s["solstice_player"]
    s["solstice_done"][c] = 1
    r = Z.rec(s, c)
    return _start(s, c, r, frames.ENTRY[r, _solstice_trigger(s)], frames.FRAME_ABILITY, p, AFTER_SOLSTICE)


@shell_kernel
def _end_round(s):
    """I9.8 / I10.2: the next round, or scoring once the final round is over."""
    s["round"] += 1
    if s["variants"] & VARIANT_TRAINING and s["round"] > TRAINING_TURNS:
        _game_over(s)  # I15.1: the 12-prg timer is used up
        return
    if s["rounds_left"] > 0:
        s["rounds_left"] -= 1
        if s["rounds_left"] == 0:
            _game_over(s)
            return
    _start_turn(s, s["first_player"])


@kernel
def _game_over(s):
    """The game has ended (I10.2, I10.5): the returns some cards allow before scoring, then the
    end, mid-action after a collapse."""
    s["depth"] = 0
    s["dec"] = DEC_NONE
    if s["collapsed"]:
        scoring.note_collapse(s)
    s["scoring_turn"] = 0
    _next_scoring_return(s)


@kernel
def _next_scoring_return(s):
    """The next seat in turn order that may return unrest before scoring (Miyabi), or the end."""
    n = s["n_players"]
    while s["scoring_turn"] < n:
        p = (s["first_player"] + s["scoring_turn"]) % n
        s["scoring_turn"] += 1
        due = scoring.returns_due(s, p)
        if due > 0:
            s["phase"] = PH_SCORING_RETURN
            s["actor"] = p
            s["returns_left"] = due
            return
    s["returns_left"] = 0
    s["phase"] = PH_GAME_OVER
    s["terminal"] = 1
    if Z.is_automa(s, s["actor"]):  # the game ended in the automa's turn: no seat of an agent
        s["actor"] = s["first_player"]


@shell_kernel
def _scoring_return(s, c):
    """The seat returns unrest card c before scoring (chaos to the chaos pile)."""
    Z.return_unrest(s, c)
    s["returns_left"] -= 1
    if s["returns_left"] == 0 or scoring.returns_due(s, s["actor"]) == 0:
        _next_scoring_return(s)


# ---------------------------------------------------------------- legal actions
@kernel
def legal(s, mask):
    """mask[a] = 1 for each legal action of the pending decision, every other entry 0."""
    mask[:] = False
    ph = s["phase"]
    p = s["actor"]
    if ph == PH_GAME_OVER:
        return
    if ph == PH_TURN_TYPE:
        for k in range(3):
            mask[A.TURN_TYPE + k] = True
    elif ph == PH_ACTIVATE:
        mask[A.END] = True
        for c in Z.table(s):
            if s["owner"][c] == p and (can_play_from_hand(s, p, c) or can_exhaust(s, p, c) or choices.can_profit(s, p, c)):
                mask[A.CARD + c] = True
    elif ph == PH_INNOVATE:
        for k in range(4):
            mask[A.SUIT + k] = True
    elif ph == PH_SCORING_RETURN:
        mask[A.END] = True
        for c in Z.table(s):
            if scoring.returnable(s, p, c):
                mask[A.CARD + c] = True
    elif ph == PH_REVOLT:
        mask[A.END] = True
        for c in Z.table(s):
            if s["zone"][c] == Z_HAND and s["owner"][c] == p and (K.SUITS[Z.rec(s, c)] & UNREST_BIT):
                mask[A.CARD + c] = True
    elif ph == PH_CLEANUP_MARKET:
        for slot in range(MARKET_SLOTS):
            mask[A.MARKET + slot] = s["market"][slot] >= 0
    elif ph == PH_CLEANUP_DISCARD:
        mask[A.END] = True
        for c in Z.table(s):
            if s["owner"][c] == p and cleanup_discardable(s, p, c):
                mask[A.CARD + c] = True
    elif ph == PH_SOLSTICE:
        for c in Z.table(s):
            if s["owner"][c] == p and solstice_pending(s, p, c):
                mask[A.CARD + c] = True
    else:
        _legal_effect(s, mask)


@kernel
def _legal_effect(s, mask):
    dec = s["dec"]
    p = s["actor"]
    if dec == DEC_REACT:  # may come with no program running
        mask[A.END] = True
        for c in Z.table(s):
            if s["zone"][c] == Z_PLAY and machine.can_react(s, c):
                mask[A.CARD + c] = True
        return
    f = s["depth"] - 1
    row = frames.CODE[s["fr_pc"][f]]
    if dec == DEC_YESNO:
        mask[A.OPTION] = True
        mask[A.END] = True
    elif dec == DEC_ALLOT:
        due = machine.unrest_due(s, f) & ~s["allot"]
        for q in range(s["n_players"]):
            mask[A.OPTION + q] = (due >> q) & 1
    elif dec == DEC_CHOOSE:
        for k in range(row[frames.C_N]):
            o = frames.OPTIONS[row[frames.C_RES] + k]
            mask[A.OPTION + k] = steps.block_ok(s, f, o[0], o[1], s["fr_player"][f])
    elif dec == DEC_PAY:
        opts = s["pay_need"].copy()
        n = payment.pay_options(s, p, opts)
        for i in range(n):
            mask[A.RESOURCE + opts[i]] = True
    elif dec == DEC_MARKET or dec == DEC_ROUTE:
        for slot in range(MARKET_SLOTS):
            mask[A.MARKET + slot] = choices.market_ok(s, f, row, slot)
        if dec == DEC_ROUTE:
            for k in range(N_SMALL_PILES + 1):
                mask[A.PILE + k] = choices.pile_ok(s, row, k)
        if row[frames.OP] == E.OP_ACQUIRE or row[frames.OP] == E.OP_BREAK_THROUGH:  # exiled cards
            for c in Z.table(s):
                if s["zone"][c] == Z_EXILE and steps.eligible(s, f, row, c):
                    mask[A.CARD + c] = True
    elif dec == DEC_MANA:
        for c in Z.table(s):
            if choices.mana_ok(s, p, c):
                mask[A.CARD + c] = True
    elif dec == DEC_HOST:
        for h in Z.table(s):
            if choices._host_ok(s, f, row, h, p):
                mask[A.CARD + h] = True
    elif dec == DEC_DEVELOP:
        mask[A.END] = True
        for c in Z.table(s):
            if s["zone"][c] == Z_DEVELOPMENT and s["owner"][c] == p and choices._develop_ok(s, p, c, False):
                mask[A.CARD + c] = True
    else:  # DEC_CARD, DEC_UPTO
        if dec == DEC_UPTO:
            mask[A.END] = True
        owner, zone = choices.pick_screen(s, f, row)
        for c in Z.table(s):
            if not choices.screened_out(s, c, owner, zone) and steps.eligible(s, f, row, c):
                mask[A.CARD + c] = True


# ---------------------------------------------------------------- applying an action
@kernel
def apply(s, a):
    """Play legal action a (the caller checked the mask); then the decisions that fall to the
    automa, if one plays, until a seat's decision is pending again."""
    _apply_one(s, a)
    automa_plays(s)


@shell_kernel
def automa_plays(s):
    """The decisions the automa's rows leave open are taken by its rules (automa.choose_action)
    until a decision of the human's is pending or the game is over."""
    if s["automa"] < 0:
        return
    mask = np.zeros(A.N_ACTIONS, dtype=np.bool_)
    while s["terminal"] == 0 and s["actor"] == s["automa"]:
        legal(s, mask)
        _apply_one(s, AU.choose_action(s, mask))


@kernel
def _apply_one(s, a):
    ph = s["phase"]
    if ph == PH_TURN_TYPE:
        _turn_type(s, a - A.TURN_TYPE)
    elif ph == PH_ACTIVATE:
        if a == A.END:
            _cleanup_begin(s)
        else:
            _activate_card(s, a - A.CARD)
    elif ph == PH_INNOVATE:
        _start(s, -1, -1, E.SYSTEM_INNOVATE[a - A.SUIT], frames.FRAME_SYSTEM, s["current"], AFTER_INNOVATE)
        _settle(s)
    elif ph == PH_REVOLT:
        if a == A.END:
            _cleanup_begin(s)
        else:
            Z.return_unrest(s, a - A.CARD)  # I4.5: free in a Revolt turn (chaos to the chaos pile)
    elif ph == PH_SCORING_RETURN:
        if a == A.END:
            _next_scoring_return(s)
        else:
            _scoring_return(s, a - A.CARD)
    elif ph == PH_CLEANUP_MARKET:
        c = s["market"][a - A.MARKET]
        p = s["current"]  # 1 prg, or the resource the power card names (Guptas: gds, I16)
        power = Z.rec(s, s["power_card"][p])
        s["card_res"][c, E.MARKET_TOKEN_RES[power]] += D.CLEANUP_MARKET_PRG
        # a market card exiled: Cultists power B (I16); the training mode's stand-in for the
        # opponent may exile one (I15.1)
        exile = E.SYSTEM_MARKET_TOKEN_EXILE if E.MARKET_TOKEN_EXILE[power] else 0
        if s["variants"] & VARIANT_TRAINING:
            exile = E.SYSTEM_TRAINING_EXILE_AFTER if exile else E.SYSTEM_TRAINING_EXILE
        if exile:
            _start(s, -1, -1, exile, frames.FRAME_SYSTEM, p, AFTER_MARKET_TOKEN)
            _settle(s)
        else:
            _cleanup_reset(s)
    elif ph == PH_CLEANUP_DISCARD:
        if a == A.END:
            _draw_up(s)
        else:
            Z.put(s, a - A.CARD, Z_DISCARD, s["current"])
    elif ph == PH_SOLSTICE:
        _solstice_effect(s, a - A.CARD)
        _settle(s)
    else:
        if machine.decide(s, _choice(s, a)) == frames.WAIT:
            return
        _settle(s)
    # I15.4 precious cards: no discarding, so no decision (I7.3 skipped). Done here at the top:
    # cleanup is also reached from inside _settle, and calling _draw_up from there would make the
    # kernels recursive, which numba compiles but cannot load from its cache (numba #6061).
    while s["phase"] == PH_CLEANUP_DISCARD and s["variants"] & VARIANT_PRECIOUS_CARDS:
        _draw_up(s)


@kernel
def _choice(s, a):
    """The machine's choice for action a under the pending decision."""
    if a == A.END:
        return frames.CHOICE_END
    dec = s["dec"]
    if dec == DEC_YESNO:
        return 0
    if dec == DEC_CHOOSE or dec == DEC_ALLOT:
        return a - A.OPTION
    if dec == DEC_PAY:
        return a - A.RESOURCE
    if dec == DEC_MARKET or dec == DEC_ROUTE:
        if a < A.PILE:
            return a - A.MARKET
        if a < A.CARD:
            return steps.PICK_PILE + a - A.PILE
        return steps.PICK_CARD + a - A.CARD
    return a - A.CARD


@shell_kernel
def start(s):
    """After setup: the first turn begins (I4.1)."""
    s["rounds_left"] = -1
    s["collapse_chaos"] = -1
    s["reshuffling"] = -1
    s["pay_to"] = -1
    s["op_sel"] = -1
    s["round"] = 1
    _start_turn(s, s["first_player"])
    if s["variants"] & VARIANT_QUICK:
        for p in range(s["n_players"]):
            if s["nation"][p] == INUIT:  # I15.5: their two development cards, chosen before play
                _start(s, -1, -1, E.SYSTEM_QUICK_INUIT, frames.FRAME_SYSTEM, p, AFTER_SETUP)
                _settle(s)

