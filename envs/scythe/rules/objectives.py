"""Objectives (S17): the 23 conditions (data.ObjectiveCondition) and the reveal windows.

A player may reveal a card whose condition holds at three points of their own turn: after
placing the action token (before the top action), before the bottom action, and at the end of
the turn, the only point where "end of turn" conditions count (S17.3, spec A.1 steps 2, 7, 9).
A window is offered only when some held card can be revealed, so it costs no decision
otherwise. A reveal places a star (S18); others discard both cards, Saxony keeps the second
and may complete it too (S12.5 [DECISION]: at most 2 objective stars).
"""

import numpy as np

from meeplegym.envs.scythe import actions as A
from meeplegym.envs.scythe import data
from meeplegym.envs.scythe.rules.board import controlled_total, count_set, mechs_deployed, new_control, structures_built, units_at, workers_off_mat
from meeplegym.envs.scythe.rules.gains import end_game, star_count
from meeplegym.envs.scythe.rules.turn_state import end_turn
from meeplegym.envs.scythe.state import (
    FACTORY,
    FIRST_MECH,
    FIRST_WORKER,
    IS_TUNNEL,
    LAKE,
    N_BOTTOM,
    N_CARD_VALUES,
    N_RESOURCES,
    N_STRUCTURES,
    N_TERRITORIES,
    N_TOP_SLOTS,
    N_UNITS,
    NEIGHBOURS,
    PH_OBJECTIVE,
    SAXONY,
    STAR_COMBAT,
    STAR_OBJECTIVE,
    STARS_TO_END,
    TERRAIN,
)
from meeplegym.jit import kernel, shell_kernel

C = data.ObjectiveCondition
CONDITION = data.OBJECTIVE_CONDITION
END_OF_TURN_ONLY = (data.OBJECTIVE_TIMING == int(data.ObjectiveTiming.END_OF_TURN)).astype(np.int8)
PARAMS = data.OBJECTIVE_PARAMS
_COL = {name: i for i, name in enumerate(data.OBJECTIVE_PARAM_FIELDS)}
TERRAIN_COL = _COL["terrain"]
COUNT = _COL["count"]
MIN_POWER = _COL["min_power"]
MAX_POWER = _COL["max_power"]
MIN_POPULARITY = _COL["min_popularity"]
MIN_COINS = _COL["min_coins"]
MAX_COINS = _COL["max_coins"]
MIN_WORKERS = _COL["min_workers"]
MAX_WORKERS = _COL["max_workers"]
MIN_MECHS = _COL["min_mechs"]
MAX_MECHS = _COL["max_mechs"]
MIN_STRUCTURES = _COL["min_structures"]
MIN_UPGRADES = _COL["min_upgrades"]
MAX_UPGRADES = _COL["max_upgrades"]
MIN_RECRUITS = _COL["min_recruits"]
MIN_EACH = _COL["min_each_resource"]
MIN_CARDS = _COL["min_combat_cards"]
MIN_COMBAT_STARS = _COL["min_combat_stars"]
MECHS_HERE = _COL["mechs_here"]
WORKERS_HERE = _COL["workers_here"]
FACTORY_CARD = _COL["factory_card"]
MAX_OBJECTIVE_STARS_SAXONY = 2

WINDOW_START = 1  # after the section choice
WINDOW_MIDDLE = 2  # before the bottom action
WINDOW_END = 3  # end of turn


# ---------------------------------------------------------------- counting helpers
@kernel
def _pieces_on(s, p, t):
    """Character, mechs, workers and structures of p on territory t."""
    n = 0
    for u in range(N_UNITS):
        if s["unit_loc"][p, u] == t:
            n += 1
    for k in range(N_STRUCTURES):
        if s["structure_loc"][p, k] == t:
            n += 1
    return n


@kernel
def _tokens(s, t):
    total = 0
    for r in range(N_RESOURCES):
        total += s["resources"][t, r]
    return total


@kernel
def _at_least(value, param):
    return param < 0 or value >= param


@kernel
def _at_most(value, param):
    return param < 0 or value <= param


