"""Transcription checks for the card decks of ``meeplegym.envs.scythe.data`` (spec D7-D9).

The strongest checks parse the spec itself (``shared/specs/scythe.md``): the D7
machine-readable block *and* the D7 human-readable table are each decoded here with a
token reader written independently of ``data.py`` and compared, card by card, with the
compiled arrays ``ENCOUNTER_PROGRAM`` / ``ENCOUNTER_COST``; the D8 and D9 tables are
compared with ``OBJECTIVE_CARDS`` / ``FACTORY_CARDS``.  These tests skip when the spec
file is not next to the checkout (set ``SCYTHE_SPEC`` to point at it); the hand-typed
spot checks below always run.  Seed references: ``seed PT l.N`` = line N of
shared/seeds/000_ae90a49134f45792.txt.
"""

from __future__ import annotations

import dataclasses
import os
import re
from pathlib import Path

import numpy as np
import pytest

from meeplegym.envs.scythe import data
from meeplegym.envs.scythe.data import (
    ENCOUNTER_CARDS,
    ENCOUNTER_COST,
    ENCOUNTER_PROGRAM,
    FACTORY_CARDS,
    FACTORY_COST,
    FACTORY_PROGRAM,
    NO_OPERAND,
    OBJECTIVE_CARDS,
    Choice,
    Cost,
    CostKind,
    Effect,
    ObjectiveCondition,
    ObjectiveTiming,
    Op,
    Resource,
    Terrain,
    compile_costs,
    compile_effects,
    decompile_costs,
    decompile_effects,
    describe_effects,
)


# =============================================================================== spec
def _find_spec() -> Path | None:
    here = Path(__file__).resolve()
    candidates = [os.environ.get("SCYTHE_SPEC")] + [
        str(p / "shared" / "specs" / "scythe.md") for p in here.parents]
    for c in candidates:
        if c and Path(c).is_file():
            return Path(c)
    return None


SPEC_PATH = _find_spec()
needs_spec = pytest.mark.skipif(SPEC_PATH is None, reason="shared/specs/scythe.md not found (set SCYTHE_SPEC)")


def _section(heading_prefix: str) -> str:
    """Text of the spec section whose '## ' heading starts with ``heading_prefix``."""
    text = SPEC_PATH.read_text(encoding="utf-8")
    m = re.search(rf"^## {re.escape(heading_prefix)}.*?(?=^## |\Z)", text, re.S | re.M)
    assert m, heading_prefix
    return m.group(0)


def _table_rows(section: str) -> list[list[str]]:
    """Markdown table rows whose first cell is an integer, split into stripped cells."""
    rows = []
    for line in section.splitlines():
        if line.startswith("|"):
            cells = [c.strip() for c in line.strip().strip("|").split("|")]
            if cells[0].isdigit():
                rows.append(cells)
    return rows


# Independent step encoding for the spec's tokens: (op, amount, operand).
_RES = {"F": Resource.FOOD, "Wd": Resource.WOOD, "M": Resource.METAL, "O": Resource.OIL}
_SIMPLE = {"$": Op.COINS, "P": Op.POPULARITY, "W": Op.POWER, "K": Op.COMBAT_CARDS,
           "R": Op.ANY_RESOURCES, "w": Op.WORKER}
_ACTIONS = {"build": Op.BUILD, "deploy": Op.DEPLOY, "enlist": Op.ENLIST, "upgrade": Op.UPGRADE}


def _block_token(tok: str) -> tuple[int, int, int]:
    if tok in _ACTIONS:
        return int(_ACTIONS[tok]), 1, NO_OPERAND
    m = re.fullmatch(r"(Wd|\$|P|W|K|F|M|O|R|w)(\d+)", tok)
    assert m, f"unknown D7 token {tok!r}"
    sym, n = m.group(1), int(m.group(2))
    if sym in _RES:
        return int(Op.RESOURCE), n, int(_RES[sym])
    return int(_SIMPLE[sym]), n, NO_OPERAND


def _padded(steps: list[tuple[int, int, int]]) -> list[tuple[int, int, int]]:
    return steps + [(int(Op.NOP), 0, NO_OPERAND)] * (data.MAX_EFFECT_STEPS - len(steps))


def _as_steps(program: np.ndarray) -> list[tuple[int, int, int]]:
    return [tuple(int(v) for v in row) for row in program]


