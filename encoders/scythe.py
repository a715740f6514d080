"""Scythe observation encoder: one float32 vector per seat, from that seat's point of view.

Players appear in *relative* order: slot 0 is the observing seat, slot 1 the next seat
clockwise (its left neighbour), and so on. Only what the seat could see at the table is
encoded (S0.10): opponents' combat cards appear as a count, never values; objective cards,
deck order, factory cards and the RNG never appear; opponents' coins are hidden unless
`public_coins` is set. ``FEATURES.markdown()`` prints the table (docs/scythe.md includes it).
"""

from __future__ import annotations

import numpy as np

from meeplegym.encoders.features import ANY, TABLE, EntityRows, FeatureTable, seat_major
from meeplegym.encoders.features import relative_seat as _rel
from meeplegym.envs.scythe.state import (
    BOTTOM_COST,
    BOTTOM_RESOURCE,
    DROPPED_HERE,
    FIRST_WORKER,
    HAS_ENCOUNTER,
    IS_TUNNEL,
    MAT_TOP,
    MAX_COINS,
    MAX_DIAL,
    MAX_PILE,
    MAX_PLAYERS,
    MAX_TURN,
    N_BOTTOM,
    N_CARD_VALUES,
    N_COMBAT_CARDS,
    N_LOCATIONS,
    N_MECHS,
    N_OBJECTIVE_CARDS,
    N_RESOURCES,
    N_SECTIONS,
    N_STAR_KINDS,
    N_STRUCTURES,
    N_TERRITORIES,
    N_TOP_SLOTS,
    N_UNITS,
    N_WORKERS,
    EFFECT_ENCOUNTER,
    EFFECT_FACTORY,
    PH_COMBAT_ORDER,
    PH_FACTORY_PICK,
    PH_PRODUCE_AMOUNT,
    PHASE_NAMES,
    SAXONY,
    STAR_OBJECTIVE,
    TERRAIN,
)
from meeplegym.envs.scythe.data import COMBAT_CARD_COPIES, MAX_POPULARITY, MAX_POWER, STARS_PER_PLAYER, adjacency_matrix
from meeplegym.envs.scythe.invariants import (
    MAX_CARD_LIMIT,
    MAX_EFFECT_SUB,
    MAX_MOVES,
    MAX_PAY,
    MAX_PRODUCE,
    MAX_RETREATS,
    MAX_STEPS,
    MAX_STEPS_LEFT,
)
from meeplegym.envs.scythe.rules.board import control
from meeplegym.jit import kernel

N_TERRAINS = 7
N_PHASES = len(PHASE_NAMES)

# the largest counts any loadable state holds (the loader's and the invariants' limits)
_COPIES = tuple(COMBAT_CARD_COPIES.values())  # combat cards of each value, 2..5
# the entities the observation describes one by one, and how many of each (FeatureTable.entity_rows)
ENTITIES = {"location": N_LOCATIONS, "player": MAX_PLAYERS, "unit": N_UNITS}
FEATURES = FeatureTable(ENTITIES)
_LOC = FEATURES.add("location.terrain", N_LOCATIONS * N_TERRAINS,
                    "per location 0-53: terrain one-hot (mountain, farm, village, forest, tundra, lake, factory); all 0 for home bases",
                    roles=TABLE, entity="location")
_LOC_FLAGS = FEATURES.add("location.flags", N_LOCATIONS * 3,
                          "per location: is a tunnel, carries an encounter token, is a home base", roles=(TABLE, ANY, TABLE), entity="location")
_LOC_RES = FEATURES.add("location.resources", N_LOCATIONS * N_RESOURCES, "per location: food, wood, metal, oil tokens",
                        high=MAX_PILE, entity="location")
_LOC_UNITS = FEATURES.add("location.units", N_LOCATIONS * MAX_PLAYERS * 3,
                          "per location, per relative player: character there (0/1), mechs there, workers there",
                          high=(1, N_MECHS, N_WORKERS), roles=seat_major(MAX_PLAYERS, 3), entity="location")
