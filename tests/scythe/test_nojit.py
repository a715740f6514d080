"""The compiled Scythe engine and the same code run as plain Python (NUMBA_DISABLE_JIT=1) agree.

A child interpreter with NUMBA_DISABLE_JIT=1 plays a few seeded random games with
``engine.play_random`` and prints the sha256 of the whole batch after every chunk of decisions;
this process does the same compiled, and the two lists of digests must match (the first
mismatch says roughly where the two runs part).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

# Runs in both processes: the child as a script, the parent through exec().
SCRIPT = r"""
import hashlib, json
import numpy as np
from meeplegym.envs.scythe import engine

def digests(games, chunk, chunks):
    states = np.concatenate([engine.new_game(n, seed) for n, seed in games])
    choosers = engine.random_words(seed + (1 << 32) for _, seed in games)
    decisions = np.zeros(len(games), dtype=np.int64)
    out = [hashlib.sha256(states.tobytes()).hexdigest()]
    for _ in range(chunks):
        engine.play_random(states, choosers, chunk, decisions)
        out.append(hashlib.sha256(states.tobytes()).hexdigest() + " " + ",".join(map(str, decisions)))
    return out
"""

GAMES = [(2, 31), (3, 32), (4, 33), (5, 34)]  # (players, seed)
CHUNK = 500
CHUNKS = 8  # up to 4 000 decisions per game: all four end


def _compiled_digests():
    namespace: dict = {}
    exec(SCRIPT, namespace)
    return namespace["digests"](GAMES, CHUNK, CHUNKS)


def _pure_python_digests():
    code = SCRIPT + f"\nprint(json.dumps(digests({GAMES!r}, {CHUNK}, {CHUNKS})))\n"
    env = dict(os.environ, NUMBA_DISABLE_JIT="1")
    done = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, f"NUMBA_DISABLE_JIT=1 run failed:\n{done.stderr[-4000:]}"
    return json.loads(done.stdout.strip().splitlines()[-1])


def test_nojit_and_compiled_engine_agree(scythe_kernels):
    if os.environ.get("NUMBA_DISABLE_JIT", "0") not in ("", "0"):
        pytest.skip("this process runs without the JIT too: nothing compiled to compare against")
    compiled = _compiled_digests()
    pure = _pure_python_digests()
    assert len(pure) == len(compiled)
    for k, (a, b) in enumerate(zip(compiled, pure)):
        assert a == b, (
            f"compiled and NUMBA_DISABLE_JIT=1 runs part within decisions {(k - 1) * CHUNK}..{k * CHUNK} "
            f"of games {GAMES} (players, seed): {a} vs {b}"
        )
