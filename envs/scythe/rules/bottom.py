"""Bottom-row actions: payment (S0.7), Upgrade (S7), Deploy (S8), Build (S9), Enlist (S10),
recruit ongoing bonuses (S11) and the end-of-action star order (S19.2)."""


from meeplegym.envs.scythe import actions as A
from meeplegym.envs.scythe.data import BottomAction
from meeplegym.envs.scythe.rules.board import controlled_total, controlled_with_worker, new_control
from meeplegym.envs.scythe.rules.gains import check_stars, gain_bonus, gain_coins
from meeplegym.envs.scythe.rules.objectives import WINDOW_MIDDLE, finish_turn, open_window
from meeplegym.envs.scythe.state import (
    BOTTOM_COINS,
    BOTTOM_COST,
    BOTTOM_FIXED,
    BOTTOM_RESOURCE,
    CRIMEA,
    FIRST_MECH,
    LAKE,
    N_BOTTOM,
    N_CARD_VALUES,
    N_MAT_SECTIONS,
    N_MECHS,
    N_STRUCTURES,
    N_TERRITORIES,
    N_TOP_SLOTS,
    ONE_TIME_AMOUNT,
    PH_BOTTOM,
    PH_BUILD_LOC,
    PH_BUILD_STRUCTURE,
    PH_DEPLOY_LOC,
    PH_DEPLOY_MECH,
    PH_ENLIST_BONUS,
    PH_ENLIST_RECRUIT,
    PH_PAY,
    PH_UPGRADE_FROM,
    PH_UPGRADE_TO,
    ROB_AMOUNT,
    ROB_KIND,
    TERRAIN,
)
from meeplegym.jit import kernel, shell_kernel


@kernel
def bottom_cost(s, p, b):
    return BOTTOM_COST[s["mat"][p], b] - s["covered"][p, b]


@kernel
def coercion_available(s, p):
    """Crimea may pay one resource token with any combat card, once per turn (S12.2)."""
    if s["faction"][p] != CRIMEA or s["coercion_used"] == 1:
        return False
    for v in range(N_CARD_VALUES):
        if s["hand"][p, v] > 0:
            return True
    return False


@kernel
def can_afford_bottom(s, p, b, ctrl):
    tokens = controlled_total(s, p, BOTTOM_RESOURCE[b], ctrl)
    return tokens + (1 if coercion_available(s, p) else 0) >= bottom_cost(s, p, b)


@kernel
def begin_bottom(s):
    """After the top action (or instead of it): a reveal window, then the bottom action."""
    if s["window"] < WINDOW_MIDDLE and open_window(s, WINDOW_MIDDLE):
        return
    p = s["current"]
    b = s["section"]
    if b >= N_MAT_SECTIONS:
        s["phase"] = PH_BOTTOM  # the factory card's move: free (S16.4)
        return
    if not can_afford_bottom(s, p, b, new_control(s)):
        finish_turn(s)  # only "skip" would be legal
        return
    s["phase"] = PH_BOTTOM


@kernel
def legal_bottom(s, mask, ctrl):
    p = s["current"]
    b = s["section"]
    mask[A.PASS] = 1
    if b >= N_MAT_SECTIONS:
        mask[A.BOTTOM_TAKE] = 1
        return
    if can_afford_bottom(s, p, b, ctrl):
        mask[A.BOTTOM_TAKE] = 1
        if BOTTOM_COINS[s["mat"][p], b] > 0:
            mask[A.BOTTOM_TAKE_NO_COINS] = 1


@shell_kernel
def apply_bottom(s, a):
    if a == A.PASS:
        finish_turn(s)
        return
    p = s["current"]
    b = s["section"]
    s["take_coins"] = 1 if a == A.BOTTOM_TAKE else 0
    s["pay_resource"] = BOTTOM_RESOURCE[b]
    s["pay_left"] = bottom_cost(s, p, b)
    _continue_payment(s)