_LOC_STRUCT = FEATURES.add("location.structure", N_LOCATIONS * MAX_PLAYERS * N_STRUCTURES,
                           "per location, per relative player: one-hot of the structure standing there (mine, monument, armory, mill)",
                           roles=seat_major(MAX_PLAYERS, N_STRUCTURES), entity="location")
_LOC_CTRL = FEATURES.add("location.control", N_LOCATIONS * MAX_PLAYERS, "per location: one-hot of the relative player controlling it",
                          roles=seat_major(MAX_PLAYERS), entity="location")
_P_PRESENT = FEATURES.add("player.present", MAX_PLAYERS, "per relative player: seat exists in this game", roles=TABLE, entity="player")
_P_FACTION = FEATURES.add("player.faction", MAX_PLAYERS * 5, "per relative player: faction one-hot (Nordic, Rusviet, Crimea, Saxony, Polania)",
                          roles=seat_major(MAX_PLAYERS, 5), entity="player")
_P_MAT = FEATURES.add("player.mat", MAX_PLAYERS * 5, "per relative player: player mat one-hot (Industrial..Agricultural)",
                      roles=seat_major(MAX_PLAYERS, 5), entity="player")
_P_TRACKS = FEATURES.add("player.tracks", MAX_PLAYERS * 4,
                         "per relative player: power, popularity, coins (0 for opponents unless public_coins), combat cards held",
                         high=(MAX_POWER, MAX_POPULARITY, MAX_COINS, N_COMBAT_CARDS), roles=seat_major(MAX_PLAYERS, 4), entity="player")
_P_STARS = FEATURES.add("player.stars", MAX_PLAYERS * N_STAR_KINDS, "per relative player: stars per kind (state.STAR_NAMES order)",
                        high=STARS_PER_PLAYER, roles=seat_major(MAX_PLAYERS, N_STAR_KINDS), entity="player")
_P_UPGRADED = FEATURES.add("player.upgraded", MAX_PLAYERS * N_TOP_SLOTS, "per relative player: top-row slots whose cube was taken",
                          roles=seat_major(MAX_PLAYERS, N_TOP_SLOTS), entity="player")
_P_COSTS = FEATURES.add("player.bottom_costs", MAX_PLAYERS * N_BOTTOM, "per relative player: current Upgrade/Deploy/Build/Enlist cost",
                        high=int(BOTTOM_COST.max()), roles=seat_major(MAX_PLAYERS, N_BOTTOM), entity="player")
_P_RESOURCES = FEATURES.add("player.resources", MAX_PLAYERS * N_RESOURCES,
                            "per relative player: food, wood, metal, oil tokens on the territories it controls "
                            "(what it can pay with, S0.6)", high=N_TERRITORIES * MAX_PILE,
                            roles=seat_major(MAX_PLAYERS, N_RESOURCES), entity="player")
_P_CAN_PAY = FEATURES.add("player.can_pay_bottom", MAX_PLAYERS * N_BOTTOM,
                          "per relative player: those tokens cover the current Upgrade/Deploy/Build/Enlist cost "
                          "(Crimea's Coercion not counted)", roles=seat_major(MAX_PLAYERS, N_BOTTOM), entity="player")
_P_RECRUITED = FEATURES.add("player.recruited", MAX_PLAYERS * N_BOTTOM, "per relative player: recruit enlisted from that bottom section (ongoing bonus active)",
                           roles=seat_major(MAX_PLAYERS, N_BOTTOM), entity="player")
_P_ONE_TIME = FEATURES.add("player.one_time", MAX_PLAYERS * 4, "per relative player: one-time bonus slots used (power, coins, popularity, cards)",
                          roles=seat_major(MAX_PLAYERS, 4), entity="player")
_P_OFF_MAT = FEATURES.add("player.off_mat", MAX_PLAYERS * 3, "per relative player: mechs deployed, structures built, workers off the mat",
                          high=(N_MECHS, N_STRUCTURES, N_WORKERS), roles=seat_major(MAX_PLAYERS, 3), entity="player")
_P_SECTION = FEATURES.add("player.last_section", MAX_PLAYERS * N_SECTIONS, "per relative player: one-hot of the section used last turn",
                          roles=seat_major(MAX_PLAYERS, N_SECTIONS), entity="player")