def _parse_d7_block() -> dict[int, list]:
    """card -> [(cost (kind, amount), steps) for options A, B, C] from the D7 block."""
    section = _section("D7")
    block = section.split("```", 2)[1]
    cards = {}
    for line in block.splitlines():
        parts = line.split()
        if not parts or not parts[0].isdigit():
            continue
        number, a, b, c = int(parts[0]), parts[1], parts[2], parts[3]
        assert len(parts) == 4, line
        assert a.startswith("A:") and b.startswith("B:") and c.startswith("C:"), line
        _, b_cost, b_gain = b.split(":")
        _, c_cost, c_gain = c.split(":")
        cards[number] = [
            ((int(CostKind.NONE), 0), [_block_token(t) for t in a[2:].split(",")]),
            ((int(CostKind.COINS), int(b_cost)), [_block_token(t) for t in b_gain.split(",")]),
            ((int(CostKind.POPULARITY), int(c_cost)), [_block_token(t) for t in c_gain.split(",")]),
        ]
    return cards


def _table_item(item: str) -> tuple[int, int, int]:
    """One '+'-separated item of the D7 human-readable table."""
    item = item.strip()
    patterns = [
        (r"\$(\d+)", lambda n: (Op.COINS, n, NO_OPERAND)),
        (r"(\d+) pop", lambda n: (Op.POPULARITY, n, NO_OPERAND)),
        (r"(\d+) power", lambda n: (Op.POWER, n, NO_OPERAND)),
        (r"(\d+) cards?", lambda n: (Op.COMBAT_CARDS, n, NO_OPERAND)),
        (r"any (\d+) resources", lambda n: (Op.ANY_RESOURCES, n, NO_OPERAND)),
        (r"(\d+) workers?", lambda n: (Op.WORKER, n, NO_OPERAND)),
        (r"build (\d+) structures?", lambda n: (Op.BUILD, n, NO_OPERAND)),
        (r"deploy (\d+) mechs?", lambda n: (Op.DEPLOY, n, NO_OPERAND)),
        (r"enlist (\d+) recruits?", lambda n: (Op.ENLIST, n, NO_OPERAND)),
        (r"(\d+) upgrades?", lambda n: (Op.UPGRADE, n, NO_OPERAND)),
    ] + [(rf"(\d+) {r.name.lower()}", lambda n, r=r: (Op.RESOURCE, n, int(r))) for r in Resource]
    for pat, make in patterns:
        m = re.fullmatch(pat, item)
        if m:
            op, n, operand = make(int(m.group(1)))
            return int(op), n, operand
    raise AssertionError(f"unknown D7 table item {item!r}")


def _parse_d7_table() -> dict[int, list]:
    cards = {}
    for cells in _table_rows(_section("D7")):
        number = int(cells[0])
        free = [_table_item(x) for x in cells[1].split("+") if x.strip()]
        coin_cost, coin_gain = cells[2].split("→")
        pop_cost, pop_gain = cells[3].split("→")
        cm = re.fullmatch(r"\$(\d+)", coin_cost.strip())
        pm = re.fullmatch(r"(\d+) pop", pop_cost.strip())
        assert cm and pm, cells
        cards[number] = [
            ((int(CostKind.NONE), 0), free),
            ((int(CostKind.COINS), int(cm.group(1))), [_table_item(x) for x in coin_gain.split("+")]),
            ((int(CostKind.POPULARITY), int(pm.group(1))), [_table_item(x) for x in pop_gain.split("+")]),
        ]
    return cards


# ===================================================================== encounter cards
@pytest.mark.rule("D7")
def test_encounter_deck_size_and_numbering():
    # seed PT l.90: 28 encounter cards
    assert len(ENCOUNTER_CARDS) == 28
    assert [c.number for c in ENCOUNTER_CARDS] == list(range(1, 29))
    assert ENCOUNTER_PROGRAM.shape == (28, 3, data.MAX_EFFECT_STEPS, 3)
    assert ENCOUNTER_COST.shape == (28, 3, 2)
    assert ENCOUNTER_PROGRAM.dtype == np.int8 and ENCOUNTER_COST.dtype == np.int8
    assert all(len(c.options) == data.N_ENCOUNTER_OPTIONS == 3 for c in ENCOUNTER_CARDS)


