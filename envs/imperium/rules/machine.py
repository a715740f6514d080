"""The effect machine: runs card programs (`effects.CODE`) over the state, compiled.

A running program is a frame on a stack kept in the state (``fr_*`` fields): the card whose
text runs ("this"), its owner, the affected player inside ``others``/``all``, and the program
counter. `run` walks rows until one needs a decision; it then sets ``phase = PH_EFFECT``,
``dec`` and ``actor`` and returns. `decide` feeds the agent's choice to that row and walks on.
A step's progress between decisions lives in the ``op_*`` fields; programs are only pushed
between steps (a free play, a region's play effect), so one set is enough.

Costs come first (I6.5-I6.8): a statement guarded by MAY, or an option of CHOOSE, is offered
only if its costs can be paid in full (`block_ok`); a card is playable only if its mandatory
costs can be paid and some part of its text can be resolved (I6.3, I6.7) -- the same test,
run on the card's own program (`can_play`). Everything else resolves as far as possible
(I6.2, I6.9).
"""

from __future__ import annotations

import numba as nb
import numpy as np

from meeplegym import programs as P
from meeplegym import rng
from meeplegym.envs.imperium import catalogue as K
from meeplegym.envs.imperium import data as D
from meeplegym.envs.imperium import effects as E
from meeplegym.envs.imperium.rules import automa as AU
from meeplegym.envs.imperium.rules import zones as Z
from meeplegym.envs.imperium.state import (
    DEC_ALLOT,
    DEC_CARD,
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
    EV_ACCESSION,
    EV_ACQUIRE,
    EV_ATTACK,
    EV_ATTACKED,
    EV_BREAK,
    EV_GAIN_MARKET,
    EV_GAIN_MAT,
    EV_DEVELOPED,
    EV_GADGET_GONE,
    EV_GADGET_PLAYED,
    EV_GAIN_RICH,
    EV_GARRISON,
    EV_LEGENDS,
    EV_OTHER_TAKES_UNREST,
    EV_PLAY,
    EV_PROFIT,
    EV_RESHUFFLE,
    EV_RETURN_UNREST,
    EV_TAKE_UNREST,
    EV_TRADE,
    GDS,
    MARKET_SLOTS,
    MAT,
    MAX_DEPTH,
    MAX_DRAWN,
    MAX_EVENTS,
    N_RESOURCES,
    N_SMALL_PILES,
    PH_EFFECT,
    POP,
    PRG,
    VARIANT_QUICK,
    VARIANT_QUICK_SETUP,
    Z_DEVELOPMENT,
    Z_DISCARD,
    Z_DRAW,
    Z_EXILE,
    Z_FAME_PILE,
    Z_GARRISON,
    Z_HAND,
    Z_HISTORY,
    Z_LEGENDS,
    Z_MAIN_DECK,
    Z_NATION_DECK,
    Z_PLAY,
    Z_SET_ASIDE,
    Z_STATE_CARD,
    Z_UNREST_PILE,
    Z_AUTOMA_SLOT,
)
from meeplegym.jit import kernel, shell_kernel

CODE = E.CODE
OPTIONS = E.OPTIONS
ENTRY = E.ENTRY
HAS_PROGRAM = E.HAS_PROGRAM

# What happens to "this" when its program ends.
FRAME_PLAY = 0  # played from hand: to the discard pile unless pinned or already moved (I5.2, I6.4)
FRAME_ABILITY = 1  # exhaust / solstice / a region's play effect re-run: stays where it is
FRAME_SYSTEM = 2  # a rules procedure written as a program (King of Kings, Innovate ...)
FRAME_PROFIT = 3  # a trade route's Profit: to the discard pile unless its text moved it (I13.6)
FRAME_AUTOMA = 4  # an automa table row for "this" card: to the automa's discard pile unless moved (I14.3 2.6)

AFTER_ACTIVATE_TURN = 0  # turn.AFTER_ACTIVATE: programs started from the Activate loop
AFTER_SOLSTICE_EFFECT = 3  # turn.AFTER_SOLSTICE: a Solstice effect (nobody's turn)
AFTER_SETUP_CHOICE = 4  # turn.AFTER_SETUP: a setup decision before the first turn

# Results of one row.
NEXT = 0
WAIT = 1

# Choices arrive as small integers; the env maps its flat action space onto these (actions.py).
CHOICE_END = -2  # END: no / stop / none
CHOICE_NONE = -1  # walking, no choice
# op_stage of a Look whose card is taken, where the order of the rest is asked (D18): a fame Look
# (one choice: which of two goes on top), Welcoming's free play from the main deck (LOOK_ORDER + k:
# k of the cards going back put on top already, top first)
LOOK_ORDER = 3

OP = P.COL_OP
FL = P.COL_FLAGS
JUMP = P.COL_JUMP
C_N, C_RES, C_SUITS, C_TYPES, C_SRC = E.C_N, E.C_RES, E.C_SUITS, E.C_TYPES, E.C_SRC
C_PER, C_PER_MASK, C_PER_DIV, C_MAX, C_CARD = E.C_PER, E.C_PER_MASK, E.C_PER_DIV, E.C_MAX, E.C_CARD
PILE_SUIT = (int(D.Suit.REG), int(D.Suit.UNC), int(D.Suit.CIV))  # small pile k holds this banner (I3.9)
CITY_TYPES = (1 << int(D.TypeIcon.CITY)) | (1 << int(D.TypeIcon.METROPOLIS))
INUIT = int(D.NationCode.INU)
POLYNESIANS = int(D.NationCode.POL)
ORAL_HISTORY = K.PHYSICAL[K.record_index("INU13")]  # Inuit: takes the cards that would go to history
UNC_CIV = (1 << int(D.Suit.UNC)) | (1 << int(D.Suit.CIV))
NAVIGATION = K.PHYSICAL[K.record_index("3UNC1")]  # acquire exiled regions as if in the market
EPIC_POETRY = K.PHYSICAL[K.record_index("3CIV2")]  # break through an exiled UNC/CIV instead
GREAT_WEALTH = K.PHYSICAL[K.record_index("WAG7")]  # every mat cost of its owner is 1 lower
CHAN_BUDDHISM = K.PHYSICAL[K.record_index("TAN13")]  # playing an unrest costs 1 mat or card less
MARTIANS = int(D.NationCode.MRT)
ALIEN = K.PHYSICAL[K.record_index("MRT29A")]  # the Martian state card's starting face (I16)
REACTOR_EXPLOSION = K.PHYSICAL[K.record_index("MRT2")]  # never abandoned or recalled (I16)
GADGET_BIT = 1 << int(D.Suit.GADGET)
MANA = K.PHYSICAL[K.record_index("POL2")]  # the Polynesian Mana card: mana is garrisoned under it (I16)
VOYAGING = int(D.StateIcon.VOY)
CEREMONIAL_GATHERING = K.PHYSICAL[K.record_index("CUL3A")]  # the pop its owner gains goes onto it (I16)
PREPARE_THE_CEREMONY = K.PHYSICAL[K.record_index("CUL2A")]  # Research / Prepare the Ceremony
UNREST_SUIT = int(D.Suit.UNREST)
SUMMONED_BIT = 1 << int(D.StateIcon.SUMM)
MANA_DISCARD, MANA_LEGENDS = N_RESOURCES, N_RESOURCES + 1  # columns of catalogue.DEV_COST
SWAP_SUITS = sum(1 << int(x) for x in (D.Suit.UNC, D.Suit.CIV, D.Suit.REG, D.Suit.TRI))
TROUTE_BIT = 1 << int(D.Suit.TROUTE)
PROFIT_GDS = D.PROFIT_GDS  # a trade route holding this many goods is full (I13.6)


# ---------------------------------------------------------------- frames
@kernel
def push(s, card, record, pc, kind, owner):
    d = s["depth"]
    if d >= MAX_DEPTH:
        raise RuntimeError("imperium: effect programs nested too deeply")
    s["fr_card"][d] = card
    s["fr_rec"][d] = record
    s["fr_kind"][d] = kind
    s["fr_owner"][d] = owner
    s["fr_player"][d] = owner
    s["fr_pc"][d] = pc
    s["fr_loop"][d] = 0
    s["fr_did"][d] = 0
    s["fr_it"][d] = -1
    s["fr_it_res"][d] = 0
    s["fr_host"][d] = -1
    s["depth"] = d + 1
    s["op_stage"] = 0


@kernel
def _pop(s):
    f = s["depth"] - 1
    c = s["fr_card"][f]
    played = s["fr_kind"][f] == FRAME_PLAY and c >= 0
    if s["fr_kind"][f] == FRAME_PROFIT and s["zone"][c] == Z_PLAY:
        Z.put(s, c, Z_DISCARD, s["owner"][c])
    if s["fr_kind"][f] == FRAME_AUTOMA:
        s["avoid"][:] = 0
        if c >= 0 and (s["zone"][c] == Z_HAND or s["zone"][c] == Z_AUTOMA_SLOT):
            automa_discard(s, c)
    if played and s["zone"][c] == Z_PLAY:
        h = K.HEADER[Z.rec(s, c)]
        if h != Z.PIN and h != Z.TRD:
            Z.put(s, c, Z_DISCARD, s["owner"][c])  # I5.2 step 4, I6.4
    s["depth"] = f
    s["op_stage"] = 0
    if played:  # "when you play ..." reacts once the card's text is done (I5.2 step 3, I5.6)
        if K.HEADER[Z.rec(s, c)] == Z.ATK:
            s["avoid"][:] = 0
        queue_event(s, EV_PLAY, c, s["fr_owner"][f])
        if is_gadget(s, c):  # "when another player plays a GADGET" (Sharing Our Secrets)
            q = Z.next_player(s, s["fr_owner"][f])
            while q != s["fr_owner"][f]:
                queue_event(s, EV_GADGET_PLAYED, c, q)
                q = Z.next_player(s, q)


# ---------------------------------------------------------------- reactions (I5.6, D7)
@kernel
def queue_event(s, kind, card, p):
    """Something reactive abilities answer happened; it is offered at the next step boundary at
    this stack depth, after the step that caused it (I5.6)."""
    n = s["n_events"]
    if n >= MAX_EVENTS or Z.is_automa(s, p):
        return  # the automa ignores its cards' texts (I14.3 2.2), reactions included
    s["ev_kind"][n] = kind
    s["ev_card"][n] = card
    s["ev_player"][n] = p
    s["ev_depth"][n] = s["depth"]
    s["ev_seen"][n] = 0
    s["n_events"] = n + 1


@kernel
def take_unrest(s, p):
    """I12 Take an unrest, with the event passives such as Blood Oath answer."""
    c = Z.take_unrest(s, p)
    if c >= 0:
        took_unrest(s, c, p)
    return c


@kernel
def took_unrest(s, c, p):
    """p took unrest card c: their own passives answer it (Blood Oath), and the Cultists' answer
    another player's (Corrupted, Spreading Chaos)."""
    queue_event(s, EV_TAKE_UNREST, c, p)
    q = Z.cultist(s)
    if q >= 0 and q != p:
        queue_event(s, EV_OTHER_TAKES_UNREST, c, q)


@kernel
def is_gadget(s, c):
    return (K.SUITS[Z.rec(s, c)] & GADGET_BIT) != 0


@kernel
def is_alien(s, p):
    """p's state card shows Alien (I16 Martians)."""
    return s["state_card"][p] == ALIEN and s["face"][ALIEN] == 0


@kernel
def martian_power_a(s, p):
    """p is the Martian with power side A, whose passive governs p's prg gains."""
    return s["nation"][p] == MARTIANS and s["face"][s["power_card"][p]] == 0 and not Z.is_automa(s, p)


@kernel
def _gadget_gone(s, c, p):
    """p discarded or exiled c: the event Martian power B answers when c is a GADGET."""
    if is_gadget(s, c):
        queue_event(s, EV_GADGET_GONE, c, p)


@kernel
def _drop_event(s):
    n = s["n_events"] - 1
    for i in range(n):
        s["ev_kind"][i] = s["ev_kind"][i + 1]
        s["ev_card"][i] = s["ev_card"][i + 1]
        s["ev_player"][i] = s["ev_player"][i + 1]
        s["ev_depth"][i] = s["ev_depth"][i + 1]
        s["ev_seen"][i] = s["ev_seen"][i + 1]
    s["n_events"] = n


@kernel
def can_react(s, c):
    """Card c may answer the first queued event now: its owner's reactive exhaust ability for
    this kind of event and card, on the owner's own Activate turn (I4.6, I5.6), with a token on
    the state card and its costs payable."""
    p = s["ev_player"][0]
    r = Z.rec(s, c)
    kind = s["ev_kind"][0]
    if (E.REACT_EVENTS[r] >> kind) & 1 == 0 or s["owner"][c] != p or s["zone"][c] != Z_PLAY:
        return False
    if s["exhausted"][c] or s["exhaust_tokens"][p] == 0:
        return False
    if kind == EV_ATTACK:  # defences work on another player's turn; one is enough
        if s["avoid"][p]:
            return False
    elif s["current"] != p or s["after"] != AFTER_ACTIVATE_TURN:
        return False
    e = s["ev_card"][0]
    if e < 0 or not Z.matches(s, e, E.REACT_SUITS[r], E.REACT_TYPES[r], False, False, False):
        return False
    return can_use(s, p, c, E.TRIG_EXHAUST)