# ---------------------------------------------------------------- the conditions (D8)
@kernel
def condition_holds(s, p, card):
    """Does objective card `card` (0-based) hold for seat p right now?"""
    cond = CONDITION[card]
    prm = PARAMS[card]
    ctrl = new_control(s)
    workers = workers_off_mat(s, p)
    mechs = mechs_deployed(s, p)
    if prm[FACTORY_CARD] >= 0 and (s["factory_card"][p] >= 0) != (prm[FACTORY_CARD] == 1):
        return False
    if cond == C.CONTROL_3_MOUNTAINS or cond == C.CONTROL_3_FARMS or cond == C.CONTROL_3_TUNDRAS \
            or cond == C.CONTROL_3_FORESTS or cond == C.CONTROL_3_VILLAGES:
        n = 0
        for t in range(N_TERRITORIES):
            if ctrl[t] == p and TERRAIN[t] == prm[TERRAIN_COL]:
                n += 1
        return n >= prm[COUNT]
    if cond == C.CONTROL_3_TUNNELS:
        n = 0
        for t in range(N_TERRITORIES):
            if ctrl[t] == p and IS_TUNNEL[t] == 1:  # a Mine is no tunnel here ([DECISION] D8)
                n += 1
        return n >= prm[COUNT]
    if cond == C.FACTORY_AND_MOST_POWER:
        if ctrl[FACTORY] != p:
            return False
        for q in range(s["n_players"]):
            if s["power"][q] > s["power"][p]:
                return False
        return True
    if cond == C.FORCED_RETREAT_AND_POWER:
        return s["retreats_forced"] >= prm[COUNT] and s["power"][p] >= prm[MIN_POWER]
    if cond == C.FACTORY_CARD_MECH_FEW_WORKERS:
        return _at_least(mechs, prm[MIN_MECHS]) and _at_most(workers, prm[MAX_WORKERS])
    if cond == C.POOR_POPULAR_WORKFORCE or cond == C.PACIFIST:
        return (
            _at_most(s["coins"][p], prm[MAX_COINS])
            and _at_least(workers, prm[MIN_WORKERS])
            and _at_least(s["popularity"][p], prm[MIN_POPULARITY])
            and _at_most(s["power"][p], prm[MAX_POWER])
        )
    if cond == C.STOCKPILE_ALL_TYPES:
        for t in range(N_TERRITORIES):
            if ctrl[t] == p and _tokens(s, t) >= prm[COUNT]:
                every = True
                for r in range(N_RESOURCES):
                    if s["resources"][t, r] < prm[MIN_EACH]:
                        every = False
                if every:
                    return True
        return False
    if cond == C.COINS_20:
        return s["coins"][p] >= prm[MIN_COINS]
    if cond == C.SIX_PIECES_ON_ONE_TERRITORY:
        for t in range(N_TERRITORIES):
            if _pieces_on(s, p, t) >= prm[COUNT]:
                return True
        return False
    if cond == C.ONE_OF_EVERYTHING:
        if not (
            _at_least(count_set(s["upgraded"][p], N_TOP_SLOTS), prm[MIN_UPGRADES])
            and _at_least(mechs, prm[MIN_MECHS])
            and _at_least(structures_built(s, p), prm[MIN_STRUCTURES])
            and _at_least(count_set(s["recruited"][p], N_BOTTOM), prm[MIN_RECRUITS])
        ):
            return False
        for r in range(N_RESOURCES):
            if controlled_total(s, p, r, ctrl) < prm[MIN_EACH]:
                return False
        return True
    if cond == C.WORKERS_EQUAL_RECRUITS:
        return workers == count_set(s["recruited"][p], N_BOTTOM)
    if cond == C.CHARACTER_MECH_WORKER_TOKENS:
        t = s["unit_loc"][p, 0]
        return (
            0 <= t < N_TERRITORIES
            and ctrl[t] == p
            and units_at(s, p, t, FIRST_MECH, FIRST_WORKER) == prm[MECHS_HERE]
            and units_at(s, p, t, FIRST_WORKER, N_UNITS) == prm[WORKERS_HERE]
            and _tokens(s, t) >= prm[COUNT]
        )
    if cond == C.FACTORY_NEIGHBOURS_NO_CARD:
        n = 0
        for k in range(NEIGHBOURS.shape[1]):
            t = NEIGHBOURS[FACTORY, k]
            if 0 <= t < N_TERRITORIES and ctrl[t] == p:
                n += 1
        return n >= prm[COUNT]
    if cond == C.LAKE_SHORE:
        for lake in range(N_TERRITORIES):
            if TERRAIN[lake] != LAKE:
                continue
            n = 0
            for k in range(NEIGHBOURS.shape[1]):
                t = NEIGHBOURS[lake, k]
                if 0 <= t < N_TERRITORIES and ctrl[t] == p:
                    n += 1
            if n >= prm[COUNT]:
                return True
        return False
    if cond == C.STRUCTURES_NO_MECHS:
        return (
            _at_least(structures_built(s, p), prm[MIN_STRUCTURES])
            and _at_least(s["popularity"][p], prm[MIN_POPULARITY])
            and _at_most(mechs, prm[MAX_MECHS])
        )
    if cond == C.NINE_OF_ONE_RESOURCE:
        for r in range(N_RESOURCES):
            if controlled_total(s, p, r, ctrl) >= prm[COUNT]:
                return True
        return False
    if cond == C.FACTORY_CARD_NO_UPGRADES:
        return _at_most(count_set(s["upgraded"][p], N_TOP_SLOTS), prm[MAX_UPGRADES])
    # HAND_AND_COMBAT_VICTORY
    held = 0
    for v in range(N_CARD_VALUES):
        held += s["hand"][p, v]
    return held >= prm[MIN_CARDS] and s["stars"][p, STAR_COMBAT] >= prm[MIN_COMBAT_STARS]