@pytest.mark.rule("D7")
def test_encounter_option_pattern_free_coins_popularity():
    """D7 header: option 1 is free, option 2 costs coins, option 3 costs popularity."""
    for c in ENCOUNTER_CARDS:
        free, coins, pop = c.options
        assert free.cost is None, c.number
        assert coins.cost.kind is CostKind.COINS and coins.cost.amount >= 2, c.number
        assert pop.cost.kind is CostKind.POPULARITY and pop.cost.amount >= 2, c.number
    assert (ENCOUNTER_COST[:, 0] == 0).all()
    assert (ENCOUNTER_COST[:, 1, 0] == CostKind.COINS).all()
    assert (ENCOUNTER_COST[:, 2, 0] == CostKind.POPULARITY).all()
    # every free option gains popularity (1 or 2) and nothing costs more than $4 / 3 pop
    assert all(any(e.op is Op.POPULARITY for e in c.options[0].effects) for c in ENCOUNTER_CARDS)
    assert set(ENCOUNTER_COST[:, 1, 1].tolist()) <= {2, 3, 4}
    assert set(ENCOUNTER_COST[:, 2, 1].tolist()) <= {2, 3}


@needs_spec
@pytest.mark.rule("D7")
@pytest.mark.parametrize("parse", [_parse_d7_block, _parse_d7_table], ids=["block", "table"])
def test_all_encounter_cards_match_spec(parse):
    """Every card, every option, every step: compiled arrays == the spec's D7 block and
    the D7 human-readable table (each decoded here independently of data.py)."""
    spec = parse()
    assert sorted(spec) == list(range(1, 29))
    for number, options in spec.items():
        for k, (cost, steps) in enumerate(options):
            where = f"card {number} option {k + 1}"
            assert tuple(int(v) for v in ENCOUNTER_COST[number - 1, k]) == cost, where
            assert _as_steps(ENCOUNTER_PROGRAM[number - 1, k]) == _padded(steps), where


@pytest.mark.rule("D7")
def test_encounter_spot_checks():
    """Hand-typed from the D7 table (runs without the spec file)."""
    F, Wd, M, O = Resource.FOOD, Resource.WOOD, Resource.METAL, Resource.OIL
    expect = {
        (1, 0): [(Op.COINS, 2, -1), (Op.POPULARITY, 1, -1)],
        (1, 1): [(Op.RESOURCE, 4, F)],
        (1, 2): [(Op.BUILD, 1, -1)],
        (3, 1): [(Op.WORKER, 1, -1), (Op.RESOURCE, 3, F)],
        (5, 2): [(Op.RESOURCE, 2, F), (Op.RESOURCE, 2, M)],
        (7, 1): [(Op.UPGRADE, 1, -1)],
        (10, 2): [(Op.COINS, 2, -1), (Op.ANY_RESOURCES, 2, -1)],
        (12, 2): [(Op.WORKER, 1, -1), (Op.RESOURCE, 3, Wd)],  # [?] wood, not food
        (13, 1): [(Op.POWER, 2, -1), (Op.POPULARITY, 2, -1)],
        (13, 2): [(Op.ANY_RESOURCES, 5, -1)],
        (15, 0): [(Op.POPULARITY, 2, -1)],
        (17, 1): [(Op.POWER, 2, -1), (Op.COMBAT_CARDS, 2, -1)],
        (21, 1): [(Op.DEPLOY, 1, -1)],
        (25, 2): [(Op.UPGRADE, 1, -1), (Op.ANY_RESOURCES, 2, -1)],
        (8, 1): [(Op.RESOURCE, 4, O)],
        (28, 1): [(Op.WORKER, 1, -1), (Op.ANY_RESOURCES, 2, -1)],
    }
    for (number, k), steps in expect.items():
        got = _as_steps(ENCOUNTER_PROGRAM[number - 1, k])
        assert got == _padded([(int(a), b, int(c)) for a, b, c in steps]), (number, k)
    costs = {3: (2, 3), 4: (3, 2), 5: (4, 2), 10: (4, 2), 13: (2, 3), 15: (2, 3), 21: (4, 2), 27: (2, 3)}
    for number, (coins, pop) in costs.items():
        assert ENCOUNTER_COST[number - 1, 1].tolist() == [CostKind.COINS, coins], number
        assert ENCOUNTER_COST[number - 1, 2].tolist() == [CostKind.POPULARITY, pop], number


