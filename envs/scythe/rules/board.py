"""Where things are: control (S0.6), occupancy and single-step movement legality (S3.14)."""

import numpy as np

from meeplegym.envs.scythe.data import Structure
from meeplegym.envs.scythe.state import (
    ABILITY_MOVEMENT,
    ABILITY_RIVERWALK,
    BASE_FACTION,
    CRIMEA,
    FACTION_RIVERWALK,
    FACTORY,
    FIRST_MECH,
    FIRST_WORKER,
    IS_TUNNEL,
    LAKE,
    MAX_PLAYERS,
    MOUNTAIN,
    N_LOCATIONS,
    N_TERRITORIES,
    N_UNITS,
    NEIGHBOURS,
    NORDIC,
    POLANIA,
    RIVER,
    RUSVIET,
    SAXONY,
    SPECIAL_CANDIDATES,
    TERRAIN,
    TUNNELS,
    VILLAGE,
)
from meeplegym.jit import kernel

MINE = int(Structure.MINE)


@kernel
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


@kernel
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


@kernel
def others_at(table, loc, p, n_players):
    total = 0
    for q in range(n_players):
        if q != p:
            total += table[loc, q]
    return total


@kernel
def is_tunnel_for(s, p, loc):
    """Tunnels, plus the player's own Mine, for that player's movement only (S3.6, S9.5)."""
    if loc < 0 or loc >= N_TERRITORIES:
        return False
    return IS_TUNNEL[loc] == 1 or s["structure_loc"][p, MINE] == loc


@kernel
def touches(x, y):
    for k in range(NEIGHBOURS.shape[1]):
        if NEIGHBOURS[x, k] == y:
            return True
    return False


@kernel
def has_ability(s, p, k):
    """Mech ability k is unlocked once the mech covering it is deployed (S8.2); mechs never
    return to the mat, so a deployed mech anywhere keeps it."""
    return s["unit_loc"][p, FIRST_MECH + k] >= 0


@kernel
def _own_village_or_factory(p, t, ctrl):
    if t >= N_TERRITORIES:
        return 0
    if t == FACTORY:
        return 1
    return 2 if TERRAIN[t] == VILLAGE and ctrl[t] == p else 0


@kernel
def _special_link(s, p, x, y, ctrl):
    """Township, Underpass or Submerge links between x and y for p's character/mechs (S13.2)."""
    faction = s["faction"][p]
    if faction == RUSVIET:  # controlled villages and the Factory are all adjacent
        a = _own_village_or_factory(p, x, ctrl)
        b = _own_village_or_factory(p, y, ctrl)
        return a > 0 and b > 0 and (a == 2 or b == 2)
    if faction == SAXONY:  # controlled mountains and every tunnel (own Mine too) are adjacent
        xm = x < N_TERRITORIES and TERRAIN[x] == MOUNTAIN and ctrl[x] == p
        ym = y < N_TERRITORIES and TERRAIN[y] == MOUNTAIN and ctrl[y] == p
        return (xm and (ym or is_tunnel_for(s, p, y))) or (ym and is_tunnel_for(s, p, x))
    if faction == POLANIA:  # any lake to any lake
        return x < N_TERRITORIES and y < N_TERRITORIES and TERRAIN[x] == LAKE and TERRAIN[y] == LAKE
    return False


@kernel
def is_wayfare_target(s, y):
    """Crimea's own base or an inactive base: Albion, Togawa, or a faction not in this game."""
    if y < N_TERRITORIES:
        return False
    owner = BASE_FACTION[y - N_TERRITORIES]
    if owner == -1 or owner == CRIMEA:
        return True
    for p in range(s["n_players"]):
        if s["faction"][p] == owner:
            return False
    return True


@kernel
def can_step(s, p, u, x, y, combat_units, workers, ctrl):
    """May unit u of seat p take one step from location x to location y? (S3.14)"""
    if y == x or y < 0 or y >= N_LOCATIONS or x < 0:
        return False
    is_worker = u >= FIRST_WORKER
    faction = s["faction"][p]
    movement = not is_worker and has_ability(s, p, ABILITY_MOVEMENT)
    if y >= N_TERRITORIES:
        # bases: only Crimea's Wayfare, from anywhere (S3.7, S13.2)
        return movement and faction == CRIMEA and is_wayfare_target(s, y)
    if TERRAIN[y] == LAKE:
        # lakes: Seaworthy or Submerge units only; workers only as cargo (S3.5, S13.2)
        if not (movement and (faction == NORDIC or faction == POLANIA)):
            return False
    if is_worker and x < N_TERRITORIES and TERRAIN[x] == LAKE:
        return False  # a worker leaves a lake only carried
    geometric = touches(x, y)
    tunnel_link = is_tunnel_for(s, p, x) and is_tunnel_for(s, p, y)
    special = movement and _special_link(s, p, x, y, ctrl)
    if not (geometric or tunnel_link or special):
        return False
    if geometric and not tunnel_link and not special and RIVER[x, y] == 1:
        if is_worker:
            if faction != NORDIC:
                return False  # Swim: Nordic workers cross rivers (S12.3)
        elif not (
            has_ability(s, p, ABILITY_RIVERWALK)
            and (TERRAIN[y] == FACTION_RIVERWALK[faction, 0] or TERRAIN[y] == FACTION_RIVERWALK[faction, 1])
        ):
            return False  # Riverwalk: only onto the faction's two terrains (S13.1)
    if is_worker:
        n = s["n_players"]
        if others_at(workers, y, p, n) > 0 or others_at(combat_units, y, p, n) > 0:
            return False  # a worker alone never enters enemy units (S3.8, S3.9)
        if others_at(combat_units, x, p, n) > 0:
            return False  # nor walks out past an enemy character/mech (S3.9)
    return True


