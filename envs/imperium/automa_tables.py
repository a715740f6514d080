"""Automa state tables read from a user's file (I14.13: the original tables are not public, so a
player who owns them can supply them). The file is JSON, one entry per Horizons nation::

    {
      "mayans": {
        "barbarian": [
          {"trigger": "UNREST", "effect": "Return this card to the unrest pile.", "program": "return this"},
          {"trigger": "NAMES", "names": ["Stone Mask"], "program": "discard_top 1"},
          {"trigger": "TYPES", "types": ["#city", "#metropolis"], "program": "gain 1 mat"},
          {"trigger": "OTHER", "program": "gain 1 prg; add 1 mat to:die"}
        ],
        "empire": [ ... ]
      }
    }

A row's ``trigger`` is a `data.AutomaTrigger` name; NAMES and ATTACK rows list card ``names``,
TYPES rows type icons (``#city``), SUITS rows suits (``REG``), STATE rows state icons (``EMP``).
``program`` is the row's effect in the effects vocabulary (effects.py compiles it and names the
row if it does not parse); ``effect`` is optional words for people. ``empire`` may be left out:
the Barbarian rows then serve both sides. The first row must answer UNREST (I14.3 2.3).

Set ``MEEPLEGYM_IMPERIUM_AUTOMA_TABLES`` to the file's path before importing meeplegym: the
tables are compiled with the engine (and the compiled cache is keyed on the file's content).
"""

from __future__ import annotations

import json
from pathlib import Path

from meeplegym.envs.imperium import data as D
from meeplegym.errors import InvalidOptionError

#: the environment variable naming the user's table file
TABLES_VAR = "MEEPLEGYM_IMPERIUM_AUTOMA_TABLES"
MAX_ROWS = 12  # rows per side (the designed table has 9, the Mayan one 10)

_NATIONS = {n.name.lower(): n.code for n in D.NATIONS}
_CARD_NAMES = {c.name for c in D.CARDS}
_TYPES = {"#" + t.code.lstrip("#"): t for t in D.TypeIcon}
_SUITS = {s.code: s for s in D.Suit}
_STATES = {s.code: s for s in D.StateIcon}


def load(path: str | Path) -> dict[str, D.AutomaTable]:
    """The tables of a user's file, by nation name; InvalidOptionError naming the place of the
    first problem."""
    path = Path(path)
    try:
        raw = json.loads(path.read_text())
    except (OSError, ValueError) as e:
        raise InvalidOptionError(f"{path}: cannot read automa tables: {e}") from None
    if not isinstance(raw, dict) or not raw:
        raise InvalidOptionError(f"{path}: expected an object of nation name -> table")
    return {name: _table(path, name, sides) for name, sides in raw.items()}


def _table(path: Path, name: str, sides) -> D.AutomaTable:
    where = f"{path}: {name!r}"
    if name not in _NATIONS:
        raise InvalidOptionError(f"{where}: not a Horizons nation; known: {', '.join(sorted(_NATIONS))}")
    if not isinstance(sides, dict) or "barbarian" not in sides or set(sides) - {"barbarian", "empire"}:
        raise InvalidOptionError(f"{where}: expected 'barbarian' rows and optionally 'empire' rows")
    barbarian = _rows(f"{where} barbarian", sides["barbarian"])
    empire = _rows(f"{where} empire", sides["empire"]) if "empire" in sides else barbarian
    return D.AutomaTable(name, _NATIONS[name], barbarian, empire, str(path), False)


def _rows(where: str, rows) -> tuple[D.AutomaRow, ...]:
    if not isinstance(rows, list) or not 1 <= len(rows) <= MAX_ROWS:
        raise InvalidOptionError(f"{where}: expected a list of 1 to {MAX_ROWS} rows")
    out = tuple(_row(f"{where} row {k + 1}", row) for k, row in enumerate(rows))
    if out[0].trigger != D.AutomaTrigger.UNREST:
        raise InvalidOptionError(f"{where}: the first row must answer UNREST (I14.3)")
    return out


def _row(where: str, row) -> D.AutomaRow:
    if not isinstance(row, dict):
        raise InvalidOptionError(f"{where}: expected an object")
    unknown = set(row) - {"trigger", "names", "types", "suits", "states", "effect", "program"}
    if unknown:
        raise InvalidOptionError(f"{where}: unknown keys {sorted(unknown)}")
    try:
        trigger = D.AutomaTrigger[row.get("trigger", "")]
    except KeyError:
        raise InvalidOptionError(f"{where}: trigger must be one of {[t.name for t in D.AutomaTrigger]}") from None
    program = row.get("program")
    if not isinstance(program, str) or not program.strip():
        raise InvalidOptionError(f"{where}: 'program' must be the row's effect as program text")
    names = _words(where, row, "names", {n: n for n in _CARD_NAMES})
    types = _words(where, row, "types", _TYPES)
    suits = _words(where, row, "suits", _SUITS)
    states = _words(where, row, "states", _STATES)
    needs = {D.AutomaTrigger.NAMES: names, D.AutomaTrigger.TYPES: types, D.AutomaTrigger.SUITS: suits,
             D.AutomaTrigger.STATE: states}
    if trigger in needs and not needs[trigger]:
        raise InvalidOptionError(f"{where}: a {trigger.name} row lists what it answers")
    return D.AutomaRow(trigger, str(row.get("effect", "")), program, names, types, suits, states)


def _words(where: str, row: dict, key: str, known: dict) -> tuple:
    words = row.get(key, [])
    if not isinstance(words, list) or any(w not in known for w in words):
        raise InvalidOptionError(f"{where}: {key} must be a list of {', '.join(sorted(known)[:8])} ...")
    return tuple(known[w] for w in words)
