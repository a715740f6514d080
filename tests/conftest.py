"""Shared pytest fixtures, and the kernel warm-up before pytest-xdist workers start."""

from __future__ import annotations

import subprocess
import sys
import time

import numpy as np
import pytest


# ---------------------------------------------------------------- pytest-xdist (`make test`)
# numba compiles a kernel in every process that needs it until one of them has saved it to the
# cache, so two workers starting on a cold cache would both spend minutes on the same engine.
# Hence, under `-n N --dist loadfile`: the controller compiles what nearly every test needs
# before the workers start (the Scythe engine and env paths here, the invariant checker and the
# Imperium kernels in two processes beside it); a module goes to one worker, and modules sharing
# a costly kernel go to the same one; the modules with the costliest kernels of their own are
# handed out first. Only the speed of the run depends on the lists below, never a result.

_WARM_CHECKER = r"""
import numpy as np
from meeplegym.envs.scythe import engine, invariants as inv
states = engine.new_game(2, 0)
s = states[0]
inv.check(s), inv.explain(s), inv.explain(s, strict=False), inv.check_at(states, 0), inv.check_step(s, s)
inv.check_into(s, np.zeros(2, np.int64)), inv.check_batch(states, np.zeros(1, np.int64))
"""

# The Imperium engine, its observation encoder and env path, compiled in a third process beside
# the two above, so that the Imperium unit and the modules outside tests/imperium/ that play
# Imperium (test_vector.py, test_docs.py ...) do not each compile them in their own worker.
_WARM_IMPERIUM = r"""
import numpy as np
from meeplegym.envs import imperium_v0
from meeplegym.envs.imperium import engine, invariants
s = engine.new_game(2, 0)[0]
invariants.check(s)
env = imperium_v0.env(num_players=2)
env.reset(seed=0)
obs, *_ = env.last()
env.step(int(np.flatnonzero(obs["action_mask"])[0]))
"""

_SAME_WORKER_AS = {"tests/scythe/test_hidden.py": "tests/scythe/test_bots.py"}  # the bots' policy_at
_ONE_UNIT_DIRS = ("tests/imperium/", "tests/oath/")  # each folder's modules share one engine
_COMPILE_FIRST = ("tests/imperium/", "tests/scythe/test_bots.py", "tests/test_vector.py",
                  "tests/scythe/test_invariants.py")


def _unit(nodeid: str) -> str:
    path = nodeid.split("::", 1)[0]
    for folder in _ONE_UNIT_DIRS:
        if path.startswith(folder):
            return folder
    return _SAME_WORKER_AS.get(path, path)


def _warm_engine_and_env() -> None:
    from meeplegym.envs import scythe_v0
    from meeplegym.envs.scythe import engine

    states = engine.new_game(2, 0)
    engine.play_random(states, engine.random_words([1]), 5, np.zeros(1, dtype=np.int64))
    env = scythe_v0.env(num_players=2)
    env.reset(seed=0)
    obs, *_ = env.last()
    env.step(int(np.flatnonzero(obs["action_mask"])[0]))
    env.unwrapped.load_state_dict(env.unwrapped.state_to_dict())


def pytest_configure(config):
    if hasattr(config, "workerinput") or config.option.collectonly:
        return
    if not getattr(config.option, "numprocesses", None) or getattr(config.option, "dist", "no") == "no":
        return
    if config.args and all("imperium" in arg for arg in config.args):
        return  # no Scythe test in this run
    config.option.loadscopereorder = False  # hand modules out in our order, not by size
    import meeplegym  # noqa: F401  (sets NUMBA_CACHE_DIR, which the child and the workers inherit)

    start = time.perf_counter()
    helpers = [subprocess.Popen([sys.executable, "-c", code]) for code in (_WARM_CHECKER, _WARM_IMPERIUM)]
    _warm_engine_and_env()
    for helper in helpers:
        helper.wait()
    took = time.perf_counter() - start
    if took > 5:
        print(f"compiled the shared Scythe and Imperium kernels before starting the workers ({took:.0f} s)",
              file=sys.stderr)


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
