"""The effect machine: walks card programs (`effects.CODE`) over the state, compiled.

`run` walks the top frame's rows until one needs a decision; it then sets ``phase = PH_EFFECT``,
``dec`` and ``actor`` and returns. `decide` feeds the agent's choice to that row and walks on.
The control rows (MAY, CHOOSE, UPTO, REPEAT, IF, EACH) are walked here; every other row is a
step (`steps`). Between steps, queued events are offered to reactive abilities (I5.6).

The machine's layers, each importing only those before it: `frames` (the program stack, events),
`payment`, `choices` (what a step may pick), `steps` (each opcode's can-do and do), this walk.
"""

from __future__ import annotations

from meeplegym import programs as P
from meeplegym.envs.imperium import catalogue as K
from meeplegym.envs.imperium import effects as E
from meeplegym.envs.imperium.rules import zones as Z
from meeplegym.envs.imperium.rules.frames import (
    AFTER_ACTIVATE_TURN,
    CHOICE_END,
    CHOICE_NONE,
    CODE,
    C_N,
    C_RES,
    ENTRY,
    FRAME_ABILITY,
    JUMP,
    NEXT,
    OP,
    OPTIONS,
    WAIT,
    _advance,
    _drop_event,
    _event_due,
    _pop,
    _start_passives,
    _wait,
    push,
    take_unrest,
)
from meeplegym.envs.imperium.rules.choices import (
    amount,
    condition,
)
from meeplegym.envs.imperium.rules.steps import (
    _step,
    block_ok,
    can_use,
)
from meeplegym.envs.imperium.state import (
    DEC_ALLOT,
    DEC_CHOOSE,
    DEC_NONE,
    DEC_REACT,
    DEC_YESNO,
    EV_ATTACK,
    Z_PLAY,
)
from meeplegym.jit import kernel, shell_kernel

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


# ---------------------------------------------------------------- reactions (I5.6, D7)
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


# ---------------------------------------------------------------- others and all (I10.5, I12 Attack)
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
