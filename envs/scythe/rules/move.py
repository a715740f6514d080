"""The Move action (S3): select a unit, load what it carries, step; displaced workers retreat."""

import numba as nb
import numpy as np

from meeplegym.envs.scythe import actions as A
from meeplegym.envs.scythe.rules.board import destinations, new_occupancy
from meeplegym.envs.scythe.rules.bottom import begin_bottom
from meeplegym.envs.scythe.rules.gains import gain_popularity
from meeplegym.envs.scythe.state import (
    FACTION_BASE,
    FIRST_MECH,
    FIRST_WORKER,
    N_LOCATIONS,
    N_RESOURCES,
    N_TERRITORIES,
    N_UNITS,
    N_WORKERS,
    PH_MOVE_SELECT,
    PH_MOVE_UNIT,
)


@nb.njit(cache=True)
def _movable(s, combat_units, workers, out):
    """out[u] = 1 for each unit of the mover that may still be selected (S3.2); returns count."""
    p = s["current"]
    dest = np.zeros(N_LOCATIONS, dtype=np.int8)
    count = 0
    for u in range(N_UNITS):
        out[u] = 0
        if s["moved"][u] == 0 and s["unit_loc"][p, u] >= 0:
            if destinations(s, p, u, combat_units, workers, dest) > 0:
                out[u] = 1
                count += 1
    return count


@nb.njit(cache=True)
def begin_move(s, units):
    s["moves_left"] = units
    s["moved"][:] = 0
    _next_selection(s)


@nb.njit(cache=True)
def _next_selection(s):
    """Ask for the next unit, or end the Move when no selection is left (S3.13)."""
    if s["moves_left"] > 0:
        combat_units, workers = new_occupancy(s)
        movable = np.zeros(N_UNITS, dtype=np.int8)
        if _movable(s, combat_units, workers, movable) > 0:
            s["phase"] = PH_MOVE_SELECT
            return
    end_move(s)


@nb.njit(cache=True)
def end_move(s):
    # Combats (S14), the encounter (S15) and the Factory check (S16.1) come here once implemented.
    begin_bottom(s)


@nb.njit(cache=True)
def legal_move_select(s, mask, combat_units, workers):
    mask[A.PASS] = 1
    movable = np.zeros(N_UNITS, dtype=np.int8)
    _movable(s, combat_units, workers, movable)
    for u in range(N_UNITS):
        if movable[u] == 1:
            mask[A.UNIT + u] = 1


@nb.njit(cache=True)
def legal_move_unit(s, mask, combat_units, workers):
    p = s["current"]
    u = s["selected"]
    x = s["unit_loc"][p, u]
    dest = np.zeros(N_LOCATIONS, dtype=np.int8)
    destinations(s, p, u, combat_units, workers, dest)
    for y in range(N_LOCATIONS):
        if dest[y] == 1:
            mask[A.LOCATION + y] = 1
    if FIRST_MECH <= u < FIRST_WORKER:  # mechs transport their owner's workers (S3.4)
        for w in range(N_WORKERS):
            if s["cargo_workers"][w] == 0 and s["unit_loc"][p, FIRST_WORKER + w] == x:
                mask[A.LOAD_WORKER + w] = 1
    if x < N_TERRITORIES:  # any unit carries resources (S3.3)
        for r in range(N_RESOURCES):
            left = s["resources"][x, r] - s["cargo_resources"][r]
            if left > 0:
                mask[A.LOAD_RESOURCE + r] = 1
            if left > 1:
                mask[A.LOAD_ALL + r] = 1


@nb.njit(cache=True)
def apply_move(s, a):
    p = s["current"]
    if s["phase"] == PH_MOVE_SELECT:
        if a == A.PASS:
            end_move(s)
        else:
            s["selected"] = a - A.UNIT
            s["cargo_workers"][:] = 0
            s["cargo_resources"][:] = 0
            s["phase"] = PH_MOVE_UNIT
        return
    x = s["unit_loc"][p, s["selected"]]
    if a < A.LOAD_RESOURCE:
        s["cargo_workers"][a - A.LOAD_WORKER] = 1
    elif a < A.LOAD_ALL:
        s["cargo_resources"][a - A.LOAD_RESOURCE] += 1
    elif a < A.LOCATION:
        r = a - A.LOAD_ALL
        s["cargo_resources"][r] = s["resources"][x, r]
    else:
        _step(s, p, s["selected"], x, a - A.LOCATION)
        s["moved"][s["selected"]] = 1
        s["moves_left"] -= 1
        s["selected"] = -1
        _next_selection(s)


@nb.njit(cache=True)
def _step(s, p, u, x, y):
    """Move unit u with its cargo from x to y, then displace lone enemy workers (S3.8)."""
    s["unit_loc"][p, u] = y
    for w in range(N_WORKERS):
        if s["cargo_workers"][w] == 1:
            s["unit_loc"][p, FIRST_WORKER + w] = y
            s["cargo_workers"][w] = 0
    for r in range(N_RESOURCES):
        carried = s["cargo_resources"][r]
        if carried > 0:
            s["resources"][x, r] -= carried
            s["resources"][y, r] += carried
            s["cargo_resources"][r] = 0
    if u >= FIRST_WORKER:
        return
    displaced = 0
    for q in range(s["n_players"]):
        if q == p:
            continue
        for w in range(FIRST_WORKER, N_UNITS):
            if s["unit_loc"][q, w] == y:
                s["unit_loc"][q, w] = FACTION_BASE[s["faction"][q]]
                displaced += 1
    if displaced > 0:
        gain_popularity(s, p, -displaced)  # floors at 0, the retreat still happens (E10)
