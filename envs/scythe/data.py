"""Scythe (base game) component data: typed tables, each row citing its source.

Everything here is plain Python literals transcribed once from the spec
(``shared/specs/scythe.md``, sections D1-D6) and cross-checked against the seed
rulebooks (``shared/seeds/000_...`` PT = Portuguese rulebook, ground truth;
``002_...`` ES = Spanish rules; ``003_...`` IT = Italian summary).  Nothing is parsed
at import time.  Seed references are written ``seed PT l.N`` = line N of the seed file.

The engine (``state.py``) turns these tables into numpy lookup arrays; the helpers at
the bottom (``neighbours``, ``is_river``, ``location_name``, ``adjacency_matrix`` ...)
are pure Python over these tables.

Location ids: territories 0-46 (row by row, left to right, spec D1.1), home bases
47-53 (spec D1.4).  The card decks (spec D7-D9: encounter, objective and
factory cards, with their effect notation and compiled numpy programs) are the last
section of this file.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import IntEnum
from typing import NamedTuple

import numpy as np

from meeplegym import variants

__all__ = [
    # enums
    "Terrain", "Resource", "Faction", "Mat", "TopAction", "BottomAction", "Structure",
    "RecruitBonus", "UpgradeSlot", "StructureBonusTile",
    # board
    "PRODUCT", "PRODUCT_SOURCE", "Territory", "TERRITORIES", "HomeBase", "HOME_BASES",
    "RIVERS", "RIVERS_SOURCE", "AXIAL_DIRECTIONS", "DIRECTION_NAMES",
    "N_TERRITORIES", "N_HOME_BASES", "N_LOCATIONS", "FACTORY_ID", "LAKE_IDS", "TUNNEL_IDS",
    "ENCOUNTER_IDS", "INACTIVE_BASE_IDS",
    # mats
    "FactionMat", "FACTION_MATS", "BottomSpec", "PlayerMat", "PLAYER_MATS",
    "RecruitOngoingBonus", "RECRUIT_ONGOING_BONUSES", "RECRUIT_ONGOING_BONUS",
    "RecruitOneTimeBonus", "RECRUIT_ONE_TIME_BONUSES", "RECRUIT_ONE_TIME_AMOUNT",
    "UpgradeSlotSpec", "UPGRADE_SLOTS", "UPGRADE_SLOT_BASE", "UPGRADE_SLOT_STEP",
    "UPGRADE_SLOT_UPGRADED", "TRADE_RESOURCES", "TRADE_RESOURCES_SOURCE",
    "STRUCTURE_UNDER", "ProduceCost", "PRODUCE_COST", "PRODUCE_COST_SOURCE",
    # scoring / cards
    "StructureBonus", "STRUCTURE_BONUSES", "COMBAT_CARD_COPIES", "COMBAT_CARDS_SOURCE",
    "PopularityBand", "POPULARITY_BANDS",
    # limits
    "MAX_POWER", "MAX_POPULARITY", "MAX_DIAL", "STARS_PER_PLAYER", "WORKERS_PER_PLAYER",
    "START_WORKERS_ON_MAP", "MECHS_PER_PLAYER", "STRUCTURES_PER_PLAYER", "RECRUITS_PER_PLAYER",
    "UPGRADE_CUBES", "FACTORY_TERRITORY_WEIGHT", "ENCOUNTER_TOKENS", "MAX_COMBAT_STARS",
    "OBJECTIVE_CARDS_IN_HAND", "LIMITS_SOURCE",
    # helpers
    "neighbours", "is_river", "location_name", "location_at", "axial_distance",
    "adjacency_matrix", "river_matrix", "popularity_band", "structure_bonus_coins",
]


# =============================================================================== enums
class Terrain(IntEnum):
    """Territory types (spec S0.1, D1.3; seed PT l.188-216)."""

    MOUNTAIN = 0
    FARM = 1
    VILLAGE = 2
    FOREST = 3
    TUNDRA = 4
    LAKE = 5
    FACTORY = 6


class Resource(IntEnum):
    """Resource tokens (spec S0.3; seed PT l.234-242). Workers are not resources."""

    FOOD = 0
    WOOD = 1
    METAL = 2
    OIL = 3


class Faction(IntEnum):
    """Base-game factions; the value is also the clockwise seat order (spec S1.5;
    seed PT l.326, ES l.9)."""

    NORDIC = 0
    RUSVIET = 1
    CRIMEA = 2
    SAXONY = 3
    POLANIA = 4


class Mat(IntEnum):
    """Player mats; value + 1 is the printed mat number (spec D3.1)."""

    INDUSTRIAL = 0
    ENGINEERING = 1
    PATRIOTIC = 2
    MECHANICAL = 3
    AGRICULTURAL = 4


class TopAction(IntEnum):
    """Top-row actions (spec S3-S6)."""

    MOVE = 0
    BOLSTER = 1
    TRADE = 2
    PRODUCE = 3


class BottomAction(IntEnum):
    """Bottom-row actions, in the same printed order on every mat (spec D3.1, S7-S10;
    seed PT l.480, l.600)."""

    UPGRADE = 0
    DEPLOY = 1
    BUILD = 2
    ENLIST = 3


class Structure(IntEnum):
    """Structures; the value equals the TopAction printed above its mat slot (spec
    D3.3, S9.4-S9.5; seed PT l.724-736): Mine under Move, Monument under Bolster,
    Armory under Trade, Mill under Produce."""

    MINE = 0
    MONUMENT = 1
    ARMORY = 2
    MILL = 3


class RecruitBonus(IntEnum):
    """Recruit one-time-bonus slots of the faction mat, and the kinds of recruit
    ongoing bonus (spec D2, S10.1, S11.1; seed PT l.795-800)."""

    POWER = 0
    COINS = 1
    POPULARITY = 2
    COMBAT_CARDS = 3


class UpgradeSlot(IntEnum):
    """The 6 green top-row boxes that start with a technology cube (spec D3.3)."""

    MOVE_UNITS = 0
    MOVE_COINS = 1
    BOLSTER_POWER = 2
    BOLSTER_CARDS = 3
    TRADE_POPULARITY = 4
    PRODUCE_TERRITORIES = 5


class StructureBonusTile(IntEnum):
    """The 6 structure-bonus tiles (spec D5; seed PT l.744-785)."""

    ADJACENT_TUNNELS = 0
    ADJACENT_LAKES = 1
    ADJACENT_ENCOUNTERS = 2
    ON_TUNNELS = 3
    IN_A_ROW = 4
    ON_TUNDRA_OR_FARM = 5


# ====================================================================== production
#: What one worker produces on a territory of each type (spec S6.2; seed PT l.574-584).
#: ``None`` means "no resource token": a VILLAGE produces *workers* instead (one new
#: worker per worker there, spec S6.3; seed PT l.572, l.582), while a LAKE and the
#: FACTORY produce nothing at all (seed PT l.583-584 print no product; PT l.936 "a
#: Fábrica não produz qualquer recurso").
PRODUCT: dict[Terrain, Resource | None] = {
    Terrain.MOUNTAIN: Resource.METAL,
    Terrain.FARM: Resource.FOOD,
    Terrain.VILLAGE: None,  # produces workers, not a resource
    Terrain.FOREST: Resource.WOOD,
    Terrain.TUNDRA: Resource.OIL,
    Terrain.LAKE: None,  # nothing
    Terrain.FACTORY: None,  # nothing
}
PRODUCT_SOURCE = "spec S6.2; seed PT l.574-584 (produce table), PT l.936 (Factory produces nothing)"


# =========================================================================== board
@dataclass(frozen=True)
class Territory:
    """One hex of the main map (spec D1.2).  ``col,row`` are offset coordinates
    (even rows shifted half a hex right), ``q,r`` axial coordinates
    (q = col - (row + (row & 1)) // 2, r = row; spec D1.1)."""

    id: int
    col: int
    row: int
    q: int
    r: int
    terrain: Terrain
    tunnel: bool
    encounter: bool
    name: str
    source: str


def _T(id_, col, row, q, r, terrain, tunnel, encounter, source):
    name = "Factory" if terrain is Terrain.FACTORY else f"{terrain.name.title()} {id_}"
    return Territory(id_, col, row, q, r, terrain, tunnel, encounter, name, source)


#: The 47 territories, ids 0-46 in order (spec D1.2 table == D1.6 block).  Terrain,
#: tunnel and encounter flags are [V] in the spec (five public datasets + a board
#: photograph); "ScytheMobile hex" is the hex number in revms42/ScytheMobile MapDesc.kt.
#: Seed cross-checks: 11 encounter territories (seed PT l.293), Factory in the middle
#: (PT l.936); the map itself is not printed in the seeds (it is an image).
TERRITORIES: tuple[Territory, ...] = (
    _T(0, 1, 1, 0, 1, Terrain.MOUNTAIN, False, False, 'spec D1.2/D1.6 row 0 [V]; ScytheMobile hex 8.'),
    _T(1, 2, 1, 1, 1, Terrain.FARM, False, False, 'spec D1.2/D1.6 row 1 [V]; ScytheMobile hex 9.'),
    _T(2, 3, 1, 2, 1, Terrain.VILLAGE, False, True, 'spec D1.2/D1.6 row 2 [V]; ScytheMobile hex 10.'),
    _T(3, 4, 1, 3, 1, Terrain.FOREST, False, False, 'spec D1.2/D1.6 row 3 [V]; ScytheMobile hex 11.'),
    _T(4, 5, 1, 4, 1, Terrain.TUNDRA, False, False, 'spec D1.2/D1.6 row 4 [V]; ScytheMobile hex 12.'),
    _T(5, 6, 1, 5, 1, Terrain.VILLAGE, False, False, 'spec D1.2/D1.6 row 5 [V]; ScytheMobile hex 13.'),
    _T(6, 0, 2, -1, 2, Terrain.LAKE, False, False, 'spec D1.2/D1.6 row 6 [V]; ScytheMobile hex 14.'),
    _T(7, 1, 2, 0, 2, Terrain.TUNDRA, False, True, 'spec D1.2/D1.6 row 7 [V]; ScytheMobile hex 15.'),
    _T(8, 2, 2, 1, 2, Terrain.LAKE, False, False, 'spec D1.2/D1.6 row 8 [V]; ScytheMobile hex 16.'),
    _T(9, 3, 2, 2, 2, Terrain.TUNDRA, True, False, 'spec D1.2/D1.6 row 9 [V]; ScytheMobile hex 17.'),
    _T(10, 4, 2, 3, 2, Terrain.MOUNTAIN, False, True, 'spec D1.2/D1.6 row 10 [V]; ScytheMobile hex 18.'),
    _T(11, 5, 2, 4, 2, Terrain.FARM, False, False, 'spec D1.2/D1.6 row 11 [V]; ScytheMobile hex 19.'),
    _T(12, 6, 2, 5, 2, Terrain.FARM, False, True, 'spec D1.2/D1.6 row 12 [V]; ScytheMobile hex 20.'),
    _T(13, 1, 3, -1, 3, Terrain.FOREST, False, False, 'spec D1.2/D1.6 row 13 [V]; ScytheMobile hex 21.'),
    _T(14, 2, 3, 0, 3, Terrain.MOUNTAIN, True, False, 'spec D1.2/D1.6 row 14 [V]; ScytheMobile hex 22.'),
    _T(15, 3, 3, 1, 3, Terrain.FOREST, False, False, 'spec D1.2/D1.6 row 15 [V]; ScytheMobile hex 23.'),
    _T(16, 4, 3, 2, 3, Terrain.LAKE, False, False, 'spec D1.2/D1.6 row 16 [V]; ScytheMobile hex 24.'),
    _T(17, 5, 3, 3, 3, Terrain.FOREST, True, False, 'spec D1.2/D1.6 row 17 [V]; ScytheMobile hex 25. Outlier resolved by board photo: forest (ishchenko-gv/scythe: mountain).'),
    _T(18, 6, 3, 4, 3, Terrain.VILLAGE, False, False, 'spec D1.2/D1.6 row 18 [V]; ScytheMobile hex 26.'),
    _T(19, 0, 4, -2, 4, Terrain.FARM, False, False, 'spec D1.2/D1.6 row 19 [V]; ScytheMobile hex 27.'),
    _T(20, 1, 4, -1, 4, Terrain.VILLAGE, False, True, 'spec D1.2/D1.6 row 20 [V]; ScytheMobile hex 28.'),
    _T(21, 2, 4, 0, 4, Terrain.LAKE, False, False, 'spec D1.2/D1.6 row 21 [V]; ScytheMobile hex 29.'),
    _T(22, 3, 4, 1, 4, Terrain.FACTORY, False, False, 'spec D1.2/D1.6 row 22 [V]; ScytheMobile hex 30.'),
    _T(23, 4, 4, 2, 4, Terrain.MOUNTAIN, False, False, 'spec D1.2/D1.6 row 23 [V]; ScytheMobile hex 31.'),
    _T(24, 5, 4, 3, 4, Terrain.TUNDRA, False, True, 'spec D1.2/D1.6 row 24 [V]; ScytheMobile hex 32.'),
    _T(25, 6, 4, 4, 4, Terrain.MOUNTAIN, False, False, 'spec D1.2/D1.6 row 25 [V]; ScytheMobile hex 33.'),
    _T(26, 0, 5, -3, 5, Terrain.FOREST, False, True, 'spec D1.2/D1.6 row 26 [V]; ScytheMobile hex 34.'),
    _T(27, 1, 5, -2, 5, Terrain.FOREST, False, False, 'spec D1.2/D1.6 row 27 [V]; ScytheMobile hex 35.'),
    _T(28, 2, 5, -1, 5, Terrain.FARM, True, False, 'spec D1.2/D1.6 row 28 [V]; ScytheMobile hex 36.'),
    _T(29, 3, 5, 0, 5, Terrain.TUNDRA, False, False, 'spec D1.2/D1.6 row 29 [V]; ScytheMobile hex 37.'),
    _T(30, 4, 5, 1, 5, Terrain.LAKE, False, False, 'spec D1.2/D1.6 row 30 [V]; ScytheMobile hex 38.'),
    _T(31, 5, 5, 2, 5, Terrain.VILLAGE, True, False, 'spec D1.2/D1.6 row 31 [V]; ScytheMobile hex 39.'),
    _T(32, 6, 5, 3, 5, Terrain.LAKE, False, False, 'spec D1.2/D1.6 row 32 [V]; ScytheMobile hex 40.'),
    _T(33, 0, 6, -3, 6, Terrain.MOUNTAIN, False, False, 'spec D1.2/D1.6 row 33 [V]; ScytheMobile hex 41.'),
    _T(34, 1, 6, -2, 6, Terrain.VILLAGE, False, True, 'spec D1.2/D1.6 row 34 [V]; ScytheMobile hex 42.'),
    _T(35, 2, 6, -1, 6, Terrain.VILLAGE, False, True, 'spec D1.2/D1.6 row 35 [V]; ScytheMobile hex 43.'),
    _T(36, 3, 6, 0, 6, Terrain.TUNDRA, True, False, 'spec D1.2/D1.6 row 36 [V]; ScytheMobile hex 44.'),
    _T(37, 4, 6, 1, 6, Terrain.FOREST, False, False, 'spec D1.2/D1.6 row 37 [V]; ScytheMobile hex 45. Outlier resolved by board photo: forest (ScytheMobile: village).'),
    _T(38, 5, 6, 2, 6, Terrain.MOUNTAIN, False, True, 'spec D1.2/D1.6 row 38 [V]; ScytheMobile hex 46.'),
    _T(39, 6, 6, 3, 6, Terrain.TUNDRA, False, False, 'spec D1.2/D1.6 row 39 [V]; ScytheMobile hex 47.'),
    _T(40, 1, 7, -3, 7, Terrain.TUNDRA, False, False, 'spec D1.2/D1.6 row 40 [V]; ScytheMobile hex 48.'),
    _T(41, 2, 7, -2, 7, Terrain.LAKE, False, False, 'spec D1.2/D1.6 row 41 [V]; ScytheMobile hex 49.'),
    _T(42, 3, 7, -1, 7, Terrain.FARM, False, False, 'spec D1.2/D1.6 row 42 [V]; ScytheMobile hex 50. Outlier resolved by board photo: farm (ishchenko-gv/scythe: village).'),
    _T(43, 4, 7, 0, 7, Terrain.MOUNTAIN, False, True, 'spec D1.2/D1.6 row 43 [V]; ScytheMobile hex 51.'),
    _T(44, 5, 7, 1, 7, Terrain.VILLAGE, False, False, 'spec D1.2/D1.6 row 44 [V]; ScytheMobile hex 52.'),
    _T(45, 6, 7, 2, 7, Terrain.FARM, False, False, 'spec D1.2/D1.6 row 45 [V]; ScytheMobile hex 53.'),
    _T(46, 3, 8, -1, 8, Terrain.VILLAGE, False, False, 'spec D1.2/D1.6 row 46 [V]; ScytheMobile hex 54.'),
)

N_TERRITORIES = len(TERRITORIES)  # 47


@dataclass(frozen=True)
class HomeBase:
    """A home base: a round pad outside the hex grid, NOT a territory (spec S0.1;
    seed PT l.218-224).  ``col,row,q,r`` is a *virtual* hex position chosen so that
    axial distance 1 reproduces ``touching`` (spec D1.1, D1.4).  ``start_workers`` are
    the two territories connected to the base by land, where the faction's 2 starting
    workers go (spec S1.8; seed PT l.362, ES l.17, IT l.18).  Albion and Togawa
    (expansion factions) are always inactive; their land-connected pair is listed
    anyway."""

    id: int
    name: str
    col: int
    row: int
    q: int
    r: int
    faction: Faction | None
    touching: tuple[int, ...]
    start_workers: tuple[int, ...]
    source: str


_BASE_SRC = "spec D1.4 [V]; seed PT l.362 / ES l.17 / IT l.18 (start workers on the territories connected by land)"

#: The 7 home bases, ids 47-53 (spec D1.4, D1.6).  ``touching`` is sorted by id.
HOME_BASES: tuple[HomeBase, ...] = (
    HomeBase(47, "Nordic base", 4, 0, 4, 0, Faction.NORDIC, (3, 4), (3, 4),
             _BASE_SRC + "; touches 3 forest, 4 tundra"),
    HomeBase(48, "Rusviet base", 7, 3, 5, 3, Faction.RUSVIET, (12, 18, 25), (18, 25),
             _BASE_SRC + "; also touches 12 farm across a river (D1.5 edge 12-48)"),
    HomeBase(49, "Crimea base", 2, 8, -2, 8, Faction.CRIMEA, (41, 42, 46), (42, 46),
             _BASE_SRC + "; also touches 41 lake"),
    HomeBase(50, "Saxony base", 0, 7, -4, 7, Faction.SAXONY, (33, 40), (33, 40),
             _BASE_SRC + "; touches 33 mountain, 40 tundra"),
    HomeBase(51, "Polania base", 0, 3, -2, 3, Faction.POLANIA, (6, 13, 19), (13, 19),
             _BASE_SRC + "; also touches 6 lake"),
    HomeBase(52, "Albion base", 1, 0, 1, 0, None, (0, 1), (0, 1),
             "spec D1.4 [V] (always inactive, expansion); seed PT l.224 (two bases without a faction)"),
    HomeBase(53, "Togawa base", 7, 7, 3, 7, None, (39, 45), (39, 45),
             "spec D1.4 [V] (always inactive, expansion); seed PT l.224 (two bases without a faction)"),
)

N_HOME_BASES = len(HOME_BASES)  # 7
N_LOCATIONS = N_TERRITORIES + N_HOME_BASES  # 54

#: River edges: 31 territory pairs + the Rusviet-base edge (48, 12); each pair sorted
#: (low, high).  Lakes never carry rivers (entering a lake is governed by lake abilities).
RIVERS: tuple[tuple[int, int], ...] = (
    (2, 3), (2, 9), (3, 9), (4, 5), (4, 11), (7, 13), (9, 10), (10, 11), (10, 17),
    (11, 18), (12, 18), (12, 48), (13, 14), (14, 20), (17, 18), (17, 24), (19, 26),
    (19, 27), (20, 27), (20, 28), (23, 24), (24, 31), (26, 33), (27, 33), (27, 34),
    (28, 34), (34, 35), (35, 42), (36, 42), (36, 43), (37, 43), (43, 44),
)
RIVERS_SOURCE = (
    "spec D1.5/D1.6 [V] (revms42/ScytheMobile, joeforshaw/scythe, danben/ScytheBot); "
    "NB: danben/ScytheBot board.py lacks edge 24-31, ScytheMobile has it (hex 32 SW river) "
    "and it is needed for the river-enclosed Rusviet pocket {18,24,25} of D1.3. "
    "Rivers are images in the seeds; rules: seed PT l.506-510"
)

#: Axial neighbour offsets (dq, dr) of spec D1.1, in the counter-clockwise order
#: E, NE, NW, W, SW, SE used by the "neighbours" column of spec D1.2.
AXIAL_DIRECTIONS: tuple[tuple[int, int], ...] = ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))
DIRECTION_NAMES: tuple[str, ...] = ("E", "NE", "NW", "W", "SW", "SE")

