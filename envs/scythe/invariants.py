"""What every Scythe state must satisfy: the engine's debug-mode checks, in one place.

``check_into(s, where)`` is a numba kernel: 0 when the state record is consistent, otherwise the
code of the first broken invariant (``VIOLATIONS[code]`` names it), with the seat in
``where[0]`` and the item (unit, territory, card slot, field ...) in ``where[1]``, -1 where none
applies. ``check_step(before, after)`` adds what one decision may never undo (a star lost, a
mech back on the mat ...). ``describe(code)`` says a code in words; ``check(s)`` and
``explain(s)`` give the first broken invariant of a record with its seat, item and phase (a live
state without a legal action included), as ``meeplegym.violations`` does for every game. The
kernels also run as plain Python under ``NUMBA_DISABLE_JIT=1``, and they never index outside
the record whatever its bytes hold, so they also validate loaded states
(``state_json.state_from_dict``).

Invariants (spec sections in brackets): conservation of the 42 combat cards, the 23 objective
cards, the 28 encounter cards and the factory cards; tracks and counts within their limits
(S0.4, S0.5); units and structures where the rules allow them (S0.2, S3.5, S9, S13.2);
upgrade cubes = covered boxes (S7), recruits = one-time bonuses used (S10); stars placed exactly
when earned and the end at the sixth (S18, S19.1); the turn bookkeeping consistent with the
decision point (every field a phase reads is in range, so ``turn.legal`` and ``turn.apply`` never
index out of bounds); and a live state always has a legal action.

Loading (``check_loaded_into``, what ``state_from_dict`` uses through ``explain(s, loaded=True)``)
keeps every check the engine needs to play on safely and waives the ones only a game's history
guarantees, so that hand-edited scenarios load: the seat to act vs the turn counter
(TURN_ORDER), which objective/factory cards are where (only "no more than 23 objective cards"
and valid card numbers stay), the lake rules for units and tokens, and stars vs goals
(STAR_WITHOUT_GOAL, GOAL_WITHOUT_STAR, a live game at 6 stars). ``LOAD_WAIVED`` lists those
codes.

``play_random_checked``, ``start_checked`` and ``step_checked`` (the shared template,
``meeplegym.game_kernels.checked_kernels``) play with both checks after every decision, for the
invariant tests and ``benchmarks/soak.py``.
"""

from __future__ import annotations

import sys

import numpy as np

from meeplegym.envs.scythe import actions as A
from meeplegym.envs.scythe import data
from meeplegym.envs.scythe.rules.board import controlled_total, destinations, new_control, new_occupancy
from meeplegym.envs.scythe.rules.bottom import coercion_available
from meeplegym.envs.scythe.rules.gains import star_count
from meeplegym.envs.scythe.rules import turn
from meeplegym.envs.scythe.state import (
    DROPPED_HERE,
    BASE_FACTION,
    BOTTOM_COST,
    BOTTOM_FIXED,
    CHARACTER,
    COMBAT_DECK,
    EFFECT_ENCOUNTER,
    EFFECT_FACTORY,
    FACTORY,
    FACTORY_SECTION,
    FIRST_MECH,
    FIRST_WORKER,
    HAS_ENCOUNTER,
    LAKE,
    MAX_COMBAT_STARS,
    MAX_DIAL,
    MAX_PLAYERS,
    MAX_POPULARITY,
    MAX_POWER,
    MIN_CARD_VALUE,
    N_BOTTOM,
    N_CARD_VALUES,
    N_ENCOUNTER_CARDS,
    N_FACTORY_CARDS,
    N_LOCATIONS,
    N_OBJECTIVE_CARDS,
    N_RESOURCES,
    N_SECTIONS,
    N_STAR_KINDS,
    N_STRUCTURES,
    N_TERRITORIES,
    N_TOP_SLOTS,
    N_UNITS,
    N_WORKERS,
    NORDIC,
    PH_ARTILLERY,
    PH_BUILD_LOC,
    PH_CARDS,
    PH_COMBAT_ORDER,
    PH_DEPLOY_LOC,
    PH_DIAL,
    PH_EFFECT,
    PH_ENCOUNTER,
    PH_ENLIST_BONUS,
    PH_FACTORY_CARD_COST,
    PH_FACTORY_PICK,
    PH_GAME_OVER,
    PH_MOVE_SELECT,
    PH_MOVE_UNIT,
    PH_OBJECTIVE,
    PH_PAY,
    PH_PRODUCE_AMOUNT,
    PH_RETREAT,
    PH_SECTION,
    PH_TRADE_LOC,
    PH_UPGRADE_TO,
    PHASE_NAMES,
    POLANIA,
    RUSVIET,
    SAXONY,
    SLOT_VALUE,
    STAR_COMBAT,
    STAR_MECHS,
    STAR_NAMES,
    STAR_OBJECTIVE,
    STAR_POPULARITY,
    STAR_POWER,
    STAR_RECRUITS,
    STAR_STRUCTURES,
    STAR_UPGRADES,
    STAR_WORKERS,
    STARS_TO_END,
    TERRAIN,
)
from meeplegym.game_kernels import checked_kernels
from meeplegym.jit import kernel, shell_kernel
from meeplegym.violations import Violations

__all__ = [
    "VIOLATIONS", "CODES", "LOAD_WAIVED", "check", "check_into", "check_loaded_into", "check_at", "check_step",
    "await_decision", "diagnose_at", "describe", "diagnose", "explain", "play_random_checked", "start_checked",
    "step_checked",
]

