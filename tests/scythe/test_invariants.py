"""Randomized invariant tests for the Scythe engine (economic game: no combat, encounters,
Factory cards, objectives or mech abilities yet).

Batches of seeded games are played with ``engine.play_random`` (uniformly random legal actions)
in chunks of a few decisions; between chunks every game of the batch is checked with vectorized
numpy against the invariants below, and at the end the final scores and ranks are recomputed in
plain Python from the spec (S19.3-S19.5) and the ``data`` tables, without the engine's scoring
code. A failure names the invariant and the game seeds that break it: ``replay(n, seed)`` plays
one game a decision at a time and returns the first decision where an invariant fails.

Games: seed ``s`` with ``n`` players is ``engine.new_game(n, s)``; its random player draws from
``rng.seed_word(s + CHOOSER_OFFSET)``.
"""

from __future__ import annotations

import os
import re

import numpy as np
import pytest

from meeplegym import rng
from meeplegym.envs.scythe import data, engine
from meeplegym.envs.scythe.state import (
    MAX_PLAYERS,
    N_STAR_KINDS,
    PH_COMBAT_ORDER,
    PH_FACTORY_CARD_COST,
    PH_GAME_OVER,
    PH_MOVE_SELECT,
    PH_MOVE_UNIT,
    PH_RETREAT,
    PH_SECTION,
    PH_TOP,
    STAR_COMBAT,
    STAR_MECHS,
    STAR_OBJECTIVE,
    STAR_POPULARITY,
    STAR_POWER,
    STAR_RECRUITS,
    STAR_STRUCTURES,
    STAR_UPGRADES,
    STAR_NAMES,
    STAR_WORKERS,
    STATE_DTYPE,
)

CHOOSER_OFFSET = 1 << 32  # the random player's stream never equals the game's own
CAP = 200_000  # decisions per game; every game must end well before
CHUNK = 37  # decisions between checkpoints (odd, so checkpoints fall in every phase)
NO_JIT = os.environ.get("NUMBA_DISABLE_JIT", "0") not in ("", "0")

# ------------------------------------------------------------------ facts, from data.py / the spec
N_TERR = data.N_TERRITORIES  # 47
N_LOC = data.N_LOCATIONS  # 54
CHARACTER, FIRST_MECH, FIRST_WORKER, N_UNITS = 0, 1, 5, 13  # unit layout (state.py)
N_PHASES = PH_FACTORY_CARD_COST + 1
TERRAIN = np.array([int(t.terrain) for t in data.TERRITORIES])
LAKE_LOC = np.zeros(N_LOC, dtype=bool)  # by location id 0..53 (bases are no lakes)
LAKE_LOC[:N_TERR] = TERRAIN == data.Terrain.LAKE
FACTION_BASE = np.array([f.base for f in data.FACTION_MATS])
ALWAYS_INACTIVE_BASES = [b.id for b in data.HOME_BASES if b.faction is None]
MAX_COVER = np.array([[b.cost - b.fixed for b in m.bottom] for m in data.PLAYER_MATS])  # (mat, bottom)
CARD_VALUES = np.array(sorted(data.COMBAT_CARD_COPIES))  # 2..5
CARD_COPIES = np.array([data.COMBAT_CARD_COPIES[v] for v in CARD_VALUES])  # 16, 12, 8, 6
N_CARDS = int(CARD_COPIES.sum())  # 42
STARS_TO_END = data.STARS_PER_PLAYER
NON_COMBAT_STARS = [k for k in range(N_STAR_KINDS) if k not in (STAR_COMBAT, STAR_OBJECTIVE)]


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


# ------------------------------------------------------------------ invariants
def _star_conditions(st, seat):
    """(B, 5, N_STAR_KINDS) bool: the S18.1 goal holds now (only for the kinds it can be read off)."""
    cond = np.zeros(st["stars"].shape, dtype=bool)
    cond[:, :, STAR_UPGRADES] = (st["upgraded"] != 0).sum(-1) == 6
    cond[:, :, STAR_MECHS] = (st["unit_loc"][:, :, FIRST_MECH:FIRST_WORKER] >= 0).all(-1)
    cond[:, :, STAR_STRUCTURES] = (st["structure_loc"] >= 0).all(-1)
    cond[:, :, STAR_RECRUITS] = (st["recruited"] != 0).all(-1)
    cond[:, :, STAR_WORKERS] = (st["unit_loc"][:, :, FIRST_WORKER:] >= 0).all(-1)
    cond[:, :, STAR_POPULARITY] = st["popularity"] >= data.MAX_POPULARITY
    cond[:, :, STAR_POWER] = st["power"] >= data.MAX_POWER
    return cond & seat[:, :, None]