@pytest.mark.rule("D7")
def test_encounter_card_12_conflict_is_flagged():
    card = ENCOUNTER_CARDS[11]
    assert card.number == 12 and card.confidence == "?"
    assert Effect(Op.RESOURCE, 3, Resource.WOOD) in card.options[2].effects
    assert "[?]" in card.source and "wood" in card.source
    assert {c.confidence for c in ENCOUNTER_CARDS} <= {"V", "1S", "?"}
    assert [c.number for c in ENCOUNTER_CARDS if c.confidence == "?"] == [12]


@pytest.mark.rule("D7")
def test_encounter_programs_round_trip():
    for c in ENCOUNTER_CARDS:
        for k, o in enumerate(c.options):
            prog, cost = ENCOUNTER_PROGRAM[c.number - 1, k], ENCOUNTER_COST[c.number - 1, k]
            assert decompile_effects(prog) == o.effects, (c.number, k)
            assert decompile_costs(cost) == (() if o.cost is None else (o.cost,))
            assert np.array_equal(compile_effects(decompile_effects(prog)), prog)
            text = describe_effects(prog, cost)
            assert text == describe_effects(o.effects, o.cost), (c.number, k)
            assert text.startswith("pay ") == (k > 0), text


@pytest.mark.rule("D7")
def test_describe_effects_wording():
    assert describe_effects(ENCOUNTER_PROGRAM[0, 1], ENCOUNTER_COST[0, 1]) == "pay $2: gain 4 food"
    assert describe_effects(ENCOUNTER_PROGRAM[0, 0], ENCOUNTER_COST[0, 0]) == "gain $2 and 1 popularity"
    assert describe_effects(ENCOUNTER_PROGRAM[0, 2], ENCOUNTER_COST[0, 2]) == "pay 2 popularity: build a structure"
    assert (describe_effects(ENCOUNTER_PROGRAM[2, 1], ENCOUNTER_COST[2, 1])
            == "pay $2: gain 1 worker and 3 food")
    assert (describe_effects(ENCOUNTER_PROGRAM[24, 2], ENCOUNTER_COST[24, 2])
            == "pay 2 popularity: upgrade once, then gain 2 resources of your choice")
    assert (describe_effects(FACTORY_PROGRAM[0], FACTORY_COST[0])
            == "pay $1 and 1 combat card: produce on up to 2 territories")
    assert (describe_effects(FACTORY_PROGRAM[1], FACTORY_COST[1])
            == "pay 1 popularity: enlist a recruit or upgrade once")


# ========================================================== effect notation / compiler
@pytest.mark.rule("D9")
def test_choose_encoding():
    """CHOOSE header (CHOOSE, n alternatives, block width), then n blocks of that width."""
    prog = compile_effects((Choice(((Effect(Op.ENLIST),), (Effect(Op.UPGRADE),))),))
    assert _as_steps(prog) == _padded([(Op.CHOOSE, 2, 1), (Op.ENLIST, 1, -1), (Op.UPGRADE, 1, -1)])
    # uneven alternatives are NOP-padded to the common width; a tail follows the blocks
    prog = compile_effects((Choice(((Effect(Op.BUILD),), (Effect(Op.COINS, 2), Effect(Op.POWER, 1)))),
                            Effect(Op.POPULARITY, 1)), max_steps=7)
    assert _as_steps(prog) == [(Op.CHOOSE, 2, 2), (Op.BUILD, 1, -1), (Op.NOP, 0, -1),
                               (Op.COINS, 2, -1), (Op.POWER, 1, -1), (Op.POPULARITY, 1, -1),
                               (Op.NOP, 0, -1)]
    assert compile_effects(decompile_effects(prog), max_steps=7).tolist() == prog.tolist()
    assert describe_effects(prog) == "build a structure or gain $2 and 1 power, then gain 1 popularity"


@pytest.mark.rule("D7")
def test_notation_rejects_malformed_data():
    with pytest.raises(ValueError):
        Effect(Op.RESOURCE, 2)  # resource missing
    with pytest.raises(ValueError):
        Effect(Op.COINS, 2, Resource.FOOD)  # resource on a non-resource op
    with pytest.raises(ValueError):
        Effect(Op.COINS, 0)
    with pytest.raises(ValueError):
        Choice(((Effect(Op.BUILD),),))  # one alternative is not a choice
    with pytest.raises(ValueError):
        Cost(CostKind.NONE, 1)
    with pytest.raises(ValueError):
        compile_effects(tuple(Effect(Op.COINS, 1) for _ in range(data.MAX_EFFECT_STEPS + 1)))
    with pytest.raises(ValueError):
        compile_costs((Cost(CostKind.COINS, 1),) * 3)
    assert compile_costs(None).tolist() == [[0, 0], [0, 0]]