# ---------------------------------------------------------------- violation codes
# One code per invariant; the message is what a failing test or the soak prints.
_TABLE = (
    ("OK", "consistent"),
    # game-wide fields
    ("N_PLAYERS", "n_players outside 2..5"),
    ("PHASE", "phase out of range"),
    ("TERMINAL", "terminal != (phase == game over), or terminal not 0/1"),
    ("CURRENT", "current seat out of range"),
    ("FIRST_PLAYER", "first player out of range"),
    ("ACTOR", "actor (seat to act) out of range"),
    ("TURN_NEGATIVE", "turn negative"),
    ("TURN_ORDER", "seat to act is not (first player + turns played) mod n (S0.9)"),
    ("BONUS_TILE", "structure bonus tile out of range"),
    ("RNG_ZERO", "RNG word is 0 (xorshift would stay stuck at 0)"),
    # seats
    ("FACTION_MAT", "faction or mat out of range or dealt twice"),
    ("BLANK_SEAT", "an unused seat is not blank"),
    ("POWER", "power outside 0..16"),
    ("POPULARITY", "popularity outside 0..18"),
    ("COINS", "negative coins"),
    # combat cards (D6)
    ("HAND", "negative combat card count in a hand or a battle"),
    ("DISCARD", "negative discard count"),
    ("DECK_SIZE", "deck size out of 0..42"),
    ("DECK_VALUE", "deck card value outside 2..5"),
    ("DECK_TAIL", "deck slot past deck_size not cleared"),
    ("CARDS_CONSERVED", "combat cards not conserved (deck + discard + hands + battle != 16/12/8/6)"),
    # the other decks
    ("ENCOUNTER_TOKEN", "encounter token not 0/1 or on a territory without the symbol"),
    ("ENCOUNTER_DECK", "encounter deck is not the 28 cards, each once"),
    ("OBJECTIVE_DECK", "objective deck size or card out of range, or a slot past its size not empty"),
    ("OBJECTIVE_HAND", "objective card number in a hand out of range"),
    ("OBJECTIVES_CONSERVED", "objective card missing or in two places (deck + hands != the 23 cards)"),
    ("FACTORY_CARD", "factory card taken out of range"),
    ("FACTORY_POOL", "factory pool holds an unknown card, a gap or a card twice"),
    ("FACTORY_COUNT", "factory cards at the Factory + taken != players + 1"),
    # the board
    ("RESOURCES_NEGATIVE", "negative resources"),
    ("LAKE_RESOURCES", "resource tokens on a lake with no unit"),
    ("CHARACTER_LOCATION", "character not on a location"),
    ("UNIT_LOCATION", "mech/worker location invalid"),
    ("UNIT_ON_LAKE", "unit on a lake (character/mech without Seaworthy or Submerge)"),
    ("WORKER_ON_LAKE", "worker on a lake without an own mech"),
    ("FOREIGN_BASE", "unit on another active faction's home base"),
    ("SHARED_TERRITORY", "units of two players share a territory outside a Move and its battles"),
    ("STRUCTURE_LOCATION", "structure location invalid (not a territory)"),
    ("STRUCTURE_ON_LAKE", "structure on a lake"),
    ("TWO_STRUCTURES", "two structures on one territory"),
    # the player mat
    ("UPGRADE_FLAG", "upgraded cube flag not 0/1"),
    ("COVERED", "covered boxes outside 0..cost-fixed"),
    ("UPGRADES_COVERED", "upgraded cubes != covered boxes"),
    ("RECRUIT_FLAG", "recruit flag not 0/1"),
    ("RECRUITS_ONE_TIME", "recruits enlisted != one-time bonuses used"),
    # stars and the end (S18, S19)
    ("STAR_FLAG", "star kind not 0/1"),
    ("COMBAT_STARS", "negative combat stars, or more than 2 combat stars for a faction other than Saxony (S14.7)"),
    ("OBJECTIVE_STARS", "too many objective stars"),
    ("OBJECTIVE_KEPT", "objective cards kept after a non-Saxony reveal"),
    ("OBJECTIVE_STAR_CARDS", "objective cards: a star for more cards than were dealt"),
    ("TOO_MANY_STARS", "more than 6 stars"),
    ("SIX_STARS_LIVE", "6 stars but the game goes on"),
    ("GAME_OVER_STARS", "game over without exactly one player at 6 stars"),
    ("STAR_WITHOUT_GOAL", "star but the goal does not hold"),
    ("GOAL_WITHOUT_STAR", "goal met but no star placed"),
    ("SCORE_BEFORE_END", "final score or rank written before the end"),
    ("RANKS", "ranks at the end outside 0..n-1, or nobody ranked first"),
    # the turn in progress
    ("SECTION_RANGE", "section or last_section out of range"),
    ("FACTORY_SECTION_CARD", "factory section without a factory card"),
    ("NO_SECTION", "no section chosen after the section phase"),
    ("SAME_SECTION", "section used two turns running by a non-Rusviet player (S2.1)"),
    ("TURN_NOT_FRESH", "turn bookkeeping not cleared at the start of a turn"),
    ("TURN_FIELD", "turn bookkeeping field out of range"),
    ("WINDOW", "reveal window inconsistent with the phase"),
    ("ACTOR_PHASE", "seat to act is not the current player (or, in a battle, the side deciding)"),
    ("SELECTION", "unit selection inconsistent with the phase (or the selected unit cannot step)"),
    ("CARGO", "cargo outside a unit's move, not with the unit, or more than lies there"),
    ("PENDING", "pending choice out of range for the phase"),
    ("PAYMENT", "payment decision without a resource, a token left to pay, or enough tokens to pay it"),
    ("BATTLE_FIELDS", "battle fields set outside a battle"),
    ("BATTLE", "battle state inconsistent (territory, sides, step, winner, dials or cards)"),
    ("EFFECT_FIELDS", "card-program fields set without a card program"),
    ("EFFECT", "card program state inconsistent (card, option, step, jump)"),
    ("FACTORY_PICK", "factory pick without the character on the Factory, with a card held, or an empty pool"),
    ("FACTORY_TURN", "factory move or free Produce outside the factory section"),
    ("NO_LEGAL_ACTION", "a live state with no legal action"),
    # what one decision may never do (check_step)
    ("SETUP_CHANGED", "n_players, faction, mat or structure bonus changed"),
    ("STAR_LOST", "a star was lost"),
    ("TURN_STEP", "turn counter went back"),
    ("UPGRADE_UNDONE", "an upgrade was undone"),
    ("RECRUIT_UNDONE", "a recruit was undone"),
    ("MECH_RETURNED", "a mech returned to the mat"),
    ("WORKER_RETURNED", "a worker returned to the mat"),
    ("STRUCTURE_MOVED", "a structure moved or returned to the mat"),
    ("FINISHED_CHANGED", "a finished game changed"),
    ("NEW_STAR_WITHOUT_GOAL", "star placed while the goal does not hold"),
    # play_random_checked and step_checked only
    ("NOT_FINISHED", "game still running after max_decisions"),
    ("ILLEGAL_CHOICE", "a policy chose an action its legal mask forbids (step_checked)"),
)
VIOLATIONS: dict[int, str] = {code: message for code, (_, message) in enumerate(_TABLE)}
CODES: dict[str, int] = {name: code for code, (name, _) in enumerate(_TABLE)}

OK = 0
N_PLAYERS = 1
PHASE = 2
TERMINAL = 3
CURRENT = 4
FIRST_PLAYER = 5
ACTOR = 6
TURN_NEGATIVE = 7
TURN_ORDER = 8
BONUS_TILE = 9
RNG_ZERO = 10
FACTION_MAT = 11
BLANK_SEAT = 12
POWER = 13
POPULARITY = 14
COINS = 15
HAND = 16
DISCARD = 17
DECK_SIZE = 18
DECK_VALUE = 19
DECK_TAIL = 20
CARDS_CONSERVED = 21
ENCOUNTER_TOKEN = 22
ENCOUNTER_DECK = 23
OBJECTIVE_DECK = 24
OBJECTIVE_HAND = 25
OBJECTIVES_CONSERVED = 26
FACTORY_CARD = 27
FACTORY_POOL = 28
FACTORY_COUNT = 29
RESOURCES_NEGATIVE = 30
LAKE_RESOURCES = 31
CHARACTER_LOCATION = 32
UNIT_LOCATION = 33
UNIT_ON_LAKE = 34
WORKER_ON_LAKE = 35
FOREIGN_BASE = 36
SHARED_TERRITORY = 37
STRUCTURE_LOCATION = 38
STRUCTURE_ON_LAKE = 39
TWO_STRUCTURES = 40
UPGRADE_FLAG = 41
COVERED = 42
UPGRADES_COVERED = 43
RECRUIT_FLAG = 44
RECRUITS_ONE_TIME = 45
STAR_FLAG = 46
COMBAT_STARS = 47
OBJECTIVE_STARS = 48
OBJECTIVE_KEPT = 49
OBJECTIVE_STAR_CARDS = 50
TOO_MANY_STARS = 51
SIX_STARS_LIVE = 52
GAME_OVER_STARS = 53
STAR_WITHOUT_GOAL = 54
GOAL_WITHOUT_STAR = 55
SCORE_BEFORE_END = 56
RANKS = 57
SECTION_RANGE = 58
FACTORY_SECTION_CARD = 59
NO_SECTION = 60
SAME_SECTION = 61
TURN_NOT_FRESH = 62
TURN_FIELD = 63
WINDOW = 64
ACTOR_PHASE = 65
SELECTION = 66
CARGO = 67
PENDING = 68
PAYMENT = 69
BATTLE_FIELDS = 70
BATTLE = 71
EFFECT_FIELDS = 72
EFFECT = 73
FACTORY_PICK = 74
FACTORY_TURN = 75
NO_LEGAL_ACTION = 76
SETUP_CHANGED = 77
STAR_LOST = 78
TURN_STEP = 79
UPGRADE_UNDONE = 80
RECRUIT_UNDONE = 81
MECH_RETURNED = 82
WORKER_RETURNED = 83
STRUCTURE_MOVED = 84
FINISHED_CHANGED = 85
NEW_STAR_WITHOUT_GOAL = 86
NOT_FINISHED = 87
ILLEGAL_CHOICE = 88

# What a loaded (hand-edited) state may break; see the module docstring.
LOAD_WAIVED = frozenset({
    TURN_ORDER, OBJECTIVES_CONSERVED, FACTORY_POOL, FACTORY_COUNT, UNIT_ON_LAKE, WORKER_ON_LAKE,
    LAKE_RESOURCES, SIX_STARS_LIVE, STAR_WITHOUT_GOAL, GOAL_WITHOUT_STAR,
})

