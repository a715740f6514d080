"""The compiled Scythe engine and the same code run as plain Python (NUMBA_DISABLE_JIT=1) agree.

A child interpreter with NUMBA_DISABLE_JIT=1 runs the same script as this (compiled) process:

- a few seeded random games with ``engine.play_random``, printing the sha256 of the whole batch
  after every chunk of decisions (the first mismatch says roughly where the two runs part);
- short games under ``invariants.play_random_checked`` (every invariant after every decision);
- the invariant checker on real states with one field corrupted, code by code, so the debugging
  mode's checks are the compiled ones.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

from meeplegym.envs.scythe.invariants import NOT_FINISHED

# Runs in both processes: the child as a script, the parent through exec().
SCRIPT = r"""
import hashlib, json
import numpy as np
from meeplegym.envs.scythe import engine, invariants

def _batch(games):
    states = np.concatenate([engine.new_game(n, seed) for n, seed in games])
    choosers = engine.random_words(seed + (1 << 32) for _, seed in games)
    return states, choosers

def digests(games, chunk, chunks):
    states, choosers = _batch(games)
    decisions = np.zeros(len(games), dtype=np.int64)
    out = [hashlib.sha256(states.tobytes()).hexdigest()]
    for _ in range(chunks):
        engine.play_random(states, choosers, chunk, decisions)
        out.append(hashlib.sha256(states.tobytes()).hexdigest() + " " + ",".join(map(str, decisions)))
    return out

def checked(games, max_decisions):
    states, choosers = _batch(games)
    decisions = np.zeros(len(games), dtype=np.int64)
    violations = np.zeros(len(games), dtype=np.int64)
    invariants.play_random_checked(states, choosers, max_decisions, decisions, violations)
    return [hashlib.sha256(states.tobytes()).hexdigest(), decisions.tolist(), violations.tolist()]

def checker_codes(games, decisions, per_field):
    states, choosers = _batch(games)
    engine.play_random(states, choosers, decisions, np.zeros(len(games), dtype=np.int64))
    pick = np.random.default_rng(0)
    codes = []
    for b in range(len(states)):
        for name in states.dtype.names:
            dtype = states.dtype.fields[name][0]
            for _ in range(per_field):
                bad = states[b : b + 1].copy()
                index = np.unravel_index(int(pick.integers(0, max(1, int(np.prod(dtype.shape))))), dtype.shape)
                bad[name][(0,) + tuple(index)] = np.array(int(pick.integers(-3, 60))).astype(dtype.base)
                codes.append(invariants.diagnose(bad[0])[0])
    return codes

def run(games, chunk, chunks, checked_decisions, corrupt_after):
    return {
        "digests": digests(games, chunk, chunks),
        "checked": checked(games, checked_decisions),
        "codes": checker_codes(games, corrupt_after, 2),
    }
"""

GAMES = [(2, 31), (3, 32), (4, 33), (5, 34)]  # (players, seed)
CHUNK = 500
CHUNKS = 8  # up to 4 000 decisions per game: all four end (after 1 452, 1 431, 2 381, 2 623)
CHECKED = 120  # decisions per game with every check (slow in pure Python)
CORRUPT_AFTER = 200
ARGS = (GAMES, CHUNK, CHUNKS, CHECKED, CORRUPT_AFTER)
# `make test` compares the smallest and the largest table, both to their end (about 9 s instead
# of 15, mostly the child's pure Python); `make soak` runs all four player counts too
# (test_nojit_full_agreement).
QUICK_GAMES = [GAMES[0], GAMES[3]]
QUICK_ARGS = (QUICK_GAMES, CHUNK, 7, CHECKED, CORRUPT_AFTER)


def _both(args):
    """(compiled, pure-Python) results of run(*args)."""
    namespace: dict = {}
    exec(SCRIPT, namespace)
    compiled = namespace["run"](*args)
    code = SCRIPT + f"\nprint(json.dumps(run(*{args!r})))\n"
    env = dict(os.environ, NUMBA_DISABLE_JIT="1")
    done = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, f"NUMBA_DISABLE_JIT=1 run failed:\n{done.stderr[-4000:]}"
    return compiled, json.loads(done.stdout.strip().splitlines()[-1])


def _skip_without_jit():
    if os.environ.get("NUMBA_DISABLE_JIT", "0") not in ("", "0"):
        pytest.skip("this process runs without the JIT too: nothing compiled to compare against")


@pytest.fixture(scope="module")
def both(scythe_kernels):
    _skip_without_jit()
    return _both(QUICK_ARGS)


def _assert_engines_agree(both, games):
    compiled, pure = (side["digests"] for side in both)
    assert len(pure) == len(compiled)
    for k, (a, b) in enumerate(zip(compiled, pure)):
        assert a == b, (
            f"compiled and NUMBA_DISABLE_JIT=1 runs part within decisions {(k - 1) * CHUNK}..{k * CHUNK} "
            f"of games {games} (players, seed): {a} vs {b}"
        )
    assert compiled[-1].endswith(" " + ",".join(["0"] * len(games)))  # every game ended a chunk earlier


def _assert_checked_play_agrees(both, games):
    compiled, pure = (side["checked"] for side in both)
    assert pure == compiled
    assert compiled[1] == [CHECKED] * len(games)  # every game still running, no violation
    assert set(compiled[2]) == {NOT_FINISHED}


def _assert_checkers_agree(both):
    compiled, pure = (side["codes"] for side in both)
    assert pure == compiled
    assert len(set(compiled)) > 15  # the corruptions reach many different invariants


def test_nojit_and_compiled_engine_agree(both):
    _assert_engines_agree(both, QUICK_GAMES)


def test_nojit_and_compiled_checked_play_agree(both):
    _assert_checked_play_agrees(both, QUICK_GAMES)


def test_nojit_and_compiled_checker_agree(both):
    _assert_checkers_agree(both)


@pytest.mark.soak
def test_nojit_full_agreement(scythe_kernels):
    """All of the above on every player count (about 15 s of pure Python)."""
    _skip_without_jit()
    results = _both(ARGS)
    _assert_engines_agree(results, GAMES)
    _assert_checked_play_agrees(results, GAMES)
    _assert_checkers_agree(results)