# ===================================================================== objective cards
D8_NAMES = (
    "Higher Ground Advantage", "Underworld Advantage", "Harvest Advantage", "Northern Advantage",
    "King of the Hill", "Send One Back as a Warning", "Machine Over Muscle",
    "Roll Up Your Sleeves with the Common Man", "Stockpile for the Winter", "Woodland Advantage",
    "Population Advantage", "Get Rich or Cry Trying", "Foundations of the Empire", "Hedge Your Bets",
    "Balanced Workforce", "A Wolf Among the Sheep", "Divide and Conquer", "Become a Beloved Pacifist",
    "Shore Up the Shore", "Create a Permanent Foothold", "Monopolize the Market",
    "Technological Breakthrough", "Achieve Tactical Mastery",
)
#: numbers whose D8 timing is "end of turn" (hand-typed from the D8 table)
D8_END_OF_TURN = {1, 2, 3, 4, 5, 9, 10, 11, 12, 14, 16, 17, 19, 21}


@pytest.mark.rule("D8")
def test_objective_deck_numbering_names_timing():
    # seed PT l.82: 23 objective cards
    assert len(OBJECTIVE_CARDS) == 23
    assert [o.number for o in OBJECTIVE_CARDS] == list(range(1, 24))
    assert tuple(o.name for o in OBJECTIVE_CARDS) == D8_NAMES
    assert OBJECTIVE_CARDS[0].name == "Higher Ground Advantage"
    assert OBJECTIVE_CARDS[22].name == "Achieve Tactical Mastery"
    for o in OBJECTIVE_CARDS:
        want = ObjectiveTiming.END_OF_TURN if o.number in D8_END_OF_TURN else ObjectiveTiming.ANY
        assert o.timing is want, o.number
        assert o.condition == ObjectiveCondition(o.number - 1)
        assert o.summary and o.confidence == "1S"
    assert len(set(ObjectiveCondition)) == 23


@needs_spec
@pytest.mark.rule("D8")
def test_objectives_match_spec_table():
    rows = _table_rows(_section("D8"))
    assert [int(r[0]) for r in rows] == list(range(1, 24))
    for cells, o in zip(rows, OBJECTIVE_CARDS):
        number, name, condition, timing = int(cells[0]), cells[1], cells[2], cells[3]
        assert (o.number, o.name) == (number, name)
        assert o.timing is {"end of turn": ObjectiveTiming.END_OF_TURN, "any": ObjectiveTiming.ANY}[timing]
        # every number in the restated condition is one of the card's thresholds, and back
        text = re.sub(r"\bD\d+(\.\d+)?|\bS\d+(\.\d+)?", "", condition)
        text = text.replace("each of the 4 types", "each type")
        spec_numbers = {int(n) for n in re.findall(r"\d+", text)}
        ours = {getattr(o, f) for f in data.OBJECTIVE_PARAM_FIELDS if f not in ("terrain", "factory_card")}
        ours.discard(None)
        assert spec_numbers == ours, (number, condition, ours)
        # terrain-control cards name their terrain
        if o.terrain is not None:
            assert o.terrain.name.lower() in condition, number
        assert ("factory card" in condition) == (o.factory_card is not None), number
        assert ("no factory card" in condition) == (o.factory_card is False), number


@pytest.mark.rule("D8")
def test_objective_threshold_spot_checks():
    by = {o.number: o for o in OBJECTIVE_CARDS}
    terrain_cards = {1: Terrain.MOUNTAIN, 3: Terrain.FARM, 4: Terrain.TUNDRA, 10: Terrain.FOREST,
                     11: Terrain.VILLAGE}
    for n, t in terrain_cards.items():
        assert (by[n].terrain, by[n].count) == (t, 3), n
    assert [o.number for o in OBJECTIVE_CARDS if o.terrain is not None] == sorted(terrain_cards)
    assert by[2].count == 3 and by[2].terrain is None  # tunnels (a Mine is not one)
    assert (by[6].count, by[6].min_power) == (1, 7)
    assert (by[7].factory_card, by[7].min_mechs, by[7].max_workers) == (True, 1, 3)
    assert (by[8].max_coins, by[8].min_workers, by[8].min_popularity) == (2, 4, 7)
    assert (by[9].count, by[9].min_each_resource) == (9, 1)
    assert by[12].min_coins == 20
    assert by[13].count == 6
    assert (by[14].min_upgrades, by[14].min_mechs, by[14].min_structures, by[14].min_recruits,
            by[14].min_each_resource) == (1, 1, 1, 1, 1)
    assert (by[16].mechs_here, by[16].workers_here, by[16].count) == (1, 1, 5)
    assert (by[17].factory_card, by[17].count) == (False, 2)
    assert (by[18].max_power, by[18].min_popularity, by[18].min_workers) == (0, 13, 5)
    assert by[19].count == 5
    assert (by[20].min_structures, by[20].min_popularity, by[20].max_mechs) == (3, 7, 0)
    assert by[21].count == 9
    assert (by[22].factory_card, by[22].max_upgrades) == (True, 0)
    assert (by[23].min_combat_cards, by[23].min_combat_stars) == (8, 1)


