"""The full-size soak (``benchmarks/soak.py``): at least 1,000,000 random decisions per player
count, every invariant checked after every decision. Marked ``soak``: excluded from
``make test``, run by ``make soak``."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import pytest

SOAK_PATH = Path(__file__).resolve().parents[2] / "benchmarks" / "soak.py"


def _soak_module():
    """benchmarks/ is no package: load soak.py by path (registered, as dataclasses need)."""
    if "meeplegym_soak" not in sys.modules:
        spec = importlib.util.spec_from_file_location("meeplegym_soak", SOAK_PATH)
        module = importlib.util.module_from_spec(spec)
        sys.modules["meeplegym_soak"] = module
        spec.loader.exec_module(module)
    return sys.modules["meeplegym_soak"]


@pytest.mark.soak
def test_soak_a_million_decisions_per_player_count(scythe_kernels):
    soak = _soak_module()
    results = soak.soak(decisions=1_000_000, players=(2, 3, 4, 5), progress=False)
    print("\n" + soak.markdown(results))
    failures = [str(f) for r in results for f in r.failures]
    assert not failures, f"{len(failures)} violation(s):\n" + "\n".join(failures[:20])
    for r in results:
        assert r.decisions >= 1_000_000 and r.games > 0


def test_soak_runner_reports_and_fails_on_a_violation(scythe_kernels, monkeypatch, capsys):
    """The runner itself, small: a clean run exits 0 with the table; a planted violation (an
    invariant that fails on every state) exits 1 naming the game to replay."""
    soak = _soak_module()
    assert soak.main(["--decisions", "300", "--players", "2", "3", "--no-progress"]) == 0
    table = capsys.readouterr().out
    assert table.splitlines()[0].startswith("| players | games | decisions | violations |")
    assert "| 2 |" in table and "| 3 |" in table

    def broken(states, words, max_decisions, decisions, violations, every=1):
        decisions[:] = 7
        violations[:] = 0
        if len(violations) == 3:  # not the runner's one-game warm-up
            violations[1] = soak.invariants.POWER

    monkeypatch.setattr(soak.invariants, "play_random_checked", broken)
    assert soak.main(["--decisions", "10", "--players", "4", "--batch", "3", "--no-progress"]) == 1
    out = capsys.readouterr().out
    assert "1 violation(s)" in out and f"4p seed {soak.game_seed(0, 4, 1)} after 7 decisions" in out
    assert "power outside 0..16" in out