CHECKED_KINDS = [STAR_UPGRADES, STAR_MECHS, STAR_STRUCTURES, STAR_RECRUITS, STAR_WORKERS,
                 STAR_POPULARITY, STAR_POWER]
# goals that never undo once met: a star for them implies the goal still holds
LASTING_KINDS = [STAR_UPGRADES, STAR_MECHS, STAR_STRUCTURES, STAR_RECRUITS, STAR_WORKERS]


class Tracker:
    """Checks a batch at each checkpoint, remembering what must never go back between them.

    fine=True: ``light`` runs after every single decision, so a star for popularity or power
    can be checked against its track having reached the end at some point.
    """

    def __init__(self, states, seeds, fine=False):
        self.seeds = list(seeds)
        self.fine = fine
        self.n = states["n_players"].copy()
        self.seat = np.arange(MAX_PLAYERS)[None, :] < self.n[:, None]
        self.faction = states["faction"].copy()
        self.mat = states["mat"].copy()
        self.decisions = np.zeros(len(states), dtype=np.int64)
        self.prev = None
        self.reached = np.zeros(states["stars"].shape, dtype=bool)
        self.light_stars = states["stars"].copy()
        # bases a unit may stand on: its own, or one no faction in the game owns
        self.allowed_base = np.zeros((len(states), MAX_PLAYERS, N_LOC), dtype=bool)
        for b in range(len(states)):
            present = set(FACTION_BASE[self.faction[b, : self.n[b]]])
            free = set(ALWAYS_INACTIVE_BASES) | (set(FACTION_BASE) - present)
            for p in range(self.n[b]):
                self.allowed_base[b, p, list(free | {FACTION_BASE[self.faction[b, p]]})] = True
        self.check(states)

    # -- helpers
    def _fail(self, errors, name, bad):
        bad = np.asarray(bad)
        while bad.ndim > 1:
            bad = bad.any(axis=-1)
        if bad.any():
            games = np.flatnonzero(bad)
            where = ", ".join(
                f"seed {self.seeds[g]} ({self.n[g]}p) after {self.decisions[g]} decisions" for g in games[:5]
            )
            errors.append(f"{name}: {len(games)} game(s), e.g. {where}")

    def advance(self, decisions):
        self.decisions += np.maximum(decisions, 0)

    def light(self, st):
        """The star checks alone, cheap enough to run after every decision (fine mode): a star
        appears only together with its goal, and a goal met always has its star (S18.2)."""
        errors: list[str] = []
        stars = st["stars"]
        cond = _star_conditions(st, self.seat)
        self.reached |= cond
        live = (st["phase"] != PH_GAME_OVER)[:, None]
        for k in CHECKED_KINDS:
            new = stars[:, :, k] > self.light_stars[:, :, k]
            self._fail(errors, f"{STAR_NAMES[k]} star placed while the goal does not hold", new & ~cond[:, :, k])
            self._fail(errors, f"{STAR_NAMES[k]} goal met but no star placed",
                       live & cond[:, :, k] & (stars[:, :, k] == 0))
        self.light_stars = stars.copy()
        assert not errors, "invariant(s) broken:\n  " + "\n  ".join(errors)

    def check(self, st):  # noqa: C901 (one flat list of invariants reads best)
        errors: list[str] = []
        fail = lambda name, bad: self._fail(errors, name, bad)  # noqa: E731
        seat = self.seat
        off = ~seat
        B = len(st)
        live = st["phase"] != PH_GAME_OVER
        lv = live[:, None]

        # ---- game-wide fields
        fail("n_players changed", st["n_players"] != self.n)
        fail("faction or mat changed", (st["faction"] != self.faction) | (st["mat"] != self.mat))
        fail("phase out of range", (st["phase"] < 0) | (st["phase"] >= N_PHASES))
        fail("terminal != (phase == game over)", (st["terminal"] == 1) != ~live)
        fail("terminal not 0/1", (st["terminal"] != 0) & (st["terminal"] != 1))
        fail("current seat out of range", (st["current"] < 0) | (st["current"] >= self.n))
        fail("first player out of range", (st["first_player"] < 0) | (st["first_player"] >= self.n))
        fail("turn negative", st["turn"] < 0)
        fail("seat to act is not (first player + turns played) mod n (S0.9)",
             st["current"] != (st["first_player"].astype(np.int64) + st["turn"]) % self.n)
        # S2.1: a new section every turn (Rusviet's Relentless aside)
        cur = st["current"].astype(np.int64)
        cur_faction = st["faction"][np.arange(B), cur]
        last = st["last_section"][np.arange(B), cur]
        fail("section used two turns running by a non-Rusviet player (S2.1)",
             live & (st["phase"] != PH_SECTION) & (cur_faction != data.Faction.RUSVIET)
             & (st["section"] == last))
        fail("no section chosen after the section phase", live & (st["phase"] != PH_SECTION) & (st["section"] < 0))
        fail("last_section out of range", seat & ((st["last_section"] < -1) | (st["last_section"] >= 5)))
        # S2.1: what one turn tracks starts empty
        fresh = (
            (st["section"] != -1) | (st["moves_left"] != 0) | (st["moved"] != 0).any(-1) | (st["selected"] != -1)
            | (st["cargo_workers"] != 0).any(-1) | (st["cargo_resources"] != 0).any(-1)
            | (st["produce_left"] != 0) | (st["mill_produced"] != 0) | (st["produced"] != 0).any(-1)
            | (st["pending"] != -1) | (st["pay_resource"] != -1) | (st["pay_left"] != 0) | (st["take_coins"] != 0)
            | (st["steps_left"] != 0) | (st["stepped"] != 0) | (st["actor"] != st["current"])
            | (st["move_origin"] != -1).any(-1) | (st["battle_loc"] != -1) | (st["battle_defender"] != -1)
            | (st["battle_step"] != 0) | (st["battle_winner"] != -1) | (st["dial"] != 0).any(-1)
            | (st["battle_cards"] != 0).any(-1).any(-1) | (st["card_limit"] != 0).any(-1)
            | (st["coercion_used"] != 0) | (st["effect_card"] != -1) | (st["effect_option"] != -1)
            | (st["effect_pc"] != 0) | (st["effect_sub"] != 0) | (st["effect_loc"] != -1) | (st["options_taken"] != 0)
            | (st["effect_source"] != 0) | (st["effect_jump_at"] != -1) | (st["effect_jump_to"] != -1)
            | (st["produce_free"] != 0) | (st["factory_move"] != 0)
        )
        fail("turn bookkeeping not cleared at the start of a turn", (st["phase"] == PH_SECTION) & fresh)

        # ---- seats beyond n_players stay blank
        blank = (
            (st["faction"] != -1) | (st["mat"] != -1) | (st["power"] != 0) | (st["popularity"] != 0)
            | (st["coins"] != 0) | (st["hand"] != 0).any(-1) | (st["unit_loc"] != -1).any(-1)
            | (st["structure_loc"] != -1).any(-1) | (st["stars"] != 0).any(-1)
            | (st["upgraded"] != 0).any(-1) | (st["covered"] != 0).any(-1)
            | (st["recruited"] != 0).any(-1) | (st["one_time_used"] != 0).any(-1)
            | (st["final_score"] != 0)
        )
        fail("an unused seat is not blank", off & blank)

        # ---- tracks and counts (S0.4, S0.5)
        fail("negative power", seat & (st["power"] < 0))
        fail("power > 16", seat & (st["power"] > data.MAX_POWER))
        fail("negative popularity", seat & (st["popularity"] < 0))
        fail("popularity > 18", seat & (st["popularity"] > data.MAX_POPULARITY))
        fail("negative coins", seat & (st["coins"] < 0))
        fail("negative hand count", (st["hand"] < 0).any(-1))
        fail("negative discard count", (st["discard"] < 0).any(-1))
        fail("deck size out of 0..42", (st["deck_size"] < 0) | (st["deck_size"] > N_CARDS))
        fail("negative resources", (st["resources"] < 0).any(-1).any(-1))
        # resources reach a lake only as cargo and stay with a unit there (S13.2)
        lake_res = (st["resources"][:, LAKE_LOC[:N_TERR], :] != 0).any(-1)  # (B, lakes)
        lake_ids = np.flatnonzero(LAKE_LOC[:N_TERR])
        unit_on = (st["unit_loc"][:, :, :, None] == lake_ids[None, None, None, :]).any(1).any(1)
        fail("resource tokens on a lake with no unit", lake_res & ~unit_on)

        # ---- combat cards: 42 = deck + discard + hands, composition {2:16, 3:12, 4:8, 5:6}
        in_deck = np.arange(N_CARDS)[None, :] < st["deck_size"][:, None].astype(np.int64)
        deck = st["deck"].astype(np.int64)
        fail("deck card value outside 2..5", in_deck & ((deck < CARD_VALUES[0]) | (deck > CARD_VALUES[-1])))
        fail("deck slot past deck_size not cleared", ~in_deck & (deck != 0))
        deck_counts = np.stack([(in_deck & (deck == v)).sum(-1) for v in CARD_VALUES], axis=-1)
        total = (deck_counts + st["discard"].astype(np.int64) + st["hand"].astype(np.int64).sum(1)
                 + st["battle_cards"].astype(np.int64).sum(1))  # cards face down in a battle
        fail("combat cards not conserved (deck + discard + hands != 16/12/8/6)", total != CARD_COPIES[None, :])

        # ---- units (S0.2): character always on a location, mechs/workers on the mat or a location
        loc = st["unit_loc"].astype(np.int64)  # (B, 5, 13)
        fail("character not on a location", seat & ((loc[:, :, CHARACTER] < 0) | (loc[:, :, CHARACTER] >= N_LOC)))
        fail("mech/worker location invalid", seat[:, :, None] & ((loc[:, :, 1:] < -1) | (loc[:, :, 1:] >= N_LOC)))
        on = (loc >= 0) & (loc < N_LOC) & seat[:, :, None]
        safe = np.where(on, loc, 0)
        # lakes (S3.5, S13.2): characters/mechs only with Seaworthy (Nordic) or Submerge
        # (Polania) unlocked by mech 2; a worker only beside an own mech that carried it there
        on_lake = on & LAKE_LOC[safe]
        lake_faction = np.isin(st["faction"], [int(data.Faction.NORDIC), int(data.Faction.POLANIA)])
        lake_ability = lake_faction & (loc[:, :, FIRST_MECH + 1] >= 0)
        fail("unit on a lake", on_lake[:, :, :FIRST_WORKER] & ~lake_ability[:, :, None])
        mech_there = (loc[:, :, None, FIRST_MECH:FIRST_WORKER] == loc[:, :, FIRST_WORKER:, None]).any(-1)
        fail("worker on a lake without an own mech", on_lake[:, :, FIRST_WORKER:] & ~mech_there)
        at_base = on & (loc >= N_TERR)
        allowed = np.take_along_axis(self.allowed_base, safe, axis=2)
        fail("unit on another active faction's home base", at_base & ~allowed)
        # two players share a territory only mid-Move, the mover and one other, until their
        # battle is fought (S3.9, S14.1)
        on_terr = on & (loc < N_TERR)
        b_idx = np.broadcast_to(np.arange(B)[:, None, None], loc.shape)
        p_idx = np.broadcast_to(np.arange(MAX_PLAYERS)[None, :, None], loc.shape)
        occ = np.zeros((B, N_TERR, MAX_PLAYERS), dtype=bool)
        occ[b_idx[on_terr], safe[on_terr], p_idx[on_terr]] = True
        mid_move = (st["phase"] == PH_MOVE_SELECT) | (st["phase"] == PH_MOVE_UNIT) | (
            (st["phase"] >= PH_COMBAT_ORDER) & (st["phase"] <= PH_RETREAT))
        mover_there = occ[np.arange(B), :, st["current"].astype(np.int64)]  # (B, T)
        sharing = occ.sum(-1)
        fail("units of two players share a territory",
             (sharing > 1) & ~(mid_move[:, None] & (sharing == 2) & mover_there))

        # ---- structures (S9): on land territories, at most one per territory over all players
        sloc = st["structure_loc"].astype(np.int64)  # (B, 5, 4)
        built = sloc >= 0
        fail("structure location invalid", seat[:, :, None] & ((sloc < -1) | (sloc >= N_TERR)))
        ssafe = np.where(built & (sloc < N_TERR), sloc, 0)
        fail("structure on a lake", built & (sloc < N_TERR) & LAKE_LOC[ssafe])
        per_terr = np.zeros((B, N_TERR + 1), dtype=np.int64)
        sb = np.broadcast_to(np.arange(B)[:, None, None], sloc.shape)
        np.add.at(per_terr, (sb[built], np.minimum(sloc[built], N_TERR)), 1)
        fail("two structures on one territory", per_terr[:, :N_TERR] > 1)

        # ---- mat components: upgrades (S7), recruits (S10)
        up = st["upgraded"].astype(np.int64)
        cov = st["covered"].astype(np.int64)
        fail("upgraded cube flag not 0/1", (up != 0) & (up != 1))
        max_cov = MAX_COVER[np.where(seat, st["mat"], 0)]  # (B, 5, 4)
        fail("covered boxes outside 0..cost-fixed", seat[:, :, None] & ((cov < 0) | (cov > max_cov)))
        fail("upgraded cubes != covered boxes", seat & (up.sum(-1) != cov.sum(-1)))
        rec = st["recruited"].astype(np.int64)
        once = st["one_time_used"].astype(np.int64)
        fail("recruit flag not 0/1", ((rec != 0) & (rec != 1)).any(-1) | ((once != 0) & (once != 1)).any(-1))
        fail("recruits enlisted != one-time bonuses used", seat & (rec.sum(-1) != once.sum(-1)))

        # ---- stars (S18)
        stars = st["stars"].astype(np.int64)
        n_stars = stars.sum(-1)
        fail("star kind not 0/1", ((stars[:, :, NON_COMBAT_STARS] != 0) & (stars[:, :, NON_COMBAT_STARS] != 1)))
        fail("negative combat stars", stars[:, :, STAR_COMBAT] < 0)
        # objective stars (S17.2, S12.5): one each, Saxony two; a revealed card leaves the hand
        saxony = st["faction"] == data.Faction.SAXONY
        fail("too many objective stars", seat & (stars[:, :, STAR_OBJECTIVE] > np.where(saxony, 2, 1)))
        held = (st["objectives"] >= 0).sum(-1)
        fail("objective cards kept after a non-Saxony reveal",
             seat & ~saxony & (stars[:, :, STAR_OBJECTIVE] > 0) & (held > 0))
        fail("objective cards: a star for more cards than were dealt", seat & (held + stars[:, :, STAR_OBJECTIVE] > 2))
        dealt = (st["objectives"][:, :, :, None] == np.arange(23)[None, None, None, :]).any(2).sum(1)
        in_deck = (np.arange(23)[None, :] < st["objective_deck_size"][:, None])
        deck_cards = np.where(in_deck, st["objective_deck"], -1)
        counted = dealt + (deck_cards[:, :, None] == np.arange(23)[None, None, :]).sum(1)
        fail("objective card in two places", counted > 1)
        fail("more than 2 combat stars for a faction other than Saxony (S14.7)",
             seat & (stars[:, :, STAR_COMBAT] > 2) & (st["faction"] != data.Faction.SAXONY))
        fail("more than 6 stars", n_stars > STARS_TO_END)
        fail("6 stars but the game goes on", lv & (n_stars >= STARS_TO_END))
        fail("game over without exactly one player at 6 stars", ~live & ((n_stars == STARS_TO_END).sum(-1) != 1))
        cond = _star_conditions(st, seat)
        self.reached |= cond
        for k in LASTING_KINDS:
            fail(f"{STAR_NAMES[k]} star but the goal does not hold", (stars[:, :, k] > 0) & ~cond[:, :, k])
        if self.fine:
            for k in (STAR_POPULARITY, STAR_POWER):
                fail(f"{STAR_NAMES[k]} star but the track never reached its end",
                     (stars[:, :, k] > 0) & ~self.reached[:, :, k])
        for k in CHECKED_KINDS:  # S18.2: placed immediately (a live game: nobody is at 6)
            fail(f"{STAR_NAMES[k]} goal met but no star placed", lv & cond[:, :, k] & (stars[:, :, k] == 0))

        # ---- no score before the end
        fail("final score or rank written before the end", lv & ((st["final_score"] != 0) | (st["rank"] != 0)))

        # ---- what never goes back (between checkpoints)
        if self.prev is not None:
            pv = self.prev
            fail("a star was lost", (stars < pv["stars"]).any(-1))
            fail("turn counter went back", st["turn"] < pv["turn"])
            fail("an upgrade was undone", (up < pv["upgraded"]).any(-1) | (cov < pv["covered"]).any(-1))
            fail("a recruit was undone", (rec < pv["recruited"]).any(-1) | (once < pv["one_time_used"]).any(-1))
            was_on = pv["unit_loc"] >= 0
            fail("a mech returned to the mat", (was_on & (loc < 0))[:, :, FIRST_MECH:FIRST_WORKER])
            fail("a worker returned to the mat", (was_on & (loc < 0))[:, :, FIRST_WORKER:])
            workers_off = (loc[:, :, FIRST_WORKER:] >= 0).sum(-1)
            fail("workers off the mat decreased", workers_off < pv["workers_off"])
            fail("a structure moved or returned to the mat", (pv["structure_loc"] >= 0) & (sloc != pv["structure_loc"]))
            fail("a finished game changed", ~pv["live"] & (st.view(np.uint8).reshape(B, -1) != pv["bytes"]).any(-1))
        self.prev = {
            "stars": stars, "turn": st["turn"].copy(), "upgraded": up, "covered": cov, "recruited": rec,
            "one_time_used": once, "unit_loc": loc, "structure_loc": sloc,
            "workers_off": (loc[:, :, FIRST_WORKER:] >= 0).sum(-1), "live": live,
            "bytes": st.view(np.uint8).reshape(B, -1).copy(),
        }
        assert not errors, "invariant(s) broken:\n  " + "\n  ".join(errors)


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


