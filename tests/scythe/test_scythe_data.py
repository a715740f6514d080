"""Transcription checks for ``meeplegym.envs.scythe.data`` (spec D1-D6, seeds PT/ES/IT).

The expected values below are typed independently from the spec's human-readable
tables (D1.2 neighbour / river columns, D1.3 summary sets, D3.1-D3.2 tables, D4, D5)
and the seed rulebooks (``seed PT l.N`` = line N of shared/seeds/000_ae90a49134f45792.txt,
ES = 002_3ac14a0e64e258bb.txt, IT = 003_8869a2643762ed29.txt), while ``data.py`` was
transcribed from the spec's machine-readable blocks (D1.6, D3.6); so a typo on either
side fails here.
"""

from __future__ import annotations

import dataclasses
from collections import Counter

import numpy as np
import pytest

from meeplegym.envs.scythe import data
from meeplegym.envs.scythe.data import (
    BottomAction,
    Faction,
    Mat,
    Resource,
    Structure,
    StructureBonusTile,
    Terrain,
    TopAction,
    UpgradeSlot,
)

# ----------------------------------------------------------------- spec D1.3 summary sets
D1_3_SETS = {
    Terrain.MOUNTAIN: {0, 10, 14, 23, 25, 33, 38, 43},
    Terrain.FARM: {1, 11, 12, 19, 28, 42, 45},
    Terrain.VILLAGE: {2, 5, 18, 20, 31, 34, 35, 44, 46},
    Terrain.FOREST: {3, 13, 15, 17, 26, 27, 37},
    Terrain.TUNDRA: {4, 7, 9, 24, 29, 36, 39, 40},
    Terrain.LAKE: {6, 8, 16, 21, 30, 32, 41},
    Terrain.FACTORY: {22},
}
D1_3_TUNNELS = {9, 14, 17, 28, 31, 36}
D1_3_ENCOUNTERS = {2, 7, 10, 12, 20, 24, 26, 34, 35, 38, 43}
D1_3_FACTORY_NEIGHBOURS = {15, 16, 21, 23, 29, 30}
D1_3_POCKETS = {
    Faction.NORDIC: {3, 4, 10},
    Faction.POLANIA: {13, 19, 20},
    Faction.RUSVIET: {18, 24, 25},
    Faction.SAXONY: {33, 34, 40},
    Faction.CRIMEA: {42, 43, 46},
}

# ------------------------------------------- spec D1.2 "neighbours" column (E, NE, NW, W, SW, SE)
D1_2_NEIGHBOURS = {
    0: (1, 52, 6, 7),
    1: (2, 52, 0, 7, 8),
    2: (3, 1, 8, 9),
    3: (4, 47, 2, 9, 10),
    4: (5, 47, 3, 10, 11),
    5: (4, 11, 12),
    6: (7, 0, 51, 13),
    7: (8, 1, 0, 6, 13, 14),
    8: (9, 2, 1, 7, 14, 15),
    9: (10, 3, 2, 8, 15, 16),
    10: (11, 4, 3, 9, 16, 17),
    11: (12, 5, 4, 10, 17, 18),
    12: (5, 11, 18, 48),
    13: (14, 7, 6, 51, 19, 20),
    14: (15, 8, 7, 13, 20, 21),
    15: (16, 9, 8, 14, 21, 22),
    16: (17, 10, 9, 15, 22, 23),
    17: (18, 11, 10, 16, 23, 24),
    18: (48, 12, 11, 17, 24, 25),
    19: (20, 13, 51, 26, 27),
    20: (21, 14, 13, 19, 27, 28),
    21: (22, 15, 14, 20, 28, 29),
    22: (23, 16, 15, 21, 29, 30),
    23: (24, 17, 16, 22, 30, 31),
    24: (25, 18, 17, 23, 31, 32),
    25: (48, 18, 24, 32),
    26: (27, 19, 33),
    27: (28, 20, 19, 26, 33, 34),
    28: (29, 21, 20, 27, 34, 35),
    29: (30, 22, 21, 28, 35, 36),
    30: (31, 23, 22, 29, 36, 37),
    31: (32, 24, 23, 30, 37, 38),
    32: (25, 24, 31, 38, 39),
    33: (34, 27, 26, 50, 40),
    34: (35, 28, 27, 33, 40, 41),
    35: (36, 29, 28, 34, 41, 42),
    36: (37, 30, 29, 35, 42, 43),
    37: (38, 31, 30, 36, 43, 44),
    38: (39, 32, 31, 37, 44, 45),
    39: (32, 38, 45, 53),
    40: (41, 34, 33, 50),
    41: (42, 35, 34, 40, 49),
    42: (43, 36, 35, 41, 49, 46),
    43: (44, 37, 36, 42, 46),
    44: (45, 38, 37, 43),
    45: (53, 39, 38, 44),
    46: (43, 42, 49),
}

