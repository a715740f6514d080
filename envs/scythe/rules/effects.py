"""Card effects as programs (DESIGN "Card effects as programs"): encounters (S15) and the
factory cards' top actions (S16.4).

Programs are compiled in data.py: ``ENCOUNTER_PROGRAM[card, option, step]`` and
``FACTORY_PROGRAM[card, step]``, each step ``(op, amount, operand)``. The interpreter walks the
steps with a program counter kept in the state; a step that has a real choice stops for a
decision (how much of a gain to take, which structure/mech/recruit/cube, where, which
resource types, which alternative of a CHOOSE), one without is applied or skipped at once.
Granted actions are free: no mat cost, coins, recruit ongoing bonus or structure bonus
(S15.4, S16.5). An encounter places everything on its territory (S15.3); a factory card
places under the normal rules (a controlled territory with an own worker). Stars are checked
after every gain (S18.2).

Results of the entry points: WAITING (a decision is pending), DONE (the program is over),
PRODUCE (factory card 1: the caller runs a free Produce).
"""

import numpy as np

from meeplegym.envs.scythe import actions as A
from meeplegym.envs.scythe import data
from meeplegym.envs.scythe.rules.board import controlled_with_worker, new_control, workers_off_mat
from meeplegym.envs.scythe.rules.bottom import any_placement, placement_ok
from meeplegym.envs.scythe.rules.gains import check_stars, draw_cards, gain_bonus, gain_coins, gain_popularity, gain_power
from meeplegym.envs.scythe.state import (
    BOTTOM_COST,
    BOTTOM_FIXED,
    CHARACTER,
    EFFECT_ENCOUNTER,
    EFFECT_FACTORY,
    FIRST_MECH,
    FIRST_WORKER,
    N_BOTTOM,
    N_ENCOUNTER_CARDS,
    N_MECHS,
    N_RESOURCES,
    N_STRUCTURES,
    N_TERRITORIES,
    N_TOP_SLOTS,
    N_UNITS,
    ONE_TIME_AMOUNT,
    PH_EFFECT,
    PH_ENCOUNTER,
    POLANIA,
)
from meeplegym.jit import kernel, shell_kernel

Op = data.Op
WAITING = 0
DONE = 1
PRODUCE = 2
ENCOUNTER_PROGRAM = data.ENCOUNTER_PROGRAM
FACTORY_PROGRAM = data.FACTORY_PROGRAM
ENCOUNTER_COST = data.ENCOUNTER_COST
N_OPTIONS = data.N_ENCOUNTER_OPTIONS
MAX_STEPS = data.MAX_EFFECT_STEPS
COST_COINS = int(data.CostKind.COINS)
COST_POPULARITY = int(data.CostKind.POPULARITY)


# ---------------------------------------------------------------- the encounter
@kernel
def begin_encounter(s):
    """After all combats: the character on an encounter token meets it (S15.1). True when an
    option must now be chosen."""
    p = s["current"]
    t = s["unit_loc"][p, CHARACTER]
    if t < 0 or t >= N_TERRITORIES or s["encounter_token"][t] == 0:
        return False
    s["encounter_token"][t] = 0
    card = s["encounter_deck"][N_ENCOUNTER_CARDS - 1]  # the top card, shown, then to the bottom
    for i in range(N_ENCOUNTER_CARDS - 1, 0, -1):
        s["encounter_deck"][i] = s["encounter_deck"][i - 1]
    s["encounter_deck"][0] = card
    s["effect_source"] = EFFECT_ENCOUNTER
    s["effect_card"] = card
    s["effect_loc"] = t
    s["options_taken"] = 0
    s["phase"] = PH_ENCOUNTER
    return True


@kernel
def begin_factory_program(s):
    """Run the top action of the current player's factory card (its cost is paid)."""
    s["effect_source"] = EFFECT_FACTORY
    s["effect_card"] = s["factory_card"][s["current"]]
    s["effect_option"] = -1
    s["effect_loc"] = -1
    _start(s)
    return _advance(s)


@kernel
def _start(s):
    s["effect_pc"] = 0
    s["effect_sub"] = 0
    s["effect_jump_at"] = -1
    s["effect_jump_to"] = -1


@kernel
def _option_affordable(s, p, k):
    kind = ENCOUNTER_COST[s["effect_card"], k, 0]
    amount = ENCOUNTER_COST[s["effect_card"], k, 1]
    if kind == COST_COINS:
        return s["coins"][p] >= amount
    if kind == COST_POPULARITY:
        return s["popularity"][p] >= amount
    return True


@kernel
def _options_left(s, p):
    """Options still open: each option once, and a second one only for Polania (S12.4)."""
    taken = 0
    for k in range(N_OPTIONS):
        if s["options_taken"] & (1 << k):
            taken += 1
    if taken >= (2 if s["faction"][p] == POLANIA else 1):
        return 0
    count = 0
    for k in range(N_OPTIONS):
        if not s["options_taken"] & (1 << k) and _option_affordable(s, p, k):
            count += 1
    return count