FACTORY_ID: int = next(t.id for t in TERRITORIES if t.terrain is Terrain.FACTORY)  # 22
LAKE_IDS: tuple[int, ...] = tuple(t.id for t in TERRITORIES if t.terrain is Terrain.LAKE)
TUNNEL_IDS: tuple[int, ...] = tuple(t.id for t in TERRITORIES if t.tunnel)
ENCOUNTER_IDS: tuple[int, ...] = tuple(t.id for t in TERRITORIES if t.encounter)
INACTIVE_BASE_IDS: tuple[int, ...] = tuple(b.id for b in HOME_BASES if b.faction is None)


# ===================================================================== faction mats
@dataclass(frozen=True)
class FactionMat:
    """A faction mat (spec D2).  ``mech_abilities`` are in seed order (Riverwalk,
    movement ability, combat ability, Speed; spec S13); the printed slot order is
    unknown and has no rules effect.  ``start_workers`` repeats the base's pair."""

    faction: Faction
    name: str
    base: int
    start_power: int
    start_combat_cards: int
    riverwalk: tuple[Terrain, Terrain]
    faction_ability: str
    mech_abilities: tuple[str, str, str, str]
    character: str
    start_workers: tuple[int, int]
    source: str


_FM_SRC = "spec D2 [V] (start power/cards: 4 datasets agree; values are printed images, not in the seeds)"