# spec D1.2 "across a river" column (territories with at least one river edge)
D1_2_ACROSS_RIVER = {
    2: {3, 9},
    3: {2, 9},
    4: {5, 11},
    5: {4},
    7: {13},
    9: {10, 3, 2},
    10: {11, 9, 17},
    11: {4, 10, 18},
    12: {18, 48},
    13: {14, 7},
    14: {13, 20},
    17: {18, 10, 24},
    18: {12, 11, 17},
    19: {26, 27},
    20: {14, 27, 28},
    23: {24},
    24: {17, 23, 31},
    26: {19, 33},
    27: {20, 19, 33, 34},
    28: {20, 34},
    31: {24},
    33: {27, 26},
    34: {35, 28, 27},
    35: {34, 42},
    36: {42, 43},
    37: {43},
    42: {36, 35},
    43: {44, 37, 36},
    44: {43},
}

# ------------------------------------------------------------- spec D1.4 home bases
#  id: (faction, land-connected = start workers, other touching hexes)
D1_4_BASES = {
    47: (Faction.NORDIC, {3, 4}, set()),
    48: (Faction.RUSVIET, {18, 25}, {12}),
    49: (Faction.CRIMEA, {42, 46}, {41}),
    50: (Faction.SAXONY, {33, 40}, set()),
    51: (Faction.POLANIA, {13, 19}, {6}),
    52: (None, {0, 1}, set()),
    53: (None, {39, 45}, set()),
}


def _is_land(t: int) -> bool:
    return data.TERRITORIES[t].terrain is not Terrain.LAKE


# ==================================================================================== D1
@pytest.mark.rule("D1.2")
def test_territory_table_shape():
    assert len(data.TERRITORIES) == 47 == data.N_TERRITORIES
    assert len(data.HOME_BASES) == 7 == data.N_HOME_BASES
    assert data.N_LOCATIONS == 54
    assert [t.id for t in data.TERRITORIES] == list(range(47))
    assert [b.id for b in data.HOME_BASES] == list(range(47, 54))


@pytest.mark.rule("D1.1")
def test_axial_coordinates_follow_offset_formula():
    for t in data.TERRITORIES:
        assert t.r == t.row
        assert t.q == t.col - (t.row + (t.row & 1)) // 2, t
    for b in data.HOME_BASES:
        assert b.q == b.col - (b.row + (b.row & 1)) // 2, b
    # ids run row by row, left to right
    keys = [(t.row, t.col) for t in data.TERRITORIES]
    assert keys == sorted(keys) and len(set(keys)) == 47


@pytest.mark.rule("D1.3")
def test_terrain_sets_and_counts():
    for terrain, ids in D1_3_SETS.items():
        got = {t.id for t in data.TERRITORIES if t.terrain is terrain}
        assert got == ids, terrain
    counts = Counter(t.terrain for t in data.TERRITORIES)
    assert counts == {Terrain.MOUNTAIN: 8, Terrain.FARM: 7, Terrain.VILLAGE: 9, Terrain.FOREST: 7,
                      Terrain.TUNDRA: 8, Terrain.LAKE: 7, Terrain.FACTORY: 1}
    assert set(data.LAKE_IDS) == D1_3_SETS[Terrain.LAKE]
    assert data.FACTORY_ID == 22


