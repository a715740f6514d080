"""Variants: a designer's changes to a game's printed numbers, as data (issue 52).

A variant file is TOML: the game, a name, then one table per changed component, named by the
component's table and the component, holding the numbers to change::

    game = "scythe"
    name = "Rusviet starts with 2 power"

    [faction_mats.rusviet]
    start_power = 2

    [player_mats.industrial]
    start_coins = 5
    bottom.deploy.cost = 2

Each game's data module says what a variant may change (``VARIANT_TABLES``: each table's
components by name, and each number's allowed range) and applies the variant that
``MEEPLEGYM_VARIANT`` names when it is imported, before any rule reads its tables. The numbers
are compiled into the kernels, so a variant has compiled kernels of its own, in a cache folder
of its own (``meeplegym._numba_cache``): its first run compiles them, as a game's first run does.
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
import os
import tomllib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable

from meeplegym.errors import MeepleGymError

ENV = "MEEPLEGYM_VARIANT"
GAMES = ("scythe", "imperium", "oath")


class InvalidVariantError(MeepleGymError, ValueError):
    """A variant file that names no such game, table, component or number, or a value outside
    its range; nothing was applied."""


@dataclass(frozen=True)
class VariantTable:
    """What a variant may change in one of a game's component tables."""

    records: tuple  # the printed table (frozen dataclasses)
    key: Callable[[Any], str]  # a component's name in a variant file
    numbers: dict[str, tuple[int, int]]  # a dotted path into a component -> the allowed (low, high)
    parts: dict[str, tuple[str, ...]] = field(default_factory=dict)  # a tuple field's element names
    check: Callable[[Any], str | None] = lambda record: None  # a changed component's own consistency

    def names(self) -> list[str]:
        return [self.key(r) for r in self.records]


def read(path: str | Path) -> dict:
    """The variant in file `path`, parsed (not yet checked against a game): TOML, or the JSON a
    tournament records (``canonical``)."""
    try:
        text = Path(path).read_text()
        variant = json.loads(text) if text.lstrip().startswith("{") else tomllib.loads(text)
    except (OSError, ValueError, UnicodeDecodeError) as err:  # TOMLDecodeError and JSON's are ValueErrors
        raise InvalidVariantError(f"{path}: not a readable variant file ({err})") from None
    if not isinstance(variant, dict) or variant.get("game") not in GAMES:
        game = variant.get("game") if isinstance(variant, dict) else None
        raise InvalidVariantError(f"{path}: `game` must be one of {', '.join(GAMES)}, not {game!r}")
    if not isinstance(variant.get("name", ""), str):
        raise InvalidVariantError(f"{path}: `name` must be a string")
    return variant


def changes(variant: dict) -> dict[str, dict[str, dict]]:
    """table -> component -> nested numbers: the variant without its game and name."""
    return {k: v for k, v in variant.items() if k not in ("game", "name")}


def _flat(numbers: dict, prefix: str = "") -> dict[str, Any]:
    out = {}
    for name, value in numbers.items():
        path = f"{prefix}{name}"
        out.update(_flat(value, path + ".") if isinstance(value, dict) else {path: value})
    return out


def _check_value(where: str, value, low: int, high: int) -> None:
    values = value if isinstance(value, list) else [value]
    if not values or not all(isinstance(v, int) and not isinstance(v, bool) and low <= v <= high for v in values):
        raise InvalidVariantError(f"{where}: {value!r} is not a whole number in {low}..{high}")


def _get(obj, name: str, names: tuple[str, ...]):
    """Field `name` of a dataclass or a NamedTuple, or the element a tuple's `names` call `name`."""
    if isinstance(obj, tuple) and not hasattr(obj, "_fields"):
        return obj[names.index(name)]
    if obj is None or not hasattr(obj, name):
        raise AttributeError(name)
    return getattr(obj, name)


def _set(obj, name: str, value, names: tuple[str, ...]):
    if hasattr(obj, "_fields"):
        return obj._replace(**{name: value})
    if dataclasses.is_dataclass(obj):
        return dataclasses.replace(obj, **{name: value})
    items = list(obj)
    items[names.index(name)] = value
    return tuple(items)


def _current(obj, path: list[str], parts: dict[str, tuple[str, ...]], owner: str = ""):
    child = _get(obj, path[0], parts.get(owner, ()))
    return _current(child, path[1:], parts, path[0]) if path[1:] else child