#: The 5 faction mats; index == Faction.
FACTION_MATS: tuple[FactionMat, ...] = (
    FactionMat(Faction.NORDIC, "Nordic Kingdom", 47, 4, 1, (Terrain.FOREST, Terrain.MOUNTAIN),
               "Swim", ("Riverwalk", "Seaworthy", "Artillery", "Speed"), "Bjorn & Mox", (3, 4),
               _FM_SRC + "; seed PT l.664 (Riverwalk forest+mountain), l.666-672, l.834 (Swim), l.1094"),
    FactionMat(Faction.RUSVIET, "Rusviet Union", 48, 3, 2, (Terrain.FARM, Terrain.VILLAGE),
               "Relentless", ("Riverwalk", "Township", "People's Army", "Speed"),
               "Olga Romanova & Changa", (18, 25),
               _FM_SRC + "; seed PT l.650 (Riverwalk farm+village), l.652-656, l.822 (Relentless), l.1098"),
    FactionMat(Faction.CRIMEA, "Crimean Khanate", 49, 5, 0, (Terrain.FARM, Terrain.TUNDRA),
               "Coercion", ("Riverwalk", "Wayfare", "Scout", "Speed"), "Zehra & Kar", (42, 46),
               _FM_SRC + "; seed PT l.678 (Riverwalk farm+tundra), l.680-684, l.828 (Coercion), l.1090"),
    FactionMat(Faction.SAXONY, "Saxony Empire", 50, 1, 4, (Terrain.FOREST, Terrain.MOUNTAIN),
               "Dominate", ("Riverwalk", "Underpass", "Disarm", "Speed"),
               "Gunter von Duisburg, Nacht & Tag", (33, 40),
               _FM_SRC + "; seed PT l.634 (Riverwalk forest+mountain), l.636-640, l.846 (Dominate), l.1086"),
    FactionMat(Faction.POLANIA, "Republic of Polania", 51, 2, 3, (Terrain.VILLAGE, Terrain.MOUNTAIN),
               "Meander", ("Riverwalk", "Submerge", "Camaraderie", "Speed"), "Anna & Wojtek", (13, 19),
               _FM_SRC + "; seed PT l.690 (Riverwalk village+mountain), l.692-696, l.840 (Meander), l.1082"),
)


# ====================================================================== player mats
@dataclass(frozen=True)
class BottomSpec:
    """One bottom-row action of a mat (spec D3.2).  ``cost`` = printed red boxes =
    starting cost; ``fixed`` = solid-bordered boxes that can never be covered =
    minimum cost; ``coins`` = coin reward; ``slots`` = bracketed boxes a cube can cover."""

    action: BottomAction
    resource: Resource
    cost: int
    fixed: int
    coins: int

    @property
    def slots(self) -> int:
        return self.cost - self.fixed


@dataclass(frozen=True)
class PlayerMat:
    """A player mat (spec D3.1-D3.2).  Section k (0-based) pairs top action
    ``top_order[k]`` with bottom action ``BottomAction(k)``."""

    mat: Mat
    name: str
    number: int
    start_popularity: int
    start_coins: int
    objective_cards: int
    top_order: tuple[TopAction, TopAction, TopAction, TopAction]
    bottom: tuple[BottomSpec, BottomSpec, BottomSpec, BottomSpec]
    source: str

    def section_of(self, top: TopAction) -> int:
        """Section index (0-3) whose top row is ``top``."""
        return self.top_order.index(top)


def _bottom(upgrade, deploy, build, enlist):
    """(cost, fixed, coins) per bottom action -> BottomSpec tuple; resources per
    spec S7-S10 (seed PT l.612 oil, l.622 metal, l.704 wood, l.791 food)."""
    res = (Resource.OIL, Resource.METAL, Resource.WOOD, Resource.FOOD)
    return tuple(
        BottomSpec(BottomAction(k), res[k], *spec) for k, spec in enumerate((upgrade, deploy, build, enlist))
    )


_PM_SRC = (
    "spec D3.1/D3.2/D3.6 [V] (mat photograph + joeforshaw/scythe, danben/ScytheBot, eranhirsch/tableset); "
    "seeds: 2 objective cards (PT l.970), bottom order Upgrade/Deploy/Build/Enlist (PT l.480, l.600), "
    "higher numbers start richer (PT l.398); per-mat numbers are printed images, not in the seeds"
)

M, B, T, P = TopAction.MOVE, TopAction.BOLSTER, TopAction.TRADE, TopAction.PRODUCE
#: The 5 player mats; index == Mat.  Bottom tuples are (cost, fixed, coins).
PLAYER_MATS: tuple[PlayerMat, ...] = (
    PlayerMat(Mat.INDUSTRIAL, "Industrial", 1, 2, 4, 2, (B, P, M, T),
              _bottom((3, 2, 3), (3, 1, 2), (3, 2, 1), (4, 2, 0)),
              _PM_SRC + "; top order also seed PT l.474 (Fortificar, Produzir, Mover, Negociar)"),
    PlayerMat(Mat.ENGINEERING, "Engineering", 2, 2, 5, 2, (P, T, B, M),
              _bottom((3, 2, 2), (4, 2, 0), (3, 1, 3), (3, 2, 1)), _PM_SRC),
    PlayerMat(Mat.PATRIOTIC, "Patriotic", 3, 2, 6, 2, (M, B, T, P),
              _bottom((2, 2, 1), (4, 1, 3), (4, 2, 0), (3, 2, 2)), _PM_SRC),
    PlayerMat(Mat.MECHANICAL, "Mechanical", 4, 3, 6, 2, (T, B, M, P),
              _bottom((3, 2, 0), (3, 1, 2), (3, 2, 2), (4, 2, 2)), _PM_SRC),
    PlayerMat(Mat.AGRICULTURAL, "Agricultural", 5, 4, 7, 2, (M, T, P, B),
              _bottom((2, 2, 1), (4, 2, 0), (4, 2, 2), (3, 1, 3)), _PM_SRC),
)
del M, B, T, P


# ================================================================ recruit bonuses
@dataclass(frozen=True)
class RecruitOngoingBonus:
    """Recruit ongoing bonus of one bottom-row section, identical on all 5 mats
    (spec S11.1, D3.5)."""

    action: BottomAction
    kind: RecruitBonus
    amount: int
    source: str


_ROB_SRC = "spec S11.1/D3.5 [V, mat images]"
#: Index == BottomAction.
RECRUIT_ONGOING_BONUSES: tuple[RecruitOngoingBonus, ...] = (
    RecruitOngoingBonus(BottomAction.UPGRADE, RecruitBonus.POWER, 1, _ROB_SRC),
    RecruitOngoingBonus(BottomAction.DEPLOY, RecruitBonus.COINS, 1, _ROB_SRC),
    RecruitOngoingBonus(BottomAction.BUILD, RecruitBonus.POPULARITY, 1,
                        _ROB_SRC + "; seed PT l.814 (Build -> +1 popularity example)"),
    RecruitOngoingBonus(BottomAction.ENLIST, RecruitBonus.COMBAT_CARDS, 1, _ROB_SRC),
)
_KIND_WORD = {RecruitBonus.POWER: "power", RecruitBonus.COINS: "coin",
              RecruitBonus.POPULARITY: "popularity", RecruitBonus.COMBAT_CARDS: "combat card"}


def _recruit_bonus_words(bonuses) -> dict[BottomAction, str]:
    return {b.action: (f"+${b.amount}" if b.kind is RecruitBonus.COINS else f"+{b.amount} {_KIND_WORD[b.kind]}")
            for b in bonuses}


#: Readable form, e.g. {BottomAction.UPGRADE: "+1 power", BottomAction.DEPLOY: "+$1", ...}.
RECRUIT_ONGOING_BONUS: dict[BottomAction, str] = _recruit_bonus_words(RECRUIT_ONGOING_BONUSES)

#: Each one-time recruit slot gives 2 of its kind (spec S10.1, D2; seed PT l.795-800,
#: ES l.155-159, IT l.118).
RECRUIT_ONE_TIME_AMOUNT = 2


@dataclass(frozen=True)
class RecruitOneTimeBonus:
    """One of the 4 one-time-bonus slots on every faction mat (spec D2, S10.1)."""

    slot: RecruitBonus
    amount: int
    source: str


_R1_SRC = "spec D2/S10.1; seed PT l.795-800, ES l.155-159, IT l.118"
#: Index == RecruitBonus.
RECRUIT_ONE_TIME_BONUSES: tuple[RecruitOneTimeBonus, ...] = tuple(
    RecruitOneTimeBonus(k, RECRUIT_ONE_TIME_AMOUNT, _R1_SRC) for k in RecruitBonus
)


# ================================================================== top-row values
@dataclass(frozen=True)
class UpgradeSlotSpec:
    """A top-row box that starts under a technology cube (spec D3.3): the option's
    value before (``base``) and after (``upgraded``) its cube is moved away."""

    slot: UpgradeSlot
    top: TopAction
    what: str
    base: int
    upgraded: int
    source: str


