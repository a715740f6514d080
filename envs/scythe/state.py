"""Scythe game state: one record of a numpy structured dtype, plus engine constants.

The engine (``rules/``) only ever sees plain arrays and records built here, so it compiles with
numba and runs unchanged as pure Python under ``NUMBA_DISABLE_JIT=1``. Component facts come
from ``data.py``; this module turns them into the lookup arrays the kernels index.
"""

from __future__ import annotations

import numpy as np

from meeplegym.envs.scythe import data

# ---------------------------------------------------------------- sizes
MAX_PLAYERS = 5
N_TERRITORIES = len(data.TERRITORIES)  # 47 hexes, ids 0..46 (S0.1)
N_LOCATIONS = N_TERRITORIES + len(data.HOME_BASES)  # + 7 home bases, ids 47..53
N_RESOURCES = 4
N_SECTIONS = 5  # 4 mat columns + the factory card (S2.2)
N_MAT_SECTIONS = 4
N_TOP_SLOTS = 6  # upgrade cubes on the top row (D3.3)
N_BOTTOM = 4
N_CARD_VALUES = 4  # combat cards are worth 2..5 (D6)
N_COMBAT_CARDS = sum(data.COMBAT_CARD_COPIES.values())
N_ENCOUNTER_CARDS = 28  # D7
N_OBJECTIVE_CARDS = 23  # D8
N_FACTORY_CARDS = 12  # D9

# Units of one player: character, 4 mechs, 8 workers (S0.2).
CHARACTER = 0
FIRST_MECH = 1
FIRST_WORKER = 5
N_MECHS = data.MECHS_PER_PLAYER
N_WORKERS = data.WORKERS_PER_PLAYER
N_UNITS = 1 + N_MECHS + N_WORKERS
N_STRUCTURES = data.STRUCTURES_PER_PLAYER

OFF_BOARD = -1  # a mech/worker/structure still on its mat

MAX_POWER = data.MAX_POWER
MAX_POPULARITY = data.MAX_POPULARITY

# ---------------------------------------------------------------- stars (S18.1)
STAR_UPGRADES = 0
STAR_MECHS = 1
STAR_STRUCTURES = 2
STAR_RECRUITS = 3
STAR_WORKERS = 4
STAR_OBJECTIVE = 5
STAR_COMBAT = 6
STAR_POPULARITY = 7
STAR_POWER = 8
N_STAR_KINDS = 9
STAR_NAMES = (
    "upgrades", "mechs", "structures", "recruits", "workers",
    "objective", "combat", "popularity", "power",
)
STARS_TO_END = data.STARS_PER_PLAYER

# ---------------------------------------------------------------- decision points (spec A.1)
PH_SECTION = 0
PH_TOP = 1
PH_MOVE_SELECT = 2
PH_MOVE_UNIT = 3
DROPPED_HERE = 2  # value of "stepped": a Speed unit dropped cargo at its intermediate stop

# Bounds on counts the rules leave open: far above any real game, far below their fields' widths
# (int32 turn and coins, int16 resources), so that no loaded value can wrap during play (issue 47; state_json
# checks them on load, and the observation bounds follow them).
MAX_TURN = 1_000_000
MAX_COINS = 1_000_000
MAX_PILE = 10_000  # resources on one territory, or carried by one unit
PH_TRADE_LOC = 4
PH_PRODUCE_SELECT = 5
PH_PRODUCE_AMOUNT = 6
PH_BOTTOM = 7
PH_PAY = 8
PH_UPGRADE_FROM = 9
PH_UPGRADE_TO = 10
PH_DEPLOY_MECH = 11
PH_DEPLOY_LOC = 12
PH_BUILD_STRUCTURE = 13
PH_BUILD_LOC = 14
PH_ENLIST_RECRUIT = 15
PH_ENLIST_BONUS = 16
PH_GAME_OVER = 17
PH_COMBAT_ORDER = 18
PH_ARTILLERY = 19
PH_DIAL = 20
PH_CARDS = 21
PH_RETREAT = 22
PH_OBJECTIVE = 23
PH_ENCOUNTER = 24
PH_EFFECT = 25
PH_FACTORY_PICK = 26
PH_FACTORY_CARD_COST = 27
PHASE_NAMES = (
    "section", "top action", "move: select unit", "move: load or step", "trade: place resources",
    "produce: select territory", "produce: amount", "bottom action", "pay",
    "upgrade: take cube", "upgrade: cover cost", "deploy: mech", "deploy: territory",
    "build: structure", "build: territory", "enlist: recruit", "enlist: one-time bonus",
    "game over", "combat: choose the next battle", "combat: artillery", "combat: power dial",
    "combat: combat cards", "combat: retreat", "objective: reveal", "encounter: option",
    "card effect", "factory: take a card", "factory: discard a combat card",
)

