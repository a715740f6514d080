"""Where things are: control (S0.6), occupancy and single-step movement legality (S3.14)."""

import numba as nb
import numpy as np

from meeplegym.envs.scythe.data import Structure
from meeplegym.envs.scythe.state import (
    FIRST_WORKER,
    IS_TUNNEL,
    LAKE,
    MAX_PLAYERS,
    N_LOCATIONS,
    N_TERRITORIES,
    N_UNITS,
    NEIGHBOURS,
    NORDIC,
    RIVER,
    TERRAIN,
)

MINE = int(Structure.MINE)


@nb.njit(cache=True)
def control(s, ctrl):
    """ctrl[t] = seat controlling territory t, or -1 (S0.6).

    Units control; a structure controls only where no unit stands. Where two players' units
    share a territory (a combat is pending, S3.9) the player not moving keeps control.
    """
    cur = s["current"]
    ctrl[:] = -1
    for p in range(s["n_players"]):
        for u in range(N_UNITS):
            loc = s["unit_loc"][p, u]
            if 0 <= loc < N_TERRITORIES:
                held = ctrl[loc]
                if held == -1 or (held == cur and p != cur):
                    ctrl[loc] = p
    for p in range(s["n_players"]):
        for k in range(s["structure_loc"].shape[1]):
            loc = s["structure_loc"][p, k]
            if loc >= 0 and ctrl[loc] == -1:
                ctrl[loc] = p


@nb.njit(cache=True)
def occupancy(s, combat_units, workers):
    """Per location and seat: characters+mechs and workers standing there."""
    combat_units[:] = 0
    workers[:] = 0
    for p in range(s["n_players"]):
        for u in range(N_UNITS):
            loc = s["unit_loc"][p, u]
            if loc >= 0:
                if u >= FIRST_WORKER:
                    workers[loc, p] += 1
                else:
                    combat_units[loc, p] += 1


@nb.njit(cache=True)
def others_at(table, loc, p, n_players):
    total = 0
    for q in range(n_players):
        if q != p:
            total += table[loc, q]
    return total


@nb.njit(cache=True)
def is_tunnel_for(s, p, loc):
    """Tunnels, plus the player's own Mine, for that player's movement only (S3.6, S9.5)."""
    if loc < 0 or loc >= N_TERRITORIES:
        return False
    return IS_TUNNEL[loc] == 1 or s["structure_loc"][p, MINE] == loc


@nb.njit(cache=True)
def touches(x, y):
    for k in range(NEIGHBOURS.shape[1]):
        if NEIGHBOURS[x, k] == y:
            return True
    return False


@nb.njit(cache=True)
def can_step(s, p, u, x, y, combat_units, workers):
    """May unit u of seat p take one step from location x to territory y? (S3.14)"""
    if y == x or y < 0 or y >= N_LOCATIONS:
        return False
    if y >= N_TERRITORIES:
        return False  # home bases only through Wayfare or a retreat (S3.7)
    if TERRAIN[y] == LAKE:
        return False  # lakes need Seaworthy/Submerge (S3.5), not yet implemented
    geometric = touches(x, y)
    tunnel_link = is_tunnel_for(s, p, x) and is_tunnel_for(s, p, y)
    if not geometric and not tunnel_link:
        return False
    is_worker = u >= FIRST_WORKER
    if geometric and not tunnel_link and RIVER[x, y] == 1:
        # Swim: Nordic workers cross rivers (S12.3)
        if not (is_worker and s["faction"][p] == NORDIC):
            return False
    n = s["n_players"]
    if others_at(combat_units, y, p, n) > 0:
        return False  # combat (S14) is not implemented yet: see docs/rules_coverage.md
    if is_worker:
        if others_at(workers, y, p, n) > 0:
            return False  # a worker alone may not displace workers (S3.8)
        if others_at(combat_units, x, p, n) > 0:
            return False  # nor walk out past an enemy character/mech (S3.9)
    return True


@nb.njit(cache=True)
def destinations(s, p, u, combat_units, workers, out):
    """out[y] = 1 for every location unit u can step to; returns how many."""
    out[:] = 0
    x = s["unit_loc"][p, u]
    if x < 0:
        return 0
    count = 0
    for k in range(NEIGHBOURS.shape[1]):
        y = NEIGHBOURS[x, k]
        if y >= 0 and out[y] == 0 and can_step(s, p, u, x, y, combat_units, workers):
            out[y] = 1
            count += 1
    if is_tunnel_for(s, p, x):
        for y in range(N_TERRITORIES):
            if out[y] == 0 and is_tunnel_for(s, p, y) and can_step(s, p, u, x, y, combat_units, workers):
                out[y] = 1
                count += 1
    return count


@nb.njit(cache=True)
def new_occupancy(s):
    combat_units = np.zeros((N_LOCATIONS, MAX_PLAYERS), dtype=np.int16)
    workers = np.zeros((N_LOCATIONS, MAX_PLAYERS), dtype=np.int16)
    occupancy(s, combat_units, workers)
    return combat_units, workers


@nb.njit(cache=True)
def new_control(s):
    ctrl = np.empty(N_TERRITORIES, dtype=np.int8)
    control(s, ctrl)
    return ctrl


@nb.njit(cache=True)
def workers_on_territory(s, p, t):
    count = 0
    for u in range(FIRST_WORKER, N_UNITS):
        if s["unit_loc"][p, u] == t:
            count += 1
    return count


@nb.njit(cache=True)
def workers_off_mat(s, p):
    count = 0
    for u in range(FIRST_WORKER, N_UNITS):
        if s["unit_loc"][p, u] >= 0:
            count += 1
    return count


@nb.njit(cache=True)
def controlled_with_worker(s, p, t, ctrl):
    """A territory p controls holding p's worker: where Trade, Deploy and Build place things."""
    return ctrl[t] == p and workers_on_territory(s, p, t) > 0


@nb.njit(cache=True)
def controlled_total(s, p, resource, ctrl):
    total = 0
    for t in range(N_TERRITORIES):
        if ctrl[t] == p:
            total += s["resources"][t, resource]
    return total
