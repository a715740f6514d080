"""The Move action (S3): select a unit, load what it carries, step (twice with Speed, S13.4);
displaced workers retreat."""

import numpy as np

from meeplegym.envs.scythe import actions as A
from meeplegym.envs.scythe.rules.board import destinations, has_ability, new_control, new_occupancy
from meeplegym.envs.scythe.rules.bottom import begin_bottom
from meeplegym.envs.scythe.rules.combat import begin_combats
from meeplegym.envs.scythe.rules.effects import begin_encounter
from meeplegym.envs.scythe.rules.gains import gain_popularity
from meeplegym.envs.scythe.rules.objectives import finish_turn
from meeplegym.envs.scythe.state import (
    DROPPED_HERE,
    ABILITY_SPEED,
    CHARACTER,
    FACTION_BASE,
    FACTORY,
    FIRST_MECH,
    FIRST_WORKER,
    LAKE,
    N_LOCATIONS,
    N_RESOURCES,
    N_TERRITORIES,
    N_UNITS,
    N_WORKERS,
    PH_FACTORY_PICK,
    PH_MOVE_SELECT,
    PH_MOVE_UNIT,
    TERRAIN,
)
from meeplegym.jit import kernel, shell_kernel


@kernel
def _movable(s, combat_units, workers, ctrl, out):
    """out[u] = 1 for each unit of the mover that may still be selected (S3.2); returns count."""
    p = s["current"]
    dest = np.zeros(N_LOCATIONS, dtype=np.int8)
    count = 0
    for u in range(N_UNITS):
        out[u] = 0
        if s["moved"][u] == 0 and s["unit_loc"][p, u] >= 0:
            if destinations(s, p, u, combat_units, workers, ctrl, dest, True) > 0:
                out[u] = 1
                count += 1
    return count


@kernel
def begin_move(s, units):
    s["moves_left"] = units
    s["moved"][:] = 0
    s["move_origin"][:] = s["unit_loc"][s["current"]]
    _next_selection(s)


@kernel
def _next_selection(s):
    """Ask for the next unit, or end the Move when no selection is left (S3.13)."""
    if s["moves_left"] > 0:
        combat_units, workers = new_occupancy(s)
        movable = np.zeros(N_UNITS, dtype=np.int8)
        if _movable(s, combat_units, workers, new_control(s), movable) > 0:
            s["phase"] = PH_MOVE_SELECT
            return
    end_move(s)


@kernel
def end_move(s):
    """The Move is over: combats in the attacker's order (S14), then the rest of S3.13."""
    if not begin_combats(s):
        after_combats(s)


@kernel
def after_combats(s):
    """After all combats: the encounter (S15.1, S14.11), then the rest of the turn."""
    if not begin_encounter(s):
        after_encounter(s)


@kernel
def after_encounter(s):
    """The Factory check (S16.1): a character on the Factory may take a factory card, once."""
    p = s["current"]
    if s["unit_loc"][p, CHARACTER] == FACTORY and s["factory_card"][p] < 0 and s["factory_pool"][0] >= 0:
        s["actor"] = p
        s["phase"] = PH_FACTORY_PICK
        return
    after_factory(s)


@kernel
def after_factory(s):
    """The Move is over: the bottom action, or the end of the turn after the factory move."""
    if s["factory_move"] == 1:
        finish_turn(s)
    else:
        begin_bottom(s)


@kernel
def legal_factory_pick(s, mask):
    for k in range(s["factory_pool"].shape[0]):
        if s["factory_pool"][k] >= 0:
            mask[A.FACTORY_PICK + k] = 1


@shell_kernel
def apply_factory_pick(s, a):
    """Take one of the cards still at the Factory; the rest stay, face down (S16.1-S16.3)."""
    k = a - A.FACTORY_PICK
    pool = s["factory_pool"]
    s["factory_card"][s["current"]] = pool[k]
    for i in range(k, pool.shape[0] - 1):
        pool[i] = pool[i + 1]
    pool[pool.shape[0] - 1] = -1
    after_factory(s)


@shell_kernel
def begin_factory_move(s):
    """The factory card's bottom action: one unit, up to two territories (S16.4)."""
    s["factory_move"] = 1
    begin_move(s, 1)


@kernel
def _on_lake(x):
    return x < N_TERRITORIES and TERRAIN[x] == LAKE


@shell_kernel
def legal_move_select(s, mask, combat_units, workers, ctrl):
    mask[A.PASS] = 1
    movable = np.zeros(N_UNITS, dtype=np.int8)
    _movable(s, combat_units, workers, ctrl, movable)
    for u in range(N_UNITS):
        if movable[u] == 1:
            mask[A.UNIT + u] = 1