# ---------------------------------------------------------------- the state record
STATE_DTYPE = np.dtype(
    [
        # game-wide
        ("rng", np.uint64),  # xorshift64 word; chance lives in the state (DESIGN)
        ("n_players", np.int8),
        ("current", np.int8),  # seat whose turn it is
        ("actor", np.int8),  # seat making the current decision (the defender, during a battle)
        ("first_player", np.int8),
        ("phase", np.int8),
        ("terminal", np.int8),
        ("turn", np.int32),  # completed turns, all players together
        ("bonus_tile", np.int8),  # structure-bonus tile in play (S1.4)
        ("encounter_token", np.int8, (N_TERRITORIES,)),
        ("resources", np.int16, (N_TERRITORIES, N_RESOURCES)),
        # decks: combat deck as card values in deck[:deck_size], the top card last; discard as counts by value
        ("deck", np.int8, (N_COMBAT_CARDS,)),
        ("deck_size", np.int8),
        ("discard", np.int8, (N_CARD_VALUES,)),
        ("encounter_deck", np.int8, (N_ENCOUNTER_CARDS,)),
        ("objective_deck", np.int8, (N_OBJECTIVE_CARDS,)),
        ("objective_deck_size", np.int8),
        ("factory_pool", np.int8, (MAX_PLAYERS + 1,)),  # P+1 face-down cards, -1 = empty
        # per seat
        ("faction", np.int8, (MAX_PLAYERS,)),
        ("mat", np.int8, (MAX_PLAYERS,)),
        ("power", np.int8, (MAX_PLAYERS,)),
        ("popularity", np.int8, (MAX_PLAYERS,)),
        ("coins", np.int32, (MAX_PLAYERS,)),
        ("hand", np.int8, (MAX_PLAYERS, N_CARD_VALUES)),  # combat cards held, by value 2..5
        ("objectives", np.int8, (MAX_PLAYERS, 2)),  # objective card ids, -1 = none
        ("factory_card", np.int8, (MAX_PLAYERS,)),  # factory card taken (S16), -1 = none
        ("unit_loc", np.int8, (MAX_PLAYERS, N_UNITS)),  # location id or OFF_BOARD
        ("structure_loc", np.int8, (MAX_PLAYERS, N_STRUCTURES)),  # index = data.Structure
        ("upgraded", np.int8, (MAX_PLAYERS, N_TOP_SLOTS)),  # cube taken from top slot
        ("covered", np.int8, (MAX_PLAYERS, N_BOTTOM)),  # bracketed boxes covered per bottom action
        ("recruited", np.int8, (MAX_PLAYERS, N_BOTTOM)),  # recruit gone -> ongoing bonus active
        ("one_time_used", np.int8, (MAX_PLAYERS, 4)),  # index = data.RecruitBonus
        ("stars", np.int8, (MAX_PLAYERS, N_STAR_KINDS)),
        ("last_section", np.int8, (MAX_PLAYERS,)),  # -1 before the first turn (S1.10)
        ("final_score", np.int32, (MAX_PLAYERS,)),
        ("rank", np.int8, (MAX_PLAYERS,)),  # 0 = winner; tied players share a rank
        # the turn in progress
        ("section", np.int8),
        ("moves_left", np.int8),
        ("moved", np.int8, (N_UNITS,)),
        ("selected", np.int8),  # unit being moved
        ("steps_left", np.int8),  # steps the selected unit may still take (Speed: 2, S13.4)
        ("stepped", np.int8),  # 0, or 1 once the selected unit has stepped (it may now stop), DROPPED_HERE after a mid-move drop
        ("cargo_workers", np.int8, (N_WORKERS,)),
        ("cargo_resources", np.int16, (N_RESOURCES,)),
        ("produce_left", np.int8),  # territories still allowed, the Mill's extra one aside
        ("mill_produced", np.int8),
        ("produced", np.int8, (N_TERRITORIES,)),
        ("pending", np.int16),  # the first half of a two-step choice (territory, mech, slot ...)
        ("pay_resource", np.int8),
        ("pay_left", np.int8),
        ("take_coins", np.int8),
        # combat (S14); side 0 = attacker (the current player), side 1 = defender
        ("move_origin", np.int8, (N_UNITS,)),  # where the mover's units began this Move (S14.10)
        ("battle_loc", np.int8),
        ("battle_defender", np.int8),
        ("battle_step", np.int8),  # progress through the battle's ordered steps (rules/combat.py)
        ("battle_winner", np.int8),  # 0 attacker, 1 defender, -1 undecided
        ("dial", np.int8, (2,)),
        ("battle_cards", np.int8, (2, N_CARD_VALUES)),  # committed, face down, by value
        ("card_limit", np.int8, (2,)),
        # objectives (S17)
        ("window", np.int8),  # reveal window reached this turn: 0 none, 1 start, 2 middle, 3 end
        ("retreats_forced", np.int8),  # enemy workers the current player sent home this turn
        ("coercion_used", np.int8),  # Crimea spent a combat card as a resource this turn (S12.2)
        # a card program being run (rules/effects.py): an encounter (S15) or a factory card (S16)
        ("effect_source", np.int8),  # 0 none, EFFECT_ENCOUNTER, EFFECT_FACTORY
        ("effect_card", np.int8),
        ("effect_option", np.int8),
        ("effect_pc", np.int8),  # step of the program
        ("effect_sub", np.int8),  # progress inside a step (tokens taken, first half of a choice)
        ("effect_loc", np.int8),  # where gains are placed: the encounter territory
        ("options_taken", np.int8),  # bit k: option k chosen (Polania may take two, S12.4)
        ("effect_jump_at", np.int8),  # after a CHOOSE: where the chosen alternative ends ...
        ("effect_jump_to", np.int8),  # ... and where the program goes on from there
        ("produce_free", np.int8),  # a factory-card Produce: no Mill, no worker-track cost (S16.5)
        ("factory_move", np.int8),  # the factory card's bottom move is under way (S16.4)
    ]
)


