"""Compile time is a budget (issue 45): each kernel is compiled for a few argument types at most.

numba compiles a function once per distinct signature, and every one of those compiles carries
the function's whole callee tree. Calls typed by literal value or integer width once gave
helpers 14-29 signatures each (``zones.put``, ``queue_event``, ``_pick_loop``); ``meeplegym.jit``
types such calls as int64. This test plays what a user meets first in every game (the env, the
vector API, the bots, the checker), then reads numba's cache index of every meeplegym kernel: the
signatures compiled from the present sources, by this run and by any before it.
"""

from __future__ import annotations

import os
import sys

import pytest

from meeplegym import warmup
from meeplegym.registry import GAMES

MAX_SIGNATURES = 4
# Kernels allowed more, and why: numba types a record's sub-array by its shape, so a helper over
# piles of several sizes is compiled once per size. Both are a few lines with no callee.
ALLOWED = {
    "meeplegym.rng.shuffle": 8,  # the three games' state records x their piles (decks, bags, pools)
    "meeplegym.envs.oath.hidden._renumber": 6,  # the world deck, discards, relic deck, Reliquary, drawn
}

pytestmark = pytest.mark.skipif(os.environ.get("NUMBA_DISABLE_JIT") == "1", reason="no compiled kernels")


def _kernels():
    from numba.core.registry import CPUDispatcher

    for name, module in list(sys.modules.items()):
        if not name.startswith("meeplegym.") or module is None:
            continue
        for attr, value in vars(module).items():
            if isinstance(value, CPUDispatcher) and value.py_func.__module__ == name:
                yield f"{name}.{attr}", value


def test_no_kernel_is_compiled_for_more_than_a_few_signatures():
    for game in GAMES:
        warmup.warm(game)
    counts = {name: len(kernel._cache._cache_file._load_index()) for name, kernel in _kernels()}
    assert len(counts) > 500 and sum(counts.values()) > 500  # the games' kernels were found and compiled
    over = {name: n for name, n in counts.items() if n > ALLOWED.get(name, MAX_SIGNATURES)}
    assert not over, f"kernels compiled for more than {MAX_SIGNATURES} signatures: {over}"


def _kernel_graph():
    from tests.benchmark_scripts import load

    return load("kernel_graph", "meeplegym_kernel_graph").Graph()


def test_no_thin_kernel_with_one_caller_is_compiled_alone():
    """Each such layer costs a compile of everything below it (docs/architecture.md): a kernel of
    at most 20 lines, called by one kernel and over ten or more, is a @shell_kernel."""
    graph = _kernel_graph()
    assert len(graph.kernels) > 1000 and any(graph.calls.values())  # the graph was read
    assert graph.callers["meeplegym.envs.imperium.rules.steps._step"]  # calls across modules resolve
    assert "meeplegym.envs.oath.engine.apply_at" in graph.callers["meeplegym.envs.oath.rules.turn.apply"]  # templates
    assert graph.thin_layers(max_lines=20, min_tree=10) == []