# The literals above are what numba freezes into the kernels; keep them equal to the table.
assert all(globals()[name] == code for name, code in CODES.items()), "code constants out of step with _TABLE"

# Fields of the turn bookkeeping, named for TURN_NOT_FRESH / TURN_FIELD messages (the `where`
# item of those codes indexes this tuple).
TURN_FIELDS = (
    "section", "moves_left", "moved", "selected", "steps_left", "stepped", "cargo_workers",
    "cargo_resources", "produce_left", "mill_produced", "produced", "pending", "pay_resource",
    "pay_left", "take_coins", "actor", "move_origin", "battle", "window", "retreats_forced",
    "coercion_used", "effect", "produce_free", "factory_move", "options_taken",
)
F_SECTION = 0
F_MOVES_LEFT = 1
F_MOVED = 2
F_SELECTED = 3
F_STEPS_LEFT = 4
F_STEPPED = 5
F_CARGO_WORKERS = 6
F_CARGO_RESOURCES = 7
F_PRODUCE_LEFT = 8
F_MILL_PRODUCED = 9
F_PRODUCED = 10
F_PENDING = 11
F_PAY_RESOURCE = 12
F_PAY_LEFT = 13
F_TAKE_COINS = 14
F_ACTOR = 15
F_MOVE_ORIGIN = 16
F_BATTLE = 17
F_WINDOW = 18
F_RETREATS_FORCED = 19
F_COERCION_USED = 20
F_EFFECT = 21
F_PRODUCE_FREE = 22
F_FACTORY_MOVE = 23
F_OPTIONS_TAKEN = 24
assert all(globals()[f"F_{name.upper()}"] == k for k, name in enumerate(TURN_FIELDS))

# ---------------------------------------------------------------- facts the checks use
N_PHASES = len(PHASE_NAMES)
N_BONUS_TILES = len(data.StructureBonusTile)
N_FACTIONS = len(data.Faction)
N_MATS = len(data.Mat)
N_COMBAT_CARDS = COMBAT_DECK.shape[0]
CARD_COPIES = np.bincount(COMBAT_DECK - MIN_CARD_VALUE, minlength=N_CARD_VALUES).astype(np.int64)
MAX_CARD_VALUE = MIN_CARD_VALUE + N_CARD_VALUES - 1
MAX_COVER = (BOTTOM_COST - BOTTOM_FIXED).astype(np.int8)  # (mat, bottom action)
MAX_MOVES = int(SLOT_VALUE[int(data.UpgradeSlot.MOVE_UNITS)].max())
_produce = data.FACTORY_PROGRAM[data.FACTORY_PROGRAM[..., 0] == int(data.Op.PRODUCE)]
MAX_PRODUCE = max(int(SLOT_VALUE[int(data.UpgradeSlot.PRODUCE_TERRITORIES)].max()),
                  int(_produce[:, 1].max()) if len(_produce) else 0)
MAX_STEPS_LEFT = 3  # Speed's two steps + the factory move's extra one (S13.4, S16.4)
MAX_PAY = int(BOTTOM_COST.max())
MAX_CARD_LIMIT = FIRST_WORKER + 1  # one card per own character/mech there, +1 People's Army
_card_costs = data.FACTORY_COST[data.FACTORY_COST[..., 0] == int(data.CostKind.COMBAT_CARD)]
MAX_FACTORY_CARD_COST = int(_card_costs[:, 1].max()) if len(_card_costs) else 0
MAX_EFFECT_SUB = 9
N_OPTIONS = data.N_ENCOUNTER_OPTIONS
MAX_STEPS = data.MAX_EFFECT_STEPS
ENCOUNTER_PROGRAM = data.ENCOUNTER_PROGRAM
FACTORY_PROGRAM = data.FACTORY_PROGRAM
OP_NOP = int(data.Op.NOP)
OP_BUILD = int(data.Op.BUILD)
OP_DEPLOY = int(data.Op.DEPLOY)
OP_ENLIST = int(data.Op.ENLIST)
OP_UPGRADE = int(data.Op.UPGRADE)
N_TRADE_PAIRS = len(A.TRADE_PAIRS)
MOVEMENT_MECH = FIRST_MECH + 1  # mech 2 unlocks the movement ability (state.ABILITY_MOVEMENT)
MAX_RETREATS = N_WORKERS * MAX_PLAYERS


# ---------------------------------------------------------------- helpers
@kernel
def _fail(where, code, seat, item):
    where[0] = seat
    where[1] = item
    return code


@kernel
def _in(x, lo, hi):
    return lo <= x <= hi


@kernel
def _is_lake(loc):
    return 0 <= loc < N_TERRITORIES and TERRAIN[loc] == LAKE


@kernel
def _battle_phase(ph):
    return ph == PH_ARTILLERY or ph == PH_DIAL or ph == PH_CARDS or ph == PH_RETREAT


@kernel
def _goal(s, p, kind):
    """Does seat p meet the S18.1 goal of a star kind that can be read off the state?"""
    if kind == STAR_UPGRADES:
        for k in range(N_TOP_SLOTS):
            if s["upgraded"][p, k] == 0:
                return False
        return True
    if kind == STAR_MECHS or kind == STAR_WORKERS:
        first = FIRST_MECH if kind == STAR_MECHS else FIRST_WORKER
        last = FIRST_WORKER if kind == STAR_MECHS else N_UNITS
        for u in range(first, last):
            if s["unit_loc"][p, u] < 0:
                return False
        return True
    if kind == STAR_STRUCTURES:
        for k in range(N_STRUCTURES):
            if s["structure_loc"][p, k] < 0:
                return False
        return True
    if kind == STAR_RECRUITS:
        for k in range(N_BOTTOM):
            if s["recruited"][p, k] == 0:
                return False
        return True
    if kind == STAR_POPULARITY:
        return s["popularity"][p] >= MAX_POPULARITY
    if kind == STAR_POWER:
        return s["power"][p] >= MAX_POWER
    return False


@kernel
def _checked_kind(kind):
    return kind != STAR_COMBAT and kind != STAR_OBJECTIVE


@kernel
def _lasting_kind(kind):
    """Goals that never undo once met (units, structures, cubes and recruits never go back)."""
    return kind == STAR_UPGRADES or kind == STAR_MECHS or kind == STAR_STRUCTURES \
        or kind == STAR_RECRUITS or kind == STAR_WORKERS


# ---------------------------------------------------------------- the checks, in order
@kernel
def _check_game(s, where, strict):
    n = s["n_players"]
    if not _in(n, 2, MAX_PLAYERS):
        return _fail(where, N_PLAYERS, -1, -1)
    ph = s["phase"]
    if not _in(ph, 0, N_PHASES - 1):
        return _fail(where, PHASE, -1, -1)
    if not _in(s["terminal"], 0, 1) or (s["terminal"] == 1) != (ph == PH_GAME_OVER):
        return _fail(where, TERMINAL, -1, -1)
    if not _in(s["current"], 0, n - 1):
        return _fail(where, CURRENT, -1, -1)
    if not _in(s["first_player"], 0, n - 1):
        return _fail(where, FIRST_PLAYER, -1, -1)
    if not _in(s["actor"], 0, n - 1):
        return _fail(where, ACTOR, -1, -1)
    if s["turn"] < 0:
        return _fail(where, TURN_NEGATIVE, -1, -1)
    if strict and s["current"] != (np.int64(s["first_player"]) + np.int64(s["turn"])) % n:
        return _fail(where, TURN_ORDER, -1, -1)
    if not _in(s["bonus_tile"], 0, N_BONUS_TILES - 1):
        return _fail(where, BONUS_TILE, -1, -1)
    if s["rng"] == 0:
        return _fail(where, RNG_ZERO, -1, -1)
    return OK