# ---------------------------------------------------------------- windows
@kernel
def _may_score(s, p):
    limit = MAX_OBJECTIVE_STARS_SAXONY if s["faction"][p] == SAXONY else 1
    return s["stars"][p, STAR_OBJECTIVE] < limit and star_count(s, p) < STARS_TO_END


@kernel
def revealable(s, p, k):
    """May p reveal the objective in hand slot k in the current window?"""
    card = s["objectives"][p, k]
    if card < 0 or not _may_score(s, p):
        return False
    if END_OF_TURN_ONLY[card] == 1 and s["window"] != WINDOW_END:
        return False
    return condition_holds(s, p, card)


@kernel
def open_window(s, window):
    """Enter a reveal window; True when a reveal is possible and the player is asked."""
    s["window"] = window
    p = s["current"]
    for k in range(2):
        if revealable(s, p, k):
            s["actor"] = p
            s["phase"] = PH_OBJECTIVE
            return True
    return False


@shell_kernel
def legal_objective(s, mask):
    mask[A.PASS] = 1
    for k in range(2):
        if revealable(s, s["current"], k):
            mask[A.REVEAL_OBJECTIVE + k] = 1


@shell_kernel
def apply_objective(s, a):
    """Reveal (or not). True when the window is over and the turn goes on."""
    if a == A.PASS:
        return True
    p = s["current"]
    k = a - A.REVEAL_OBJECTIVE
    _discard(s, s["objectives"][p, k])
    s["objectives"][p, k] = -1
    if s["faction"][p] != SAXONY:
        for j in range(2):
            if s["objectives"][p, j] >= 0:
                _discard(s, s["objectives"][p, j])
                s["objectives"][p, j] = -1
    s["stars"][p, STAR_OBJECTIVE] += 1
    if star_count(s, p) >= STARS_TO_END:
        end_game(s)
        return True
    return not open_window(s, s["window"])  # Saxony may reveal the second card at once


@kernel
def _discard(s, card):
    """To the bottom of the objective deck (S17.2); the deck's top is its last card."""
    size = s["objective_deck_size"]
    for i in range(size, 0, -1):
        s["objective_deck"][i] = s["objective_deck"][i - 1]
    s["objective_deck"][0] = card
    s["objective_deck_size"] = size + 1


@kernel
def finish_turn(s):
    """The end-of-turn window, then play passes on."""
    if s["window"] < WINDOW_END and open_window(s, WINDOW_END):
        return
    end_turn(s)