@pytest.mark.rule("D8")
def test_objective_arrays():
    n_fields = len(data.OBJECTIVE_PARAM_FIELDS)
    assert data.OBJECTIVE_PARAMS.shape == (23, n_fields) and data.OBJECTIVE_PARAMS.dtype == np.int8
    assert data.OBJECTIVE_CONDITION.tolist() == list(range(23))
    assert data.OBJECTIVE_TIMING.tolist() == [int(o.timing) for o in OBJECTIVE_CARDS]
    names = {f.name for f in dataclasses.fields(data.ObjectiveCard)}
    assert set(data.OBJECTIVE_PARAM_FIELDS) <= names
    for o, row in zip(OBJECTIVE_CARDS, data.OBJECTIVE_PARAMS):
        for f, v in zip(data.OBJECTIVE_PARAM_FIELDS, row.tolist()):
            got = getattr(o, f)
            assert v == (-1 if got is None else int(got)), (o.number, f)
    col = data.OBJECTIVE_PARAM_FIELDS.index("factory_card")
    assert data.OBJECTIVE_PARAMS[:, col].tolist().count(1) == 2  # #7, #22 need one
    assert data.OBJECTIVE_PARAMS[16, col] == 0  # #17 must not own one


# ======================================================================= factory cards
#: Hand-typed from the D9 table: number -> (cost parts, program, confidence).
D9 = {
    1: ([(CostKind.COINS, 1), (CostKind.COMBAT_CARD, 1)], (Effect(Op.PRODUCE, 2),), "1S"),
    2: ([(CostKind.POPULARITY, 1)], (Choice(((Effect(Op.ENLIST),), (Effect(Op.UPGRADE),))),), "V"),
    3: ([(CostKind.COMBAT_CARD, 1)], (Effect(Op.POPULARITY, 2),), "1S"),
    4: ([(CostKind.COMBAT_CARD, 1)], (Effect(Op.COINS, 3),), "?"),
    5: ([(CostKind.POWER, 1)], (Effect(Op.POPULARITY, 2),), "1S"),
    6: ([(CostKind.POWER, 1)], (Effect(Op.COINS, 3),), "1S"),
    7: ([(CostKind.POPULARITY, 1)], (Choice(((Effect(Op.DEPLOY),), (Effect(Op.BUILD),))),), "1S"),
    8: ([(CostKind.COMBAT_CARD, 1)], (Effect(Op.ANY_RESOURCES, 3),), "?"),
    9: ([(CostKind.COINS, 2)], (Effect(Op.UPGRADE), Effect(Op.POPULARITY, 1)), "1S"),
    10: ([(CostKind.COINS, 2)], (Effect(Op.DEPLOY), Effect(Op.POWER, 1)), "1S"),
    11: ([(CostKind.COINS, 2)], (Effect(Op.BUILD), Effect(Op.POPULARITY, 1)), "1S"),
    12: ([(CostKind.COINS, 2)], (Effect(Op.ENLIST), Effect(Op.POWER, 1)), "1S"),
}