@kernel
def _blank(s, p):
    if s["faction"][p] != -1 or s["mat"][p] != -1 or s["power"][p] != 0 or s["popularity"][p] != 0:
        return False
    if s["coins"][p] != 0 or s["factory_card"][p] != -1 or s["last_section"][p] != -1:
        return False
    if s["final_score"][p] != 0 or s["rank"][p] != 0:
        return False
    for v in range(N_CARD_VALUES):
        if s["hand"][p, v] != 0:
            return False
    for k in range(2):
        if s["objectives"][p, k] != -1:
            return False
    for u in range(N_UNITS):
        if s["unit_loc"][p, u] != -1:
            return False
    for k in range(N_STRUCTURES):
        if s["structure_loc"][p, k] != -1:
            return False
    for k in range(N_TOP_SLOTS):
        if s["upgraded"][p, k] != 0:
            return False
    for b in range(N_BOTTOM):
        if s["covered"][p, b] != 0 or s["recruited"][p, b] != 0 or s["one_time_used"][p, b] != 0:
            return False
    for k in range(N_STAR_KINDS):
        if s["stars"][p, k] != 0:
            return False
    return True


@kernel
def _check_seats(s, where, strict):
    n = s["n_players"]
    for p in range(n):
        f = s["faction"][p]
        m = s["mat"][p]
        if not _in(f, 0, N_FACTIONS - 1) or not _in(m, 0, N_MATS - 1):
            return _fail(where, FACTION_MAT, p, -1)
        for q in range(p):
            if s["faction"][q] == f or s["mat"][q] == m:
                return _fail(where, FACTION_MAT, p, -1)
    for p in range(n, MAX_PLAYERS):
        if not _blank(s, p):
            return _fail(where, BLANK_SEAT, p, -1)
    for p in range(n):
        if not _in(s["power"][p], 0, MAX_POWER):
            return _fail(where, POWER, p, -1)
        if not _in(s["popularity"][p], 0, MAX_POPULARITY):
            return _fail(where, POPULARITY, p, -1)
        if s["coins"][p] < 0:
            return _fail(where, COINS, p, -1)
    return OK


@kernel
def _check_cards(s, where, strict):
    """The 42 combat cards are all somewhere: deck, discard pile, a hand or a battle (D6)."""
    n = s["n_players"]
    held = np.zeros(N_CARD_VALUES, dtype=np.int64)
    for p in range(n):
        for v in range(N_CARD_VALUES):
            if s["hand"][p, v] < 0:
                return _fail(where, HAND, p, v)
            held[v] += s["hand"][p, v]
    for side in range(2):
        for v in range(N_CARD_VALUES):
            if s["battle_cards"][side, v] < 0:
                return _fail(where, HAND, -1, v)
            held[v] += s["battle_cards"][side, v]
    for v in range(N_CARD_VALUES):
        if s["discard"][v] < 0:
            return _fail(where, DISCARD, -1, v)
        held[v] += s["discard"][v]
    size = s["deck_size"]
    if not _in(size, 0, N_COMBAT_CARDS):
        return _fail(where, DECK_SIZE, -1, -1)
    for i in range(N_COMBAT_CARDS):
        value = s["deck"][i]
        if i < size:
            if not _in(value, MIN_CARD_VALUE, MAX_CARD_VALUE):
                return _fail(where, DECK_VALUE, -1, i)
            held[value - MIN_CARD_VALUE] += 1
        elif value != 0:
            return _fail(where, DECK_TAIL, -1, i)
    for v in range(N_CARD_VALUES):
        if held[v] != CARD_COPIES[v]:
            return _fail(where, CARDS_CONSERVED, -1, v)
    return OK


@kernel
def _check_decks(s, where, strict):
    n = s["n_players"]
    for t in range(N_TERRITORIES):
        token = s["encounter_token"][t]
        if not _in(token, 0, 1) or (token == 1 and HAS_ENCOUNTER[t] == 0):
            return _fail(where, ENCOUNTER_TOKEN, -1, t)
    seen = np.zeros(max(N_ENCOUNTER_CARDS, N_OBJECTIVE_CARDS, N_FACTORY_CARDS), dtype=np.int64)
    for i in range(N_ENCOUNTER_CARDS):
        c = s["encounter_deck"][i]
        if not _in(c, 0, N_ENCOUNTER_CARDS - 1) or seen[c] != 0:
            return _fail(where, ENCOUNTER_DECK, -1, i)
        seen[c] = 1
    # objective cards: each of the 23 exactly once, in the deck or a hand (S17.2)
    size = s["objective_deck_size"]
    if not _in(size, 0, N_OBJECTIVE_CARDS):
        return _fail(where, OBJECTIVE_DECK, -1, -1)
    seen[:] = 0
    for i in range(N_OBJECTIVE_CARDS):
        c = s["objective_deck"][i]
        if i >= size:
            if c != -1:
                return _fail(where, OBJECTIVE_DECK, -1, i)
            continue
        if not _in(c, 0, N_OBJECTIVE_CARDS - 1):
            return _fail(where, OBJECTIVE_DECK, -1, i)
        seen[c] += 1
    for p in range(n):
        for k in range(2):
            c = s["objectives"][p, k]
            if c == -1:
                continue
            if not _in(c, 0, N_OBJECTIVE_CARDS - 1):
                return _fail(where, OBJECTIVE_HAND, p, k)
            seen[c] += 1
    total = 0
    for c in range(N_OBJECTIVE_CARDS):
        total += seen[c]
        if strict and seen[c] != 1:
            return _fail(where, OBJECTIVES_CONSERVED, -1, c)
    if total > N_OBJECTIVE_CARDS:  # a reveal would push the deck past its 23 slots
        return _fail(where, OBJECTIVES_CONSERVED, -1, -1)
    # factory cards: the pool is packed to the front; pool + taken = players + 1 (S16.1)
    seen[:] = 0
    taken = 0
    for p in range(n):
        c = s["factory_card"][p]
        if c == -1:
            continue
        if not _in(c, 0, N_FACTORY_CARDS - 1):
            return _fail(where, FACTORY_CARD, p, -1)
        if strict and seen[c] != 0:
            return _fail(where, FACTORY_POOL, p, -1)
        seen[c] = 1
        taken += 1
    pool = 0
    pool_size = s["factory_pool"].shape[0]
    for i in range(pool_size):
        c = s["factory_pool"][i]
        if c == -1:
            continue
        if not _in(c, 0, N_FACTORY_CARDS - 1):
            return _fail(where, FACTORY_POOL, -1, i)
        if strict and (seen[c] != 0 or (i > 0 and s["factory_pool"][i - 1] == -1)):
            return _fail(where, FACTORY_POOL, -1, i)
        seen[c] = 1
        pool += 1
    if strict and pool + taken != n + 1:
        return _fail(where, FACTORY_COUNT, -1, -1)
    return OK


@kernel
def _foreign_base(s, p, loc):
    """Is loc a home base of another faction playing in this game?"""
    if loc < N_TERRITORIES:
        return False
    owner = BASE_FACTION[loc - N_TERRITORIES]
    if owner == -1 or owner == s["faction"][p]:
        return False
    for q in range(s["n_players"]):
        if s["faction"][q] == owner:
            return True
    return False


