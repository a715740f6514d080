"""Oath's vector API (meeplegym.make_vector("oath", ...), issue 8): batched steps equal the AEC env
game by game for 2, 4 and 6 players, through truncations (max_turns, max_decisions) and complete
games; an illegal action changes nothing; options fail at construction."""

from __future__ import annotations

import numpy as np
import pytest

import meeplegym
from meeplegym import IllegalActionError, InvalidOptionError
from meeplegym.agents import RandomAgent
from meeplegym.envs import oath_v0
from meeplegym.envs.oath import engine
from meeplegym.envs.oath.chronicle import ChronicleState
from meeplegym.envs.oath.env import DEFAULT_MAX_DECISIONS
from meeplegym.vector import PARALLEL_FROM
from tests.test_vector import lockstep


def test_a_slot_starts_as_new_game_starts():
    venv = meeplegym.make_vector("oath", 3, num_players=4, seed=30, colours=["red", "blue", "white"])
    for b in range(3):
        assert venv.states[b].tobytes() == engine.new_game(4, 30 + b, colours=["red", "blue", "white"])[0].tobytes()


@pytest.mark.parametrize("players", [2, 4, 6])
def test_batch_equals_aec_games_with_max_turns_resets(players):
    venv, ended = lockstep("oath", players, batch=3, seed=100 * players, steps=500, max_turns=players)
    assert ended >= 3 and venv.episodes.min() >= 1  # every slot restarted at least once


def test_batch_equals_aec_games_with_max_decisions_resets():
    venv, ended = lockstep("oath", 4, batch=3, seed=11, steps=200, max_decisions=45)
    assert ended == 12 and venv.episodes.tolist() == [4, 4, 4]  # truncated every 45 decisions, in step


@pytest.mark.parametrize("reward_mode, players", [("rank", 2), ("score", 4), ("margin", 6)])
def test_batch_equals_aec_through_complete_games(reward_mode, players):
    venv, ended = lockstep("oath", players, batch=2, seed=7, steps=2500, reward_mode=reward_mode)
    assert ended >= 2 and not venv._truncated.any()


def test_options_reach_the_games():
    venv, _ = lockstep("oath", 4, batch=2, seed=3, steps=150, setup="tutorial", colours=["red", "brown", "blue"],
                       reconstructed_powers=False)
    assert (venv.states["reconstructed"] == 0).all()


def test_illegal_action_names_the_game_and_changes_nothing():
    venv = meeplegym.make_vector("oath", 5, num_players=3, seed=3)
    result = venv.reset(3)
    agent = RandomAgent(1)
    for _ in range(40):
        result = venv.step(agent.act_batch(result.observation, result.action_mask))
    states, masks, obs = venv.states.copy(), result.action_mask.copy(), result.observation.copy()
    decisions = venv.game.decisions.copy()
    actions = agent.act_batch(result.observation, result.action_mask)
    actions[3] = int(np.flatnonzero(masks[3] == 0)[0])
    with pytest.raises(IllegalActionError, match="in game 3 of the batch"):
        venv.step(actions)
    for bad in (-1, venv.num_actions):
        wrong = actions.copy()
        wrong[0] = bad
        with pytest.raises(IllegalActionError, match="in game 0 of the batch"):
            venv.step(wrong)
    for malformed in (actions[:2], actions.astype(np.float64)):
        with pytest.raises(IllegalActionError):
            venv.step(malformed)
    assert venv.states.tobytes() == states.tobytes()
    np.testing.assert_array_equal(venv.game.decisions, decisions)
    np.testing.assert_array_equal(venv.action_masks(), masks)
    np.testing.assert_array_equal(result.observation, obs)


@pytest.mark.parametrize(
    "kwargs, message",
    [
        (dict(num_players=7), "num_players"),
        (dict(num_players=1), "num_players"),
        (dict(colours=["red", "red", "blue"]), "each board once"),
        (dict(colours=["green", "red", "blue"]), "not one of"),
        (dict(colours=["red"]), "one board for each"),
        (dict(setup="campaign"), "setup must be"),
        (dict(reconstructed_powers="yes"), "reconstructed_powers"),
        (dict(max_decisions=0), "max_decisions"),
        (dict(max_decisions=True), "max_decisions"),
        (dict(max_turns=0), "max_turns"),
        (dict(reward_mode="elo"), "reward_mode"),
        (dict(factions=["nordic"]), "unknown Oath options"),
        (dict(debug=True), "unknown Oath options"),
    ],
)
def test_bad_options_fail_at_construction(kwargs, message):
    with pytest.raises(InvalidOptionError, match=message):
        meeplegym.make_vector("oath", 2, **{"num_players": 4, **kwargs})


def test_max_decisions_defaults_to_the_env_and_none_lifts_it():
    assert meeplegym.make_vector("oath", 1).game.max_decisions == DEFAULT_MAX_DECISIONS
    assert meeplegym.make_vector("oath", 1, max_decisions=None).game.max_decisions == 0
    chronicle = ChronicleState.first_game().to_json()
    assert meeplegym.make_vector("oath", 1, setup=chronicle).states[0].tobytes() == engine.new_game(2, 0)[0].tobytes()


def test_threaded_batches_equal_single_games():
    """A batch on the thread pool (PARALLEL_FROM or more) plays each game as a batch of one does,
    decision counters and max_decisions truncations included."""
    big = meeplegym.make_vector("oath", PARALLEL_FROM + 3, num_players=4, seed=50, max_decisions=60)
    slots = (0, PARALLEL_FROM // 2, PARALLEL_FROM + 2)
    singles = {b: meeplegym.make_vector("oath", 1, num_players=4, seed=50 + b, max_decisions=60) for b in slots}
    agent = RandomAgent(9)
    result = big.reset(50)
    for k in range(100):
        actions = agent.act_batch(None, result.action_mask)
        for b, single in singles.items():
            np.testing.assert_array_equal(single.action_masks()[0], result.action_mask[b])
            assert single.step(actions[b : b + 1]).truncated[0] == (k == 59)
        result = big.step(actions)
        if k == 59:  # every game truncated; slot b goes on with seed 50 + b + batch, a batch of one would not
            assert result.truncated.all()
            singles = {b: meeplegym.make_vector("oath", 1, num_players=4, seed=int(big.game_seeds[b]),
                                                max_decisions=60) for b in slots}
    assert big.episodes.min() == 1
    for b, single in singles.items():
        assert single.states[0].tobytes() == big.states[b].tobytes()
        assert single.game.decisions[0] == big.game.decisions[b] == 40


def test_restart_starts_the_next_game_and_its_count():
    venv = meeplegym.make_vector("oath", 3, num_players=2, seed=40)
    agent = RandomAgent(3)
    result = venv.reset(40)
    for _ in range(10):
        result = venv.step(agent.act_batch(None, result.action_mask))
    untouched = venv.states[0].copy()
    result = venv.restart([2])
    assert result.truncated.tolist() == [False, False, True] and venv.game_seeds[2] == 40 + 2 + 3
    assert venv.game.decisions.tolist() == [10, 10, 0]
    fresh = oath_v0.env(num_players=2)
    fresh.reset(seed=45)
    np.testing.assert_array_equal(result.observation[2], fresh.observe(fresh.agent_selection)["observation"])
    assert venv.states[0].tobytes() == untouched.tobytes()