def new_states(batch: int = 1) -> np.ndarray:
    """An array of blank state records (call ``engine.init`` on each)."""
    return np.zeros(batch, dtype=STATE_DTYPE)


# ---------------------------------------------------------------- board lookup arrays
def _board_arrays():
    terrain = np.array([t.terrain for t in data.TERRITORIES], dtype=np.int8)
    tunnel = np.array([t.tunnel for t in data.TERRITORIES], dtype=np.int8)
    encounter = np.array([t.encounter for t in data.TERRITORIES], dtype=np.int8)
    neighbours = np.full((N_LOCATIONS, 6), -1, dtype=np.int8)
    for loc in range(N_LOCATIONS):
        for k, other in enumerate(data.neighbours(loc)):
            neighbours[loc, k] = other
    river = np.zeros((N_LOCATIONS, N_LOCATIONS), dtype=np.int8)
    for a, b in data.RIVERS:
        river[a, b] = river[b, a] = 1
    axial = np.array([(t.q, t.r) for t in data.TERRITORIES], dtype=np.int8)
    # territory id at axial (q, r), offset so indices are non-negative; -1 = no territory
    q_min, r_min = axial[:, 0].min(), axial[:, 1].min()
    grid = np.full((axial[:, 0].max() - q_min + 1, axial[:, 1].max() - r_min + 1), -1, np.int8)
    for tid, (q, r) in enumerate(axial):
        grid[q - q_min, r - r_min] = tid
    return terrain, tunnel, encounter, neighbours, river, axial - (q_min, r_min), grid


TERRAIN, IS_TUNNEL, HAS_ENCOUNTER, NEIGHBOURS, RIVER, AXIAL, AXIAL_GRID = _board_arrays()
AXIAL_DIRECTIONS = np.array(data.AXIAL_DIRECTIONS, dtype=np.int8)
FACTORY = int(np.flatnonzero(TERRAIN == data.Terrain.FACTORY)[0])
LAKE = int(data.Terrain.LAKE)
VILLAGE = int(data.Terrain.VILLAGE)
# terrain -> resource produced (-1: nothing; villages make workers, handled apart)
PRODUCT = np.full(len(data.Terrain), -1, dtype=np.int8)
for _terrain, _resource in data.PRODUCT.items():
    if _resource is not None:
        PRODUCT[_terrain] = _resource

# ---------------------------------------------------------------- factions and mats
FACTION_BASE = np.array([f.base for f in data.FACTION_MATS], dtype=np.int8)
FACTION_POWER = np.array([f.start_power for f in data.FACTION_MATS], dtype=np.int8)
FACTION_CARDS = np.array([f.start_combat_cards for f in data.FACTION_MATS], dtype=np.int8)
BASE_START_WORKERS = np.array(
    [data.HOME_BASES[f.base - N_TERRITORIES].start_workers for f in data.FACTION_MATS], np.int8
)
NORDIC = int(data.Faction.NORDIC)
RUSVIET = int(data.Faction.RUSVIET)
CRIMEA = int(data.Faction.CRIMEA)
SAXONY = int(data.Faction.SAXONY)
POLANIA = int(data.Faction.POLANIA)
FACTION_RIVERWALK = np.array([[int(t) for t in f.riverwalk] for f in data.FACTION_MATS], dtype=np.int8)
# Deploying mech k unlocks ability k of the faction mat, in the seeds' order (S13): Riverwalk,
# the movement ability, the combat ability, Speed. The printed slot order has no rules effect.
ABILITY_RIVERWALK = 0
ABILITY_MOVEMENT = 1
ABILITY_COMBAT = 2
ABILITY_SPEED = 3
MAX_DIAL = data.MAX_DIAL
MAX_COMBAT_STARS = 2  # S14.7; Saxony unlimited (S12.5)
EFFECT_ENCOUNTER = 1
EFFECT_FACTORY = 2
FACTORY_SECTION = 4  # the fifth section, once a factory card is taken (S2.2)
DISARM_INCLUDES_MINE = True  # [DECISION] S13.3 / E3, following the ES seed
MOUNTAIN = int(data.Terrain.MOUNTAIN)
TUNNELS = np.flatnonzero(IS_TUNNEL).astype(np.int8)


