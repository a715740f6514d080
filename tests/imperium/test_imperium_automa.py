"""The solo automa's tables (I14, C7): the Mayan table of the seed's worked example and the designed
generic table, as data compiled into programs; which row answers a card (rules/automa.py); the
trade-route lines (I14.6) and the difficulty levels (I14.10); what a card is worth to the automa
(I14.9); a user's own tables from a file (I14.13). The automa's turn itself is still to come (issue 5)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

from meeplegym import programs as P
from meeplegym.envs.imperium import automa_tables
from meeplegym.envs.imperium import catalogue as K
from meeplegym.envs.imperium import data as D
from meeplegym.envs.imperium import effects as E
from meeplegym.envs.imperium.rules import automa
from meeplegym.envs.imperium.state import STATE_DTYPE
from meeplegym.errors import InvalidOptionError

MAYAN = E.AUTOMA_TABLE_NAMES.index("mayans")
GENERIC = E.AUTOMA_TABLE_NAMES.index("generic")
BARBARIAN, EMPIRE = 0, 1


def _rows_for(table, side, card_id):
    """Every row that answers the card, in the order the automa tries them (I14.3 2.5)."""
    r, rows, k = K.record_index(card_id), [], -1
    while (k := automa.next_row(table, side, r, k)) >= 0:
        rows.append(k + 1)  # row numbers as printed, from 1
    return rows


def _ops(entry):
    """The step opcodes of a compiled program."""
    ops, pc = set(), int(entry)
    while E.CODE[pc, P.COL_OP] != P.OP_END:
        ops.add(int(E.CODE[pc, P.COL_OP]))
        pc += 1
    return ops


@pytest.mark.rule("I14.3", "I14.13", "C7.1")
def test_the_worked_example_cards_meet_the_mayan_rows_the_seed_names():
    # slot 1 Caracol: the #city row; slot 3 an unrest: the first row; slot 4 Stone Mask: its own
    # row, and when nothing of it can be done the #mask row below; slot 5 Chultuns: the PINNED row
    assert _rows_for(MAYAN, BARBARIAN, "MAY21")[0] == 6
    assert _rows_for(MAYAN, BARBARIAN, "MAY18")[0] == 1
    assert _rows_for(MAYAN, BARBARIAN, "MAY23")[:2] == [4, 5]
    assert _rows_for(MAYAN, BARBARIAN, "MAY26")[0] == 9
    assert _rows_for(MAYAN, BARBARIAN, "MAY15")[0] == 3  # Patolli's own row
    assert _rows_for(MAYAN, BARBARIAN, "MAY2")[0] == 8  # the accession card: a dynasty card
    assert _rows_for(MAYAN, BARBARIAN, "3UNC1")[-1] == 10  # every card reaches "Other"


@pytest.mark.rule("I14.13", "C7.2")
def test_the_generic_table_rows_and_its_empire_side():
    table = D.AUTOMA_TABLES["generic"]
    assert table.designed and table.nation is None and len(table.barbarian) == len(table.empire) == 9
    assert _rows_for(GENERIC, BARBARIAN, "CUL21")[0] == 1  # unrest
    assert _rows_for(GENERIC, BARBARIAN, "3TRO1")[0] == 2  # a trade route
    assert _rows_for(GENERIC, BARBARIAN, "3REG1")[0] == 3  # a region
    assert _rows_for(GENERIC, BARBARIAN, "AKS21")[0] == 5  # named Conquer
    assert _rows_for(GENERIC, BARBARIAN, "GUP18")[0] == 6  # named Advance
    assert _rows_for(GENERIC, BARBARIAN, "3FAM4")[0] == 8  # a FAME card
    changed = [k for k, (a, b) in enumerate(zip(table.barbarian, table.empire)) if a != b]
    assert changed == [5, 8]  # rows 6 and 9 (C7.2)
    assert E.OP_BREAK_THROUGH in _ops(E.AUTOMA_ENTRY[GENERIC, EMPIRE, 5])
    assert E.OP_RESOLVE in _ops(E.AUTOMA_ENTRY[GENERIC, EMPIRE, 8])


@pytest.mark.rule("I14.4", "I14.5", "C7.2")
def test_every_automa_keyword_is_reachable_from_the_generic_table():
    """C7.2's test hook: Play, Resolve, Add at the die slot, Trigger, Acquire, Break through,
    Exile, Abandon and an attack on the human all occur in its rows."""
    ops = set()
    for side in (BARBARIAN, EMPIRE):
        for k in range(E.AUTOMA_ROWS[GENERIC, side]):
            ops |= _ops(E.AUTOMA_ENTRY[GENERIC, side, k])
    assert {E.OP_PUT_IN_PLAY, E.OP_RESOLVE, E.OP_ADD, E.OP_TRIGGER, E.OP_ACQUIRE, E.OP_BREAK_THROUGH, E.OP_EXILE,
            E.OP_ABANDON, E.OP_TAKE, P.OP_EACH} <= ops


@pytest.mark.rule("I14.6")
def test_every_trade_route_has_automa_commerce_and_profit_lines():
    routes = {c.name for c in D.CARDS if D.Suit.TROUTE in c.suits}  # common and nation ones
    assert routes == set(D.AUTOMA_TRADE_ROUTES)
    for card in D.CARDS:
        if D.Suit.TROUTE in card.suits:
            r = K.record_index(card.id)
            assert E.AUTOMA_COMMERCE[r] > 0 and E.AUTOMA_PROFIT[r] > 0, card.id
    assert E.OP_PROFITS in _ops(E.AUTOMA_MERCHANT_END[0]) and E.OP_TRADE in _ops(E.AUTOMA_MERCHANT_END[1])


@pytest.mark.rule("I14.10", "I14.12")
def test_difficulty_levels_follow_the_seed():
    d = D.DIFFICULTIES
    assert list(d) == ["chieftain", "warlord", "emperor", "sovereign", "overlord"]
    assert [x.slots for x in d.values()] == [4, 4, 5, 5, 6]
    assert d["warlord"].discard_after_refill and not d["chieftain"].discard_after_refill
    assert d["sovereign"].start_resources == (3, 2, 1, 0) and d["sovereign"].mat_pop_per_vp == 5
    assert [x.cultist_unrest_vp for x in d.values()] == [0, 0, 1, 1, 2]
    assert d["overlord"].no_token_on_six and D.SUPREME_LEADER_UNREST == 10


# ---------------------------------------------------------------- a user's tables (I14.13)
def _write(tmp_path, tables) -> Path:
    path = tmp_path / "tables.json"
    path.write_text(json.dumps(tables))
    return path


_GOOD = {"magyars": {"barbarian": [
    {"trigger": "UNREST", "program": "return this"},
    {"trigger": "NAMES", "names": ["Conquer"], "effect": "Acquire a REG.", "program": "acquire REG"},
    {"trigger": "TYPES", "types": ["#hunt"], "program": "gain 1 pop"},
    {"trigger": "OTHER", "program": "gain 1 prg"},
]}}


@pytest.mark.rule("I14.13")
def test_a_users_tables_load_with_both_sides(tmp_path):
    tables = automa_tables.load(_write(tmp_path, _GOOD))
    magyars = tables["magyars"]
    assert magyars.nation == D.NationCode.MAG and not magyars.designed
    assert magyars.empire == magyars.barbarian and magyars.barbarian[2].types == (D.TypeIcon.HUNT,)


@pytest.mark.rule("I14.13")
@pytest.mark.parametrize("edit, message", [
    (lambda t: t.update({"atlantis": t.pop("magyars")}), "not a Horizons nation"),
    (lambda t: t["magyars"]["barbarian"].reverse(), "first row must answer UNREST"),
    (lambda t: t["magyars"]["barbarian"][1].update(trigger="NAME"), "row 2: trigger must be one of"),
    (lambda t: t["magyars"]["barbarian"][1].update(names=["Conquerors"]), "row 2: names must be"),
    (lambda t: t["magyars"]["barbarian"][2].update(types=[]), "row 3: a TYPES row lists"),
    (lambda t: t["magyars"]["barbarian"][3].pop("program"), "row 4: 'program'"),
    (lambda t: t["magyars"].update(winter=[]), "expected 'barbarian' rows"),
])
def test_a_bad_table_file_is_refused_naming_the_row(tmp_path, edit, message):
    tables = json.loads(json.dumps(_GOOD))
    edit(tables)
    with pytest.raises(InvalidOptionError, match=message):
        automa_tables.load(_write(tmp_path, tables))


@pytest.mark.rule("I14.13")
def test_a_users_file_is_compiled_with_the_engine_and_a_bad_program_named(tmp_path):
    """Named by MEEPLEGYM_IMPERIUM_AUTOMA_TABLES before import: its tables join the bundled
    ones (the compiled cache is keyed on the file); a program that does not parse names its row."""
    code = ("from meeplegym.envs.imperium import effects as E; "
            "print(','.join(E.AUTOMA_TABLE_NAMES), int(E.AUTOMA_ROWS[E.AUTOMA_TABLE_NAMES.index('magyars'), 1]))")
    env = {**os.environ, automa_tables.TABLES_VAR: str(_write(tmp_path, _GOOD)), "NUMBA_DISABLE_JIT": "1"}
    done = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True)
    assert done.stdout.split() == ["mayans,generic,magyars", "4"]

    bad = json.loads(json.dumps(_GOOD))
    bad["magyars"]["barbarian"][3]["program"] = "gain 1 prg;; summon"
    env[automa_tables.TABLES_VAR] = str(_write(tmp_path, bad))
    done = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True)
    assert done.returncode != 0 and "automa table magyars" in done.stderr and "row 4" in done.stderr


@pytest.mark.rule("I14.9")
def test_what_a_card_is_worth_to_the_automa():
    value = {card_id: automa.card_value(K.record_index(card_id))
             for card_id in ("3FAM4", "MAY18", "MAY3", "CUL7", "MAY5", "MRT7", "3REG1")}
    assert value["MAY18"] == -2 and value["MAY3"] == 4  # fixed, negatives included
    assert value["CUL7"] == 5  # variable VP count 5
    assert value["MAY5"] == 4 and value["3REG1"] == 3  # conditional: the best case
    assert value["MRT7"] == 0  # "-5 unless in history": 0
    s = np.zeros(1, dtype=STATE_DTYPE)[0]
    c = K.record_index("3UNC1")
    s["card_res"][c, D.Resource.PRG] = 2
    assert automa.market_value(s, c) == automa.card_value(c) + 2
