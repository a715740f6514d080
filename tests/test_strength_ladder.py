"""benchmarks/strength.py: who sits where, and a ladder that resumes from its ledger."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

from tests.benchmark_scripts import BENCHMARKS, load

strength = load("strength")


def test_seats_alternate_or_one_agent_faces_the_table():
    assert [strength.seating(g, 4) for g in range(2)] == [[0, 1, 0, 1], [1, 0, 1, 0]]
    assert [strength.seating(g, 3, lone=True) for g in range(4)] == [[0, 1, 1], [1, 0, 1], [1, 1, 0], [0, 1, 1]]
    # every table is played with agent a in each of its seats
    assert [strength.table_seed(g, 3, 10, lone=True) for g in range(6)] == [10, 10, 10, 11, 11, 11]
    assert [strength.table_seed(g, 2, 10) for g in range(4)] == [10, 10, 11, 11]


def test_a_ladder_resumes_from_its_ledger(tmp_path, monkeypatch):
    ledger = tmp_path / "ladder.jsonl"
    args = ["--game", "scythe", "--games", "2", "--agents", "scythe.builder", "random", "--jobs", "1",
            "--ledger", str(ledger)]
    first = strength.main(args)
    rows = [json.loads(line) for line in ledger.read_text().splitlines()]
    assert [row["job"][3] for row in rows] == [0, 1] and first[0].games == 2

    def no_game(*job):
        raise AssertionError(f"game {job} was in the ledger")

    monkeypatch.setattr(strength, "play_game", no_game)
    again = strength.main(args)
    assert (again[0].wins, again[0].scores_a, again[0].decisions) == (first[0].wins, first[0].scores_a,
                                                                       first[0].decisions)
    ledger.write_text(ledger.read_text().replace(rows[0]["engine"], "0" * 16))
    with pytest.raises(SystemExit, match="other sources"):
        strength.main(args)


def test_a_ladders_digest_covers_its_agents_sources_and_the_files_they_load(tmp_path):
    bots = strength.ladder_digest("scythe", ["scythe.builder", "random"])
    assert strength.ladder_digest("scythe", ["scythe.builder@epsilon=0.3", "random"]) == bots  # same sources
    assert strength.ladder_digest("scythe", ["scythe.mcts", "scythe.builder"]) != bots  # the search's join
    value = tmp_path / "policy.pt"
    value.write_bytes(b"weights")
    searched = strength.ladder_digest("scythe", [f"scythe.mcts@value={value}", "scythe.builder"])
    assert searched != strength.ladder_digest("scythe", ["scythe.mcts", "scythe.builder"])
    value.write_bytes(b"other weights")
    assert strength.ladder_digest("scythe", [f"scythe.mcts@value={value}", "scythe.builder"]) != searched
    assert strength.ladder_digest("scythe", [f"policy:{value}", "random"]) != bots



def test_workers_play_a_policy_the_main_process_has_loaded(tmp_path):
    """Checking the agents loads torch in the main process; forked workers then hung in their
    first game (they come from a fork server now). Run apart, so that a hang fails by its deadline."""
    torch = pytest.importorskip("torch")
    from meeplegym.agents.policy_agent import build_actor, save_policy
    from meeplegym.encoders.scythe import OBS_SIZE as size
    from meeplegym.envs.scythe.actions import N_ACTIONS as actions

    path = save_policy(tmp_path / "p.pt", build_actor(size, [8], actions), game="scythe", num_players=2, hidden=[8],
                       activation="relu", obs_mean=torch.zeros(size), obs_var=torch.ones(size))
    run = subprocess.run([sys.executable, str(BENCHMARKS / "strength.py"), "--game", "scythe", "--games", "2",
                          "--agents", f"policy:{path}", "random", "--jobs", "2"],
                         capture_output=True, text=True, timeout=300, env={**os.environ, "MEEPLEGYM_FIRST_RUN": "wait"})
    assert run.returncode == 0, run.stderr
    assert f"| policy:{path} | random | 2 |" in run.stdout
