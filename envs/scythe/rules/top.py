"""The section choice (S2.1) and the top-row actions: Move/Gain (S3), Bolster (S4), Trade (S5),
Produce (S6), with their structure bonuses (S9.5)."""


from meeplegym.envs.scythe import actions as A
from meeplegym.envs.scythe.data import FACTORY_COST, CostKind, Structure, TopAction, UpgradeSlot
from meeplegym.envs.scythe.rules.board import controlled_with_worker, new_control, workers_off_mat, workers_on_territory
from meeplegym.envs.scythe.rules.bottom import begin_bottom
from meeplegym.envs.scythe.rules.gains import check_stars, draw_cards, gain_coins, gain_popularity, gain_power
from meeplegym.envs.scythe.rules.effects import PRODUCE, WAITING, begin_factory_program, current_step
from meeplegym.envs.scythe.rules.move import begin_move
from meeplegym.envs.scythe.rules.objectives import WINDOW_START, open_window
from meeplegym.envs.scythe.state import (
    FACTORY_SECTION,
    FIRST_WORKER,
    MAT_TOP,
    N_CARD_VALUES,
    N_MAT_SECTIONS,
    N_TERRITORIES,
    N_UNITS,
    PH_FACTORY_CARD_COST,
    PH_PRODUCE_AMOUNT,
    PH_PRODUCE_SELECT,
    PH_TOP,
    PH_TRADE_LOC,
    PRODUCE_COST,
    PRODUCT,
    RUSVIET,
    SLOT_VALUE,
    TERRAIN,
    VILLAGE,
)
from meeplegym.jit import kernel, shell_kernel

TRADE_PAIRS = A.TRADE_PAIRS
_PAIR_FIRST = tuple(pair[0] for pair in TRADE_PAIRS)
_PAIR_SECOND = tuple(pair[1] for pair in TRADE_PAIRS)
MILL = int(Structure.MILL)


@kernel
def slot_value(s, p, slot):
    return SLOT_VALUE[slot, s["upgraded"][p, slot]]


# ---------------------------------------------------------------- section
@kernel
def legal_section(s, mask):
    p = s["current"]
    sections = N_MAT_SECTIONS + (1 if s["factory_card"][p] >= 0 else 0)  # the card: a 5th (S2.2)
    for k in range(sections):
        # a different section each turn, except Rusviet's Relentless (S2.1, S12.1)
        if k != s["last_section"][p] or s["faction"][p] == RUSVIET:
            mask[A.SECTION + k] = 1


@shell_kernel
def apply_section(s, a):
    s["section"] = a - A.SECTION
    if not open_window(s, WINDOW_START):
        begin_top(s)


@kernel
def top_action(s):
    return MAT_TOP[s["mat"][s["current"]], s["section"]]


@kernel
def begin_top(s):
    s["phase"] = PH_TOP
    if s["section"] == FACTORY_SECTION:
        if not factory_cost_payable(s, s["current"]):
            begin_bottom(s)
        return
    ctrl = new_control(s)
    for option in range(A.TOP_PRODUCE + 1):
        if top_option_legal(s, option, ctrl):
            return
    begin_bottom(s)  # only "skip" would be legal


@kernel
def produce_cost_payable(s, p):
    w = workers_off_mat(s, p)
    return (
        s["power"][p] >= PRODUCE_COST[w, 0]
        and s["popularity"][p] >= PRODUCE_COST[w, 1]
        and s["coins"][p] >= PRODUCE_COST[w, 2]
    )


@kernel
def top_option_legal(s, option, ctrl):
    p = s["current"]
    top = top_action(s)
    coins = s["coins"][p]
    if top == TopAction.MOVE:
        return option == A.TOP_MOVE or option == A.TOP_GAIN
    if top == TopAction.BOLSTER:
        return (option == A.TOP_POWER or option == A.TOP_CARDS) and coins >= 1
    if top == TopAction.TRADE:
        if coins < 1:
            return False
        if option == A.TOP_POPULARITY:
            return True
        if A.TOP_TRADE_PAIR <= option < A.TOP_PRODUCE:
            for t in range(N_TERRITORIES):
                if controlled_with_worker(s, p, t, ctrl):
                    return True  # S5.2: somewhere to put the tokens
        return False
    return option == A.TOP_PRODUCE and produce_cost_payable(s, p)