@kernel
def _check_board(s, where, strict):
    n = s["n_players"]
    ph = s["phase"]
    for t in range(N_TERRITORIES):
        for r in range(N_RESOURCES):
            if s["resources"][t, r] < 0:
                return _fail(where, RESOURCES_NEGATIVE, -1, t)
    for p in range(n):
        loc = s["unit_loc"][p, CHARACTER]
        if not _in(loc, 0, N_LOCATIONS - 1):
            return _fail(where, CHARACTER_LOCATION, p, CHARACTER)
        for u in range(FIRST_MECH, N_UNITS):
            if not _in(s["unit_loc"][p, u], -1, N_LOCATIONS - 1):
                return _fail(where, UNIT_LOCATION, p, u)
    # lakes (S3.5, S13.2): characters/mechs only with Seaworthy (Nordic) or Submerge (Polania),
    # unlocked by mech 2; a worker only beside an own mech that carried it there
    for p in range(n):
        lake_ability = (s["faction"][p] == NORDIC or s["faction"][p] == POLANIA) \
            and s["unit_loc"][p, MOVEMENT_MECH] >= 0
        for u in range(N_UNITS):
            loc = s["unit_loc"][p, u]
            if not _is_lake(loc):
                continue
            if not strict:
                continue
            if u < FIRST_WORKER:
                if not lake_ability:
                    return _fail(where, UNIT_ON_LAKE, p, u)
            else:
                mech = False
                for m in range(FIRST_MECH, FIRST_WORKER):
                    if s["unit_loc"][p, m] == loc:
                        mech = True
                if not mech:
                    return _fail(where, WORKER_ON_LAKE, p, u)
    for t in range(N_TERRITORIES):
        if TERRAIN[t] != LAKE:
            continue
        tokens = 0
        for r in range(N_RESOURCES):
            tokens += s["resources"][t, r]
        if tokens == 0 or not strict:
            continue
        unit = False
        for p in range(n):
            for u in range(N_UNITS):
                if s["unit_loc"][p, u] == t:
                    unit = True
        if not unit:
            return _fail(where, LAKE_RESOURCES, -1, t)
    for p in range(n):
        for u in range(N_UNITS):
            if _foreign_base(s, p, s["unit_loc"][p, u]):
                return _fail(where, FOREIGN_BASE, p, u)
    # two players share a territory only mid-Move, the mover and one other, until their battle
    # is fought (S3.9, S14.1): both with a character or mech there (lone workers would have
    # been sent home, S3.8)
    mid_move = ph == PH_MOVE_SELECT or ph == PH_MOVE_UNIT or ph == PH_COMBAT_ORDER or _battle_phase(ph)
    occupied = np.zeros((N_TERRITORIES, MAX_PLAYERS), dtype=np.int8)  # 1: workers only, 2: fighters
    for p in range(n):
        for u in range(N_UNITS):
            loc = s["unit_loc"][p, u]
            if 0 <= loc < N_TERRITORIES:
                occupied[loc, p] = max(occupied[loc, p], 2 if u < FIRST_WORKER else 1)
    for t in range(N_TERRITORIES):
        players = 0
        fighters = 0
        for p in range(n):
            players += occupied[t, p] > 0
            fighters += occupied[t, p] == 2
        if players > 1 and not (mid_move and players == 2 and fighters == 2 and occupied[t, s["current"]] == 2):
            return _fail(where, SHARED_TERRITORY, -1, t)
    # structures (S9): on land territories, at most one per territory over all players
    per_territory = np.zeros(N_TERRITORIES, dtype=np.int8)
    for p in range(n):
        for k in range(N_STRUCTURES):
            loc = s["structure_loc"][p, k]
            if loc == -1:
                continue
            if not _in(loc, 0, N_TERRITORIES - 1):
                return _fail(where, STRUCTURE_LOCATION, p, k)
            if TERRAIN[loc] == LAKE:
                return _fail(where, STRUCTURE_ON_LAKE, p, k)
            if per_territory[loc] != 0:
                return _fail(where, TWO_STRUCTURES, p, loc)
            per_territory[loc] = 1
    return OK


@kernel
def _check_mats(s, where, strict):
    for p in range(s["n_players"]):
        mat = s["mat"][p]
        cubes = 0
        for k in range(N_TOP_SLOTS):
            if not _in(s["upgraded"][p, k], 0, 1):
                return _fail(where, UPGRADE_FLAG, p, k)
            cubes += s["upgraded"][p, k]
        boxes = 0
        for b in range(N_BOTTOM):
            if not _in(s["covered"][p, b], 0, MAX_COVER[mat, b]):
                return _fail(where, COVERED, p, b)
            boxes += s["covered"][p, b]
        if cubes != boxes:
            return _fail(where, UPGRADES_COVERED, p, -1)
        recruits = 0
        bonuses = 0
        for b in range(N_BOTTOM):
            if not _in(s["recruited"][p, b], 0, 1) or not _in(s["one_time_used"][p, b], 0, 1):
                return _fail(where, RECRUIT_FLAG, p, b)
            recruits += s["recruited"][p, b]
            bonuses += s["one_time_used"][p, b]
        if recruits != bonuses:
            return _fail(where, RECRUITS_ONE_TIME, p, -1)
    return OK


@kernel
def _check_stars(s, where, strict):
    n = s["n_players"]
    live = s["phase"] != PH_GAME_OVER
    at_six = 0
    for p in range(n):
        saxony = s["faction"][p] == SAXONY
        for k in range(N_STAR_KINDS):
            if k != STAR_COMBAT and k != STAR_OBJECTIVE and not _in(s["stars"][p, k], 0, 1):
                return _fail(where, STAR_FLAG, p, k)
        combat = s["stars"][p, STAR_COMBAT]
        if combat < 0 or (combat > MAX_COMBAT_STARS and not saxony):
            return _fail(where, COMBAT_STARS, p, STAR_COMBAT)
        # objective stars (S17.2, S12.5): one each, Saxony two; a revealed card leaves the hand
        objective = s["stars"][p, STAR_OBJECTIVE]
        if not _in(objective, 0, 2 if saxony else 1):
            return _fail(where, OBJECTIVE_STARS, p, STAR_OBJECTIVE)
        held = 0
        for k in range(2):
            if s["objectives"][p, k] >= 0:
                held += 1
        if not saxony and objective > 0 and held > 0:
            return _fail(where, OBJECTIVE_KEPT, p, STAR_OBJECTIVE)
        if held + objective > 2:
            return _fail(where, OBJECTIVE_STAR_CARDS, p, STAR_OBJECTIVE)
        total = star_count(s, p)
        if total > STARS_TO_END:
            return _fail(where, TOO_MANY_STARS, p, -1)
        if total == STARS_TO_END:
            if live and strict:
                return _fail(where, SIX_STARS_LIVE, p, -1)
            at_six += 1
    if not live and at_six != 1:
        return _fail(where, GAME_OVER_STARS, -1, -1)
    for p in range(n if strict else 0):
        for k in range(N_STAR_KINDS):
            if _lasting_kind(k) and s["stars"][p, k] > 0 and not _goal(s, p, k):
                return _fail(where, STAR_WITHOUT_GOAL, p, k)
            # S18.2: placed at once (a live game: nobody is at 6 stars)
            if live and _checked_kind(k) and s["stars"][p, k] == 0 and _goal(s, p, k):
                return _fail(where, GOAL_WITHOUT_STAR, p, k)
    if live:
        for p in range(n):
            if s["final_score"][p] != 0 or s["rank"][p] != 0:
                return _fail(where, SCORE_BEFORE_END, p, -1)
    else:
        first = False
        for p in range(n):
            if not _in(s["rank"][p], 0, n - 1):
                return _fail(where, RANKS, p, -1)
            if s["rank"][p] == 0:
                first = True
        if not first:
            return _fail(where, RANKS, -1, -1)
    return OK


@kernel
def _fresh_field(s):
    """Index (TURN_FIELDS) of the first turn field not as a new turn leaves it, or -1."""
    if s["section"] != -1:
        return F_SECTION
    if s["moves_left"] != 0:
        return F_MOVES_LEFT
    for u in range(N_UNITS):
        if s["moved"][u] != 0:
            return F_MOVED
        if s["move_origin"][u] != -1:
            return F_MOVE_ORIGIN
    if s["selected"] != -1:
        return F_SELECTED
    if s["steps_left"] != 0:
        return F_STEPS_LEFT
    if s["stepped"] != 0:
        return F_STEPPED
    for w in range(N_WORKERS):
        if s["cargo_workers"][w] != 0:
            return F_CARGO_WORKERS
    for r in range(N_RESOURCES):
        if s["cargo_resources"][r] != 0:
            return F_CARGO_RESOURCES
    if s["produce_left"] != 0:
        return F_PRODUCE_LEFT
    if s["mill_produced"] != 0:
        return F_MILL_PRODUCED
    for t in range(N_TERRITORIES):
        if s["produced"][t] != 0:
            return F_PRODUCED
    if s["pending"] != -1:
        return F_PENDING
    if s["pay_resource"] != -1:
        return F_PAY_RESOURCE
    if s["pay_left"] != 0:
        return F_PAY_LEFT
    if s["take_coins"] != 0:
        return F_TAKE_COINS
    if s["actor"] != s["current"]:
        return F_ACTOR
    if s["window"] != 0:
        return F_WINDOW
    if s["retreats_forced"] != 0:
        return F_RETREATS_FORCED
    if s["coercion_used"] != 0:
        return F_COERCION_USED
    if s["effect_source"] != 0:
        return F_EFFECT
    if s["options_taken"] != 0:
        return F_OPTIONS_TAKEN
    if s["produce_free"] != 0:
        return F_PRODUCE_FREE
    if s["factory_move"] != 0:
        return F_FACTORY_MOVE
    return -1


