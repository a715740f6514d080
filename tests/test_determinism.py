"""The same seed and actions give the same game in any process, for every game.

Child interpreters play the same seeded games as this process and print a digest of every final
state; the digests must match this process's:

- with another ``PYTHONHASHSEED`` (string hashing, set and dict-of-str iteration orders) and
  glibc's ``MALLOC_PERTURB_`` (memory from malloc comes filled with one byte and freed memory is
  overwritten with another, so a kernel that reads memory it never wrote, or memory freed under
  it, plays another game), whole games through the engine kernels, through the AEC env driven by
  a seeded numpy chooser, through the state dict, and between the rule-based bots;
- with ``NUMBA_DISABLE_JIT=1`` (the same code as plain Python), the first decisions of the
  engine games (pure Python is some hundred times slower).

Batch sizes, positions in a batch, threads and the AEC/vector agreement are tests/test_vector.py
and tests/imperium/test_imperium_vector.py; Scythe's checked play and checker under both modes
are tests/scythe/test_scythe_nojit.py.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

# Runs in every process: the children as a script, this one through exec().
SCRIPT = r"""
import hashlib, importlib, json
import numpy as np
from meeplegym.registry import make_env

def engine_digests(game, games, cap):
    engine = importlib.import_module(f"meeplegym.envs.{game}.engine")
    out = []
    for n, seed, options in games:
        states = engine.new_game(n, seed, **options)
        words = engine.random_words([seed + (1 << 32)])
        decisions = np.zeros(1, dtype=np.int64)
        engine.play_random(states, words, cap, decisions)
        out.append(hashlib.sha256(states.tobytes()).hexdigest() + f" {int(decisions[0])}")
    return out

def env_digests(game, games):
    out = []
    for n, seed, options in games:
        env = make_env(game, num_players=n, reward_mode="margin", **options)
        env.reset(seed=seed)
        pick = np.random.default_rng(seed)
        h = hashlib.sha256()
        for agent in env.agent_iter():
            obs, reward, terminated, truncated, info = env.last()
            h.update(obs["observation"].tobytes())
            h.update(repr((agent, reward)).encode())
            if terminated or truncated:
                env.step(None)
                continue
            env.step(int(pick.choice(np.flatnonzero(obs["action_mask"]))))
        d = env.unwrapped.state_to_dict()
        h.update(json.dumps(d, sort_keys=True).encode())
        h.update(env.unwrapped.game.state_from_dict(d).tobytes())
        out.append(h.hexdigest())
    return out

def bot_digests(game, games):
    from meeplegym.agents.soak import play_bots_checked, rotating_styles
    engine = importlib.import_module(f"meeplegym.envs.{game}.engine")
    out = []
    for n, seed in games:
        states = engine.new_game(n, seed)
        played = play_bots_checked(game, states, rotating_styles(game, 1, n), [seed], record=True)
        out.append(hashlib.sha256(json.dumps(played.actions[0]).encode() + states.tobytes()).hexdigest())
    return out

def digests(game, engine_games, env_games, bot_games, cap):
    return {"engine": engine_digests(game, engine_games, cap), "env": env_digests(game, env_games),
            "bots": bot_digests(game, bot_games)}
"""

WHOLE_GAME = 1_000_000  # decisions: no cap
NOJIT_CAP = 300
GAMES = {
    "scythe": {
        "engine": [(2, 61, {}), (3, 62, {"factions": ["rusviet", "random", "polania"]}), (4, 63, {}),
                   (5, 64, {"factions": ["crimea", "saxony", "nordic", "polania", "rusviet"]})],
        "env": [(2, 71, {"factions": ["saxony", "nordic"]}), (3, 72, {})],
        "bots": [(2, 81), (4, 82)],
    },
    "imperium": {
        "engine": [(2, 61, {}), (3, 62, {"nations": ["martians", "random", "polynesians"], "power_sides": ["A", "A", "B"]}),
                   (4, 63, {"trade_routes": True}), (2, 64, {"quick": True, "precious_cards": True})],
        "env": [(2, 71, {"nations": ["guptas", "tang"], "trade_routes": True}), (3, 72, {"quick": True})],
        "bots": [(2, 81)],  # ~1,000 searched decisions
    },
    "oath": {
        "engine": [(2, 61, {}), (4, 62, {"colours": ["red", "blue", "yellow"]}),
                   (6, 63, {"reconstructed_powers": False})],
        "env": [(4, 71, {"setup": "tutorial", "colours": ["red", "blue", "yellow"]}), (5, 72, {})],
        "bots": [(2, 81), (4, 82)],
    },
}


def _run(game, mode):
    """cap, engine games, env games, bot games: whole games under the JIT, the first decisions of
    the engine games without it."""
    if mode == "nojit":
        return NOJIT_CAP, GAMES[game]["engine"], [], []
    return WHOLE_GAME, GAMES[game]["engine"], GAMES[game]["env"], GAMES[game]["bots"]


def _here(game, mode):
    namespace: dict = {}
    exec(SCRIPT, namespace)
    cap, *games = _run(game, mode)
    return namespace["digests"](game, *games, cap)


def _child(game, mode):
    cap, *games = _run(game, mode)
    code = SCRIPT + f"\nprint(json.dumps(digests({game!r}, {', '.join(map(repr, games))}, {cap})))\n"
    env = dict(os.environ)
    env["MALLOC_PERTURB_"] = "165"  # glibc: fresh memory holds 0x5a bytes, freed memory 0xa5
    if mode == "nojit":
        env["NUMBA_DISABLE_JIT"] = "1"
    else:
        env["PYTHONHASHSEED"] = mode
    done = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, timeout=900)
    assert done.returncode == 0, f"{game} child ({mode}) failed:\n{done.stderr[-4000:]}"
    return json.loads(done.stdout.strip().splitlines()[-1])


# One other hash seed is enough to catch an order that depends on it (this process's own is
# random, or 0 where a CI pins it); `make soak` adds 0, hash randomization off.
@pytest.mark.parametrize("mode", ["4242", "nojit", pytest.param("0", marks=pytest.mark.soak)])
@pytest.mark.parametrize("game", sorted(GAMES))
def test_same_games_in_another_process(game, mode):
    here = _here(game, mode)
    there = _child(game, mode)
    assert there["engine"] == here["engine"], f"{game}: engine games differ across processes ({mode})"
    assert there["env"] == here["env"], f"{game}: env games differ across processes ({mode})"
    assert there["bots"] == here["bots"], f"{game}: bot games differ across processes ({mode})"
    # and the games are distinct from each other (a constant digest would pass the above)
    assert len(set(here["engine"])) == len(GAMES[game]["engine"])
    assert len(set(here["env"])) == len(here["env"])
    assert len(set(here["bots"])) == len(here["bots"])