# ------------------------------------------------------------------ the driver
def play_checked(players, seeds, chunk=CHUNK, cap=CAP, fine=False, score_sample=None):
    """Play the batch to the end, checking every invariant every `chunk` decisions (fine=True:
    the star checks after every single decision as well); returns (states, decisions)."""
    states, choosers = new_batch(players, seeds)
    tracker = Tracker(states, seeds, fine=fine)
    decisions = np.zeros(len(states), dtype=np.int64)
    step = 1 if fine else chunk
    since_check = 0
    while (states["phase"] != PH_GAME_OVER).any():
        live = states["phase"] != PH_GAME_OVER
        assert tracker.decisions[live].max() < cap, (
            f"games still running after {cap} decisions: seeds "
            f"{[seeds[g] for g in np.flatnonzero(live)[:5]]}"
        )
        engine.play_random(states, choosers, step, decisions)
        stuck = np.flatnonzero(decisions == -1)
        assert stuck.size == 0, "a live state with no legal action: " + ", ".join(
            f"seed {seeds[g]} within decisions {tracker.decisions[g]}..{tracker.decisions[g] + step}"
            for g in stuck[:5]
        )
        tracker.advance(decisions)
        since_check += step
        if fine:
            tracker.light(states)
        if since_check >= chunk or not (states["phase"] != PH_GAME_OVER).any():
            tracker.check(states)
            since_check = 0
    sample = range(len(states)) if score_sample is None else score_sample
    check_final(states, seeds, sample)
    return states, tracker.decisions