_P_TURN = FEATURES.add("player.turn", MAX_PLAYERS * 2, "per relative player: is the first player, is to act now",
                       roles=seat_major(MAX_PLAYERS, 2), entity="player")
_OWN_HAND = FEATURES.add("own.hand", N_CARD_VALUES, "own combat cards by value 2, 3, 4, 5",
                         high=_COPIES)
_OWN_OBJ = FEATURES.add("own.objectives", N_OBJECTIVE_CARDS, "own objective cards (multi-hot over cards 1-23)")
_OWN_UNITS = FEATURES.add("own.unit_location", N_UNITS * N_LOCATIONS,
                          "per own unit (character, mechs 1-4, workers 1-8: the unit, load and drop actions' order): "
                          "location one-hot, all 0 while on the mat", entity="unit")
_G_TILE = FEATURES.add("game.structure_bonus", 6, "structure-bonus tile in play, one-hot (data.StructureBonusTile)")
_G_PLAYERS = FEATURES.add("game.players", 4, "number of players one-hot (2, 3, 4, 5)", roles=TABLE)
_G_CARDS = FEATURES.add("game.cards", 1 + N_CARD_VALUES, "combat cards left in the deck, then the discard pile by value",
                        high=(N_COMBAT_CARDS, *_COPIES))
_G_TURN = FEATURES.add("game.turn", 1, "turns completed, all players together",
                       high=MAX_TURN)
_D_PHASE = FEATURES.add("decision.phase", N_PHASES, "decision point one-hot (state.PHASE_NAMES)")
_D_SECTION = FEATURES.add("decision.section", N_SECTIONS, "section chosen this turn, one-hot")
_D_TOP = FEATURES.add("decision.top_action", 4, "top action of that section (Move, Bolster, Trade, Produce)")
_D_MOVE = FEATURES.add("decision.move", 3 + 2 * N_UNITS + N_WORKERS + N_RESOURCES,
                       "Move in progress: units left to move, units already moved, unit selected (one-hot), workers loaded, "
                       "resources carried, steps left for the selected unit, whether it has stepped (2: and dropped cargo at this stop)",
                       high=(MAX_MOVES, *[1] * (2 * N_UNITS + N_WORKERS), *[MAX_PILE] * N_RESOURCES, MAX_STEPS_LEFT, DROPPED_HERE))
_D_PRODUCE = FEATURES.add("decision.produce", 2 + N_TERRITORIES, "Produce in progress: territories left, Mill used, territories already produced",
                          high=(MAX_PRODUCE, 1, *[1] * N_TERRITORIES))
_D_PENDING = FEATURES.add("decision.pending", N_LOCATIONS + 10,
                          "first half of a two-step choice: a location one-hot (produce amount) or an index one-hot (trade pair, cube, mech, structure, recruit)")
_D_PAY = FEATURES.add("decision.pay", N_RESOURCES + 2, "payment in progress: resource one-hot, tokens left to pay, coins taken",
                      high=(*[1] * N_RESOURCES, MAX_PAY, 1))
_D_TURN_EVENTS = FEATURES.add("decision.turn_events", 5,
                              "reveal window reached this turn (0-3), enemy workers sent home this turn, own factory card held, "
                              "own objective stars still possible, Coercion used this turn",
                              high=(3, MAX_RETREATS, 1, 2, 1))
_E_CARD = FEATURES.add("encounter.card", 28, "encounter card being resolved, one-hot (cards are shown, S15.1)")
_F_CARDS = FEATURES.add("factory.cards", MAX_PLAYERS * 12, "per relative player: factory card taken, one-hot (face up, S16.4)",
                          roles=seat_major(MAX_PLAYERS, 12), entity="player")
_F_POOL = FEATURES.add("factory.pool", 1 + 6 * 12,
                       "cards left at the Factory; then, only for the player choosing one now, each slot's card one-hot",
                       high=(6, *[1] * (6 * 12)))
