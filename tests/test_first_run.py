"""On a cold cache the env answers at once (issue 45): its kernels run as plain Python while another
process compiles them, and the env switches to the compiled kernels when that process is done
(`meeplegym.warmup.first_run`, `meeplegym.jit.interpreted_games`).

The Python run must be the same game as the compiled one: a child process plays seeded random
games through the AEC env and the vector API with the game's kernels as Python, another child
plays them compiled (from the suite's cache), and every observation, mask and reward agrees.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import tempfile

import pytest

from meeplegym import jit, warmup

# Runs in a child: argv = game, games, decisions per game, "python" or "compiled".
_PLAY = r"""
import hashlib, json, sys
import numpy as np
from meeplegym import jit

game, games, decisions, how = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), sys.argv[4]
if how == "python":
    jit.interpreted_games.add(game)
import meeplegym
from numba.core.registry import CPUDispatcher

digest = hashlib.sha256()
played = 0
for g in range(games):
    env = meeplegym.make_env(game, num_players=2 + g % 2)
    env.reset(seed=100 + g)
    pick = np.random.default_rng(g)
    for _ in range(decisions):
        if not env.agents:
            break
        obs, reward, terminated, truncated, _ = env.last()
        digest.update(obs["observation"].tobytes() + obs["action_mask"].tobytes() + np.float64(reward).tobytes())
        env.step(None if terminated or truncated else int(pick.choice(np.flatnonzero(obs["action_mask"]))))
        played += 1
for batch, steps in ((3, 40), (64, 3)):  # from 64 games, the threaded step kernel
    venv = meeplegym.make_vector(game, batch, num_players=2, seed=7)
    step = venv.reset(seed=7)
    for _ in range(steps):
        step = venv.step(np.array([int(np.flatnonzero(m)[-1]) for m in step.action_mask]))
        digest.update(step.observation.tobytes() + step.action_mask.tobytes() + step.rewards.tobytes() + step.final_scores.tobytes())
compiled = sorted(name for name, module in list(sys.modules.items()) if game in name
                  for v in vars(module).values() if isinstance(v, CPUDispatcher) and v.overloads)
print(json.dumps({"digest": digest.hexdigest(), "decisions": played, "compiled": compiled}))
"""

# (games, decisions per game): a few seconds of Python each
_PLAYS = {"scythe": (2, 300), "imperium": (1, 400), "oath": (2, 200)}


def _play(game: str, how: str) -> dict:
    games, decisions = _PLAYS[game]
    out = subprocess.run([sys.executable, "-c", _PLAY, game, str(games), str(decisions), how],
                         capture_output=True, text=True, timeout=600)
    assert out.returncode == 0, out.stderr[-3000:]
    return json.loads(out.stdout.splitlines()[-1])


@pytest.mark.parametrize("game", sorted(_PLAYS))
def test_the_kernels_run_as_python_play_the_compiled_game(game):
    python, compiled = _play(game, "python"), _play(game, "compiled")
    assert python["compiled"] == []  # not one kernel of the game was compiled or loaded
    assert compiled["compiled"]
    assert python["decisions"] == compiled["decisions"] >= 200
    assert python["digest"] == compiled["digest"]


_COLD = r"""
import json, os, signal
import numpy as np
import meeplegym
from meeplegym import jit, warmup
from numba.core.registry import CPUDispatcher

env = meeplegym.make_env("scythe", num_players=2)
env.reset(seed=0)
for _ in range(5):
    env.step(int(np.flatnonzero(env.observe(env.agent_selection)["action_mask"])[0]))
(process, _, _), = warmup._background["scythe"]
running = process.poll() is None
os.killpg(process.pid, signal.SIGKILL)
compiled = [v for m in list(__import__("sys").modules.values()) for v in vars(m).values()
            if isinstance(v, CPUDispatcher) and v.overloads]