@kernel
def _turn_field_range(s):
    """Index (TURN_FIELDS) of the first turn field outside what the engine ever writes, or -1."""
    if not _in(s["moves_left"], 0, MAX_MOVES):
        return F_MOVES_LEFT
    for u in range(N_UNITS):
        if not _in(s["moved"][u], 0, 1):
            return F_MOVED
        if not _in(s["move_origin"][u], -1, N_LOCATIONS - 1):
            return F_MOVE_ORIGIN
    if not _in(s["selected"], -1, N_UNITS - 1):
        return F_SELECTED
    if not _in(s["steps_left"], 0, MAX_STEPS_LEFT):
        return F_STEPS_LEFT
    if not _in(s["stepped"], 0, DROPPED_HERE):
        return F_STEPPED
    for w in range(N_WORKERS):
        if not _in(s["cargo_workers"][w], 0, 1):
            return F_CARGO_WORKERS
    for r in range(N_RESOURCES):
        if s["cargo_resources"][r] < 0:
            return F_CARGO_RESOURCES
    if not _in(s["produce_left"], 0, MAX_PRODUCE):
        return F_PRODUCE_LEFT
    if not _in(s["mill_produced"], 0, 1):
        return F_MILL_PRODUCED
    for t in range(N_TERRITORIES):
        if not _in(s["produced"][t], 0, 1):
            return F_PRODUCED
    if not _in(s["pay_resource"], -1, N_RESOURCES - 1):
        return F_PAY_RESOURCE
    if not _in(s["pay_left"], 0, MAX_PAY):
        return F_PAY_LEFT
    if not _in(s["take_coins"], 0, 1):
        return F_TAKE_COINS
    if not _in(s["window"], 0, 3):
        return F_WINDOW
    if not _in(s["retreats_forced"], 0, MAX_RETREATS):
        return F_RETREATS_FORCED
    if not _in(s["coercion_used"], 0, 1):
        return F_COERCION_USED
    if not _in(s["produce_free"], 0, 1):
        return F_PRODUCE_FREE
    if not _in(s["factory_move"], 0, 1):
        return F_FACTORY_MOVE
    if not _in(s["options_taken"], 0, (1 << N_OPTIONS) - 1):
        return F_OPTIONS_TAKEN
    return -1


@kernel
def _effect_op(s):
    """The op of the card program's current step, or -1 when the fields cannot address one."""
    card = s["effect_card"]
    pc = s["effect_pc"]
    if not _in(pc, 0, MAX_STEPS - 1):
        return -1
    if s["effect_source"] == EFFECT_FACTORY:
        if not _in(card, 0, N_FACTORY_CARDS - 1):
            return -1
        return FACTORY_PROGRAM[card, pc, 0]
    option = s["effect_option"]
    if not _in(card, 0, N_ENCOUNTER_CARDS - 1) or not _in(option, 0, N_OPTIONS - 1):
        return -1
    return ENCOUNTER_PROGRAM[card, option, pc, 0]


@kernel
def _check_effect(s, where, strict):
    ph = s["phase"]
    p = s["current"]
    source = s["effect_source"]
    if source == 0:
        if s["effect_card"] != -1 or s["effect_option"] != -1 or s["effect_pc"] != 0 or s["effect_sub"] != 0 \
                or s["effect_loc"] != -1 or s["effect_jump_at"] != -1 or s["effect_jump_to"] != -1 \
                or s["options_taken"] != 0:
            return _fail(where, EFFECT_FIELDS, -1, -1)
        if ph == PH_ENCOUNTER or ph == PH_EFFECT:
            return _fail(where, EFFECT, -1, -1)
        return OK
    if source != EFFECT_ENCOUNTER and source != EFFECT_FACTORY:
        return _fail(where, EFFECT, -1, -1)
    factory = source == EFFECT_FACTORY
    if not _in(s["effect_card"], 0, (N_FACTORY_CARDS if factory else N_ENCOUNTER_CARDS) - 1):
        return _fail(where, EFFECT, -1, -1)
    if not _in(s["effect_option"], -1, N_OPTIONS - 1) or (factory and s["effect_option"] != -1):
        return _fail(where, EFFECT, -1, -1)
    if not _in(s["effect_pc"], 0, MAX_STEPS) or not _in(s["effect_sub"], 0, MAX_EFFECT_SUB):
        return _fail(where, EFFECT, -1, -1)
    if not _in(s["effect_jump_at"], -1, MAX_STEPS) or not _in(s["effect_jump_to"], -1, MAX_STEPS):
        return _fail(where, EFFECT, -1, -1)
    if factory:
        if s["effect_card"] != s["factory_card"][p] or s["section"] != FACTORY_SECTION or s["options_taken"] != 0:
            return _fail(where, EFFECT, -1, -1)
        if s["effect_loc"] != -1 and not _in(s["effect_loc"], 0, N_TERRITORIES - 1):
            return _fail(where, EFFECT, -1, -1)
    else:
        # the encounter is met on the character's territory (S15.1), its token gone
        t = s["effect_loc"]
        if not _in(t, 0, N_TERRITORIES - 1) or s["encounter_token"][t] != 0:
            return _fail(where, EFFECT, -1, -1)
        option = s["effect_option"]
        if option >= 0 and (s["options_taken"] >> option) & 1 == 0:
            return _fail(where, EFFECT, -1, -1)
    if ph == PH_ENCOUNTER:
        if factory or s["unit_loc"][p, CHARACTER] != s["effect_loc"]:
            return _fail(where, EFFECT, -1, -1)
    if ph == PH_EFFECT:
        if not factory and (s["effect_option"] < 0 or s["unit_loc"][p, CHARACTER] != s["effect_loc"]):
            return _fail(where, EFFECT, -1, -1)
        op = _effect_op(s)
        if op <= OP_NOP:  # a decision is asked only at a real step
            return _fail(where, EFFECT, -1, -1)
    return OK


@kernel
def _pending_ok(s):
    """`pending` holds what the phase's second half needs."""
    ph = s["phase"]
    p = s["current"]
    x = s["pending"]
    if ph == PH_TRADE_LOC:
        return _in(x, 0, N_TRADE_PAIRS - 1)
    if ph == PH_PRODUCE_AMOUNT:
        return _in(x, 0, N_TERRITORIES - 1) and s["produced"][x] == 1
    if ph == PH_UPGRADE_TO:
        return _in(x, 0, N_TOP_SLOTS - 1) and s["upgraded"][p, x] == 0
    if ph == PH_DEPLOY_LOC:
        return _in(x, 0, FIRST_WORKER - FIRST_MECH - 1) and s["unit_loc"][p, FIRST_MECH + x] < 0
    if ph == PH_BUILD_LOC:
        return _in(x, 0, N_STRUCTURES - 1) and s["structure_loc"][p, x] < 0
    if ph == PH_ENLIST_BONUS:
        return _in(x, 0, N_BOTTOM - 1) and s["recruited"][p, x] == 0
    if ph == PH_FACTORY_CARD_COST:  # cards still to discard, and as many in hand (S16.4)
        held = 0
        for v in range(N_CARD_VALUES):
            held += s["hand"][p, v]
        return _in(x, 1, MAX_FACTORY_CARD_COST) and held >= x
    if ph == PH_EFFECT and s["effect_sub"] == 1:
        op = _effect_op(s)
        factory = s["effect_source"] == EFFECT_FACTORY
        if op == OP_ENLIST:
            return _in(x, 0, N_BOTTOM - 1) and s["recruited"][p, x] == 0
        if op == OP_UPGRADE:
            return _in(x, 0, N_TOP_SLOTS - 1) and s["upgraded"][p, x] == 0
        if factory and op == OP_BUILD:
            return _in(x, 0, N_STRUCTURES - 1) and s["structure_loc"][p, x] < 0
        if factory and op == OP_DEPLOY:
            return _in(x, 0, FIRST_WORKER - FIRST_MECH - 1) and s["unit_loc"][p, FIRST_MECH + x] < 0
    # elsewhere a stale index may stay until the turn ends (a finished Deploy/Build/Enlist/
    # Upgrade leaves it); nothing reads it there
    return _in(x, -1, N_TERRITORIES - 1)