def replay(n_players, seed, max_decisions=CAP):
    """Debug helper: play one game a decision at a time, every check after each; return
    (decisions so far, message) at the first failure, or None when the whole game passes."""
    states, choosers = new_batch(n_players, [seed])
    tracker = Tracker(states, [seed], fine=True)
    decisions = np.zeros(1, dtype=np.int64)
    for k in range(1, max_decisions + 1):
        engine.play_random(states, choosers, 1, decisions)
        if decisions[0] == -1:
            return k - 1, "no legal action"
        tracker.advance(decisions)
        try:
            tracker.light(states)
            tracker.check(states)
            if states["phase"][0] == PH_GAME_OVER:
                check_final(states, [seed], [0])
                return None
        except AssertionError as e:
            return k, str(e)
    return max_decisions, "not finished"


# ------------------------------------------------------------------ tests
GAMES_PER_COUNT = 500


@pytest.mark.rule("S0.2")
@pytest.mark.rule("S0.3")
@pytest.mark.parametrize("n_players", [2, 3, 4, 5])
def test_random_games_keep_invariants(scythe_kernels, n_players):
    """500 seeded random games per player count, checked every CHUNK decisions and at the end."""
    if NO_JIT:
        pytest.skip("2 000 games are too slow without the JIT (make nojit runs the smoke test)")
    seeds = game_seeds(n_players, GAMES_PER_COUNT)
    states, decisions = play_checked(n_players, seeds)
    assert (states["terminal"] == 1).all() and (states["phase"] == PH_GAME_OVER).all()
    assert decisions.max() < CAP


