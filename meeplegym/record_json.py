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

from meeplegym import programs as P
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


def check_value_ranges(s, ranges: dict[str, tuple[int, int]], card_names=()) -> None:
    """Every element of each field in `ranges` ({field: (lowest, highest)}) lies in its range; the
    error names the first that does not: ``exhausted of JPN22: 5 outside 0..1`` for a field per
    card (first axis as long as `card_names`), ``pool[1][2]: ...`` for the others."""
    for name, (lo, hi) in ranges.items():
        values = np.asarray(s[name])
        bad = np.argwhere((values < lo) | (values > hi))
        if not len(bad):
            continue
        at = tuple(int(i) for i in bad[0])
        if values.ndim and len(card_names) == values.shape[0]:
            where = f"{name} of {card_names[at[0]]}" + "".join(f"[{i}]" for i in at[1:])
        else:
            where = name + "".join(f"[{i}]" for i in at)
        raise InvalidStateError(f"{where}: {int(values[at])} outside {lo}..{hi}")


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


class RecordCodec:
    """One game's state record <-> dict, the way both card games write theirs: the meta keys
    (``game``, ``format``), every field that is not per card as a top-level key (a pile with a
    count as its live part, what lies beyond kept under ``scratch``), and the per-card fields as
    ``card_defaults`` and ``cards``. The game supplies the names: ``writer(name)`` maps a field's
    element to JSON, ``reader(name)`` maps it back (None: a plain integer), and ``special``
    writes a field its own way (a program counter as a program's name). The game's own
    consistency checks run on what ``from_dict`` returns."""

    META_KEYS = ("game", "format", "card_defaults", "cards", "scratch")

    def __init__(self, game: str, version: int, dtype, card_names, live_count: dict[str, str],
                 writer: Callable[[str], Callable[[int], Any]], reader: Callable[[str], Any], derived=(),
                 special: dict[str, Callable[[Any], Any]] | None = None):
        assert not set(self.META_KEYS) & set(dtype.names), "a state field shadows a key of the state dict"
        self.game, self.version, self.dtype = game, version, dtype
        self.card_names = tuple(card_names)
        self.card_index = {name: c for c, name in enumerate(self.card_names) if name is not None}
        saved = tuple(n for n in dtype.names if n not in derived)
        self.card_fields = tuple(n for n in saved if dtype[n].shape[:1] == (len(self.card_names),))
        self.other_fields = tuple(n for n in saved if n not in self.card_fields)
        self.live_count = dict(live_count)
        self.writer, self.reader = writer, reader
        self.special = dict(special or {})

    def field(self, name: str, value, shape, where: str) -> np.ndarray:
        return from_json(value, tuple(shape), self.dtype[name].base, where, self.reader(name))

    def to_dict(self, s) -> dict[str, Any]:
        out: dict[str, Any] = {"game": self.game, "format": self.version}
        scratch: dict[str, Any] = {}
        for name in self.other_fields:
            if name in self.live_count:
                if name in self.special:  # (live, rest), written by the game
                    out[name], rest = self.special[name](s)
                else:
                    out[name], rest = live_to_json(s[name], s[self.live_count[name]], self.writer(name))
                if rest:
                    scratch[name] = rest
            elif name in self.special:
                out[name] = self.special[name](s)
            else:
                out[name] = to_json(s[name], self.writer(name))
        out["card_defaults"], out["cards"] = cards_to_json(s, self.card_fields, self.card_names, self.writer)
        if scratch:
            out["scratch"] = scratch
        return out

    def from_dict(self, d) -> np.ndarray:
        """A one-record array holding what the dict says, every key, shape, type and range
        checked (the game's consistency checks are still to run)."""
        r = Fields(d, "")
        r.only(self.META_KEYS + self.other_fields)
        if r.get("game") != self.game:
            raise InvalidStateError(f"game: expected {self.game!r}, got {r.get('game')!r}")
        if not is_int(r.get("format")) or r.get("format") != self.version:
            raise InvalidStateError(f"format: this version reads format {self.version}, got {r.get('format')!r}")
        out = np.zeros(1, dtype=self.dtype)
        s = out[0]
        for name in self.other_fields:
            if name not in self.live_count:
                s[name] = self.field(name, r.get(name), self.dtype[name].shape, name)
        scratch = Fields(d.get("scratch", {}), "scratch")
        scratch.only(self.live_count)
        for name, count_name in self.live_count.items():
            read_live(s, name, count_name, r.get(name), scratch.d.get(name), self.field)
        read_cards(s, r, self.card_fields, self.card_index, self.field)
        return out


# ---------------------------------------------------------------- names for numbers
def named_writer(names) -> Callable[[int], Any]:
    """An enum value as its name (-1 as null; a value past the names as itself, which the
    loader then refuses)."""
    return lambda v: names[v] if 0 <= v < len(names) else None if v == -1 else v


def named_reader(names, none: int | None = -1) -> Callable[[Any, str], int]:
    """A name back to its value; null reads as `none` (refused when `none` is None)."""
    def named(v, where: str) -> int:
        if v is None and none is not None:
            return none
        if not isinstance(v, str) or v not in names:
            raise InvalidStateError(f"{where}: {v!r} is not one of {', '.join(names)}")
        return names.index(v)
    return named


def card_reader(index: dict[str, int], none: int, what: str, examples: str) -> Callable[[Any, str], int]:
    """A card's name or id back to its index in the record (`index`); null reads as `none`."""
    def card(v, where: str) -> int:
        if v is None:
            return none
        if not isinstance(v, str) or v not in index:
            raise InvalidStateError(f"{where}: unknown {what} {v!r} (e.g. {examples})")
        return index[v]
    return card


class Programs:
    """An effect-code table's programs by name (name -> first row; a program runs to its END row,
    ``programs.OP_END``, and END rows only close programs), so that a saved program counter names
    its program and its row within it (["Tavern Songs action", 2]) and stays valid when other
    programs are added to the table. `empty` names row 0 where the game gives it a name."""

    def __init__(self, code, starts: dict[str, int], example: str, empty: str | None = None):
        self.code, self.starts, self.example, self.empty = code, starts, example, empty

    def end(self, start: int) -> int:
        """The END row closing the program that starts at `start`."""
        end = start
        while self.code[end][P.COL_OP] != P.OP_END:
            end += 1
        return end

    def locate(self, pc: int, candidates) -> list | None:
        """[name, row] in the first program of `candidates` ((name, start) pairs) that holds pc."""
        for name, start in candidates:
            if 0 < start <= pc <= self.end(start):
                return [name, pc - start]
        return None

    def read(self, v, where: str) -> int:
        """A program counter back from [program, row] (or a bare row)."""
        if is_int(v):
            return int_in(v, where, 0, len(self.code) - 1)
        if not (isinstance(v, list) and len(v) == 2 and isinstance(v[0], str) and is_int(v[1])):
            raise InvalidStateError(f"{where}: expected [program, row] such as {self.example}, got {v!r}")
        name, row = v
        if name == self.empty:
            return int_in(row, where, 0, 0)
        if name not in self.starts:
            raise InvalidStateError(f"{where}: unknown program {name!r}")
        start = self.starts[name]
        return start + int_in(row, f"{where}[1]", 0, self.end(start) - start)