@pytest.mark.rule("D1.3")
def test_tunnels_are_six_land_hexes():
    assert {t.id for t in data.TERRITORIES if t.tunnel} == D1_3_TUNNELS == set(data.TUNNEL_IDS)
    terrains = {t: data.TERRITORIES[t].terrain for t in D1_3_TUNNELS}
    assert terrains == {9: Terrain.TUNDRA, 14: Terrain.MOUNTAIN, 17: Terrain.FOREST,
                        28: Terrain.FARM, 31: Terrain.VILLAGE, 36: Terrain.TUNDRA}


@pytest.mark.rule("S1.1")
def test_encounter_territories():
    assert {t.id for t in data.TERRITORIES if t.encounter} == D1_3_ENCOUNTERS
    # seed PT l.293: one token on each encounter symbol, 11 in all
    assert data.ENCOUNTER_TOKENS == 11 == len(data.ENCOUNTER_IDS)
    assert not any(data.TERRITORIES[t].terrain in (Terrain.LAKE, Terrain.FACTORY) for t in D1_3_ENCOUNTERS)


@pytest.mark.rule("D1.2")
def test_names_readable_and_unique():
    names = [data.location_name(i) for i in range(data.N_LOCATIONS)]
    assert len(set(names)) == 54
    assert data.location_name(22) == "Factory"
    assert data.location_name(12) == "Farm 12"
    assert data.location_name(6) == "Lake 6"
    assert data.location_name(48) == "Rusviet base"
    assert data.location_name(52) == "Albion base"
    for t in data.TERRITORIES:
        if t.terrain is not Terrain.FACTORY:
            assert t.name == f"{t.terrain.name.title()} {t.id}"
    with pytest.raises(ValueError):
        data.location_name(54)


@pytest.mark.rule("D1.2")
def test_neighbours_equal_spec_column():
    for t in range(47):
        assert set(data.neighbours(t)) == set(D1_2_NEIGHBOURS[t]), t


@pytest.mark.rule("D1.2")
def test_neighbour_order_is_e_ne_nw_w_sw_se():
    assert data.DIRECTION_NAMES == ("E", "NE", "NW", "W", "SW", "SE")
    assert set(data.AXIAL_DIRECTIONS) == {(1, 0), (-1, 0), (1, -1), (0, -1), (0, 1), (-1, 1)}
    for t in range(47):
        assert data.neighbours(t) == D1_2_NEIGHBOURS[t], t


@pytest.mark.rule("S0.8")
def test_territory_neighbours_are_axial_distance_one():
    for t in data.TERRITORIES:
        terr_nb = {n for n in data.neighbours(t.id) if n < 47}
        expected = {u.id for u in data.TERRITORIES if data.axial_distance(t.id, u.id) == 1}
        assert terr_nb == expected, t.id
        assert len(data.neighbours(t.id)) <= 6


@pytest.mark.rule("D1.4")
def test_neighbours_symmetric_and_bases_never_adjacent():
    for a in range(data.N_LOCATIONS):
        for b in data.neighbours(a):
            assert a in data.neighbours(b), (a, b)
            assert not (a >= 47 and b >= 47), (a, b)
        assert a not in data.neighbours(a)
    m = data.adjacency_matrix()
    assert m.shape == (54, 54) and m.dtype == bool
    assert (m == m.T).all() and not m[47:, 47:].any()
    assert m.sum() == sum(len(data.neighbours(i)) for i in range(54))


@pytest.mark.rule("D1.3")
def test_factory_neighbours():
    assert set(data.neighbours(data.FACTORY_ID)) == D1_3_FACTORY_NEIGHBOURS


@pytest.mark.rule("D1.4")
def test_home_bases_match_spec():
    for b in data.HOME_BASES:
        faction, land, other = D1_4_BASES[b.id]
        assert b.faction == faction, b.id
        assert set(b.start_workers) == land, b.id
        assert len(b.start_workers) == 2
        assert set(b.touching) == land | other, b.id
        assert set(data.neighbours(b.id)) == land | other
        # the virtual hex reproduces exactly the touching territories
        virtual = {data.location_at(b.q + dq, b.r + dr) for dq, dr in data.AXIAL_DIRECTIONS} - {None}
        assert virtual == set(b.touching), b.id
    assert data.INACTIVE_BASE_IDS == (52, 53)
    assert {b.name for b in data.HOME_BASES} == {
        "Nordic base", "Rusviet base", "Crimea base", "Saxony base", "Polania base",
        "Albion base", "Togawa base"}


