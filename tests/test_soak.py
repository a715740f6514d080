"""The soak runner (``benchmarks/soak.py``), small: ``make soak`` runs it full size (at least
1,000,000 random decisions per game and player count, every invariant checked after every
decision) and records the counts in benchmarks/RESULTS.md."""

from __future__ import annotations

import pytest

from tests.benchmark_scripts import load


def _soak_module():
    return load("soak", "meeplegym_soak")


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


def test_bot_soak_counts_games_and_reports_failures(monkeypatch):
    """The bot games' part of the runner: games are spread over the player counts and played in
    batches, the same games whether in one process or two; a violation names the game's seed,
    the styles at its seats and its table."""
    soak = _soak_module()
    results = soak.soak_bots("oath", games=5, players=(2, 3), batch=2, progress=False)
    assert [(r.players, r.games, r.violations) for r in results] == [(2, 3, 0), (3, 2, 0)]
    assert all(r.decisions > 20 * r.games for r in results)
    in_two = soak.soak_bots("oath", games=5, players=(2, 3), batch=2, workers=2, progress=False)
    assert [r.decisions for r in in_two] == [r.decisions for r in results]

    checked_play = soak.checked_play
    real = checked_play.play_bots_checked
    invariants = soak.GAMES["oath"].invariants

    def broken(game, states, seat_styles, bot_seeds, max_decisions):
        played = real(game, states, seat_styles, bot_seeds, 3)
        played.violations[:] = 0
        if len(states) == 2:  # not the runner's one-game warm-up
            played.violations[1] = invariants.NOT_FINISHED
        return played

    monkeypatch.setattr(checked_play, "play_bots_checked", broken)
    failed = soak.soak_bots("oath", games=4, players=(4,), batch=2, progress=False)[0]
    assert failed.games == 4 and failed.violations == 2
    first = failed.failures[0]
    assert first.seed == soak.game_seed(0, 4, 1) and first.decisions == 3
    assert "['steward', 'warlord', 'steward', 'warlord']: game still running after max_decisions" in str(first)
    assert first.table == soak.GAMES["oath"].table(first.seed)


def test_bot_soak_ledger_carries_a_stopped_run_on(tmp_path):
    """With a ledger, a second run plays only the games the first did not, and the counts add up
    to those of one uninterrupted run; a ledger of another soak is refused."""
    soak = _soak_module()
    ledger = tmp_path / "soak_bots_oath.json"
    first = soak.soak_bots("oath", games=4, players=(2,), batch=2, progress=False, ledger=ledger)[0]
    assert first.games == 4 and ledger.exists()
    carried = soak.soak_bots("oath", games=6, players=(2,), batch=2, progress=False, ledger=ledger)[0]
    whole = soak.soak_bots("oath", games=6, players=(2,), batch=2, progress=False)[0]
    assert (carried.games, carried.decisions, carried.violations) == (6, whole.decisions, 0)
    assert carried.seconds > first.seconds
    again = soak.soak_bots("oath", games=6, players=(2,), batch=2, progress=False, ledger=ledger)[0]
    assert (again.games, again.decisions) == (6, whole.decisions)  # nothing left to play
    with pytest.raises(ValueError, match="another --bot-ledgers folder"):
        soak.soak_bots("oath", games=6, players=(2,), seed=1, progress=False, ledger=ledger)


def test_a_bot_soak_ledger_of_other_engine_sources_starts_the_count_again(tmp_path, capsys):
    """Games played on other sources test other code: they do not count for these."""
    import json

    soak = _soak_module()
    ledger = tmp_path / "soak_bots_oath.json"
    soak.soak_bots("oath", games=4, players=(2,), batch=2, progress=False, ledger=ledger)
    saved = json.loads(ledger.read_text())
    assert saved["engine"] == soak.engine_digest("oath")
    saved["engine"] = "0" * 16  # as if the engine changed since
    ledger.write_text(json.dumps(saved))
    again = soak.soak_bots("oath", games=2, players=(2,), batch=2, progress=False, ledger=ledger)[0]
    assert again.games == 2  # not the 4 the old ledger held
    assert "other engine sources" in capsys.readouterr().err
    assert json.loads(ledger.read_text())["engine"] == soak.engine_digest("oath")
