"""The effect machine's frames: the program stack kept in the state, the events reactive abilities
answer, and the starting of a card's text. The lowest layer of the machine (docs/architecture.md,
"Card programs"): `payment`, `choices`, `steps` and `machine` build on it.

A running program is a frame on a stack kept in the state (``fr_*`` fields): the card whose
text runs ("this"), its owner, the affected player inside ``others``/``all``, and the program
counter. A step's progress between decisions lives in the ``op_*`` fields; programs are only
pushed between steps (a free play, a region's play effect), so one set is enough.
"""

from __future__ import annotations

from meeplegym import programs as P
from meeplegym.envs.imperium import catalogue as K
from meeplegym.envs.imperium import data as D
from meeplegym.envs.imperium import effects as E
from meeplegym.envs.imperium.rules import automa as AU
from meeplegym.envs.imperium.rules import zones as Z
from meeplegym.envs.imperium.state import (
    EV_ACCESSION,
    EV_ATTACK,
    EV_ATTACKED,
    EV_DEVELOPED,
    EV_GADGET_GONE,
    EV_GADGET_PLAYED,
    EV_OTHER_TAKES_UNREST,
    EV_PLAY,
    EV_PROFIT,
    EV_TAKE_UNREST,
    GDS,
    MAX_DEPTH,
    MAX_EVENTS,
    N_RESOURCES,
    PH_EFFECT,
    Z_DISCARD,
    Z_HAND,
    Z_PLAY,
    Z_STATE_CARD,
    Z_AUTOMA_SLOT,
)
from meeplegym.jit import kernel

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


# ---------------------------------------------------------------- the frame stack
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
            AU.automa_discard(s, c)
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


# ---------------------------------------------------------------- programs
@kernel
def program_end(start):
    """The END row closing the program that starts at `start`."""
    end = start
    while CODE[end][OP] != P.OP_END:
        end += 1
    return end


@kernel
def _if_parts(pc):
    """An IF row's taken-branch bounds: (then_start, then_end, else_end); else_end == then_end
    when there is no else."""
    end_if = CODE[pc][JUMP]
    if end_if > 0 and CODE[end_if - 1][OP] == P.OP_JMP and CODE[end_if - 1][JUMP] > end_if:
        return pc + 1, end_if - 1, CODE[end_if - 1][JUMP]
    return pc + 1, end_if, end_if


@kernel
def _program_has_no_cost(pc):
    while CODE[pc][OP] != P.OP_END:
        if CODE[pc][FL] & P.F_COST:
            return False
        pc += 1
    return True


@kernel
def _affects_others(start, end):
    """Program rows [start, end) hold an ``others`` block."""
    for pc in range(start, end):
        if CODE[pc][OP] == P.OP_EACH and CODE[pc][C_N] == 0:
            return True
    return False


# ---------------------------------------------------------------- events (I5.6, D7)
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


# ---------------------------------------------------------------- starting a card's text (I5.2, I5.5, I13.6)
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


@kernel
def profit(s, p, c):
    """I13.6: spend an action, the goods to the pool, the Profit effect, then the discard pile."""
    s["actions"][p] -= 1
    s["pool"][p, GDS] += s["card_res"][c, GDS]
    s["card_res"][c, GDS] = 0
    queue_event(s, EV_PROFIT, c, p)  # answered once the Profit is done (Sassanids power A)
    r = Z.rec(s, c)
    push(s, c, r, ENTRY[r, E.TRIG_PROFIT] if HAS_PROGRAM[r, E.TRIG_PROFIT] else 0, FRAME_PROFIT, p)