_F_RUN = FEATURES.add("factory.program", 3, "a factory card's program is running, a free Produce is running, the factory move is under way")
_E_STATE = FEATURES.add("encounter.state", 3 + 3 + 1 + 1,
                        "options already taken (3), option being resolved one-hot (3), program step, progress inside the step",
                        high=(*[1] * 6, MAX_STEPS, MAX_EFFECT_SUB))
_B_LOC = FEATURES.add("battle.territory", N_TERRITORIES, "battle being fought, one-hot (none between battles)")
_B_PENDING = FEATURES.add("battle.pending", N_TERRITORIES, "territories where a battle still waits after this Move")
_B_SIDES = FEATURES.add("battle.sides", 2 * MAX_PLAYERS, "attacker's relative seat one-hot, then the defender's",
                        roles=seat_major(MAX_PLAYERS))
_B_LIMIT = FEATURES.add("battle.card_limit", 2, "most combat cards the attacker / defender may add",
                        high=MAX_CARD_LIMIT)
_B_OWN = FEATURES.add("battle.own_commitment", 1 + MAX_DIAL + 1 + N_CARD_VALUES,
                      "if the observer fights: its side (0 attacker, 1 defender), its dial one-hot (0-7), its cards added by value",
                      high=(1, *[1] * (MAX_DIAL + 1), *_COPIES))
OBS_SIZE = FEATURES.size
OBS_HIGH = FEATURES.high()  # every element's upper bound (all are at least 0)


def live_columns(num_players: int) -> np.ndarray:
    """The elements that can change at a table of `num_players`."""
    return FEATURES.live_columns(num_players)


def entity_rows(num_players: int) -> list[EntityRows]:
    """Each kind of entity's rows in the live layout: the locations (joined by the map's
    adjacency, rivers included: the board's shape, not the moves), the table's players (relative
    seats) and the observer's own units."""
    return FEATURES.entity_tables(num_players, {"location": adjacency_matrix()})


@kernel
def _battle_seat(s, side):
    if s["battle_loc"] < 0:
        return -1
    return s["current"] if side == 0 else s["battle_defender"]


@kernel
def _battle_pending(s, t):
    """The mover and another player both have a character/mech on t."""
    mover = False
    other = False
    for p in range(s["n_players"]):
        for u in range(FIRST_WORKER):
            if s["unit_loc"][p, u] == t:
                if p == s["current"]:
                    mover = True
                else:
                    other = True
    return mover and other


