"""Shared pytest fixtures."""

from __future__ import annotations

import time

import numpy as np
import pytest


@pytest.fixture(scope="session")
def scythe_kernels():
    """Compile (or load from numba's cache) the Scythe kernels once per session.

    Returns the seconds it took, so a slow cold compile shows up in the setup time of the first
    test that asks for it (``--durations``) rather than inside a test's own timing.
    """
    from meeplegym.envs.scythe import engine

    start = time.perf_counter()
    states = engine.new_game(2, 0)
    choosers = engine.random_words([1])
    decisions = np.zeros(1, dtype=np.int64)
    engine.play_random(states, choosers, 5, decisions)
    return time.perf_counter() - start