#: Index == UpgradeSlot.  Identical on all five mats (spec D3.3).  Cube start boxes per
#: top action: Move 2, Bolster 2, Trade 1, Produce 1 (= 6 cubes, seed PT l.372).
UPGRADE_SLOTS: tuple[UpgradeSlotSpec, ...] = (
    UpgradeSlotSpec(UpgradeSlot.MOVE_UNITS, TopAction.MOVE, "units moved", 2, 3,
                    "spec D3.3, S3.2; seed PT l.494 (move up to 2 units)"),
    UpgradeSlotSpec(UpgradeSlot.MOVE_COINS, TopAction.MOVE, "coins gained", 1, 2,
                    "spec D3.3, S3.1; seed PT l.496 (gain $1)"),
    UpgradeSlotSpec(UpgradeSlot.BOLSTER_POWER, TopAction.BOLSTER, "power gained", 2, 3,
                    "spec D3.3, S4.1; seed PT l.548 (+2 power)"),
    UpgradeSlotSpec(UpgradeSlot.BOLSTER_CARDS, TopAction.BOLSTER, "combat cards drawn", 1, 2,
                    "spec D3.3, S4.1; seed PT l.550 (draw 1 combat card)"),
    UpgradeSlotSpec(UpgradeSlot.TRADE_POPULARITY, TopAction.TRADE, "popularity gained", 1, 2,
                    "spec D3.3, S5.1; seed PT l.560 (+1 popularity)"),
    UpgradeSlotSpec(UpgradeSlot.PRODUCE_TERRITORIES, TopAction.PRODUCE, "territories produced on", 2, 3,
                    "spec D3.3, S6.2; seed PT l.570 (up to 2 territories), PT l.616 (upgraded: 3)"),
)
#: Value of each slot's option before its cube is moved.
UPGRADE_SLOT_BASE: dict[UpgradeSlot, int] = {s.slot: s.base for s in UPGRADE_SLOTS}
#: Increment gained when the slot's cube is moved away (always +1: one cube per slot).
#: NB: a *step*, not the upgraded value; the upgraded value is UPGRADE_SLOT_UPGRADED.
UPGRADE_SLOT_STEP: dict[UpgradeSlot, int] = {s.slot: s.upgraded - s.base for s in UPGRADE_SLOTS}
#: Value of each slot's option after its cube is moved.
UPGRADE_SLOT_UPGRADED: dict[UpgradeSlot, int] = {s.slot: s.upgraded for s in UPGRADE_SLOTS}

#: Trade's resource option gives 2 tokens; it is never upgraded (spec S5.1, D3.3;
#: seed PT l.558).
TRADE_RESOURCES = 2
TRADE_RESOURCES_SOURCE = "spec S5.1/D3.3; seed PT l.558 (Ganhe quaisquer 2 recursos)"

#: Structure whose mat slot sits under each top action (spec D3.3; seed PT l.724-736).
STRUCTURE_UNDER: dict[TopAction, Structure] = {TopAction(s): s for s in Structure}


class ProduceCost(NamedTuple):
    """Cost of the Produce action (spec S6.1, D3.4)."""

    power: int
    popularity: int
    coins: int


#: Produce cost indexed by W = workers no longer on the mat (map + home base), 0..8.
#: W = 0 and 1 cannot occur (2 workers start on the map and never return, S1.8/S6.5);
#: they are listed as free so the table is total.
PRODUCE_COST: tuple[ProduceCost, ...] = (
    ProduceCost(0, 0, 0),  # W=0 (unreachable)
    ProduceCost(0, 0, 0),  # W=1 (unreachable)
    ProduceCost(0, 0, 0),  # W=2
    ProduceCost(0, 0, 0),  # W=3
    ProduceCost(1, 0, 0),  # W=4
    ProduceCost(1, 0, 0),  # W=5
    ProduceCost(1, 1, 0),  # W=6
    ProduceCost(1, 1, 0),  # W=7
    ProduceCost(1, 1, 1),  # W=8
)
PRODUCE_COST_SOURCE = (
    "spec D3.4/S6.1 [V] (mat photograph; danben/ScytheBot produce.py); seed PT l.570, l.590 "
    "(cost = red boxes exposed before the action; must be paid in full) - amounts are images, not in the seeds"
)


# ========================================================== structure-bonus tiles
@dataclass(frozen=True)
class StructureBonus:
    """A structure-bonus tile (spec D5).  ``coins[k]`` = coins for a count of k,
    k = 0..7.  Counts above the last printed one are padded by repeating the last
    printed value (e.g. ON_TUNNELS prints up to "3-4: $6", so counts 5-7 repeat $6;
    such counts cannot physically occur, the padding only keeps the table total).
    Use :func:`structure_bonus_coins` to clamp counts above 7."""

    tile: StructureBonusTile
    name: str
    counted: str
    coins: tuple[int, ...]
    source: str


#: Index == StructureBonusTile.  PT prints each table just before its caption
#: (seed PT l.744-785); the assignment matches the physical maxima (6 tunnels,
#: 7 lakes, 4 structures) and the PT l.742 example (4 adjacent lakes -> $6).
STRUCTURE_BONUSES: tuple[StructureBonus, ...] = (
    StructureBonus(StructureBonusTile.ADJACENT_TUNNELS, "Adjacent tunnels",
                   "distinct tunnel territories adjacent to at least one of your structures "
                   "(a Mine is not a tunnel; rivers do not break adjacency; own hex never counts)",
                   (0, 2, 4, 4, 6, 6, 9, 9),  # printed 1:2, 2-3:4, 4-5:6, 6:9; count 7 padded
                   "spec D5 B1 [V]; seed PT l.746-751"),
    StructureBonus(StructureBonusTile.ADJACENT_LAKES, "Adjacent lakes",
                   "distinct lakes adjacent to at least one of your structures",
                   (0, 2, 4, 4, 6, 6, 9, 9),  # printed 1:2, 2-3:4, 4-5:6, 6-7:9
                   "spec D5 B2 [V]; seed PT l.753-758, example PT l.742"),
    StructureBonus(StructureBonusTile.ADJACENT_ENCOUNTERS, "Adjacent encounters",
                   "distinct encounter-symbol territories adjacent to at least one of your structures "
                   "(token may be gone; rivers do not break adjacency)",
                   (0, 2, 4, 4, 6, 6, 9, 9),  # printed 1:2, 2-3:4, 4-5:6, 6-7:9
                   "spec D5 B3 [V]; seed PT l.760-765"),
    StructureBonus(StructureBonusTile.ON_TUNNELS, "Structures on tunnels",
                   "your structures standing on tunnel territories (a Mine is not a tunnel)",
                   (0, 2, 4, 6, 6, 6, 6, 6),  # printed 1:2, 2:4, 3-4:6; counts 5-7 padded
                   "spec D5 B4 [V]; seed PT l.767-771"),
    StructureBonus(StructureBonusTile.IN_A_ROW, "Structures in a row",
                   "length of your longest straight line of structures on consecutive adjacent hexes "
                   "along one axial direction (rivers do not break adjacency)",
                   (0, 2, 4, 6, 9, 9, 9, 9),  # printed 1:2, 2:4, 3:6, 4:9; counts 5-7 padded
                   "spec D5 B5 [V]; seed PT l.773-778"),
    StructureBonus(StructureBonusTile.ON_TUNDRA_OR_FARM, "Structures on tundra or farm",
                   "your structures standing on tundra or farm territories",
                   (0, 2, 4, 6, 9, 9, 9, 9),  # printed 1:2, 2:4, 3:6, 4:9; counts 5-7 padded
                   "spec D5 B6 [V]; seed PT l.780-785"),
)


# ============================================================== combat cards, scoring
#: Combat deck: value -> copies, 42 cards (spec D6).
COMBAT_CARD_COPIES: dict[int, int] = {2: 16, 3: 12, 4: 8, 5: 6}
COMBAT_CARDS_SOURCE = "spec D6 [V]; seed PT l.74 (42 cards), PT l.868-872, ES l.175-180"


@dataclass(frozen=True)
class PopularityBand:
    """End-game coin rates for final popularity in [low, high] (spec D4, S19.3)."""

    low: int
    high: int
    per_star: int
    per_territory: int
    per_two_resources: int
    source: str


POPULARITY_BANDS: tuple[PopularityBand, ...] = (
    PopularityBand(0, 6, 3, 2, 1, "spec D4 [V: board photograph]; rates are printed on the board, not in the seeds"),
    PopularityBand(7, 12, 4, 3, 2, "spec D4 [V]; seed PT l.1034 (popularity 10: $4/star, $3/territory, "
                                   "$2 per 2 resources), ES l.262 (13 resources at popularity 10 -> $12)"),
    PopularityBand(13, 18, 5, 4, 3, "spec D4 [V: board photograph]; seed PT l.1034 (popularity 18 scores as 13-17)"),
)


# ========================================================================== limits
MAX_POWER = 16  # power track 0..16 (spec S0.4, D4; seed PT l.862, l.1000)
MAX_POPULARITY = 18  # popularity track 0..18 (spec S0.4, D4; seed PT l.999)
MAX_DIAL = 7  # combat dial 0..7 (spec S14.3; seed PT l.862)
STARS_PER_PLAYER = 6  # (spec S18.3; seed PT l.156, l.406)
WORKERS_PER_PLAYER = 8  # (spec D2; seed PT l.176)
START_WORKERS_ON_MAP = 2  # (spec S1.8; seed PT l.362)
MECHS_PER_PLAYER = 4  # (spec D2; seed PT l.168)
STRUCTURES_PER_PLAYER = 4  # (spec D2; seed PT l.160)
RECRUITS_PER_PLAYER = 4  # (spec D2; seed PT l.164)
UPGRADE_CUBES = 6  # (spec S1.7, S7.3; seed PT l.180, l.372)
FACTORY_TERRITORY_WEIGHT = 3  # the Factory scores as 3 territories (spec S16.6; seed PT l.936, l.1052)
ENCOUNTER_TOKENS = len(ENCOUNTER_IDS)  # 11 (spec S1.1; seed PT l.293)
MAX_COMBAT_STARS = 2  # except Saxony (spec S14.7; seed PT l.890)
OBJECTIVE_CARDS_IN_HAND = 2  # (spec S17.1; seed PT l.970)
LIMITS_SOURCE = "spec S0.4, S1, S18, D2, D4; seed PT l.74-180 (components), l.862, l.990-1000"


# ======================================================================== variants
def _bottom_costs_fit(mat: PlayerMat) -> str | None:
    for b in mat.bottom:
        if b.cost < b.fixed:
            return (f"bottom.{b.action.name.lower()}.cost {b.cost} is below its {b.fixed} boxes no upgrade "
                    "can cover")
    return None


