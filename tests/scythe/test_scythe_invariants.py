"""Randomized invariant tests for the Scythe engine.

The invariants themselves live once, in the engine's debug checks (``envs/scythe/invariants.py``:
``check`` on one state, ``check_step`` across a decision). Here batches of seeded games are
played by ``invariants.play_random_checked`` (uniformly random legal actions) with both checks
after every decision, in compiled code; at the end the final scores and ranks are recomputed in
plain Python from the spec (S19.3-S19.5) and the ``data`` tables, without the engine's scoring
code (this scorer is deliberately separate from the engine). A failure names the invariant and
the game seeds that break it: ``replay(n, seed)`` plays one game a decision at a time and
returns the first decision where an invariant fails.

Every invariant is also shown to fire: ``CORRUPTIONS`` corrupts one field of a real state per
violation code and the checker must return exactly that code.

Games: seed ``s`` with ``n`` players is ``engine.new_game(n, s)``; its random player draws from
``rng.seed_word(s + CHOOSER_OFFSET)``.
"""

from __future__ import annotations

import functools
import os

import numpy as np
import pytest

from meeplegym import rng
from meeplegym.envs.scythe import data, engine
from meeplegym.envs.scythe import invariants as inv
from meeplegym.envs.scythe.rules import turn
from meeplegym.envs.scythe.state import (
    CHARACTER,
    FIRST_MECH,
    FIRST_WORKER,
    MAX_PLAYERS,
    N_UNITS,
    PH_DIAL,
    PH_EFFECT,
    PH_GAME_OVER,
    PH_MOVE_UNIT,
    PH_PAY,
    PH_SECTION,
    PH_TOP,
    STAR_COMBAT,
    STAR_OBJECTIVE,
    STAR_POPULARITY,
    STAR_UPGRADES,
    STATE_DTYPE,
)

CHOOSER_OFFSET = 1 << 32  # the random player's stream never equals the game's own
CAP = 200_000  # decisions per game; every game must end well before
NO_JIT = os.environ.get("NUMBA_DISABLE_JIT", "0") not in ("", "0")

# ------------------------------------------------------------------ facts, from data.py / the spec
N_TERR = data.N_TERRITORIES  # 47
N_LOC = data.N_LOCATIONS  # 54
TERRAIN = np.array([int(t.terrain) for t in data.TERRITORIES])
LAKES = [int(t) for t in np.flatnonzero(TERRAIN == data.Terrain.LAKE)]
FACTION_BASE = np.array([f.base for f in data.FACTION_MATS])
MAX_COVER = np.array([[b.cost - b.fixed for b in m.bottom] for m in data.PLAYER_MATS])  # (mat, bottom)
N_CARDS = sum(data.COMBAT_CARD_COPIES.values())  # 42


# ------------------------------------------------------------------ batches
def game_seeds(n_players: int, count: int, start: int = 0) -> list[int]:
    """Seeds disjoint between player counts."""
    return [n_players * 10_000_000 + start + i for i in range(count)]


def new_batch(players, seeds):
    """One game per seed; `players` is a player count or one count per seed."""
    if isinstance(players, int):
        players = [players] * len(seeds)
    states = np.concatenate([engine.new_game(int(n), int(s)) for n, s in zip(players, seeds)])
    choosers = engine.random_words(int(s) + CHOOSER_OFFSET for s in seeds)
    return states, choosers


