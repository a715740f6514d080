"""Shared pytest fixtures, and the kernel warm-up before pytest-xdist workers start."""

from __future__ import annotations

import os
import sys
import time

import numpy as np
import pytest

# A test that makes an env on a cold cache (its own NUMBA_CACHE_DIR) compiles it in its process, as
# before the first-run tier: tests/test_first_run.py tests the tier itself (`meeplegym.warmup`).
os.environ.setdefault("MEEPLEGYM_FIRST_RUN", "wait")

# ---------------------------------------------------------------- pytest-xdist (`make test`)
# numba compiles a kernel in every process that needs it until one of them has saved it to the
# cache, so two workers starting on a cold cache would both spend minutes on the same engine.
# Hence, under `-n N --dist loadfile`: the controller has every game's engine, vector API, bots
# and invariant checker compiled before the workers start, one process per game
# (`meeplegym.warmup`, what `meeplegym warmup` runs); a module goes to one worker, and modules
# sharing a costly kernel go to the same one; the modules with the costliest kernels of their
# own are handed out first. Only the speed of the run depends on the lists below, never a result.

_SAME_WORKER_AS = {"tests/scythe/test_scythe_hidden.py": "tests/scythe/test_scythe_bots.py"}  # the bots' policy_at
_ONE_UNIT_DIRS = ("tests/imperium/", "tests/oath/")  # each folder's modules share one engine
_COMPILE_FIRST = ("tests/imperium/", "tests/scythe/test_scythe_bots.py", "tests/test_vector.py",
                  "tests/scythe/test_scythe_invariants.py")


def _unit(nodeid: str) -> str:
    path = nodeid.split("::", 1)[0]
    for folder in _ONE_UNIT_DIRS:
        if path.startswith(folder):
            return folder
    return _SAME_WORKER_AS.get(path, path)


def pytest_configure(config):
    if hasattr(config, "workerinput") or config.option.collectonly:
        return
    if not getattr(config.option, "numprocesses", None) or getattr(config.option, "dist", "no") == "no":
        return
    config.option.loadscopereorder = False  # hand modules out in our order, not by size
    import meeplegym  # noqa: F401  (sets NUMBA_CACHE_DIR, which the children and the workers inherit)
    from rich.console import Console

    from meeplegym import warmup
    from meeplegym.registry import GAMES

    if all(warmup.is_warm(game, part) for game in GAMES for part in warmup.PARTS):
        return  # `make test` ran `meeplegym warmup` first
    try:
        warmup.warm_in_processes(list(GAMES), warmup.PARTS, Console(stderr=True))
    except RuntimeError as err:
        print(f"{err}\nthe tests that need it will say why", file=sys.stderr)


@pytest.hookimpl(optionalhook=True)
def pytest_xdist_make_scheduler(config, log):
    if config.option.dist != "loadfile":
        return None
    from xdist.scheduler import LoadFileScheduling

    class Scheduling(LoadFileScheduling):
        def _split_scope(self, nodeid: str) -> str:
            return _unit(nodeid)

    return Scheduling(config, log)


def pytest_collection_modifyitems(config, items):
    """In an xdist worker: the modules with the costliest kernels first (a stable sort: the
    order within a module stays)."""
    if hasattr(config, "workerinput"):
        first = {path: k for k, path in enumerate(_COMPILE_FIRST)}
        items.sort(key=lambda item: first.get(_unit(item.nodeid), len(first)))


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