#: What a variant file may change (meeplegym.variants), by component name.
VARIANT_TABLES: dict[str, variants.VariantTable] = {
    "faction_mats": variants.VariantTable(
        FACTION_MATS, lambda m: m.faction.name.lower(),
        {"start_power": (0, MAX_POWER), "start_combat_cards": (0, 10)}),
    "player_mats": variants.VariantTable(
        PLAYER_MATS, lambda m: m.name.lower(),
        {"start_popularity": (0, MAX_POPULARITY), "start_coins": (0, 100),
         **{f"bottom.{b.name.lower()}.{number}": (0, 9) for b in BottomAction for number in ("cost", "coins")}},
        parts={"bottom": tuple(b.name.lower() for b in BottomAction)}, check=_bottom_costs_fit),
    "structure_bonuses": variants.VariantTable(
        STRUCTURE_BONUSES, lambda t: t.tile.name.lower(), {"coins": (0, 30)}),
    "popularity_bands": variants.VariantTable(
        POPULARITY_BANDS, lambda b: f"{b.low}-{b.high}", {"per_star": (0, 20), "per_territory": (0, 20),
                                                         "per_two_resources": (0, 20)}),
    "recruit_bonuses": variants.VariantTable(
        RECRUIT_ONGOING_BONUSES, lambda b: b.action.name.lower(), {"amount": (0, 5)}),
}
_VARIED = variants.applied("scythe", VARIANT_TABLES)
FACTION_MATS, PLAYER_MATS = _VARIED["faction_mats"], _VARIED["player_mats"]
STRUCTURE_BONUSES, POPULARITY_BANDS = _VARIED["structure_bonuses"], _VARIED["popularity_bands"]
RECRUIT_ONGOING_BONUSES = _VARIED["recruit_bonuses"]
RECRUIT_ONGOING_BONUS = _recruit_bonus_words(RECRUIT_ONGOING_BONUSES)


# ========================================================================= helpers
_LOCATION_AT: dict[tuple[int, int], int] = {(t.q, t.r): t.id for t in TERRITORIES}
_BASE_BY_ID: dict[int, HomeBase] = {b.id: b for b in HOME_BASES}
_RIVER_SET: frozenset[frozenset[int]] = frozenset(frozenset(p) for p in RIVERS)


def _build_neighbours() -> tuple[tuple[int, ...], ...]:
    touching_bases: dict[int, list[int]] = {t.id: [] for t in TERRITORIES}
    for b in HOME_BASES:
        for t in b.touching:
            touching_bases[t].append(b.id)
    base_at = {(b.q, b.r): b.id for b in HOME_BASES}
    out: list[tuple[int, ...]] = []
    for t in TERRITORIES:
        nb: list[int] = []
        for dq, dr in AXIAL_DIRECTIONS:
            pos = (t.q + dq, t.r + dr)
            if pos in _LOCATION_AT:
                nb.append(_LOCATION_AT[pos])
            elif pos in base_at and base_at[pos] in touching_bases[t.id]:
                nb.append(base_at[pos])
        # a base touching t from a non-axial position (none on the base map) still counts
        nb.extend(b for b in touching_bases[t.id] if b not in nb)
        out.append(tuple(nb))
    for b in HOME_BASES:
        out.append(tuple(b.touching))
    return tuple(out)


_NEIGHBOURS: tuple[tuple[int, ...], ...] = _build_neighbours()


def neighbours(loc_id: int) -> tuple[int, ...]:
    """Locations sharing an edge with ``loc_id`` (0-53): territories at axial distance
    1, plus home-base touching relations both ways (spec S0.8, D1.2, D1.4).  Bases are
    never neighbours of each other.  Territories list their neighbours in the
    direction order E, NE, NW, W, SW, SE (spec D1.2); a base lists ``touching``.
    Rivers and lakes do NOT remove neighbours (they restrict movement only)."""
    return _NEIGHBOURS[loc_id]


def is_river(a: int, b: int) -> bool:
    """True iff the edge between locations ``a`` and ``b`` is a river (spec D1.5)."""
    return frozenset((a, b)) in _RIVER_SET


def location_name(loc_id: int) -> str:
    """Readable unique name: "Farm 12", "Factory", "Rusviet base" ..."""
    if 0 <= loc_id < N_TERRITORIES:
        return TERRITORIES[loc_id].name
    if loc_id in _BASE_BY_ID:
        return _BASE_BY_ID[loc_id].name
    raise ValueError(f"no location with id {loc_id} (territories 0-{N_TERRITORIES - 1}, "
                     f"home bases {N_TERRITORIES}-{N_LOCATIONS - 1})")


def location_at(q: int, r: int) -> int | None:
    """Territory id at axial (q, r), or None (home bases are not on the grid)."""
    return _LOCATION_AT.get((q, r))


def axial_distance(a: int, b: int) -> int:
    """Hex distance between two territories (or virtual base positions)."""
    pa = TERRITORIES[a] if a < N_TERRITORIES else _BASE_BY_ID[a]
    pb = TERRITORIES[b] if b < N_TERRITORIES else _BASE_BY_ID[b]
    dq, dr = pa.q - pb.q, pa.r - pb.r
    return (abs(dq) + abs(dr) + abs(dq + dr)) // 2


def adjacency_matrix() -> np.ndarray:
    """(54, 54) bool matrix of :func:`neighbours` (symmetric, no rivers removed)."""
    m = np.zeros((N_LOCATIONS, N_LOCATIONS), dtype=bool)
    for a in range(N_LOCATIONS):
        for b in _NEIGHBOURS[a]:
            m[a, b] = True
    return m


def river_matrix() -> np.ndarray:
    """(54, 54) bool matrix, True on river edges (symmetric)."""
    m = np.zeros((N_LOCATIONS, N_LOCATIONS), dtype=bool)
    for a, b in RIVERS:
        m[a, b] = m[b, a] = True
    return m


def popularity_band(popularity: int) -> PopularityBand:
    """The scoring band for a popularity value 0..18 (spec D4)."""
    for band in POPULARITY_BANDS:
        if band.low <= popularity <= band.high:
            return band
    raise ValueError(f"popularity {popularity} outside 0..{MAX_POPULARITY}")


def structure_bonus_coins(tile: StructureBonusTile, count: int) -> int:
    """Coins a tile pays for ``count`` (counts above 7 use the last entry)."""
    coins = STRUCTURE_BONUSES[tile].coins
    return coins[min(max(count, 0), len(coins) - 1)]


# =============================================================================
# ============================================= card decks (spec D7, D8, D9)
# =============================================================================
# Card text and art never go into this repository: card numbers, names and values are
# facts; every effect is restated as a *data program* in our own notation (``Effect``,
# ``Choice``, ``Cost`` below) and every objective as a typed condition id with numeric
# thresholds and a short paraphrase of our own.  The compiled numpy forms
# (``ENCOUNTER_PROGRAM``, ``FACTORY_PROGRAM``, ``OBJECTIVE_PARAMS`` ...) are what the numba
# engine indexes; this module itself never imports numba.
#
# Card numbering: card number N (as printed, 1-based) sits at index N - 1 of every table
# and array.  Seeds: PT l.82 (23 objective cards), l.90 (28 encounter cards), l.100 (12
# factory cards); the seeds print no card faces except the factory-card example of PT
# l.962 (factory card #2, see FACTORY_CARDS).

class Op(IntEnum):
    """Atomic effects of an encounter option or a factory card's top action (spec D7
    notation, D9).  A step is ``(op, amount, operand)``; ``operand`` is ``NO_OPERAND``
    except for RESOURCE (the ``Resource``) and CHOOSE (the block width, see
    :func:`compile_effects`).  Granted actions are free (spec S15.4, S16.5)."""

    NOP = 0  # padding / empty slot of a CHOOSE block
    COINS = 1  # gain ``amount`` coins
    POPULARITY = 2  # gain ``amount`` popularity
    POWER = 3  # gain ``amount`` power
    COMBAT_CARDS = 4  # draw ``amount`` combat cards
    RESOURCE = 5  # gain ``amount`` tokens of resource ``operand``
    ANY_RESOURCES = 6  # gain ``amount`` tokens, types chosen by the player
    WORKER = 7  # move ``amount`` workers from the mat's Produce track (leftmost first) to the map
    BUILD = 8  # build ``amount`` structures
    DEPLOY = 9  # deploy ``amount`` mechs
    ENLIST = 10  # enlist ``amount`` recruits
    UPGRADE = 11  # perform ``amount`` upgrades
    PRODUCE = 12  # produce on up to ``amount`` territories you control (factory card #1)
    CHOOSE = 13  # pick one of ``amount`` alternatives, each ``operand`` steps wide


class CostKind(IntEnum):
    """What a card cost is paid with (spec D7, D9).  NONE marks a free option."""

    NONE = 0
    COINS = 1
    POPULARITY = 2
    POWER = 3
    COMBAT_CARD = 4  # discard combat cards (any values)


#: Column indices of a compiled program step and of a compiled cost part.
STEP_OP, STEP_AMOUNT, STEP_OPERAND = 0, 1, 2
COST_KIND, COST_AMOUNT = 0, 1
NO_OPERAND = -1
#: Steps per compiled program (encounter options and factory top actions alike).
MAX_EFFECT_STEPS = 4
#: Cost parts per factory top action (card #1 costs coins *and* a combat card).
MAX_COST_PARTS = 2

#: Ops whose result is a thing gained (rendered as nouns after "gain").
_GAIN_OPS = frozenset({Op.COINS, Op.POPULARITY, Op.POWER, Op.COMBAT_CARDS, Op.RESOURCE,
                       Op.ANY_RESOURCES, Op.WORKER})


@dataclass(frozen=True)
class Effect:
    """One atomic effect: ``op`` applied ``amount`` times; ``resource`` only for
    ``Op.RESOURCE``."""

    op: Op
    amount: int = 1
    resource: Resource | None = None

    def __post_init__(self):
        if self.op in (Op.NOP, Op.CHOOSE):
            raise ValueError(f"{self.op.name} is structural, not an effect")
        if self.amount < 1:
            raise ValueError(f"amount must be >= 1, got {self.amount}")
        if (self.resource is None) == (self.op is Op.RESOURCE):
            raise ValueError("a resource is required for Op.RESOURCE and only for it")


@dataclass(frozen=True)
class Choice:
    """"Do exactly one of these": each alternative is a tuple of Effects (no nesting)."""

    options: tuple[tuple[Effect, ...], ...]

    def __post_init__(self):
        if len(self.options) < 2 or any(not alt for alt in self.options):
            raise ValueError("a Choice needs >= 2 non-empty alternatives")
        if any(not isinstance(e, Effect) for alt in self.options for e in alt):
            raise ValueError("Choice alternatives hold Effects only")