def test_random_games_every_decision(scythe_kernels):
    """Fewer games: the star checks after every decision (a popularity/power star can only be
    tied to its track reaching the end this way), every invariant every 9 decisions."""
    if NO_JIT:
        pytest.skip("too slow without the JIT")
    players = [2, 3, 4, 5] * 8
    seeds = [n * 10_000_000 + 5_000_000 + i for i, n in enumerate(players)]
    play_checked(players, seeds, chunk=9, fine=True)


def test_smoke(scythe_kernels):
    """A handful of full games, 2-5 players (also run without the JIT by `make nojit`)."""
    players = [2, 3, 4, 5]
    seeds = [n * 10_000_000 + 9_000_000 for n in players]
    states, decisions = play_checked(players, seeds, chunk=101)
    assert (states["terminal"] == 1).all() and (decisions > 0).all()


@pytest.mark.soak
def test_soak_20000_games(scythe_kernels):
    """20 000 random games (5 000 per player count), invariants checked throughout."""
    rs = np.random.default_rng(0)
    for n_players in (2, 3, 4, 5):
        for start in range(0, 5000, 1000):
            seeds = game_seeds(n_players, 1000, start=1_000_000 + start)
            play_checked(n_players, seeds, chunk=53, score_sample=rs.choice(1000, 100, replace=False))


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
    assert not bad_fields, f"init leaves these fields as they were: {sorted(bad_fields)}"