@pytest.mark.rule("D9")
def test_factory_cards():
    # seed PT l.100: 12 factory cards
    assert len(FACTORY_CARDS) == 12 and [c.number for c in FACTORY_CARDS] == list(range(1, 13))
    assert FACTORY_PROGRAM.shape == (12, data.MAX_EFFECT_STEPS, 3)
    assert FACTORY_COST.shape == (12, data.MAX_COST_PARTS, 2)
    for c in FACTORY_CARDS:
        costs, program, confidence = D9[c.number]
        assert [(p.kind, p.amount) for p in c.costs] == costs, c.number
        assert c.effects == program, c.number
        assert c.confidence == confidence, c.number
        want_cost = [[int(k), a] for k, a in costs] + [[0, 0]] * (data.MAX_COST_PARTS - len(costs))
        assert FACTORY_COST[c.number - 1].tolist() == want_cost, c.number
        assert np.array_equal(FACTORY_PROGRAM[c.number - 1], compile_effects(program))
        assert decompile_effects(FACTORY_PROGRAM[c.number - 1]) == c.effects
        assert (describe_effects(FACTORY_PROGRAM[c.number - 1], FACTORY_COST[c.number - 1])
                == describe_effects(c.effects, c.costs))
        if confidence == "?":
            assert "[?]" in c.source
    assert data.FACTORY_BOTTOM_STEPS == 2  # seed PT l.950: one unit up to 2 territories
    # only cards 2 and 7 start with a choice
    assert [c.number for c in FACTORY_CARDS if FACTORY_PROGRAM[c.number - 1, 0, 0] == Op.CHOOSE] == [2, 7]


@needs_spec
@pytest.mark.rule("D9")
def test_factory_costs_match_spec_table():
    rows = _table_rows(_section("D9"))
    assert [int(r[0]) for r in rows] == list(range(1, 13))
    kinds = {r"\$(\d+)": CostKind.COINS, r"(\d+) combat card": CostKind.COMBAT_CARD,
             r"(\d+) popularity": CostKind.POPULARITY, r"(\d+) power": CostKind.POWER}
    for cells in rows:
        number, cost_text, benefit, agreement = int(cells[0]), cells[1], cells[2], cells[3]
        parts = []
        for item in cost_text.split("+"):
            for pat, kind in kinds.items():
                m = re.fullmatch(pat, item.strip())
                if m:
                    parts.append((kind, int(m.group(1))))
                    break
            else:
                raise AssertionError(f"unknown D9 cost {item!r}")
        card = FACTORY_CARDS[number - 1]
        assert [(p.kind, p.amount) for p in card.costs] == parts, number
        assert ("[?]" in agreement) == (card.confidence == "?"), number
        assert (" OR " in benefit) == isinstance(card.effects[0], Choice), number
        # the first amount named in the benefit is the program's amount
        amounts = [e.amount for e in card.effects if isinstance(e, Effect)]
        m = re.search(r"(?:\*\*\$|\+\$|\+|any |up to )(\d+)", benefit)
        if m:
            assert int(m.group(1)) in amounts, (number, benefit, amounts)


# ============================================================================== sources
@pytest.mark.rule("D7")
def test_every_card_row_cites_a_source():
    tables = {"D7": ENCOUNTER_CARDS, "D8": OBJECTIVE_CARDS, "D9": FACTORY_CARDS}
    for tag, table in tables.items():
        for row in table:
            assert dataclasses.fields(row)[-1].name == "source"
            assert f"spec {tag}" in row.source and "seed" in row.source, row
            assert f"card #{row.number}" in row.source
    assert all("1S" in o.source and "unverified" in o.source for o in OBJECTIVE_CARDS)
    assert all("unverified" in c.source for c in FACTORY_CARDS)
    assert all("1S" in c.source for c in ENCOUNTER_CARDS)
    assert "seed PT l.962" in FACTORY_CARDS[1].source  # the rulebook's factory-card example
    assert data.FACTORY_BOTTOM_SOURCE.strip()


@pytest.mark.rule("D7")
def test_card_tables_are_immutable():
    with pytest.raises(dataclasses.FrozenInstanceError):
        ENCOUNTER_CARDS[0].number = 5  # type: ignore[misc]
    with pytest.raises(dataclasses.FrozenInstanceError):
        OBJECTIVE_CARDS[0].count = 1  # type: ignore[misc]
    for arr in (ENCOUNTER_PROGRAM, ENCOUNTER_COST, FACTORY_PROGRAM, FACTORY_COST,
                data.OBJECTIVE_PARAMS, data.OBJECTIVE_CONDITION, data.OBJECTIVE_TIMING):
        assert not arr.flags.writeable
    for name in ("ENCOUNTER_CARDS", "OBJECTIVE_CARDS", "FACTORY_CARDS", "ENCOUNTER_PROGRAM",
                 "FACTORY_PROGRAM", "describe_effects", "compile_effects", "Op", "Choice"):
        assert name in data.__all__, name