@functools.lru_cache(maxsize=None)
def _sampled(players: tuple, seeds: tuple, per_key: int):
    """Play the batch one decision at a time, keeping up to `per_key` states (from different
    games) per (phase, player count, turn bucket 0-9/10-19/20-29/30+)."""
    states, choosers = new_batch(list(players), list(seeds))
    decisions = np.zeros(len(states), dtype=np.int64)
    found: dict[tuple[int, int, int], list] = {}
    steps = 0
    while True:
        for g in range(len(states)):
            key = (int(states["phase"][g]), int(players[g]), min(int(states["turn"][g]) // 10, 3))
            kept = found.setdefault(key, [])
            if len(kept) < per_key and all(seed != seeds[g] for _, seed, _, _ in kept):
                kept.append((int(players[g]), int(seeds[g]), steps, states[g : g + 1].copy()))
        if not (states["phase"] != PH_GAME_OVER).any():
            return found
        engine.play_random(states, choosers, 1, decisions)
        steps += 1


SAMPLE_PLAYERS = tuple([2, 3, 4, 5] * 16)
SAMPLE_SEEDS = tuple(n * 10_000_000 + 6_000_000 + i for i, n in enumerate(SAMPLE_PLAYERS))


def sample_states(phase: int, players=(2, 3, 4, 5)) -> list[tuple[int, int, int, np.ndarray]]:
    """Real states at decision point `phase`: (players, seed, decisions played, 1-record copy),
    from 64 seeded random games (every phase occurs in them), a few per player count and stage
    of the game, earliest first."""
    found = _sampled(SAMPLE_PLAYERS, SAMPLE_SEEDS, 3)
    keys = sorted(k for k in found if k[0] == phase and k[1] in players)
    keys.sort(key=lambda k: (k[2], k[1]))
    return [(n, s, k, st.copy()) for key in keys for (n, s, k, st) in found[key]]


def base_state(phase: int, players=(2, 3, 4, 5), where=None) -> np.ndarray:
    """A copy of the first sampled state at `phase` (that satisfies `where(record)`)."""
    for _, _, _, st in sample_states(phase, players):
        if where is None or where(st[0]):
            return st
    raise LookupError(f"no sampled state at phase {phase} fits")


# ------------------------------------------------------------------ the driver
def _fail_message(players, seeds, decisions, violations, states) -> str:
    bad = np.flatnonzero(violations)
    lines = []
    for g in bad[:5]:
        code = int(violations[g])
        detail = inv.explain(states[g]) if code != inv.NOT_FINISHED else None
        lines.append(f"seed {seeds[g]} ({players[g]}p) after {decisions[g]} decisions: "
                     f"{detail or inv.describe(code)} [code {code}]")
    return f"{len(bad)} game(s) broke an invariant:\n  " + "\n  ".join(lines)


def play_checked(players, seeds, cap=CAP, score_sample=None):
    """Play the batch to the end with every invariant checked after every decision, then check
    the final scores and ranks on `score_sample` (indices; default all); returns (states,
    decisions)."""
    if isinstance(players, int):
        players = [players] * len(seeds)
    states, choosers = new_batch(players, seeds)
    decisions = np.zeros(len(states), dtype=np.int64)
    violations = np.zeros(len(states), dtype=np.int64)
    inv.play_random_checked(states, choosers, cap, decisions, violations)
    assert not violations.any(), _fail_message(players, seeds, decisions, violations, states)
    sample = range(len(states)) if score_sample is None else score_sample
    check_final(states, seeds, sample)
    return states, decisions


def replay(n_players, seed, max_decisions=CAP):
    """Debug helper: play one game a decision at a time, every check after each; return
    (decisions so far, message) at the first failure, or None when the whole game passes."""
    states, choosers = new_batch(n_players, [seed])
    s = states[0]
    mask = np.zeros(engine.N_ACTIONS, dtype=np.int8)
    for k in range(max_decisions + 1):
        problem = inv.explain(s)
        if problem:
            return k, problem
        if s["phase"] == PH_GAME_OVER:
            try:
                check_final(states, [seed], [0])
            except AssertionError as e:
                return k, str(e)
            return None
        before = states.copy()
        turn.legal(s, mask)
        turn.apply(s, rng.random_legal(mask, choosers, 0))
        code = inv.check_step(before[0], s)
        if code:
            return k + 1, inv.describe(code)
    return max_decisions, "not finished"


# ------------------------------------------------------------------ S19 scoring, from scratch
def _control(rec):
    """S0.6: territory -> controlling seat or -1 (units never share a territory without combat)."""
    n = int(rec["n_players"])
    owner = [-1] * N_TERR
    for p in range(n):
        for u in range(N_UNITS):
            t = int(rec["unit_loc"][p, u])
            if 0 <= t < N_TERR:
                owner[t] = p
    for p in range(n):
        for t in rec["structure_loc"][p]:
            t = int(t)
            if t >= 0 and owner[t] == -1:
                owner[t] = p
    return owner


def _bonus_count(tile, mine):
    """D5: what the tile counts for the list `mine` of a player's structure territories."""
    T = data.StructureBonusTile
    terr = data.TERRITORIES
    if tile in (T.ADJACENT_TUNNELS, T.ADJACENT_LAKES, T.ADJACENT_ENCOUNTERS):
        near = {x for t in mine for x in data.neighbours(t) if x < N_TERR}  # E14: own hex is no neighbour
        if tile == T.ADJACENT_TUNNELS:
            return sum(terr[x].tunnel for x in near)
        if tile == T.ADJACENT_LAKES:
            return sum(terr[x].terrain == data.Terrain.LAKE for x in near)
        return sum(terr[x].encounter for x in near)
    if tile == T.ON_TUNNELS:
        return sum(terr[t].tunnel for t in mine)
    if tile == T.ON_TUNDRA_OR_FARM:
        return sum(terr[t].terrain in (data.Terrain.TUNDRA, data.Terrain.FARM) for t in mine)
    assert tile == T.IN_A_ROW
    cells = {(terr[t].q, terr[t].r) for t in mine}
    best = 0
    for q, r in cells:
        for dq, dr in data.AXIAL_DIRECTIONS:
            k = 1
            while (q + k * dq, r + k * dr) in cells:
                k += 1
            best = max(best, k)
    return best


def expected_keys(rec):
    """Per seat: (final score S19.3-S19.4, then the S19.5 tie-breakers in order)."""
    n = int(rec["n_players"])
    owner = _control(rec)
    tile = data.StructureBonusTile(int(rec["bonus_tile"]))
    keys = []
    for p in range(n):
        mine_terr = [t for t in range(N_TERR) if owner[t] == p]
        weighted = sum(data.FACTORY_TERRITORY_WEIGHT if data.TERRITORIES[t].terrain == data.Terrain.FACTORY else 1
                       for t in mine_terr)
        resources = sum(int(rec["resources"][t].sum()) for t in mine_terr)
        stars = int(rec["stars"][p].sum())
        pop = int(rec["popularity"][p])
        band = next(b for b in data.POPULARITY_BANDS if b.low <= pop <= b.high)
        mine = [int(t) for t in rec["structure_loc"][p] if t >= 0]
        coins_table = data.STRUCTURE_BONUSES[tile].coins
        bonus = coins_table[min(_bonus_count(tile, mine), len(coins_table) - 1)]
        score = (int(rec["coins"][p]) + stars * band.per_star + weighted * band.per_territory
                 + (resources // 2) * band.per_two_resources + bonus)
        off_mats = sum(int(x) >= 0 for x in rec["unit_loc"][p, FIRST_MECH:]) + len(mine)
        keys.append((score, off_mats, int(rec["power"][p]), pop, resources, len(mine_terr), stars))
    return keys


def check_final(states, seeds, sample):
    """Every game is over; on `sample` (indices) scores and ranks match S19 recomputed here."""
    errors = []
    over = (states["terminal"] == 1) & (states["phase"] == PH_GAME_OVER)
    for g in np.flatnonzero(~over)[:5]:
        errors.append(f"seed {seeds[g]}: not finished (phase {states['phase'][g]})")
    n = states["n_players"]
    seat = np.arange(MAX_PLAYERS)[None, :] < n[:, None]
    top = np.where(seat, states["final_score"], np.iinfo(np.int32).min).max(-1)
    winners_top = seat & (states["rank"] == 0) & (states["final_score"] != top[:, None])
    for g in np.flatnonzero(winners_top.any(-1))[:5]:
        errors.append(f"seed {seeds[g]}: a rank-0 player does not have the top score")
    no_winner = ~(seat & (states["rank"] == 0)).any(-1)
    for g in np.flatnonzero(no_winner)[:5]:
        errors.append(f"seed {seeds[g]}: nobody has rank 0")
    for g in sample:
        rec = states[g]
        keys = expected_keys(rec)
        k = len(keys)
        scores = [key[0] for key in keys]
        ranks = [sum(keys[q] > keys[p] for q in range(k)) for p in range(k)]
        got_scores = [int(x) for x in rec["final_score"][:k]]
        got_ranks = [int(x) for x in rec["rank"][:k]]
        if got_scores != scores:
            errors.append(f"seed {seeds[g]} ({k}p): final_score {got_scores}, S19.3 gives {scores} (keys {keys})")
        if got_ranks != ranks:
            errors.append(f"seed {seeds[g]} ({k}p): rank {got_ranks}, S19.5 gives {ranks} (keys {keys})")
    assert not errors, f"{len(errors)} final-state error(s):\n  " + "\n  ".join(errors[:20])


# ------------------------------------------------------------------ random games
GAMES_PER_COUNT = 150  # `make soak` plays 5 000 per count (test_soak_20000_games_scored)


@pytest.mark.rule("S0.2")
@pytest.mark.rule("S0.3")
@pytest.mark.parametrize("n_players", [2, 3, 4, 5])
def test_random_games_keep_invariants(scythe_kernels, n_players):
    """150 seeded random games per player count, every invariant after every decision, the
    independent scorer at the end."""
    if NO_JIT:
        pytest.skip("600 games are too slow without the JIT (make nojit runs the smoke test)")
    seeds = game_seeds(n_players, GAMES_PER_COUNT)
    states, decisions = play_checked(n_players, seeds)
    assert (states["terminal"] == 1).all() and (states["phase"] == PH_GAME_OVER).all()
    assert decisions.max() < CAP


def test_smoke(scythe_kernels):
    """A handful of full games, 2-5 players (also run without the JIT by `make nojit`: two games
    there, the pure-Python checker is slow)."""
    players = [2, 5] if NO_JIT else [2, 3, 4, 5]
    seeds = [n * 10_000_000 + 9_000_000 for n in players]
    states, decisions = play_checked(players, seeds)
    assert (states["terminal"] == 1).all() and (decisions > 0).all()


def test_replay_walks_a_game_to_the_end(scythe_kernels):
    """The debugging helper agrees with the compiled checker on a passing game."""
    assert replay(3, 30_000_001) is None


@pytest.mark.soak
def test_soak_20000_games_scored(scythe_kernels):
    """20 000 random games (5 000 per player count), every invariant after every decision,
    the independent scorer on a sample of 2 000 (benchmarks/soak.py is the decision-count soak)."""
    rs = np.random.default_rng(0)
    for n_players in (2, 3, 4, 5):
        for start in range(0, 5000, 1000):
            seeds = game_seeds(n_players, 1000, start=1_000_000 + start)
            play_checked(n_players, seeds, score_sample=rs.choice(1000, 100, replace=False))


def _play(players, seeds, max_decisions=CAP):
    states, choosers = new_batch(players, seeds)
    decisions = np.zeros(len(states), dtype=np.int64)
    engine.play_random(states, choosers, max_decisions, decisions)
    return states, decisions


def test_same_seeds_same_games_different_seeds_differ(scythe_kernels):
    players = [2, 3, 4, 5] * 5
    seeds = [n * 10_000_000 + 7_000_000 + i for i, n in enumerate(players)]
    max_decisions = 400 if NO_JIT else CAP
    a, da = _play(players, seeds, max_decisions)
    b, db = _play(players, seeds, max_decisions)
    assert a.tobytes() == b.tobytes() and (da == db).all()
    # a game does not depend on the batch it is played in
    for g in (0, 7, len(seeds) - 1):
        alone, _ = _play(players[g], [seeds[g]], max_decisions)
        assert alone.tobytes() == a[g : g + 1].tobytes(), f"seed {seeds[g]} differs alone vs in a batch"
    # different seeds, different games: initial setups and final states pairwise distinct
    init_states, _ = new_batch(players, seeds)
    setups = {rec.tobytes() for rec in _without_rng(init_states)}
    assert len(setups) == len(seeds)
    assert len({rec.tobytes() for rec in _without_rng(a)}) == len(seeds)


def _without_rng(states):
    out = states.copy()
    out["rng"] = 0
    return out


def _garbage(pattern, seed):
    rs = np.random.default_rng(seed)
    if pattern == "random":
        raw = rs.integers(0, 256, STATE_DTYPE.itemsize, dtype=np.uint8)
    else:
        raw = np.full(STATE_DTYPE.itemsize, pattern, dtype=np.uint8)
    return raw.view(STATE_DTYPE).copy()


@pytest.mark.parametrize("pattern", ["random", 0xFF, 0x7F])
def test_init_resets_every_field(scythe_kernels, pattern):
    """engine.init on a record full of garbage gives the same bytes as on a zeroed record."""
    bad_fields = set()
    for n_players in (2, 3, 4, 5):
        for seed in range(12):
            factions = np.full(MAX_PLAYERS, -1, dtype=np.int8)
            mats = np.full(MAX_PLAYERS, -1, dtype=np.int8)
            if seed % 2:  # also with dealt-by-hand factions and mats
                rs = np.random.default_rng(seed)
                factions[:n_players] = rs.permutation(5)[:n_players]
                mats[:n_players] = rs.permutation(5)[:n_players]
            clean = np.zeros(1, dtype=STATE_DTYPE)
            dirty = _garbage(pattern, seed + 100 * n_players)
            for s in (clean, dirty):
                s[0]["rng"] = rng.seed_word(seed)
                engine.init(s[0], n_players, factions, mats)
            for name in STATE_DTYPE.names:
                if clean[0][name].tobytes() != dirty[0][name].tobytes():
                    bad_fields.add(name)
            assert inv.check(dirty[0]) == [], inv.explain(dirty[0])
    assert not bad_fields, f"init leaves these fields as they were: {sorted(bad_fields)}"


def test_new_game_matches_init_on_zeroed_record():
    for n_players in (2, 5):
        a = engine.new_game(n_players, 42)
        b = np.zeros(1, dtype=STATE_DTYPE)
        b[0]["rng"] = rng.seed_word(42)
        engine.init(b[0], n_players, np.full(MAX_PLAYERS, -1, np.int8), np.full(MAX_PLAYERS, -1, np.int8))
        assert a.tobytes() == b.tobytes()


# ------------------------------------------------------------------ each invariant fires
def _seat_of(r, pred):
    return next(p for p in range(int(r["n_players"])) if pred(p))


def _worker_on_territory(r, p):
    for u in range(FIRST_WORKER, N_UNITS):
        t = int(r["unit_loc"][p, u])
        if 0 <= t < N_TERR:
            return u, t
    raise LookupError("no worker on a territory")


def _empty_lake(r):
    used = set(int(x) for x in r["unit_loc"][: r["n_players"]].ravel())
    return next(t for t in LAKES if t not in used)


def _no_lake_ability(r, p):
    return r["faction"][p] not in (data.Faction.NORDIC, data.Faction.POLANIA) or r["unit_loc"][p, FIRST_MECH + 1] < 0


def _c_unit_on_lake(r):
    p = _seat_of(r, lambda p: _no_lake_ability(r, p))
    r["unit_loc"][p, CHARACTER] = _empty_lake(r)


def _c_worker_on_lake(r):
    u, _ = _worker_on_territory(r, 0)
    r["unit_loc"][0, u] = _empty_lake(r)


def _c_foreign_base(r):
    u, _ = _worker_on_territory(r, 0)
    r["unit_loc"][0, u] = FACTION_BASE[r["faction"][1]]


def _c_share(r):
    _, t = _worker_on_territory(r, 0)
    r["unit_loc"][1, CHARACTER] = t


def _c_two_structures(r):
    _, t = _worker_on_territory(r, 0)
    r["structure_loc"][0, :] = -1
    r["structure_loc"][1, :] = -1
    r["structure_loc"][0, 0] = t
    r["structure_loc"][1, 0] = t


def _c_upgrade(r):
    r["upgraded"][0, int(np.flatnonzero(r["upgraded"][0] == 0)[0])] = 1


def _c_recruit(r):
    r["recruited"][0, int(np.flatnonzero(r["recruited"][0] == 0)[0])] = 1


def _c_covered(r):
    r["covered"][0, 0] = MAX_COVER[r["mat"][0], 0] + 1


def _c_combat_stars(r):
    p = _seat_of(r, lambda p: r["faction"][p] != data.Faction.SAXONY)
    r["stars"][p, STAR_COMBAT] = 3


def _c_objective_stars(r):
    r["stars"][_seat_of(r, lambda p: r["faction"][p] != data.Faction.SAXONY), STAR_OBJECTIVE] = 2


def _c_objective_kept(r):
    p = _seat_of(r, lambda p: r["faction"][p] != data.Faction.SAXONY and (r["objectives"][p] >= 0).any())
    r["stars"][p, STAR_OBJECTIVE] = 1


def _c_objective_star_cards(r):
    p = _seat_of(r, lambda p: r["faction"][p] == data.Faction.SAXONY)
    assert (r["objectives"][p] >= 0).all()
    r["stars"][p, STAR_OBJECTIVE] = 1  # two cards held + one revealed: three cards from two


def _c_popularity_18(r):
    r["popularity"][0] = 18
    r["stars"][0, STAR_POPULARITY] = 0


def _c_game_over_stars(r):
    winner = _seat_of(r, lambda p: r["stars"][p].sum() == 6)
    r["stars"][winner, int(np.flatnonzero(r["stars"][winner])[0])] -= 1


def _c_same_section(r):
    r["last_section"][r["current"]] = r["section"]


def _c_selection(r):
    r["moved"][r["selected"]] = 1  # the unit being moved has already moved


def _c_cargo(r):
    x = int(r["unit_loc"][r["current"], r["selected"]])
    r["cargo_resources"][0] = (r["resources"][x, 0] if x < N_TERR else 0) + 1


def _c_effect(r):
    if r["effect_source"] == inv.EFFECT_FACTORY:
        r["effect_card"] = (r["effect_card"] + 1) % inv.N_FACTORY_CARDS
    else:
        r["effect_loc"] = (r["effect_loc"] + 1) % N_TERR


def _c_factory_pick(r):
    r["phase"] = inv.PH_FACTORY_PICK  # with the character elsewhere than the Factory


def _c_factory_count(r):
    r["factory_pool"][r["n_players"]] = -1  # the last card of the pool vanishes


def _c_objectives_conserved(r):
    r["objectives"][0, 0] = r["objective_deck"][0]  # a card both in the deck and in a hand


def _c_no_legal_action(r):
    r["phase"] = inv.PH_COMBAT_ORDER  # order battles where none is pending


def _set(field, index, value):
    def corrupt(r):
        r[field][index] = value(r) if callable(value) else value
    return corrupt


def _setg(field, value):
    def corrupt(r):
        r[field] = value(r) if callable(value) else value
    return corrupt


def _first_section(n=None):
    """A turn-start state of the earliest sampled game (every seat still holds its cards)."""
    return lambda: base_state(PH_SECTION, players=(n,) if n else (2, 3, 4, 5), where=lambda r: r["turn"] < 4)


def _phase(ph, where=None):
    return lambda: base_state(ph, where=where)


def _fresh_game(factions):
    return lambda: engine.new_game(len(factions), 5, factions=factions)


MID = _phase(PH_TOP, where=lambda r: r["turn"] > 10)  # a live state outside the turn start and battles
SECTION = _first_section(2)
OVER = _phase(PH_GAME_OVER)
NO_FACTORY_TOP = _phase(PH_TOP, where=lambda r: r["turn"] > 10 and r["unit_loc"][r["current"], CHARACTER] != inv.FACTORY)

# code name -> (base state, corruption of its record); each must make check() return that code
CORRUPTIONS = {
    "N_PLAYERS": (MID, _setg("n_players", 6)),
    "PHASE": (MID, _setg("phase", inv.N_PHASES)),
    "TERMINAL": (MID, _setg("terminal", 1)),
    "CURRENT": (MID, _setg("current", lambda r: r["n_players"])),
    "FIRST_PLAYER": (MID, _setg("first_player", -1)),
    "ACTOR": (MID, _setg("actor", 5)),
    "TURN_NEGATIVE": (MID, _setg("turn", -1)),
    "TURN_ORDER": (MID, _setg("turn", lambda r: r["turn"] + 1)),
    "BONUS_TILE": (MID, _setg("bonus_tile", 6)),
    "RNG_ZERO": (MID, _setg("rng", 0)),
    "FACTION_MAT": (MID, _set("mat", 1, lambda r: r["mat"][0])),
    "BLANK_SEAT": (SECTION, _set("coins", 4, 1)),
    "POWER": (MID, _set("power", 0, 17)),
    "POPULARITY": (MID, _set("popularity", 0, 19)),
    "COINS": (MID, _set("coins", 1, -1)),
    "HAND": (MID, _set("hand", (0, 0), -1)),
    "DISCARD": (MID, _set("discard", 0, -1)),
    "DECK_SIZE": (MID, _setg("deck_size", N_CARDS + 1)),
    "DECK_VALUE": (SECTION, _set("deck", 0, 6)),
    "DECK_TAIL": (SECTION, _set("deck", N_CARDS - 1, 2)),
    "CARDS_CONSERVED": (MID, _set("discard", 0, lambda r: r["discard"][0] + 1)),
    "ENCOUNTER_TOKEN": (MID, _set("encounter_token", int(np.flatnonzero(~np.array([t.encounter for t in data.TERRITORIES]))[0]), 1)),
    "ENCOUNTER_DECK": (MID, _set("encounter_deck", 0, lambda r: r["encounter_deck"][1])),
    "OBJECTIVE_DECK": (SECTION, _set("objective_deck", 22, 0)),
    "OBJECTIVE_HAND": (SECTION, _set("objectives", (0, 0), 23)),
    "OBJECTIVES_CONSERVED": (SECTION, _c_objectives_conserved),
    "FACTORY_CARD": (MID, _set("factory_card", 0, 12)),
    "FACTORY_POOL": (SECTION, _set("factory_pool", 0, -1)),  # a gap at the front
    "FACTORY_COUNT": (SECTION, _c_factory_count),
    "RESOURCES_NEGATIVE": (MID, _set("resources", (0, 0), -1)),
    "LAKE_RESOURCES": (MID, lambda r: r["resources"].__setitem__((_empty_lake(r), 0), 1)),
    "CHARACTER_LOCATION": (MID, _set("unit_loc", (0, CHARACTER), -1)),
    "UNIT_LOCATION": (MID, _set("unit_loc", (0, FIRST_WORKER), N_LOC)),
    "UNIT_ON_LAKE": (SECTION, _c_unit_on_lake),
    "WORKER_ON_LAKE": (SECTION, _c_worker_on_lake),
    "FOREIGN_BASE": (SECTION, _c_foreign_base),
    "SHARED_TERRITORY": (SECTION, _c_share),
    "STRUCTURE_LOCATION": (MID, _set("structure_loc", (0, 0), N_TERR)),
    "STRUCTURE_ON_LAKE": (MID, lambda r: r["structure_loc"].__setitem__((0, 0), _empty_lake(r))),
    "TWO_STRUCTURES": (SECTION, _c_two_structures),
    "UPGRADE_FLAG": (MID, _set("upgraded", (0, 0), 2)),
    "COVERED": (MID, _c_covered),
    "UPGRADES_COVERED": (SECTION, _c_upgrade),
    "RECRUIT_FLAG": (MID, _set("recruited", (0, 0), 2)),
    "RECRUITS_ONE_TIME": (SECTION, _c_recruit),
    "STAR_FLAG": (MID, _set("stars", (0, STAR_UPGRADES), 2)),
    "COMBAT_STARS": (MID, _c_combat_stars),
    "OBJECTIVE_STARS": (SECTION, _c_objective_stars),
    "OBJECTIVE_KEPT": (SECTION, _c_objective_kept),
    "OBJECTIVE_STAR_CARDS": (_fresh_game(("nordic", "saxony")), _c_objective_star_cards),
    "TOO_MANY_STARS": (MID, _set("stars", 0, np.array([1, 1, 1, 1, 1, 0, 2, 0, 0], np.int8))),
    "SIX_STARS_LIVE": (MID, _set("stars", 0, np.array([1, 1, 1, 1, 0, 0, 2, 0, 0], np.int8))),
    "GAME_OVER_STARS": (OVER, _c_game_over_stars),
    "STAR_WITHOUT_GOAL": (MID, _set("stars", (0, STAR_UPGRADES), 1)),
    "GOAL_WITHOUT_STAR": (MID, _c_popularity_18),
    "SCORE_BEFORE_END": (MID, _set("final_score", 0, 5)),
    "RANKS": (OVER, _set("rank", 0, 7)),
    "SECTION_RANGE": (MID, _setg("section", 5)),
    "FACTORY_SECTION_CARD": (MID, lambda r: r["last_section"].__setitem__(
        _seat_of(r, lambda p: r["factory_card"][p] < 0), 4)),
    "NO_SECTION": (MID, _setg("section", -1)),
    "SAME_SECTION": (_phase(PH_TOP, where=lambda r: r["faction"][r["current"]] != data.Faction.RUSVIET), _c_same_section),
    "TURN_NOT_FRESH": (SECTION, _set("cargo_resources", 2, 1)),
    "TURN_FIELD": (MID, _setg("moves_left", 9)),
    "WINDOW": (MID, _setg("window", 0)),
    "ACTOR_PHASE": (MID, _setg("actor", lambda r: (r["current"] + 1) % r["n_players"])),
    "SELECTION": (_phase(PH_MOVE_UNIT), _c_selection),
    "CARGO": (_phase(PH_MOVE_UNIT), _c_cargo),
    "PENDING": (MID, _setg("pending", 100)),
    "PAYMENT": (_phase(PH_PAY), _setg("pay_left", 0)),
    "BATTLE_FIELDS": (MID, _setg("battle_loc", 5)),
    "BATTLE": (_phase(PH_DIAL), _setg("battle_step", 5)),
    "EFFECT_FIELDS": (_phase(PH_TOP, where=lambda r: r["effect_source"] == 0 and r["turn"] > 10), _setg("effect_card", 3)),
    "EFFECT": (_phase(PH_EFFECT, where=lambda r: r["effect_sub"] == 0), _c_effect),
    "FACTORY_PICK": (NO_FACTORY_TOP, _c_factory_pick),
    "FACTORY_TURN": (_phase(PH_TOP, where=lambda r: r["section"] != 4), _setg("factory_move", 1)),
    "NO_LEGAL_ACTION": (MID, _c_no_legal_action),
}
STEP_CODES = {inv.CODES[name] for name in (
    "SETUP_CHANGED", "STAR_LOST", "TURN_STEP", "UPGRADE_UNDONE", "RECRUIT_UNDONE", "MECH_RETURNED",
    "WORKER_RETURNED", "STRUCTURE_MOVED", "FINISHED_CHANGED", "NEW_STAR_WITHOUT_GOAL")}


def test_every_invariant_has_a_corruption_test():
    # NOT_FINISHED and ILLEGAL_CHOICE are about the players, not a state (tests/test_bot_soak.py)
    state_codes = set(inv.VIOLATIONS) - {inv.OK, inv.NOT_FINISHED, inv.ILLEGAL_CHOICE} - STEP_CODES
    assert {inv.CODES[name] for name in CORRUPTIONS} == state_codes
    assert {inv.CODES[name] for name in STEP_CORRUPTIONS} == STEP_CODES


@pytest.mark.parametrize("name", list(CORRUPTIONS))
def test_checks_catch_a_corrupted_state(scythe_kernels, name):
    """Each invariant really fires: corrupt one field of a real state and the checker returns
    exactly that invariant's code (the uncorrupted state passes)."""
    make_base, corrupt = CORRUPTIONS[name]
    st = make_base()
    assert inv.check(st[0]) == [], inv.explain(st[0])
    corrupt(st[0])
    code = inv.CODES[name]
    got = inv.diagnose(st[0])[0]
    assert got == code, f"expected {name} ({inv.describe(code)}), got {inv.explain(st[0])} [code {got}]"
    assert inv.explain(st[0]).startswith(inv.describe(code))
    if code != inv.NO_LEGAL_ACTION:  # the state checks alone; a legal action is the last check
        assert inv.check_at(st, 0, np.zeros(2, np.int64)) == code
    # a loaded state is held to the same check unless it is one a hand-edited scenario may break
    loaded = inv.diagnose(st[0], loaded=True)[0]
    assert loaded == (0 if code in inv.LOAD_WAIVED else code)


def _step_pair(base):
    st = base()
    return st.copy(), st


def _c_step_star_lost(before, after):
    before["stars"][0, STAR_COMBAT] = after["stars"][0, STAR_COMBAT] + 1


def _c_step_mech_returned(before, after):
    before["unit_loc"][0, FIRST_MECH] = 10
    after["unit_loc"][0, FIRST_MECH] = -1


def _c_step_worker_returned(before, after):
    u, t = _worker_on_territory(after, 0)
    after["unit_loc"][0, u] = -1


def _c_step_structure(before, after):
    before["structure_loc"][0, 0] = 10
    after["structure_loc"][0, 0] = 11


def _c_step_upgrade(before, after):
    before["upgraded"][0, 0] = 1
    after["upgraded"][0, 0] = 0


def _c_step_recruit(before, after):
    before["recruited"][0, 0] = 1
    after["recruited"][0, 0] = 0


def _c_step_new_star(before, after):
    before["stars"][0, STAR_POPULARITY] = 0
    after["stars"][0, STAR_POPULARITY] = 1
    after["popularity"][0] = 17


# code name -> (base state, corruption of the (before, after) pair)
STEP_CORRUPTIONS = {
    "SETUP_CHANGED": (MID, lambda b, a: a["mat"].__setitem__(0, (a["mat"][0] + 1) % 5)),
    "STAR_LOST": (MID, _c_step_star_lost),
    "TURN_STEP": (MID, lambda b, a: a.__setitem__("turn", b["turn"] - 1)),
    "UPGRADE_UNDONE": (MID, _c_step_upgrade),
    "RECRUIT_UNDONE": (MID, _c_step_recruit),
    "MECH_RETURNED": (MID, _c_step_mech_returned),
    "WORKER_RETURNED": (MID, _c_step_worker_returned),
    "STRUCTURE_MOVED": (MID, _c_step_structure),
    "FINISHED_CHANGED": (OVER, lambda b, a: a["coins"].__setitem__(0, a["coins"][0] + 1)),
    "NEW_STAR_WITHOUT_GOAL": (MID, _c_step_new_star),
}


@pytest.mark.parametrize("name", list(STEP_CORRUPTIONS))
def test_step_checks_catch_a_corrupted_transition(scythe_kernels, name):
    make_base, corrupt = STEP_CORRUPTIONS[name]
    before, after = _step_pair(make_base)
    assert inv.check_step(before[0], after[0]) == 0
    corrupt(before[0], after[0])
    assert inv.check_step(before[0], after[0]) == inv.CODES[name]


def test_real_transitions_pass_the_step_checks(scythe_kernels):
    """A few hundred real decisions, including the end of a game, pass check_step."""
    states, choosers = new_batch(2, [31_000_000])
    s = states[0]
    mask = np.zeros(engine.N_ACTIONS, dtype=np.int8)
    while s["phase"] != PH_GAME_OVER:
        before = states.copy()
        turn.legal(s, mask)
        turn.apply(s, rng.random_legal(mask, choosers, 0))
        assert inv.check_step(before[0], s) == 0
    assert inv.check_step(s, s) == 0


def test_play_random_checked_stops_at_the_first_violation(scythe_kernels):
    states, choosers = new_batch([2, 3, 2], [1, 2, 3])
    states["power"][1, 0] = 17  # game 1 is broken from the start
    decisions = np.zeros(3, dtype=np.int64)
    violations = np.zeros(3, dtype=np.int64)
    inv.play_random_checked(states, choosers, 40, decisions, violations)
    assert violations.tolist() == [inv.NOT_FINISHED, inv.POWER, inv.NOT_FINISHED]
    assert decisions.tolist() == [40, 0, 40]
    # the same games under play_random end up identical: checking changes nothing
    again, again_choosers = new_batch([2, 2], [1, 3])
    engine.play_random(again, again_choosers, 40, np.zeros(2, np.int64))
    assert again.tobytes() == states[[0, 2]].tobytes()


def test_check_survives_garbage_records(scythe_kernels):
    """Random bytes never make the checker index out of its arrays: every record gets a code
    (run with NUMBA_BOUNDSCHECK=1 by `make test`)."""
    rs = np.random.default_rng(5)
    raw = rs.integers(0, 256, (300, STATE_DTYPE.itemsize), dtype=np.uint8)
    garbage = raw.view(STATE_DTYPE).reshape(-1).copy()
    garbage["n_players"] = rs.integers(2, 6, len(garbage))  # past the first check, into the rest
    where = np.zeros(2, dtype=np.int64)
    assert all(inv.check_at(garbage, b, where) > 0 for b in range(len(garbage)))


# ------------------------------------------------------------------ the scorer itself
def test_final_checks_catch_wrong_scores(scythe_kernels):
    seeds = [n * 10_000_000 + 8_500_000 for n in (2, 3, 4, 5)]
    states, _ = _play([2, 3, 4, 5], seeds)
    check_final(states, seeds, range(4))
    bad = states.copy()
    bad["final_score"][1, 0] += 1
    with pytest.raises(AssertionError, match="final_score"):
        check_final(bad, seeds, [1])
    bad = states.copy()
    bad["rank"][2, :4] = bad["rank"][2, [1, 0, 3, 2]]
    with pytest.raises(AssertionError, match="rank"):
        check_final(bad, seeds, [2])
    live, _ = new_batch(2, seeds[:1])
    with pytest.raises(AssertionError, match="not finished"):
        check_final(live, seeds[:1], [])


def test_reference_scoring_on_spec_examples():
    """The from-scratch S19/D5 scorer used above, on hand-made positions."""
    T = data.StructureBonusTile
    assert _bonus_count(T.IN_A_ROW, [22, 23, 24]) == 3  # q = 1, 2, 3 on row 4
    assert _bonus_count(T.IN_A_ROW, [22, 29, 36]) == 2  # (1,4) (0,5) bend to (0,6): two lines of 2
    assert _bonus_count(T.IN_A_ROW, [0, 22, 46]) == 1
    assert _bonus_count(T.IN_A_ROW, []) == 0
    assert _bonus_count(T.IN_A_ROW, [22, 30, 37]) == 3  # SE line (1,4) (1,5) (1,6)
    assert _bonus_count(T.ADJACENT_LAKES, [22]) == 3  # the Factory touches lakes 16, 21, 30
    assert _bonus_count(T.ADJACENT_TUNNELS, [9, 14]) == 0  # 9 and 14 are not neighbours
    assert _bonus_count(T.ADJACENT_TUNNELS, [15]) == 2  # 15 touches tunnels 9 and 14
    assert _bonus_count(T.ON_TUNNELS, [9, 14, 17, 0]) == 3
    assert _bonus_count(T.ON_TUNDRA_OR_FARM, [1, 4, 0]) == 2
    # D4 worked example: 13 resources at popularity 10 -> 6 pairs x $2 = $12
    rec = np.zeros(1, dtype=STATE_DTYPE)[0]
    rec["n_players"] = 2
    rec["unit_loc"][:] = -1
    rec["structure_loc"][:] = -1
    rec["unit_loc"][0, CHARACTER] = 11  # farm
    rec["unit_loc"][1, CHARACTER] = 22  # the Factory counts 3
    rec["resources"][11, 0] = 13
    rec["popularity"][:2] = (10, 3)
    rec["coins"][:2] = (5, 5)
    rec["bonus_tile"] = int(T.ON_TUNNELS)
    keys = expected_keys(rec)
    assert keys[0][0] == 5 + 1 * 3 + 6 * 2  # coins + 1 territory x $3 + 6 pairs x $2
    assert keys[1][0] == 5 + 3 * 2  # coins + Factory (3 territories) x $2
    assert keys[0][1:] == (0, 0, 10, 13, 1, 0) and keys[1][1:] == (0, 0, 3, 0, 1, 0)
