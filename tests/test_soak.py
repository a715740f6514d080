"""The soak runner (``benchmarks/soak.py``), small: ``make soak`` runs it full size (at least
1,000,000 random decisions per game and player count, every invariant checked after every
decision) and records the counts in benchmarks/RESULTS.md."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import pytest

SOAK_PATH = Path(__file__).resolve().parents[1] / "benchmarks" / "soak.py"


def _soak_module():
    """benchmarks/ is no package: load soak.py by path (registered, as dataclasses need)."""
    if "meeplegym_soak" not in sys.modules:
        spec = importlib.util.spec_from_file_location("meeplegym_soak", SOAK_PATH)
        module = importlib.util.module_from_spec(spec)
        sys.modules["meeplegym_soak"] = module
        spec.loader.exec_module(module)
    return sys.modules["meeplegym_soak"]


def test_soak_runner_reports_and_fails_on_a_violation(monkeypatch, capsys):
    """The runner itself, small: a clean run exits 0 with a table per game; a planted violation
    (an invariant that fails on every state) exits 1 naming the game to replay."""
    soak = _soak_module()
    assert soak.main(["--decisions", "300", "--players", "2", "5", "--no-progress"]) == 0
    out = capsys.readouterr().out
    imperium, rest = out.split("### oath")
    oath, scythe = rest.split("### scythe")
    for table in (imperium, oath, scythe):
        assert table.splitlines()[2].startswith("| players | games | decisions | violations |")
    assert "| 2 |" in scythe and "| 5 |" in scythe and "| 2 |" in oath and "| 5 |" in oath
    assert "| 2 |" in imperium and "| 5 |" not in imperium  # Imperium seats 2-4

    scythe_invariants = soak.GAMES["scythe"].invariants

    def broken(states, words, max_decisions, decisions, violations, every=1):
        decisions[:] = 7
        violations[:] = 0
        if len(violations) == 3:  # not the runner's one-game warm-up
            violations[1] = scythe_invariants.POWER

    monkeypatch.setattr(scythe_invariants, "play_random_checked", broken)
    assert soak.main(["--game", "scythe", "--decisions", "10", "--players", "4", "--batch", "3", "--no-progress"]) == 1
    out = capsys.readouterr().out
    assert "1 violation(s)" in out and f"scythe 4p seed {soak.game_seed(0, 4, 1)} after 7 decisions" in out
    assert "power outside 0..16" in out
    with pytest.raises(ValueError, match="2-4 players"):
        soak.soak("imperium", decisions=10, players=(5,))


def test_bot_soak_counts_games_and_reports_a_broken_invariant(monkeypatch):
    """The bot games' part of the runner, with play_match stood in for: decisions are counted
    per player count; an InvalidStateError from the env's debug mode and a game truncated at
    the turn cap (stalled bots) become failures naming the game's seed and its table."""
    soak = _soak_module()
    import meeplegym.agents as agents
    from meeplegym.errors import InvalidStateError

    played = []

    def fake_match(game, seats, seed, max_turns=None, debug=False, **table):
        played.append((len(seats), seed, debug, table))
        if max_turns != 1 and len(played) == 4:
            raise InvalidStateError("invariant broken after action 3 (end turn): market: ...")
        return type("Match", (), {"decisions": 100, "truncated": len(played) == 6})()

    monkeypatch.setattr(agents, "play_match", fake_match)
    results = soak.soak_bots("imperium", games=5, progress=False)
    assert [(r.players, r.games, r.decisions, r.violations) for r in results] == [(2, 2, 200, 1), (3, 2, 100, 1),
                                                                                  (4, 1, 100, 0)]
    assert all(debug for _, _, debug, _ in played[2:])  # after the two styles' warm-ups
    failure = results[1].failures[0]
    assert failure.seed == soak.game_seed(0, 3, 0) and "market" in str(failure)
    assert failure.table == soak.GAMES["imperium"].table(failure.seed)
    stalled = results[0].failures[0]  # the fourth game, the second with 2 players, did not end
    assert stalled.seed == soak.game_seed(0, 2, 1) and f"no end within {soak.BOT_TURN_CAP} turns" in str(stalled)