@pytest.mark.rule("S1.8")
def test_start_workers_are_the_land_connected_hexes():
    # seed PT l.362 / ES l.17 / IT l.18: one worker on each territory connected to the base by land
    for b in data.HOME_BASES:
        land_connected = {t for t in b.touching if _is_land(t) and not data.is_river(b.id, t)}
        assert land_connected == set(b.start_workers), b.id
    for f in data.FACTION_MATS:
        base = data.HOME_BASES[f.base - 47]
        assert base.faction is f.faction
        assert tuple(f.start_workers) == tuple(base.start_workers)
        for t in f.start_workers:
            assert t in base.touching and _is_land(t) and not data.is_river(base.id, t)


@pytest.mark.rule("D1.5")
def test_river_list_well_formed():
    assert len(data.RIVERS) == 32
    assert len(set(data.RIVERS)) == 32
    assert all(a < b for a, b in data.RIVERS)
    assert list(data.RIVERS) == sorted(data.RIVERS)
    assert (12, 48) in data.RIVERS
    for a, b in data.RIVERS:
        assert b in data.neighbours(a), (a, b)
        assert _is_land(a) and (b >= 47 or _is_land(b)), (a, b)
    assert data.is_river(48, 12) and data.is_river(12, 48)
    assert not data.is_river(48, 18) and not data.is_river(3, 4)
    r = data.river_matrix()
    assert (r == r.T).all() and r.sum() == 64


@pytest.mark.rule("D1.5")
def test_rivers_equal_spec_across_a_river_column():
    for t in range(47):
        across = {n for n in data.neighbours(t) if data.is_river(t, n)}
        assert across == D1_2_ACROSS_RIVER.get(t, set()), t


def _pocket(start: int) -> set[int]:
    """Land hexes reachable from ``start`` by single steps over land edges that are not
    rivers (no lakes, no tunnel jumps, no abilities)."""
    seen, stack = {start}, [start]
    while stack:
        x = stack.pop()
        for y in data.neighbours(x):
            if y >= 47 or not _is_land(y) or data.is_river(x, y) or y in seen:
                continue
            seen.add(y)
            stack.append(y)
    return seen


@pytest.mark.rule("D1.3")
def test_river_enclosed_home_pockets():
    for f in data.FACTION_MATS:
        pocket = D1_3_POCKETS[f.faction]
        for start in f.start_workers:
            assert _pocket(start) == pocket, (f.faction, start)
        # each pocket = the 2 start hexes + 1 encounter hex
        assert set(f.start_workers) < pocket
        (extra,) = pocket - set(f.start_workers)
        assert data.TERRITORIES[extra].encounter


@pytest.mark.rule("D1.3")
def test_remaining_land_is_one_region_of_25():
    land = {t.id for t in data.TERRITORIES if _is_land(t.id)}
    assert len(land) == 40
    rest = land - set().union(*D1_3_POCKETS.values())
    assert len(rest) == 25
    assert D1_3_TUNNELS <= rest and data.FACTORY_ID in rest
    assert _pocket(data.FACTORY_ID) == rest