@kernel
def factory_cost_payable(s, p):
    card = s["factory_card"][p]
    for part in range(FACTORY_COST.shape[1]):
        kind = FACTORY_COST[card, part, 0]
        amount = FACTORY_COST[card, part, 1]
        if kind == CostKind.COINS and s["coins"][p] < amount:
            return False
        if kind == CostKind.POPULARITY and s["popularity"][p] < amount:
            return False
        if kind == CostKind.POWER and s["power"][p] < amount:
            return False
        if kind == CostKind.COMBAT_CARD:
            held = 0
            for v in range(N_CARD_VALUES):
                held += s["hand"][p, v]
            if held < amount:
                return False
    return True


@kernel
def legal_top(s, mask, ctrl):
    mask[A.PASS] = 1
    if s["section"] == FACTORY_SECTION:
        if factory_cost_payable(s, s["current"]):
            mask[A.FACTORY_TOP] = 1
        return
    for option in range(A.TOP_PRODUCE + 1):
        if top_option_legal(s, option, ctrl):
            mask[A.TOP + option] = 1


@kernel
def _finish_top(s):
    """Stars for what the top action gave (S18.2), then the bottom action."""
    if not check_stars(s, s["current"]):
        begin_bottom(s)


@kernel
def apply_top(s, a):
    p = s["current"]
    if a == A.PASS:
        begin_bottom(s)
        return
    if a == A.FACTORY_TOP:
        _pay_factory_cost(s, p)
        return
    option = a - A.TOP
    if option == A.TOP_MOVE:
        begin_move(s, slot_value(s, p, UpgradeSlot.MOVE_UNITS))
    elif option == A.TOP_GAIN:
        gain_coins(s, p, slot_value(s, p, UpgradeSlot.MOVE_COINS))
        _finish_top(s)
    elif option == A.TOP_POWER or option == A.TOP_CARDS:
        gain_coins(s, p, -1)
        if option == A.TOP_POWER:
            gain_power(s, p, slot_value(s, p, UpgradeSlot.BOLSTER_POWER))
        else:
            draw_cards(s, p, slot_value(s, p, UpgradeSlot.BOLSTER_CARDS))
        if s["structure_loc"][p, Structure.MONUMENT] >= 0:
            gain_popularity(s, p, 1)  # S4.2
        _finish_top(s)
    elif option == A.TOP_POPULARITY:
        gain_coins(s, p, -1)
        gain_popularity(s, p, slot_value(s, p, UpgradeSlot.TRADE_POPULARITY))
        _armory(s, p)
        _finish_top(s)
    elif option < A.TOP_PRODUCE:
        gain_coins(s, p, -1)
        s["pending"] = option - A.TOP_TRADE_PAIR
        s["phase"] = PH_TRADE_LOC
    else:
        w = workers_off_mat(s, p)  # S6.1: cost from the track before producing
        gain_power(s, p, -PRODUCE_COST[w, 0])
        gain_popularity(s, p, -PRODUCE_COST[w, 1])
        gain_coins(s, p, -PRODUCE_COST[w, 2])
        s["produce_left"] = slot_value(s, p, UpgradeSlot.PRODUCE_TERRITORIES)
        s["mill_produced"] = 0
        s["produced"][:] = 0
        _next_produce(s)


@shell_kernel
def _pay_factory_cost(s, p):
    """Coins, popularity and power at once; a combat card is a choice (S16.4)."""
    card = s["factory_card"][p]
    cards = 0
    for part in range(FACTORY_COST.shape[1]):
        kind = FACTORY_COST[card, part, 0]
        amount = FACTORY_COST[card, part, 1]
        if kind == CostKind.COINS:
            gain_coins(s, p, -amount)
        elif kind == CostKind.POPULARITY:
            gain_popularity(s, p, -amount)
        elif kind == CostKind.POWER:
            gain_power(s, p, -amount)
        elif kind == CostKind.COMBAT_CARD:
            cards += amount
    if cards > 0:
        s["pending"] = cards
        s["phase"] = PH_FACTORY_CARD_COST
        return
    continue_factory_program(s, begin_factory_program(s))


@kernel
def legal_factory_card_cost(s, mask):
    p = s["current"]
    for v in range(N_CARD_VALUES):
        if s["hand"][p, v] > 0:
            mask[A.CARD + v] = 1