def test_new_game_matches_init_on_zeroed_record():
    for n_players in (2, 5):
        a = engine.new_game(n_players, 42)
        b = np.zeros(1, dtype=STATE_DTYPE)
        b[0]["rng"] = rng.seed_word(42)
        engine.init(b[0], n_players, np.full(MAX_PLAYERS, -1, np.int8), np.full(MAX_PLAYERS, -1, np.int8))
        assert a.tobytes() == b.tobytes()


# ------------------------------------------------------------------ the checks themselves
def _territory_of_a_worker(st, g, p):
    for u in range(FIRST_WORKER, N_UNITS):
        t = int(st["unit_loc"][g, p, u])
        if 0 <= t < N_TERR:
            return u, t
    raise AssertionError("no worker on a territory")


def _c_combat_stars(st):
    seat = int(np.flatnonzero(st["faction"][0, : st["n_players"][0]] != data.Faction.SAXONY)[0])
    st["stars"][0, seat, STAR_COMBAT] = 3


def _c_share(st):
    _, t = _territory_of_a_worker(st, 0, 0)
    st["unit_loc"][0, 1, CHARACTER] = t
    st["phase"][0] = PH_SECTION  # outside a Move, where no battle can be pending


def _c_worker_back(st):
    u, _ = _territory_of_a_worker(st, 0, 0)
    st["unit_loc"][0, 0, u] = -1


