"""Fields of a numpy structured record <-> JSON values, with validation: the generic half of a
game's ``state_json`` (the game adds names, card ids and its own consistency checks).

`to_json` writes a field (scalar or array) as an int or nested lists, mapping each element
through an optional converter (e.g. a card index to its id); `from_json` reads such a value
back into an array of the field's shape and dtype, checking the nesting, each element's type
and the dtype's range, with errors that name the path ("cards.JPN22.owner: ...").
"""

from __future__ import annotations

from numbers import Integral
from typing import Any, Callable

import numpy as np

from meeplegym.errors import InvalidStateError


def is_int(v) -> bool:
    """An integer as JSON (or numpy) spells it; bools and floats are not integers here."""
    return isinstance(v, Integral) and not isinstance(v, (bool, np.bool_))


def int_in(v, where: str, lo: int, hi: int) -> int:
    if not is_int(v):
        raise InvalidStateError(f"{where}: expected an integer, got {v!r}")
    if not lo <= int(v) <= hi:
        raise InvalidStateError(f"{where}: {int(v)} outside {lo}..{hi}")
    return int(v)


def dtype_range(dtype) -> tuple[int, int]:
    info = np.iinfo(dtype)
    return int(info.min), int(info.max)


def to_json(value, element: Callable[[int], Any] = int):
    """A scalar or array field as an int / nested lists, each element through `element`."""
    a = np.asarray(value)
    if a.ndim == 0:
        return element(int(a))
    return [to_json(x, element) for x in a]


def from_json(value, shape: tuple[int, ...], dtype, where: str,
              element: Callable[[Any, str], int] | None = None) -> np.ndarray:
    """Nested lists of exactly `shape` (a bare value for a scalar) as an array of `dtype`.
    `element(v, where)` turns one JSON value into an int; by default it must be an integer
    within the dtype's range."""
    lo, hi = dtype_range(dtype)
    out = np.zeros(shape, dtype=dtype)

    def read(v, at: str) -> int:
        k = element(v, at) if element is not None else int_in(v, at, lo, hi)
        return int_in(k, at, lo, hi)

    if not shape:
        out[()] = read(value, where)
        return out
    stack = [((), value)]
    while stack:
        index, v = stack.pop()
        at = where + "".join(f"[{i}]" for i in index)
        if len(index) == len(shape):
            out[index] = read(v, at)
            continue
        size = shape[len(index)]
        if not isinstance(v, list) or len(v) != size:
            got = f"{len(v)} entries" if isinstance(v, list) else type(v).__name__
            raise InvalidStateError(f"{at}: expected a list of {size}, got {got}")
        stack.extend(((*index, i), x) for i, x in enumerate(v))
    return out


class Fields:
    """A dict being read, with the path of every error and a check for unknown keys."""

    def __init__(self, d: Any, path: str):
        if not isinstance(d, dict):
            raise InvalidStateError(f"{path or 'state'}: expected an object, got {type(d).__name__}")
        self.d = d
        self.path = path

    def where(self, key) -> str:
        return f"{self.path}.{key}" if self.path else str(key)

    def get(self, key):
        if key not in self.d:
            raise InvalidStateError(f"{self.where(key)}: missing")
        return self.d[key]

    def only(self, allowed) -> None:
        extra = sorted(str(k) for k in set(self.d) - set(allowed))
        if extra:
            raise InvalidStateError(f"{self.path or 'state'}: unknown keys {', '.join(map(repr, extra))}")


# ---------------------------------------------------------------- piles and per-card fields
# Both card games (Imperium, Oath) save a state the same way: a pile with a count lists its live
# part only, and the per-card fields are gathered per card, each card listing where it differs
# from the most common value. `field(name, value, shape, where)` reads one field's JSON value
# (the game's names and ids included) into an array.

FieldReader = Callable[[str, Any, tuple, str], np.ndarray]


def trimmed(values) -> list[int]:
    """A list of ints without its trailing zeros."""
    values = [int(v) for v in values]
    while values and values[-1] == 0:
        values.pop()
    return values