@kernel
def encode(s, seat, public_coins, out):
    """Write seat's observation of state s into out (float32, OBS_SIZE)."""
    out[:] = 0.0
    n = int(s["n_players"])
    for loc in range(N_LOCATIONS):
        if loc < N_TERRITORIES:
            out[_LOC + loc * N_TERRAINS + int(TERRAIN[loc])] = 1.0
            out[_LOC_FLAGS + loc * 3] = IS_TUNNEL[loc]
            out[_LOC_FLAGS + loc * 3 + 1] = s["encounter_token"][loc] * HAS_ENCOUNTER[loc]
            for r in range(N_RESOURCES):
                out[_LOC_RES + loc * N_RESOURCES + r] = s["resources"][loc, r]
        else:
            out[_LOC_FLAGS + loc * 3 + 2] = 1.0
    ctrl = np.empty(N_TERRITORIES, dtype=np.int8)
    control(s, ctrl)
    for t in range(N_TERRITORIES):
        if ctrl[t] >= 0:
            out[_LOC_CTRL + t * MAX_PLAYERS + _rel(seat, ctrl[t], n)] = 1.0
    for p in range(n):
        rp = _rel(seat, p, n)
        for u in range(N_UNITS):
            loc = int(s["unit_loc"][p, u])
            if loc < 0:
                continue
            kind = 0 if u == 0 else (1 if u < FIRST_WORKER else 2)
            out[_LOC_UNITS + (loc * MAX_PLAYERS + rp) * 3 + kind] += 1.0
        for k in range(N_STRUCTURES):
            loc = int(s["structure_loc"][p, k])
            if loc >= 0:
                out[_LOC_STRUCT + (loc * MAX_PLAYERS + rp) * N_STRUCTURES + k] = 1.0
                out[_P_OFF_MAT + rp * 3 + 1] += 1.0
        out[_P_PRESENT + rp] = 1.0
        out[_P_FACTION + rp * 5 + int(s["faction"][p])] = 1.0
        out[_P_MAT + rp * 5 + int(s["mat"][p])] = 1.0
        out[_P_TRACKS + rp * 4] = s["power"][p]
        out[_P_TRACKS + rp * 4 + 1] = s["popularity"][p]
        if p == seat or public_coins:
            out[_P_TRACKS + rp * 4 + 2] = s["coins"][p]
        held = 0
        for v in range(N_CARD_VALUES):
            held += s["hand"][p, v]
        if p != seat:  # cards added to a battle are face down until the reveal
            for side in range(2):
                if _battle_seat(s, side) == p:
                    for v in range(N_CARD_VALUES):
                        held += s["battle_cards"][side, v]
        out[_P_TRACKS + rp * 4 + 3] = held
        for k in range(N_STAR_KINDS):
            out[_P_STARS + rp * N_STAR_KINDS + k] = s["stars"][p, k]
        for k in range(N_TOP_SLOTS):
            out[_P_UPGRADED + rp * N_TOP_SLOTS + k] = s["upgraded"][p, k]
        for t in range(N_TERRITORIES):  # the totals the bottom actions pay from: a sum the network would
            if ctrl[t] == p:             # otherwise have to learn from the per-location blocks
                for r in range(N_RESOURCES):
                    out[_P_RESOURCES + rp * N_RESOURCES + r] += s["resources"][t, r]
        for b in range(N_BOTTOM):
            cost = BOTTOM_COST[s["mat"][p], b] - s["covered"][p, b]
            out[_P_COSTS + rp * N_BOTTOM + b] = cost
            if out[_P_RESOURCES + rp * N_RESOURCES + int(BOTTOM_RESOURCE[b])] >= cost:
                out[_P_CAN_PAY + rp * N_BOTTOM + b] = 1.0
            out[_P_RECRUITED + rp * N_BOTTOM + b] = s["recruited"][p, b]
            out[_P_ONE_TIME + rp * 4 + b] = s["one_time_used"][p, b]
        for u in range(1, N_UNITS):
            if s["unit_loc"][p, u] >= 0:
                out[_P_OFF_MAT + rp * 3 + (0 if u < FIRST_WORKER else 2)] += 1.0
        if s["last_section"][p] >= 0:
            out[_P_SECTION + rp * N_SECTIONS + int(s["last_section"][p])] = 1.0
        out[_P_TURN + rp * 2] = 1.0 if p == s["first_player"] else 0.0
        out[_P_TURN + rp * 2 + 1] = 1.0 if p == s["actor"] and s["terminal"] == 0 else 0.0
    for v in range(N_CARD_VALUES):
        out[_OWN_HAND + v] = s["hand"][seat, v]
        out[_G_CARDS + 1 + v] = s["discard"][v]
    for u in range(N_UNITS):  # the unit actions name units by index: say where each one stands
        loc = int(s["unit_loc"][seat, u])
        if loc >= 0:
            out[_OWN_UNITS + u * N_LOCATIONS + loc] = 1.0
    for k in range(2):
        if s["objectives"][seat, k] >= 0:
            out[_OWN_OBJ + int(s["objectives"][seat, k])] = 1.0
    out[_G_TILE + int(s["bonus_tile"])] = 1.0
    out[_G_PLAYERS + n - 2] = 1.0
    out[_G_CARDS] = s["deck_size"]
    out[_G_TURN] = s["turn"]
    out[_D_PHASE + int(s["phase"])] = 1.0
    section = int(s["section"])
    if section >= 0:
        out[_D_SECTION + section] = 1.0
        if section < 4:
            out[_D_TOP + int(MAT_TOP[s["mat"][s["current"]], section])] = 1.0
    out[_D_MOVE] = s["moves_left"]
    for u in range(N_UNITS):
        out[_D_MOVE + 1 + u] = s["moved"][u]
    if s["selected"] >= 0:
        out[_D_MOVE + 1 + N_UNITS + int(s["selected"])] = 1.0
    for w in range(N_WORKERS):
        out[_D_MOVE + 1 + 2 * N_UNITS + w] = s["cargo_workers"][w]
    for r in range(N_RESOURCES):
        out[_D_MOVE + 1 + 2 * N_UNITS + N_WORKERS + r] = s["cargo_resources"][r]
    out[_D_MOVE + 1 + 2 * N_UNITS + N_WORKERS + N_RESOURCES] = s["steps_left"]
    out[_D_MOVE + 2 + 2 * N_UNITS + N_WORKERS + N_RESOURCES] = s["stepped"]
    out[_D_PRODUCE] = s["produce_left"]
    out[_D_PRODUCE + 1] = s["mill_produced"]
    for t in range(N_TERRITORIES):
        out[_D_PRODUCE + 2 + t] = s["produced"][t]
    pending = int(s["pending"])
    if pending >= 0:
        if s["phase"] == PH_PRODUCE_AMOUNT:  # pending is a territory
            out[_D_PENDING + pending] = 1.0
        elif pending < 10:
            out[_D_PENDING + N_LOCATIONS + pending] = 1.0
    if s["pay_resource"] >= 0:
        out[_D_PAY + int(s["pay_resource"])] = 1.0
    out[_D_PAY + N_RESOURCES] = s["pay_left"]
    out[_D_PAY + N_RESOURCES + 1] = s["take_coins"]
    for t in range(N_TERRITORIES):
        if s["phase"] >= PH_COMBAT_ORDER and s["terminal"] == 0 and _battle_pending(s, t):
            out[_B_PENDING + t] = 1.0
    out[_D_TURN_EVENTS] = s["window"]
    out[_D_TURN_EVENTS + 1] = s["retreats_forced"]
    out[_D_TURN_EVENTS + 2] = 1.0 if s["factory_card"][seat] >= 0 else 0.0
    out[_D_TURN_EVENTS + 3] = (2 if s["faction"][seat] == SAXONY else 1) - s["stars"][seat, STAR_OBJECTIVE]
    out[_D_TURN_EVENTS + 4] = s["coercion_used"]
    for p in range(n):
        if s["factory_card"][p] >= 0:
            out[_F_CARDS + _rel(seat, p, n) * 12 + int(s["factory_card"][p])] = 1.0
    for k in range(6):
        if s["factory_pool"][k] >= 0:
            out[_F_POOL] += 1.0
            if s["phase"] == PH_FACTORY_PICK and s["actor"] == seat:
                out[_F_POOL + 1 + k * 12 + int(s["factory_pool"][k])] = 1.0
    out[_F_RUN] = 1.0 if s["effect_source"] == EFFECT_FACTORY else 0.0
    out[_F_RUN + 1] = s["produce_free"]
    out[_F_RUN + 2] = s["factory_move"]
    if s["effect_source"] == EFFECT_ENCOUNTER:
        out[_E_CARD + int(s["effect_card"])] = 1.0
        for k in range(3):
            out[_E_STATE + k] = 1.0 if s["options_taken"] & (1 << k) else 0.0
        if s["effect_option"] >= 0:
            out[_E_STATE + 3 + int(s["effect_option"])] = 1.0
        out[_E_STATE + 6] = s["effect_pc"]
        out[_E_STATE + 7] = s["effect_sub"]
    t = int(s["battle_loc"])
    if t >= 0:
        out[_B_LOC + t] = 1.0
        for side in range(2):
            out[_B_SIDES + side * MAX_PLAYERS + _rel(seat, _battle_seat(s, side), n)] = 1.0
            out[_B_LIMIT + side] = s["card_limit"][side]
            if _battle_seat(s, side) == seat:
                out[_B_OWN] = side
                out[_B_OWN + 1 + int(s["dial"][side])] = 1.0
                for v in range(N_CARD_VALUES):
                    out[_B_OWN + 2 + MAX_DIAL + v] = s["battle_cards"][side, v]


@kernel
def encode_at(states, i, seat, public_coins, out):
    encode(states[i], seat, public_coins, out)


def observation(state, seat: int, public_coins: bool = False) -> np.ndarray:
    out = np.zeros(OBS_SIZE, dtype=np.float32)
    encode(state, seat, public_coins, out)
    return out