@kernel
def legal_move_unit(s, mask, combat_units, workers, ctrl):
    p = s["current"]
    u = s["selected"]
    x = s["unit_loc"][p, u]
    if s["stepped"] >= 1:
        mask[A.PASS] = 1  # stop after the first of two Speed steps
    if s["steps_left"] > 0:
        dest = np.zeros(N_LOCATIONS, dtype=np.int8)
        destinations(s, p, u, combat_units, workers, ctrl, dest)
        for y in range(N_LOCATIONS):
            if dest[y] == 1:
                mask[A.LOCATION + y] = 1
    may_drop = s["stepped"] >= 1 and not _on_lake(x)  # cargo may not be left on a lake (S13.2)
    # At a stop, loading comes before dropping (stepped == DROPPED_HERE after a drop): every
    # cargo change is still reachable, and a drop can never be undone by a load, which would
    # return the game to the same position without end.
    may_load = s["stepped"] != DROPPED_HERE
    if FIRST_MECH <= u < FIRST_WORKER:  # mechs transport their owner's workers (S3.4)
        for w in range(N_WORKERS):
            if s["cargo_workers"][w] == 0 and s["unit_loc"][p, FIRST_WORKER + w] == x and may_load:
                mask[A.LOAD_WORKER + w] = 1
            elif s["cargo_workers"][w] == 1 and may_drop:
                mask[A.DROP_WORKER + w] = 1
    if x < N_TERRITORIES:  # any unit carries resources (S3.3)
        for r in range(N_RESOURCES):
            left = s["resources"][x, r] - s["cargo_resources"][r] if may_load else 0
            if left > 0:
                mask[A.LOAD_RESOURCE + r] = 1
            if left > 1:
                mask[A.LOAD_ALL + r] = 1
            if s["cargo_resources"][r] > 0 and may_drop:
                mask[A.DROP_RESOURCE + r] = 1


@kernel
def apply_move(s, a):
    p = s["current"]
    if s["phase"] == PH_MOVE_SELECT:
        if a == A.PASS:
            end_move(s)
            return
        u = a - A.UNIT
        s["selected"] = u
        s["cargo_workers"][:] = 0
        s["cargo_resources"][:] = 0
        s["stepped"] = 0
        s["steps_left"] = (2 if u < FIRST_WORKER and has_ability(s, p, ABILITY_SPEED) else 1) + s["factory_move"]
        s["phase"] = PH_MOVE_UNIT
        return
    u = s["selected"]
    x = s["unit_loc"][p, u]
    if a == A.PASS:
        _finish_unit(s)
    elif a < A.LOAD_RESOURCE:
        s["cargo_workers"][a - A.LOAD_WORKER] = 1
    elif a < A.LOAD_ALL:
        s["cargo_resources"][a - A.LOAD_RESOURCE] += 1
    elif a < A.LOCATION:
        r = a - A.LOAD_ALL
        s["cargo_resources"][r] = s["resources"][x, r]
    elif a < A.AMOUNT:
        stops = _step(s, p, u, x, a - A.LOCATION)
        s["stepped"] = 1
        s["steps_left"] = 0 if stops else s["steps_left"] - 1
        if s["steps_left"] == 0:
            _finish_unit(s)
    elif a >= A.DROP_RESOURCE:
        s["cargo_resources"][a - A.DROP_RESOURCE] -= 1
        s["stepped"] = DROPPED_HERE
    else:
        s["cargo_workers"][a - A.DROP_WORKER] = 0
        s["stepped"] = DROPPED_HERE


@shell_kernel
def _finish_unit(s):
    s["moved"][s["selected"]] = 1
    s["moves_left"] -= 1
    s["selected"] = -1
    s["steps_left"] = 0
    s["stepped"] = 0
    s["cargo_workers"][:] = 0
    s["cargo_resources"][:] = 0
    _next_selection(s)


@kernel
def _take_lake_cargo(s, p, u, x):
    """Leaving a lake, the last own mech takes the workers there and the last own unit the
    resources: neither may be left on a lake (S13.2)."""
    mechs_staying = 0
    units_staying = 0
    for v in range(FIRST_WORKER):
        if v != u and s["unit_loc"][p, v] == x:
            units_staying += 1
            if v >= FIRST_MECH:
                mechs_staying += 1
    if u >= FIRST_MECH and mechs_staying == 0:
        for w in range(N_WORKERS):
            if s["unit_loc"][p, FIRST_WORKER + w] == x:
                s["cargo_workers"][w] = 1
    if units_staying == 0:
        for r in range(N_RESOURCES):
            s["cargo_resources"][r] = s["resources"][x, r]


@kernel
def _step(s, p, u, x, y):
    """Move unit u with its cargo from x to y; displace lone enemy workers (S3.8).

    Returns True when the unit must stop: it met an enemy unit, or the character reached an
    encounter token (S3.11, S13.4)."""
    if _on_lake(x) and u < FIRST_WORKER:
        _take_lake_cargo(s, p, u, x)
    s["unit_loc"][p, u] = y
    for w in range(N_WORKERS):
        if s["cargo_workers"][w] == 1:
            s["unit_loc"][p, FIRST_WORKER + w] = y
    if x < N_TERRITORIES and y < N_TERRITORIES:
        for r in range(N_RESOURCES):
            carried = s["cargo_resources"][r]
            s["resources"][x, r] -= carried
            s["resources"][y, r] += carried
    else:
        s["cargo_resources"][:] = 0  # home bases hold no resources
    stops = u == CHARACTER and y < N_TERRITORIES and s["encounter_token"][y] == 1
    if u >= FIRST_WORKER:
        return stops
    enemy_fighters = False
    enemy_workers = False
    for q in range(s["n_players"]):
        if q != p:
            for v in range(N_UNITS):
                if s["unit_loc"][q, v] == y:
                    if v < FIRST_WORKER:
                        enemy_fighters = True
                    else:
                        enemy_workers = True
    if enemy_fighters:
        return True  # a battle awaits after the Move (S3.9, S14.1)
    if not enemy_workers:
        return stops
    displaced = 0
    for q in range(s["n_players"]):
        if q != p:
            for v in range(FIRST_WORKER, N_UNITS):
                if s["unit_loc"][q, v] == y:
                    s["unit_loc"][q, v] = FACTION_BASE[s["faction"][q]]
                    displaced += 1
    gain_popularity(s, p, -displaced)  # floors at 0, the retreat still happens (E10)
    s["retreats_forced"] += displaced
    return True