@kernel
def _try(s, p, u, x, y, combat_units, workers, ctrl, out):
    if y >= 0 and out[y] == 0 and can_step(s, p, u, x, y, combat_units, workers, ctrl):
        out[y] = 1
        return 1
    return 0


@kernel
def destinations(s, p, u, combat_units, workers, ctrl, out, first_only=False):
    """out[y] = 1 for every location unit u can step to; returns how many (with first_only,
    stops at the first one: enough to know whether u can move at all).

    Candidates: the neighbours, every tunnel (and the own Mine) from a tunnel, and the
    locations the faction's movement ability can link to."""
    out[:] = 0
    x = s["unit_loc"][p, u]
    if x < 0:
        return 0
    count = 0
    for k in range(NEIGHBOURS.shape[1]):
        count += _try(s, p, u, x, NEIGHBOURS[x, k], combat_units, workers, ctrl, out)
        if first_only and count > 0:
            return count
    mine = s["structure_loc"][p, MINE]
    special = u < FIRST_WORKER and has_ability(s, p, ABILITY_MOVEMENT)
    if is_tunnel_for(s, p, x) or special:
        for k in range(TUNNELS.shape[0]):
            count += _try(s, p, u, x, TUNNELS[k], combat_units, workers, ctrl, out)
            if first_only and count > 0:
                return count
        count += _try(s, p, u, x, mine, combat_units, workers, ctrl, out)
    if special:
        faction = s["faction"][p]
        for k in range(SPECIAL_CANDIDATES.shape[1]):
            count += _try(s, p, u, x, SPECIAL_CANDIDATES[faction, k], combat_units, workers, ctrl, out)
            if first_only and count > 0:
                return count
    return count


@kernel
def new_occupancy(s):
    combat_units = np.zeros((N_LOCATIONS, MAX_PLAYERS), dtype=np.int16)
    workers = np.zeros((N_LOCATIONS, MAX_PLAYERS), dtype=np.int16)
    occupancy(s, combat_units, workers)
    return combat_units, workers


@kernel
def new_control(s):
    ctrl = np.empty(N_TERRITORIES, dtype=np.int8)
    control(s, ctrl)
    return ctrl


@kernel
def units_at(s, p, t, first, last):
    """How many of p's units first..last-1 stand on location t."""
    count = 0
    for u in range(first, last):
        if s["unit_loc"][p, u] == t:
            count += 1
    return count


@kernel
def units_out(s, p, first, last):
    """How many of p's units first..last-1 are off the mat (on the map or a base)."""
    count = 0
    for u in range(first, last):
        if s["unit_loc"][p, u] >= 0:
            count += 1
    return count


@kernel
def count_set(row, n):
    """Non-zero entries of row[:n] (cubes taken, recruits enlisted, ...)."""
    total = 0
    for i in range(n):
        if row[i] != 0:
            total += 1
    return total


@kernel
def workers_on_territory(s, p, t):
    return units_at(s, p, t, FIRST_WORKER, N_UNITS)


@kernel
def workers_off_mat(s, p):
    return units_out(s, p, FIRST_WORKER, N_UNITS)


@kernel
def mechs_deployed(s, p):
    return units_out(s, p, FIRST_MECH, FIRST_WORKER)


@kernel
def structures_built(s, p):
    count = 0
    for k in range(s["structure_loc"].shape[1]):
        if s["structure_loc"][p, k] >= 0:
            count += 1
    return count


@kernel
def controlled_with_worker(s, p, t, ctrl):
    """A territory p controls holding p's worker: where Trade, Deploy and Build place things."""
    return ctrl[t] == p and workers_on_territory(s, p, t) > 0


@kernel
def controlled_total(s, p, resource, ctrl):
    total = 0
    for t in range(N_TERRITORIES):
        if ctrl[t] == p:
            total += s["resources"][t, resource]
    return total