@kernel
def _continue_payment(s):
    """Ask where each token comes from, unless every controlled token must go anyway."""
    p = s["current"]
    r = s["pay_resource"]
    if s["pay_left"] > 0:
        ctrl = new_control(s)
        if controlled_total(s, p, r, ctrl) != s["pay_left"] or coercion_available(s, p):
            s["phase"] = PH_PAY
            return
        for t in range(N_TERRITORIES):
            if ctrl[t] == p:
                s["resources"][t, r] = 0
        s["pay_left"] = 0
    _begin_benefit(s)


@kernel
def legal_pay(s, mask, ctrl):
    p = s["current"]
    r = s["pay_resource"]
    for t in range(N_TERRITORIES):
        if ctrl[t] == p and s["resources"][t, r] > 0:
            mask[A.LOCATION + t] = 1
    if coercion_available(s, p):
        for v in range(N_CARD_VALUES):
            if s["hand"][p, v] > 0:
                mask[A.CARD + v] = 1


@shell_kernel
def apply_pay(s, a):
    if a >= A.CARD:  # Coercion: the card is spent to the discard pile
        v = a - A.CARD
        p = s["current"]
        s["hand"][p, v] -= 1
        s["discard"][v] += 1
        s["coercion_used"] = 1
    else:
        s["resources"][a - A.LOCATION, s["pay_resource"]] -= 1
    s["pay_left"] -= 1
    _continue_payment(s)


# ---------------------------------------------------------------- the primary benefit
@kernel
def upgrade_targets(s, p):
    """Bottom actions whose cost still has a space for an upgrade cube (S6)."""
    count = 0
    for b in range(N_BOTTOM):
        if s["covered"][p, b] < BOTTOM_COST[s["mat"][p], b] - BOTTOM_FIXED[s["mat"][p], b]:
            count += 1
    return count


@kernel
def placement_ok(s, p, t, ctrl, need_empty):
    """Deploy (S8.1) and Build (S9.1-S9.2): own worker on a controlled land territory."""
    if TERRAIN[t] == LAKE or not controlled_with_worker(s, p, t, ctrl):
        return False
    if need_empty:
        for q in range(s["n_players"]):
            for k in range(N_STRUCTURES):
                if s["structure_loc"][q, k] == t:
                    return False
    return True


@kernel
def any_placement(s, p, ctrl, need_empty):
    for t in range(N_TERRITORIES):
        if placement_ok(s, p, t, ctrl, need_empty):
            return True
    return False


@kernel
def _begin_benefit(s):
    p = s["current"]
    b = s["section"]
    ctrl = new_control(s)
    if b == BottomAction.UPGRADE:
        if upgrade_targets(s, p) > 0:
            for slot in range(N_TOP_SLOTS):
                if s["upgraded"][p, slot] == 0:
                    s["phase"] = PH_UPGRADE_FROM
                    return
    elif b == BottomAction.DEPLOY:
        for m in range(N_MECHS):
            if s["unit_loc"][p, FIRST_MECH + m] < 0 and any_placement(s, p, ctrl, False):
                s["phase"] = PH_DEPLOY_MECH
                return
    elif b == BottomAction.BUILD:
        for k in range(N_STRUCTURES):
            if s["structure_loc"][p, k] < 0 and any_placement(s, p, ctrl, True):
                s["phase"] = PH_BUILD_STRUCTURE
                return
    else:
        for k in range(N_BOTTOM):
            if s["recruited"][p, k] == 0:
                s["phase"] = PH_ENLIST_RECRUIT
                return
    _finish_bottom(s)  # nothing left to gain: coins and recruit bonuses still come (E11, E17)


