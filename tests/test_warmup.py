"""A first call that compiles says so, and `meeplegym warmup` compiles ahead of time (issue 45).

Compiling for real takes minutes, so these tests make the cache look cold (`is_warm` False) and
check what the user is told; the warm-up itself runs on the suite's cache, where it loads.
"""

from __future__ import annotations

import pytest
from typer.testing import CliRunner

from meeplegym import warmup
from meeplegym.cli import app

runner = CliRunner()


@pytest.fixture
def cold(monkeypatch):
    """The cache lacks everything; what would compile is recorded instead of compiled."""
    compiled = []
    monkeypatch.setattr(warmup, "is_warm", lambda game, part: False)
    monkeypatch.setattr(warmup._numba_cache, "is_cached", lambda kernel: False)
    monkeypatch.setattr(warmup, "_announced", set())
    monkeypatch.setenv("NUMBA_DISABLE_JIT", "0")
    real_warm = warmup.warm

    def record(game, parts=warmup.PARTS, on_done=None):
        compiled.append((game, tuple(parts)))
        real_warm(game, parts, on_done)  # loads from the suite's cache: quick

    monkeypatch.setattr(warmup, "warm", record)
    return compiled


def test_an_env_on_a_cold_cache_says_what_it_compiles_once(cold, capsys):
    from meeplegym.envs import oath_v0

    oath_v0.env(num_players=2)
    oath_v0.env(num_players=3)
    err = capsys.readouterr().err
    assert err.count("compiling the Oath kernels (engine and AEC env)") == 1
    assert "meeplegym warmup oath" in err and "about" in err


def test_a_warm_cache_says_nothing(monkeypatch, capsys):
    from meeplegym.envs import scythe_v0

    warmup.warm("scythe", ["engine"])  # compiled by the suite's warm-up already: loads
    monkeypatch.setattr(warmup, "_announced", set())
    assert warmup.is_warm("scythe", "engine")
    scythe_v0.env(num_players=2)
    assert "compiling" not in capsys.readouterr().err


def test_the_vector_api_and_the_bots_announce_their_own_kernels(cold, capsys):
    import meeplegym
    from meeplegym.agents import make_agent

    meeplegym.make_vector("imperium", 2, num_players=2)
    make_agent("imperium.expander", game="imperium")
    err = capsys.readouterr().err
    assert "compiling the Imperium kernels (vector API)" in err
    assert "compiling the Imperium kernels (bundled bots)" in err


def test_a_tournament_compiles_before_its_progress_bar_and_says_so(cold, tmp_path):
    result = runner.invoke(app, ["tournament", "scythe", "--agents", "random,scythe.builder", "--games", "2",
                                 "--db", str(tmp_path / "t.sqlite")])
    assert result.exit_code == 0, result.output
    assert cold == [("scythe", ("engine", "bots"))]


def test_the_warmup_command_compiles_each_game_in_its_own_process(monkeypatch):
    ran = []
    monkeypatch.setattr(warmup, "warm_in_processes", lambda games, parts, console: ran.append((games, parts)))
    result = runner.invoke(app, ["warmup", "oath", "scythe", "--parts", "engine,bots"])
    assert result.exit_code == 0, result.output
    assert ran == [(["oath", "scythe"], ["engine", "bots"])]
    bad = runner.invoke(app, ["warmup", "--parts", "engine,everything"])
    assert bad.exit_code != 0 and "unknown part(s) everything" in bad.output
    assert runner.invoke(app, ["warmup", "chess"]).exit_code != 0


def test_warming_a_warm_game_in_processes_says_it_is_compiled(capsys):
    from rich.console import Console

    console = Console(force_terminal=False)
    warmup.warm_in_processes(["scythe"], ["engine"], console)
    assert "scythe: already compiled from these sources" in capsys.readouterr().out


_ONE_GAME = r"""
import sys, numpy as np
import meeplegym
from numba.core.registry import CPUDispatcher
env = meeplegym.make_env("scythe", num_players=2)
env.reset(seed=0)
env.step(int(np.flatnonzero(env.observe(env.agent_selection)["action_mask"])[0]))
used = sorted({m for m, module in list(sys.modules.items()) if m.startswith("meeplegym.")
               for v in vars(module).values() if isinstance(v, CPUDispatcher) and v.overloads})
print(" ".join(used))
"""


def test_playing_one_game_loads_no_kernel_of_another():
    """A Scythe user's process compiles (or loads) Scythe's kernels and the shared ones only."""
    import subprocess
    import sys

    out = subprocess.run([sys.executable, "-c", _ONE_GAME], capture_output=True, text=True, check=True)
    used = out.stdout.split()
    assert any(m.startswith("meeplegym.envs.scythe.") for m in used)
    assert not [m for m in used if "imperium" in m or "oath" in m]
