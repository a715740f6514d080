"""The observation's element roles (encoders/features.py): what a learner drops at a table of n
players (`FeatureTable.live_columns`) really never changes there. A role that named the wrong
seat or called a changing element fixed would drop something a policy needs; this catches it
over random games at each table size."""

from __future__ import annotations

import importlib

import numpy as np
import pytest

from meeplegym.encoders.features import ANY, TABLE
from meeplegym.vector import make_vector

# ("imperium", 1): the solo automa sits in relative seat 1; counted as one seat, 331 changing elements would go
TABLES = [("scythe", 2), ("scythe", 3), ("scythe", 5), ("imperium", 1), ("imperium", 2), ("imperium", 3), ("oath", 2),
          ("oath", 3)]


def _observed_range(game: str, n: int, decisions: int):
    """The lowest and highest value of each element over `decisions` random decisions of 16 games,
    seen from every seat in turn."""
    venv = make_vector(game, 16, num_players=n, seed=7, observations=True)
    rng = np.random.default_rng(0)
    low = high = None
    for t in range(decisions):
        seats = (np.arange(venv.batch) + t) % n
        obs = venv.observe(np.arange(venv.batch), seats)
        low = obs.min(0) if low is None else np.minimum(low, obs.min(0))
        high = obs.max(0) if high is None else np.maximum(high, obs.max(0))
        masks = venv.last_step.action_mask
        venv.step(np.array([rng.choice(np.flatnonzero(m)) for m in masks]))
    return low, high


@pytest.mark.parametrize("game, n", TABLES)
def test_what_a_table_drops_never_changes_there(game, n):
    encoder = importlib.import_module(f"meeplegym.encoders.{game}")
    table = encoder.FEATURES
    live = encoder.live_columns(n)
    dropped = np.setdiff1d(np.arange(table.size), live)
    low, high = _observed_range(game, n, 300)
    changed = dropped[low[dropped] != high[dropped]]
    names = sorted({f.name for f in table.features for c in changed if f.offset <= c < f.offset + f.size})
    assert changed.size == 0, f"{changed.size} dropped elements change at a {n}-player table, in {names}"
    assert (low[live] != high[live]).any()


def test_roles_tile_and_count_seats():
    from meeplegym.encoders import scythe

    roles = scythe.FEATURES.roles()
    assert roles.shape == (scythe.OBS_SIZE,) and set(np.unique(roles)) <= {ANY, TABLE, 0, 1, 2, 3, 4}
    two, five = scythe.live_columns(2), scythe.live_columns(5)
    assert np.isin(two, five).all() and two.size < five.size < scythe.OBS_SIZE  # the map is fixed at every table
    terrain = scythe.FEATURES["location.terrain"]
    assert not np.isin(np.arange(terrain.offset, terrain.offset + terrain.size), five).any()