@kernel
def legal_benefit(s, mask, ctrl):
    p = s["current"]
    ph = s["phase"]
    if ph == PH_UPGRADE_FROM:
        mask[A.PASS] = 1
        for slot in range(N_TOP_SLOTS):
            if s["upgraded"][p, slot] == 0:
                mask[A.UPGRADE_FROM + slot] = 1
    elif ph == PH_UPGRADE_TO:
        for b in range(N_BOTTOM):
            if s["covered"][p, b] < BOTTOM_COST[s["mat"][p], b] - BOTTOM_FIXED[s["mat"][p], b]:
                mask[A.UPGRADE_TO + b] = 1
    elif ph == PH_DEPLOY_MECH:
        mask[A.PASS] = 1
        for m in range(N_MECHS):
            if s["unit_loc"][p, FIRST_MECH + m] < 0:
                mask[A.MECH + m] = 1
    elif ph == PH_BUILD_STRUCTURE:
        mask[A.PASS] = 1
        for k in range(N_STRUCTURES):
            if s["structure_loc"][p, k] < 0:
                mask[A.STRUCTURE + k] = 1
    elif ph == PH_DEPLOY_LOC or ph == PH_BUILD_LOC:
        for t in range(N_TERRITORIES):
            if placement_ok(s, p, t, ctrl, ph == PH_BUILD_LOC):
                mask[A.LOCATION + t] = 1
    elif ph == PH_ENLIST_RECRUIT:
        mask[A.PASS] = 1
        for k in range(N_BOTTOM):
            if s["recruited"][p, k] == 0:
                mask[A.RECRUIT + k] = 1
    elif ph == PH_ENLIST_BONUS:
        for j in range(s["one_time_used"].shape[1]):
            if s["one_time_used"][p, j] == 0:
                mask[A.ONE_TIME + j] = 1


@kernel
def apply_benefit(s, a):
    p = s["current"]
    ph = s["phase"]
    if a == A.PASS:
        _finish_bottom(s)
    elif ph == PH_UPGRADE_FROM:
        s["pending"] = a - A.UPGRADE_FROM
        s["phase"] = PH_UPGRADE_TO
    elif ph == PH_UPGRADE_TO:
        s["upgraded"][p, s["pending"]] = 1  # S7.1-S7.2
        s["covered"][p, a - A.UPGRADE_TO] += 1
        _finish_bottom(s)
    elif ph == PH_DEPLOY_MECH:
        s["pending"] = a - A.MECH
        s["phase"] = PH_DEPLOY_LOC
    elif ph == PH_DEPLOY_LOC:
        s["unit_loc"][p, FIRST_MECH + s["pending"]] = a - A.LOCATION
        _finish_bottom(s)
    elif ph == PH_BUILD_STRUCTURE:
        s["pending"] = a - A.STRUCTURE
        s["phase"] = PH_BUILD_LOC
    elif ph == PH_BUILD_LOC:
        s["structure_loc"][p, s["pending"]] = a - A.LOCATION
        _finish_bottom(s)
    elif ph == PH_ENLIST_RECRUIT:
        s["pending"] = a - A.RECRUIT
        s["phase"] = PH_ENLIST_BONUS
    elif ph == PH_ENLIST_BONUS:
        slot = a - A.ONE_TIME
        s["recruited"][p, s["pending"]] = 1  # S10.1-S10.2
        s["one_time_used"][p, slot] = 1
        gain_bonus(s, p, slot, ONE_TIME_AMOUNT)
        _finish_bottom(s)


@kernel
def _finish_bottom(s):
    """Coins, then ROBs and stars in the binding order of S19.2: active, left, right."""
    p = s["current"]
    b = s["section"]
    n = s["n_players"]
    if s["take_coins"] == 1:
        gain_coins(s, p, BOTTOM_COINS[s["mat"][p], b])
    if s["recruited"][p, b] == 1:
        gain_bonus(s, p, ROB_KIND[b], ROB_AMOUNT[b])
    if check_stars(s, p):
        return
    left = (p + 1) % n
    right = (p + n - 1) % n
    for i in range(1 if left == right else 2):  # two players: the opponent gains once (S11.4)
        q = left if i == 0 else right
        if s["recruited"][q, b] == 1:
            gain_bonus(s, q, ROB_KIND[b], ROB_AMOUNT[b])
            if check_stars(s, q):
                return
    finish_turn(s)

