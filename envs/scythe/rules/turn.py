"""The decision dispatcher: which block of the action space is live, and what an action does."""


from meeplegym.envs.scythe.actions import PASS as PASS_ACTION

from meeplegym.envs.scythe.rules.board import new_control, new_occupancy
from meeplegym.envs.scythe.rules.bottom import (
    apply_benefit,
    apply_bottom,
    apply_pay,
    begin_bottom,
    legal_benefit,
    legal_bottom,
    legal_pay,
)
from meeplegym.envs.scythe import actions as A
from meeplegym.envs.scythe.rules.combat import advance_battle, apply_battle, legal_battle, legal_combat_order, start_battle
from meeplegym.envs.scythe.rules.effects import DONE, apply_effect, apply_encounter, legal_effect, legal_encounter
from meeplegym.envs.scythe.rules.move import (
    after_combats,
    after_encounter,
    apply_factory_pick,
    apply_move,
    begin_factory_move,
    legal_factory_pick,
    legal_move_select,
    legal_move_unit,
)
from meeplegym.envs.scythe.rules.objectives import WINDOW_MIDDLE, WINDOW_START, apply_objective, legal_objective
from meeplegym.envs.scythe.rules.turn_state import end_turn
from meeplegym.envs.scythe.rules.top import (
    apply_factory_card_cost,
    continue_factory_program,
    legal_factory_card_cost,
    apply_produce,
    begin_top,
    apply_section,
    apply_top,
    apply_trade_loc,
    legal_produce,
    legal_section,
    legal_top,
    legal_trade_loc,
)
from meeplegym.envs.scythe.state import (
    PH_ARTILLERY,
    PH_BOTTOM,
    PH_CARDS,
    PH_COMBAT_ORDER,
    PH_DIAL,
    EFFECT_ENCOUNTER,
    FACTORY_SECTION,
    PH_EFFECT,
    PH_ENCOUNTER,
    PH_FACTORY_CARD_COST,
    PH_FACTORY_PICK,
    PH_RETREAT,
    PH_GAME_OVER,
    PH_MOVE_SELECT,
    PH_MOVE_UNIT,
    PH_OBJECTIVE,
    PH_PAY,
    PH_PRODUCE_AMOUNT,
    PH_PRODUCE_SELECT,
    PH_SECTION,
    PH_TOP,
    PH_TRADE_LOC,
)
from meeplegym.jit import kernel, shell_kernel


@kernel
def legal(s, mask):
    """mask[a] = 1 for each legal action of the seat to act; all zero once the game is over."""
    mask[:] = 0
    ph = s["phase"]
    if ph == PH_GAME_OVER:
        return
    if ph == PH_SECTION:
        legal_section(s, mask)
        return
    if ph == PH_COMBAT_ORDER:
        legal_combat_order(s, mask)
        return
    if ph == PH_OBJECTIVE:
        legal_objective(s, mask)
        return
    if ph == PH_ENCOUNTER:
        legal_encounter(s, mask)
        return
    if ph == PH_EFFECT:
        legal_effect(s, mask)
        return
    if ph == PH_FACTORY_PICK:
        legal_factory_pick(s, mask)
        return
    if ph == PH_FACTORY_CARD_COST:
        legal_factory_card_cost(s, mask)
        return
    if ph == PH_ARTILLERY or ph == PH_DIAL or ph == PH_CARDS or ph == PH_RETREAT:
        legal_battle(s, mask)
        return
    ctrl = new_control(s)
    if ph == PH_MOVE_SELECT or ph == PH_MOVE_UNIT:
        combat_units, workers = new_occupancy(s)
        if ph == PH_MOVE_SELECT:
            legal_move_select(s, mask, combat_units, workers, ctrl)
        else:
            legal_move_unit(s, mask, combat_units, workers, ctrl)
        return
    if ph == PH_TOP:
        legal_top(s, mask, ctrl)
    elif ph == PH_TRADE_LOC:
        legal_trade_loc(s, mask, ctrl)
    elif ph == PH_PRODUCE_SELECT or ph == PH_PRODUCE_AMOUNT:
        legal_produce(s, mask, ctrl)
    elif ph == PH_BOTTOM:
        legal_bottom(s, mask, ctrl)
    elif ph == PH_PAY:
        legal_pay(s, mask, ctrl)
    else:
        legal_benefit(s, mask, ctrl)


@kernel
def apply(s, a):
    """Apply a legal action (callers check legality first: see engine.step)."""
    ph = s["phase"]
    if ph == PH_SECTION:
        apply_section(s, a)
    elif ph == PH_TOP:
        apply_top(s, a)
    elif ph == PH_MOVE_SELECT or ph == PH_MOVE_UNIT:
        apply_move(s, a)
    elif ph == PH_TRADE_LOC:
        apply_trade_loc(s, a)
    elif ph == PH_PRODUCE_SELECT or ph == PH_PRODUCE_AMOUNT:
        apply_produce(s, a)
    elif ph == PH_BOTTOM:
        if s["section"] == FACTORY_SECTION and a != PASS_ACTION:
            begin_factory_move(s)
        else:
            apply_bottom(s, a)
    elif ph == PH_PAY:
        apply_pay(s, a)
    elif ph == PH_COMBAT_ORDER:
        start_battle(s, a - A.LOCATION)
        if advance_battle(s):
            _combats_done(s)
    elif ph == PH_ARTILLERY or ph == PH_DIAL or ph == PH_CARDS or ph == PH_RETREAT:
        if apply_battle(s, a):
            _combats_done(s)
    elif ph == PH_OBJECTIVE:
        if apply_objective(s, a) and s["terminal"] == 0:
            _after_window(s)
    elif ph == PH_ENCOUNTER:
        if apply_encounter(s, a) == DONE and s["terminal"] == 0:
            after_encounter(s)
    elif ph == PH_EFFECT:
        result = apply_effect(s, a)
        if s["effect_source"] == EFFECT_ENCOUNTER:
            if result == DONE and s["terminal"] == 0:
                after_encounter(s)
        else:
            continue_factory_program(s, result)
    elif ph == PH_FACTORY_PICK:
        apply_factory_pick(s, a)
    elif ph == PH_FACTORY_CARD_COST:
        apply_factory_card_cost(s, a)
    elif ph != PH_GAME_OVER:
        apply_benefit(s, a)


@shell_kernel
def _combats_done(s):
    if s["terminal"] == 0:
        after_combats(s)




@shell_kernel
def _after_window(s):
    """Carry on from where the reveal window interrupted the turn."""
    if s["window"] == WINDOW_START:
        begin_top(s)
    elif s["window"] == WINDOW_MIDDLE:
        begin_bottom(s)
    else:
        end_turn(s)