@dataclass(frozen=True)
class Cost:
    """A cost that must be paid in full before the effects (spec S0.4, S15.2)."""

    kind: CostKind
    amount: int

    def __post_init__(self):
        if self.kind is CostKind.NONE or self.amount < 1:
            raise ValueError("a Cost has a real kind and amount >= 1 (use None for free)")


#: A program: Effects and Choices, run in order.
Program = tuple[Effect | Choice, ...]


def _step(e: Effect) -> tuple[int, int, int]:
    return int(e.op), e.amount, (int(e.resource) if e.resource is not None else NO_OPERAND)


def compile_effects(effects: Program, max_steps: int = MAX_EFFECT_STEPS) -> np.ndarray:
    """Compile a program to a ``(max_steps, 3)`` int8 array of ``(op, amount, operand)``.

    Encoding (flat, no nesting; a numba interpreter walks it with one index ``i``):

    * an ``Effect`` is one step; ``operand`` = ``int(Resource)`` for ``Op.RESOURCE``,
      else ``NO_OPERAND`` (-1);
    * a ``Choice`` with ``n`` alternatives, the longest ``w`` steps long, becomes a
      header step ``(CHOOSE, n, w)`` followed by ``n`` blocks of exactly ``w`` steps
      (alternative ``k`` occupies steps ``i+1+k*w .. i+(k+1)*w``, short ones padded with
      NOP).  The interpreter asks the player for ``k``, runs that block, then continues
      at ``i + 1 + n*w`` (so effects after a Choice apply whichever alternative was
      taken);
    * unused trailing steps are ``(NOP, 0, -1)``.  NOP steps are always skipped.

    E.g. factory card #2 "Enlist OR Upgrade" compiles to
    ``[(CHOOSE, 2, 1), (ENLIST, 1, -1), (UPGRADE, 1, -1), (NOP, 0, -1)]``.
    """
    rows: list[tuple[int, int, int]] = []
    for item in effects:
        if isinstance(item, Choice):
            width = max(len(alt) for alt in item.options)
            rows.append((int(Op.CHOOSE), len(item.options), width))
            for alt in item.options:
                rows.extend(_step(e) for e in alt)
                rows.extend([(int(Op.NOP), 0, NO_OPERAND)] * (width - len(alt)))
        elif isinstance(item, Effect):
            rows.append(_step(item))
        else:
            raise TypeError(f"not an Effect or Choice: {item!r}")
    if len(rows) > max_steps:
        raise ValueError(f"program needs {len(rows)} steps, max_steps={max_steps}")
    out = np.zeros((max_steps, 3), dtype=np.int8)
    out[:, STEP_OPERAND] = NO_OPERAND
    for k, row in enumerate(rows):
        out[k] = row
    return out


def _effect_from_step(op: int, amount: int, operand: int) -> Effect:
    op = Op(op)
    return Effect(op, amount, Resource(operand) if op is Op.RESOURCE else None)


def decompile_effects(program: np.ndarray) -> Program:
    """Inverse of :func:`compile_effects` (NOP padding dropped)."""
    program = np.asarray(program)
    out: list[Effect | Choice] = []
    i, n = 0, len(program)
    while i < n:
        op, amount, operand = (int(v) for v in program[i])
        if op == Op.NOP:
            i += 1
        elif op == Op.CHOOSE:
            alts = []
            for k in range(amount):
                block = program[i + 1 + k * operand: i + 1 + (k + 1) * operand]
                alts.append(tuple(_effect_from_step(*map(int, s)) for s in block if s[STEP_OP] != Op.NOP))
            out.append(Choice(tuple(alts)))
            i += 1 + amount * operand
        else:
            out.append(_effect_from_step(op, amount, operand))
            i += 1
    return tuple(out)


def compile_costs(costs: "Cost | tuple[Cost, ...] | None", max_parts: int = MAX_COST_PARTS) -> np.ndarray:
    """Compile a cost (None = free, one Cost, or a tuple of Costs all to be paid) to a
    ``(max_parts, 2)`` int8 array of ``(kind, amount)``, padded with ``(NONE, 0)``."""
    parts = () if costs is None else (costs,) if isinstance(costs, Cost) else tuple(costs)
    if len(parts) > max_parts:
        raise ValueError(f"{len(parts)} cost parts, max_parts={max_parts}")
    out = np.zeros((max_parts, 2), dtype=np.int8)
    for k, c in enumerate(parts):
        out[k] = (int(c.kind), c.amount)
    return out


def decompile_costs(costs: np.ndarray) -> tuple[Cost, ...]:
    """Inverse of :func:`compile_costs`; accepts one ``(2,)`` part or ``(k, 2)`` parts."""
    arr = np.asarray(costs).reshape(-1, 2)
    return tuple(Cost(CostKind(int(k)), int(a)) for k, a in arr if k != CostKind.NONE)


def _plural(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def _noun(e: Effect) -> str:
    if e.op is Op.COINS:
        return f"${e.amount}"
    if e.op is Op.POPULARITY:
        return f"{e.amount} popularity"
    if e.op is Op.POWER:
        return f"{e.amount} power"
    if e.op is Op.COMBAT_CARDS:
        return _plural(e.amount, "combat card")
    if e.op is Op.RESOURCE:
        return f"{e.amount} {e.resource.name.lower()}"
    if e.op is Op.ANY_RESOURCES:
        return f"{_plural(e.amount, 'resource')} of your choice"
    if e.op is Op.WORKER:
        return _plural(e.amount, "worker")
    raise ValueError(e)


def _verb(e: Effect) -> str:
    n = e.amount
    if e.op is Op.BUILD:
        return "build a structure" if n == 1 else f"build {n} structures"
    if e.op is Op.DEPLOY:
        return "deploy a mech" if n == 1 else f"deploy {n} mechs"
    if e.op is Op.ENLIST:
        return "enlist a recruit" if n == 1 else f"enlist {n} recruits"
    if e.op is Op.UPGRADE:
        return "upgrade once" if n == 1 else f"upgrade {n} times"
    if e.op is Op.PRODUCE:
        return "produce on up to 1 territory" if n == 1 else f"produce on up to {n} territories"
    raise ValueError(e)


def _and(words: list[str]) -> str:
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]


def _describe_seq(effects) -> str:
    clauses: list[str] = []
    nouns: list[str] = []
    for item in effects:
        if isinstance(item, Effect) and item.op in _GAIN_OPS:
            nouns.append(_noun(item))
            continue
        if nouns:
            clauses.append("gain " + _and(nouns))
            nouns = []
        if isinstance(item, Choice):
            clauses.append(" or ".join(_describe_seq(alt) for alt in item.options))
        else:
            clauses.append(_verb(item))
    if nouns:
        clauses.append("gain " + _and(nouns))
    return ", then ".join(clauses) if clauses else "nothing"


def _cost_noun(c: Cost) -> str:
    if c.kind is CostKind.COINS:
        return f"${c.amount}"
    if c.kind is CostKind.POPULARITY:
        return f"{c.amount} popularity"
    if c.kind is CostKind.POWER:
        return f"{c.amount} power"
    return _plural(c.amount, "combat card")


def describe_effects(effects, cost=None) -> str:
    """Short English rendering of a program, in our own words, for ``action_to_str``:
    ``describe_effects((Effect(Op.RESOURCE, 4, Resource.FOOD),), Cost(CostKind.COINS, 2))``
    -> ``"pay $2: gain 4 food"``.  ``effects`` is a tuple of Effect/Choice or a compiled
    ``(steps, 3)`` array; ``cost`` is None, a Cost, a tuple of Costs or a compiled
    ``(2,)`` / ``(k, 2)`` array.  Free options get no "pay" prefix."""
    if isinstance(effects, np.ndarray):
        effects = decompile_effects(effects)
    if cost is None:
        parts: tuple[Cost, ...] = ()
    elif isinstance(cost, np.ndarray):
        parts = decompile_costs(cost)
    elif isinstance(cost, Cost):
        parts = (cost,)
    else:
        parts = tuple(cost)
    body = _describe_seq(effects)
    return f"pay {_and([_cost_noun(c) for c in parts])}: {body}" if parts else body


# ------------------------------------------------------------------ program shorthands
def _coins(n): return Effect(Op.COINS, n)
def _pop(n): return Effect(Op.POPULARITY, n)
def _power(n): return Effect(Op.POWER, n)
def _cards(n): return Effect(Op.COMBAT_CARDS, n)
def _food(n): return Effect(Op.RESOURCE, n, Resource.FOOD)
def _wood(n): return Effect(Op.RESOURCE, n, Resource.WOOD)
def _metal(n): return Effect(Op.RESOURCE, n, Resource.METAL)
def _oil(n): return Effect(Op.RESOURCE, n, Resource.OIL)
def _any(n): return Effect(Op.ANY_RESOURCES, n)


_WORKER = Effect(Op.WORKER, 1)
_BUILD = Effect(Op.BUILD, 1)
_DEPLOY = Effect(Op.DEPLOY, 1)
_ENLIST = Effect(Op.ENLIST, 1)
_UPGRADE = Effect(Op.UPGRADE, 1)


# ===================================================================== encounter cards
@dataclass(frozen=True)
class EncounterOption:
    """One of the 3 options of an encounter card: pay ``cost`` (None = free), then gain
    any part of ``effects`` (spec S15.2-S15.4; seed PT l.918-924)."""

    cost: Cost | None
    effects: tuple[Effect, ...]


@dataclass(frozen=True)
class EncounterCard:
    """An encounter card (spec D7): option 0 is free, option 1 costs coins, option 2
    costs popularity.  ``confidence`` uses the spec's tags ("V", "1S", "?")."""

    number: int
    options: tuple[EncounterOption, EncounterOption, EncounterOption]
    confidence: str
    source: str


_ENC_SRC = (
    "spec D7 [1S] (effects single-source: revms42/ScytheMobile strings.xml + EncounterCard.kt; "
    "free/coins/popularity pattern confirmed by public reviews); seed PT l.90 (28 cards), "
    "PT l.918-924 / ES l.192-197 / IT l.232 (choose one option, pay in full, partial benefit, "
    "gains placed on the encounter territory); card faces are not in the seeds"
)