@kernel
def _battle_clear(s):
    if s["battle_loc"] != -1 or s["battle_defender"] != -1 or s["battle_step"] != 0 or s["battle_winner"] != -1:
        return False
    for side in range(2):
        if s["dial"][side] != 0 or s["card_limit"][side] != 0:
            return False
        for v in range(N_CARD_VALUES):
            if s["battle_cards"][side, v] != 0:
                return False
    return True


@kernel
def _fighters_at(s, q, t):
    count = 0
    for u in range(FIRST_WORKER):
        if s["unit_loc"][q, u] == t:
            count += 1
    return count


@kernel
def _check_battle(s, where, strict):
    """Steps (rules/combat.py): 0/1 pre-combat abilities, 2/3 attacker's dial and cards, 4/5
    the defender's, 6 revealed (the Nordic loser's retreat choice)."""
    ph = s["phase"]
    if not _battle_phase(ph):
        if not _battle_clear(s):
            return _fail(where, BATTLE_FIELDS, -1, -1)
        return OK
    n = s["n_players"]
    p = s["current"]
    t = s["battle_loc"]
    d = s["battle_defender"]
    step = s["battle_step"]
    if not _in(t, 0, N_TERRITORIES - 1) or not _in(d, 0, n - 1) or d == p:
        return _fail(where, BATTLE, -1, -1)
    if _fighters_at(s, p, t) == 0 or _fighters_at(s, d, t) == 0:
        return _fail(where, BATTLE, -1, t)
    if ph == PH_ARTILLERY:
        ok = _in(step, 0, 1)
    elif ph == PH_DIAL:
        ok = step == 2 or step == 4
    elif ph == PH_CARDS:
        ok = step == 3 or step == 5
    else:
        ok = step == 6
    if not ok:
        return _fail(where, BATTLE, -1, -1)
    winner = s["battle_winner"]
    if (step == 6) != _in(winner, 0, 1) or not _in(winner, -1, 1):
        return _fail(where, BATTLE, -1, -1)
    if ph == PH_ARTILLERY:
        side = step
    elif ph == PH_RETREAT:
        side = 1 - winner  # the loser chooses where to retreat
    else:
        side = 0 if step <= 3 else 1
    if s["actor"] != (p if side == 0 else d):
        return _fail(where, ACTOR_PHASE, -1, -1)
    for k in range(2):
        seat = p if k == 0 else d
        dial = s["dial"][k]
        # before the reveal a dial is at most the power its side has (S14.3)
        if not _in(dial, 0, MAX_DIAL) or (step < 6 and dial > s["power"][seat]):
            return _fail(where, BATTLE, seat, -1)
        limit = s["card_limit"][k]
        if not _in(limit, 0, MAX_CARD_LIMIT):
            return _fail(where, BATTLE, seat, -1)
        committed = 0
        for v in range(N_CARD_VALUES):
            committed += s["battle_cards"][k, v]
        if committed > limit:
            return _fail(where, BATTLE, seat, -1)
    return OK


@kernel
def _check_turn(s, where, strict):
    n = s["n_players"]
    ph = s["phase"]
    p = s["current"]
    live = ph != PH_GAME_OVER
    section = s["section"]
    if not _in(section, -1, N_SECTIONS - 1):
        return _fail(where, SECTION_RANGE, -1, -1)
    for q in range(n):
        if not _in(s["last_section"][q], -1, N_SECTIONS - 1):
            return _fail(where, SECTION_RANGE, q, -1)
        if s["last_section"][q] == FACTORY_SECTION and s["factory_card"][q] < 0:
            return _fail(where, FACTORY_SECTION_CARD, q, -1)
    if section == FACTORY_SECTION and s["factory_card"][p] < 0:
        return _fail(where, FACTORY_SECTION_CARD, p, -1)
    if ph == PH_SECTION:
        k = _fresh_field(s)
        if k >= 0:
            return _fail(where, TURN_NOT_FRESH, -1, k)
    elif live:
        if section < 0:
            return _fail(where, NO_SECTION, -1, -1)
        # S2.1: a new section every turn (Rusviet's Relentless aside)
        if section == s["last_section"][p] and s["faction"][p] != RUSVIET:
            return _fail(where, SAME_SECTION, p, -1)
    k = _turn_field_range(s)
    if k >= 0:
        return _fail(where, TURN_FIELD, -1, k)
    if live and (s["window"] == 0) != (ph == PH_SECTION):
        return _fail(where, WINDOW, -1, -1)
    if ph == PH_OBJECTIVE and s["window"] == 0:
        return _fail(where, WINDOW, -1, -1)
    if not _battle_phase(ph) and s["actor"] != p:
        return _fail(where, ACTOR_PHASE, -1, -1)
    if (s["factory_move"] == 1 or s["produce_free"] == 1) and section != FACTORY_SECTION:
        return _fail(where, FACTORY_TURN, -1, -1)
    # the unit being moved, and what it carries (S3.3, S3.4)
    u = s["selected"]
    if ph == PH_MOVE_UNIT:
        if u < 0 or s["unit_loc"][p, u] < 0 or s["moved"][u] != 0:
            return _fail(where, SELECTION, p, u)
        if s["stepped"] == 0:
            # a unit is selected only when it can step (S3.2), and loading changes no route
            combat_units, workers = new_occupancy(s)
            dest = np.zeros(N_LOCATIONS, dtype=np.int8)
            if s["steps_left"] < 1 or destinations(s, p, u, combat_units, workers, new_control(s), dest, True) == 0:
                return _fail(where, SELECTION, p, u)
        x = s["unit_loc"][p, u]
        for w in range(N_WORKERS):
            if s["cargo_workers"][w] == 1 and (u < FIRST_MECH or u >= FIRST_WORKER
                                               or s["unit_loc"][p, FIRST_WORKER + w] != x):
                return _fail(where, CARGO, p, FIRST_WORKER + w)
        for r in range(N_RESOURCES):
            there = s["resources"][x, r] if x < N_TERRITORIES else 0
            if s["cargo_resources"][r] > there:
                return _fail(where, CARGO, p, N_UNITS + r)
    else:
        if u != -1 or s["steps_left"] != 0 or s["stepped"] != 0:
            return _fail(where, SELECTION, p, u)
        for w in range(N_WORKERS):
            if s["cargo_workers"][w] != 0:
                return _fail(where, CARGO, p, FIRST_WORKER + w)
        for r in range(N_RESOURCES):
            if s["cargo_resources"][r] != 0:
                return _fail(where, CARGO, p, N_UNITS + r)
    if not _pending_ok(s):
        return _fail(where, PENDING, -1, -1)
    if ph == PH_PAY:
        if s["pay_resource"] < 0 or s["pay_left"] < 1:
            return _fail(where, PAYMENT, -1, -1)
        # the cost was affordable when the action began, and each payment keeps it so (S0.7)
        left = controlled_total(s, p, s["pay_resource"], new_control(s)) + (1 if coercion_available(s, p) else 0)
        if left < s["pay_left"]:
            return _fail(where, PAYMENT, p, -1)
    code = _check_battle(s, where, strict)
    if code != OK:
        return code
    code = _check_effect(s, where, strict)
    if code != OK:
        return code
    if ph == PH_FACTORY_PICK and (s["unit_loc"][p, CHARACTER] != FACTORY or s["factory_card"][p] >= 0
                                 or s["factory_pool"][0] < 0):
        return _fail(where, FACTORY_PICK, p, -1)
    return OK