# ==================================================================================== D2
@pytest.mark.rule("D2")
def test_faction_mats():
    expected = {  # base, start power, start cards, riverwalk (seed PT l.634/650/664/678/690)
        Faction.NORDIC: (47, 4, 1, {Terrain.FOREST, Terrain.MOUNTAIN}),
        Faction.RUSVIET: (48, 3, 2, {Terrain.FARM, Terrain.VILLAGE}),
        Faction.CRIMEA: (49, 5, 0, {Terrain.FARM, Terrain.TUNDRA}),
        Faction.SAXONY: (50, 1, 4, {Terrain.FOREST, Terrain.MOUNTAIN}),
        Faction.POLANIA: (51, 2, 3, {Terrain.VILLAGE, Terrain.MOUNTAIN}),
    }
    assert len(data.FACTION_MATS) == 5
    for i, f in enumerate(data.FACTION_MATS):
        assert f.faction == Faction(i)
        base, power, cards, riverwalk = expected[f.faction]
        assert (f.base, f.start_power, f.start_combat_cards) == (base, power, cards)
        assert set(f.riverwalk) == riverwalk and len(f.riverwalk) == 2
        assert f.mech_abilities[0] == "Riverwalk" and f.mech_abilities[3] == "Speed"
    abilities = {f.faction: (f.faction_ability, f.mech_abilities[1], f.mech_abilities[2])
                 for f in data.FACTION_MATS}
    assert abilities == {
        Faction.NORDIC: ("Swim", "Seaworthy", "Artillery"),
        Faction.RUSVIET: ("Relentless", "Township", "People's Army"),
        Faction.CRIMEA: ("Coercion", "Wayfare", "Scout"),
        Faction.SAXONY: ("Dominate", "Underpass", "Disarm"),
        Faction.POLANIA: ("Meander", "Submerge", "Camaraderie"),
    }


@pytest.mark.rule("S1.5")
def test_seat_order_is_faction_order():
    # seed PT l.326: Nordic, Rusviet, Crimea, Saxony, Polania
    assert [f.name for f in Faction] == ["NORDIC", "RUSVIET", "CRIMEA", "SAXONY", "POLANIA"]
    assert [f.base for f in data.FACTION_MATS] == [47, 48, 49, 50, 51]


@pytest.mark.rule("S10.1")
def test_recruit_bonuses():
    assert data.RECRUIT_ONE_TIME_AMOUNT == 2
    assert [b.slot for b in data.RECRUIT_ONE_TIME_BONUSES] == list(data.RecruitBonus)
    assert all(b.amount == 2 for b in data.RECRUIT_ONE_TIME_BONUSES)


@pytest.mark.rule("S11.1")
def test_recruit_ongoing_bonuses():
    rob = {b.action: (b.kind, b.amount) for b in data.RECRUIT_ONGOING_BONUSES}
    assert rob == {
        BottomAction.UPGRADE: (data.RecruitBonus.POWER, 1),
        BottomAction.DEPLOY: (data.RecruitBonus.COINS, 1),
        BottomAction.BUILD: (data.RecruitBonus.POPULARITY, 1),  # seed PT l.814
        BottomAction.ENLIST: (data.RecruitBonus.COMBAT_CARDS, 1),
    }
    assert [b.action for b in data.RECRUIT_ONGOING_BONUSES] == list(BottomAction)
    assert data.RECRUIT_ONGOING_BONUS == {
        BottomAction.UPGRADE: "+1 power", BottomAction.DEPLOY: "+$1",
        BottomAction.BUILD: "+1 popularity", BottomAction.ENLIST: "+1 combat card"}


# ==================================================================================== D3
# spec D3.1: number, start popularity, start coins, objectives, section tops 1..4
D3_1 = {
    Mat.INDUSTRIAL: (1, 2, 4, 2, "BOLSTER PRODUCE MOVE TRADE"),
    Mat.ENGINEERING: (2, 2, 5, 2, "PRODUCE TRADE BOLSTER MOVE"),
    Mat.PATRIOTIC: (3, 2, 6, 2, "MOVE BOLSTER TRADE PRODUCE"),
    Mat.MECHANICAL: (4, 3, 6, 2, "TRADE BOLSTER MOVE PRODUCE"),
    Mat.AGRICULTURAL: (5, 4, 7, 2, "MOVE TRADE PRODUCE BOLSTER"),
}
# spec D3.2 human table: per bottom action (Upgrade, Deploy, Build, Enlist) cost / fixed / slots / $
D3_2 = {
    Mat.INDUSTRIAL: ((3, 2, 1, 3), (3, 1, 2, 2), (3, 2, 1, 1), (4, 2, 2, 0)),
    Mat.ENGINEERING: ((3, 2, 1, 2), (4, 2, 2, 0), (3, 1, 2, 3), (3, 2, 1, 1)),
    Mat.PATRIOTIC: ((2, 2, 0, 1), (4, 1, 3, 3), (4, 2, 2, 0), (3, 2, 1, 2)),
    Mat.MECHANICAL: ((3, 2, 1, 0), (3, 1, 2, 2), (3, 2, 1, 2), (4, 2, 2, 2)),
    Mat.AGRICULTURAL: ((2, 2, 0, 1), (4, 2, 2, 0), (4, 2, 2, 2), (3, 1, 2, 3)),
}


