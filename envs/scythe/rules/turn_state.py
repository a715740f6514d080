"""The bookkeeping of the turn in progress: cleared at each new turn (S2.1)."""


from meeplegym.envs.scythe.state import PH_SECTION
from meeplegym.jit import kernel


@kernel
def reset_action(s):
    """Clear what one Move/Produce/bottom action tracks."""
    s["moves_left"] = 0
    s["moved"][:] = 0
    s["selected"] = -1
    s["steps_left"] = 0
    s["stepped"] = 0
    s["cargo_workers"][:] = 0
    s["cargo_resources"][:] = 0
    s["produce_left"] = 0
    s["mill_produced"] = 0
    s["produced"][:] = 0
    s["pending"] = -1
    s["battle_loc"] = -1
    s["battle_defender"] = -1
    s["battle_step"] = 0
    s["battle_winner"] = -1
    s["dial"][:] = 0
    s["battle_cards"][:] = 0
    s["card_limit"][:] = 0
    s["pay_resource"] = -1
    s["pay_left"] = 0
    s["take_coins"] = 0


@kernel
def reset_turn(s):
    s["section"] = -1
    s["actor"] = s["current"]
    s["move_origin"][:] = -1
    s["window"] = 0
    s["retreats_forced"] = 0
    s["coercion_used"] = 0
    s["effect_source"] = 0
    s["effect_card"] = -1
    s["effect_option"] = -1
    s["effect_pc"] = 0
    s["effect_sub"] = 0
    s["effect_loc"] = -1
    s["options_taken"] = 0
    s["effect_jump_at"] = -1
    s["effect_jump_to"] = -1
    s["produce_free"] = 0
    s["factory_move"] = 0
    s["phase"] = PH_SECTION
    reset_action(s)


@kernel
def end_turn(s):
    """The action token stays on the chosen section; play passes clockwise (S0.9, S2.1)."""
    p = s["current"]
    s["last_section"][p] = s["section"]
    s["turn"] += 1
    s["current"] = (p + 1) % s["n_players"]
    reset_turn(s)
