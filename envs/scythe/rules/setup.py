"""Setup (S1): a fresh game written into a state record whose ``rng`` word is already seeded."""

import numpy as np

from meeplegym import rng
from meeplegym.envs.scythe.rules.gains import draw_cards
from meeplegym.envs.scythe.state import (
    BASE_START_WORKERS,
    CHARACTER,
    COMBAT_DECK,
    FACTION_BASE,
    FACTION_CARDS,
    FACTION_POWER,
    FIRST_WORKER,
    HAS_ENCOUNTER,
    MAT_COINS,
    MAT_NUMBER,
    MAT_OBJECTIVES,
    MAT_POPULARITY,
    MAX_PLAYERS,
    N_ENCOUNTER_CARDS,
    N_FACTORY_CARDS,
    N_OBJECTIVE_CARDS,
    OFF_BOARD,
    PH_SECTION,
)
from meeplegym.envs.scythe.rules.turn_state import reset_turn
from meeplegym.jit import kernel

N_STRUCTURE_TILES = 6


@kernel
def _deal_distinct(s, chosen, n, pool_size, out):
    """out[:n] = chosen ids, with each -1 replaced by a random id not otherwise taken."""
    taken = np.zeros(pool_size, dtype=np.int8)
    for i in range(n):
        if chosen[i] >= 0:
            taken[chosen[i]] = 1
    for i in range(n):
        if chosen[i] >= 0:
            out[i] = chosen[i]
            continue
        free = 0
        for k in range(pool_size):
            if taken[k] == 0:
                free += 1
        pick = rng.below(s, free)
        for k in range(pool_size):
            if taken[k] == 0:
                if pick == 0:
                    out[i] = k
                    taken[k] = 1
                    break
                pick -= 1


@kernel
def init(s, n_players, factions, mats):
    """Set up a game (S1). factions/mats: per player, an id or -1 for a random deal (S1.5)."""
    s["n_players"] = n_players
    s["terminal"] = 0
    s["turn"] = 0
    s["phase"] = PH_SECTION

    # board, tile and decks (S1.1-S1.4)
    s["encounter_token"][:] = HAS_ENCOUNTER
    s["resources"][:] = 0
    s["bonus_tile"] = rng.below(s, N_STRUCTURE_TILES)
    s["deck"][:] = COMBAT_DECK
    s["deck_size"] = COMBAT_DECK.shape[0]
    rng.shuffle(s, s["deck"], COMBAT_DECK.shape[0])
    s["discard"][:] = 0
    for i in range(N_ENCOUNTER_CARDS):
        s["encounter_deck"][i] = i
    rng.shuffle(s, s["encounter_deck"], N_ENCOUNTER_CARDS)
    for i in range(N_OBJECTIVE_CARDS):
        s["objective_deck"][i] = i
    rng.shuffle(s, s["objective_deck"], N_OBJECTIVE_CARDS)
    s["objective_deck_size"] = N_OBJECTIVE_CARDS
    factory = np.arange(N_FACTORY_CARDS).astype(np.int8)
    rng.shuffle(s, factory, N_FACTORY_CARDS)
    s["factory_pool"][:] = -1
    for i in range(n_players + 1):
        s["factory_pool"][i] = factory[i]

    # factions and mats, dealt independently, seated in faction order (S1.5)
    faction_of = np.empty(MAX_PLAYERS, dtype=np.int8)
    mat_of = np.empty(MAX_PLAYERS, dtype=np.int8)
    _deal_distinct(s, factions, n_players, MAX_PLAYERS, faction_of)
    _deal_distinct(s, mats, n_players, MAX_PLAYERS, mat_of)
    order = np.argsort(faction_of[:n_players])

    s["faction"][:] = -1
    s["mat"][:] = -1
    s["power"][:] = 0
    s["popularity"][:] = 0
    s["coins"][:] = 0
    s["hand"][:] = 0
    s["objectives"][:] = -1
    s["factory_card"][:] = -1
    s["unit_loc"][:] = OFF_BOARD
    s["structure_loc"][:] = OFF_BOARD
    s["upgraded"][:] = 0
    s["covered"][:] = 0
    s["recruited"][:] = 0
    s["one_time_used"][:] = 0
    s["stars"][:] = 0
    s["last_section"][:] = -1
    s["final_score"][:] = 0
    s["rank"][:] = 0
    first = 0
    for seat in range(n_players):
        f = faction_of[order[seat]]
        m = mat_of[order[seat]]
        s["faction"][seat] = f
        s["mat"][seat] = m
        s["power"][seat] = FACTION_POWER[f]  # S1.6
        s["popularity"][seat] = MAT_POPULARITY[m]  # S1.7
        s["coins"][seat] = MAT_COINS[m]
        s["unit_loc"][seat, CHARACTER] = FACTION_BASE[f]  # S1.8
        s["unit_loc"][seat, FIRST_WORKER] = BASE_START_WORKERS[f, 0]
        s["unit_loc"][seat, FIRST_WORKER + 1] = BASE_START_WORKERS[f, 1]
        if MAT_NUMBER[m] < MAT_NUMBER[s["mat"][first]]:
            first = seat  # S1.9: lowest mat number starts
    for seat in range(n_players):
        draw_cards(s, seat, FACTION_CARDS[s["faction"][seat]])
        for k in range(MAT_OBJECTIVES[s["mat"][seat]]):
            size = s["objective_deck_size"] - 1
            s["objectives"][seat, k] = s["objective_deck"][size]
            s["objective_deck"][size] = -1
            s["objective_deck_size"] = size
    s["first_player"] = first
    s["current"] = first
    reset_turn(s)