@kernel
def legal_encounter(s, mask):
    p = s["current"]
    if s["options_taken"] != 0:
        mask[A.PASS] = 1  # Meander's second option is optional
    for k in range(N_OPTIONS):
        if not s["options_taken"] & (1 << k) and _option_affordable(s, p, k):
            mask[A.OPTION + k] = 1


@shell_kernel
def apply_encounter(s, a):
    """WAITING or DONE."""
    if a == A.PASS:
        return DONE
    p = s["current"]
    k = a - A.OPTION
    kind = ENCOUNTER_COST[s["effect_card"], k, 0]
    amount = ENCOUNTER_COST[s["effect_card"], k, 1]
    if kind == COST_COINS:
        gain_coins(s, p, -amount)  # costs in full first (S15.2)
    elif kind == COST_POPULARITY:
        gain_popularity(s, p, -amount)
    s["options_taken"] |= 1 << k
    s["effect_option"] = k
    _start(s)
    return _advance(s)


# ---------------------------------------------------------------- the interpreter
@kernel
def current_step(s):
    """(op, amount, operand) of the current step."""
    if s["effect_source"] == EFFECT_FACTORY:
        row = FACTORY_PROGRAM[s["effect_card"], s["effect_pc"]]
    else:
        row = ENCOUNTER_PROGRAM[s["effect_card"], s["effect_option"], s["effect_pc"]]
    return row[0], row[1], row[2]


@kernel
def _mat_workers(s, p):
    return N_UNITS - FIRST_WORKER - workers_off_mat(s, p)


@kernel
def _structure_at(s, t):
    for q in range(s["n_players"]):
        for k in range(N_STRUCTURES):
            if s["structure_loc"][q, k] == t:
                return True
    return False


@kernel
def _upgrade_target_exists(s, p):
    for b in range(N_BOTTOM):
        if s["covered"][p, b] < BOTTOM_COST[s["mat"][p], b] - BOTTOM_FIXED[s["mat"][p], b]:
            return True
    return False


@kernel
def legal_effect(s, mask):
    """The choices of the current step; nothing legal means the step is skipped."""
    p = s["current"]
    op, amount, _ = current_step(s)
    factory = s["effect_source"] == EFFECT_FACTORY
    ctrl = new_control(s)
    if op == Op.CHOOSE:
        for k in range(amount):
            mask[A.OPTION + k] = 1
    elif factory and (op == Op.BUILD or op == Op.DEPLOY) and s["effect_sub"] == 1:
        for t in range(N_TERRITORIES):  # normal placement rules (S16.5)
            if placement_ok(s, p, t, ctrl, op == Op.BUILD):
                mask[A.LOCATION + t] = 1
    elif factory and op == Op.ANY_RESOURCES and s["effect_loc"] < 0:
        for t in range(N_TERRITORIES):  # like Trade: a controlled territory with an own worker
            if controlled_with_worker(s, p, t, ctrl):
                mask[A.LOCATION + t] = 1
    elif op == Op.COINS or op == Op.POPULARITY or op == Op.POWER or op == Op.COMBAT_CARDS or op == Op.RESOURCE:
        for k in range(amount + 1):
            mask[A.AMOUNT + k] = 1
    elif op == Op.WORKER:
        for k in range(min(amount, _mat_workers(s, p)) + 1):
            mask[A.AMOUNT + k] = 1
    elif op == Op.ANY_RESOURCES:
        mask[A.PASS] = 1
        for r in range(N_RESOURCES):
            mask[A.GAIN_RESOURCE + r] = 1
    elif op == Op.BUILD:
        room = any_placement(s, p, ctrl, True) if factory else not _structure_at(s, s["effect_loc"])
        if room:
            for k in range(N_STRUCTURES):
                if s["structure_loc"][p, k] < 0:
                    mask[A.STRUCTURE + k] = 1
    elif op == Op.DEPLOY:
        if not factory or any_placement(s, p, ctrl, False):
            for m in range(N_MECHS):
                if s["unit_loc"][p, FIRST_MECH + m] < 0:
                    mask[A.MECH + m] = 1
    elif op == Op.ENLIST:
        if s["effect_sub"] == 0:
            for k in range(N_BOTTOM):
                if s["recruited"][p, k] == 0:
                    mask[A.RECRUIT + k] = 1
        else:
            for j in range(s["one_time_used"].shape[1]):
                if s["one_time_used"][p, j] == 0:
                    mask[A.ONE_TIME + j] = 1
    elif op == Op.UPGRADE:
        if s["effect_sub"] == 0:
            if _upgrade_target_exists(s, p):
                for slot in range(N_TOP_SLOTS):
                    if s["upgraded"][p, slot] == 0:
                        mask[A.UPGRADE_FROM + slot] = 1
        else:
            for b in range(N_BOTTOM):
                if s["covered"][p, b] < BOTTOM_COST[s["mat"][p], b] - BOTTOM_FIXED[s["mat"][p], b]:
                    mask[A.UPGRADE_TO + b] = 1
    if (op == Op.BUILD or op == Op.DEPLOY or op == Op.ENLIST or op == Op.UPGRADE) and s["effect_sub"] == 0:
        for a in range(mask.shape[0]):
            if mask[a] == 1:
                mask[A.PASS] = 1  # a granted action may be declined (S15.2: benefits partially)
                break


