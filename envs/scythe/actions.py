"""Scythe action space: one flat Discrete space of atomic decisions.

A turn is a sequence of decisions (spec A.1); the phase in the state says which block of the
space is live, and the legal mask says which entries in it. Blocks (offset, size):

==================  =====  ====  ==========================================================
block               start  size  meaning
==================  =====  ====  ==========================================================
PASS                0      1     skip the top/bottom action, end a Move or Produce, decline a benefit
SECTION             1      5     place the action token on mat section 1-4 or the factory card
TOP                 6      16    Move, Gain, Bolster power, Bolster cards, Trade popularity,
                                 Trade one of the 10 resource pairs, Produce
UNIT                22     13    select a unit to move: character, mech 1-4, worker 1-8
LOAD_WORKER         35     8     load worker k onto the selected mech
LOAD_RESOURCE       43     4     carry one more token of food/wood/metal/oil
LOAD_ALL            47     4     carry every remaining token of that type
LOCATION            51     54    a territory 0-46 or home base 47-53: step destination,
                                 Trade target, Produce territory, payment source,
                                 Deploy/Build territory
AMOUNT              105    10    how many of a territory's workers produce (0-9)
UPGRADE_FROM        115    6     top-row slot whose cube is taken (data.UpgradeSlot)
UPGRADE_TO          121    4     bottom action whose cost the cube covers
MECH                125    4     mech slot to deploy
STRUCTURE           129    4     structure to build (data.Structure)
RECRUIT             133    4     bottom section whose recruit is enlisted
ONE_TIME            137    4     one-time bonus slot (data.RecruitBonus)
BOTTOM              141    2     take the bottom action (with coins / declining the coins)
==================  =====  ====  ==========================================================
"""

from __future__ import annotations

import itertools

from meeplegym.envs.scythe import data

PASS = 0
SECTION = 1
TOP = SECTION + 5
UNIT = TOP + 16
LOAD_WORKER = UNIT + 13
LOAD_RESOURCE = LOAD_WORKER + 8
LOAD_ALL = LOAD_RESOURCE + 4
LOCATION = LOAD_ALL + 4
AMOUNT = LOCATION + 54
UPGRADE_FROM = AMOUNT + 10
UPGRADE_TO = UPGRADE_FROM + 6
MECH = UPGRADE_TO + 4
STRUCTURE = MECH + 4
RECRUIT = STRUCTURE + 4
ONE_TIME = RECRUIT + 4
BOTTOM_TAKE = ONE_TIME + 4
BOTTOM_TAKE_NO_COINS = BOTTOM_TAKE + 1
NUM_ACTIONS = BOTTOM_TAKE_NO_COINS + 1
MAX_AMOUNT = 9

# Top-row options, offsets inside the TOP block.
TOP_MOVE = 0
TOP_GAIN = 1
TOP_POWER = 2
TOP_CARDS = 3
TOP_POPULARITY = 4
TOP_TRADE_PAIR = 5  # + pair index (10 unordered pairs of resource types, with repeats)
TOP_PRODUCE = 15

TRADE_PAIRS = tuple(itertools.combinations_with_replacement(range(4), 2))
assert len(TRADE_PAIRS) == 10

BLOCKS = (
    ("PASS", PASS, 1),
    ("SECTION", SECTION, 5),
    ("TOP", TOP, 16),
    ("UNIT", UNIT, 13),
    ("LOAD_WORKER", LOAD_WORKER, 8),
    ("LOAD_RESOURCE", LOAD_RESOURCE, 4),
    ("LOAD_ALL", LOAD_ALL, 4),
    ("LOCATION", LOCATION, 54),
    ("AMOUNT", AMOUNT, 10),
    ("UPGRADE_FROM", UPGRADE_FROM, 6),
    ("UPGRADE_TO", UPGRADE_TO, 4),
    ("MECH", MECH, 4),
    ("STRUCTURE", STRUCTURE, 4),
    ("RECRUIT", RECRUIT, 4),
    ("ONE_TIME", ONE_TIME, 4),
    ("BOTTOM", BOTTOM_TAKE, 2),
)

RESOURCE_NAMES = tuple(r.name.lower() for r in data.Resource)