@kernel
def _react(s, choice):
    """Offer the first queued event to its player's reactive abilities: WAIT for the decision,
    or NEXT once a reaction was started or none is wanted (the event is then dropped)."""
    if choice == CHOICE_NONE:
        if not s["ev_seen"][0]:
            s["ev_seen"][0] = 1
            if _start_passives(s):
                return NEXT
        for c in Z.table(s):
            if s["zone"][c] == Z_PLAY and can_react(s, c):
                return _wait(s, DEC_REACT, s["ev_player"][0])
        _drop_event(s)
        return NEXT
    if choice == CHOICE_END:
        _drop_event(s)
        return NEXT
    p = s["ev_player"][0]
    s["exhausted"][choice] = 1
    s["exhaust_tokens"][p] -= 1
    push(s, choice, Z.rec(s, choice), ENTRY[Z.rec(s, choice), E.TRIG_EXHAUST], FRAME_ABILITY, p)
    s["fr_it"][s["depth"] - 1] = s["ev_card"][0]
    s["dec"] = DEC_NONE
    return NEXT


@kernel
def _start_passives(s):
    """Run the passive reactions to the first event (no token, no decision to use them); an
    attack only affects a player who avoided nothing. Returns True when one was started."""
    p = s["ev_player"][0]
    kind = s["ev_kind"][0]
    e = s["ev_card"][0]
    if (kind == EV_ATTACKED or kind == EV_ATTACK) and s["avoid"][p]:
        return False
    if kind == EV_ACCESSION:  # I15.5: remove one development card (the Polynesians do not)
        if s["nation"][p] == POLYNESIANS:
            return False
        push(s, -1, -1, E.SYSTEM_QUICK_ACCESSION, FRAME_SYSTEM, p)
        return True
    if kind == EV_DEVELOPED:  # Aotearoa: "take the top fame card when developed"
        if e >= 0 and E.FAME_WHEN_DEVELOPED[Z.rec(s, e)]:
            push(s, -1, -1, E.SYSTEM_TAKE_FAME, FRAME_SYSTEM, p)
            return True
        return False
    started = False
    for c in Z.table(s):
        if s["owner"][c] != p or (s["zone"][c] != Z_PLAY and s["zone"][c] != Z_STATE_CARD):
            continue  # the state card's passive too (Voyaging)
        r = Z.rec(s, c)
        if (E.PASSIVE_EVENTS[r] >> kind) & 1 == 0 or e < 0 or not Z.matches(s, e, E.PASSIVE_SUITS[r], E.PASSIVE_TYPES[r], False, False, False):
            continue
        push(s, c, r, ENTRY[r, E.TRIG_PASSIVE], FRAME_ABILITY, p)
        s["fr_it"][s["depth"] - 1] = e
        started = True
    return started


@kernel
def _event_due(s):
    """The first event is offered once the programs it happened in are done, or between their
    sentences (I5.6: "after that sentence and before the next one")."""
    if s["n_events"] == 0:
        return False
    d = s["depth"]
    if d == 0 or s["ev_depth"][0] > d:
        return True
    if s["ev_depth"][0] < d or s["op_stage"] != 0:
        return False
    row = CODE[s["fr_pc"][d - 1]]
    return (row[FL] & P.F_SENTENCE) != 0 or row[OP] == P.OP_END


@kernel
def _advance(s, f, pc):
    s["fr_pc"][f] = pc
    s["op_stage"] = 0
    return NEXT


@kernel
def _wait(s, dec, actor):
    s["phase"] = PH_EFFECT
    s["dec"] = dec
    s["actor"] = actor
    return WAIT


# ---------------------------------------------------------------- payment (I12 Pay)
@kernel
def payable(s, p, need):
    """Can p pay `need` (mat, pop, prg, gds) with I12 substitution: 1 prg or 1 gds for 1 pop or
    2 mat; prg and gds themselves have no substitute. The automa spends exactly what is asked
    (I14.3 2.7, I14.4 Spend)."""
    if Z.is_automa(s, p):
        for r in range(N_RESOURCES):
            if s["pool"][p, r] < need[r]:
                return False
        return True
    prg = (0 if s["no_prg_pay"] else s["pool"][p, PRG]) - need[PRG]
    gds = s["pool"][p, GDS] - need[GDS]
    if prg < 0 or gds < 0:
        return False
    short_pop = max(0, need[POP] - s["pool"][p, POP])
    short_mat = max(0, need[MAT] - s["pool"][p, MAT])
    return short_pop + (short_mat + 1) // 2 <= prg + gds


@kernel
def pay_options(s, p, out):
    """Resources that may pay the next owed unit without making the rest unpayable; returns how
    many. Owed pop is paid before owed mat; prg and gds owed as themselves are paid directly."""
    need = s["pay_need"]
    n = 0
    base = POP if need[POP] > 0 else MAT
    for r in (base, PRG, GDS):
        if s["pool"][p, r] <= 0 or (r == PRG and s["no_prg_pay"]):
            continue
        rest = need.copy()
        covered = 1 if (r == base or base == POP) else min(2, need[MAT])
        rest[base] -= covered
        s["pool"][p, r] -= 1
        ok = payable(s, p, rest)
        s["pool"][p, r] += 1
        if ok:
            out[n] = r
            n += 1
    return n


@kernel
def cut_mat_cost(s, p, need):
    """Great Wealth's passive: each mat cost of its owner is 1 lower (a cost of 1 mat is free)."""
    if need[MAT] > 0 and s["zone"][GREAT_WEALTH] == Z_PLAY and s["owner"][GREAT_WEALTH] == p and not Z.is_automa(s, p):
        need[MAT] -= 1


@kernel
def unrest_cost(s, f, p, n):
    """A cost of n mat or n cards in frame f's text: 1 lower (at least 1) when the text is an
    unrest card's (its only text is its play) and p has Chan Buddhism in play."""
    c = s["fr_card"][f]
    if c < 0 or s["zone"][CHAN_BUDDHISM] != Z_PLAY or s["owner"][CHAN_BUDDHISM] != p:
        return n
    if (K.SUITS[Z.rec(s, c)] & Z.UNREST_BIT) == 0:
        return n
    return max(min(n, 1), n - 1)


@kernel
def no_prg_for(s, f, p):
    """Alien: "you cannot pay prg for unrest costs" -- the text of frame f is an unrest card's."""
    c = s["fr_card"][f]
    return c >= 0 and is_alien(s, p) and (K.SUITS[Z.rec(s, c)] & Z.UNREST_BIT) != 0


@kernel
def _spend(s, p, r, n):
    """n of resource r leave p's pool: to the supply, to the seat `pay_to` names (Dhar
    Tichitt's payment to the attacker), or paid goods onto Glass Working. An Alien takes an
    unrest for each prg paid (I16 Martians)."""
    s["pool"][p, r] -= n
    if r == PRG and is_alien(s, p):
        for _ in range(n):
            take_unrest(s, p)
    if s["pay_to"] >= 0:
        s["pool"][s["pay_to"], r] += n
        return
    if r == GDS and n > 0:
        for c in Z.table(s):
            if E.KEEPS_PAID_GDS[Z.rec(s, c)] and s["zone"][c] == Z_PLAY and s["owner"][c] == p:
                s["card_res"][c, GDS] += n
                return


@shell_kernel
def _pay_with(s, p, r):
    need = s["pay_need"]
    base = POP if need[POP] > 0 else MAT
    _spend(s, p, r, 1)
    if r == base or base == POP:
        need[base] -= 1
    else:
        need[MAT] -= min(2, need[MAT])


@kernel
def pay_step(s, p, choice):
    """Pay `pay_need` unit by unit: a decision only where more than one resource can pay the
    next unit (D5). Returns NEXT when paid in full."""
    need = s["pay_need"]
    if choice >= 0:
        _pay_with(s, p, choice)
    opts = need.copy()  # scratch of the right size
    while need[POP] > 0 or need[MAT] > 0:
        n = pay_options(s, p, opts)
        if n == 0:
            raise RuntimeError("imperium: payment started that cannot be completed")
        if n > 1:
            return _wait(s, DEC_PAY, p)
        _pay_with(s, p, opts[0])
    for r in (PRG, GDS):
        _spend(s, p, r, need[r])
        need[r] = 0
    return NEXT


# ---------------------------------------------------------------- conditions
@kernel
def _in_zone_of(s, card, zone, p):
    return card >= 0 and s["zone"][card] == zone and s["owner"][card] == p


@kernel
def _condition_filter(s, c, row):
    flags = row[C_SRC]  # a condition keeps its filter's flags there
    return Z.matches(s, c, row[C_SUITS], row[C_TYPES], (flags & E.F_PINNED) != 0, (flags & E.F_ATTACK) != 0, False)


@kernel
def condition(s, f, row, p):
    holds = _condition(s, f, row, p)
    return not holds if row[C_PER] == 1 else holds  # ``not COND``


@kernel
def _condition(s, f, row, p):
    kind = row[C_N]
    if kind == E.COND_STATE:
        return (Z.state_icons(s, p) >> row[C_RES]) & 1 == 1
    if kind == E.COND_IN_HISTORY:
        return _in_zone_of(s, row[C_CARD], Z_HISTORY, p)
    if kind == E.COND_IN_PLAY:
        for c in Z.table(s):
            if s["zone"][c] == Z_PLAY and s["owner"][c] == p and _condition_filter(s, c, row):
                return True
        return False
    if kind == E.COND_MISSING:
        if not _in_zone_of(s, row[C_CARD], Z_PLAY, p):
            return True
        return row[C_RES] >= 0 and not _in_zone_of(s, row[C_RES], Z_PLAY, p)
    if kind == E.COND_GARRISONED_HERE:
        return Z.has_garrison(s, s["fr_card"][f])
    if kind == E.COND_IT:
        it = s["fr_it"][f]
        return it >= 0 and _condition_filter(s, it, row)
    if kind == E.COND_IT_RES:
        return s["fr_it"][f] >= 0 and s["fr_it_res"][f] == row[C_RES]
    if kind == E.COND_IT_IS:
        return s["fr_it"][f] == row[C_CARD]
    if kind == E.COND_END_TRIGGERED:
        return s["game_end_triggered"] != 0
    if kind == E.COND_FAME_EMPTY:
        return Z.fame_cards_above_king(s) == 0
    if kind == E.COND_NO_PRG:
        return s["pool"][p, PRG] == 0
    if kind == E.COND_MANA:
        return mana(s, p) >= row[C_RES]
    if kind == E.COND_RETURNED_UNREST_FROM_HAND:
        return s["returned_unrest_turn"][p] != 0
    if kind == E.COND_MY_TURN:  # the owner's own turn: not the Solstice, not a setup decision
        after = s["after"]
        return s["current"] == s["fr_owner"][f] and after != AFTER_SOLSTICE_EFFECT and after != AFTER_SETUP_CHOICE
    if kind == E.COND_UNREST_IN_DISCARD:
        for c in Z.table(s):
            if _in_zone_of(s, c, Z_DISCARD, p) and _is_unrest(s, c):
                return True
        return False
    if kind == E.COND_IT_VP:  # the card just revealed is worth N VP to the automa (I14.9)
        it = s["fr_it"][f]
        return it >= 0 and AU.card_value(Z.rec(s, it)) == row[C_RES]
    if kind == E.COND_ICONS_HERE:
        return garrisoned_icons(s, s["fr_card"][f]) >= row[C_RES]
    if kind == E.COND_IT_HITS_REGIONS:  # the attack a defence answers (Dhar Tichitt)
        it = s["fr_it"][f]
        return it >= 0 and E.ATTACK_HITS_REGIONS[Z.rec(s, it)] == 1
    if kind == E.COND_EVENT:  # the event the running reaction answers is still first in the queue
        return s["n_events"] > 0 and s["ev_kind"][0] == row[C_RES]
    if kind == E.COND_HAS_GARRISONED_REGION:
        for c in Z.table(s):
            if s["zone"][c] == Z_PLAY and s["owner"][c] == p and (K.SUITS[Z.rec(s, c)] & Z.REG_BIT) and Z.has_garrison(s, c):
                return True
        return False
    return False


@kernel
def garrisoned_icons(s, h):
    """How many different icons the cards garrisoned under h show: suits but UNREST, and type
    icons; state icons are not icons here (I16 Cultists, Ceremony of the Key: seed PT l.1764)."""
    suits = 0
    types = 0
    for g in Z.table(s):
        if s["zone"][g] == Z_GARRISON and s["host"][g] == h:
            r = Z.rec(s, g)
            suits |= K.SUITS[r]
            for t in range(K.N_TYPES):
                if K.TYPES[r, t] > 0:
                    types |= 1 << t
    suits &= ~(1 << UNREST_SUIT)
    n = 0
    while suits:
        n += suits & 1
        suits >>= 1
    while types:
        n += types & 1
        types >>= 1
    return n