print(json.dumps({"interpreted": sorted(jit.interpreted_games), "running": running, "compiled": len(compiled)}))
"""


def test_a_cold_cache_steps_at_once_while_another_process_compiles():
    with tempfile.TemporaryDirectory() as cache:
        out = subprocess.run([sys.executable, "-c", _COLD], capture_output=True, text=True, timeout=300,
                             env={**os.environ, "NUMBA_CACHE_DIR": cache, warmup.FIRST_RUN: "background"})
    assert out.returncode == 0, out.stderr[-3000:]
    seen = json.loads(out.stdout.splitlines()[-1])
    assert seen == {"interpreted": ["scythe"], "running": True, "compiled": 0}
    assert "Another process compiles them now" in out.stderr
    assert "meeplegym warmup scythe" in out.stderr and "MEEPLEGYM_FIRST_RUN=wait" in out.stderr


def _kill_compilers_of(cache: str) -> int:
    """Kill the background compilers whose numba cache is `cache` (they outlive the command that
    started them, by design); how many there were."""
    killed = 0
    for proc in os.listdir("/proc"):
        try:
            with open(f"/proc/{proc}/environ", "rb") as f:
                if f"NUMBA_CACHE_DIR={cache}".encode() in f.read().split(b"\0"):
                    os.kill(int(proc), signal.SIGKILL)
                    killed += 1
        except (OSError, ValueError):
            continue
    return killed


@pytest.mark.skipif(not os.path.isdir("/proc"), reason="finds the background compiler through /proc")
def test_terminal_play_against_random_starts_at_once_on_a_cold_cache():
    """`meeplegym play` compiles before it starts only when bots play; against `random` the board
    and the menu come at once while another process compiles."""
    with tempfile.TemporaryDirectory() as cache:
        try:
            out = subprocess.run([sys.executable, "-m", "meeplegym.cli", "play", "oath", "--players", "2", "--seed", "1"],
                                 input="q\n", capture_output=True, text=True, timeout=300,
                                 env={**os.environ, "NUMBA_CACHE_DIR": cache, warmup.FIRST_RUN: "background",
                                      "COLUMNS": "100"})
        finally:
            compilers = _kill_compilers_of(cache)
    assert out.returncode == 0, out.stderr[-3000:]
    assert "Another process compiles them now" in out.stderr and "compiling the Oath kernels" not in out.stdout
    assert "choose" in out.stdout and compilers >= 1


@pytest.fixture
def first_run(monkeypatch):
    """A cold-looking cache in this process; the tier's bookkeeping put back afterwards."""
    monkeypatch.setattr(warmup, "is_warm", lambda game, part: False)
    monkeypatch.setattr(warmup, "_announced", set())
    monkeypatch.setattr(warmup, "_background", {})
    monkeypatch.setattr(jit, "interpreted_games", set())
    monkeypatch.setenv(warmup.FIRST_RUN, "background")
    monkeypatch.setenv("NUMBA_DISABLE_JIT", "0")


def test_the_env_switches_to_compiled_kernels_when_the_other_process_is_done(first_run, capsys):
    from meeplegym.envs import oath_v0

    env = oath_v0.env(num_players=2)
    oath_v0.env(num_players=3)  # one compile per game and process
    assert jit.interpreted_games == {"oath"} and len(warmup._background["oath"]) == 1
    warmup.wait_for_compile()  # the other process loads the suite's compiled kernels: quick
    assert jit.interpreted_games == set() and warmup._background == {}
    env.reset(seed=0)
    env.step(int(env.observe(env.agent_selection)["action_mask"].nonzero()[0][0]))
    err = capsys.readouterr().err
    assert err.count("Another process compiles them now") == 1
    assert "the Oath kernels are compiled" in err


def test_a_failed_compile_says_so_and_compiles_here(first_run, capsys):
    errors = tempfile.TemporaryFile("w+")
    failing = subprocess.Popen([sys.executable, "-c", "import sys; print('no compiler', file=sys.stderr); sys.exit(3)"],
                               stderr=errors)
    warmup._background["imperium"] = [(failing, errors, 0.0)]
    jit.interpreted_games.add("imperium")
    failing.wait()
    warmup.poll(every=0.0)
    err = capsys.readouterr().err
    assert "failed (exit 3)" in err and "no compiler" in err
    assert jit.interpreted_games == set()


def test_wait_compiles_in_this_process_and_says_so(first_run, monkeypatch, capsys):
    from meeplegym.envs import imperium_v0

    monkeypatch.setenv(warmup.FIRST_RUN, "wait")
    imperium_v0.env(num_players=2)
    assert "compiling the Imperium kernels (engine and AEC env)" in capsys.readouterr().err
    assert jit.interpreted_games == set() and warmup._background == {}
    monkeypatch.setattr(warmup, "_announced", set())
    monkeypatch.setenv(warmup.FIRST_RUN, "later")
    with pytest.raises(ValueError, match="MEEPLEGYM_FIRST_RUN must be one of background, wait"):
        imperium_v0.env(num_players=2)


def test_a_bot_kernel_never_runs_as_python():
    """A search bot's playouts in Python would take minutes a decision: the bots always compile."""
    from meeplegym.agents import scythe_bots
    from meeplegym.envs.scythe import engine

    assert scythe_bots.policy_at._compile_for_args.__name__ != "compiled_or_python"
    assert engine.apply_at._compile_for_args.__name__ == "compiled_or_python"

