"""Random playouts of the Imperium engine: every game ends (by scoring or collapse, I10) and
the state stays consistent after every decision (envs/imperium/invariants.py).

Tables are dealt from the playable nations (`engine.READY_NATIONS`) with every card implemented,
with and without Trade Routes (I13). The soak run plays 100 games of 2-4 players for each
playable nation, half of them with Trade Routes (all of them for the nations that need it),
and 200 solo games against the automa at each difficulty (I14)."""

from __future__ import annotations

import numpy as np
import pytest

from meeplegym.envs.imperium import catalogue as K
from meeplegym.envs.imperium import data as D
from meeplegym.envs.imperium import engine, invariants
from meeplegym.envs.imperium.rules.scoring import automa_won, ranks
from meeplegym.envs.imperium.state import PH_GAME_OVER

MAX_DECISIONS = 20_000


def playout(seed: int, n_players: int, nations=None, trade_routes: bool = False, **variants):
    """A random game to its end, every invariant checked after every decision (compiled)."""
    states = engine.new_game(n_players, seed, nations=nations, trade_routes=trade_routes, **variants)
    decisions = np.zeros(1, dtype=np.int64)
    violations = np.zeros(1, dtype=np.int64)
    invariants.play_random_checked(states, engine.random_words([seed]), MAX_DECISIONS, decisions, violations)
    assert violations[0] == invariants.OK, (f"seed {seed}, after {decisions[0]} decisions "
                                            f"({engine.decision_name(states[0])}): {invariants.explain(states[0])}"
                                            f" / {invariants.describe(violations[0])}")
    return states[0], int(decisions[0])


def _finished(s):
    assert s["phase"] == PH_GAME_OVER
    assert s["collapsed"] or s["game_end_triggered"]  # I10.1 / I10.5
    out = np.zeros(s["n_players"], dtype=np.int64)
    ranks(s, s["collapsed"], out)
    if s["automa"] >= 0:  # the player's place: first only when beating the automa (I14.8-I14.9)
        assert out[0] == (1 if automa_won(s) else 0)
    else:
        assert out.min() == 0


@pytest.mark.rule("I10.1", "I10.2", "I10.5")
@pytest.mark.parametrize("seed", range(12))
def test_random_games_end_consistently(seed):
    nations = [["japanese", "magyars"], ["mayans", None, None], None][seed % 3]
    s, _ = playout(seed, 2 + seed % 3, nations)
    _finished(s)


@pytest.mark.rule("I13", "I10.1")
@pytest.mark.parametrize("seed", range(6))
def test_random_trade_routes_games_end_consistently(seed):
    s, _ = playout(100 + seed, 2 + seed % 3, trade_routes=True)
    _finished(s)


@pytest.mark.rule("I15.2", "I15.3", "I15.4", "I15.5", "I10.1")
@pytest.mark.parametrize("seed", range(3))
def test_random_games_with_the_variants_end_consistently(seed):
    s, _ = playout(300 + seed, 2 + seed, trade_routes=seed == 1, low_aggression=True,
                   quick_setup=True, precious_cards=True, quick=True)
    _finished(s)


@pytest.mark.rule("I15.1", "I10.1", "I10.5")
@pytest.mark.parametrize("seed", range(3))
def test_random_training_games_end_by_the_timer_a_trigger_or_collapse(seed):
    s, _ = playout(400 + seed, 1, trade_routes=seed == 1, training=True)
    assert s["phase"] == PH_GAME_OVER
    assert s["collapsed"] or s["game_end_triggered"] or s["round"] == 13  # 12 turns played


@pytest.mark.rule("I14.2", "I14.8")
@pytest.mark.parametrize("difficulty", list(D.DIFFICULTIES))
def test_random_games_against_the_automa_end_consistently(difficulty):
    for seed in range(4):
        s, _ = playout(500 + seed, 1, trade_routes=seed % 2 == 1, difficulty=difficulty)
        _finished(s)
        assert s["automa"] == 1


def _nation_table(code: int, seed: int):
    """Seat 0 plays the nation `code`, the other seats are dealt at random: (nations, players,
    trade routes)."""
    n_players = 2 + seed % 3
    trade_routes = bool(K.NEEDS_TRADE_ROUTES[code]) or seed % 2 == 1
    return [_name(code)] + [None] * (n_players - 1), n_players, trade_routes


def _name(code: int) -> str:
    return D.NATION_BY_CODE[D.NationCode(code)].name.lower()


@pytest.mark.rule("I16", "I10.1")
@pytest.mark.parametrize("code", engine.READY_NATIONS, ids=_name)
def test_each_playable_nation_finishes_random_games(code):
    for seed in range(2):
        nations, n_players, trade_routes = _nation_table(code, 200 + seed)
        s, _ = playout(200 + seed + 10 * code, n_players, nations, trade_routes=trade_routes)
        _finished(s)


@pytest.mark.soak
def test_a_hundred_random_games_per_nation():
    for code in engine.READY_NATIONS:
        for seed in range(100):
            nations, n_players, trade_routes = _nation_table(code, seed)
            s, _ = playout(1000 + 100 * code + seed, n_players, nations, trade_routes=trade_routes)
            _finished(s)


@pytest.mark.soak
def test_two_hundred_solo_games_per_difficulty():
    for k, difficulty in enumerate(D.DIFFICULTIES):
        for seed in range(200):
            s, _ = playout(20_000 + 1000 * k + seed, 1, trade_routes=seed % 2 == 1, difficulty=difficulty,
                           supreme_leader=difficulty == "overlord" and seed % 4 == 0)
            _finished(s)