@kernel
def ceremony(s, p):
    """p's ceremony card in play (I16 Cultists), -1 if none."""
    for c in (PREPARE_THE_CEREMONY, CEREMONIAL_GATHERING):
        if _in_zone_of(s, c, Z_PLAY, p):
            return c
    return -1


# ---------------------------------------------------------------- counts ("per")
@kernel
def amount(s, f, row):
    n = row[C_N]
    per = row[C_PER]
    if per == E.PER_NONE:
        return n
    owner = s["fr_owner"][f]
    if per == E.PER_SUIT:
        k = Z.count_in_play(s, owner, row[C_PER_MASK], 0)
    elif per == E.PER_TYPE:
        k = Z.count_in_play(s, owner, 0, row[C_PER_MASK])
    elif per == E.PER_DID:
        k = s["fr_did"][f]
    elif per == E.PER_DISTINCT:  # how many of the listed icons you have at least one of
        k = 0
        for t in range(K.N_TYPES):
            if (row[C_PER_MASK] >> t) & 1 and Z.count_in_play(s, owner, 0, 1 << t) > 0:
                k += 1
    elif per == E.PER_ABANDONED:  # icons on the cards the last abandon step removed (Rebellion)
        k = 0
        for i in range(s["n_abandoned"]):
            k += _icons(s, s["abandoned"][i], row[C_PER_MASK])
    elif per == E.PER_MANA:
        k = mana(s, owner)
    elif per == E.PER_HAND_GAP:  # cleanup draw-up (I7.4)
        k = max(0, Z.hand_limit(s, owner) - Z.count_in_zone(s, owner, Z_HAND))
    else:  # PER_PLAYERS_CITY (Taxation)
        k = Z.players_with_at_least(s, owner, CITY_TYPES)
    total = n * (k // row[C_PER_DIV])
    if row[C_MAX] >= 0:
        total = min(total, row[C_MAX])
    return total


# ---------------------------------------------------------------- card choices
@kernel
def _source_ok(s, c, src, p):
    z = s["zone"][c]
    if s["owner"][c] != p:
        return False
    if z == Z_PLAY and E.IS_CEREMONY[Z.rec(s, c)]:
        return False  # it leaves play only through its own Solstice text (I16 Cultists)
    if src == E.SRC_HAND:
        return z == Z_HAND
    if src == E.SRC_DISCARD:
        return z == Z_DISCARD
    if src == E.SRC_HAND_OR_DISCARD:
        return z == Z_HAND or z == Z_DISCARD
    if src == E.SRC_PLAY:
        return z == Z_PLAY
    if src == E.SRC_HISTORY:
        return z == Z_HISTORY
    if src == E.SRC_HAND_OR_PLAY:
        return z == Z_HAND or z == Z_PLAY
    if src == E.SRC_SET_ASIDE:  # the Mayan automa's Headpieces (I14.1 10)
        return z == Z_SET_ASIDE
    return False


@kernel
def _same_name(s, c, other):
    return K.NAME_ID[Z.rec(s, c)] == K.NAME_ID[other]


@kernel
def _filter(s, c, row):
    fl = row[FL]
    if (fl & E.F_STATE_CARD) and (K.STATES[Z.rec(s, c)] & row[E.C_STATES]) == 0:
        return False
    if fl & E.F_EXCEPT:
        if (K.SUITS[Z.rec(s, c)] & row[E.C_EXCEPT]) != 0:
            return False
        if Z.has_type(s, c, row[E.C_EXCEPT] >> E.EXCEPT_TYPES_SHIFT):  # "REG without #ocean"
            return False
    if (fl & E.F_NAMED) and not _same_name(s, c, row[C_CARD]):
        return False
    if (fl & E.F_NOT_NAMED) and _same_name(s, c, row[C_CARD]):
        return False
    if fl & E.F_SUIT_OR_TYPE:  # "#city/#metropolis/REG": a suit or a type icon of the list
        if (K.SUITS[Z.rec(s, c)] & row[C_SUITS]) == 0 and not Z.has_type(s, c, row[C_TYPES]):
            return False
        return Z.matches(s, c, 0, 0, (fl & E.F_PINNED) != 0, (fl & E.F_ATTACK) != 0, (fl & E.F_NOT_UNREST) != 0)
    return Z.matches(s, c, row[C_SUITS], row[C_TYPES], (fl & E.F_PINNED) != 0, (fl & E.F_ATTACK) != 0,
                     (fl & E.F_NOT_UNREST) != 0)


@kernel
def _icons(s, c, types):
    """Type icons of the filter on card c (I1.8: repeated icons count twice)."""
    r = Z.rec(s, c)
    n = 0
    for t in range(K.N_TYPES):
        if (types >> t) & 1:
            n += K.TYPES[r, t]
    return n


@kernel
def _in_play_pinned(s, c, p):
    return s["zone"][c] == Z_PLAY and s["owner"][c] == p and Z.is_pinned(s, c)


@kernel
def _is_unrest(s, c):
    return (K.SUITS[Z.rec(s, c)] & Z.UNREST_BIT) != 0


@kernel
def _is_region(s, c):
    return (K.SUITS[Z.rec(s, c)] & Z.REG_BIT) != 0


@kernel
def _garrisoned_under(s, h):
    n = 0
    for g in Z.table(s):
        if s["zone"][g] == Z_GARRISON and s["host"][g] == h:
            n += 1
    return n


@kernel
def _has_garrisoned(s, h, types):
    """A card is garrisoned under h (one with any of the type icons `types`, when not 0)."""
    for g in Z.table(s):
        if s["zone"][g] == Z_GARRISON and s["host"][g] == h and (types == 0 or Z.has_type(s, g, types)):
            return True
    return False


@kernel
def _host_ok(s, f, row, h, p):
    if E.MAX_GARRISONED[Z.rec(s, h)] < 127 and _garrisoned_under(s, h) >= E.MAX_GARRISONED[Z.rec(s, h)]:
        return False  # Zemi holds at most 2
    if row[C_PER] == E.HOST_HERE:
        return h == s["fr_card"][f]
    if row[C_PER] == E.HOST_CARD:
        return h == row[C_CARD] and _in_zone_of(s, h, Z_PLAY, p)
    if row[C_PER] == E.HOST_CEREMONY:
        return h >= 0 and h == ceremony(s, p)
    if s["zone"][h] != Z_PLAY or s["owner"][h] != p or not _is_region(s, h):
        return False
    if row[C_PER] == E.HOST_EMPTY and Z.has_garrison(s, h):
        return False
    return row[C_PER_MASK] == 0 or Z.has_type(s, h, row[C_PER_MASK])


@kernel
def _any_host(s, f, row, p):
    for h in Z.table(s):
        if _host_ok(s, f, row, h, p):
            return True
    return False


@kernel
def eligible(s, f, row, c):
    """Card c is a legal pick for the pending card decision of `row` (stage `op_stage`)."""
    if not _eligible(s, f, row, c):
        return False
    if row[OP] == E.OP_FREE_PLAY and not _ordering_main(s, f, row):
        return can_play(s, s["fr_player"][f], c, (row[FL] & E.F_IGNORE_STATE) != 0)
    return True


@kernel
def _was_drawn(s, c):
    """c is one of the cards the last draw brought (``of:drawn``)."""
    for i in range(s["n_drawn"]):
        if s["drawn"][i] == c:
            return True
    return False


@kernel
def _eligible(s, f, row, c):
    """`eligible` without testing a free-played card's own text: what the playability test of
    the card that free-plays it uses (numba cannot type the recursion, and one level is what
    the rules need: the free-played card is tested when it is picked)."""
    op = row[OP]
    p = s["fr_player"][f]
    this = s["fr_card"][f]
    fl = row[FL]
    src = row[C_SRC]
    if op == E.OP_DISCARD and src == E.SRC_CARD:  # a card garrisoned under the named card: spending mana
        return s["zone"][c] == Z_GARRISON and s["host"][c] == row[C_CARD] and s["owner"][c] == p and _filter(s, c, row)
    if op == E.OP_DISCARD:
        if not (s["zone"][c] == Z_HAND and s["owner"][c] == p and c != this and _filter(s, c, row)):
            return False
        if (fl & E.F_SOME_NOT_NAMED) and s["op_stage"] != 0 and s["op_left"] == 1 and s["op_sel"] == 0:
            return not _same_name(s, c, row[C_CARD])  # the last pick must be the one not so named
        return (fl & E.F_OF_DRAWN) == 0 or _was_drawn(s, c)
    if op == E.OP_DRAW and src == E.SRC_CARD:  # a card garrisoned under the named card
        return s["zone"][c] == Z_GARRISON and s["host"][c] == row[C_CARD] and s["owner"][c] == p
    if op == E.OP_DRAW and src == E.SRC_MERCHANT:  # ... under your Merchant Empire (I13.2)
        return s["zone"][c] == Z_GARRISON and s["host"][c] == s["merchant"][p] and s["owner"][c] == p
    if op == E.OP_FIND:  # find F: one of your matching cards in hand, discard, draw pile or nation deck
        z = s["zone"][c]
        if s["owner"][c] != p or not _filter(s, c, row):
            return False
        if z == Z_NATION_DECK:
            return (fl & E.F_NOT_NATION) == 0 and _findable_in_nation_deck(s, c)
        return z == Z_HAND or z == Z_DISCARD or z == Z_DRAW or (z == Z_PLAY and src == E.SRC_PLAY)
    if op == E.OP_LEGENDS and src == E.SRC_CARD:  # mana into legends
        return s["zone"][c] == Z_GARRISON and s["host"][c] == row[C_CARD] and s["owner"][c] == p
    if op == E.OP_HISTORY or op == E.OP_PLACE_TOP or op == E.OP_DRAW or op == E.OP_LEGENDS:
        if src < 0:
            src = E.SRC_HAND
        if c == REACTOR_EXPLOSION and s["pool"][p, PRG] > 0:
            return False  # it leaves play only into history, and only without prg (I16 Martians)
        return c != this and _source_ok(s, c, src, p) and _filter(s, c, row)
    if op == E.OP_MOVE:  # to:pinned
        return _in_play_pinned(s, c, p)
    if op == E.OP_EXILE and src == E.SRC_HERE:  # one garrisoned under this card (Frozen Waste)
        return s["zone"][c] == Z_GARRISON and s["host"][c] == this and _filter(s, c, row)
    if op == E.OP_EXILE:
        return c != this and _source_ok(s, c, E.SRC_HISTORY if src < 0 else src, p) and _filter(s, c, row)
    if op == E.OP_ABANDON and src == E.SRC_GARRISON:  # a card garrisoned under one of your regions
        h = s["host"][c]
        return s["zone"][c] == Z_GARRISON and h >= 0 and _in_zone_of(s, h, Z_PLAY, p) and _filter(s, c, row)
    if op == E.OP_RECALL or op == E.OP_ABANDON:
        if c == REACTOR_EXPLOSION or not (_in_play_pinned(s, c, p) and _filter(s, c, row)):
            return False
        if (fl & E.F_GARRISONED) == 0:
            return True
        return _has_garrisoned(s, c, row[C_PER_MASK])
    if op == E.OP_RETURN_UNREST:
        if src == E.SRC_CARD:
            return _is_unrest(s, c) and s["zone"][c] == Z_GARRISON and s["host"][c] == row[C_CARD] and s["owner"][c] == p
        if src < 0:
            src = E.SRC_HAND
        return c != this and _is_unrest(s, c) and _source_ok(s, c, src, p)
    if op == E.OP_TRADE_ROUTE or op == E.OP_COMMERCE:
        if s["zone"][c] != Z_PLAY or (K.SUITS[Z.rec(s, c)] & TROUTE_BIT) == 0 or s["owner"][c] < 0 or c == this:
            return False  # (Mediterranean Circle resolved through Trade never resolves itself again)
        if (s["owner"][c] == p) == ((fl & E.F_OTHER) != 0):
            return False
        return op == E.OP_COMMERCE or s["card_res"][c, GDS] < PROFIT_GDS
    if op == E.OP_FREE_PLAY:
        if src == E.SRC_MAIN:  # one of the top N main-deck cards (Welcoming's Profit)
            if _ordering_main(s, f, row):
                return _main_unordered(s, c, row)
            if not (_in_main_top(s, c, row[C_N]) and _filter(s, c, row)):
                return False
            return Z.state_allows(s, p, c)
        if fl & E.F_IT:
            if c != s["fr_it"][f] or s["zone"][c] != Z_HAND or s["owner"][c] != p:
                return False
        elif fl & E.F_PAID_PLAY:
            if not (c != this and _source_ok(s, c, src, p) and _filter(s, c, row)):
                return False
        elif not (c != this and _source_ok(s, c, E.SRC_HAND if src < 0 else src, p) and _filter(s, c, row)
                  and s["free_played"][c] == 0):
            return False  # from the hand unless a pile is named (Mediterranean Circle: the discard pile)
        if (fl & E.F_OF_DRAWN) and not _was_drawn(s, c):  # "one of them" (Western Silk Road)
            return False
        if row[C_CARD] >= 0 and c != row[C_CARD]:
            return False
        return (fl & E.F_IGNORE_STATE) != 0 or Z.state_allows(s, p, c)
    if op == E.OP_GIVE:
        src = E.SRC_HAND if src < 0 else src
        return _source_ok(s, c, src, s["fr_owner"][f]) and c != this
    if op == E.OP_GARRISON:
        if s["op_stage"] >= 2:
            return _host_ok(s, f, row, c, p)
        src = E.SRC_HAND if src < 0 else src
        return c != this and _source_ok(s, c, src, p) and E.CANNOT_GARRISON[Z.rec(s, c)] == 0 and _filter(s, c, row)
    if op == E.OP_RETURN_XTOKEN:  # from another card: Mayan Writing cannot free its own token
        return s["owner"][c] == p and s["exhausted"][c] == 1 and c != this and _filter(s, c, row)
    if op == E.OP_ACQUIRE or op == E.OP_BREAK:
        return s["zone"][c] == Z_EXILE and (_exile_route(s, f, row, c, p) or _instead_of(s, f, row, c, p))
    if op == E.OP_SWAP:
        return s["op_stage"] < 2 and s["zone"][c] == Z_EXILE and (K.SUITS[Z.rec(s, c)] & SWAP_SUITS) != 0
    if op == E.OP_SWAP_MARKET:
        return (s["op_stage"] < 2 and _in_zone_of(s, c, Z_HAND, p) and _filter(s, c, row)
                and _swap_slot_for(s, c) >= 0)
    if op == E.OP_ORDER_NATION:  # which of the top N goes back on top
        return _nation_top(s, p, c, row[C_N])
    if op == E.OP_SWAP_NATION:  # a card from hand, then one of the top N of the nation deck
        if s["op_stage"] < 2:
            return c != this and _in_zone_of(s, c, Z_HAND, p) and _filter(s, c, row) and _nation_top(s, p, -1, row[C_N])
        return _nation_top(s, p, c, row[C_N])
    if op == E.OP_MAIN_BOTTOM:
        return s["zone"][c] == Z_EXILE and _filter(s, c, row)
    if op == E.OP_LOOK_FAME:
        top = s["fame_size"] - 1
        for i in range(looked_fame_cards(s, f, row)):
            j = top - i
            if j >= 1 and s["fame_pile"][j] == c:  # index 0 is King of Kings (I11.1)
                return True
        return False
    if op == E.OP_DEVELOP:
        return (s["zone"][c] == Z_DEVELOPMENT and s["owner"][c] == p and _filter(s, c, row)
                and _develop_ok(s, p, c, (fl & E.F_FREE) != 0))
    if op == E.OP_REMOVE:
        return s["zone"][c] == Z_DEVELOPMENT and s["owner"][c] == p and _filter(s, c, row)
    return False


@kernel
def _nation_top(s, p, c, n):
    """c is one of the top n cards of p's nation deck, not the accession card (I12 Look); with
    c = -1: there is such a card."""
    size = s["nation_size"][p]
    for i in range(max(0, size - n), size):
        d = s["nation_deck"][p, i]
        if K.START[Z.rec(s, d)] != Z.ACCESSION and (c < 0 or d == c):
            return True
    return False


@kernel
def _in_main_top(s, c, n):
    if s["zone"][c] != Z_MAIN_DECK:
        return False
    for i in range(max(0, s["main_size"] - n), s["main_size"]):
        if s["main_deck"][i] == c:
            return True
    return False


@kernel
def _findable_in_nation_deck(s, c):
    """I12 Find searches the nation deck, but not the accession card."""
    return s["zone"][c] == Z_NATION_DECK and K.START[Z.rec(s, c)] != Z.ACCESSION


@kernel
def _exile_route(s, f, row, c, p):
    """Exiled card c may be gained by this Acquire / Break through as such: the text allows the
    exile, or Navigation in p's play area makes exiled regions acquirable (its passive)."""
    if not _filter(s, c, row):
        return False
    if row[FL] & (E.F_FROM_EXILE | E.F_ALSO_EXILE):
        return True
    return (row[OP] == E.OP_ACQUIRE and _is_region(s, c) and _in_zone_of(s, NAVIGATION, Z_PLAY, p)
            and not Z.is_automa(s, p))  # the automa's cards' texts are ignored (I14.3 2.2)


@shell_kernel
def _instead_of(s, f, row, c, p):
    """Epic Poetry's passive: when p would acquire or break through an UNC/CIV card, p may
    instead break through an exiled card of that suit (rule decision: "would" = the step could
    take a card of that suit by its own routes, docs/imperium.md)."""
    suit = K.SUITS[Z.rec(s, c)] & UNC_CIV
    if suit == 0 or not _in_zone_of(s, EPIC_POETRY, Z_PLAY, p) or (row[FL] & E.F_FROM_EXILE) or Z.is_automa(s, p):
        return False
    if row[C_SUITS] & suit:
        return row[OP] == E.OP_BREAK or _market_has(s, f, row, suit)
    return row[C_SUITS] == 0 and _market_has(s, f, row, suit)


@kernel
def _market_has(s, f, row, suits):
    for slot in range(MARKET_SLOTS):
        if market_ok(s, f, row, slot) and (K.SUITS[Z.rec(s, s["market"][slot])] & suits):
            return True
    return False


@kernel
def pick_screen(s, f, row):
    """(owner, zone) that every card the pick of `row` may take has, -2 for any: loops over the
    table test it inline before calling `eligible`, whose call costs more than the test."""
    op = row[OP]
    if op == E.OP_ACQUIRE or op == E.OP_BREAK or op == E.OP_SWAP or op == E.OP_MAIN_BOTTOM:
        return -2, Z_EXILE
    if op == E.OP_LOOK_FAME:
        return -2, Z_FAME_PILE
    if op == E.OP_GIVE:
        return s["fr_owner"][f], -2
    if op == E.OP_FREE_PLAY and row[C_SRC] == E.SRC_MAIN:
        return -2, Z_MAIN_DECK
    if op == E.OP_TRADE_ROUTE or op == E.OP_COMMERCE:
        return -2, Z_PLAY
    if op == E.OP_ORDER_NATION:
        return s["fr_player"][f], Z_NATION_DECK
    if op == E.OP_GARRISON and s["op_stage"] >= 2:
        return -2, -2  # the host: `_host_ok` decides
    return s["fr_player"][f], -2  # every other pick takes one of the affected player's cards


@kernel
def screened_out(s, c, owner, zone):
    return (owner != -2 and s["owner"][c] != owner) or (zone != -2 and s["zone"][c] != zone)


@kernel
def count_eligible(s, f, row):
    """Eligible picks as the playability test sees them (see `_eligible`)."""
    owner, zone = pick_screen(s, f, row)
    n = 0
    for c in Z.table(s):
        if not screened_out(s, c, owner, zone) and _eligible(s, f, row, c):
            n += 1
    return n


@shell_kernel
def _any_eligible(s, f, row):
    owner, zone = pick_screen(s, f, row)
    for c in Z.table(s):
        if not screened_out(s, c, owner, zone) and eligible(s, f, row, c):
            return True
    return False


@kernel
def market_ok(s, f, row, slot):
    """Market slot is a legal pick for the pending market decision."""
    c = s["market"][slot]
    if c < 0:
        return False
    op = row[OP]
    fl = row[FL]
    if op == E.OP_EXILE:
        return Z.market_card_resources(s, c) == 0  # I12 Exile
    if op == E.OP_GAIN:  # gain all from:market
        return Z.market_card_resources(s, c) > 0
    if op == E.OP_MOVE and (fl & E.F_SPREAD):
        return (s["op_sel"] >> slot) & 1 == 0 or s["op_stage"] == 0  # a different card each time
    if op == E.OP_ADD or op == E.OP_MOVE or op == E.OP_SWAP:
        return True
    if op == E.OP_SWAP_MARKET:  # a card sharing a suit (not GADGET) with the one from hand
        sel = s["op_sel"]
        return sel >= 0 and (K.SUITS[Z.rec(s, c)] & K.SUITS[Z.rec(s, sel)] & ~GADGET_BIT) != 0
    if op == E.OP_ACQUIRE or op == E.OP_BREAK:
        if (fl & E.F_FROM_EXILE) != 0:
            return False
        if (fl & E.F_SLOTS) and (row[C_PER_MASK] >> slot) & 1 == 0:
            return False
        if row[C_RES] >= 0 and s["card_res"][c, row[C_RES]] == 0:  # with:RES
            return False
        return _filter(s, c, row)
    return False


@kernel
def pile_ok(s, row, k):
    """Break-through route (b)/(c) through small pile k (0-2) or the main deck (k = 3)."""
    suits = row[C_SUITS]
    if row[FL] & E.F_FROM_EXILE:
        return False
    unsorted = (s["variants"] & VARIANT_QUICK_SETUP) != 0  # I15.3: any pile may hold the suit
    any_pile = False
    for j in range(N_SMALL_PILES):
        own = unsorted or (suits >> PILE_SUIT[j]) & 1
        if (own or (suits & ~0b111) != 0) and Z.first_in_pile(s, j, suits) >= 0:
            any_pile = True
            if j == k:
                return True
    if k == N_SMALL_PILES:
        return not any_pile
    return False


# ---------------------------------------------------------------- playability (I5.4, I6.3, I6.7)
@kernel
def _develop_ok(s, p, c, free):
    r = Z.rec(s, c)
    if s["nation"][p] == INUIT and K.STATES[r] != 0 and (K.STATES[r] & Z.state_icons(s, p)) == 0:
        return False  # Summer / Winter: no developing cards of the other state (I16)
    for k in range(2):  # "«Baghdad» must be in play", "Saint Stephen I in your history" (C0 Dev cost)
        other = E.DEV_NEEDS[r, k]
        where = Z_PLAY if E.DEV_NEEDS_WHERE[r, k] == E.DEV_IN_PLAY else Z_HISTORY
        if other >= 0 and not _in_zone_of(s, other, where, p):
            return False
    if E.DEV_LAST[r]:  # "cannot be developed unless it is the last card in the development area"
        for d in Z.table(s):
            if d != c and s["zone"][d] == Z_DEVELOPMENT and s["owner"][d] == p:
                return False
    if free or _cost_waived(s, p, c):
        return True
    if K.DEV_COST[c, MANA_DISCARD] + K.DEV_COST[c, MANA_LEGENDS] > mana(s, p):
        return False  # a cost in mana (I16 Polynesians)
    need = s["pay_need"].copy()
    for k in range(N_RESOURCES):
        need[k] = K.DEV_COST[c, k]
    cut_mat_cost(s, p, need)
    return payable(s, p, need)


@kernel
def _cost_waived(s, p, c):
    """Kayaks develop for free while Imaq is in p's play area (its printed cost)."""
    other = E.DEV_FREE_WITH[Z.rec(s, c)]
    return other >= 0 and _in_zone_of(s, other, Z_PLAY, p)


@kernel
def _swap_possible(s, f, row):
    """I12 Swap of an exiled card: one to take and a market card to trade places with (the
    market may have run empty once the main deck is out)."""
    for slot in range(MARKET_SLOTS):
        if market_ok(s, f, row, slot):
            return count_eligible(s, f, row) > 0
    return False


@kernel
def step_ok(s, f, row, p, as_cost):
    """Can this step do something now (for a cost: can it be paid in full)?"""
    op = row[OP]
    fl = row[FL]
    n = row[C_N]
    this = s["fr_card"][f]
    if op == E.OP_GAIN and row[C_SRC] == E.SRC_HERE:
        return this >= 0 and s["card_res"][this, row[C_RES]] > 0
    if op == E.OP_GAIN and row[C_SRC] == E.SRC_MARKET:
        for slot in range(MARKET_SLOTS):
            if market_ok(s, f, row, slot):
                return True
        return False
    if (op == E.OP_GAIN or op == E.OP_GAIN_ACTION or op == E.OP_NOTHING or op == E.OP_FLIP_STATE or op == E.OP_AVOID
            or op == E.OP_GAIN_XTOKEN):
        return True
    if op == E.OP_REVEAL:
        return s["main_size"] > 0
    if op == E.OP_PUT_IN_PLAY:
        return this >= 0 and s["zone"][this] != Z_PLAY
    if op == E.OP_TRIGGER:
        return this >= 0 and E.AUTOMA_COMMERCE[Z.rec(s, this)] > 0
    if op == E.OP_RESOLVE:  # an empty deck or dynasty pile: 2 prg instead (I14.4)
        return (row[C_SRC] != E.SRC_MAIN and (fl & E.F_IT) == 0) or _resolvable(s, f, row, p) >= 0
    if op == E.OP_DISCARD_TOP:  # the part fails on an empty pile (I14.5)
        return (s["nation_size"][p] if row[C_SRC] == E.SRC_DYNASTY else s["draw_size"][p]) > 0
    if op == E.OP_PROFITS:
        return _next_full_route(s, p) >= 0
    if op == E.OP_FLIP:
        return True
    if op == E.OP_LOSE:
        return s["pool"][p, row[C_RES]] > 0
    if (op == E.OP_DISCARD_HAND or op == E.OP_IGNORE_EMP_NEXT or op == E.OP_STATE or op == E.OP_EXILE_HAND
            or op == E.OP_END_GAME):
        return True
    if op == E.OP_CEREMONY_NEXT:
        return _in_zone_of(s, PREPARE_THE_CEREMONY, Z_PLAY, p) and s["zone"][CEREMONIAL_GATHERING] == Z_SET_ASIDE
    if op == E.OP_CHAOS_INSTEAD:  # the unrest just taken is still in its taker's hand
        it = s["fr_it"][f]
        return (it >= 0 and s["zone"][it] == Z_HAND and s["owner"][it] != p and _is_unrest(s, it)
                and not Z.is_chaos(s, it) and Z.top_chaos(s) >= 0)
    if op == E.OP_CONVERT:
        return s["pool"][p, row[C_RES]] > 0 and ((fl & E.F_IT) == 0 or s["gained_prg"] > 0)
    if op == E.OP_DISCARD_NATION:
        return s["nation_size"][p] > 0
    if op == E.OP_MAIN_BOTTOM or op == E.OP_SWAP_NATION:
        return count_eligible(s, f, row) > 0
    if op == E.OP_SWAP_MARKET:
        for c in Z.table(s):
            if _in_zone_of(s, c, Z_HAND, p) and _filter(s, c, row) and _swap_slot_for(s, c) >= 0:
                return True
        return False
    if op == E.OP_TRADE:
        if Z.is_automa(s, p):  # a trade route to add to, or 1 prg to turn into 1 gds (I14.5 Trade)
            return _automa_trade_route(s, p) >= 0 or s["pool"][p, PRG] > 0
        return can_trade(s, p)
    if op == E.OP_TRADE_ROUTE or op == E.OP_COMMERCE:
        if op == E.OP_TRADE_ROUTE and (fl & E.F_OTHER) == 0 and s["pool"][p, GDS] == 0:
            return False
        return count_eligible(s, f, row) > 0
    if op == E.OP_IGNORE_STATE_TURN:
        return s["ignore_state_turn"][p] == 0
    if op == E.OP_TREAT:
        return Z.count_in_play(s, p, 0, row[C_TYPES]) > 0
    if op == E.OP_PLAY_UNREST_TURN:
        return s["play_unrest_turn"][p] == 0
    if op == E.OP_FERTILE_AS_PRODUCTION:
        return s["fertile_as_production"][p] == 0
    if op == E.OP_LOOK_NATION:
        return s["nation_size"][p] > 1  # the accession card is ignored unless alone (I12 Look)
    if op == E.OP_NATION_BOTTOM:
        return s["nation_size"][p] > 2 and s["fr_it"][f] == s["nation_deck"][p, s["nation_size"][p] - 1]
    if op == E.OP_SHUFFLE_NATION or op == E.OP_ORDER_NATION:
        return s["nation_size"][p] > 2  # two cards above the accession card
    if op == E.OP_FAME_BOTTOM:
        return Z.fame_cards_above_king(s) >= 2
    if op == E.OP_TAKE and row[C_SRC] == E.SRC_CHAOS:
        return Z.top_chaos(s) >= 0
    if op == E.OP_TAKE and (fl & E.F_FAME) != 0 and Z.is_automa(s, p):
        return s["fame_size"] > 0 and s["kok_used"][p] == 0  # King of Kings pays it instead (I14.7)
    if op == E.OP_STEAL or op == E.OP_TAKE and (fl & E.F_FAME) == 0:
        return op == E.OP_STEAL or s["unrest_size"] > 0
    if op == E.OP_PAY:
        if row[C_SRC] == E.SRC_HERE:
            return s["card_res"][this, row[C_RES]] >= n
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
    if op == E.OP_MOVE:
        have = s["pool"][p, row[C_RES]]
        if fl & E.F_SPREAD:
            cards = 0
            for slot in range(MARKET_SLOTS):
                cards += s["market"][slot] >= 0
            return have >= n and cards >= n
        if row[C_SRC] == E.SRC_PINNED and count_eligible(s, f, row) == 0:
            return False
        return have >= (1 if fl & E.F_UPTO else n)
    if op == E.OP_ADD:
        if row[C_SRC] == E.SRC_DIE:  # the market card at the die's slot (I14.4)
            return 0 <= s["die"] < MARKET_SLOTS and s["market"][s["die"]] >= 0
        if row[C_SRC] == E.SRC_CEREMONY:
            return ceremony(s, p) >= 0
        return row[C_SRC] != E.SRC_CARD or _in_zone_of(s, row[C_CARD], Z_PLAY, p)
    if op == E.OP_SPEND_ACTION:
        return s["actions"][p] >= n
    if op == E.OP_DRAW:
        if row[C_SRC] == E.SRC_DISCARD or row[C_SRC] == E.SRC_CARD or row[C_SRC] == E.SRC_MERCHANT:
            return count_eligible(s, f, row) > 0
        if voyaging(s, p):
            return False  # Voyaging: no drawing from the draw pile (I16)
        if fl & E.F_IF_ABLE:
            return s["draw_size"][p] > 0
        return s["draw_size"][p] + Z.count_in_zone(s, p, Z_DISCARD) > 0 or s["nation_size"][p] > 0
    if op == E.OP_ACQUIRE:
        for slot in range(MARKET_SLOTS):
            if market_ok(s, f, row, slot):
                return True
        return count_eligible(s, f, row) > 0
    if op == E.OP_SWAP:
        return _swap_possible(s, f, row)
    if op == E.OP_BREAK:
        if fl & E.F_FROM_EXILE:
            return count_eligible(s, f, row) > 0
        return True  # route (c) always gains something (I12 Break through)
    if op == E.OP_EXILE:
        if fl & E.F_THIS or row[C_SRC] == E.SRC_NATION:
            return True
        if row[C_CARD] >= 0:
            return s["owner"][row[C_CARD]] == p and s["zone"][row[C_CARD]] != Z_EXILE
        if row[C_SRC] == E.SRC_FAME:
            return Z.fame_cards_above_king(s) > 0
        if fl & E.F_IT:
            return _exilable_it(s, f, p)
        if row[C_SRC] == E.SRC_MARKET:
            for slot in range(MARKET_SLOTS):
                if market_ok(s, f, row, slot):
                    return True
            return False
        return count_eligible(s, f, row) >= (n if as_cost else 1)
    if op == E.OP_HISTORY or op == E.OP_ABANDON or op == E.OP_RECALL or op == E.OP_LEGENDS:
        if fl & E.F_THIS:
            return True  # a card whose text runs is in play (or about to be, when probed)
        if row[C_CARD] >= 0 and op == E.OP_ABANDON:
            return _in_zone_of(s, row[C_CARD], Z_PLAY, p)
        if fl & E.F_ICONS:
            icons = 0
            owner, zone = pick_screen(s, f, row)
            for c in Z.table(s):
                if not screened_out(s, c, owner, zone) and _eligible(s, f, row, c):
                    icons += _icons(s, c, row[C_TYPES])
            return icons >= (n if as_cost else 1)
        return count_eligible(s, f, row) >= (n if as_cost else 1)
    if (op == E.OP_DISCARD or op == E.OP_HISTORY or op == E.OP_PLACE_TOP) and (fl & E.F_IT):
        return s["fr_it"][f] >= 0 and s["zone"][s["fr_it"][f]] == Z_HAND
    if op == E.OP_DISCARD:
        if (fl & E.F_SOME_NOT_NAMED) and not _some_not_named_in_hand(s, f, row):
            return False
        n = unrest_cost(s, f, p, n)
        return count_eligible(s, f, row) >= (n if as_cost else 1)
    if op == E.OP_GARRISON:
        if not _any_host(s, f, row, p):
            return False
        if row[C_SRC] == E.SRC_UNREST:
            return s["unrest_size"] > 0
        if fl & E.F_THIS:
            return E.CANNOT_GARRISON[Z.rec(s, this)] == 0
        if fl & E.F_IT:
            it = s["fr_it"][f]
            return it >= 0 and _in_zone_of(s, it, Z_HAND, p) and E.CANNOT_GARRISON[Z.rec(s, it)] == 0
        return count_eligible(s, f, row) > 0
    if op == E.OP_TAKE or op == E.OP_LOOK_FAME:
        return s["fame_size"] > 1 or (s["fame_size"] == 1 and s["kok_used"][p] == 0)
    if op == E.OP_RETURN_UNREST:
        return count_eligible(s, f, row) >= (n if as_cost else 1)
    if op == E.OP_PLACE_TOP or op == E.OP_FREE_PLAY or op == E.OP_GIVE or op == E.OP_RETURN_XTOKEN:
        return count_eligible(s, f, row) > 0
    if op == E.OP_RETURN:
        return True
    if op == E.OP_FIND:
        c = row[C_CARD]
        if c < 0:
            return count_eligible(s, f, row) > 0
        z = s["zone"][c]
        if s["owner"][c] != p:
            return False
        if z == Z_NATION_DECK:
            return _findable_in_nation_deck(s, c)
        return z == Z_HAND or z == Z_DISCARD or z == Z_DRAW or (z == Z_PLAY and row[C_SRC] == E.SRC_PLAY)
    if op == E.OP_DEVELOP or op == E.OP_REMOVE:
        return count_eligible(s, f, row) > 0
    if op == E.OP_TRIGGER_HOST:
        return s["fr_host"][f] >= 0
    if op == E.OP_REQUIRE:
        return condition(s, f, row, p)
    return False


@kernel
def _exilable_it(s, f, p):
    """``exile it``: the card the last step took, revealed or free-played, while it is still
    p's in hand, play, discard pile or history (Teleportation, Resurrection Stone)."""
    it = s["fr_it"][f]
    if it < 0 or s["owner"][it] != p:
        return False
    z = s["zone"][it]
    return z == Z_HAND or z == Z_PLAY or z == Z_DISCARD or z == Z_HISTORY


@kernel
def _swap_slot_for(s, c):
    """A market slot whose card shares a suit other than GADGET with c (Sharing Our Secrets),
    -1 if none."""
    suits = K.SUITS[Z.rec(s, c)] & ~GADGET_BIT
    for slot in range(MARKET_SLOTS):
        m = s["market"][slot]
        if m >= 0 and (K.SUITS[Z.rec(s, m)] & suits) != 0:
            return slot
    return -1


@kernel
def can_trade(s, p):
    """One of the three Trade options (I13.5) can be taken: 1 prg to pay, or a trade route in play
    with room for a good (one of p's own needs a good in p's pool)."""
    if s["pool"][p, PRG] > 0:
        return True
    for c in Z.table(s):
        if s["zone"][c] == Z_PLAY and (K.SUITS[Z.rec(s, c)] & TROUTE_BIT) and s["card_res"][c, GDS] < PROFIT_GDS:
            q = s["owner"][c]
            if q >= 0 and (q != p or s["pool"][p, GDS] > 0):
                return True
    return False


@kernel
def can_profit(s, p, c):
    """I13.6: p's full trade route in play, on p's Activate turn, with an action to spend."""
    return (s["zone"][c] == Z_PLAY and s["owner"][c] == p and (K.SUITS[Z.rec(s, c)] & TROUTE_BIT) != 0
            and s["card_res"][c, GDS] >= PROFIT_GDS and s["actions"][p] > 0)


@kernel
def profit(s, p, c):
    """I13.6: spend an action, the goods to the pool, the Profit effect, then the discard pile."""
    s["actions"][p] -= 1
    s["pool"][p, GDS] += s["card_res"][c, GDS]
    s["card_res"][c, GDS] = 0
    queue_event(s, EV_PROFIT, c, p)  # answered once the Profit is done (Sassanids power A)
    r = Z.rec(s, c)
    push(s, c, r, ENTRY[r, E.TRIG_PROFIT] if HAS_PROGRAM[r, E.TRIG_PROFIT] else 0, FRAME_PROFIT, p)


@shell_kernel
def _some_not_named_in_hand(s, f, row):
    """``discard N F some_not:ID``: one of the cards it could discard is not named like ID."""
    owner, zone = pick_screen(s, f, row)
    for c in Z.table(s):
        if not screened_out(s, c, owner, zone) and _eligible(s, f, row, c) and not _same_name(s, c, row[C_CARD]):
            return True
    return False


@kernel
def _if_parts(pc):
    """An IF row's taken-branch bounds: (then_start, then_end, else_end); else_end == then_end
    when there is no else."""
    end_if = CODE[pc][JUMP]
    if end_if > 0 and CODE[end_if - 1][OP] == P.OP_JMP and CODE[end_if - 1][JUMP] > end_if:
        return pc + 1, end_if - 1, CODE[end_if - 1][JUMP]
    return pc + 1, end_if, end_if


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
def program_end(start):
    """The END row closing the program that starts at `start`."""
    end = start
    while CODE[end][OP] != P.OP_END:
        end += 1
    return end


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
def _program_has_no_cost(pc):
    while CODE[pc][OP] != P.OP_END:
        if CODE[pc][FL] & P.F_COST:
            return False
        pc += 1
    return True


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


# ---------------------------------------------------------------- the walk
@kernel
def run(s):
    """Walk the top program until a decision is pending (returns WAIT) or the stack is empty or
    the game collapsed (returns NEXT)."""
    while s["depth"] > 0 or s["n_events"] > 0:
        if s["collapsed"]:
            s["depth"] = 0
            s["n_events"] = 0
            return NEXT
        if _event_due(s):
            if _react(s, CHOICE_NONE) == WAIT:
                return WAIT
            continue
        f = s["depth"] - 1
        if _row(s, f, CHOICE_NONE) == WAIT:
            return WAIT
    s["dec"] = DEC_NONE
    return NEXT


@shell_kernel
def decide(s, choice):
    """The agent's choice for the pending decision, then walk on."""
    if s["dec"] == DEC_REACT:
        _react(s, choice)
        return run(s)
    f = s["depth"] - 1
    if _row(s, f, choice) == WAIT:
        return WAIT
    return run(s)


@kernel
def _row(s, f, choice):
    pc = s["fr_pc"][f]
    row = CODE[pc]
    op = row[OP]
    p = s["fr_player"][f]
    if op == P.OP_END:
        _pop(s)
        return NEXT
    if op == P.OP_JMP:
        return _advance(s, f, row[JUMP])
    if op == P.OP_MAY:
        if choice == CHOICE_NONE:
            if not block_ok(s, f, pc + 1, row[JUMP], p):
                return _advance(s, f, row[JUMP])
            return _wait(s, DEC_YESNO, p)
        if choice == CHOICE_END:
            return _advance(s, f, row[JUMP])
        s["fr_did"][f] += 1
        return _advance(s, f, pc + 1)
    if op == P.OP_CHOOSE:
        if choice == CHOICE_NONE:
            n_ok = 0
            for k in range(row[C_N]):
                o = OPTIONS[row[C_RES] + k]
                if block_ok(s, f, o[0], o[1], p):
                    n_ok += 1
            if n_ok == 0:
                return _advance(s, f, row[JUMP])
            return _wait(s, DEC_CHOOSE, p)
        return _advance(s, f, OPTIONS[row[C_RES] + choice][0])
    if op == P.OP_UPTO:
        if choice == CHOICE_NONE:
            if s["fr_loop"][f] >= row[C_N] or not block_ok(s, f, pc + 1, row[JUMP] - 1, p):
                s["fr_loop"][f] = 0
                return _advance(s, f, row[JUMP])
            return _wait(s, DEC_YESNO, p)
        if choice == CHOICE_END:
            s["fr_loop"][f] = 0
            return _advance(s, f, row[JUMP])
        s["fr_loop"][f] += 1
        return _advance(s, f, pc + 1)
    if op == P.OP_REPEAT:
        if s["fr_loop"][f] >= amount(s, f, row) or not block_ok(s, f, pc + 1, row[JUMP] - 1, p):
            s["fr_loop"][f] = 0
            return _advance(s, f, row[JUMP])
        s["fr_loop"][f] += 1
        return _advance(s, f, pc + 1)
    if op == P.OP_LOOP:
        return _advance(s, f, row[JUMP])
    if op == P.OP_IF:
        if condition(s, f, row, p):
            return _advance(s, f, pc + 1)
        return _advance(s, f, row[JUMP])
    if op == P.OP_EACH:
        owner = s["fr_owner"][f]
        if E.EACH_TAKES_UNREST[pc] and s["automa"] < 0:  # solo: a collapse is a loss whoever takes (I14.8)
            if s["op_stage"] == 1 or s["unrest_size"] < _popcount(unrest_due(s, f)):
                return _allot_unrest(s, f, row, owner, choice)
        s["fr_did"][f] = 0
        if row[C_N] == 2:  # ``owner``: the owner of the card whose text runs
            s["fr_player"][f] = s["owner"][s["fr_card"][f]] if s["fr_card"][f] >= 0 else owner
            return _advance(s, f, pc + 1)
        q = owner if row[C_N] == 1 else _affected_after(s, f, owner)
        if q == owner and row[C_N] == 0:
            return _advance(s, f, row[JUMP])  # nobody else is affected
        s["fr_player"][f] = q
        return _advance(s, f, pc + 1)
    if op == P.OP_NEXT:
        if CODE[row[JUMP] - 1][C_N] == 2:  # ``owner`` runs once
            s["fr_player"][f] = s["fr_owner"][f]
            return _advance(s, f, pc + 1)
        nxt = _affected_after(s, f, p)
        s["fr_player"][f] = nxt
        if nxt == s["fr_owner"][f]:
            return _advance(s, f, pc + 1)
        return _advance(s, f, row[JUMP])
    return _step(s, f, pc, row, p, choice)


@kernel
def looked_fame_cards(s, f, row):
    """How many cards from the top of the fame pile a Look of frame f's `row` is looking at: N,
    and once one is taken, the N - 1 going back (whose order its player chooses, D18)."""
    ordering = f == s["depth"] - 1 and s["op_stage"] == LOOK_ORDER
    return row[C_N] - 1 if ordering else row[C_N]


@kernel
def unrest_due(s, f):
    """The seats (bits) the top ``others`` / ``all`` block of frame f hands an unrest card to."""
    owner = s["fr_owner"][f]
    q = owner if CODE[s["fr_pc"][f]][C_N] == 1 else _affected_after(s, f, owner)
    due = 0
    if q == owner and CODE[s["fr_pc"][f]][C_N] == 0:
        return due
    while True:
        due |= 1 << q
        q = _affected_after(s, f, q)
        if q == owner:
            return due


@kernel
def _popcount(bits):
    n = 0
    while bits:
        n += bits & 1
        bits >>= 1
    return n


@kernel
def _allot_unrest(s, f, row, owner, choice):
    """I10.5 (D15): the block would hand out more unrest cards than the pile holds, so the
    player who triggered it (the owner of the text: the active player, or the card's owner in
    the Solstice) chooses, one seat at a time, who gets the last ones; they are then taken in
    turn order, and the last one collapses the game."""
    if s["op_stage"] == 0:
        s["op_stage"] = 1
        s["op_left"] = s["unrest_size"]
        s["allot"] = 0
        return _wait(s, DEC_ALLOT, owner)
    if choice < 0:
        return _wait(s, DEC_ALLOT, owner)
    s["allot"] |= 1 << choice
    s["op_left"] -= 1
    if s["op_left"] > 0:
        return _wait(s, DEC_ALLOT, owner)
    due = s["allot"]
    s["allot"] = 0
    q = owner if row[C_N] == 1 else _affected_after(s, f, owner)
    for _ in range(s["n_players"]):
        if (due >> q) & 1:
            take_unrest(s, q)
        q = Z.next_player(s, q)
    return _advance(s, f, row[JUMP])


@kernel
def _affected_after(s, f, p):
    """The next player after p in turn order that the frame's text affects: a player who avoided
    the attack being resolved is skipped (I12 Attack); the owner ends the round."""
    owner = s["fr_owner"][f]
    c = s["fr_card"][f]
    attack = (c >= 0 and K.HEADER[Z.rec(s, c)] == Z.ATK) or Z.is_automa(s, owner)
    q = Z.next_player(s, p)
    while q != owner and attack and s["avoid"][q]:
        q = Z.next_player(s, q)
    return q


# ---------------------------------------------------------------- the steps (I12 keywords)
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
def _step(s, f, pc, row, p, choice):
    op = row[OP]
    fl = row[FL]
    this = s["fr_card"][f]
    owner = s["fr_owner"][f]
    nxt = pc + 1
    if op == E.OP_NOTHING or op == E.OP_REQUIRE:
        return _advance(s, f, nxt)
    if op == E.OP_AVOID:
        s["avoid"][p] = 1
        return _advance(s, f, nxt)
    if op == E.OP_IGNORE_STATE_TURN:
        s["ignore_state_turn"][p] = 1
        return _advance(s, f, nxt)
    if op == E.OP_TREAT:  # one icon of the filter (``all``: each) counts as N #production instead
        for t in range(K.N_TYPES):
            if (row[C_TYPES] >> t) & 1:
                k = Z.count_in_play(s, p, 0, 1 << t)
                if k > 0:
                    k = k if row[C_PER] == 1 else 1
                    s["treated_icons"][p, t] += k
                    s["treated_production"][p] += row[C_N] * k
                    break
        return _advance(s, f, nxt)
    if op == E.OP_IGNORE_EMP_NEXT:
        s["ignore_emp_next"][p] = 1
        return _advance(s, f, nxt)
    if op == E.OP_PUT_IN_PLAY:  # I14.4 Play: it stays in play, its text ignored
        if this >= 0 and s["zone"][this] != Z_PLAY:
            Z.put(s, this, Z_PLAY, p)
            s["plays"] += 1
            s["played_order"][this] = s["plays"]
        return _advance(s, f, nxt)
    if op == E.OP_TRIGGER:  # I14.4 Trigger: the automa Commerce line, the card staying in play
        _advance(s, f, nxt)
        if step_ok(s, f, row, p, False):
            r = Z.rec(s, this)
            push(s, this, r, E.AUTOMA_COMMERCE[r], FRAME_ABILITY, p)
        return NEXT
    if op == E.OP_RESOLVE:
        c = _resolvable(s, f, row, p)
        _advance(s, f, nxt)
        if c < 0:
            if row[C_SRC] == E.SRC_DECK or row[C_SRC] == E.SRC_DYNASTY:
                s["pool"][p, PRG] += AU.EMPTY_RESOLVE_PRG  # no reshuffle outside cleanup (I14.4)
            return NEXT
        if row[C_SRC] == E.SRC_MAIN:
            Z.put(s, c, Z_HAND, p)
            Z.note_main_deck(s)
        resolve_for_automa(s, c)
        return NEXT
    if op == E.OP_DISCARD_TOP:
        for _ in range(row[C_N]):
            if row[C_SRC] == E.SRC_DYNASTY and s["nation_size"][p] > 0:
                automa_discard(s, s["nation_deck"][p, s["nation_size"][p] - 1])
                dynasty_check(s)
            elif row[C_SRC] != E.SRC_DYNASTY and s["draw_size"][p] > 0:
                automa_discard(s, s["draw_pile"][p, s["draw_size"][p] - 1])
        return _advance(s, f, nxt)
    if op == E.OP_PROFITS:  # I14.5: one full route at a time, most recently played first
        c = _next_full_route(s, p)
        if c < 0:
            return _advance(s, f, nxt)
        s["pool"][p, GDS] += s["card_res"][c, GDS]
        s["card_res"][c, GDS] = 0
        to_history(s, c, p)
        r = Z.rec(s, c)
        push(s, c, r, E.AUTOMA_PROFIT[r], FRAME_ABILITY, p)  # this step runs again after it
        return NEXT
    if op == E.OP_DISCARD_HAND:
        for c in Z.table(s):
            if _in_zone_of(s, c, Z_HAND, p):
                Z.put(s, c, Z_DISCARD, p)
        return _advance(s, f, nxt)
    if op == E.OP_EXILE_HAND:  # all but unrest and SUMM cards (Summoned); ``did`` counts them
        s["fr_did"][f] = 0
        for c in Z.table(s):
            if _in_zone_of(s, c, Z_HAND, p) and not _is_unrest(s, c) and (K.STATES[Z.rec(s, c)] & SUMMONED_BIT) == 0:
                Z.put(s, c, Z_EXILE, -1)
                _gadget_gone(s, c, p)
                s["fr_did"][f] += 1
        return _advance(s, f, nxt)
    if op == E.OP_STATE:
        Z.show_state(s, p, row[E.C_STATES])
        return _advance(s, f, nxt)
    if op == E.OP_END_GAME:
        Z.trigger_game_end(s)
        return _advance(s, f, nxt)
    if op == E.OP_CHAOS_INSTEAD:
        it = s["fr_it"][f]
        _advance(s, f, nxt)
        if step_ok(s, f, row, p, False):
            taker = s["owner"][it]
            Z.push_unrest(s, it)
            Z.put(s, Z.top_chaos(s), Z_DISCARD, taker)
        return NEXT
    if op == E.OP_CEREMONY_NEXT:  # Prepare the Ceremony gives way to Ceremonial Gathering (I16)
        _advance(s, f, nxt)
        if step_ok(s, f, row, p, False):
            Z.put(s, PREPARE_THE_CEREMONY, Z_SET_ASIDE, p)  # its garrisoned cards: to the discard pile
            s["face"][CEREMONIAL_GATHERING] = 0
            Z.put(s, CEREMONIAL_GATHERING, Z_PLAY, p)
            _ceremony_enters(s, CEREMONIAL_GATHERING, p)
        return NEXT
    if op == E.OP_PLAY_UNREST_TURN:
        s["play_unrest_turn"][p] = 1
        return _advance(s, f, nxt)
    if op == E.OP_FERTILE_AS_PRODUCTION:
        s["fertile_as_production"][p] = 1
        return _advance(s, f, nxt)
    if op == E.OP_LOOK_NATION:
        if s["nation_size"][p] > 1:
            s["fr_it"][f] = s["nation_deck"][p, s["nation_size"][p] - 1]
        return _advance(s, f, nxt)
    if op == E.OP_FAME_BOTTOM:  # just above King of Kings, which stays at the bottom (I11.1)
        n = s["fame_size"]
        if Z.fame_cards_above_king(s) >= 2:
            bottom = 1 if s["fame_pile"][0] == K.KING_OF_KINGS else 0
            top = s["fame_pile"][n - 1]
            s["fame_pile"][bottom + 1:n] = s["fame_pile"][bottom:n - 1].copy()
            s["fame_pile"][bottom] = top
        return _advance(s, f, nxt)
    if op == E.OP_SHUFFLE_NATION:
        if s["nation_size"][p] > 2:
            rng.shuffle(s, s["nation_deck"][p, 1:], s["nation_size"][p] - 1)
        return _advance(s, f, nxt)
    if op == E.OP_ORDER_NATION:
        if s["nation_size"][p] <= 2 or Z.is_automa(s, p):  # one card above the accession card: no order
            return _advance(s, f, nxt)
        if choice < 0:
            return _wait(s, DEC_CARD, p)
        Z.to_top(s["nation_deck"][p], s["nation_size"][p], choice)
        return _advance(s, f, nxt)
    if op == E.OP_NATION_BOTTOM:
        n = s["nation_size"][p]
        if n > 2 and s["fr_it"][f] == s["nation_deck"][p, n - 1]:
            top = s["nation_deck"][p, n - 1]
            s["nation_deck"][p, 2:n] = s["nation_deck"][p, 1:n - 1].copy()
            s["nation_deck"][p, 1] = top  # just above the accession card (I12 Accession)
        return _advance(s, f, nxt)
    if op == E.OP_GAIN and row[C_SRC] == E.SRC_MARKET:  # every resource on a market card
        if choice < 0:
            if step_ok(s, f, row, p, False):
                return _wait(s, DEC_MARKET, p)
            return _advance(s, f, nxt)
        c = s["market"][choice]
        for k in range(N_RESOURCES):
            if k == POP and _gathers_pop(s, p):
                s["card_res"][CEREMONIAL_GATHERING, POP] += s["card_res"][c, k]
            else:
                s["pool"][p, k] += s["card_res"][c, k]
            s["card_res"][c, k] = 0
        return _advance(s, f, nxt)
    if op == E.OP_GAIN:
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
        if row[C_RES] == POP and _gathers_pop(s, p):
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
    if op == E.OP_GAIN_ACTION:
        s["actions"][p] += row[C_N]
        return _advance(s, f, nxt)
    if op == E.OP_LOSE:  # back to the supply: not a payment
        s["pool"][p, row[C_RES]] -= min(row[C_N], s["pool"][p, row[C_RES]])
        return _advance(s, f, nxt)
    if op == E.OP_CONVERT:  # not a payment either (I16 Martians)
        k = min(amount(s, f, row), s["pool"][p, row[C_RES]])
        if fl & E.F_IT:  # only prg the acquired card carried
            k = min(k, s["gained_prg"])
            s["gained_prg"] -= k
        s["pool"][p, row[C_RES]] -= k
        s["pool"][p, row[C_SRC]] += k
        return _advance(s, f, nxt)
    if op == E.OP_DISCARD_NATION:
        if s["nation_size"][p] > 0:
            size = s["nation_size"][p]
            c = Z.gain_nation_top(s, p)
            if size == 1 and s["variants"] & VARIANT_QUICK:  # the accession card went (I15.5)
                queue_event(s, EV_ACCESSION, c, p)
        return _advance(s, f, nxt)
    if op == E.OP_MAIN_BOTTOM:
        c = _pick(s, f, row, p, choice, DEC_CARD, 1, False)
        if c == -1:
            return WAIT
        if c >= 0:
            Z.put_main_bottom(s, c)
        return _advance(s, f, nxt)
    if op == E.OP_SWAP_MARKET or op == E.OP_SWAP_NATION:  # a card from hand, then what it changes with
        if s["op_stage"] == 0:
            if count_eligible(s, f, row) == 0:
                return _advance(s, f, nxt)
            s["op_stage"] = 1
            return _wait(s, DEC_CARD, p)
        if s["op_stage"] == 1:
            s["op_sel"] = choice
            s["op_stage"] = 2
            return _wait(s, DEC_MARKET if op == E.OP_SWAP_MARKET else DEC_CARD, p)
        if op == E.OP_SWAP_MARKET:
            Z.swap_hand_into_market(s, choice, s["op_sel"], p)
        else:
            Z.swap_with_nation(s, p, s["op_sel"], choice)
        s["op_sel"] = -1
        return _advance(s, f, nxt)
    if op == E.OP_GAIN_XTOKEN:
        s["exhaust_tokens"][p] += row[C_N]
        return _advance(s, f, nxt)
    if op == E.OP_FLIP:
        _advance(s, f, nxt)
        if K.OTHER_FACE[this] >= 0:
            s["face"][this] = 1 - s["face"][this]  # an exhaust token on it stays (I13.2)
            if E.IS_CEREMONY[this]:
                _ceremony_enters(s, this, owner)
        return NEXT
    if op == E.OP_TRADE and Z.is_automa(s, p):
        return _automa_trade(s, f, nxt, p)
    if op == E.OP_TRADE:
        _advance(s, f, nxt)
        if this >= 0:
            queue_event(s, EV_TRADE, this, p)  # answered once the trade is done (Controlling the Trade)
        push(s, -1, -1, E.SYSTEM_TRADE, FRAME_SYSTEM, p)
        return NEXT
    if op == E.OP_TRADE_ROUTE or op == E.OP_COMMERCE:
        c = _pick(s, f, row, p, choice, DEC_CARD, 1, False)
        if c == -1:
            return WAIT
        _advance(s, f, nxt)
        if c >= 0:
            if op == E.OP_TRADE_ROUTE:
                if (fl & E.F_OTHER) == 0:
                    s["pool"][p, GDS] -= 1
                s["card_res"][c, GDS] += 1
            r = Z.rec(s, c)
            push(s, c, r, ENTRY[r, E.TRIG_COMMERCE], FRAME_ABILITY, p)  # resolved by p (I13.5)
        return NEXT
    if op == E.OP_REVEAL:  # held in hand until the next steps place it (Patolli)
        s["fr_it"][f] = Z.break_through_main_deck(s, p, -1, True) if s["main_size"] > 0 else -1
        return _advance(s, f, nxt)
    if op == E.OP_SPEND_ACTION:
        s["actions"][p] -= min(row[C_N], s["actions"][p])
        return _advance(s, f, nxt)
    if op == E.OP_PAY:
        if row[C_SRC] == E.SRC_HERE or row[C_SRC] == E.SRC_CARD:
            on = this if row[C_SRC] == E.SRC_HERE else row[C_CARD]
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
    if op == E.OP_ADD and row[C_SRC] == E.SRC_DIE:
        if step_ok(s, f, row, p, False):
            s["card_res"][s["market"][s["die"]], row[C_RES]] += row[C_N]
        return _advance(s, f, nxt)
    if op == E.OP_MOVE or op == E.OP_ADD:
        res = row[C_RES]
        n = row[C_N]
        if fl & E.F_SPREAD:  # one unit at a time, each onto another market card
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
        if op == E.OP_MOVE:
            if fl & E.F_UPTO:
                n = min(n, s["pool"][p, res])  # [R] moves as many as it can, up to N
            if s["pool"][p, res] < n:
                return _advance(s, f, nxt)
        if row[C_SRC] == E.SRC_CEREMONY:
            c = ceremony(s, p)
            if c >= 0:
                s["card_res"][c, res] += n
            return _advance(s, f, nxt)
        if row[C_SRC] == E.SRC_HERE or row[C_SRC] == E.SRC_CARD or (row[C_SRC] == E.SRC_PINNED and choice >= 0):
            on = this if row[C_SRC] == E.SRC_HERE else (row[C_CARD] if row[C_SRC] == E.SRC_CARD else choice)
            if op == E.OP_MOVE:
                s["pool"][p, res] -= n
            s["card_res"][on, res] += n
            return _advance(s, f, nxt)
        if row[C_SRC] == E.SRC_PINNED:
            if count_eligible(s, f, row) == 0:
                return _advance(s, f, nxt)
            return _wait(s, DEC_CARD, p)
        if choice < 0:
            for slot in range(MARKET_SLOTS):
                if market_ok(s, f, row, slot):
                    return _wait(s, DEC_MARKET, p)
            return _advance(s, f, nxt)
        if op == E.OP_MOVE:
            s["pool"][p, res] -= n
        s["card_res"][s["market"][choice], res] += n
        return _advance(s, f, nxt)
    if op == E.OP_STEAL:
        res = row[C_RES]
        n = amount(s, f, row)
        got = min(n, s["pool"][p, res])
        s["pool"][p, res] -= got
        s["pool"][owner, res] += got
        if got < n and (fl & E.F_PENALTY):
            take_unrest(s, p)
            s["pool"][owner, res] += n - got
        return _advance(s, f, nxt)
    if op == E.OP_RETURN_XTOKEN:
        c = _pick(s, f, row, p, choice, DEC_CARD, 1, False)
        if c == -1:
            return WAIT
        if c >= 0:
            s["exhausted"][c] = 0
            s["exhaust_tokens"][p] += 1
        return _advance(s, f, nxt)
    if op == E.OP_DRAW:
        return _draw(s, f, pc, row, p, choice)
    if op == E.OP_DISCARD:
        if fl & E.F_IT:
            it = s["fr_it"][f]
            if it >= 0 and s["zone"][it] == Z_HAND:
                Z.put(s, it, Z_DISCARD, p)
                _gadget_gone(s, it, p)
            return _advance(s, f, nxt)
        return _pick_loop(s, f, pc, row, p, choice, Z_DISCARD)
    if (op == E.OP_HISTORY or op == E.OP_PLACE_TOP) and (fl & E.F_IT):
        it = s["fr_it"][f]
        if it >= 0 and s["zone"][it] == Z_HAND:
            if op == E.OP_HISTORY:
                to_history(s, it, p)
            else:
                Z.put_on_draw_pile(s, p, it)
        return _advance(s, f, nxt)
    if op == E.OP_HISTORY:
        if fl & E.F_THIS:
            if s["zone"][this] == Z_PLAY or s["zone"][this] == Z_HAND:
                to_history(s, this, owner)
            return _advance(s, f, nxt)
        return _pick_loop(s, f, pc, row, p, choice, Z_HISTORY)
    if op == E.OP_LEGENDS:
        if fl & E.F_THIS:
            if s["zone"][this] == Z_PLAY or s["zone"][this] == Z_HAND:
                to_legends(s, this, owner)
                if s["nation"][owner] == POLYNESIANS:
                    queue_event(s, EV_LEGENDS, this, owner)
            return _advance(s, f, nxt)
        return _pick_loop(s, f, pc, row, p, choice, Z_LEGENDS)
    if op == E.OP_EXILE:
        if fl & E.F_THIS:
            Z.put(s, this, Z_EXILE, -1)
            _gadget_gone(s, this, owner)
            return _advance(s, f, nxt)
        if fl & E.F_IT:
            it = s["fr_it"][f]
            if _exilable_it(s, f, p):
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
                for slot in range(MARKET_SLOTS):
                    if market_ok(s, f, row, slot):
                        return _wait(s, DEC_MARKET, p)
                return _advance(s, f, nxt)
            Z.exile_market_card(s, choice)
            return _advance(s, f, nxt)
        return _pick_loop(s, f, pc, row, p, choice, Z_EXILE)
    if op == E.OP_ABANDON or op == E.OP_RECALL:
        dest = Z_DISCARD if op == E.OP_ABANDON else Z_HAND
        if fl & E.F_THIS:
            if s["zone"][this] == Z_PLAY:
                Z.put(s, this, dest, s["owner"][this])
            return _advance(s, f, nxt)
        if row[C_CARD] >= 0:
            if _in_zone_of(s, row[C_CARD], Z_PLAY, p):
                Z.put(s, row[C_CARD], dest, p)
            return _advance(s, f, nxt)
        if op == E.OP_ABANDON and s["op_stage"] == 0:
            s["n_abandoned"] = 0  # per:abandoned counts this step's cards
        return _pick_loop(s, f, pc, row, p, choice, dest)
    if op == E.OP_RETURN_UNREST:
        return _pick_loop(s, f, pc, row, p, choice, Z_UNREST_PILE)
    if op == E.OP_REMOVE:
        return _pick_loop(s, f, pc, row, p, choice, Z_DISCARD if row[C_SRC] == E.SRC_DISCARD else Z_SET_ASIDE)
    if op == E.OP_RETURN:
        if s["zone"][this] == Z_PLAY or s["zone"][this] == Z_HAND:
            Z.return_unrest(s, this)
            automa_returned_unrest(s, p)
            queue_event(s, EV_RETURN_UNREST, this, p)
        return _advance(s, f, nxt)
    if op == E.OP_PLACE_TOP:
        c = _pick(s, f, row, p, choice, DEC_CARD, 1, False)
        if c == -1:
            return WAIT
        if c >= 0:
            Z.put_on_draw_pile(s, p, c)
        return _advance(s, f, nxt)
    if op == E.OP_GIVE:
        c = _pick(s, f, row, owner, choice, DEC_CARD, 1, False)
        if c == -1:
            return WAIT
        s["fr_it"][f] = c if c >= 0 else -1  # "any player you give a #mask ..." (Mayan Traders)
        if c >= 0:
            Z.put(s, c, Z_HAND, p)
        return _advance(s, f, nxt)
    if op == E.OP_TAKE:
        if fl & E.F_FAME:
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
    if op == E.OP_LOOK_FAME:
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
    if op == E.OP_FIND:
        if row[C_CARD] >= 0:
            return _find(s, f, nxt, row[C_CARD], p, row[C_SRC] == E.SRC_PLAY)
        c = _pick(s, f, row, p, choice, DEC_CARD, 1, False)
        if c == -1:
            return WAIT
        if c >= 0:
            return _find(s, f, nxt, c, p, row[C_SRC] == E.SRC_PLAY)
        return _advance(s, f, nxt)
    if op == E.OP_FLIP_STATE:
        Z.flip_state(s, p)
        return _advance(s, f, nxt)
    if op == E.OP_GARRISON:
        return _garrison(s, f, pc, row, p, choice)
    if op == E.OP_ACQUIRE or op == E.OP_BREAK:
        return _gain_card(s, f, pc, row, p, choice)
    if op == E.OP_SWAP:
        if s["op_stage"] == 0:
            s["op_stage"] = 1
        if s["op_stage"] == 1:
            if choice < 0:
                if not _swap_possible(s, f, row):
                    return _advance(s, f, nxt)
                return _wait(s, DEC_CARD, p)
            s["op_sel"] = choice
            s["op_stage"] = 2
            return _wait(s, DEC_MARKET, p)
        slot = choice
        Z.swap_into_market(s, slot, s["op_sel"])
        return _advance(s, f, nxt)
    if op == E.OP_FREE_PLAY:
        if s["op_stage"] >= LOOK_ORDER:  # D18: the next looked-at main-deck card back, from the top
            k = s["op_stage"] - LOOK_ORDER
            j = s["main_size"] - 1
            while s["main_deck"][j] != choice:
                j -= 1
            s["main_deck"][j] = s["main_deck"][s["main_size"] - 1 - k]
            s["main_deck"][s["main_size"] - 1 - k] = choice
            s["op_stage"] += 1
            if _main_looked_left(s, row) >= 2:
                return _wait(s, DEC_CARD, p)
            c = s["op_sel"]
            s["op_sel"] = -1
            return _free_play(s, f, nxt, p, c, fl)
        c = _pick(s, f, row, p, choice, DEC_CARD, 1, False)
        if c == -1:
            return WAIT
        if row[C_SRC] == E.SRC_MAIN and not Z.is_automa(s, p):
            s["op_sel"] = c if c >= 0 else -1
            s["op_stage"] = LOOK_ORDER  # I12 Look: the rest go back in any order, the top one first
            if _main_looked_left(s, row) >= 2:
                return _wait(s, DEC_CARD, p)
            s["op_sel"] = -1
        return _free_play(s, f, nxt, p, c, fl)
    if op == E.OP_TRIGGER_HOST:
        h = s["fr_host"][f]
        _advance(s, f, nxt)
        if h >= 0 and HAS_PROGRAM[Z.rec(s, h), E.TRIG_PLAY] and ENTRY[Z.rec(s, h), E.TRIG_PLAY] > 0:
            push(s, h, Z.rec(s, h), ENTRY[Z.rec(s, h), E.TRIG_PLAY], FRAME_ABILITY, owner)
        return NEXT
    if op == E.OP_DEVELOP:
        return _develop(s, f, nxt, row, p, choice)
    raise RuntimeError("imperium: unknown opcode")


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


@kernel
def _ordering_main(s, f, row):
    """Frame f's free play from the top of the main deck (Welcoming's Profit) has its card and
    asks the order in which the other looked-at cards go back (D18)."""
    return (row[OP] == E.OP_FREE_PLAY and row[C_SRC] == E.SRC_MAIN and f == s["depth"] - 1
            and s["op_stage"] >= LOOK_ORDER)


@kernel
def _main_looked_left(s, row):
    """How many of the main-deck cards the free play of `row` looked at still wait for their
    place: the top N but the card played (op_sel) and those put back on top already."""
    looked = min(row[C_N], s["main_size"])
    return looked - (s["op_stage"] - LOOK_ORDER) - (1 if s["op_sel"] >= 0 else 0)


@kernel
def _main_unordered(s, c, row):
    """c is a looked-at main-deck card still waiting for its place (see `_main_looked_left`)."""
    if c == s["op_sel"] or s["zone"][c] != Z_MAIN_DECK:
        return False
    placed = s["op_stage"] - LOOK_ORDER
    for i in range(max(0, s["main_size"] - row[C_N]), s["main_size"] - placed):
        if s["main_deck"][i] == c:
            return True
    return False


@kernel
def _gathers_pop(s, p):
    """p's Ceremonial Gathering is in play: the pop p gains goes onto it (I16 Cultists)."""
    return _in_zone_of(s, CEREMONIAL_GATHERING, Z_PLAY, p) and s["face"][CEREMONIAL_GATHERING] == 0


@kernel
def _ceremony_enters(s, c, p):
    """A ceremony face enters play (I16 Cultists): its PLAY text runs, and during the Solstice its
    Solstice text resolves too (turn.solstice_pending sees it again)."""
    s["solstice_done"][c] = 0
    r = Z.rec(s, c)
    if HAS_PROGRAM[r, E.TRIG_PLAY] and ENTRY[r, E.TRIG_PLAY] > 0:
        push(s, c, r, ENTRY[r, E.TRIG_PLAY], FRAME_ABILITY, p)


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
def mana(s, p):
    """How many mana cards p has: the cards garrisoned under p's Mana card (I16)."""
    if s["owner"][MANA] != p or s["zone"][MANA] != Z_PLAY:
        return 0
    return _garrisoned_under(s, MANA)


@kernel
def voyaging(s, p):
    """p's state card shows Voyaging: no drawing from the draw pile, gained cards to the discard
    pile (I16 Polynesians)."""
    return (Z.state_icons(s, p) >> VOYAGING) & 1 == 1


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
            automa_returned_unrest(s, p)
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


@kernel
def _draw(s, f, pc, row, p, choice):
    fl = row[FL]
    if Z.is_automa(s, p) and row[C_SRC] < 0:  # I14.5 Draw: the top deck card to its discard, no reshuffle
        for _ in range(amount(s, f, row)):
            if s["draw_size"][p] > 0:
                automa_discard(s, s["draw_pile"][p, s["draw_size"][p] - 1])
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
def mana_ok(s, p, c):
    """c may pay the next mana of a development cost: one of p's mana cards."""
    return s["zone"][c] == Z_GARRISON and s["host"][c] == MANA and s["owner"][c] == p


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
        elif _findable_in_nation_deck(s, c):
            Z.put(s, c, Z_HAND, p)
            if s["nation_size"][p] > 1:
                rng.shuffle(s, s["nation_deck"][p, 1:], s["nation_size"][p] - 1)
        elif z == Z_DISCARD or (z == Z_PLAY and also_play):
            Z.put(s, c, Z_HAND, p)
    return _advance(s, f, nxt)


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


PICK_PILE = MARKET_SLOTS  # choices for Acquire / Break through: slot, pile, exiled card
PICK_CARD = MARKET_SLOTS + N_SMALL_PILES + 1


# ---------------------------------------------------------------- playing a card (I5.2)
@kernel
def play_card(s, p, c, free):
    """Move c to the play area and start its text (I5.2); the caller walks the machine."""
    r = Z.rec(s, c)
    if free:
        s["free_played"][c] = 1
    s["ignore_emp_next"][p] = 0  # Mana: only the next card played ignores its EMP icon
    Z.put(s, c, Z_PLAY, p)
    if HAS_PROGRAM[r, E.TRIG_PLAY] and ENTRY[r, E.TRIG_PLAY] > 0:
        push(s, c, r, ENTRY[r, E.TRIG_PLAY], FRAME_PLAY, p)
    else:
        push(s, c, r, 0, FRAME_PLAY, p)  # no immediate effect (I5.3): the END row settles it
    if K.HEADER[r] == Z.ATK:
        queue_attack(s, c, p)


@kernel
def queue_attack(s, c, p):
    """Card c of p's attacks everyone else: defences first, then the passives of those it
    affects (I12 Attack)."""
    s["avoid"][:] = 0
    for kind in (EV_ATTACK, EV_ATTACKED):
        q = Z.next_player(s, p)
        while q != p:
            queue_event(s, kind, c, q)
            q = Z.next_player(s, q)


@kernel
def use_ability(s, p, c, trigger):
    push(s, c, Z.rec(s, c), ENTRY[Z.rec(s, c), trigger], FRAME_ABILITY, p)



# ---------------------------------------------------------------- the solo automa (I14)
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
def _affects_others(start, end):
    """Program rows [start, end) hold an ``others`` block."""
    for pc in range(start, end):
        if CODE[pc][OP] == P.OP_EACH and CODE[pc][C_N] == 0:
            return True
    return False


@kernel
def _resolvable(s, f, row, p):
    """The card a ``resolve`` step would resolve, -1 if none: the top of the automa's deck or
    dynasty pile, of the main deck, or the card the last step gained (``it``)."""
    src = row[C_SRC]
    if row[FL] & E.F_IT:
        it = s["fr_it"][f]
        if it >= 0 and s["owner"][it] == p and (s["zone"][it] == Z_HAND or s["zone"][it] == Z_DRAW
                                                 or s["zone"][it] == Z_DISCARD):
            return it
        return -1
    if src == E.SRC_DYNASTY:
        return s["nation_deck"][p, s["nation_size"][p] - 1] if s["nation_size"][p] > 0 else -1
    if src == E.SRC_MAIN:
        return s["main_deck"][s["main_size"] - 1] if s["main_size"] > 0 else -1
    return s["draw_pile"][p, s["draw_size"][p] - 1] if s["draw_size"][p] > 0 else -1


@kernel
def automa_discard(s, c):
    """c into the automa's discard pile; its accession card there turns its state card to the
    Empire side for good (I14.3 4.5; not for the nations that do not flip)."""
    a = s["automa"]
    Z.put(s, c, Z_DISCARD, a)
    if K.START[Z.rec(s, c)] == Z.ACCESSION and AU.flips(s["nation"][a]):
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
        s["pool"][p, PRG] += AU.SUPREME_RETURN_PRG


@kernel
def _next_full_route(s, p):
    """The automa's trade route in play holding 3 gds that it played most recently, -1 if none."""
    best = -1
    for c in Z.table(s):
        if (_in_zone_of(s, c, Z_PLAY, p) and (K.SUITS[Z.rec(s, c)] & TROUTE_BIT) != 0
                and s["card_res"][c, GDS] >= PROFIT_GDS
                and (best < 0 or s["played_order"][c] > s["played_order"][best])):
            best = c
    return best


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
            dynasty_check(s)
    return NEXT


@kernel
def _automa_trade_route(s, p):
    """The trade route the automa trades on (I14.5 Trade): in play, not full; the most gds on it,
    then the automa's own, then the one listed first in the I14.6 table; -1 if none."""
    best = -1
    for c in Z.table(s):
        if (s["zone"][c] != Z_PLAY or s["owner"][c] < 0 or (K.SUITS[Z.rec(s, c)] & TROUTE_BIT) == 0
                or s["card_res"][c, GDS] >= PROFIT_GDS):
            continue
        if best < 0:
            best = c
            continue
        if s["card_res"][c, GDS] != s["card_res"][best, GDS]:
            if s["card_res"][c, GDS] > s["card_res"][best, GDS]:
                best = c
            continue
        own, best_own = s["owner"][c] == p, s["owner"][best] == p
        if own != best_own:
            if own:
                best = c
            continue
        if E.AUTOMA_TRADE_RANK[Z.rec(s, c)] < E.AUTOMA_TRADE_RANK[Z.rec(s, best)]:
            best = c
    return best


@kernel
def _automa_trade(s, f, nxt, p):
    """I14.5 Trade: 1 gds from the supply onto the chosen route (the automa gains 1 more when it
    is a player's) and the route's automa Commerce line; with none, 1 prg becomes 1 gds."""
    _advance(s, f, nxt)
    c = _automa_trade_route(s, p)
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