@shell_kernel
def _has_choice(s, mask):
    """More than 'nothing' to choose: otherwise the step needs no decision."""
    mask[:] = 0
    legal_effect(s, mask)
    count = 0
    for a in range(mask.shape[0]):
        if mask[a] == 1 and a != A.PASS and a != A.AMOUNT:
            count += 1
    return count > 0


@kernel
def _next_step(s):
    s["effect_pc"] += 1
    s["effect_sub"] = 0
    if s["effect_pc"] == s["effect_jump_at"]:  # the chosen alternative is over: skip the others
        s["effect_pc"] = s["effect_jump_to"]
        s["effect_jump_at"] = -1


@kernel
def _advance(s):
    """Walk to the next step that needs a decision: WAITING, DONE or PRODUCE."""
    mask = np.zeros(A.N_ACTIONS, dtype=np.int8)
    while s["effect_pc"] < MAX_STEPS:
        op, _, _ = current_step(s)
        if op == Op.NOP:
            break
        if op == Op.PRODUCE:
            return PRODUCE
        if _has_choice(s, mask):
            s["actor"] = s["current"]
            s["phase"] = PH_EFFECT
            return WAITING
        _next_step(s)
    if s["effect_source"] == EFFECT_ENCOUNTER and _options_left(s, s["current"]) > 0:
        s["phase"] = PH_ENCOUNTER  # Meander: a second, different option (S12.4)
        return WAITING
    return DONE


@kernel
def apply_effect(s, a):
    """Apply the choice for the current step: WAITING, DONE (the program, or the game, is
    over) or PRODUCE."""
    p = s["current"]
    op, amount, operand = current_step(s)
    t = s["effect_loc"]
    done = True  # the step is complete after this action
    if a == A.PASS:
        pass
    elif op == Op.CHOOSE:  # (CHOOSE, n, w): n alternatives of w steps each follow
        header = s["effect_pc"]
        s["effect_pc"] = header + 1 + (a - A.OPTION) * operand
        s["effect_jump_at"] = s["effect_pc"] + operand
        s["effect_jump_to"] = header + 1 + amount * operand
        s["effect_sub"] = 0
        return _advance(s)
    elif op == Op.ANY_RESOURCES and t < 0:
        s["effect_loc"] = a - A.LOCATION
        done = False
    elif (op == Op.BUILD or op == Op.DEPLOY) and s["effect_source"] == EFFECT_FACTORY and s["effect_sub"] == 0:
        s["pending"] = a - (A.STRUCTURE if op == Op.BUILD else A.MECH)
        s["effect_sub"] = 1
        done = False
    elif (op == Op.BUILD or op == Op.DEPLOY) and s["effect_source"] == EFFECT_FACTORY:
        if op == Op.BUILD:
            s["structure_loc"][p, s["pending"]] = a - A.LOCATION
        else:
            s["unit_loc"][p, FIRST_MECH + s["pending"]] = a - A.LOCATION
        s["pending"] = -1
    elif op == Op.ANY_RESOURCES:
        s["resources"][t, a - A.GAIN_RESOURCE] += 1
        s["effect_sub"] += 1
        done = s["effect_sub"] >= amount
    elif op == Op.ENLIST:
        if s["effect_sub"] == 0:
            s["pending"] = a - A.RECRUIT
            s["effect_sub"] = 1
            done = False
        else:
            j = a - A.ONE_TIME
            s["recruited"][p, s["pending"]] = 1
            s["one_time_used"][p, j] = 1
            gain_bonus(s, p, j, ONE_TIME_AMOUNT)
            s["pending"] = -1
    elif op == Op.UPGRADE:
        if s["effect_sub"] == 0:
            s["pending"] = a - A.UPGRADE_FROM
            s["effect_sub"] = 1
            done = False
        else:
            s["upgraded"][p, s["pending"]] = 1
            s["covered"][p, a - A.UPGRADE_TO] += 1
            s["pending"] = -1
    elif op == Op.BUILD:
        s["structure_loc"][p, a - A.STRUCTURE] = t
    elif op == Op.DEPLOY:
        s["unit_loc"][p, FIRST_MECH + a - A.MECH] = t
    else:
        k = a - A.AMOUNT
        if op == Op.COINS:
            gain_coins(s, p, k)
        elif op == Op.POPULARITY:
            gain_popularity(s, p, k)
        elif op == Op.POWER:
            gain_power(s, p, k)
        elif op == Op.COMBAT_CARDS:
            draw_cards(s, p, k)
        elif op == Op.RESOURCE:
            s["resources"][t, operand] += k
        elif op == Op.WORKER:
            for u in range(FIRST_WORKER, N_UNITS):
                if k == 0:
                    break
                if s["unit_loc"][p, u] < 0:
                    s["unit_loc"][p, u] = t
                    k -= 1
    if check_stars(s, p):
        return DONE
    if not done:
        return WAITING
    _next_step(s)
    return _advance(s)