@kernel
def _check(s, where, strict):
    """The code of the first broken invariant of record `s` (0: none); where[0] receives the
    seat concerned and where[1] the item (unit, territory, card slot, field ...), -1 if none.
    strict=False: the checks of a loaded state (LOAD_WAIVED waived)."""
    where[0] = -1
    where[1] = -1
    code = _check_game(s, where, strict)
    if code == OK:
        code = _check_seats(s, where, strict)
    if code == OK:
        code = _check_cards(s, where, strict)
    if code == OK:
        code = _check_decks(s, where, strict)
    if code == OK:
        code = _check_board(s, where, strict)
    if code == OK:
        code = _check_mats(s, where, strict)
    if code == OK:
        code = _check_stars(s, where, strict)
    if code == OK:
        code = _check_turn(s, where, strict)
    return code


@shell_kernel
def check_into(s, where):
    """Every invariant of a position reached in play (see ``_check``)."""
    return _check(s, where, True)


@shell_kernel
def check_loaded_into(s, where):
    """The invariants of a loaded position: LOAD_WAIVED waived (see the module docstring)."""
    return _check(s, where, False)


@kernel
def check_step(before, after):
    """What one decision (or any number of them) may never do, from `before` to `after`."""
    n = before["n_players"]
    if after["n_players"] != n or after["bonus_tile"] != before["bonus_tile"]:
        return SETUP_CHANGED
    if not _in(n, 2, MAX_PLAYERS):
        return N_PLAYERS
    for p in range(MAX_PLAYERS):
        if after["faction"][p] != before["faction"][p] or after["mat"][p] != before["mat"][p]:
            return SETUP_CHANGED
    if before["phase"] == PH_GAME_OVER:
        if not _same_record(before, after):
            return FINISHED_CHANGED
        return OK
    if after["turn"] < before["turn"]:
        return TURN_STEP
    for p in range(n):
        for k in range(N_STAR_KINDS):
            if after["stars"][p, k] < before["stars"][p, k]:
                return STAR_LOST
            if after["stars"][p, k] > before["stars"][p, k] and _checked_kind(k) and not _goal(after, p, k):
                return NEW_STAR_WITHOUT_GOAL
        for k in range(N_TOP_SLOTS):
            if after["upgraded"][p, k] < before["upgraded"][p, k]:
                return UPGRADE_UNDONE
        for b in range(N_BOTTOM):
            if after["covered"][p, b] < before["covered"][p, b]:
                return UPGRADE_UNDONE
            if after["recruited"][p, b] < before["recruited"][p, b] \
                    or after["one_time_used"][p, b] < before["one_time_used"][p, b]:
                return RECRUIT_UNDONE
        for u in range(FIRST_MECH, N_UNITS):
            if before["unit_loc"][p, u] >= 0 and after["unit_loc"][p, u] < 0:
                return MECH_RETURNED if u < FIRST_WORKER else WORKER_RETURNED
        for k in range(N_STRUCTURES):
            if before["structure_loc"][p, k] >= 0 and after["structure_loc"][p, k] != before["structure_loc"][p, k]:
                return STRUCTURE_MOVED
    return OK


@kernel
def _same_record(a, b):
    """Every field of two records equal (the parts a finished game could still change)."""
    if a["rng"] != b["rng"] or a["turn"] != b["turn"] or a["phase"] != b["phase"] or a["current"] != b["current"]:
        return False
    if a["actor"] != b["actor"] or a["terminal"] != b["terminal"] or a["deck_size"] != b["deck_size"]:
        return False
    for p in range(MAX_PLAYERS):
        if a["coins"][p] != b["coins"][p] or a["power"][p] != b["power"][p] \
                or a["popularity"][p] != b["popularity"][p] or a["final_score"][p] != b["final_score"][p] \
                or a["rank"][p] != b["rank"][p]:
            return False
        for v in range(N_CARD_VALUES):
            if a["hand"][p, v] != b["hand"][p, v]:
                return False
        for u in range(N_UNITS):
            if a["unit_loc"][p, u] != b["unit_loc"][p, u]:
                return False
        for k in range(N_STAR_KINDS):
            if a["stars"][p, k] != b["stars"][p, k]:
                return False
    for t in range(N_TERRITORIES):
        for r in range(N_RESOURCES):
            if a["resources"][t, r] != b["resources"][t, r]:
                return False
    return True


check_at, await_decision, diagnose_at, play_random_checked, start_checked, step_checked = checked_kernels(
    turn, sys.modules[__name__], A.N_ACTIONS, __name__, step_checks=True)


# ---------------------------------------------------------------- Python helpers
def _unit(u):
    return "character" if u == CHARACTER else (f"mech {u}" if u < FIRST_WORKER else f"worker {u - FIRST_WORKER + 1}")


def _location(t):
    return data.location_name(t) if 0 <= t < N_LOCATIONS else f"location {t}"


def _cargo(k):
    return _unit(k) if k < N_UNITS else f"{data.Resource(k - N_UNITS).name.lower()} tokens"


def _lower(enum):
    return lambda k: enum(k).name.lower()


_ITEM_NAMES = {
    **dict.fromkeys((CHARACTER_LOCATION, UNIT_LOCATION, UNIT_ON_LAKE, WORKER_ON_LAKE, FOREIGN_BASE, SELECTION), _unit),
    **dict.fromkeys((RESOURCES_NEGATIVE, LAKE_RESOURCES, SHARED_TERRITORY, TWO_STRUCTURES, ENCOUNTER_TOKEN, BATTLE),
                    _location),
    CARGO: _cargo,
    **dict.fromkeys((STRUCTURE_LOCATION, STRUCTURE_ON_LAKE), _lower(data.Structure)),
    UPGRADE_FLAG: _lower(data.UpgradeSlot),
    **dict.fromkeys((COVERED, RECRUIT_FLAG), _lower(data.BottomAction)),
    **dict.fromkeys((HAND, DISCARD, CARDS_CONSERVED), lambda v: f"cards worth {MIN_CARD_VALUE + v}"),
    **dict.fromkeys((DECK_VALUE, DECK_TAIL, ENCOUNTER_DECK, OBJECTIVE_DECK, FACTORY_POOL), lambda i: f"slot {i}"),
    OBJECTIVE_HAND: lambda k: f"hand slot {k + 1}",
    OBJECTIVES_CONSERVED: lambda c: f"objective card {c + 1}",
    **dict.fromkeys((STAR_FLAG, COMBAT_STARS, OBJECTIVE_STARS, OBJECTIVE_KEPT, OBJECTIVE_STAR_CARDS,
                     STAR_WITHOUT_GOAL, GOAL_WITHOUT_STAR), lambda k: f"{STAR_NAMES[k]} star"),
    **dict.fromkeys((TURN_NOT_FRESH, TURN_FIELD), lambda k: f"field {TURN_FIELDS[k]}"),
}
_PHASE_CODES = {PENDING, SELECTION, CARGO, EFFECT, BATTLE, PAYMENT, WINDOW, ACTOR_PHASE, FACTORY_PICK, NO_LEGAL_ACTION}


def _details(code: int, seat: int, item: int, state) -> list[str]:
    """The seat, the item by name, and the phase where the code concerns the decision in progress."""
    parts = [f"seat {seat}"] if seat >= 0 else []
    if item >= 0:
        name = _ITEM_NAMES.get(code)
        try:
            parts.append(name(item) if name else f"item {item}")
        except (ValueError, IndexError):
            parts.append(f"item {item}")
    phase = int(state["phase"])
    if code in _PHASE_CODES and 0 <= phase < N_PHASES:
        parts.append(f"at '{PHASE_NAMES[phase]}'")
    return parts


_WORDS = Violations(_TABLE, diagnose_at, _details)
describe, diagnose, explain, check = _WORDS.describe, _WORDS.diagnose, _WORDS.explain, _WORDS.check