def _encounter(number, free, coin_option, pop_option, confidence="1S", note=""):
    """``free`` = effects; ``coin_option`` / ``pop_option`` = (cost amount, effects)."""
    (coins, paid), (pop, spent) = coin_option, pop_option
    return EncounterCard(
        number,
        (EncounterOption(None, tuple(free)),
         EncounterOption(Cost(CostKind.COINS, coins), tuple(paid)),
         EncounterOption(Cost(CostKind.POPULARITY, pop), tuple(spent))),
        confidence,
        f"{_ENC_SRC}; card #{number}" + (f"; {note}" if note else ""),
    )


E = _encounter
#: The 28 base encounter cards; index == number - 1.  Transcribed from spec D7's
#: machine-readable block (the test parses that block and compares every card).
ENCOUNTER_CARDS: tuple[EncounterCard, ...] = (
    E(1, (_coins(2), _pop(1)), (2, (_food(4),)), (2, (_BUILD,))),
    E(2, (_cards(1), _pop(1)), (2, (_wood(4),)), (2, (_ENLIST,))),
    E(3, (_food(2), _pop(1)), (2, (_WORKER, _food(3))), (3, (_DEPLOY,))),
    E(4, (_metal(2), _pop(1)), (3, (_ENLIST,)), (2, (_metal(4),))),
    E(5, (_food(2), _pop(1)), (4, (_DEPLOY,)), (2, (_food(2), _metal(2)))),
    E(6, (_coins(2), _pop(1)), (3, (_ENLIST,)), (2, (_food(4),))),
    E(7, (_oil(2), _pop(1)), (2, (_UPGRADE,)), (2, (_oil(4),))),
    E(8, (_coins(2), _pop(1)), (2, (_oil(4),)), (2, (_ENLIST,))),
    E(9, (_oil(2), _pop(1)), (3, (_BUILD,)), (2, (_oil(4),))),
    E(10, (_oil(2), _pop(1)), (4, (_DEPLOY,)), (2, (_coins(2), _any(2)))),
    E(11, (_food(2), _pop(1)), (2, (_WORKER, _food(3))), (2, (_BUILD,))),
    # [?] option 3: the source's card text says wood, its code says food; spec D7 picks
    # wood (the card text).
    E(12, (_wood(2), _pop(1)), (3, (_BUILD,)), (2, (_WORKER, _wood(3))), confidence="?",
      note="[?] option 3 resource: wood (source card text) vs food (source code); wood chosen per spec D7"),
    E(13, (_coins(2), _pop(1)), (2, (_power(2), _pop(2))), (3, (_any(5),)), confidence="V",
      note="also matches startyourmeeples.com (Scythe encounter cards analysis)"),
    E(14, (_food(2), _pop(1)), (2, (_any(3),)), (2, (_WORKER, _metal(3)))),
    E(15, (_pop(2),), (2, (_any(3),)), (3, (_any(5),))),
    E(16, (_food(2), _pop(1)), (2, (_WORKER, _any(2))), (2, (_ENLIST,))),
    E(17, (_cards(1), _pop(1)), (2, (_power(2), _cards(2))), (3, (_DEPLOY,))),
    E(18, (_food(2), _pop(1)), (2, (_any(3),)), (2, (_WORKER, _wood(3)))),
    E(19, (_coins(2), _pop(1)), (2, (_food(4),)), (2, (_cards(2), _power(3)))),
    E(20, (_cards(1), _pop(1)), (2, (_pop(3),)), (2, (_wood(4),))),
    E(21, (_pop(2),), (4, (_DEPLOY,)), (2, (_cards(2), _power(3)))),
    E(22, (_coins(2), _pop(1)), (2, (_metal(4),)), (2, (_BUILD,))),
    E(23, (_coins(2), _pop(1)), (3, (_ENLIST,)), (2, (_WORKER, _food(3)))),
    E(24, (_cards(1), _pop(1)), (2, (_any(3),)), (3, (_DEPLOY,))),
    E(25, (_power(2), _pop(1)), (2, (_power(4),)), (2, (_UPGRADE, _any(2)))),
    E(26, (_power(2), _pop(1)), (2, (_pop(3),)), (2, (_BUILD,))),
    E(27, (_coins(2), _pop(1)), (2, (_metal(4),)), (3, (_DEPLOY,))),
    E(28, (_coins(2), _pop(1)), (2, (_WORKER, _any(2))), (2, (_BUILD,))),
)
del E

N_ENCOUNTER_OPTIONS = 3
#: (28 cards, 3 options, MAX_EFFECT_STEPS, 3) int8 -- (op, amount, operand) per step.
ENCOUNTER_PROGRAM: np.ndarray = np.stack([
    np.stack([compile_effects(o.effects) for o in card.options]) for card in ENCOUNTER_CARDS
])
#: (28 cards, 3 options, 2) int8 -- (CostKind, amount) per option; (NONE, 0) = free.
ENCOUNTER_COST: np.ndarray = np.stack([
    np.stack([compile_costs(o.cost, 1)[0] for o in card.options]) for card in ENCOUNTER_CARDS
])
ENCOUNTER_PROGRAM.setflags(write=False)
ENCOUNTER_COST.setflags(write=False)


# ===================================================================== objective cards
class ObjectiveTiming(IntEnum):
    """When an objective may be revealed (spec S17.3, D8)."""

    ANY = 0  # any moment of your own turn
    END_OF_TURN = 1  # only in the end-of-turn reveal window (spec A.1 step 9)


class ObjectiveCondition(IntEnum):
    """One predicate per base objective card; value == card number - 1.  The comment
    names the ``ObjectiveCard`` fields each predicate reads."""

    CONTROL_3_MOUNTAINS = 0  # terrain, count
    CONTROL_3_TUNNELS = 1  # count (tunnel territories; a Mine is not a tunnel)
    CONTROL_3_FARMS = 2  # terrain, count
    CONTROL_3_TUNDRAS = 3  # terrain, count
    FACTORY_AND_MOST_POWER = 4  # (no thresholds)
    FORCED_RETREAT_AND_POWER = 5  # count (workers forced back this turn), min_power
    FACTORY_CARD_MECH_FEW_WORKERS = 6  # factory_card, min_mechs, max_workers
    POOR_POPULAR_WORKFORCE = 7  # max_coins, min_workers, min_popularity
    STOCKPILE_ALL_TYPES = 8  # count (tokens on one territory), min_each_resource
    CONTROL_3_FORESTS = 9  # terrain, count
    CONTROL_3_VILLAGES = 10  # terrain, count
    COINS_20 = 11  # min_coins
    SIX_PIECES_ON_ONE_TERRITORY = 12  # count
    ONE_OF_EVERYTHING = 13  # min_upgrades, min_mechs, min_structures, min_recruits, min_each_resource
    WORKERS_EQUAL_RECRUITS = 14  # (no thresholds)
    CHARACTER_MECH_WORKER_TOKENS = 15  # mechs_here, workers_here, count (tokens there)
    FACTORY_NEIGHBOURS_NO_CARD = 16  # factory_card, count
    PACIFIST = 17  # max_power, min_popularity, min_workers
    LAKE_SHORE = 18  # count
    STRUCTURES_NO_MECHS = 19  # min_structures, min_popularity, max_mechs
    NINE_OF_ONE_RESOURCE = 20  # count
    FACTORY_CARD_NO_UPGRADES = 21  # factory_card, max_upgrades
    HAND_AND_COMBAT_VICTORY = 22  # min_combat_cards, min_combat_stars


@dataclass(frozen=True, kw_only=True)
class ObjectiveCard:
    """An objective card (spec D8).  The name is a fact; ``summary`` is our own short
    paraphrase; ``condition`` names the predicate the engine implements and the
    threshold fields hold its numbers (None = not used by this card).  "Workers" =
    your workers off the mat; "control" per spec S0.6.  ``factory_card``: True = you
    must own one, False = you must not, None = irrelevant.  ``mechs_here`` /
    ``workers_here`` are exact counts on the one territory of the condition."""

    number: int
    name: str
    condition: ObjectiveCondition
    timing: ObjectiveTiming
    summary: str
    terrain: Terrain | None = None
    count: int | None = None
    min_power: int | None = None
    max_power: int | None = None
    min_popularity: int | None = None
    min_coins: int | None = None
    max_coins: int | None = None
    min_workers: int | None = None
    max_workers: int | None = None
    min_mechs: int | None = None
    max_mechs: int | None = None
    min_structures: int | None = None
    min_upgrades: int | None = None
    max_upgrades: int | None = None
    min_recruits: int | None = None
    min_each_resource: int | None = None
    min_combat_cards: int | None = None
    min_combat_stars: int | None = None
    mechs_here: int | None = None
    workers_here: int | None = None
    factory_card: bool | None = None
    confidence: str = "1S"
    source: str


_OBJ_SRC = (
    "spec D8: name/number [V] (revms42/ScytheMobile strings.xml + eranhirsch/tableset Objectives.ts); "
    "condition [1S, unverified against card images] (ScytheMobile strings.xml only), restated; "
    "seed PT l.82 (23 cards), PT l.970-972 / ES l.219-222 / IT l.246 (reveal rules)"
)


def _objective(number, name, condition, timing, summary, note="", **thresholds):
    src = f"{_OBJ_SRC}; card #{number}" + (f"; {note}" if note else "")
    return ObjectiveCard(number=number, name=name, condition=condition, timing=timing,
                         summary=summary, source=src, **thresholds)