def _special_candidates() -> np.ndarray:
    """Per faction, the locations its movement ability can link to (S13.2), -1 padded:
    Rusviet villages + Factory, Saxony mountains + tunnels, Polania lakes, Crimea bases."""
    terr = TERRAIN
    sets = {
        RUSVIET: np.flatnonzero((terr == data.Terrain.VILLAGE) | (terr == data.Terrain.FACTORY)),
        SAXONY: np.flatnonzero((terr == data.Terrain.MOUNTAIN) | (IS_TUNNEL == 1)),
        POLANIA: np.flatnonzero(terr == data.Terrain.LAKE),
        CRIMEA: np.arange(N_TERRITORIES, N_LOCATIONS),
        NORDIC: np.array([], dtype=np.int64),
    }
    out = np.full((len(data.Faction), max(len(v) for v in sets.values())), -1, dtype=np.int8)
    for faction, ids in sets.items():
        out[faction, : len(ids)] = ids
    return out


SPECIAL_CANDIDATES = _special_candidates()
# home base (id - N_TERRITORIES) -> its faction, -1 for Albion/Togawa (always inactive, D1.4)
BASE_FACTION = np.array([-1 if b.faction is None else int(b.faction) for b in data.HOME_BASES], dtype=np.int8)

MAT_NUMBER = np.array([m.number for m in data.PLAYER_MATS], dtype=np.int8)
MAT_POPULARITY = np.array([m.start_popularity for m in data.PLAYER_MATS], dtype=np.int8)
MAT_COINS = np.array([m.start_coins for m in data.PLAYER_MATS], dtype=np.int8)
MAT_OBJECTIVES = np.array([m.objective_cards for m in data.PLAYER_MATS], dtype=np.int8)
MAT_TOP = np.array([[int(a) for a in m.top_order] for m in data.PLAYER_MATS], dtype=np.int8)
BOTTOM_COST = np.array([[b.cost for b in m.bottom] for m in data.PLAYER_MATS], dtype=np.int8)
BOTTOM_FIXED = np.array([[b.fixed for b in m.bottom] for m in data.PLAYER_MATS], dtype=np.int8)
BOTTOM_COINS = np.array([[b.coins for b in m.bottom] for m in data.PLAYER_MATS], dtype=np.int8)
BOTTOM_RESOURCE = np.array([int(b.resource) for b in data.PLAYER_MATS[0].bottom], dtype=np.int8)

# top slot -> (value before upgrade, value after)
SLOT_VALUE = np.array(
    [[data.UPGRADE_SLOTS[s].base, data.UPGRADE_SLOTS[s].upgraded] for s in data.UpgradeSlot],
    dtype=np.int8,
)
PRODUCE_COST = np.array(
    [[c.power, c.popularity, c.coins] for c in data.PRODUCE_COST], dtype=np.int8
)  # by workers off the mat, 0..8

# recruit ongoing bonus per bottom action: (kind as data.RecruitBonus, amount)
ROB_KIND = np.array([int(b.kind) for b in data.RECRUIT_ONGOING_BONUSES], dtype=np.int8)
ROB_AMOUNT = np.array([b.amount for b in data.RECRUIT_ONGOING_BONUSES], dtype=np.int8)
ONE_TIME_AMOUNT = data.RECRUIT_ONE_TIME_AMOUNT

# ---------------------------------------------------------------- scoring (D4, D5)
BAND_HIGH = np.array([b.high for b in data.POPULARITY_BANDS], dtype=np.int8)
BAND_RATES = np.array(
    [[b.per_star, b.per_territory, b.per_two_resources] for b in data.POPULARITY_BANDS], np.int8
)
BONUS_COINS = np.array([list(b.coins) for b in data.STRUCTURE_BONUSES], dtype=np.int8)
FACTORY_WEIGHT = data.FACTORY_TERRITORY_WEIGHT

# Combat deck composition as values, in a fixed order before shuffling.
COMBAT_DECK = np.array(
    [v for v, n in sorted(data.COMBAT_CARD_COPIES.items()) for _ in range(n)], dtype=np.int8
)
MIN_CARD_VALUE = int(COMBAT_DECK.min())