def _c_other_base(st):
    u, _ = _territory_of_a_worker(st, 0, 0)
    st["unit_loc"][0, 0, u] = FACTION_BASE[st["faction"][0, 1]]


def _c_upgrade(st):
    st["upgraded"][0, 0, int(np.flatnonzero(st["upgraded"][0, 0] == 0)[0])] = 1


def _c_recruit(st):
    st["recruited"][0, 0, int(np.flatnonzero(st["recruited"][0, 0] == 0)[0])] = 1


def _c_two_structures(st):
    st["structure_loc"][0, 0, :] = -1
    st["structure_loc"][0, 1, :] = -1
    st["structure_loc"][0, 0, 0] = 10
    st["structure_loc"][0, 1, 0] = 10


def _c_popularity_18(st):
    st["popularity"][0, 0] = 18
    st["stars"][0, 0, STAR_POPULARITY] = 0


def _c_bookkeeping(st):
    g = int(np.flatnonzero(st["phase"] == PH_SECTION)[0])
    st["cargo_resources"][g, 2] = 1


def _c_same_section(st):
    """A non-Rusviet player on the section it used last turn."""
    n = int(st["n_players"][0])
    seat = int(np.flatnonzero(st["faction"][0, :n] != data.Faction.RUSVIET)[0])
    st["current"][0] = st["actor"][0] = seat
    st["phase"][0] = PH_TOP
    st["section"][0] = 1
    st["last_section"][0, seat] = 1