O, C = _objective, ObjectiveCondition
_EOT, _ANYTIME = ObjectiveTiming.END_OF_TURN, ObjectiveTiming.ANY
#: The 23 base objective cards; index == number - 1 == condition.
OBJECTIVE_CARDS: tuple[ObjectiveCard, ...] = (
    O(1, "Higher Ground Advantage", C.CONTROL_3_MOUNTAINS, _EOT,
      "hold 3+ mountains", terrain=Terrain.MOUNTAIN, count=3),
    O(2, "Underworld Advantage", C.CONTROL_3_TUNNELS, _EOT,
      "hold 3+ tunnel hexes (your Mine does not count)", count=3,
      note="[DECISION] spec D8: a Mine is not a tunnel"),
    O(3, "Harvest Advantage", C.CONTROL_3_FARMS, _EOT,
      "hold 3+ farms", terrain=Terrain.FARM, count=3),
    O(4, "Northern Advantage", C.CONTROL_3_TUNDRAS, _EOT,
      "hold 3+ tundras", terrain=Terrain.TUNDRA, count=3),
    O(5, "King of the Hill", C.FACTORY_AND_MOST_POWER, _EOT,
      "hold the Factory with power no lower than anyone else's"),
    O(6, "Send One Back as a Warning", C.FORCED_RETREAT_AND_POWER, _ANYTIME,
      "sent an enemy worker home this turn and have 7+ power", count=1, min_power=7),
    O(7, "Machine Over Muscle", C.FACTORY_CARD_MECH_FEW_WORKERS, _ANYTIME,
      "own a factory card, a mech on the map, at most 3 workers",
      factory_card=True, min_mechs=1, max_workers=3),
    O(8, "Roll Up Your Sleeves with the Common Man", C.POOR_POPULAR_WORKFORCE, _ANYTIME,
      "at most $2, 4+ workers, popularity 7+", max_coins=2, min_workers=4, min_popularity=7),
    O(9, "Stockpile for the Winter", C.STOCKPILE_ALL_TYPES, _EOT,
      "one held hex with 9+ tokens, every type present", count=9, min_each_resource=1),
    O(10, "Woodland Advantage", C.CONTROL_3_FORESTS, _EOT,
      "hold 3+ forests", terrain=Terrain.FOREST, count=3),
    O(11, "Population Advantage", C.CONTROL_3_VILLAGES, _EOT,
      "hold 3+ villages", terrain=Terrain.VILLAGE, count=3),
    O(12, "Get Rich or Cry Trying", C.COINS_20, _EOT,
      "own $20 or more", min_coins=20),
    O(13, "Foundations of the Empire", C.SIX_PIECES_ON_ONE_TERRITORY, _ANYTIME,
      "6+ of your pieces (character, workers, mechs, structures) share one hex", count=6),
    O(14, "Hedge Your Bets", C.ONE_OF_EVERYTHING, _EOT,
      "an upgrade, a mech, a structure, a recruit, and a token of each type",
      min_upgrades=1, min_mechs=1, min_structures=1, min_recruits=1, min_each_resource=1),
    O(15, "Balanced Workforce", C.WORKERS_EQUAL_RECRUITS, _ANYTIME,
      "worker count equals recruit count"),
    O(16, "A Wolf Among the Sheep", C.CHARACTER_MECH_WORKER_TOKENS, _EOT,
      "a held hex with your character, exactly 1 mech, exactly 1 worker, 5+ tokens",
      mechs_here=1, workers_here=1, count=5),
    O(17, "Divide and Conquer", C.FACTORY_NEIGHBOURS_NO_CARD, _EOT,
      "no factory card and 2+ held hexes next to the Factory", factory_card=False, count=2),
    O(18, "Become a Beloved Pacifist", C.PACIFIST, _ANYTIME,
      "power 0, popularity 13+, 5+ workers", max_power=0, min_popularity=13, min_workers=5),
    O(19, "Shore Up the Shore", C.LAKE_SHORE, _EOT,
      "5+ held hexes all bordering the same lake", count=5),
    O(20, "Create a Permanent Foothold", C.STRUCTURES_NO_MECHS, _ANYTIME,
      "3+ structures, popularity 7+, no mechs on the map",
      min_structures=3, min_popularity=7, max_mechs=0),
    O(21, "Monopolize the Market", C.NINE_OF_ONE_RESOURCE, _EOT,
      "hold 9+ tokens of one resource type", count=9),
    O(22, "Technological Breakthrough", C.FACTORY_CARD_NO_UPGRADES, _ANYTIME,
      "own a factory card with no upgrades done", factory_card=True, max_upgrades=0),
    O(23, "Achieve Tactical Mastery", C.HAND_AND_COMBAT_VICTORY, _ANYTIME,
      "8+ combat cards in hand and a combat-win star", min_combat_cards=8, min_combat_stars=1),
)
del O, C

#: Threshold columns of OBJECTIVE_PARAMS, in order.
OBJECTIVE_PARAM_FIELDS: tuple[str, ...] = (
    "terrain", "count", "min_power", "max_power", "min_popularity", "min_coins", "max_coins",
    "min_workers", "max_workers", "min_mechs", "max_mechs", "min_structures", "min_upgrades",
    "max_upgrades", "min_recruits", "min_each_resource", "min_combat_cards", "min_combat_stars",
    "mechs_here", "workers_here", "factory_card",
)
#: (23,) int8 ObjectiveCondition and (23,) int8 ObjectiveTiming per card index.
OBJECTIVE_CONDITION: np.ndarray = np.array([int(o.condition) for o in OBJECTIVE_CARDS], dtype=np.int8)
OBJECTIVE_TIMING: np.ndarray = np.array([int(o.timing) for o in OBJECTIVE_CARDS], dtype=np.int8)
#: (23, len(OBJECTIVE_PARAM_FIELDS)) int8; -1 = field unused; terrain as int(Terrain);
#: factory_card 1 = must own, 0 = must not own.
OBJECTIVE_PARAMS: np.ndarray = np.array(
    [[-1 if getattr(o, f) is None else int(getattr(o, f)) for f in OBJECTIVE_PARAM_FIELDS]
     for o in OBJECTIVE_CARDS], dtype=np.int8)
for _a in (OBJECTIVE_CONDITION, OBJECTIVE_TIMING, OBJECTIVE_PARAMS):
    _a.setflags(write=False)
del _a


# ======================================================================= factory cards
#: Every factory card's bottom action: move one unit up to this many territories
#: (spec S16.4, D9; seed PT l.950, ES l.212); Speed adds 1 for a character or mech.
FACTORY_BOTTOM_STEPS = 2
FACTORY_BOTTOM_SOURCE = "spec S16.4/D9; seed PT l.950 (one unit up to 2 territories), ES l.212-215"


@dataclass(frozen=True)
class FactoryCard:
    """A factory card's top action (spec D9): pay all of ``costs``, then run
    ``effects`` (granted actions are free of mat costs/coins/ROB/structure bonuses,
    spec S16.5).  The bottom action is FACTORY_BOTTOM_STEPS for every card.
    ``confidence``: "V" = confirmed by a seed, "1S" = the two implementation datasets
    agree but no card image or seed confirms it (the spec tags D9 as a whole [?]),
    "?" = the sources conflict and the spec's chosen value is used."""

    number: int
    costs: tuple[Cost, ...]
    effects: Program
    confidence: str
    source: str


_FAC_SRC = (
    "spec D9 [?: unverified against card images] (revms42/ScytheMobile FactoryCard.kt + "
    "EGREllis/athena standard_cards.xml; base range #1-12 eranhirsch/tableset FactoryCards.ts); "
    "seed PT l.100 (12 cards), PT l.944-958 / ES l.209-217 / IT l.238 (5th section rules)"
)


def _factory(number, costs, effects, confidence="1S", note=""):
    src = f"{_FAC_SRC}; card #{number}" + (f"; {note}" if note else "")
    return FactoryCard(number, tuple(costs), tuple(effects), confidence, src)


def _pay_coins(n): return Cost(CostKind.COINS, n)
def _pay_pop(n): return Cost(CostKind.POPULARITY, n)
def _pay_power(n): return Cost(CostKind.POWER, n)
def _pay_cards(n): return Cost(CostKind.COMBAT_CARD, n)


F = _factory
#: The 12 base factory cards; index == number - 1.
FACTORY_CARDS: tuple[FactoryCard, ...] = (
    F(1, (_pay_coins(1), _pay_cards(1)), (Effect(Op.PRODUCE, 2),)),
    F(2, (_pay_pop(1),), (Choice(((_ENLIST,), (_UPGRADE,))),), confidence="V",
      note="seed PT l.962 (example: 1 popularity buys Enlist or Upgrade); thedailyscythe.com/factory-cards"),
    F(3, (_pay_cards(1),), (_pop(2),)),
    # [?] coins: ScytheMobile label $3, ScytheMobile code $2, EGREllis $1; spec D9 picks $3.
    F(4, (_pay_cards(1),), (_coins(3),), confidence="?",
      note="[?] coins: $3 (ScytheMobile label) vs $2 (ScytheMobile code) vs $1 (EGREllis); $3 chosen per spec"),
    F(5, (_pay_power(1),), (_pop(2),)),
    F(6, (_pay_power(1),), (_coins(3),)),
    F(7, (_pay_pop(1),), (Choice(((_DEPLOY,), (_BUILD,))),)),
    # [?] amount: ScytheMobile 3, EGREllis 8; spec D9 picks 3.  The tokens go on a
    # territory you control that has one of your workers (spec D9), not an encounter hex.
    F(8, (_pay_cards(1),), (_any(3),), confidence="?",
      note="[?] amount: 3 (ScytheMobile) vs 8 (EGREllis); 3 chosen per spec; placed on a controlled hex with your worker"),
    F(9, (_pay_coins(2),), (_UPGRADE, _pop(1))),
    F(10, (_pay_coins(2),), (_DEPLOY, _power(1))),
    F(11, (_pay_coins(2),), (_BUILD, _pop(1))),
    F(12, (_pay_coins(2),), (_ENLIST, _power(1))),
)
del F

#: (12 cards, MAX_EFFECT_STEPS, 3) int8 top-action program (see compile_effects for
#: the CHOOSE encoding used by cards #2 and #7).
FACTORY_PROGRAM: np.ndarray = np.stack([compile_effects(c.effects) for c in FACTORY_CARDS])
#: (12 cards, MAX_COST_PARTS, 2) int8 -- (CostKind, amount) parts, all to be paid; (NONE, 0) pads.
FACTORY_COST: np.ndarray = np.stack([compile_costs(c.costs) for c in FACTORY_CARDS])
FACTORY_PROGRAM.setflags(write=False)
FACTORY_COST.setflags(write=False)

__all__ += [
    # card effect notation
    "Op", "CostKind", "Effect", "Choice", "Cost", "Program",
    "STEP_OP", "STEP_AMOUNT", "STEP_OPERAND", "COST_KIND", "COST_AMOUNT", "NO_OPERAND",
    "MAX_EFFECT_STEPS", "MAX_COST_PARTS",
    "compile_effects", "decompile_effects", "compile_costs", "decompile_costs", "describe_effects",
    # encounter deck
    "EncounterOption", "EncounterCard", "ENCOUNTER_CARDS", "N_ENCOUNTER_OPTIONS",
    "ENCOUNTER_PROGRAM", "ENCOUNTER_COST",
    # objective deck
    "ObjectiveTiming", "ObjectiveCondition", "ObjectiveCard", "OBJECTIVE_CARDS",
    "OBJECTIVE_PARAM_FIELDS", "OBJECTIVE_CONDITION", "OBJECTIVE_TIMING", "OBJECTIVE_PARAMS",
    # factory deck
    "FACTORY_BOTTOM_STEPS", "FACTORY_BOTTOM_SOURCE", "FactoryCard", "FACTORY_CARDS",
    "FACTORY_PROGRAM", "FACTORY_COST",
]