@pytest.mark.rule("D3.1")
def test_player_mat_start_values_and_top_order():
    assert len(data.PLAYER_MATS) == 5
    for i, m in enumerate(data.PLAYER_MATS):
        assert m.mat == Mat(i)
        number, pop, coins, objectives, tops = D3_1[m.mat]
        assert (m.number, m.start_popularity, m.start_coins, m.objective_cards) == (number, pop, coins, objectives)
        assert [a.name for a in m.top_order] == tops.split()
        assert sorted(m.top_order) == list(TopAction)
        assert m.name == m.mat.name.title()
    # seed PT l.474: the Industrial mat reads Fortificar / Produzir / Mover / Negociar
    assert data.PLAYER_MATS[Mat.INDUSTRIAL].top_order == (TopAction.BOLSTER, TopAction.PRODUCE,
                                                         TopAction.MOVE, TopAction.TRADE)
    assert data.PLAYER_MATS[Mat.INDUSTRIAL].section_of(TopAction.MOVE) == 2  # Move + Build


@pytest.mark.rule("S1.9")
def test_mat_numbers_unique_and_later_mats_start_richer():
    assert sorted(m.number for m in data.PLAYER_MATS) == [1, 2, 3, 4, 5]
    ordered = sorted(data.PLAYER_MATS, key=lambda m: m.number)
    # seed PT l.398: higher-numbered mats start with more resources to offset turn order
    for a, b in zip(ordered, ordered[1:]):
        assert b.start_coins >= a.start_coins and b.start_popularity >= a.start_popularity
        assert (b.start_coins, b.start_popularity) != (a.start_coins, a.start_popularity)


@pytest.mark.rule("D3.2")
def test_bottom_row_costs():
    resources = (Resource.OIL, Resource.METAL, Resource.WOOD, Resource.FOOD)  # seed PT l.612/622/704/791
    for m in data.PLAYER_MATS:
        assert [b.action for b in m.bottom] == list(BottomAction)
        assert [b.resource for b in m.bottom] == list(resources)
        got = tuple((b.cost, b.fixed, b.slots, b.coins) for b in m.bottom)
        assert got == D3_2[m.mat], m.mat
        for b in m.bottom:
            assert b.fixed >= 1 and b.cost >= b.fixed and b.slots == b.cost - b.fixed


@pytest.mark.rule("S7.3")
def test_each_mat_has_six_upgradeable_boxes():
    for m in data.PLAYER_MATS:
        assert sum(b.cost - b.fixed for b in m.bottom) == 6 == data.UPGRADE_CUBES, m.mat
    assert len(data.UPGRADE_SLOTS) == 6


@pytest.mark.rule("D3.3")
def test_upgrade_slots():
    table = {s.slot: (s.top, s.base, s.upgraded) for s in data.UPGRADE_SLOTS}
    assert table == {
        UpgradeSlot.MOVE_UNITS: (TopAction.MOVE, 2, 3),
        UpgradeSlot.MOVE_COINS: (TopAction.MOVE, 1, 2),
        UpgradeSlot.BOLSTER_POWER: (TopAction.BOLSTER, 2, 3),
        UpgradeSlot.BOLSTER_CARDS: (TopAction.BOLSTER, 1, 2),
        UpgradeSlot.TRADE_POPULARITY: (TopAction.TRADE, 1, 2),
        UpgradeSlot.PRODUCE_TERRITORIES: (TopAction.PRODUCE, 2, 3),  # seed PT l.616: 2 -> 3
    }
    assert [s.slot for s in data.UPGRADE_SLOTS] == list(UpgradeSlot)
    assert Counter(s.top for s in data.UPGRADE_SLOTS) == {
        TopAction.MOVE: 2, TopAction.BOLSTER: 2, TopAction.TRADE: 1, TopAction.PRODUCE: 1}
    for s in UpgradeSlot:
        assert data.UPGRADE_SLOT_BASE[s] + data.UPGRADE_SLOT_STEP[s] == data.UPGRADE_SLOT_UPGRADED[s]
        assert data.UPGRADE_SLOT_STEP[s] == 1
    assert data.TRADE_RESOURCES == 2


