"""A feature table: named, documented slices of a flat observation vector (shared by all games)."""

from __future__ import annotations

from dataclasses import dataclass

from meeplegym.jit import kernel


@dataclass(frozen=True)
class Feature:
    name: str
    offset: int
    size: int
    meaning: str


class FeatureTable:
    """Append features in order; each `add` returns the new feature's offset."""

    def __init__(self) -> None:
        self.features: list[Feature] = []
        self.size = 0

    def add(self, name: str, size: int, meaning: str) -> int:
        offset = self.size
        self.features.append(Feature(name, offset, size, meaning))
        self.size += size
        return offset

    def __getitem__(self, name: str) -> Feature:
        for f in self.features:
            if f.name == name:
                return f
        raise KeyError(name)

    def markdown(self) -> str:
        rows = ["| feature | offset | size | meaning |", "|---|---|---|---|"]
        rows += [f"| `{f.name}` | {f.offset} | {f.size} | {f.meaning} |" for f in self.features]
        return "\n".join(rows)


@kernel
def relative_seat(seat, p, n):
    """p's seat counted from the observing seat: 0 is the seat itself, 1 the next in turn order
    (ints: state fields are int8, and pure-Python runs must not overflow)."""
    return (int(p) - int(seat) + int(n)) % int(n)
