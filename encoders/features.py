"""A feature table: named, documented slices of a flat observation vector (shared by all games)."""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from meeplegym.jit import kernel


@dataclass(frozen=True)
class Feature:
    name: str
    offset: int
    size: int
    meaning: str
    high: tuple[float, ...]  # the largest value of each element of one repeating group, tiled over the feature


class FeatureTable:
    """Append features in order; each `add` returns the new feature's offset. Every value is
    at least 0 and at most its feature's `high`: the observation space's bounds."""

    def __init__(self) -> None:
        self.features: list[Feature] = []
        self.size = 0

    def add(self, name: str, size: int, meaning: str, high=1) -> int:
        """`high`: the largest value an element can take, in any state the game's loader accepts:
        one number for every element (1: flags and one-hots), or the values of one repeating
        group (per seat, per location ...) in order, tiled over the feature."""
        group = tuple(float(h) for h in np.atleast_1d(high))
        if size % len(group):
            raise ValueError(f"{name}: a group of {len(group)} bounds does not tile {size} values")
        offset = self.size
        self.features.append(Feature(name, offset, size, meaning, group))
        self.size += size
        return offset

    def high(self) -> np.ndarray:
        """Every element's upper bound, as the observation vector lays them out (float32)."""
        return np.concatenate([np.tile(f.high, f.size // len(f.high)) for f in self.features]).astype(np.float32)

    def __getitem__(self, name: str) -> Feature:
        for f in self.features:
            if f.name == name:
                return f
        raise KeyError(name)

    def markdown(self) -> str:
        rows = ["| feature | offset | size | at most | meaning |", "|---|---|---|---|---|"]
        rows += [f"| `{f.name}` | {f.offset} | {f.size} | {_bounds(f.high)} | {f.meaning} |" for f in self.features]
        return "\n".join(rows)


def _bounds(group: tuple[float, ...]) -> str:
    """A group's bounds for the table: "1", or runs in order, "(1×3, 4, 8)"."""
    if len(set(group)) == 1:
        return f"{group[0]:,.0f}"
    runs: list[list] = []
    for h in group:
        if runs and runs[-1][0] == h:
            runs[-1][1] += 1
        else:
            runs.append([h, 1])
    return "(" + ", ".join(f"{h:,.0f}×{n}" if n > 1 else f"{h:,.0f}" for h, n in runs) + ")"


@kernel
def relative_seat(seat, p, n):
    """p's seat counted from the observing seat: 0 is the seat itself, 1 the next in turn order
    (ints: state fields are int8, and pure-Python runs must not overflow)."""
    return (int(p) - int(seat) + int(n)) % int(n)