@pytest.mark.rule("S9.5")
def test_structure_sits_under_its_top_action():
    # seed PT l.724-736: Monument/Bolster, Mill/Produce, Mine/Move, Armory/Trade
    assert data.STRUCTURE_UNDER == {TopAction.MOVE: Structure.MINE, TopAction.BOLSTER: Structure.MONUMENT,
                                    TopAction.TRADE: Structure.ARMORY, TopAction.PRODUCE: Structure.MILL}


@pytest.mark.rule("S6.1")
def test_produce_cost_by_workers_off_mat():
    costs = [tuple(c) for c in data.PRODUCE_COST]
    assert len(costs) == 9
    assert costs[2] == costs[3] == (0, 0, 0)
    assert costs[4] == costs[5] == (1, 0, 0)
    assert costs[6] == costs[7] == (1, 1, 0)
    assert costs[8] == (1, 1, 1)
    assert data.PRODUCE_COST[8].power == 1 and data.PRODUCE_COST[8].coins == 1


@pytest.mark.rule("S6.2")
def test_products():
    # seed PT l.578-584
    assert data.PRODUCT == {
        Terrain.MOUNTAIN: Resource.METAL, Terrain.FARM: Resource.FOOD, Terrain.TUNDRA: Resource.OIL,
        Terrain.FOREST: Resource.WOOD, Terrain.VILLAGE: None, Terrain.LAKE: None, Terrain.FACTORY: None}


# ============================================================================== D4-D6
@pytest.mark.rule("D6")
def test_combat_deck():
    assert data.COMBAT_CARD_COPIES == {2: 16, 3: 12, 4: 8, 5: 6}  # seed PT l.868-872, ES l.175-180
    assert sum(data.COMBAT_CARD_COPIES.values()) == 42  # seed PT l.74


@pytest.mark.rule("D4")
def test_popularity_bands_cover_track():
    bands = data.POPULARITY_BANDS
    assert bands[0].low == 0 and bands[-1].high == data.MAX_POPULARITY == 18
    for a, b in zip(bands, bands[1:]):
        assert b.low == a.high + 1
        assert b.per_star > a.per_star and b.per_territory > a.per_territory
        assert b.per_two_resources > a.per_two_resources
    assert [(b.low, b.high, b.per_star, b.per_territory, b.per_two_resources) for b in bands] == [
        (0, 6, 3, 2, 1), (7, 12, 4, 3, 2), (13, 18, 5, 4, 3)]
    for p in range(19):
        assert data.popularity_band(p).low <= p <= data.popularity_band(p).high
    with pytest.raises(ValueError):
        data.popularity_band(19)