CORRUPTIONS = {
    "power > 16": lambda st: st["power"].__setitem__((0, 0), 17),
    "negative coins": lambda st: st["coins"].__setitem__((0, 1), -1),
    "popularity > 18": lambda st: st["popularity"].__setitem__((0, 0), 19),
    "combat cards not conserved": lambda st: st["discard"].__setitem__((0, 0), st["discard"][0, 0] + 1),
    "deck slot past deck_size not cleared": lambda st: st["deck"].__setitem__((0, N_CARDS - 1), 2),
    "character not on a location": lambda st: st["unit_loc"].__setitem__((0, 0, CHARACTER), -1),
    "unit on a lake": lambda st: st["unit_loc"].__setitem__((0, 0, CHARACTER), 6),
    "worker on a lake without an own mech": lambda st: st["unit_loc"].__setitem__((0, 0, FIRST_WORKER), 6),
    "units of two players share a territory": _c_share,
    "unit on another active faction's home base": _c_other_base,
    "a worker returned to the mat": _c_worker_back,
    "two structures on one territory": _c_two_structures,
    "resource tokens on a lake with no unit": lambda st: st["resources"].__setitem__((0, 6, 0), 1),
    "upgraded cubes != covered boxes": _c_upgrade,
    "recruits enlisted != one-time bonuses used": _c_recruit,
    "upgrades star but the goal does not hold": lambda st: st["stars"].__setitem__((0, 0, STAR_UPGRADES), 1),
    "too many objective stars": lambda st: st["stars"].__setitem__((0, 1, STAR_OBJECTIVE), 3),
    "more than 2 combat stars": _c_combat_stars,
    "6 stars but the game goes on": lambda st: st["stars"].__setitem__((0, 0, slice(0, 9)), [0, 0, 0, 0, 0, 1, 1, 2, 2]),
    "popularity goal met but no star placed": _c_popularity_18,
    "turn counter went back": lambda st: st["turn"].__setitem__(0, st["turn"][0] - 1),
    "an unused seat is not blank": lambda st: st["coins"].__setitem__((0, 4), 1),
    "n_players changed": lambda st: st["n_players"].__setitem__(0, 3),
    "seat to act is not": lambda st: st["turn"].__setitem__(1, st["turn"][1] + 1),
    "turn bookkeeping not cleared": _c_bookkeeping,
    "section used two turns running": _c_same_section,
}


@pytest.mark.parametrize("name", sorted(CORRUPTIONS))
def test_checks_catch_a_corrupted_state(scythe_kernels, name):
    """Each invariant above really fires: corrupt one field of a mid-game state (game 0 has 2
    players) and the checker must name the broken invariant."""
    players = [2, 3, 4, 5]
    seeds = [n * 10_000_000 + 8_000_000 for n in players]
    states, choosers = new_batch(players, seeds)
    decisions = np.zeros(len(states), dtype=np.int64)
    engine.play_random(states, choosers, 300, decisions)
    assert (decisions == 300).all()
    tracker = Tracker(states, seeds)  # the real state passes
    bad = states.copy()
    CORRUPTIONS[name](bad)
    with pytest.raises(AssertionError, match=re.escape(name)):
        tracker.check(bad)


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