def _replace(obj, path: list[str], value, parts: dict[str, tuple[str, ...]], owner: str = ""):
    """`obj` with the number at `path` (record fields, NamedTuple fields, a tuple's named elements) set."""
    names = parts.get(owner, ())
    child = _get(obj, path[0], names)
    if path[1:]:
        new = _replace(child, path[1:], value, parts, path[0])
    else:
        new = tuple(value) if isinstance(child, tuple) else value
    return _set(obj, path[0], new, names)


def apply(variant: dict, game: str, tables: dict[str, VariantTable]) -> dict[str, tuple]:
    """Each table of `tables` with the variant's changes made (checked first: an unknown table,
    component or number, or a value out of range, raises ``InvalidVariantError`` naming it)."""
    out = {name: t.records for name, t in tables.items()}
    if variant.get("game") != game:
        return out
    for table, components in changes(variant).items():
        if table not in tables:
            raise InvalidVariantError(f"{game} has no table {table!r} a variant can change "
                                      f"(tables: {', '.join(tables)})")
        spec = tables[table]
        if not isinstance(components, dict):
            raise InvalidVariantError(f"{table}: give components as [{table}.NAME] tables")
        records = list(out[table])
        for name, numbers in components.items():
            if name not in spec.names():
                raise InvalidVariantError(f"{table}: no component {name!r} (components: {', '.join(spec.names())})")
            k = spec.names().index(name)
            flat = _flat(numbers) if isinstance(numbers, dict) else {}
            if not flat:
                raise InvalidVariantError(f"{table}.{name}: give the numbers to change, e.g. "
                                          f"{next(iter(spec.numbers))} = ...")
            for path, value in flat.items():
                if path not in spec.numbers:
                    raise InvalidVariantError(f"{table}.{name}: no number {path!r} a variant can change "
                                              f"(numbers: {', '.join(spec.numbers)})")
                _check_value(f"{table}.{name}.{path}", value, *spec.numbers[path])
                try:
                    printed = _current(records[k], path.split("."), spec.parts)
                except (AttributeError, ValueError):
                    raise InvalidVariantError(f"{table}.{name} has no {path} to change") from None
                if not isinstance(printed, tuple) and isinstance(value, list):
                    raise InvalidVariantError(f"{table}.{name}.{path}: give one number (printed: {printed})")
                if isinstance(printed, tuple) and (not isinstance(value, list) or len(value) != len(printed)):
                    raise InvalidVariantError(f"{table}.{name}.{path}: give a list of {len(printed)} numbers "
                                              f"(printed: {list(printed)})")
                try:
                    records[k] = _replace(records[k], path.split("."), value, spec.parts)
                except ValueError as err:  # the record's own consistency check
                    raise InvalidVariantError(f"{table}.{name}.{path} = {value}: {err}") from None
            problem = spec.check(records[k])
            if problem:
                raise InvalidVariantError(f"{table}.{name}: {problem}")
        out[table] = tuple(records)
    return out


def active() -> dict | None:
    """The variant `MEEPLEGYM_VARIANT` names in this process, or None."""
    path = os.environ.get(ENV)
    return read(path) if path else None


def applied(game: str, tables: dict[str, VariantTable]) -> dict[str, tuple]:
    """The game's tables with this process's variant applied (the printed ones without one)."""
    variant = active()
    return apply(variant, game, tables) if variant else {name: t.records for name, t in tables.items()}


def digest(variant: dict) -> str:
    """A short hash of what the variant changes (not of its file's layout or comments)."""
    blob = json.dumps({"game": variant["game"], "changes": changes(variant)}, sort_keys=True)
    return hashlib.sha1(blob.encode()).hexdigest()[:12]


def describe(variant: dict) -> str:
    """The variant in one line: its name and every number it changes."""
    flat = [f"{table}.{name}.{path} = {value}" for table, components in changes(variant).items()
            for name, numbers in components.items() for path, value in _flat(numbers).items()]
    return f"{variant.get('name') or 'variant ' + digest(variant)}: " + "; ".join(flat)


def canonical(variant: dict) -> str:
    """The variant as one JSON text (its game, name and changes, keys sorted): what a tournament
    records with its games."""
    return json.dumps({"game": variant["game"], "name": variant.get("name", ""), **changes(variant)}, sort_keys=True)


def playing(game: str) -> str:
    """``canonical`` of this process's variant when it is one of `game`; "" for the printed game."""
    variant = active()
    return canonical(variant) if variant and variant["game"] == game else ""


def label(recorded: str) -> str:
    """A recorded variant (``canonical``) in words, "the printed game" for ""."""
    return f"the variant {describe(json.loads(recorded))}" if recorded else "the printed game"