@shell_kernel
def apply_factory_card_cost(s, a):
    p = s["current"]
    v = a - A.CARD
    s["hand"][p, v] -= 1
    s["discard"][v] += 1
    s["pending"] -= 1
    if s["pending"] == 0:
        s["pending"] = -1
        continue_factory_program(s, begin_factory_program(s))


@kernel
def continue_factory_program(s, result):
    """After a step of the factory card's program: wait, finish the top action, or Produce."""
    if s["terminal"] == 1 or result == WAITING:
        return
    if result == PRODUCE:
        _, amount, _ = current_step(s)
        s["produce_free"] = 1  # no worker-track cost, no Mill (S16.5)
        s["produce_left"] = amount
        s["mill_produced"] = 0
        s["produced"][:] = 0
        _next_produce(s)
        return
    _finish_top(s)


@kernel
def _armory(s, p):
    if s["structure_loc"][p, Structure.ARMORY] >= 0:
        gain_power(s, p, 1)  # S5.3


# ---------------------------------------------------------------- Trade target
@kernel
def legal_trade_loc(s, mask, ctrl):
    p = s["current"]
    for t in range(N_TERRITORIES):
        if controlled_with_worker(s, p, t, ctrl):
            mask[A.LOCATION + t] = 1


@shell_kernel
def apply_trade_loc(s, a):
    p = s["current"]
    t = a - A.LOCATION
    pair = s["pending"]
    s["resources"][t, _PAIR_FIRST[pair]] += 1  # both tokens on one territory ([DECISION] S5.2)
    s["resources"][t, _PAIR_SECOND[pair]] += 1
    s["pending"] = -1
    _armory(s, p)
    _finish_top(s)


# ---------------------------------------------------------------- Produce
@kernel
def produce_capacity(s, p, t):
    """How many units territory t yields for p now: one per worker, +1 for p's Mill (S6.2-S6.4)."""
    terrain = TERRAIN[t]
    if terrain != VILLAGE and PRODUCT[terrain] < 0:
        return 0
    n = workers_on_territory(s, p, t)
    if s["structure_loc"][p, MILL] == t and s["produce_free"] == 0:
        n += 1
    if terrain == VILLAGE:  # new workers come from the mat, while any are left (E16)
        n = min(n, N_UNITS - FIRST_WORKER - workers_off_mat(s, p))
    return n


@kernel
def _selectable(s, p, t, ctrl):
    if ctrl[t] != p or s["produced"][t] == 1 or produce_capacity(s, p, t) == 0:
        return False
    if s["structure_loc"][p, MILL] == t and s["produce_free"] == 0:
        return s["mill_produced"] == 0  # the Mill's territory is an extra one (S6.4)
    return s["produce_left"] > 0


@kernel
def _next_produce(s):
    p = s["current"]
    ctrl = new_control(s)
    for t in range(N_TERRITORIES):
        if _selectable(s, p, t, ctrl):
            s["phase"] = PH_PRODUCE_SELECT
            return
    _finish_top(s)


@kernel
def legal_produce(s, mask, ctrl):
    p = s["current"]
    if s["phase"] == PH_PRODUCE_SELECT:
        mask[A.PASS] = 1
        for t in range(N_TERRITORIES):
            if _selectable(s, p, t, ctrl):
                mask[A.LOCATION + t] = 1
    else:
        for k in range(produce_capacity(s, p, s["pending"]) + 1):
            mask[A.AMOUNT + k] = 1


@kernel
def apply_produce(s, a):
    p = s["current"]
    if s["phase"] == PH_PRODUCE_SELECT:
        if a == A.PASS:
            _finish_top(s)
            return
        t = a - A.LOCATION
        if s["structure_loc"][p, MILL] == t and s["produce_free"] == 0:
            s["mill_produced"] = 1
        else:
            s["produce_left"] -= 1
        s["produced"][t] = 1
        s["pending"] = t
        s["phase"] = PH_PRODUCE_AMOUNT
        return
    t = s["pending"]
    amount = a - A.AMOUNT
    if TERRAIN[t] == VILLAGE:
        for u in range(FIRST_WORKER, N_UNITS):  # S6.3: workers leave the mat's track
            if amount == 0:
                break
            if s["unit_loc"][p, u] < 0:
                s["unit_loc"][p, u] = t
                amount -= 1
    else:
        s["resources"][t, PRODUCT[TERRAIN[t]]] += amount
    s["pending"] = -1
    if check_stars(s, p):
        return
    _next_produce(s)

