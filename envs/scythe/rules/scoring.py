"""Final scoring (S19.3-S19.4), structure-bonus tiles (D5) and tie-breakers (S19.5)."""

import numpy as np

from meeplegym.envs.scythe.data import StructureBonusTile, Terrain
from meeplegym.envs.scythe.rules.board import new_control
from meeplegym.envs.scythe.state import (
    AXIAL,
    AXIAL_DIRECTIONS,
    AXIAL_GRID,
    BAND_HIGH,
    BAND_RATES,
    BONUS_COINS,
    FACTORY,
    FACTORY_WEIGHT,
    HAS_ENCOUNTER,
    IS_TUNNEL,
    LAKE,
    MAX_PLAYERS,
    N_STRUCTURES,
    N_TERRITORIES,
    NEIGHBOURS,
    TERRAIN,
)
from meeplegym.jit import kernel

_FARM = int(Terrain.FARM)
_TUNDRA = int(Terrain.TUNDRA)
N_TIEBREAKS = 7  # score, then the six tie-breakers of S19.5


@kernel
def _structure_at(s, p, t):
    for k in range(N_STRUCTURES):
        if s["structure_loc"][p, k] == t:
            return True
    return False


@kernel
def _longest_row(s, p):
    """Longest run of p's structures on consecutive hexes along one axial direction."""
    best = 0
    for k in range(N_STRUCTURES):
        t = s["structure_loc"][p, k]
        if t < 0:
            continue
        best = max(best, 1)
        for d in range(3):  # three directions cover all six axes (opposites are the same line)
            dq, dr = AXIAL_DIRECTIONS[d, 0], AXIAL_DIRECTIONS[d, 1]
            length = 1
            q, r = AXIAL[t, 0] + dq, AXIAL[t, 1] + dr
            while 0 <= q < AXIAL_GRID.shape[0] and 0 <= r < AXIAL_GRID.shape[1]:
                nxt = AXIAL_GRID[q, r]
                if nxt < 0 or not _structure_at(s, p, nxt):
                    break
                length += 1
                q += dq
                r += dr
            best = max(best, length)
    return best


@kernel
def structure_bonus_count(s, p):
    """What the structure-bonus tile in play counts for seat p (D5; E14: own hex not adjacent)."""
    tile = s["bonus_tile"]
    if tile == StructureBonusTile.IN_A_ROW:
        return _longest_row(s, p)
    count = 0
    if tile == StructureBonusTile.ON_TUNNELS or tile == StructureBonusTile.ON_TUNDRA_OR_FARM:
        for k in range(N_STRUCTURES):
            t = s["structure_loc"][p, k]
            if t < 0:
                continue
            if tile == StructureBonusTile.ON_TUNNELS and IS_TUNNEL[t] == 1:
                count += 1
            elif tile == StructureBonusTile.ON_TUNDRA_OR_FARM and (TERRAIN[t] == _FARM or TERRAIN[t] == _TUNDRA):
                count += 1
        return count
    adjacent = np.zeros(N_TERRITORIES, dtype=np.int8)
    for k in range(N_STRUCTURES):
        t = s["structure_loc"][p, k]
        if t < 0:
            continue
        for j in range(NEIGHBOURS.shape[1]):
            n = NEIGHBOURS[t, j]
            if 0 <= n < N_TERRITORIES:
                adjacent[n] = 1
    for t in range(N_TERRITORIES):
        if adjacent[t] == 0:
            continue
        if tile == StructureBonusTile.ADJACENT_TUNNELS and IS_TUNNEL[t] == 1:
            count += 1
        elif tile == StructureBonusTile.ADJACENT_LAKES and TERRAIN[t] == LAKE:
            count += 1
        elif tile == StructureBonusTile.ADJACENT_ENCOUNTERS and HAS_ENCOUNTER[t] == 1:
            count += 1
    return count


@kernel
def structure_bonus_coins(s, p):
    count = min(structure_bonus_count(s, p), BONUS_COINS.shape[1] - 1)
    return np.int32(BONUS_COINS[s["bonus_tile"], count])


@kernel
def popularity_band(popularity):
    for band in range(BAND_HIGH.shape[0]):
        if popularity <= BAND_HIGH[band]:
            return band
    return BAND_HIGH.shape[0] - 1


@kernel
def score_keys(s, keys):
    """keys[p] = (coins score, units off mats, power, popularity, resources, territories, stars).

    Row 0 is the final score of S19.3; the rest are S19.5's tie-breakers in order.
    """
    ctrl = new_control(s)
    keys[:] = 0
    for p in range(s["n_players"]):
        territories = 0
        territories_flat = 0
        resources = 0
        for t in range(N_TERRITORIES):
            if ctrl[t] == p:
                territories += FACTORY_WEIGHT if t == FACTORY else 1
                territories_flat += 1
                for r in range(4):
                    resources += s["resources"][t, r]
        stars = 0
        for k in range(s["stars"].shape[1]):
            stars += s["stars"][p, k]
        band = popularity_band(s["popularity"][p])
        score = (
            s["coins"][p]
            + stars * BAND_RATES[band, 0]
            + territories * BAND_RATES[band, 1]
            + (resources // 2) * BAND_RATES[band, 2]
            + structure_bonus_coins(s, p)
        )
        off_mats = 0
        for u in range(1, s["unit_loc"].shape[1]):  # mechs and workers: the character never sat on a mat
            if s["unit_loc"][p, u] >= 0:
                off_mats += 1
        for k in range(N_STRUCTURES):
            if s["structure_loc"][p, k] >= 0:
                off_mats += 1
        keys[p, 0] = score
        keys[p, 1] = off_mats
        keys[p, 2] = s["power"][p]
        keys[p, 3] = s["popularity"][p]
        keys[p, 4] = resources
        keys[p, 5] = territories_flat  # the Factory counts once here ([DECISION] E20)
        keys[p, 6] = stars


@kernel
def _beats(keys, a, b):
    for i in range(keys.shape[1]):
        if keys[a, i] != keys[b, i]:
            return keys[a, i] > keys[b, i]
    return False


@kernel
def finish(s):
    """Write final scores and ranks (0 = winner; exact ties on every key share the rank)."""
    keys = np.zeros((MAX_PLAYERS, N_TIEBREAKS), dtype=np.int64)
    score_keys(s, keys)
    n = s["n_players"]
    for p in range(n):
        s["final_score"][p] = keys[p, 0]
        better = 0
        for q in range(n):
            if q != p and _beats(keys, q, p):
                better += 1
        s["rank"][p] = better
