"""A feature table: named, documented slices of a flat observation vector (shared by all games).

Each element also has a role, so a learner can drop what cannot change at its table: ``ANY`` (it
may change in any game), ``TABLE`` (fixed by the table: the map, the player count), or a relative
seat k >= 0 (it describes the k-th seat from the observer's, and stays 0 at a table of k seats
or fewer). `FeatureTable.live_columns(n)` keeps the elements that may change at a table of n.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from meeplegym.jit import kernel


ANY = -1  # an element's role: it may change in any game
TABLE = -2  # an element's role: fixed by the table (the map, the number of players), the same all game long


def seat_major(max_players: int, inner: int = 1) -> tuple[int, ...]:
    """The roles of a per-seat block laid out seat by seat, `inner` values each: (0, 0, 1, 1, ...)."""
    return tuple(seat for seat in range(max_players) for _ in range(inner))


def varying(n: int) -> tuple[int, ...]:
    """The roles of `n` elements that may change in any game."""
    return (ANY,) * n


def fixed(n: int) -> tuple[int, ...]:
    """The roles of `n` elements fixed by the table."""
    return (TABLE,) * n


@dataclass(frozen=True)
class Feature:
    name: str
    offset: int
    size: int
    meaning: str
    high: tuple[float, ...]  # the largest value of each element of one repeating group, tiled over the feature
    roles: tuple[int, ...] = (ANY,)  # each element's role (ANY, TABLE or a relative seat) in one group, tiled alike
    entity: str | None = None  # laid out entity by entity over that kind's entities (FeatureTable.entities)


@dataclass(frozen=True)
class EntityRows:
    """The elements about each entity of one kind (a location, a card, a seat) that a table has,
    as rows of equal width: what a shared per-entity encoder reads (agents/entity_input.py)."""

    kind: str
    ids: np.ndarray  # (rows,): which of the kind's entities the rows are (a table lacks some seats)
    columns: np.ndarray  # (rows, width): each one's elements, as positions in the live layout
    features: tuple[str, ...]  # (width,): the feature each of a row's elements belongs to
    adjacency: np.ndarray | None  # (rows, rows) bool: the board joins them (None: no board among them)


class FeatureTable:
    """Append features in order; each `add` returns the new feature's offset. Every value is
    at least 0 and at most its feature's `high`: the observation space's bounds.

    `entities` names the kinds of entity the observation describes one by one, with how many
    there are: a feature added with ``entity=kind`` holds ``size // count`` values about each,
    entity after entity, and `entity_rows` gathers each entity's values from all such features."""

    def __init__(self, entities: dict[str, int] | None = None) -> None:
        self.features: list[Feature] = []
        self.size = 0
        self.entities = dict(entities or {})

    def add(self, name: str, size: int, meaning: str, high=1, roles=ANY, entity: str | None = None) -> int:
        """`high`: the largest value an element can take, in any state the game's loader accepts:
        one number for every element (1: flags and one-hots), or the values of one repeating
        group (per seat, per location ...) in order, tiled over the feature. `roles`: each
        element's role (module doc), one for all or a repeating group tiled the same way.
        `entity`: the kind of entity whose values the feature lays out one entity after another."""
        group = tuple(float(h) for h in np.atleast_1d(high))
        role_group = tuple(int(r) for r in np.atleast_1d(roles))
        for what, g in (("bounds", group), ("roles", role_group)):
            if size % len(g):
                raise ValueError(f"{name}: a group of {len(g)} {what} does not tile {size} values")
        if entity is not None and size % self.entities[entity]:
            raise ValueError(f"{name}: {size} values do not split over {self.entities[entity]} {entity} entities")
        offset = self.size
        self.features.append(Feature(name, offset, size, meaning, group, role_group, entity))
        self.size += size
        return offset

    def entity_rows(self, kind: str, seats: int, adjacency: np.ndarray | None = None) -> EntityRows:
        """`kind`'s entities at a table of `seats` seats, each as the positions in the live layout
        (`live_columns`) of its values in every feature of that kind, in table order. An entity
        none of whose values can change there (a seat the table lacks) has no row; the rows keep
        the same elements of each entity (the ones about the table's seats). `adjacency`: the
        kind's (count, count) board, cut to the rows."""
        live = self.live_columns(seats)
        position = np.full(self.size, -1, dtype=np.int64)
        position[live] = np.arange(live.size)
        count = self.entities[kind]
        mine = [f for f in self.features if f.entity == kind]
        if not mine:
            raise KeyError(f"no feature describes {kind!r} entities")
        at = position[np.concatenate([np.arange(f.offset, f.offset + f.size).reshape(count, -1) for f in mine], axis=1)]
        names = np.array([f.name for f in mine for _ in range(f.size // count)])
        ids = np.flatnonzero((at >= 0).any(axis=1))
        kept = at[ids] >= 0
        if not (kept == kept[0]).all():
            raise ValueError(f"{kind}: the entities keep different elements at a table of {seats} seats")
        return EntityRows(kind, ids, at[ids][:, kept[0]], tuple(names[kept[0]].tolist()),
                          None if adjacency is None else np.asarray(adjacency, dtype=bool)[np.ix_(ids, ids)])

    def entity_tables(self, seats: int, adjacency: dict | None = None) -> list[EntityRows]:
        """`entity_rows` of every kind, in `entities` order; `adjacency`: the boards by kind."""
        return [self.entity_rows(kind, seats, (adjacency or {}).get(kind)) for kind in self.entities]

    def entity_columns(self, seats: int) -> np.ndarray:
        """The live layout's positions of every element about an entity (the rest: global)."""
        live = self.live_columns(seats)
        about = np.zeros(self.size, dtype=bool)
        for f in self.features:
            about[f.offset:f.offset + f.size] |= f.entity is not None
        return np.flatnonzero(about[live])

    def high(self) -> np.ndarray:
        """Every element's upper bound, as the observation vector lays them out (float32)."""
        return np.concatenate([np.tile(f.high, f.size // len(f.high)) for f in self.features]).astype(np.float32)

    def roles(self) -> np.ndarray:
        """Every element's role, as the observation vector lays them out (int64)."""
        return np.concatenate([np.tile(f.roles, f.size // len(f.roles)) for f in self.features]).astype(np.int64)

    def live_columns(self, seats: int) -> np.ndarray:
        """The elements that may change at a table of `seats` seats (ascending indices): not fixed
        by the table, and not about a relative seat the table does not have. (A seat is a player's
        or, in Imperium's solo game, the automa's: each encoder's ``live_columns(num_players)``
        says how many a table has.)"""
        roles = self.roles()
        return np.flatnonzero((roles == ANY) | ((roles >= 0) & (roles < seats)))

    def __getitem__(self, name: str) -> Feature:
        for f in self.features:
            if f.name == name:
                return f
        raise KeyError(name)

    def markdown(self) -> str:
        rows = ["| feature | offset | size | at most | varies | per entity | meaning |", "|---|---|---|---|---|---|---|"]
        rows += [f"| `{f.name}` | {f.offset} | {f.size} | {_bounds(f.high)} | {_roles(f.roles)} | "
                 f"{'' if f.entity is None else f'{f.entity} ({self.entities[f.entity]})'} | {f.meaning} |"
                 for f in self.features]
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


def _roles(group: tuple[int, ...]) -> str:
    """A group's roles for the table: "yes", "per seat" (only at the table's seats), "no" (fixed
    by the table), or those that mix, in that order."""
    kinds = {"yes" if r == ANY else "no" if r == TABLE else "per seat" for r in group}
    return ", ".join(k for k in ("yes", "per seat", "no") if k in kinds)


@kernel
def relative_seat(seat, p, n):
    """p's seat counted from the observing seat: 0 is the seat itself, 1 the next in turn order
    (ints: state fields are int8, and pure-Python runs must not overflow)."""
    return (int(p) - int(seat) + int(n)) % int(n)


@kernel
def nonzero_entries(observations, columns):
    """(where, values): row b's nonzero entries among observations[b, columns], in column order,
    each numbered by its place in `columns`; rows padded with zeros to the widest (at least 1).
    A learner's sparse first layer reads a live layout this way, without copying it out first."""
    rows, size = observations.shape[0], columns.shape[0]
    # one pass over the observations: the entries go to a flat scratch as long as the whole batch
    # (untouched beyond the entries, so it costs what they do), then into their rows
    found_at = np.empty(rows * size, dtype=np.int64)
    found = np.empty(rows * size, dtype=np.float32)
    counts = np.zeros(rows, dtype=np.int64)
    n = 0
    for b in range(rows):
        for k in range(size):
            x = observations[b, columns[k]]
            if x != 0:
                found_at[n] = k
                found[n] = x
                n += 1
        counts[b] = n
    width = max(1, (counts - np.concatenate((np.zeros(1, np.int64), counts[:-1]))).max()) if rows else 1
    where = np.zeros((rows, width), dtype=np.int64)
    values = np.zeros((rows, width), dtype=np.float32)
    start = 0
    for b in range(rows):
        for i in range(start, counts[b]):
            where[b, i - start] = found_at[i]
            values[b, i - start] = found[i]
        start = counts[b]
    return where, values
