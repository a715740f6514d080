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