@pytest.mark.rule("S19.3")
def test_scoring_worked_examples():
    # seed PT l.1034: popularity 10 -> $4 per star, $3 per territory, $2 per 2 resources
    band = data.popularity_band(10)
    assert (band.per_star, band.per_territory, band.per_two_resources) == (4, 3, 2)
    # seed ES l.262: 13 resources at popularity 10 -> $12
    assert (13 // 2) * data.popularity_band(10).per_two_resources == 12
    # seed PT l.1034: popularity 18 scores like 13-17
    assert data.popularity_band(18) is data.popularity_band(13)


# seed PT l.746-785, tables as printed (count range -> coins)
PT_STRUCTURE_TABLES = {
    StructureBonusTile.ADJACENT_TUNNELS: {1: 2, 2: 4, 3: 4, 4: 6, 5: 6, 6: 9},
    StructureBonusTile.ADJACENT_LAKES: {1: 2, 2: 4, 3: 4, 4: 6, 5: 6, 6: 9, 7: 9},
    StructureBonusTile.ADJACENT_ENCOUNTERS: {1: 2, 2: 4, 3: 4, 4: 6, 5: 6, 6: 9, 7: 9},
    StructureBonusTile.ON_TUNNELS: {1: 2, 2: 4, 3: 6, 4: 6},
    StructureBonusTile.IN_A_ROW: {1: 2, 2: 4, 3: 6, 4: 9},
    StructureBonusTile.ON_TUNDRA_OR_FARM: {1: 2, 2: 4, 3: 6, 4: 9},
}


@pytest.mark.rule("D5")
def test_structure_bonus_tiles():
    assert [b.tile for b in data.STRUCTURE_BONUSES] == list(StructureBonusTile)
    for b in data.STRUCTURE_BONUSES:
        printed = PT_STRUCTURE_TABLES[b.tile]
        assert len(b.coins) == 8 and b.coins[0] == 0
        last = max(printed)
        for k in range(1, 8):
            assert b.coins[k] == printed[min(k, last)], (b.tile, k)  # padding repeats the last value
        assert list(b.coins) == sorted(b.coins)
    # seed PT l.742: 2 structures adjacent to 4 lakes -> $6
    assert data.structure_bonus_coins(StructureBonusTile.ADJACENT_LAKES, 4) == 6
    assert data.structure_bonus_coins(StructureBonusTile.ADJACENT_ENCOUNTERS, 11) == 9
    assert data.structure_bonus_coins(StructureBonusTile.IN_A_ROW, 0) == 0


# ============================================================================== limits
@pytest.mark.rule("S18.1")
def test_limits():
    assert (data.MAX_POWER, data.MAX_POPULARITY, data.MAX_DIAL) == (16, 18, 7)
    assert (data.STARS_PER_PLAYER, data.WORKERS_PER_PLAYER, data.MECHS_PER_PLAYER) == (6, 8, 4)
    assert (data.STRUCTURES_PER_PLAYER, data.RECRUITS_PER_PLAYER, data.UPGRADE_CUBES) == (4, 4, 6)
    assert data.FACTORY_TERRITORY_WEIGHT == 3
    assert data.START_WORKERS_ON_MAP == 2
    assert data.MAX_COMBAT_STARS == 2 and data.OBJECTIVE_CARDS_IN_HAND == 2
    assert data.WORKERS_PER_PLAYER - data.START_WORKERS_ON_MAP == 6  # 6 on the Produce track (S1.7)
    assert len(data.PRODUCE_COST) == data.WORKERS_PER_PLAYER + 1


# ============================================================================== sources
def _rows_with_source():
    tables = (data.TERRITORIES, data.HOME_BASES, data.FACTION_MATS, data.PLAYER_MATS,
              data.RECRUIT_ONGOING_BONUSES, data.RECRUIT_ONE_TIME_BONUSES, data.UPGRADE_SLOTS,
              data.STRUCTURE_BONUSES, data.POPULARITY_BANDS)
    for table in tables:
        for row in table:
            yield row


@pytest.mark.rule("D1.2")
def test_every_row_cites_a_source():
    n = 0
    for row in _rows_with_source():
        assert dataclasses.is_dataclass(row) and dataclasses.fields(row)[-1].name == "source"
        assert isinstance(row.source, str) and row.source.strip(), row
        assert "spec" in row.source or "seed" in row.source, row
        n += 1
    assert n == 47 + 7 + 5 + 5 + 4 + 4 + 6 + 6 + 3
    for name in ("RIVERS_SOURCE", "COMBAT_CARDS_SOURCE", "PRODUCE_COST_SOURCE", "PRODUCT_SOURCE",
                 "TRADE_RESOURCES_SOURCE", "LIMITS_SOURCE"):
        assert getattr(data, name).strip(), name


@pytest.mark.rule("D1.2")
def test_tables_are_immutable():
    with pytest.raises(dataclasses.FrozenInstanceError):
        data.TERRITORIES[0].terrain = Terrain.FARM  # type: ignore[misc]
    assert isinstance(data.TERRITORIES, tuple) and isinstance(data.RIVERS, tuple)
    assert isinstance(np.asarray(data.PRODUCE_COST), np.ndarray)