def live_to_json(a, count, write: Callable[[int], Any]):
    """A pile (or a row of piles) up to its count, and what lies beyond it (trailing zeros
    dropped; None when there is nothing): (live, scratch)."""
    if a.ndim == 1:
        n = int(count)
        rest = trimmed(a[n:])
        return to_json(a[:n], write), rest or None
    rest = [trimmed(row[int(k):]) for row, k in zip(a, count)]
    return [to_json(row[: int(k)], write) for row, k in zip(a, count)], rest if any(rest) else None


def read_live(s, name: str, count_name: str, value, rest, field: FieldReader) -> None:
    """An array listed up to its count, then the scratch beyond it (zeros when left out)."""
    a = s[name]
    cap = a.shape[-1]
    counts = np.atleast_1d(s[count_name])
    if rest is None or (a.ndim == 2 and rest == []):
        rest = [] if a.ndim == 1 else [[] for _ in counts]
    rows = [value] if a.ndim == 1 else value
    rests = [rest] if a.ndim == 1 else rest
    if not isinstance(rows, list) or len(rows) != len(counts):
        raise InvalidStateError(f"{name}: expected a list of {len(counts)} lists")
    if not isinstance(rests, list) or len(rests) != len(counts):
        raise InvalidStateError(f"scratch.{name}: expected {len(counts)} lists")
    for k, (live, tail, n) in enumerate(zip(rows, rests, counts)):
        where = name if a.ndim == 1 else f"{name}[{k}]"
        if not 0 <= n <= cap:
            raise InvalidStateError(f"{count_name}: {int(n)} outside 0..{cap}")
        if not isinstance(live, list) or len(live) != n:
            got = f"{len(live)} entries" if isinstance(live, list) else type(live).__name__
            raise InvalidStateError(f"{where}: expected {int(n)} entries ({count_name}), got {got}")
        if not isinstance(tail, list) or n + len(tail) > cap:
            raise InvalidStateError(f"scratch.{where}: expected a list of at most {cap - n} integers")
        row = a if a.ndim == 1 else a[k]
        row[:n] = field(name, live, (int(n),), where)
        row[n: n + len(tail)] = from_json(tail, (len(tail),), a.dtype, f"scratch.{where}")


def cards_to_json(s, card_fields, card_ids, writer: Callable[[str], Callable[[int], Any]]):
    """The per-card fields as (card_defaults, cards): each field's most common value, and by card
    id the fields where a card differs. card_ids[c] names card c (None: not a card, skipped)."""
    defaults = {}
    for name in card_fields:
        values = [to_json(v, writer(name)) for c, v in enumerate(s[name]) if card_ids[c] is not None]
        counts: dict[str, int] = {}
        for v in values:
            counts[repr(v)] = counts.get(repr(v), 0) + 1
        top = max(counts, key=counts.get)
        defaults[name] = next(v for v in values if repr(v) == top)
    cards = {}
    for c, card_id in enumerate(card_ids):
        if card_id is None:
            continue
        own = {}
        for name in card_fields:
            v = to_json(s[name][c], writer(name))
            if v != defaults[name]:
                own[name] = v
        if own:
            cards[card_id] = own
    return defaults, cards


def read_cards(s, r: Fields, card_fields, card_index: dict[str, int], field: FieldReader) -> None:
    """The per-card fields from ``card_defaults`` and ``cards`` (see `cards_to_json`); rows that
    are not cards stay zero."""
    defaults = Fields(r.get("card_defaults"), "card_defaults")
    defaults.only(card_fields)
    rows = np.fromiter(card_index.values(), dtype=np.int64)
    for name in card_fields:
        s[name][rows] = field(name, defaults.get(name), s[name].shape[1:], defaults.where(name))
    cards = Fields(r.get("cards"), "cards")
    for card_id, fields in cards.d.items():
        if card_id not in card_index:
            raise InvalidStateError(f"cards: unknown card id {card_id!r}")
        c = card_index[card_id]
        f = Fields(fields, cards.where(card_id))
        f.only(card_fields)
        for name in f.d:
            s[name][c] = field(name, f.d[name], s[name].shape[1:], f.where(name))
